"""``jarnac-solver nain-jaune play|replay``: games between the built-in players and people, and records checked.

Key idea: the command line's parser holds these commands' options and names
this module by its full name (as it does ``serve``'s), so no Jarnac layer
imports Nain Jaune; a handler raises the library's errors, which the
command line prints as one line (status 2) or, with ``--json``, as the
error document. The ``--json`` documents are the envelope of
``jarnac_solver/server/schema.json`` (``lexicon`` and ``rules`` null; the options are in the result).
A seat named ``person`` is a person at this terminal (:mod:`.person`): the
table is shown and its plays read as the game goes; the end of the input
stops the game there, its record (``--record``) kept up to the last whole turn.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ..errors import InvalidInputError, JarnacError, located
from ..messages import Reason
from ..textfile import read_text
from .cards import hand_text
from .engine import SEATS, Game, players_error
from .options import Options
from .person import TableLeft
from .players import make_player, play_on
from .record import GameRecord, parse_records

SCHEMA = "jarnac-solver/1"
"""The envelope's ``schema`` (the command line's ``SCHEMA``; a test keeps them equal)."""


def _emit(args: argparse.Namespace, result: dict[str, Any]) -> None:
    document = {"schema": SCHEMA, "command": args.command_name, "lexicon": None, "rules": None, "result": result}
    print(json.dumps(document, ensure_ascii=False))


def _show(game: Game) -> None:
    """Print ``game`` turn by turn: each round's deal, then each turn with its takes and payments (in English,
    as the record writes its result)."""
    again = Game(game.players, game.options, game.seed)
    shown = 0
    line: list[str] = []
    who = -1

    def flush() -> None:
        if line:
            print(f"  {SEATS[who]}: {' '.join(line)}")
            line.clear()

    for played in game.history:
        s = again.state
        if s.round != shown:
            flush()
            shown = s.round
            print(f"round {s.round}: {SEATS[s.dealer]} deals; points {list(s.holdings)}, board {list(s.board)}")
            for p, hand in enumerate(s.hands):
                print(f"  {SEATS[p]} holds {hand_text(hand)}")
        if played.player != who:
            flush()
            who = played.player
        again.push(played.action)
        line.append(
            str(played.action)
            + "".join(f" ({note.text('en')})" for note in played.notes if note.code != "nj.note_deals")
        )
    flush()
    print(f"  result: {game.state.result or 'unfinished'}")


def _back_to_a_whole_turn(game: Game) -> None:
    """Undo the actions of a turn left halfway (a person leaving in the middle of its run): a record is
    written a turn a line, each line a whole turn."""
    s = game.state
    while game.history and game.history[-1].round == s.round and game.history[-1].player == s.to_act:
        game.pop()
        s = game.state


def _writable(name: str) -> Path:
    """``--record``'s file, checked before the games (not a traceback after them)."""
    path = Path(name)
    if path.is_dir():
        raise InvalidInputError(f"--record {name!r} is a folder: name a file (.jsonl for JSON Lines)")
    if not path.parent.is_dir():
        raise InvalidInputError(f"--record {name!r}: the folder {str(path.parent)!r} does not exist")
    return path


def _cmd_nain_jaune_play(args: argparse.Namespace) -> None:
    names = [name.strip() for name in args.players.split(",")]
    if not 2 <= len(names) <= 4:
        raise players_error(len(names))
    for name in names:
        make_player(name)  # an unknown name fails before any game is played
    if "person" in names and args.json:
        raise InvalidInputError(Reason("nj.error_person_json"))
    options = Options.from_assignments(args.rule or [])
    options.hand_for(len(names))
    records: list[GameRecord] = []
    wins = dict.fromkeys(names, 0.0)
    target = _writable(args.record) if args.record else None  # said before any game is played
    seated = "person" in names  # a person read the game's end at the table, in its language
    for g in range(args.games):
        seats = [names[(i + g) % len(names)] for i in range(len(names))]
        game = Game(len(seats), options, args.seed + g)
        players = [make_player(name, (args.seed + g) * 4 + i) for i, name in enumerate(seats)]
        left = False
        try:
            play_on(game, players, seats)
        except TableLeft:
            left = True  # the game stops where the person left; its record holds every whole turn played
            _back_to_a_whole_turn(game)
        record = GameRecord.of(game, tuple(seats))
        records.append(record)
        best = game.winners() if game.is_over() else []
        for seat in best:
            wins[seats[seat]] += 1 / len(best)
        if args.show and not args.json:
            print(f"game {g + 1} (seed {args.seed + g}): {', '.join(f'{SEATS[i]} {n}' for i, n in enumerate(seats))}")
            _show(game)
        elif not args.json and not seated:
            said = ", ".join(f"{SEATS[i]} {n} {game.holdings[i]}" for i, n in enumerate(seats))
            print(
                f"game {g + 1} (seed {args.seed + g}): {said}; {game.state.round} rounds;"
                f" {game.state.result or 'unfinished'}"
            )
        if left:
            break
    if target is not None:
        if target.name.lower().endswith(".jsonl"):  # JSON Lines, as Jarnac's play --record writes them
            text = "".join(json.dumps(r.to_dict(), ensure_ascii=False) + "\n" for r in records)
        else:
            text = "\n".join(str(r) for r in records)
        try:
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InvalidInputError(f"--record {args.record!r}: cannot write it ({exc.strerror})") from None
    if args.json:
        _emit(
            args,
            {
                "players": names,
                "options": options.to_dict(),
                "games": args.games,
                "seed": args.seed,
                "wins": wins,
                "records": [r.to_dict() for r in records],
            },
        )
        return
    if seated:
        if args.record:
            print(Reason("nj.record_written", {"file": args.record}))
        return
    said = ", ".join(f"{name} {w:g}" for name, w in wins.items())
    print(f"{len(records)} game{'s' if len(records) != 1 else ''}, wins: {said}")
    if args.record:
        print(f"records written to {args.record}")


def _cmd_nain_jaune_replay(args: argparse.Namespace) -> None:
    text = read_text(args.file, "file of Nain Jaune records")
    records = parse_records(text, args.file)
    if not records:
        raise InvalidInputError(f'{args.file}: no game (a game opens with [Game "Nain Jaune"])')
    games: list[dict[str, Any]] = []
    for i, record in enumerate(records, 1):
        try:
            game = record.replay()
        except JarnacError as exc:
            raise located(exc, f"{args.file}: game {i}") from None
        games.append(
            {
                "seed": record.seed,
                "players": list(record.players),
                "rounds": game.state.round,
                "actions": len(game.history),
                "holdings": list(game.holdings),
                "result": game.state.result or "unfinished",
            }
        )
        if args.show and not args.json:
            print(f"game {i} (seed {record.seed}): {', '.join(record.players)}")
            _show(game)
        elif not args.json:
            print(
                f"game {i} (seed {record.seed}): checked, {game.state.round} rounds, {len(game.history)} actions;"
                f" {game.state.result or 'unfinished'}"
            )
    if args.json:
        _emit(args, {"games": games})
