"""What the Nain Jaune tables' routes take: a new table's body, an action's, the events' and the record's
queries, a record to audit; each declared once as a typed model (:mod:`.typed`), with the cross-field rules
of a new table in :func:`table_spec`.

Key idea: as Jarnac's (:mod:`.route_bodies`), a table's body is read by its model (every fault named by its
field, in the asker's language) and described by it in the OpenAPI document (:mod:`.nain_jaune_openapi`).
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any, Literal

import pydantic
from pydantic_core import PydanticCustomError

from ..errors import JarnacError
from ..messages import Reason
from ..nain_jaune import Options
from ..nain_jaune.engine import SEATS, players_error
from .contract import MAX_AUDIT_BYTES, BodyError, Fault
from .nain_jaune_tables import COMPUTERS, MAX_ACTIONS, MAX_SAMPLES, PERSON, SEAT_WORDS, TableSpec, said_of
from .names import MAX_NAME
from .typed import NAME, WHOLE, RouteBody, chars

__all__ = [
    "ROUTES",
    "NainJauneActionBody",
    "NainJauneAuditBody",
    "NainJauneEventsQuery",
    "NainJauneGameBody",
    "NainJauneRecordQuery",
    "table_spec",
]

_OFFERED = ", ".join((PERSON, *COMPUTERS))
SeatWord: Any = Literal[SEAT_WORDS]
"""How a table's people sit (open, hotseat, invite)."""
Seat: Any = Literal[tuple(SEATS)]
"""A table's seat, A to D."""


def _said(code: str, **values: Any) -> PydanticCustomError:
    return PydanticCustomError("reason", "{code}", {"code": code, "values": values})


