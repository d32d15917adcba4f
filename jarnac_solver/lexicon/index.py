"""The alphagram trie: every lexicon query is one walk of it.

CARE, RACE and ACRE collapse to one key (their letters sorted): the trie is
built over keys, so a rack never needs a permutation search.

Keys sort their letters by a per-lexicon *rank*: the most frequent letter
first. Measured on SCOWL-80 (139k words) this gives 12% fewer nodes than A..Z
order (177k against 200k) and walks 8-25% faster than A..Z over three
runs; rare-first (258k nodes) measured from 6% faster to 14% slower
(``benchmarks/bench_search.py --orders``).

The walk is breadth-first *by letter*: for each distinct rack letter, in rank
order, every node reached so far tries that letter once, twice, ... up to its
count in the rack. Each step is ``filter(None, map(child.get, nodes))``, a
loop that runs in C, where a depth-first walk pays a Python call per node:
this is what makes it faster than a recursive dict-of-dicts walk (docs/design.md, measured choices).
No tally has to be copied or restored: nodes reached before letter ``L``
have used none of it, and letters after ``L`` are all still available.

Node numbering (kept by the on-disk format):
- ids start at 1, so that ``filter(None, ...)`` can drop the misses;
- terminal nodes (those that end a key) come first, ordered by depth, so
  that the words of lengths ``lo..hi`` sit in one id range and a length
  filter is a precomputed list with the other entries blanked;
- then the inner nodes, the root among them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from itertools import chain

from .flat import FlatIndex, edge_dicts, flatten, u32_view
from .tally import FIELD_BITS, Tally, pack_tally, tally_of_codes, tally_size

# Not imported at run time (typing costs ~10 ms); mypy reads any constant named TYPE_CHECKING as True.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    from .._speedups import Trie
else:
    Protocol = object  # the protocol is for mypy; at run time Walk is a plain base class no walk uses

__all__ = ["HASHED_SUBSETS", "MAX_DEPTH", "AlphagramIndex", "CompiledWalk", "PureWalk", "Walk"]

Letters = Tally | str
"""A walk's letters: a tally, or rank codes (``chr(rank)`` a tile, as ``Lexicon.rank_string`` makes them)."""

_VIEWS_LOCK = threading.Lock()
"""Guards the eviction of the per-index view caches (reads take no lock)."""

MAX_DEPTH = 9
"""The longest word a tray line holds; the index refuses longer keys."""

HASHED_SUBSETS = 600
"""Above this many sub-multisets of the rack, move generation walks instead of hashing."""


def _subsets(rack: Tally, limit: int) -> list[list[int]] | None:
    """Every sub-multiset of ``rack``, packed, grouped by size; ``None`` if more than ``limit``."""
    total = 1
    for _, count in rack:
        total *= count + 1
    if total > limit:
        return None
    # Grow the lists size by size: each letter adds k copies to every list,
    # in list comprehensions (C-level loops), no (packed, size) tuples.
    by_size: list[list[int]] = [[0]]
    for rank, count in rack:
        weight = 1 << (FIELD_BITS * rank)
        grown = [list(group) for group in by_size] + [[] for _ in range(count)]
        for size, group in enumerate(by_size):
            for k in range(1, count + 1):
                add = (k * weight).__add__
                grown[size + k] += map(add, group)
        by_size = grown
    return by_size


def _extendable(line: Tally, size: int, line_max: int) -> bool:
    """Whether a line of ``size`` tiles may be lengthened: it holds a word and is not full (every walk's one
    test of a line, compiled, pure and hashed alike)."""
    return bool(line) and size < line_max


