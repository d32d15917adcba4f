"""The service's state and what every endpoint does with a request: read its body or query against the
route's typed model (:mod:`~.typed`), hand work to a lane, read a stored game, check a seat's key,
take a game's lock, answer within the server's bound.

Key idea: the app is a thin door: :class:`Core` holds what the server offers, its lanes, its store and its
caches, and the endpoints (``routes/``) are functions of it and the request; the running of live games
(turns, clocks, the sweep) is :class:`~.service.Service`, built on it.
"""

from __future__ import annotations

import asyncio
import importlib.util
import time
import weakref
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import Response

from ..cli import SCHEMA
from ..messages import Reason, speaking
from . import language, live, seats, typed, webpush
from .answers import Json, ServiceError, error
from .bodies import read_json
from .contract import Offer
from .crowd import Gate
from .lanes import Lanes
from .limits import Limits
from .notify import Notifier
from .storage import ConflictError, Store
from .typed import M

CONFLICT_RETRIES = 5
"""How many times a game's request is done again after losing a race for an action's number to another
server on a shared store (each time on the game read afresh), before it is a 409."""
MAX_ANSWER_BYTES = 4 * 1024 * 1024
"""The largest answer sent: a listing beyond it is refused with a hint to narrow the question."""
STATIC = Path(__file__).resolve().parent / "static"
"""The page (``GET /``) and its scripts and styles: files of the package, nothing fetched elsewhere."""
INVITE_SECONDS = 24 * 3600.0
"""An invitation seat B never acted in is gone after this long (its game forgotten)."""
KEEP_DAYS = 30
"""Finished games are kept this many days after their last action (``serve --keep-days``), then forgotten."""
SWEEP_S = 60.0
"""How often the server ends the games days a move whose seat to act ran out of time, and forgets the finished
games past :data:`KEEP_DAYS` (each also checked whenever it is read)."""
HEARTBEAT_S = 15.0
"""A push stream with nothing to tell sends a comment this often (proxies close silent connections)."""
STREAM_IDLE_S = 600.0
"""A push stream closes after this long without an action (the browser's EventSource opens it again,
from its last action)."""


def unknown_game(game_id: str) -> ServiceError:
    """The 404 of a game this server does not hold, in the asker's language."""
    shown = game_id if len(game_id) <= 40 else game_id[:40] + "..."
    return ServiceError(404, "UnknownGame", language.say("refused_unknown_game", game=repr(shown)))


