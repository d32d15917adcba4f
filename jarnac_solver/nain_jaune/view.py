"""What a player is shown, and deals of the hidden cards consistent with it.

Key idea: a :class:`PlayerView` holds the table and no more: its own hand,
how many cards each other hand and the set-aside heap hold, the pile, the
tokens, the run, and what the table has learnt each player lacks (a run
that stopped at "No 6" says its player holds no 6; under ``must_follow`` a
pass says the same). :meth:`PlayerView.sample` deals the unseen cards
again so that every such fact holds: an assignment of cards to hands with
room, found card by card with augmenting paths (a card that fits nowhere
moves one already placed), so it always succeeds when the facts are true.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import InvalidInputError
from ..messages import Reason
from .actions import Action
from .cards import FULL, cards_of, rank
from .engine import Game, State
from .options import Options
from .tokens import Purse

__all__ = ["PlayerView"]


@dataclass(frozen=True)
class PlayerView:
    """The table as ``seat`` sees it (``hand`` is its own; the other hands are only counted)."""

    seat: int
    players: int
    options: Options
    hand: int
    counts: tuple[int, ...]
    """How many cards each player holds."""
    aside_count: int
    pile: int
    holdings: tuple[int, ...]
    board: tuple[int, ...]
    to_act: int
    mode: str
    need: int
    last: int
    turned: int
    lacks: tuple[int, ...]
    round: int
    dealer: int
    run: tuple[int, ...]
    """The cards of the sequence in play, in the order put down."""
    tokens: tuple[Purse, ...]
    """The tokens by colour of each player, of the five pots and of the box (all on the table, seen)."""
    ious: tuple[int, ...]
    legal: tuple[Action, ...]
    """The legal actions of ``seat`` (empty when it is not to act)."""
    result: str = ""
    why: Reason | None = None

    @classmethod
    def of(cls, game: Game, seat: int) -> PlayerView:
        """What ``seat`` is shown of ``game``.

        >>> view = PlayerView.of(Game.from_hands(["2C 3H", "6D 9C"]), 1)
        >>> view.counts, view.hand == Game.from_hands(["2C 3H", "6D 9C"]).state.hands[1], view.legal
        ((2, 2), True, ())
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise InvalidInputError(f"a seat is a player from 0 to {game.players - 1}, not {seat!r}")
        s = game.state
        legal = tuple(game.legal_actions()) if s.to_act == seat and s.mode != "over" else ()
        return cls(
            seat, game.players, game.options, s.hands[seat], tuple(h.bit_count() for h in s.hands),
            s.aside.bit_count(), s.pile, s.holdings, s.board, s.to_act, s.mode, s.need, s.last, s.turned,
            s.lacks, s.round, s.dealer, s.run, s.tokens, s.ious, legal, s.result, s.why,
        )  # fmt: skip

    def unseen(self) -> int:
        """The cards this player has not seen: the other hands and the cards set aside."""
        return FULL ^ self.hand ^ self.pile

    def sample(self, rng: random.Random) -> Game:
        """A game from this position, the unseen cards dealt again consistently with what the table has
        seen, ending with the round (for play-outs).

        >>> view = PlayerView.of(Game(seed=3), 0)
        >>> g = view.sample(random.Random(1))
        >>> g.state.hands[0] == view.hand, [h.bit_count() for h in g.state.hands] == list(view.counts)
        (True, True)
        """
        n = self.players
        holders = [q for q in range(n) if q != self.seat] + [n]  # n: the cards set aside
        room = {q: self.counts[q] for q in range(n)} | {n: self.aside_count}
        held: dict[int, list[int]] = {h: [] for h in holders}
        lacks = self.lacks

        def fits(h: int, c: int) -> bool:
            return h == n or not lacks[h] >> rank(c) & 1

        def place(c: int, tried: set[int]) -> bool:
            """Put ``c`` in a holder with room, or move a card of a full holder on (never into ``tried``)."""
            order = [h for h in holders if h not in tried and fits(h, c)]
            rng.shuffle(order)
            for h in order:
                if len(held[h]) < room[h]:
                    held[h].append(c)
                    return True
            for h in order:
                if h in tried:
                    continue
                tried.add(h)
                for i, other in enumerate(held[h]):
                    if place(other, tried):
                        held[h][i] = c
                        return True
            return False

        cards = cards_of(self.unseen())
        rng.shuffle(cards)
        for c in cards:
            if not place(c, set()):
                raise InvalidInputError("no deal of the unseen cards agrees with what the table has seen")
        hands = list(self.counts)
        for h in holders[:-1]:
            hands[h] = sum(1 << c for c in held[h])
        hands[self.seat] = self.hand
        aside = sum(1 << c for c in held[n])
        state = State(
            tuple(hands), self.pile, aside, self.holdings, self.board, self.to_act, self.mode, self.need,
            self.last, self.turned, self.lacks, self.round, self.dealer, self.run, self.tokens, self.ious,
            self.result, self.why,
        )  # fmt: skip
        return Game.from_state(state, n, self.options, rng.randrange(1 << 30), stop_after_round=True)
