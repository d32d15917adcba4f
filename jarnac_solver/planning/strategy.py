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
- :func:`end_game_move` (one line left): fill it only when that wins
  (the tray's score, less the best final Jarnac the opponent could call,
  beats the opponent's score); otherwise extend lines, and if nothing but a
  losing finish is left, pass (the pass risks a Jarnac, but finishing
  behind loses for certain).
- :func:`choose_start` (start phase): draw one, or exchange three rack
  letters, whichever gives the best expected :func:`turn_value` over
  sampled draws from the unseen tiles (the bag's exact contents).

The ``planner`` player (:class:`~jarnac_solver.game.players.PlannerPlayer`) plays these; measured
against :class:`~jarnac_solver.game.players.LadderPlayer` in ``benchmarks/bench_players.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..budget import Deadline, OutOfTime, passed_on
from ..game.game import VOWELS
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import thief_best_call
from ..moves.move import Move
from ..moves.movegen import legal_moves, move_classes
from ..moves.rules import Rules
from ..moves.tray import Tray
from .ladder import plan_ladder, play_out

__all__ = [
    "DEFAULT_WEIGHTS",
    "Weights",
    "best_finish",
    "choose_move",
    "choose_start",
    "end_game_decision",
    "end_game_move",
    "final_margin",
    "hold_back_ladder",
    "start_options",
    "turn_value",
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


DEFAULT_WEIGHTS = Weights()


def final_margin(lexicon: Lexicon, full: Tray, opponent: Tray, rules: Rules, deadline: Deadline | None = None) -> int:
    """My score less the opponent's after I fill my last line, once the opponent's best final Jarnac is taken.

    The word that fills the tray ends the game, but the opponent may still
    call Jarnac on the letters left on my rack (no draw follows the last
    word): the swing of its best call (what it gains plus what I lose) is
    subtracted. Positive: finishing wins.
    """
    plan = thief_best_call(lexicon, full, opponent, rules, budget=passed_on(deadline))
    if not plan.exact:
        raise OutOfTime  # a margin decides the game's end: an unproven one is not given
    return full.score - opponent.score - plan.swing


def turn_value(
    before: Tray,
    end: Tray,
    words: int,
    opponent: Tray | None,
    bag_size: int,
    rules: Rules,
    weights: Weights = DEFAULT_WEIGHTS,
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
    (without ``opponent``, not known: no such term).
    """
    drawn = min(words, bag_size)
    lines = end.filled - before.filled
    value = (end.score - before.score) + weights.line * lines + weights.draw * drawn
    if weights.leave and end.rack_codes:
        tiles = end.rack_tiles()
        vowels = sum(t in VOWELS for t in tiles)
        value -= weights.leave * abs(vowels - 0.4 * len(tiles))
    if end.free_lines(rules) == 0 and opponent is not None:
        value += weights.win if end.score > opponent.score else -weights.line
    return value


def hold_back_ladder(lexicon: Lexicon, tray: Tray, rules: Rules) -> list[Move]:
    """The longest ladder that leaves the last free line empty (extensions only), or the best single extension."""
    if len(tray.line_codes) < rules.lines:
        # One line left and no gap: the same tray under rules with one line fewer has no free line.
        narrowed = rules.replace(lines=rules.lines - 1, last_line_min_length=rules.min_length)
        return [m for m in plan_ladder(lexicon, tray, narrowed) if m.kind == "extend"]
    moves = [m for m in legal_moves(lexicon, tray, rules) if m.kind == "extend"]
    moves.sort(key=lambda m: (-tray.points(m), str(m)))
    return moves[:1]


def best_finish(
    lexicon: Lexicon, me: Tray, opponent: Tray, rules: Rules, deadline: Deadline | None = None
) -> tuple[int, Move] | None:
    """With one free line: the word that fills it with the best :func:`final_margin`, and that margin
    (``None``: not one line left, or no word for it). Raises ``OutOfTime`` when ``deadline`` passes
    (a margin must be exact to decide the game's end).
    """
    if me.free_lines(rules) != 1:
        return None
    best: tuple[int, Move] | None = None
    # Speed: one margin per anagram class (same letters left, same final
    # Jarnac), longest first; a Jarnac only lowers a margin, so once a word's
    # points cannot beat the best margin found, no shorter one can (measured
    # on a 6-letter rack with one line left: 0.4 s -> ~10 ms).
    places, _ = move_classes(lexicon, me, rules)
    places.sort(key=lambda words: (-me.tiles(words[0]), words[0]))
    for words in places:
        n = me.tiles(words[0])
        if best is not None and me.score + n * n - opponent.score <= best[0]:
            break
        if deadline is not None:
            deadline.check()
        move = Move.place(words[0], me.alphabet)
        margin = final_margin(lexicon, me.push(move, rules), opponent, rules, deadline)
        if best is None or margin > best[0]:
            best = (margin, move)
    return best


def end_game_move(
    lexicon: Lexicon,
    me: Tray,
    opponent: Tray,
    rules: Rules,
    weights: Weights = DEFAULT_WEIGHTS,
    deadline: Deadline | None = None,
) -> tuple[bool, Move | None]:
    """With one free line and a word to put on it: ``(True, move)`` decided here, ``(False, None)`` otherwise.

    Fills the last line with the word of the best :func:`final_margin` when
    that margin is positive (a won game). Otherwise (``weights.hold_back``)
    extends a line (the longest ladder that keeps the last line free: points
    to catch up, letters drawn), or passes (``None``) when only a losing
    finish is left: the pass may be stolen by a Jarnac, but finishing behind
    is a certain loss.
    """
    finish = best_finish(lexicon, me, opponent, rules, deadline)
    decided, moves = end_game_decision(lexicon, me, rules, finish, weights)
    return decided, (moves[0] if moves else None)


def end_game_decision(
    lexicon: Lexicon, me: Tray, rules: Rules, finish: tuple[int, Move] | None, weights: Weights = DEFAULT_WEIGHTS
) -> tuple[bool, list[Move]]:
    """:func:`end_game_move` once :func:`best_finish` is known (``finish``), with the moves it plans:
    the winning finish, or the :func:`hold_back_ladder` (empty: pass)."""
    if finish is None:
        return False, []
    if finish[0] > 0:
        return True, [finish[1]]
    if not weights.hold_back:
        return False, []
    return True, hold_back_ladder(lexicon, me, rules)


def choose_move(
    lexicon: Lexicon,
    me: Tray,
    opponent: Tray,
    bag_size: int,
    rules: Rules,
    rng: random.Random | None = None,
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
    ladder = plan_ladder(lexicon, me, rules, passed_on(deadline))
    if not ladder:
        return None
    try:
        decided, move = end_game_move(lexicon, me, opponent, rules, weights, deadline)
    except OutOfTime:
        decided, move = False, None
    if decided:
        return move
    moves = list(legal_moves(lexicon, me, rules))
    moves.sort(key=lambda m: (len(m.letters), -me.points(m), str(m)))
    looked = [ladder[0], *(m for m in moves[: weights.candidates] if m != ladder[0])]
    best_value: float | None = None
    choice = ladder[0]
    for candidate in looked:
        if best_value is not None and deadline is not None and deadline.expired():
            break
        after = me.push(candidate, rules)
        rest = ladder[1:] if candidate == ladder[0] else plan_ladder(lexicon, after, rules, passed_on(deadline))
        end = play_out(after, rest, rules)
        value = turn_value(me, end, 1 + len(rest), opponent, bag_size, rules, weights)
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
    rng: random.Random,
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
        total, taken = 0.0, 0
        for drawn in samples:
            if taken and deadline is not None and deadline.expired():
                exact = False  # the samples valued so far make the mean
                break
            taken += 1
            tray = Tray._trusted(me.line_codes, tuple(index[t] for t in kept + drawn[:take]), me.alphabet, me.lines)
            ladder = plan_ladder(lexicon, tray, rules, passed_on(deadline))
            exact = exact and ladder.exact
            end = play_out(tray, ladder, rules)
            total += turn_value(tray, end, len(ladder), opponent, bag_size - take, rules, weights)
        return total / taken

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
    rng: random.Random,
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
