"""Bad arguments get a library exception that names the bad part."""

from __future__ import annotations

import pytest

from jarnac_solver import InvalidInputError, InvalidLetterError, Lexicon, UnknownLexiconError

LEX = Lexicon.from_words(["rat", "art", "tzar", "a"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"min_len": 0}, "min_len"),
        ({"max_len": 0}, "max_len"),
        ({"min_len": 5, "max_len": 4}, "less than min_len"),
        ({"min_len": "3"}, "min_len must be an integer"),
        ({"max_len": 2.5}, "max_len must be an integer"),
        ({"min_len": True}, "min_len must be an integer"),
    ],
)
def test_bad_lengths(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        LEX.subanagrams("RAT", **kwargs)  # type: ignore[arg-type]


def test_extensions_validate_both_inputs() -> None:
    with pytest.raises(InvalidInputError, match="at least one letter"):
        LEX.extensions("", "RAT")
    with pytest.raises(InvalidLetterError, match="word 'R4T'"):
        LEX.extensions("R4T", "Z")
    with pytest.raises(InvalidLetterError, match="rack 'Z!'"):
        LEX.extensions("RAT", "Z!")
    with pytest.raises(InvalidInputError, match="max_len"):
        LEX.extensions("RAT", "Z", max_len=-1)


def test_empty_and_long_inputs_are_answers_not_errors() -> None:
    assert LEX.subanagrams("") == []
    assert LEX.extensions("RAT", "") == []
    assert LEX.anagrams("") == []
    assert LEX.anagrams("RATRATRATRAT") == []
    assert LEX.extensions("RATRATRAT", "Z") == []  # 9 letters: never extended
    assert LEX.subanagrams("ZRAT" * 5) == ["ART", "RAT", "TZAR"]


def test_membership_of_odd_values_is_false() -> None:
    assert 3 not in LEX
    assert "R@T" not in LEX
    assert "" not in LEX
    assert "rat" in LEX and "RÂT" in LEX


def test_from_words_counts_what_it_skips_and_strict_raises() -> None:
    lex = Lexicon.from_words(["rat", "x-ray", "abcdefghij", "  ", "rat"])
    assert sorted(lex) == ["RAT"]
    assert lex.metadata["skipped"] == {"longer than 9 tiles": 1, "not in the alphabet": 1}
    with pytest.raises(InvalidLetterError, match="x-ray"):
        Lexicon.from_words(["x-ray"], strict=True)
    with pytest.raises(InvalidInputError, match="10 tiles"):
        Lexicon.from_words(["abcdefghij"], strict=True)
    with pytest.raises(InvalidInputError, match="string"):
        Lexicon.from_words([b"rat"])  # type: ignore[list-item]


def test_unknown_bundled_name_lists_the_available_ones() -> None:
    with pytest.raises(UnknownLexiconError, match=r"available: .*en"):
        Lexicon.load("klingon")
    with pytest.raises(UnknownLexiconError, match="neither"):
        Lexicon.resolve("klingon")
