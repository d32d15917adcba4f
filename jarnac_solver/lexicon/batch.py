"""Rack questions for many racks at once: the alphagram trie walked level by level over flat arrays.

A study asks the same few questions of 100,000 racks: how many words, how
many anagram classes, how long the longest word, which key it is. The
single-query walk (:meth:`~jarnac_solver.lexicon.lexicon.Lexicon.subanagrams`)
pays its Python overhead once per rack and letter; :func:`rack_stats` walks
every rack of a batch in a few dozen whole-array numpy operations per trie
level instead: several times faster than the single-query walk, close to
the native C walk (``benchmarks/bench_batch.py``; its figures in
``benchmarks/README.md``).

**Layout** (:class:`BatchIndex`, built once per lexicon: 0.1 s on fr). The
trie's nodes are renumbered breadth-first, each level in key order, so that
the children of a node get consecutive ids in rank order. A node is then
two integers: ``masks[node]``, the bit set of the letters (ranks) it has a
child for, and ``first_child[node]``; its child by letter ``r`` is
``first_child + popcount(masks & (2**r - 1))``. The five per-node arrays
take 6.3 MB on fr (157,499 nodes) and 7.1 MB on en-large (178,713). A dense
child table ``child[node, rank]`` would fit too (16.4 MB on fr, 18.6 MB on
en-large as int32; twice that as the int64 a gather indexes with) but was
measured slower in a prototype of this walk: every letter of the rack must
be tried against it and the misses dropped, 3.0 / 8.0 / 43 µs a rack of
7 / 9 / 12 letters against 2.0 / 4.8 / 22 µs for the masks, which try only
the letters that are both in the rack and children of the node.

**Walk.** A rack's tiles become ranks, sorted. A frontier item is (rack,
node, position ``p`` in the rack's sorted letters): the item may still take
the letters at positions ``>= p``. Taking a letter ``r`` leads to the first
position past ``r``'s first copy at or after ``p``; so a repeated letter is
only ever taken at its first free copy, and each sub-multiset of the rack
is reached once. The letters an item can take are ``masks[node] &
suffix[rack, p]`` (``suffix``: the bit set of the letters at positions
``>= p``); every set bit is a child that exists: the walk has no misses to
drop. Per level, every item of the batch advances at once; the words,
anagram classes and best key of the new nodes are added per rack with
``np.bincount`` and ``np.maximum.at``.

numpy (2.0 or later, as the ``batch`` extra asks; 1.24 works, slower: a
bit-twiddling popcount instead of ``np.bitwise_count``) is optional: it is imported when
a batch needs it, never when this module is imported. Without it,
:func:`rack_stats` answers with the single-query walk of the index, one rack
at a time (``engine="python"``).
"""

from __future__ import annotations

import sys
import threading
import weakref
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain

from ..errors import InvalidInputError, MissingExtraError
from ..forms import field, mapping
from ..integers import is_whole
from .index import MAX_DEPTH
from .lexicon import Lexicon

# Not imported at run time: numpy is optional (mypy reads any constant of this name as True).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NoReturn

    import numpy as np
    from numpy.typing import NDArray

__all__ = ["ENGINES", "MAX_NUMPY_RANKS", "MAX_RACK", "BatchIndex", "RackStats", "rack_stats"]

MAX_RACK = 15
"""The most tiles a batch rack may hold. It bounds the per-rack tables of the walk (16
positions a rack) and its frontier (a 15-letter fr rack reaches about 1,500 trie nodes,
up to 7,000). It is not the packed tallies' limit: their 7-bit fields count up to 63."""

MAX_NUMPY_RANKS = 63
"""The largest alphabet the numpy engine walks: a node's children are a bit set in one int64."""

ENGINES = ("auto", "numpy", "python")
"""``rack_stats`` engines: ``auto`` is ``numpy`` when numpy is installed, else ``python``."""

_INSTALL = "pip install 'jarnac-solver[batch]'"
_LOW32 = (1 << 32) - 1

