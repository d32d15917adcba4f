"""The position commands: ``moves``, ``jarnac``, ``plan`` and ``hint`` (a tray in, the move layer and the planner)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import TypeVar

from ..commands.jarnac import JarnacRequest, jarnac
from ..commands.model import RequestError
from ..commands.moves import MovesRequest, moves
from ..commands.plan import PlanRequest, plan
from ..commands.positions import budget_seconds
from ..errors import InvalidInputError
from ..lexicon.bag import bag_name_for
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from ..moves.move import Move
from ..moves.rules import Rules
from ..moves.tray import Tray
from ..planning.planner import unseen_tiles
from .errors import PROG, UsageError
from .models import request_of
from .options import _rules_and_lexicon, _user_bag
from .output import _emit, said

R = TypeVar("R")


def _tray(args: argparse.Namespace) -> tuple[Lexicon, Tray, Rules]:
    rules, lex = _rules_and_lexicon(args)
    return lex, Tray.parse(args.tray, lex.alphabet), rules


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
    moved = moves(request_of(args, MovesRequest))
    at = moved.position
    if at.note:
        args.notes.append(at.note)
    if args.json:
        _emit(args, moved.result(), at.lexicon, at.rules)
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


def _budget(args: argparse.Namespace) -> float | None:
    """The search budget the options ask for, in seconds: ``--exact`` none (EXACT), no option the library's
    default ceiling (``None``)."""
    return budget_seconds(args.budget)


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
        _emit(args, called.result(), at.lexicon, at.rules)
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
        _emit(args, planned.result(), at.lexicon, at.rules)
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
    from ..lexicon.familiarity import Familiarity
    from ..planning.advice import advise_position

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
    budget = _budget(args)
    start = time.monotonic()
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
    proven = "" if advice.exact else " " + _unproven(args, time.monotonic() - start)
    values: dict[str, str | Reason] = {"tray": str(tray), "lexicon": lex.name, "phase": Reason(f"phase_{advice.phase}")}
    if opponent is not None:
        values["opponent"] = str(opponent)
    print(f"{Reason('hint_header' if opponent is None else 'hint_header_versus', values)}{proven}:")
    for n, option in enumerate(advice.options, 1):
        print(f"  {n}. {option.action}: " + "; ".join(map(str, option.reasons)))
    if note:
        print(note)
