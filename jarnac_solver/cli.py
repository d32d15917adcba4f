"""The ``jarnac-solver`` command line.

Every command that reads words takes ``--lexicon NAME|PATH`` (a bundled name,
a compiled ``.jlex`` file or a plain word list); every command takes
``--json``. Bad input prints one line on stderr and exits with status 2;
with ``--json`` the error is a JSON document on stdout (status 2 still).

JSON output is one envelope (``docs/schema.json``)::

    {"schema": "jarnac-solver/1", "command": "moves", "lexicon": "fr", "rules": "sheet", "result": {...}}
    {"schema": "jarnac-solver/1", "command": "moves", "error": {"type": "InvalidTrayError", "message": "..."}}

Moves, trays, plans, hints and records are the dict forms of the library's
values (``to_dict``), the same in every command; line numbers count from 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from . import __version__
from .errors import IllegalActionError, InvalidInputError, JarnacError
from .executors import Executor, make_executor
from .game.game import Game
from .game.players import PLAYERS, make_player, play_match
from .game.record import GameRecord, read_records
from .lexicon.bag import BAGS, Bag, bag_name_for
from .lexicon.lexicon import DEFAULT_LEXICON, ORDERS, Lexicon
from .lexicon.probability import draw_odds_text
from .moves.jarnac import OBJECTIVES, best_jarnac, passer_left_move, thief_best_call
from .moves.move import Move
from .moves.movegen import legal_moves
from .moves.rules import PRESETS, Rules
from .moves.tray import Tray
from .planning.ladder import ladder_draws, plan_ladder, play_out
from .planning.planner import unseen_tiles

__all__ = ["SCHEMA", "main"]

PROG = "jarnac-solver"
SCHEMA = "jarnac-solver/1"
"""The ``schema`` field of every JSON document the command line prints (``docs/schema.json``)."""


class UsageError(Exception):
    """A command line that argparse refused."""


class _PartialFailure(Exception):
    """Some input was bad and reported line by line; the rest was done: exit with status 2."""


class _NotAllValid(Exception):
    """``check``: a word is not in the lexicon (the answer is printed): exit with status 1."""


class _Parser(argparse.ArgumentParser):
    """An argparse parser that reports a bad command line in one line."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (try --help)")


class _Help(argparse.RawDescriptionHelpFormatter):
    """Help that shows every option's default (flags and options without one excepted)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        # Identity, not ==: a default of 0 is shown (0 == False).
        shown = all(action.default is not hidden for hidden in (None, False, argparse.SUPPRESS))
        if shown and "default" not in text:
            text += " (default: %(default)s)"
        return text


def _emit(args: argparse.Namespace, result: dict[str, Any], lexicon: Lexicon | None, rules: Rules | None) -> None:
    """Print the JSON envelope of a command's result."""
    document = {
        "schema": SCHEMA,
        "command": args.command_name,
        "lexicon": lexicon.name if lexicon is not None else None,
        "rules": rules.name_or_dict() if rules is not None else None,
        "result": result,
    }
    print(json.dumps(document, ensure_ascii=False))


def _by_length(lex: Lexicon, words: list[str]) -> list[tuple[int, list[str]]]:
    groups: dict[int, list[str]] = {}
    for word in words:
        groups.setdefault(lex.tile_length(word), []).append(word)
    return sorted(groups.items(), reverse=True)


def _print_words(args: argparse.Namespace, lex: Lexicon, title: str, words: list[str], query: dict[str, Any]) -> None:
    """A query's words by length; ``--sort`` orders each length, ``--probability``/``--familiarity`` add columns."""
    order = args.sort
    bag = _user_bag(args.bag, lex, args.command_name) if args.bag is not None else None
    show_odds = args.probability or order == "probability"
    show_known = args.familiarity or order == "familiarity"
    words = lex.ordered(words, order, bag) if order != "alphabet" else words
    odds = lex.draw_odds(bag) if show_odds else None
    known = _familiarity_of(lex) if show_known else None
    details: list[dict[str, Any]] = []
    if odds is not None or known is not None:
        for word in words:
            row: dict[str, Any] = {"word": word, "tiles": lex.tile_length(word)}
            if odds is not None:
                row.update(ways=odds.ways(word), probability=odds.probability(word))
            if known is not None:
                row["familiarity"] = known(word)
            details.append(row)
    if args.json:
        result: dict[str, Any] = {"query": query, "count": len(words), "words": words}
        if details:
            result["details"] = details
            if odds is not None:
                result["bag"] = odds.bag.name
        _emit(args, result, lex, None)
        return
    print(f"{title} on {lex.name}: {len(words)} word{'s' if len(words) != 1 else ''}")
    if odds is not None:
        print(f"probability: of drawing the word's tiles from the full bag {odds.bag.name} ({odds.total} tiles)")
    if not details:
        for length, group in _by_length(lex, words):
            print(f"{length} letters ({length * length} pts): {' '.join(group)}")
        return
    width = max(len(word) for word in words)
    shown = -1
    for row in sorted(details, key=lambda row: -row["tiles"]):  # stable: each length keeps the order
        if row["tiles"] != shown:
            shown = row["tiles"]
            print(f"{shown} letters ({shown * shown} pts):")
        cells = [row["word"].ljust(width)]
        if odds is not None:
            cells.append(f"{draw_odds_text(row['probability']):>16}  ways {row['ways']:,}")
        if known is not None:
            cells.append(f"familiarity {row['familiarity']:.1f}")
        print("  " + "  ".join(cells).rstrip())


def _familiarity_of(lex: Lexicon) -> Callable[[str], float]:
    from .lexicon.familiarity import Familiarity

    return Familiarity.for_lexicon(lex).familiarity


def _not_empty(value: str, what: str) -> None:
    if not value.strip():
        raise UsageError(f"{PROG}: the {what} is empty; give some letters")


