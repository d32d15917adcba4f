"""What a player may offer :func:`~jarnac_solver.play.players.play_game` besides its one interface.

Every player decides through ``choose(view) -> Action`` (:class:`~jarnac_solver.play.players.Player`), and
that is all a game, a simulation, a review or the service needs of it. A player may also *offer* a faster
way to the same decisions, by a method ``lane(lexicon)`` that returns one of the offers below (or ``None``):

- :class:`GreedyLane`: its decisions are greedy's, read from the game itself as a view would show it (no view
  made); two such players play their whole game in C (:mod:`~jarnac_solver.play.fastlane`).
- :class:`PlannerLane`: its decisions are the planner's with these knobs and this generator; two such
  players play in C up to what the lane hands back (:mod:`~jarnac_solver.planning.planlane`).

The caller never tests a player's type: a player that decides otherwise (a subclass changing a decision)
offers nothing, because the offer is the player's own statement of how it decides (:func:`decides_as`).

>>> from jarnac_solver import Lexicon
>>> from jarnac_solver.play.players import ExchangerPlayer, GreedyPlayer
>>> fr = Lexicon.load("fr")
>>> isinstance(offer_of(GreedyPlayer(1), fr), GreedyLane), offer_of(ExchangerPlayer(1), fr)
(True, None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..game.actions import Action
    from ..game.game import Game
    from ..lexicon.lexicon import Lexicon
    from ..rng import Pcg32

__all__ = ["GreedyLane", "LaneOffer", "PlannerLane", "decides_as", "offer_of"]


@dataclass(frozen=True)
class GreedyLane:
    """The player decides as the greedy player does; ``decide(game)`` is its decision read from the game
    (what a view shows of it: trays, phase, rules, lexicon, best call), the same as ``choose(game.view())``."""

    decide: Callable[[Game], Action]


@dataclass(frozen=True)
class PlannerLane:
    """The player decides as the planner does, with ``knobs`` (:func:`~jarnac_solver.planning.planlane.knobs_of`)
    drawing from ``rng`` (its own generator, moved on by the lane as its own decisions would)."""

    knobs: Any
    rng: Pcg32


LaneOffer = GreedyLane | PlannerLane


def offer_of(player: object, lexicon: Lexicon) -> LaneOffer | None:
    """What ``player`` offers for games on ``lexicon`` (its ``lane(lexicon)``), or ``None``."""
    lane = getattr(player, "lane", None)
    if not callable(lane):
        return None
    offer = lane(lexicon)
    return offer if isinstance(offer, GreedyLane | PlannerLane) else None


def decides_as(player: object, base: type, methods: tuple[str, ...]) -> bool:
    """Whether ``player`` makes its decisions with ``base``'s own ``methods`` (none changed by a subclass): a
    player that offers a lane mimicking ``base`` offers it only then."""
    kind = type(player)
    return isinstance(player, base) and all(getattr(kind, m) is getattr(base, m) for m in methods)
