"""fr-competitive: the competitive rules' verbs, only as infinitives and participles
(docs/rules.md#verb-forms)."""

from __future__ import annotations

import pytest

from jarnac_solver import Lexicon, Rules
from jarnac_solver.moves.rules import VERB_FORM_LEXICONS

IN = (
    "MANGER MANGEANT MANGE MANGEE MANGES MANGEES "  # infinitive, present participle, MANGÉ/ÉE/ÉS/ÉES
    "FINIR FINISSANT FINI FINIE FINIS FINIES ETRE ETANT ETE AVOIR AYANT EU EUE EUS EUES "
    "PORTES FERMES PORTE"  # nouns (and adjectives) spelled like conjugated forms stay
)
OUT = "MANGEAIS MANGERONS MANGEASSE SECOUAIS RECOUSAIS FINIRA FINISSONS AVAIS SERONS BROSSENT"


@pytest.fixture(scope="module")
def competitive() -> Lexicon:
    return Lexicon.load("fr-competitive")


@pytest.mark.parametrize("word", IN.split())
def test_infinitives_participles_and_homograph_nouns_are_in(competitive: Lexicon, word: str) -> None:
    assert word in competitive


@pytest.mark.parametrize("word", OUT.split())
def test_conjugated_forms_are_out(competitive: Lexicon, word: str) -> None:
    assert word not in competitive
    assert word in Lexicon.load("fr")  # a French word all the same


def test_it_is_fr_less_conjugated_forms(competitive: Lexicon) -> None:
    fr = Lexicon.load("fr")
    words = set(competitive)
    assert words < set(fr)
    assert 0.45 < len(words) / len(fr) < 0.6  # 82,839 of 159,919 (lexicons/README.md)
    assert competitive.metadata["bag"] == "fr" and competitive.draw_odds().bag.name == "fr"


def test_the_competitive_preset_names_its_lexicon() -> None:
    rules = Rules.preset("competitive")
    assert rules.verb_forms == "infinitive-participles"
    assert rules.lexicon_for("fr") == "fr-competitive" and rules.lexicon_for("nl") == "nl"
    assert Rules.preset("multilingual").lexicon_for("fr") == "fr"
    for name, variant in VERB_FORM_LEXICONS.items():
        assert set(Lexicon.load(variant)) <= set(Lexicon.load(name))