class AlphagramIndex:
    """A trie over alphagram keys, with the words of each key at its end node.

    Built by :meth:`build`; stored and read back by :mod:`jarnac_solver.lexicon.fileformat`
    as the flat arrays of :mod:`jarnac_solver.lexicon.flat`. Two walks answer
    the queries, chosen once per index (:attr:`walk`, a :class:`Walk`): the
    compiled one (:class:`CompiledWalk` over :attr:`trie`, reading the flat
    arrays in place) when ``jarnac_solver.IMPLEMENTATION`` is ``"compiled"``,
    else the pure-Python one (:class:`PureWalk`) over :attr:`edges` and
    :attr:`groups` (built from the arrays on first use). Both return the same
    nodes in the same order.
    """

    __slots__ = (
        "_edges",
        "_flat",
        "_groups",
        "_ranges",
        "_views",
        "depth_starts",
        "edge_counts",
        "n_nodes",
        "n_ranks",
        "root",
        "trie",
        "walk",
    )

    def __init__(
        self,
        edges: list[dict[int, int]] | None,
        groups: list[str | None] | None,
        root: int,
        depth_starts: tuple[int, ...],
        flat: FlatIndex | None = None,
        edge_counts: tuple[int, ...] | None = None,
    ) -> None:
        """The pure parts (``edges``, ``groups``), or the ``flat`` arrays with ``edge_counts`` (per rank)."""
        self._edges = edges
        self._groups = groups
        self._flat = flat
        self.root = root
        self.depth_starts = depth_starts
        """``depth_starts[d]``: the first terminal id of depth >= d (d = 0..10)."""
        if edges is not None:
            self.edge_counts = tuple(map(len, edges))
        elif edge_counts is not None and flat is not None:
            self.edge_counts = edge_counts
        else:
            raise ValueError("an index needs its edges or its flat arrays and edge counts")
        self.n_ranks = len(self.edge_counts)
        self.n_nodes = len(groups) if groups is not None else flat.n_nodes  # type: ignore[union-attr]
        """Number of node ids, including the unused id 0."""
        self.trie: Trie | None = None
        """The compiled walk over the flat arrays (``jarnac_solver._speedups.Trie``), or ``None``: what the
        compiled searches of the move and planning layers call beside :attr:`walk`."""
        self.walk: Walk = PureWalk(self)
        """The walk every query of this index takes, chosen once: pure until :meth:`compile` attaches C."""
        self._views: dict[tuple[int, int], list[str | None]] = {}
        self._ranges: dict[tuple[int, int], tuple[int, int]] = {}

    @classmethod
    def from_flat(
        cls, flat: FlatIndex, root: int, depth_starts: tuple[int, ...], edge_counts: tuple[int, ...]
    ) -> AlphagramIndex:
        """An index over flat arrays (a file's sections); the pure parts are built on first use."""
        return cls(None, None, root, depth_starts, flat, edge_counts)

    def compile(self, check: bool = True, source: str = "<lexicon>") -> None:
        """Attach the compiled walk when it is available (``jarnac_solver.IMPLEMENTATION``).

        The C code checks the arrays (bounds, one parent per node, word
        numbers; with ``check``, that both layouts agree) and raises
        :class:`~jarnac_solver.errors.LexiconFormatError` naming ``source``
        on a bad one: now with ``check`` (~12 ms for fr), else the bounds at
        the first query (~2 ms, once). Computing the arrays of an index
        built in memory costs ~0.2 s for fr.
        """
        from .. import native

        if native.speedups is None:
            native.warn_if_unbuilt()
            return
        if self.trie is not None or self.n_ranks > 256:
            return
        if self._flat is None:
            self._flat = self._flatten()
        flat = self._flat
        self.trie = trie = native.speedups.Trie(
            flat.sections,
            flat.n_nodes,
            flat.n_terminals,
            flat.n_words,
            self.n_ranks,
            self.root,
            self.edge_counts,
            check,
            source,
        )
        self.walk = CompiledWalk(self, trie)

    def _flatten(self) -> FlatIndex:
        parts = flatten(self.edges, self.groups, self.n_terminals)
        n_words = len(parts["word_ids"]) // 4
        return FlatIndex({k: memoryview(v) for k, v in parts.items()}, self.n_nodes, self.n_terminals, n_words)

    def flat_sections(self) -> dict[str, memoryview]:
        """The file's sections (:data:`jarnac_solver.lexicon.flat.SECTIONS`), computed once if built in memory."""
        if self._flat is None:
            self._flat = self._flatten()
        return self._flat.sections

    @property
    def edges(self) -> list[dict[int, int]]:
        """``edges[rank]`` maps a node to its child by that letter (built from the flat arrays on first use)."""
        if self._edges is None:
            flat = self._flat
            assert flat is not None
            sections = flat.sections
            self._edges = edge_dicts(u32_view(sections["parents"]), u32_view(sections["children"]), self.edge_counts)
        return self._edges

    @property
    def groups(self) -> list[str | None]:
        """``groups[node]``: the words whose key ends at ``node``, sorted and joined
        by spaces ("ART RAT TAR"), else ``None`` (built from the flat arrays on first use).

        One string per key, not a tuple of words: an open lexicon holds 116k
        strings instead of 139k strings and 116k tuples (-10 MB on SCOWL-80,
        and 35 ms less to open), and a query turns its hits into words with
        one C-level join and split."""
        if self._groups is None:
            flat = self._flat
            assert flat is not None
            text = bytes(flat.sections["words"]).decode("utf-8")
            groups: list[str | None] = [None]
            groups.extend(text.split("\n") if text else [])
            groups.extend([None] * (self.n_nodes - len(groups)))
            self._groups = groups
        return self._groups

    # -- building -----------------------------------------------------------

    @classmethod
    def build(cls, entries: Iterable[tuple[str, Sequence[int]]], n_ranks: int) -> AlphagramIndex:
        """Index ``(word, ranks)`` pairs; ``ranks`` are the word's tiles as ranks.

        Duplicated words are kept once. Cost: O(total letters) plus sorting.

        >>> ix = AlphagramIndex.build([("RAT", [0, 1, 2]), ("ART", [1, 0, 2])], 3)
        >>> ix.subanagrams([(0, 1), (1, 1), (2, 1)], 1, 9)
        ['ART', 'RAT']
        """
        by_key: dict[tuple[int, ...], set[str]] = {}
        for word, ranks in entries:
            key = tuple(sorted(ranks))
            if not key or len(key) > MAX_DEPTH or key[-1] >= n_ranks or key[0] < 0:
                raise ValueError(f"bad key {key!r} for {word!r}")
            by_key.setdefault(key, set()).add(word)
        keys = sorted(by_key, key=lambda k: (len(k), k))
        # Every prefix of a key is a node; terminal ids 1..T in (depth, key) order.
        ids: dict[tuple[int, ...], int] = {key: i for i, key in enumerate(keys, 1)}
        groups: list[str | None] = [None]
        groups.extend(" ".join(sorted(by_key[key])) for key in keys)
        prefixes = {key[:d] for key in keys for d in range(len(key))} | {()}  # the root, even when empty
        inner = sorted(prefixes - ids.keys(), key=lambda k: (len(k), k))
        for key in inner:
            ids[key] = len(groups)
            groups.append(None)
        edges: list[dict[int, int]] = [{} for _ in range(n_ranks)]
        for key, node in sorted(ids.items(), key=lambda item: item[1]):
            if key:
                edges[key[-1]][ids[key[:-1]]] = node
        for d in range(n_ranks):
            edges[d] = dict(sorted(edges[d].items()))
        # starts[d]: the first terminal id of depth >= d. Keys are sorted by
        # length, so one pass sets each depth once (a min per key and depth
        # cost 0.6 s of a 2.9 s build on fr).
        starts = [len(keys) + 1] * (MAX_DEPTH + 2)
        depth = 0
        for i, key in enumerate(keys, 1):
            while depth <= len(key):
                starts[depth] = i
                depth += 1
        return cls(edges, groups, ids[()], tuple(starts))

    # -- what the file format stores ----------------------------------------

    @property
    def n_terminals(self) -> int:
        """Number of distinct keys (anagram classes)."""
        return self.depth_starts[-1] - 1

    def words(self, min_len: int = 1, max_len: int = MAX_DEPTH) -> list[str]:
        """Every word of ``min_len..max_len`` tiles, in node order (not sorted).

        >>> AlphagramIndex.build([("RAT", [0, 1, 2]), ("AT", [1, 2])], 3).words(3)
        ['RAT']
        """
        return self.walk.words_in(*self.nodes_of_lengths(min_len, max_len))

    def nodes_of_lengths(self, min_len: int, max_len: int) -> tuple[int, int]:
        """The id range of the terminal nodes of keys of ``min_len..max_len`` tiles."""
        bounds = self._ranges.get((min_len, max_len))  # a dict read: ~0.1 us where the min/max cost 0.7
        if bounds is None:
            lo = min(max(min_len, 0), MAX_DEPTH + 1)
            hi = min(max(max_len + 1, lo), MAX_DEPTH + 1)
            bounds = self.depth_starts[lo], self.depth_starts[hi]
            if len(self._ranges) < 256:  # bounded: lengths are small ints, a caller may pass any
                self._ranges[(min_len, max_len)] = bounds
        return bounds

    # -- queries: each one call of the walk chosen for this index ---------------

    def view(self, min_len: int, max_len: int) -> list[str | None]:
        """``groups`` with every entry outside lengths ``min_len..max_len`` blanked.

        Built once per length range (two list slices) and cached: the walk
        then collects words with one C-level ``map``, with no length test.
        """
        return self._view_of_nodes(*self.nodes_of_lengths(min_len, max_len))

    def _view_of_nodes(self, start: int, stop: int) -> list[str | None]:
        """``groups`` with every entry outside the node ids ``start..stop - 1`` blanked (cached)."""
        cached = self._views.get((start, stop))  # a dict read: atomic, no lock on the hot path
        if cached is None:
            with _VIEWS_LOCK:  # threads sharing a lexicon: one writer evicts at a time
                cached = self._views.get((start, stop))
                if cached is None:
                    if len(self._views) >= 32:  # bounded: drop the oldest (dicts keep insertion order)
                        del self._views[next(iter(self._views))]
                    groups = self.groups
                    cached = [None] * start + groups[start:stop] + [None] * (len(groups) - stop)
                    self._views[(start, stop)] = cached
        return cached

    @staticmethod
    def _collect(view: list[str | None], nodes: list[int]) -> list[str]:
        """The words at ``nodes`` that ``view`` keeps, sorted."""
        words = " ".join(filter(None, map(view.__getitem__, nodes))).split()
        words.sort()
        return words

    def _walk(self, required: Tally, optional: Tally, hit: Callable[[int], object] | None = None) -> list[int]:
        """Every node whose key holds all of ``required`` and part of ``optional`` (the pure walk).

        Both tallies are ``(rank, count)`` pairs in increasing rank order.
        With ``hit``, the walk stops at the first complete node (one holding
        all of ``required``) for which ``hit`` is true and returns ``[that
        node]``: once the last required letter is taken every new node is
        complete.
        """
        front = [self.root]
        edges = self.edges
        opt = dict(optional)
        need = dict(required)
        last = max(need, default=-1)
        for rank in sorted(opt.keys() | need.keys()):
            step = edges[rank].get
            new = front
            for _ in range(need.get(rank, 0)):
                # A required letter: nodes that cannot take it drop out.
                new = list(filter(None, map(step, new)))
                if not new:
                    return []
            front = new
            complete = hit is not None and rank >= last
            if complete and rank == last:
                # Nodes that took optional letters below the last required one are complete now.
                found = next(filter(hit, front), None)
                if found is not None:
                    return [found]
            grown: list[int] = []
            for _ in range(opt.get(rank, 0)):
                new = list(filter(None, map(step, new)))
                if not new:
                    break
                if complete:
                    found = next(filter(hit, new), None)
                    if found is not None:
                        return [found]
                grown += new
            front += grown
        # With ``hit``, every complete node has been tested on the way: none hit.
        return [] if hit is not None else front

    def move_nodes(
        self,
        rack: Tally,
        place: tuple[int, int] | None,
        lines: Sequence[tuple[Tally, int]],
        line_max: int,
        keys: dict[int, int] | None = None,
    ) -> tuple[list[int], list[list[int]]]:
        """Terminal nodes of every place and every extension.

        ``place`` is the length range of placed words (``None``: no free
        line); ``lines`` holds each line's tally and tile count; extensions
        are at most ``line_max`` tiles. Returns the place nodes and, per line,
        its extension nodes.

        Two strategies. With ``keys`` (packed key -> terminal node, see
        :func:`pack_tally`) and a rack of at most ``HASHED_SUBSETS``
        sub-multisets, every sub-multiset of the rack is packed once and each
        line looks up ``line + subset`` in the map: C-level ``map``/``get``
        over a few hundred integers per line instead of a walk (measured on
        5-line trays with 8 spare letters: 2x faster for all the lines).
        Otherwise, walks: the rack walk for new words, and one walk per line
        with the line's letters required. (Resuming each line from the part
        of the rack walk below its lowest letter was tried and measured: that
        part is the root alone in the median case, lines hold E, S or A.)
        The compiled walk always walks (a C walk of a line costs less than
        hashing the rack's subsets).
        """
        return self.walk.move_nodes(rack, place, lines, line_max, keys)

    def move_words(
        self,
        rack: Tally | str,
        place: tuple[int, int] | None,
        lines: Sequence[tuple[Tally, int]],
        line_max: int,
        keys: dict[int, int] | None = None,
    ) -> tuple[list[str], list[list[str]]]:
        """The words of :meth:`move_nodes`, sorted: the place words and, per line, its extension words.

        ``rack`` is a tally or rank codes (``chr(rank)`` a tile, as
        ``Lexicon.rank_string`` makes them). Compiled: every walk in one C
        call, the rank codes counted there.

        >>> ix = AlphagramIndex.build([("RAT", [0, 1, 2]), ("ART", [1, 0, 2]), ("TART", [0, 1, 2, 2])], 3)
        >>> ix.move_words([(0, 1), (1, 1), (2, 1)], (3, 9), [([(0, 1), (1, 1), (2, 1)], 3)], 9)
        (['ART', 'RAT'], [['TART']])
        """
        return self.walk.move_words(rack, place, lines, line_max, keys)

    def first_place(self, rack: Tally, min_len: int, max_len: int) -> int | None:
        """A terminal node of a subanagram of ``rack`` (lengths ``min_len..max_len``), or ``None``.

        The walk with nothing required, stopping at the first letter step that
        reaches one: a witness, not a list.
        """
        return self.walk.first((), rack, *self.nodes_of_lengths(min_len, max_len))

    def first_extension(self, word: Tally, size: int, rack: Tally, line_max: int) -> int | None:
        """A terminal node of an extension of ``word`` (``size`` tiles) by ``rack``, or ``None``.

        The walk, stopping at the first step that reaches one.
        """
        if not rack or not _extendable(word, size, line_max):
            return None
        return self.walk.first(word, rack, *self.nodes_of_lengths(size + 1, line_max))

    def key_map(self, pack: Callable[[str], int]) -> dict[int, int]:
        """Packed key -> terminal node, for every key; ``pack`` packs a word (first of its group).

        Cost: one pass over the keys (0.45 s and 14 MB for fr's 118k keys);
        the lexicon builds it once it pays (``Lexicon.move_keys``).
        """
        firsts = self.walk.first_words(range(1, self.n_terminals + 1))
        return dict(zip(map(pack, firsts), range(1, self.n_terminals + 1), strict=True))

    def words_of(self, nodes: Sequence[int]) -> list[str]:
        """The words of distinct ``nodes`` (inner nodes add none), sorted.

        >>> ix = AlphagramIndex.build([("RAT", [0, 1, 2]), ("ART", [1, 0, 2]), ("AT", [1, 2])], 3)
        >>> ix.words_of([1, 2])
        ['ART', 'AT', 'RAT']
        """
        return self.walk.words_of(nodes)

    def first_words(self, nodes: Sequence[int]) -> list[str]:
        """The first word (alphabetically) of each terminal node of ``nodes``, in their order.

        >>> ix = AlphagramIndex.build([("RAT", [0, 1, 2]), ("ART", [1, 0, 2])], 3)
        >>> ix.first_words([ix.root, 1])
        ['ART']
        """
        return self.walk.first_words(nodes)

    def words_at(self, node: int) -> list[str]:
        """The words whose key ends at ``node`` (sorted)."""
        return self.walk.words_at(node)

    def subanagrams(self, rack: Tally, min_len: int, max_len: int) -> list[str]:
        """Words whose keys are sub-multisets of ``rack``, sorted.

        Cost: one dict lookup per (node reached, letter tried); compiled, one
        scan of a node's edges per (node reached, letter tried) and a radix
        sort of the answer's word numbers.
        """
        return self.walk.words((), rack, *self.nodes_of_lengths(min_len, max_len))

    def subanagrams_of_codes(self, codes: str, min_len: int, max_len: int) -> list[str]:
        """:meth:`subanagrams` of a rack given as rank codes (``chr(rank)`` per tile), sorted.

        What :class:`~jarnac_solver.lexicon.lexicon.Lexicon` makes of a text
        with one ``str.translate``; the compiled walk counts the codes itself.

        >>> ix = AlphagramIndex.build([("RAT", [0, 1, 2]), ("ART", [1, 0, 2])], 3)
        >>> ix.subanagrams_of_codes(chr(2) + chr(1) + chr(0), 1, 9)
        ['ART', 'RAT']
        """
        return self.walk.words((), codes, *self.nodes_of_lengths(min_len, max_len))

    def _rack_walk(self, rack: Tally) -> list[int]:
        """Every node whose key is a sub-multiset of ``rack`` (the root included)."""
        return self.walk.walk((), rack)

    def extensions(self, word: Tally, rack: Tally, word_len: int, max_len: int) -> list[str]:
        """Words holding all of ``word`` plus at least one letter of ``rack``, sorted."""
        return self.walk.words(word, rack, *self.nodes_of_lengths(word_len + 1, max_len))

    def anagram_nodes(self, letters: Tally) -> list[int]:
        """The node whose key is exactly ``letters`` (a list of one, or empty)."""
        return self.walk.walk(letters, ())

    def anagrams(self, letters: Tally) -> list[str]:
        """Words that use exactly ``letters``, sorted."""
        length = tally_size(letters)
        return self.walk.words(letters, (), *self.nodes_of_lengths(length, length))


