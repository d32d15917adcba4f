"""Bounds for allocating letters to words: how much any set of words could be worth.

Both exact searches (the best Jarnac, the longest ladder) cut a branch when
its optimistic bound cannot beat the best plan found; these are the bounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

__all__ = ["fill", "knapsack_bounds"]

_size_value = itemgetter(0, 1)


def fill(letters: int, words: int, longest: int) -> int:
    """The most ``words`` words of at most ``longest`` tiles make of ``letters`` letters (n² is convex: fill)."""
    if longest <= 0:
        return 0
    full = min(words, letters // longest)
    rest = letters - full * longest
    return full * longest * longest + (min(rest, longest) ** 2 if words > full else 0)


def knapsack_bounds(
    lines: Sequence[Sequence[tuple[int, int, int]]], places: Sequence[tuple[int, int, int]], letters: int
) -> list[list[int]]:
    """``bound[i][m]``: the most lines i.. and new words can be worth with ``m`` letters.

    Each entry is (letters used, value, _): a relaxation that counts letters
    but not which ones (nor slots), so it never underestimates; it makes the
    branch and bound see that two steals cannot both have the rack's S.
    """
    # Speed: the best value of each size is read in C: the entries sorted, a dict keeps the last (the
    # largest) value of each size; a Python step an entry would be ~8% of a planner's game.
    # New words: any number of them, each of a size some new word has (a value of at least 0).
    by_size = {used: max(value, 0) for used, value in dict(map(_size_value, sorted(places))).items()}
    place_best = [0] * (letters + 1)
    for m in range(1, letters + 1):
        place_best[m] = max([place_best[m - 1]] + [place_best[m - a] + v for a, v in by_size.items() if a <= m])
    tables = [place_best]
    for items in reversed(lines):
        best_by_size: dict[int, int] = dict(map(_size_value, sorted(items)))
        after = tables[-1]
        table = list(after)
        for m in range(letters + 1):
            for a, v in best_by_size.items():
                if a <= m and after[m - a] + v > table[m]:
                    table[m] = after[m - a] + v
        tables.append(table)
    tables.reverse()
    return tables
