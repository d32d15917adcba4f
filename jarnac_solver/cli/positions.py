"""The position commands: ``moves``, ``jarnac``, ``plan`` and ``hint`` (a tray in, the move layer and the planner)."""

from __future__ import annotations

import argparse
import time

from ..errors import InvalidInputError
from ..lexicon.bag import bag_name_for
from ..lexicon.lexicon import Lexicon
from ..messages import Reason, Value
from ..moves.jarnac import JarnacPlan, best_jarnac, passer_left_move, thief_best_call
from ..moves.move import Move
from ..moves.movegen import legal_moves
from ..moves.rules import Rules
from ..moves.tray import Tray
from ..planning.ladder import ladder_draws, plan_ladder, play_out
from ..planning.planner import unseen_tiles
from .errors import PROG, UsageError
from .options import rules_and_lexicon, user_bag
from .output import emit, said


def _tray(args: argparse.Namespace) -> tuple[Lexicon, Tray, Rules]:
    rules, lex = rules_and_lexicon(args)
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
    lex, tray, rules = _tray(args)
    moves = legal_moves(lex, tray, rules)
    if args.json:
        listed = [{**m.to_dict(), "points": tray.points(m)} for m in moves]
        emit(args, {"tray": tray.to_dict(), "count": len(moves), "moves": listed}, lex, rules)
        return
    print(said("cli.moves_header", tray=str(tray), lexicon=lex.name, count=len(moves), points=tray.score))
    for line, words in enumerate(moves.extensions):
        if words:
            old = tray.lines[line]
            cells = [f"{w} (+{tray.tiles(w) ** 2 - tray.tiles(old) ** 2})" for w in words]  # no Move built
            print(said("cli.moves_line", n=line + 1, word=old, moves=" ".join(cells)))
    if moves.places:
        line = tray.next_line_index + 1
        cells = [f"{w} ({tray.tiles(w) ** 2})" for w in sorted(moves.places, key=lambda w: (-tray.tiles(w), w))]
        print(said("cli.moves_new", n=line, moves=" ".join(cells)))


def _budget(args: argparse.Namespace) -> float | None:
    """The search budget the options ask for, in seconds: ``--exact`` none (EXACT), no option the library's
    default ceiling (``None``)."""
    from ..budget import EXACT

    if args.exact:
        return EXACT
    return None if args.budget is None else float(args.budget) / 1000


def _unproven(args: argparse.Namespace, seconds: float, what: str = "") -> str:
    """What an unproven answer says: the budget that ended it (or a search's memory limit, when it ended
    well before its time: ``seconds`` is how long it took), and how to ask for the proof."""
    from ..budget import DEFAULT_BUDGET, MEMO_LIMIT

    proven = Reason(f"cli.not_proven_{what}" if what else "cli.not_proven")
    allowed = None if args.exact else DEFAULT_BUDGET if args.budget is None else float(args.budget) / 1000
    if allowed is None or seconds < 0.9 * allowed:
        return said("cli.unproven_memory", states=MEMO_LIMIT, proven=proven)
    if args.budget is None:
        return said("cli.unproven_default", seconds=f"{DEFAULT_BUDGET:g}", proven=proven)
    return said("cli.unproven_budget", ms=f"{args.budget:g}", proven=proven)


def _cmd_jarnac(args: argparse.Namespace) -> None:
    lex, tray, rules = _tray(args)
    turn = _formed_lines(args.turn_lines, tray, rules, "jarnac: --turn-lines")
    if args.thief is not None and args.free_lines is not None:
        raise UsageError(f"{PROG} jarnac: give --thief or --free-lines, not both (the thief's tray gives its lines)")
    if args.free_lines is not None and not 0 <= args.free_lines <= rules.lines:
        shown = f"--free-lines {args.free_lines}"
        raise UsageError(f"{PROG} jarnac: {shown} is not from 0 to the rules' {rules.lines} lines")
    thief = _other_tray(args.thief, lex, rules, "jarnac --thief")
    left = passer_left_move(lex, tray, rules, turn)
    budget = _budget(args)
    start = time.monotonic()
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
            "verdict": [said.to_dict() for _, said in _verdict(tray, lex, plan, left)],
        }
        emit(args, result, lex, rules)
        return
    for indent, verdict in _verdict(tray, lex, plan, left):
        print(f"{indent}{verdict}")
    if not plan.exact:
        print(_unproven(args, time.monotonic() - start, "best"))


def _verdict(tray: Tray, lex: Lexicon, plan: JarnacPlan, left: Move | None) -> list[tuple[str, Reason]]:
    """The referee's verdict on a pass, each line's indent and reason: no Jarnac and why, or each steal and
    the totals (the text printed; ``--json``'s ``verdict``)."""
    where = {"tray": str(tray), "lexicon": lex.name}
    if not plan:
        said = Reason("referee_unseatable", {**where, "move": str(left)}) if left else Reason("referee_clean", where)
        return [("", said)]
    lines = [("", Reason("referee_value_jarnac" if plan.value else "referee_jarnac", where))]
    for move in plan.steals:
        gain: dict[str, Value] = {"move": str(move), "gain": tray.tiles(move.word) ** 2}
        steal = Reason("referee_steal_loss", {**gain, "lost": tray.tiles(move.old) ** 2}) if move.old else None
        lines.append(("  ", steal or Reason("referee_steal", gain)))
    if plan.value:
        taken = ", ".join(f"{i + 1} {tray.lines[i]}" for i in plan.taken_indexes)
        lines.append(("  ", Reason("referee_taken", {"lines": taken})))
    totals = {"gain": plan.gain, "swing": plan.swing}
    if plan.leftover:
        lines.append(("", Reason("referee_totals", {**totals, "leftover": plan.leftover})))
    else:
        lines.append(("", Reason("referee_totals_nothing_left", totals)))
    return lines


def _cmd_plan(args: argparse.Namespace) -> None:
    lex, tray, rules = _tray(args)
    start = time.monotonic()
    ladder = plan_ladder(lex, tray, rules, _budget(args))
    seconds = time.monotonic() - start
    draws = ladder_draws(ladder, play_out(tray, ladder, rules, lex), rules)
    if args.json:
        result = {
            "tray": tray.to_dict(),
            "ladder": [m.to_dict() for m in ladder],
            "draws": draws,
            "exact": ladder.exact,
        }
        emit(args, result, lex, rules)
        return
    drawing = Reason("cli.plan_drawing", {"draws": draws})
    print(said("cli.plan_header", tray=str(tray), lexicon=lex.name, count=len(ladder), drawing=drawing))
    after = tray
    for n, move in enumerate(ladder, 1):
        after = after.push(move, rules, lex)
        full = not after.free_lines(rules) and move.kind == "place"  # the word that fills the tray: no draw after it
        code = "cli.plan_step_full" if full else "cli.plan_step"
        print("  " + said(code, n=n, move=str(move), points=after.score, rack=after.rack or "-"))
    if not ladder.exact:
        print(_unproven(args, seconds, "longest"))


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
            bag = user_bag(name, lex, "hint")
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
        emit(args, result, lex, rules)
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
