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

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..budget import Deadline, clock_deadline, passed_on
from ..errors import InvalidInputError
from ..forms import field, mapping
from ..integers import is_number, is_whole
from ..lexicon.alphabet import LATIN, Alphabet
from ..lexicon.bag import Bag
from ..lexicon.familiarity import Familiarity
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import JarnacPlan, best_jarnac, checked_formed_indexes, thief_best_call
from ..moves.move import Move
from ..moves.movegen import check_inputs, move_classes, played
from ..moves.rules import Rules
from ..moves.tray import Tray
from ..rng import Pcg32
from .ladder import Ladder, ladder_draws, plan_ladder, play_out
from .strategy import DEFAULT_WEIGHTS, finish_wins, turn_value

__all__ = ["Hint", "Hints", "hints", "plan", "unseen_tiles"]

DRAW_WEIGHT = DEFAULT_WEIGHTS.draw
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
    exposure: int | None
    """What the opponent could swing by a Jarnac if the player passed right after the move (``None``: not
    computed within the time budget)."""
    ladder: tuple[Move, ...]
    """The moves after this one that the current letters allow (the longest ladder)."""
    value: float
    """What the ranking sorts by: the planner's value of the turn to the ladder's end (lines filled, points, letters
    drawn, the leftover rack), plus the sampled next draw's extra letters (see :func:`hints`)."""
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
        if known is not None and (not is_number(known)):
            raise InvalidInputError(f"a hint's familiarity is a number or null, not {known!r}")
        return cls(
            Move.from_dict(field(form, "move", dict, "a hint"), alphabet),
            field(form, "points", int, "a hint"),
            float(field(form, "draws", (int, float), "a hint")),
            _exposure(field(form, "exposure", (int, type(None)), "a hint")),
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
            f"{self.move}{also}: +{self.points} pts, draws {self.draws:g}, "
            f"exposure {'not computed' if self.exposure is None else self.exposure}{known}{then}"
            f" (value {self.value:.1f})"
        )


def _exposure(value: object) -> int | None:
    if value is not None and (not is_whole(value) or value < 0):
        raise InvalidInputError(f"a hint's exposure is a whole number >= 0 or null, not {value!r}")
    return value


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


def check_whole(name: str, value: object, least: int) -> int:
    """``value``, a whole number of at least ``least``; else :class:`InvalidInputError` naming ``name``."""
    if not is_whole(value) or value < least:
        raise InvalidInputError(f"{name} must be a whole number >= {least}, not {value!r}")
    return value


def unseen_pool(lexicon: Lexicon, unseen: Iterable[str] | None) -> list[int]:
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


def check_opponent(lexicon: Lexicon, opponent: Tray | None, rules: Rules) -> None:
    """Refuse an opponent's tray (when given) that is no :class:`Tray` or breaks ``rules`` on ``lexicon``."""
    if opponent is None:
        return
    if not isinstance(opponent, Tray):
        raise InvalidInputError(f"the opponent's tray must be a Tray, not {type(opponent).__name__}")
    check_inputs(lexicon, opponent, rules)


def familiarity_for(
    familiarity: Familiarity | None, min_familiarity: float | None, lexicon: Lexicon
) -> Familiarity | None:
    """The word frequencies hints and advice show: ``familiarity``, or the lexicon's own when a
    ``min_familiarity`` (a Zipf frequency, 0-8) asks for them; both checked."""
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


Group = tuple[int | None, list[str], float | None]
"""An anagram class of moves: the line it extends (None: a new word), its words (shown first), familiarity."""


def _groups(lexicon: Lexicon, tray: Tray, rules: Rules, familiarity: Familiarity | None) -> list[Group]:
    """The legal moves, one per anagram class: same line, same letters: same points, same draws, same future
    (an extension rearranges freely) and same exposure.

    The word shown first is the most familiar (with word frequencies), else
    the first alphabetically. Speed: classes come from the index's nodes,
    so no ``Move`` is built for the thousands of moves of a big rack (only
    for those evaluated).
    """
    places, lines = move_classes(lexicon, tray, rules)
    out: list[Group] = [(i, words, None) for i, classes in enumerate(lines) for words in classes]
    out += [(None, words, None) for words in places]
    if familiarity is None:
        return out
    known = familiarity.familiarity
    return [(line, sorted(words, key=lambda w: (-known(w), w)), max(map(known, words))) for line, words, _ in out]


