"""Time budgets: answer by a deadline, and say whether the answer is proven.

The searches that can grow exponentially (the best Jarnac, the longest
ladder, hints, advice) take ``budget``: seconds (a float), a
:class:`Deadline` shared by several calls, ``None`` for the default ceiling
(:data:`DEFAULT_BUDGET`, 10 s) or :data:`EXACT` (``math.inf``) for no limit.
They are *anytime*: a good answer comes first (a greedy pass), the exact
search improves it, and when the deadline passes the best answer found so
far is returned with ``exact=False``. No call runs for minutes by default:
on ordinary positions every answer is proven in milliseconds, and the
ceiling only ever stops a made-up or pathological one (a 30-letter rack),
whose answer then says ``exact=False``; ``budget=EXACT`` asks for the proof
however long it takes. Memory is bounded apart from time: a search's memo
holds at most :data:`MEMO_LIMIT` states, and a search that needs more
stops there as if its time were up (``exact=False``), even under ``EXACT``.

The key idea: the search raises :class:`OutOfTime` from deep inside its
recursion, and the function that owns the incumbent catches it; nothing
between has to know about budgets.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from .errors import InvalidInputError
from .integers import is_number

__all__ = [
    "DEFAULT_BUDGET",
    "EXACT",
    "MEMO_LIMIT",
    "SEARCH_SHARE",
    "Deadline",
    "OutOfTime",
    "Timer",
    "clock_deadline",
    "deadline_of",
    "passed_on",
]

DEFAULT_BUDGET = 10.0
"""Seconds: the ceiling of a search called with ``budget=None`` (no call runs for minutes unasked)."""

EXACT = math.inf
"""``budget=EXACT``: no time limit, the proven answer however long it takes (still within :data:`MEMO_LIMIT`)."""

MEMO_LIMIT = 1 << 20
"""The most states a search memoises (the ladder's chains and allocation, the best Jarnac's new words):
about 70 MB in the compiled searches, a few hundred in the pure ones. Ordinary racks need thousands
(28,000 on 15 letters); a search that would need more stops as at a deadline, its answer ``exact=False``."""


Timer = Callable[[], float]
"""A clock: seconds, only ever increasing (:func:`time.monotonic`, the default; a test's own clock)."""


class OutOfTime(Exception):
    """Raised by :meth:`Deadline.check` inside a search; the search's owner returns its best answer so far."""


class Deadline:
    """The moment ``seconds`` from now by which an answer is due, on ``timer`` (:func:`time.monotonic`).

    One deadline may be shared by several calls: together they answer in time.
    Another ``timer`` makes the time the searches see independent of the machine's
    speed (a test's clock that moves one step each time it is read counts the
    looks at the clock a search makes before it stops).

    >>> Deadline(60).expired()
    False
    >>> Deadline(0).expired()
    True
    >>> steps = iter(range(100))
    >>> stepped = Deadline(2, timer=lambda: float(next(steps)))  # starts at 0, due at 2
    >>> stepped.expired(), stepped.expired(), stepped.remaining()
    (False, True, -1.0)
    """

    __slots__ = ("at", "timer")

    def __init__(self, seconds: float, timer: Timer | None = None) -> None:
        if not is_number(seconds) or not 0 <= seconds < math.inf:
            raise InvalidInputError(f"a budget is a number of seconds >= 0, not {seconds!r}")
        if timer is not None and not callable(timer):
            raise InvalidInputError(f"a deadline's timer is a function giving seconds, not {timer!r}"[:200])
        self.timer: Timer = time.monotonic if timer is None else timer
        """The clock it is read on."""
        self.at = self.timer() + seconds
        """The moment, on :attr:`timer`'s clock."""

    @classmethod
    def after(cls, seconds: float, timer: Timer | None = None) -> Deadline:
        """The deadline ``seconds`` from now (0: already passed); the same as ``Deadline(seconds, timer)``.

        >>> Deadline.after(1.5).remaining() <= 1.5
        True
        """
        return cls(seconds, timer)

    def share(self, fraction: float) -> Deadline:
        """A deadline on the same clock ``fraction`` (0 to 1) of the time left from now (none left: now).

        >>> 5 < Deadline(20).share(0.5).remaining() <= 10
        True
        """
        return Deadline(max(0.0, self.remaining()) * fraction, self.timer)

    def remaining(self) -> float:
        """Seconds left (negative once passed).

        >>> Deadline.after(0).remaining() <= 0
        True
        """
        return self.at - self.timer()

    def expired(self) -> bool:
        """Whether the deadline has passed (looks at the clock every time).

        >>> Deadline.after(10).expired()
        False
        """
        return self.timer() >= self.at

    def check(self) -> None:
        """Raise :class:`OutOfTime` if the deadline has passed.

        Reading the clock costs about 60 ns and a search node microseconds,
        so the searches check at every node: a deadline is met to within
        one node's work.

        >>> Deadline.after(10).check()
        """
        if self.timer() >= self.at:
            raise OutOfTime

    def __repr__(self) -> str:
        return f"<Deadline in {self.remaining() * 1000:.1f} ms>"


def deadline_of(budget: float | Deadline | None) -> Deadline | None:
    """``budget`` as a :class:`Deadline`, seconds counted from now: ``None`` is the default ceiling
    (:data:`DEFAULT_BUDGET`), :data:`EXACT` (``math.inf``) no limit (``None`` returned).

    >>> deadline_of(EXACT) is None, deadline_of(None).remaining() > DEFAULT_BUDGET - 1
    (True, True)
    >>> deadline_of(0.05).remaining() > 0
    True
    >>> deadline_of(-1)
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: a budget is a number of seconds >= 0, not -1
    """
    if budget is None:
        return Deadline.after(DEFAULT_BUDGET)
    if isinstance(budget, Deadline):
        return budget
    if isinstance(budget, (int, float)) and not isinstance(budget, bool) and math.isinf(budget) and budget > 0:
        return None
    if not is_number(budget):
        raise InvalidInputError(f"a budget is a number of seconds, a Deadline or None, not {budget!r}")
    return Deadline.after(budget)


SEARCH_SHARE = 0.8
"""Under a clock (``Rules.think_seconds``), the share of it a search may spend; the rest is the
move's own cost and the engine's, so that a budgeted decision ends in time."""


def clock_deadline(budget: float | Deadline | None, think_seconds: float | None) -> Deadline | None:
    """``budget`` as a :class:`Deadline` (:func:`deadline_of`); with no budget under a clock, the
    clock's :data:`SEARCH_SHARE` from now; with neither, the default ceiling.

    >>> clock_deadline(EXACT, None) is None, 47 < clock_deadline(None, 60).remaining() <= 48
    (True, True)
    """
    if budget is None and think_seconds is not None:
        return Deadline.after(think_seconds * SEARCH_SHARE)
    return deadline_of(budget)


def passed_on(deadline: Deadline | None) -> Deadline | float:
    """What a search hands as ``budget`` to another public search: its own deadline, or :data:`EXACT`
    when it has none (``None`` would start the callee's default ceiling).

    >>> passed_on(None)
    inf
    """
    return EXACT if deadline is None else deadline