# A rack's positions are W slots of a flat table (W a power of two >= 16 and > n_ranks):
# a state is rack * W + position, and the letter table of a rack has the same W slots.
# Racks are walked in chunks, which bound the frontier's memory; smaller arrays stay in
# cache. Measured on fr (µs a rack, chunks of 256 / 512 / 1024 / 2048 / 4096 racks):
# 7 letters 2.7 / 1.9 / 1.8 / 1.7 / 2.2; 9 letters 5.0 / 4.4 / 4.7 / 5.0 / 6.0;
# 12 letters 16 / 16 / 20 / 23 / 24; 15 letters 44 / 45 / 57 / 64 / 72.
_CHUNK_SHORT = 1024
"""Racks per chunk when no rack of the batch has more than 8 tiles."""
_CHUNK_LONG = 512
"""Racks per chunk otherwise."""

_LOCK = threading.Lock()
_BATCH_INDEXES: weakref.WeakKeyDictionary[Lexicon, BatchIndex] = weakref.WeakKeyDictionary()
_WORD_COUNTS: weakref.WeakKeyDictionary[Lexicon, list[int]] = weakref.WeakKeyDictionary()


def _require_numpy() -> None:
    """Import numpy, or raise :class:`MissingExtraError` saying how to install it."""
    try:
        import numpy  # noqa: F401  (imported for its ImportError; functions import it again by name)
    except ImportError as exc:
        raise MissingExtraError(
            f"the numpy batch engine needs numpy, which is not installed ({exc}); install it with: {_INSTALL}",
            name="numpy",
        ) from exc


