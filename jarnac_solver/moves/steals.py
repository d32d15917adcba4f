"""What a Jarnac does to the two trays: the steals taken from the passer, the words seated on the thief.

One home for these rules, which the engine plays (``game/calls.py``) and the planner's end game searches
(``planning/endgame.py``), so that the two never play different games:

- the **free lines** of a tray, in the order new words fill them (docs/rules.md#gaps);
- the **steals** taken from the passer one by one, each a move it could make, each of its lines at most
  once, a line taken by an extension left as a gap (docs/rules.md#steals, #double-jarnac);
- the **seating** of the stolen words on the thief's free lines, longest first, each legal where it lands
  (docs/rules.md#seating).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalMoveError
from ..lexicon.lexicon import Lexicon
from .move import Move
from .movegen import played
from .rules import Rules
from .tray import Codes, Tray

__all__ = ["free_slots", "misfit", "seat", "seating", "take_steals"]


def free_slots(tray: Tray, rules: Rules) -> list[int]:
    """The free lines of ``tray`` in the order new words fill them: its gaps, then the lines below its last
    word (docs/rules.md#gaps).

    >>> free_slots(Tray.parse("RAT - BUT / Z"), Rules())
    [1, 3, 4, 5, 6, 7]
    """
    gaps = [i for i, codes in enumerate(tray.line_codes) if not codes]
    return gaps + list(range(len(tray.line_codes), rules.lines))


def seating(thief: Tray, words: Sequence[Codes], rules: Rules) -> list[tuple[int, Codes]]:
    """Where each stolen word goes on the thief's tray: the words longest first (a short word, legal only
    on a last line, lands last) on its free lines in order (docs/rules.md#seating). The caller has checked
    that the thief has a free line for each word."""
    return list(zip(free_slots(thief, rules), sorted(words, key=len, reverse=True), strict=False))


def misfit(seats: Sequence[tuple[int, Codes]], rules: Rules) -> tuple[int, Codes] | None:
    """The first seat whose word is too short for its line (``None``: every word is legal where it lands)."""
    return next(((slot, codes) for slot, codes in seats if len(codes) < rules.min_length_on(slot)), None)


def seat(thief: Tray, seats: Sequence[tuple[int, Codes]]) -> Tray:
    """The thief's tray with the words of :func:`seating` on their lines."""
    lines = list(thief.line_codes)
    for slot, codes in seats:
        if slot < len(lines):
            lines[slot] = codes
        else:
            lines.append(codes)
    return Tray.trusted(tuple(lines), thief.rack_codes, thief.alphabet)


def take_steals(passer: Tray, steals: Sequence[Move], rules: Rules, lexicon: Lexicon) -> tuple[Tray, list[Codes]]:
    """The passer's tray after ``steals`` and the stolen words: each steal a move the passer could make, in
    turn, each of its lines taken at most once (a line placed in the same Jarnac cannot be extended in it);
    the lines extensions took are left as gaps (docs/rules.md#gaps). Raises :class:`IllegalMoveError` saying
    why the steals do not go together in this order. Steals of extensions name their lines."""
    after = passer
    touched: set[int] = set()
    lost: set[int] = set()
    words: list[Codes] = []
    for move in steals:
        if move.kind == "extend" and move.line_index in touched:
            raise IllegalMoveError(f"{move}: line {move.line_index + 1} is taken twice in one Jarnac")
        try:
            after, line = played(after, move, rules, lexicon)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"not a move the passer could make: {exc}") from None
        touched.add(line)
        if move.kind == "extend":
            lost.add(line)
        words.append(after.line_codes[line])
    kept = tuple(() if i in lost else codes for i, codes in enumerate(passer.line_codes))
    return Tray.trusted(kept, after.rack_codes, passer.alphabet), words
