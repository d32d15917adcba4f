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
~2 ms for fr) and reads them where they lie; the pure walk turns them into the dicts and
lists it uses (C-level ``dict(zip(...))`` and ``map``; no per-word Python loop).
A file not shipped with the package is checked whole, the same files refused
under either walk (:mod:`jarnac_solver.lexicon.checks`): both layouts hold
the same trie and words, parents in range, and every word, cut into tiles of
the alphabet, lies at the end of its own key at the depth ``depth_starts``
gives it (compiled: ~20 ms for fr in all; pure: ~0.5 s,
``benchmarks/bench_open.py``).
"""

from __future__ import annotations

import contextlib
import struct
import zlib
from collections.abc import Sequence

from .. import native
from ..errors import InvalidInputError, LexiconFormatError, LexiconNotFoundError
from ..integers import is_whole
from .checks import check_layouts
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
    if not is_whole(value) or value < 0:
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
    agree with the edges and words the pure walk reads; the pure path checks
    that agreement too (:func:`~jarnac_solver.lexicon.checks.check_layouts`),
    and parents in range. Whether each word's letters are its node's key is
    checked when the lexicon opens (:meth:`Lexicon.from_bytes`, both walks).

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
    if version >= 2 and not trusted:  # the compiled walk's sections, read by the pure walk's checks
        all_sections = {name: section(name) for name in SECTIONS}
        check_layouts(all_sections, edges, bytes(words), n_nodes, n_terminals, n_words, source)
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
        if max(parents) >= n_nodes:  # what the compiled walk refuses too: both walks refuse the same files
            raise LexiconFormatError(f"{source}: a parent is not a node")
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
    the old file or the new one, never a torn one. Only a regular file is
    replaced: a folder, a device, a fifo or a socket at ``path`` (or where a
    symbolic link at ``path`` leads) is refused and left as it is; a link to a
    file (or to nothing yet) stays a link, and the file it leads to is written. A
    temporary file is named ``.NAME.PID.XXXXXXXX.tmp`` after the writing
    process; one left by a process that is gone (killed while saving) is
    removed by the next save of the same path, never one of a live process.
    """
    import os
    import tempfile
    from pathlib import Path

    if not isinstance(path, (str, os.PathLike)) or not str(path) or "\0" in str(path):
        raise InvalidInputError(f"{path!r}: cannot write a lexicon there (not a file name)")
    target = Path(path)
    _check_target(target)
    if target.is_symlink():
        # Through the link: the file it leads to is replaced and the link stays (a plain
        # rename put a plain file in the link's place, and the file it led to kept the old lexicon).
        target = Path(os.path.realpath(target))
    _remove_stale(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise InvalidInputError(f"{path}: cannot write ({exc.strerror})") from None
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; a saved lexicon is as readable as any file
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        _check_target(target)  # again: it may have changed while the data was written
        os.replace(tmp, target)
    except BaseException as exc:  # an OSError, or Ctrl-C: the temporary file goes either way
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise InvalidInputError(f"{path}: cannot write ({exc.strerror})") from None
        raise


def _check_target(target: Path) -> None:
    """Refuse a target that is no regular file (following a symbolic link): it is left as it is."""
    import os

    from ..textfile import file_kind

    try:
        mode = os.stat(target).st_mode
    except OSError:  # nothing there (or a dangling link): the rename makes a file
        return
    kind = file_kind(mode)
    if kind is not None:
        what = f"{kind}{' (through a symbolic link)' if os.path.islink(target) else ''}"
        raise InvalidInputError(f"{str(target)!r}: cannot write a lexicon there ({what})")


def _remove_stale(target: Path) -> None:
    """Remove the temporary files of ``target`` left by writers that are gone (``.NAME.PID.XXXXXXXX.tmp``
    whose process no longer runs); those of live processes, this one's included, stay."""
    import os
    import re

    pattern = re.compile(rf"\.{re.escape(target.name)}\.([0-9]{{1,10}})\.[A-Za-z0-9_]{{8}}\.tmp")
    try:
        names = os.listdir(target.parent if str(target.parent) else ".")
    except OSError:
        return
    for name in names:
        match = pattern.fullmatch(name)
        if match is None or _alive(int(match[1])):
            continue
        with contextlib.suppress(OSError):
            os.unlink(target.parent / name)


def _alive(pid: int) -> bool:
    """Whether the process ``pid`` runs (or may: when that cannot be told, it is taken as alive)."""
    import os

    if pid <= 0:
        return True  # no writer's pid: never removed
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # another user's process, or no such pid on this system
        return True
    return True


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


def read_file(
    path: str | Path, max_bytes: int | None = None, *, special: bool = False
) -> tuple[AlphagramIndex, dict[str, Any]]:
    """Open a compiled lexicon file: :func:`load_bytes` on its bytes (:func:`read_bytes`)."""
    return load_bytes(read_bytes(path, max_bytes, special=special), source=str(path))


def read_bytes(path: str | Path, max_bytes: int | None = None, *, special: bool = False) -> bytes:
    """The bytes of the compiled lexicon at ``path``: a regular file (any file with
    ``special=True``) of at most ``max_bytes`` (default :data:`~jarnac_solver.textfile.MAX_LEXICON_BYTES`,
    512 MiB, or ``JARNAC_SOLVER_MAX_FILE_MB``), else :class:`InvalidInputError`;
    :class:`LexiconNotFoundError` if it cannot be read.
    """
    from ..textfile import MAX_LEXICON_BYTES, read_file_bytes

    return read_file_bytes(path, "compiled lexicon", max_bytes=max_bytes, default=MAX_LEXICON_BYTES, special=special)


def map_file(path: str | Path, max_bytes: int | None = None, *, special: bool = False) -> memoryview:
    """A read-only memory map of ``path`` (its bytes, read, where the file cannot be mapped),
    with the checks and the size limit of :func:`read_bytes`.

    Processes that map one file share its pages; nothing is read until a
    query touches it. The map lives as long as a view of it does. The file
    must not change in place meanwhile (a truncated map raises SIGBUS):
    files are replaced by renaming a new file over them (:func:`write_file`).
    """
    import mmap
    import os

    from ..textfile import MAX_LEXICON_BYTES, open_file, read_open_file, size_limit

    limit = size_limit(max_bytes, MAX_LEXICON_BYTES)
    fd, status = open_file(path, "compiled lexicon", special=special)
    try:
        if 0 < status.st_size <= limit:  # a regular file's size is what is mapped
            with contextlib.suppress(ValueError, OSError):  # a file system without maps
                return memoryview(mmap.mmap(fd, 0, access=mmap.ACCESS_READ))
        # Empty, a /proc file that says 0, a pipe, too large: read (refused if too large).
        return memoryview(read_open_file(fd, status, path, "compiled lexicon", LexiconNotFoundError, limit))
    finally:
        os.close(fd)
