"""How a position is valued: the final margin when the game is over, else an estimate of it.

:class:`Evaluation` is the hand-set estimate (fitted on self-play); :func:`evaluate` values a state for either
player; :func:`evaluation_of` reads what a caller names (an estimator, ``"learned"`` or ``"hand-set"``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidInputError
from ..game.game import GameState
from ..game.view import TableState
from ..lexicon.lexicon import Lexicon
from ..moves.rules import Rules
from .learned import Estimator, learned_evaluation

__all__ = ["DEFAULT_EVALUATION", "Evaluation", "evaluate", "evaluation_of"]


@dataclass(frozen=True)
class Evaluation:
    """The estimate of the final margin at the start of a turn, from the side of the player about to start it.

    ``score`` x the score difference + ``line`` x the difference in filled lines + ``rack`` x the
    difference in rack letters + ``tempo`` (the turn to come). Fitted (least squares) on 8,197 turn starts
    of 300 ``planner`` self-play games (seeds 1000-1149, fr and en) against each game's final margin:
    0.72, 19.7, 9.8, 10.5 (residual 63 points; the score difference alone: 0.76 and residual 64). The
    score weighs less than 1 because much is still to play (Jarnacs swing lines); the fit per lexicon is
    close (fr 0.71, 24.6, 10.7, 12.2; en 0.71, 15.2, 8.9, 8.7).
    """

    score: float = 0.72
    line: float = 20.0
    rack: float = 10.0
    tempo: float = 10.0

    def estimate(self, state: TableState | GameState, rules: Rules | None = None) -> float:
        """The estimate from the side of the player to act in ``state`` (the game not over)."""
        trays = state.trays
        a, b = trays[state.to_act], trays[1 - state.to_act]
        return (
            self.score * (a.score - b.score)
            + self.line * (a.filled - b.filled)
            + self.rack * (len(a.rack_codes) - len(b.rack_codes))
            + self.tempo
        )


DEFAULT_EVALUATION = Evaluation()


def evaluate(
    state: TableState | GameState,
    who: int,
    evaluation: Evaluation | Estimator = DEFAULT_EVALUATION,
    rules: Rules | None = None,
) -> float:
    """The value of ``state`` (a game's or a view's) for player ``who``: the final margin when the game
    is over, else ``evaluation``'s estimate of it (:class:`Evaluation`, or a learned one:
    :mod:`~jarnac_solver.planning.learned`; from the side of the player to act, negated for the other)."""
    trays = state.trays
    if state.phase == "over":
        return float(trays[who].score - trays[1 - who].score)
    value = evaluation.estimate(state, rules or Rules())
    return value if state.to_act == who else -value


def evaluation_of(evaluation: object, lexicon: Lexicon) -> Evaluation | Estimator:
    """``evaluation`` as an estimator: an :class:`Evaluation` or any object with ``estimate(state, rules)``;
    ``"learned"``: the shipped one of ``lexicon`` (:func:`~jarnac_solver.planning.learned.learned_evaluation`),
    the hand-set one where none was trained; ``"hand-set"``: :data:`DEFAULT_EVALUATION`."""
    if isinstance(evaluation, str):
        if evaluation == "learned":
            return learned_evaluation(lexicon) or DEFAULT_EVALUATION
        if evaluation == "hand-set":
            return DEFAULT_EVALUATION
        raise InvalidInputError(f"evaluation must be 'learned', 'hand-set' or an Evaluation, not {evaluation!r}")
    if not callable(getattr(evaluation, "estimate", None)):
        raise InvalidInputError(f"an evaluation has estimate(state, rules), not {type(evaluation).__name__}")
    return evaluation  # type: ignore[return-value]
