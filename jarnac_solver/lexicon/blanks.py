"""Blanks (``?``) in a rack: the multiset queries with tiles that stand for any tile.

Key idea: a rack with ``b`` blanks forms exactly the words its letters form with some ``b`` tiles
added, so the answer is the union of the blank-free walks over every way to fill the blanks
(``comb(tiles + b - 1, b)`` of them: 26 for one blank, 351 for two in Latin), unioned as node ids
and turned into words once. Past :data:`MAX_FILLINGS` fillings (three blanks or more) one scan of the
words of the asked lengths is cheaper: a word fits when the tiles it needs beyond the rack's are at
most ``b``. Either way each word comes once, with the tiles the blanks stand for written in lower
case (``RAtE``): the fewest blanks the word needs, the rack's own tiles read from the left (so a
blank stands for the later copies of a tile).

>>> from jarnac_solver import Lexicon
>>> lex = Lexicon.from_words(["rat", "rate", "tare", "ratee"])
>>> lex.subanagrams("RAT?")
['RAT', 'RATe', 'TARe']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations_with_replacement
from math import comb

from ..budget import Deadline
from ..errors import InvalidInputError, QueryBudgetError
from .alphabet import Alphabet
from .index import MAX_DEPTH, AlphagramIndex
from .tally import Tally

__all__ = [
    "BLANK",
    "MAX_BLANKS",
    "MAX_FILLINGS",
    "blank_anagrams",
    "blank_extensions",
    "blank_subanagrams",
    "marked",
    "split_blanks",
]


BLANK = "?"
"""A blank tile in a rack (``bag.BLANK`` in a bag's writing)."""

MAX_BLANKS = 9
"""The most blanks a rack may hold: a word has at most 9 tiles, so more blanks add nothing."""

MAX_FILLINGS = 4000
"""The most fillings of the blanks walked one by one; beyond (three blanks or more in Latin), one scan."""


def split_blanks(text: str, what: str, alphabet: Alphabet) -> tuple[str, int]:
    """``text`` without its blanks, and how many it held; :class:`InvalidInputError` past :data:`MAX_BLANKS`.

    >>> from jarnac_solver import LATIN
    >>> split_blanks("AB??", "rack", LATIN)
    ('AB', 2)
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"{what} must be text, not {type(text).__name__}")
    if BLANK in alphabet.index:  # an alphabet whose tile is '?': no blank
        return text, 0
    blanks = text.count(BLANK)
    if blanks > MAX_BLANKS:
        raise InvalidInputError(
            f"{what} {text!r} holds {blanks} blanks; at most {MAX_BLANKS} (a word has at most {MAX_DEPTH} tiles)"
        )
    return text.replace(BLANK, ""), blanks


def _merged(base: dict[int, int], extra: Sequence[int]) -> list[tuple[int, int]]:
    counts = dict(base)
    for rank in extra:
        counts[rank] = counts.get(rank, 0) + 1
    return sorted(counts.items())


def _walk(index: AlphagramIndex, required: Tally, optional: Tally) -> list[int]:
    """Every node whose key holds ``required`` and part of ``optional``, by the index's walk."""
    return index.walk.walk(required, optional)


def _deadline_check(deadline: Deadline | None, query: str) -> None:
    if deadline is not None and deadline.expired():
        raise QueryBudgetError(
            f"{query}: not finished within its budget; give fewer blanks or a length range"
            " (budget=EXACT, --exact: no limit)"
        )


def _union_words(
    index: AlphagramIndex,
    required: Tally,
    rack: dict[int, int],
    blanks: int,
    lo: int,
    hi: int,
    deadline: Deadline | None,
    query: str,
) -> list[str]:
    """The words (sorted, upper case) of ``lo..hi`` tiles whose key is ``required`` + part of the rack
    with its blanks filled in some way: one walk a filling, the nodes unioned."""
    start, stop = index.nodes_of_lengths(lo, hi)
    found: set[int] = set()
    for n, filling in enumerate(combinations_with_replacement(range(index.n_ranks), blanks)):
        if not n % 64:
            _deadline_check(deadline, query)
        found.update(_walk(index, required, _merged(rack, filling)))
    nodes = sorted(node for node in found if start <= node < stop)
    return index.words_of(nodes)


def _fillings(n_ranks: int, blanks: int) -> int:
    return comb(n_ranks + blanks - 1, blanks)


def _scan(
    words: Iterable[str],
    alphabet: Alphabet,
    have: Counter[str],
    blanks: int,
    need: Counter[str] | None,
    deadline: Deadline | None,
    query: str,
) -> list[str]:
    """The words that need at most ``blanks`` tiles beyond ``have`` (and hold all of ``need``), sorted."""
    kept = []
    single = alphabet.single
    for n, word in enumerate(words):
        if not n % 2048:
            _deadline_check(deadline, query)
        tiles = word if single else alphabet.tokenize(word)
        counts = Counter(tiles)
        if need is not None and any(counts[t] < k for t, k in need.items()):
            continue
        if sum(max(0, k - have[t]) for t, k in counts.items()) <= blanks:
            kept.append(word)
    kept.sort()
    return kept


def marked(word: str, have: Counter[str], alphabet: Alphabet) -> str:
    """``word`` with the tiles ``have`` lacks in lower case: the blanks, read from the left.

    >>> from jarnac_solver import DUTCH, LATIN
    >>> marked("RATER", Counter("RATE"), LATIN), marked("IJSE", Counter(["E"]), DUTCH)
    ('RATEr', 'ijsE')
    """
    tiles = word if alphabet.single else alphabet.tokenize(word)
    left = Counter(have)
    out = []
    for tile in tiles:
        if left[tile] > 0:
            left[tile] -= 1
            out.append(tile)
        else:
            out.append(tile.lower())
    if alphabet.single:
        return "".join(out)
    # Written back with the alphabet's separators (I.J), then the blanks' tiles lowered in place.
    text = alphabet.write(tuple(t.upper() for t in out))
    pieces = []
    pos = 0
    for tile in out:
        at = text.index(tile.upper(), pos)
        pieces.append(text[pos:at])
        pieces.append(tile)
        pos = at + len(tile)
    pieces.append(text[pos:])
    return "".join(pieces)


def _all_marked(words: Iterable[str], have: Counter[str], alphabet: Alphabet) -> list[str]:
    """:func:`marked` of every word. Speed: for one-character tiles, a plain dict of the rack's counts
    copied a word and the letters read in one loop, ~4x cheaper than a Counter a word (with a Counter, marking
    would be 90% of a one-blank ``subanagrams``: the 3,764 words of EAIRNTS?, 3.4 ms against 11.5)."""
    if not alphabet.single:
        return [marked(word, have, alphabet) for word in words]
    counts = dict(have)
    out = []
    for word in words:
        left = counts.copy()
        letters = []
        for tile in word:
            k = left.get(tile, 0)
            if k:
                left[tile] = k - 1
                letters.append(tile)
            else:
                letters.append(tile.lower())
        out.append("".join(letters))
    return out


def _rack(lex_rank: dict[str, int], tiles: Sequence[str]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for tile in tiles:
        rank = lex_rank[tile]
        counts[rank] = counts.get(rank, 0) + 1
    return counts


def blank_subanagrams(
    index: AlphagramIndex,
    alphabet: Alphabet,
    rank: dict[str, int],
    tiles: Sequence[str],
    blanks: int,
    lo: int,
    hi: int,
    deadline: Deadline | None,
) -> list[str]:
    """The words of ``lo..hi`` tiles that ``tiles`` + ``blanks`` blanks form, blanks in lower case."""
    query = f"words of {alphabet.write(tuple(tiles))}{BLANK * blanks}"
    have = Counter(tiles)
    if _fillings(index.n_ranks, blanks) <= MAX_FILLINGS:
        words = _union_words(index, (), _rack(rank, tiles), blanks, lo, hi, deadline, query)
    else:
        words = _scan(index.words(lo, hi), alphabet, have, blanks, None, deadline, query)
    return _all_marked(words, have, alphabet)


def blank_anagrams(
    index: AlphagramIndex,
    alphabet: Alphabet,
    rank: dict[str, int],
    tiles: Sequence[str],
    blanks: int,
    deadline: Deadline | None,
) -> list[str]:
    """The words of exactly ``len(tiles) + blanks`` tiles holding ``tiles``: one walk with the rack's tiles
    required and ``blanks`` of every tile optional."""
    size = len(tiles) + blanks
    if not 1 <= size <= MAX_DEPTH:
        return []
    _deadline_check(deadline, f"anagrams of {alphabet.write(tuple(tiles))}{BLANK * blanks}")
    required = sorted(_rack(rank, tiles).items())
    optional = [(r, blanks) for r in range(index.n_ranks)]
    start, stop = index.nodes_of_lengths(size, size)
    nodes = sorted(node for node in _walk(index, required, optional) if start <= node < stop)
    have = Counter(tiles)
    return _all_marked(index.words_of(nodes), have, alphabet)


def blank_extensions(
    index: AlphagramIndex,
    alphabet: Alphabet,
    rank: dict[str, int],
    word: Sequence[str],
    tiles: Sequence[str],
    blanks: int,
    max_len: int,
    deadline: Deadline | None,
) -> list[str]:
    """The words holding all of ``word`` + at least one of the rack's tiles or blanks, blanks in lower case."""
    query = f"extensions of {alphabet.write(tuple(word))} with {alphabet.write(tuple(tiles))}{BLANK * blanks}"
    lo, hi = len(word) + 1, min(max_len, MAX_DEPTH)
    if lo > hi:
        return []
    have = Counter(word) + Counter(tiles)
    if _fillings(index.n_ranks, blanks) <= MAX_FILLINGS:
        required = sorted(_rack(rank, word).items())
        words = _union_words(index, required, _rack(rank, tiles), blanks, lo, hi, deadline, query)
    else:
        words = _scan(index.words(lo, hi), alphabet, have, blanks, Counter(word), deadline, query)
    return _all_marked(words, have, alphabet)
