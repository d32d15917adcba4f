"""The ``jarnac-solver`` command line.

Every command takes ``--lexicon NAME|PATH`` (a bundled name, a compiled
``.jlex`` file or a plain word list) and ``--json``. Bad input prints one line
on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any, NoReturn

from . import __version__
from .bag import BAGS, Bag
from .errors import IllegalActionError, JarnacError
from .game import Game
from .jarnac import OBJECTIVES, best_jarnac
from .ladder import plan_ladder
from .lexicon import DEFAULT_LEXICON, Lexicon
from .movegen import legal_moves
from .planner import hints, unseen_tiles
from .players import PLAYERS, make_player, play_match
from .record import GameRecord
from .rules import PRESETS, Rules
from .tray import Tray

__all__ = ["main"]

PROG = "jarnac-solver"


class UsageError(Exception):
    """A command line that argparse refused."""


class _Parser(argparse.ArgumentParser):
    """An argparse parser that reports a bad command line in one line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (try --help)")


def _by_length(lex: Lexicon, words: list[str]) -> list[tuple[int, list[str]]]:
    groups: dict[int, list[str]] = {}
    for word in words:
        groups.setdefault(lex.tile_length(word), []).append(word)
    return sorted(groups.items(), reverse=True)


def _print_words(lex: Lexicon, title: str, words: list[str], as_json: bool, query: dict[str, Any]) -> None:
    if as_json:
        print(json.dumps({**query, "lexicon": lex.name, "count": len(words), "words": words}))
        return
    print(f"{title} on {lex.name}: {len(words)} word{'s' if len(words) != 1 else ''}")
    for length, group in _by_length(lex, words):
        print(f"{length} letters ({length * length} pts): {' '.join(group)}")


def _cmd_words(args: argparse.Namespace) -> None:
    lex = Lexicon.resolve(args.lexicon)
    words = lex.subanagrams(args.rack, min_len=args.min_len, max_len=args.max_len)
    query = {"rack": args.rack, "min_len": args.min_len, "max_len": args.max_len}
    _print_words(lex, f"words from {lex.alphabet.fold(args.rack)}", words, args.json, query)


def _cmd_anagram(args: argparse.Namespace) -> None:
    lex = Lexicon.resolve(args.lexicon)
    words = lex.anagrams(args.letters)
    _print_words(lex, f"anagrams of {lex.alphabet.fold(args.letters)}", words, args.json, {"letters": args.letters})


def _cmd_extend(args: argparse.Namespace) -> None:
    lex = Lexicon.resolve(args.lexicon)
    words = lex.extensions(args.word, args.rack, max_len=args.max_len)
    title = f"extensions of {lex.alphabet.fold(args.word)} with {lex.alphabet.fold(args.rack)}"
    query = {"word": args.word, "rack": args.rack, "max_len": args.max_len}
    _print_words(lex, title, words, args.json, query)


def _cmd_lexicon_build(args: argparse.Namespace) -> None:
    start = time.perf_counter()
    meta = {"name": args.name} if args.name else None
    lex = Lexicon.from_file(args.input, metadata=meta)
    lex.save(args.output)
    seconds = time.perf_counter() - start
    skipped = lex.metadata.get("skipped", {})
    if args.json:
        print(json.dumps({"output": args.output, "words": len(lex), "skipped": skipped, "seconds": seconds}))
        return
    print(f"{args.output}: {len(lex)} words in {seconds:.2f} s")
    for reason, count in skipped.items():
        print(f"skipped {count} entries: {reason}")


