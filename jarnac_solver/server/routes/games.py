"""The live games at ``/api/games``: a new game, its state, an action, the actions since a number, advice,
its record, a resignation, its end (``DELETE``).

Key idea: a game's request becomes a call of :mod:`..live` on the game's setting and actions, in a worker
of a lane, read from and committed to the store inside the game's lock; between invited people only the
holder of a seat's key (``X-Seat-Key``) acts for it.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from typing import Any

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from ...messages import speaking
from .. import language, live, seats
from ..answers import ServiceError, endpoint, route
from ..contract import LIGHT_BUDGET_MS
from ..language import say
from ..route_bodies import (
    HOTSEAT,
    KEYED_SEATS,
    ActionBody,
    AdviceQuery,
    NewGameBody,
    RecordQuery,
    ResignBody,
    SinceQuery,
)
from ..service import Service, action_said
from ..storage import Invitation
from ..store import JOIN as JOIN_KIND

FAMILIARITY_INSTALL = "familiar words first needs the familiarity extra: pip install 'jarnac-solver[familiarity]'"


@endpoint("game")
async def new_game(service: Service, request: Request) -> Response:
    asked = await service.checked(request, NewGameBody)
    invited = asked.seats in KEYED_SEATS
    keys: dict[str, str] = {}
    code = ""
    invitation: Invitation | None = None
    if invited:  # the creator's key; B's too on one device, else an invitation that seats B once
        keys = {"A": seats.new_key(), **({"B": seats.new_key()} if asked.seats == HOTSEAT else {})}
        if "B" not in keys:
            code = seats.join_code()
            invitation = Invitation(await service.limits.stretch(seats.code_digest, code), 1, JOIN_KIND)
    game_id = seats.new_game_id() if invited else secrets.token_urlsafe(9)
    digests = (seats.digest(keys["A"]), seats.digest(keys["B"]) if "B" in keys else "") if invited else None
    # An invitation to a game days a move waits as long as a decision does.
    expires = time.time() + max(service.invite_seconds, float(asked.days or 0) * live.DAY_S)
    with speaking(language.current()):  # a seat not offered is said in the asker's language
        spec = live.new_spec(asked, service.offer, secrets.randbelow(2**31), digests, expires)
    service.limits.admit(request)

    async def work() -> dict[str, Any]:
        state = await service.call("start", game_id, spec)
        await anyio.to_thread.run_sync(service.store.add, game_id, spec, invitation)
        entries: list[live.Entry] = []
        played = await service.settle(game_id, spec, entries)  # the computer opens when it is A
        if played:
            state = await service.state_of(game_id, spec, entries)
        made: dict[str, Any] = {"id": game_id, "game": state, "played": played}
        if spec.days is not None:
            made["clock"] = await service.clock_of(game_id, spec, entries, state)
        return made

    result = await service.one_at_a_time(game_id, work)
    if invited:
        made = seats.links(str(request.base_url), game_id, keys)
        result["seats"] = {seat: {"key": key, "link": made[seat]} for seat, key in keys.items()}
        if code:  # one device: no one else is to join, so no code to read out or scan
            result["invitation"] = seats.invitation(str(request.base_url), code)
        result["watch"] = made["watch"]
        result["expires"] = spec.expires
        result.setdefault("clock", service.clock(game_id, spec, result["game"]))
    return service.answer(service.game_document("game", spec, result), 201)


def resigning(service: Service, request: Request, spec: live.GameSpec, asked: str | None) -> str:
    """The seat a resignation is for: its key's between invited people (a spectator: 403), else the
    person's seat of the game (``asked`` when two people share it)."""
    if spec.invited:
        seat = service.keyed(request, spec)
        if asked is not None and asked != seat:
            raise ServiceError(403, "WrongSeat", say("refused_not_your_seat", seat=seat, asked=asked), "player")
        return seat
    people = [seat for i, seat in enumerate("AB") if not spec.computer(i)]
    if asked is not None:
        if asked not in people:
            raise ServiceError(403, "WrongSeat", say("refused_computer_seat", asked=asked), "player")
        return asked
    if len(people) > 1:
        raise ServiceError(400, "UsageError", say("refused_say_who_resigns"), "player")
    return people[0]


