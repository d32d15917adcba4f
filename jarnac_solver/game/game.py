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
from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..budget import Deadline
from ..errors import IllegalActionError, IllegalMoveError, InvalidInputError
from ..integers import is_whole
from ..lexicon.alphabet import Alphabet
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from ..moves.jarnac import JarnacPlan, jarnac_steals, thief_best_call
from ..moves.movegen import DEFAULT_RULES, legal_moves
from ..moves.rules import Rules
from ..moves.steals import seat, seating
from ..moves.tray import Codes, Tray, _remove
from ..rng import Pcg32
from .actions import Accept, Action, CallJarnac, Decline, Dispute, Draw, Exchange, Pass, Play, action_tiles
from .calls import check_call, resolve_call
from .commitment import draws_commitment
from .draws import Draws, default_bag, shuffled, vowel_codes
from .state import PHASES, GameState, Played, replaced_state
from .state import VOWELS as VOWELS  # re-exported: callers import it from here

if TYPE_CHECKING:
    from .view import PlayerView

__all__ = ["PHASES", "Game", "GameState", "Played"]

_PlayerView: type[PlayerView] | None = None

TableParts = tuple["type[Game]", Lexicon, Rules, Bag, Alphabet, frozenset[int], "int | None", bool, "Deadline | None"]
"""What a view keeps of its game (:meth:`Game._table_parts`)."""


