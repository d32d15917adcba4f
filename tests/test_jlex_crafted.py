"""Crafted .jlex files, each made consistent where it can be (both layouts rebuilt, the
checksum recomputed): opening refuses every one with LexiconFormatError, under both walks alike, and
``verify()`` refuses them even when opened as trusted."""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from typing import Any

import pytest

from jarnac_solver import DUTCH, Lexicon, LexiconFormatError, native
from jarnac_solver.lexicon.fileformat import _ALIGN, _PREFIX, FORMAT_VERSION, MAGIC
from jarnac_solver.lexicon.flat import SECTIONS, flatten

from .test_jlex_fuzz import join, split

WORDS = ["rat", "art", "tar", "tzar", "ruat", "bus", "sub", "arts", "star", "tsar", "ijs", "bijt", "heatwave"]
BASE = Lexicon.from_words(WORDS, DUTCH)
IMPLEMENTATIONS = ["pure", "compiled"] if native.compiled_available() else ["pure"]


def parts() -> tuple[list[dict[int, int]], list[str | None], dict[str, Any]]:
    """BASE's edges by letter, word groups and header (copies a crafter may change)."""
    with native.implementation("pure"):
        index = Lexicon.from_bytes(BASE.to_bytes()).index
    head, _ = split(BASE.to_bytes())
    return [dict(e) for e in index.edges], list(index.groups), head


def pack(sections: dict[str, bytes], head: dict[str, Any]) -> bytes:
    """A file of these sections and header, laid out as ``fileformat.dump`` lays them out, checksummed."""
    blobs, pos, offsets = [], 0, {}
    for name in SECTIONS:
        pad = -pos % _ALIGN
        blobs.append(b"\0" * pad + sections[name])
        pos += pad
        offsets[name] = [pos, len(sections[name])]
        pos += len(sections[name])
    head = dict(head, sections=offsets)
    blob = json.dumps(head, sort_keys=True).encode()
    blob += b" " * (-(_PREFIX.size + len(blob)) % _ALIGN)
    payload = b"".join(blobs)
    crc = zlib.crc32(payload, zlib.crc32(blob))
    return _PREFIX.pack(MAGIC, FORMAT_VERSION, len(blob), len(payload), crc, 0) + blob + payload


def rebuilt(change: Callable[[list[str | None]], None]) -> bytes:
    """BASE with its word groups changed, every section rebuilt to agree (only the keys are wrong)."""
    edges, groups, head = parts()
    change(groups)
    n_terminals = head["depth_starts"][-1] - 1
    return pack(flatten(edges, groups, n_terminals), head)


def node_of(groups: list[str | None], word: str) -> int:
    return next(i for i, g in enumerate(groups) if g and word in g.split(" "))


def replace_word(old: str, new: str) -> Callable[[list[str | None]], None]:
    def change(groups: list[str | None]) -> None:
        i = node_of(groups, old)
        groups[i] = " ".join(sorted(new if w == old else w for w in groups[i].split(" ")))  # type: ignore[union-attr]

    return change


def swap_words(a: str, b: str) -> Callable[[list[str | None]], None]:
    def change(groups: list[str | None]) -> None:
        i, j = node_of(groups, a), node_of(groups, b)
        groups[i], groups[j] = groups[j], groups[i]

    return change


def unsorted(groups: list[str | None]) -> None:
    i = node_of(groups, "RAT")
    groups[i] = " ".join(reversed(groups[i].split(" ")))  # type: ignore[union-attr]


def header(change: Callable[[dict[str, Any]], None]) -> bytes:
    head, payload = split(BASE.to_bytes())
    change(head)
    return join(head, payload)


def shifted_depth(head: dict[str, Any]) -> None:
    head["depth_starts"][3] += 1  # the first 3-tile key counted among the 2-tile ones


def section(name: str, change: Callable[[bytearray], None]) -> bytes:
    head, payload = split(BASE.to_bytes())
    off, length = head["sections"][name]
    body = bytearray(payload)
    part = body[off : off + length]
    change(part)
    body[off : off + length] = part
    return join(head, bytes(body))


def parent_out_of_range(part: bytearray) -> None:
    part[0:4] = (10**6).to_bytes(4, "little")


def edge_twice(part: bytearray) -> None:
    part[4:8] = part[0:4]  # a letter's second edge made a copy of its first (same count)


def swapped_csr_ranks(part: bytearray) -> None:
    i = next(i for i in range(len(part) - 1) if part[i] != part[i + 1])
    part[i], part[i + 1] = part[i + 1], part[i]