@endpoint("game resign")
async def game_resign(service: Service, request: Request) -> Response:
    """``POST /api/games/{id}/resign``: the seat resigns, the other wins; kept as the game's last entry
    (the key ``(game, n)``: an action and a resignation racing for one number, one is kept)."""
    game_id = request.path_params["game_id"]
    asked = (await service.checked(request, ResignBody)).player

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        spec, entries = await service.stored(game_id)
        seat = resigning(service, request, spec, asked)
        state = await service.state_of(game_id, spec, entries)
        if state["over"]:
            raise ServiceError(409, "GameOver", say("refused_over_already", game=game_id))
        entry: live.Entry = ("AB".index(seat), live.RESIGN, "")
        await anyio.to_thread.run_sync(service.store.append, game_id, len(entries), [entry], True)
        entries.append(entry)
        said = {"player": seat, "action": live.RESIGN, "drew": "", "scores": state["scores"], "gained": 0}
        return spec, await service.game_now(game_id, spec, entries, [said])

    spec, result = await service.one_at_a_time(game_id, work)
    return service.answer(service.game_document("game resign", spec, result))


@endpoint("game")
async def game_state(service: Service, request: Request) -> Response:
    game_id = request.path_params["game_id"]

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        spec, entries = await service.stored(game_id)
        played = await service.settle(game_id, spec, entries)  # a computer's turn left by a stopped server
        played += await service.on_time(game_id, spec, entries)
        return spec, await service.game_now(game_id, spec, entries, played)

    spec, result = await service.one_at_a_time(game_id, work)
    return service.answer(service.game_document("game", spec, result))


@endpoint("game action")
async def game_action(service: Service, request: Request) -> Response:
    game_id = request.path_params["game_id"]
    body = await service.checked(request, ActionBody)
    text, drew, at = body.action, body.drew, body.at
    player: str | None = body.player

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        nonlocal player
        spec, entries = await service.stored(game_id)
        if spec.invited:  # only the holder of the seat's key acts for it
            seat = service.keyed(request, spec)
            if player is not None and player != seat:
                raise ServiceError(403, "WrongSeat", say("refused_not_your_seat", seat=seat, asked=player), "player")
            player = seat
        played_first = await service.settle(game_id, spec, entries)
        played_first += await service.on_time(game_id, spec, entries)
        if at is not None and at <= len(entries):
            # A retry of an action already taken (its answer was lost): the game as it is, not a 409.
            who, taken, _ = entries[at - 1]
            if (player is None or player == "AB"[who]) and live.same_action(taken, text):
                state = await service.state_of(game_id, spec, entries)
                return spec, {"id": game_id, "game": state, "played": played_first, "repeated": True}
            raise ServiceError(
                409, "IllegalActionError", say("refused_action_taken", at=at, seat="AB"[who], taken=taken), "at"
            )
        if at is not None and at != len(entries) + 1:
            held = len(entries)
            message = say("refused_next_action", held=held, next=held + 1, at=at)
            raise ServiceError(409, "IllegalActionError", message, "at")
        # A refusal names the part at fault: the action (unreadable, or one the game refuses as it stands), the
        # player or the seat's key (not the one to act).
        done = await service.call("apply", game_id, spec, entries, text, drew, player, spec.invited)
        who, action, drawn = done["entry"]
        entry: live.Entry = (int(who), str(action), str(drawn))
        # Committed before the answer, and before the computer thinks: an accepted action survives a kill.
        await anyio.to_thread.run_sync(service.store.append, game_id, len(entries), [entry], done["over"])
        entries.append(entry)
        played = [*played_first, done["played"], *await service.settle(game_id, spec, entries)]
        return spec, await service.game_now(game_id, spec, entries, played)

    spec, result = await service.one_at_a_time(game_id, work)
    return service.answer(service.game_document("game action", spec, result))


