"""The planner's turn value learned from self-play: what a turn leaves, weighed as it is worth in games won.

Key idea: the planner picks, among its candidate first moves, the one whose turn (the move, then the longest
ladder on the letters left) ends best by :func:`~jarnac_solver.planning.planout.turn_value_of`, a linear
function of six numbers the compiled ladder search already hands back
(:class:`~jarnac_solver.planning.planout.Outcome`): the points gained, the lines filled, the letters drawn,
the letters and vowels left on the rack, and the rack's distance from 40% vowels. The hand-set value
weighs them 1, 100, 12, 0, 0 and -5. Here those six weights are fitted, per lexicon, by least squares on
planner self-play: each move decision's chosen turn (:func:`turn_features`: the six numbers, each also
scaled by how late the game is and by how far each side is in the race to the last line, plus the
position the decision starts from, the same for every candidate, which only makes the fit fair) labelled
by the game's result from the side of the player deciding. The fitted value of a decision is then again a
linear function of the six numbers, with weights that depend only on the decision's position
(:meth:`TurnEvaluation.weights_at`): a :class:`~jarnac_solver.planning.strategy.Weights` the planner takes
as it is, so its compiled outcome path and its decisions' code are unchanged. A finishing turn keeps the
hand-set rule (won: +``win``; lost: no credit for its last line), decided by the exact end-game model.

The weights ship in ``jarnac_solver/data/turn_value.json``, rebuilt from a seed by
``benchmarks/train_turn_value.py`` (which prints each model's held-out error and keeps the best); the
``planner-learned`` player (:class:`~jarnac_solver.play.players.LearnedPlannerPlayer`) plays with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ..errors import InvalidInputError
from ..game.game import GameState
from ..game.view import TableState
from ..lexicon.lexicon import Lexicon
from ..moves.rules import Rules
from ..moves.tray import Tray
from .learned import late_share, shipped_weights
from .strategy import DEFAULT_WEIGHTS, Weights

__all__ = [
    "CONTEXT",
    "MODIFIERS",
    "TURN",
    "TURN_FEATURES",
    "TurnEvaluation",
    "learned_turn_value",
    "modifiers",
    "turn_features",
]

CONTEXT = (
    "tempo",
    "score",
    "lines",
    "score_late",
    "lines_late",
    "rack_them",
    "late",
    "last_line_me",
    "last_line_them",
)
"""The position a decision starts from (the same for each of its candidates), from the decider's side: a
constant, the score and filled-lines differences (also scaled by :func:`~jarnac_solver.planning.learned.late_share`),
the opponent's rack size, how late it is, and whether each side has one free line left."""

TURN = ("gained", "filled", "drawn", "left", "vowels", "imbalance")
"""What the candidate's turn leaves: points gained, lines filled, letters drawn (one a word, at most the bag),
letters and vowels left on the rack, and ``|vowels - 0.4 x letters|`` (the hand-set value's leave)."""

MODIFIERS = ("late", "race_me", "race_them")
"""What a turn's numbers are also scaled by (:func:`modifiers`): how late the game is (the share of the tiles
out of the bag), and how far each side is in the race (the share of its lines filled)."""

TURN_FEATURES = CONTEXT + TURN + tuple(f"{name}_{by}" for by in MODIFIERS for name in TURN)
"""Every feature of :func:`turn_features`, in its order: the context, the turn's numbers, and those numbers
scaled by each of the :data:`MODIFIERS`."""


def modifiers(me: Tray, opponent: Tray, late: float, rules: Rules) -> tuple[float, float, float]:
    """:data:`MODIFIERS` of a decision of ``me`` against ``opponent``, ``late`` into the game.

    >>> from jarnac_solver import Rules
    >>> modifiers(Tray.parse("ORE / XYZ"), Tray.parse("/ AB"), 0.5, Rules())
    (0.5, 0.125, 0.0)
    """
    lines = rules.lines
    return (late, 1 - me.free_lines(rules) / lines, 1 - opponent.free_lines(rules) / lines)


def turn_features(
    me: Tray,
    opponent: Tray,
    late: float,
    rules: Rules,
    gained: int,
    filled: int,
    words: int,
    vowels: int,
    left: int,
    bag_size: int,
) -> list[float]:
    """:data:`TURN_FEATURES` of a turn from ``me`` (the tray deciding) against ``opponent``, ``late`` the share of
    the tiles out of the bag: it gains ``gained`` points, fills ``filled`` lines, forms ``words`` words and
    leaves ``left`` letters of which ``vowels`` are vowels; ``bag_size`` tiles in the bag.

    >>> from jarnac_solver import Rules
    >>> me, them = Tray.parse("ORE / XYZ"), Tray.parse("/ AB")
    >>> row = dict(zip(TURN_FEATURES, turn_features(me, them, 0.5, Rules(), 16, 1, 2, 1, 3, 1)))
    >>> row["score"], row["lines_late"], row["rack_them"], row["drawn"], round(row["imbalance"], 9), row["gained_late"]
    (9.0, 0.5, 2.0, 1.0, 0.2, 8.0)
    """
    turn = [float(gained), float(filled), float(min(words, bag_size)), float(left), float(vowels)]
    turn.append(abs(vowels - 0.4 * left))
    score = float(me.score - opponent.score)
    lines = float(me.filled - opponent.filled)
    context = [
        1.0,
        score,
        lines,
        score * late,
        lines * late,
        float(len(opponent.rack_codes)),
        late,
        float(me.free_lines(rules) == 1),
        float(opponent.free_lines(rules) == 1),
    ]
    return context + turn + [x * m for m in modifiers(me, opponent, late, rules) for x in turn]