def _cmd_words(args: argparse.Namespace) -> None:
    _not_empty(args.rack, "rack")
    lex = Lexicon.resolve(args.lexicon)
    words = lex.subanagrams(args.rack, min_len=args.min_len, max_len=args.max_len)
    query = {"rack": args.rack, "min_len": args.min_len, "max_len": args.max_len}
    _print_words(args, lex, f"words from {lex.alphabet.fold(args.rack)}", words, query)


def _cmd_anagram(args: argparse.Namespace) -> None:
    _not_empty(args.letters, "list of letters")
    lex = Lexicon.resolve(args.lexicon)
    words = lex.anagrams(args.letters)
    _print_words(args, lex, f"anagrams of {lex.alphabet.fold(args.letters)}", words, {"letters": args.letters})


def _cmd_extend(args: argparse.Namespace) -> None:
    _not_empty(args.word, "word")
    _not_empty(args.rack, "rack")
    lex = Lexicon.resolve(args.lexicon)
    words = lex.extensions(args.word, args.rack, max_len=args.max_len)
    title = f"extensions of {lex.alphabet.fold(args.word)} with {lex.alphabet.fold(args.rack)}"
    query = {"word": args.word, "rack": args.rack, "max_len": args.max_len}
    _print_words(args, lex, title, words, query)


def _cmd_check(args: argparse.Namespace) -> None:
    lex = Lexicon.resolve(args.lexicon)
    checks = [lex.check(word) for word in args.words]  # every word checked before anything is printed
    source = str(lex.metadata.get("source", "")) or "a word list"
    if args.json:
        rows = [check._asdict() for check in checks]
        _emit(args, {"source": source, "all_valid": all(c.valid for c in checks), "words": rows}, lex, None)
    else:
        print(f"lexicon {lex.name} ({source})")
        for check in checks:
            shown = check.folded if check.folded == check.word else f"{check.word} -> {check.folded}"
            print(f"{shown}: {'valid' if check.valid else 'NOT valid'} ({check.tiles} tiles)")
    if not all(check.valid for check in checks):
        raise _NotAllValid()


def _cmd_search(args: argparse.Namespace) -> None:
    lex = Lexicon.resolve(args.lexicon)
    words = lex.search(args.pattern, letters=args.letters)
    query = {"pattern": args.pattern, "letters": args.letters}
    title = f"words matching {args.pattern}" + (f" from {lex.alphabet.fold(args.letters)}" if args.letters else "")
    _print_words(args, lex, title, words, query)


def _cmd_lexicon_build(args: argparse.Namespace) -> None:
    from pathlib import Path

    if Path(args.output).resolve() == Path(args.input).resolve():
        raise UsageError(f"{PROG} lexicon build: the output {args.output} is the word list itself")
    start = time.perf_counter()
    meta = {"name": args.name} if args.name else None
    lex = Lexicon.from_file(args.input, metadata=meta)
    lex.save(args.output)
    seconds = time.perf_counter() - start
    skipped = lex.metadata.get("skipped", {})
    if args.json:
        _emit(args, {"output": args.output, "words": len(lex), "skipped": skipped}, lex, None)
        return
    print(f"{args.output}: {len(lex)} words in {seconds:.2f} s")
    for reason, count in skipped.items():
        print(f"skipped {count} entries: {reason}")


def _cmd_lexicon_info(args: argparse.Namespace) -> None:
    lex = Lexicon.resolve(args.lexicon_spec)
    meta = lex.metadata
    name = bag_name_for(lex)
    bag = Bag.load(name) if name is not None and name in BAGS else None
    info = {
        "words": len(lex),
        "alphabet": lex.alphabet.to_dict(),
        "by_length": {str(n): c for n, c in lex.length_counts().items()},
        "letters": lex.letter_counts(),
        "source": meta.get("source", ""),
        "licence": meta.get("licence", ""),
        "description": meta.get("description", ""),
        "skipped": meta.get("skipped", {}),
        "bag": bag.to_dict() if bag is not None else None,
        "implementation": {"name": lex.implementation, "reason": _implementation_reason(lex)},
    }
    if args.json:
        _emit(args, info, lex, None)
        return
    print(f"{lex.name}: {len(lex)} words, alphabet {lex.alphabet.name} ({lex.alphabet.describe()})")
    for key in ("description", "source", "licence"):
        if info[key]:
            print(f"{key}: {info[key]}")
    print("by length: " + ", ".join(f"{n}: {c}" for n, c in lex.length_counts().items()))
    print("letters: " + " ".join(f"{t}:{c}" for t, c in lex.letter_counts().items()))
    print(f"bag: {bag.name} ({bag})" if bag is not None else "bag: none known (give one to play)")
    for reason, count in dict(meta.get("skipped", {})).items():
        print(f"skipped at build: {count} entries {reason}")
    print(f"implementation: {lex.implementation} ({_implementation_reason(lex)})")


def _implementation_reason(lex: Lexicon) -> str:
    from . import native

    if lex.implementation == native.IMPLEMENTATION:
        return native.IMPLEMENTATION_REASON
    return "an alphabet of more than 256 tiles" if lex.index.n_ranks > 256 else "chosen for this lexicon"


def _cmd_lexicon_list(args: argparse.Namespace) -> None:
    rows = []
    for name in Lexicon.available():
        lex = Lexicon.load(name)
        rows.append(
            {
                "name": name,
                "words": len(lex),
                "description": str(lex.metadata.get("description", "")),
                "default": name == DEFAULT_LEXICON,
            }
        )
    if args.json:
        _emit(args, {"lexicons": rows}, None, None)
        return
    for row in rows:
        default = " (default)" if row["default"] else ""
        print(f"{row['name']:<9} {row['words']:>7} words  {row['description']}{default}")


def _tray(args: argparse.Namespace) -> tuple[Lexicon, Tray, Rules]:
    lex = Lexicon.resolve(args.lexicon)
    rules = Rules.preset(args.rules)
    return lex, Tray.parse(args.tray, lex.alphabet), rules


