"""Brute-force twins of the index queries: scan every word, compare tile counts.

They share no idea with the index (no alphagram keys, no trie, no ranks):
each word of the list is compared with the query as a Counter of its tiles.
Words and racks here are tuples of tiles, so the oracle never folds or
tokenizes text either.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

Tiles = tuple[str, ...]


def _fits(small: Counter[str], big: Counter[str]) -> bool:
    return all(big[tile] >= n for tile, n in small.items())


def subanagrams(words: Iterable[Tiles], rack: Tiles, min_len: int, max_len: int) -> list[str]:
    have = Counter(rack)
    return sorted({"".join(w) for w in words if min_len <= len(w) <= max_len and _fits(Counter(w), have)})


def anagrams(words: Iterable[Tiles], letters: Tiles) -> list[str]:
    want = Counter(letters)
    return sorted({"".join(w) for w in words if Counter(w) == want})


def extensions(words: Iterable[Tiles], word: Tiles, rack: Tiles, max_len: int) -> list[str]:
    need = Counter(word)
    have = need + Counter(rack)
    found = set()
    for w in words:
        counts = Counter(w)
        if len(word) < len(w) <= max_len and _fits(need, counts) and _fits(counts, have):
            found.add("".join(w))
    return sorted(found)
