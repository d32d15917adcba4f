"""What the bundled lexicons hold and leave out: interjections, abbreviations, and
en-large holding all of en (lexicons/README.md says how each is told)."""

from __future__ import annotations

import pytest

from jarnac_solver import Lexicon


def test_rulebook_ouch_is_not_in_en() -> None:
    # the English write-up: "The word OUCH would not have been allowed because it is an interjection."
    # The same example has COUCH and HOCK on the carpet and CACHOU for the Jarnac.
    for name in ("en", "en-large"):
        lex = Lexicon.load(name)
        assert "OUCH" not in lex
        assert {"COUCH", "HOCK", "CACHOU"} <= set(lex.subanagrams("OUCCHKA"))
        assert "OUCH" not in lex.subanagrams("OUCCHK")


@pytest.mark.parametrize("name", ["en", "en-large"])
@pytest.mark.parametrize("word", ["BRR", "HMM", "SHH", "PSST", "UGH", "YIKES", "OOPS"])
def test_english_interjections_are_out(name: str, word: str) -> None:
    assert word not in Lexicon.load(name)


@pytest.mark.parametrize("name", ["en", "en-large"])
def test_english_abbreviations_are_out(name: str) -> None:
    assert "DKL" not in Lexicon.load(name)  # dekaliter


def test_french_abbreviations_are_out() -> None:
    fr = Lexicon.load("fr")
    assert "PTS" not in fr  # points
    assert {"POINT", "POINTS", "PINTE"} <= set(fr.subanagrams("POINTSE"))
    assert "CRWTH" in fr  # no vowel, but a noun (a Welsh lyre), not a symbol


@pytest.mark.parametrize("name", ["en", "en-large"])
@pytest.mark.parametrize(
    "word",
    # Interjections that are also nouns or verbs, or inflected forms of nouns and verbs, stay.
    ["COUCH", "TOUCH", "VOUCH", "HUM", "HUMS", "HUMMED", "WOW", "HELLO", "BRAVO", "RATS", "CHEERS", "HUSH", "SHUSH"],
)
def test_ordinary_words_stay(name: str, word: str) -> None:
    assert word in Lexicon.load(name)


def test_en_large_holds_en() -> None:
    en, large = Lexicon.load("en"), Lexicon.load("en-large")
    missing = [word for word in en if word not in large]
    assert not missing, f"{len(missing)} words of en missing from en-large, e.g. {missing[:10]}"
    assert len(large) > len(en)
    assert "ACCOUTRE" in large  # a British spelling that en-large used to miss
