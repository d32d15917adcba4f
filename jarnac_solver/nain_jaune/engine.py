"""The game engine: the deal, the stakes, the runs, the takes, the end of a round and of the game.

Key idea: every position is an immutable :class:`State` (hands and the pile
as 52-bit masks, the token points as tuples); :meth:`Game.push` checks one
action, keeps the old state on a stack and builds the new one, and
:meth:`Game.pop` restores it, so undo is exact. The deal of round ``r``
comes from the seed alone (``Random(f"{seed}:{r}")``), so a seed and the
actions replay a game card for card. A round rolls into the next inside the
push that ends it (payments, stakes, the deal), so every state is one where
a player is to act, or the game is over.

Tokens by colour (:mod:`.tokens`) move with the points: the stakes, the
takes, the payments for cards left and a Grand Opera each move tokens, so
every player's and every pot's tokens are worth its points.

Invariants (:meth:`Game.check_invariants`, tested on every action): the
hands, the pile of the round and the cards set aside are the 52 cards, each
once; the players' points and the board's add up to 49 a player; the box's
78 tokens are all held, each holder's worth its points.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from ..errors import IllegalActionError, InvalidInputError
from ..integers import is_whole
from ..messages import Reason
from . import tokens
from .actions import Action, Pass, Play, Stop
from .cards import FULL, RANK_MASKS, RANK_NAMES, SECTION_OF, STAKES, card_text, mask_of, parse_cards, rank
from .options import Options
from .tokens import Purse

__all__ = ["MODES", "SET_POINTS", "Game", "Played", "State", "players_error", "successors"]

SET_POINTS = 49
"""Each player's tokens at the start (the rulebook: "one set of tokens worth a total value of 49 points":
3 x 5 + 3 x 4 + 3 x 3 + 3 x 2 + 7 x 1)."""
MODES = ("lead", "run", "follow", "over")
"""``lead``: the player to act starts a run with any card; ``run``: it goes on with its own run;
``follow``: it may continue the previous player's run from the missing value; ``over``: the game is."""
SEATS = "ABCD"


def players_error(count: object) -> InvalidInputError:
    """The refusal of a table of ``count`` players, with the rule's reason (the rulebook: "2-4 players")."""
    return InvalidInputError(Reason("nj.error_players", {"count": str(count)[:40]}))


def successors(ace: str) -> tuple[int, ...]:
    """``successors(ace)[r]``: the rank that continues a run after rank ``r`` (0: none, the player starts
    again: the rulebook, "When a player puts down a King, they announce: King and I start again!").

    >>> successors("low")[1], successors("low")[12], successors("low")[13]
    (2, 13, 0)
    >>> successors("high")[1], successors("high")[13]
    (0, 0)
    """
    after = [0] * 14
    for r in range(1, 13):
        after[r] = r + 1
    if ace == "high":
        after[1] = 0  # the Ace ranks above the King: nothing follows it
    return tuple(after)


class State(NamedTuple):
    """A position: what lies on the table and in the hands, and what the rules remember."""

    hands: tuple[int, ...]
    """Each player's hand, a mask of cards."""
    pile: int
    """The cards put down this round."""
    aside: int
    """The cards set aside at the deal, face down ("The remaining cards are set aside")."""
    holdings: tuple[int, ...]
    """Each player's token points."""
    board: tuple[int, ...]
    """The points on the five sections, in the order of :data:`~.cards.BOARD`."""
    to_act: int
    mode: str
    need: int
    """The rank the run wants next (``run``, ``follow``); 0 when leading."""
    last: int
    """The last player to have put down a card this round (-1: none yet)."""
    turned: int
    """The players whose first turn of the round is over (a mask): a Grand Opera is a hand emptied
    before it."""
    lacks: tuple[int, ...]
    """What every player has seen that each lacks: bit ``r`` set when it could not go on with rank ``r``
    (its run stopped there, or it passed under ``must_follow``)."""
    round: int
    dealer: int
    run: tuple[int, ...]
    """The cards of the sequence in play, in the order put down (empty before a new sequence's first card)."""
    tokens: tuple[Purse, ...]
    """The tokens by colour (:mod:`.tokens`) of each player, then of the five pots, then the box's spares."""
    ious: tuple[int, ...]
    """Each player's points not held as tokens (``debts``: what a player owes is negative, what it is owed
    positive); a player's points are its tokens' worth plus this."""
    result: str = ""
    why: Reason | None = None
    """Why the game is over (the result's reason, said in any language)."""