def _cmd_lexicon_info(args: argparse.Namespace) -> None:
    lex = Lexicon.resolve(args.lexicon_spec)
    meta = lex.metadata
    info = {
        "name": lex.name,
        "words": len(lex),
        "alphabet": {"name": lex.alphabet.name, "tiles": list(lex.alphabet.tiles)},
        "by_length": lex.length_counts(),
        "letters": lex.letter_counts(),
        "source": meta.get("source", ""),
        "licence": meta.get("licence", ""),
        "description": meta.get("description", ""),
        "skipped": meta.get("skipped", {}),
        "bag": str(Bag.load(meta["bag"])) if isinstance(meta.get("bag"), str) else None,
    }
    if args.json:
        print(json.dumps(info))
        return
    print(f"{lex.name}: {len(lex)} words, alphabet {lex.alphabet.name} ({lex.alphabet.describe()})")
    for key in ("description", "source", "licence"):
        if info[key]:
            print(f"{key}: {info[key]}")
    print("by length: " + ", ".join(f"{n}: {c}" for n, c in lex.length_counts().items()))
    print("letters: " + " ".join(f"{t}:{c}" for t, c in lex.letter_counts().items()))
    print(f"bag: {meta['bag']} ({info['bag']})" if info["bag"] else "bag: none known (give one to play)")
    for reason, count in dict(meta.get("skipped", {})).items():
        print(f"skipped at build: {count} entries {reason}")


def _cmd_lexicon_list(args: argparse.Namespace) -> None:
    names = Lexicon.available()
    if args.json:
        print(json.dumps(names))
        return
    for name in names:
        lex = Lexicon.load(name)
        default = " (default)" if name == DEFAULT_LEXICON else ""
        print(f"{name:<9} {len(lex):>7} words  {lex.metadata.get('description', '')}{default}")


def _tray(args: argparse.Namespace) -> tuple[Lexicon, Tray, Rules]:
    lex = Lexicon.resolve(args.lexicon)
    rules = Rules.preset(args.rules)
    return lex, Tray.parse(args.tray, lex.alphabet), rules


def _cmd_moves(args: argparse.Namespace) -> None:
    lex, tray, rules = _tray(args)
    moves = legal_moves(lex, tray, rules)
    if args.json:
        data = {
            "tray": str(tray),
            "lexicon": lex.name,
            "count": len(moves),
            "moves": [
                {
                    "move": str(m),
                    "kind": m.kind,
                    "line": m.line_index,
                    "word": m.word,
                    "letters": m.letters,
                    "points": tray.points(m),
                }
                for m in moves
            ],
        }
        print(json.dumps(data))
        return
    print(f"{tray} on {lex.name}: {len(moves)} legal move{'s' if len(moves) != 1 else ''} (tray: {tray.score} pts)")
    for line, words in enumerate(moves.extensions):
        if words:
            old = tray.lines[line]
            cells = [f"{w} (+{tray.tiles(w) ** 2 - tray.tiles(old) ** 2})" for w in words]  # no Move built
            print(f"line {line + 1} {old}: " + " ".join(cells))
    if moves.places:
        line = len(tray.lines) + 1
        cells = [f"{w} ({tray.tiles(w) ** 2})" for w in sorted(moves.places, key=lambda w: (-tray.tiles(w), w))]
        print(f"new word on line {line}: " + " ".join(cells))


def _cmd_jarnac(args: argparse.Namespace) -> None:
    lex, tray, rules = _tray(args)
    turn = [int(i) - 1 for i in args.turn_lines.split(",")] if args.turn_lines else []
    plan = best_jarnac(
        lex, tray, free_lines=args.free_lines, objective=args.objective, rules=rules, formed_indexes=turn
    )
    if args.json:
        print(
            json.dumps(
                {
                    "tray": str(tray),
                    "lexicon": lex.name,
                    "jarnac": bool(plan),
                    "value": plan.value,
                    "steals": [str(m) for m in plan.steals],
                    "gain": plan.gain,
                    "swing": plan.swing,
                    "taken": [i + 1 for i in plan.taken_indexes],
                    "leftover": plan.leftover,
                }
            )
        )
        return
    if not plan:
        print(f"{tray} on {lex.name}: no Jarnac, the pass was clean")
        return
    print(f"{tray} on {lex.name}: {'value ' if plan.value else ''}Jarnac!")
    for move in plan.steals:
        lost = f", passer loses {tray.tiles(move.old) ** 2}" if move.old else ""
        print(f"  {move}  (+{tray.tiles(move.word) ** 2}{lost})")
    if plan.value:
        print("  lines taken and recomposed: " + ", ".join(f"{i + 1} {tray.lines[i]}" for i in plan.taken_indexes))
    print(f"gain {plan.gain}, swing {plan.swing}; the passer keeps {plan.leftover or 'no letter'} on the rack")


