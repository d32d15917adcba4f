"""A review's scale: the verdict of a decision by the points it lost, accuracy, and findings as data.

:func:`verdict_of` reads a loss against :data:`THRESHOLDS`; :func:`established_verdict` grants a mistake or a
blunder only where the lead's interval establishes it (:func:`t_quantile`); :func:`accuracy_of` turns losses into
a percentage; a :class:`Finding` is a :class:`Note` code and its values, said as a catalog message
(:func:`describe`, :func:`verdict_reason`). The review (:mod:`jarnac_solver.play.review`) weighs the decisions.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..messages import Reason

__all__ = [
    "ACCURACY_SCALE",
    "THRESHOLDS",
    "Finding",
    "Note",
    "Verdict",
    "accuracy_of",
    "describe",
    "established_verdict",
    "t_quantile",
    "verdict_of",
    "verdict_reason",
]


class Verdict(str, Enum):
    """How a decision compares with the engine's best, by the points it lost (:data:`THRESHOLDS`)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


THRESHOLDS: tuple[tuple[Verdict, float], ...] = (
    (Verdict.GOOD, 8.0),
    (Verdict.INACCURACY, 20.0),
    (Verdict.MISTAKE, 40.0),
)
"""A decision that lost more than 0 and at most 8 points is ``good``, at most 20 an ``inaccuracy``, at most
40 a ``mistake``, more a ``blunder``. Read from measured spreads (``benchmarks/bench_review.py``: fr, 12 games
of planner v careless, 694 decisions at 16 play-outs): a pass with the move left, the careless player's slip,
lost 73 / 128 / 163 points (quartiles), 86% of them over 40, the blunder's floor; the planner's own
decisions lost more than 8 points 4% of the time, more than 20 2%, more than 40 1% (what is left of them
reads as the simulation's real disagreements with the planner: an exchange where drawing does better, a
3-letter word where a 9-letter extension was there). A loss is counted only beyond the noise: the interval's
half-width of a loss left at 0 was 14 / 22 / 33 points, so at 16 play-outs a loss under about 15 points is
seldom told from noise, and such a decision is ``best`` said as a tie, "as good as the best" (more
play-outs narrow it: the half-width falls as one over the square root of the rounds; ``good`` is a loss
established above zero, at most 8 points). One letter more or less
in a word is 7 to 17 points (4^2 - 3^2 to 9^2 - 8^2): an ``inaccuracy``; a word taken by a Jarnac swings
twice its points: a ``mistake`` or a ``blunder``."""

ACCURACY_SCALE = 20.0
"""Points: a decision's accuracy is ``100 * exp(-loss / ACCURACY_SCALE)`` (:func:`accuracy_of`)."""


def verdict_of(loss: float, best: bool = False) -> Verdict:
    """The verdict of a decision that lost ``loss`` points (``best``: it was the engine's first option).

    >>> verdict_of(0.0, best=True).value, verdict_of(0.0).value, verdict_of(12.5).value, verdict_of(90).value
    ('best', 'good', 'inaccuracy', 'blunder')
    """
    if best:
        return Verdict.BEST
    for verdict, most in THRESHOLDS:
        if loss <= most:
            return verdict
    return Verdict.BLUNDER


_SEVERITY = {v: i for i, v in enumerate(Verdict)}


def established_verdict(delta: float, half: float) -> Verdict:
    """The verdict of a lead of ``delta`` points whose interval's half-width is ``half`` (its lower end
    ``delta - half`` above 0): the verdict of its mean, but a ``mistake`` or a ``blunder`` only where the
    interval establishes it, its lower end beyond that verdict's floor (the top of the verdict below);
    short of it, the verdict the lower end reaches, and never less than an ``inaccuracy``.

    A referee may rely on a mistake: a lead that only the mean puts above 20 points stays an inaccuracy until
    more play-outs (the sequential test, :func:`_open`) narrow its interval above the line.

    >>> [established_verdict(d, h).value for d, h in ((30.0, 5.0), (30.0, 25.0), (90.0, 60.0), (5.0, 4.0))]
    ['mistake', 'inaccuracy', 'mistake', 'good']
    """
    by_mean, by_low = verdict_of(delta), verdict_of(max(0.0, delta - half))
    floor = max(Verdict.INACCURACY, by_low, key=_SEVERITY.__getitem__)
    return min(by_mean, floor, key=_SEVERITY.__getitem__)


