"""A clock for budgets that does not depend on the machine's speed.

No test asserts on wall-clock time (the suite must pass on a loaded machine): a budget is tested on a
:class:`StepClock`, whose time moves only when it is read (or when a test moves it), so a search's
deadline passes after a fixed number of looks at the clock whatever the machine, and the looks it
makes after the deadline (:attr:`StepClock.reads`) say whether it stopped promptly.
"""

from __future__ import annotations

from jarnac_solver import Deadline


class StepClock:
    """Seconds that advance by ``step`` each time the clock is read, and by :meth:`advance`."""

    def __init__(self, step: float = 0.0) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now

    def advance(self, seconds: float) -> None:
        """Time passes without a look at the clock (a player's slow decision)."""
        self.now += seconds


def stepped(looks: int) -> tuple[Deadline, StepClock]:
    """A deadline that passes at the clock's ``looks``-th reading after it is made (0: passed already), and its
    clock."""
    clock = StepClock(1.0)
    return Deadline(max(0.0, looks - 0.5), timer=clock), clock


def looks_after(deadline: Deadline, clock: StepClock) -> int:
    """How many times the clock was read after ``deadline`` passed (its first reading past it included)."""
    return max(0, int(clock.now - deadline.at + 0.5))