def _group_move(tray: Tray, group: Group) -> Move:
    line, words, _ = group
    if line is None:
        return Move.place(words[0], tray.alphabet)
    return Move.extend(line, tray.lines[line], words[0], tray.alphabet)


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

    Candidates: the first move of the longest ladder, then up to
    ``max(top, candidates)`` new words and as many extensions, each kind by
    fewest letters used (then points); ``exact`` says they were all
    evaluated in full, not that no other move could score more.

    Value = the planner's value of the turn the move starts, played to the
    end of its ladder (:func:`~jarnac_solver.planning.strategy.turn_value`:
    ``LINE_WEIGHT`` x lines filled, the race to the 8th line; the points
    gained; ``DRAW_WEIGHT`` x letters drawn; less an unbalanced leftover
    rack; with ``opponent``, a finish that wins or loses after the
    opponent's final Jarnac, by the end-game model of
    :func:`~jarnac_solver.planning.endgame.final_outcome`) + ``DRAW_WEIGHT``
    x the extra letters the next draw lets the player draw (with
    ``unseen``, by ``samples`` sampled draws). Exposure (what ``opponent``, with its tray as it is, could call
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
    check_whole("top", top, 1)
    check_whole("samples", samples, 0)
    check_whole("candidates", candidates, 1)
    if not is_whole(seed):
        raise InvalidInputError(f"seed must be a whole number, not {seed!r}")
    check_opponent(lexicon, opponent, rules)
    turn = checked_formed_indexes(tray, formed_indexes)
    pool = unseen_pool(lexicon, unseen)
    familiarity = familiarity_for(familiarity, min_familiarity, lexicon)
    deadline = clock_deadline(budget, rules.think_seconds)  # under a clock, its share by default
    # The first move of the longest ladder is always a candidate, and the
    # first evaluated: the likeliest best, and its ladder is known already
    # (the rest of a longest ladder is a longest ladder after its first move:
    # one ladder search saved, the one a tight budget cannot afford).
    best_ladder = plan_ladder(lexicon, tray, rules, passed_on(deadline))
    exact = best_ladder.exact
    if best_ladder and min_familiarity is None and deadline is not None and deadline.expired():
        # No time left to list every move class (31,000 on a 30-letter rack, ~0.1 s): the ladder's move alone.
        move = best_ladder[0]
        rest = Ladder(best_ladder[1:], best_ladder.exact)
        hint = _evaluate(lexicon, tray, move, rules, pool, samples, Pcg32(seed), opponent, turn, deadline, rest)
        return Hints([hint], False)
    groups = _groups(lexicon, tray, rules, familiarity)
    if min_familiarity is not None:
        groups = [g for g in groups if g[2] is not None and g[2] >= min_familiarity]
    tiles = tray.tiles

    def cheap_rank(group: Group) -> tuple[int, int, str]:
        # Ladders climb by small steps: few letters used first, then the points.
        line, words, _ = group
        old, new = (0 if line is None else len(tray.line_codes[line])), tiles(words[0])
        return (new - old, old * old - new * new, words[0])

    groups.sort(key=cheap_rank)
    # Candidates: the new words and the extensions, each kind by fewest
    # letters (then points), up to ``max(top, candidates)`` of each. New
    # words come first: each fills a line, what the race values most (on
    # RAT BUT / ZWUSE the three best moves are new words; one list by fewest
    # letters held only extensions).
    most = max(top, candidates)
    looked = [g for g in groups if g[0] is None][:most] + [g for g in groups if g[0] is not None][:most]
    if best_ladder:
        first = best_ladder[0]
        mine = [g for g in groups if g[0] == first.line_index and first.word in g[1]]
        looked = mine + [g for g in looked if g not in mine]
    rng = Pcg32(seed)
    ranked: list[Hint] = []
    for group in looked:
        if deadline is not None and deadline.expired() and ranked:
            exact = False  # the moves not evaluated yet are left out: their value is unknown
            break
        move = _group_move(tray, group)
        known = Ladder(best_ladder[1:], best_ladder.exact) if best_ladder and move == best_ladder[0] else None
        hint = _evaluate(lexicon, tray, move, rules, pool, samples, rng, opponent, turn, deadline, known)
        ranked.append(replace(hint, alternatives=tuple(group[1][1:]), familiarity=group[2]))
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
    rng: Pcg32,
    opponent: Tray | None,
    turn: list[int],
    deadline: Deadline | None,
    known: Ladder | None = None,
) -> Hint:
    """One move's hint: its ladder (``known`` already, or searched), its expected draws and its exposure
    (each within ``deadline``)."""
    after, line = played(tray, move, rules, lexicon)
    filled = move.kind == "place" and not after.free_lines(rules)
    ladder = Ladder()  # the word that fills the tray ends the turn: no draw, no move after it
    if not filled:
        ladder = known if known is not None else plan_ladder(lexicon, after, rules, passed_on(deadline))
    exact = ladder.exact
    end = play_out(after, ladder, rules, lexicon)
    words = 0 if filled else 1 + ladder_draws(ladder, end, rules)  # the letters the turn draws
    draws = float(words)
    if pool and samples and not filled:
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
                drawn = after.with_rack((*after.rack_codes, code))  # the lines' checks kept
                more = plan_ladder(lexicon, drawn, rules, passed_on(deadline))
                exact = exact and more.exact
                lengths[code] = len(more)
            extra += lengths[code] - len(ladder)
            taken += 1
        draws += max(0.0, extra / taken) if taken else 0.0
    # Exposure after this single move is what stopping here would risk;
    # the plan is to go on, so the value counts the ladder's end instead
    # (where, the ladder being maximal, nothing is left to steal).
    wins = finish_wins(lexicon, end, opponent, rules, deadline)
    value = _value(tray, end, words, draws, opponent, len(pool) if pool else None, rules, wins)
    if deadline is not None and deadline.expired():
        # No time left for the exposure: unknown (None), not zero.
        return Hint(move, tray.points(move), draws, None, tuple(ladder), value, exact=False)
    formed = sorted({*turn, line}) if rules.value_jarnac else []
    jarnac = exposure_plan(lexicon, after, opponent, rules, formed, deadline)
    return Hint(move, tray.points(move), draws, jarnac.swing, tuple(ladder), value, exact=exact and jarnac.exact)


