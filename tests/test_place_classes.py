"""``place_classes`` (best_finish's words for the last line) against ``move_classes``'s place classes."""

from __future__ import annotations

from hypothesis import given, settings

from jarnac_solver import Lexicon, Rules, Tray
from jarnac_solver.moves.movegen import move_classes, place_classes

from .strategies import Tiles
from .test_moves_oracle import build, cases


@settings(max_examples=300, deadline=None)
@given(cases())
def test_place_classes_are_move_classes_places(case: tuple[list[Tiles], Rules, list[Tiles], Tiles]) -> None:
    words, rules, lines, rack = case
    lex, tray = build(words, lines, rack)
    assert place_classes(lex, tray, rules) == move_classes(lex, tray, rules)[0]


def test_place_classes_on_bundled_trays() -> None:
    rules = Rules()
    for name, text in (("en", "TONE RAT / AEIRST"), ("fr", "ARBRE / EEINRST"), ("en", "CAT DOG / ")):
        lex = Lexicon.load(name)
        tray = Tray.parse(text, lex.alphabet)
        assert place_classes(lex, tray, rules) == move_classes(lex, tray, rules)[0]
