"""The bundled lexicons: present, in sync with their text sources, and right.

Sizes are those stated in lexicons/README.md; rulebook words cite their seed.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from jarnac_solver import DUTCH, LATIN, Lexicon
from jarnac_solver.lexicon.alphabet import Alphabet

from . import oracle

REPO = Path(__file__).resolve().parent.parent
SOURCES = REPO / "lexicons"

# lexicons/README.md: words of 1-9 tiles.
STATED_SIZES = {
    "en": 72376,
    "en-large": 141464,
    "fr": 159919,
    "fr-competitive": 82839,
    "es": 233170,
    "nl": 104475,
}
ALPHABETS: dict[str, Alphabet] = {
    "en": LATIN,
    "en-large": LATIN,
    "fr": LATIN,
    "fr-competitive": LATIN,
    "es": LATIN,
    "nl": DUTCH,
}


@pytest.fixture(scope="module", params=sorted(STATED_SIZES))
def bundled(request: pytest.FixtureRequest) -> Lexicon:
    return Lexicon.load(request.param)


def test_every_bundled_lexicon_is_listed() -> None:
    assert Lexicon.available() == sorted(STATED_SIZES)


def test_sizes_are_as_documented(bundled: Lexicon) -> None:
    stated = STATED_SIZES[bundled.name]
    assert abs(len(bundled) - stated) <= stated * 0.02
    assert bundled.alphabet == ALPHABETS[bundled.name]
    assert max(bundled.length_counts()) == 9
    assert bundled.metadata["licence"] and bundled.metadata["source"].startswith("Debian package")


def test_compiled_lexicon_is_built_from_its_text_source(bundled: Lexicon) -> None:
    """The shipped binary equals a fresh compile of lexicons/NAME.txt (the build is deterministic)."""
    metadata = {k: v for k, v in bundled.metadata.items() if k != "skipped"}
    rebuilt = Lexicon.from_file(SOURCES / f"{bundled.name}.txt", bundled.alphabet, strict=True, metadata=metadata)
    assert rebuilt.to_bytes() == bundled.to_bytes()


RULEBOOK_WORDS = {
    # the sheet: RAT BUT / Z W -> TZAR (RAT+U -> RUAT, docs/rules.md#moves); CARIES SORBETS / S N -> CASIERS BROSSENT;
    # ARE -> RACE -> TRACE -> TRACEE.
    "fr": "RAT BUT RUAT TZAR CARIES CASIERS SORBETS BROSSENT ARE RACE TRACE TRACEE",
    # the English write-up: COUCH, HOCK, CACHOU; LEA PALE LEAPT PLASTER; SHRUB BAITS TIE -> HUBRIS BATISTE.
    "en": "COUCH CACHOU HOCK SHRUB HUBRIS BAITS BATISTE TIE LEA PALE LEAPT PLASTER",
    "en-large": "COUCH CACHOU HOCK SHRUB HUBRIS BAITS BATISTE TIE LEA PALE LEAPT PLASTER",
    # the multilingual rulebook: PAR, PAREJA + S -> PAJARES, CERRITO + A -> RETORICA, ORE RETO TORRE RETIRO.
    "es": "PAR PAREJA PAJARES RETORICA ORE RETO TORRE RETIRO",
}

OUT_WORDS = {
    "fr": "MARSEILLE DUPONT SNCF KG ETC FACTO OUF XIXE",
    "en": "LONDON PARIS NASA USA ENGLAND TV KG",
    "en-large": "LONDON NASA USA ENGLAND TV KG",
    "es": "MADRID ESPANA ONU KM SR",
    "nl": "AMSTERDAM NEDERLAND KG BV",
}


@pytest.mark.parametrize(("name", "word"), [(n, w) for n, ws in RULEBOOK_WORDS.items() for w in ws.split()])
def test_rulebook_words_are_in(name: str, word: str) -> None:
    assert word in Lexicon.load(name)


@pytest.mark.parametrize(("name", "word"), [(n, w) for n, ws in OUT_WORDS.items() for w in ws.split()])
def test_proper_nouns_abbreviations_and_interjections_are_out(name: str, word: str) -> None:
    assert word not in Lexicon.load(name)


def test_rulebook_queries_fr() -> None:
    fr = Lexicon.load("fr")
    # the sheet: A has RAT and BUT, rack Z W; B steals RAT+Z -> TZAR.
    assert fr.extensions("RAT", "ZW") == ["TZAR"]
    assert "RUAT" in fr.extensions("RAT", "U")
    # the sheet: CARIES + S -> CASIERS, SORBETS + N -> BROSSENT.
    assert "CASIERS" in fr.extensions("CARIES", "S")
    assert "BROSSENT" in fr.extensions("SORBETS", "N")
    assert "TRACEE" in fr.extensions("TRACE", "E")


def test_rulebook_queries_en() -> None:
    en = Lexicon.load("en")
    # the English write-up: OUCCHK holds COUCH and HOCK; COUCH + A -> CACHOU.
    assert {"COUCH", "HOCK"} <= set(en.subanagrams("OUCCHK"))
    assert "CACHOU" in en.extensions("COUCH", "A")
    # the English write-up: the letters of PLASTER build LEA, PALE, LEAPT, PLASTER step by step.
    assert "LEA" in en.subanagrams("RLSPTAE")
    assert "PALE" in en.extensions("LEA", "P")
    assert "LEAPT" in en.extensions("PALE", "T")
    assert "PLASTER" in en.extensions("LEAPT", "RS")
    # the English write-up: SHRUB + I -> HUBRIS, BAITS + E T -> BATISTE
    assert "HUBRIS" in en.extensions("SHRUB", "I")
    assert "BATISTE" in en.extensions("BAITS", "ET")


def test_rulebook_queries_es() -> None:
    es = Lexicon.load("es")
    # the multilingual rulebook: PAREJA + S -> PAJARES; CERRITO + A -> RETORICA; ORE -> RETO -> TORRE -> RETIRO.
    assert "PAJARES" in es.extensions("PAREJA", "S")
    assert "RETORICA" in es.extensions("CERRITO", "A")
    assert "RETO" in es.extensions("ORE", "T")
    assert "TORRE" in es.extensions("RETO", "R")
    assert "RETIRO" in es.extensions("TORRE", "I")
    assert "ANO" in es  # AÑO folds to ANO: Ñ is N in the es lexicon


def test_dutch_ij_is_one_tile() -> None:
    nl = Lexicon.load("nl")
    assert "IJS" in nl and nl.tile_length("IJS") == 2
    assert "IJS" in nl.subanagrams("SIJ", min_len=2)
    assert "IJS" not in nl.subanagrams("SIJ", min_len=3)
    # A 10-letter word with IJ is 9 tiles: it fits a line.
    assert "AANDRIJVEN" in nl.subanagrams("AANDRIJVEN", min_len=9)
    assert nl.tile_length("AANDRIJVEN") == 9
    assert nl.anagrams("NEVIJRDNAA") == ["AANDRIJVEN"]


def test_en_queries_match_the_oracle_on_random_racks() -> None:
    en = Lexicon.load("en")
    words = [tuple(w) for w in (SOURCES / "en.txt").read_text(encoding="utf-8").split()]
    rng = random.Random(2)
    bag = "EEEEEEEEEAAAAIIIIOOOONNNRRRTTTLLSSUUDDGBBCCMMPPFHVWYKJXQZ"
    for size in (7, 9, 12):
        rack = tuple(rng.sample(bag, size))
        assert en.subanagrams("".join(rack)) == oracle.subanagrams(words, rack, 3, 9)
        word = rng.choice([w for w in words if 3 <= len(w) <= 6])
        assert en.extensions("".join(word), "".join(rack[:5])) == oracle.extensions(words, word, rack[:5], 9)