def _user_bag(name: str, lex: Lexicon, command: str) -> Bag:
    """``--bag``: a built-in bag's name or a bag file, checked against the lexicon's alphabet."""
    if not name:
        raise UsageError(f"{PROG} {command}: --bag is empty: give a bag's name ({', '.join(BAGS)}) or a file")
    if name not in BAGS and not os.path.exists(name):
        known = ", ".join(BAGS)
        raise UsageError(f"{PROG} {command}: --bag {name!r}: no built-in bag of that name ({known}) and no such file")
    return Bag.for_lexicon(lex, Bag.load(name) if name in BAGS else Bag.from_file(name, lex.alphabet))


def _formed_lines(text: str | None, tray: Tray, rules: Rules, option: str) -> list[int]:
    """Line numbers (``_turn_lines``'s text) of lines formed this turn, as indexes of ``tray``'s words."""
    turn = [int(i) - 1 for i in text.split(",")] if text else []
    for i in turn:
        if i >= len(tray.lines) or not tray.lines[i]:
            raise UsageError(f"{PROG} {option} names line {i + 1}, which holds no word of {tray}")
    if turn and not rules.value_jarnac:
        raise UsageError(f"{PROG} {option} is for the value Jarnac (--rules english)")
    return turn


def _other_tray(text: str | None, lex: Lexicon, rules: Rules, option: str) -> Tray | None:
    """A second tray given by an option (the thief's, the opponent's), checked; errors name the option."""
    if text is None:
        return None
    try:
        tray = Tray.parse(text, lex.alphabet)
        tray.check(rules)
    except InvalidInputError as exc:
        raise UsageError(f"{PROG} {option.replace(' ', ': ')}: {exc}") from None
    return tray


def _cmd_moves(args: argparse.Namespace) -> None:
    lex, tray, rules = _tray(args)
    moves = legal_moves(lex, tray, rules)
    if args.json:
        listed = [{**m.to_dict(), "points": tray.points(m)} for m in moves]
        _emit(args, {"tray": tray.to_dict(), "count": len(moves), "moves": listed}, lex, rules)
        return
    print(f"{tray} on {lex.name}: {len(moves)} legal move{'s' if len(moves) != 1 else ''} (tray: {tray.score} pts)")
    for line, words in enumerate(moves.extensions):
        if words:
            old = tray.lines[line]
            cells = [f"{w} (+{tray.tiles(w) ** 2 - tray.tiles(old) ** 2})" for w in words]  # no Move built
            print(f"line {line + 1} {old}: " + " ".join(cells))
    if moves.places:
        line = tray.next_line_index + 1
        cells = [f"{w} ({tray.tiles(w) ** 2})" for w in sorted(moves.places, key=lambda w: (-tray.tiles(w), w))]
        print(f"new word on line {line}: " + " ".join(cells))


def _cmd_jarnac(args: argparse.Namespace) -> None:
    lex, tray, rules = _tray(args)
    turn = _formed_lines(args.turn_lines, tray, rules, "jarnac: --turn-lines")
    if args.thief is not None and args.free_lines is not None:
        raise UsageError(f"{PROG} jarnac: give --thief or --free-lines, not both (the thief's tray gives its lines)")
    thief = _other_tray(args.thief, lex, rules, "jarnac --thief")
    left = passer_left_move(lex, tray, rules, turn)
    budget = None if args.budget is None else args.budget / 1000
    if thief is not None:
        plan = thief_best_call(lex, tray, thief, rules, turn, args.objective, budget=budget)
    else:
        plan = best_jarnac(
            lex,
            tray,
            free_lines=args.free_lines,
            objective=args.objective,
            rules=rules,
            formed_indexes=turn,
            budget=budget,
        )
    if args.json:
        result = {
            "tray": tray.to_dict(),
            "thief": thief.to_dict() if thief is not None else None,
            "left_move": left.to_dict() if left is not None else None,
            "plan": plan.to_dict(),
        }
        _emit(args, result, lex, rules)
        return
    if not plan:
        if left is not None:
            print(f"{tray} on {lex.name}: the passer left {left}, but the thief can seat no steal: no Jarnac")
        else:
            print(f"{tray} on {lex.name}: no Jarnac, the pass was clean")
        return
    print(f"{tray} on {lex.name}: {'value ' if plan.value else ''}Jarnac!")
    for move in plan.steals:
        lost = f", passer loses {tray.tiles(move.old) ** 2}" if move.old else ""
        print(f"  {move}  (+{tray.tiles(move.word) ** 2}{lost})")
    if plan.value:
        print("  lines taken and recomposed: " + ", ".join(f"{i + 1} {tray.lines[i]}" for i in plan.taken_indexes))
    print(f"gain {plan.gain}, swing {plan.swing}; the passer keeps {plan.leftover or 'no letter'} on the rack")
    if not plan.exact:
        print(f"(the best found in {args.budget:g} ms, not proven the best)")


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
    progress = _progress_bar("games") if show_bar else None
    executor = _executor(args)
    record_file = _open_for_writing(args.record) if args.record else None  # before the work, not after
    start = time.perf_counter()
    bag = _user_bag(args.bag, lex, "play") if args.bag is not None else None
    result = play_match(lex, players, args.games, rules, args.seed, progress, records, bag, executor)
    seconds = time.perf_counter() - start
    if show_bar:
        print(file=sys.stderr)
    if record_file is not None:
        try:
            with record_file:
                if args.record.endswith(".jsonl"):
                    record_file.write("".join(json.dumps(r.to_dict(), ensure_ascii=False) + "\n" for r in records))
                else:
                    record_file.write("\n".join(str(r) for r in records))
        except OSError as exc:
            raise UsageError(f"{PROG}: cannot write {args.record}: {exc.strerror}") from None
    if args.show:
        for record in records:
            _show(record, lex)
    if args.json:
        _emit(args, {**result.to_dict(), "records": [r.to_dict() for r in records]}, lex, rules)
        return
    print(
        f"{args.games} games on {lex.name}, rules {args.rules}, seeds {args.seed}..{args.seed + args.games - 1}"
        f" ({seconds:.1f} s)"
    )
    print(result.table())


