"""The three queries against their brute-force twins on random lexicons."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from jarnac_solver import Alphabet, Lexicon

from . import oracle
from .strategies import DIGRAPH_TILES, LATIN_SMALL, Tiles, as_word, lengths, lexicons, racks, tile_words

ALPHABETS: dict[tuple[str, ...], Alphabet] = {
    LATIN_SMALL: Alphabet(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), name="latin"),
    DIGRAPH_TILES: Alphabet(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + ["IJ"], name="dutch"),
}


def text(tiles: Tiles, alphabet: tuple[str, ...]) -> str:
    """A rack or probe in notation: single I and J stay single (``I.J``)."""
    return ALPHABETS[alphabet].write(tiles)


tile_sets = st.sampled_from(sorted(ALPHABETS))


def build(words: list[Tiles], tiles: tuple[str, ...]) -> Lexicon:
    return Lexicon.from_words(["".join(w) for w in words], ALPHABETS[tiles], strict=True)


@given(st.data(), tile_sets)
def test_subanagrams_match_oracle(data: st.DataObject, tiles: tuple[str, ...]) -> None:
    words = data.draw(lexicons(tiles))
    rack = data.draw(racks(tiles))
    min_len, max_len = data.draw(lengths())
    lex = build(words, tiles)
    got = lex.subanagrams(text(rack, tiles), min_len=min_len, max_len=max_len)
    assert got == oracle.subanagrams(words, rack, min_len, max_len)


@given(st.data(), tile_sets)
def test_anagrams_match_oracle(data: st.DataObject, tiles: tuple[str, ...]) -> None:
    words = data.draw(lexicons(tiles))
    # Half of the queries are anagrams of a lexicon word, so hits are common.
    letters = data.draw(st.one_of(racks(tiles, 10), st.sampled_from(words) if words else racks(tiles, 10)))
    letters = tuple(data.draw(st.permutations(letters)))
    lex = build(words, tiles)
    assert lex.anagrams(text(letters, tiles)) == oracle.anagrams(words, letters)


@given(st.data(), tile_sets)
def test_extensions_match_oracle(data: st.DataObject, tiles: tuple[str, ...]) -> None:
    words = data.draw(lexicons(tiles))
    word = data.draw(
        st.one_of(tile_words(tiles, 1, 9).map(as_word), st.sampled_from(words) if words else tile_words(tiles))
    )
    rack = data.draw(racks(tiles))
    max_len = data.draw(st.integers(1, 11))
    lex = build(words, tiles)
    got = lex.extensions(text(word, tiles), text(rack, tiles), max_len=max_len)
    assert got == oracle.extensions(words, word, rack, max_len)


@given(st.data(), tile_sets)
def test_saved_lexicon_answers_the_same(data: st.DataObject, tiles: tuple[str, ...]) -> None:
    words = data.draw(lexicons(tiles))
    rack = text(data.draw(racks(tiles)), tiles)
    lex = build(words, tiles)
    again = Lexicon.from_bytes(lex.to_bytes())
    assert sorted(again) == sorted(lex) == sorted({"".join(w) for w in words})
    assert len(again) == len(lex)
    assert again.subanagrams(rack, min_len=1) == lex.subanagrams(rack, min_len=1)
    assert again.to_bytes() == lex.to_bytes()
    for w in words:
        assert "".join(w) in again


@given(lexicons(LATIN_SMALL), racks(LATIN_SMALL))
def test_membership_matches_the_word_set(words: list[Tiles], probe: Tiles) -> None:
    lex = build(words, LATIN_SMALL)
    word_set = {"".join(w) for w in words}
    text = "".join(probe)
    assert (text in lex) == (text in word_set)
