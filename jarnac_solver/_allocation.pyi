"""The compiled allocation searches (``_allocation.c``): the best Jarnac's and the ladder's, and the chains.

Each returns ``None`` past 32 letter ranks (the caller's Python search runs instead). Every parameter may
be given by name. ``rack`` is a packed tally (``lexicon/tally.py``); ``check`` a deadline's ``check``
(raising ``out_of_time``) or None for no deadline.
"""

from collections.abc import Callable
from typing import Any

MEMO_LIMIT: int
"""The most states a search memoises (``budget.MEMO_LIMIT``, which a test checks it equals)."""

def optimise(
    per_line: list[list[Any]],
    places: list[Any],
    rack: int,
    rack_size: int,
    free_lines: int,
    passer_free: int,
    min_len: int,
    last_min: int,
    by_swing: bool,
    last_free_thief: bool,
    last_free_passer: bool,
    check: Callable[[], None] | None,
    out_of_time: type[BaseException],
) -> tuple[int, int, list[Any], bool] | None:
    """The best set of steals (``moves/steal_search.py``'s ``optimise``): its two values, the items, and exact."""

def ladder(
    line_items: list[Any],
    new_items: list[Any],
    singles: list[Any],
    first_bound: list[int] | None,
    second_bound: list[int] | None,
    rack: int,
    rack_size: int,
    free: int,
    seat_min: int,
    check: Callable[[], None] | None,
    out_of_time: type[BaseException],
) -> tuple[list[tuple[Any, int | None]], bool] | None:
    """plan_ladder's allocation: the (item, line) pairs of the ladder chosen, and exact."""

def chains(
    keys: list[int],
    weights: list[int],
    base: int,
    starts: list[bool],
    check: Callable[[], None] | None,
    out_of_time: type[BaseException] = ...,
) -> list[tuple[int, list[int]]] | None:
    """The longest chains of each key (``planning/ladder.py``'s ``_Chains``): moves and the chain's keys."""
