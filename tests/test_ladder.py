"""The ladder planner: rulebook ladders, and the optimum against exhaustive search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import IllegalMoveError, Lexicon, Move, Rules, Tray
from jarnac_solver.planning.ladder import plan_ladder, play_out, played_out

from . import oracle
from .strategies import Tiles
from .test_moves_oracle import LETTERS, build, chained_lexicons, shape


def apply(lex: Lexicon, tray: Tray, text: list[str], rules: Rules | None = None) -> Tray:
    from jarnac_solver import Move

    for move in text:
        tray = tray.push(Move.parse(move), rules, lex)
    return tray


def check_ladder(lex: Lexicon, start: str, rulebook: list[str]) -> None:
    """The planner draws at least as many letters as the rulebook ladder and ends with at least its points."""
    tray = Tray.parse(start)
    plan = plan_ladder(lex, tray)
    after = tray
    for move in plan:
        after = after.push(move, lexicon=lex)  # every plan is legal move by move
    book = apply(lex, tray, rulebook)
    assert len(plan) >= len(rulebook)
    assert after.score >= book.score


def test_sheet_are_race_trace_tracee() -> None:
    """The sheet: ARE -> RACE -> TRACE -> TRACEE."""
    check_ladder(Lexicon.load("fr"), "/ ACEERT", ["+ARE", "1:ARE+C=RACE", "1:RACE+T=TRACE", "1:TRACE+E=TRACEE"])


def test_lea_pale_leapt_plaster() -> None:
    """The English write-up: LEA -> PALE -> LEAPT -> PLASTER; with these letters a five-step ladder exists."""
    en = Lexicon.load("en")
    check_ladder(en, "/ RLSPTAE", ["+LEA", "1:LEA+P=PALE", "1:PALE+T=LEAPT", "1:LEAPT+RS=PLASTER"])
    assert len(plan_ladder(en, Tray.parse("/ RLSPTAE"))) == 5


def test_ore_reto_torre_retiro() -> None:
    """The multilingual rulebook: ORE -> RETO -> TORRE -> RETIRO draws four letters (small lexicon: the
    rulebook's words)."""
    lex = Lexicon.from_words(["ore", "reto", "torre", "retiro"])
    plan = plan_ladder(lex, Tray.parse("/ ORETRI"))
    assert [str(m) for m in plan] == ["+ORE", "1:ORE+T=RETO", "1:RETO+R=TORRE", "1:TORRE+I=RETIRO"]
    check_ladder(Lexicon.load("es"), "/ ORETRI", ["+ORE", "1:ORE+T=RETO", "1:RETO+R=TORRE", "1:TORRE+I=RETIRO"])


def test_a_twelve_letter_rack_on_eight_lines_is_planned() -> None:
    fr = Lexicon.load("fr")
    tray = Tray.parse("RAT BUT TAS / ABCDEEILNORS")
    plan = plan_ladder(fr, tray)
    assert len(plan) >= 12


@st.composite
def ladder_cases(draw: st.DrawFn) -> tuple[list[Tiles], list[str], int, int]:
    """A chained lexicon and a rack spelling one of its longer words, plus a letter or two."""
    words = draw(chained_lexicons())
    longer = [w for w in words if len(w) >= 3] or words
    rack = list(draw(st.sampled_from(longer))) + draw(st.lists(st.sampled_from(LETTERS), max_size=2))
    return words, rack[:6], draw(st.integers(0, 3)), draw(st.sampled_from([2, 3]))


@settings(max_examples=60, deadline=None)
@given(ladder_cases())
def test_ladder_is_optimal(case: tuple[list[Tiles], list[str], int, int]) -> None:
    words, rack, n_lines, min_length = case
    rules = Rules(lines=4, min_length=min_length)
    lines = [w for w in words if min_length <= len(w) <= 4][:n_lines]
    lex, tray = build(words, lines, tuple(rack))
    plan = plan_ladder(lex, tray, rules)
    after = tray
    for move in plan:
        after = after.push(move, rules, lex)
    expected = oracle.best_ladder(words, lines, tuple(rack), **shape(rules))
    assert (len(plan), after.score) == expected
    # The planner's play-out of a ladder (one tray made, tiles read only) is the checked one, score included.
    fast = played_out(tray, list(plan), rules)
    assert (fast, fast.lines, fast.score, fast.rack_codes) == (after, after.lines, after.score, after.rack_codes)
    assert fast.score == sum(len(codes) ** 2 for codes in fast.line_codes)


def test_the_word_that_fills_the_8th_line_meets_its_minimum() -> None:
    """With last_line_min_length above min_length, a 2-tile word was planned for a
    last line that takes 3 tiles at least."""
    lex = Lexicon.from_words(["aa", "aaa"])
    rules = Rules(lines=2, line_length=4, min_length=2, last_line_min_length=3)
    tray = Tray.parse("AA / AAA")
    assert [str(m) for m in plan_ladder(lex, tray, rules)] == ["+AAA"]
    assert plan_ladder(Lexicon.from_words(["aa"]), tray, rules) == []


def test_a_ladder_played_known_is_the_checked_pushes_and_the_tray_is_left_as_it_was() -> None:
    """Tray.play_known of a ladder planned for a tray (its moves read only by their tiles) makes the tray the
    checked pushes make; planning writes nothing on the tray (a value: equal before and after, each slot), and
    a move whose letters are not on the rack is still refused."""
    lex = Lexicon.from_words(["ore", "reto", "torre", "retiro", "tore"])
    rules = Rules()
    tray = Tray.parse("/ ORETRI")
    ladder = plan_ladder(lex, tray, rules)
    # Only the tray's own memos of what it is (its legal moves, the rules it keeps, its hash and score) and
    # nothing a planner wrote: no slot holds a move.
    assert all(not isinstance(getattr(tray, slot), Move) for slot in Tray.__slots__)
    assert tray == Tray.parse("/ ORETRI") and not hasattr(Tray, "_mark_planned")
    fast = tray.play_known(list(ladder), rules)
    checked = play_out(Tray.parse("/ ORETRI"), list(ladder), rules, lex)
    assert fast == checked and fast.lines == checked.lines and fast.score == checked.score
    with pytest.raises(IllegalMoveError, match="not planned for this tray"):
        tray.play_known([Move("place", None, None, "TORRE", "EORRT"), Move.parse("+RETO")], rules)
    other = Lexicon.from_words(["tore"])
    with pytest.raises(IllegalMoveError, match="not in the lexicon"):
        tray.play(ladder[0], rules, other)
