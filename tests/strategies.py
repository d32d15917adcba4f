"""Hypothesis strategies: small random lexicons over small alphabets, and racks.

Small alphabets make hits common; repeated letters, empty racks, racks longer
than 9 and words of 1-2 tiles all come up often.
"""

from __future__ import annotations

from hypothesis import strategies as st

from jarnac_solver import DUTCH, Alphabet

Tiles = tuple[str, ...]

# A Dutch-like alphabet where IJ is one tile beside single I and J tiles, as
# in a real Dutch bag: a rack may hold I then J, which is not the IJ tile.
DIGRAPH_TILES = ("A", "E", "I", "IJ", "J", "S", "T", "N")
LATIN_SMALL = ("A", "B", "E", "R", "S", "T")


def as_word(tiles: Tiles, alphabet: Alphabet = DUTCH) -> Tiles:
    """The tiles a word list entry spelt with ``tiles`` is read as (greedy: I J becomes IJ).

    A word list holds text, so its words are read greedily; racks and lines
    are tiles and keep single I and J (written ``I.J``).
    """
    return alphabet.tokenize("".join(tiles))


def written(tiles: Tiles, alphabet: Alphabet = DUTCH) -> str:
    """Tiles in the library's notation (``.`` where reading would join two)."""
    return alphabet.write(tiles)


def tile_words(tiles: tuple[str, ...], min_size: int = 1, max_size: int = 9) -> st.SearchStrategy[Tiles]:
    """One word as a tuple of tiles."""
    return st.lists(st.sampled_from(tiles), min_size=min_size, max_size=max_size).map(tuple)


def lexicons(tiles: tuple[str, ...] = LATIN_SMALL, max_words: int = 60) -> st.SearchStrategy[list[Tiles]]:
    """A random word list (duplicates and anagram classes included), as a word list reads it."""
    return st.lists(tile_words(tiles).map(as_word), min_size=0, max_size=max_words)


def racks(tiles: tuple[str, ...] = LATIN_SMALL, max_size: int = 14) -> st.SearchStrategy[Tiles]:
    """A rack: possibly empty, possibly longer than a line."""
    return st.lists(st.sampled_from(tiles), min_size=0, max_size=max_size).map(tuple)


def lengths() -> st.SearchStrategy[tuple[int, int]]:
    """A ``(min_len, max_len)`` pair with ``1 <= min_len <= max_len <= 11``."""
    return st.tuples(st.integers(1, 10), st.integers(0, 3)).map(lambda p: (p[0], p[0] + p[1]))
