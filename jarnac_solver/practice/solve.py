"""The exact values a puzzle is judged by: every Jarnac call of a window, every first move's ladder, a finish.

Each answer a person may give is valued by an exact solver of the layers below, and the best is the best
of those values, so a right answer is one worth as much as the best:

- a **Jarnac call** (a set of steals from the passer's tray) is worth its swing: the tiles² the thief
  places plus those the passer loses (docs/rules.md#steals); :func:`call_value` checks it as the engine
  does (each steal a move the passer could make, each line at most once, every word seated on the thief's
  free lines, docs/rules.md#seating). :func:`every_call` lists every call of a window, a depth-first
  search over the single steals (bounded by ``limit`` calls), whose best is the best Jarnac's
  (:func:`~jarnac_solver.moves.jarnac.best_jarnac`, checked in the tests) and whose next best is the margin;
- a **first move** is worth the ladder it starts: itself, then the longest ladder on the letters left
  (:func:`~jarnac_solver.planning.ladder.plan_ladder`: the most words, then the most points on the
  tray); a word that fills the tray ends the turn;
- a **finish** (a word that fills the last line) is worth what the end-game model says the opponent's
  final Jarnac leaves (:func:`~jarnac_solver.planning.endgame.final_outcome`), a pass what its answer to
  the pass leaves (:func:`~jarnac_solver.planning.endgame.pass_outcome`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..budget import EXACT
from ..errors import IllegalMoveError
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import jarnac_steals
from ..moves.move import Move
from ..moves.movegen import legal_moves, played
from ..moves.rules import Rules
from ..moves.steals import misfit, seating, take_steals
from ..moves.tray import Tray
from ..planning.endgame import final_outcome, pass_outcome
from ..planning.ladder import plan_ladder, play_out

__all__ = [
    "CALL_LIMIT",
    "Call",
    "Finish",
    "FirstMove",
    "call_key",
    "call_value",
    "every_call",
    "finishes",
    "first_moves",
    "move_key",
    "move_value",
    "pass_value",
]

CALL_LIMIT = 20_000
"""The most calls :func:`every_call` lists before it gives up (a window with more has no crisp answer)."""


class Call(NamedTuple):
    """A Jarnac call and what it is worth."""

    steals: tuple[Move, ...]
    swing: int
    """The tiles² the thief places plus those the passer loses."""
    gain: int
    """The tiles² the thief places."""


def call_key(steals: Sequence[Move]) -> frozenset[tuple[int | None, str]]:
    """What makes two calls the same answer: the lines they take and the letters each steal adds (two
    anagrams on the same line with the same letters are one answer, written either way)."""
    return frozenset((m.line_index, "".join(sorted(m.letters))) for m in steals)


def call_value(lexicon: Lexicon, passer: Tray, thief: Tray, steals: Sequence[Move], rules: Rules) -> Call:
    """The call ``steals`` valued, or :class:`IllegalMoveError` saying why it is no legal call against
    ``passer`` from ``thief``'s tray (the same checks as the engine's, ``game/calls.py``)."""
    if not steals:
        raise IllegalMoveError("a Jarnac names at least one steal")
    free = thief.free_lines(rules)
    if len(steals) > free:
        raise IllegalMoveError(f"{len(steals)} steals but only {free} free lines on your tray")
    if not rules.steal_place and any(m.kind == "place" for m in steals):
        raise IllegalMoveError("these rules do not let a new word be stolen")
    _, words = take_steals(passer, steals, rules, lexicon)
    short = misfit(seating(thief, words, rules), rules)
    if short is not None:
        word = thief.alphabet.decode(short[1])
        raise IllegalMoveError(f"{word} cannot go on your line {short[0] + 1}")
    gain = sum(len(w) ** 2 for w in words)
    lost = sum(
        len(passer.line_codes[m.line_index]) ** 2 for m in steals if m.kind == "extend" and m.line_index is not None
    )
    return Call(tuple(steals), gain + lost, gain)


def every_call(lexicon: Lexicon, passer: Tray, thief: Tray, rules: Rules, limit: int = CALL_LIMIT) -> list[Call] | None:
    """Every legal call of the window (the steals in the order of the single steals), or ``None`` when there
    are more than ``limit``. A depth-first search: a set of steals grows only while it stays legal."""
    singles = jarnac_steals(lexicon, passer, rules)
    free = thief.free_lines(rules)
    found: list[Call] = []
    chosen: list[Move] = []

    def grow(start: int) -> bool:
        for i in range(start, len(singles)):
            chosen.append(singles[i])
            try:
                found.append(call_value(lexicon, passer, thief, chosen, rules))
            except IllegalMoveError:
                chosen.pop()
                continue
            if len(found) > limit:
                return False
            # A new word may be stolen twice (the rack holding its letters twice): the same steal again.
            if len(chosen) < free and not grow(i if singles[i].kind == "place" else i + 1):
                return False
            chosen.pop()
        return True

    if free and not grow(0):
        return None
    return found


class FirstMove(NamedTuple):
    """A first move of a turn and the ladder it starts (itself first)."""

    ladder: tuple[Move, ...]
    words: int
    points: int
    """The tray's points once the ladder is played."""

    @property
    def move(self) -> Move:
        return self.ladder[0]

    @property
    def value(self) -> tuple[int, int]:
        """How ladders compare: the most words, then the most points."""
        return (self.words, self.points)


