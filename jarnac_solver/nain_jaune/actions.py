"""What a player may do on its turn, one card at a time, and how it is written.

==========  ===========================================================
notation    action
==========  ===========================================================
``7H``      put down the 7 of Hearts (to lead, to follow, or to run on)
``10D!``    put down a board card and announce that it "takes all"
``pass``    do not continue the run from the missing value
``stop``    (``must_run_on=False``) end one's own run early: "No ..."
==========  ===========================================================

Key idea: an action is one card, so the choices the rulebook gives (which
card to lead, which suit to continue with, whether to follow) are each a
decision, and a turn is the run of its actions (a record writes a turn on
one line: ``A 2C 3H 4D 5S``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidInputError
from .cards import card_text, parse_card

__all__ = ["Action", "Pass", "Play", "Stop", "parse_action"]


@dataclass(frozen=True, order=True)
class Play:
    """Put down ``card``; ``claim``: announce that a board card "takes all"."""

    card: int
    claim: bool = False

    def __str__(self) -> str:
        return card_text(self.card) + ("!" if self.claim else "")


@dataclass(frozen=True, order=True)
class Pass:
    """Let the run go on to the next player (the missing value is not played)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, order=True)
class Stop:
    """End one's own run while able to go on (only where ``must_run_on`` is ``False``)."""

    def __str__(self) -> str:
        return "stop"


Action = Play | Pass | Stop
"""Any action of a round: a card played, a pass or a stop."""


def parse_action(text: str) -> Action:
    """The action written ``text`` (any case).

    >>> parse_action("10d!"), parse_action("PASS"), str(parse_action("qs"))
    (Play(card=37, claim=True), Pass(), 'QS')
    >>> parse_action("draw")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: 'draw' is no action: a card (7H, 10D!), pass or stop
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"an action is text such as 7H or pass, not {text!r}")
    word = text.strip()
    if word.lower() == "pass":
        return Pass()
    if word.lower() == "stop":
        return Stop()
    claim = word.endswith("!")
    try:
        return Play(parse_card(word[:-1] if claim else word), claim)
    except InvalidInputError:
        raise InvalidInputError(f"{text!r} is no action: a card (7H, 10D!), pass or stop") from None
