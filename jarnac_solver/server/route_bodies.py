"""The bodies and queries of the live games' and people's routes (``/api/games``, ``/api/join``,
``/api/mine``, ...) and of the audit and the reviews, each declared once as a typed model.

Key idea: a model is the one place a route's fields are written, with their bounds; the route reads the
checked model (:meth:`~.core.Core.checked`, :meth:`~.core.Core.asked`), and the OpenAPI document describes
it (:func:`~.typed.schema`, :func:`~.typed.parameters`), so the two cannot drift. What fits the other
fields (a hot seat's second name, a game days a move without a window) is the route's to say
(:func:`~.spec.new_spec`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pydantic

from ..commands.hint import MAX_TOP
from ..lexicon.bag import BAGS
from ..moves.rules import PRESETS
from ..planning.advice import DEPTHS
from ..play.review import DEFAULT_PLAYOUTS, DEFAULT_TOP
from ..play.review import DEPTHS as REVIEW_DEPTHS
from .contract import (
    MAX_ACTIONS,
    MAX_AUDIT_BYTES,
    MAX_ITEMS,
    MAX_MS,
    OFFERED_LEXICON,
    PERSON,
)
from .names import MAX_NAME
from .typed import (
    NUMBER,
    WHOLE,
    Flag,
    GameRules,
    Lexicon,
    PersonName,
    QueryFlag,
    RouteBody,
    Seats,
    chars,
)

__all__ = [
    "DAYS",
    "DEFAULT_THINK_MS",
    "DEFAULT_WINDOW_S",
    "HOTSEAT",
    "INVITE",
    "KEYED_SEATS",
    "MAX_REVIEW_PLAYOUTS",
    "MAX_REVIEW_SECONDS",
    "MAX_REVIEW_TOP",
    "MAX_WINDOW_S",
    "ROUTES",
    "ActionBody",
    "AdviceQuery",
    "AuditBody",
    "GameReviewQuery",
    "GamesText",
    "JoinBody",
    "MineBody",
    "NewGameBody",
    "RecordQuery",
    "RematchBody",
    "ResignBody",
    "ReviewBody",
    "ReviewOptions",
    "SinceQuery",
    "TransferBody",
]

DEFAULT_THINK_MS = 1000.0
"""The computer's time for a decision unless the game says otherwise (cut to the server's ceiling)."""
INVITE = "invite"
"""``seats`` of a game between two people on two devices: each seat acts with its own key."""
HOTSEAT = "hotseat"
"""``seats`` of a game between two people on one device passed between them: each seat acts with its own
key, both keys held by the one page; no join code (no one else is to join), and no Jarnac window's
countdown unless asked for (it would run while the device changes hands)."""
KEYED_SEATS = (INVITE, HOTSEAT)
"""The ``seats`` whose seats act each with its own key (X-Seat-Key)."""
DEFAULT_WINDOW_S = 30.0
"""The seconds an invited person has to call a Jarnac after a pass, under rules without a clock."""
DAYS = (1, 3, 7)
"""A game days a move: the days each decision has (and its seat's bank, as many more)."""
MAX_WINDOW_S = 3600.0
"""The longest Jarnac window a game may set."""

MAX_REVIEW_PLAYOUTS = 64
"""The most play-outs a decision a review runs over HTTP (the command line allows more)."""
MAX_REVIEW_SECONDS = 120.0
"""The longest review of one request, whatever its per-decision budget (the rest is said ``not_weighed``)."""
MAX_REVIEW_TOP = 20
"""The most engine candidates a review weighs beyond its own choice (the command line's ``--top`` bound)."""

_NAME_HELP = f"1 to {MAX_NAME} characters, shown as text; control and bidirectional characters and markup refused"
_SEED = 2**63 - 1
Milliseconds = Annotated[float, pydantic.Field(gt=0, le=MAX_MS, allow_inf_nan=False), NUMBER]
"""A time in milliseconds (above 0; the server's ceiling cuts it)."""
Seat = Literal["A", "B"]
Presets: Any = Literal[tuple(PRESETS)]
"""A rules preset's name."""
Bag: Any = Literal[tuple(BAGS)]
"""A built-in bag (never a file)."""
AdviceDepth: Any = Literal[DEPTHS]
ReviewDepth: Any = Literal[REVIEW_DEPTHS]


class NewGameBody(RouteBody):
    """A new live game: against the computer, or between two people."""

    lexicon: Lexicon | None = pydantic.Field(None, description=f"{OFFERED_LEXICON} (default: fr, else the first)")
    rules: GameRules | None = pydantic.Field(
        None, description="a preset's name (sheet, competitive, ...) or an object of options"
    )
    players: Seats | None = pydantic.Field(
        None, description=f'A then B: "{PERSON}" or the computer\'s player (default ["{PERSON}", "planner"])'
    )
    seed: Annotated[int, pydantic.Field(ge=0, le=_SEED), WHOLE] | None = pydantic.Field(
        None, description="orders the bag (default: at random)"
    )
    bag: Bag | None = pydantic.Field(None, description="a built-in bag (default: the lexicon's)")
    over_the_board: Flag | None = pydantic.Field(
        None, description="two people with real tiles: every action that draws gives the tiles drawn"
    )
    think_ms: Milliseconds | None = pydantic.Field(
        None, description=f"the computer's time a decision (default {DEFAULT_THINK_MS:g}, cut to the server's ceiling)"
    )
    seats: Literal["invite", "hotseat", "open"] | None = pydantic.Field(
        None,
        description=f'"{INVITE}": two people on two devices, each seat acting with its key (X-Seat-Key); the answer'
        " gives each seat's key and join link, a join code and a watch link;"
        f' "{HOTSEAT}": two people on one device passed between them, each seat\'s key and a watch link, the'
        " Jarnac window untimed unless window_seconds or the rules' clock times it",
    )
    hints: Flag | None = pydantic.Field(
        None, description="false: no advice for either seat (a game option both players see)"
    )
    window_seconds: Annotated[float, pydantic.Field(gt=0, le=MAX_WINDOW_S, allow_inf_nan=False), NUMBER] | None = (
        pydantic.Field(
            None,
            description="invited people: the seconds to call a Jarnac after a pass (default: the rules' clock, else"
            f" {DEFAULT_WINDOW_S:g} on two devices, untimed in a hot seat); the time over, the window is declined",
        )
    )
    days: Annotated[int, pydantic.Field(ge=1, le=7), WHOLE] | None = pydantic.Field(
        None,
        description=f"a game days a move: {', '.join(map(str, DAYS))} days a decision, and a bank of as many more"
        " days a seat that decisions taking longer spend; out of time, the seat loses (default: live, as it is"
        " played)",
    )
    name: PersonName | None = pydantic.Field(
        None, description=f"the creator's name (its seat's: A, or the person's): {_NAME_HELP}"
    )
    guest_name: PersonName | None = pydantic.Field(
        None, description=f"a hot seat: the name of B, the second person: {_NAME_HELP}"
    )


class JoinBody(RouteBody):
    """Seat B of an invitation taken by this device, from its join code."""

    code: Annotated[str, chars(40)] = pydantic.Field(description="the join code read aloud (K7QM-2PXA-9B3C; any case)")
    name: PersonName | None = pydantic.Field(None, description=f"the name of the person joining: {_NAME_HELP}")


class MineBody(RouteBody):
    """The games a browser holds."""

    games: (
        Annotated[list[Annotated[str, chars(80)]], pydantic.Field(min_length=1, max_length=MAX_ITEMS)]
        | Annotated[str, chars(80)]
    ) = pydantic.Field(
        description=f"the games this browser holds (at most {MAX_ITEMS}), each its id, or ID:SEAT for the seat it"
        " plays (A or B; both seats of a hot seat: ID:AB)"
    )

    @property
    def held(self) -> list[str]:
        """The games, one text a list of one."""
        return [self.games] if isinstance(self.games, str) else list(self.games)


class ResignBody(RouteBody):
    """A seat's resignation."""

    player: Seat | None = pydantic.Field(
        None,
        description="the seat that resigns: said by its key between invited people; of a game without keys, its"
        " person's seat (required when two people share it)",
    )


class RematchBody(RouteBody):
    """A rematch's request: its seat is its key's (X-Seat-Key); the body is empty."""


class TransferBody(RouteBody):
    """A transfer link used."""

    token: Annotated[str, chars(64)] = pydantic.Field(
        description="the transfer link's token (after #move= in the link the seat's holder made)"
    )


class SinceQuery(RouteBody):
    """The actions a client holds."""

    since: Annotated[int, pydantic.Field(ge=0, le=MAX_ACTIONS), WHOLE] | None = pydantic.Field(
        None, description="the actions the client holds: those after it are sent"
    )


class ActionBody(RouteBody):
    """A person's action in a live game."""

    action: Annotated[str, chars()] = pydantic.Field(description="in the record notation: draw, +RAT, pass, ...")
    drew: Annotated[str, chars(64)] | None = pydantic.Field(None, description="over the board: the tiles drawn")
    player: Seat | None = pydantic.Field(None, description="who acts (refused when it is not that player's turn)")
    at: Annotated[int, pydantic.Field(ge=1, le=MAX_ACTIONS + 1), WHOLE] | None = pydantic.Field(
        None,
        description="the action's number in the game (from 1): a retry of an action already taken answers the game",
    )


class AdviceQuery(RouteBody):
    """What the player to act should do."""

    budget: Milliseconds | None = pydantic.Field(
        None, description="milliseconds to think (default 1000, cut to the server's ceiling)"
    )
    top: Annotated[int, pydantic.Field(ge=1, le=MAX_TOP), WHOLE] | None = pydantic.Field(
        None, description=f"how many options (1 to {MAX_TOP})"
    )
    depth: AdviceDepth | None = pydantic.Field(None, description="plan: the ladder; simulate: sampled play-outs")
    familiarity: QueryFlag | None = pydantic.Field(None, description="familiar words first (the familiarity extra)")


class RecordQuery(RouteBody):
    """A game's record."""

    format: Literal["json", "text"] | None = pydantic.Field(
        None, description="json, or text: the notation, as a download"
    )


class GamesText(RouteBody):
    """The fields of games sent as text: the lexicon and rules of a game typed one action a line (a record
    names its own)."""

    lexicon: Lexicon | None = pydantic.Field(
        None, description=f"the lexicon of a game typed one action a line: {OFFERED_LEXICON}"
    )
    rules: Presets | None = pydantic.Field(None, description="the rules of a game typed one action a line")


class AuditBody(GamesText):
    """Records audited, sent as text."""

    text: Annotated[str, chars(MAX_AUDIT_BYTES)] = pydantic.Field(
        description="the records, JSON Lines, or one action a line"
    )
    deep: Flag | None = pydantic.Field(None, description="also each turn's best first move and longest ladder")


class ReviewOptions(RouteBody):
    """The options of a review."""

    playouts: Annotated[int, pydantic.Field(ge=2, le=MAX_REVIEW_PLAYOUTS), WHOLE] | None = pydantic.Field(
        None,
        description="rounds of play-outs a decision: the strength, reproducible from seed"
        f" (default {DEFAULT_PLAYOUTS})",
    )
    budget: Milliseconds | None = pydantic.Field(
        None,
        description="milliseconds a decision at most, a ceiling each decision it stops says (default: the server's"
        " ceiling, cut to it)",
    )
    seed: Annotated[int, pydantic.Field(ge=0, le=_SEED), WHOLE] | None = pydantic.Field(
        None, description="the play-outs' seed (default 0)"
    )
    top: Annotated[int, pydantic.Field(ge=0, le=MAX_REVIEW_TOP), WHOLE] | None = pydantic.Field(
        None, description=f"engine candidates beyond its own choice (default {DEFAULT_TOP})"
    )
    player: Seat | None = pydantic.Field(None, description="only this player's decisions (default: both)")
    depth: ReviewDepth | None = pydantic.Field(
        None, description="simulate: weigh by play-outs; plan: by the planner's values alone (the planner's units)"
    )


class ReviewBody(GamesText, ReviewOptions):
    """One game reviewed, sent as text."""

    text: Annotated[str, chars(MAX_AUDIT_BYTES)] = pydantic.Field(
        description="one game: its record, JSON Lines, or one action a line"
    )


class GameReviewQuery(ReviewOptions):
    """The options of a finished live game's review (``POST /api/review``'s, the game the id's)."""


ROUTES: dict[tuple[str, str], type[RouteBody]] = {
    ("POST", "/api/games"): NewGameBody,
    ("POST", "/api/games/{game_id}/actions"): ActionBody,
    ("GET", "/api/games/{game_id}/actions"): SinceQuery,
    ("GET", "/api/games/{game_id}/events"): SinceQuery,
    ("POST", "/api/games/{game_id}/resign"): ResignBody,
    ("POST", "/api/games/{game_id}/rematch"): RematchBody,
    ("GET", "/api/games/{game_id}/advice"): AdviceQuery,
    ("GET", "/api/games/{game_id}/record"): RecordQuery,
    ("GET", "/api/games/{game_id}/review"): GameReviewQuery,
    ("POST", "/api/join"): JoinBody,
    ("POST", "/api/mine"): MineBody,
    ("POST", "/api/transfer"): TransferBody,
    ("POST", "/api/audit"): AuditBody,
    ("POST", "/api/review"): ReviewBody,
}
"""Each route's model, by its method and path (a ``GET``'s: its query): what the OpenAPI document describes."""
