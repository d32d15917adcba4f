"""Means and rates with their 95% intervals: every number a study reports carries one.

A mean uses Student's t (its 0.975 quantile, exact to 3 decimals for up to
30 degrees of freedom, then the normal 1.96 side of it); a rate uses the
Wilson score interval, which stays inside 0..1 and is sound for rates near
0 or 1 (a Jarnac-able pass is rare), where the normal interval is not. A
difference between two lexicons measured on the *same* items (racks drawn
from the same bag with the same seed) is a paired difference: the interval
of the mean of per-item differences, much narrower than two separate ones.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InvalidInputError
from ..messages import Reason

__all__ = ["Estimate", "mean_estimate", "paired_difference", "rate_estimate"]

# t(0.975, df) for df = 1..30; beyond, the normal quantile is within 0.02.
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
_Z975 = 1.959964


def _t975(df: int) -> float:
    return _T975[df - 1] if df <= len(_T975) else _Z975


@dataclass(frozen=True)
class Estimate:
    """A mean or a rate over ``n`` items, with its 95% interval ``low..high``.

    >>> e = rate_estimate(30, 100)
    >>> round(e.value, 2), round(e.low, 3), round(e.high, 3), e.n
    (0.3, 0.219, 0.396, 100)
    >>> str(e)
    '0.300 [0.219, 0.396]'
    """

    value: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        if self.n == 0:
            return "-"
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"

    def cannot_tell(self, goal: float, scale: float = 1.0) -> Reason | None:
        """Whether the interval is too wide to answer: its half-width over ``goal`` (in the estimate's units,
        shown times ``scale``: 100 for a rate in points of percent), said with how many items would bring it
        to ``goal`` (a 95% interval narrows as one over the square root of the items); ``None`` when it
        answers.

        >>> str(rate_estimate(1, 10).cannot_tell(0.05, 100))
        'too few to tell: 10 games give an interval of ±19.3; about 150 games would give ±5.0'
        >>> rate_estimate(100, 1000).cannot_tell(0.05, 100) is None
        True
        """
        half = (self.high - self.low) / 2
        if self.n == 0 or not half > goal:
            return None
        needed = math.ceil(self.n * (half / goal) ** 2 / 10) * 10  # to tens: an estimate, not a promise
        values = {"n": self.n, "half": round(half * scale, 1), "needed": needed, "goal": round(goal * scale, 1)}
        return Reason("report_cannot_tell", values)

    def to_dict(self) -> dict[str, float | int | None]:
        """JSON-ready; an estimate over no item has ``None`` for its numbers.

        >>> mean_estimate([]).to_dict()
        {'value': None, 'low': None, 'high': None, 'n': 0}
        """
        if self.n == 0:
            return {"value": None, "low": None, "high": None, "n": 0}
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


_NONE = Estimate(math.nan, math.nan, math.nan, 0)


def mean_estimate(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its 95% t interval (one value: the interval is the value).

    Cost: two passes over ``values``.

    >>> e = mean_estimate([1, 2, 3, 4])
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (2.5, 0.446, 4.554)
    """
    n = len(values)
    if n == 0:
        return _NONE
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = _t975(n - 1) * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def rate_estimate(successes: int, n: int) -> Estimate:
    """The rate ``successes / n`` with its 95% Wilson score interval.

    >>> e = rate_estimate(0, 50)
    >>> e.value, e.low, round(e.high, 4)
    (0.0, 0.0, 0.0713)
    >>> rate_estimate(3, 2)
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: a rate needs 0 <= successes <= n, not 3 of 2
    """
    if not 0 <= successes <= n:
        raise InvalidInputError(f"a rate needs 0 <= successes <= n, not {successes} of {n}")
    if n == 0:
        return _NONE
    p = successes / n
    z2 = _Z975 * _Z975
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z975 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # min/max: at p = 0 or 1 the bound equals p up to rounding, which must not cross it.
    return Estimate(p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)), n)


def paired_difference(first: Sequence[float], second: Sequence[float]) -> Estimate:
    """The mean of ``second[i] - first[i]`` with its 95% interval (the same items measured twice).

    >>> e = paired_difference([1, 2, 3], [2, 3, 5])
    >>> round(e.value, 3), e.n
    (1.333, 3)
    """
    if len(first) != len(second):
        raise InvalidInputError(
            f"a paired difference needs as many items on each side, not {len(first)} and {len(second)}"
        )
    return mean_estimate([b - a for a, b in zip(first, second, strict=True)])
