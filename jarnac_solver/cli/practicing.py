"""The ``puzzle`` and ``quiz`` commands: practice between games (:mod:`jarnac_solver.practice`)."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from typing import Any

from ..errors import InvalidInputError
from ..game.record import iter_records
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from ..textfile import read_text
from .errors import PROG, UsageError, _NotAllValid
from .output import _emit


def _cmd_puzzle(args: argparse.Namespace) -> None:
    from ..practice.puzzles import KINDS, daily_puzzle, judge, self_play_puzzles

    lex = Lexicon.resolve(args.lexicon)
    kinds = (args.kind,) if args.kind else KINDS
    if args.kind and args.seed is None and args.mistakes is None:
        raise UsageError(f"{PROG} puzzle: --kind goes with --seed or --mistakes (the daily puzzle's kind is the day's)")
    if args.seed is not None:
        found = self_play_puzzles(lex, args.number, seed=args.seed, kinds=kinds, max_games=200 * args.number)
        if len(found) < args.number:
            raise InvalidInputError(f"only {len(found)} puzzles found from seed {args.seed}, not {args.number}")
        puzzle, head = found[args.number - 1], None
    elif args.mistakes is not None:
        puzzle, head = _mistake(args, lex, kinds), None
    else:
        day = args.date or dt.datetime.now(dt.timezone.utc).date().isoformat()
        puzzle = daily_puzzle(lex, day)
        head = Reason("practice.daily", {"date": str(day)})
    answer = args.answer
    if answer is None and not args.json and not args.reveal and sys.stdin.isatty():
        print(_shown(puzzle, head))
        try:
            answer = input(Reason("practice.your_answer", {"answer": ""}).text().rstrip() + " ")
        except EOFError:
            answer = None
        shown = True
    else:
        shown = False
    judged = None if answer is None else judge(puzzle, answer, lex)
    if args.json:
        result: dict[str, Any] = {"puzzle": puzzle.to_dict() if judged or args.reveal else _public(puzzle.to_dict())}
        if head is not None:
            result["daily"] = head.values["date"]
        result["judgement"] = None if judged is None else judged.to_dict()
        _emit(args, result, lex, puzzle.rules)
    else:
        if not shown:
            print(_shown(puzzle, head))
        if judged is not None:
            print(judged.reason())
        elif args.reveal:
            print(Reason("practice.and", {"first": puzzle.answer, "second": puzzle.explanation()}))
    if judged is not None and not judged.right:
        raise _NotAllValid()


_HIDDEN = ("answer", "value", "next_best", "next_value", "margin", "unit", "line", "points", "next_points",
           "options", "open_side", "explanation")  # fmt: skip
"""What a puzzle's document leaves out until it is answered or revealed."""


def _public(document: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in document.items() if k not in _HIDDEN}


def _shown(puzzle: Any, head: Reason | None) -> str:
    text = puzzle.text()
    return text if head is None else f"{head}\n{text}"


def _mistake(args: argparse.Namespace, lex: Lexicon, kinds: tuple[str, ...]) -> Any:
    from ..play.review import review
    from ..practice.mistakes import mistake_puzzles

    errors: list[InvalidInputError] = []
    records = list(iter_records(read_text(args.mistakes, "file of game records", InvalidInputError), args.mistakes,
                                errors))  # fmt: skip
    if errors:
        raise errors[0]
    if not records:
        raise UsageError(f"{PROG} puzzle: {args.mistakes} holds no game record")
    player = "AB".index(args.player)
    found = []
    for record in records:
        if args.playouts:
            result = review(record, lex, playouts=args.playouts, player=player)
        else:
            result = review(record, lex, depth="plan", player=player)
        found += mistake_puzzles(result, player, lex, worst=1000, kinds=kinds)
    if len(found) < args.number:
        raise InvalidInputError(
            f"{len(found)} puzzles from {args.player}'s mistakes in {args.mistakes}, not {args.number}"
        )
    return found[args.number - 1]