def _show(record: GameRecord, lex: Lexicon) -> Game:
    """Replay a game, printing it turn by turn as a person would follow it; returns the game."""
    print(f"game {record.seed}: A = {record.players[0]}, B = {record.players[1]}")

    def show(game: Game, who: int, text: str, before: tuple[int, int]) -> None:
        after = game.scores()
        gained = after[who] - before[who]
        note = f" (+{gained})" if gained > 0 else ""
        if text.startswith("jarnac"):
            note = f" (Jarnac! +{gained}, {'AB'[1 - who]} loses {before[1 - who] - after[1 - who]})"
        drew = game.drawn_text(game.actions[-1])
        print(f"  {'AB'[who]}: {text}{note}" + (f"  draws {drew}" if drew else ""))
        if text == "decline" or text.startswith("jarnac") or game.is_over():
            for i in range(2):
                print(f"      {'AB'[i]} {game.state.trays[i]}  [{after[i]} pts]")

    game = record.replay(lex, show)
    print(f"  result: A {record.scores[0]} - B {record.scores[1]}, {record.result}")
    return game


def _cmd_play(args: argparse.Namespace) -> None:
    lex = Lexicon.resolve(args.lexicon)
    rules = Rules.preset(args.rules)
    players = [p.strip() for p in args.players.split(",")]
    if len(players) != 2:
        raise UsageError(f"{PROG} play: --players takes two names, e.g. greedy,cautious")
    for name in players:
        make_player(name)
    records: list[GameRecord] = []
    show_bar = sys.stderr.isatty() and args.games >= 10 and not args.json

    def progress(done: int, total: int) -> None:
        if show_bar:
            filled = done * 30 // total
            print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} games", end="", file=sys.stderr)

    start = time.perf_counter()
    bag = None
    if args.bag:
        bag = Bag.load(args.bag) if args.bag in BAGS else Bag.from_file(args.bag, lex.alphabet)
    result = play_match(lex, players, args.games, rules, args.seed, progress, records, bag)
    seconds = time.perf_counter() - start
    if show_bar:
        print(file=sys.stderr)
    if args.record:
        with open(args.record, "w", encoding="utf-8") as f:
            f.write("\n".join(str(r) for r in records))
    if args.show:
        for record in records:
            _show(record, lex)
    if args.json:
        print(
            json.dumps(
                {
                    "players": list(result.players),
                    "games": result.games,
                    "wins": result.wins,
                    "draws": result.draws,
                    "mean_scores": [sum(s) / max(1, len(s)) for s in result.scores],
                    "mean_turns": sum(result.lengths) / max(1, len(result.lengths)),
                    "jarnacs": result.jarnacs,
                    "swung": result.swung,
                    "seconds": seconds,
                }
            )
        )
        return
    print(
        f"{args.games} games on {lex.name}, rules {args.rules}, seeds {args.seed}..{args.seed + args.games - 1}"
        f" ({seconds:.1f} s)"
    )
    print(result.table())


