"""Crafted .jlex files with a valid checksum: opening refuses them with LexiconFormatError, never
anything else, and whatever opens is a consistent index (Hypothesis over header fields and payload bytes)."""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import DUTCH, Lexicon, LexiconFormatError
from jarnac_solver.lexicon.fileformat import _PREFIX, FORMAT_VERSION, MAGIC

WORDS = ["rat", "art", "tar", "tzar", "ruat", "bus", "sub", "arts", "star", "tsar", "ijs", "bijt"]
BASE = Lexicon.from_words(WORDS, DUTCH)
RACKS = ["TARS", "RATZUBS", "IJSBT", "A", ""]


def split(data: bytes) -> tuple[dict[str, Any], bytes]:
    _, _, head_len, _, _, _ = _PREFIX.unpack_from(data)
    head = json.loads(data[_PREFIX.size : _PREFIX.size + head_len])
    return head, data[_PREFIX.size + head_len :]


def join(head: object, payload: bytes, raw_head: bytes | None = None) -> bytes:
    """A file with this header and payload and a valid checksum (what a crafter would write)."""
    blob = raw_head if raw_head is not None else json.dumps(head, sort_keys=True).encode("utf-8")
    crc = zlib.crc32(payload, zlib.crc32(blob))
    return _PREFIX.pack(MAGIC, FORMAT_VERSION, len(blob), len(payload), crc, 0) + blob + payload


def opens_consistently(data: bytes) -> None:
    """Either LexiconFormatError, or a lexicon that verifies and answers without error."""
    try:
        lex = Lexicon.from_bytes(data)
        lex.verify()
    except LexiconFormatError:
        return
    for rack in RACKS:
        lex.subanagrams(rack, min_len=1)
    assert len(lex) == len(list(lex))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)
FIELDS = ["n_nodes", "root", "depth_starts", "edge_counts", "sections", "n_words", "order", "alphabet", "metadata"]


@settings(max_examples=300)
@given(st.sampled_from(FIELDS), JSON_VALUES)
def test_header_fields_replaced_by_anything(field: str, value: object) -> None:
    head, payload = split(BASE.to_bytes())
    head[field] = value
    opens_consistently(join(head, payload))


@settings(max_examples=300)
@given(st.sampled_from(FIELDS), st.integers(-3, 3), st.data())
def test_numbers_in_header_fields_nudged(field: str, delta: int, data: st.DataObject) -> None:
    head, payload = split(BASE.to_bytes())
    value = head[field]
    if isinstance(value, int):
        head[field] = value + delta
    elif isinstance(value, list) and value and all(isinstance(v, int) for v in value):
        i = data.draw(st.integers(0, len(value) - 1))
        value[i] += delta
    elif isinstance(value, list) and len(value) > 1:  # the rank order: swap two letters
        i, j = data.draw(st.tuples(st.integers(0, len(value) - 1), st.integers(0, len(value) - 1)))
        value[i], value[j] = value[j], value[i]
    opens_consistently(join(head, payload))


@settings(max_examples=400)
@given(st.data())
def test_payload_bytes_changed(data: st.DataObject) -> None:
    head, payload = split(BASE.to_bytes())
    changed = bytearray(payload)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(changed) - 1))
        changed[i] = data.draw(st.integers(0, 255))
    opens_consistently(join(head, bytes(changed)))


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda h: h.update(n_nodes=10**9), "n_nodes"),
        (lambda h: h.update(n_nodes=1e9), "n_nodes"),
        (lambda h: h.update(n_words=5), "n_words"),
        (lambda h: h.update(root=1), "parent|root"),
        (lambda h: h.update(depth_starts=[]), "depth_starts"),
        (lambda h: h["order"].reverse(), "key|word"),
    ],
)
def test_crafted_headers_are_refused_by_name(change: Any, needle: str) -> None:
    head, payload = split(BASE.to_bytes())
    change(head)
    with pytest.raises(LexiconFormatError, match=needle):
        Lexicon.from_bytes(join(head, payload))


def test_a_changed_letter_and_an_id_out_of_range() -> None:
    head, payload = split(BASE.to_bytes())
    off, length = head["sections"]["words"]
    words = payload[off : off + length]
    changed = payload[:off] + words.replace(b"TZAR", b"TZAS") + payload[off + length :]
    with pytest.raises(LexiconFormatError, match="key"):
        Lexicon.from_bytes(join(head, changed))
    c_off, _ = head["sections"]["children"]
    bad_child = payload[:c_off] + (10**6).to_bytes(4, "little") + payload[c_off + 4 :]
    with pytest.raises(LexiconFormatError, match="parent"):
        Lexicon.from_bytes(join(head, bad_child))
    deep = b'{"a":' * 100_000 + b"1" + b"}" * 100_000
    with pytest.raises(LexiconFormatError, match="JSON"):
        Lexicon.from_bytes(join(None, payload, raw_head=deep))
