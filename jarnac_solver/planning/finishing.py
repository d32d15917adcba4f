"""The planner's end game, one line left: fill it only when that wins for certain, else hold back.

:func:`end_game_move` finishes only when the finish wins (the Jarnac window the full tray opens, played as the
engine plays it: :func:`best_finish`); otherwise it extends lines (:func:`hold_back_ladder`), and where nothing
is left but finishes that do not win, it plays the finish or the pass whose outcome is best
(:func:`end_game_decision`). :func:`~jarnac_solver.planning.strategy.choose_move` hands it such turns.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from ..budget import Deadline
from ..lexicon.lexicon import Lexicon
from ..moves.move import Move
from ..moves.movegen import legal_moves, place_classes
from ..moves.rules import Rules
from ..moves.tray import Tray
from .endgame import (
    MAX_COMBO_NODES,
    MAX_FILLING_CALLS,
    FinalOutcome,
    WindowChoice,
    final_outcome,
    pass_outcome,
)
from .ladder import plan_ladder
from .weights import DEFAULT_WEIGHTS, Weights

__all__ = ["best_finish", "end_game_decision", "end_game_move", "hold_back_ladder"]


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
    decision does not read them; ``None``: not shown to be the same decision, the caller searches them all.

    The decision reads a finish that does not win only when there is no hold-back ladder (it is then
    weighed against a pass); a finish whose margin right after it is not positive cannot win. So: the
    winnable finishes first (best_finish's own order, cuts and best: the same win when there is one); with
    none, the ladder, and only without a ladder the whole best_finish. Exact also for the searches' bounds:
    a finish left unweighed could have raised ``OutOfTime`` (the model's node or call limits, which
    choose_move takes as an end game not settled), so it is left only when both racks its windows are
    searched from are within :func:`_settled_letters` (the racks only shrink inside the exchange, no draw
    in it); otherwise ``None``. (A Jarnac search's default 10 s ceiling is time, not the position: on so
    few letters it takes microseconds.)

    Why: ~9 in 10 of the finishes a decision that holds back would weigh are such losing ones: ~3.5% of a
    planner game's instructions in the lane (en, 100 games: 62M of 1.77G), ~1/7 of its Python.
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
