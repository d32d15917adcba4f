"""The 52 cards, the board's five sections, and how cards are written.

Key idea: a card is a small int and a hand is a 52-bit mask. Card
``(rank - 1) * 4 + suit`` holds rank 1 (the Ace) to 13 (the King) and suit
0 to 3 (clubs, diamonds, hearts, spades: ``C D H S``); a rank's four cards
are four adjacent bits, so "does this hand hold a 6" is one ``&`` with
:data:`RANK_MASKS` ``[6]``. Cards are written ``AC 2D 10H JS QS KH`` (``T``
and the suit symbols ``♣♦♥♠`` are read too), in any case.
"""

from __future__ import annotations

from ..errors import InvalidInputError

__all__ = [
    "BOARD",
    "DECK",
    "FULL",
    "RANK_MASKS",
    "RANK_NAMES",
    "SECTION_OF",
    "STAKES",
    "SUITS",
    "card",
    "card_text",
    "cards_of",
    "hand_text",
    "mask_of",
    "parse_card",
    "parse_cards",
    "rank",
]

SUITS = "CDHS"
"""Clubs, diamonds, hearts, spades: a card's suit is its index here."""
RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""A rank's name, from 1 (the Ace) to 13 (the King)."""
DECK = tuple(range(52))
FULL = (1 << 52) - 1
"""The mask of the whole deck."""
RANK_MASKS = (0, *((0b1111 << (4 * (r - 1))) for r in range(1, 14)))
"""``RANK_MASKS[r]``: the mask of the four cards of rank ``r`` (index 0 is empty)."""

_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_RANK_OF = {name: r for r, name in enumerate(RANK_NAMES) if name} | {"T": 10}


def card(rank_: int, suit: str) -> int:
    """The card of rank ``rank_`` (1 = Ace ... 13 = King) and suit ``C``, ``D``, ``H`` or ``S``.

    >>> card(10, "D"), card_text(card(10, "D"))
    (37, '10D')
    """
    if not 1 <= rank_ <= 13 or suit not in SUITS or len(suit) != 1:
        raise InvalidInputError(f"no card of rank {rank_!r} and suit {suit!r}")
    return (rank_ - 1) * 4 + SUITS.index(suit)


def rank(c: int) -> int:
    """The rank of card ``c``: 1 (Ace) to 13 (King).

    >>> rank(parse_card("QS"))
    12
    """
    return (c >> 2) + 1


def card_text(c: int) -> str:
    """Card ``c`` written: rank then suit letter.

    >>> card_text(0), card_text(51)
    ('AC', 'KS')
    """
    return RANK_NAMES[(c >> 2) + 1] + SUITS[c & 3]


BOARD = (card(10, "D"), card(11, "C"), card(12, "S"), card(13, "H"), card(7, "D"))
"""The board's sections in the order of the stakes: the 10 of Diamonds, the Jack of Clubs, the Queen
of Spades, the King of Hearts and the Seven of Diamonds, the Nain Jaune."""
STAKES = (1, 2, 3, 4, 5)
"""What each player stakes on each section at the start of a round (docs/rules.md#nain-jaune-stakes: "one stake worth 1
point on the 10 of Diamonds" ... "5 points on the Seven of Diamonds")."""
SECTION_OF = {c: i for i, c in enumerate(BOARD)}
"""A board card's section index."""


def parse_card(text: str) -> int:
    """The card written ``text`` (``10D``, ``td``, ``Q♠``), or :class:`InvalidInputError` naming it.

    >>> parse_card("7d") == BOARD[4]
    True
    >>> parse_card("11H")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: '11H' is no card: a rank (A, 2-10, J, Q, K) then a suit (C, D, H, S)
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"a card is text such as 10D, not {text!r}")
    word = text.strip().upper()
    suit = _SYMBOLS.get(word[-1:], word[-1:])
    value = _RANK_OF.get(word[:-1])
    if value is None or suit not in SUITS or len(suit) != 1:
        raise InvalidInputError(f"{text!r} is no card: a rank (A, 2-10, J, Q, K) then a suit (C, D, H, S)")
    return card(value, suit)


def parse_cards(text: str) -> list[int]:
    """The cards of ``text``, separated by spaces or commas, each once.

    >>> [card_text(c) for c in parse_cards("2C, 3h KS")]
    ['2C', '3H', 'KS']
    >>> parse_cards("2C 2c")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: '2C 2c' names the card 2C twice
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"cards are text such as '2C 3H', not {text!r}")
    cards = [parse_card(word) for word in text.replace(",", " ").split()]
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise InvalidInputError(f"{text!r} names the card {card_text(c)} twice")
        seen.add(c)
    return cards


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    """The mask of ``cards``.

    >>> mask_of([0, 1]) == 0b11
    True
    """
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of ``mask``, lowest first.

    >>> cards_of(0b101)
    [0, 2]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def hand_text(mask: int) -> str:
    """A hand written, lowest rank first (``-`` for no card).

    >>> hand_text(mask_of(parse_cards("KH 2C 10D"))), hand_text(0)
    ('2C 10D KH', '-')
    """
    return " ".join(card_text(c) for c in cards_of(mask)) or "-"
