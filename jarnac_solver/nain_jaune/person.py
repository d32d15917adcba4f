"""A person at the table: a player whose choices are typed in a terminal, in the reader's language.

Key idea: the person is one more player behind the players' interface
(:class:`~.players.Player`): it is handed a :class:`~.view.PlayerView` and
returns one of its legal actions, like the computer players; it also
*watches* the table (``watches = True``), so the game loop tells it every
action played (:meth:`PersonPlayer.observe`), which it narrates: each
turn on one line with its "No 6" or "King and I start again!", each take,
each round's end with who paid what and the scores. On its turn it shows
the table (:func:`table_lines`): the five pots and their stakes, every
player's tokens by colour and cards in hand, the sequence in play and the
missing card, its hand sorted, and its legal plays numbered. A number
plays that line, Enter the first; a forced action (a pass where no card
can be played, the one card that continues a run) is played and said;
anything else is asked again with a sentence that says what to type. The
end of the input (Ctrl-D), or ``q`` typed, raises :class:`TableLeft`: the game stops there,
unfinished, and its record stays valid up to the last action.

Every sentence is a ``nj.*`` message of the catalogs
(``jarnac_solver/messages/nain_jaune.py``, ``locales/*.po``), rendered in
the language the command line set (:func:`~jarnac_solver.messages.speaking`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TextIO

from ..errors import InvalidInputError
from ..messages import Reason, Value
from .actions import Action, Pass, Play, Stop, parse_action
from .cards import BOARD, RANK_NAMES, card_text, hand_text, rank
from .engine import SEATS, Played
from .tokens import COLOURS, Purse
from .view import PlayerView, action_reason

__all__ = ["PersonPlayer", "TableLeft", "action_label", "table_lines", "tokens_text"]


LEAVE = ("q", "quit", "exit")
"""What a person types to leave the table (as Ctrl-D, the end of the input, does)."""


class TableLeft(Exception):
    """The person left the table (the end of the input): the game stops, unfinished."""


def _say(code: str, **values: Value) -> str:
    return Reason(code, values).text()


def tokens_text(purse: Purse) -> str:
    """A purse said by colour (``3 yellow, 1 red, 2 brown``), or "no token".

    >>> tokens_text((3, 1, 0, 0, 2)), tokens_text((0, 0, 0, 0, 0))
    ('3 yellow, 1 red, 2 brown', 'no token')
    """
    parts = [_say(f"nj.{colour}", count=count) for colour, count in zip(COLOURS, purse, strict=True) if count]
    return ", ".join(parts) or _say("nj.no_token")


def _seat(view: PlayerView, seat: int, names: Sequence[str]) -> str:
    return _seat_name(seat, view.seat, names)


def _seat_name(seat: int, me: int, names: Sequence[str]) -> str:
    """``A (you)`` for the person's own seat, ``B greedy`` for another (``B`` when no name is known, and
    for another person: ``person`` is a word of the command line, not of the reader's language)."""
    if seat == me:
        return _say("nj.seat_you", seat=SEATS[seat])
    name = names[seat] if seat < len(names) and names[seat] != "person" else ""
    return _say("nj.seat", seat=SEATS[seat], name=name).strip()


def action_label(view: PlayerView, action: Action) -> str:
    """A legal action as a person reads it in the list of plays, in the current language.

    >>> from .engine import Game
    >>> view = PlayerView.of(Game.from_hands(["10D 9C", "2C"]), 0)
    >>> [action_label(view, a) for a in view.legal]
    ['9C', '10D, takes all (2)']
    """
    return action_reason(view, action).text()