def _cmd_replay(args: argparse.Namespace) -> None:
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise UsageError(f"{PROG} replay: cannot read {args.file}: {exc.strerror}") from None
    chunks = ["[Lexicon" + c for c in text.split("[Lexicon") if c.strip()]
    if not chunks:
        raise UsageError(f"{PROG} replay: {args.file} holds no game record")
    for n, chunk in enumerate(chunks, 1):
        record = GameRecord.parse(chunk)
        lex = Lexicon.resolve(args.lexicon or record.lexicon)
        game = _show(record, lex) if args.show else record.replay(lex)
        if game.scores() != record.scores:
            raise IllegalActionError(f"game {n}: the replay scores {game.scores()}, the record says {record.scores}")
        if not args.show:
            print(
                f"game {n}: {len(record.actions)} actions replayed, A {record.scores[0]} - B {record.scores[1]}"
                f"{', ' + game.state.result if game.state.result else ''}: ok"
            )


def _cmd_plan(args: argparse.Namespace) -> None:
    lex, tray, rules = _tray(args)
    ladder = plan_ladder(lex, tray, rules)
    if args.json:
        print(
            json.dumps(
                {"tray": str(tray), "lexicon": lex.name, "moves": [str(m) for m in ladder], "draws": len(ladder)}
            )
        )
        return
    print(
        f"{tray} on {lex.name}: a ladder of {len(ladder)} move{'s' if len(ladder) != 1 else ''}, "
        f"drawing {len(ladder)} letter{'s' if len(ladder) != 1 else ''}"
    )
    after = tray
    for n, move in enumerate(ladder, 1):
        after = after.push(move, rules, lex)
        print(f"  {n}. {move}  (draw {n}; tray {after.score} pts, rack {after.rack or '-'})")


def _cmd_hint(args: argparse.Namespace) -> None:
    lex, tray, rules = _tray(args)
    unseen = None
    if lex.metadata.get("bag"):
        unseen = unseen_tiles(Bag.for_lexicon(lex), [tray])
    ranked = hints(lex, tray, unseen, top=args.top, rules=rules)
    if args.json:
        print(
            json.dumps(
                {
                    "tray": str(tray),
                    "lexicon": lex.name,
                    "hints": [
                        {
                            "move": str(h.move),
                            "points": h.points,
                            "draws": h.draws,
                            "exposure": h.exposure,
                            "ladder": [str(m) for m in h.ladder],
                            "value": h.value,
                        }
                        for h in ranked
                    ],
                }
            )
        )
        return
    if not ranked:
        print(f"{tray} on {lex.name}: no move; pass")
        return
    print(f"{tray} on {lex.name}: best moves")
    for n, h in enumerate(ranked, 1):
        then = f"; then {' '.join(map(str, h.ladder))}" if h.ladder else ""
        print(
            f"  {n}. {h.move}: +{h.points} pts now, about {h.draws:.1f} letters drawn this turn, "
            f"{h.exposure} pts exposed if you stop here{then}"
        )


