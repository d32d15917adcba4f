"""Derived lexicons (filter and set operations keep the alphabet and the bag) and bag samples."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import DUTCH, AlphabetMismatchError, Bag, InvalidInputError, Lexicon
from jarnac_solver.studies.difference import word_difference

from .strategies import DIGRAPH_TILES, LATIN_SMALL, Tiles, lexicons


def test_a_filtered_lexicon_keeps_its_bag() -> None:
    """A filtered list lost its bag ("lexicon 'fr-noEZ' has no known bag")."""
    fr = Lexicon.load("fr")
    no_ez = fr.filter(lambda word: "E" not in word or "Z" not in word, name="fr-noEZ")
    assert no_ez.name == "fr-noEZ" and no_ez.metadata["bag"] == "fr"
    assert Bag.for_lexicon(no_ez) == Bag.load("fr")
    assert "ZESTE" in fr and "ZESTE" not in no_ez and "RAT" in no_ez
    assert len(no_ez) == sum(1 for w in fr if "E" not in w or "Z" not in w)


def test_set_operations_on_bundled_lists() -> None:
    en, large = Lexicon.load("en"), Lexicon.load("en-large")
    extra = large.difference(en)
    assert len(extra) == len(large) - len(en)  # en-large holds all of en
    assert len(large.intersection(en)) == len(en) and len(en.union(large)) == len(large)
    assert extra.metadata["bag"] == "en"


def test_dutch_words_keep_their_ij_tile() -> None:
    nl = Lexicon.load("nl")
    ij = nl.filter(lambda word: "IJ" in word)
    assert ij.alphabet == DUTCH and "IJS" in ij and ij.tile_length("IJS") == 2


@given(lexicons(LATIN_SMALL, max_words=30), lexicons(LATIN_SMALL, max_words=30))
def test_set_operations_match_python_sets(a: list[Tiles], b: list[Tiles]) -> None:
    left, right = Lexicon.from_words(["".join(w) for w in a]), Lexicon.from_words(["".join(w) for w in b])
    x, y = set(left), set(right)
    assert set(left.union(right)) == x | y
    assert set(left.intersection(right)) == x & y
    assert set(left.difference(right)) == x - y
    assert set(left.filter(lambda w: len(w) % 2 == 0)) == {w for w in x if len(w) % 2 == 0}


def test_bad_derivations_are_named() -> None:
    fr = Lexicon.load("fr")
    with pytest.raises(InvalidInputError, match="function"):
        fr.filter("Z")  # type: ignore[arg-type]
    with pytest.raises(AlphabetMismatchError, match="alphabets"):
        fr.union(Lexicon.load("nl"))
    with pytest.raises(InvalidInputError, match="Lexicon"):
        fr.difference(["RAT"])  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="name"):
        fr.filter(lambda w: True, name="")


@given(st.integers(0, 144), st.integers(0, 2**32))
def test_a_sample_is_drawn_from_the_bag(n: int, seed: int) -> None:
    bag = Bag.load("fr")
    rack = bag.sample(random.Random(seed), n)
    assert len(rack) == n and rack == bag.sample(random.Random(seed), n)
    assert all(rack.count(t) <= bag[t] for t in set(rack))


def test_bad_samples_are_named() -> None:
    bag = Bag.load("fr")
    for n in (-1, 145, 2.5, True):
        with pytest.raises(InvalidInputError, match="sample"):
            bag.sample(random.Random(1), n)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match=r"random\.Random"):
        bag.sample(1, 3)  # type: ignore[arg-type]


def test_every_bundled_language_has_a_bag() -> None:
    """Es and nl had no bag; their estimates are Bag.estimate of the bundled lists."""
    for name in ("es", "nl"):
        lexicon = Lexicon.load(name)
        bag = Bag.for_lexicon(lexicon)
        assert bag.name == f"{name}-estimate" and bag.total == 144
        assert bag == Bag.estimate(lexicon)  # the shipped text is what the method gives
        assert bag.alphabet == lexicon.alphabet
    mine = Bag.parse("10A 10E 10S 10T", name="mine")
    assert Bag.for_lexicon(Lexicon.load("es"), mine) is mine  # a user's bag always wins
    assert Bag.for_lexicon(Lexicon.load("es").filter(lambda w: "Z" not in w)).name == "es-estimate"


def test_the_estimate_method_on_the_real_bags() -> None:
    """Tried where the real bag is known, the estimate misplaces 13 of 144 tiles (as documented)."""
    for name in ("fr", "en"):
        real, guess = Bag.load(name), Bag.estimate(Lexicon.load(name))
        assert guess.total == real.total and sum(abs(real[t] - guess[t]) for t in real) == 26


def test_bad_estimates_are_named() -> None:
    for total in (0, 25, 10**6, 2.5, True):
        with pytest.raises(InvalidInputError, match="estimated bag"):
            Bag.estimate(Lexicon.load("en"), total=total)  # type: ignore[arg-type]


@settings(max_examples=40)
@given(lexicons(DIGRAPH_TILES, max_words=25), lexicons(DIGRAPH_TILES, max_words=25))
def test_word_difference_is_each_words_membership(first: list[Tiles], second: list[Tiles]) -> None:
    """`lexicon diff`'s words: each word of one list judged by the other's walk (`in`), not by sets."""
    a = Lexicon.from_words(["".join(w) for w in first], DUTCH)
    b = Lexicon.from_words(["".join(w) for w in second], DUTCH)
    only_a = sorted(word for word in a if word not in b)
    only_b = sorted(word for word in b if word not in a)
    assert word_difference(a, b) == (only_a, only_b)
    with pytest.raises(AlphabetMismatchError):
        word_difference(a, Lexicon.from_words(["rat"]))