def accuracy_of(losses: list[float]) -> float:
    """Accuracy in percent: the mean over decisions of ``100 * exp(-loss / ACCURACY_SCALE)``.

    A decision as good as the best counts 100, one that lost 8 points (the top of ``good``) 67, 20 points 37,
    40 points (a mistake's top) 14, a blunder next to nothing; no decision: 100. Every loss counts, however
    many decisions a game has, and one blunder cannot be averaged away by many forced-looking good moves as a
    mean loss is (it is bounded per decision).

    >>> accuracy_of([]), round(accuracy_of([0.0, 20.0]), 1)
    (100.0, 68.4)
    """
    if not losses:
        return 100.0
    return statistics.fmean(100.0 * math.exp(-loss / ACCURACY_SCALE) for loss in losses)


class Note(str, Enum):
    """What a :class:`Finding` says (its values named after each code)."""

    MOVE_LEFT = "move_left"
    """The turn ended with a move left (``move``), which the opponent could swing (``swing``) (the audit's)."""
    JARNAC_NOT_CALLED = "jarnac_not_called"
    """A Jarnac was possible (``call``, ``swing``) and declined (the audit's)."""
    JARNAC_SHORT = "jarnac_short"
    """The call swung ``swing`` where ``best`` was possible (the audit's)."""
    WITHIN_NOISE = "within_noise"
    """Behind the best by ``delta`` points on average, but not beyond the 95% interval (``half_width``)."""
    BUDGET_HIT = "budget_hit"
    """The time ceiling stopped the play-outs after ``rounds`` of ``playouts`` rounds."""
    NOT_WEIGHED = "not_weighed"
    """The time ceiling left no two play-outs to compare: no loss (``rounds``)."""
    NOT_RANKED = "not_ranked"
    """``depth="plan"``: the action played is not among the ``listed`` options the planner valued: no loss."""


@dataclass(frozen=True)
class Finding:
    """A fact about a decision: a code and its values (said by :attr:`reason`)."""

    code: Note
    values: Mapping[str, str | int | float] = field(default_factory=dict)

    @property
    def reason(self) -> Reason:
        """The finding as a catalog message: the code ``review.`` + its note's, the same values."""
        return Reason(f"review.{self.code.value}", self.values)

    def to_dict(self) -> dict[str, Any]:
        """``{"code", "values", "text"}``: the :attr:`reason`, its text in the current language."""
        return self.reason.to_dict()


def describe(finding: Finding, language: str | None = None) -> str:
    """The finding in ``language`` (default: the current one), rendered from its code and values.

    >>> describe(Finding(Note.JARNAC_SHORT, {"swing": 9, "best": 36}), "fr")
    'Jarnac de 9 sur les 36 possibles'
    """
    return finding.reason.text(language)


def verdict_reason(verdict: Verdict | None, tied: bool = False) -> Reason:
    """A verdict said (``None``: not weighed; ``tied``: ``best`` as a tie within the intervals).

    >>> verdict_reason(Verdict.BLUNDER).text("fr"), verdict_reason(None).text("en")
    ('gaffe', 'not weighed')
    >>> verdict_reason(Verdict.BEST, tied=True).text("en")
    'as good as the best'
    """
    if tied and verdict is Verdict.BEST:
        return Reason("review.verdict_tied")
    return Reason(f"review.verdict_{'none' if verdict is None else verdict.value}")


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile ``p`` with ``df`` degrees of freedom (Cornish-Fisher from the normal: within 1% from 3
    degrees of freedom on for the quantiles the review uses; no dependency).

    The review's loss is the best option's lead over the one played, the best picked as the highest mean of
    several: the highest of several noisy means is biased upwards (the winner's curse), so the lead is tested
    at 95% shared among the options it was picked from (Bonferroni: ``p = 1 - 0.025 / (options - 1)``). Without
    it, the planner's own decisions came out ``inaccuracy`` or worse 13% of the time at 16 play-outs on equal
    options (``benchmarks/bench_review.py``).

    >>> round(t_quantile(0.975, 10), 2), round(t_quantile(0.975, 1000), 2)
    (2.23, 1.96)
    """
    z = statistics.NormalDist().inv_cdf(p)
    df = max(1, df)
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )
