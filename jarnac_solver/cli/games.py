"""The game commands: ``play`` (self-play), ``replay`` and ``audit`` (game records)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TextIO

from ..errors import IllegalActionError, InvalidInputError, JarnacError, located
from ..game.game import Game
from ..game.record import UNFINISHED, GameRecord, iter_records, read_records
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from ..play.audit import result_reason
from ..play.players import (
    ALIASES,
    PLAYERS,
    PlayerSpec,
    make_player,
    play_match,
    rating_rows,
    ratings,
    strongest_first,
)
from ..textfile import read_text
from .errors import PROG, PartialFailure, UsageError
from .options import executor_from, rules_and_lexicon, user_bag
from .output import counted, emit, progress_bar, said
from .parser import PLAY_DEFAULT_PLAYERS


def _show(record: GameRecord, lex: Lexicon, number: int = 1) -> Game:
    """Replay a game, printing it turn by turn as a person would follow it, in the reader's language (the
    actions in the game's notation, which is the same in every language); returns the game."""
    played = said("cli.show_over_board") if record.seed is None else said("cli.show_seed", seed=record.seed)
    a, b = record.players
    print(said("cli.show_game", n=number, a=a, b=b, played=played))

    def show(game: Game, who: int, text: str, before: tuple[int, int]) -> None:
        after = game.scores()
        n = len(game.actions)
        over = record.clock and record.clock[n - 1][1]
        clock = "  " + said("cli.show_time_over", seconds=record.clock[n - 1][0], action=text) if over else ""
        gained = after[who] - before[who]
        note = f" (+{gained})" if gained > 0 else ""
        if text.startswith("jarnac"):
            lost = before[1 - who] - after[1 - who]
            note = " " + said("cli.show_jarnac", points=gained, loser="AB"[1 - who], lost=lost)
        drew = game.drawn_text(game.actions[-1])
        print(f"  {'AB'[who]}: {text}{note}" + ("  " + said("cli.show_draws", tiles=drew) if drew else "") + clock)
        if text == "decline" or text.startswith("jarnac") or game.is_over():
            for i in range(2):
                print(f"      {'AB'[i]} {game.state.trays[i]}  [{counted('cli.n_points', after[i]).text()}]")

    game = record.replay(lex, show)
    outcome = result_reason(_outcome(game))
    print("  " + said("audit_result_said", a=record.scores[0], b=record.scores[1], result=outcome))
    return game


def _outcome(game: Game) -> str:
    """How the game ended, or that it has not (the scores are then those on the trays)."""
    return game.state.result if game.is_over() else UNFINISHED


def _players_table(lexicon: str) -> list[dict[str, object]]:
    """The built-in players strongest first by ``lexicon``'s ratings (a lexicon never rated: by their mean
    over the rated ones, :func:`~..play.players.strongest_first`, as the page lists them), each with what it
    does in the reader's language, the player it plays as (an old name, listed after it) and its Elo on each
    rated lexicon."""
    tables = ratings()
    names = strongest_first(list(PLAYERS))
    table = tables.get(lexicon)
    if table is not None:
        rated = sorted((n for n in names if n in table), key=lambda n: -table[n])  # stable: the mean's order on a tie
        names = rated + [n for n in names if n not in table]
    names = [n for n in names if n not in ALIASES]
    for alias, name in ALIASES.items():
        names.insert(names.index(name) + 1, alias)
    details = rating_rows()
    rows: list[dict[str, object]] = []
    for name in names:
        elo = {lex: t[name] for lex, t in sorted(tables.items()) if name in t}
        found = {lex: details[lex][name] for lex in elo}
        interval = {lex: [int(row["low"]), int(row["high"])] for lex, row in found.items()}
        measured = [lex for lex, row in found.items() if "measured" in row]
        shown = ALIASES.get(name, name)
        about = Reason(f"page.player_{shown}", {}).text()
        rows.append(
            {
                "name": name,
                "about": about,
                "plays_as": ALIASES.get(name),
                "elo": elo,
                "interval": interval,
                "against_planner": measured,
            }
        )
    return rows


