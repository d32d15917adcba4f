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

Two decisions go further, each in one call: :func:`planned_move` (``Trie.planner_move``) makes the
planner's whole move decision outside the end game -- its ladder, legal moves, candidates, their ladders and
values, the argmax with choose_move's ties -- with Python objects for the chosen move only, and
:func:`start_values` (``Trie.start_values``) values every start action's sampled racks (the samples still
drawn by Python's ``random``, so the same draws). ``tests/test_planmove.py`` checks both against the
strategy's own steps on random lexicons and rules, and whole games against those steps.

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
from ..moves.move import Move, added_letters
from ..moves.movegen import line_asks
from ..moves.rules import Rules
from ..moves.tray import Codes, Tray, tiles_without, written_codes

if TYPE_CHECKING:
    from .._speedups import Trie
    from .strategy import Weights

    _Constants = tuple[Trie, int, int, bytes, tuple[int, ...], tuple[tuple[int, int], ...]]

__all__ = [
    "CLEAR_SECONDS",
    "Outcome",
    "clear",
    "move_constants",
    "move_outcomes",
    "outcomes",
    "planned_move",
    "start_values",
    "turn_value_of",
]

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


_VOWEL_RANKS: dict[Lexicon, tuple[Lexicon, bytes | None]] = {}


def _vowel_ranks(lexicon: Lexicon) -> bytes | None:
    """1 for each letter rank of ``lexicon`` whose tiles are vowels (``VOWELS``), one byte for every rank of its
    order (the compiled calls read one a rank); ``None`` when the tiles of one rank are not all alike (the
    rack's vowels could not be counted by rank)."""
    entry = _VOWEL_RANKS.get(lexicon)
    if entry is None:
        if len(_VOWEL_RANKS) >= 16:
            _VOWEL_RANKS.clear()
        ranks: dict[int, bool] = {}
        alike = True
        for code, tile in enumerate(lexicon.alphabet.tiles):
            rank, vowel = lexicon.rank_of_code[code], tile in VOWELS
            alike = alike and ranks.setdefault(rank, vowel) == vowel
        size = max(max(ranks, default=-1) + 1, len(lexicon.order))
        flags = bytes(ranks.get(r, False) for r in range(size)) if alike else None
        entry = _VOWEL_RANKS[lexicon] = (lexicon, flags)
    return entry[1]


def _placing_nodes(lexicon: Lexicon, rules: Rules) -> tuple[int, int] | None:
    """The trie's node range of the words a free line takes, or ``None`` when the compiled walk is not
    there to ask (no trie, or no vowel ranks): :func:`outcomes` and :func:`move_outcomes` then decline."""
    index = lexicon.index
    if index.trie is None or _vowel_ranks(lexicon) is None:
        return None
    lo, hi = index.nodes_of_lengths(min(rules.min_length, rules.last_line_min_length), rules.line_length)
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
    shapes: dict[Tray, tuple[int, int, object, int, int]] = {}  # by tray: a start's samples share one
    for rack, tray in jobs:
        shape = shapes.get(tray)
        if shape is None:
            free = tray.free_lines(rules)
            lo, hi = place if free > 0 else (0, 0)
            # The seat of the word that fills the tray, as plan_ladder reads it: the 8th line's minimum, or a gap's.
            seat_min = rules.last_line_min_length if tray.last_line_free(rules) else rules.min_length
            shape = shapes[tray] = (lo, hi, line_asks(lexicon, tray.line_codes, line_max), free, seat_min)
        asks.append((rank_string(rack), *shape))
    return _run(lexicon, asks, rules)