def _progress_bar(unit: str) -> Callable[[int, int], None]:
    """A progress bar on stderr (for a terminal): ``[#####.....] 12/40 games``."""

    def show(done: int, total: int) -> None:
        filled = done * 30 // max(1, total)
        print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} {unit}", end="", file=sys.stderr)

    return show


def _executor(args: argparse.Namespace) -> Executor | None:
    """The executor named by --workers, --processes or --scheduler (``None``: this process)."""
    if args.workers is None and args.processes is None and args.scheduler is None:
        return None
    return make_executor(args.workers, args.scheduler, args.processes)


def _cmd_lexicon_compare(args: argparse.Namespace) -> None:
    from .studies.compare import compare
    from .studies.report import write_report
    from .studies.rows import prepare_folder, write_rows

    lexicons = [Lexicon.resolve(spec) for spec in args.lexicons]
    bag = _user_bag(args.bag, lexicons[0], "lexicon compare") if args.bag is not None else None
    players = [p.strip() for p in args.players.split(",")]
    if len(players) != 2:
        raise UsageError(f"{PROG} lexicon compare: --players takes two names, e.g. ladder,planner")
    executor = _executor(args)
    if args.report is not None:  # before the work: a missing extra is said at once, not after an hour
        from .studies.report import _pyplot

        _pyplot()
    if args.rows is not None and args.rows_format == "parquet":
        from .studies.rows import _parquet_module

        _parquet_module()
    for folder, what in ((args.rows, "rows"), (args.report, "report")):
        if folder is not None:
            try:
                prepare_folder(folder, what)
            except InvalidInputError as exc:
                raise UsageError(f"{PROG} lexicon compare: {exc}") from None
    show_bar = sys.stderr.isatty() and not args.json and not args.no_progress
    study = compare(
        lexicons,
        bags=None if bag is None else [bag] * len(lexicons),
        rules=Rules.preset(args.rules),
        seed=args.seed,
        racks=args.racks,
        rack_size=args.rack_size,
        ladders=not args.no_ladders,
        ladder_budget=None if args.ladder_budget is None else args.ladder_budget / 1000,
        trays=args.trays,
        tray_budget=None if args.tray_budget is None else args.tray_budget / 1000,
        games=args.games,
        players=players,
        engine=args.engine,
        executor=executor,
        progress=_progress_bar("chunks") if show_bar else None,
        familiarity=not args.no_familiarity,
    )
    if show_bar:
        print(file=sys.stderr)
    written = write_rows(study, args.rows, args.rows_format) if args.rows is not None else []
    page = write_report(study, args.report) if args.report is not None else None
    if args.json:
        document = study.to_dict()
        document["rows_written"] = [str(p) for p in written]
        document["report"] = None if page is None else str(page)
        _emit(args, document, None, Rules.preset(args.rules))
        return
    print(study.table())
    for path in written:
        print(f"rows: {path}")
    if page is not None:
        print(f"report: {page}")


def _open_for_writing(path: str) -> TextIO:
    """``path`` opened for writing, or a usage error naming it (checked before any work is done)."""
    try:
        return open(path, "w", encoding="utf-8")  # closed by the caller's with
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise UsageError(f"{PROG}: cannot write {path!r}: {getattr(exc, 'strerror', None) or exc}") from None


def _diff_side(args: argparse.Namespace, lex: Lexicon, name: str, only: list[str]) -> dict[str, Any]:
    """One side of ``lexicon diff``: its only-words by length (longest first), each length's first
    ``--limit`` in ``--sort`` order with their draw odds."""
    if args.length is not None:
        only = [word for word in only if lex.tile_length(word) == args.length]
    bag = _user_bag(args.bag, lex, "lexicon diff") if args.bag is not None else None
    odds, note, order = None, "", args.sort
    try:
        odds = lex.draw_odds(bag)
    except InvalidInputError:  # a user's word list without a known bag: no probabilities
        order = "alphabet" if order == "probability" else order
        note = f"no bag is known for {name}: no probabilities, {order} order (give --bag)"
    groups: dict[int, list[str]] = {}
    for word in lex.ordered(only, order, bag):
        groups.setdefault(lex.tile_length(word), []).append(word)
    by_length: dict[str, Any] = {}
    for length, group in sorted(groups.items(), reverse=True):
        shown = group if args.limit == 0 else group[: args.limit]
        cells: list[dict[str, Any]] = [{"word": word} for word in shown]
        if odds is not None:
            for cell in cells:
                cell.update(ways=odds.ways(cell["word"]), probability=odds.probability(cell["word"]))
        by_length[str(length)] = {"count": len(group), "words": cells, "more": len(group) - len(shown)}
    bag_name = odds.bag.name if odds is not None else None
    return {"name": name, "words": len(lex), "only": len(only), "bag": bag_name, "note": note, "by_length": by_length}


def _cmd_lexicon_diff(args: argparse.Namespace) -> None:
    from .studies.difference import word_difference

    first, second = Lexicon.resolve(args.first), Lexicon.resolve(args.second)
    names = (first.name, second.name) if first.name != second.name else (args.first, args.second)
    only = word_difference(first, second)
    sides = [_diff_side(args, lex, name, words) for lex, name, words in zip((first, second), names, only, strict=True)]
    if args.json:
        _emit(args, {"first": names[0], "second": names[1], "sides": sides}, None, None)
        return
    for side, other in zip(sides, reversed(names), strict=True):
        drawn = f", probability of drawing each from the bag {side['bag']}" if side["bag"] else ""
        size = f"{side['words']:,} words"
        print(f"only in {side['name']} ({size}), not in {other}: {_plural(side['only'], 'word')}{drawn}")
        if side["note"]:
            print(f"  ({side['note']})")
        for length, row in side["by_length"].items():
            print(f"  {_plural(int(length), 'letter')}: {_plural(row['count'], 'word')}")
            for cell in row["words"]:
                odds_text = f"  {draw_odds_text(cell['probability'])}" if "probability" in cell else ""
                print(f"    {cell['word']}{odds_text}")
            if row["more"]:
                print(f"    ... and {row['more']:,} more (--limit 0 lists them all)")


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _cmd_replay(args: argparse.Namespace) -> None:
    records = read_records(args.file)
    if not records:
        raise UsageError(f"{PROG} replay: {args.file} holds no game record")
    games = []
    lex: Lexicon | None = None
    for n, record in enumerate(records, 1):
        lex = Lexicon.resolve(args.lexicon or record.lexicon)
        try:
            game = _show(record, lex) if args.show and not args.json else record.replay(lex)
        except IllegalActionError as exc:
            raise IllegalActionError(f"{args.file}: game {n}: {exc}") from None
        games.append(
            {
                "game": n,
                "seed": record.seed,
                "actions": len(record.actions),
                "scores": list(record.scores),
                "result": game.state.result,
            }
        )
        if not args.show and not args.json:
            print(
                f"game {n}: {len(record.actions)} actions replayed, A {record.scores[0]} - B {record.scores[1]}"
                f"{', ' + game.state.result if game.state.result else ''}: ok"
            )
    if args.json:
        _emit(args, {"games": games}, lex if args.lexicon else None, None)