@dataclass(frozen=True)
class TurnEvaluation:
    """Weights over :data:`TURN_FEATURES` for one lexicon (``lexicon``: its name), fitted on self-play."""

    lexicon: str
    weights: tuple[float, ...]
    rows: tuple[tuple[float, float, float, float], ...] = field(init=False, repr=False, compare=False)
    """Per turn feature (``TURN``): its weight, and its weights scaled by each modifier (late, race_me, race_them),
    made once from ``weights``: a planner decision asks for its weights (:meth:`weights_at`), and the
    planner's compiled lane reads these rows as they are."""

    def __post_init__(self) -> None:
        if len(self.weights) != len(TURN_FEATURES):
            raise InvalidInputError(f"a learned turn value has {len(TURN_FEATURES)} weights, not {len(self.weights)}")
        at = dict(zip(TURN_FEATURES, self.weights, strict=True))
        rows = tuple((at[n], at[f"{n}_late"], at[f"{n}_race_me"], at[f"{n}_race_them"]) for n in TURN)
        object.__setattr__(self, "rows", rows)

    def value(self, features: list[float]) -> float:
        """The final margin expected after the turn of ``features`` (:func:`turn_features`)."""
        return sum(w * x for w, x in zip(self.weights, features, strict=True))

    def weights_for(self, state: TableState | GameState, rules: Rules, base: Weights = DEFAULT_WEIGHTS) -> Weights:
        """:meth:`weights_at` the decision of the player to act in ``state`` (a game's or a view's): its
        :func:`modifiers`, how late the game is by :func:`~jarnac_solver.planning.learned.late_share`."""
        me, opponent = state.trays[state.to_act], state.trays[1 - state.to_act]
        return self.weights_at(modifiers(me, opponent, late_share(state), rules), base)

    def weights_at(self, scales: tuple[float, float, float], base: Weights = DEFAULT_WEIGHTS) -> Weights:
        """The planner's :class:`Weights` for a decision whose :func:`modifiers` are ``scales``: ``base``'s, with
        the six turn weights the fitted ones there (the context's terms are the same for every candidate of a
        decision, so they do not change its choice). Its :func:`~jarnac_solver.planning.planout.turn_value_of`
        is :meth:`value` less the context's part, for a turn that does not finish the game.

        >>> flat = TurnEvaluation("fr", tuple(1.0 if n in ("filled", "filled_late") else 0.0 for n in TURN_FEATURES))
        >>> w = flat.weights_at((0.5, 0.0, 0.0))
        >>> w.line, w.gain, w.draw, w.leave
        (1.5, 0.0, 0.0, -0.0)
        """
        late, race_me, race_them = scales
        gained, filled, drawn, left, vowels, imbalance = (
            w + late * by_late + race_me * by_me + race_them * by_them for w, by_late, by_me, by_them in self.rows
        )
        # Made whole, not by dataclasses.replace (~4x the cost); every other field is base's (a test lists them).
        return Weights(
            line=filled,
            draw=drawn,
            win=base.win,
            candidates=base.candidates,
            hold_back=base.hold_back,
            start_samples=base.start_samples,
            start_pool=base.start_pool,
            leave=-imbalance,
            gain=gained,
            rack=left,
            vowel=vowels,
        )


@cache
def _shipped() -> dict[str, object]:
    return shipped_weights("turn_value.json", TURN_FEATURES)


def learned_turn_value(lexicon: Lexicon | str) -> TurnEvaluation | None:
    """The shipped learned turn value of ``lexicon`` (a lexicon or its name); ``None`` when none was trained
    for it (then the planner's hand-set value is the one to use). Made once per name.

    >>> learned_turn_value("fr").lexicon, learned_turn_value("nl") is None
    ('fr', True)
    """
    return _learned_turn_value(lexicon if isinstance(lexicon, str) else lexicon.name)


@cache
def _learned_turn_value(name: str) -> TurnEvaluation | None:
    entry = _shipped().get(name)
    if not isinstance(entry, dict):
        return None
    return TurnEvaluation(name, tuple(float(w) for w in entry["weights"]))
