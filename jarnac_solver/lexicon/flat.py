"""The alphagram index as flat arrays: what the ``.jlex`` file stores and the compiled walk reads in place.

Two layouts of the same trie live side by side, each for the code that reads it:

- for the pure-Python walk, the edges grouped by letter rank (``parents`` and
  ``children``, u32, sorted by parent within a rank: ``dict(zip(...))``
  makes the walk's per-letter dicts) and the words of each key as text lines;
- for the compiled walk (``jarnac_solver._speedups``), the edges grouped by
  node (compressed sparse rows: ``csr_start[node]`` .. ``csr_start[node + 1]``
  index ``csr_rank`` (u8) and ``csr_child`` (u32), ranks increasing), and the
  words numbered in alphabetical order: ``word_start[node]`` ..
  ``word_start[node + 1]`` index ``word_ids``, each word's alphabetical
  number, and ``word_pos[number]`` is where that word starts in the text.
  A query sorts its answer by sorting small integers, not strings (measured:
  sorting ``str`` took half of a compiled query).

Everything is little-endian and 8-byte aligned in the file, so that both read
straight out of a memory map: opening a lexicon copies nothing, and processes
that open one file share its pages.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence

__all__ = ["SECTIONS", "FlatIndex", "edge_dicts", "flatten", "u32", "u32_view"]

SECTIONS = ("parents", "children", "words", "csr_start", "csr_rank", "csr_child", "word_start", "word_ids", "word_pos")
"""The payload's sections, in file order."""


def u32(values: Sequence[int]) -> bytes:
    """``values`` as little-endian u32 bytes.

    >>> u32([1, 256])
    b'\\x01\\x00\\x00\\x00\\x00\\x01\\x00\\x00'
    """
    arr = array("I", values)
    if arr.itemsize != 4:  # pragma: no cover - every CPython platform has 4-byte "I"
        raise RuntimeError("array('I') is not 32-bit here")
    if sys.byteorder == "big":  # pragma: no cover
        arr.byteswap()
    return arr.tobytes()


def u32_view(data: memoryview) -> Sequence[int]:
    """The little-endian u32 array in ``data``, without a copy where the machine is little-endian.

    >>> list(u32_view(memoryview(u32([7, 9]))))
    [7, 9]
    """
    if sys.byteorder == "little" and len(data) % 4 == 0:
        return data.cast("B").cast("I")
    arr = array("I")  # pragma: no cover - big-endian machines
    arr.frombytes(data)  # pragma: no cover
    arr.byteswap()  # pragma: no cover
    return arr  # pragma: no cover


def edge_dicts(parents: Sequence[int], children: Sequence[int], counts: Sequence[int]) -> list[dict[int, int]]:
    """The pure walk's per-letter edge dicts from the edges grouped by letter (``counts[rank]`` edges each).

    ``zip`` over the two u32 views straight into a dict: no list in between.
    A letter whose dict is smaller than its count had a node with two
    children by that letter (the caller checks).

    >>> edge_dicts([1, 1], [2, 3], [1, 1])
    [{1: 2}, {1: 3}]
    """
    edges: list[dict[int, int]] = []
    pos = 0
    for count in counts:
        edges.append(dict(zip(parents[pos : pos + count], children[pos : pos + count], strict=True)))
        pos += count
    return edges


class FlatIndex:
    """The sections of one index, as buffers (slices of a file, a map or built bytes).

    A plain class, not a dataclass: importing dataclasses costs ~6 ms that every
    program opening a lexicon would pay.

    >>> FlatIndex({}, 2, 0, 0).n_nodes
    2
    """

    __slots__ = ("n_nodes", "n_terminals", "n_words", "sections")

    def __init__(self, sections: dict[str, memoryview], n_nodes: int, n_terminals: int, n_words: int) -> None:
        self.sections = sections
        self.n_nodes = n_nodes
        self.n_terminals = n_terminals
        self.n_words = n_words


def flatten(edges: Sequence[dict[int, int]], groups: Sequence[str | None], n_terminals: int) -> dict[str, bytes]:
    """Every section of an index given as per-rank edge dicts and per-node word groups.

    Cost: a sort of the edges by node and one of the words (~0.2 s for fr,
    paid when a lexicon is built or saved, never when one opens).

    >>> sections = flatten([{1: 2}], [None, "A B", None], 1)
    >>> list(u32_view(memoryview(sections["word_ids"])))
    [0, 1]
    """
    parents: list[int] = []
    children: list[int] = []
    for by_parent in edges:
        parents.extend(by_parent.keys())
        children.extend(by_parent.values())
    terminals = groups[1 : n_terminals + 1]
    text = "\n".join(group or "" for group in terminals)
    words = text.encode("utf-8")
    # Edges by node, ranks increasing (a node's edges are one run of the arrays).
    n_nodes = len(groups)
    by_node = sorted(
        (parent, rank, child) for rank, by_parent in enumerate(edges) for parent, child in by_parent.items()
    )
    csr_start = [0] * (n_nodes + 1)
    for parent, _, _ in by_node:
        csr_start[parent + 1] += 1
    for node in range(n_nodes):
        csr_start[node + 1] += csr_start[node]
    # Words: slots in node order (a node's words sorted), numbered alphabetically.
    slot_words: list[str] = []
    word_start = [0, 0]
    for group in terminals:
        slot_words.extend(group.split(" ") if group else ())
        word_start.append(len(slot_words))
    alphabetical = sorted(range(len(slot_words)), key=slot_words.__getitem__)
    word_ids = [0] * len(slot_words)
    for number, slot in enumerate(alphabetical):
        word_ids[slot] = number
    starts: list[int] = []  # byte offset of each slot's word in ``words``
    pos = 0
    for group in terminals:
        for word in group.split(" ") if group else ():
            starts.append(pos)
            pos += len(word.encode("utf-8")) + 1  # the space or newline after it
    word_pos = [starts[slot] for slot in alphabetical]
    return {
        "parents": u32(parents),
        "children": u32(children),
        "words": words,
        "csr_start": u32(csr_start),
        "csr_rank": bytes(rank for _, rank, _ in by_node),
        "csr_child": u32([child for _, _, child in by_node]),
        "word_start": u32(word_start),
        "word_ids": u32(word_ids),
        "word_pos": u32(word_pos),
    }
