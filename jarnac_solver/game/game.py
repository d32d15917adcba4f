"""The game engine: two trays, the bag, the turns, the Jarnac window, the end.

Every state is an immutable :class:`GameState`; ``push`` checks an action,
keeps the old state on a stack and makes the new one, ``pop`` restores it:
undo is exact, the bag's order included. Randomness comes from the seed
alone, drawn by the portable generator of :mod:`jarnac_solver.rng` (PCG32,
docs/rules.md#the-draws-generator): the bag is shuffled once with it, and where
tiles go back into the bag (an exchange, the opening vowel rule) the positions
come from a generator seeded with the text ``"{seed}:{ply}"``. The same seed and
the same actions give the same game, to the tile. :meth:`Game.fork` starts a
game from any position with the bag re-sampled by another seed; a player is
shown :meth:`Game.view`, which holds neither the seed nor the bag's order.

Phases: ``opening`` (draw the first letters), ``start`` (draw 1 or
exchange), ``play`` (moves, then pass), ``jarnac`` (the opponent's window
after a pass or a full tray), ``dispute`` (competitive rules: after each
word, before the draw), ``over``.
"""

from __future__ import annotations

import os
from bisect import bisect_left
from collections import Counter
from typing import TYPE_CHECKING

from ..budget import Deadline
from ..errors import IllegalActionError, InvalidInputError
from ..integers import is_whole
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import JarnacPlan
from ..moves.movegen import DEFAULT_RULES
from ..moves.rules import Rules
from ..moves.tray import Codes, Tray
from . import legal
from .actions import Action, CallJarnac, action_tiles
from .commitment import draws_commitment
from .draws import Draws, default_bag, shuffled, vowel_codes
from .state import PHASES, GameState, Played, replaced_state
from .state import VOWELS as VOWELS  # re-exported: callers import it from here
from .table import Table, TableState
from .turns import step

if TYPE_CHECKING:
    from .view import PlayerView

__all__ = ["PHASES", "Game", "GameState", "Played"]

_PlayerView: type[PlayerView] | None = None


