"""What opening a user's ``.jlex`` file proves beyond its bounds: every word at the end of its own key.

The file holds the trie twice (:mod:`jarnac_solver.lexicon.flat`): the
edges by letter and the word lines that the pure walk reads, the edges by
node and the numbered words that the compiled walk reads. Opening a file
not shipped with the package checks, under either walk, that

- both layouts hold the same trie and the same words (:func:`check_layouts`
  here; ``check_structure``, ``check_agreement`` and ``check_edges`` in
  ``_speedups.c``), so that both walks refuse the same files;
- every terminal node lies on the trie at the depth ``depth_starts`` gives
  it, its letters in increasing rank order, its words sorted and distinct,
  and each word, cut into tiles, holds exactly the node's key
  (:func:`check_keys` here, ``Trie.check_keys`` in C): a word outside the
  alphabet, words swapped between nodes, a shifted ``depth_starts`` entry
  or a parent off the trie is refused.

Here in C-level builtins (``map``, ``zip``, slices, ``str.translate``,
``sorted`` of each word), with no Python step per word or per node: ~0.1 s
for fr, where the C checks take ~6 ms (``benchmarks/bench_open.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate, chain, compress, islice, repeat
from operator import add, ge, lt, sub

from ..errors import LexiconFormatError
from .flat import u32_view
from .index import MAX_DEPTH, AlphagramIndex

# Not imported at run time (typing costs ~10 ms); mypy reads any constant named TYPE_CHECKING as True.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .alphabet import Alphabet

__all__ = ["check_keys", "check_layouts", "stable_tiles"]

_CODES = 0xD800
"""A tile of rank r is ``chr(_CODES + r)`` while keys are compared: a surrogate, which no word decoded
from UTF-8 holds, so that a character left untranslated never passes for a tile."""


def stable_tiles(alphabet: Alphabet, order: Sequence[str]) -> list[str | None]:
    """The tiles in rank order, ``None`` for a tile that folding would change (no stored word holds it).

    >>> from jarnac_solver.lexicon.alphabet import DUTCH
    >>> stable_tiles(DUTCH, ["IJ", "A"])
    ['IJ', 'A']
    """
    return [tile if alphabet.fold(tile) == tile else None for tile in order]


def check_layouts(
    sections: dict[str, memoryview],
    edges: list[dict[int, int]],
    words: bytes,
    n_nodes: int,
    n_terminals: int,
    n_words: int,
    source: str,
) -> None:
    """Check that the compiled walk's sections hold the trie and words of the pure walk's.

    ``edges`` are the per-letter dicts already checked (each node but the
    root one parent; no letter twice at a node); ``words`` the word lines,
    already checked (one line per terminal, no empty word). The edges by node
    must be those edges, each node's letters increasing; ``word_start`` must
    count each line's words; and each word number must point at its slot's
    word, the numbers in strictly alphabetical (UTF-8 byte) order.

    >>> from jarnac_solver.lexicon.index import AlphagramIndex
    >>> ix = AlphagramIndex.build([("RAT", [0, 1, 2]), ("ART", [1, 0, 2])], 3)
    >>> sections = ix.flat_sections()
    >>> check_layouts(sections, ix.edges, bytes(sections["words"]), ix.n_nodes, 1, 2, "x")
    >>> check_layouts(sections, ix.edges, b"RAT ART", ix.n_nodes, 1, 2, "x")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.LexiconFormatError: x: the word numbers are not in alphabetical order
    """
    n_edges = n_nodes - 2

    def fail(what: str) -> LexiconFormatError:
        return LexiconFormatError(f"{source}: {what}")

    def array(name: str, count: int, itemsize: int = 4) -> list[int]:
        section = sections[name]
        if len(section) != count * itemsize:
            raise fail(f"section {name} holds {len(section)} bytes, expected {count * itemsize}")
        return u32_view(section).tolist() if itemsize == 4 else list(bytes(section))  # type: ignore[attr-defined]

    # Edges by node: offsets that cover the edges, each node's letters increasing, each edge one of the
    # edges by letter (as many of each: the same edges).
    start = array("csr_start", n_nodes + 1)
    ranks = array("csr_rank", n_edges, 1)
    children = array("csr_child", n_edges)
    if start[0] != 0 or start[-1] != n_edges or start != sorted(start):
        raise fail("the edge offsets do not cover the edges")
    owners = list(chain.from_iterable(map(repeat, range(n_nodes), map(sub, islice(start, 1, None), start))))
    keyed = list(map(add, map((256).__mul__, owners), ranks))  # (node, rank) in one int
    if not all(map(lt, keyed, islice(keyed, 1, None))):
        raise fail("a node's letters are not increasing ranks")
    try:
        found = list(map(dict.get, map(edges.__getitem__, ranks), owners))
    except IndexError:
        raise fail("a node's letters are not increasing ranks") from None
    if found != children:
        raise fail("the edges by letter do not give each node the parent the edges by node give it")
    # Words: the slots of each line, each slot's number pointing at its word, numbered alphabetically.
    lines = words.split(b"\n") if words else []
    counts = list(accumulate(map((1).__add__, map(bytes.count, lines, repeat(b" ")))))
    if array("word_start", n_terminals + 2) != [0, 0, *counts]:
        raise fail("the word offsets do not count the words of each line")
    slots = words.replace(b"\n", b" ").split(b" ") if words else []
    starts = list(accumulate(map((1).__add__, map(len, slots)), initial=0))
    del starts[-1]
    ids = array("word_ids", n_words)
    positions = array("word_pos", n_words)
    try:
        if list(map(positions.__getitem__, ids)) != starts:
            raise fail("the word numbers do not match the word lines")
    except IndexError:
        raise fail("a word number is out of range") from None
    # The positions are the slots' starts, permuted: the words in number order.
    by_number = list(map(dict(zip(starts, slots, strict=True)).__getitem__, positions))
    if not all(map(lt, by_number, islice(by_number, 1, None))):
        raise fail("the word numbers are not in alphabetical order")


def check_keys(index: AlphagramIndex, tiles: Sequence[str | None], source: str) -> None:
    """Check that every terminal node of ``index`` lies on the trie at the depth ``depth_starts``
    gives it, its words sorted and distinct, each word cut into ``tiles`` (rank order, ``None`` for
    none; greedy, longest first) holding exactly its key (the node's letters in increasing rank order).

    The pure walk's twin of ``Trie.check_keys`` (``_speedups.c``): the same
    files refused. Each word's tiles, as codes, sorted (``sorted`` and a join
    per word: most of the cost); each node's words the same sorted codes;
    those of each node's first word walked from the root, a letter at a time
    for all the keys of one length at once, ending at the node itself.

    >>> ix = AlphagramIndex.build([("RAT", [0, 1, 2]), ("ART", [1, 0, 2])], 3)
    >>> check_keys(ix, ["R", "A", "T"], "x")
    >>> check_keys(ix, ["R", "A", "X"], "y")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.LexiconFormatError: y: node 1 holds 'ART', not a word of its alphabet
    """
    n_terminals = index.n_terminals
    starts = index.depth_starts
    groups: list[str] = index.groups[1 : n_terminals + 1]  # type: ignore[assignment]
    text = "\n".join(groups)
    words = text.replace("\n", " ").split(" ") if text else []
    sizes = list(map((1).__add__, map(str.count, groups, repeat(" "))))
    firsts = list(accumulate(sizes[:-1], initial=0)) if groups else []  # each node's first word
    # Sorted and distinct within each node: a word not above the one before starts a node.
    falls = compress(range(1, len(words)), map(ge, words, islice(words, 1, None)))
    if not set(firsts).issuperset(falls):
        raise _refusal(index, tiles, source)
    # Each word's tiles as codes, sorted; every word of a node the same.
    base, codes = _codes(text, tiles)
    keyed = list(map("".join, map(sorted, codes)))
    keys = list(map(keyed.__getitem__, firsts))
    if list(chain.from_iterable(map(repeat, keys, sizes))) != keyed:
        raise _refusal(index, tiles, source)
    # The keys of each length walked from the root, one letter (a column of codes) at a time.
    child = {chr(base + rank): by_parent for rank, by_parent in enumerate(index.edges)}
    lengths = list(map(len, keys))
    for depth in range(1, MAX_DEPTH + 1):
        lo, hi = starts[depth] - 1, starts[depth + 1] - 1
        if lo == hi:
            continue
        if lengths[lo:hi].count(depth) != hi - lo:
            raise _refusal(index, tiles, source)
        joined = "".join(keys[lo:hi])
        nodes: list[int | None] = [index.root] * (hi - lo)
        try:
            for letter in range(depth):
                nodes = list(map(dict.get, map(child.__getitem__, joined[letter::depth]), nodes))  # type: ignore[arg-type]
        except KeyError:  # a character that is no tile's code
            raise _refusal(index, tiles, source) from None
        if nodes != list(range(lo + 1, hi + 1)):
            raise _refusal(index, tiles, source)


def _codes(text: str, tiles: Sequence[str | None]) -> tuple[int, list[str]]:
    """The first code and each word of ``text`` as codes: a tile of rank r becomes ``chr(base + r)``.

    Cut as ``Alphabet.tokenize`` cuts (greedy, longest tile first). Codes
    above every character the text holds, so that a character left as it was
    never passes for a tile: 0x80 and up for ASCII text (one-byte strings,
    sorted fastest), else surrogates, which no text decoded from UTF-8 holds.
    """
    data = text.encode("utf-8")
    base = 0x80 if data.isascii() and len(tiles) <= 0x80 else 0xD800
    multi = sorted((tile for tile in tiles if tile and (len(tile) > 1 or ord(tile) >= 0x80)), key=len, reverse=True)
    if base == 0x80:  # bytes: one translate through a table (multi-character tiles first, by a pattern)
        if multi:
            import re

            code = {tile.encode(): bytes([base + rank]) for rank, tile in enumerate(tiles) if tile}
            data = re.sub(
                b"|".join(map(re.escape, code.keys() & {t.encode() for t in multi})), lambda m: code[m[0]], data
            )
        table = bytearray(range(256))
        for rank, tile in enumerate(tiles):
            if tile and len(tile) == 1 and ord(tile) < 0x80:
                table[ord(tile)] = base + rank
        coded = data.translate(table).decode("latin-1")
    else:
        if multi:
            import re

            by_tile = {tile: chr(base + rank) for rank, tile in enumerate(tiles) if tile}
            text = re.sub("|".join(map(re.escape, multi)), lambda m: by_tile[m[0]], text)
        single = {ord(tile): chr(base + rank) for rank, tile in enumerate(tiles) if tile and len(tile) == 1}
        coded = text.translate(single)
    return base, coded.replace("\n", " ").split(" ") if coded else []


def _refusal(index: AlphagramIndex, tiles: Sequence[str | None], source: str) -> LexiconFormatError:
    """The error naming the first terminal node at fault and why (the slow path of a refusal, a Python
    step per word), with the messages of the C checks."""
    parent_of = {
        child: (parent, rank) for rank, by_parent in enumerate(index.edges) for parent, child in by_parent.items()
    }
    rank_of = {tile: rank for rank, tile in enumerate(tiles) if tile}
    import re

    cut = re.compile("|".join(map(re.escape, sorted(rank_of, key=len, reverse=True))) or "(?!)")
    starts = index.depth_starts
    for node in range(1, index.n_terminals + 1):
        path: list[int] = []
        at = node
        while at != index.root:
            if at not in parent_of or len(path) >= MAX_DEPTH:
                return LexiconFormatError(
                    f"{source}: node {node} is not on the trie (no path of at most {MAX_DEPTH} letters to the root)"
                )
            at, rank = parent_of[at]
            path.append(rank)
        if path != sorted(path, reverse=True):
            return LexiconFormatError(f"{source}: the key of node {node} is not in rank order")
        depth = len(path)
        if not starts[depth] <= node < starts[depth + 1]:
            return LexiconFormatError(
                f"{source}: node {node} has a key of {depth} tiles, "
                f"not where depth_starts puts the keys of {depth} tiles"
            )
        words = (index.groups[node] or "").split(" ")
        if words != sorted(set(words)):
            return LexiconFormatError(f"{source}: the words of node {node} are not sorted and distinct")
        for word in words:
            found = cut.findall(word)
            if sum(map(len, found)) != len(word):
                return LexiconFormatError(f"{source}: node {node} holds {word!r}, not a word of its alphabet")
            if sorted(map(rank_of.__getitem__, found), reverse=True) != path:
                return LexiconFormatError(f"{source}: node {node} holds {word!r}, which is not at the end of its key")
    return LexiconFormatError(f"{source}: a word is not at the end of its key")
