"""Nain Jaune at the service: its tables through the same routes and seats as Jarnac's games.

Key idea: a Nain Jaune game is one more kind of live game. ``POST /api/games`` with ``"game":
"nain_jaune"`` makes one (2 to 4 seats, each ``person`` or a computer player of :mod:`..nain_jaune`; the
seats ``open`` for one person against computers, ``hotseat`` for people sharing a device, ``invite`` for
people on their own devices with seat keys and join codes), kept in the service's store as Jarnac's are
(its setting as JSON naming its ``game``, each action a row: the seat, the action written as the record
writes it), so it survives a restart on SQLite or PostgreSQL alike. Its id starts ``nj-`` and the routes
``/api/games/{id}``, ``/actions``, ``/events`` and ``/record`` of such an id are answered here: the game
is replayed from its seed and its actions (the engine checks each again), the state is the table as the
asking seat sees it (:meth:`~..nain_jaune.view.PlayerView.to_dict`: its hand, the pots and their stakes,
every player's tokens by colour and cards left, the sequence and its missing card, the legal plays of the
seat to act), an illegal card is refused (409) before anything is written, and the computers' turns, and a
person's forced passes, are played and committed at once. Jarnac's modules know it only as the app's first
route group (:func:`routes`, :func:`describe`) and as the service's ``nain_jaune``, which ``POST /api/join``
hands a Nain Jaune table's seat to.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import anyio
import anyio.to_thread
from starlette.requests import ClientDisconnect, Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from ..errors import JarnacError
from ..messages import Reason, speaking
from ..nain_jaune import Game, GameRecord, parse_action
from ..nain_jaune.engine import SEATS
from . import language, seats, typed
from .answers import ServiceError, refusing
from .core import unknown_game
from .nain_jaune_bodies import (
    NainJauneActionBody,
    NainJauneAuditBody,
    NainJauneEventsQuery,
    NainJauneGameBody,
    NainJauneRecordQuery,
    table_spec,
)
from .nain_jaune_openapi import describe
from .nain_jaune_tables import (
    COMPUTERS,
    KIND,
    MAX_ACTIONS,
    PERSON,
    PREFIX,
    Entry,
    TableSpec,
    invitation,
    links,
    owns,
    play_on,
    played_of,
    refusal,
    replay,
    said_of,
    table_state,
)
from .routes.games import new_game as jarnac_new_game
from .routes.streams import stream_room
from .store import JOIN, Invitation

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .service import Service

__all__ = ["COMPUTERS", "KIND", "PREFIX", "TableSpec", "Tables", "describe", "owns", "routes"]

CACHED = 256
"""The games kept replayed in memory (by id and action count); the others are replayed from the store."""
BODY_SECONDS = 30.0
"""The longest a new table's body may take to arrive (as Jarnac's bodies)."""


class Tables:
    """The Nain Jaune tables of a service (its store, its locks, its bounds, its push channel), and their
    routes."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.games: dict[tuple[str, int], Game] = {}
        service.nain_jaune = self

    @staticmethod
    def owns(game_id: str) -> bool:
        return owns(game_id)

    def routes(self) -> list[Route]:
        """The routes, to be put before Jarnac's (a ``POST /api/games`` of Jarnac goes to Jarnac's route)."""
        game = "/api/games/{game_id:nain_jaune_id}"

        async def new_game(request: Request) -> Response:
            async def run() -> Response:
                body = await self.peek(request)
                if body is None:
                    return await jarnac_new_game(self.service, request)
                return await self.new_game(request, body)

            return await refusing("game", run())

        def wrap(
            command: str, handler: Callable[[Request], Awaitable[Response]]
        ) -> Callable[[Request], Awaitable[Response]]:
            async def run(request: Request) -> Response:
                return await refusing(command, handler(request))

            return run

        return [
            Route("/api/games", new_game, methods=["POST"]),
            Route(game, wrap("nain-jaune game", self.state), methods=["GET"]),
            Route(game, wrap("nain-jaune game", self.delete), methods=["DELETE"]),
            Route(game + "/actions", wrap("nain-jaune action", self.action), methods=["POST"]),
            Route(game + "/events", wrap("game events", self.events), methods=["GET"]),
            Route(game + "/record", wrap("nain-jaune record", self.record), methods=["GET"]),
            Route(game + "/{rest:path}", wrap("game", self.no_route), methods=["GET", "POST", "DELETE"]),
            Route("/api/nain-jaune/audit", wrap("nain-jaune audit", self.audit), methods=["POST"]),
        ]

    @staticmethod
    def refuse(status: int, kind: str, message: str, field: str | None = None) -> ServiceError:
        return ServiceError(status, kind, message, field)

    async def peek(self, request: Request) -> dict[str, Any] | None:
        """The body of a ``POST /api/games`` that names a game other than Jarnac, else ``None`` (Jarnac's
        route reads it, bounded as ever; a body that names ``jarnac`` reaches it without the name)."""
        declared = request.headers.get("content-length", "")
        if not declared.isdigit() or int(declared) > self.service.max_body_bytes:
            return None
        try:
            raw = await asyncio.wait_for(request.body(), BODY_SECONDS)
        except asyncio.TimeoutError:
            raise self.refuse(408, "RequestTimeout", f"the body did not arrive within {BODY_SECONDS:g} s") from None
        except ClientDisconnect:
            raise self.refuse(400, "MalformedRequest", "the body did not arrive whole (the client went away)") from None
        try:
            body = json.loads(raw or b"{}")
        except (ValueError, RecursionError):  # Jarnac's route says what is wrong with it (a 400)
            return None
        if not isinstance(body, dict) or "game" not in body:
            return None
        if body["game"] == "jarnac":
            rest = {k: v for k, v in body.items() if k != "game"}
            request._body = json.dumps(rest).encode()  # Jarnac's route reads the body without the game's name
            return None
        return body

    async def stored(self, game_id: str) -> tuple[TableSpec, list[Entry]]:
        found = await anyio.to_thread.run_sync(self.service.store.load_setting, game_id)
        if found is None or found[0].get("game") != KIND:
            raise unknown_game(game_id)
        data, entries = found
        spec = TableSpec.from_dict(data)
        waiting = not all(spec.claimed(i) for i in range(len(spec.players)))
        if spec.expires is not None and waiting and self.service.now() > spec.expires:
            await anyio.to_thread.run_sync(self.service.store.delete, game_id)
            raise self.refuse(410, "InvitationExpired", language.say("refused_invitation_expired", game=repr(game_id)))
        return spec, entries

    def game(self, game_id: str, spec: TableSpec, entries: list[Entry]) -> Game:
        """The game replayed (kept for the next request while the cache holds it)."""
        game = self.games.pop((game_id, len(entries)), None)
        if game is None:
            game = replay(spec, entries)
        if len(self.games) >= CACHED:
            for old in list(self.games)[: CACHED // 2]:
                del self.games[old]
        self.games[(game_id, len(entries))] = game
        return game

    def viewer(self, request: Request, spec: TableSpec, game: Game) -> int | None:
        """The seat the request sees the table of: its key's between people (a wrong key: 403), else the
        person's seat."""
        key = request.headers.get("x-seat-key")
        if spec.seat_digests is None:
            return spec.players.index(PERSON)
        seat = spec.seat_of(key)
        if key and seat is None:
            raise self.refuse(403, "WrongSeat", Reason("seat_key_unknown").text(language.current()), "X-Seat-Key")
        return seat

    def answer(self, command: str, result: dict[str, Any], spec: TableSpec, status: int = 200) -> Response:
        document = {"schema": "jarnac-solver/1", "command": command, "lexicon": None, "rules": None}
        result.setdefault("options", spec.options.to_dict())
        return self.service.answer({**document, "result": result}, status)

    async def settle(self, game_id: str, spec: TableSpec, entries: list[Entry], game: Game) -> list[Entry]:
        """The computers' turns and forced passes from here, committed (``entries`` and the cache move on)."""
        self.games.pop((game_id, len(entries)), None)
        made = await anyio.to_thread.run_sync(play_on, spec, game)
        if made:
            await anyio.to_thread.run_sync(self.service.store.append, game_id, len(entries), made, game.is_over())
            entries += made
        self.games[(game_id, len(entries))] = game
        return made

    async def new_game(self, request: Request, body: dict[str, Any]) -> Response:
        if body.get("game") != KIND:
            raise self.refuse(
                400, "UsageError", language.say("nj.http_unknown_game", given=repr(body.get("game"))[:40]), "game"
            )
        with speaking(language.heard(body)):
            spec = table_spec(typed.read(NainJauneGameBody, body, self.service.offer))
        self.service.limits.admit(request)
        game_id = PREFIX + seats.new_game_id()
        keys: dict[int, str] = {}
        codes: dict[int, str] = {}
        if spec.seat_digests is not None:
            people = [i for i, p in enumerate(spec.players) if p == PERSON]
            held = people if spec.hotseat else people[:1]
            keys = {i: seats.new_key() for i in held}
            codes = {i: seats.join_code() for i in people if i not in keys}
            digests = tuple(seats.digest(keys[i]) if i in keys else "" for i in range(len(spec.players)))
            expires = time.time() + self.service.invite_seconds if codes else None
            spec = TableSpec(spec.players, spec.options, spec.seed, digests, spec.names, spec.hotseat, expires)
        invitations = [
            Invitation(await self.service.limits.stretch(seats.code_digest, c), i, JOIN) for i, c in codes.items()
        ]

        async def work() -> dict[str, Any]:
            first = invitations[0] if invitations else None
            await anyio.to_thread.run_sync(self.service.store.add, game_id, spec, first)
            for more in invitations[1:]:
                await anyio.to_thread.run_sync(self.service.store.invite, game_id, more)
            entries: list[Entry] = []
            game = self.game(game_id, spec, entries)
            await self.settle(game_id, spec, entries, game)
            viewer = min(keys) if keys else self.viewer(request, spec, game)
            return {**table_state(game_id, spec, game, viewer), "played": played_of(game, 0)}

        result = await self.service.one_at_a_time(game_id, work)
        if keys or codes:
            made = links(str(request.base_url), game_id, {SEATS[i]: k for i, k in keys.items()})
            result["keys"] = {SEATS[i]: {"key": k, "link": made[SEATS[i]]} for i, k in keys.items()}
            result["invitations"] = {SEATS[i]: invitation(str(request.base_url), c) for i, c in codes.items()}
            result["watch"] = made["watch"]
            result["expires"] = spec.expires
        return self.answer("nain-jaune game", result, spec, 201)

    async def joined(self, request: Request, game_id: str, seat: int, key: str) -> Response:
        """The answer to a device a join code seated (``POST /api/join``): the table and its seat's key."""

        async def work() -> tuple[TableSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            game = self.game(game_id, spec, entries)
            link = links(str(request.base_url), game_id, {SEATS[seat]: key})
            result = {**table_state(game_id, spec, game, seat), "played": []}
            return spec, {
                **result,
                "keys": {SEATS[seat]: {"key": key, "link": link[SEATS[seat]]}},
                "watch": link["watch"],
            }

        spec, result = await self.service.one_at_a_time(game_id, work)
        return self.answer("nain-jaune join", result, spec)

    async def state(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]

        async def work() -> tuple[TableSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            game = self.game(game_id, spec, entries)
            before = len(entries)
            await self.settle(game_id, spec, entries, game)  # a computer's turn left by a stopped server
            return spec, {
                **table_state(game_id, spec, game, self.viewer(request, spec, game)),
                "played": played_of(game, before),
            }

        spec, result = await self.service.one_at_a_time(game_id, work)
        return self.answer("nain-jaune game", result, spec)

    async def action(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        body = await self.service.checked(request, NainJauneActionBody)
        text, asked, at = body.action, body.player, body.at

        async def work() -> tuple[TableSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            game = self.game(game_id, spec, entries)
            if asked is not None and SEATS.index(asked) >= len(spec.players):
                said = language.say("refused_nj_seats", last=SEATS[len(spec.players) - 1])
                raise self.refuse(400, "UsageError", said, "player")
            seat = SEATS.index(asked) if asked is not None else None
            if spec.seat_digests is not None:  # only the holder of the seat's key acts for it
                held = spec.seat_of(request.headers.get("x-seat-key"))
                if held is None:
                    code = "seat_key_missing" if not request.headers.get("x-seat-key") else "seat_key_unknown"
                    raise self.refuse(403, "WrongSeat", Reason(code).text(language.current()), "X-Seat-Key")
                if seat is not None and seat != held:
                    said = language.say("nj.http_other_key", seat=SEATS[held], player=SEATS[seat])
                    raise self.refuse(403, "WrongSeat", said, "player")
                seat = held
            elif seat is None:
                seat = spec.players.index(PERSON)
            if not spec.person(seat):
                raise self.refuse(403, "WrongSeat", language.say("nj.http_computer_seat", seat=SEATS[seat]), "player")
            if at is not None and at != len(entries) + 1:
                message = language.say("refused_next_action", held=len(entries), next=len(entries) + 1, at=at)
                raise self.refuse(409, "IllegalActionError", message, "at")
            refused = refusal(game, seat, text)
            if refused is not None:
                status, kind, message = refused
                raise self.refuse(status, kind, message, "action")
            before = len(entries)
            self.games.pop((game_id, before), None)
            try:
                game.push(parse_action(text), seat)
            except JarnacError as exc:  # refused by the engine after all: the game as it was
                self.games.pop((game_id, before), None)
                raise self.refuse(409, "IllegalActionError", str(exc), "action") from None
            entry: Entry = (seat, str(game.history[-1].action), "")
            try:  # committed before the answer, and before the computers play
                await anyio.to_thread.run_sync(self.service.store.append, game_id, before, [entry], game.is_over())
            except Exception:
                game.pop()
                raise
            entries.append(entry)
            self.games[(game_id, len(entries))] = game
            await self.settle(game_id, spec, entries, game)
            return spec, {**table_state(game_id, spec, game, seat), "played": played_of(game, before)}

        spec, result = await self.service.one_at_a_time(game_id, work)
        return self.answer("nain-jaune action", result, spec)

    async def delete(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]

        async def work() -> tuple[TableSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            game = self.game(game_id, spec, entries)
            viewer = self.viewer(request, spec, game)
            if spec.seat_digests is not None and viewer is None:
                raise self.refuse(403, "WrongSeat", Reason("seat_key_missing").text(language.current()), "X-Seat-Key")
            await anyio.to_thread.run_sync(self.service.store.delete, game_id)
            self.games.pop((game_id, len(entries)), None)
            return spec, {**table_state(game_id, spec, game, viewer), "played": [], "deleted": True}

        spec, result = await self.service.one_at_a_time(game_id, work)
        return self.answer("nain-jaune game", result, spec)

    async def record(self, request: Request) -> Response:
        """The game's record (``format=text``: the notation as a download), checked by replaying it."""
        game_id = request.path_params["game_id"]
        form = self.service.asked(request, NainJauneRecordQuery).format or "json"

        async def work() -> tuple[TableSpec, GameRecord]:
            spec, entries = await self.stored(game_id)
            game = self.game(game_id, spec, entries)
            names = tuple(spec.names[i] or p for i, p in enumerate(spec.players))
            return spec, GameRecord.of(game, names)

        spec, made = await self.service.one_at_a_time(game_id, work)
        text = str(made)
        if form == "text":
            download = {"Content-Disposition": f'attachment; filename="nain-jaune-{game_id}.txt"'}
            return PlainTextResponse(text, headers=download)
        return self.answer("nain-jaune record", {"id": game_id, "record": made.to_dict(), "text": text}, spec)

    async def audit(self, request: Request) -> Response:
        """``POST /api/nain-jaune/audit`` ``{"record": TEXT}``: the record replayed by the engine, every action
        checked; its result, or the first fault (400, naming the turn)."""
        text = (await self.service.checked(request, NainJauneAuditBody)).record
        try:
            record = GameRecord.parse(text)
            game = await anyio.to_thread.run_sync(record.replay)
        except JarnacError as exc:
            raise self.refuse(400, type(exc).__name__, said_of(exc), "record") from None
        result = {"ok": True, "players": list(record.players), "turns": len(record.turns), "actions": len(game.history)}
        result |= {"result": game.state.result or None, "points": list(game.holdings), "over": game.is_over()}
        document = {"schema": "jarnac-solver/1", "command": "nain-jaune audit", "lexicon": None, "rules": None}
        return self.service.answer({**document, "result": result})

    async def no_route(self, request: Request) -> Response:
        shown = request.url.path[:80]
        raise self.refuse(404, "NotFound", language.say("refused_nj_no_route", method=request.method, path=shown))

    async def events(self, request: Request) -> Response:
        """``GET /api/games/{id}/events``: one event an action (its number the event's id, its data the action,
        its notes and the game's public state: no hand), from ``Last-Event-ID`` or ``?since=N``."""
        game_id = request.path_params["game_id"]
        since = self.service.asked(request, NainJauneEventsQuery).since or 0
        last = request.headers.get("last-event-id", "").strip()
        if last:  # a browser's reconnection: after the last action it has
            if not last.isdigit() or int(last) > MAX_ACTIONS:
                said = language.say("refused_last_event", given=repr(last[:20]), most=MAX_ACTIONS)
                raise self.refuse(400, "UsageError", said, "Last-Event-ID")
            since = int(last)
        address = request.client.host if request.client else ""
        stream_room(self.service, game_id, address)  # the service's bounds on streams (429, 503)

        async def look() -> tuple[int, bool]:
            spec, entries = await self.stored(game_id)
            return len(entries), self.game(game_id, spec, entries).is_over()

        held, over = await self.service.one_at_a_time(game_id, look)
        if since > held:
            raise self.refuse(400, "UsageError", language.say("refused_nj_holds", held=held, since=since), "since")
        if over and since == held:
            return Response(status_code=204)  # nothing more will come: an EventSource stops
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(self._events(game_id, since, address), media_type="text/event-stream", headers=headers)

    async def _events(self, game_id: str, sent: int, address: str) -> AsyncIterator[bytes]:
        notifier = self.service.notifier
        with notifier.open(game_id, address):
            yield b"retry: 2000\n\n"
            quiet = written = time.monotonic()
            while True:
                seen = notifier.version(game_id)

                async def look(known: int = sent) -> tuple[list[dict[str, Any]], dict[str, Any] | None, bool]:
                    spec, entries = await self.stored(game_id)
                    game = self.game(game_id, spec, entries)
                    if len(game.history) <= known:
                        return [], None, game.is_over()
                    return played_of(game, known), table_state(game_id, spec, game, None), game.is_over()

                try:
                    new, state, over = await self.service.one_at_a_time(game_id, look)
                except ServiceError as exc:
                    yield f"event: gone\ndata: {json.dumps({'message': str(exc)})}\n\n".encode()
                    return
                for played in new:
                    extra = {"game": state} if played is new[-1] else {}
                    data = json.dumps({**played, **extra}, ensure_ascii=False)
                    yield f"id: {played['n']}\nevent: action\ndata: {data}\n\n".encode()
                if new:
                    sent = new[-1]["n"]
                    quiet = written = time.monotonic()
                if over:
                    yield b"event: over\ndata: {}\n\n"
                    return
                if time.monotonic() - quiet > self.service.stream_idle_s or notifier.stopping:
                    return
                if time.monotonic() - written >= self.service.heartbeat_s:  # proxies close silent connections
                    yield b": heartbeat\n\n"
                    written = time.monotonic()
                await notifier.wait(game_id, seen, min(notifier.fallback, self.service.heartbeat_s))


def routes(service: Service) -> list[Route]:
    """The route group of Nain Jaune's tables (``app.ROUTE_GROUPS``, before Jarnac's games)."""
    return Tables(service).routes()
