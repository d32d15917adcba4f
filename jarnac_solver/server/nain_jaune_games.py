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
import copy
import hmac
import json
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import anyio
import anyio.to_thread
from starlette.convertors import Convertor, register_url_convertor
from starlette.requests import ClientDisconnect, Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from ..errors import InvalidInputError, JarnacError
from ..messages import Reason, speaking
from ..nain_jaune import Game, GameRecord, Options, Pass, PlayerView, make_player, parse_action
from ..nain_jaune.actions import Play
from ..nain_jaune.cards import RANK_NAMES, card_text, rank
from ..nain_jaune.engine import SEATS, players_error
from . import language, seats
from .answers import ServiceError, refusing
from .bodies import read_json
from .routes.games import new_game as jarnac_new_game
from .routes.streams import stream_room
from .store import JOIN, Invitation

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .service import Service

__all__ = ["COMPUTERS", "KIND", "PREFIX", "TableSpec", "Tables", "describe", "owns"]

KIND = "nain_jaune"
"""The ``game`` of ``POST /api/games`` that makes a Nain Jaune table (``jarnac``, or none: a Jarnac game)."""
PREFIX = "nj-"
"""The ids of Nain Jaune games start so: the routes of a game are answered by its kind's module."""
PERSON = "person"
COMPUTERS = ("greedy", "stakes", "random", "mc")
"""The computer players a table offers (``mc:N`` too, up to :data:`MAX_SAMPLES` samples)."""
MAX_SAMPLES = 16
"""The most deals the Monte-Carlo player ``mc:N`` weighs a decision at the service (``mc``'s own 16): a request
plays the computers' turns to the next person's, so each decision is kept to tens of milliseconds."""
MAX_ACTIONS = 20_000
"""The most actions a Nain Jaune game holds (a game of the rulebook ends long before: each round at most 52
cards and a pass a seat each)."""
CACHED = 256
"""The games kept replayed in memory (by id and action count); the others are replayed from the store."""
SEAT_WORDS = ("open", "hotseat", "invite")
BODY_SECONDS = 30.0
"""The longest a new table's body may take to arrive (as Jarnac's bodies)."""


class _NainJauneId(Convertor[str]):
    """A path segment that is a Nain Jaune game's id (``nj-`` then the id's URL-safe characters)."""

    regex = PREFIX + "[A-Za-z0-9_-]{1,60}"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("nain_jaune_id", _NainJauneId())


def owns(game_id: str) -> bool:
    """Whether ``game_id`` is a Nain Jaune game's.

    >>> owns("nj-abc"), owns("abc")
    (True, False)
    """
    return game_id.startswith(PREFIX)