class Played(NamedTuple):
    """One action pushed: who, what, in which round, and what followed (takes, payments, a new round)."""

    player: int
    action: Action
    round: int
    notes: tuple[Reason, ...] = ()
    """What followed, each a ``nj.note_*`` reason: a take, a payment, a Grand Opera, the next deal."""


class Game:
    """A game of Nain Jaune for ``players`` (2 to 4) players, its deals from ``seed``.

    >>> game = Game(players=2, seed=1)
    >>> game.state.round, game.state.holdings, game.state.board
    (1, (34, 34), (2, 4, 6, 8, 10))
    >>> action = game.legal_actions()[0]
    >>> game.push(action); game.check_invariants(); game.pop() == action
    True
    """

    def __init__(
        self, players: int = 2, options: Options | None = None, seed: int = 0, *, stop_after_round: bool = False
    ) -> None:
        if not is_whole(players) or not 2 <= players <= 4:
            raise players_error(players)
        if not is_whole(seed):
            raise InvalidInputError(f"a seed is a whole number, not {seed!r}")
        self.players = players
        self.options = options if options is not None else Options()
        if not isinstance(self.options, Options):
            raise InvalidInputError(f"options are an Options value, not {self.options!r}")
        self.hand_size = self.options.hand_for(players)
        self.seed = seed
        self.stop_after_round = stop_after_round
        """End the game when the current round ends (rollouts, the solver)."""
        self._after = successors(self.options.ace)
        self._stack: list[State] = []
        self.history: list[Played] = []
        blank = State(
            (0,) * players,
            0,
            FULL,
            (SET_POINTS,) * players,
            (0,) * 5,
            0,
            "lead",
            0,
            -1,
            0,
            (0,) * players,
            0,
            players - 1,
            (),
            tokens.opening(players),
            (0,) * players,
        )
        self.state, self.opening_notes = self._start_round(blank, 1, players - 1)

    # -- construction of positions ------------------------------------------------------------------
    @classmethod
    def from_state(
        cls, state: State, players: int, options: Options, seed: int = 0, *, stop_after_round: bool = False
    ) -> Game:
        """A game that starts at ``state`` (no history), e.g. a view's sample of the hidden hands."""
        game = cls.__new__(cls)
        game.players, game.options, game.seed = players, options, seed
        game.hand_size = options.hand_for(players)
        game.stop_after_round = stop_after_round
        game._after = successors(options.ace)
        game._stack, game.history, game.opening_notes = [], [], ()
        game.state = state
        game.check_invariants()
        return game

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str],
        options: Options | None = None,
        *,
        leader: int = 0,
        holdings: Sequence[int] | None = None,
        board: Sequence[int] | None = None,
        stop_after_round: bool = True,
    ) -> Game:
        """A round dealt by hand: ``hands`` written (``"2C 3H 4D"``), the other cards set aside; by default
        the stakes just placed (each player 49 - 15 points, the board 1 to 5 points a player) and the game
        ending with the round.

        >>> game = Game.from_hands(["2C 3H 4D 5S 7H", "6D 9C"])
        >>> [str(a) for a in game.legal_actions()]
        ['2C', '3H', '4D', '5S', '7H']
        """
        n = len(hands)
        if not 2 <= n <= 4:
            raise players_error(n)
        masks = [mask_of(parse_cards(text)) for text in hands]
        seen = 0
        for i, m in enumerate(masks):
            if m & seen:
                raise InvalidInputError(f"hand {i + 1} holds a card that another hand holds")
            if not m:
                raise InvalidInputError(f"hand {i + 1} holds no card")
            seen |= m
        options = options if options is not None else Options()
        points = tuple(holdings) if holdings is not None else (SET_POINTS - sum(STAKES),) * n
        pot = tuple(board) if board is not None else tuple(s * n for s in STAKES)
        if len(points) != n or len(pot) != 5:
            raise InvalidInputError(f"holdings are {n} numbers (one a player) and a board is 5 (one a section)")
        if sum(points) + sum(pot) != SET_POINTS * n or min(pot) < 0 or min(points) < 0:
            raise InvalidInputError(
                f"holdings and board are 0 or more points and add up to {SET_POINTS} points a player ({SET_POINTS * n})"
            )
        if not 0 <= leader < n:
            raise InvalidInputError(f"the leader is a player from 0 to {n - 1}, not {leader}")
        purses = list(tokens.opening(n))
        if holdings is None and board is None:
            for p in range(n):  # the stakes just placed, as a round starts
                for i, stake in enumerate(STAKES):
                    tokens.pay(purses, p, n + i, stake, n)
        else:  # each pot filled by the players in seat order from what each gives up, then player to player
            excess = [SET_POINTS - h for h in points]
            for i, need in enumerate(pot):
                for p in range(n):
                    give = min(need, excess[p])
                    if give > 0:
                        tokens.pay(purses, p, n + i, give, n)
                        excess[p] -= give
                        need -= give
            for p in range(n):
                for q in range(n):
                    give = min(excess[p], -excess[q])
                    if give > 0:
                        tokens.pay(purses, p, q, give, n)
                        excess[p] -= give
                        excess[q] += give
        state = State(
            tuple(masks), 0, FULL ^ seen, points, pot, leader, "lead", 0, -1, 0, (0,) * n, 1, (leader - 1) % n,
            (), tuple(purses), (0,) * n,
        )  # fmt: skip
        return cls.from_state(state, n, options.replace(hand_size=None), stop_after_round=stop_after_round)

    # -- reading the position --------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.state.mode == "over"

    @property
    def holdings(self) -> tuple[int, ...]:
        """Each player's token points."""
        return self.state.holdings

    def winners(self) -> list[int]:
        """The players with the most points (several on a tie); the game need not be over."""
        best = max(self.state.holdings)
        return [p for p, h in enumerate(self.state.holdings) if h == best]

    def __repr__(self) -> str:
        s = self.state
        hands = " | ".join(f"{SEATS[p]}:{h.bit_count()}" for p, h in enumerate(s.hands))
        where = f"round {s.round}, {SEATS[s.to_act]} to {s.mode}"
        return f"<Game {where}, hands {hands}, points {s.holdings}, board {s.board}>"

    def next_of(self, r: int) -> int:
        """The rank that continues a run after rank ``r`` under these options (0: none)."""
        return self._after[r]

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now, cards lowest first.

        >>> game = Game.from_hands(["2C 3H 4D 5S 7H", "6D 9C"])
        >>> for text in ("2C", "3H", "4D", "5S"): game.push_text(text)
        >>> [str(a) for a in game.legal_actions()], game.state.mode, RANK_NAMES[game.state.need]
        (['6D', 'pass'], 'follow', '6')
        """
        s = self.state
        if s.mode == "over":
            return []
        hand = s.hands[s.to_act]
        cards = hand if s.mode == "lead" else hand & RANK_MASKS[s.need]
        out: list[Action] = []
        announced = self.options.claims == "announced"
        while cards:
            low = cards & -cards
            c = low.bit_length() - 1
            cards ^= low
            if c in SECTION_OF:
                out.append(Play(c, True))
                if announced:
                    out.append(Play(c, False))
            else:
                out.append(Play(c))
        if s.mode == "run" and not self.options.must_run_on:
            out.append(Stop())
        if s.mode == "follow" and (not hand & RANK_MASKS[s.need] or not self.options.must_follow):
            out.append(Pass())
        return out

    # -- playing -----------------------------------------------------------------------------------------
    def push(self, action: Action, player: int | None = None) -> None:
        """Play ``action`` (by ``player``, checked when given), or raise :class:`IllegalActionError` saying
        why, the game unchanged. Under ``claims="automatic"`` a board card always takes all (its play is
        normalised to ``10D!``)."""
        s = self.state
        if s.mode == "over":
            raise IllegalActionError(f"the game is over: {s.result}")
        p = s.to_act
        if player is not None and player != p:
            raise IllegalActionError(f"it is {SEATS[p]}'s turn, not {SEATS[player] if 0 <= player < 4 else player}'s")
        action = self._checked(s, action)
        notes: list[Reason] = []
        if isinstance(action, Play):
            new = self._play(s, action, notes)
        elif isinstance(action, Pass):
            new = self._pass(s)
        else:
            new = s._replace(to_act=(p + 1) % self.players, mode="follow", turned=s.turned | 1 << p)
        self._stack.append(s)
        self.history.append(Played(p, action, s.round, tuple(notes)))
        self.state = new

    def push_text(self, text: str) -> None:
        """Push the action written ``text`` (``7H``, ``10D!``, ``pass``, ``stop``)."""
        from .actions import parse_action

        self.push(parse_action(text))

    def pop(self) -> Action:
        """Undo the last action and return it."""
        if not self._stack:
            raise IllegalActionError("no action to undo")
        self.state = self._stack.pop()
        return self.history.pop().action

    def _checked(self, s: State, action: Action) -> Action:
        who = SEATS[s.to_act]
        if isinstance(action, Play):
            c = action.card
            if not is_whole(c) or not 0 <= c < 52:
                raise IllegalActionError(f"{action!r} names no card")
            if action.claim and c not in SECTION_OF:
                raise IllegalActionError(f"{card_text(c)} is no board card: it takes nothing (write it without '!')")
            if not s.hands[s.to_act] >> c & 1:
                raise IllegalActionError(f"{who} does not hold {card_text(c)}")
            if s.mode != "lead" and rank(c) != s.need:
                raise IllegalActionError(
                    f"the run wants a {RANK_NAMES[s.need]}: {who} cannot put down {card_text(c)} now"
                )
            if c in SECTION_OF and self.options.claims == "automatic" and not action.claim:
                return Play(c, True)
            return action
        if isinstance(action, Pass):
            if s.mode != "follow":
                what = "start a run" if s.mode == "lead" else f"go on with its run (a {RANK_NAMES[s.need]})"
                raise IllegalActionError(f"{who} cannot pass: it must {what}")
            if self.options.must_follow and s.hands[s.to_act] & RANK_MASKS[s.need]:
                raise IllegalActionError(f"{who} holds a {RANK_NAMES[s.need]} and must play it (must_follow)")
            return action
        if isinstance(action, Stop):
            if s.mode != "run":
                raise IllegalActionError(f"{who} has no run of its own to stop now")
            if self.options.must_run_on:
                raise IllegalActionError(f"{who} holds a {RANK_NAMES[s.need]} and must play on (must_run_on)")
            return action
        raise IllegalActionError(f"{action!r} is no action of Nain Jaune")

    def _play(self, s: State, action: Play, notes: list[Reason]) -> State:
        p, c, n = s.to_act, action.card, self.players
        hands = list(s.hands)
        hands[p] &= ~(1 << c)
        holdings, board, purses = s.holdings, s.board, s.tokens
        section = SECTION_OF.get(c)
        if section is not None and action.claim:
            points = list(holdings)
            points[p] += board[section]
            notes.append(Reason("nj.note_takes", {"card": card_text(c), "points": board[section]}))
            holdings = tuple(points)
            board = board[:section] + (0,) + board[section + 1 :]
            moved = list(purses)
            tokens.give_all(moved, n + section, p)
            purses = tuple(moved)
        run = (*s.run, c) if s.mode != "lead" else (c,)
        new = s._replace(
            hands=tuple(hands), pile=s.pile | 1 << c, holdings=holdings, board=board, last=p, run=run, tokens=purses
        )
        if not hands[p]:
            return self._end_round(new, p, notes)
        after = self._after[rank(c)]
        if after == 0:
            return new._replace(mode="lead", need=0)
        if hands[p] & RANK_MASKS[after]:
            return new._replace(mode="run", need=after)
        lacks = list(s.lacks)
        lacks[p] |= 1 << after
        return new._replace(to_act=(p + 1) % n, mode="follow", need=after, turned=s.turned | 1 << p, lacks=tuple(lacks))

    def _pass(self, s: State) -> State:
        p = s.to_act
        lacks = s.lacks
        if self.options.must_follow:
            changed = list(lacks)
            changed[p] |= 1 << s.need
            lacks = tuple(changed)
        turned = s.turned | 1 << p
        following = (p + 1) % self.players
        if following == s.last:  # a full round with nobody playing: the last to have played starts again
            return s._replace(to_act=following, mode="lead", need=0, turned=turned, lacks=lacks)
        return s._replace(to_act=following, turned=turned, lacks=lacks)

    def _end_round(self, s: State, winner: int, notes: list[Reason]) -> State:
        """The round is over: the others pay one point a card left (in the smallest tokens they can: "1 token
        worth 1 point for each of the cards remaining"); a Grand Opera takes the board."""
        n = self.players
        points, purses, ious = list(s.holdings), list(s.tokens), list(s.ious)
        for q, hand in enumerate(s.hands):
            if q == winner:
                continue
            owed = hand.bit_count()
            paid = owed if self.options.debts else max(0, min(owed, points[q]))
            points[q] -= paid
            points[winner] += paid
            in_tokens = min(paid, tokens.worth(purses[q]))
            if in_tokens:
                tokens.pay(purses, q, winner, in_tokens, n, smallest=True)
            ious[q] -= paid - in_tokens  # debts: what a player cannot pay in tokens it owes
            ious[winner] += paid - in_tokens
            if paid:
                notes.append(Reason("nj.note_pays", {"seat": SEATS[q], "points": paid}))
        board = s.board
        if not s.turned >> winner & 1:
            notes.append(Reason("nj.note_grand_opera", {"points": sum(board)}))
            points[winner] += sum(board)
            board = (0,) * 5
            for i in range(5):
                tokens.give_all(purses, n + i, winner)
        ended = s._replace(
            holdings=tuple(points), board=board, need=0, mode="lead", tokens=tuple(purses), ious=tuple(ious)
        )
        limit = self.options.max_rounds
        if self.stop_after_round or (limit is not None and s.round >= limit):
            why = (
                Reason("nj.result_round_over")
                if self.stop_after_round
                else Reason("nj.result_round_limit", {"limit": limit or 0})
            )
            return ended._replace(mode="over", result=self._result_text(ended.holdings, why), why=why)
        dealer = (s.dealer + 1) % self.players if self.options.dealer_rotates else s.dealer
        state, opening = self._start_round(ended, s.round + 1, dealer)
        notes.extend(opening)
        return state

    def _start_round(self, s: State, number: int, dealer: int) -> tuple[State, tuple[Reason, ...]]:
        """Stakes and the deal of round ``number``, or the end of the game when a player cannot stake."""
        n = self.players
        short = [SEATS[p] for p, h in enumerate(s.holdings) if h < sum(STAKES)]
        if short:
            why = Reason("nj.result_cannot_stake", {"seats": ", ".join(short)})
            return s._replace(mode="over", result=self._result_text(s.holdings, why), why=why), ()
        holdings = tuple(h - sum(STAKES) for h in s.holdings)
        board = tuple(b + stake * n for b, stake in zip(s.board, STAKES, strict=True))
        purses = list(s.tokens)
        for p in range(n):  # each stake in the largest tokens the player can ("one stake worth 5 points")
            for i, stake in enumerate(STAKES):
                tokens.pay(purses, p, n + i, stake, n)
        deck = list(range(52))
        random.Random(f"{self.seed}:{number}").shuffle(deck)
        size = self.hand_size
        hands = tuple(mask_of(deck[i * size : (i + 1) * size]) for i in range(n))
        aside = mask_of(deck[n * size :])
        leader = (dealer + 1) % n
        state = State(
            hands, 0, aside, holdings, board, leader, "lead", 0, -1, 0, (0,) * n, number, dealer, (),
            tuple(purses), s.ious,
        )  # fmt: skip
        return state, (Reason("nj.note_deals", {"round": number, "seat": SEATS[dealer]}),)

    def _result_text(self, holdings: tuple[int, ...], why: Reason) -> str:
        """The result as records write it (in English, whatever the reader's language)."""
        return " - ".join(f"{SEATS[p]} {h}" for p, h in enumerate(holdings)) + f": {why.text('en')}"

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` unless the cards are the 52, each once, and the points add up."""
        s = self.state
        seen = s.pile | s.aside
        count = s.pile.bit_count() + s.aside.bit_count()
        for hand in s.hands:
            seen |= hand
            count += hand.bit_count()
        if seen != FULL or count != 52:
            raise AssertionError(f"the cards are not the 52 cards each once: {count} cards, missing {FULL & ~seen:x}")
        total = sum(s.holdings) + sum(s.board)
        if total != SET_POINTS * self.players:
            raise AssertionError(f"the points add up to {total}, not {SET_POINTS * self.players}")
        if min(s.board) < 0 or (not self.options.debts and min(s.holdings) < 0):
            raise AssertionError(f"negative points: {s.holdings} {s.board}")
        n = self.players
        tokens.check(s.tokens)
        if len(s.tokens) != n + 6 or len(s.ious) != n or sum(s.ious) != 0:
            raise AssertionError(f"the tokens' holders are not {n} players, 5 pots and the box: {s.tokens} {s.ious}")
        for p in range(n):
            if tokens.worth(s.tokens[p]) + s.ious[p] != s.holdings[p]:
                raise AssertionError(f"{SEATS[p]}'s tokens {s.tokens[p]} are not worth its {s.holdings[p]} points")
        for i in range(5):
            if tokens.worth(s.tokens[n + i]) != s.board[i]:
                raise AssertionError(f"pot {i}'s tokens {s.tokens[n + i]} are not worth its {s.board[i]} points")
