"""What a player is shown: the table as both players see it, never the bag's order.

A player is handed a :class:`PlayerView` (``game.view()``), not the
:class:`~jarnac_solver.game.game.Game`: the lexicon, the rules, both trays
(racks included: in Jarnac each player sees the other's rack, which a Jarnac
steals from), scores, phase, whose turn, the actions so far with what they
drew, the legal actions, the Jarnac window (formed lines, the best call), the
clock's deadline, and the unseen tiles as a multiset. It holds no seed and no
bag order: not even a reference to the game, only a copy whose bag is sorted.
To try actions or play a position out, :meth:`PlayerView.fork` makes a game
from this position with the unseen tiles shuffled by a seed of the player's
own (the same fork as :meth:`Game.fork` with that seed).
"""

from __future__ import annotations

from typing import NamedTuple

from ..budget import Deadline
from ..errors import InvalidInputError
from ..lexicon.alphabet import Alphabet
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import JarnacPlan
from ..moves.move import Move
from ..moves.rules import Rules
from ..moves.tray import Codes, Tray
from .actions import Action, CallJarnac

TYPE_CHECKING = False  # mypy reads any constant of this name as True
if TYPE_CHECKING:
    from .game import Game, Played, TableParts

__all__ = ["PlayerView", "TableState"]


class TableState(NamedTuple):
    """A :class:`~jarnac_solver.game.game.GameState` as the players see it: the bag as the multiset
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


class PlayerView:
    """A game as the player to act sees it (:meth:`Game.view`); read-only, for one decision.

    It has what players read from a game (``lexicon``, ``rules``, ``bag`` the
    full tile distribution, ``alphabet``, ``state``, ``actions``, ``clock``,
    ``scores()``, ``legal_actions()``, ``jarnac_calls()``, ``best_call()``,
    ``formed_lines()``, ``time_over_action()``), with ``state`` a
    :class:`TableState`: ``state.unseen`` and ``state.bag_size`` instead of
    the bag. It has no ``seed``, no bag order, no ``push``/``pop``: try
    actions on :meth:`fork`.

    >>> from jarnac_solver import Draw, Game, Lexicon
    >>> game = Game(Lexicon.load("fr"), seed=1)
    >>> game.push(Draw())
    >>> view = game.view()
    >>> view.state.phase, view.state.bag_size, len(view.legal_actions()) > 1
    ('play', 138, True)
    >>> hasattr(view, "seed"), hasattr(view.state, "bag")
    (False, False)
    >>> view.fork(seed=3).state == game.fork(seed=3).state
    True
    """

    __slots__ = ("_actions", "_made", "_parts", "_state")

    def __init__(self, game: Game) -> None:
        # Looked at, not imported: game.py makes views (Game.view), so view.py does not import it back.
        if not callable(getattr(game, "_table_parts", None)) or not hasattr(game, "_unseen"):
            raise InvalidInputError(f"a view is of a Game, not {type(game).__name__}")
        s = game.state
        # Speed: the table state is the game state's tuple with the bag sorted (the fields are the same, in
        # the same order: checked at import), made in one tuple.__new__, and the view's own game (the
        # table: the bag sorted, no seed, no undo stack, no actions) only when a question needs it.
        # Most decisions read the state alone: a view costs ~3 us an action (~23 us with the game made).
        self._state: TableState = tuple.__new__(TableState, (s[0], game._unseen(), *s[2:]))
        self._actions = tuple(game.actions)
        self._parts: TableParts = game._table_parts()
        self._made: Game | None = None

    @property
    def _table(self) -> Game:
        """The view's own game, made on first use; nothing reaches the real one."""
        table = self._made
        if table is None:
            table = self._made = self._parts[0]._of_table(self._parts, self._state)
        return table

    # -- what the table shows -------------------------------------------------

    @property
    def lexicon(self) -> Lexicon:
        """The game's lexicon."""
        return self._parts[1]

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self._parts[2]

    @property
    def bag(self) -> Bag:
        """The game's full tile distribution (what the box holds), not what is left in the bag."""
        return self._parts[3]

    @property
    def alphabet(self) -> Alphabet:
        """The lexicon's alphabet: tile codes to tiles."""
        return self._parts[4]

    @property
    def state(self) -> TableState:
        """The position: trays, phase, whose turn, the unseen tiles..."""
        return self._state

    @property
    def actions(self) -> tuple[Played, ...]:
        """Every action so far, with the tiles it drew (they went onto a rack, in sight of both)."""
        return self._actions

    @property
    def clock(self) -> Deadline | None:
        """The deadline of this decision under a clock (``None``: no clock)."""
        return self._parts[8]

    def unseen_tiles(self) -> list[str]:
        """The unseen tiles as text, sorted (what ``planning.unseen_tiles(view.bag, view.state.trays)`` gives)."""
        tiles = self.alphabet.tiles
        return sorted(tiles[code] for code in self._state.unseen)

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._state.phase == "over"

    def scores(self) -> tuple[int, int]:
        """Both players' points."""
        return self._state.scores

    # -- what the player may do -----------------------------------------------

    def legal_actions(self) -> list[Action]:
        """What the player to act may do now (:meth:`Game.legal_actions`)."""
        return self._table.legal_actions()

    def jarnac_calls(self) -> list[CallJarnac]:
        """Jarnacs open to the player to act (:meth:`Game.jarnac_calls`)."""
        return self._table.jarnac_calls()

    def best_call(self, objective: str = "swing") -> JarnacPlan:
        """The best Jarnac the player to act could call now, bounded by counts (:meth:`Game.best_call`)."""
        return self._table.best_call(objective)

    def formed_lines(self) -> list[int]:
        """The passer's lines formed this turn that a value Jarnac may take (:meth:`Game.formed_lines`)."""
        return self._table.formed_lines()

    def time_over_action(self) -> Action:
        """What a decision that overran the clock does (:meth:`Game.time_over_action`)."""
        return self._table.time_over_action()

    def fork(self, seed: int | None = None) -> Game:
        """A game from this position, the unseen tiles shuffled by ``seed``: :meth:`Game.fork` of the
        real game with the same seed, to try actions on (``push``/``pop``) or play out
        (``play_game(..., start=view.fork(seed))``)."""
        game = self._table.fork(seed)
        game.actions = list(self._actions)
        return game

    def __repr__(self) -> str:
        s = self._state
        trays = " | ".join(str(t) for t in s.trays)
        return f"<PlayerView turn {s.turn}, {s.phase} for player {'AB'[s.to_act]}: {trays}; bag {s.bag_size}>"
