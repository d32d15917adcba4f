"""The lane writes its generators' states back by the C base's setstate for a ``random.Random`` itself and by the
public ``setstate`` for a subclass (which may define its own): the same states either way, gauss_next kept."""

from __future__ import annotations

import random

import pytest

from jarnac_solver import Lexicon, native
from jarnac_solver.game.game import Game
from jarnac_solver.planning import planlane
from jarnac_solver.play.players import PlannerPlayer

compiled = pytest.mark.skipif(not native.compiled_available(), reason="the compiled walk is not built")


class _Sub(random.Random):
    """A subclass whose setstate is its own (it counts its calls)."""

    calls = 0

    def setstate(self, state: tuple[object, ...]) -> None:
        type(self).calls += 1
        super().setstate(state)


@compiled
@pytest.mark.parametrize("seed", [2, 5, 9])
def test_the_lane_writes_the_same_states_for_random_and_a_subclass(seed: int) -> None:
    lex = Lexicon.load("fr")
    actors = [PlannerPlayer(10), PlannerPlayer(11)]
    ends = []
    for kind in (random.Random, _Sub):
        game = Game(lex, seed=seed)
        rngs = (kind(seed), kind(seed + 1))
        rngs[0].gauss(0.0, 1.0)  # a gauss_next held: kept by the write
        n = planlane.advance(game, (actors[0].weights, actors[1].weights), rngs, 5000, undo=False)
        assert n > 0
        ends.append((game.state, game.actions, rngs[0].getstate(), rngs[1].getstate()))
    assert ends[0] == ends[1]
    assert ends[0][2][2] is not None  # gauss_next
    assert _Sub.calls > 0  # the subclass's own setstate was called
