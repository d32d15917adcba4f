"""The bundled lexicons hold no proper nouns, acronyms or interjections (lexicons/hygiene.py)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from jarnac_solver import Lexicon

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ("fr", "fr-competitive", "en", "en-large", "es", "nl")


def _hygiene() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lexicon_hygiene", ROOT / "lexicons" / "hygiene.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hygiene = _hygiene()

NAMES = [
    "JAMES",
    "PAUL",
    "ABRAM",
    "CORY",
    "DAVIES",
    "EMMY",
    "GALAPAGOS",
    "KERRY",
    "MANET",
    "METHODISM",
    "RIVAS",
    "RUSSIA",
]
DUTCH_ACRONYMS = ["BNP", "BTW", "DVD", "GPS", "LCD", "LSD", "PDF", "PVC", "SMS", "TBC", "CRM"]
SPANISH_ACRONYMS = ["BLV", "CFR", "JHS", "PTS", "RVD"]
INTERJECTIONS_EN = [
    "WHOOPS",
    "HI",
    "OH",
    "UM",
    "ER",
    "YEAH",
    "YEP",
    "NOPE",
    "WHEW",
    "OW",
    "ALAS",
    "JEEZ",
    "YO",
    "OI",
    "OHO",
]
INTERJECTIONS_EN_LARGE = [*INTERJECTIONS_EN, *["BRRR", "PST", "TSKTSK", "HEH", "HOHO", "OY", "OYE", "TSK", "EUOI"]]


@pytest.mark.parametrize("word", NAMES)
def test_proper_names_are_gone(word: str) -> None:
    assert word not in Lexicon.load("en-large")
    assert word not in Lexicon.load("en")


def test_canada_is_canada() -> None:
    # CANADA stays: it is CAÑADA (a ravine), a lower-case SCOWL word, folded.
    assert "CANADA" in Lexicon.load("en-large")


@pytest.mark.parametrize(("name", "words"), [("nl", DUTCH_ACRONYMS), ("es", SPANISH_ACRONYMS)])
def test_acronyms_are_gone(name: str, words: list[str]) -> None:
    lexicon = Lexicon.load(name)
    assert [w for w in words if w in lexicon] == []


@pytest.mark.parametrize(("name", "words"), [("en", INTERJECTIONS_EN), ("en-large", INTERJECTIONS_EN_LARGE)])
def test_interjections_are_gone_or_kept_for_a_reason(name: str, words: list[str]) -> None:
    lexicon = Lexicon.load(name)
    unexplained = [w for w in words if w in lexicon and w not in hygiene.INTERJECTIONS_KEPT]
    assert unexplained == []
    assert all(hygiene.INTERJECTIONS_KEPT[w] for w in words if w in lexicon)


@pytest.mark.parametrize("name", BUNDLED)
def test_no_vowelless_word_of_three_tiles_or_more(name: str) -> None:
    lexicon = Lexicon.load(name)
    alphabet = lexicon.alphabet
    vowelless = [
        word
        for word in lexicon.search("???*")
        if not hygiene.VOWELS.intersection(alphabet.tokenize(word, what="word")) and word not in hygiene.VOWELLESS_KEPT
    ]
    assert vowelless == []
    assert all(reason for reason in hygiene.VOWELLESS_KEPT.values())


@pytest.mark.parametrize("name", BUNDLED)
def test_removals_are_counted_in_the_metadata(name: str) -> None:
    removed = Lexicon.load(name).metadata["removed"]
    assert removed == json.loads((ROOT / "lexicons" / f"{name}.removed.json").read_text(encoding="utf-8"))
    assert all(isinstance(count, int) and count >= 0 for count in removed.values())


def test_fr_competitive_keeps_its_verb_rule() -> None:
    competitive = Lexicon.load("fr-competitive")
    for word in ("MANGER", "MANGE", "MANGEE", "MANGES", "MANGEANT", "FINI", "PORTES", "FERMES", "FAIT", "DIT"):
        assert word in competitive, word
    for word in ("MANGEAIS", "MANGERONS", "SECOUAIS", "RECOUSAIS", "FINIRA"):
        assert word not in competitive, word
    assert "CRWTH" in competitive  # a vowelless noun kept with its reason


def test_lexicon_info_shows_the_removals_by_reason(capsys: pytest.CaptureFixture[str]) -> None:
    """The counts of lexicons/README.md in `lexicon info`: they are there, and in --json."""
    from jarnac_solver.cli import main

    assert main(["lexicon", "info", "en-large"]) == 0
    out = capsys.readouterr().out
    assert "removed at build: 254 words: proper noun" in out
    assert main(["lexicon", "info", "en-large", "--json"]) == 0
    removed = json.loads(capsys.readouterr().out)["result"]["removed"]
    assert sum(removed.values()) > 300
