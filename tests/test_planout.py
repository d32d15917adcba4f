"""The planner's values from compiled ladder outcomes (planning/planout.py) against plan_ladder's trays, and
the planner's games the same with and without them (random lexicons and rules)."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import Bag, Lexicon, Rules, native
from jarnac_solver.game.game import VOWELS
from jarnac_solver.moves.movegen import legal_moves
from jarnac_solver.moves.tray import Tray
from jarnac_solver.planning import strategy
from jarnac_solver.planning.ladder import plan_ladder, played_out
from jarnac_solver.planning.planout import move_outcomes, outcomes
from jarnac_solver.play.players import play_game

from .strategies import Tiles
from .test_moves_oracle import LETTERS, build, chained_lexicons


@st.composite
def trays(draw: st.DrawFn) -> tuple[list[Tiles], Rules, list[Tiles], list[Tiles]]:
    """A chained lexicon, rules, a tray's lines from it and a few racks."""
    words = draw(chained_lexicons())
    n_lines = draw(st.integers(1, 5))
    min_length = draw(st.integers(1, 3))
    rules = Rules(lines=n_lines, line_length=6, min_length=min_length, last_line_min_length=draw(st.integers(1, 3)))
    fitting = [w for w in words if min_length <= len(w) <= 6]
    lines = draw(st.lists(st.sampled_from(fitting), max_size=n_lines - 1)) if fitting else []
    racks = draw(st.lists(st.lists(st.sampled_from(LETTERS), max_size=9).map(tuple), min_size=1, max_size=4))
    return words, rules, lines, racks


@settings(max_examples=40, deadline=None)
@given(trays())
def test_outcomes_are_where_plan_ladders_ladder_ends(case: tuple[list[Tiles], Rules, list[Tiles], list[Tiles]]) -> None:
    words, rules, lines, racks = case
    found = []
    for rack in racks:
        lex, tray = build(words, lines, rack)
        try:
            tray.check(rules)
        except Exception:
            return  # a line the rules refuse (a seat past its minimum): not a planner's tray
        found.append(tray)
    got = outcomes(lex, [(t.rack_codes, t) for t in found], rules)
    if not native.compiled_available():
        assert got is None  # the pure install: the caller plans with plan_ladder
        return
    assert got is not None
    for tray, out in zip(found, got, strict=True):
        ladder = plan_ladder(lex, tray, rules)
        end = played_out(tray, ladder, rules)
        vowels = sum(t in VOWELS for t in end.rack_tiles())
        expected = (len(ladder), end.score - tray.score, end.filled - tray.filled, vowels, len(end.rack_codes))
        assert tuple(out)[:5] == expected and out.exact == ladder.exact


def _candidates_and_outcomes_agree(lex: Lexicon, tray: Tray, rules: Rules) -> None:
    """first_moves is the sorted legal moves' head, and move_outcomes the outcomes of the pushed trays."""
    every = sorted(legal_moves(lex, tray, rules), key=lambda m: (len(m.letters), -tray.points(m), str(m)))
    for count in (1, 3, 12, len(every) + 1):
        assert strategy.first_moves(lex, tray, rules, count) == every[:count]
    moves = every[:16]
    got = move_outcomes(lex, tray, moves, rules)
    if not native.compiled_available():
        assert got is None
        return
    afters = [tray.push(m, rules) for m in moves]
    assert got == outcomes(lex, [(a.rack_codes, a) for a in afters], rules)


@settings(max_examples=40, deadline=None)
@given(trays())
def test_candidates_and_their_outcomes_without_trays_are_the_pushed_trays(
    case: tuple[list[Tiles], Rules, list[Tiles], list[Tiles]],
) -> None:
    """Tiles of two letters (IJ): the candidates the general way, the outcomes from the move's tile codes."""
    words, rules, lines, racks = case
    lex, tray = build(words, lines, racks[0])
    try:
        tray.check(rules)
    except Exception:
        return
    _candidates_and_outcomes_agree(lex, tray, rules)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 1), st.integers(0, 10**6), st.sampled_from([(8, 3, 1), (6, 2, 2), (5, 3, 3)]))
def test_candidates_of_one_letter_tiles_are_the_sorted_legal_moves(
    pick: int, seed: int, shape: tuple[int, int, int]
) -> None:
    """One-letter tiles: the candidates from the words' lengths, Moves made only for the first few and ties."""
    lex = small_french(pick)
    rng = random.Random(seed)
    rules = Rules(lines=shape[0], min_length=shape[1], last_line_min_length=shape[2])
    fitting = [w for w in lex if rules.min_length <= len(w) <= rules.line_length]
    lines = rng.sample(fitting, rng.randint(0, rules.lines - 1))
    tray = Tray(lines, "".join(rng.sample(Bag.load("fr").tiles(), rng.randint(1, 14))))
    tray.check(rules)
    _candidates_and_outcomes_agree(lex, tray, rules)


@cache
def small_french(seed: int) -> Lexicon:
    """A random tenth of the French lexicon: a small real lexicon (hits and misses both common)."""
    words = [w for w in Lexicon.load("fr") if len(w) <= 7]
    return Lexicon.from_words(random.Random(seed).sample(words, len(words) // 10))


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 1), st.integers(0, 10**6), st.sampled_from([(8, 3), (6, 2), (5, 3)]), st.booleans())
def test_planner_games_are_the_same_without_the_compiled_values(
    pick: int, seed: int, shape: tuple[int, int], vowel_rule: bool
) -> None:
    """The planner's self-play, once with the compiled outcomes and once with every value from plan_ladder's
    trays: the same record, action for action."""
    lex = small_french(pick)
    rules = Rules(lines=shape[0], min_length=shape[1], opening_vowel_rule=vowel_rule)
    fast = play_game(lex, ["planner", "planner"], rules, seed=seed, bag=Bag.load("fr"))
    mp = pytest.MonkeyPatch()
    mp.setattr(strategy, "outcomes", lambda *args: None)
    mp.setattr(strategy, "move_outcomes", lambda *args: None)
    try:
        slow = play_game(lex, ["planner", "planner"], rules, seed=seed, bag=Bag.load("fr"))
    finally:
        mp.undo()
    assert str(fast) == str(slow)


def test_simulations_play_outs_use_them_under_a_far_deadline_and_answer_the_same() -> None:
    """simulate's play-outs run under its ceiling: a deadline far off is no deadline to a decision's ladders,
    so the compiled values serve them, and the answer is the one plan_ladder's trays give."""
    from jarnac_solver import Draw, Game
    from jarnac_solver.planning import planout
    from jarnac_solver.planning.simulation import simulate

    game = Game(Lexicon.load("fr"), seed=3)
    game.push(Draw())
    calls: list[str] = []

    def counted(name: str) -> object:
        real = getattr(planout, name)

        def call(*args: object) -> object:
            calls.append(name)
            return real(*args)

        return call

    mp = pytest.MonkeyPatch()
    mp.setattr(strategy, "outcomes", counted("outcomes"))
    mp.setattr(strategy, "move_outcomes", counted("move_outcomes"))
    try:
        fast = simulate(game, budget=60.0, playouts=2, seed=4, top=2)
    finally:
        mp.undo()
    assert calls  # the play-outs' decisions took the compiled values
    mp.setattr(strategy, "outcomes", lambda *args: None)
    mp.setattr(strategy, "move_outcomes", lambda *args: None)
    try:
        slow = simulate(game, budget=60.0, playouts=2, seed=4, top=2)
    finally:
        mp.undo()
    assert fast == slow and not fast.stopped
