"""A record's fields read and checked: each names the bad part (players, a clock entry's seconds, a score, a
player's letter, a draw, a commitment) with an :class:`~jarnac_solver.errors.InvalidInputError`.
"""

from __future__ import annotations

from typing import Any

from ..errors import InvalidInputError
from ..forms import mapping
from ..integers import is_number, is_whole
from ..lexicon.alphabet import Alphabet

__all__ = [
    "MAX_SECONDS",
    "clock_entry_field",
    "commitment_field",
    "player_field",
    "players_field",
    "score_field",
    "seconds_field",
    "written_draw",
]


def commitment_field(text: str | None) -> str:
    """A commitment as a record states it: 64 hexadecimal digits (read in any case, kept in lowercase);
    ``None``: none stated."""
    if text is None:
        return ""
    if len(text) != 64 or not all(c in "0123456789abcdefABCDEF" for c in text):
        raise InvalidInputError(f"a commitment is a SHA-256 in 64 hexadecimal digits, not {text[:80]!r}")
    return text.lower()


MAX_SECONDS = 86_400.0
"""The longest decision a record's clock holds (a day; a clock is at most that long)."""


def players_field(names: list[Any]) -> tuple[str, str]:
    if len(names) != 2 or not all(isinstance(name, str) for name in names):
        raise InvalidInputError(f"a game record names two players (text), not {names!r}"[:120])
    return names[0], names[1]


def clock_entry_field(entry: object) -> dict[str, Any]:
    return mapping(entry, "a record's clock entry ({'seconds': ..., 'time_over': ...})")


def seconds_field(value: object) -> float:
    if not is_number(value) or not 0 <= value <= MAX_SECONDS:
        shown = f"{value!r}"[:40]  # a huge integer is not printed whole
        raise InvalidInputError(f"a record's clock holds seconds from 0 to {MAX_SECONDS:g}, not {shown}")
    if round(value, 3) != value:
        raise InvalidInputError(
            f"a record's clock holds milliseconds (3 decimals, as the text writes them), not {value!r}"
        )
    return float(value)


def score_field(value: object) -> int:
    if not is_whole(value):
        raise InvalidInputError(f"a score must be a whole number, not {value!r}")
    return value


def player_field(letter: object) -> int:
    if letter not in ("A", "B", "a", "b"):
        raise InvalidInputError(f"a record names players A and B, not {letter!r}")
    return "AB".index(str(letter).upper())


def written_draw(drew: str, alphabet: Alphabet) -> str:
    """A draw as a record writes it (``{a:e}`` -> ``A:E``), or ``drew`` itself when it is no tiles."""
    drawer, colon, tiles = drew.rpartition(":")
    try:
        written = alphabet.decode(alphabet.encode(tiles))
    except InvalidInputError:
        return drew
    return f"{drawer.upper()}{colon}{written}"
