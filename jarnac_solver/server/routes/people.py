"""The people of a game between invited people: joining it by a code (``POST /api/join``), its invitation
(made anew, withdrawn), moving a seat to another device (a transfer link), the games a browser holds
(``POST /api/mine``), a rematch, a seat's Web Push subscription.

Key idea: a seat is its key's (:mod:`..seats`, only digests stored); a join code is stretched (scrypt) on
few threads and its wrong guesses counted per address (:mod:`..limits`).
"""

from __future__ import annotations

import dataclasses
import math
import secrets
from typing import Any

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...cli import SCHEMA
from ...messages import Reason
from .. import language, live, seats, webpush
from ..answers import ServiceError, endpoint, route
from ..bodies import read_json
from ..language import say
from ..limits import address_of
from ..route_bodies import JoinBody, MineBody, RematchBody, TransferBody
from ..service import Service
from ..storage import Invitation
from ..store import JOIN as JOIN_KIND
from ..store import TRANSFER as TRANSFER_KIND
from ..store import WITHDRAWN


async def seated(
    service: Service, request: Request, game_id: str, seat: int, key: str
) -> tuple[live.GameSpec, dict[str, Any]]:
    """The answer to a device an invitation (or a transfer link) seated: the game and its seat's key."""

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        spec, entries = await service.stored(game_id)
        state = await service.state_of(game_id, spec, entries)
        name = "AB"[seat]
        link = seats.links(str(request.base_url), game_id, {name: key})
        result = {"id": game_id, "game": state, "played": [], "seats": {name: {"key": key, "link": link[name]}}}
        return spec, {**result, "watch": link["watch"], "clock": await service.clock_of(game_id, spec, entries, state)}

    spec, result = await service.one_at_a_time(game_id, work)
    return spec, result


@endpoint("game join")
async def join(service: Service, request: Request) -> Response:
    """``POST /api/join``: seat B taken by this device, once, from the join code read aloud (or its link):
    a fresh key for it; the code opens nothing afterwards (410)."""
    body = await service.checked(request, JoinBody)
    code = seats.normal_code(body.code)
    address = address_of(request)
    # A wrong code counts against the address before the costly check; one that opens an invitation is
    # taken back (:meth:`~..limits.Limits.guess`).
    guess = service.limits.guess(address)
    key = seats.new_key()
    claim = None
    if code is not None:
        # The code's stretching takes tens of milliseconds and 16 MiB: off the event loop, one at a time.
        found = await service.limits.stretch(seats.code_digest, code)
        asked = (found, JOIN_KIND, seats.digest(key), body.name)
        claim = await anyio.to_thread.run_sync(service.store.claim, *asked)
    if claim is not None:
        service.limits.right(address, guess)
    if claim is None:
        if code is None:
            raise ServiceError(400, "UsageError", say("refused_join_code"), "code")
        raise ServiceError(404, "UnknownGame", say("refused_no_join"))
    if claim.closed:  # the page's own sentence, in the asker's language
        kind = "InvitationWithdrawn" if claim.closed == WITHDRAWN else "SeatTaken"
        raise ServiceError(410, kind, Reason(f"page.err_{kind}").text(language.current()), "code")
    if service.nain_jaune is not None and service.nain_jaune.owns(claim.game):  # a Nain Jaune table's seat
        return await service.nain_jaune.joined(request, claim.game, claim.seat, key)  # type: ignore[no-any-return]
    spec, result = await seated(service, request, claim.game, claim.seat, key)
    return service.answer(service.game_document("game join", spec, result))


@endpoint("game invitation")
async def new_invitation(service: Service, request: Request) -> Response:
    """``POST /api/games/{id}/invitation``: seat A's holder makes a new join code (the open one withdrawn),
    while seat B is not taken."""
    game_id = request.path_params["game_id"]

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        spec = await inviting(service, request, game_id)
        code = seats.join_code()
        invitation = Invitation(await service.limits.stretch(seats.code_digest, code), 1, JOIN_KIND)
        await anyio.to_thread.run_sync(service.store.invite, game_id, invitation)
        return spec, {
            "id": game_id,
            "invitation": seats.invitation(str(request.base_url), code),
            "expires": spec.expires,
        }

    spec, result = await service.one_at_a_time(game_id, work)
    return service.answer(service.game_document("game invitation", spec, result), 201)


@endpoint("game invitation")
async def cancel_invitation(service: Service, request: Request) -> Response:
    """``DELETE /api/games/{id}/invitation``: seat A's holder withdraws the open join code (it opens nothing)."""
    game_id = request.path_params["game_id"]

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        spec = await inviting(service, request, game_id)
        withdrawn = await anyio.to_thread.run_sync(service.store.withdraw, game_id, 1, JOIN_KIND)
        return spec, {"id": game_id, "withdrawn": withdrawn > 0}

    spec, result = await service.one_at_a_time(game_id, work)
    return service.answer(service.game_document("game invitation", spec, result))


