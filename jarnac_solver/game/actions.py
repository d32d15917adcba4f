"""What a player may do in a game, and its notation.

==========================  =============================================
notation                    action
==========================  =============================================
``draw``                    draw (6 on a first turn, else 1)
``exchange ABC``            put 3 rack letters back and draw 3
``+BUT``, ``1:RAT+Z=TZAR``  a move (see :mod:`jarnac_solver.moves.move`)
``pass``                    end the turn
``jarnac 1:RAT+Z=TZAR +BUT`` call Jarnac with these steals
``jarnac value 2,3: +HUBRIS``  value Jarnac: recompose lines 2 and 3
``decline``                 let the pass stand
``dispute`` / ``accept``    competitive rules: challenge the last word, or not
==========================  =============================================
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalActionError, InvalidInputError, InvalidMoveError
from ..lexicon.alphabet import LATIN, Alphabet
from ..messages import Reason
from ..moves.move import Move

__all__ = [
    "Accept",
    "Action",
    "CallJarnac",
    "Decline",
    "Dispute",
    "Draw",
    "Exchange",
    "Pass",
    "Play",
    "action_tiles",
    "parse_action",
]


@dataclass(frozen=True)
class Draw:
    """Draw the letters of the start of a turn (6 on the first, else 1)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Exchange:
    """Put ``letters`` (the rules' exchange size) back in the bag and draw as many."""

    letters: str

    def __str__(self) -> str:
        return f"exchange {self.letters}"


@dataclass(frozen=True)
class Play:
    """Make a move (a word is formed: one letter is drawn after it)."""

    move: Move

    def __str__(self) -> str:
        return str(self.move)


@dataclass(frozen=True)
class Pass:
    """End the turn; the opponent may call Jarnac."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class CallJarnac:
    """Steal after a pass: ``steals`` are moves of the passer.

    With ``taken_indexes`` (indexes from 0 of lines the passer formed this
    turn; the notation numbers them from 1) a value Jarnac.
    """

    steals: tuple[Move, ...]
    taken_indexes: tuple[int, ...] = ()

    def __str__(self) -> str:
        if not isinstance(self.steals, tuple) or not isinstance(self.taken_indexes, tuple):
            return repr(self)  # hand-built with the wrong types: Game.push refuses it
        words = " ".join(map(str, self.steals))
        if self.taken_indexes:
            lines = ",".join(str(i + 1) if isinstance(i, int) else repr(i) for i in self.taken_indexes)
            return f"jarnac value {lines}: {words}"
        return f"jarnac {words}"


@dataclass(frozen=True)
class Decline:
    """Let the pass stand (no Jarnac)."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True)
class Dispute:
    """Competitive rules: challenge the word just formed."""

    def __str__(self) -> str:
        return "dispute"


@dataclass(frozen=True)
class Accept:
    """Competitive rules: let the word just formed stand."""

    def __str__(self) -> str:
        return "accept"


Action = Draw | Exchange | Play | Pass | CallJarnac | Decline | Dispute | Accept
"""Any action of a game: what :meth:`Game.push` takes and :func:`parse_action` reads."""

ACTIONS = (
    "draw, exchange XYZ, +WORD, N:OLD+LETTERS=WORD, pass, jarnac STEAL [STEAL ...],"
    " jarnac value N,M: +WORD, decline, dispute, accept"
)
"""Every form of an action, as an error names them when one cannot be read."""

_WORDS: dict[str, Action] = {
    "draw": Draw(),
    "pass": Pass(),
    "decline": Decline(),
    "dispute": Dispute(),
    "accept": Accept(),
}


def parse_action(text: str, alphabet: Alphabet = LATIN) -> Action:
    """Read the notation of the module docstring.

    >>> parse_action("jarnac 1:RAT+Z=TZAR")
    CallJarnac(steals=(Move(kind='extend', line_index=0, old='RAT', word='TZAR', letters='Z'),), taken_indexes=())
    >>> str(parse_action("exchange abc"))
    'exchange ABC'
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"an action is written as text, not {type(text).__name__}")
    spec = text.strip()
    if spec.lower() in _WORDS:
        return _WORDS[spec.lower()]
    head, _, rest = spec.partition(" ")
    if head.lower() == "exchange":
        # Spaces separate tiles, as in a rack: "exchange I J A" puts back I, J and A.
        letters = alphabet.write([t for part in rest.split() for t in alphabet.tokenize(part, what="exchange")])
        if not letters:
            raise InvalidMoveError("exchange needs the letters to put back, e.g. 'exchange QXZ'")
        return Exchange(letters)
    if head.lower() == "jarnac":
        taken: tuple[int, ...] = ()
        if rest.lower().startswith("value"):
            numbers, colon, rest = rest[5:].partition(":")
            try:
                taken = tuple(int(n) - 1 for n in numbers.split(","))
            except ValueError:
                raise InvalidMoveError(f"action {text!r}: 'jarnac value' takes line numbers, e.g. 2,3:") from None
            if not colon or any(i < 0 for i in taken):
                raise InvalidMoveError(f"action {text!r} is not written 'jarnac value 2,3: +WORD ...'")
        steals = tuple(Move.parse(m, alphabet) for m in rest.split())
        if not steals:
            raise InvalidMoveError(f"action {text!r} names no steal")
        return CallJarnac(steals, taken)
    if "+" not in spec:  # no move can be read: say every form of an action, not only a move's
        raise InvalidMoveError(Reason("error_unreadable_action", {"text": repr(text), "actions": ACTIONS}))
    return Play(Move.parse(spec, alphabet))


def action_tiles(alphabet: Alphabet, text: object, what: str) -> tuple[int, ...]:
    """The tile codes of an action's text (``what`` names the part), refusing (``IllegalActionError``) what is not
    tiles of ``alphabet``."""
    if not isinstance(text, str):
        raise IllegalActionError(f"{what} must be text, not {text!r}")
    try:
        return alphabet.encode(text, what=what)
    except InvalidInputError as exc:
        raise IllegalActionError(exc.reason or str(exc)) from None