def move_outcomes(lexicon: Lexicon, tray: Tray, moves: Sequence[Move], rules: Rules) -> list[Outcome] | None:
    """For each of ``moves`` (legal on ``tray``): where the longest ladder after it leads, as :func:`outcomes`
    of the tray after the move (``tray.push(move)``), without that tray made: its rack and its lines' walk
    asks are the move's changes to ``tray``'s (a planner's move decision values a dozen candidates; their
    trays, made only to be asked for their rack and lines, would be ~1/5 of its cost). ``None`` as
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
    node_range = lexicon.index.nodes_of_lengths
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
        word_codes, letter_codes, _ = written_codes(alphabet, word, letters)
        left = tiles_without(rack, letter_codes)
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


_NO_CEILING_LETTERS = 9
"""plan_ladder's rack size past which it keeps its default ceiling (ladder.py): such a rack is not decided here."""


_MOVE_CONSTANTS: dict[tuple[Lexicon, Rules], tuple[Lexicon, Rules, _Constants | None]] = {}


def move_constants(lexicon: Lexicon, rules: Rules) -> _Constants | None:
    """What :func:`planned_move` hands the compiled call for every tray of ``lexicon`` under ``rules``: the trie,
    the placing range, the vowel flags, the depth starts, and legal_moves' place range per next line (the last
    entry for any line past them); ``None`` when :func:`outcomes` would decline. Made once per pair (a planner's
    game asks ~100 times: made each time, these would be ~1/4 of the call's Python)."""
    entry = _MOVE_CONSTANTS.get((lexicon, rules))
    if entry is None:
        if len(_MOVE_CONSTANTS) >= 16:
            _MOVE_CONSTANTS.clear()
        place = _placing_nodes(lexicon, rules)
        constants = None
        if place is not None:
            index = lexicon.index
            flags = _vowel_ranks(lexicon)
            assert index.trie is not None and flags is not None
            ranges = tuple(
                index.nodes_of_lengths(rules.min_length_on(line), rules.line_length) for line in range(rules.lines + 1)
            )
            constants = (index.trie, *place, flags, tuple(index.depth_starts), ranges)
        entry = _MOVE_CONSTANTS[(lexicon, rules)] = (lexicon, rules, constants)
    return entry[2]


def planned_move(lexicon: Lexicon, me: Tray, bag_size: int, rules: Rules, weights: Weights) -> tuple[bool, Move | None]:
    """:func:`~jarnac_solver.planning.strategy.choose_move`'s answer (without a deadline) in one compiled call
    (``Trie.planner_move``, ``_plan.c``), outside the end game: ``(True, move)`` (``None``: pass), or
    ``(False, None)`` where the decision is left to ``choose_move``'s own steps -- the end game (one free line),
    a candidate's turn that fills the tray (its finish is searched), a memo past its limit, a rack past
    plan_ladder's no-ceiling size, an alphabet of tiles not one ASCII character each, more than 9 lines, and
    what :func:`outcomes` declines.

    Speed: the decision's ladder, legal moves, candidates, their ladders and values in C, with Python objects
    made for the move chosen only: Python around the compiled searches (the ladder's moves and trays, the
    candidates' Moves, their asks) would be most of a move decision.

    >>> from jarnac_solver import Rules
    >>> from jarnac_solver.planning.strategy import DEFAULT_WEIGHTS
    >>> lex = Lexicon.from_words(["ore", "reto", "torre", "retiro"])
    >>> planned_move(lex, Tray.parse("/ ORETRI"), 50, Rules(), DEFAULT_WEIGHTS)
    (True, Move(kind='place', line_index=None, old=None, word='ORE', letters='EOR'))
    """
    free = me.free_lines(rules)
    alphabet = me.alphabet
    if free == 1 or not alphabet.single or len(me.rack_codes) > _NO_CEILING_LETTERS:
        return False, None
    constants = move_constants(lexicon, rules)
    if constants is None:
        return False, None
    trie, place_lo, place_hi, flags, starts, legal_ranges = constants
    gap = me.next_line_index
    legal_lo, legal_hi = legal_ranges[gap] if gap < len(legal_ranges) else legal_ranges[-1]
    line_max = rules.line_length
    ints = (
        rules.min_length,
        line_max,
        free,
        rules.last_line_min_length if len(me.line_codes) < rules.lines else rules.min_length,  # plan_ladder's seat
        rules.lines,
        rules.last_line_min_length,
        gap,
        bag_size,
        weights.candidates,
    )
    found = trie.planner_move(
        lexicon.rank_string(me.rack_codes),
        line_asks(lexicon, me.line_codes, line_max),
        me.lines,
        place_lo,
        place_hi,
        legal_lo,
        legal_hi,
        starts,
        ints,
        (weights.line, weights.draw, weights.leave, weights.gain, weights.rack, weights.vowel),
        flags,
        OutOfTime,
    )
    if found is None:
        return False, None
    kind, line, number = found
    if kind == 0:
        return True, None
    word = trie.word(number)
    if kind == 2:
        move = Move("place", None, None, word, added_letters("", word, alphabet))
    else:
        old = me.lines[line]
        move = Move("extend", line, old, word, added_letters(old, word, alphabet))
    return True, move


