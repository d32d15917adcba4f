"""What a player is shown, and deals of the hidden cards consistent with it.

Key idea: a :class:`PlayerView` holds the table and no more: its own hand,
how many cards each other hand and the set-aside heap hold, the pile, the
tokens, the run, and what the table has learnt each player lacks (a run
that stopped at "No 6" says its player holds no 6; under ``must_follow`` a
pass says the same). :meth:`PlayerView.sample` deals the unseen cards
again so that every such fact holds: an assignment of cards to hands with
room, found card by card with augmenting paths (a card that fits nowhere
moves one already placed), so it always succeeds when the facts are true.
:meth:`PlayerView.to_dict` is the same table as JSON-ready data (what a
front end draws: the hand, the pots, every player's tokens, the sequence,
the legal plays with their labels as message codes), so a service or a
page shows a seat's table without deriving anything again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidInputError
from ..integers import is_whole
from ..messages import Reason
from .actions import Action, Pass, Play, Stop
from .cards import BOARD, FULL, RANK_NAMES, SECTION_OF, STAKES, card_text, cards_of, rank
from .engine import SEATS, Game, State
from .options import Options
from .tokens import COLOURS, Purse

__all__ = ["PlayerView", "action_reason"]


def action_reason(view: PlayerView, action: Action) -> Reason:
    """A legal action as a person reads it in a list of plays (a ``nj.play_*`` message).

    >>> view = PlayerView.of(Game.from_hands(["10D 9C", "2C"]), 0)
    >>> [action_reason(view, a).text("fr") for a in view.legal]
    ['9C', '10D, prend tout (2)']
    """
    if isinstance(action, Pass):
        return Reason("nj.play_pass", {"rank": RANK_NAMES[view.need]})
    if isinstance(action, Stop):
        return Reason("nj.play_stop", {"rank": RANK_NAMES[view.need]})
    card = card_text(action.card)
    if action.card not in SECTION_OF:
        return Reason("nj.play_card", {"card": card})
    if action.claim:
        return Reason("nj.play_claim", {"card": card, "points": view.board[SECTION_OF[action.card]]})
    return Reason("nj.play_no_claim", {"card": card})


def _purse(purse: Purse) -> dict[str, int]:
    return dict(zip(COLOURS, purse, strict=True))


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
        if not is_whole(seat) or not 0 <= seat < game.players:
            raise InvalidInputError(f"a seat is a player from 0 to {game.players - 1}, not {seat!r}")
        s = game.state
        legal = tuple(game.legal_actions()) if s.to_act == seat and s.mode != "over" else ()
        return cls(
            seat, game.players, game.options, s.hands[seat], tuple(h.bit_count() for h in s.hands),
            s.aside.bit_count(), s.pile, s.holdings, s.board, s.to_act, s.mode, s.need, s.last, s.turned,
            s.lacks, s.round, s.dealer, s.run, s.tokens, s.ious, legal, s.result, s.why,
        )  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """The table as this seat sees it, JSON-ready: its hand (sorted), every player's points, tokens by
        colour and cards in hand, the pots with their stakes and tokens, the box's spares, the sequence in
        play and its missing card, the cards put down this round, what each player is known to lack, whose
        turn it is, the legal plays (``action`` as :func:`~.actions.parse_action` reads it, ``label`` a
        message code and values), and the result once the game is over. Nothing hidden from the seat is in it.

        >>> data = PlayerView.of(Game.from_hands(["2C 3H 10D", "6D 9C"]), 0).to_dict()
        >>> data["hand"], [play["action"] for play in data["legal"]], data["legal"][2]["takes"]
        (['2C', '3H', '10D'], ['2C', '3H', '10D!'], 2)
        >>> data["pots"][4]
        {'card': '7D', 'stake': 5, 'points': 10, 'tokens': {'yellow': 2, 'red': 0, 'blue': 0, 'green': 0, 'brown': 0}}
        >>> data["players"][1]["tokens"], data["players"][1]["cards"], data["sequence"], data["to_act"]
        ({'yellow': 2, 'red': 2, 'blue': 2, 'green': 2, 'brown': 6}, 2, {'cards': [], 'missing': None}, 'A')
        """
        n = self.players
        run = [card_text(c) for c in self.run] if self.mode != "lead" else []
        legal = []
        for action in self.legal:
            play: dict[str, Any] = {"action": str(action), "label": action_reason(self, action).data()}
            if isinstance(action, Play):
                section = SECTION_OF.get(action.card)
                takes = self.board[section] if section is not None and action.claim else 0
                play |= {"card": card_text(action.card), "takes": takes}
            legal.append(play)
        over = self.mode == "over"
        return {
            "seat": SEATS[self.seat],
            "options": self.options.to_dict(),
            "round": self.round,
            "dealer": SEATS[self.dealer],
            "to_act": None if over else SEATS[self.to_act],
            "mode": self.mode,
            "hand": [card_text(c) for c in cards_of(self.hand)],
            "players": [
                {
                    "seat": SEATS[p],
                    "points": self.holdings[p],
                    "owes": max(0, -self.ious[p]),
                    "tokens": _purse(self.tokens[p]),
                    "cards": self.counts[p],
                    "lacks": [RANK_NAMES[r] for r in range(1, 14) if self.lacks[p] >> r & 1],
                }
                for p in range(n)
            ],
            "pots": [
                {
                    "card": card_text(c),
                    "stake": STAKES[i],
                    "points": self.board[i],
                    "tokens": _purse(self.tokens[n + i]),
                }
                for i, c in enumerate(BOARD)
            ],
            "box": _purse(self.tokens[n + 5]),
            "aside": self.aside_count,
            "pile": [card_text(c) for c in cards_of(self.pile)],
            "sequence": {"cards": run, "missing": RANK_NAMES[self.need] if self.mode == "follow" else None},
            "legal": legal,
            "over": over,
            "result": self.result if over else None,
            "why": self.why.data() if over and self.why is not None else None,
        }

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
