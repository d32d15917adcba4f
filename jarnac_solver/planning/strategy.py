"""A race-aware strategy: fill lines, draw well at the start of a turn, and end the game only when ahead.

What decides a game between ladder-style players, measured (ladder against
ladder, 200 games per lexicon): the player who fills the 8th line wins 80%
(fr) and 70% (en) of the games, because the opponent gets no further turn.
The last line takes a word of any length (a single vowel is a word in both
bundled lexicons), so the game is a race to seven lines and a placeable
word, with the score only deciding who wins the race's end. Three decisions
follow from that, each a plain function below:

- :func:`choose_move` (play phase): each candidate first move is followed
  by the longest ladder (:func:`plan_ladder`) on the letters left, and the
  turn's end is valued as ``LINE_WEIGHT`` x lines filled + points gained +
  ``DRAW_WEIGHT`` x letters drawn (:func:`turn_value`). Lines come first:
  a line is both points (at least 9) and a step of the race.
- :func:`end_game_move` (one line left): fill it only when that wins for
  certain (:func:`final_outcome`: the Jarnac window the full tray opens,
  played as the engine plays it); otherwise extend lines, and if nothing
  is left but finishes that do not win, the finish or the pass whose
  outcome is best (:func:`window_choices`).
- :func:`choose_jarnac` (a Jarnac window): the best call, unless a call
  that ends the game loses it, or declining a full tray wins.

- :func:`choose_start` (start phase): draw one, or exchange three rack
  letters, whichever gives the best expected :func:`turn_value` over
  sampled draws from the unseen tiles (the bag's exact contents).

**The end-game model** (:func:`~jarnac_solver.planning.endgame.window_choices`, its own module): a
Jarnac window searched on the letters both players hold, as the engine resolves it.

The ``planner`` player (:class:`~jarnac_solver.play.players.PlannerPlayer`) plays these; measured
against :class:`~jarnac_solver.play.players.LadderPlayer` in ``benchmarks/bench_players.py``. The
``planner-learned`` player plays them with :func:`turn_value`'s weights fitted on self-play
(:mod:`~jarnac_solver.planning.learned_turn`), a :class:`Weights` a decision.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from ..budget import Deadline, OutOfTime, passed_on
from ..game.game import VOWELS
from ..lexicon.alphabet import Alphabet
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import JarnacPlan, thief_best_call
from ..moves.move import Move, added_letters
from ..moves.movegen import legal_moves
from ..moves.rules import Rules
from ..moves.tray import Tray
from ..rng import Pcg32
from .endgame import (
    MAX_FILLING_CALLS,
    FinalOutcome,
    WindowChoice,
    final_margin,
    final_outcome,
    finish_wins,
    pass_outcome,
    preferred,
    window_choices,
)
from .finishing import best_finish, end_game_decision, end_game_move, hold_back_ladder
from .ladder import plan_ladder, played_out
from .planout import clear, move_outcomes, outcomes, planned_move, start_values, turn_value_of
from .weights import DEFAULT_WEIGHTS, Weights

__all__ = [
    "DEFAULT_WEIGHTS",
    "MAX_FILLING_CALLS",
    "FinalOutcome",
    "Weights",
    "WindowChoice",
    "best_finish",
    "choose_jarnac",
    "choose_move",
    "choose_start",
    "end_game_decision",
    "end_game_move",
    "final_margin",
    "final_outcome",
    "finish_wins",
    "first_moves",
    "hold_back_ladder",
    "pass_outcome",
    "preferred",
    "start_options",
    "turn_value",
    "window_choices",
]


def choose_jarnac(
    lexicon: Lexicon,
    passer: Tray,
    thief: Tray,
    rules: Rules,
    formed_indexes: Sequence[int] = (),
    deadline: Deadline | None = None,
    value_pool_limit: int | None = None,
) -> JarnacPlan:
    """The Jarnac to call in a window (empty: decline): the best by swing, as long as the game goes on.

    When a call fills the thief's tray, or the passer's is full (declining ends the game), the choice is
    the end-game model's (:func:`window_choices`): a call that ends the game is valued by its final margin,
    and declining wins over calls that would all end the game behind. Under ``deadline``, the best call
    when the model is not settled in time.
    """
    best = thief_best_call(
        lexicon, passer, thief, rules, formed_indexes, value_pool_limit=value_pool_limit, budget=passed_on(deadline)
    )
    free = thief.free_lines(rules)
    if not best or not (passer.free_lines(rules) == 0 or free == 1 or len(best.steals) >= free):
        return best  # the game goes on whatever is called (a filling call of several words is not looked for)
    try:
        choice = preferred(window_choices(lexicon, passer, thief, rules, formed_indexes, deadline, value_pool_limit))
    except OutOfTime:
        return best
    return choice.plan


_VOWEL_CODES: dict[Alphabet, tuple[Alphabet, frozenset[int]]] = {}


def _vowel_codes(alphabet: Alphabet) -> frozenset[int]:
    """The codes of ``alphabet``'s vowel tiles (``VOWELS``), made once per alphabet."""
    entry = _VOWEL_CODES.get(alphabet)
    if entry is None:
        if len(_VOWEL_CODES) >= 16:
            _VOWEL_CODES.clear()
        codes = frozenset(code for code, tile in enumerate(alphabet.tiles) if tile in VOWELS)
        entry = _VOWEL_CODES[alphabet] = (alphabet, codes)
    return entry[1]


