"""Trays, moves and rules: notations, checks, and clear errors."""

from __future__ import annotations

import pytest

from jarnac_solver import (
    DUTCH,
    AlphabetMismatchError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidRulesError,
    InvalidTrayError,
    Lexicon,
    Move,
    Rules,
    Tray,
    best_jarnac,
    legal_moves,
)

LEX = Lexicon.from_words(["rat", "tzar", "but", "ruat", "a"])


@pytest.mark.parametrize("text", ["RAT BUT / ZW", "/ ACEERT", "RAT BUT /", "/", "TZAR / W"])
def test_tray_notation_round_trips(text: str) -> None:
    tray = Tray.parse(text)
    assert str(tray) == text
    assert Tray.parse(str(tray)) == tray
    assert eval(repr(tray)) == tray


@pytest.mark.parametrize("text", ["+BUT", "1:RAT+Z=TZAR", "RAT+Z=TZAR", "3:BUT+S=BUTS"])
def test_move_notation_round_trips(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse(str(move)) == move


def test_tray_values() -> None:
    tray = Tray(lines=["rat", "but"], rack="zw")
    assert tray.lines == ("RAT", "BUT") and tray.rack == "ZW" and tray.score == 18
    assert Tray.parse("IJS / IJ", DUTCH).score == 4  # IJS is two tiles
    assert tray.validate(LEX) == []
    assert Tray(["RAT", "XYZ"]).validate(LEX) == [1]
    with pytest.raises(AttributeError):
        tray.rack = "A"  # type: ignore[misc]


def test_a_line_the_lexicon_lacks_is_still_extended() -> None:
    moves = legal_moves(LEX, Tray.parse("TRA / U"))
    assert [str(m) for m in moves] == ["1:TRA+U=RUAT"]


def test_push() -> None:
    tray = Tray.parse("RAT BUT / ZWZ")
    assert tray.push(Move.parse("RAT+Z=TZAR")) == Tray.parse("TZAR BUT / WZ")
    assert tray.push(Move.parse("2:BUT+Z=BUTZ")).lines == ("RAT", "BUTZ")


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("+TZAR", "needs ART"),
        ("3:RAT+Z=TZAR", "no line 3"),
        ("2:RAT+Z=TZAR", "holds BUT"),
        ("BAR+Z=BARZ", "no line holds BAR"),
        ("+ZW", "at least 3"),
    ],
)
def test_illegal_moves_say_why(move: str, message: str) -> None:
    with pytest.raises(IllegalMoveError, match=message):
        Tray.parse("RAT BUT / ZW").push(Move.parse(move))


def test_push_with_a_lexicon_checks_the_word() -> None:
    with pytest.raises(IllegalMoveError, match="not in the lexicon"):
        Tray.parse("RAT / Z").push(Move.parse("RAT+Z=RATZ"), lexicon=LEX)
    with pytest.raises(IllegalMoveError, match="every line"):
        Tray.parse("RAT RAT RAT RAT RAT RAT RAT RAT / BUT").push(Move.parse("+BUT"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("RAT+Z", "is not written"),
        ("RAT+Z=RAS", "does not hold every letter"),
        ("RAT+W=TZAR", "not plus W"),
        ("0:RAT+Z=TZAR", "line number"),
        ("+", "at least one letter"),
        ("+B4T", "'4'"),
    ],
)
def test_badly_written_moves(text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message):
        Move.parse(text)


@pytest.mark.parametrize(
    ("tray", "message"),
    [
        (["RATATATATA"], "line 1 'RATATATATA' has 10 tiles"),
        (["AT"], "line 1 'AT' has 2 tiles; this line needs at least 3"),
        (["RAT"] * 9, "9 lines; the rules allow 8"),
    ],
)
def test_trays_that_break_the_rules(tray: list[str], message: str) -> None:
    with pytest.raises(InvalidTrayError, match=message):
        legal_moves(LEX, Tray(tray, "A"))


def test_badly_written_trays() -> None:
    with pytest.raises(InvalidTrayError, match="rack 'Z1'"):
        Tray.parse("RAT / Z1")
    with pytest.raises(InvalidTrayError, match="line 2 'B-T'"):
        Tray(["RAT", "B-T"])
    with pytest.raises(InvalidTrayError, match="one slash"):
        Tray.parse("RAT BUT")
    with pytest.raises(InvalidTrayError, match="not one string"):
        Tray("RAT")
    assert isinstance(InvalidTrayError("x"), ValueError)


def test_rules_options_and_presets() -> None:
    assert Rules.preset("sheet") == Rules()
    with pytest.raises(InvalidRulesError, match="unknown rule option 'colour'"):
        Rules.from_options({"colour": "red"})
    with pytest.raises(InvalidRulesError, match="no rules preset 'chess'"):
        Rules.preset("chess")
    with pytest.raises(InvalidRulesError, match="line_length"):
        Rules(line_length=12)
    with pytest.raises(InvalidRulesError, match="must be True or False"):
        Rules(value_jarnac=1)  # type: ignore[arg-type]
    assert Rules(lines=3).min_length_on(2) == 1


def test_bad_arguments_to_the_jarnac_functions() -> None:
    tray = Tray.parse("RAT / Z")
    with pytest.raises(ValueError, match="free_lines"):
        best_jarnac(LEX, tray, free_lines=9)
    with pytest.raises(ValueError, match="objective"):
        best_jarnac(LEX, tray, objective="fun")
    with pytest.raises(ValueError, match="formed_indexes"):
        best_jarnac(LEX, tray, formed_indexes=[4])
    with pytest.raises(AlphabetMismatchError):
        legal_moves(LEX, Tray.parse("IJS / A", DUTCH))
    with pytest.raises(ValueError, match="Tray"):
        legal_moves(LEX, "RAT / Z")  # type: ignore[arg-type]
