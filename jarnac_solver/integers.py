"""A whole number, or any number, as the library reads one from its callers and from JSON: an ``int`` (or a
``float``) that is not a ``bool``.

``isinstance(True, int)`` holds in Python, and JSON's ``true`` reads as ``True``: a seed, a count, a line
number or a number of seconds given as ``true`` is refused, never taken as 1.

>>> is_whole(3), is_whole(True), is_whole(3.0), is_whole("3")
(True, False, False, False)
>>> is_number(3), is_number(2.5), is_number(False), is_number("2.5")
(True, True, False, False)
"""

from __future__ import annotations

TYPE_CHECKING = False  # mypy reads any constant of this name as True
if TYPE_CHECKING:
    from typing_extensions import TypeIs

__all__ = ["is_number", "is_whole"]


def is_whole(value: object) -> TypeIs[int]:
    """Whether ``value`` is an ``int`` and not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> TypeIs[int | float]:
    """Whether ``value`` is an ``int`` or a ``float`` and not a ``bool`` (its range is the caller's to check)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)