def _players(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise _said("fault_nj_players_due")
    if not 2 <= len(value) <= 4:
        raise PydanticCustomError("said", "{said}", {"said": said_of(players_error(len(value)))})
    for p in value:
        base, sep, count = p.partition(":")
        fits = (
            p == PERSON
            or p in COMPUTERS
            or (base == "mc" and sep and count.isascii() and count.isdigit() and 1 <= int(count) <= MAX_SAMPLES)
        )
        if not fits:
            raise _said("nj.http_unknown_player", given=repr(p[:40]), offered=_OFFERED, most=MAX_SAMPLES)
    if PERSON not in value:
        raise _said("nj.http_needs_person")
    return list(value)


Players = Annotated[
    list[str],
    pydantic.PlainValidator(_players),
    pydantic.WithJsonSchema(
        {
            "type": "array",
            "minItems": 2,
            "maxItems": 4,
            "items": {"type": "string", "description": f"one of {_OFFERED}, or mc:N (N from 1 to {MAX_SAMPLES})"},
        }
    ),
]
"""A table's 2 to 4 seats: ``person`` or a computer player, one person at least."""


def _options(value: Any) -> Options:
    if isinstance(value, Options):
        return value
    try:
        return Options.from_dict(value)
    except JarnacError as exc:
        raise PydanticCustomError("said", "{said}", {"said": said_of(exc)}) from None


TableOptions = Annotated[
    Options,
    pydantic.PlainValidator(_options),
    pydantic.WithJsonSchema({"anyOf": [{"const": "rulebook"}, {"type": "object"}]}),
]
"""The rules' options: ``rulebook``, or an object of them (:class:`~jarnac_solver.nain_jaune.Options`)."""


class NainJauneGameBody(RouteBody):
    """A new Nain Jaune table of 2 to 4 seats."""

    game: Literal["nain_jaune"] = pydantic.Field(description="nain_jaune: a Nain Jaune table")
    players: Players | None = pydantic.Field(
        None, description=f'2 to 4 seats, each "person" or a computer player (default ["{PERSON}", "greedy", "stakes"])'
    )
    seats: SeatWord | None = pydantic.Field(
        None,
        description="open: one person against computers; hotseat: people sharing a device; invite: people on"
        " their own devices, with seat keys and join codes (default open)",
    )
    options: TableOptions | None = pydantic.Field(None, description="the rules' options (default rulebook)")
    seed: Annotated[int, pydantic.Field(ge=0, le=2**63 - 1), WHOLE] | None = pydantic.Field(
        None, description="the deals (null: at random)"
    )
    name: Annotated[str, chars(MAX_NAME), NAME] | None = pydantic.Field(
        None, description="the creator's name (the first person's seat)"
    )


def _action(text: str) -> str:
    if not text.strip():
        raise _said("fault_nj_action_due")
    return text


def _seat(value: Any) -> Any:
    return value.upper() if isinstance(value, str) else value  # a seat in any case


class NainJauneActionBody(RouteBody):
    """A person's play at a table."""

    action: Annotated[str, chars(20), pydantic.AfterValidator(_action)] = pydantic.Field(
        description="a card (7H, 10D!), pass or stop"
    )
    player: Annotated[Seat, pydantic.BeforeValidator(_seat)] | None = pydantic.Field(
        None, description="the seat that plays (any case)"
    )
    at: Annotated[int, pydantic.Field(ge=1, le=MAX_ACTIONS + 1), WHOLE] | None = pydantic.Field(
        None, description="the action's number in the game (from 1)"
    )


class NainJauneEventsQuery(RouteBody):
    """The actions a table's push channel starts after."""

    since: Annotated[int, pydantic.Field(ge=0, le=MAX_ACTIONS), WHOLE] | None = pydantic.Field(
        None, description="the actions the client holds: those after it are sent"
    )


class NainJauneRecordQuery(RouteBody):
    """A table's record."""

    format: Literal["json", "text"] | None = pydantic.Field(
        None, description="json, or text: the notation, as a download"
    )


class NainJauneAuditBody(RouteBody):
    """A Nain Jaune record to replay."""

    record: Annotated[str, chars(MAX_AUDIT_BYTES)] = pydantic.Field(
        description="a record: the text GET /api/games/ID/record gives"
    )


ROUTES: dict[tuple[str, str], type[RouteBody]] = {
    ("POST", "/api/games/nj-{table}/actions"): NainJauneActionBody,
    ("GET", "/api/games/nj-{table}/events"): NainJauneEventsQuery,
    ("GET", "/api/games/nj-{table}/record"): NainJauneRecordQuery,
    ("POST", "/api/nain-jaune/audit"): NainJauneAuditBody,
}
"""Each table route's model, by its method and path (a new table's: ``POST /api/games``, beside Jarnac's)."""


def table_spec(body: NainJauneGameBody) -> TableSpec:
    """The setting a new table's checked ``body`` asks for (the creator's ``name`` given to the first person's
    seat), or :class:`~.contract.BodyError` naming each field that does not fit the others.

    >>> spec = table_spec(NainJauneGameBody(game="nain_jaune", players=["person", "greedy"], seed=3))
    >>> spec.players, spec.seats, spec.options.name_or_dict()
    (('person', 'greedy'), 'open', 'rulebook')
    """
    players = body.players or [PERSON, "greedy", "stakes"]
    where = body.seats or "open"
    faults: list[Fault] = []
    if where == "open" and players.count(PERSON) > 1:
        faults.append(Fault("seats", Reason("nj.http_open_people").text()))
    options = body.options or Options.from_dict("rulebook")
    try:
        options.hand_for(len(players))
    except JarnacError as exc:
        faults.append(Fault("options", said_of(exc)))
    if faults:
        raise BodyError(faults)
    seed = secrets.randbelow(2**31) if body.seed is None else body.seed
    names = tuple(body.name or "" if i == players.index(PERSON) else "" for i in range(len(players)))
    digests = None if where == "open" else tuple("" for _ in players)
    return TableSpec(tuple(players), options, seed, digests, names, where == "hotseat")