def _list_players(args: argparse.Namespace) -> None:
    if args.players != PLAY_DEFAULT_PLAYERS:
        raise UsageError(f"{PROG} play: --list-players plays nothing: give it no --players")
    lex = Lexicon.resolve(args.lexicon)
    rows = _players_table(lex.name)
    if args.json:
        emit(args, {"players": rows}, lex, None)
        return
    lexicons = sorted(ratings())
    if lex.name in lexicons:
        print(said("cli.players_title", lexicon=lex.name))
    else:
        print(said("cli.players_title_unrated", lexicon=lex.name, lexicons=", ".join(lexicons)))
    shown: list[tuple[str, str, str]] = []
    for row in rows:
        elo: dict[str, int] = row["elo"]  # type: ignore[assignment]
        if row["plays_as"] is not None:
            levels = said("cli.players_plays_as", name=str(row["plays_as"]))
        elif elo:
            marked: list[str] = row["against_planner"]  # type: ignore[assignment]
            levels = "  ".join(
                f"{elo[lex]:+5d}{'*' if lex in marked else ' '} {lex}" if lex in elo else f"{'':>6} {lex}"
                for lex in lexicons
            )
        else:
            levels = said("cli.players_unrated")
        shown.append((str(row["name"]), levels, str(row["about"])))
    name_width = max(len(name) for name, _, _ in shown)
    level_width = max(len(levels) for _, levels, _ in shown)
    for name, levels, about in shown:
        print(f"  {name:<{name_width}}  {levels:<{level_width}}  {about}")
    if any(row["against_planner"] for row in rows):
        print(said("cli.players_against_planner"))


def _cmd_play(args: argparse.Namespace) -> None:
    if args.list_players:
        _list_players(args)
        return
    rules, lex = rules_and_lexicon(args)
    if args.clock is not None:
        rules = rules.replace(think_seconds=args.clock)
    players = [p.strip() for p in args.players.split(",")]
    if len(players) != 2:
        raise UsageError(f"{PROG} play: --players takes two names, e.g. greedy,exchanger")
    for name in players:
        make_player(name)
    seated: list[str | PlayerSpec] = list(players)
    if args.playouts is not None:
        simulated = ("sim", "sim-learned", "sim-bounded")
        if not any(p in simulated for p in players):
            named = ", ".join(simulated)
            raise UsageError(f"{PROG} play: --playouts sets a simulation's play-outs ({named}); --players names none")
        # Each game makes its sims afresh with its seed (as by name): the same games on any executor.
        seated = [PlayerSpec(p, (("playouts", args.playouts),)) if p in simulated else p for p in players]
    records: list[GameRecord] = []
    show_bar = sys.stderr.isatty() and args.games >= 10 and not args.json
    progress = progress_bar("games") if show_bar else None
    executor = executor_from(args)
    if args.record is not None and not args.record.strip():
        raise UsageError(f"{PROG} play: --record is empty: give a file name (.jsonl for JSON Lines)")
    record_file = _open_for_writing(args.record) if args.record else None  # before the work, not after
    start = time.perf_counter()
    bag = user_bag(args.bag, lex, "play") if args.bag is not None else None
    result = play_match(lex, seated, args.games, rules, args.seed, progress, records, bag, executor)
    seconds = time.perf_counter() - start
    if show_bar:
        print(file=sys.stderr)
    if record_file is not None:
        try:
            with record_file:
                if args.record.lower().endswith(".jsonl"):
                    record_file.write("".join(json.dumps(r.to_dict(), ensure_ascii=False) + "\n" for r in records))
                else:
                    record_file.write("\n".join(str(r) for r in records))
        except OSError as exc:
            raise UsageError(f"{PROG} play: cannot write {args.record}: {exc.strerror}") from None
    if args.show:
        for number, record in enumerate(records, 1):
            _show(record, lex, number)
    if args.json:
        emit(args, {**result.to_dict(), "records": [r.to_dict() for r in records]}, lex, rules)
        return
    clock = said("cli.match_clock", seconds=f"{rules.think_seconds:g}") if rules.think_seconds is not None else ""
    games = counted("cli.n_games", args.games)
    last = args.seed + args.games - 1
    header = dict(lexicon=lex.name, rules=args.rules, clock=clock, first=args.seed, last=last, seconds=seconds)
    print(said("cli.match_header", games=games, **header))
    print(result.table())