def _popcount_swar(values: NDArray[np.int64]) -> NDArray[np.int64]:
    """The number of bits set in each of ``values`` (non-negative): ``np.bitwise_count`` for numpy before 2.0.

    >>> import numpy as np
    >>> _popcount_swar(np.array([0, 1, 6, 2**62 + 7])).tolist()
    [0, 1, 2, 4]
    """
    import numpy as np

    bits = values.astype(np.uint64)
    bits = bits - ((bits >> np.uint64(1)) & np.uint64(0x5555555555555555))
    bits = (bits & np.uint64(0x3333333333333333)) + ((bits >> np.uint64(2)) & np.uint64(0x3333333333333333))
    bits = (bits + (bits >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return ((bits * np.uint64(0x0101010101010101)) >> np.uint64(56)).astype(np.int64)


def _has_numpy() -> bool:
    try:
        _require_numpy()
    except MissingExtraError:
        return False
    return True


def _check_lengths(min_len: object, max_len: object) -> tuple[int, int]:
    for value, what in ((min_len, "min_len"), (max_len, "max_len")):
        if not is_whole(value):
            raise InvalidInputError(f"{what} must be an integer, not {value!r}")
    assert isinstance(min_len, int) and isinstance(max_len, int)
    if not 1 <= min_len <= max_len <= MAX_DEPTH:
        raise InvalidInputError(
            f"word lengths must satisfy 1 <= min_len <= max_len <= {MAX_DEPTH}, "
            f"not min_len={min_len}, max_len={max_len}"
        )
    return min_len, max_len


def _is_code_type(kind: type) -> bool:
    """Whether values of ``kind`` are integers a rack may hold (``int``, numpy integers; not ``bool``)."""
    if issubclass(kind, bool):
        return False
    if issubclass(kind, int):
        return True
    numpy = sys.modules.get("numpy")  # a numpy integer can only come from an imported numpy
    return numpy is not None and issubclass(kind, numpy.integer) and not issubclass(kind, numpy.bool_)


def _raise_bad_rack(racks: Sequence[object], n_codes: int, alphabet: str) -> NoReturn:
    """Find the first bad rack of ``racks`` and raise :class:`InvalidInputError` naming it (the slow path)."""
    for i, rack in enumerate(racks):
        if isinstance(rack, (str, bytes)):
            raise InvalidInputError(f"rack {i} is text ({rack!r}); racks are tile codes: lexicon.alphabet.encode(text)")
        if not isinstance(rack, Iterable) or not hasattr(rack, "__len__"):
            raise InvalidInputError(f"rack {i} is not a sequence of tile codes: {rack!r}")
        codes = list(rack)
        if len(codes) > MAX_RACK:
            raise InvalidInputError(f"rack {i} has {len(codes)} tiles; a batch rack holds at most {MAX_RACK}")
        for code in codes:
            if not _is_code_type(type(code)):
                raise InvalidInputError(f"rack {i}: {code!r} is not a tile code (an int)")
            if not 0 <= code < n_codes:
                raise InvalidInputError(
                    f"rack {i}: {code} is not a tile code of the alphabet {alphabet!r} (0 to {n_codes - 1})"
                )
    raise AssertionError("a rack was refused but none is bad")  # pragma: no cover


def _checked_racks(racks: object, n_codes: int, alphabet: str) -> tuple[Sequence[Sequence[int]], list[int]]:
    """``racks`` as a sequence of racks and their lengths, every code checked (types here, values by the caller).

    The fast path is C-level: ``len`` of every rack, the set of the element
    types; only a batch that fails a check is scanned rack by rack, to name
    the bad one.
    """
    if isinstance(racks, (str, bytes)) or not isinstance(racks, Iterable):
        raise InvalidInputError(f"racks must be an iterable of racks (sequences of tile codes), not {racks!r}")
    seq: Sequence[Sequence[int]] = racks if isinstance(racks, Sequence) else list(racks)
    try:
        lengths = list(map(len, seq))
    except TypeError:
        _raise_bad_rack(seq, n_codes, alphabet)
    too_long = bool(lengths) and max(lengths) > MAX_RACK
    if too_long or any(issubclass(kind, (str, bytes)) for kind in set(map(type, seq))):
        _raise_bad_rack(seq, n_codes, alphabet)
    # The set of the codes' types, in C: 0.25 µs a 7-tile rack (a bool or a float is no code).
    if not all(map(_is_code_type, set(map(type, chain.from_iterable(seq))))):
        _raise_bad_rack(seq, n_codes, alphabet)
    return seq, lengths


@dataclass(frozen=True, eq=False)
class RackStats:
    """What :func:`rack_stats` tells of each rack of a batch: one array entry per rack.

    >>> from jarnac_solver import Lexicon
    >>> lex = Lexicon.from_words(["rat", "art", "tar", "star", "rats", "at"])
    >>> stats = rack_stats(lex, [lex.alphabet.encode("STAR"), lex.alphabet.encode("ZZ")])
    >>> len(stats), stats.words.tolist(), stats.classes.tolist(), stats.longest.tolist()
    (2, [5, 0], [2, 0], [4, 0])
    >>> stats.row(0)["best_points"], lex.index.words_at(stats.row(0)["best_node"])
    (16, ['RATS', 'STAR'])

    The columns are read-only numpy arrays (int64; ``playable`` is bool).
    Without numpy (the ``python`` engine only) they are tuples of Python
    ints and bools, indexed the same way.
    """

    words: NDArray[np.int64]
    """Words formable from the rack (anagrams counted separately), of the asked lengths."""
    classes: NDArray[np.int64]
    """Anagram classes (distinct keys) among those words."""
    longest: NDArray[np.int64]
    """Length in tiles of the longest such word; 0 if none."""
    best_points: NDArray[np.int64]
    """``longest ** 2``: what the longest word scores (Jarnac scores len² a word)."""
    playable: NDArray[np.bool_]
    """Whether the rack forms any word (``words > 0``)."""
    best_node: NDArray[np.int64]
    """An index node of a longest key (the smallest such node id), 0 if none: ``lexicon.index.words_at(node)``."""

    def __len__(self) -> int:
        return len(self.words)

    def row(self, i: int) -> dict[str, int | bool]:
        """One rack's values as plain Python ints and bools.

        >>> from jarnac_solver import Lexicon
        >>> lex = Lexicon.from_words(["rat"])
        >>> rack_stats(lex, [lex.alphabet.encode("TRAM")]).row(0)
        {'words': 1, 'classes': 1, 'longest': 3, 'best_points': 9, 'playable': True, 'best_node': 1}
        """
        return {
            "words": int(self.words[i]),
            "classes": int(self.classes[i]),
            "longest": int(self.longest[i]),
            "best_points": int(self.best_points[i]),
            "playable": bool(self.playable[i]),
            "best_node": int(self.best_node[i]),
        }

    def to_dict(self) -> dict[str, list[int] | list[bool]]:
        """Every column as a JSON-ready list, read back by :meth:`from_dict`.

        >>> from jarnac_solver import Lexicon
        >>> lex = Lexicon.from_words(["rat"])
        >>> stats = rack_stats(lex, [lex.alphabet.encode("TAR")])
        >>> stats.to_dict()["words"], RackStats.from_dict(stats.to_dict()).row(0) == stats.row(0)
        ([1], True)
        """
        return {
            "words": [int(v) for v in self.words],
            "classes": [int(v) for v in self.classes],
            "longest": [int(v) for v in self.longest],
            "best_points": [int(v) for v in self.best_points],
            "playable": [bool(v) for v in self.playable],
            "best_node": [int(v) for v in self.best_node],
        }

    @classmethod
    def from_dict(cls, data: object) -> RackStats:
        """Read :meth:`to_dict`'s form: six lists of one length (numpy arrays when numpy is installed)."""
        form = mapping(data, "rack stats")
        columns: dict[str, list[Any]] = {}
        for name, kind in _COLUMNS:
            values = field(form, name, list, "rack stats")
            if not all(type(v) is kind for v in values):
                raise InvalidInputError(f"rack stats: {name!r} must hold only {kind.__name__} values")
            columns[name] = values
        if len({len(v) for v in columns.values()}) > 1:
            raise InvalidInputError("rack stats: the columns have different lengths")
        return _make_stats(columns)


_COLUMNS: tuple[tuple[str, type], ...] = (
    ("words", int),
    ("classes", int),
    ("longest", int),
    ("best_points", int),
    ("playable", bool),
    ("best_node", int),
)


def _make_stats(columns: dict[str, Any]) -> RackStats:
    """A :class:`RackStats` of ``columns``: read-only numpy arrays, or tuples without numpy."""
    if not _has_numpy():
        # The documented stand-in for the arrays when numpy is missing: tuples index the same way.
        tuples: dict[str, Any] = {name: tuple(columns[name]) for name, _ in _COLUMNS}
        return RackStats(**tuples)
    import numpy as np

    arrays: dict[str, Any] = {}
    for name, kind in _COLUMNS:
        array = np.asarray(columns[name], dtype=np.bool_ if kind is bool else np.int64)
        array.setflags(write=False)
        arrays[name] = array
    return RackStats(**arrays)


class BatchIndex:
    """A lexicon's alphagram index as flat numpy arrays, for walking many racks at once.

    >>> from jarnac_solver import Lexicon
    >>> lex = Lexicon.from_words(["rat", "art", "rats", "at"])
    >>> batch = BatchIndex.for_lexicon(lex)
    >>> batch is BatchIndex.for_lexicon(lex), batch.n_nodes  # the root and the prefixes A, AT, ATR, ATRS
    (True, 5)
    >>> batch.rack_stats([lex.alphabet.encode("STAR")], min_len=2).words.tolist()
    [4]

    Nodes are numbered breadth-first (the root is 0); the arrays below are indexed by that number.
    """

    __slots__ = (
        "__weakref__",
        "_bit_of",
        "_rank_of_code",
        "_shift",
        "_width",
        "alphabet_name",
        "first_child",
        "masks",
        "n_codes",
        "n_nodes",
        "n_ranks",
        "scores",
        "source_node",
        "weights",
    )

    masks: NDArray[np.int64]
    """``masks[node]``: bit ``r`` is set when the node has a child by the letter of rank ``r``."""
    first_child: NDArray[np.int64]
    """``first_child[node]``: its child by its lowest letter; the others follow in rank order (0 if none)."""
    weights: NDArray[np.float64]
    """``words + 2**32 * is_terminal`` of the node: one ``np.bincount`` adds up both words and classes."""
    scores: NDArray[np.int64]
    """For a terminal, ``depth * 2**32 + (2**32 - 1 - source node)``; the largest marks the longest
    key with the smallest source node id. 0 for inner nodes."""
    source_node: NDArray[np.int64]
    """The node's id in ``lexicon.index`` (what ``words_at`` takes)."""

    def __init__(self, lexicon: Lexicon) -> None:
        """Flatten ``lexicon.index``; use :meth:`for_lexicon`, which builds once per lexicon.

        Cost: one pass over the edges per trie level and one over the word groups
        (fr: 157,500 nodes, about 0.1 s).
        """
        if not isinstance(lexicon, Lexicon):
            raise InvalidInputError(f"a batch index is built from a Lexicon, not {type(lexicon).__name__}")
        _require_numpy()
        import numpy as np

        index = lexicon.index
        n_ranks = index.n_ranks
        if n_ranks > MAX_NUMPY_RANKS:
            raise InvalidInputError(
                f"the numpy batch engine walks alphabets of at most {MAX_NUMPY_RANKS} tiles; lexicon "
                f"{lexicon.name!r} has {n_ranks}: use engine='python'"
            )
        self.n_ranks = n_ranks
        self.n_codes = len(lexicon.alphabet.tiles)
        self.alphabet_name = lexicon.alphabet.name
        self._rank_of_code = np.asarray(lexicon.rank_of_code, dtype=np.int64)
        width = 16
        while width <= n_ranks:  # one slot more than the ranks: the padding rank n_ranks
            width *= 2
        self._width = width
        self._shift = width.bit_length() - 1
        self._bit_of = np.zeros(width, dtype=np.int64)  # rank -> its bit; the padding rank (and above) -> 0
        self._bit_of[:n_ranks] = np.left_shift(1, np.arange(n_ranks, dtype=np.int64))

        # Every edge as three arrays (parent, letter, child), read from the dicts in C.
        sizes = [len(edge) for edge in index.edges]
        n_edges = sum(sizes)
        parent = np.fromiter(chain.from_iterable(index.edges), dtype=np.int64, count=n_edges)
        child = np.fromiter(chain.from_iterable(e.values() for e in index.edges), dtype=np.int64, count=n_edges)
        letter = np.repeat(np.arange(n_ranks, dtype=np.int64), sizes)
        # Breadth-first numbering, each level in key order (parent's number, then letter).
        renumber = np.full(index.n_nodes, -1, dtype=np.int64)
        renumber[index.root] = 0
        in_level = np.zeros(index.n_nodes, dtype=bool)
        in_level[index.root] = True
        level_starts = [0, 1]
        for _ in range(MAX_DEPTH):
            taken = np.flatnonzero(in_level[parent])
            if not taken.size:
                break
            order = np.lexsort((letter[taken], renumber[parent[taken]]))
            below = child[taken[order]]
            renumber[below] = np.arange(level_starts[-1], level_starts[-1] + below.size)
            level_starts.append(level_starts[-1] + below.size)
            in_level[:] = False
            in_level[below] = True
        n_nodes = level_starts[-1]
        reached = np.flatnonzero(renumber >= 0)
        source = np.empty(n_nodes, dtype=np.int64)
        source[renumber[reached]] = reached
        linked = np.flatnonzero(renumber[parent] >= 0)
        masks = np.zeros(n_nodes, dtype=np.int64)
        np.bitwise_or.at(masks, renumber[parent[linked]], self._bit_of[letter[linked]])
        first = np.full(n_nodes, n_nodes, dtype=np.int64)
        np.minimum.at(first, renumber[parent[linked]], renumber[child[linked]])
        first[first == n_nodes] = 0
        depth = np.repeat(np.arange(len(level_starts) - 1, dtype=np.int64), np.diff(level_starts))
        # Word counts of the terminals (ids 1..n_terminals): len(split()), as subanagrams counts them.
        n_terminals = index.n_terminals
        counts = np.zeros(index.n_nodes, dtype=np.int64)
        groups = index.groups[1 : n_terminals + 1]
        counts[1 : n_terminals + 1] = np.fromiter((len(g.split()) if g else 0 for g in groups), np.int64, n_terminals)
        words = counts[source]
        terminal = (source >= 1) & (source <= n_terminals)
        self.masks = masks
        self.first_child = first
        self.weights = (words + (terminal.astype(np.int64) << 32)).astype(np.float64)
        self.scores = np.where(terminal, (depth << 32) | (_LOW32 - source), 0)
        self.source_node = source
        self.n_nodes = n_nodes

    @classmethod
    def for_lexicon(cls, lexicon: Lexicon) -> BatchIndex:
        """The batch index of ``lexicon``, built on first use and kept while the lexicon lives.

        Raises :class:`MissingExtraError` without numpy.
        """
        if not isinstance(lexicon, Lexicon):
            raise InvalidInputError(f"a batch index is built from a Lexicon, not {type(lexicon).__name__}")
        _require_numpy()
        found = _BATCH_INDEXES.get(lexicon)
        if found is None:
            with _LOCK:  # threads sharing a lexicon build it once
                found = _BATCH_INDEXES.get(lexicon)
                if found is None:
                    found = _BATCH_INDEXES[lexicon] = cls(lexicon)
        return found

    def rack_stats(self, racks: Iterable[Sequence[int]], min_len: int = 3, max_len: int = 9) -> RackStats:
        """:func:`rack_stats` of the numpy engine: every rack checked, then walked in chunks.

        >>> from jarnac_solver import Lexicon
        >>> lex = Lexicon.from_words(["rat", "tart"])
        >>> BatchIndex.for_lexicon(lex).rack_stats([lex.alphabet.encode("TRAT"), ()]).longest.tolist()
        [4, 0]
        """
        lo, hi = _check_lengths(min_len, max_len)
        _require_numpy()
        import numpy as np

        flat, lengths = self._flatten(racks)
        n = lengths.size
        offsets = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        totals = np.zeros(n, dtype=np.float64)
        best = np.zeros(n, dtype=np.int64)
        ranks = self._rank_of_code[flat]
        chunk = _CHUNK_SHORT if not n or lengths.max() <= 8 else _CHUNK_LONG
        for start in range(0, n, chunk):
            stop = min(start + chunk, n)
            chunk_ranks = ranks[offsets[start] : offsets[stop]]
            self._walk(chunk_ranks, lengths[start:stop], lo, hi, totals[start:stop], best[start:stop])
        sums = totals.astype(np.int64)
        words = sums & _LOW32
        longest = best >> 32
        best_node = np.where(best > 0, _LOW32 - (best & _LOW32), 0)
        return _make_stats(
            {
                "words": words,
                "classes": sums >> 32,
                "longest": longest,
                "best_points": longest * longest,
                "playable": words > 0,
                "best_node": best_node,
            },
        )

    def _flatten(self, racks: object) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """Every code of ``racks`` in one array, and each rack's length; checked."""
        import numpy as np

        if isinstance(racks, np.ndarray) and racks.ndim == 2 and racks.dtype.kind in "iu":
            # A 2-D array of codes: racks of one length, no Python-level pass.
            n, size = racks.shape
            flat = racks.astype(np.int64).ravel()
            if size > MAX_RACK or (flat.size and (flat.min() < 0 or flat.max() >= self.n_codes)):
                _raise_bad_rack(racks.tolist(), self.n_codes, self.alphabet_name)
            return flat, np.full(n, size, dtype=np.int64)
        seq, lengths = _checked_racks(racks, self.n_codes, self.alphabet_name)
        total = sum(lengths)
        # np.fromiter over the chained racks: 0.22 µs a 7-tile rack, against 0.28 for
        # np.array(racks) (which also needs racks of one length) and 0.34 for array.array.
        flat = np.fromiter(chain.from_iterable(seq), dtype=np.int64, count=total)
        if total and (flat.min() < 0 or flat.max() >= self.n_codes):
            _raise_bad_rack(seq, self.n_codes, self.alphabet_name)
        return flat, np.asarray(lengths, dtype=np.int64).reshape(len(lengths))

    def _walk(
        self,
        ranks: NDArray[np.int64],
        lengths: NDArray[np.int64],
        lo: int,
        hi: int,
        totals: NDArray[np.float64],
        best: NDArray[np.int64],
    ) -> None:
        """Walk one chunk of racks (``ranks``: their tiles, concatenated); add into ``totals`` and ``best``."""
        import numpy as np

        n = lengths.size
        width = self._width
        # The rack's sorted ranks, padded with the rank n_ranks (no bit, sorts last).
        padded = np.full((n, 16), self.n_ranks, dtype=np.int64)
        size = int(lengths[0])
        if (lengths == size).all():  # racks of one length: a reshape
            padded[:, :size] = ranks.reshape(n, size)
        else:
            rows = np.repeat(np.arange(n, dtype=np.int64), lengths)
            starts = np.cumsum(lengths) - lengths
            padded[rows, np.arange(ranks.size, dtype=np.int64) - starts[rows]] = ranks
        padded.sort(axis=1)
        # suffix[rack * width + p]: the bit set of the letters at positions >= p.
        table = np.zeros((n, width), dtype=np.int64)
        table[:, :16] = np.bitwise_or.accumulate(self._bit_of[padded][:, ::-1], axis=1)[:, ::-1]
        suffix = table.ravel()
        # after[rack * width + r]: the state (rack * width + position) of the first copy of
        # letter r, that is the number of the rack's letters of lower rank.
        base = np.arange(n, dtype=np.int64) * width
        counts = np.bincount((base[:, None] + padded).ravel(), minlength=n * width).reshape(n, width)
        after = (np.cumsum(counts, axis=1) - counts + base[:, None]).ravel()

        masks, first_child = self.masks, self.first_child
        # np.bitwise_count (numpy 2.0+) is 0.6 ns an element; with the fallback the walk
        # measured 2.9 / 21 µs a rack of 7 / 12 tiles against 2.4 / 15.
        popcount = getattr(np, "bitwise_count", _popcount_swar)
        state = base  # every rack at its root, position 0
        node = np.zeros(n, dtype=np.int64)
        for depth in range(1, hi + 1):
            here = masks[node]
            takes = here & suffix[state]
            # Every filter of the walk is np.flatnonzero of a bool array, then integer
            # indexing: a boolean-mask compression measured 7 ns an element (branchy), and
            # np.flatnonzero 5-6 ns on an int64 array but 1.1 ns on a bool one (plus the
            # 0.2 ns of ``!= 0``); indexing by the sorted result, 0.7 ns an element.
            item = np.flatnonzero(takes != 0)
            if not item.size:
                break
            left = takes[item]
            # One child per set bit of ``takes``: peel the lowest bit of every item at
            # once until none is left (as many rounds as the most children of one item).
            # Only (item, bits) go through the rounds; the other columns are gathered
            # once after. A first version compressed five columns each round with boolean
            # masks: 5.1 µs a 7-letter rack, against 2.0 µs for this loop.
            items, lows = [item], []
            while True:
                low = left & -left
                lows.append(low)
                left ^= low
                more = np.flatnonzero(left != 0)
                if not more.size:
                    break
                item = item[more]
                items.append(item)
                left = left[more]
            item = np.concatenate(items) if len(items) > 1 else items[0]
            below = np.concatenate(lows) if len(lows) > 1 else lows[0]
            below -= 1  # the bits under the letter taken: its rank is their count
            taken_from = state[item]
            node = first_child[node[item]] + popcount(here[item] & below)
            if depth < hi:
                # Past the first copy of the letter, or past this position for a repeat.
                state = np.maximum(taken_from, after[(taken_from & -width) | popcount(below)]) + 1
            if depth >= lo:
                rack = taken_from >> self._shift
                # One bincount adds words and classes (weights = words + 2**32 per key):
                # 3.3 ns an element, against two bincounts or np.add.at (words < 2**32
                # and classes < 2**21 a rack keep the float64 sums exact).
                totals += np.bincount(rack, weights=self.weights[node], minlength=n)
                np.maximum.at(best, rack, self.scores[node])  # numpy 2: 2.9 ns an element


def _python_word_counts(lexicon: Lexicon) -> list[int]:
    """``counts[node]``: the number of words at each node of ``lexicon.index`` (0 for inner nodes)."""
    counts = _WORD_COUNTS.get(lexicon)
    if counts is None:
        counts = [len(g.split()) if g else 0 for g in lexicon.index.groups]
        _WORD_COUNTS[lexicon] = counts
    return counts


def _python_stats(lexicon: Lexicon, racks: object, lo: int, hi: int) -> RackStats:
    """The ``python`` engine: the index's single-query walk, one rack at a time."""
    n_codes = len(lexicon.alphabet.tiles)
    seq, _ = _checked_racks(racks, n_codes, lexicon.alphabet.name)
    codes = chain.from_iterable(seq)
    if any(not 0 <= code < n_codes for code in codes):
        _raise_bad_rack(seq, n_codes, lexicon.alphabet.name)
    index = lexicon.index
    counts = _python_word_counts(lexicon)
    starts = index.depth_starts
    first, stop = starts[lo], starts[hi + 1]  # the terminals of lengths lo..hi: one id range
    columns: dict[str, list[Any]] = {name: [] for name, _ in _COLUMNS}
    words_col, classes_col, longest_col = columns["words"], columns["classes"], columns["longest"]
    best_col = columns["best_node"]
    for rack in seq:
        hits = [node for node in index._rack_walk(lexicon.tally_codes(rack)) if first <= node < stop]
        words_col.append(sum(map(counts.__getitem__, hits)))
        classes_col.append(len(hits))
        if hits:
            # Terminal ids are ordered by depth: the largest hit has the longest key.
            longest = bisect_right(starts, max(hits)) - 1
            longest_col.append(longest)
            best_col.append(min(node for node in hits if node >= starts[longest]))
        else:
            longest_col.append(0)
            best_col.append(0)
    columns["best_points"] = [n * n for n in longest_col]
    columns["playable"] = [n > 0 for n in words_col]
    return _make_stats(columns)


def rack_stats(
    lexicon: Lexicon,
    racks: Iterable[Sequence[int]],
    min_len: int = 3,
    max_len: int = 9,
    *,
    engine: str = "auto",
) -> RackStats:
    """For each rack, its words of ``min_len..max_len`` tiles: how many, how many keys, the longest, the best key.

    >>> from jarnac_solver import Lexicon
    >>> lex = Lexicon.from_words(["rat", "art", "tar", "star", "rats", "tzar"])
    >>> racks = [lex.alphabet.encode(text) for text in ("STAR", "TZAR", "ZZZ")]
    >>> rack_stats(lex, racks).words.tolist()
    [5, 4, 0]
    >>> row = rack_stats(lex, racks, engine="python").row(1)
    >>> row["words"], row["classes"], row["longest"], row["best_points"], row["playable"]
    (4, 2, 4, 16, True)
    >>> lex.index.words_at(row["best_node"])
    ['TZAR']

    ``racks`` holds tile codes (``lexicon.alphabet.encode(text)``, as trays
    and bags hold tiles), at most :data:`MAX_RACK` a rack, or is a 2-D
    integer numpy array of racks of one length. ``engine`` is ``"numpy"``
    (the level-by-level batch walk of :class:`BatchIndex`), ``"python"``
    (the index's single-query walk, one rack at a time, for when numpy is
    missing) or ``"auto"`` (numpy when installed, and the lexicon's alphabet
    has at most :data:`MAX_NUMPY_RANKS` tiles). Both give the same answers.

    The numpy engine is several times faster a rack (``benchmarks/bench_batch.py``,
    ``benchmarks/README.md``). Raises :class:`InvalidInputError` naming the bad rack and code,
    :class:`MissingExtraError` for ``engine="numpy"`` without numpy.
    """
    if engine not in ENGINES:
        raise InvalidInputError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if not isinstance(lexicon, Lexicon):
        raise InvalidInputError(f"rack_stats takes a Lexicon, not {type(lexicon).__name__}")
    lo, hi = _check_lengths(min_len, max_len)
    if engine == "auto":
        use_numpy = _has_numpy() and lexicon.index.n_ranks <= MAX_NUMPY_RANKS
        engine = "numpy" if use_numpy else "python"
    if engine == "numpy":
        return BatchIndex.for_lexicon(lexicon).rack_stats(racks, lo, hi)
    return _python_stats(lexicon, racks, lo, hi)
