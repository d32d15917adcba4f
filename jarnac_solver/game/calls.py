"""Checking and resolving a Jarnac call (docs/rules.md#jarnac-window): is it legal now, and what it does.

The engine's steps (:mod:`~jarnac_solver.game.turns`) and the legal actions of a position
(:mod:`~jarnac_solver.game.legal`) ask :func:`check_call` which calls are legal, and the steps play one with
:func:`resolve_call`, both over the game's :class:`~jarnac_solver.game.table.Table` and a position; the steals
themselves, the gaps they leave and the seating of the stolen words are the move layer's (``moves/steals.py``),
where the planner's end game reads them too.
"""

from __future__ import annotations

from collections import Counter

from ..errors import IllegalActionError, IllegalMoveError
from ..integers import is_whole
from ..messages import Reason
from ..moves.move import Move
from ..moves.steals import misfit, seating, take_steals
from ..moves.tray import Codes, Tray, remove_tiles
from .actions import CallJarnac, action_tiles
from .state import GameState
from .table import Table, TableState

__all__ = ["check_call", "resolve_call"]


def check_call(table: Table, s: GameState | TableState, action: CallJarnac) -> str | None:
    """Why ``action`` is not a legal Jarnac at ``s`` (``None``: it is)."""
    try:
        resolve_call(table, s, action)
    except IllegalActionError as exc:
        return str(exc)
    return None


def resolve_call(table: Table, s: GameState | TableState, action: CallJarnac) -> tuple[Tray, list[Codes]]:
    """The passer's tray after ``action`` at ``s`` and the stolen words (codes); raises why it is not legal.

    Every steal is checked as tiles: each of the passer's lines is taken
    at most once (a line placed in the same call cannot be extended in it),
    each rack letter used once, each word seated on the thief's tray.
    """
    passer = s.trays[s.player]
    thief = s.trays[s.to_act]
    steals, taken = action.steals, action.taken_indexes
    if not isinstance(steals, tuple) or not all(isinstance(m, Move) for m in steals):
        raise IllegalActionError("a Jarnac's steals must be a tuple of moves")
    if not isinstance(taken, tuple) or any(not is_whole(i) for i in taken):
        raise IllegalActionError("a value Jarnac's lines must be a tuple of line indexes")
    if not steals:
        raise IllegalActionError("a Jarnac names at least one steal")
    free = thief.free_lines(table.rules)
    if len(steals) > free:
        raise IllegalActionError(f"{len(steals)} steals but only {free} free lines")
    if taken:
        new_passer, words = _resolve_value_call(table, s.formed_indexes, passer, steals, taken)
    else:
        new_passer, words = _resolve_steals(table, passer, steals)
    for codes in words:
        if table.alphabet.decode(codes) not in table.lexicon:
            word = {"word": table.alphabet.decode(codes), "lexicon": table.lexicon.name}
            raise IllegalActionError(Reason("error_word_not_in_lexicon", word))
    # The thief seats the words longest first (gaps, then the lines below), so a short one lands last.
    short = misfit(seating(thief, words, table.rules), table.rules)
    if short is not None:
        raise IllegalActionError(f"{table.alphabet.decode(short[1])} cannot go on the thief's line {short[0] + 1}")
    return new_passer, words


def _resolve_steals(table: Table, passer: Tray, steals: tuple[Move, ...]) -> tuple[Tray, list[Codes]]:
    """Apply ``steals`` one by one to the passer's tray, each a move the passer could make."""
    if not table.rules.steal_place and any(m.kind == "place" for m in steals):
        raise IllegalActionError("these rules do not let a new word be stolen")
    # An unnumbered steal takes the first line holding its word that no steal before it took.
    named: list[Move] = []
    taken: set[int] = set()
    unheld: IllegalActionError | None = None
    for move in steals:
        if move.kind == "extend" and move.line_index is None and isinstance(move.old, str):
            old = action_tiles(table.alphabet, move.old, "word")
            lines = [i for i, c in enumerate(passer.line_codes) if c == old and i not in taken]
            if not lines:  # said after the steals before it are checked, as the Jarnac is read in order
                unheld = IllegalActionError(f"{move}: no line holds {move.old} that this Jarnac has not taken")
                break
            move = move._replace(line_index=lines[0])
        if move.kind == "extend" and isinstance(move.line_index, int):
            taken.add(move.line_index)
        named.append(move)
    try:
        resolved = take_steals(passer, named, table.rules, table.lexicon)  # docs/rules.md#steals
    except IllegalMoveError as exc:
        raise IllegalActionError(str(exc)) from None
    if unheld is not None:
        raise unheld
    return resolved


def _resolve_value_call(
    table: Table, formed: tuple[int, ...], passer: Tray, steals: tuple[Move, ...], taken: tuple[int, ...]
) -> tuple[Tray, list[Codes]]:
    """A value Jarnac: new words from the ``taken`` lines (among ``formed``, this turn's) and the rack."""
    if not table.rules.value_jarnac:
        raise IllegalActionError("these rules have no value Jarnac")
    if any(m.kind != "place" for m in steals):
        raise IllegalActionError("a value Jarnac forms new words only")
    if len(set(taken)) != len(taken):
        raise IllegalActionError("a value Jarnac names each line once")
    if not set(taken) <= set(formed) or any(
        not 0 <= i < len(passer.line_codes) or not passer.line_codes[i] for i in taken
    ):
        raise IllegalActionError("a value Jarnac takes only lines formed this turn")
    words: list[Codes] = []
    for move in steals:
        word = action_tiles(table.alphabet, move.word, "word")
        if (
            move.line_index is not None
            or move.old is not None
            or sorted(word) != sorted(action_tiles(table.alphabet, move.letters, "letters"))
        ):
            raise IllegalActionError(f"{move!r} is not a new word spelt with its letters")
        words.append(word)
    pool = list(passer.rack_codes)
    for i in taken:
        pool += passer.line_codes[i]
    used = [code for word in words for code in word]
    if Counter(used) - Counter(pool):
        raise IllegalActionError("the new words need letters the lines and the rack do not hold")
    worth = sum(len(passer.line_codes[i]) ** 2 for i in taken)
    if sum(len(word) ** 2 for word in words) <= worth:
        raise IllegalActionError("a value Jarnac must be worth more than the lines it takes")
    kept = tuple(() if i in taken else codes for i, codes in enumerate(passer.line_codes))
    return Tray.trusted(kept, tuple(remove_tiles(pool, used)), passer.alphabet), words