def swapped_ids(part: bytearray) -> None:
    part[0:4], part[4:8] = part[4:8], part[0:4]


def trailing_newline() -> bytes:
    edges, groups, head = parts()
    sections = flatten(edges, groups, head["depth_starts"][-1] - 1)
    sections["words"] += b"\n"
    return pack(sections, head)


CRAFTED: dict[str, Callable[[], bytes]] = {
    "a word outside the alphabet": lambda: rebuilt(replace_word("HEATWAVE", "HEATWA>I")),
    "a word in lower case": lambda: rebuilt(replace_word("TZAR", "TzAR")),
    "a word not of its key": lambda: rebuilt(replace_word("TZAR", "TZAS")),
    "a word one tile short": lambda: rebuilt(replace_word("STAR", "STA")),
    "words swapped, same length": lambda: rebuilt(swap_words("RAT", "BUS")),
    "words swapped, other lengths": lambda: rebuilt(swap_words("RAT", "STAR")),
    "a node's words unsorted": lambda: rebuilt(unsorted),
    "a depth_starts entry shifted": lambda: header(shifted_depth),
    "a parent out of range": lambda: section("parents", parent_out_of_range),
    "an edge by letter twice": lambda: section("parents", edge_twice),
    "edges by node out of rank order": lambda: section("csr_rank", swapped_csr_ranks),
    "word numbers swapped": lambda: section("word_ids", swapped_ids),
    "a newline after the last word": trailing_newline,
}


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
def test_the_base_file_and_its_rebuilt_copy_open(implementation: str) -> None:
    with native.implementation(implementation):
        for data in (BASE.to_bytes(), rebuilt(lambda groups: None)):
            lex = Lexicon.from_bytes(data)
            lex.verify()
            assert sorted(lex) == sorted(BASE)
            assert lex.subanagrams("BYTEHAWAEVTRIJS", 1) == BASE.subanagrams("BYTEHAWAEVTRIJS", 1)


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
@pytest.mark.parametrize("name", CRAFTED)
def test_every_crafted_file_is_refused_by_both_walks(name: str, implementation: str) -> None:
    data = CRAFTED[name]()
    with native.implementation(implementation), pytest.raises(LexiconFormatError, match=r"^crafted\.jlex: "):
        Lexicon.from_bytes(data, "crafted.jlex")


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
@pytest.mark.parametrize(
    "name",
    [
        name
        for name in CRAFTED
        if ("word" in name or "depth" in name) and "numbers" not in name and "newline" not in name
    ],
)
def test_verify_refuses_them_even_when_trusted(name: str, implementation: str) -> None:
    """Opened as a bundled file (no scans in Python), a file whose words or depths are wrong is still
    refused by verify(). (The pure walk never reads the compiled walk's sections: there, a fault in
    those alone is found only when the file is opened untrusted.)"""
    data = CRAFTED[name]()
    with native.implementation(implementation), pytest.raises(LexiconFormatError):
        Lexicon.from_bytes(data, "crafted.jlex", trusted=True).verify()


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
def test_the_messages_name_what_is_wrong(implementation: str) -> None:
    with native.implementation(implementation):
        with pytest.raises(LexiconFormatError, match=r"holds 'HEATWA>I', not a word of its alphabet"):
            Lexicon.from_bytes(CRAFTED["a word outside the alphabet"](), "crafted.jlex")
        with pytest.raises(LexiconFormatError, match=r"holds '(RAT|BUS)', which is not at the end of its key"):
            Lexicon.from_bytes(CRAFTED["words swapped, same length"](), "crafted.jlex")
        with pytest.raises(LexiconFormatError, match="depth_starts"):
            Lexicon.from_bytes(CRAFTED["a depth_starts entry shifted"](), "crafted.jlex")
        with pytest.raises(LexiconFormatError, match="a parent is not a node"):
            Lexicon.from_bytes(CRAFTED["a parent out of range"](), "crafted.jlex")


def test_a_multi_character_tile_is_cut_greedily_by_both_walks() -> None:
    """IJS is the tiles IJ S: the text SIJ holds the same key (a word of another spelling, accepted);
    JIS is three tiles, refused."""
    same_key, other_key = rebuilt(replace_word("IJS", "SIJ")), rebuilt(replace_word("IJS", "JIS"))
    for implementation in IMPLEMENTATIONS:
        with native.implementation(implementation):
            assert "SIJ" in Lexicon.from_bytes(same_key)
            with pytest.raises(LexiconFormatError, match="'JIS', which is not at the end of its key"):
                Lexicon.from_bytes(other_key)
