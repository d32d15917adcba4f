"""The compiled lexicon file (``.jlex``): an alphagram index that opens without a rebuild.

Layout (all integers little-endian)::

    0   8 bytes  magic  b"JARNACLX"
    8   u32      format version (FORMAT_VERSION)
    12  u32      header length H (32 + H is a multiple of 8)
    16  u64      payload length P
    24  u32      CRC-32 of header + payload
    28  u32      reserved, 0
    32  H bytes  header: UTF-8 JSON (alphabet, rank order, node counts,
                 section offsets, metadata), padded with spaces
    32+H P bytes payload: the sections named in the header, each starting
                 on a multiple of 8 (:mod:`jarnac_solver.lexicon.flat`
                 says what each holds)

Version 2 added the sections the compiled walk reads in place (edges by
node, words numbered alphabetically) and the alignment that lets it read
them from a memory map; version 1 files still open (those sections are
then computed, ~0.2 s for fr).

Opening checks the magic, the version, the lengths and the checksum before it
trusts a byte. The compiled walk then checks its arrays in C (their bounds,
~2 ms for fr; with the agreement of both layouts, for files not shipped with
the package, ~12 ms) and reads them where they lie; the pure walk turns them into the dicts and
lists it uses (C-level ``dict(zip(...))`` and ``map``; no per-word Python loop).
"""

from __future__ import annotations

import contextlib
import struct
import zlib
from collections.abc import Sequence

from .. import native
from ..errors import InvalidInputError, LexiconFormatError
from .flat import SECTIONS, FlatIndex, edge_dicts, u32_view
from .index import MAX_DEPTH, AlphagramIndex

# Not imported at run time: ``import jarnac_solver`` stays light (pathlib and
# typing cost ~15 ms; mypy reads any constant named TYPE_CHECKING as True).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


__all__ = [
    "FORMAT_VERSION",
    "MAGIC",
    "checksum",
    "dump",
    "load_bytes",
    "map_file",
    "read_bytes",
    "read_file",
    "write_file",
]

MAGIC = b"JARNACLX"
FORMAT_VERSION = 2
_READABLE = (1, 2)
_PREFIX = struct.Struct("<8sIIQII")
_ALIGN = 8


def dump(index: AlphagramIndex, header: dict[str, Any]) -> bytes:
    """Serialise ``index`` with the extra ``header`` fields (alphabet, order, metadata).

    Deterministic: the same index and header give the same bytes.
    """
    sections = index.flat_sections()
    offsets: dict[str, list[int]] = {}
    blobs: list[bytes] = []
    pos = 0
    for name in SECTIONS:
        blob = bytes(sections[name])
        pad = -pos % _ALIGN
        blobs.append(b"\0" * pad + blob)
        pos += pad
        offsets[name] = [pos, len(blob)]
        pos += len(blob)
    full_header = dict(header)
    full_header.update(
        {
            "root": index.root,
            "n_nodes": index.n_nodes,
            "depth_starts": list(index.depth_starts),
            "edge_counts": list(index.edge_counts),
            "sections": offsets,
        }
    )
    import json  # here, not at import time: json pulls in re (~7 ms)

    head = json.dumps(full_header, sort_keys=True, ensure_ascii=False).encode("utf-8")
    head += b" " * (-(_PREFIX.size + len(head)) % _ALIGN)  # the payload starts on a multiple of 8
    payload = b"".join(blobs)
    crc = zlib.crc32(payload, zlib.crc32(head))
    return _PREFIX.pack(MAGIC, FORMAT_VERSION, len(head), len(payload), crc, 0) + head + payload