class Walk(Protocol):
    """The queries of one index, answered by one of two walks chosen once, when the index is made or
    compiled (:attr:`AlphagramIndex.walk`): :class:`CompiledWalk` (the C extension over the flat arrays)
    or :class:`PureWalk` (Python over :attr:`~AlphagramIndex.edges` and :attr:`~AlphagramIndex.groups`).
    Both give the same nodes in the same order and the same words (the twins' tests, and the golden file
    of moves and plans both must reproduce: ``tests/test_golden.py``). Node ranges ``lo, hi`` are ids
    (:meth:`AlphagramIndex.nodes_of_lengths`)."""

    def walk(self, need: Letters, opt: Letters, /) -> list[int]:
        """Every node holding all of ``need`` and part of ``opt``, in walk order."""
        ...

    def words(self, need: Letters, opt: Letters, lo: int, hi: int, /) -> list[str]:
        """The sorted words of the walk's terminal nodes in ``lo..hi - 1``."""
        ...

    def first(self, need: Letters, opt: Letters, lo: int, hi: int, /) -> int | None:
        """A terminal node of the walk in ``lo..hi - 1`` (the first one reached), or None."""
        ...

    def words_in(self, lo: int, hi: int) -> list[str]:
        """Every word of the nodes ``lo..hi - 1``, in node order."""
        ...

    def words_of(self, nodes: Sequence[int], /) -> list[str]:
        """The sorted words of distinct ``nodes``."""
        ...

    def first_words(self, nodes: Sequence[int], /) -> list[str]:
        """The first word of each terminal node of ``nodes``, in their order."""
        ...

    def words_at(self, node: int, /) -> list[str]:
        """The sorted words of ``node``."""
        ...

    def move_nodes(
        self,
        rack: Tally,
        place: tuple[int, int] | None,
        lines: Sequence[tuple[Tally, int]],
        line_max: int,
        keys: dict[int, int] | None,
    ) -> tuple[list[int], list[list[int]]]:
        """:meth:`AlphagramIndex.move_nodes`."""
        ...

    def move_words(
        self,
        rack: Tally | str,
        place: tuple[int, int] | None,
        lines: Sequence[tuple[Tally, int]],
        line_max: int,
        keys: dict[int, int] | None,
    ) -> tuple[list[str], list[list[str]]]:
        """:meth:`AlphagramIndex.move_words`."""
        ...


