"""The bundled English lexicon: present, in sync with its text source, and right."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from jarnac_solver import LATIN, Lexicon

from . import oracle

REPO = Path(__file__).resolve().parent.parent
EN_TEXT = REPO / "lexicons" / "en.txt"


@pytest.fixture(scope="module")
def en() -> Lexicon:
    return Lexicon.load("en")


@pytest.fixture(scope="module")
def en_words() -> list[tuple[str, ...]]:
    return [tuple(w) for w in EN_TEXT.read_text(encoding="utf-8").split()]


def test_en_is_bundled_and_sized_as_documented(en: Lexicon) -> None:
    assert "en" in Lexicon.available()
    assert len(en) == 72387  # lexicons/README.md
    assert en.length_counts()[9] == 17325
    assert en.metadata["licence"].startswith("SCOWL")
    assert en.alphabet == LATIN


def test_compiled_en_is_built_from_its_text_source(en: Lexicon) -> None:
    """The shipped binary equals a fresh compile of lexicons/en.txt (the build is deterministic)."""
    rebuilt = Lexicon.from_file(EN_TEXT, strict=True, metadata=dict(en.metadata))
    del rebuilt.metadata["skipped"]
    rebuilt.metadata["skipped"] = {}
    assert rebuilt.to_bytes() == en.to_bytes()


@pytest.mark.parametrize(
    "word",
    # seed 002: COUCH, HOCK, CACHOU (the first Jarnac), LEA PALE LEAPT PLASTER (the ladder);
    # seed 003: SHRUB BAITS TIE -> HUBRIS BATISTE (the value Jarnac).
    ["COUCH", "CACHOU", "HOCK", "SHRUB", "HUBRIS", "BAITS", "BATISTE", "TIE", "LEA", "PALE", "LEAPT", "PLASTER"],
)
def test_rulebook_words_are_in(en: Lexicon, word: str) -> None:
    assert word in en


@pytest.mark.parametrize("word", ["LONDON", "PARIS", "NASA", "USA", "ENGLAND", "TV"])
def test_proper_nouns_and_acronyms_are_out(en: Lexicon, word: str) -> None:
    assert word not in en


def test_rulebook_queries(en: Lexicon) -> None:
    # seed 002: OUCCHK holds COUCH and HOCK; COUCH + A -> CACHOU.
    assert {"COUCH", "HOCK"} <= set(en.subanagrams("OUCCHK"))
    assert "CACHOU" in en.extensions("COUCH", "A")
    # seed 002: the letters of PLASTER build LEA, PALE, LEAPT, PLASTER step by step.
    assert "LEA" in en.subanagrams("RLSPTAE")
    assert "PALE" in en.extensions("LEA", "P")
    assert "LEAPT" in en.extensions("PALE", "T")
    assert "PLASTER" in en.extensions("LEAPT", "RS")
    # seed 003: SHRUB + I -> HUBRIS, BAITS + E -> BATISTE
    assert "HUBRIS" in en.extensions("SHRUB", "I")
    assert "BATISTE" in en.extensions("BAITS", "ET")


def test_en_queries_match_the_oracle_on_random_racks(en: Lexicon, en_words: list[tuple[str, ...]]) -> None:
    rng = random.Random(2)
    bag = "EEEEEEEEEAAAAIIIIOOOONNNRRRTTTLLSSUUDDGBBCCMMPPFHVWYKJXQZ"
    for size in (7, 9, 12):
        rack = tuple(rng.sample(bag, size))
        assert en.subanagrams("".join(rack)) == oracle.subanagrams(en_words, rack, 3, 9)
        word = rng.choice([w for w in en_words if 3 <= len(w) <= 6])
        assert en.extensions("".join(word), "".join(rack[:5])) == oracle.extensions(en_words, word, rack[:5], 9)