def _cmd_audit(args: argparse.Namespace) -> None:
    from .game.audit import AuditReport, PlayerAudit, audit_many

    errors: list[InvalidInputError] = []
    records = read_records(args.file, errors)
    if not records and not errors:
        raise UsageError(f"{PROG} audit: {args.file} holds no game record")
    lex = Lexicon.resolve(args.lexicon) if args.lexicon else None
    show_bar = sys.stderr.isatty() and len(records) >= 5 and not args.json

    def progress(done: int) -> None:
        if show_bar:
            filled = done * 30 // len(records)
            print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{len(records)} games", end="", file=sys.stderr)

    try:
        reports: list[AuditReport] = audit_many(records, lex, args.deep, args.workers, progress)
    except IllegalActionError as exc:
        raise IllegalActionError(f"{args.file}: {exc}") from None
    if show_bar:
        print(file=sys.stderr)
    totals = [PlayerAudit(), PlayerAudit()]
    for report in reports:
        totals = [totals[i] + report.players[i] for i in range(2)]
    if args.json:
        result = {
            "games": [r.to_dict() for r in reports],
            "errors": [str(e) for e in errors],
            "summary": {"AB"[i]: t.to_dict() for i, t in enumerate(totals)},
        }
        _emit(args, result, lex, None)
    else:
        for report in reports:
            print(report.text())
        print(f"{len(reports)} games audited, {sum(len(r.windows) for r in reports)} Jarnac windows")
    for error in errors:
        print(f"{PROG}: error: {error}", file=sys.stderr)
    if errors:
        raise _PartialFailure()


def _cmd_plan(args: argparse.Namespace) -> None:
    lex, tray, rules = _tray(args)
    ladder = plan_ladder(lex, tray, rules, None if args.budget is None else args.budget / 1000)
    draws = ladder_draws(ladder, play_out(tray, ladder, rules, lex), rules)
    if args.json:
        result = {
            "tray": tray.to_dict(),
            "ladder": [m.to_dict() for m in ladder],
            "draws": draws,
            "exact": ladder.exact,
        }
        _emit(args, result, lex, rules)
        return
    print(
        f"{tray} on {lex.name}: a ladder of {len(ladder)} move{'s' if len(ladder) != 1 else ''}, "
        f"drawing {draws} letter{'s' if draws != 1 else ''}"
    )
    after = tray
    for n, move in enumerate(ladder, 1):
        after = after.push(move, rules, lex)
        if not after.free_lines(rules) and move.kind == "place":  # the word that fills the tray: no draw after it
            print(f"  {n}. {move}  (the tray is full: the turn ends; tray {after.score} pts, rack {after.rack or '-'})")
        else:
            print(f"  {n}. {move}  (draw {n}; tray {after.score} pts, rack {after.rack or '-'})")
    if not ladder.exact:
        print(f"(the best found in {args.budget:g} ms, not proven the longest)")


def _cmd_hint(args: argparse.Namespace) -> None:
    from .lexicon.familiarity import Familiarity
    from .planning.advice import advise_position

    lex, tray, rules = _tray(args)
    opponent = _other_tray(args.opponent, lex, rules, "hint --opponent")
    if args.phase == "jarnac" and opponent is None:
        raise UsageError(f"{PROG} hint: --phase jarnac needs --opponent (the tray of the player who passed)")
    if args.unseen is not None and args.bag is not None:
        raise UsageError(f"{PROG} hint: give --unseen or --bag, not both (the bag gives the unseen tiles)")
    note = ""
    if args.unseen is not None:
        unseen = [lex.alphabet.tiles[c] for c in lex.alphabet.encode(args.unseen, what="--unseen")]
    else:
        name = args.bag if args.bag is not None else bag_name_for(lex)
        unseen = []
        if name is not None:
            bag = _user_bag(name, lex, "hint")
            unseen = unseen_tiles(bag, [tray] if opponent is None else [tray, opponent])
        elif args.phase in ("start", "play"):
            note = f"(no bag is known for {lex.name}: no draw sampled, no exchange; give --bag FILE or --unseen TILES)"
    # The formed lines: of the tray whose lines a value Jarnac could take (the passer's in the jarnac phase).
    passer = opponent if args.phase == "jarnac" and opponent is not None else tray
    turn = _formed_lines(args.formed, passer, rules, "hint: --formed")
    if args.disputed is not None and args.phase != "dispute":
        raise UsageError(f"{PROG} hint: --disputed is for --phase dispute")
    disputed = Move.parse(args.disputed, lex.alphabet) if args.disputed else None
    if args.phase == "dispute" and disputed is None:
        raise UsageError(f"{PROG} hint: --phase dispute needs --disputed MOVE (the opponent's move)")
    if args.phase == "dispute" and not rules.disputes:
        raise UsageError(f"{PROG} hint: --phase dispute: these rules have no disputes (--rules competitive)")
    familiarity = Familiarity.for_lexicon(lex) if args.familiarity or args.min_familiarity is not None else None
    budget = None if args.budget is None else args.budget / 1000
    advice = advise_position(
        lex, tray, opponent, unseen, args.phase, rules, args.top,
        formed_indexes=turn, disputed=disputed, budget=budget, samples=args.samples, seed=args.seed,
        familiarity=familiarity, min_familiarity=args.min_familiarity,
    )  # fmt: skip
    if args.json:
        result: dict[str, object] = {"tray": tray.to_dict(), "opponent": opponent.to_dict() if opponent else None}
        result["advice"] = advice.to_dict()
        result["hints"] = [o.hint.to_dict() for o in advice.options if o.hint is not None]
        _emit(args, result, lex, rules)
        return
    versus = f" against {opponent}" if opponent is not None else ""
    proven = "" if advice.exact else f" (the best found in {args.budget:g} ms, not proven)"
    print(f"{tray}{versus} on {lex.name}, {advice.phase} phase{proven}:")
    for n, option in enumerate(advice.options, 1):
        print(f"  {n}. {option.action}: " + "; ".join(option.reasons))
    if note:
        print(note)