class CompiledWalk:
    """The walk in C (:class:`jarnac_solver._speedups.Trie`), each query one call of it."""

    __slots__ = ("first", "first_words", "index", "trie", "walk", "words", "words_at", "words_of")

    walk: Callable[[Letters, Letters], list[int]]
    words: Callable[[Letters, Letters, int, int], list[str]]
    first: Callable[[Letters, Letters, int, int], int | None]
    words_of: Callable[[Sequence[int]], list[str]]
    first_words: Callable[[Sequence[int]], list[str]]
    words_at: Callable[[int], list[str]]

    def __init__(self, index: AlphagramIndex, trie: Trie) -> None:
        self.index = index
        self.trie = trie
        # The queries that are the trie's own methods, bound once (no Python frame between).
        self.walk = trie.walk
        self.words = trie.words
        self.first = trie.first
        self.words_of = trie.words_of
        self.first_words = trie.first_words
        self.words_at = trie.words_at

    def words_in(self, lo: int, hi: int) -> list[str]:
        return self.trie.words_of(range(lo, hi))

    def move_nodes(
        self,
        rack: Tally,
        place: tuple[int, int] | None,
        lines: Sequence[tuple[Tally, int]],
        line_max: int,
        keys: dict[int, int] | None,
    ) -> tuple[list[int], list[list[int]]]:
        # One C walk for the new words and one per line; no key map (a C walk of a line costs less than
        # hashing the rack's subsets).
        walk, ranges = self.trie.walk, self.index.nodes_of_lengths
        places = walk((), rack, *ranges(*place)) if place else []
        extended: list[list[int]] = []
        for tally, size in lines:
            if not rack or not _extendable(tally, size, line_max):
                extended.append([])
            else:
                extended.append(walk(tally, rack, *ranges(size + 1, line_max)))
        return places, extended

    def move_words(
        self,
        rack: Tally | str,
        place: tuple[int, int] | None,
        lines: Sequence[tuple[Tally, int]],
        line_max: int,
        keys: dict[int, int] | None,
    ) -> tuple[list[str], list[list[str]]]:
        ranges = self.index.nodes_of_lengths
        lo, hi = ranges(*place) if place else (0, 0)
        asked: list[tuple[object, int, int] | None] = [
            (tally, *ranges(size + 1, line_max)) if _extendable(tally, size, line_max) else None
            for tally, size in lines
        ]
        return self.trie.moves(rack, lo, hi, asked)


