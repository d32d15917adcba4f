"""The planner's end-game shortcuts against the searches they stand for.

``end_game_move`` without a deadline (``finishing._quick_end_game``) weighs the finishes that cannot win only
when the decision reads them; here every position is decided both ways (the quick path and the composition
it replaces: ``best_finish`` then ``end_game_decision``), on random positions of small random lexicons and
of a small French word list, racks small and large (the quick path falls back past the model's bounds), and
must give the same decision, or the same ``OutOfTime``.
"""

from __future__ import annotations

import random

import pytest

from jarnac_solver import Lexicon, Rules, Tray
from jarnac_solver.budget import OutOfTime
from jarnac_solver.moves.move import Move
from jarnac_solver.planning import finishing
from jarnac_solver.planning.endgame import MAX_COMBO_NODES, MAX_FILLING_CALLS, pass_outcome
from jarnac_solver.planning.strategy import (
    DEFAULT_WEIGHTS,
    Weights,
    best_finish,
    end_game_decision,
    end_game_move,
)

from .test_endgame_oracle import SMALL, _tray
from .test_endgame_shortcut import random_end_game

Decision = tuple[bool, Move | None] | str


def _searched(lexicon: Lexicon, me: Tray, opponent: Tray, rules: Rules, weights: Weights) -> Decision:
    """end_game_move as it was: every finish weighed, then the decision."""
    try:
        finish = best_finish(lexicon, me, opponent, rules)
        decided, moves = end_game_decision(
            lexicon, me, rules, finish, weights, lambda: pass_outcome(lexicon, me, opponent, rules)
        )
    except OutOfTime:
        return "out of time"
    return decided, (moves[0] if moves else None)


def _quick(lexicon: Lexicon, me: Tray, opponent: Tray, rules: Rules, weights: Weights) -> Decision:
    try:
        return end_game_move(lexicon, me, opponent, rules, weights)
    except OutOfTime:
        return "out of time"


def _same(lexicon: Lexicon, me: Tray, opponent: Tray, rules: Rules) -> None:
    for weights in (DEFAULT_WEIGHTS, Weights(hold_back=False)):
        quick = _quick(lexicon, me, opponent, rules, weights)
        searched = _searched(lexicon, me, opponent, rules, weights)
        assert quick == searched, (str(me), str(opponent), rules, weights.hold_back)


def _random_case(rng: random.Random) -> tuple[Lexicon, Tray, Tray, Rules]:
    lexicon, rules, tray = random_end_game(rng, ["AERST", "AEIST", "ABERST", "AEILNRST"], 120, 6, 3, 0.2)
    lines = rules.lines
    me = tray(lines - 1, rng.choice([1, 2, 3, 4, 5, 6, 8]))
    opponent = tray(rng.randint(max(0, lines - 3), lines - 1), rng.choice([0, 1, 2, 3, 4, 5, 7]))
    return lexicon, me, opponent, rules


def test_the_quick_end_game_is_the_search_on_random_lexicons() -> None:
    rng = random.Random(4711)
    kinds: set[str] = set()
    for _ in range(400):
        lexicon, me, opponent, rules = _random_case(rng)
        _same(lexicon, me, opponent, rules)
        decision = _quick(lexicon, me, opponent, rules, DEFAULT_WEIGHTS)
        if isinstance(decision, tuple):
            decided, move = decision
            kinds.add("undecided" if not decided else "pass" if move is None else move.kind)
    assert kinds >= {"place", "extend", "undecided"}  # wins, ladders and no finish are all met
    # (the quick path leaves losing finishes unweighed in ~1/8 of these, falls back past the bounds in ~1/16)


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(last_line_min_length=3), Rules.preset("multilingual")], ids=["sheet", "3", "multi"]
)
def test_the_quick_end_game_is_the_search_on_small_fr(rules: Rules) -> None:
    rng = random.Random(99)
    for _ in range(120):
        me = _tray(rng, rules.lines - 1, rng.choice([1, 2, 3, 4, 5, 7]), SMALL)
        opponent = _tray(rng, rng.choice([5, 6, 7]), rng.choice([0, 1, 2, 3, 4, 6]), SMALL)
        _same(SMALL, me, opponent, rules)


def test_the_settled_racks_keep_the_model_s_bounds() -> None:
    # The bound is the model's limits: one letter more and some count of combinations would pass them.
    for lines in (3, 8, 9):
        letters = finishing._settled_letters(lines)
        bounds = [finishing._binomial_sum(letters, lines, k) for k in range(1, letters + 1)]
        assert 1 + sum(bounds) <= MAX_COMBO_NODES and max(bounds) <= MAX_FILLING_CALLS
    assert finishing._settled_letters(8) == 4
    # Two letters on a tray of two lines: each of the 3 lines (a new word the third) with A, B or AB; pairs
    # of disjoint parts, A and B, on any two of them, 3^2.
    assert finishing._binomial_sum(2, 2, 1) == 9 and finishing._binomial_sum(2, 2, 2) == 9
