"""The compiled lexicon file (``.jlex``): an alphagram index that opens without a rebuild.

Layout (all integers little-endian)::

    0   8 bytes  magic  b"JARNACLX"
    8   u32      format version (FORMAT_VERSION)
    12  u32      header length H
    16  u64      payload length P
    24  u32      CRC-32 of header + payload
    28  u32      reserved, 0
    32  H bytes  header: UTF-8 JSON (alphabet, rank order, node counts,
                 section offsets, metadata)
    32+H P bytes payload: the sections named in the header
                 parents, children: u32 arrays, the trie's edges grouped by letter rank
                 words: UTF-8, one line per key in terminal-id order, the key's words
                 separated by spaces

Opening checks the magic, the version, the lengths and the checksum before it
trusts a byte, then turns the arrays into the dicts and lists the walk uses
(C-level ``dict(zip(...))`` and ``map``; no per-word Python loop).
"""

from __future__ import annotations

import contextlib
import struct
import sys
import zlib
from array import array
from collections.abc import Sequence

from ..errors import InvalidInputError, LexiconFormatError
from .index import MAX_DEPTH, AlphagramIndex

# Not imported at run time: ``import jarnac_solver`` stays light (pathlib and
# typing cost ~15 ms; mypy reads any constant named TYPE_CHECKING as True).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


__all__ = ["FORMAT_VERSION", "MAGIC", "dump", "load_bytes", "read_file", "write_file"]

MAGIC = b"JARNACLX"
FORMAT_VERSION = 1
_PREFIX = struct.Struct("<8sIIQII")


def _u32(values: list[int]) -> bytes:
    arr = array("I", values)
    if arr.itemsize != 4:  # pragma: no cover - every CPython platform has 4-byte "I"
        raise RuntimeError("array('I') is not 32-bit here")
    if sys.byteorder == "big":  # pragma: no cover
        arr.byteswap()
    return arr.tobytes()


def _u32_view(data: memoryview) -> Sequence[int]:
    """The little-endian u32 array in ``data``, without a copy where the machine is little-endian."""
    if sys.byteorder == "little" and len(data) % 4 == 0:
        return data.cast("I")
    arr = array("I")  # pragma: no cover - big-endian machines
    arr.frombytes(data)  # pragma: no cover
    arr.byteswap()  # pragma: no cover
    return arr  # pragma: no cover


def dump(index: AlphagramIndex, header: dict[str, Any]) -> bytes:
    """Serialise ``index`` with the extra ``header`` fields (alphabet, order, metadata)."""
    parents: list[int] = []
    children: list[int] = []
    edge_counts = []
    for edges in index.edges:
        parents.extend(edges.keys())
        children.extend(edges.values())
        edge_counts.append(len(edges))
    terminals = index.groups[1 : index.n_terminals + 1]
    words = "\n".join(group or "" for group in terminals).encode("utf-8")
    sections = [("parents", _u32(parents)), ("children", _u32(children)), ("words", words)]
    offsets: dict[str, list[int]] = {}
    pos = 0
    for name, blob in sections:
        offsets[name] = [pos, len(blob)]
        pos += len(blob)
    full_header = dict(header)
    full_header.update(
        {
            "root": index.root,
            "n_nodes": index.n_nodes,
            "depth_starts": list(index.depth_starts),
            "edge_counts": edge_counts,
            "sections": offsets,
        }
    )
    import json  # here, not at import time: json pulls in re (~7 ms)

    head = json.dumps(full_header, sort_keys=True, ensure_ascii=False).encode("utf-8")
    payload = b"".join(blob for _, blob in sections)
    crc = zlib.crc32(payload, zlib.crc32(head))
    return _PREFIX.pack(MAGIC, FORMAT_VERSION, len(head), len(payload), crc, 0) + head + payload