def start_values(
    lexicon: Lexicon,
    me: Tray,
    opponent: Tray | None,
    actions: Sequence[tuple[Codes, int]],
    drawn: Sequence[Codes],
    bag_size: int,
    rules: Rules,
    weights: Weights,
) -> list[tuple[float, bool]] | None:
    """For each start action (the rack letters it keeps, and the letters it takes from the bag): the mean
    :func:`turn_value_of` of the ladders of its racks on ``me``'s lines, one a sampled draw of ``drawn`` (the
    kept letters and the draw's first letters taken), and whether every ladder is proven, as
    :func:`~jarnac_solver.planning.strategy.start_options` values them from :func:`outcomes`; in one compiled
    call (``Trie.start_values``) for all the actions. ``None`` as :func:`outcomes` says (the caller values
    them its own way).

    Speed: a start values eight racks for each of some twenty actions; one call for them all, each rack made
    and its value summed in C: a call an action, with its racks, jobs and values in Python, would be most of
    a start.

    >>> from jarnac_solver import Rules
    >>> from jarnac_solver.planning.strategy import DEFAULT_WEIGHTS
    >>> lex = Lexicon.from_words(["ore", "reto", "torre", "retiro"])
    >>> tray = Tray.parse("/ ORETRI")
    >>> start_values(lex, tray, None, [(tray.rack_codes, 1)], [()], 50, Rules(), DEFAULT_WEIGHTS)  # 36 + 100 + 12 x 4
    [(184.0, True)]
    """
    place = _placing_nodes(lexicon, rules)
    if place is None or not actions or not drawn:
        return None
    trie = lexicon.index.trie
    flags = _vowel_ranks(lexicon)
    assert trie is not None and flags is not None
    rank_string = lexicon.rank_string
    seat_min = rules.last_line_min_length if me.last_line_free(rules) else rules.min_length
    behind = 0 if opponent is None else opponent.score - me.score
    ints = (rules.min_length, me.free_lines(rules), seat_min, bag_size, behind, opponent is not None)
    return trie.start_values(
        [rank_string(kept) for kept, _ in actions],
        [rank_string(draw) for draw in drawn],
        [take for _, take in actions],
        line_asks(lexicon, me.line_codes, rules.line_length),
        *place,
        ints,
        (weights.line, weights.draw, weights.leave, weights.win, weights.gain, weights.rack, weights.vowel),
        flags,
        OutOfTime,
    )


def _run(lexicon: Lexicon, asks: list[tuple[str, int, int, object, int, int]], rules: Rules) -> list[Outcome] | None:
    """The compiled search's outcomes of ``asks`` (``Trie.ladder_outcomes``' jobs), or ``None``."""
    trie = lexicon.index.trie
    flags = _vowel_ranks(lexicon)
    assert trie is not None and flags is not None
    try:
        rows = trie.ladder_outcomes(asks, rules.min_length, flags, OutOfTime)
    except OutOfTime:  # a memo past its limit: plan_ladder's own answer then (the single longest move)
        return None
    if rows is None:
        return None
    return [Outcome._make(row) for row in rows]
