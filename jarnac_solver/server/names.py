"""A person's name as the service takes it (:func:`person_name`): trimmed, bounded, plain text.

Key idea: a name is the one text a person gives that others read (a game's seats, a leaderboard), so it is
checked once, here, for every route that takes one (:data:`~.typed.NAME`).
"""

from __future__ import annotations

import re
import unicodedata

from ..messages import Reason
from .contract import shown

__all__ = ["MAX_NAME", "person_name"]

MAX_NAME = 32
"""The longest name a person gives (characters), after its spaces are trimmed."""
_MARKUP = re.compile(r"<\s*[A-Za-z/!?]|&#?[A-Za-z0-9]+;")
_REFUSED_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
"""Control, format (the bidirectional overrides and isolates among them, zero-width marks), surrogates, private
use, unassigned, and line and paragraph separators: none is a letter of a name, several reorder or hide text."""


def person_name(value: str) -> str:
    """A person's name as given, checked: its spaces trimmed and runs of them one, 1 to :data:`MAX_NAME`
    characters, no control or bidirectional character, no markup (a name is shown as text; a tag or a
    character reference in it is a mistake or a trick); else :class:`ValueError` saying why, in the
    language being spoken (:func:`~jarnac_solver.messages.speaking`: the request's).

    >>> person_name("  Alice   B. ")
    'Alice B.'
    >>> person_name("Bob\u202eevil")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: holds U+202E (RIGHT-TO-LEFT OVERRIDE), a control or bidirectional character: ...
    """
    text = " ".join(value.split())
    if not text:
        raise ValueError(Reason("name_empty", {"most": MAX_NAME}).text())
    if len(text) > MAX_NAME:
        raise ValueError(Reason("name_too_long", {"count": len(text), "most": MAX_NAME}).text())
    odd = next((c for c in text if unicodedata.category(c) in _REFUSED_CATEGORIES), None)
    if odd is not None:
        named = unicodedata.name(odd, "")
        character = f"U+{ord(odd):04X}{f' ({named})' if named else ''}"
        raise ValueError(Reason("name_refused_character", {"character": character}).text())
    if _MARKUP.search(text):
        raise ValueError(Reason("name_markup", {"name": repr(shown(text))}).text())
    return text
