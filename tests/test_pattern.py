"""Pattern search against a brute-force twin: tokens drawn at random, matched by backtracking over tiles
(no regular expression, no parser of the library), on random lexicons with I, J and IJ."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import DUTCH, InvalidInputError, Lexicon

from .strategies import DIGRAPH_TILES, LATIN_SMALL, Tiles, lexicons, racks, written

Token = tuple[str, tuple[str, ...]]


def matches(word: Tiles, tokens: list[Token]) -> bool:
    """The oracle: does the tile sequence match the tokens (backtracking on runs)?"""
    if not tokens:
        return not word
    kind, tiles = tokens[0]
    if kind == "run":
        return any(matches(word[k:], tokens[1:]) for k in range(len(word) + 1))
    if not word:
        return False
    head = word[0]
    ok = {
        "tile": head == tiles[0] if tiles else False,
        "any": True,
        "set": head in tiles,
        "not": head not in tiles,
    }[kind]
    return ok and matches(word[1:], tokens[1:])


def text_of(tokens: list[Token]) -> str:
    """The pattern text of the tokens: runs of tiles written as the alphabet writes them (I.J apart)."""
    out: list[str] = []
    run: list[str] = []
    for kind, tiles in tokens:
        if kind == "tile":
            run.extend(tiles)
            continue
        if run:
            out.append(written(tuple(run)))
            run = []
        if kind == "any":
            out.append("?")
        elif kind == "run":
            out.append("*")
        else:
            out.append(("[^" if kind == "not" else "[") + written(tiles) + "]")
    if run:
        out.append(written(tuple(run)))
    return "".join(out)


def tokens_of(tiles: tuple[str, ...]) -> st.SearchStrategy[list[Token]]:
    one = st.one_of(
        st.sampled_from(tiles).map(lambda t: ("tile", (t,))),
        st.just(("any", ())),
        st.just(("run", ())),
        st.lists(st.sampled_from(tiles), min_size=1, max_size=3, unique=True).map(lambda ts: ("set", tuple(ts))),
        st.lists(st.sampled_from(tiles), min_size=1, max_size=3, unique=True).map(lambda ts: ("not", tuple(ts))),
    )
    return st.lists(one, min_size=1, max_size=6)


@settings(max_examples=200)
@given(st.data(), st.sampled_from([LATIN_SMALL, DIGRAPH_TILES]))
def test_search_matches_the_oracle(data: st.DataObject, tiles: tuple[str, ...]) -> None:
    words = data.draw(lexicons(tiles))
    tokens = data.draw(tokens_of(tiles))
    lex = Lexicon.from_words(["".join(w) for w in words], DUTCH)
    expected = sorted({written(w) for w in words if len(w) <= 9 and matches(w, tokens)})
    assert lex.search(text_of(tokens)) == expected
    rack = data.draw(racks(tiles, max_size=9))
    have = Counter(rack)
    formable = sorted({written(w) for w in words if len(w) <= 9 and not Counter(w) - have and matches(w, tokens)})
    assert lex.search(text_of(tokens), letters=written(rack)) == formable


def test_patterns_on_the_bundled_lists() -> None:
    en, nl = Lexicon.load("en"), Lexicon.load("nl")
    assert en.search("CA?H?U") == ["CACHOU"]
    assert en.search("?A*E", letters="RATES") == ["RATE", "SATE", "TARE"]
    assert all(w.startswith("Q") and w[1] != "U" for w in en.search("Q[^U]*"))
    assert "IJS" in nl.search("IJ?")  # IJ is one tile: IJS has two
    assert "IJS" not in nl.search("??S")  # I.J.S would be three
    assert nl.search("é?é") == Lexicon.load("nl").search("E?E")  # folded as the lexicon folds


@pytest.mark.parametrize("pattern", ["", "[AE", "A]", "^A", "[]", "[^]", "R4T", "[A?]"])
def test_bad_patterns_name_the_bad_part(pattern: str) -> None:
    with pytest.raises(InvalidInputError):
        Lexicon.load("en").search(pattern)


NARROWED = {
    "fr": ["MUN?TER", "?IME", "*OOP", "TU*", "AB?D*EL", "[^AEIOU]?E"],
    "nl": ["?IJ", "IJ?", "IJ*IJ", "*IJS", "?E?IJ*N"],  # IJ, one tile, at either end
}


@pytest.mark.parametrize("name", sorted(NARROWED))
def test_narrowed_scans_agree_with_testing_every_word(name: str) -> None:
    """The search narrows its scan to the lines that begin (or, read backwards, end) with the pattern's
    letters; every shape against the same pattern tested on every word, one by one."""
    from jarnac_solver.lexicon.pattern import Pattern

    lex = Lexicon.load(name)
    coded = [(word, lex.alphabet.encode(word)) for word in lex]
    for text in NARROWED[name]:
        pattern = Pattern.parse(text, lex.alphabet)
        expected = sorted(word for word, codes in coded if pattern.match(codes))
        assert lex.search(text) == expected, text