class PureWalk:
    """The walk in Python over the index's dicts (the reference the compiled walk is tested against)."""

    __slots__ = ("index",)

    def __init__(self, index: AlphagramIndex) -> None:
        self.index = index

    def walk(self, need: Letters, opt: Letters) -> list[int]:
        need, opt = _tally(need), _tally(opt)
        return self.index._walk(need, opt) if need else self._rack_walk(opt)

    def _rack_walk(self, rack: Tally) -> list[int]:
        """:meth:`walk` with nothing required, without its per-call dicts: the hot path of ``subanagrams``."""
        index = self.index
        front = [index.root]
        edges = index.edges
        for rank, count in rack:
            # Hot loop: see the module comment for why this shape.
            step = edges[rank].get
            new = front
            grown: list[int] = []
            for _ in range(count):
                new = list(filter(None, map(step, new)))
                if not new:
                    break
                grown += new
            front += grown
        return front

    def words(self, need: Letters, opt: Letters, lo: int, hi: int) -> list[str]:
        return self.index._collect(self.index._view_of_nodes(lo, hi), self.walk(need, opt))

    def first(self, need: Letters, opt: Letters, lo: int, hi: int) -> int | None:
        found = self.index._walk(_tally(need), _tally(opt), hit=self.index._view_of_nodes(lo, hi).__getitem__)
        return found[0] if found else None

    def words_in(self, lo: int, hi: int) -> list[str]:
        return " ".join(filter(None, self.index.groups[lo:hi])).split()

    def words_of(self, nodes: Sequence[int]) -> list[str]:
        groups = self.index.groups
        words = " ".join(filter(None, map(groups.__getitem__, nodes))).split()
        words.sort()
        return words

    def first_words(self, nodes: Sequence[int]) -> list[str]:
        return [g.split(" ", 1)[0] for g in map(self.index.groups.__getitem__, nodes) if g]

    def words_at(self, node: int) -> list[str]:
        group = self.index.groups[node]
        return group.split() if group else []

    def move_nodes(
        self,
        rack: Tally,
        place: tuple[int, int] | None,
        lines: Sequence[tuple[Tally, int]],
        line_max: int,
        keys: dict[int, int] | None,
    ) -> tuple[list[int], list[list[int]]]:
        index = self.index
        if keys is not None and rack and all(count <= MAX_DEPTH for _, count in rack):
            subsets = _subsets(rack, HASHED_SUBSETS)
            if subsets is not None:
                return _hashed_moves(subsets, place, lines, line_max, keys)
        front = self._rack_walk(rack)
        places = list(filter(index.view(*place).__getitem__, front)) if place else []
        extended: list[list[int]] = []
        for tally, size in lines:
            if not rack or not _extendable(tally, size, line_max):
                extended.append([])
                continue
            nodes = index._walk(tally, rack)
            extended.append(list(filter(index.view(size + 1, line_max).__getitem__, nodes)))
        return places, extended

    def move_words(
        self,
        rack: Tally | str,
        place: tuple[int, int] | None,
        lines: Sequence[tuple[Tally, int]],
        line_max: int,
        keys: dict[int, int] | None,
    ) -> tuple[list[str], list[list[str]]]:
        place_nodes, line_nodes = self.move_nodes(_tally(rack), place, lines, line_max, keys)
        return self.words_of(place_nodes), [self.words_of(nodes) for nodes in line_nodes]


def _tally(letters: Letters) -> Tally:
    """A tally of ``letters`` given as a tally or as rank codes (``chr(rank)`` a tile)."""
    return tally_of_codes(letters) if isinstance(letters, str) else letters


def _hashed_moves(
    by_size: list[list[int]],
    place: tuple[int, int] | None,
    lines: Sequence[tuple[Tally, int]],
    line_max: int,
    keys: dict[int, int],
) -> tuple[list[int], list[list[int]]]:
    get = keys.get
    places: list[int] = []
    if place:
        lo, hi = place
        places = list(filter(None, map(get, chain.from_iterable(by_size[max(lo, 1) : hi + 1]))))
    extended: list[list[int]] = []
    for tally, size in lines:
        if not _extendable(tally, size, line_max):
            extended.append([])
            continue
        shift = pack_tally(tally).__add__
        added = chain.from_iterable(by_size[1 : line_max - size + 1])
        extended.append(list(filter(None, map(get, map(shift, added)))))
    return places, extended