async def inviting(service: Service, request: Request, game_id: str) -> live.GameSpec:
    """The setting of a game whose invitation seat A's key (the request's) may change: B not seated yet."""
    spec, _ = await service.stored(game_id)
    if not spec.invited or spec.hotseat:
        raise ServiceError(409, "NoInvitation", say("refused_no_invitation"))
    if service.keyed(request, spec) != "A":
        raise ServiceError(403, "WrongSeat", say("refused_invitation_creators"))
    if spec.claimed(1):
        raise ServiceError(410, "SeatTaken", say("refused_seat_b_taken"))
    return spec


@endpoint("game mine")
async def mine(service: Service, request: Request) -> Response:
    """``POST /api/mine``: the games a browser holds, the ones waiting for it first (the least time left
    first), then the others in progress, then the finished, then those gone; ``next``: the first waiting."""
    asked = [text.split(":", 1) for text in (await service.checked(request, MineBody)).held]
    rows: list[dict[str, Any]] = []
    for order, (game_id, *seat) in enumerate(asked):
        plays = seat[0] if seat else ""
        if plays not in ("", "A", "B", "AB"):
            raise ServiceError(400, "UsageError", say("refused_no_seat", given=repr(plays[:4])), "games")

        async def work(game_id: str = game_id) -> tuple[live.GameSpec, list[live.Entry], dict[str, Any]] | None:
            try:
                spec, entries = await service.stored(game_id)
            except ServiceError:  # forgotten, expired
                return None
            await service.on_time(game_id, spec, entries)  # a seat out of time is said as the game is
            return spec, entries, await service.state_of(game_id, spec, entries)

        found = await service.one_at_a_time(game_id, work) if len(game_id) <= 64 else None
        rows.append({**await mine_row(service, game_id, plays, found), "order": order})
    rank = {"yours": 0, "theirs": 1, "over": 2, "gone": 3}
    rows.sort(key=lambda r: (rank[r["status"]], r["deadline"] if r["deadline"] is not None else math.inf, r["order"]))
    for row in rows:
        del row["order"]
    waiting = next((row["id"] for row in rows if row["status"] == "yours"), None)
    document = {"schema": SCHEMA, "command": "game mine", "lexicon": None, "rules": None}
    return service.answer({**document, "result": {"games": rows, "next": waiting}})


async def mine_row(
    service: Service, game_id: str, plays: str, found: tuple[live.GameSpec, list[live.Entry], dict[str, Any]] | None
) -> dict[str, Any]:
    """One game of :func:`mine`: whose turn, the opponent's name (the computer's level), the time left."""
    row: dict[str, Any] = {"id": game_id, "seat": plays or None, "status": "gone", "deadline": None}
    if found is None:
        return row
    spec, entries, state = found
    clock = await service.clock_of(game_id, spec, entries, state)
    to_act = state["to_act"]
    yours = to_act is not None and (to_act in plays if plays else not spec.computer("AB".index(to_act)))
    status = "over" if state["over"] else "yours" if yours else "theirs"
    other = 1 if plays == "A" else 0 if plays == "B" else None
    opponent = None
    if other is not None:
        opponent = spec.players[other] if spec.computer(other) else spec.names[other] or "AB"[other]
    return {
        **row,
        "status": status,
        "to_act": to_act,
        "names": state["names"],
        "players": state["players"],
        "opponent": opponent,
        "scores": state["scores"],
        "winner": state["winner"],
        "ending": state["ending"],
        "actions": state["actions"],
        "days": spec.days,
        "left_s": clock["left_s"] if clock is not None else None,
        "deadline": clock.get("deadline") if clock is not None and status == "yours" else None,
    }


@endpoint("game push")
async def game_push(service: Service, request: Request) -> Response:
    """``POST /api/games/{id}/push``: the holder of a seat (its key) hands the browser's Web Push
    subscription; it is told when it becomes the seat's turn, the game ends or a rematch is offered."""
    game_id = request.path_params["game_id"]
    if service.pusher is None:
        raise ServiceError(404, "NoPush", say("refused_no_push"))
    body = await read_json(request, 4096)
    try:
        endpoint, keys = webpush.check_subscription(body, service.pusher.loopback_http)
    except webpush.BadSubscription as exc:
        raise ServiceError(400, "UsageError", str(exc), exc.field) from None

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        spec, _ = await service.stored(game_id)
        if not spec.invited:
            raise ServiceError(409, "NoPush", say("refused_push_invited"))
        seat = service.keyed(request, spec)
        most = webpush.MAX_PER_SEAT
        await anyio.to_thread.run_sync(service.store.add_push, game_id, "AB".index(seat), endpoint, keys, most)
        return spec, {"id": game_id, "seat": seat, "push": True}

    spec, result = await service.one_at_a_time(game_id, work)
    return service.answer(service.game_document("game push", spec, result))


