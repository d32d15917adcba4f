"""The rulebooks' examples, each with its source (docs/rules.md)."""

from __future__ import annotations

import pytest

from jarnac_solver import Lexicon, Move, Rules, Tray, best_jarnac, is_jarnacable, legal_moves


@pytest.fixture(scope="module")
def fr() -> Lexicon:
    return Lexicon.load("fr")


@pytest.fixture(scope="module")
def en() -> Lexicon:
    return Lexicon.load("en")


def test_sheet_rat_plus_u_is_ruat_and_but_is_placed(fr: Lexicon) -> None:
    """The sheet (docs/rules.md#moves): RAT+U -> RUAT; BUT placed from spare letters."""
    moves = legal_moves(fr, Tray.parse("RAT / UBUT"))
    assert Move.parse("1:RAT+U=RUAT") in moves
    assert Move.parse("+BUT") in moves


def test_sheet_tzar_steal(fr: Lexicon) -> None:
    """The sheet: A has RAT and BUT, rack Z W, passes; B steals RAT+Z -> TZAR. A keeps BUT and W."""
    tray = Tray.parse("RAT BUT / ZW")
    assert is_jarnacable(fr, tray) == Move.parse("1:RAT+Z=TZAR")
    plan = best_jarnac(fr, tray)
    assert [str(m) for m in plan.steals] == ["1:RAT+Z=TZAR"]
    assert plan.passer_tray(tray) == Tray.parse("- BUT / W")  # the stolen line leaves a gap
    assert (plan.gain, plan.swing) == (16, 25)


def test_sheet_double_jarnac_casiers_brossent(fr: Lexicon) -> None:
    """The sheet: CARIES, SORBETS / S N: B takes CASIERS (+S) and BROSSENT (+N), not ARSENICS alone."""
    tray = Tray.parse("CARIES SORBETS / SN")
    plan = best_jarnac(fr, tray)
    assert [str(m) for m in plan.steals] == ["1:CARIES+S=CASIERS", "2:SORBETS+N=BROSSENT"]
    assert (plan.gain, plan.swing) == (49 + 64, 49 + 64 + 36 + 49)
    assert best_jarnac(fr, tray, objective="gain").gain == 113
    # With one free line the thief takes the better single steal.
    assert [str(m) for m in best_jarnac(fr, tray, free_lines=1).steals] == ["2:SORBETS+N=BROSSENT"]
    assert not best_jarnac(fr, tray, free_lines=0)


def test_couch_plus_a_is_cachou(en: Lexicon) -> None:
    """The English write-up: A has COUCH and an A, passes; B declares Jarnac and forms CACHOU."""
    plan = best_jarnac(en, Tray.parse("COUCH / A"))
    assert [str(m) for m in plan.steals] == ["1:COUCH+A=CACHOU"]


def test_double_jarnac_pajares_retorica() -> None:
    """The multilingual rulebook: PAREJA + S -> PAJARES and CERRITO + A -> RETORICA, taken at once.

    The bundled es lexicon lacks CERRITO, so the rulebook's words are a small lexicon here.
    """
    lex = Lexicon.from_words(["pareja", "cerrito", "pajares", "retorica", "par"])
    plan = best_jarnac(lex, Tray.parse("PAREJA CERRITO / SA"))
    assert [str(m) for m in plan.steals] == ["1:PAREJA+S=PAJARES", "2:CERRITO+A=RETORICA"]


def test_double_jarnac_on_the_bundled_spanish_lexicon() -> None:
    """The multilingual rulebook's example on es: the same two lines and letters are worth the same double
    Jarnac (other words tie)."""
    plan = best_jarnac(Lexicon.load("es"), Tray.parse("PAREJA CERRITO / SA"))
    assert len(plan.steals) == 2 and (plan.gain, plan.swing) == (113, 198)


def test_value_jarnac_hubris_batiste() -> None:
    """The English write-up: SHRUB, BAITS, TIE (59 points) recomposed into HUBRIS and BATISTE (85)."""
    lex = Lexicon.from_words(["cachou", "shrub", "baits", "tie", "hubris", "batiste", "hub"])
    tray = Tray.parse("CACHOU SHRUB BAITS TIE /")
    rules = Rules.preset("english")
    plan = best_jarnac(lex, tray, rules=rules, formed_indexes=[1, 2, 3])
    assert plan.value and plan.taken_indexes == (1, 2, 3)
    assert sorted(m.word for m in plan.steals) == ["BATISTE", "HUBRIS"]
    assert (plan.gain, plan.swing) == (85, 85 + 59)
    assert plan.passer_tray(tray) == Tray.parse("CACHOU /")
    # Without the value Jarnac (the sheet) the pass was clean.
    assert not best_jarnac(lex, tray, formed_indexes=[1, 2, 3])
    assert is_jarnacable(lex, tray, rules, formed_indexes=[1, 2, 3]) is not None
    assert is_jarnacable(lex, tray) is None


def test_value_jarnac_on_the_bundled_lexicon(en: Lexicon) -> None:
    """The English write-up's example on en: the best recomposition is worth at least HUBRIS + BATISTE."""
    plan = best_jarnac(
        en, Tray.parse("CACHOU SHRUB BAITS TIE /"), rules=Rules.preset("english"), formed_indexes=[1, 2, 3]
    )
    assert plan.value and plan.gain >= 85


def test_a_nine_letter_line_is_never_extended(fr: Lexicon) -> None:
    """docs/rules.md#moves: a 9-letter line can never be extended."""
    moves = legal_moves(fr, Tray.parse("BROSSENTS / AEIRST"))
    assert not moves.extensions[0]


def test_a_full_tray_has_no_place_move(fr: Lexicon) -> None:
    """docs/rules.md#end-of-the-game: 8 lines filled, no new word."""
    tray = Tray.parse("RAT BUT RAT BUT RAT BUT RAT BUT / ARE")
    assert not legal_moves(fr, tray).places


def test_the_last_line_may_take_a_short_word() -> None:
    """The sheet: the 8th line takes a word of any length; option 3 (multilingual)."""
    lex = Lexicon.from_words(["a", "as", "ras", "rat"])
    tray = Tray.parse("RAT RAT RAT RAT RAT RAT RAT / AS")
    assert set(legal_moves(lex, tray).places) == {"A", "AS"}
    assert legal_moves(lex, tray, Rules.preset("multilingual")).places == []
    early = Tray.parse("RAT / AS")
    assert legal_moves(lex, early).places == []
