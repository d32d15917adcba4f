"""Hints: which move now, ranked, with the reasons a person reads, within a time budget.

A move is judged by what a person weighs: the points it adds, the lines it
fills by the end of the ladder it starts (the game is a race to the 8th
line), the letters it lets the player draw this turn (one per word: see
:mod:`jarnac_solver.planning.ladder`), and its exposure (what *this*
opponent could steal if the player passed right after it, from
:func:`thief_best_call`). The letters to come are unknown, but their
distribution is the unseen tiles: the next draw is sampled and the ladder
it opens counted. Moves that differ only by the anagram chosen are one hint.
Every search shares one deadline (:mod:`jarnac_solver.budget`): the moves
are evaluated best-looking first, and what was evaluated in time is ranked.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..budget import Deadline, deadline_of
from ..errors import InvalidInputError
from ..forms import field, mapping
from ..lexicon.alphabet import LATIN, Alphabet
from ..lexicon.bag import Bag
from ..lexicon.familiarity import Familiarity
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import _formed_indexes, best_jarnac, thief_best_call
from ..moves.move import Move
from ..moves.movegen import check_inputs, legal_moves
from ..moves.rules import Rules
from ..moves.tray import Tray
from .ladder import plan_ladder
from .strategy import DEFAULT_WEIGHTS

__all__ = ["Hint", "Hints", "hints", "plan", "unseen_tiles"]

DRAW_WEIGHT = 12
"""Points a drawn letter is worth in the ranking (a letter feeds about a third of a 4-5 letter word)."""
LINE_WEIGHT = DEFAULT_WEIGHTS.line
"""Points a filled line is worth in the ranking: the game is a race to the 8th line (see
:mod:`jarnac_solver.planning.strategy`: the weight that made the planner beat the ladder)."""
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
    """What the ranking sorts by: points at the ladder's end + ``LINE_WEIGHT`` x lines filled + ``DRAW_WEIGHT`` x
    letters drawn."""
    alternatives: tuple[str, ...] = ()
    """Other words for the same move (anagrams on the same line): same points, same future."""
    familiarity: float | None = None
    """How well known the word is (Zipf frequency, 0-8), when word frequencies were asked for."""
    exact: bool = True
    """False when a time budget cut the ladder or the exposure short (then they are the best found)."""

    def to_dict(self) -> dict[str, object]:
        """The hint as a JSON-ready dict (moves as :meth:`Move.to_dict`)."""
        return {
            "move": self.move.to_dict(),
            "points": self.points,
            "draws": self.draws,
            "exposure": self.exposure,
            "ladder": [m.to_dict() for m in self.ladder],
            "value": self.value,
            "alternatives": list(self.alternatives),
            "familiarity": self.familiarity,
            "exact": self.exact,
        }

    @classmethod
    def from_dict(cls, data: object, alphabet: Alphabet = LATIN) -> Hint:
        """Read :meth:`to_dict`'s form.

        >>> hint = Hint(Move.parse("+BUT"), 9, 1.0, 0, (), 21.0)
        >>> Hint.from_dict(hint.to_dict()) == hint
        True
        """
        form = mapping(data, "a hint")
        alternatives = field(form, "alternatives", list, "a hint", [])
        if not all(isinstance(w, str) for w in alternatives):
            raise InvalidInputError("a hint's alternatives are words (strings)")
        known = form.get("familiarity")
        if known is not None and (isinstance(known, bool) or not isinstance(known, (int, float))):
            raise InvalidInputError(f"a hint's familiarity is a number or null, not {known!r}")
        return cls(
            Move.from_dict(field(form, "move", dict, "a hint"), alphabet),
            field(form, "points", int, "a hint"),
            float(field(form, "draws", (int, float), "a hint")),
            field(form, "exposure", int, "a hint"),
            tuple(Move.from_dict(m, alphabet) for m in field(form, "ladder", list, "a hint", [])),
            float(field(form, "value", (int, float), "a hint")),
            tuple(alternatives),
            None if known is None else float(known),
            field(form, "exact", bool, "a hint", True),
        )

    def __str__(self) -> str:
        also = f" (or {', '.join(self.alternatives)})" if self.alternatives else ""
        known = f", familiarity {self.familiarity:.1f}" if self.familiarity is not None else ""
        then = " then " + " ".join(map(str, self.ladder)) if self.ladder else ""
        return (
            f"{self.move}{also}: +{self.points} pts, draws {self.draws:g}, exposure {self.exposure}{known}{then}"
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


class Hints(list[Hint]):
    """Hints, best first (a list), and whether the ranking is proven.

    ``exact`` is False when a time budget ended the evaluation early: the
    hints are then the best of the moves evaluated in time.

    >>> Hints([], exact=False).exact
    False
    """

    def __init__(self, hints: Iterable[Hint] = (), exact: bool = True) -> None:
        super().__init__(hints)
        self.exact = exact

    def __reduce__(self) -> tuple[object, ...]:
        return (Hints, (list(self), self.exact))


def _check_whole(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InvalidInputError(f"{name} must be a whole number >= {least}, not {value!r}")
    return value


def _unseen_pool(lexicon: Lexicon, unseen: Iterable[str] | None) -> list[int]:
    """The unseen tiles as codes, each checked."""
    if unseen is None:
        return []
    if isinstance(unseen, (str, bytes)) or not isinstance(unseen, Iterable):
        raise InvalidInputError(f"unseen must be a list of tiles (see unseen_tiles), not {unseen!r}")
    index = lexicon.alphabet.index
    pool = []
    for tile in unseen:
        if not isinstance(tile, str) or tile not in index:
            raise InvalidInputError(f"unseen tile {tile!r} is not a tile of the alphabet {lexicon.alphabet.name!r}")
        pool.append(index[tile])
    return pool


def _check_opponent(lexicon: Lexicon, opponent: Tray | None, rules: Rules) -> None:
    if opponent is None:
        return
    if not isinstance(opponent, Tray):
        raise InvalidInputError(f"the opponent's tray must be a Tray, not {type(opponent).__name__}")
    check_inputs(lexicon, opponent, rules)


def _familiar(familiarity: Familiarity | None, min_familiarity: float | None, lexicon: Lexicon) -> Familiarity | None:
    if min_familiarity is not None:
        if (
            isinstance(min_familiarity, bool)
            or not isinstance(min_familiarity, (int, float))
            or not (0 <= min_familiarity <= 8)
        ):
            raise InvalidInputError(f"min_familiarity is a Zipf frequency from 0 to 8, not {min_familiarity!r}")
        if familiarity is None:
            familiarity = Familiarity.for_lexicon(lexicon)
    if familiarity is not None and not isinstance(familiarity, Familiarity):
        raise InvalidInputError(f"familiarity must be a Familiarity, not {type(familiarity).__name__}")
    return familiarity


def _groups(
    lexicon: Lexicon, tray: Tray, moves: Iterable[Move], familiarity: Familiarity | None
) -> list[tuple[Move, tuple[str, ...], float | None]]:
    """Moves that differ only by the word of one anagram class, as one: (the move, the other words, familiarity).

    Same line, same letters: same points, same draws, same future (an
    extension rearranges freely) and same exposure. The move shown is the
    most familiar word (with word frequencies), else the first alphabetically.
    """
    classes: dict[tuple[int | None, int], list[Move]] = {}
    for move in moves:
        classes.setdefault((move.line_index, lexicon.pack(move.word)), []).append(move)
    out = []
    for members in classes.values():
        if familiarity is not None:
            scored = sorted(((-familiarity.familiarity(m.word), m.word, m) for m in members), key=lambda t: t[:2])
            ordered = [m for _, _, m in scored]
            known: float | None = -scored[0][0]
        else:
            ordered = sorted(members, key=lambda m: m.word)
            known = None
        out.append((ordered[0], tuple(m.word for m in ordered[1:]), known))
    return out


def hints(
    lexicon: Lexicon,
    tray: Tray,
    unseen: Iterable[str] | None = None,
    top: int = 5,
    rules: Rules | None = None,
    samples: int = 16,
    seed: int = 0,
    candidates: int = CANDIDATES,
    *,
    opponent: Tray | None = None,
    formed_indexes: Iterable[int] = (),
    budget: float | Deadline | None = None,
    familiarity: Familiarity | None = None,
    min_familiarity: float | None = None,
) -> Hints:
    """The ``top`` moves, best first, each with the reasons a person understands.

    Value = points on the tray at the end of the ladder the move starts +
    ``LINE_WEIGHT`` x lines it fills (the race to the 8th line) +
    ``DRAW_WEIGHT`` x letters drawn (this turn's ladder from the move, plus,
    with ``unseen``, the expected ladder after the next draw, by ``samples``
    draws). Exposure (what ``opponent``, with its tray as it is, could call
    by a Jarnac if the player passed right after the move; without
    ``opponent``, a thief with every line free) is shown, not counted: the
    ladder goes on, and at its end nothing is left to steal.
    ``formed_indexes`` are the lines formed earlier this turn (they count for
    a value Jarnac). Moves that differ only by the anagram chosen are one
    hint (``alternatives``).

    ``budget`` (seconds, a :class:`~jarnac_solver.budget.Deadline`, ``None``)
    bounds the whole answer: the moves are evaluated best-looking first, and
    what was evaluated in time is ranked (``result.exact`` and each
    ``hint.exact`` say what is proven). ``familiarity`` (a
    :class:`~jarnac_solver.lexicon.familiarity.Familiarity`, the
    ``familiarity`` extra) shows each word's Zipf frequency and picks the
    best-known anagram; ``min_familiarity`` drops moves to words less known.
    Cost: one ladder per candidate and per distinct sampled tile, and one
    best Jarnac per candidate.

    >>> from jarnac_solver import Lexicon
    >>> [str(h.move) for h in hints(Lexicon.load("fr"), Tray.parse("/ ACEERT"), top=3)]
    ['+ACE', '+ARC', '+ARE']
    """
    rules = check_inputs(lexicon, tray, rules)
    _check_whole("top", top, 1)
    _check_whole("samples", samples, 0)
    _check_whole("candidates", candidates, 1)
    _check_opponent(lexicon, opponent, rules)
    turn = _formed_indexes(tray, formed_indexes)
    pool = _unseen_pool(lexicon, unseen)
    familiarity = _familiar(familiarity, min_familiarity, lexicon)
    deadline = deadline_of(budget)
    groups = _groups(lexicon, tray, legal_moves(lexicon, tray, rules), familiarity)
    if min_familiarity is not None:
        groups = [g for g in groups if g[2] is not None and g[2] >= min_familiarity]
    groups.sort(key=lambda g: (*_cheap_rank(tray, g[0]), g[0].word))
    looked = groups[: max(top, candidates)]
    # The first move of the longest ladder is always a candidate.
    best_ladder = plan_ladder(lexicon, tray, rules, deadline)
    exact = best_ladder.exact
    if best_ladder:
        first = (best_ladder[0].line_index, lexicon.pack(best_ladder[0].word))
        if all((g[0].line_index, lexicon.pack(g[0].word)) != first for g in looked):
            looked += [g for g in groups if (g[0].line_index, lexicon.pack(g[0].word)) == first]
    rng = random.Random(seed)
    ranked: list[Hint] = []
    for move, alternatives, known in looked:
        if deadline is not None and deadline.expired() and ranked:
            exact = False  # the moves not evaluated yet are left out: their value is unknown
            break
        hint = _evaluate(lexicon, tray, move, rules, pool, samples, rng, opponent, turn, deadline)
        ranked.append(replace(hint, alternatives=alternatives, familiarity=known))
        exact = exact and hint.exact
    ranked.sort(key=lambda h: (-h.value, str(h.move)))
    return Hints(ranked[:top], exact)


def _evaluate(
    lexicon: Lexicon,
    tray: Tray,
    move: Move,
    rules: Rules,
    pool: list[int],
    samples: int,
    rng: random.Random,
    opponent: Tray | None,
    turn: list[int],
    deadline: Deadline | None,
) -> Hint:
    """One move's hint: its ladder, its expected draws and its exposure (each within ``deadline``)."""
    after, line = tray.play(move, rules, lexicon)
    ladder = plan_ladder(lexicon, after, rules, deadline)
    exact = ladder.exact
    end = after
    for step in ladder:
        end = end.push(step, rules, lexicon)
    draws = 1.0 + len(ladder)
    if pool and samples:
        # The letter drawn after the move may open more of a ladder. Speed:
        # one ladder per distinct tile drawn (16 samples of a French bag hold
        # about 10 distinct tiles).
        lengths: dict[int, int] = {}
        extra, taken = 0.0, 0
        for code in (rng.choice(pool) for _ in range(samples)):
            if deadline is not None and deadline.expired():
                exact = False  # the samples drawn so far make the estimate
                break
            if code not in lengths:
                drawn = Tray._trusted(after.line_codes, (*after.rack_codes, code), after.alphabet, after.lines)
                more = plan_ladder(lexicon, drawn, rules, deadline)
                exact = exact and more.exact
                lengths[code] = len(more)
            extra += lengths[code] - len(ladder)
            taken += 1
        draws += max(0.0, extra / taken) if taken else 0.0
    formed = sorted({*turn, line}) if rules.value_jarnac else []
    if deadline is not None and deadline.expired():
        # No time left for the exposure: the best Jarnac found in no time is none.
        return Hint(move, tray.points(move), draws, 0, tuple(ladder), _value(tray, end, draws, rules), exact=False)
    if opponent is not None:
        jarnac = thief_best_call(lexicon, after, opponent, rules, formed, budget=deadline)
    else:
        jarnac = best_jarnac(lexicon, after, rules=rules, formed_indexes=formed, budget=deadline)
    exact = exact and jarnac.exact
    # Exposure after this single move is what stopping here would risk;
    # the plan is to go on, so the value counts the ladder's end instead
    # (where, the ladder being maximal, nothing is left to steal).
    return Hint(
        move, tray.points(move), draws, jarnac.swing, tuple(ladder), _value(tray, end, draws, rules), exact=exact
    )


def _value(before: Tray, end: Tray, draws: float, rules: Rules) -> float:
    """Points gained by the ladder's end + ``LINE_WEIGHT`` x lines filled + ``DRAW_WEIGHT`` x letters drawn."""
    return end.score - before.score + LINE_WEIGHT * (end.filled - before.filled) + DRAW_WEIGHT * draws


def plan(
    lexicon: Lexicon,
    tray: Tray,
    unseen: Iterable[str],
    rules: Rules | None = None,
    samples: int = 8,
    seed: int = 0,
    candidates: int = CANDIDATES,
    *,
    budget: float | Deadline | None = None,
) -> Move | None:
    """The move to play now, by its expected value over the next draw; ``None``: pass (no move).

    >>> from jarnac_solver import Lexicon
    >>> tray = Tray.parse("/ ACEERT")
    >>> str(plan(Lexicon.load("fr"), tray, unseen_tiles(Bag.load("fr"), [tray])))
    '+ARC'
    """
    best = hints(lexicon, tray, unseen, 1, rules, samples, seed, candidates, budget=budget)
    return best[0].move if best else None
