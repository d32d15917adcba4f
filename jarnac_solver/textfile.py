"""Reading a user's file (a word list, a bag, game records, a compiled lexicon): one place for its
bounds and its errors.

A file is read only if it is a regular file (a symbolic link to one is
followed): a device (``/dev/zero``), a fifo, a socket or a folder is refused
before it is opened, unless the caller asks for it (``special=True``). It is
read up to a size limit (:data:`MAX_TEXT_BYTES` for text,
:data:`MAX_LEXICON_BYTES` for a ``.jlex`` file; the environment variable
``JARNAC_SOLVER_MAX_FILE_MB`` raises both, never below their defaults; a ``max_bytes=`` keyword
sets one call's):
one byte more than the limit is read, never the size the system reports
alone (``/proc`` files say 0). Text is UTF-8 with any byte-order mark dropped.
Every refusal is a library error naming the path.
"""

from __future__ import annotations

from .errors import InvalidInputError, JarnacError, LexiconNotFoundError
from .integers import is_whole

TYPE_CHECKING = False  # mypy reads any constant of this name as True
if TYPE_CHECKING:
    import os
    from os import PathLike

__all__ = [
    "LIMIT_VARIABLE",
    "MAX_LEXICON_BYTES",
    "MAX_TEXT_BYTES",
    "open_file",
    "read_file_bytes",
    "read_open_file",
    "read_text",
    "refuse_special",
    "size_limit",
]

MAX_TEXT_BYTES = 64 << 20
"""The largest text file read by default (64 MiB; the largest real word lists are a few MB)."""

MAX_LEXICON_BYTES = 512 << 20
"""The largest compiled lexicon read by default (512 MiB; the largest bundled one is 7.5 MB)."""

LIMIT_VARIABLE = "JARNAC_SOLVER_MAX_FILE_MB"
"""The environment variable that raises both limits, in MiB (for the command line; a smaller value than a
default leaves that default: raising the text limit never lowers the lexicon's)."""

_CHUNK = 1 << 20


def size_limit(max_bytes: object, default: int) -> int:
    """The size limit of one read: ``max_bytes`` when given, else ``default`` raised to
    ``JARNAC_SOLVER_MAX_FILE_MB`` (MiB) when that is set and larger.

    >>> size_limit(None, 10), size_limit(5, 10)
    (10, 5)
    >>> size_limit("5", 10)
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: max_bytes must be a positive integer or None, not '5'
    """
    if max_bytes is None:
        import os

        text = os.environ.get(LIMIT_VARIABLE, "").strip()
        if not text:
            return default
        try:
            megabytes = float(text)
        except ValueError:
            megabytes = -1.0
        if not 0 < megabytes < 1 << 40:
            raise InvalidInputError(f"{LIMIT_VARIABLE} must be a positive number of MiB, not {text!r}")
        return max(default, int(megabytes * (1 << 20)))
    if not is_whole(max_bytes) or max_bytes < 1:
        raise InvalidInputError(f"max_bytes must be a positive integer or None, not {max_bytes!r}")
    return max_bytes