@dataclass(frozen=True)
class TableSpec:
    """A Nain Jaune game's setting, as stored: the seats' players, the rules' options, the seed, and between
    people the digests of the seats' keys (``""``: an invitation not answered yet) and their names."""

    players: tuple[str, ...]
    options: Options
    seed: int
    seat_digests: tuple[str, ...] | None = None
    names: tuple[str, ...] = ()
    hotseat: bool = False
    expires: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """As stored (the store's :class:`~.store.Setting`): it names its ``game``."""
        return {
            "game": KIND,
            "players": list(self.players),
            "options": self.options.name_or_dict(),
            "seed": self.seed,
            "seat_digests": list(self.seat_digests) if self.seat_digests is not None else None,
            "names": list(self.names),
            "hotseat": self.hotseat,
            "expires": self.expires,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSpec:
        """Read :meth:`to_dict`'s form (from the store).

        >>> spec = TableSpec(("person", "greedy"), Options(max_rounds=2), 7, None, ("", ""))
        >>> TableSpec.from_dict(spec.to_dict()) == spec
        True
        """
        digests = data.get("seat_digests")
        return cls(
            tuple(str(p) for p in data["players"]),
            Options.from_dict(data["options"]),
            int(data["seed"]),
            tuple(str(d) for d in digests) if digests is not None else None,
            tuple(str(n) for n in data.get("names", ())),
            bool(data.get("hotseat", False)),
            data.get("expires"),
        )

    @property
    def seats(self) -> str:
        """``open``, ``hotseat`` or ``invite``."""
        return "open" if self.seat_digests is None else "hotseat" if self.hotseat else "invite"

    def person(self, seat: int) -> bool:
        return self.players[seat] == PERSON

    def claimed(self, seat: int) -> bool:
        """Whether the seat is held (a computer's always; a person's once its key is given)."""
        return self.seat_digests is None or not self.person(seat) or bool(self.seat_digests[seat])

    def seat_of(self, key: str | None) -> int | None:
        """The seat whose key ``key`` is, or ``None`` (each digest compared in constant time)."""
        if not key or self.seat_digests is None:
            return None
        asked = seats.digest(key)
        found = [bool(held) and hmac.compare_digest(asked, held) for held in self.seat_digests]
        return next((seat for seat, same in enumerate(found) if same), None)


def links(base: str, game_id: str, keys: dict[str, str]) -> dict[str, str]:
    """The page's links of the seats whose ``keys`` are given, and the watch link (``#nj-game=...``: the
    page's Nain Jaune table opens them; each key in the fragment, never in the path or the query).

    >>> links("http://h/", "nj-x", {"A": "k"})
    {'A': 'http://h/#nj-game=nj-x&seat=A&key=k', 'watch': 'http://h/#nj-watch=nj-x'}
    """
    page = base if base.endswith("/") else base + "/"
    made = {seat: f"{page}#nj-game={quote(game_id)}&seat={seat}&key={quote(key)}" for seat, key in keys.items()}
    made["watch"] = f"{page}#nj-watch={quote(game_id)}"
    return made


def invitation(base: str, code: str) -> dict[str, str]:
    """A seat's invitation as its creator gets it: the code to read aloud, the page's link that opens the
    table's join form with it (``#nj-join=``), and the link's QR code (when ``segno`` is installed)."""
    page = base if base.endswith("/") else base + "/"
    shown = seats.shown_code(code)
    made = {"code": shown, "link": f"{page}#nj-join={quote(shown)}"}
    qr = seats.qr_code(made["link"])
    if qr is not None:
        made["qr"] = qr
    return made


def _say(code: str, **values: Any) -> str:
    return Reason(code, values).text(language.current())


def _said(exc: JarnacError) -> str:
    """An error's message in the asker's language (its reason's, when it has one)."""
    return exc.reason.text(language.current()) if exc.reason is not None else str(exc)


def read_spec(body: dict[str, Any]) -> TableSpec:
    """The setting a ``POST /api/games`` body asks for (the creator's ``name`` given to the first person's
    seat); :class:`BadField` naming the field at fault.

    >>> spec = read_spec({"game": "nain_jaune", "players": ["person", "greedy"], "seed": 3})
    >>> spec.players, spec.seats, spec.options.name_or_dict()
    (('person', 'greedy'), 'open', 'rulebook')
    >>> read_spec({"players": ["person"]})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    jarnac_solver.server.nain_jaune_games.BadField: Nain Jaune is played by 2 to 4 players (...), not 1
    """
    known = {"game", "players", "seats", "options", "seed", "name"}
    unknown = sorted(set(body) - known)
    if unknown:
        raise BadField(
            unknown[0], f"no field {unknown[0]!r} in a Nain Jaune game (the fields: {', '.join(sorted(known))})"
        )
    players = body.get("players", [PERSON, "greedy", "stakes"])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadField("players", 'a list of 2 to 4 seats, each "person" or a computer player')
    if not 2 <= len(players) <= 4:
        raise BadField("players", _said(players_error(len(players))))
    for p in players:
        base, sep, count = p.partition(":")
        fits = (
            p == PERSON
            or p in COMPUTERS
            or (base == "mc" and sep and count.isascii() and count.isdigit() and 1 <= int(count) <= MAX_SAMPLES)
        )
        if not fits:
            offered = ", ".join((PERSON, *COMPUTERS))
            raise BadField(
                "players", _say("nj.http_unknown_player", given=repr(p[:40]), offered=offered, most=MAX_SAMPLES)
            )
    people = sum(p == PERSON for p in players)
    if not people:
        raise BadField("players", _say("nj.http_needs_person"))
    where = body.get("seats", "open")
    if where not in SEAT_WORDS:
        raise BadField("seats", f"{str(where)[:40]!r} is not one of {', '.join(SEAT_WORDS)}")
    if where == "open" and people > 1:
        raise BadField("seats", _say("nj.http_open_people"))
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise BadField("seed", f"a whole number from 0 to 2**63 - 1, not {seed!r}")
    try:
        options = Options.from_dict(body.get("options", "rulebook"))
        options.hand_for(len(players))
    except JarnacError as exc:
        raise BadField("options", _said(exc)) from None
    name = body.get("name", "")
    if not isinstance(name, str) or len(name) > 32:
        raise BadField("name", "a name of at most 32 characters")
    names = tuple(name if i == players.index(PERSON) else "" for i in range(len(players)))
    digests = None if where == "open" else tuple("" for _ in players)
    return TableSpec(tuple(players), options, seed, digests, names, where == "hotseat")


class BadField(InvalidInputError):
    """A field of a request that cannot be read: its name and what is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


# -- the game itself: replayed, played on, shown ---------------------------------------------------------

Entry = tuple[int, str, str]


def replay(spec: TableSpec, entries: list[Entry]) -> Game:
    """The game of ``spec`` with its stored actions pushed again (each checked by the engine)."""
    game = Game(len(spec.players), spec.options, spec.seed)
    for seat, text, _ in entries:
        game.push(parse_action(text), seat)
    return game


def play_on(spec: TableSpec, game: Game) -> list[Entry]:
    """The computers' turns and the people's forced passes (no card of the missing value) from here, pushed
    on ``game`` until a person has a choice or the game is over: the new entries."""
    made: list[Entry] = []
    while not game.is_over() and len(game.history) < MAX_ACTIONS:
        seat = game.state.to_act
        if spec.person(seat):
            legal = game.legal_actions()
            if legal != [Pass()]:
                break
            action = legal[0]
        else:
            player = make_player(spec.players[seat], spec.seed * 7919 + len(game.history))
            action = player.choose(PlayerView.of(game, seat))
        game.push(action, seat)
        made.append((seat, str(game.history[-1].action), ""))
    return made


def refusal(game: Game, seat: int | None, text: str) -> tuple[int, str, str] | None:
    """Why the action written ``text`` by ``seat`` is refused now (status, type, message in the asker's
    language), or ``None`` when the engine takes it."""
    try:
        action = parse_action(text)
    except InvalidInputError:
        return 400, "UsageError", _say("nj.http_not_action", given=text[:20])
    s = game.state
    if game.is_over():
        return 409, "GameOver", _say("nj.http_over")
    if seat is not None and seat != s.to_act:
        return 409, "IllegalActionError", _say("nj.http_turn", seat=SEATS[s.to_act], player=SEATS[seat])
    if isinstance(action, Play):
        card = card_text(action.card)
        if not s.hands[s.to_act] >> action.card & 1:
            return 409, "IllegalActionError", _say("nj.http_not_held", card=card)
        if s.mode != "lead" and rank(action.card) != s.need:
            return 409, "IllegalActionError", _say("nj.http_not_now", card=card, rank=RANK_NAMES[s.need])
    if action not in game.legal_actions() and not (
        isinstance(action, Play) and Play(action.card, not action.claim) in game.legal_actions()
    ):
        legal = " ".join(str(a) for a in game.legal_actions())
        return 409, "IllegalActionError", _say("nj.http_not_legal", given=text[:20], legal=legal)
    return None


def rounds_of(game: Game) -> list[dict[str, Any]]:
    """Each round played so far: who took which pot, who went out, who paid what, a Grand Opera.

    >>> from ..nain_jaune import play_game
    >>> done = rounds_of(play_game(["greedy", "stakes"], seed=3, options=Options(max_rounds=1)))
    >>> done[0]["round"], done[0]["out"] in ("A", "B"), done[0]["over"]
    (1, True, True)
    """
    rounds: list[dict[str, Any]] = []
    for played in game.history:
        if not rounds or rounds[-1]["round"] != played.round:
            rounds.append(
                {"round": played.round, "takes": [], "paid": [], "out": None, "grand_opera": None, "over": False}
            )
        now = rounds[-1]
        for note in played.notes:
            values = note.values
            if note.code == "nj.note_takes":
                now["takes"].append({"seat": SEATS[played.player], "card": values["card"], "points": values["points"]})
            elif note.code == "nj.note_pays":
                now["paid"].append({"seat": values["seat"], "to": SEATS[played.player], "points": values["points"]})
            elif note.code == "nj.note_grand_opera":
                now["grand_opera"] = values["points"]
        ends = any(n.code in ("nj.note_pays", "nj.note_deals", "nj.note_grand_opera") for n in played.notes)
        if ends or (game.is_over() and played is game.history[-1]):  # the last card of a round
            now["out"], now["over"] = SEATS[played.player], True
    return rounds


def table_state(game_id: str, spec: TableSpec, game: Game, viewer: int | None) -> dict[str, Any]:
    """The game as seat ``viewer`` sees it (``None``: a spectator, no hand shown), JSON-ready."""
    shown = PlayerView.of(game, viewer if viewer is not None else game.state.to_act % game.players).to_dict()
    if viewer is None:
        shown["hand"], shown["legal"], shown["seat"] = [], [], None
    over = game.is_over()
    best = game.winners() if over else []
    return {
        "id": game_id,
        "kind": KIND,
        "seats": spec.seats,
        "you": SEATS[viewer] if viewer is not None else None,
        "players": [
            {"seat": SEATS[i], "player": p, "person": p == PERSON, "name": spec.names[i] if i < len(spec.names) else ""}
            for i, p in enumerate(spec.players)
        ],
        "claimed": [spec.claimed(i) for i in range(len(spec.players))],
        "actions": len(game.history),
        "to_act": None if over else SEATS[game.state.to_act],
        "over": over,
        "winners": [SEATS[p] for p in best],
        "why": game.state.why.to_dict(language.current()) if over and game.state.why is not None else None,
        "table": shown,
        "rounds": rounds_of(game),
    }


def played_of(game: Game, first: int) -> list[dict[str, Any]]:
    """The actions from number ``first + 1`` on, each with its seat and notes (takes, payments, deals)."""
    return [
        {
            "n": n,
            "seat": SEATS[p.player],
            "action": str(p.action),
            "round": p.round,
            "notes": [note.to_dict(language.current()) for note in p.notes],
        }
        for n, p in enumerate(game.history[first:], first + 1)
    ]


# -- the routes ------------------------------------------------------------------------------------------


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
            raise self.refuse(404, "UnknownGame", f"no game {game_id[:40]!r} on this server")
        data, entries = found
        spec = TableSpec.from_dict(data)
        waiting = not all(spec.claimed(i) for i in range(len(spec.players)))
        if spec.expires is not None and waiting and self.service.now() > spec.expires:
            await anyio.to_thread.run_sync(self.service.store.delete, game_id)
            raise self.refuse(410, "InvitationExpired", f"the invitation to game {game_id!r} expired unanswered")
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
                400, "UsageError", _say("nj.http_unknown_game", given=repr(body.get("game"))[:40]), "game"
            )
        try:
            with speaking(language.current()):
                spec = read_spec(body)
        except BadField as exc:
            raise self.refuse(400, "UsageError", str(exc), exc.field) from None
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
        body = await read_json(request, self.service.max_body_bytes)
        if not isinstance(body, dict):
            raise self.refuse(400, "UsageError", 'the body is a JSON object: {"action": "7H"}')
        unknown = sorted(set(body) - {"action", "player", "at"})
        if unknown:
            raise self.refuse(
                400, "UsageError", f"no field {unknown[0]!r} (the fields: action, player, at)", unknown[0]
            )
        text, asked, at = body.get("action"), body.get("player"), body.get("at")
        if not isinstance(text, str) or not text.strip() or len(text) > 20:
            raise self.refuse(400, "UsageError", "an action: a card (7H, 10D!), pass or stop", "action")
        if asked is not None and (not isinstance(asked, str) or asked.upper() not in SEATS):
            raise self.refuse(400, "UsageError", "a seat: A, B, C or D", "player")
        if at is not None and (isinstance(at, bool) or not isinstance(at, int) or at < 1):
            raise self.refuse(400, "UsageError", "the action's number, from 1", "at")

        async def work() -> tuple[TableSpec, dict[str, Any]]:
            spec, entries = await self.stored(game_id)
            game = self.game(game_id, spec, entries)
            if asked is not None and SEATS.index(asked.upper()) >= len(spec.players):
                raise self.refuse(
                    400, "UsageError", f"this table has seats A to {SEATS[len(spec.players) - 1]}", "player"
                )
            seat = SEATS.index(asked.upper()) if asked is not None else None
            if spec.seat_digests is not None:  # only the holder of the seat's key acts for it
                held = spec.seat_of(request.headers.get("x-seat-key"))
                if held is None:
                    code = "seat_key_missing" if not request.headers.get("x-seat-key") else "seat_key_unknown"
                    raise self.refuse(403, "WrongSeat", Reason(code).text(language.current()), "X-Seat-Key")
                if seat is not None and seat != held:
                    said = _say("nj.http_other_key", seat=SEATS[held], player=SEATS[seat])
                    raise self.refuse(403, "WrongSeat", said, "player")
                seat = held
            elif seat is None:
                seat = spec.players.index(PERSON)
            if not spec.person(seat):
                raise self.refuse(403, "WrongSeat", _say("nj.http_computer_seat", seat=SEATS[seat]), "player")
            if at is not None and at != len(entries) + 1:
                message = f"the game holds {len(entries)} actions: the next is {len(entries) + 1}, not {at}"
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
        form = request.query_params.get("format", "json")
        if form not in ("json", "text"):
            raise self.refuse(400, "UsageError", f"{form[:20]!r} is not json or text", "format")

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
        body = await read_json(request, self.service.max_body_bytes)
        text = body.get("record") if isinstance(body, dict) else None
        if not isinstance(text, str):
            raise self.refuse(400, "UsageError", "a record: the text GET /api/games/ID/record gives", "record")
        try:
            record = GameRecord.parse(text)
            game = await anyio.to_thread.run_sync(record.replay)
        except JarnacError as exc:
            raise self.refuse(400, type(exc).__name__, _said(exc), "record") from None
        result = {"ok": True, "players": list(record.players), "turns": len(record.turns), "actions": len(game.history)}
        result |= {"result": game.state.result or None, "points": list(game.holdings), "over": game.is_over()}
        document = {"schema": "jarnac-solver/1", "command": "nain-jaune audit", "lexicon": None, "rules": None}
        return self.service.answer({**document, "result": result})

    async def no_route(self, request: Request) -> Response:
        shown = request.url.path[:80]
        raise self.refuse(404, "NotFound", f"{request.method} {shown}: no such route for a Nain Jaune game")

    async def events(self, request: Request) -> Response:
        """``GET /api/games/{id}/events``: one event an action (its number the event's id, its data the action,
        its notes and the game's public state: no hand), from ``Last-Event-ID`` or ``?since=N``."""
        game_id = request.path_params["game_id"]
        given = request.headers.get("last-event-id", "").strip() or request.query_params.get("since", "0")
        if not given.isdigit() or int(given) > MAX_ACTIONS:
            raise self.refuse(400, "UsageError", f"{given[:20]!r} is not an action's number", "since")
        since = int(given)
        address = request.client.host if request.client else ""
        stream_room(self.service, game_id, address)  # the service's bounds on streams (429, 503)

        async def look() -> tuple[int, bool]:
            spec, entries = await self.stored(game_id)
            return len(entries), self.game(game_id, spec, entries).is_over()

        held, over = await self.service.one_at_a_time(game_id, look)
        if since > held:
            raise self.refuse(400, "UsageError", f"the game holds {held} actions, not {since}", "since")
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


def describe(document: dict[str, Any]) -> None:
    """Add Nain Jaune's routes to the service's OpenAPI ``document``: ``POST /api/games`` takes its body too
    (``anyOf``), a table's routes are paths of their own (``/api/games/nj-{table}``, listed before Jarnac's
    ``/api/games/{game_id}``, which they would otherwise match), the audit of a record is its own path."""
    answer = {"$ref": "#/components/schemas/document"}  # its command (nain-jaune ...) types its result
    body = {
        "type": "object",
        "required": ["game"],
        "properties": {
            "game": {"const": KIND},
            "players": {"type": "array", "minItems": 2, "maxItems": 4, "items": {"type": "string"}},
            "seats": {"enum": list(SEAT_WORDS)},
            "options": {"oneOf": [{"const": "rulebook"}, {"type": "object"}]},
            "seed": {"type": ["integer", "null"], "minimum": 0, "description": "the deals (null: at random)"},
            "name": {"type": "string", "maxLength": 32},
        },
        "additionalProperties": False,
    }
    action = {
        "type": "object",
        "required": ["action"],
        "properties": {
            "action": {"type": "string", "maxLength": 20, "description": "a card (7H, 10D!), pass or stop"},
            "player": {"enum": list(SEATS)},
            "at": {"type": "integer", "minimum": 1},
        },
        "additionalProperties": False,
    }
    paths = document["paths"]
    new = paths["/api/games"]["post"]
    new["description"] = new.get("description", "") + (
        f' With "game": "{KIND}", a Nain Jaune table of 2 to 4 seats (docs/nain_jaune.md): its id starts'
        f" {PREFIX}, and the paths /api/games/{PREFIX}{{table}} answer it."
    )
    new["requestBody"] = copy.deepcopy(new["requestBody"])
    posted = new["requestBody"]["content"]["application/json"]
    jarnac = posted["schema"]
    named = {**jarnac, "properties": {**jarnac.get("properties", {}), "game": {"const": "jarnac"}}}
    posted["schema"] = {"anyOf": [jarnac, named, body]}
    for operation, status in ((new, "201"), (paths["/api/join"]["post"], "200")):
        said = copy.deepcopy(operation["responses"][status])  # Jarnac's answers share their objects: copied
        content = said["content"]["application/json"]
        content["schema"] = {"anyOf": [content["schema"], answer]}
        operation["responses"][status] = said

    def answered(description: str) -> dict[str, Any]:
        return {"description": description, "content": {"application/json": {"schema": answer}}}

    def refused(*statuses: int) -> dict[str, Any]:
        said = paths["/api/games/{game_id}/actions"]["post"]["responses"]
        return {str(code): said.get(str(code), said["400"]) for code in statuses}

    table = {"name": "table", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 60}}
    key = {"name": "X-Seat-Key", "in": "header", "required": False, "schema": {"type": "string", "maxLength": 200}}
    since = {"name": "since", "in": "query", "required": False, "schema": {"type": "string", "pattern": "^[0-9]{1,5}$"}}
    form = {"name": "format", "in": "query", "required": False, "schema": {"enum": ["json", "text"]}}
    base = f"/api/games/{PREFIX}{{table}}"
    own = {
        base: {
            "get": {
                "operationId": "nain_jaune_state",
                "summary": "A Nain Jaune table as the key's seat sees it (no key: a spectator, no hand)",
                "parameters": [table, key],
                "responses": {"200": answered("the table"), **refused(400, 403, 404, 410, 500)},
            },
            "delete": {
                "operationId": "nain_jaune_delete",
                "summary": "Forget the table (between people, with a seat's key)",
                "parameters": [table, key],
                "responses": {"200": answered("the table's last state"), **refused(400, 403, 404, 410)},
            },
        },
        base + "/actions": {
            "post": {
                "operationId": "nain_jaune_action",
                "summary": "The person's play; the computers' turns and forced passes follow",
                "description": "A card not held, out of sequence, a pass not allowed, another seat's turn: 409, the"
                " game unchanged. Another seat's key, or a computer's seat: 403.",
                "parameters": [table, key],
                "requestBody": {"required": True, "content": {"application/json": {"schema": action}}},
                "responses": {"200": answered("the table"), **refused(400, 403, 404, 409, 410, 413)},
            }
        },
        base + "/events": {
            "get": {
                "operationId": "nain_jaune_events",
                "summary": "The push channel: Server-Sent Events, one an action (the newest with the public table)",
                "parameters": [table, since],
                "responses": {
                    "200": {
                        "description": "the stream",
                        "content": {"text/event-stream": {"schema": {"type": "string"}}},
                    },
                    "204": {"description": "the game is over and the client has every action"},
                    **refused(400, 404, 410, 429, 503),
                },
            }
        },
        base + "/record": {
            "get": {
                "operationId": "nain_jaune_record",
                "summary": "The table's record (format=text: the notation, as a download)",
                "parameters": [table, form],
                "responses": {
                    "200": {
                        "description": "the record",
                        "content": {
                            "application/json": {"schema": answer},
                            "text/plain": {"schema": {"type": "string"}},
                        },
                    },
                    **refused(400, 404, 410),
                },
            }
        },
    }
    audit = paths["/api/audit"]["post"]
    paths["/api/nain-jaune/audit"] = {
        "post": {
            "operationId": "nain_jaune_audit",
            "summary": "A Nain Jaune record replayed by the engine, every action checked",
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"type": "object", "required": ["record"]}}},
            },
            "responses": {
                "200": answered("the record's replay"),
                **{k: v for k, v in audit["responses"].items() if k != "200"},
            },
        }
    }
    rest = dict(paths)
    paths.clear()
    paths.update(own)  # first: a path's first matching template is its operation
    paths.update(rest)
