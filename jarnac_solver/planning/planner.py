"""Hints and the draw-aware planner: which move now, given the letters still to come.

A move is judged by what a person weighs: the points it adds now, the
letters it lets the player draw this turn (one per word: the ladder it
starts, see :mod:`jarnac_solver.planning.ladder`), and its exposure (what the
opponent could steal if the player passed right after it, from
:func:`best_jarnac`). The draw-aware planner adds the future: the letters to
come are unknown, but their distribution is the unseen tiles; it samples the
next draw (Monte-Carlo within a budget of simulations) and values the moves
by the ladder still possible after it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import InvalidInputError
from ..forms import field, mapping
from ..lexicon.alphabet import LATIN, Alphabet
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import best_jarnac
from ..moves.move import Move
from ..moves.movegen import check_inputs, legal_moves
from ..moves.rules import Rules
from ..moves.tray import Tray
from .ladder import plan_ladder

__all__ = ["Hint", "hints", "plan", "unseen_tiles"]

DRAW_WEIGHT = 12
"""Points a drawn letter is worth in the ranking (a letter feeds about a third of a 4-5 letter word)."""
CANDIDATES = 8
"""Moves the planner looks at closely: the best by the cheap ranking."""


@dataclass(frozen=True)
class Hint:
    """A ranked move with its reasons."""

    move: Move
    points: int
    """Points the move adds to the tray now."""
    draws: float
    """Letters drawn this turn if the ladder it starts is followed (expected, with the unseen tiles)."""
    exposure: int
    """What the opponent could swing by a Jarnac if the player passed right after the move."""
    ladder: tuple[Move, ...]
    """The moves after this one that the current letters allow (the longest ladder)."""
    value: float

    def to_dict(self) -> dict[str, object]:
        """The hint as a JSON-ready dict (moves as :meth:`Move.to_dict`)."""
        return {
            "move": self.move.to_dict(),
            "points": self.points,
            "draws": self.draws,
            "exposure": self.exposure,
            "ladder": [m.to_dict() for m in self.ladder],
            "value": self.value,
        }

    @classmethod
    def from_dict(cls, data: object, alphabet: Alphabet = LATIN) -> Hint:
        """Read :meth:`to_dict`'s form.

        >>> hint = Hint(Move.parse("+BUT"), 9, 1.0, 0, (), 21.0)
        >>> Hint.from_dict(hint.to_dict()) == hint
        True
        """
        form = mapping(data, "a hint")
        return cls(
            Move.from_dict(field(form, "move", dict, "a hint"), alphabet),
            field(form, "points", int, "a hint"),
            float(field(form, "draws", (int, float), "a hint")),
            field(form, "exposure", int, "a hint"),
            tuple(Move.from_dict(m, alphabet) for m in field(form, "ladder", list, "a hint", [])),
            float(field(form, "value", (int, float), "a hint")),
        )

    def __str__(self) -> str:
        then = " then " + " ".join(map(str, self.ladder)) if self.ladder else ""
        return (
            f"{self.move}: +{self.points} pts, draws {self.draws:g}, exposure {self.exposure}{then}"
            f" (value {self.value:.1f})"
        )


def unseen_tiles(full_bag: Bag, trays: Iterable[Tray]) -> list[str]:
    """The full bag minus every tile on the given trays (lines and racks): what may still be drawn.

    >>> len(unseen_tiles(Bag.load("fr"), [Tray.parse("RAT / ZW")]))
    139
    """
    if not isinstance(full_bag, Bag):
        raise InvalidInputError(f"unseen_tiles takes the full Bag, not {type(full_bag).__name__}")
    left = Counter(full_bag.tiles())
    for tray in trays:
        if not isinstance(tray, Tray):
            raise InvalidInputError(f"unseen_tiles takes Trays, not {type(tray).__name__}")
        tiles = tray.alphabet.tiles
        left.subtract(tray.rack_tiles())
        for codes in tray.line_codes:
            left.subtract(map(tiles.__getitem__, codes))
    if any(n < 0 for n in left.values()):
        short = sorted(t for t, n in left.items() if n < 0)
        raise InvalidInputError(f"the trays hold more {', '.join(short)} than the bag has")
    return sorted(left.elements())


def _cheap_rank(tray: Tray, move: Move) -> tuple[int, int]:
    # Ladders climb by small steps: few letters used first, then the points.
    return (len(move.letters), -tray.points(move))


def hints(
    lexicon: Lexicon,
    tray: Tray,
    unseen: Iterable[str] | None = None,
    top: int = 5,
    rules: Rules | None = None,
    budget: int = 16,
    seed: int = 0,
    candidates: int = CANDIDATES,
) -> list[Hint]:
    """The ``top`` moves, best first, each with the reasons a person understands.

    Value = points on the tray at the end of the ladder the move starts +
    ``DRAW_WEIGHT`` x letters drawn (this turn's ladder from the move, plus,
    with ``unseen``, the expected ladder after the next draw, by ``budget``
    samples). Exposure (if the player passed right after the move) is shown,
    not counted: the ladder goes on, and at its end nothing is left to steal.

    >>> from jarnac_solver import Lexicon
    >>> [str(h.move) for h in hints(Lexicon.load("fr"), Tray.parse("/ ACEERT"), top=3)]
    ['+ACE', '+ARC', '+ARE']
    """
    rules = check_inputs(lexicon, tray, rules)
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise InvalidInputError(f"top must be a whole number >= 1, not {top!r}")
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 0:
        raise InvalidInputError(f"budget must be a whole number >= 0, not {budget!r}")
    pool = list(unseen) if unseen is not None else []
    for tile in pool:
        if tile not in lexicon.alphabet.index:
            raise InvalidInputError(f"unseen tile {tile!r} is not a tile of the alphabet {lexicon.alphabet.name!r}")
    moves = sorted(legal_moves(lexicon, tray, rules), key=lambda m: (*_cheap_rank(tray, m), str(m)))
    rng = random.Random(seed)
    ranked: list[Hint] = []
    looked = moves[: max(top, candidates)]
    # The first move of the longest ladder is always a candidate.
    best_ladder = plan_ladder(lexicon, tray, rules)
    if best_ladder and best_ladder[0] not in looked:
        looked.append(best_ladder[0])
    for move in looked:
        after = tray.push(move, rules, lexicon)
        ladder = tuple(plan_ladder(lexicon, after, rules))
        end = after
        for step in ladder:
            end = end.push(step, rules, lexicon)
        draws = 1.0 + len(ladder)
        if pool and budget:
            # The letter drawn after the move may open more of a ladder.
            samples = [rng.choice(pool) for _ in range(budget)]
            extra = 0.0
            for tile in samples:
                drawn = Tray._trusted(
                    after.line_codes, after.rack_codes + (after.alphabet.index[tile],), after.alphabet, after.lines
                )
                extra += len(plan_ladder(lexicon, drawn, rules)) - len(ladder)
            draws += max(0.0, extra / len(samples))
        exposure = best_jarnac(lexicon, after, rules=rules).swing
        # Exposure after this single move is what stopping here would risk;
        # the plan is to go on, so the value counts the ladder's end instead
        # (where, the ladder being maximal, nothing is left to steal).
        value = end.score - tray.score + DRAW_WEIGHT * draws
        ranked.append(Hint(move, tray.points(move), draws, exposure, ladder, value))
    ranked.sort(key=lambda h: (-h.value, str(h.move)))
    return ranked[:top]


def plan(
    lexicon: Lexicon,
    tray: Tray,
    unseen: Iterable[str],
    rules: Rules | None = None,
    budget: int = 8,
    seed: int = 0,
    candidates: int = CANDIDATES,
) -> Move | None:
    """The move to play now, by its expected value over the next draw; ``None``: pass (no move).

    >>> from jarnac_solver import Lexicon
    >>> str(plan(Lexicon.load("fr"), Tray.parse("/ ACEERT"), unseen_tiles(Bag.load("fr"), [])))
    '+ARC'
    """
    best = hints(lexicon, tray, unseen, top=1, rules=rules, budget=budget, seed=seed, candidates=candidates)
    return best[0].move if best else None