class Game:
    """A two-player game of Jarnac.

    >>> from jarnac_solver import Lexicon
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
        # Speed: the default rules one shared object (a frozen dataclass): the tables the planner's lane and
        # compiled planner keep per (lexicon, rules) pair are keyed by the rules' id, and a Rules() made for
        # every game missed them every game (~8% of a planner-v-planner game in the lane, en).
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
        self._vowels = vowel_codes(alphabet)
        empty = Tray._trusted((), (), alphabet)
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
        """What the player to act may do now (Jarnac: each single steal and the best plan)."""
        s = self.state
        tray = s.trays[s.to_act]
        if s.phase == "opening":
            return [Draw()]
        if s.phase == "start":
            actions: list[Action] = [Draw()]
            n = self.rules.exchange_size
            if len(tray.rack_codes) >= n and len(s.bag) >= n:
                seen = sorted({tuple(sorted(c)) for c in combinations(tray.rack_codes, n)})
                actions += [Exchange(self.alphabet.decode(codes)) for codes in seen]
            return actions
        if s.phase == "play":
            return [*map(Play, legal_moves(self.lexicon, tray, self.rules)), Pass()]
        if s.phase == "dispute":
            return [Accept(), Dispute()]
        if s.phase == "jarnac":
            return [Decline(), *self.jarnac_calls()]
        return []

    def jarnac_calls(self) -> list[CallJarnac]:
        """Jarnacs open to the player to act: every single steal, and the best plan."""
        s = self.state
        if s.phase != "jarnac" or not s.trays[s.to_act].free_lines(self.rules):
            return []
        passer = s.trays[s.player]
        calls: list[CallJarnac] = []
        for move in jarnac_steals(self.lexicon, passer, self.rules):
            call = CallJarnac((move,))
            if check_call(self, call) is None:
                calls.append(call)
        plan = self.best_call()
        if plan and (len(plan.steals) > 1 or plan.value):
            calls.append(CallJarnac(plan.steals, plan.taken_indexes if plan.value else ()))
        return calls

    def time_over_action(self) -> Action:
        """What a decision that overran the clock does: nothing it may decline. A pass in the play
        phase (the turn ends, as at a table; a move left open invites a Jarnac), declining a
        Jarnac, accepting a word instead of disputing it, and the obligatory draw at the start.

        >>> from jarnac_solver import Lexicon
        >>> Game(Lexicon.load("fr"), seed=1).time_over_action()  # the opening draw
        Draw()
        """
        phase = self.state.phase
        if phase in ("opening", "start"):
            return Draw()
        if phase == "play":
            return Pass()
        if phase == "jarnac":
            return Decline()
        if phase == "dispute":
            return Accept()
        raise IllegalActionError("the game is over: no decision to time")

    def best_call(self, objective: str = "swing") -> JarnacPlan:
        """The best Jarnac the player to act could call now (empty outside a window). Bounded by counts
        (``value_pool_limit``), never by :attr:`clock`: under a clock the same call as without one, so a
        seed gives the same game on any machine (the clock only times the decision)."""
        s = self.state
        if s.phase != "jarnac":
            return JarnacPlan()
        passer = s.trays[s.player]
        return thief_best_call(
            self.lexicon,
            passer,
            s.trays[s.to_act],
            self.rules,
            self.formed_lines() if self.rules.value_jarnac else (),  # read only for the value Jarnac
            objective,
            self.value_pool_limit,
        )

    def formed_lines(self) -> list[int]:
        """Indexes of the passer's lines formed this turn that still hold a word (what a value Jarnac may take)."""
        s = self.state
        passer = s.trays[s.player]
        return [i for i in s.formed_indexes if i < len(passer.line_codes) and passer.line_codes[i]]

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
        handler = _HANDLERS.get(type(action))  # made once, not a dict of bound methods a push
        if handler is None:
            raise IllegalActionError(f"not an action: {action!r}")
        draws = Draws(given)
        try:
            new = handler(self, action, draws)
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

        >>> from jarnac_solver import Lexicon
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

    def _table_parts(self) -> TableParts:
        """What a view keeps to make its own game when a question needs one (:meth:`_of_table`): the
        class, lexicon, rules, bag, alphabet, vowels, pool limit, over-the-board flag and clock; no seed."""
        return (
            type(self),
            self.lexicon,
            self.rules,
            self.bag,
            self.alphabet,
            self._vowels,
            self.value_pool_limit,
            self.over_the_board,
            self.clock,
        )

    @classmethod
    def _of_table(cls, parts: TableParts, table: tuple[object, ...]) -> Game:
        """A view's own game: ``parts`` from :meth:`_table_parts`, ``table`` a view's state (the bag
        sorted), no seed, no undo stack, no actions; what ``_copy`` made for every view before."""
        game = object.__new__(cls)
        _, game.lexicon, game.rules, game.bag, game.alphabet, game._vowels = parts[:6]
        game.value_pool_limit, game.over_the_board, game.clock = parts[6:]
        game.state = tuple.__new__(GameState, table)
        game.seed, game._stack, game.actions, game.resampled = 0, [], [], True
        game._start_bag = None
        return game

    def view(self) -> PlayerView:
        """What the player to act is shown (:class:`~jarnac_solver.game.view.PlayerView`): the table,
        the unseen tiles as a multiset, the actions so far; no bag order and no seed."""
        global _PlayerView
        if _PlayerView is None:  # imported once (an import statement a view cost ~1 us)
            from .view import PlayerView

            _PlayerView = PlayerView
        return _PlayerView(self)

    def push_text(self, text: str) -> None:
        """Parse an action in notation and push it."""
        from .actions import parse_action

        try:
            action = parse_action(text, self.alphabet)
        except InvalidInputError as exc:
            raise IllegalActionError(exc.reason or str(exc)) from None
        self.push(action)

    # -- helpers ------------------------------------------------------------

    def _expect(self, *phases: str, action: Action) -> GameState:
        s = self.state
        if s.phase not in phases:
            values: dict[str, str | Reason] = {"action": str(action), "player": "AB"[s.to_act]}
            values["phase"] = Reason(f"phase_{s.phase}")
            raise IllegalActionError(Reason("error_not_possible_now", values))
        return s

    def _rng(self) -> Pcg32:
        """The generator of this action's re-insertions (docs/rules.md#the-draws-generator)."""
        return Pcg32(f"{self.seed}:{self.state.ply}")

    @staticmethod
    def _with_tray(s: GameState, who: int, tray: Tray, **changes: object) -> GameState:
        trays = (tray, s.trays[1]) if who == 0 else (s.trays[0], tray)
        return replaced_state(s, trays=trays, **changes)

    def _draw_n(
        self, s: GameState, who: int, n: int, draws: Draws, tray: Tray | None = None, **changes: object
    ) -> GameState:
        """``who`` draws ``n`` letters (plus any bonus owed) onto ``tray`` (default: its tray in ``s``);
        ``changes``: the state's other changes, made in the same new state (one state an action, not
        three: ~4 us an action)."""
        n += s.bonus[who]
        if draws.given is None:
            # Drawn from the end, last tile first: two slices of the bag's tuple, no list of it.
            k = min(n, len(s.bag))
            left = len(s.bag) - k
            taken = s.bag[left:][::-1]
            bag = s.bag[:left]
            draws.codes.extend(taken)
            draws.who = who
        else:
            drawing = list(s.bag)
            taken = tuple(draws.take(drawing, min(n, len(drawing)), who, self.alphabet))
            bag = tuple(drawing)
        if tray is None:
            tray = s.trays[who]
        new_tray = tray._with_rack(tray.rack_codes + taken)
        # The new state made at once, the caller's changes with the draw's (no state between).
        drawn = {
            "trays": (new_tray, s.trays[1]) if who == 0 else (s.trays[0], new_tray),
            "bag": bag,
            "bonus": (0, s.bonus[1]) if who == 0 else (s.bonus[0], 0),
        }
        return replaced_state(s, **(drawn | changes))

    def _draw_action(self, action: Draw, draws: Draws) -> GameState:
        s = self._expect("opening", "start", action=action)
        who = s.to_act
        if s.phase == "start":
            return self._draw_n(s, who, 1, draws, phase="play")
        bag = list(s.bag)
        n = min(self.rules.opening_draw + s.bonus[who], len(bag))
        vowels = self._vowels
        if draws.given is not None:
            taken = draws.take(bag, n, who, self.alphabet)
            if self.rules.opening_vowel_rule and taken and not vowels.intersection(taken) and vowels.intersection(bag):
                raise IllegalActionError("the opening draw holds no vowel, but the rules redraw until one comes")
        else:
            taken = [bag.pop() for _ in range(n)]
            if self.rules.opening_vowel_rule and taken:
                rng = self._rng()
                # Six consonants: the last one drawn goes back, until a vowel comes (docs/rules.md#opening-vowel-rule).
                while not vowels.intersection(taken) and vowels.intersection(bag):
                    back = taken.pop()
                    bag.insert(rng.randrange(len(bag) + 1), back)
                    taken.append(bag.pop())
            draws.codes.extend(taken)
            draws.who = who
        tray = s.trays[who]
        new_tray = tray._with_rack(tray.rack_codes + tuple(taken))
        bonus = (0, s.bonus[1]) if who == 0 else (s.bonus[0], 0)
        opened = (True, s.opened[1]) if who == 0 else (s.opened[0], True)
        return self._with_tray(s, who, new_tray, bag=tuple(bag), bonus=bonus, opened=opened, phase="play")

    def _exchange(self, action: Exchange, draws: Draws) -> GameState:
        s = self._expect("start", action=action)
        n = self.rules.exchange_size
        tray = s.trays[s.to_act]
        letters = action_tiles(self.alphabet, action.letters, "exchange")
        if len(tray.rack_codes) < n:
            raise IllegalActionError(
                f"an exchange puts back exactly {n} letters; the rack holds {len(tray.rack_codes)}"
            )
        if len(letters) != n:
            raise IllegalActionError(Reason("error_exchange_size", {"n": n, "given": len(letters)}))
        kept_list = _remove(tray.rack_codes, letters)  # the rack less one of each letter put back, or None
        if kept_list is None:
            raise IllegalActionError(Reason("error_exchange_lacks", {"letters": action.letters, "rack": tray.rack}))
        if len(s.bag) < n:
            raise IllegalActionError(f"the bag holds {len(s.bag)} letters: no exchange of {n}")
        bag = list(s.bag)
        taken = draws.take(bag, min(n + s.bonus[s.to_act], len(bag)), s.to_act, self.alphabet)
        rng = self._rng()
        for code in letters:
            bag.insert(rng.randrange(len(bag) + 1), code)
        new_tray = tray._with_rack((*kept_list, *taken))
        bonus = (0, s.bonus[1]) if s.to_act == 0 else (s.bonus[0], 0)
        return self._with_tray(s, s.to_act, new_tray, bag=tuple(bag), bonus=bonus, phase="play")

    def _play(self, action: Play, draws: Draws) -> GameState:
        s = self._expect("play", action=action)
        who = s.to_act
        tray = s.trays[who]
        try:
            # Under the competitive rules a word outside the lexicon may be
            # played: the dispute is what checks it.
            after, line = tray.play(action.move, self.rules, None if self.rules.disputes else self.lexicon)
        except IllegalMoveError as exc:
            raise IllegalActionError(exc.reason or str(exc)) from None
        formed = tuple(sorted(set(s.formed_indexes) | {line}))
        if self.rules.disputes:
            return self._with_tray(
                s,
                who,
                after,
                formed_indexes=formed,
                idle_passes=0,
                phase="dispute",
                to_act=1 - who,
                disputed=(action.move, tray, s.formed_indexes),
            )
        return self._after_word(s, who, 1, draws, after, formed_indexes=formed, idle_passes=0)

    def _after_word(
        self, s: GameState, who: int, n: int, draws: Draws, tray: Tray | None = None, **changes: object
    ) -> GameState:
        """After ``who`` formed a word (its tray now ``tray``, default: its tray in ``s``; ``changes``
        the state's other changes): draw ``n`` and play on, or, on a full tray, the final window.

        No draw follows the word that fills the tray (docs/rules.md#end-of-the-game): the final Jarnac sees
        only the letters the player held.
        """
        if tray is None:
            tray = s.trays[who]
        if tray.free_lines(self.rules) == 0 and not s.keeping:
            return self._with_tray(s, who, tray, phase="jarnac", to_act=1 - who, player=who, final=True, **changes)
        return self._draw_n(s, who, n, draws, tray, phase="play", to_act=who, player=who, **changes)

    def _pass(self, action: Pass, draws: Draws) -> GameState:
        s = self._expect("play", action=action)
        idle = s.idle_passes + 1 if not s.bag else 0
        # A thief that kept the turn on a full tray (docs/rules.md#thief-keeps-the-turn) passes into a final window.
        return replaced_state(
            s, phase="jarnac", to_act=1 - s.to_act, player=s.to_act, final=s.keeping, keeping=False, idle_passes=idle
        )

    def _next_turn(self, s: GameState, who: int) -> GameState:
        """``who`` begins a turn (its opening draw if it has not drawn yet)."""
        phase = "start" if s.opened[who] else "opening"
        return replaced_state(
            s, phase=phase, to_act=who, player=who, turn=s.turn + 1, formed_indexes=(), final=False, keeping=False
        )

    def _decline(self, action: Decline, draws: Draws) -> GameState:
        s = self._expect("jarnac", action=action)
        if s.final:
            return replaced_state(s, phase="over", result="a full tray, no Jarnac against it")
        if s.idle_passes >= 2:
            return replaced_state(s, phase="over", result="the bag is empty and both players passed")
        return self._next_turn(s, s.to_act)

    def _call(self, action: CallJarnac, draws: Draws) -> GameState:
        s = self._expect("jarnac", action=action)
        try:
            new_passer, words = resolve_call(self, action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"{action}: {exc}") from None
        thief_id = s.to_act
        thief = s.trays[thief_id]
        new_thief = seat(thief, seating(thief, words, self.rules))  # docs/rules.md#seating
        trays = (new_thief, new_passer) if thief_id == 0 else (new_passer, new_thief)
        s2 = replaced_state(s, trays=trays, idle_passes=0)
        if self.rules.thief_draws:
            s2 = self._draw_n(s2, thief_id, len(words), draws)
        if new_thief.free_lines(self.rules) == 0:
            if self.rules.thief_keeps_turn_on_last_line:
                # The thief keeps the turn, drawing one letter a word, until it passes
                # (docs/rules.md#thief-keeps-the-turn).
                return replaced_state(
                    s2, phase="play", to_act=thief_id, player=thief_id, turn=s.turn + 1, formed_indexes=(), keeping=True
                )
            # A final Jarnac that fills the thief's last line ends it for the thief, subject to a Jarnac.
            return replaced_state(s2, phase="jarnac", to_act=s.player, player=thief_id, final=True, formed_indexes=())
        return self._next_turn(s2, thief_id)

    def _dispute(self, action: Dispute, draws: Draws) -> GameState:
        s = self._expect("dispute", action=action)
        if s.disputed is None:  # the dispute phase always holds its word: a state made by hand may not
            raise IllegalActionError("no word is under dispute")
        move, before, formed = s.disputed
        mover = 1 - s.to_act
        challenger = s.to_act
        bonus = list(s.bonus)
        bonus[challenger] += 1  # either way the challenger draws one more at its next draw
        s2 = replaced_state(s, bonus=(bonus[0], bonus[1]), disputed=None)
        if move.word in self.lexicon:
            # The word stands: the disputed player draws 2 and plays on.
            return self._after_word(s2, mover, 2, draws)
        # The word is not valid: it is taken back (and is no line formed this
        # turn); the turn passes to the challenger, who may call Jarnac.
        s3 = self._with_tray(s2, mover, before, formed_indexes=formed)
        return replaced_state(s3, phase="jarnac", to_act=challenger, player=mover, final=False)

    def _accept(self, action: Accept, draws: Draws) -> GameState:
        s = self._expect("dispute", action=action)
        mover = 1 - s.to_act
        return self._after_word(replaced_state(s, disputed=None), mover, 1, draws)

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


_HANDLERS: dict[type, Callable[[Game, Any, Draws], GameState]] = {
    Draw: Game._draw_action,
    Exchange: Game._exchange,
    Play: Game._play,
    Pass: Game._pass,
    CallJarnac: Game._call,
    Decline: Game._decline,
    Dispute: Game._dispute,
    Accept: Game._accept,
}
"""Each action type's handler (exact types: a subclass of an action is no action, as before)."""