def turn_value(
    before: Tray,
    end: Tray,
    words: int,
    opponent: Tray | None,
    bag_size: int,
    rules: Rules,
    weights: Weights = DEFAULT_WEIGHTS,
    wins: bool | None = None,
) -> float:
    """The value of a turn that takes ``before`` to ``end`` by forming ``words`` words.

    Counts: ``weights.line`` per line filled (a line is at least 9 points
    and one step of the race to the 8th line, which ends the game with no
    further turn for the opponent), the points gained (the score is what
    wins once the race ends), ``weights.draw`` per letter drawn (one per
    word, at most what the bag holds: letters are the next moves), less
    ``weights.leave`` per vowel the rack left at the end is away from 40%
    vowels (the leave: what the unused letters will be worth). A turn
    that fills the tray is won or lost on the spot: ``weights.win`` if its
    score beats the opponent's, else no line credit for the last line
    (without ``opponent``, not known: no such term). ``wins``, when given,
    says whether the finish wins (:func:`final_outcome`: the opponent's
    final Jarnac may take a line and play on) instead of the bare scores.
    """
    codes = end.rack_codes
    # The rack's vowels counted on its codes (no tile text made: a planner values ~250 turns a game).
    counted = (weights.leave or weights.vowel) and codes
    vowels = sum(map(_vowel_codes(end.alphabet).__contains__, codes)) if counted else 0
    finish = None
    if end.free_lines(rules) == 0 and opponent is not None:
        finish = end.score > opponent.score if wins is None else wins
    gained, lines = end.score - before.score, end.filled - before.filled
    return turn_value_of(gained, lines, words, vowels, len(codes), bag_size, weights, finish)


