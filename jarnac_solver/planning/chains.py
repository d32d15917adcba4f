"""A ladder's chains: the longest chain of extensions from each word of a line (or of a new word), and those
chains as the items the ladder's allocation takes (per line the best chain to each reachable word, the same for
new words, each new word as a single placement). :func:`~jarnac_solver.planning.ladder.plan_ladder` allocates
the rack to them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .. import native
from ..budget import MEMO_LIMIT, Deadline, OutOfTime
from ..lexicon.lexicon import Lexicon
from ..moves.rules import Rules
from ..moves.tray import Tray

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeVar

    _T = TypeVar("_T")

__all__ = ["Chains", "Item", "chain_items", "chunked", "longest_chains", "word_keys"]


class Chains:
    """Longest chains over the keys of one line (or of new words), memoised on letters."""

    def __init__(
        self,
        keys: dict[int, str],
        weights: Sequence[int],
        guard: int,
        base: int,
        starts: set[int],
        deadline: Deadline | None = None,
    ) -> None:
        self.keys = keys  # packed letters added -> a word (its first alphabetically)
        self.weights = weights  # packed value of each single letter present
        self.guard = guard
        self.base = base  # chains start from the line itself (0 moves) or from nothing
        self.starts = starts  # keys a chain may start on (new words: long enough for the line)
        self.best_at: dict[int, tuple[int, int]] = {}  # word key -> (moves, previous key or -1)
        self.best_below: dict[int, tuple[int, int]] = {}
        self.deadline = deadline

    def below(self, letters: int) -> tuple[int, int]:
        """The longest chain ending at a key inside ``letters`` (moves, key); (-1, -1) if none."""
        if letters == 0:
            return (0, 0) if self.base == 0 else (-1, -1)
        cached = self.best_below.get(letters)
        if cached is not None:
            return cached
        if len(self.best_below) >= MEMO_LIMIT:
            raise OutOfTime  # memory bounded: a state past the limit stops the search as a deadline would
        if self.deadline is not None:
            self.deadline.check()  # a key's sub-multisets are up to 2^9 calls between two of at()
        best = self.at(letters) if letters in self.keys else (-1, -1)
        best = (best[0], letters) if best[0] >= 0 else (-1, -1)
        memo = self.best_below
        for w in self.weights:
            if ((letters | self.guard) - w) & self.guard == self.guard:
                # The memo is read here, not in a call (most sub-multisets are met again).
                sub = memo.get(letters - w) or self.below(letters - w)
                if sub[0] > best[0] or (sub[0] == best[0] and sub[1] < best[1]):
                    best = sub
        self.best_below[letters] = best
        return best

    def at(self, key: int) -> tuple[int, int]:
        """The longest chain ending exactly at word ``key``: (moves, previous key; -1 for a start)."""
        cached = self.best_at.get(key)
        if cached is not None:
            return cached
        if self.deadline is not None:
            self.deadline.check()
        best = (1, -1) if self.base == 0 or key in self.starts else (-1, -1)
        # The line itself (base 0) is a start: one move. A new word starts a chain only if placeable.
        for w in self.weights:
            if ((key | self.guard) - w) & self.guard == self.guard:
                moves, previous = self.below(key - w)
                if (moves >= 1 or (moves == 0 and self.base == 0)) and moves + 1 > best[0]:
                    best = (moves + 1, previous if moves >= 1 else -1)
        self.best_at[key] = best
        return best

    def chain(self, key: int) -> list[str]:
        """The words of the best chain ending at ``key``, first to last."""
        words = []
        while key > 0:
            words.append(self.keys[key])
            key = self.best_at[key][1]
        return words[::-1]


def longest_chains(
    keys: dict[int, str],
    weights: Sequence[int],
    guard: int,
    base: int,
    starts: set[int] | None,
    deadline: Deadline | None,
    compiled: bool,
) -> list[tuple[int, list[str]]]:
    """Per key (in ``keys`` order): the moves of the longest chain ending there and its words (``starts``:
    the keys a chain may start from, ``None``: every key).

    ``compiled``: the dynamic programme in C (``jarnac_solver._allocation.chains``:
    the same recursion, letter order and tie-break) when built.
    """
    if deadline is not None and deadline.remaining() < len(keys) * _SECONDS_A_KEY:
        # Not even the time to hand the keys over (31,689 keys: ~14 ms before the first check of the
        # search, ~0.45 us a key), so none to find their chains: the caller's fallback at once, not 14 ms late.
        raise OutOfTime
    allocation = native.allocation if compiled else None
    if allocation is not None:
        found = allocation.chains(
            keys=list(keys),
            weights=list(weights),
            base=base,
            starts=[True] * len(keys) if starts is None else [k in starts for k in keys],
            check=deadline.check if deadline else None,
            out_of_time=OutOfTime,
        )
        if found is not None:  # None: an alphabet of more than 32 tiles
            words = list(keys.values())
            out: list[tuple[int, list[str]]] = []
            for chunk in chunked(found, deadline):  # ~1.4 us a key
                out.extend((moves, [words[i] for i in chain]) for moves, chain in chunk)
            return out
    chains = Chains(keys, weights, guard, base, set(keys) if starts is None else starts, deadline)
    longest = []
    for key in keys:
        moves = chains.at(key)[0]
        longest.append((moves, chains.chain(key) if moves >= 1 else []))
    return longest


# Items: (packed letters used, moves, points gained, letters used, start is short, words of the chain)
Item = tuple[int, int, int, int, bool, list[str]]


def chain_items(
    lexicon: Lexicon,
    tray: Tray,
    rules: Rules,
    place_nodes: Sequence[int],
    line_nodes: Sequence[Sequence[int]],
    weights: Sequence[int],
    deadline: Deadline | None,
) -> tuple[list[list[tuple[Item, int]]], list[Item], list[Item]]:
    """The chains worth allocating: per line, the best chain to each reachable word; the same for new words;
    and every new word as a single placement (what the tray's last free line takes)."""
    index = lexicon.index
    guard = lexicon.pack_guard
    min_len = rules.min_length
    compiled = index.trie is not None
    line_items: list[list[tuple[Item, int]]] = []
    for i, nodes in enumerate(line_nodes):
        if not nodes or not tray.line_codes[i]:
            continue  # no extension, no chain: no work (most lines of a small rack)
        old = lexicon.pack_codes(tray.line_codes[i])
        old_tiles = len(tray.line_codes[i])
        keys = word_keys(lexicon, index.first_words(nodes), old, deadline)
        longest = longest_chains(keys, weights, guard, 0, None, deadline, compiled)
        items = []
        for (key, word), (moves, chain) in zip(keys.items(), longest, strict=True):
            if moves >= 1:
                n = tray.tiles(word)
                items.append(((key, moves, n * n - old_tiles * old_tiles, n - old_tiles, False, chain), i))
        items.sort(key=lambda it: (-it[0][1], -it[0][2], it[0][5][-1]))
        if items:
            line_items.append(items)
    new_items: list[Item] = []
    singles: list[Item] = []
    if place_nodes:
        keys = word_keys(lexicon, index.first_words(place_nodes), 0, deadline)
        long_starts: set[int] = set()
        for chunk in chunked(list(keys.items()), deadline):  # a tile count a word
            long_starts.update(k for k, w in chunk if tray.tiles(w) >= min_len)
        longest = longest_chains(keys, weights, guard, -1, long_starts, deadline, compiled)
        for k, ((key, word), (moves, chain)) in enumerate(zip(keys.items(), longest, strict=True)):
            if deadline is not None and not k & _CHUNK_MASK:
                deadline.check()
            n = tray.tiles(word)
            if moves >= 1:
                new_items.append((key, moves, n * n, n, False, chain))
            # The word that fills the tray's last free line ends the turn (no
            # draw, no move after it): there a chain is a single placement.
            # A short word goes only on the 8th line, which is filled last:
            # it is never more than that.
            singles.append((key, 1, n * n, n, key not in long_starts, [word]))
        if deadline is not None:
            deadline.check()  # two sorts of up to 31,000 chains (~20 ms)
        new_items.sort(key=lambda it: (-it[1], -it[2], it[5][-1]))
        singles.sort(key=lambda it: (-it[2], it[5][-1]))
    return line_items, new_items, singles


_CHUNK = 2048
_CHUNK_MASK = _CHUNK - 1
"""The Python loops over every word a rack reaches look at the clock once per ``_CHUNK`` words (~2 ms):
a 30-letter rack reaches 31,000 new words, ~70 ms of Python that a budget must be able to cut."""


def chunked(items: Sequence[_T], deadline: Deadline | None) -> Iterator[Sequence[_T]]:
    """``items`` in slices of ``_CHUNK``, the deadline looked at before each (``OutOfTime`` when passed)."""
    for start in range(0, len(items), _CHUNK):
        if deadline is not None:
            deadline.check()
        yield items[start : start + _CHUNK]


_SECONDS_A_KEY = 1e-6
"""What the chains of one key cost at the least (handing it over alone is ~0.45 us): below that much time
left for the keys, the chains are not started."""


def word_keys(lexicon: Lexicon, words: Sequence[str], old: int, deadline: Deadline | None) -> dict[int, str]:
    """Each word's letters packed, less ``old`` (a line's letters) -> the word; the deadline checked a chunk."""
    pack = lexicon.pack
    if deadline is None:
        return {pack(w) - old: w for w in words}
    keys: dict[int, str] = {}
    for chunk in chunked(words, deadline):
        keys.update({pack(w) - old: w for w in chunk})
    return keys