def _turn_lines(text: str) -> str:
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isascii() and part.isdigit() and int(part) >= 1 for part in parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of line numbers such as 2,3")
    if len({int(part) for part in parts}) != len(parts):
        raise argparse.ArgumentTypeError(f"{text!r} names a line twice")
    return text


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value}: give a whole number of at least 1")
    return value


def _workers(text: str) -> int:
    value = _positive(text)
    if value > 256:
        raise argparse.ArgumentTypeError(f"{value} workers: at most 256")
    return value


def _number_in(low: float, high: float, what: str) -> Callable[[str], float]:
    """A parser of a number from ``low`` to ``high`` (refusing nan and inf), ``what`` naming it in errors."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text!r}: {what} is from {low:g} to {high:g}")
        return value

    return parse


_milliseconds = _number_in(0, 1e9, "a number of milliseconds")
_budget_ms = _number_in(1, 1e9, "a number of milliseconds")
_zipf = _number_in(0, 8, "a Zipf frequency")


def _games(text: str) -> int:
    value = _positive(text)
    if value > 10_000_000:
        raise argparse.ArgumentTypeError(f"{value} games: at most 10000000")
    return value


def _count(text: str) -> int:
    value = _whole(text)
    if not 0 <= value <= 100_000_000:
        raise argparse.ArgumentTypeError(f"{value}: give 0 to 100000000")
    return value


def _whole_or_zero(text: str) -> int:
    value = _whole(text)
    if not 0 <= value <= 10_000:
        raise argparse.ArgumentTypeError(f"{value}: give 0 to 10000")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


TRAY_HELP = 'a tray: "LINE LINE ... / RACK", e.g. "RAT BUT / ZW" (a "-" line is a gap; I.J is I then J)'
RULES_HELP = "the rules preset: the French sheet, the multilingual edition, the English write-up, competitive"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line."""
    output = _Parser(add_help=False, allow_abbrev=False)
    output.add_argument("--json", action="store_true", help="print one JSON document (docs/schema.json)")
    common = _Parser(add_help=False, parents=[output], allow_abbrev=False)
    common.add_argument(
        "--lexicon", default=DEFAULT_LEXICON, help="a bundled lexicon's name, a .jlex file or a word list"
    )
    word_list = _Parser(add_help=False, parents=[common], allow_abbrev=False)
    word_list.add_argument(
        "--sort",
        choices=ORDERS,
        default="alphabet",
        help="each length's words in this order: probability = likeliest to be drawn first (Zyzzyva's order)",
    )
    word_list.add_argument(
        "--probability", action="store_true", help="show each word's chance of being drawn from the full bag"
    )
    word_list.add_argument(
        "--familiarity",
        action="store_true",
        help="show how well known each word is (the familiarity extra: pip install 'jarnac-solver[familiarity]')",
    )
    word_list.add_argument("--bag", metavar="NAME|FILE", help="the bag of the probabilities (default: the lexicon's)")
    parser = _Parser(prog=PROG, description="Find the words and moves of the word game Jarnac.", allow_abbrev=False)
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, metavar="COMMAND")

    def command(name: str, about: str, parents: list[_Parser], **kw: Any) -> argparse.ArgumentParser:
        made = sub.add_parser(
            name, parents=parents, help=about, description=about, formatter_class=_Help, allow_abbrev=False, **kw
        )
        made.set_defaults(command_name=name)
        return made

    words = command("words", "every word formable from a rack, by length, with points", [word_list])
    words.add_argument("rack", help="the letters (I.J: a single I then a single J)")
    words.add_argument("--min-len", type=_positive, default=3, help="shortest word, in tiles")
    words.add_argument("--max-len", type=_positive, default=9, help="longest word, in tiles")
    words.set_defaults(func=_cmd_words)

    anagram = command("anagram", "words that use exactly these letters", [word_list])
    anagram.add_argument("letters", help="the letters, in any order")
    anagram.set_defaults(func=_cmd_anagram)

    check = command(
        "check", "judge words: valid or not in the lexicon, as it folds them (status 1 if one is not)", [common]
    )
    check.add_argument("words", nargs="+", metavar="WORD", help="the words to judge (accents and case are folded)")
    check.set_defaults(func=_cmd_check)

    search = command(
        "search", "words matching a pattern: ? one tile, * any run, [AEIOU] or [^AEIOU] one tile", [word_list]
    )
    search.add_argument("pattern", help="e.g. '?A*E' (quote it: the shell reads ? and *)")
    search.add_argument("--letters", metavar="RACK", help="only words formable from these letters")
    search.set_defaults(func=_cmd_search)

    extend = command("extend", "every extension of a word with rack letters (rearranged freely)", [word_list])
    extend.add_argument("word", help="the word on the line")
    extend.add_argument("rack", help="the spare letters that may be added")
    extend.add_argument("--max-len", type=_positive, default=9, help="longest extension, in tiles")
    extend.set_defaults(func=_cmd_extend)

    moves = command("moves", "every legal move of a tray, by line, with points", [common])
    moves.add_argument("tray", help=TRAY_HELP)
    moves.add_argument("--rules", default="sheet", choices=list(PRESETS), help=RULES_HELP)
    moves.set_defaults(func=_cmd_moves)

    jarnac = command("jarnac", "the best Jarnac against a tray that passed", [common])
    jarnac.add_argument("tray", help="the passer's tray: " + TRAY_HELP)
    jarnac.add_argument("--free-lines", type=_whole, help="lines the thief has free (default: all the rules' lines)")
    jarnac.add_argument("--thief", metavar="TRAY", help="the thief's tray as it is: its free lines decide the steals")
    jarnac.add_argument(
        "--objective", choices=OBJECTIVES, default="swing", help="swing: gain + the passer's loss; gain: placed points"
    )
    jarnac.add_argument("--rules", default="sheet", choices=list(PRESETS), help=RULES_HELP)
    jarnac.add_argument(
        "--budget", type=_milliseconds, metavar="MS", help="answer within this many milliseconds (default: exact)"
    )
    jarnac.add_argument(
        "--turn-lines",
        type=_turn_lines,
        help="value Jarnac (english rules): the numbers of the lines formed this turn, e.g. 2,3,4",
    )
    jarnac.set_defaults(func=_cmd_jarnac)

    plan = command("plan", "the longest ladder on the current letters, with the draws at each step", [common])
    plan.add_argument("tray", help=TRAY_HELP)
    plan.add_argument("--rules", default="sheet", choices=list(PRESETS), help=RULES_HELP)
    plan.add_argument(
        "--budget", type=_milliseconds, metavar="MS", help="answer within this many milliseconds (default: exact)"
    )
    plan.set_defaults(func=_cmd_plan)

    hint = command("hint", "what to do now, ranked, with the reasons: moves, draw or exchange, Jarnac", [common])
    hint.add_argument("tray", help=TRAY_HELP + "; your tray")
    hint.add_argument("--opponent", metavar="TRAY", help="the opponent's tray: the exposure is what it could call")
    hint.add_argument(
        "--phase",
        default="play",
        choices=["start", "play", "jarnac", "dispute"],
        help="start: draw or exchange; play: your moves; jarnac: the opponent (--opponent) just passed",
    )
    hint.add_argument("--bag", metavar="NAME|FILE", help="the full bag (default: the lexicon's); unseen = bag - trays")
    hint.add_argument("--unseen", metavar="TILES", help="the tiles still to come, instead of --bag (e.g. EEAIST)")
    hint.add_argument(
        "--formed", type=_turn_lines, metavar="LINES", help="lines formed this turn, e.g. 2,3 (for the value Jarnac)"
    )
    hint.add_argument("--disputed", metavar="MOVE", help="--phase dispute: the opponent's move, e.g. +ZORG")
    hint.add_argument(
        "--budget", type=_milliseconds, metavar="MS", help="answer within this many milliseconds (default: exact)"
    )
    hint.add_argument("--samples", type=_whole_or_zero, default=16, help="sampled next draws per move (default 16)")
    hint.add_argument("--seed", type=_whole, default=0, help="the seed of the sampled draws")
    hint.add_argument(
        "--familiarity",
        action="store_true",
        help="show how well known each word is (the familiarity extra: pip install 'jarnac-solver[familiarity]')",
    )
    hint.add_argument(
        "--min-familiarity", type=_zipf, metavar="ZIPF", help="only words at least this well known (0-8, e.g. 3)"
    )
    hint.add_argument("--top", type=_positive, default=5, help="how many options to show")
    hint.add_argument("--rules", default="sheet", choices=list(PRESETS), help=RULES_HELP)
    hint.set_defaults(func=_cmd_hint)

    executors = _Parser(add_help=False, allow_abbrev=False)
    where = executors.add_mutually_exclusive_group()
    where.add_argument("--processes", type=_workers, metavar="N", help="run on N local processes (no extra needed)")
    where.add_argument(
        "--workers",
        type=_workers,
        metavar="N",
        help="run on a local Dask cluster of N processes (the distributed extra)",
    )
    where.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on the Dask cluster at ADDRESS, e.g. tcp://host:8786"
    )

    play = command("play", "self-play: a match between two players, sides alternating", [common, executors])
    play.add_argument("--players", default="greedy,cautious", help=f"two of: {', '.join(PLAYERS)}")
    play.add_argument("--games", type=_games, default=10, help="how many games (1 to 10000000)")
    play.add_argument("--seed", type=_whole, default=1, help="the first game's seed (then seed+1, ...)")
    play.add_argument("--rules", default="sheet", choices=list(PRESETS), help=RULES_HELP)
    play.add_argument("--show", action="store_true", help="print every game turn by turn")
    play.add_argument(
        "--record", metavar="FILE", help="write the game records to FILE (text; JSON Lines if FILE ends in .jsonl)"
    )
    play.add_argument(
        "--bag",
        metavar="NAME|FILE",
        help="a built-in bag (fr, en) or a file such as '12A 2IJ ...' (default: the lexicon's)",
    )
    play.set_defaults(func=_cmd_play)

    replay = command("replay", "replay and check game records (text or JSON Lines)", [output])
    replay.add_argument("file", help="a file of game records, as play --record writes them")
    replay.add_argument("--lexicon", help="a bundled name, .jlex file or word list (default: each record's)")
    replay.add_argument("--show", action="store_true", help="print every game turn by turn")
    replay.set_defaults(func=_cmd_replay)

    audit = command("audit", "audit recorded games: every Jarnac window, what could be called, what was", [output])
    audit.add_argument("file", help="game records (text or JSON Lines), seeded or played over the board")
    audit.add_argument("--lexicon", help="a bundled name, .jlex file or word list (default: each record's)")
    audit.add_argument("--deep", action="store_true", help="also each turn's best first move and longest ladder")
    audit.add_argument("--workers", type=_workers, default=1, help="processes auditing in parallel (1 to 256)")
    audit.set_defaults(func=_cmd_audit)

    lexicon = sub.add_parser(
        "lexicon", help="build, inspect and list lexicons", description="build, inspect and list lexicons"
    )
    lsub = lexicon.add_subparsers(dest="lexicon_command", required=True, parser_class=_Parser, metavar="COMMAND")

    def lexicon_command(name: str, about: str, more: Sequence[_Parser] = ()) -> argparse.ArgumentParser:
        made = lsub.add_parser(
            name, parents=[output, *more], help=about, description=about, formatter_class=_Help, allow_abbrev=False
        )
        made.set_defaults(command_name=f"lexicon {name}")
        return made

    build = lexicon_command("build", "compile a word list (one word a line, UTF-8) into a .jlex file")
    build.add_argument("input", help="the word list")
    build.add_argument("output", help="the .jlex file to write")
    build.add_argument("--name", help="the name stored in the lexicon (default: the file's stem)")
    build.set_defaults(func=_cmd_lexicon_build)
    info = lexicon_command("info", "sizes, letters, source, licence and bag of a lexicon")
    info.add_argument("lexicon_spec", metavar="NAME|PATH", help="a bundled name, a .jlex file or a word list")
    info.set_defaults(func=_cmd_lexicon_info)
    listing = lexicon_command("list", "the bundled lexicons")
    listing.set_defaults(func=_cmd_lexicon_list)
    study = lexicon_command(
        "compare", "compare lexicons by how they play: racks, positions and games, with intervals", [executors]
    )
    study.add_argument("lexicons", nargs="+", metavar="LEXICON", help="bundled names, .jlex files or word lists")
    study.add_argument("--racks", type=_count, default=10_000, help="racks drawn from the bag")
    study.add_argument("--rack-size", type=_positive, default=7, help="tiles per rack (1 to 15)")
    study.add_argument("--no-ladders", action="store_true", help="skip the racks' longest ladders (the costliest part)")
    study.add_argument(
        "--ladder-budget",
        type=_budget_ms,
        metavar="MS",
        help="milliseconds per rack's ladder (default: exact; a budget that runs out changes a row, flagged)",
    )
    study.add_argument("--trays", type=_count, default=200, help="positions taken from self-play")
    study.add_argument(
        "--tray-budget", type=_budget_ms, metavar="MS", help="milliseconds per position's best Jarnac (default: exact)"
    )
    study.add_argument("--games", type=_count, default=100, help="self-play games on each lexicon")
    study.add_argument(
        "--players", default="ladder,ladder", help=f"the self-play players, two of: {', '.join(PLAYERS)}"
    )
    study.add_argument("--seed", type=_whole, default=0, help="the study's seed: the same seed, the same numbers")
    study.add_argument("--rules", default="sheet", choices=list(PRESETS), help=RULES_HELP)
    study.add_argument("--bag", metavar="NAME|FILE", help="one bag for every lexicon (default: each lexicon's own)")
    study.add_argument(
        "--engine",
        choices=["auto", "numpy", "python"],
        default="auto",
        help="rack counting: numpy batch or one query a rack",
    )
    study.add_argument("--rows", metavar="DIR", help="write every rack, position and game as a row into DIR")
    study.add_argument("--rows-format", choices=["csv", "parquet"], default="csv", help="the rows' file format")
    study.add_argument("--report", metavar="DIR", help="write a page with plots into DIR (the report extra)")
    study.add_argument("--no-familiarity", action="store_true", help="skip the difference words' familiarity")
    study.add_argument("--no-progress", action="store_true", help="no progress bar on a terminal")
    study.set_defaults(func=_cmd_lexicon_compare)
    diff = lexicon_command("diff", "the words in one lexicon and not the other, by length, likeliest first")
    diff.add_argument("first", metavar="A", help="a bundled name, a .jlex file or a word list")
    diff.add_argument("second", metavar="B", help="the lexicon to compare it with")
    diff.add_argument(
        "--limit", type=_whole_or_zero, default=10, help="words shown per length and side (0: all of them)"
    )
    diff.add_argument("--length", type=_positive, metavar="TILES", help="only words of this many tiles")
    diff.add_argument(
        "--sort", choices=ORDERS, default="probability", help="each length's words in this order (see words --sort)"
    )
    diff.add_argument("--bag", metavar="NAME|FILE", help="the bag of the probabilities (default: each lexicon's)")
    diff.set_defaults(func=_cmd_lexicon_diff)
    return parser


