"""Glicko-2: Glickman's worked example, the volatility's iteration against a plain bisection, and a rated
answer moving the person and the puzzle the right ways."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver.errors import InvalidInputError
from jarnac_solver.practice.rating import SCALE, TAU, Glicko, idle, rate_answer, update, volatility

EXAMPLE = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]


def test_glickmans_worked_example() -> None:
    """The paper's example: a 1500/200/0.06 player beats a 1400/30, loses to a 1550/100 and a 1700/300:
    its μ' = -0.2069, φ' = 0.8722 (r' = 1464.06, RD' = 151.52 as the paper rounds them), sigma' = 0.05999."""
    after = update(Glicko(1500, 200, 0.06), EXAMPLE)
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(after.deviation / SCALE, 4) == 0.8722
    assert round(1500 + SCALE * -0.2069, 2) == 1464.06 and round(0.8722 * SCALE, 2) == 151.52
    assert math.floor(after.volatility * 1e5) / 1e5 == 0.05999
    # The paper's intermediate quantities: v = 1.7785, Δ = -0.4834.
    mu = 0.0
    parts = []
    for opponent, score in EXAMPLE:
        mu_j, phi_j = (opponent.rating - 1500) / SCALE, opponent.deviation / SCALE
        g = 1 / math.sqrt(1 + 3 * phi_j**2 / math.pi**2)
        e = 1 / (1 + math.exp(-g * (mu - mu_j)))
        parts.append((g, e, score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in parts)
    delta = v * sum(g * (s - e) for g, e, s in parts)
    assert v == pytest.approx(1.7785, abs=1e-3) and delta == pytest.approx(
        -0.4834, abs=1e-3
    )  # the paper rounds each step


def test_no_games_grows_the_deviation_only() -> None:
    after = update(Glicko(1600, 100, 0.06), [])
    assert after.rating == 1600 and after.deviation == pytest.approx(math.hypot(100 / SCALE, 0.06) * SCALE)
    assert update(Glicko(1600, 349.9, 0.06), []).deviation == 350


def _bisect(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """The root of the paper's f nearest ln sigma² (where f may have several, the one the volatility moves to
    from where it is): the first change of sign walking out from ln sigma² in steps of 0.01, then bisection."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    if f(a) == 0:
        return sigma
    for step in range(1, 20_000):
        for low, high in ((a + (step - 1) * 0.01, a + step * 0.01), (a - step * 0.01, a - (step - 1) * 0.01)):
            if f(low) * f(high) <= 0:
                for _ in range(100):
                    mid = (low + high) / 2
                    if f(low) * f(mid) <= 0:
                        high = mid
                    else:
                        low = mid
                return math.exp(low / 2)
    raise AssertionError("no root")


_RATING = st.builds(Glicko, st.floats(500, 2500), st.floats(30, 350), st.floats(0.03, 0.1))


@settings(max_examples=200, deadline=None)
@given(player=_RATING, games=st.lists(st.tuples(_RATING, st.sampled_from([0.0, 0.5, 1.0])), min_size=1, max_size=5))
def test_volatility_iteration_against_bisection(player: Glicko, games: list[tuple[Glicko, float]]) -> None:
    """Ratings as the service meets them: sigma' of the paper's Illinois iteration is the root a bisection finds
    (v and Δ computed again here from the paper's formulas)."""
    mu, phi = (player.rating - 1500) / SCALE, player.deviation / SCALE
    parts = []
    for opponent, score in games:
        mu_j, phi_j = (opponent.rating - 1500) / SCALE, opponent.deviation / SCALE
        g = 1 / math.sqrt(1 + 3 * phi_j**2 / math.pi**2)
        parts.append((g, 1 / (1 + math.exp(-g * (mu - mu_j))), score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in parts)
    delta = v * sum(g * (s - e) for g, e, s in parts)
    brute = _bisect(player.volatility, phi, v, delta, TAU)
    assert volatility(player.volatility, phi, v, delta) == pytest.approx(brute, rel=1e-5)
    assert update(player, games).volatility == pytest.approx(brute, rel=1e-5)


def test_a_right_answer_raises_the_person_and_lowers_the_puzzle() -> None:
    person, puzzle = Glicko(1500, 80), Glicko(1700, 80)
    up, down = rate_answer(person, puzzle, True)
    assert up.rating > 1500 and down.rating < 1700
    low, high = rate_answer(person, puzzle, False)
    assert low.rating < 1500 and high.rating > 1700
    # beating a strong puzzle moves more than missing it costs
    assert up.rating - 1500 > 1500 - low.rating
    assert rate_answer(Glicko(1500, 31), Glicko(1500, 31), True)[0].deviation >= 30


def test_bad_ratings_and_scores_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="deviation"):
        Glicko(1500, 0)
    with pytest.raises(InvalidInputError, match="rating"):
        Glicko(float("nan"))
    with pytest.raises(InvalidInputError, match="score"):
        update(Glicko(), [(Glicko(), 2.0)])


@settings(max_examples=100, deadline=None)
@given(rating=_RATING, periods=st.integers(0, 400))
def test_idle_periods_are_the_papers_step_six_repeated(rating: Glicko, periods: int) -> None:
    """The deviation after n periods without a game, at once, equals n rating periods of no games one by one."""
    step = rating
    for _ in range(periods):
        step = update(step, [])
    assert idle(rating, periods).deviation == pytest.approx(step.deviation, rel=1e-9)
    assert idle(rating, periods).rating == rating.rating
