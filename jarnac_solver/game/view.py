"""What a player is shown: the table as both players see it, never the bag's order.

A player is handed a :class:`PlayerView` (``game.view()``), not the
:class:`~jarnac_solver.game.game.Game`: the lexicon, the rules, both trays
(racks included: in Jarnac each player sees the other's rack, which a Jarnac
steals from), scores, phase, whose turn, the actions so far with what they
drew, the legal actions, the Jarnac window (formed lines, the best call), the
clock's deadline, and the unseen tiles as a multiset. It holds no seed and no
bag order: not even a reference to the game, only the game's
:class:`~jarnac_solver.game.table.Table` and the position with the bag as a
multiset (:class:`~jarnac_solver.game.table.TableState`), whose questions
(legal actions, Jarnac calls) it answers as the game does
(:mod:`~jarnac_solver.game.legal`). To try actions or play a position out,
:meth:`PlayerView.fork` makes a game from this position with the unseen tiles
shuffled by a seed of the player's own (the same fork as :meth:`Game.fork`
with that seed: :meth:`Game.at`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..budget import Deadline
from ..lexicon.alphabet import Alphabet
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import JarnacPlan
from ..moves.rules import Rules
from . import legal
from .actions import Action, CallJarnac
from .state import Played
from .table import Table, TableState

if TYPE_CHECKING:  # the class a fork is made of reaches a view as a value (Game.view gives it)
    from .game import Game

__all__ = ["PlayerView", "TableState"]


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

    __slots__ = ("_actions", "_clock", "_game_class", "_limit", "_state", "_table")

    def __init__(
        self,
        table: Table,
        state: TableState,
        actions: tuple[Played, ...],
        value_pool_limit: int | None,
        clock: Deadline | None,
        game_class: type[Game],
    ) -> None:
        """A view of the position ``state`` over ``table``, after ``actions``; ``value_pool_limit`` bounds the
        value Jarnacs it weighs (:attr:`Game.value_pool_limit`), ``clock`` the decision's deadline, and
        ``game_class`` is what :meth:`fork` makes (:meth:`Game.at`). :meth:`Game.view` makes it."""
        self._table = table
        self._state = state
        self._actions = actions
        self._limit = value_pool_limit
        self._clock = clock
        self._game_class = game_class

    # -- what the table shows -------------------------------------------------

    @property
    def lexicon(self) -> Lexicon:
        """The game's lexicon."""
        return self._table.lexicon

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self._table.rules

    @property
    def bag(self) -> Bag:
        """The game's full tile distribution (what the box holds), not what is left in the bag."""
        return self._table.bag

    @property
    def alphabet(self) -> Alphabet:
        """The lexicon's alphabet: tile codes to tiles."""
        return self._table.alphabet

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
        return self._clock

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
        return legal.legal_actions(self._table, self._state, self._limit)

    def jarnac_calls(self) -> list[CallJarnac]:
        """Jarnacs open to the player to act (:meth:`Game.jarnac_calls`)."""
        return legal.jarnac_calls(self._table, self._state, self._limit)

    def best_call(self, objective: str = "swing") -> JarnacPlan:
        """The best Jarnac the player to act could call now, bounded by counts (:meth:`Game.best_call`)."""
        return legal.best_call(self._table, self._state, objective, self._limit)

    def formed_lines(self) -> list[int]:
        """The passer's lines formed this turn that a value Jarnac may take (:meth:`Game.formed_lines`)."""
        return legal.formed_lines(self._state)

    def time_over_action(self) -> Action:
        """What a decision that overran the clock does (:meth:`Game.time_over_action`)."""
        return legal.time_over_action(self._state.phase)

    def fork(self, seed: int | None = None) -> Game:
        """A game from this position, the unseen tiles shuffled by ``seed``: :meth:`Game.fork` of the
        real game with the same seed, to try actions on (``push``/``pop``) or play out
        (``play_game(..., start=view.fork(seed))``)."""
        return self._game_class.at(self._table, self._state, seed, actions=self._actions, value_pool_limit=self._limit)

    def __repr__(self) -> str:
        s = self._state
        trays = " | ".join(str(t) for t in s.trays)
        return f"<PlayerView turn {s.turn}, {s.phase} for player {'AB'[s.to_act]}: {trays}; bag {s.bag_size}>"