def load_bytes(
    data: bytes | bytearray | memoryview, source: str = "<bytes>", trusted: bool = False
) -> tuple[AlphagramIndex, dict[str, Any]]:
    """Check and decode a compiled lexicon; return the index and the header.

    ``data`` may be a memory map's view: the compiled walk then reads the
    arrays in place. Raises :class:`LexiconFormatError` naming ``source``
    when the data is not a lexicon of a readable version, is truncated, or
    fails its checksum.
    """
    if not isinstance(data, bytes) and not _read_only_map(data):
        # The compiled walk reads the buffer in place for as long as the lexicon lives: a bytearray or
        # any other buffer its owner may change is copied first (a change under the walk could crash it).
        data = bytes(data)
    if len(data) < _PREFIX.size:
        raise LexiconFormatError(f"{source}: truncated ({len(data)} bytes), not a compiled lexicon")
    magic, version, head_len, payload_len, crc, _ = _PREFIX.unpack_from(data)
    if magic != MAGIC:
        raise LexiconFormatError(f"{source}: not a compiled lexicon (bad magic {magic!r})")
    if version not in _READABLE:
        raise LexiconFormatError(
            f"{source}: lexicon format version {version}; this library reads 1 to {FORMAT_VERSION}: rebuild it"
        )
    end = _PREFIX.size + head_len + payload_len
    if len(data) != end:
        what = "truncated" if len(data) < end else "has trailing bytes"
        raise LexiconFormatError(f"{source}: {what} ({len(data)} bytes, expected {end})")
    view = memoryview(data)
    head = view[_PREFIX.size : _PREFIX.size + head_len]
    payload = view[_PREFIX.size + head_len :]
    if (_PREFIX.size + head_len) % _ALIGN:
        # Written by hand or by version 1: copy the payload to an aligned buffer (bytes data is 8-aligned).
        payload = memoryview(bytes(payload))
    # The package's own files are trusted: pip checked their hashes at install, and the
    # checksum would cost 2-3 ms of a ~1 ms open (the compiled walk's bounds checks stay).
    if not trusted and zlib.crc32(payload, zlib.crc32(head)) != crc:
        raise LexiconFormatError(f"{source}: checksum mismatch, the file is corrupted")
    try:
        import json

        header = json.loads(bytes(head).decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise LexiconFormatError(f"{source}: the header is not JSON ({type(exc).__name__})") from None
    return _index(header, payload, source, trusted, version), header


def _read_only_map(data: object) -> bool:
    """Whether ``data`` is a view of a read-only memory map (:func:`map_file`): kept as it is."""
    if not isinstance(data, memoryview) or not data.readonly:
        return False
    import mmap

    return isinstance(data.obj, mmap.mmap)


def checksum(data: bytes | memoryview) -> int:
    """The CRC-32 a compiled lexicon's prefix records (what tells two files apart).

    >>> from jarnac_solver import Lexicon
    >>> checksum(Lexicon.from_words(["rat"]).to_bytes()) > 0
    True
    """
    return int(_PREFIX.unpack_from(data)[4])


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


def _index(
    header: object, payload: memoryview, source: str, trusted: bool = False, version: int = FORMAT_VERSION
) -> AlphagramIndex:
    """The index the header and payload describe, its structure checked in time linear in the file.

    Checked: field types; sections inside the payload; one parent per node
    (``n_nodes`` = edges + 2, so no count can ask for more memory than the
    file holds); child and parent ids in range and distinct, the root the
    one node without a parent; terminal ids by depth; one word line per
    terminal, no empty word; ``n_words`` the number of words. The compiled
    walk checks its own arrays in C (bounds, ranks, a permutation of word
    numbers, UTF-8) and, for files not shipped with the package, that they
    agree with the edges and words the pure walk reads. Whether each word's
    letters are its node's key is checked on a sample when the lexicon opens
    (:meth:`Lexicon.verify` checks every word).

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
    n_edges = len(raw_parents) // 4
    n_nodes = _int(header, "n_nodes", source)
    root = _int(header, "root", source)
    if n_nodes != n_edges + 2:  # id 0 is unused and the root has no parent: one edge per other node
        raise LexiconFormatError(f"{source}: n_nodes is {n_nodes}, but the file holds {n_edges} edges")
    if not 0 < root < n_nodes:
        raise LexiconFormatError(f"{source}: root {root} is not a node id")
    counts = _ints(header.get("edge_counts"), "edge_counts", source)
    if sum(counts) != n_edges or any(c < 0 for c in counts):
        raise LexiconFormatError(f"{source}: edge_counts do not add up to the {n_edges} edges")
    depth_starts = tuple(_ints(header.get("depth_starts"), "depth_starts", source, MAX_DEPTH + 2))
    if depth_starts[0] != 1 or depth_starts[1] != 1 or list(depth_starts) != sorted(depth_starts):
        raise LexiconFormatError(f"{source}: depth_starts must start at 1 and never decrease")
    n_terminals = depth_starts[-1] - 1
    if n_terminals >= n_nodes:
        raise LexiconFormatError(f"{source}: {n_terminals} terminal nodes of {n_nodes} nodes")
    n_words = _int(header, "n_words", source)
    words = section("words")
    if version >= 2 and native.speedups is not None:
        # The compiled path: the arrays stay where they are; C checks them.
        held = len(section("word_ids")) // 4
        if held != n_words:
            raise LexiconFormatError(f"{source}: n_words is {n_words}, the file holds {held}")
        flat = FlatIndex({name: section(name) for name in SECTIONS}, n_nodes, n_terminals, n_words)
        index = AlphagramIndex.from_flat(flat, root, depth_starts, tuple(counts))
        index.compile(check=not trusted, source=source)
        return index
    edges, groups = _pure_parts(
        u32_view(raw_parents),
        u32_view(raw_children),
        counts,
        words,
        n_nodes,
        root,
        n_terminals,
        n_words,
        source,
        trusted,
    )
    index = AlphagramIndex(edges, groups, root, depth_starts)
    if native.speedups is not None:  # a version 1 file: compute the compiled walk's sections
        index.compile(check=False, source=source)
    return index


def _pure_parts(
    parents: Sequence[int],
    children: Sequence[int],
    counts: list[int],
    words: memoryview,
    n_nodes: int,
    root: int,
    n_terminals: int,
    n_words: int,
    source: str,
    trusted: bool,
) -> tuple[list[dict[int, int]], list[str | None]]:
    """The pure walk's per-letter edge dicts and per-node word groups, checked."""
    n_edges = len(parents)
    if n_edges and not trusted:
        child_set = set(children)
        if len(child_set) != n_edges or min(child_set) < 1 or max(child_set) >= n_nodes or root in child_set:
            raise LexiconFormatError(f"{source}: the edges do not give each node but the root one parent")
        # A parent id out of range is only a dead edge (no walk reaches it), so it is not scanned for.
    edges = edge_dicts(parents, children, counts)
    if any(len(by_parent) != count for by_parent, count in zip(edges, counts, strict=True)):
        raise LexiconFormatError(f"{source}: a node has two children by the same letter")
    try:
        text = bytes(words).decode("utf-8")
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
    if n_words != text.count(" ") + len(lines):
        raise LexiconFormatError(f"{source}: n_words is {n_words}, the file holds {text.count(' ') + len(lines)}")
    groups: list[str | None] = [None]
    groups.extend(lines)
    groups.extend([None] * (n_nodes - len(groups)))
    return edges, groups


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
    """Open a compiled lexicon file: :func:`load_bytes` on its bytes."""
    return load_bytes(read_bytes(path), source=str(path))


def read_bytes(path: str | Path) -> bytes:
    """The bytes of ``path`` (an ``OSError`` if it cannot be read)."""
    with open(path, "rb") as f:
        return f.read()


def map_file(path: str | Path) -> memoryview:
    """A read-only memory map of ``path`` (its bytes, read, where the file cannot be mapped).

    Processes that map one file share its pages; nothing is read until a
    query touches it. The map lives as long as a view of it does. The file
    must not change in place meanwhile (a truncated map raises SIGBUS):
    files are replaced by renaming a new file over them (:func:`write_file`).
    """
    import mmap

    with open(path, "rb") as f:
        try:
            return memoryview(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ))
        except (ValueError, OSError):  # an empty file, a pipe, a file system without maps
            return memoryview(f.read())