def table_lines(view: PlayerView, names: Sequence[str] = (), *, brief: bool = False) -> list[str]:
    """The table as ``view``'s player sees it: the pots, each player's tokens and cards, the sequence, its
    hand and (on its turn) its plays numbered; ``brief``: the sequence, the hand and the plays only (a run
    going on, the rest unchanged since it started).

    >>> from .engine import Game
    >>> for line in table_lines(PlayerView.of(Game.from_hands(["2C 3H", "6D 9C"]), 0), ["you", "greedy"]):
    ...     print(line)
    Pots: 10D 2 (2 brown) | JC 4 (2 green) | QS 6 (2 blue) | KH 8 (2 red) | 7D 10 (2 yellow)
    A (you): 34 pts (2 yellow, 2 red, 2 blue, 2 green, 6 brown), 2 cards in hand
    B greedy: 34 pts (2 yellow, 2 red, 2 blue, 2 green, 6 brown), 2 cards in hand
    No sequence in play: a new one starts with any card
    Your hand (2 cards): 2C 3H
    Your plays:
      1. 2C
      2. 3H
    """
    n = view.players
    pots = " | ".join(
        _say(
            "nj.pot",
            card=card_text(c),
            points=view.board[i],
            tokens=tokens_text(view.tokens[n + i]),
        )
        for i, c in enumerate(BOARD)
    )
    lines = [] if brief else [_say("nj.pots", pots=pots)]
    for p in range(0 if brief else n):
        points = _say("nj.n_points", count=view.holdings[p])
        held = tokens_text(view.tokens[p])
        if view.ious[p] < 0:
            held += ", " + _say("nj.owes", points=-view.ious[p])
        cards = _say("nj.n_cards", count=view.counts[p])
        lines.append(_say("nj.player_tokens", seat=_seat(view, p, names), points=points, tokens=held, cards=cards))
    if view.mode == "lead" or not view.run:
        lines.append(_say("nj.sequence_new"))
    elif view.mode == "follow":
        lines.append(_say("nj.sequence_missing", cards=" ".join(map(card_text, view.run)), rank=RANK_NAMES[view.need]))
    else:
        lines.append(_say("nj.sequence", cards=" ".join(map(card_text, view.run))))
    lines.append(_say("nj.your_hand", cards=_say("nj.n_cards", count=view.hand.bit_count()), hand=hand_text(view.hand)))
    if view.legal:
        lines.append(_say("nj.your_plays"))
        lines += [f"  {i}. {action_label(view, a)}" for i, a in enumerate(view.legal, 1)]
    return lines


