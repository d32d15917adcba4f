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

import functools
import heapq
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..budget import Deadline, OutOfTime, passed_on
from ..game.game import VOWELS
from ..lexicon.alphabet import Alphabet
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import JarnacPlan, thief_best_call
from ..moves.move import Move, added_letters
from ..moves.movegen import legal_moves, place_classes
from ..moves.rules import Rules
from ..moves.tray import Tray
from ..rng import Pcg32
from .endgame import (
    MAX_COMBO_NODES,
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
from .ladder import _played_out, plan_ladder
from .planout import clear, move_outcomes, outcomes, planned_move, start_values, turn_value_of

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


@dataclass(frozen=True)
class Weights:
    """The knobs of the strategy; the defaults are the measured best (see the module docstring)."""

    line: float = 100.0
    """Points a filled line is worth in :func:`turn_value` (measured: 0 -> 55%/51% against ladder,
    10 -> 64%/66%, 25 -> 69%/66%, 50 -> 78%/71%, 100 -> 80%/72%, 200 the same as 100; fr/en, 200 games, no
    start rule). With every rule on, seeds 1000 and 2000, 400 games each: 100 -> 90.8%/82.2%, 150 -> 88.5%/86.3%
    (noise level); 60 -> 89.0%/83.5% (seed 1000 only, 200 games)."""
    draw: float = 12.0
    """Points a drawn letter is worth (the planner's weight; 6 and 20 measured no better)."""
    win: float = 1000.0
    """Bonus for a turn that fills the tray while ahead: the game is won."""
    candidates: int = 12
    """First moves looked at closely, fewest letters first (40 measured no better), plus the ladder's first."""
    hold_back: bool = True
    """With one line left, never fill it while behind (measured: +3.5 points of win rate on fr and en)."""
    start_samples: int = 8
    """Sampled draws per start action (16 measured no better)."""
    start_pool: int = 6
    """Rack letters the exchanged three are chosen among (the least useful; 8 measured the same)."""
    leave: float = 5.0
    """Points lost per vowel the turn's leftover rack is away from 40% vowels (a balanced rack forms the
    next words; a single vowel finishes the last line). Measured over seeds 1000 and 2000, 400 games each:
    0 -> 86.8% fr / 82.2% en, 5 -> 90.8% fr / 82.2% en, 15 -> 89.5% / 84.0% (seed 1000 only, 200 games)."""
    gain: float = 1.0
    """Value of a point gained (1: the hand-set value counts points as they are; the learned evaluation,
    :mod:`~jarnac_solver.planning.learned`, weighs them as they are worth in final margin)."""
    rack: float = 0.0
    """Value of each letter left on the rack at the turn's end (0 in the hand-set value; learned)."""
    vowel: float = 0.0
    """Value of each vowel left on the rack at the turn's end (0 in the hand-set value; learned)."""


DEFAULT_WEIGHTS = Weights()


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


@functools.lru_cache(maxsize=16)
def _narrowed(rules: Rules) -> Rules:
    """``rules`` with one line fewer, the last one as long as the others (:func:`hold_back_ladder`'s), made once per
    rules. Speed: ``Rules.replace`` checks every option (~40 us); the end game asks it ~1.5 times a game, and one
    object kept also keeps the compiled tables the ladder keys by the rules' id."""
    return rules.replace(lines=rules.lines - 1, last_line_min_length=rules.min_length)


def hold_back_ladder(lexicon: Lexicon, tray: Tray, rules: Rules) -> list[Move]:
    """The longest ladder that leaves the last free line empty (extensions only), or the best single extension."""
    if len(tray.line_codes) < rules.lines:
        # One line left and no gap: the same tray under rules with one line fewer has no free line.
        narrowed = _narrowed(rules)
        return [m for m in plan_ladder(lexicon, tray, narrowed) if m.kind == "extend"]
    moves = [m for m in legal_moves(lexicon, tray, rules) if m.kind == "extend"]
    moves.sort(key=lambda m: (-tray.points(m), str(m)))
    return moves[:1]


def best_finish(
    lexicon: Lexicon, me: Tray, opponent: Tray, rules: Rules, deadline: Deadline | None = None
) -> tuple[FinalOutcome, Move] | None:
    """With one free line: the word that fills it with the best :func:`final_outcome`, and that outcome
    (``None``: not one line left, or no word for it). Best: a certain win (the largest margin), then a
    finish the opponent can only answer by playing on (the best margin after its call), then the smallest
    loss. Raises ``OutOfTime`` when ``deadline`` passes (a margin must be exact to decide the game's end).
    """
    if me.free_lines(rules) != 1:
        return None
    best, _ = _finish_search(lexicon, me, opponent, rules, deadline, _finishes(lexicon, me, rules), False)
    return best


def _finishes(lexicon: Lexicon, me: Tray, rules: Rules) -> list[list[str]]:
    """The words for ``me``'s last free line, one list per anagram class (same letters left, same final
    Jarnacs), longest first: the order :func:`best_finish` weighs them in."""
    places = place_classes(lexicon, me, rules)
    places.sort(key=lambda words: (-me.tiles(words[0]), words[0]))
    return places


def _finish_search(
    lexicon: Lexicon,
    me: Tray,
    opponent: Tray,
    rules: Rules,
    deadline: Deadline | None,
    places: list[list[str]],
    winnable: bool,
) -> tuple[tuple[FinalOutcome, Move] | None, int]:
    """:func:`best_finish`'s search over ``places`` (:func:`_finishes`): the best finish, and where it
    stopped. With ``winnable``, it stops before the first class that cannot win (a finish's margin is at
    most the scores' right after it, the opponent's answer only lowering it): the index of that class is
    returned (``len(places)``: none was left out), and the best is the same whenever it is a win."""
    best: tuple[FinalOutcome, Move] | None = None
    best_key = (0, 0)
    # Speed: one outcome per anagram class, longest first; the opponent's answer only lowers a margin
    # (declining is one of its choices), so once a word's points cannot beat the best certain win found,
    # no shorter one can.
    # A game that goes on needs a side with two free lines after a call (or a value Jarnac, or a thief that
    # keeps the turn); without one, every outcome is a margin, at most the points on the table.
    can_open = opponent.free_lines(rules) >= 2 or rules.value_jarnac or rules.thief_keeps_turn_on_last_line
    for i, words in enumerate(places):
        n = me.tiles(words[0])
        most = me.score + n * n - opponent.score
        if best is not None and (best[0].wins or not can_open) and most <= best[0].margin:
            break
        if winnable and most <= 0:
            return best, i
        if deadline is not None:
            deadline.check()
        move = Move.place(words[0], me.alphabet)
        # A word of place_classes is on the rack, in the lexicon and as long as the next line asks (legal by
        # construction): only its tiles are read (Tray.play_known, without push's checks of the move's parts).
        outcome = final_outcome(lexicon, me.play_known((move,), rules), opponent, rules, deadline)
        key = (2 if outcome.wins else 1 if outcome.open else 0, outcome.margin)
        if best is None or key > best_key:
            best, best_key = (outcome, move), key
    return best, len(places)


def _binomial_sum(letters: int, lines: int, k: int) -> int:
    """A bound on the sets of ``k`` steals a search of the end-game model combines from a rack of ``letters``
    on a tray of at most ``lines`` lines: each steal a line (or a new word) and a non-empty part of the
    rack, the parts disjoint: (lines + 1)^k times the ways to split k non-empty blocks off ``letters``
    tiles (Stirling numbers of the second kind, over the tiles used)."""
    stirling = [[0] * (letters + 1) for _ in range(letters + 1)]
    stirling[0][0] = 1
    for j in range(1, letters + 1):
        for b in range(1, j + 1):
            stirling[j][b] = b * stirling[j - 1][b] + stirling[j - 1][b - 1]
    seats: int = (lines + 1) ** k
    return seats * sum(math.comb(letters, j) * stirling[j][k] for j in range(k, letters + 1))


@functools.lru_cache(maxsize=16)
def _settled_letters(lines: int) -> int:
    """The most letters a rack may hold for every end-game window searched from it to settle under the
    model's bounds (``MAX_COMBO_NODES`` nodes, ``MAX_FILLING_CALLS`` calls: :func:`_filling_calls`, whose
    combinations of steals :func:`_binomial_sum` bounds), whatever the rack and the tray: 4 on 8 lines."""
    letters = 0
    while letters < 12:
        bounds = [_binomial_sum(letters + 1, lines, k) for k in range(1, letters + 2)]
        if 1 + sum(bounds) > MAX_COMBO_NODES or max(bounds) > MAX_FILLING_CALLS:
            break
        letters += 1
    return letters


def _quick_end_game(
    lexicon: Lexicon, me: Tray, opponent: Tray, rules: Rules, weights: Weights
) -> tuple[bool, Move | None] | None:
    """:func:`end_game_move` without a deadline, the finishes that cannot win left unweighed where the
    decision does not read them; ``None``: not shown to be the same decision, the caller searches as before.

    The decision reads a finish that does not win only when there is no hold-back ladder (it is then
    weighed against a pass); a finish whose margin right after it is not positive cannot win. So: the
    winnable finishes first (best_finish's own order, cuts and best: the same win when there is one); with
    none, the ladder, and only without a ladder the whole best_finish. Exact also for the searches' bounds:
    a finish left unweighed could have raised ``OutOfTime`` (the model's node or call limits, which
    choose_move takes as an end game not settled), so it is left only when both racks its windows are
    searched from are within :func:`_settled_letters` (the racks only shrink inside the exchange, no draw
    in it); otherwise ``None``. (A Jarnac search's default 10 s ceiling is time, not the position: on so
    few letters it takes microseconds.)

    Speed: ~9 in 10 of the finishes weighed in the decisions that hold back were such losing ones: ~3.5% of
    a planner game's instructions in the lane (en, 100 games: 62M of 1.77G), ~1/7 of its Python.
    """
    if me.free_lines(rules) != 1:
        return None
    places = _finishes(lexicon, me, rules)
    if not places:
        return False, None  # best_finish: None, so not decided
    best, stop = _finish_search(lexicon, me, opponent, rules, None, places, True)
    if best is not None and best[0].wins:
        return True, best[1]
    if stop < len(places):
        left = len(me.rack_codes) - me.tiles(places[-1][0])  # the shortest finish leaves the most letters
        if max(left, len(opponent.rack_codes)) > _settled_letters(rules.lines):
            return None
    if not weights.hold_back:
        return False, None
    ladder = hold_back_ladder(lexicon, me, rules)
    if ladder:
        return True, ladder[0]
    # best_finish on the classes already found (its own steps: one free line, these classes in this order).
    finish, _ = _finish_search(lexicon, me, opponent, rules, None, places, False)
    assert finish is not None  # places is not empty
    outcome, move = finish
    # end_game_decision's last step, its ladder known empty (the finish does not win: none above did).
    chosen = _finish_or_pass(outcome, move, lambda: pass_outcome(lexicon, me, opponent, rules, (), None))
    return True, (chosen[0] if chosen else None)


def end_game_move(
    lexicon: Lexicon,
    me: Tray,
    opponent: Tray,
    rules: Rules,
    weights: Weights = DEFAULT_WEIGHTS,
    deadline: Deadline | None = None,
) -> tuple[bool, Move | None]:
    """With one free line and a word to put on it: ``(True, move)`` decided here, ``(False, None)`` otherwise.

    Fills the last line with the best :func:`best_finish` when that wins for
    certain. Otherwise (``weights.hold_back``) extends a line (the longest
    ladder that keeps the last line free: points to catch up, letters drawn,
    and fewer letters left for a final Jarnac), or, with no extension left,
    finishes or passes (``None``), whichever the end-game model values best
    for me (:func:`pass_outcome`): a pass the opponent can answer only by
    playing on beats a finish it answers by taking a line and playing on.
    """
    if deadline is None:
        quick = _quick_end_game(lexicon, me, opponent, rules, weights)
        if quick is not None:
            return quick
    finish = best_finish(lexicon, me, opponent, rules, deadline)
    decided, moves = end_game_decision(
        lexicon, me, rules, finish, weights, lambda: pass_outcome(lexicon, me, opponent, rules, (), deadline)
    )
    return decided, (moves[0] if moves else None)


def _mine(choice: WindowChoice) -> tuple[int, int]:
    """The opponent's choice in my Jarnac window, ranked from my side (as :attr:`WindowChoice.key` ranks mine)."""
    if choice.margin is None:
        return (1, -choice.score)
    return (2 if choice.margin < 0 else 0, -choice.margin)


def end_game_decision(
    lexicon: Lexicon,
    me: Tray,
    rules: Rules,
    finish: tuple[FinalOutcome, Move] | None,
    weights: Weights = DEFAULT_WEIGHTS,
    passing: WindowChoice | Callable[[], WindowChoice] | None = None,
) -> tuple[bool, list[Move]]:
    """:func:`end_game_move` once :func:`best_finish` (``finish``) is known, with the moves it plans: the
    winning finish, the :func:`hold_back_ladder`, or the finish or a pass (empty), whichever is better for
    me by :func:`pass_outcome` (``passing``: the opponent's answer to a pass, or how to find it when it is
    needed; ``None``: not known, the finish is taken when the game would go on, else the pass)."""
    if finish is None:
        return False, []
    outcome, move = finish
    if outcome.wins:
        return True, [move]
    if not weights.hold_back:
        return False, []
    ladder = hold_back_ladder(lexicon, me, rules)
    if ladder:
        return True, ladder
    return True, _finish_or_pass(outcome, move, passing)


def _finish_or_pass(
    outcome: FinalOutcome, move: Move, passing: WindowChoice | Callable[[], WindowChoice] | None
) -> list[Move]:
    """:func:`end_game_decision`'s last step, with no winning finish and no hold-back ladder: the finish
    (``[move]``, leading to ``outcome``) or a pass (``[]``), whichever is better for me by the opponent's
    answer to a pass (``passing``, as there)."""
    if passing is None:
        return [move] if outcome.open else []
    finishing = (2 if outcome.wins else 1 if outcome.open else 0, outcome.margin)
    answer = passing if isinstance(passing, WindowChoice) else passing()
    return [move] if finishing > _mine(answer) else []


def first_moves(lexicon: Lexicon, me: Tray, rules: Rules, count: int) -> list[Move]:
    """The first ``count`` legal moves of ``me`` by fewest letters used, then most points, then their notation
    (``sorted(legal_moves(...), key=...)[:count]``): the planner's candidates.

    Speed: with one-letter tiles a move's letters and points are its words' lengths, so the order's first two
    keys need no Move; Moves are made only for the moves that tie with the ``count``-th or come before it (a
    rack's hundreds of legal moves were each made and written to be sorted, ~1/8 of a move decision).

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
    # ~4 decisions handed back to Python are decided there, and their ladder was searched for nothing); the
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
            end = _played_out(after, rest, rules)
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
            # The same lines with another rack: _with_rack keeps the lines' checks (a tray made new was checked
            # again by every plan_ladder, ~10% of a planner's start).
            tray = me._with_rack(tuple(index[t] for t in kept + drawn[:take]))
            ladder = plan_ladder(lexicon, tray, rules, passed_on(deadline))
            exact = exact and ladder.exact
            end = _played_out(tray, ladder, rules)
            total += turn_value(tray, end, len(ladder), opponent, bag_size - take, rules, weights)
        return total / taken

    if clear(deadline):
        # Speed: every action's samples valued in one compiled call (planout.start_values: the values
        # mean_value's compiled path makes, summed in the same order), where each action's call, its jobs
        # and their values in Python were most of a start.
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
