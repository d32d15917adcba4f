"""The ``review`` command: every decision of recorded games weighed against the engine's best, said in the
reader's language (``--lang``: the review's lines are catalog messages)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import IllegalActionError, InvalidInputError, JarnacError, located
from ..executors import LocalProcesses
from ..game.record import GameRecord, iter_records
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from ..textfile import read_text
from .errors import PROG, PartialFailure, UsageError
from .output import emit, progress_bar


def _cmd_review(args: argparse.Namespace) -> None:
    from ..play.review import Review, review

    errors: list[InvalidInputError] = []
    records: list[tuple[int, GameRecord]] = []  # each with its game number in the file (those that did not read too)
    for record in iter_records(read_text(args.file, "file of game records", InvalidInputError), str(args.file), errors):
        records.append((len(records) + len(errors) + 1, record))
    if not records and not errors:
        raise UsageError(f"{PROG} review: {args.file} holds no game record")
    folder = _report_folder(args.report) if args.report else None
    lex = Lexicon.resolve(args.lexicon) if args.lexicon else None
    player = None if args.player is None else "AB".index(args.player)
    executor = LocalProcesses(args.jobs) if args.jobs > 1 else None
    show_bar = sys.stderr.isatty() and not args.json
    problems: list[JarnacError] = list(errors)
    reviews: list[tuple[int, Review]] = []
    for number, record in records:
        bar = progress_bar(f"actions of game {number}") if show_bar else None
        try:
            found = review(
                record, lex, playouts=args.playouts, budget=args.budget / 1000, seed=args.seed, top=args.top,
                player=player, depth=args.depth, executor=executor, progress=bar,
            )  # fmt: skip
        except (IllegalActionError, InvalidInputError) as exc:  # this game said, the others reviewed
            problems.append(located(located(exc, Reason("audit_game_number", {"number": number})), args.file))
            continue
        finally:
            if bar is not None:
                print(file=sys.stderr)
        reviews.append((number, found))
        if not args.json:
            print(found.text(player))
    if folder is not None:
        from ..play.review_graph import write_graph

        for number, found in reviews:
            path = write_graph(found, folder / f"review-{number}.png")
            if not args.json:
                print(Reason("review.graph_written", {"number": number, "path": str(path)}))
    if args.json:
        result = {"games": [found.to_dict() for _, found in reviews], "errors": [e.message() for e in problems]}
        emit(args, result, lex, None)
    else:
        decisions = sum(len(found.decisions) for _, found in reviews)
        games = Reason("review.games_reviewed", {"count": len(reviews)})
        weighed = Reason("review.decisions_weighed", {"count": decisions})
        print(Reason("review.done", {"games": games, "decisions": weighed}))
    for error in problems:
        print(f"{PROG} review: {error.message()}", file=sys.stderr)
    if problems:
        raise PartialFailure()


def _report_folder(name: str) -> Path:
    """``--report DIR`` made (before any work, so that a bad folder is said at once)."""
    folder = Path(name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        raise UsageError(f"{PROG} review: cannot write to {name!r}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        import matplotlib  # noqa: F401  # checked before the work, not after it
    except ImportError:
        raise UsageError(f"{PROG} review: --report needs matplotlib: pip install 'jarnac-solver[report]'") from None
    return folder
