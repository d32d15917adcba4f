"""Racks of 15-40 tiles with one letter repeated: exact answers, or an error naming the limit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import (
    InvalidTrayError,
    Lexicon,
    Rules,
    Tray,
    best_jarnac,
    is_jarnacable,
    legal_moves,
    plan_ladder,
)

from . import oracle
from .strategies import Tiles, tile_words

LETTERS = ("A", "E", "R", "S", "T")
FR = Lexicon.load("fr")


@st.composite
def big_cases(draw: st.DrawFn) -> tuple[list[Tiles], list[Tiles], Tiles]:
    words = draw(st.lists(tile_words(LETTERS, 2, 6), min_size=1, max_size=25))
    repeated = draw(st.sampled_from(LETTERS))
    rack = (repeated,) * draw(st.integers(15, 40)) + tuple(draw(st.lists(st.sampled_from(LETTERS), max_size=3)))
    lines = draw(st.lists(st.sampled_from([w for w in words if len(w) >= 3] or [("R", "A", "T")]), max_size=4))
    return words, lines, rack


SHAPE = {"n_lines": 8, "line_length": 9, "min_length": 3, "last_min": 1}


@settings(max_examples=60)
@given(big_cases(), st.sampled_from(["swing", "gain"]))
def test_big_racks_are_exact(case: tuple[list[Tiles], list[Tiles], Tiles], objective: str) -> None:
    words, lines, rack = case
    lex = Lexicon.from_words(["".join(w) for w in words])
    tray = Tray(["".join(t) for t in lines], "".join(rack))
    expected_moves = oracle.moves(words, lines, rack, **SHAPE)
    assert {(m.kind, m.line_index, m.word) for m in legal_moves(lex, tray)} == expected_moves
    assert (is_jarnacable(lex, tray) is None) == (not expected_moves)
    plan = best_jarnac(lex, tray, objective=objective)
    got = (plan.swing, plan.gain) if objective == "swing" else (plan.gain, plan.swing)
    assert got == oracle.best_jarnac(words, lines, rack, **SHAPE, steal_place=True, free_lines=8, objective=objective)


@pytest.mark.parametrize("n", [15, 16, 17, 32, 33, 40, 63])
def test_sixteen_e_and_more_on_bundled_fr(n: int) -> None:
    """16 and 32 E gained 16, 17 and 33 gained 25 (the 5-bit counts overflowed)."""
    tray = Tray.parse("RAT / " + "E" * n + "S")
    assert best_jarnac(FR, tray).gain == best_jarnac(FR, Tray.parse("RAT / " + "E" * 15 + "S")).gain == 36
    assert is_jarnacable(FR, Tray.parse("RAT / " + "E" * n)) is not None
    assert len(plan_ladder(FR, Tray.parse("RAT / " + "E" * n))) == len(plan_ladder(FR, Tray.parse("RAT / EEEEEE")))


def test_more_than_the_limit_of_one_tile_is_refused_naming_it() -> None:
    with pytest.raises(InvalidTrayError, match="at most 63 of one tile"):
        best_jarnac(FR, Tray.parse("RAT / " + "E" * 64))
    with pytest.raises(InvalidTrayError, match="at most 63"):
        legal_moves(FR, Tray.parse("EEEEEEEEE EEEEEEEEE / " + "E" * 50), Rules())
