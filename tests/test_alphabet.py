"""Folding and tiles."""

from __future__ import annotations

import pytest

from jarnac_solver import LATIN, Alphabet, InvalidInputError, InvalidLetterError, Lexicon

DUTCH = Alphabet(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + ["IJ"], name="dutch")
SPANISH_N = Alphabet(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + ["Ñ"], name="spanish-enye")


@pytest.mark.parametrize(
    ("raw", "folded"),
    [
        ("été", "ETE"),
        ("ÉTÉ", "ETE"),
        ("cœur", "COEUR"),
        ("CŒUR", "COEUR"),
        ("ægis", "AEGIS"),
        ("garçon", "GARCON"),
        ("ruât", "RUAT"),
        ("straße", "STRASSE"),
        ("año", "ANO"),
    ],
)
def test_latin_folding(raw: str, folded: str) -> None:
    assert LATIN.fold(raw) == folded
    assert "".join(LATIN.tokenize(raw)) == folded


def test_an_alphabet_may_keep_an_accented_tile() -> None:
    assert SPANISH_N.tokenize("año") == ("A", "Ñ", "O")
    assert LATIN.tokenize("año") == ("A", "N", "O")


def test_digraph_tile_counts_as_one() -> None:
    assert DUTCH.tokenize("ijs") == ("IJ", "S")
    assert DUTCH.tokenize("ĳs") == ("IJ", "S")  # the ligature character folds to the tile
    lex = Lexicon.from_words(["ijs", "ijzer", "is"], DUTCH)
    assert lex.tile_length("IJS") == 2
    assert lex.length_counts() == {2: 2, 4: 1}
    assert lex.subanagrams("SIJ", min_len=2) == ["IJS"]
    assert lex.subanagrams("SIJ", min_len=1, max_len=2) == ["IJS"]
    # Two tiles I, S are in the rack only as I and S separately:
    assert lex.subanagrams("SI", min_len=1) == ["IS"]


@pytest.mark.parametrize("rack", ["AB1", "A B", "ABΩ", "AB\x01", "A-B"])
def test_a_character_outside_the_alphabet_is_named(rack: str) -> None:
    lex = Lexicon.from_words(["bar"])
    with pytest.raises(InvalidLetterError) as info:
        lex.subanagrams(rack)
    assert info.value.text == rack
    assert repr(info.value.char) in str(info.value)
    assert "rack" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_digraph_alphabet_names_the_bad_character() -> None:
    with pytest.raises(InvalidLetterError, match="'3'"):
        DUTCH.tokenize("IJ3S")


@pytest.mark.parametrize("tiles", [[], ["A", "A"], ["a"], ["A1"], [""]])
def test_bad_alphabets_are_refused(tiles: list[str]) -> None:
    with pytest.raises(InvalidInputError):
        Alphabet(tiles)


def test_fold_refuses_a_non_string() -> None:
    with pytest.raises(InvalidInputError, match="int"):
        LATIN.fold(3)  # type: ignore[arg-type]