def file_kind(mode: int) -> str | None:
    """What a file of ``mode`` is when it is no regular file (``None`` for a regular file)."""
    import stat

    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a fifo (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def refuse_special(path: str | PathLike[str], what: str) -> None:
    """Raise :class:`InvalidInputError` if ``path`` leads to something that is no regular file (a device, a
    fifo, a socket, a folder), as :func:`open_file` does; nothing is opened."""
    import os

    try:
        kind = file_kind(os.stat(path).st_mode)
    except (OSError, ValueError):
        return  # nothing there, or no file name: the reader says so
    if kind is not None:
        raise InvalidInputError(f"{os.fspath(path)}: a {what} is read from a regular file, not {kind}")


def open_file(
    path: str | PathLike[str], what: str, missing: type[JarnacError] = LexiconNotFoundError, *, special: bool = False
) -> tuple[int, os.stat_result]:
    """A file descriptor open for reading on ``path`` and its status, when it is a regular file
    (or anything, with ``special``); the caller closes it. Errors as :func:`read_file_bytes`'s.
    """
    import os

    if not isinstance(path, (str, os.PathLike)):
        raise InvalidInputError(f"a {what} is a file path, not {path!r}")
    if not isinstance(special, bool):
        raise InvalidInputError(f"special must be True or False, not {special!r}")
    kind = None
    try:
        if not special:  # looked at before opening: opening a fifo waits for a writer
            kind = file_kind(os.stat(path).st_mode)
        if kind is None:
            flags = os.O_RDONLY | getattr(os, "O_CLOEXEC", 0) | (0 if special else getattr(os, "O_NONBLOCK", 0))
            fd = os.open(path, flags)
            status = os.fstat(fd)
            if not special:  # replaced between the look and the open
                kind = file_kind(status.st_mode)
                if kind is not None:
                    os.close(fd)
    except ValueError as exc:  # a NUL in the path
        raise InvalidInputError(f"{path!r}: not a file name ({exc})") from None
    except OSError as exc:
        raise missing(f"{os.fspath(path)}: cannot read {what} ({exc.strerror})") from None
    if kind is not None:
        raise InvalidInputError(f"{os.fspath(path)}: a {what} is read from a regular file, not {kind}")
    return fd, status


def read_file_bytes(
    path: str | PathLike[str],
    what: str,
    missing: type[JarnacError] = LexiconNotFoundError,
    *,
    max_bytes: int | None = None,
    default: int = MAX_TEXT_BYTES,
    special: bool = False,
) -> bytes:
    """The bytes of the file at ``path``, at most ``max_bytes`` (see :func:`size_limit`).

    ``what`` names the file in errors; ``missing`` is raised when it cannot be
    opened or read, :class:`InvalidInputError` when it is no path, too large,
    or no regular file (unless ``special``: then a device or fifo is read,
    still up to the limit).

    >>> read_file_bytes("/dev/zero", "word list")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: /dev/zero: a word list is read from a regular file, not a device
    >>> read_file_bytes("/dev/zero", "word list", max_bytes=10, special=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: /dev/zero: a word list is larger than 10 bytes, the limit (raise it ...)
    """
    import os

    limit = size_limit(max_bytes, default)
    fd, status = open_file(path, what, missing, special=special)
    try:
        return read_open_file(fd, status, path, what, missing, limit)
    finally:
        os.close(fd)


def read_open_file(
    fd: int, status: os.stat_result, path: str | PathLike[str], what: str, missing: type[JarnacError], limit: int
) -> bytes:
    """The bytes of the open file ``fd`` (its ``status`` from :func:`open_file`), at most ``limit``:
    one byte more is read, never trusting the reported size alone (``/proc`` files say 0);
    a regular file that says it is larger is refused unread.
    """
    import os
    import stat

    if stat.S_ISREG(status.st_mode) and status.st_size > limit:
        raise _too_large(path, what, limit)
    chunks: list[bytes] = []
    total = 0
    want = min(status.st_size, limit) + 1  # the reported size as a hint only
    try:
        while total <= limit:
            chunk = os.read(fd, max(min(want, limit + 1 - total), 1))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            want = _CHUNK
    except OSError as exc:
        raise missing(f"{os.fspath(path)}: cannot read {what} ({exc.strerror})") from None
    if total > limit:
        raise _too_large(path, what, limit)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def _too_large(path: str | PathLike[str], what: str, limit: int) -> InvalidInputError:
    import os

    size = f"{limit} bytes" if limit < 1 << 20 else f"{limit / (1 << 20):g} MiB"
    return InvalidInputError(
        f"{os.fspath(path)}: a {what} is larger than {size}, the limit"
        f" (raise it with {LIMIT_VARIABLE}=MIB in the environment, or max_bytes= in Python)"
    )


def read_text(
    path: str | PathLike[str],
    what: str,
    missing: type[JarnacError] = LexiconNotFoundError,
    *,
    max_bytes: int | None = None,
    special: bool = False,
) -> str:
    """The text of the file at ``path`` (``what`` names it in errors; ``missing`` is raised when it
    cannot be read, :class:`InvalidInputError` when it is no path, no UTF-8 text, no regular
    file or larger than the limit: see :func:`read_file_bytes`).

    >>> read_text(None, "word list")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: a word list is a file path, not None
    """
    data = read_file_bytes(path, what, missing, max_bytes=max_bytes, special=special)
    try:
        return data.decode("utf-8-sig")  # a byte-order mark is no part of the first line
    except UnicodeDecodeError as exc:
        raise InvalidInputError(f"{path}: a {what} is UTF-8 text ({exc.reason} at byte {exc.start})") from None