def load_bytes(data: bytes, source: str = "<bytes>") -> tuple[AlphagramIndex, dict[str, Any]]:
    """Check and decode a compiled lexicon; return the index and the header.

    Raises :class:`LexiconFormatError` naming ``source`` when the data is not a
    lexicon of this version, is truncated, or fails its checksum.
    """
    if len(data) < _PREFIX.size:
        raise LexiconFormatError(f"{source}: truncated ({len(data)} bytes), not a compiled lexicon")
    magic, version, head_len, payload_len, crc, _ = _PREFIX.unpack_from(data)
    if magic != MAGIC:
        raise LexiconFormatError(f"{source}: not a compiled lexicon (bad magic {magic!r})")
    if version != FORMAT_VERSION:
        raise LexiconFormatError(
            f"{source}: lexicon format version {version}, this library reads version {FORMAT_VERSION}; rebuild it"
        )
    end = _PREFIX.size + head_len + payload_len
    if len(data) != end:
        what = "truncated" if len(data) < end else "has trailing bytes"
        raise LexiconFormatError(f"{source}: {what} ({len(data)} bytes, expected {end})")
    view = memoryview(data)
    head = view[_PREFIX.size : _PREFIX.size + head_len]
    payload = view[_PREFIX.size + head_len :]
    if zlib.crc32(payload, zlib.crc32(head)) != crc:
        raise LexiconFormatError(f"{source}: checksum mismatch, the file is corrupted")
    try:
        import json

        header = json.loads(bytes(head).decode("utf-8"))
        sec = header["sections"]

        def section(name: str) -> memoryview:
            off, length = sec[name]
            if off < 0 or length < 0 or off + length > len(payload):
                raise LexiconFormatError(f"{source}: section {name!r} lies outside the file")
            return payload[off : off + length]

        n_nodes = int(header["n_nodes"])
        parents = _u32_view(section("parents"))
        children = _u32_view(section("children"))
        edges: list[dict[int, int]] = []
        pos = 0
        for count in header["edge_counts"]:
            # zip over the two u32 views straight into a dict: no list in between.
            edges.append(dict(zip(parents[pos : pos + count], children[pos : pos + count], strict=True)))
            pos += count
        depth_starts = tuple(int(d) for d in header["depth_starts"])
        n_terminals = depth_starts[-1] - 1
        text = bytes(section("words")).decode("utf-8")
        lines = text.split("\n") if text else []
        if len(lines) != n_terminals or len(depth_starts) != MAX_DEPTH + 2 or pos != len(parents):
            raise LexiconFormatError(f"{source}: inconsistent index sizes")
        groups: list[str | None] = [None]
        groups.extend(lines)
        groups.extend([None] * (n_nodes - len(groups)))
        root = int(header["root"])
        if not 0 < root < n_nodes or len(groups) != n_nodes:
            raise LexiconFormatError(f"{source}: inconsistent index sizes")
    except LexiconFormatError:
        raise
    except (KeyError, TypeError, ValueError, UnicodeDecodeError) as exc:
        raise LexiconFormatError(f"{source}: malformed header or section ({exc})") from None
    return AlphagramIndex(edges, groups, root, depth_starts), header


def write_file(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file of its own in the same folder,
    flushed to disk, then renamed over ``path``; on failure it is removed and
    :class:`InvalidInputError` names the path.

    Two writers of one path never share a temporary file, and a reader sees
    the old file or the new one, never a torn one.
    """
    import os
    import tempfile
    from pathlib import Path

    target = Path(path)
    if not str(path) or target.is_dir():
        raise InvalidInputError(f"{str(path)!r}: cannot write a lexicon there (not a file name)")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise InvalidInputError(f"{path}: cannot write ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise InvalidInputError(f"{path}: cannot write ({exc.strerror})") from None


def read_file(path: str | Path) -> tuple[AlphagramIndex, dict[str, Any]]:
    """Open a compiled lexicon file: :func:`load_bytes` on its content."""
    from pathlib import Path

    return load_bytes(Path(path).read_bytes(), source=str(path))
