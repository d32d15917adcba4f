"""A game's table: what the game is played with (:class:`Table`) and its position as the players see it
(:class:`TableState`).

The engine (:class:`~jarnac_solver.game.game.Game`) makes its :class:`Table` once and steps its states over it
(:mod:`~jarnac_solver.game.turns`); a player's view (:class:`~jarnac_solver.game.view.PlayerView`) is given the
same table with a :class:`TableState`, and both ask the rules' questions of a position the same way
(:mod:`~jarnac_solver.game.legal`). Neither reads the other's insides.
"""

from __future__ import annotations

from typing import NamedTuple

from ..lexicon.alphabet import Alphabet
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..moves.move import Move
from ..moves.rules import Rules
from ..moves.tray import Codes, Tray

__all__ = ["Table", "TableState"]


class Table(NamedTuple):
    """What a game is played with, fixed for the whole game: the lexicon, the rules, the full tile
    distribution, the alphabet (tile codes to tiles) and the codes of the opening rule's vowels.

    It holds no seed and no bag order: a player's view keeps it.

    >>> from jarnac_solver import Game, Lexicon
    >>> table = Game(Lexicon.load("fr"), seed=1).table
    >>> table.lexicon.name, len(table.vowels) > 0
    ('fr', True)
    """

    lexicon: Lexicon
    rules: Rules
    bag: Bag
    """The full tile distribution (what the box holds), not what is left in the bag."""
    alphabet: Alphabet
    vowels: frozenset[int]
    """The codes of the vowels of the opening's vowel rule (docs/rules.md#opening-vowel-rule)."""


class TableState(NamedTuple):
    """A :class:`~jarnac_solver.game.state.GameState` as the players see it: the bag as the multiset
    ``unseen`` (sorted codes) and its size, not its order; every other field is the game state's."""

    trays: tuple[Tray, Tray]
    unseen: Codes
    """The tiles neither tray holds, the bag's (codes, sorted: a multiset, not the draw order)."""
    to_act: int
    phase: str
    turn: int
    player: int
    opened: tuple[bool, bool]
    formed_indexes: tuple[int, ...]
    final: bool
    idle_passes: int
    bonus: tuple[int, int]
    disputed: tuple[Move, Tray, tuple[int, ...]] | None
    keeping: bool
    ply: int
    result: str

    @property
    def bag_size(self) -> int:
        """How many tiles the bag holds."""
        return len(self.unseen)

    @property
    def scores(self) -> tuple[int, int]:
        """Both trays' points."""
        return (self.trays[0].score, self.trays[1].score)
