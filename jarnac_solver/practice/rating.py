"""Glicko-2 ratings of puzzles and of the people who solve them (Glickman, *Example of the Glicko-2 system*).

Each answer to a puzzle is a game between the person and the puzzle: the person wins when the answer is
right, the puzzle when it is wrong, and both are rated by it (lichess rates its puzzles the same way). A
rating is three numbers (:class:`Glicko`): the rating (1500 to start), its deviation (how unsure it is: 350
to start, shrinking with each game) and the volatility (how much the strength moves: 0.06 to start).

Written here from Glickman's paper, step by step, rather than taken from PyPI: the packages there (the
``glicko2`` package, a 2009 script kept as it was, untyped, its system constant a mutable class attribute;
younger ones with one release) are not a library this project would keep as a dependency for sixty lines
of arithmetic. The tests hold it to the paper's worked example (a 1500/200 player beating a 1400/30 and
losing to a 1550/100 and a 1700/300: 1464.06, 151.52, 0.05999) and its volatility's root (found by the
paper's Illinois iteration) to a plain bisection.

>>> games = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]
>>> after = update(Glicko(1500, 200, 0.06), games)
>>> round((after.rating - 1500) / SCALE, 4), round(after.deviation / SCALE, 4), f"{after.volatility:.7f}"
(-0.2069, 0.8722, '0.0599960')

The paper's μ' = -0.2069 and φ' = 0.8722, as it rounds them, are r' = 1464.06 and RD' = 151.52; its sigma' is
0.05999.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InvalidInputError
from ..integers import is_number, is_whole

__all__ = ["PERIOD_DAYS", "SCALE", "TAU", "Glicko", "expected", "idle", "rate_answer", "update", "volatility"]

SCALE = 173.7178
"""Glicko-2's scale: a rating of 1500 + 173.7178 μ."""
TAU = 0.5
"""The system constant (how far the volatility moves a rating period): the paper's example's, within its
advised 0.3 to 1.2."""
EPSILON = 1e-6
"""The convergence tolerance of the volatility's iteration (the paper's)."""
MAX_DEVIATION = 350.0
"""A new player's deviation and the most a deviation grows to."""
MIN_DEVIATION = 30.0
"""The least deviation kept: a rating answered thousands of times still moves a little."""


@dataclass(frozen=True)
class Glicko:
    """A rating: ``rating`` (1500 to start), ``deviation`` (350 to start), ``volatility`` (0.06 to start)."""

    rating: float = 1500.0
    deviation: float = MAX_DEVIATION
    volatility: float = 0.06

    def __post_init__(self) -> None:
        for name in ("rating", "deviation", "volatility"):
            value = getattr(self, name)
            if not is_number(value) or not math.isfinite(value):
                raise InvalidInputError(f"a rating's {name} must be a finite number, not {value!r}")
        if self.deviation <= 0 or self.volatility <= 0:
            raise InvalidInputError("a rating's deviation and volatility must be above 0")


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def expected(player: Glicko, opponent: Glicko) -> float:
    """The chance ``player`` wins against ``opponent`` (the paper's E, the opponent's deviation counted).

    >>> round(expected(Glicko(1500, 200), Glicko(1400, 30)), 3)
    0.639
    """
    mu, mu_j, phi_j = (player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.deviation / SCALE
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _f(x: float, delta: float, phi: float, v: float, a: float, tau: float) -> float:
    ex = math.exp(x)
    return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)


def volatility(sigma: float, phi: float, v: float, delta: float, tau: float = TAU) -> float:
    """The new volatility sigma' (the paper's step 5: the root of f by the Illinois iteration)."""
    a = math.log(sigma * sigma)
    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while _f(a - k * tau, delta, phi, v, a, tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = _f(big_a, delta, phi, v, a, tau), _f(big_b, delta, phi, v, a, tau)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = _f(big_c, delta, phi, v, a, tau)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def update(player: Glicko, games: Sequence[tuple[Glicko, float]], tau: float = TAU) -> Glicko:
    """``player``'s rating after a rating period's ``games`` (each an opponent and a score: 1 win, 0.5
    draw, 0 loss); none: only the deviation grows (the paper's steps 1 to 8)."""
    for _, score in games:
        if score not in (0, 0.5, 1):
            raise InvalidInputError(f"a game's score is 0, 0.5 or 1, not {score!r}")
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.deviation / SCALE, player.volatility
    if not games:
        grown = min(MAX_DEVIATION, math.sqrt(phi * phi + sigma * sigma) * SCALE)
        return Glicko(player.rating, grown, sigma)
    weights = []
    for opponent, score in games:
        g = _g(opponent.deviation / SCALE)
        weights.append((g, expected(player, opponent), score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in weights)
    total = sum(g * (s - e) for g, e, s in weights)
    delta = v * total
    new_sigma = volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * total
    return Glicko(1500 + SCALE * new_mu, new_phi * SCALE, new_sigma)


PERIOD_DAYS = 1
"""A rating period without answers, in days: each such period grows a person's deviation (Glicko-2's step 6)."""


def idle(rating: Glicko, periods: int) -> Glicko:
    """``rating`` after ``periods`` rating periods without a game: its deviation grows each period by the
    volatility (the paper: a player who does not compete), never past :data:`MAX_DEVIATION`.

    >>> round(idle(Glicko(1700, 50, 0.06), 30).deviation, 1)
    75.9
    >>> idle(Glicko(1700, 340), 10_000).deviation
    350.0
    """
    if not is_whole(periods) or periods < 0:
        raise InvalidInputError(f"periods must be a whole number from 0, not {periods!r}")
    phi, sigma = rating.deviation / SCALE, rating.volatility
    grown = math.sqrt(phi * phi + min(periods, 1_000_000) * sigma * sigma) * SCALE  # n steps of step 6 at once
    return Glicko(rating.rating, min(MAX_DEVIATION, max(rating.deviation, grown)), sigma)


def rate_answer(person: Glicko, puzzle: Glicko, right: bool) -> tuple[Glicko, Glicko]:
    """The person's and the puzzle's ratings after one answer (a rating period of one game each, both read
    before either moves); each deviation kept within :data:`MIN_DEVIATION` to :data:`MAX_DEVIATION`.

    >>> person, puzzle = rate_answer(Glicko(), Glicko(), True)
    >>> round(person.rating), round(puzzle.rating)
    (1662, 1338)
    """
    won = 1.0 if right else 0.0
    after = update(person, [(puzzle, won)]), update(puzzle, [(person, 1 - won)])
    return tuple(  # type: ignore[return-value]
        Glicko(r.rating, min(MAX_DEVIATION, max(MIN_DEVIATION, r.deviation)), r.volatility) for r in after
    )
