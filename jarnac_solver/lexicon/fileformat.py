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


def load_bytes(data: bytes, source: str = "<bytes>", trusted: bool = False) -> tuple[AlphagramIndex, dict[str, Any]]:
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
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise LexiconFormatError(f"{source}: the header is not JSON ({type(exc).__name__})") from None
    return _index(header, payload, source, trusted), header


def _int(header: dict[str, Any], key: str, source: str) -> int:
    value = header.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise LexiconFormatError(f"{source}: header field {key!r} must be a whole number >= 0, not {value!r}")
    return value


def _ints(value: object, what: str, source: str, length: int | None = None) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise LexiconFormatError(f"{source}: {what} must be a list of whole numbers")
    if length is not None and len(value) != length:
        raise LexiconFormatError(f"{source}: {what} must hold {length} numbers, not {len(value)}")
    return value


def _index(header: object, payload: memoryview, source: str, trusted: bool = False) -> AlphagramIndex:
    """The index the header and payload describe, its structure checked in time linear in the file.

    Checked: field types; sections inside the payload; one parent per node
    (``n_nodes`` = edges + 2, so no count can ask for more memory than the
    file holds); child and parent ids in range and distinct, the root the
    one node without a parent; terminal ids by depth; one word line per
    terminal, no empty word; ``n_words`` the number of words. Whether each
    word's letters are its node's key is checked on a sample when the
    lexicon opens (:meth:`Lexicon.verify` checks every word).

    ``trusted`` (the lexicons bundled with the package, checksummed) skips
    the whole-array scans (ids distinct and in range, empty words: ~35 ms on
    fr) and keeps the size checks.
    """
    if not isinstance(header, dict):
        raise LexiconFormatError(f"{source}: the header is not a JSON object")
    sections = header.get("sections")
    if not isinstance(sections, dict):
        raise LexiconFormatError(f"{source}: the header has no sections")

    def section(name: str) -> memoryview:
        bounds = _ints(sections.get(name), f"section {name!r}", source, 2)
        off, length = bounds
        if off < 0 or length < 0 or off + length > len(payload):
            raise LexiconFormatError(f"{source}: section {name!r} lies outside the file")
        return payload[off : off + length]

    raw_parents, raw_children = section("parents"), section("children")
    if len(raw_parents) % 4 or len(raw_children) != len(raw_parents):
        raise LexiconFormatError(f"{source}: the edge sections are not two u32 arrays of one length")
    parents = _u32_view(raw_parents)
    children = _u32_view(raw_children)
    n_edges = len(parents)
    n_nodes = _int(header, "n_nodes", source)
    root = _int(header, "root", source)
    if n_nodes != n_edges + 2:  # id 0 is unused and the root has no parent: one edge per other node
        raise LexiconFormatError(f"{source}: n_nodes is {n_nodes}, but the file holds {n_edges} edges")
    if not 0 < root < n_nodes:
        raise LexiconFormatError(f"{source}: root {root} is not a node id")
    if n_edges and not trusted:
        child_set = set(children)
        if len(child_set) != n_edges or min(child_set) < 1 or max(child_set) >= n_nodes or root in child_set:
            raise LexiconFormatError(f"{source}: the edges do not give each node but the root one parent")
        # A parent id out of range is only a dead edge (no walk reaches it), so it is not scanned for.
    counts = _ints(header.get("edge_counts"), "edge_counts", source)
    if sum(counts) != n_edges or any(c < 0 for c in counts):
        raise LexiconFormatError(f"{source}: edge_counts do not add up to the {n_edges} edges")
    edges: list[dict[int, int]] = []
    pos = 0
    for count in counts:
        # zip over the two u32 views straight into a dict: no list in between.
        edges.append(dict(zip(parents[pos : pos + count], children[pos : pos + count], strict=True)))
        if len(edges[-1]) != count:
            raise LexiconFormatError(f"{source}: a node has two children by the same letter")
        pos += count
    depth_starts = tuple(_ints(header.get("depth_starts"), "depth_starts", source, MAX_DEPTH + 2))
    if depth_starts[0] != 1 or depth_starts[1] != 1 or list(depth_starts) != sorted(depth_starts):
        raise LexiconFormatError(f"{source}: depth_starts must start at 1 and never decrease")
    n_terminals = depth_starts[-1] - 1
    if n_terminals >= n_nodes:
        raise LexiconFormatError(f"{source}: {n_terminals} terminal nodes of {n_nodes} nodes")
    try:
        text = bytes(section("words")).decode("utf-8")
    except UnicodeDecodeError:
        raise LexiconFormatError(f"{source}: the words are not UTF-8") from None
    lines = text.split("\n") if text else []
    if len(lines) != n_terminals:
        raise LexiconFormatError(f"{source}: {len(lines)} word lines for {n_terminals} terminal nodes")
    # No empty word: no empty line, no doubled, leading or trailing space (C-level scans).
    if not trusted and (
        "" in lines or "  " in text or "\n " in text or " \n" in text or text[:1] == " " or text[-1:] == " "
    ):
        raise LexiconFormatError(f"{source}: an empty word in the word lines")
    n_words = _int(header, "n_words", source)
    if n_words != text.count(" ") + len(lines):
        raise LexiconFormatError(f"{source}: n_words is {n_words}, the file holds {text.count(' ') + len(lines)}")
    groups: list[str | None] = [None]
    groups.extend(lines)
    groups.extend([None] * (n_nodes - len(groups)))
    return AlphagramIndex(edges, groups, root, depth_starts)


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

    if not isinstance(path, (str, os.PathLike)) or not str(path) or "\0" in str(path):
        raise InvalidInputError(f"{path!r}: cannot write a lexicon there (not a file name)")
    target = Path(path)
    if target.is_dir():
        raise InvalidInputError(f"{str(path)!r}: cannot write a lexicon there (a folder)")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise InvalidInputError(f"{path}: cannot write ({exc.strerror})") from None
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; a saved lexicon is as readable as any file
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise InvalidInputError(f"{path}: cannot write ({exc.strerror})") from None


def _umask() -> int:
    """The process's umask, read without changing it (os.umask would, for every thread); 022 if unknown."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022


def read_file(path: str | Path) -> tuple[AlphagramIndex, dict[str, Any]]:
    """Open a compiled lexicon file: :func:`load_bytes` on its content."""
    from pathlib import Path

    return load_bytes(Path(path).read_bytes(), source=str(path))