def move_key(move: Move) -> tuple[int | None, str, str]:
    """What makes two first moves the same answer: the line, its kind and the letters added."""
    return (move.line_index, move.kind, "".join(sorted(move.letters)))


def move_value(lexicon: Lexicon, tray: Tray, move: Move, rules: Rules) -> FirstMove:
    """``move`` and the longest ladder after it (exact); :class:`IllegalMoveError` if it is no legal move."""
    after, line = played(tray, move, rules, lexicon)
    if line is not None and move.kind == "place" and after.free_lines(rules) == 0:
        return FirstMove((move,), 1, after.score)  # the word that fills the tray ends the turn
    rest = plan_ladder(lexicon, after, rules, budget=EXACT)
    end = play_out(after, rest, rules, lexicon)
    return FirstMove((move, *rest), 1 + len(rest), end.score)


def first_moves(lexicon: Lexicon, tray: Tray, rules: Rules) -> list[FirstMove]:
    """Every legal move of ``tray`` with its ladder, best first (ties in the order of the legal moves)."""
    valued = [move_value(lexicon, tray, m, rules) for m in legal_moves(lexicon, tray, rules)]
    return sorted(valued, key=lambda f: f.value, reverse=True)


class Finish(NamedTuple):
    """A word that fills the last line, and where the end-game model says it leads."""

    move: Move
    margin: int
    """My score less the opponent's after its best answer (when ``open``: right after its call)."""
    open: bool
    """The opponent's best answer keeps the game going (no certain result)."""
    call: tuple[Move, ...]
    """The opponent's final Jarnac (empty: it declines)."""


def finishes(lexicon: Lexicon, tray: Tray, opponent: Tray, rules: Rules) -> list[Finish]:
    """Every move of ``tray`` that fills its last free line, valued by the end-game model, best first."""
    out: list[Finish] = []
    if tray.free_lines(rules) != 1:
        return out
    for move in legal_moves(lexicon, tray, rules):
        if move.kind != "place":
            continue
        full = tray.push(move, rules, lexicon)
        outcome = final_outcome(lexicon, full, opponent, rules)
        out.append(Finish(move, outcome.margin, outcome.open, outcome.call.steals))
    return sorted(out, key=lambda f: (not f.open, f.margin), reverse=True)


def pass_value(lexicon: Lexicon, tray: Tray, opponent: Tray, rules: Rules) -> tuple[int | None, tuple[Move, ...]]:
    """My margin after passing now and the opponent's best answer (``None``: the game goes on), and its call."""
    choice = pass_outcome(lexicon, tray, opponent, rules)
    return (None if choice.margin is None else -choice.margin), choice.plan.steals