@dataclass
class PersonPlayer:
    """A person typing its plays (``reader``, standard input by default) and reading the table (``writer``,
    standard output by default), in the current language."""

    seed: int = 0
    name: str = "person"
    reader: TextIO | None = None
    writer: TextIO | None = None
    watches: bool = True
    """Told every action played (:meth:`observe`): a person follows the table."""
    names: tuple[str, ...] = ()
    seat: int = -1
    """Where it sits (told by :meth:`start`); -1 when several people share the terminal (none is "you" in
    the narration, each in its own table)."""
    narrates: bool = True
    """Whether it narrates the table: several people at one terminal (the seats named like it) have one
    narrator, the first of them."""
    _turn: list[str] = field(default_factory=list, repr=False)
    _turn_seat: int = field(default=-1, repr=False)

    # -- the interface every player has ------------------------------------------------------------------
    def start(self, view: PlayerView, names: Sequence[str]) -> None:
        """The game begins: who sits where, and the first round's deal."""
        self.names = tuple(names)
        people = [p for p, name in enumerate(self.names) if name == self.name]
        self.narrates = not people or people[0] == view.seat
        self.seat = view.seat if len(people) <= 1 else -1
        if self.narrates:
            seats = ", ".join(_seat_name(p, self.seat, self.names) for p in range(view.players))
            self._print(_say("nj.welcome", count=view.players, seats=seats))
            self._round_header(view)

    def choose(self, view: PlayerView) -> Action:
        """Show the table and read a play; a forced action is played and said."""
        self._flush()
        legal = view.legal
        if len(legal) == 1 and isinstance(legal[0], Pass):
            self._print(_say("nj.must_pass", rank=RANK_NAMES[view.need]))
            return legal[0]
        if len(legal) == 1 and isinstance(legal[0], Play):  # the one card that goes on with the run
            # The card alone: what it takes is said on the turn's line that follows, once.
            self._print(_say("nj.only_play", card=card_text(legal[0].card)))
            return legal[0]
        self._print("")
        for line in table_lines(view, self.names, brief=view.mode == "run"):
            self._print(line)
        while True:
            self._write(_say("nj.prompt", count=len(legal)))
            raw = self._in().readline()
            if raw.strip().lower() in LEAVE:  # as the end of the input
                if not self._in().isatty():
                    self._print(raw.rstrip("\r\n"))
                raw = ""
            if not raw:
                self._print("")
                self._print(_say("nj.left", round=view.round))
                raise TableLeft()
            if not self._in().isatty():
                self._print(raw.rstrip("\r\n"))  # a piped answer is not echoed by a terminal: the transcript shows it
            chosen = self._read(raw.strip(), legal, view.hand)
            if isinstance(chosen, str):
                self._print(chosen)
                continue
            return chosen

    def observe(self, played: Played, view: PlayerView) -> None:
        """An action was played: narrate it (a turn a line), and each round's end."""
        if not self.narrates:
            return
        if played.player != self._turn_seat:
            self._flush()
            self._turn_seat = played.player
        if isinstance(played.action, Pass | Stop):
            said = _say("nj.passes" if isinstance(played.action, Pass) else "nj.stops")
        else:
            said = str(played.action).rstrip("!")
        for note in played.notes:
            if note.code == "nj.note_takes":
                said = f"{said} ({_say('nj.takes', points=note.values['points'])})"
        self._turn.append(said)
        over = view.round != played.round or view.mode == "over"
        if not over and isinstance(played.action, Play) and rank(played.action.card) == 13 and view.mode == "lead":
            self._turn.append(_say("nj.king"))
        if over or view.to_act != played.player:
            if not over and view.mode == "follow":
                self._turn.append("- " + _say("nj.no_rank", rank=RANK_NAMES[view.need]))
            self._flush()
        if over:
            self._round_end(played, view)

    # -- narration ---------------------------------------------------------------------------------------
    def _flush(self) -> None:
        if self._turn:
            who = _seat_name(self._turn_seat, self.seat, self.names)
            self._print(_say("nj.turn", seat=who, actions=" ".join(self._turn)))
            self._turn.clear()
        self._turn_seat = -1

    def _round_header(self, view: PlayerView) -> None:
        self._print("")
        self._print(_say("nj.round_header", round=view.round, seat=SEATS[view.dealer]))

    def _round_end(self, played: Played, view: PlayerView) -> None:
        self._print(_say("nj.round_over", round=played.round, seat=SEATS[played.player]))
        for note in played.notes:
            if note.code in ("nj.note_pays", "nj.note_grand_opera"):
                self._print("  " + note.text())
        scores = ", ".join(
            _say(
                "nj.score",
                seat=_seat_name(p, self.seat, self.names),
                points=_say("nj.n_points", count=view.holdings[p]),
            )
            for p in range(view.players)
        )
        self._print(_say("nj.scores", scores=scores))
        if view.mode != "over":
            self._round_header(view)
            return
        best = max(view.holdings)
        winners = [p for p in range(view.players) if view.holdings[p] == best]
        why = view.why.text() if view.why is not None else view.result
        code = "nj.game_over" if len(winners) == 1 else "nj.game_over_tie"
        who = ", ".join(_seat_name(p, self.seat, self.names) for p in winners)
        self._print(_say(code, why=why, winners=who, points=_say("nj.n_points", count=best)))

    # -- input and output --------------------------------------------------------------------------------
    def _read(self, text: str, legal: tuple[Action, ...], hand: int) -> Action | str:
        """The action ``text`` picks from ``legal`` (``hand``: the person's cards), or the sentence that
        asks again: a card typed that is not held, or held but not playable now, is said so."""
        if not text:
            return legal[0]
        if text.isascii() and text.isdigit():
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            return _say("nj.bad_number", given=text[:20], count=len(legal))
        try:
            action = parse_action(text)
        except InvalidInputError:
            return _say("nj.bad_text", given=text[:40], count=len(legal))
        if isinstance(action, Play) and Play(action.card, True) in legal and Play(action.card) not in legal:
            action = Play(action.card, True)  # claims="automatic": a board card played takes all
        if action in legal:  # a play typed as the record writes it: 7H, 10D! (the take announced), pass
            return action
        if isinstance(action, Pass):  # a sequence to start, or (must_follow) the missing card held
            return _say("nj.no_pass", count=len(legal))
        if isinstance(action, Play):
            held = bool(hand >> action.card & 1)
            return _say("nj.not_now" if held else "nj.not_held", given=text[:40], count=len(legal))
        return _say("nj.bad_text", given=text[:40], count=len(legal))

    def _in(self) -> TextIO:
        return self.reader if self.reader is not None else sys.stdin

    def _write(self, text: str) -> None:
        out = self.writer if self.writer is not None else sys.stdout
        out.write(text)
        out.flush()

    def _print(self, text: str) -> None:
        self._write(text + "\n")
