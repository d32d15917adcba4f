"""Draw probability (Zyzzyva's order) against a brute-force twin that deals every possible draw from a
small bag and counts the ones holding exactly the word's tiles (no binomial, no tally of the library)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import DUTCH, Bag, InvalidInputError, Lexicon
from jarnac_solver.lexicon.probability import DrawOdds, draw_odds_text

from .strategies import DIGRAPH_TILES, lexicons, tile_words, written


def dealt(bag_tiles: list[str], word: tuple[str, ...]) -> tuple[int, int]:
    """The oracle: (draws of len(word) tiles holding exactly its tiles, all such draws), each tile of
    the bag a distinct object."""
    target = sorted(word)
    hits = total = 0
    for draw in combinations(range(len(bag_tiles)), len(word)):
        total += 1
        hits += sorted(bag_tiles[i] for i in draw) == target
    return hits, total


bags = st.dictionaries(st.sampled_from(DIGRAPH_TILES), st.integers(0, 4), min_size=1).filter(
    lambda counts: 0 < sum(counts.values()) <= 12
)


@settings(max_examples=150)
@given(bags, tile_words(DIGRAPH_TILES, max_size=4))
def test_ways_and_probability_match_every_draw_dealt(counts: dict[str, int], word: tuple[str, ...]) -> None:
    bag = Bag(counts, DUTCH)
    bag_tiles = [tile for tile, n in counts.items() for _ in range(n)]
    odds = DrawOdds(bag)
    text = written(word)
    if len(word) > len(bag_tiles):
        assert odds.probability(text) == 0.0
        return
    hits, total = dealt(bag_tiles, word)
    assert odds.ways(text) == hits
    assert odds.probability(text) == pytest.approx(float(Fraction(hits, total)), rel=1e-12)


@settings(max_examples=60)
@given(lexicons(DIGRAPH_TILES, max_words=30))
def test_ordered_by_probability_is_longest_then_likeliest(words: list[tuple[str, ...]]) -> None:
    lex = Lexicon.from_words(["".join(w) for w in words], DUTCH)
    bag = Bag(dict.fromkeys(DIGRAPH_TILES, 3) | {"E": 6}, DUTCH)
    listed = sorted(lex)
    ranked = lex.ordered(listed, "probability", bag=bag)
    assert sorted(ranked) == listed  # a permutation: nothing dropped, nothing added
    odds = DrawOdds(bag)
    keys = [(-lex.tile_length(w), -odds.ways(w), w) for w in ranked]
    assert keys == sorted(keys)
    by_length = lex.ordered(listed, "length")
    assert [lex.tile_length(w) for w in by_length] == sorted((lex.tile_length(w) for w in listed), reverse=True)
    assert lex.ordered(reversed(listed), "alphabet") == listed


def test_the_fr_bag_gives_zyzzyva_style_numbers() -> None:
    """ETE: choose 2 of the bag's E tiles and 1 of its T tiles, over every 3-tile draw of 144."""
    fr = Lexicon.load("fr")
    bag = Bag.load("fr")
    assert fr.draw_odds().ways("été") == comb(bag["E"], 2) * comb(bag["T"], 1)
    assert fr.draw_probability("ETE") == pytest.approx(comb(bag["E"], 2) * bag["T"] / comb(144, 3))
    assert fr.draw_odds().ways("ZZZ") == 0  # one Z in the bag
    assert fr.ordered(["ZUT", "ETE", "RATES", "TETE"]) == ["RATES", "TETE", "ETE", "ZUT"]


def test_orders_and_odds_refuse_bad_input() -> None:
    en = Lexicon.load("en")
    with pytest.raises(InvalidInputError, match="no word order 'size'"):
        en.ordered(["RAT"], "size")
    with pytest.raises(InvalidInputError, match="a list of words, not str"):
        en.ordered("RAT")
    with pytest.raises(InvalidInputError, match="as text, not int"):
        en.ordered([3])  # type: ignore[list-item]
    with pytest.raises(InvalidInputError, match="no known bag"):
        Lexicon.from_words(["rat"]).draw_probability("RAT")
    with pytest.raises(InvalidInputError, match="'4'"):
        en.draw_probability("R4T")
    with pytest.raises(InvalidInputError, match="take a Bag"):
        DrawOdds("fr")  # type: ignore[arg-type]
    assert draw_odds_text(0.0) == "never" and draw_odds_text(1 / 2870.4) == "1 in 2,870"


def test_familiarity_orders_the_best_known_first() -> None:
    pytest.importorskip("wordfreq")
    fr = Lexicon.load("fr")
    assert fr.ordered(["TZAR", "AZUR", "ZUT", "RIZ"], "familiarity")[:2] == ["AZUR", "TZAR"]