@endpoint("game rematch")
async def game_rematch(service: Service, request: Request) -> Response:
    """``POST /api/games/{id}/rematch``: a seat of a finished game between invited people offers a
    rematch; the other seat's same request accepts it: a new game, the seats swapped (each device plays
    on with its key), the same options, a new seed."""
    game_id = request.path_params["game_id"]
    await service.checked(request, RematchBody)

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        spec, entries = await service.stored(game_id)
        if not spec.invited:
            raise ServiceError(409, "NoRematch", say("refused_no_rematch"))
        seat = service.keyed(request, spec)
        if not (await service.state_of(game_id, spec, entries))["over"]:
            raise ServiceError(409, "GameNotOver", say("refused_not_over_rematch", game=game_id))
        offered, made = spec.rematch
        if not made and offered in ("", seat):  # an offer (made again: the same)
            offer = dataclasses.replace(spec, rematch=(seat, ""))
            if offer != spec:
                await anyio.to_thread.run_sync(service.store.respec, game_id, spec, offer)
            spec, offered = offer, seat
            if service.pusher is not None:
                other = 1 - "AB".index(seat)
                service.pusher.push(service.store, game_id, [other], {"game": game_id, "event": "rematch"})
        elif not made:  # the other seat accepts
            made = seats.new_game_id()
            again = spec.rematched(secrets.randbelow(2**31))
            await service.call("start", made, again)
            await anyio.to_thread.run_sync(service.store.add, made, again)
            accepted = dataclasses.replace(spec, rematch=(offered, made))
            await anyio.to_thread.run_sync(service.store.respec, game_id, spec, accepted)
            spec = accepted
        swapped = "B" if seat == "A" else "A"
        result = {"id": game_id, "rematch": {"offered_by": offered, "game": made or None}}
        return spec, {**result, "seat": swapped if made else None}

    spec, result = await service.one_at_a_time(game_id, work)
    return service.answer(service.game_document("game rematch", spec, result))


@endpoint("game transfer")
async def new_transfer(service: Service, request: Request) -> Response:
    """``POST /api/games/{id}/transfer``: a seat's holder makes a link that moves the seat to another
    device, once (the open one of that seat withdrawn)."""
    game_id = request.path_params["game_id"]

    async def work() -> tuple[live.GameSpec, dict[str, Any]]:
        spec, _ = await service.stored(game_id)
        if not spec.invited:
            raise ServiceError(409, "NoSeats", say("refused_no_seats"))
        seat = service.keyed(request, spec)
        token = seats.new_key()
        invitation = Invitation(seats.digest(token), "AB".index(seat), TRANSFER_KIND)
        await anyio.to_thread.run_sync(service.store.invite, game_id, invitation)
        link = seats.transfer_link(str(request.base_url), token)
        return spec, {"id": game_id, "seat": seat, "transfer": {"token": token, "link": link}}

    spec, result = await service.one_at_a_time(game_id, work)
    return service.answer(service.game_document("game transfer", spec, result), 201)


@endpoint("game transfer")
async def transfer(service: Service, request: Request) -> Response:
    """``POST /api/transfer``: the seat a transfer link moves, taken by this device once (a fresh key;
    the old device's key acts no more); the link opens nothing afterwards (410)."""
    token = (await service.checked(request, TransferBody)).token
    key = seats.new_key()
    claim = await anyio.to_thread.run_sync(service.store.claim, seats.digest(token), TRANSFER_KIND, seats.digest(key))
    if claim is None:
        raise ServiceError(404, "UnknownTransfer", say("refused_no_transfer"), "token")
    if claim.closed:
        message = Reason("page.err_TransferUsed").text(language.current())
        raise ServiceError(410, "TransferUsed", message, "token")
    spec, result = await seated(service, request, claim.game, claim.seat, key)
    return service.answer(service.game_document("game transfer", spec, result))


def routes(service: Service) -> list[Route]:
    return [
        route("/api/join", service, join, "POST"),
        route("/api/games/{game_id}/invitation", service, new_invitation, "POST"),
        route("/api/games/{game_id}/invitation", service, cancel_invitation, "DELETE"),
        route("/api/games/{game_id}/transfer", service, new_transfer, "POST"),
        route("/api/transfer", service, transfer, "POST"),
        route("/api/mine", service, mine, "POST"),
        route("/api/games/{game_id}/rematch", service, game_rematch, "POST"),
        route("/api/games/{game_id}/push", service, game_push, "POST"),
    ]
