"""The exceptions of the library.

Every error the library raises on purpose is a :class:`JarnacError`; an error
about a bad *value* is also a :class:`ValueError`, so callers that already
catch ``ValueError`` keep working.

An error a person meets (a word not in the lexicon, a character that is no
tile, an action not possible now, a record's fault) is raised with a
:class:`~jarnac_solver.messages.Reason`: its message is the reason's English
text and ``exc.reason`` its code and values, which a front end says in the
reader's language (``exc.reason.text("fr")``); other errors have
``reason = None`` and an English message.
"""

from __future__ import annotations

from typing import Any

from .messages import Reason

__all__ = [
    "AlphabetMismatchError",
    "IllegalActionError",
    "IllegalMoveError",
    "InvalidInputError",
    "InvalidLetterError",
    "InvalidMoveError",
    "InvalidRulesError",
    "InvalidTrayError",
    "JarnacError",
    "LexiconFormatError",
    "LexiconNotFoundError",
    "MissingExtraError",
    "QueryBudgetError",
    "UnknownLexiconError",
    "located",
]


class JarnacError(Exception):
    """Base class of every exception that the library raises on purpose.

    Raised with a :class:`~jarnac_solver.messages.Reason`, the error carries it as ``reason`` and its
    message is the reason's English text:

    >>> exc = IllegalActionError(Reason("error_word_not_in_lexicon", {"word": "RTAS", "lexicon": "fr"}))
    >>> str(exc), exc.reason.code, exc.reason.text("fr")
    ('RTAS is not in the lexicon fr', 'error_word_not_in_lexicon', "RTAS n'est pas dans le lexique fr")
    """

    reason: Reason | None = None
    """The error as data (code and values), when it is one a person meets; ``None`` otherwise."""

    field: str | None = None
    """The request's field whose value the error refuses, when a command read it (``None``: its message says)."""

    def __init__(self, message: str | Reason = "", *args: object, **kwargs: Any) -> None:
        if isinstance(message, Reason):
            self.reason = message
            message = message.text("en")
        super().__init__(message, *args, **kwargs)

    def message(self, language: str | None = None) -> str:
        """The message in ``language`` (the current one by default): the reason's, else the English message."""
        return str(self) if self.reason is None else self.reason.text(language)


class InvalidInputError(JarnacError, ValueError):
    """An argument has a wrong value (a length out of range, an empty name, ...)."""


class InvalidLetterError(InvalidInputError):
    """A word or rack holds a character that is not a tile of the alphabet.

    ``char`` is the offending character and ``text`` the input it was found in.
    """

    def __init__(self, message: str | Reason, *, char: str, text: str) -> None:
        super().__init__(message)
        self.char = char
        self.text = text


class QueryBudgetError(InvalidInputError):
    """A word query (blanks, combined conditions) that did not finish within its time budget (``budget=``):
    the message names the query and how to narrow it (fewer blanks, a length range, a pattern)."""


class LexiconFormatError(JarnacError, ValueError):
    """A compiled lexicon file is truncated, corrupted, or of another version."""


class UnknownLexiconError(InvalidInputError):
    """A bundled lexicon name that the package does not ship."""


class LexiconNotFoundError(JarnacError, FileNotFoundError):
    """A lexicon or word-list file that does not exist or cannot be read."""


class AlphabetMismatchError(InvalidInputError):
    """A bag and a lexicon (or two lexicons) of different alphabets used together."""


class InvalidRulesError(InvalidInputError):
    """An unknown rule option or preset, or an option with a wrong value."""


class InvalidTrayError(InvalidInputError):
    """A tray that is badly written or breaks the rules (a line too long, too many lines, ...)."""


class InvalidMoveError(InvalidInputError):
    """A move that is badly written: bad notation, or fields that contradict each other."""


class IllegalMoveError(JarnacError, ValueError):
    """A well-formed move that the rules forbid on this tray (letters missing, line full, ...)."""


class IllegalActionError(JarnacError, ValueError):
    """A game action that is not possible now: wrong phase, wrong player, letters not held, ..."""


class MissingExtraError(JarnacError, ImportError):
    """An optional dependency of the library is not installed; the message says how to install it.

    It is also an :class:`ImportError`, so callers that already catch that keep working.
    """


def located(exc: JarnacError, where: str | Reason) -> JarnacError:
    """``exc`` told again with ``where`` first (``"games.txt: game 2"``), for a caller that knows the
    place: an :class:`IllegalActionError` stays one, any other error becomes an :class:`InvalidInputError`.

    >>> located(IllegalActionError("draw is not possible now"), "game 2")
    IllegalActionError('game 2: draw is not possible now')
    """
    kind = IllegalActionError if isinstance(exc, IllegalActionError) else InvalidInputError
    if exc.reason is None and not isinstance(where, Reason):
        return kind(f"{where}: {exc}")
    return kind(Reason("error_located", {"where": where, "error": exc.reason or str(exc)}))