def _turn_lines(text: str) -> str:
    if not all(part.strip().isdigit() and int(part) >= 1 for part in text.split(",")):
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of line numbers such as 2,3")
    return text


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a length (at least 1)")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line."""
    common = _Parser(add_help=False)
    common.add_argument("--lexicon", default=DEFAULT_LEXICON, help="bundled name, .jlex file or word list")
    common.add_argument("--json", action="store_true", help="machine-readable output")
    parser = _Parser(prog=PROG, description="Find the words and moves of the word game Jarnac.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    words = sub.add_parser("words", parents=[common], help="every word formable from a rack")
    words.add_argument("rack")
    words.add_argument("--min-len", type=_positive, default=3)
    words.add_argument("--max-len", type=_positive, default=9)
    words.set_defaults(func=_cmd_words)

    anagram = sub.add_parser("anagram", parents=[common], help="words that use exactly these letters")
    anagram.add_argument("letters")
    anagram.set_defaults(func=_cmd_anagram)

    extend = sub.add_parser("extend", parents=[common], help="every extension of a word with rack letters")
    extend.add_argument("word")
    extend.add_argument("rack")
    extend.add_argument("--max-len", type=_positive, default=9)
    extend.set_defaults(func=_cmd_extend)

    tray_help = 'a tray: "LINE LINE ... / RACK", e.g. "RAT BUT / ZW"'
    moves = sub.add_parser("moves", parents=[common], help="every legal move of a tray")
    moves.add_argument("tray", help=tray_help)
    moves.add_argument("--rules", default="sheet", choices=list(PRESETS), help="rules preset (default: sheet)")
    moves.set_defaults(func=_cmd_moves)

    jarnac = sub.add_parser("jarnac", parents=[common], help="the best Jarnac against a tray that passed")
    jarnac.add_argument("tray", help=tray_help)
    jarnac.add_argument("--free-lines", type=int, help="lines the thief has free (default: all, 8)")
    jarnac.add_argument("--objective", choices=OBJECTIVES, default="swing")
    jarnac.add_argument("--rules", default="sheet", choices=list(PRESETS), help="rules preset (default: sheet)")
    jarnac.add_argument("--turn-lines", type=_turn_lines, help="value Jarnac: lines formed this turn, e.g. 2,3,4")
    jarnac.set_defaults(func=_cmd_jarnac)

    plan = sub.add_parser("plan", parents=[common], help="the longest ladder on the current letters")
    plan.add_argument("tray", help=tray_help)
    plan.add_argument("--rules", default="sheet", choices=list(PRESETS))
    plan.set_defaults(func=_cmd_plan)

    hint = sub.add_parser("hint", parents=[common], help="ranked moves with their reasons")
    hint.add_argument("tray", help=tray_help)
    hint.add_argument("--top", type=_positive, default=5)
    hint.add_argument("--rules", default="sheet", choices=list(PRESETS))
    hint.set_defaults(func=_cmd_hint)

    play = sub.add_parser("play", parents=[common], help="self-play: a match between two players")
    play.add_argument("--players", default="greedy,cautious", help=f"two of: {', '.join(PLAYERS)}")
    play.add_argument("--games", type=_positive, default=10)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--rules", default="sheet", choices=list(PRESETS))
    play.add_argument("--show", action="store_true", help="print every game turn by turn")
    play.add_argument("--record", metavar="FILE", help="write the game records to FILE")
    play.add_argument("--bag", metavar="NAME|FILE", help="a built-in bag (fr, en) or a bag file (e.g. '12A 2IJ ...')")
    play.set_defaults(func=_cmd_play)

    replay = sub.add_parser("replay", help="replay and check game records")
    replay.add_argument("file")
    replay.add_argument("--lexicon", help="bundled name, .jlex file or word list (default: the record's)")
    replay.add_argument("--show", action="store_true", help="print every game turn by turn")
    replay.set_defaults(func=_cmd_replay)

    lexicon = sub.add_parser("lexicon", help="build, inspect and list lexicons")
    lsub = lexicon.add_subparsers(dest="lexicon_command", required=True, parser_class=_Parser)
    build = lsub.add_parser("build", parents=[common], help="compile a word list (one word a line, UTF-8)")
    build.add_argument("input")
    build.add_argument("output")
    build.add_argument("--name", help="the name stored in the lexicon (default: the file's stem)")
    build.set_defaults(func=_cmd_lexicon_build)
    info = lsub.add_parser("info", parents=[common], help="sizes, letters, source and licence of a lexicon")
    info.add_argument("lexicon_spec", metavar="NAME|PATH")
    info.set_defaults(func=_cmd_lexicon_info)
    listing = lsub.add_parser("list", parents=[common], help="the bundled lexicons")
    listing.set_defaults(func=_cmd_lexicon_list)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 on bad input).

    >>> main(["anagram", "ohccau", "--lexicon", "en"])
    anagrams of OHCCAU on en: 1 word
    6 letters (36 pts): CACHOU
    0
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        args.func(args)
    except UsageError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except JarnacError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    return 0


def main_exit() -> NoReturn:
    """Entry point of the ``jarnac-solver`` console script."""
    raise SystemExit(main())
