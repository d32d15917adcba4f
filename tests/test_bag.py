"""Bags: the built-in 144-tile distributions, user bags, and alphabet checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from jarnac_solver import DUTCH, AlphabetMismatchError, Bag, InvalidInputError, Lexicon


def test_french_bag_is_the_sheet() -> None:
    """docs/rules.md#bag: the publisher's sheet, 144 tiles."""
    fr = Bag.load("fr")
    assert fr.total == 144
    assert (fr["A"], fr["E"], fr["I"], fr["K"], fr["W"], fr["Z"]) == (14, 19, 11, 1, 1, 2)
    assert len(fr) == 26


def test_english_bag_is_the_write_ups() -> None:
    """docs/rules.md#bag: the English write-up, 144 tiles."""
    en = Bag.load("en")
    assert en.total == 144
    assert (en["A"], en["E"], en["O"], en["Q"], en["Z"]) == (12, 17, 11, 2, 1)


def test_text_round_trip_and_formats(tmp_path: Path) -> None:
    fr = Bag.load("fr")
    assert Bag.parse(str(fr), name="fr") == fr
    lines = Bag.parse("# a tiny bag\nA 3\nb: 2\nIJ = 2\n", DUTCH)
    assert lines["IJ"] == 2 and lines["B"] == 2 and lines.total == 7
    assert lines.tiles() == ["A", "A", "A", "B", "B", "IJ", "IJ"]
    path = tmp_path / "multi.txt"
    path.write_text("10A 2IJ 3É\n", encoding="utf-8")
    bag = Bag.from_file(path, DUTCH)
    assert bag["E"] == 3 and bag["IJ"] == 2 and bag.name == "multi"
    assert "Q" not in bag and bag["Q"] == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3A 2B 1!", "cannot read"),  # "1?" is one blank (word study)
        ("3A 2Ω", "'Ω'"),
        ("A 3\nA 2", "listed twice"),
        ("0A", "no tile"),
        ("", "no tile"),
        ("3AB", "not one tile"),
    ],
)
def test_bad_bags(text: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        Bag.parse(text)


def test_mapping_bags_are_validated() -> None:
    assert Bag({"a": 2, "B": 1}).total == 3
    with pytest.raises(InvalidInputError, match="whole number"):
        Bag({"A": -1})
    with pytest.raises(InvalidInputError, match="whole number"):
        Bag({"A": 1.5})  # type: ignore[dict-item]


def test_a_bag_and_a_lexicon_of_different_alphabets_cannot_mix() -> None:
    nl = Lexicon.load("nl")
    with pytest.raises(AlphabetMismatchError, match=r"'latin'.*'dutch'"):
        Bag.for_lexicon(nl, Bag.load("fr"))
    assert Bag.for_lexicon(nl).name == "nl-estimate"  # estimated from the lexicon's letters
    with pytest.raises(InvalidInputError, match="no known bag"):
        Bag.for_lexicon(Lexicon.from_words(["rat"], DUTCH))
    multilingual = Bag.parse("12A 2IJ 20E", DUTCH)
    assert Bag.for_lexicon(nl, multilingual) is multilingual
    assert Bag.for_lexicon(Lexicon.load("en")).name == "en"
    assert Bag.for_lexicon(Lexicon.load("fr")) == Bag.load("fr")
