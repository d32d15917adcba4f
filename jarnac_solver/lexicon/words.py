"""What the lexicon's helpers (bags, familiarity) need of a word list: a protocol, so that they sit
below :class:`~jarnac_solver.lexicon.lexicon.Lexicon` and never import it (the lexicon composes them).

Key idea: a bag estimated from a lexicon, or a familiarity in its language, reads four things of it
(its name, alphabet, metadata and words); naming them here breaks the import cycle the lexicon had with
each of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from ..errors import InvalidInputError
from .alphabet import Alphabet

__all__ = ["WordList", "as_word_list"]


class WordList(Protocol):
    """A word list as bags and familiarity read it (a :class:`~jarnac_solver.lexicon.lexicon.Lexicon` is one)."""

    @property
    def name(self) -> str:
        """The list's name (``fr``, ``en-large``, a file's stem)."""
        ...

    alphabet: Alphabet
    metadata: dict[str, Any]

    def __iter__(self) -> Iterator[str]:
        """Its words, folded."""
        ...


def as_word_list(value: object, message: str | None = None) -> WordList:
    """``value`` if it reads as a word list (what :class:`WordList` names), else :class:`InvalidInputError`
    (``message``, or one naming the value).

    >>> as_word_list(5)
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: a lexicon is a Lexicon (Lexicon.load, Lexicon.open), not 5
    """
    if (
        not isinstance(getattr(value, "alphabet", None), Alphabet)
        or not isinstance(getattr(value, "metadata", None), dict)
        or not isinstance(getattr(value, "name", None), str)
        or not hasattr(value, "__iter__")
    ):
        raise InvalidInputError(message or f"a lexicon is a Lexicon (Lexicon.load, Lexicon.open), not {value!r}")
    return value  # type: ignore[return-value]
