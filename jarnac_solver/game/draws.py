"""The draws: a lexicon's default bag (read once), the opening rule's vowels by code, the bag's order from a
seed (:func:`shuffled`, docs/rules.md#the-draws-generator), and what one action draws and for whom
(:class:`Draws`).
"""

from __future__ import annotations

import functools

from .. import native
from ..errors import IllegalActionError
from ..lexicon.alphabet import Alphabet
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..moves.tray import Codes
from ..rng import Pcg32
from .state import VOWELS

__all__ = ["Draws", "default_bag", "shuffled", "vowel_codes"]


_BAGS: dict[Lexicon, tuple[Lexicon, Bag]] = {}


def default_bag(lexicon: Lexicon) -> Bag:
    """``Bag.for_lexicon(lexicon)``, read once per lexicon (the lexicon itself the key, kept alive with its bag):
    a bag read and checked again for every game would be ~2% of a greedy game. A bag is read-only."""
    entry = _BAGS.get(lexicon)
    if entry is None:
        if len(_BAGS) >= 16:
            _BAGS.clear()
        entry = _BAGS[lexicon] = (lexicon, Bag.for_lexicon(lexicon))
    return entry[1]


@functools.lru_cache(maxsize=16)
def vowel_codes(alphabet: Alphabet) -> frozenset[int]:
    """The codes of ``alphabet``'s vowels (``VOWELS``: the opening's vowel rule), made once per alphabet (an
    alphabet is immutable): a set made for every game would be ~0.1% of a planner game's instructions (en)."""
    return frozenset(alphabet.index[t] for t in alphabet.tiles if t in VOWELS)


def shuffled(seed: int | str, tiles: tuple[int, ...]) -> tuple[int, ...]:
    """``tiles`` in the order ``Pcg32(seed).shuffle`` gives them (docs/rules.md#the-draws-generator): the
    compiled loop when it is built (``pcg_shuffle``, the same steps), else :meth:`Pcg32.shuffle`."""
    speedups = native.speedups
    if speedups is not None and all(0 <= t < 256 for t in tiles):
        return tuple(speedups.pcg_shuffle(Pcg32(seed), bytes(tiles)))
    order = list(tiles)
    Pcg32(seed).shuffle(order)
    return tuple(order)


class Draws:
    """What one action draws: the codes and who drew them. ``given`` (a game played over the
    board) holds the tiles the record says were drawn; otherwise the bag's order decides."""

    __slots__ = ("codes", "given", "who")

    def __init__(self, given: Codes | None = None) -> None:
        self.codes: list[int] = []
        self.who: int | None = None
        self.given = given

    def take(self, bag: list[int], k: int, who: int, alphabet: Alphabet) -> list[int]:
        """Draw ``k`` tiles from ``bag`` (changed in place) for player ``who``."""
        if self.given is None:
            taken = [bag.pop() for _ in range(k)]  # drawn from the end, last tile first
        else:
            if len(self.given) != k:
                given = alphabet.decode(self.given) or "none"
                raise IllegalActionError(f"this action draws {k} tile{'s' if k != 1 else ''}, not {given}")
            for i, code in enumerate(self.given):
                if code not in bag:
                    drawn = alphabet.decode(self.given[: i + 1])
                    raise IllegalActionError(f"draws {drawn}, but the bag holds no more {alphabet.tiles[code]}")
                bag.remove(code)
            taken = list(self.given)
        self.codes.extend(taken)
        self.who = who
        return taken