class Game:
    """A two-player game of Jarnac.

    >>> from jarnac_solver import Draw, Lexicon
    >>> game = Game(Lexicon.load("fr"), seed=1)
    >>> game.state.phase, game.state.to_act
    ('opening', 0)
    >>> game.push(Draw()); len(game.state.trays[0].rack)
    6
    >>> game.pop()
    Draw()
    >>> len(game.state.trays[0].rack)
    0
    """

    def __init__(
        self,
        lexicon: Lexicon,
        rules: Rules | None = None,
        bag: Bag | None = None,
        seed: int | None = None,
        *,
        over_the_board: bool = False,
    ) -> None:
        """A new game. ``seed`` orders the bag (random when ``None``). With ``over_the_board``,
        no seed: every action that draws is pushed with the tiles drawn at the table
        (``push(action, drawn=...)``), checked against what the bag still holds."""
        if not isinstance(lexicon, Lexicon):
            raise InvalidInputError(f"expected a Lexicon, got {type(lexicon).__name__}")
        if rules is not None and not isinstance(rules, Rules):
            raise InvalidInputError(f"expected Rules or None, got {type(rules).__name__} (use Rules.preset(name))")
        if not isinstance(over_the_board, bool):
            raise InvalidInputError(f"over_the_board must be True or False, not {over_the_board!r}")
        self.lexicon = lexicon
        # The default rules one shared object (a frozen dataclass): the tables the planner's lane and compiled
        # planner keep per (lexicon, rules) pair find it again game after game, where a Rules() made for every
        # game would make them again (~8% of a planner-v-planner game in the lane, en).
        self.rules = rules or DEFAULT_RULES
        self.bag = default_bag(lexicon) if bag is None else Bag.for_lexicon(lexicon, bag)
        self.over_the_board = bool(over_the_board)
        if seed is None:
            seed = 0 if over_the_board else int.from_bytes(os.urandom(4), "big")
        if not is_whole(seed):
            raise InvalidInputError(f"seed must be a whole number or None, not {seed!r}")
        self.seed = seed
        alphabet = self.alphabet = lexicon.alphabet
        # Tiles are codes from here on; shuffling codes permutes exactly as
        # shuffling the tiles' text did, so a seed gives the same game.
        tiles = shuffled(seed, tuple(self.bag.codes(alphabet)))
        self._start_bag: Codes | None = None if over_the_board else tiles
        self.table = Table(lexicon, self.rules, self.bag, alphabet, vowel_codes(alphabet))
        """What the game is played with (lexicon, rules, tile distribution, alphabet, vowels): what the turns'
        steps (:mod:`~jarnac_solver.game.turns`) and a player's view read."""
        empty = Tray.trusted((), (), alphabet)
        self.state = GameState((empty, empty), tuple(tiles), 0, "opening", 1, 0)
        self._stack: list[GameState] = []
        self.actions: list[Played] = []
        """Every action pushed, with what it drew (:class:`Played`)."""
        self.clock: Deadline | None = None
        """Under a clock (``rules.think_seconds``), the deadline of the decision being made: set by the
        engine (:func:`~jarnac_solver.play.players.play_game`) before it asks a player, and the budget
        of the players that search; ``None``: no clock, search exactly."""
        self.value_pool_limit: int | None = 20
        """Value Jarnacs the engine offers recompose pools of at most this many letters
        (exact up to there; the search grows steeply beyond, see docs/design.md)."""
        self.resampled = False
        """The bag was re-sampled by :meth:`fork`: the draws no longer follow from :attr:`seed`, and
        the game's record writes them out as a game over the board does (``[Seed "-"]``)."""

    # -- reading the state --------------------------------------------------

    @property
    def commitment(self) -> str | None:
        """The game's commitment to its draws (docs/rules.md#fair-draws): the SHA-256 of its seed and its
        bag at the start (:func:`~jarnac_solver.game.commitment.draws_commitment`), shown before the first
        draw while the seed stays hidden, checked against the seed revealed at the end; ``None`` over the
        board (the tiles drawn at the table are given) and for a view's game (no seed).

        >>> game = Game(Lexicon.load("fr"), seed=1)
        >>> len(game.commitment), game.commitment == Game(Lexicon.load("fr"), seed=1).commitment
        (64, True)
        >>> game.commitment == game.fork(seed=2).commitment  # a fork commits to its own bag
        False
        """
        start = self._start_bag
        if start is None:
            return None
        tiles = self.alphabet.tiles
        return draws_commitment(self.seed, [tiles[code] for code in start])

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.phase == "over"

    def scores(self) -> tuple[int, int]:
        """Both players' points: the sum of tiles² over their lines."""
        return self.state.scores

    def winner(self) -> int | None:
        """0 or 1 once the game is over (``None``: a draw, or not over)."""
        if not self.is_over():
            return None
        a, b = self.scores()
        return None if a == b else (0 if a > b else 1)

    def drawn_text(self, played: Played) -> str:
        """What ``played`` drew, as a record writes it: ``EI.J``, or ``A:E`` when the drawer is not the actor."""
        text = self.alphabet.decode(played.drawn)
        if played.drawer is not None and played.drawer != played.player and text:
            return f"{'AB'[played.drawer]}:{text}"
        return text

    def __repr__(self) -> str:
        s = self.state
        trays = " | ".join(str(t) for t in s.trays)
        return f"<Game turn {s.turn}, {s.phase} for player {'AB'[s.to_act]}: {trays}; bag {len(s.bag)}>"

    # -- legal actions ------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """What the player to act may do now (Jarnac: each single steal and the best plan:
        :func:`~jarnac_solver.game.legal.legal_actions`)."""
        return legal.legal_actions(self.table, self.state, self.value_pool_limit)

    def jarnac_calls(self) -> list[CallJarnac]:
        """Jarnacs open to the player to act: every single steal, and the best plan."""
        return legal.jarnac_calls(self.table, self.state, self.value_pool_limit)

    def time_over_action(self) -> Action:
        """What a decision that overran the clock does: nothing it may decline. A pass in the play
        phase (the turn ends, as at a table; a move left open invites a Jarnac), declining a
        Jarnac, accepting a word instead of disputing it, and the obligatory draw at the start.

        >>> from jarnac_solver import Lexicon
        >>> Game(Lexicon.load("fr"), seed=1).time_over_action()  # the opening draw
        Draw()
        """
        return legal.time_over_action(self.state.phase)

    def best_call(self, objective: str = "swing") -> JarnacPlan:
        """The best Jarnac the player to act could call now (empty outside a window). Bounded by counts
        (``value_pool_limit``), never by :attr:`clock`: under a clock the same call as without one, so a
        seed gives the same game on any machine (the clock only times the decision)."""
        return legal.best_call(self.table, self.state, objective, self.value_pool_limit)

    def formed_lines(self) -> list[int]:
        """Indexes of the passer's lines formed this turn that still hold a word (what a value Jarnac may take)."""
        return legal.formed_lines(self.state)

    # -- applying actions ---------------------------------------------------

    def push(self, action: Action, player: int | None = None, drawn: str | Codes | None = None) -> None:
        """Apply ``action`` for the player to act; :class:`IllegalActionError` says why not.

        With ``player`` (0 or 1), the action is refused unless that player is
        the one to act. In a game played over the board, ``drawn`` is what the
        action drew (text such as ``"EI.J"`` or tile codes), checked against
        the bag: a tile it no longer holds is refused. A refused action leaves
        the game unchanged, however the action was built (parsed, constructed
        by hand, read from a record).
        """
        s = self.state
        given: Codes | None = None
        if self.over_the_board:
            given = self._given(drawn)
        elif drawn is not None:
            raise IllegalActionError("this game draws from its seeded bag: give drawn= only over the board")
        if s.phase == "over":
            raise IllegalActionError("the game is over")
        if player is not None and player != s.to_act:
            raise IllegalActionError(
                f"{action} by player {'AB'[player] if player in (0, 1) else player!r}: "
                f"player {'AB'[s.to_act]} is to act ({s.phase} phase)"
            )
        draws = Draws(given)
        try:
            new = step(self.table, s, action, draws, self.seed)
        except (TypeError, AttributeError) as exc:
            # An action built by hand with parts of the wrong type: refused like any illegal one.
            raise IllegalActionError(f"{action!r} is not a well-formed action ({exc})") from None
        if given and not draws.codes:
            raise IllegalActionError(f"{action} draws no tile, but {self.alphabet.decode(given)} was given")
        self._stack.append(s)
        self.actions.append(tuple.__new__(Played, (s.to_act, action, tuple(draws.codes), draws.who)))
        self.state = replaced_state(new, ply=s.ply + 1)

    def _given(self, drawn: str | Codes | None) -> Codes:
        if drawn is None:
            return ()
        if isinstance(drawn, str):
            return action_tiles(self.alphabet, drawn, "drawn tiles")
        codes = tuple(drawn)
        if any(not is_whole(c) or not 0 <= c < len(self.alphabet) for c in codes):
            raise IllegalActionError(f"drawn tiles must be text or tile codes, not {drawn!r}")
        return codes

    def pop(self) -> Action:
        """Undo the last action, exactly; returns it (a re-sampled :meth:`fork` undoes only its own actions)."""
        if not self._stack:
            if self.actions:
                raise IllegalActionError(f"no action to undo: this game was forked after action {len(self.actions)}")
            raise IllegalActionError("no action to undo")
        self.state = self._stack.pop()
        return self.actions.pop().action

    def fork(self, seed: int | None = None, *, keep_bag: bool = False) -> Game:
        """A new game from this position, to play on without changing this one.

        The hidden tiles, the bag's, are re-sampled: the bag holds the same
        tiles (the unseen ones: both trays are on the table) in the order
        ``seed`` shuffles them (random when ``None``), whatever their order
        here, so the same position and seed give the same fork, and a fork of
        a player's :meth:`view` is the fork of the game. Trays, scores, phase
        and the actions so far are this game's; :attr:`seed` is ``seed`` (it
        orders what goes back into the bag from here on); the fork draws by
        itself (even from a game over the board), undoes only its own actions,
        and its record writes every draw out (:attr:`resampled`).
        With ``keep_bag`` (and no ``seed``), an exact copy: the same bag order
        and seed, the same draws to come, undo included.

        >>> from jarnac_solver import Draw, Lexicon
        >>> game = Game(Lexicon.load("fr"), seed=1)
        >>> game.push(Draw())
        >>> fork = game.fork(seed=7)
        >>> fork.state.trays == game.state.trays, sorted(fork.state.bag) == sorted(game.state.bag)
        (True, True)
        >>> fork.state.bag == game.fork(seed=7).state.bag, fork.state.bag == game.state.bag
        (True, False)
        """
        if not isinstance(keep_bag, bool):
            raise InvalidInputError(f"keep_bag must be True or False, not {keep_bag!r}")
        if keep_bag:
            if seed is not None:
                raise InvalidInputError("a fork that keeps the bag keeps its seed too: give no seed")
            return self._copy(self.state, self.seed, list(self._stack), self.over_the_board, self.resampled)
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        if not is_whole(seed):
            raise InvalidInputError(f"seed must be a whole number or None, not {seed!r}")
        bag = shuffled(seed, tuple(sorted(self.state.bag)))  # the multiset, whatever the order here
        fork = self._copy(replaced_state(self.state, bag=bag), seed, [], False, True)
        fork._start_bag = bag
        return fork

    def _copy(
        self,
        state: GameState,
        seed: int,
        stack: list[GameState],
        over_the_board: bool,
        resampled: bool,
        actions: list[Played] | None = None,
    ) -> Game:
        """This game with another state, seed and undo stack; the actions copied (or ``actions``), no clock."""
        game = object.__new__(type(self))
        game.__dict__.update(self.__dict__)
        game.state, game.seed, game._stack = state, seed, stack
        game.over_the_board, game.resampled = over_the_board, resampled
        game.actions = list(self.actions) if actions is None else actions
        game.clock = None
        return game

    def _unseen(self) -> Codes:
        """The bag as a sorted multiset (what a view shows), from the last one made when the bag only
        lost tiles from its end since (a draw): a few C-level deletions where sorting the bag again
        cost ~3 us a view, a tenth of an action."""
        bag = self.state.bag
        last = self.__dict__.get("_unseen_of")
        if last is not None:
            before, unseen = last
            if before is bag:
                return unseen  # type: ignore[no-any-return]  # the dict's value: Any
            n = len(bag)
            if n <= len(before) and before[:n] == bag:
                left = list(unseen)
                for code in before[n:]:
                    del left[bisect_left(left, code)]
                unseen = tuple(left)
                self._unseen_of = (bag, unseen)
                return unseen
        unseen = tuple(sorted(bag))
        self._unseen_of = (bag, unseen)
        return unseen

    @classmethod
    def at(
        cls,
        table: Table,
        state: GameState | TableState,
        seed: int | None = None,
        *,
        actions: tuple[Played, ...] = (),
        value_pool_limit: int | None = 20,
    ) -> Game:
        """A game over ``table`` from the position ``state``, its bag the tiles there unseen in the order
        ``seed`` shuffles them (random when ``None``): what :meth:`fork` with that seed makes of a game at
        ``state``, whatever the bag's order there (a view's fork: :meth:`PlayerView.fork
        <jarnac_solver.game.view.PlayerView.fork>`). ``actions``: the actions that led there.

        >>> from jarnac_solver import Draw, Lexicon
        >>> game = Game(Lexicon.load("fr"), seed=1)
        >>> game.push(Draw())
        >>> Game.at(game.table, game.state, seed=7).state == game.fork(seed=7).state
        True
        """
        if not isinstance(table, Table):
            raise InvalidInputError(f"expected a Table, got {type(table).__name__}")
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        if not is_whole(seed):
            raise InvalidInputError(f"seed must be a whole number or None, not {seed!r}")
        game = object.__new__(cls)
        game.lexicon, game.rules, game.bag, game.alphabet = table.lexicon, table.rules, table.bag, table.alphabet
        game.table = table
        bag = shuffled(seed, tuple(sorted(state[1])))  # the multiset, whatever the order given
        game.state = tuple.__new__(GameState, (state[0], bag, *state[2:]))
        game.seed, game._stack, game.actions = seed, [], list(actions)
        game._start_bag = bag
        game.over_the_board, game.resampled = False, True
        game.clock, game.value_pool_limit = None, value_pool_limit
        return game

    def view(self) -> PlayerView:
        """What the player to act is shown (:class:`~jarnac_solver.game.view.PlayerView`): the table,
        the unseen tiles as a multiset, the actions so far; no bag order and no seed."""
        global _PlayerView
        if _PlayerView is None:  # imported once (an import statement a view cost ~1 us)
            from .view import PlayerView

            _PlayerView = PlayerView
        s = self.state
        # The table state is the game state's tuple with the bag sorted (the same fields in the same order:
        # tests/test_engine_speed.py checks it), made in one tuple.__new__: a view costs ~3 us an action.
        shown = tuple.__new__(TableState, (s[0], self._unseen(), *s[2:]))
        return _PlayerView(self.table, shown, tuple(self.actions), self.value_pool_limit, self.clock, type(self))

    def push_text(self, text: str) -> None:
        """Parse an action in notation and push it."""
        from .actions import parse_action

        try:
            action = parse_action(text, self.alphabet)
        except InvalidInputError as exc:
            raise IllegalActionError(exc.reason or str(exc)) from None
        self.push(action)

    # -- checks -------------------------------------------------------------

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` unless tiles are conserved and both trays follow the rules (checked under
        ``python -O`` too: raised, not asserted)."""
        s = self.state
        seen: Counter[int] = Counter(s.bag)
        for tray in s.trays:
            tray.check(self.rules)
            seen.update(tray.rack_codes)
            for codes in tray.line_codes:
                seen.update(codes)
        full = Counter(self.alphabet.index[t] for t in self.bag.tiles())
        if seen != full:
            raise AssertionError("tiles are not conserved")
        if s.scores != tuple(sum(len(c) ** 2 for c in t.line_codes) for t in s.trays):
            raise AssertionError("a score is not the sum of its lines' points")
        if not all(t.lines == tuple(map(self.alphabet.decode, t.line_codes)) for t in s.trays):
            raise AssertionError("a line's text does not match its tiles")
