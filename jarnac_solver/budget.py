"""Time budgets: answer by a deadline, and say whether the answer is proven.

The searches that can grow exponentially (the best Jarnac, the longest
ladder, hints, advice) take ``budget``: seconds (a float), a
:class:`Deadline` shared by several calls, or ``None`` for no limit. They
are *anytime*: a good answer comes first (a greedy pass), the exact search
improves it, and when the deadline passes the best answer found so far is
returned with ``exact=False``. With no budget every answer is exact.

The key idea: the search raises :class:`OutOfTime` from deep inside its
recursion, and the function that owns the incumbent catches it; nothing
between has to know about budgets.
"""

from __future__ import annotations

import math
import time

from .errors import InvalidInputError

__all__ = ["SEARCH_SHARE", "Deadline", "OutOfTime", "clock_deadline", "deadline_of"]


class OutOfTime(Exception):
    """Raised by :meth:`Deadline.check` inside a search; the search's owner returns its best answer so far."""


class Deadline:
    """The moment ``seconds`` from now by which an answer is due (on the monotonic clock).

    One deadline may be shared by several calls: together they answer in time.

    >>> Deadline(60).expired()
    False
    >>> Deadline(0).expired()
    True
    """

    __slots__ = ("at",)

    def __init__(self, seconds: float) -> None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < math.inf:
            raise InvalidInputError(f"a budget is a number of seconds >= 0, not {seconds!r}")
        self.at = time.monotonic() + seconds
        """The moment, on :func:`time.monotonic`'s clock."""

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        """The deadline ``seconds`` from now (0: already passed); the same as ``Deadline(seconds)``.

        >>> Deadline.after(1.5).remaining() <= 1.5
        True
        """
        return cls(seconds)

    def remaining(self) -> float:
        """Seconds left (negative once passed).

        >>> Deadline.after(0).remaining() <= 0
        True
        """
        return self.at - time.monotonic()

    def expired(self) -> bool:
        """Whether the deadline has passed (looks at the clock every time).

        >>> Deadline.after(10).expired()
        False
        """
        return time.monotonic() >= self.at

    def check(self) -> None:
        """Raise :class:`OutOfTime` if the deadline has passed.

        Reading the clock costs about 60 ns and a search node microseconds,
        so the searches check at every node: a deadline is met to within
        one node's work.

        >>> Deadline.after(10).check()
        """
        if time.monotonic() >= self.at:
            raise OutOfTime

    def __repr__(self) -> str:
        return f"<Deadline in {self.remaining() * 1000:.1f} ms>"


def deadline_of(budget: float | Deadline | None) -> Deadline | None:
    """``budget`` as a :class:`Deadline` (``None``: no limit); seconds start counting now.

    >>> deadline_of(None) is None
    True
    >>> deadline_of(0.05).remaining() > 0
    True
    >>> deadline_of(-1)
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: a budget is a number of seconds >= 0, not -1
    """
    if budget is None or isinstance(budget, Deadline):
        return budget
    if isinstance(budget, (int, float)) and not isinstance(budget, bool) and math.isinf(budget) and budget > 0:
        return None
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        raise InvalidInputError(f"a budget is a number of seconds, a Deadline or None, not {budget!r}")
    return Deadline.after(budget)


SEARCH_SHARE = 0.8
"""Under a clock (``Rules.think_seconds``), the share of it a search may spend; the rest is the
move's own cost and the engine's, so that a budgeted decision ends in time."""


def clock_deadline(budget: float | Deadline | None, think_seconds: float | None) -> Deadline | None:
    """``budget`` as a :class:`Deadline` (:func:`deadline_of`); with no budget under a clock, the
    clock's :data:`SEARCH_SHARE` from now; with neither, ``None``.

    >>> clock_deadline(None, None) is None, clock_deadline(None, 60).remaining() > 47
    (True, True)
    """
    if budget is None and think_seconds is not None:
        return Deadline.after(think_seconds * SEARCH_SHARE)
    return deadline_of(budget)