COMMANDS = (
    "words",
    "anagram",
    "check",
    "search",
    "extend",
    "moves",
    "jarnac",
    "plan",
    "hint",
    "play",
    "replay",
    "audit",
    "lexicon",
)
LEXICON_COMMANDS = ("build", "info", "list", "compare", "diff")


def _command_name(argv: Sequence[str]) -> str:
    """The command named in ``argv`` (for an error document), ``""`` when it names none we know."""
    words = [a for a in argv if not a.startswith("-")]
    if not words or words[0] not in COMMANDS:
        return ""
    if words[0] == "lexicon" and len(words) > 1 and words[1] in LEXICON_COMMANDS:
        return f"lexicon {words[1]}"
    return words[0]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0; 1 when ``check`` finds a word not valid; 2 on bad input).

    >>> main(["anagram", "ohccau", "--lexicon", "en"])
    anagrams of OHCCAU on en: 1 word
    6 letters (36 pts): CACHOU
    0
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        args.func(args)
    except (UsageError, JarnacError) as exc:
        kind = "UsageError" if isinstance(exc, UsageError) else type(exc).__name__
        message = str(exc) if isinstance(exc, UsageError) else f"{PROG}: error: {exc}"
        if "--json" in argv:
            error = {"type": kind, "message": str(exc)}
            print(json.dumps({"schema": SCHEMA, "command": _command_name(argv), "error": error}, ensure_ascii=False))
        else:
            print(message, file=sys.stderr)
        return 2
    except _PartialFailure:
        return 2
    except _NotAllValid:
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    return 0


def main_exit() -> NoReturn:
    """Entry point of the ``jarnac-solver`` console script."""
    raise SystemExit(main())