def first_moves(lexicon: Lexicon, me: Tray, rules: Rules, count: int) -> list[Move]:
    """The first ``count`` legal moves of ``me`` by fewest letters used, then most points, then their notation
    (``sorted(legal_moves(...), key=...)[:count]``): the planner's candidates.

    Speed: with one-letter tiles a move's letters and points are its words' lengths, so the order's first two
    keys need no Move; Moves are made only for the moves that tie with the ``count``-th or come before it (a
    rack's hundreds of legal moves, each made and written to be sorted, would be ~1/8 of a move decision).

    >>> from jarnac_solver import Lexicon
    >>> [str(m) for m in first_moves(Lexicon.load("fr"), Tray.parse("/ ACEERT"), Rules(), 3)]
    ['+ACE', '+ARC', '+ARE']
    """
    legal = legal_moves(lexicon, me, rules)
    alphabet = me.alphabet
    if not alphabet.single:
        moves = list(legal)
        moves.sort(key=lambda m: (len(m.letters), -me.points(m), str(m)))
        return moves[:count]
    cheap: list[tuple[int, int, int, str]] = []  # (letters used, -points, line (-1: a new word), word)
    for i, words in enumerate(legal.extensions):
        if words:
            old = len(me.lines[i])
            cheap += [(len(w) - old, old * old - len(w) * len(w), i, w) for w in words]
    cheap += [(len(w), -len(w) * len(w), -1, w) for w in legal.places]
    if len(cheap) > count:
        cut = heapq.nsmallest(count, [(a, b) for a, b, _, _ in cheap])[-1]
        cheap = [c for c in cheap if (c[0], c[1]) <= cut]
    moves = [
        Move("place", None, None, w, added_letters("", w, alphabet))
        if i < 0
        else Move("extend", i, me.lines[i], w, added_letters(me.lines[i], w, alphabet))
        for _, _, i, w in cheap
    ]
    moves.sort(key=lambda m: (len(m.letters), -me.points(m), str(m)))
    return moves[:count]


def choose_move(
    lexicon: Lexicon,
    me: Tray,
    opponent: Tray,
    bag_size: int,
    rules: Rules,
    rng: Pcg32 | None = None,
    weights: Weights = DEFAULT_WEIGHTS,
    deadline: Deadline | None = None,
) -> Move | None:
    """The move to play now (``None``: pass, only when no move is left or finishing would lose).

    First :func:`end_game_move`. Otherwise each candidate first move (the
    ``weights.candidates`` using fewest letters, then most points, and the
    longest ladder's first move) is followed by the longest ladder on the
    letters left, and the move whose turn has the best :func:`turn_value` is
    played; ties go to the first candidate, the ladder's move when it is
    best. Lines dominate the value: of two turns the one that fills more
    lines wins, so short words are placed while the race is on. Deterministic
    (``rng`` is not used; it is taken for a uniform signature). Under a
    ``deadline`` (a clock): each ladder the best found by then, the end game
    left undecided if it is not settled in time, and no candidate looked at
    once it has passed (the first ladder's move is always there).
    """
    if clear(deadline):
        # Speed: outside the end game the whole decision in one compiled call (planout.planned_move: the same
        # ladder, candidates, values and ties as the steps below); what it cannot decide exactly is left to them.
        decided, planned = planned_move(lexicon, me, bag_size, rules, weights)
        if decided:
            return planned

    def end_game() -> tuple[bool, Move | None]:
        try:
            return end_game_move(lexicon, me, opponent, rules, weights, deadline)
        except OutOfTime:  # the deadline, or a window past the model's bounds (MAX_COMBO_NODES): not settled
            return False, None

    # Speed: without a clock the end game first, the ladder only when it does not decide (~3 of a lane game's
    # ~4 decisions handed back to Python are decided there, where a ladder searched first is not read); the
    # same answer: a decided end game has a word for the last line, so a ladder. Under a clock the ladder
    # first: the move to fall back on when the end game runs out of time.
    if deadline is None:
        decided, move = end_game()
        if decided:
            return move
    ladder = plan_ladder(lexicon, me, rules, passed_on(deadline))
    if not ladder:
        return None
    if deadline is not None:
        decided, move = end_game()
        if decided:
            return move
    looked = [ladder[0], *(m for m in first_moves(lexicon, me, rules, weights.candidates) if m != ladder[0])]
    # Speed: without a deadline near, the other candidates' ladders in one compiled call, valued from their
    # numbers (planout.py: the same ladders, so the same values; no tray made for them); a turn that fills the
    # tray is valued below, its finish searched on its end tray.
    fast = move_outcomes(lexicon, me, looked[1:], rules) if clear(deadline) else None
    free_now = me.free_lines(rules)
    best_value: float | None = None
    choice = ladder[0]
    for k, candidate in enumerate(looked):
        if best_value is not None and deadline is not None and deadline.expired():
            break
        out = fast[k - 1] if fast is not None and k else None
        placed = candidate.kind == "place"  # a new word fills a line (a gap or the next one)
        if out is not None and (opponent is None or free_now - placed > out.placed):
            gained, lines = me.points(candidate) + out.gain, placed + out.placed
            value = turn_value_of(gained, lines, 1 + out.moves, out.vowels, out.left, bag_size, weights, None)
        else:
            after = me.push(candidate, rules)
            rest = ladder[1:] if candidate == ladder[0] else plan_ladder(lexicon, after, rules, passed_on(deadline))
            end = played_out(after, rest, rules)
            wins = finish_wins(lexicon, end, opponent, rules, deadline)
            value = turn_value(me, end, 1 + len(rest), opponent, bag_size, rules, weights, wins)
        if best_value is None or value > best_value:
            best_value, choice = value, candidate
    return choice