class Core:
    """The service's state (what it offers, its lanes, its store) and the steps every endpoint takes."""

    def __init__(
        self,
        offer: Offer,
        lanes: Lanes,
        store: Store,
        *,
        max_body_bytes: int,
        max_answer_bytes: int,
        openapi: dict[str, Any],
    ) -> None:
        self.offer = offer
        self.lanes = lanes
        self.store = store
        self.max_body_bytes = max_body_bytes
        self.max_answer_bytes = max_answer_bytes
        self.openapi = openapi
        self.familiarity_installed = importlib.util.find_spec("wordfreq") is not None
        self.game_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.static = {p.name: p for p in STATIC.iterdir() if p.is_file() and p.name != "index.html"}
        self.notifier = Notifier()
        self.gate: Gate | None = None
        """The server's connections (``serve``'s), told by the health route."""
        self.limits = Limits()
        self.invite_seconds = INVITE_SECONDS
        self.heartbeat_s = HEARTBEAT_S
        self.stream_idle_s = STREAM_IDLE_S
        self.states: dict[tuple[str, int, str, tuple[str, str], bool, tuple[str, str]], dict[str, Any]] = {}
        """The last state answered of each game, by its id, its actions and the language: the push streams
        of a game tell the state its action's answer computed, not one each."""
        self.now: Callable[[], float] = time.time
        """The clock of the games days a move (a test moves it forward)."""
        self.keep_days = KEEP_DAYS
        self.sweep_s = SWEEP_S
        self.deadlines: dict[str, float | None] = {}
        """The deadline last written to the store of each game days a move (written again when it changes)."""
        self.committed_at: dict[str, float] = {}
        """When each game's last commit was told (the clock of the person to act starts there)."""
        self.pusher: webpush.Pusher | None = None
        """The server's Web Push sender, when it is given a VAPID key (``serve --vapid-private-key``)."""
        self.nain_jaune: Any = None
        """The Nain Jaune tables (:class:`~.nain_jaune_games.Tables`, games whose ids start ``nj-``), once routed."""
        store.subscribe(self._committed)

    def _committed(self, game_id: str, count: int) -> None:
        """The store's listener (any thread): the clock of the person to act restarts; streams are woken."""
        if count < 0:
            self.committed_at.pop(game_id, None)
        else:
            self.committed_at[game_id] = time.time()
        self.notifier.told(game_id, count)

    # -- reading a request: the one place its body and options are read --------------------------

    async def checked(self, request: Request, model: type[M], limit: int | None = None) -> M:
        """The request's body checked against its typed ``model`` (every fault at once, each named by its
        field, in the asker's language), at most ``limit`` bytes."""
        given = await read_json(request, limit or self.max_body_bytes)
        with speaking(language.heard(given)):
            return typed.read(model, given, self.offer)

    def asked(self, request: Request, model: type[M]) -> M:
        """The request's query parameters checked against its typed ``model``; one given twice is refused
        (a ``dict`` of them would keep the last silently)."""
        times = Counter(key for key, _ in request.query_params.multi_items())
        twice = sorted(key for key, n in times.items() if n > 1)
        if twice:
            raise ServiceError(400, "UsageError", language.say("refused_given_twice", count=times[twice[0]]), twice[0])
        with speaking(language.current()):
            return typed.read(model, dict(request.query_params), self.offer, query=True)

    def answer(self, document: dict[str, Any], status: int = 200) -> Response:
        response = Json(document, status_code=status)
        if len(response.body) > self.max_answer_bytes:
            name = str(document.get("command", ""))
            narrower = "limit or length" if name == "lexicon diff" else "limit, a longer pattern, min_len"
            message = (
                f"the answer holds {len(response.body):,} bytes, over this server's {self.max_answer_bytes:,}:"
                f" narrow the question ({narrower})"
            )
            return error(413, "AnswerTooLarge", message, name)
        return response

    # -- live games -------------------------------------------------------------------------------

    def load(self) -> dict[str, Any]:
        """What the server holds now and whether it sheds load (a monitor reads it): its connections (under
        ``serve``), push streams, lanes and join codes being stretched."""
        streams = self.notifier.streams
        held = self.gate.load() if self.gate is not None else None
        shedding = streams >= self.notifier.max_streams or self.limits.shedding
        if held is not None:
            shedding = shedding or held["connections"] >= held["max_connections"]  # at the cap: shedding
        return {
            "shedding": shedding,
            "connections": held,
            "streams": {"open": streams, "max": self.notifier.max_streams, "per_address": self.notifier.per_address},
            "lanes": self.lanes.load(),
            "stretching": self.limits.load(),
        }

    def game_document(self, command: str, spec: live.GameSpec, result: dict[str, Any]) -> dict[str, Any]:
        lexicon, rules = spec.lexicon, spec.rules.name_or_dict()
        return {"schema": SCHEMA, "command": command, "lexicon": lexicon, "rules": rules, "result": result}

    async def call(self, name: str, *args: Any, heavy: bool = False) -> Any:
        return await self.guarded(live.guarded, name, *args, heavy=heavy)

    async def guarded(self, function: Callable[..., tuple[bool, Any]], *args: Any, heavy: bool = False) -> Any:
        """``function``'s value in a worker of a lane, or its refusal ``(status, type, message[, field])``
        raised."""
        ok, value = await self.lanes.run(language.spoken, language.current(), function, *args, heavy=heavy)
        if not ok:
            status, kind, message, *field = value
            raise ServiceError(status, kind, message, field[0] if field else None)
        return value

    async def stored(self, game_id: str) -> tuple[live.GameSpec, list[live.Entry]]:
        found = await anyio.to_thread.run_sync(self.store.load, game_id)
        if found is None:
            raise unknown_game(game_id)
        spec, entries = found
        # An invitation never answered is gone after its time; a game days a move whose B is seated is kept
        # while its clock runs (its A may take days over the first move).
        waiting = not spec.claimed(1) or spec.days is None
        if (
            spec.expires is not None
            and self.now() > spec.expires
            and waiting
            and not any(w == 1 for w, _, _ in entries)
        ):
            await anyio.to_thread.run_sync(self.store.delete, game_id)
            raise ServiceError(410, "InvitationExpired", language.say("refused_invitation_expired", game=repr(game_id)))
        return found

    # -- the seats of the games between people ------------------------------------------------------

    def seat(self, request: Request, spec: live.GameSpec) -> str | None:
        """The seat whose key the request carries (``X-Seat-Key``), or ``None``."""
        assert spec.seat_digests is not None
        return seats.seat_of(request.headers.get("x-seat-key"), spec.seat_digests)

    def keyed(self, request: Request, spec: live.GameSpec) -> str:
        """The seat the request acts for in a game between invited people, or a 403 (no key, or nobody's)."""
        seat = self.seat(request, spec)
        if seat is None:
            code = "seat_key_missing" if not request.headers.get("x-seat-key") else "seat_key_unknown"
            raise ServiceError(403, "WrongSeat", Reason(code).text(language.current()), "X-Seat-Key")
        return seat

    async def one_at_a_time(self, game_id: str, work: Callable[[], Awaitable[Any]]) -> Any:
        """``work`` with the game's lock held: a game's requests one at a time, its actions in order.

        The lock holds in this process; across servers sharing a store the key ``(game, n)`` does: a
        request that lost the race (:class:`~.store.ConflictError`, nothing written) is done again on the
        game as it now is, as it would have waited its turn here."""
        lock = self.game_locks.get(game_id)
        if lock is None:
            lock = self.game_locks[game_id] = asyncio.Lock()
        for _ in range(CONFLICT_RETRIES - 1):
            try:
                async with lock:
                    return await work()
            except ConflictError:
                continue
        async with lock:
            return await work()
