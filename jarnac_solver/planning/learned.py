"""An evaluation learned from self-play: the final margin estimated from what both players see.

Key idea: simulation cuts a play-out after a few turns and values where it
stopped by an estimate of the game's final margin. The hand-set estimate
(:class:`~jarnac_solver.planning.simulation.Evaluation`: 0.72 x the score
difference + 20 x the lines + 10 x the rack letters + 10 for the turn) weighs
a point alike early and late; here the weights are fitted, per lexicon, on
positions of planner self-play labelled by each game's final margin, with
features a player can see (:func:`features`): the same differences, each
also scaled by how much of the bag is left (a point ahead counts for more as
the game ends), how near each side is to its last line, the racks' vowel
balance, the lines still open to an extension, and the bag's vowels.

The weights ship in ``jarnac_solver/data/evaluation.json``, rebuilt from a
seed by ``benchmarks/train_evaluation.py`` (a linear least-squares fit; the
script prints the held-out error of each model it compares and keeps the
best). Evaluating is a dot product in plain Python: no runtime dependency.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Protocol

from ..errors import InvalidInputError
from ..game.game import VOWELS, GameState
from ..game.view import TableState
from ..lexicon.lexicon import Lexicon
from ..moves.rules import Rules
from ..moves.tray import Tray

__all__ = ["FEATURES", "Estimator", "LearnedEvaluation", "features", "learned_evaluation", "shipped_weights"]

FEATURES = (
    "tempo",
    "score",
    "lines",
    "rack",
    "score_late",
    "lines_late",
    "rack_late",
    "last_line_me",
    "last_line_them",
    "balance_me",
    "balance_them",
    "open_me",
    "open_them",
    "bag_vowels",
)
"""The features' names, in :func:`features`' order (from the side of the player to act: *me*)."""


class Estimator(Protocol):
    """What simulation's cut-off asks: the final margin expected at ``state``, from the side of the player to
    act (the game not over)."""

    def estimate(self, state: TableState | GameState, rules: Rules) -> float: ...


def _balance(tray: Tray) -> float:
    """How far the rack is from 40% vowels (the planner's leave), in letters."""
    tiles = tray.rack_tiles()
    return abs(sum(t in VOWELS for t in tiles) - 0.4 * len(tiles))


def _open(tray: Tray, rules: Rules) -> int:
    """Lines holding a word that can still grow (shorter than the line)."""
    return sum(1 for codes in tray.line_codes if codes and len(codes) < rules.line_length)


def late_share(state: TableState | GameState) -> float:
    """The share of the tiles already out of the bag (on the trays): 0 at the start, 1 once it is empty.

    >>> from jarnac_solver import Game, Lexicon
    >>> late_share(Game(Lexicon.load("fr"), seed=1).state)
    0.0
    """
    me, them = state.trays
    bag = state.bag if isinstance(state, GameState) else state.unseen
    out = sum(len(c) for t in (me, them) for c in t.line_codes) + len(me.rack_codes) + len(them.rack_codes)
    return out / (out + len(bag)) if out + len(bag) else 1.0


def features(state: TableState | GameState, rules: Rules) -> list[float]:
    """:data:`FEATURES` of ``state`` (a game's or a view's), from the side of the player to act.

    *late* features are the difference scaled by the share of the tiles already out of the bag (0 at the
    start, 1 once it is empty).

    >>> from jarnac_solver import Game, Lexicon, Draw
    >>> game = Game(Lexicon.load("fr"), seed=1)
    >>> game.push(Draw())
    >>> dict(zip(FEATURES, features(game.state, game.rules)))["rack"]
    6.0
    """
    me, them = state.trays[state.to_act], state.trays[1 - state.to_act]
    bag = state.bag if isinstance(state, GameState) else state.unseen
    tiles = me.alphabet.tiles
    late = late_share(state)
    score = float(me.score - them.score)
    lines = float(me.filled - them.filled)
    rack = float(len(me.rack_codes) - len(them.rack_codes))
    vowels = sum(tiles[c] in VOWELS for c in bag) / len(bag) if bag else 0.0
    return [
        1.0,
        score,
        lines,
        rack,
        score * late,
        lines * late,
        rack * late,
        float(me.free_lines(rules) == 1),
        float(them.free_lines(rules) == 1),
        _balance(me),
        _balance(them),
        float(_open(me, rules)),
        float(_open(them, rules)),
        vowels - 0.4,
    ]


@dataclass(frozen=True)
class LearnedEvaluation:
    """Weights over :data:`FEATURES` for one lexicon (``lexicon``: its name), fitted on self-play."""

    lexicon: str
    weights: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise InvalidInputError(f"a learned evaluation has {len(FEATURES)} weights, not {len(self.weights)}")

    def estimate(self, state: TableState | GameState, rules: Rules) -> float:
        """The final margin expected from the side of the player to act."""
        return sum(w * x for w, x in zip(self.weights, features(state, rules), strict=True))


def shipped_weights(name: str, names: tuple[str, ...]) -> dict[str, object]:
    """The lexicons' entries of the shipped weights file ``data/NAME``, checked to be over the features
    ``names`` (a file trained for other features is refused: rebuild it)."""
    text = resources.files("jarnac_solver").joinpath(f"data/{name}").read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("features") != list(names):
        raise InvalidInputError(f"data/{name} does not hold weights for these features: rebuild it")
    lexicons = data.get("lexicons")
    return lexicons if isinstance(lexicons, dict) else {}


@cache
def _shipped() -> dict[str, object]:
    return shipped_weights("evaluation.json", FEATURES)


def learned_evaluation(lexicon: Lexicon | str) -> LearnedEvaluation | None:
    """The shipped learned evaluation of ``lexicon`` (a lexicon or its name); ``None`` when none was trained
    for it (then the hand-set estimate is the one to use).

    >>> learned_evaluation("fr").lexicon, learned_evaluation("nl") is None
    ('fr', True)
    """
    name = lexicon if isinstance(lexicon, str) else lexicon.name
    entry = _shipped().get(name)
    if not isinstance(entry, dict):
        return None
    return LearnedEvaluation(name, tuple(float(w) for w in entry["weights"]))
