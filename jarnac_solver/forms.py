"""Reading the dict forms of the library's values (``to_dict`` / ``from_dict``).

Every public value has a dict form that ``json.dumps`` writes as it is and
``from_dict`` reads back to an equal value; these helpers check what is read
and name the bad part. Line numbers in dict forms count from 1, as players
count and as the notation writes them; Python attributes hold 0-based
indexes (``Move.line_index``).
"""

from __future__ import annotations

from .errors import InvalidInputError
from .integers import is_whole

TYPE_CHECKING = False  # mypy reads any constant of this name as True
if TYPE_CHECKING:
    from typing import Any

__all__ = ["field", "line_number", "mapping"]


def mapping(data: object, what: str) -> dict[str, Any]:
    """``data`` if it is a dict with string keys, else :class:`InvalidInputError` naming ``what``.

    >>> mapping({"a": 1}, "a move")
    {'a': 1}
    """
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        raise InvalidInputError(f"{what} must be a JSON object (a dict), not {type(data).__name__}")
    return data


def field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], what: str, default: object = ...) -> Any:
    """``data[key]`` checked to be of ``kind`` (``bool`` is not an ``int``); ``default`` when absent, if given.

    >>> field({"gain": 3}, "gain", int, "a plan")
    3
    """
    if key not in data:
        if default is ...:
            raise InvalidInputError(f"{what} has no {key!r}")
        return default
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise InvalidInputError(f"{what}: {key!r} must be {names}, not {value!r}")
    return value


def line_number(value: object, what: str) -> int:
    """A line number (1 or more) read from a dict form, as a 0-based index.

    >>> line_number(2, "a move")
    1
    """
    if not is_whole(value) or value < 1:
        raise InvalidInputError(f"{what}: a line number counts from 1, not {value!r}")
    return value - 1
