"""Reading a user's text file (a word list, a bag, game records): one place for its errors.

UTF-8 with any byte-order mark dropped; a path that is not one, a file that
cannot be read or is not UTF-8 raises a library error naming the path.
"""

from __future__ import annotations

from .errors import InvalidInputError, JarnacError, LexiconNotFoundError

TYPE_CHECKING = False  # mypy reads any constant of this name as True
if TYPE_CHECKING:
    from os import PathLike

__all__ = ["read_text"]


def read_text(path: str | PathLike[str], what: str, missing: type[JarnacError] = LexiconNotFoundError) -> str:
    """The text of the file at ``path`` (``what`` names it in errors; ``missing`` is raised when it
    cannot be read, :class:`InvalidInputError` when it is no path or no UTF-8 text).

    >>> read_text(None, "word list")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: a word list is a file path, not None
    """
    import os

    if not isinstance(path, (str, os.PathLike)):
        raise InvalidInputError(f"a {what} is a file path, not {path!r}")
    try:
        with open(path, encoding="utf-8-sig") as f:  # a byte-order mark is no part of the first line
            return f.read()
    except UnicodeDecodeError as exc:
        raise InvalidInputError(f"{path}: a {what} is UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except ValueError as exc:  # a NUL in the path
        raise InvalidInputError(f"{path!r}: not a file name ({exc})") from None
    except OSError as exc:
        raise missing(f"{path}: cannot read {what} ({exc.strerror})") from None