def _exchange_pool(lexicon: Lexicon, rack: Sequence[str], size: int) -> list[int]:
    """Indexes of the ``size`` least useful rack letters: rare in the lexicon, doubled, or unbalancing."""
    frequency = lexicon.letter_counts()
    total = sum(frequency.values()) or 1
    counts = Counter(rack)
    vowels = sum(t in VOWELS for t in rack)

    def uselessness(i: int) -> tuple[float, int]:
        tile = rack[i]
        score = -frequency.get(tile, 0) / total + 0.03 * (counts[tile] - 1)
        if tile in VOWELS and vowels > len(rack) / 2:
            score += 0.03
        if tile not in VOWELS and vowels < len(rack) / 3:
            score += 0.03
        return (-score, i)

    return sorted(range(len(rack)), key=uselessness)[:size]


def start_options(
    lexicon: Lexicon,
    me: Tray,
    opponent: Tray | None,
    unseen: Sequence[str],
    bag_size: int,
    rules: Rules,
    rng: Pcg32,
    weights: Weights = DEFAULT_WEIGHTS,
    deadline: Deadline | None = None,
) -> tuple[list[tuple[tuple[str, ...] | None, float]], bool]:
    """The start of a turn, each choice valued: ``(None, value)`` draws one letter, ``(tiles, value)`` exchanges.

    Each action is valued by the mean :func:`turn_value` of the longest
    ladder after it, over ``weights.start_samples`` draws sampled from
    ``unseen`` (the same samples for every action: the draw takes the first
    letter of each); the exchanges looked at are every three among the
    ``weights.start_pool`` least useful rack letters. An exchange keeps the
    rack's size where a draw grows it, but three fresh letters find a
    placeable word (a line: the race) far more often; the sampling weighs
    the two. Best first; the flag: every ladder proven within ``deadline``
    (choices not valued in time are left out). Deterministic given ``rng``.
    """
    n = rules.exchange_size
    rack = list(me.rack_tiles())
    pool = sorted(unseen)
    index = me.alphabet.index
    samples = [rng.sample(pool, min(n, len(pool))) for _ in range(weights.start_samples)] if pool else [[]]
    exact = True

    def mean_value(kept: list[str], take: int) -> float:
        nonlocal exact
        if clear(deadline):
            # Speed: the samples' ladders in one compiled call, valued from their numbers (planout.py; the same
            # values, summed in the same order).
            racks = [tuple(index[t] for t in kept + drawn[:take]) for drawn in samples]
            fast = outcomes(lexicon, [(rack, me) for rack in racks], rules)
            if fast is not None:
                total, free = 0.0, me.free_lines(rules)
                for out in fast:
                    exact = exact and out.exact
                    finish = None
                    if opponent is not None and out.placed == free:
                        finish = me.score + out.gain > opponent.score
                    words, bag = out.moves, bag_size - take
                    total += turn_value_of(out.gain, out.placed, words, out.vowels, out.left, bag, weights, finish)
                return total / len(fast)
        total, taken = 0.0, 0
        for drawn in samples:
            if taken and deadline is not None and deadline.expired():
                exact = False  # the samples valued so far make the mean
                break
            taken += 1
            # The same lines with another rack: with_rack keeps the lines' checks (a tray made new is checked
            # again by every plan_ladder, ~10% of a planner's start).
            tray = me.with_rack(tuple(index[t] for t in kept + drawn[:take]))
            ladder = plan_ladder(lexicon, tray, rules, passed_on(deadline))
            exact = exact and ladder.exact
            end = played_out(tray, ladder, rules)
            total += turn_value(tray, end, len(ladder), opponent, bag_size - take, rules, weights)
        return total / taken

    if clear(deadline):
        # Speed: every action's samples valued in one compiled call (planout.start_values: the values
        # mean_value's compiled path makes, summed in the same order); a call an action, its jobs and their
        # values in Python would be most of a start.
        triples: list[tuple[str, ...]] = []
        if len(rack) >= n and bag_size >= n and len(pool) >= n:
            chosen = _exchange_pool(lexicon, rack, weights.start_pool)
            triples = sorted({tuple(sorted(rack[i] for i in c)) for c in combinations(chosen, n)})
        actions: list[tuple[tuple[int, ...], int]] = [(me.rack_codes, 1)]
        for triple in triples:
            kept = list(rack)
            for tile in triple:
                kept.remove(tile)
            actions.append((tuple(index[t] for t in kept), n))
        drawn = [tuple(index[t] for t in d) for d in samples]
        fast = start_values(lexicon, me, opponent, actions, drawn, bag_size, rules, weights)
        if fast is not None:
            valued: list[tuple[tuple[str, ...] | None, float]] = [(None, fast[0][0])]
            valued += [(triple, value) for triple, (value, _) in zip(triples, fast[1:], strict=True)]
            valued.sort(key=lambda o: -o[1])  # stable: on a tie the draw (listed first) stays first
            return valued, all(proven for _, proven in fast)

    options: list[tuple[tuple[str, ...] | None, float]] = [(None, mean_value(rack, 1))]
    if len(rack) >= n and bag_size >= n and len(pool) >= n:
        chosen = _exchange_pool(lexicon, rack, weights.start_pool)
        for triple in sorted({tuple(sorted(rack[i] for i in c)) for c in combinations(chosen, n)}):
            if deadline is not None and deadline.expired():
                exact = False
                break
            kept = list(rack)
            for tile in triple:
                kept.remove(tile)
            options.append((triple, mean_value(kept, n)))
    # Stable: on a tie the draw (listed first) stays first.
    options.sort(key=lambda o: -o[1])
    return options, exact


def choose_start(
    lexicon: Lexicon,
    me: Tray,
    opponent: Tray,
    unseen: Sequence[str],
    bag_size: int,
    rules: Rules,
    rng: Pcg32,
    weights: Weights = DEFAULT_WEIGHTS,
    deadline: Deadline | None = None,
) -> tuple[str, ...] | None:
    """The start of a turn: ``None`` to draw one letter, or the rack tiles to exchange (the best of
    :func:`start_options`, within ``deadline``). Deterministic given ``rng`` (and no deadline).
    """
    n = rules.exchange_size
    if len(me.rack_codes) < n or bag_size < n or len(unseen) < n:
        return None  # no exchange possible: draw, without valuing it
    return start_options(lexicon, me, opponent, unseen, bag_size, rules, rng, weights, deadline)[0][0][0]