def _open_for_writing(path: str) -> TextIO:
    """``path`` opened for writing, or a usage error naming it (checked before any work is done)."""
    try:
        return open(path, "w", encoding="utf-8")  # closed by the caller's with
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise UsageError(f"{PROG} play: cannot write {path!r}: {getattr(exc, 'strerror', None) or exc}") from None


def _cmd_replay(args: argparse.Namespace) -> None:
    records = read_records(args.file)
    if not records:
        raise UsageError(f"{PROG} replay: {args.file} holds no game record")
    games = []
    lex: Lexicon | None = None
    for n, record in enumerate(records, 1):
        try:
            lex = Lexicon.resolve(args.lexicon or record.lexicon)
            game = _show(record, lex, n) if args.show and not args.json else record.replay(lex)
        except (IllegalActionError, InvalidInputError) as exc:  # the file and the game named
            raise located(located(exc, Reason("audit_game_number", {"number": n})), args.file) from None
        games.append(
            {
                "game": n,
                "seed": record.seed,
                "actions": len(record.actions),
                "scores": list(game.scores()),
                "result": _outcome(game),
                "finished": game.is_over(),
            }
        )
        if not args.show and not args.json:
            print(
                f"game {n}: {len(record.actions)} actions replayed, A {game.scores()[0]} - B {game.scores()[1]}"
                f", {_outcome(game)}: ok"
            )
    if args.json:
        emit(args, {"games": games}, lex if args.lexicon else None, None)


def _cmd_audit(args: argparse.Namespace) -> None:
    from ..play.audit import AuditReport, audit_many, audit_totals

    errors: list[InvalidInputError] = []
    records: list[GameRecord] = []
    numbers: list[int] = []  # each record's game number in the file (records that did not read counted)
    for record in iter_records(read_text(args.file, "file of game records", InvalidInputError), str(args.file), errors):
        records.append(record)
        numbers.append(len(records) + len(errors))
    # The records that read but do not replay (a draw the bag does not hold, a word not in the lexicon): each
    # said with its game, the others audited, as for a record that does not read (status 2 at the end).
    unplayable: list[JarnacError] = []
    if not records and not errors:
        raise UsageError(f"{PROG} audit: {args.file} holds no game record")
    lex = Lexicon.resolve(args.lexicon) if args.lexicon else None
    show_bar = sys.stderr.isatty() and len(records) >= 5 and not args.json

    def progress(done: int) -> None:
        if show_bar:
            filled = done * 30 // len(records)
            print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{len(records)} games", end="", file=sys.stderr)

    try:
        reports: list[AuditReport] = audit_many(records, lex, args.deep, args.workers, progress, unplayable, numbers)
    except (IllegalActionError, InvalidInputError) as exc:
        raise located(exc, args.file) from None
    problems: list[JarnacError] = [*errors, *(located(e, args.file) for e in unplayable)]
    if show_bar:
        print(file=sys.stderr)
    totals = audit_totals(reports)
    if args.json:
        result = {
            "games": [r.to_dict() for r in reports],
            "errors": [e.message() for e in problems],
            "summary": {"AB"[i]: t.to_dict() for i, t in enumerate(totals)},
        }
        emit(args, result, lex, None)
    else:
        for report in reports:
            print(report.text())
        windows = sum(len(r.windows) for r in reports)
        games, seen = counted("cli.n_games", len(reports)), counted("cli.n_windows", windows)
        print(said("cli.games_audited", games=games, windows=seen))
    for error in problems:
        print(f"{PROG} audit: {error.message()}", file=sys.stderr)
    if problems:
        raise PartialFailure()
