"""Tokens by colour: each player's set, the box's spares, and payments made in tokens, with change.

Key idea: the box holds 78 tokens (docs/rules.md#nain-jaune-the-material): 12 yellow worth 5, 12 red
worth 4, 12 blue worth 3, 12 green worth 2 and 30 brown worth 1; each player gets a set of 3 yellow, 3 red,
3 blue, 3 green and 7 brown (49 points) and the rest stay in the box. A *purse* is the count of each colour
one holder holds (a player, a pot of the board, the box), yellow first. The engine counts points; this
module says which tokens move, so that every holder's tokens are worth its points at every moment and no
token is made or lost (:func:`check`).

A payment (:func:`pay`) is made exactly (docs/rules.md#nain-jaune-tokens-by-colour): a stake with the largest
tokens the payer can ("one stake worth 5 points": a yellow token when it holds one), a payment for cards left
with the smallest ("1 token worth 1 point for each of the cards remaining": brown tokens). A payer that cannot
make the amount exactly first has one of its tokens changed (the smallest token worth more than 1 that can be
changed) for smaller tokens of the same worth, by the first holder that can give them: the payee, the box, the
other players from the payer's left, then the pots in the board's order; a change moves no point.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "BOX",
    "COLOURS",
    "EMPTY",
    "SET",
    "VALUES",
    "Purse",
    "check",
    "exact",
    "opening",
    "pay",
    "worth",
]

COLOURS = ("yellow", "red", "blue", "green", "brown")
"""The tokens' colours, the most valuable first."""
VALUES = (5, 4, 3, 2, 1)
"""What a token of each colour is worth."""
SET = (3, 3, 3, 3, 7)
"""Each player's set: 3 yellow, 3 red, 3 blue, 3 green and 7 brown tokens, 49 points."""
BOX = (12, 12, 12, 12, 30)
"""The box's 78 tokens, 198 points: four sets (196 points) and 2 brown tokens to spare."""

Purse = tuple[int, int, int, int, int]
"""How many tokens of each colour a holder holds (yellow, red, blue, green, brown)."""
EMPTY: Purse = (0, 0, 0, 0, 0)


def worth(purse: Sequence[int]) -> int:
    """The points of ``purse``.

    >>> worth(SET), worth(BOX)
    (49, 198)
    """
    return sum(c * v for c, v in zip(purse, VALUES, strict=True))


def opening(players: int) -> tuple[Purse, ...]:
    """The holders at the start of a game of ``players``: each player's set, the five pots empty, the
    rest of the box last.

    >>> opening(2)[-1], worth(opening(4)[-1])
    ((6, 6, 6, 6, 16), 2)
    """
    y, r, b, g, w = (total - players * each for total, each in zip(BOX, SET, strict=True))
    return (SET,) * players + (EMPTY,) * 5 + ((y, r, b, g, w),)


def exact(purse: Sequence[int], amount: int, *, smallest: bool = False, up_to: int = 5) -> Purse | None:
    """Tokens of ``purse`` worth exactly ``amount``, each worth at most ``up_to``: the largest tokens it
    can (``smallest``: the smallest tokens it can), or ``None``.

    >>> exact((1, 0, 1, 0, 2), 5), exact((1, 0, 1, 0, 2), 5, smallest=True), exact((1, 0, 0, 0, 0), 3)
    ((1, 0, 0, 0, 0), (0, 0, 1, 0, 2), None)
    """
    if smallest and up_to >= 1 and 0 <= amount <= purse[4]:  # brown tokens alone: the common payment
        return (0, 0, 0, 0, amount)
    if not smallest and 1 <= amount <= up_to and purse[5 - amount]:  # one token of the amount: the common stake
        return tuple(int(i == 5 - amount) for i in range(5))  # type: ignore[return-value]
    order = range(4, -1, -1) if smallest else range(5)
    colours = [i for i in order if VALUES[i] <= up_to and purse[i]]
    taken = [0] * 5

    def search(k: int, left: int) -> bool:
        if left == 0:
            return True
        if k == len(colours):
            return False
        i = colours[k]
        for count in range(min(purse[i], left // VALUES[i]), -1, -1):
            taken[i] = count
            if search(k + 1, left - count * VALUES[i]):
                return True
        taken[i] = 0
        return False

    if amount < 0 or not search(0, amount):
        return None
    return (taken[0], taken[1], taken[2], taken[3], taken[4])


def _move(purses: list[Purse], src: int, dst: int, tokens: Purse) -> None:
    y, r, b, g, w = tokens
    sy, sr, sb, sg, sw = purses[src]
    dy, dr, db, dg, dw = purses[dst]
    purses[src] = (sy - y, sr - r, sb - b, sg - g, sw - w)
    purses[dst] = (dy + y, dr + r, db + b, dg + g, dw + w)


def give_all(purses: list[Purse], src: int, dst: int) -> None:
    """Every token of holder ``src`` to ``dst`` (a take, a Grand Opera)."""
    _move(purses, src, dst, purses[src])


def pay(purses: list[Purse], payer: int, payee: int, amount: int, players: int, *, smallest: bool = False) -> None:
    """Move tokens worth ``amount`` from holder ``payer`` (a player, worth at least ``amount``) to ``payee``,
    changing the payer's tokens first when it cannot pay exactly (the module's rule); ``purses`` holds the
    ``players`` players, the five pots and the box, in that order.

    >>> purses = list(opening(2))
    >>> purses[0] = (3, 0, 0, 0, 0)  # three yellow: a stake of 1 needs change
    >>> purses[-1] = (6, 9, 9, 9, 23)
    >>> pay(purses, 0, 2, 1, 2); purses[0], purses[2]
    ((2, 1, 0, 0, 0), (0, 0, 0, 0, 1))
    """
    if worth(purses[payer]) < amount:
        raise AssertionError(f"holder {payer} pays {amount} with {worth(purses[payer])} points")
    while True:
        given = exact(purses[payer], amount, smallest=smallest)
        if given is not None:
            _move(purses, payer, payee, given)
            return
        _change_one(purses, payer, payee, players)


def _change_one(purses: list[Purse], payer: int, payee: int, players: int) -> None:
    """Change one of ``payer``'s tokens worth more than 1 for smaller ones of the same worth (the smallest
    token that someone can change; the change-makers in the module's order)."""
    box = players + 5
    others = [(payer + k) % players for k in range(1, players) if (payer + k) % players != payee]
    makers = [payee, box, *others, *(h for h in range(players, box) if h != payee)]
    for i in range(3, -1, -1):  # green, blue, red, yellow: the smallest token first
        if not purses[payer][i]:
            continue
        for maker in makers:
            change = exact(purses[maker], VALUES[i], up_to=VALUES[i] - 1)
            if change is not None:
                token: Purse = tuple(int(j == i) for j in range(5))  # type: ignore[assignment]
                _move(purses, payer, maker, token)
                _move(purses, maker, payer, change)
                return
    raise AssertionError(f"no holder can change a token of holder {payer}: {purses}")


def check(purses: Sequence[Sequence[int]]) -> None:
    """Raise ``AssertionError`` unless the holders hold the box's 78 tokens, none negative.

    >>> check(opening(3))
    """
    totals = [sum(p[i] for p in purses) for i in range(5)]
    if totals != list(BOX) or any(c < 0 for p in purses for c in p):
        raise AssertionError(f"the tokens are not the box's 78: {list(purses)}")
