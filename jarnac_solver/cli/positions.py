"""The position commands: ``moves``, ``jarnac``, ``plan`` and ``hint`` (a tray in, the move layer and the planner)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

from ..commands.hint import HintRequest, hint
from ..commands.jarnac import JarnacRequest, jarnac
from ..commands.model import RequestError
from ..commands.moves import MovesRequest, moves
from ..commands.plan import PlanRequest, plan
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from .errors import PROG, UsageError
from .models import request_of
from .options import user_bag
from .output import emit, said

R = TypeVar("R")


def _cmd_moves(args: argparse.Namespace) -> None:
    moved = moves(request_of(args, MovesRequest))
    at = moved.position
    if at.note:
        args.notes.append(at.note)
    if args.json:
        emit(args, moved.result(), at.lexicon, at.rules)
        return
    tray, lex, found = at.tray, at.lexicon, moved.moves
    print(said("cli.moves_header", tray=str(tray), lexicon=lex.name, count=len(found), points=tray.score))
    for line, words in enumerate(found.extensions):
        if words:
            old = tray.lines[line]
            cells = [f"{w} (+{tray.tiles(w) ** 2 - tray.tiles(old) ** 2})" for w in words]  # no Move built
            print(said("cli.moves_line", n=line + 1, word=old, moves=" ".join(cells)))
    if found.places:
        line = tray.next_line_index + 1
        cells = [f"{w} ({tray.tiles(w) ** 2})" for w in sorted(found.places, key=lambda w: (-tray.tiles(w), w))]
        print(said("cli.moves_new", n=line, moves=" ".join(cells)))


def _unproven(args: argparse.Namespace, seconds: float, what: str = "") -> str:
    """What an unproven answer says: the budget that ended it (or a search's memory limit, when it ended
    well before its time: ``seconds`` is how long it took), and how to ask for the proof."""
    from ..budget import DEFAULT_BUDGET, EXACT, MEMO_LIMIT

    proven = Reason(f"cli.not_proven_{what}" if what else "cli.not_proven")
    allowed = None if args.budget == EXACT else DEFAULT_BUDGET if args.budget is None else float(args.budget) / 1000
    if allowed is None or seconds < 0.9 * allowed:
        return said("cli.unproven_memory", states=MEMO_LIMIT, proven=proven)
    if args.budget is None:
        return said("cli.unproven_default", seconds=f"{DEFAULT_BUDGET:g}", proven=proven)
    return said("cli.unproven_budget", ms=f"{args.budget:g}", proven=proven)


def _answered(run: Callable[[], R], args: argparse.Namespace) -> R:
    """A position command's answer from the library, its refusal of the request a usage error."""
    try:
        return run()
    except RequestError as exc:
        raise UsageError(f"{PROG} {args.command_name}: {exc}") from None


def _cmd_jarnac(args: argparse.Namespace) -> None:
    called = _answered(lambda: jarnac(request_of(args, JarnacRequest)), args)
    at = called.position
    if at.note:
        args.notes.append(at.note)
    if args.json:
        emit(args, called.result(), at.lexicon, at.rules)
        return
    for indent, verdict in called.verdict():
        print(f"{indent}{verdict}")
    if not called.plan.exact:
        print(_unproven(args, called.seconds, "best"))


def _cmd_plan(args: argparse.Namespace) -> None:
    planned = plan(request_of(args, PlanRequest))
    at, ladder, draws = planned.position, planned.ladder, planned.draws
    if at.note:
        args.notes.append(at.note)
    if args.json:
        emit(args, planned.result(), at.lexicon, at.rules)
        return
    tray, lex, rules = at.tray, at.lexicon, at.rules
    drawing = Reason("cli.plan_drawing", {"draws": draws})
    print(said("cli.plan_header", tray=str(tray), lexicon=lex.name, count=len(ladder), drawing=drawing))
    after = tray
    for n, move in enumerate(ladder, 1):
        after = after.push(move, rules, lex)
        full = not after.free_lines(rules) and move.kind == "place"  # the word that fills the tray: no draw after it
        code = "cli.plan_step_full" if full else "cli.plan_step"
        print("  " + said(code, n=n, move=str(move), points=after.score, rack=after.rack or "-"))
    if not ladder.exact:
        print(_unproven(args, planned.seconds, "longest"))


def _cmd_hint(args: argparse.Namespace) -> None:
    def bag_of(name: str, lex: Lexicon) -> Bag:  # a built-in bag's name or a bag file
        return user_bag(name, lex, "hint")

    hinted = _answered(lambda: hint(request_of(args, HintRequest), Lexicon.resolve, bag_of), args)
    at, opponent, advice = hinted.position, hinted.opponent, hinted.advice
    if at.note:
        args.notes.append(at.note)
    if args.json:
        emit(args, hinted.result(), at.lexicon, at.rules)
        return
    proven = "" if advice.exact else " " + _unproven(args, hinted.seconds)
    values: dict[str, str | Reason] = {"tray": str(at.tray), "lexicon": at.lexicon.name}
    values["phase"] = Reason(f"phase_{advice.phase}")
    if opponent is not None:
        values["opponent"] = str(opponent)
    print(f"{Reason('hint_header' if opponent is None else 'hint_header_versus', values)}{proven}:")
    for n, option in enumerate(advice.options, 1):
        print(f"  {n}. {option.action}: " + "; ".join(map(str, option.reasons)))
    if hinted.note:
        print(hinted.note)