def exposure_plan(
    lexicon: Lexicon,
    tray: Tray,
    opponent: Tray | None,
    rules: Rules,
    formed_indexes: list[int],
    deadline: Deadline | None = None,
) -> JarnacPlan:
    """What ``opponent`` could call if the player passed with ``tray`` now (without ``opponent``: a thief
    with every line free); ``formed_indexes`` are the lines formed this turn.

    >>> from jarnac_solver import Lexicon, Rules
    >>> exposure_plan(Lexicon.load("fr"), Tray.parse("RAT / Z"), None, Rules(), []).swing
    25
    """
    if opponent is not None:
        return thief_best_call(lexicon, tray, opponent, rules, formed_indexes, budget=passed_on(deadline))
    return best_jarnac(lexicon, tray, rules=rules, formed_indexes=formed_indexes, budget=passed_on(deadline))


def _value(
    before: Tray,
    end: Tray,
    words: int,
    draws: float,
    opponent: Tray | None,
    bag_size: int | None,
    rules: Rules,
    wins: bool | None = None,
) -> float:
    """The planner's value of the turn (:func:`~jarnac_solver.planning.strategy.turn_value`: lines, points,
    letters drawn, the leftover rack, a finish that wins or loses: ``wins``, by the end-game model) +
    ``DRAW_WEIGHT`` x the extra letters the sampled next draw lets the player draw."""
    most = bag_size if bag_size is not None else words
    return turn_value(before, end, words, opponent, most, rules, DEFAULT_WEIGHTS, wins) + DRAW_WEIGHT * (draws - words)


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
    '+ACE'
    """
    best = hints(lexicon, tray, unseen, 1, rules, samples, seed, candidates, budget=budget)
    return best[0].move if best else None
