"""The planner's turn values from what its ladders lead to, many racks in one compiled call.

Key idea: the planner values a turn by its end (:func:`~jarnac_solver.planning.strategy.turn_value`: the
points gained, the lines filled, the letters drawn, the leftover rack's vowels, a finish), and each of those
is a number the ladder search already holds: its chains' moves, points and letters. A start decision values
eight sampled racks for each of some twenty actions, a move decision a dozen candidate trays; through
``plan_ladder`` each of them made its moves, its end tray and a ladder object, ~5x the search's own cost
(measured: the compiled search 13 us of a ~100 us sample). ``Trie.ladder_outcomes`` (``_plan.c``) runs
the same search as ``plan_ladder``'s for a list of racks and hands back those numbers only; the values are
then :func:`turn_value_of`, the one formula ``turn_value`` also uses. The same ladders, so the same values
and the same games (``tests/test_planout.py`` checks the numbers against ``plan_ladder``'s trays on random
lexicons and rules, and the pinned records hold).

What it does not do it leaves to the caller, who then plans the usual way: a deadline near (:func:`clear`:
the search here looks at no clock, so only a decision with no deadline, or one far off, uses it), the
pure-Python install, an alphabet past 32 letter ranks or whose tiles of one rank differ in being vowels, a
memo past its limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..budget import Deadline, OutOfTime
from ..game.game import VOWELS
from ..lexicon.lexicon import Lexicon
from ..moves.move import Move
from ..moves.movegen import line_asks
from ..moves.rules import Rules
from ..moves.tray import Codes, Tray, _remove, _written_codes

if TYPE_CHECKING:
    from .strategy import Weights

__all__ = ["CLEAR_SECONDS", "Outcome", "clear", "move_outcomes", "outcomes", "turn_value_of"]

CLEAR_SECONDS = 1.0
"""A deadline further than this is no deadline to the ladders of one decision: ``plan_ladder`` under it finds
the ladder it finds without one (it cuts a search only once its deadline has passed, or when less time is
left than its chains' set-up, ~3 us a chain: a second is 300,000 chains, past any rack of a game)."""


def clear(deadline: Deadline | None) -> bool:
    """Whether a decision under ``deadline`` may value its ladders here: none, or one more than
    :data:`CLEAR_SECONDS` away (simulation's play-outs run under its ceiling; one the deadline passes in is
    dropped, so a play-out counted is the one no deadline would have played).

    >>> clear(None), clear(Deadline(60)), clear(Deadline(0))
    (True, True, False)
    """
    return deadline is None or deadline.remaining() > CLEAR_SECONDS


class Outcome(NamedTuple):
    """Where the longest ladder from a rack leads (``plan_ladder``'s ladder, played out)."""

    moves: int
    """The ladder's moves."""
    gain: int
    """The points it adds to the tray."""
    placed: int
    """The lines it fills (its new words)."""
    vowels: int
    """Vowels left on the rack at its end."""
    left: int
    """Letters left on the rack at its end."""
    exact: bool
    """The ladder is proven the longest (``Ladder.exact``)."""


def turn_value_of(
    gained: int, lines: int, words: int, vowels: int, rack: int, bag_size: int, weights: Weights, finish: bool | None
) -> float:
    """:func:`~jarnac_solver.planning.strategy.turn_value` from its numbers: ``gained`` points, ``lines`` filled,
    ``words`` formed (a letter drawn each, at most ``bag_size``), ``vowels`` of the ``rack`` letters left (each
    also weighed on its own by ``weights.gain``, ``weights.rack`` and ``weights.vowel``: the learned evaluation's);
    ``finish``: the turn fills the tray against a known opponent, and wins (``None``: it does not fill it, or no
    opponent is known).

    >>> from jarnac_solver.planning.strategy import DEFAULT_WEIGHTS
    >>> turn_value_of(9, 1, 1, 1, 4, 50, DEFAULT_WEIGHTS, None)  # 9 + 100 + 12 - 5 x |1 - 1.6|
    118.0
    """
    value = gained + weights.line * lines + weights.draw * min(words, bag_size)
    if weights.leave and rack:
        value -= weights.leave * abs(vowels - 0.4 * rack)
    # The learned evaluation's terms (planning/learned.py); 0 and 1 by default, skipped so that the hand-set
    # value is the same float it always was (the pinned records).
    if weights.gain != 1.0:
        value += (weights.gain - 1.0) * gained
    if weights.rack:
        value += weights.rack * rack
    if weights.vowel:
        value += weights.vowel * vowels
    if finish is not None:
        value += weights.win if finish else -weights.line
    return value


_VOWEL_RANKS: dict[int, tuple[Lexicon, bytes | None]] = {}


def _vowel_ranks(lexicon: Lexicon) -> bytes | None:
    """1 for each letter rank of ``lexicon`` whose tiles are vowels (``VOWELS``); ``None`` when the tiles of one
    rank are not all alike (the rack's vowels could not be counted by rank)."""
    entry = _VOWEL_RANKS.get(id(lexicon))
    if entry is None or entry[0] is not lexicon:
        if len(_VOWEL_RANKS) >= 16:
            _VOWEL_RANKS.clear()
        ranks: dict[int, bool] = {}
        alike = True
        for code, tile in enumerate(lexicon.alphabet.tiles):
            rank, vowel = lexicon.rank_of_code[code], tile in VOWELS
            alike = alike and ranks.setdefault(rank, vowel) == vowel
        size = max(ranks, default=-1) + 1
        flags = bytes(ranks.get(r, False) for r in range(size)) if alike else None
        entry = _VOWEL_RANKS[id(lexicon)] = (lexicon, flags)
    return entry[1]


def _placing_nodes(lexicon: Lexicon, rules: Rules) -> tuple[int, int] | None:
    """The trie's node range of the words a free line takes, or ``None`` when the compiled walk is not
    there to ask (no trie, or no vowel ranks): :func:`outcomes` and :func:`move_outcomes` then decline."""
    index = lexicon.index
    if index.trie is None or _vowel_ranks(lexicon) is None:
        return None
    lo, hi = index._nodes_of_lengths(min(rules.min_length, rules.last_line_min_length), rules.line_length)
    return lo, hi


def outcomes(lexicon: Lexicon, jobs: Sequence[tuple[Codes, Tray]], rules: Rules) -> list[Outcome] | None:
    """For each ``(rack codes, tray)``: where the longest ladder of that rack on the tray's lines leads
    (``plan_ladder``'s, without a budget); ``None`` when the compiled search cannot answer them all (the module
    docstring says when): the caller plans them with ``plan_ladder``.

    >>> from jarnac_solver import Rules
    >>> lex = Lexicon.from_words(["ore", "reto", "torre", "retiro"])
    >>> tray = Tray.parse("/ ORETRI")
    >>> outcomes(lex, [(tray.rack_codes, tray)], Rules())  # +ORE RETO TORRE RETIRO: 4 moves, 36 points
    [Outcome(moves=4, gain=36, placed=1, vowels=0, left=0, exact=True)]
    """
    place = _placing_nodes(lexicon, rules)
    if place is None:
        return None
    line_max = rules.line_length
    rank_string = lexicon.rank_string
    asks: list[tuple[str, int, int, object, int, int]] = []
    shapes: dict[int, tuple[int, int, object, int, int]] = {}  # by tray: a start's samples share one
    for rack, tray in jobs:
        shape = shapes.get(id(tray))
        if shape is None:
            free = tray.free_lines(rules)
            lo, hi = place if free > 0 else (0, 0)
            # The seat of the word that fills the tray, as plan_ladder reads it: the 8th line's minimum, or a gap's.
            seat_min = rules.last_line_min_length if tray.last_line_free(rules) else rules.min_length
            shape = shapes[id(tray)] = (lo, hi, line_asks(lexicon, tray.line_codes, line_max), free, seat_min)
        asks.append((rank_string(rack), *shape))
    return _run(lexicon, asks, rules)


def move_outcomes(lexicon: Lexicon, tray: Tray, moves: Sequence[Move], rules: Rules) -> list[Outcome] | None:
    """For each of ``moves`` (legal on ``tray``): where the longest ladder after it leads, as :func:`outcomes`
    of the tray after the move (``tray.push(move)``), without that tray made: its rack and its lines' walk
    asks are the move's changes to ``tray``'s (a planner's move decision values a dozen candidates; their
    trays, made only to be asked for their rack and lines, were ~1/5 of its cost). ``None`` as
    :func:`outcomes` says.

    >>> from jarnac_solver import Rules
    >>> lex = Lexicon.from_words(["ore", "reto", "torre", "retiro"])
    >>> tray, rules = Tray.parse("/ ORETRI"), Rules()
    >>> move = Move.place("ORE")
    >>> move_outcomes(lex, tray, [move], rules) == outcomes(lex, [(tray.push(move).rack_codes, tray.push(move))], rules)
    True
    """
    place = _placing_nodes(lexicon, rules)
    if place is None:
        return None
    line_max = rules.line_length
    node_range = lexicon.index._nodes_of_lengths
    rank_string = lexicon.rank_string
    alphabet = tray.alphabet
    rack = tray.rack_codes
    n_lines = len(tray.line_codes)
    free_now = tray.free_lines(rules)
    mine = line_asks(lexicon, tray.line_codes, line_max)
    gap = tray.next_line_index
    asks: list[tuple[str, int, int, object, int, int]] = []
    for move in moves:
        kind, line, _, word, letters = move
        word_codes, letter_codes, _ = _written_codes(alphabet, word, letters)
        left = _remove(rack, letter_codes)
        if left is None:
            raise ValueError(f"{move} is not a legal move of {tray}")
        target = line if kind == "extend" else gap
        if type(target) is not int or not 0 <= target <= n_lines:
            raise ValueError(f"{move} is not a legal move of {tray}")
        # The new line's ask, as line_asks makes it: its ranks and the id range of its longer words.
        ask = None
        if len(word_codes) < line_max:
            ask = (rank_string(word_codes), *node_range(len(word_codes) + 1, line_max))
        lines = list(mine)
        if target < n_lines:
            lines[target] = ask
        else:
            lines.append(ask)
        free = free_now - (kind == "place")
        lo, hi = place if free > 0 else (0, 0)
        seat_min = rules.last_line_min_length if len(lines) < rules.lines else rules.min_length
        asks.append((rank_string(left), lo, hi, lines, free, seat_min))
    return _run(lexicon, asks, rules)


def _run(lexicon: Lexicon, asks: list[tuple[str, int, int, object, int, int]], rules: Rules) -> list[Outcome] | None:
    """The compiled search's outcomes of ``asks`` (``Trie.ladder_outcomes``' jobs), or ``None``."""
    trie = lexicon.index.trie
    flags = _vowel_ranks(lexicon)
    assert trie is not None and flags is not None
    if len(flags) < len(lexicon.order):
        flags += bytes(len(lexicon.order) - len(flags))
    try:
        rows = trie.ladder_outcomes(asks, rules.min_length, flags, OutOfTime)
    except OutOfTime:  # a memo past its limit: plan_ladder's own answer then (the single longest move)
        return None
    if rows is None:
        return None
    return [Outcome._make(row) for row in rows]