@endpoint("game actions")
async def game_actions(service: Service, request: Request) -> Response:
    """``GET /api/games/{id}/actions?since=N``: the actions after the first N (a polling client's way)."""
    game_id = request.path_params["game_id"]
    since = service.asked(request, SinceQuery).since or 0

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        spec, entries = await service.stored(game_id)
        await service.settle(game_id, spec, entries)
        await service.on_time(game_id, spec, entries)
        beyond(since, entries, "since")
        state = await service.state_of(game_id, spec, entries)
        actions = [action_said(n, entries[n - 1]) for n in range(since + 1, len(entries) + 1)]
        result = {"id": game_id, "since": since, "actions": actions, "game": state}
        return spec, {**result, "clock": await service.clock_of(game_id, spec, entries, state)}

    spec, result = await service.one_at_a_time(game_id, work)
    return service.answer(service.game_document("game actions", spec, result))


@endpoint("game")
async def game_delete(service: Service, request: Request) -> Response:
    game_id = request.path_params["game_id"]

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        spec, entries = await service.stored(game_id)
        if spec.invited:  # a spectator may not end the game of two others
            service.keyed(request, spec)
        state = await service.state_of(game_id, spec, entries)
        await anyio.to_thread.run_sync(service.store.delete, game_id)
        return spec, {"id": game_id, "game": state, "played": [], "deleted": True}

    spec, result = await service.one_at_a_time(game_id, work)
    return service.answer(service.game_document("game", spec, result))


@endpoint("game advice")
async def game_advice(service: Service, request: Request) -> Response:
    game_id = request.path_params["game_id"]
    query = service.asked(request, AdviceQuery)
    budget = min(query.budget or 1000.0, service.offer.max_budget_ms)
    familiar = bool(query.familiarity)
    if familiar and not service.familiarity_installed:
        raise ServiceError(400, "MissingExtraError", FAMILIARITY_INSTALL, "familiarity")
    asked = (budget / 1000, query.top or 5, str(query.depth or "plan"), familiar)

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        spec, entries = await service.stored(game_id)
        if not spec.hints:
            raise ServiceError(403, "HintsOff", say("refused_hints_off"))
        if spec.invited:  # advice is the seat to act's alone: a spectator would whisper it
            seat = service.keyed(request, spec)
            to_act = (await service.state_of(game_id, spec, entries))["to_act"]
            if seat != to_act:
                raise ServiceError(403, "WrongSeat", say("refused_advice_to_act", seat=seat, to_act=to_act))
        result = await service.call("advice", game_id, spec, entries, *asked, heavy=budget > LIGHT_BUDGET_MS)
        return spec, {"id": game_id, "budget_ms": budget, **result}

    spec, result = await service.one_at_a_time(game_id, work)
    return service.answer(service.game_document("game advice", spec, result))


@endpoint("game record")
async def game_record(service: Service, request: Request) -> Response:
    game_id = request.path_params["game_id"]
    form = service.asked(request, RecordQuery).format or "json"

    async def work() -> tuple[live.GameSpec, Any]:
        spec, entries = await service.stored(game_id)
        return spec, await service.call("record", game_id, spec, entries)

    spec, made = await service.one_at_a_time(game_id, work)
    if form == "text":
        download = {"Content-Disposition": f'attachment; filename="jarnac-{game_id}.txt"'}
        return PlainTextResponse(str(made), headers=download)
    return service.answer(
        service.game_document("game record", spec, {"id": game_id, "record": made.to_dict(), "text": str(made)})
    )


# -- the audit, the service's own documents, the page -----------------------------------------


def beyond(since: int, entries: Sequence[live.Entry], field: str) -> None:
    """A client that says it has seen more actions than the game holds has another game, or a forged
    number: said, not answered with silence it would wait on for ever."""
    if since > len(entries):
        # The field is said once, by the error document (``since: ...``), not again here.
        message = say("refused_beyond", since=since, held=len(entries))
        raise ServiceError(400, "UsageError", message, field)


def routes(service: Service) -> list[Route]:
    return [
        route("/api/games", service, new_game, "POST"),
        route("/api/games/{game_id}", service, game_state, "GET"),
        route("/api/games/{game_id}", service, game_delete, "DELETE"),
        route("/api/games/{game_id}/actions", service, game_action, "POST"),
        route("/api/games/{game_id}/actions", service, game_actions, "GET"),
        route("/api/games/{game_id}/resign", service, game_resign, "POST"),
        route("/api/games/{game_id}/advice", service, game_advice, "GET"),
        route("/api/games/{game_id}/record", service, game_record, "GET"),
    ]
