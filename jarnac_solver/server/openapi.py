"""The service's OpenAPI 3.1 document, built from ``schema.json`` and the routes' declared bodies.

Key idea: nothing is described twice. The answers are the ``--json``
documents, so their schemas are the package's ``schema.json`` (the one
JSON Schema of the command line's documents): its ``$defs`` become
``components/schemas`` and the envelope is ``document``. The request
bodies and queries are the routes' :class:`~.contract.Body` tables, the
same the server reads requests with. OpenAPI 3.1 schemas are JSON Schema
2020-12, the dialect of ``schema.json``, so no definition is rewritten but
its references.
"""

from __future__ import annotations

import json
from importlib import resources

from .. import __version__
from ..messages import LANGUAGES
from . import webpush
from .contract import (
    ACTION,
    ADVICE,
    AUDIT,
    GAME_REVIEW,
    JOIN,
    MAX_REVIEW_PLAYOUTS,
    MAX_REVIEW_SECONDS,
    MINE,
    NEW_GAME,
    RECORD,
    REMATCH,
    RESIGN,
    REVIEW,
    SERVED,
    SINCE,
    TRANSFER,
    Body,
    Offer,
)
from .models import DECLARED, request_model
from .models import schema as body_schema

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def json_schema() -> dict[str, Any]:
    """The JSON Schema of every ``--json`` document (the package's ``schema.json``)."""
    text = resources.files(__package__).joinpath("schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _moved(value: Any) -> Any:
    """``value`` with every ``#/$defs/NAME`` reference made ``#/components/schemas/NAME``."""
    if isinstance(value, dict):
        return {
            key: (
                "#/components/schemas/" + item[len("#/$defs/") :]
                if key == "$ref" and isinstance(item, str) and item.startswith("#/$defs/")
                else _moved(item)
            )
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [_moved(item) for item in value]
    return value


def _error(description: str) -> dict[str, Any]:
    content = {"application/json": {"schema": {"$ref": "#/components/schemas/document"}}}
    return {"description": description + ": the error document, as with --json", "content": content}


def _answer(schema: str, description: str) -> dict[str, Any]:
    """An answer: the envelope, its result typed (a generated client gets typed results)."""
    typed = {
        "allOf": [
            {"$ref": "#/components/schemas/document"},
            {"properties": {"result": {"$ref": f"#/components/schemas/{schema}"}}},
        ]
    }
    return {
        "description": f"{description}: the document, its result a {schema}",
        "content": {"application/json": {"schema": typed}},
    }


def _refusals(*statuses: int) -> dict[str, Any]:
    said = {
        400: "bad JSON, a bad field or value (each fault named by its field)",
        401: "no or a wrong bearer token",
        403: "a page of another origin may not change this server; between invited people, no X-Seat-Key or"
        " the key of a seat not to act (WrongSeat), or advice in a game without hints (HintsOff); the game unchanged",
        404: "no game of that id",
        408: "a body that stopped arriving (30 s)",
        409: "an illegal action, or not this turn; an invitation or seat asked of a game without one; a new"
        " game's computer player not offered under its rules and lexicon (PlayerNotOffered, field players: its"
        " games take over the seconds the service offers, /api/health's not_offered)",
        410: "an invitation seat B never acted in, expired (InvitationExpired): the game is forgotten; a join"
        " code or transfer link used already (SeatTaken, TransferUsed) or withdrawn (InvitationWithdrawn):"
        " it opens nothing, the game unchanged",
        413: "a body or an answer over the limit",
        415: "a body that is not application/json",
        421: "a Host this server does not answer",
        429: "a bound of this client address or of the server (games created, wrong join codes, push streams)",
        500: "a stored game that cannot be read (named)",
        503: "no worker could take the request (the server stops, or a worker died), the games' database is down,"
        " or the server sheds load (its most connections or push streams, or join codes being checked: Retry-After)",
        507: "the store cannot keep more (its most games, or a full disk)",
    }
    return {str(status): _error(said[status]) for status in statuses}


_LANG = {
    "name": "lang",
    "in": "query",
    "required": False,
    "description": "the language of the answer's texts (reasons, errors; default: Accept-Language, else English)",
    "schema": {"type": "string", "enum": list(LANGUAGES)},
}
_CATALOG = {
    "type": "object",
    "required": ["language", "plural", "messages", "plural_by"],
    "properties": {
        "language": {"type": "string", "enum": list(LANGUAGES)},
        "plural": {"type": "string", "description": "the catalog's Plural-Forms rule"},
        "messages": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
        "plural_by": {"type": "object", "additionalProperties": {"type": "string"}},
    },
    "additionalProperties": False,
}

_COUNT = {"type": "integer", "minimum": 0}
_BUSY = {
    "type": "object",
    "required": ["busy", "workers"],
    "properties": {"busy": _COUNT, "workers": _COUNT},
    "additionalProperties": False,
}
_LOAD = {
    "type": "object",
    "description": "what the server holds now, for a monitor: `shedding` is true while it refuses for load (503)",
    "required": ["shedding", "connections", "streams", "lanes", "stretching"],
    "properties": {
        "shedding": {"type": "boolean"},
        "connections": {
            "description": "the connections held (null: not under `serve`), and since the start those refused"
            " (503), cut for a new one while waiting for a head, cut for a head too slow or an answer unread",
            "oneOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "required": [
                        "connections",
                        "max_connections",
                        "waiting_for_head",
                        "refused",
                        "evicted",
                        "slow_heads",
                        "stalled",
                    ],
                    "additionalProperties": _COUNT,
                },
            ],
        },
        "streams": {
            "type": "object",
            "required": ["open", "max", "per_address"],
            "additionalProperties": _COUNT,
        },
        "lanes": {
            "type": "object",
            "required": ["light", "heavy"],
            "properties": {"light": _BUSY, "heavy": _BUSY},
            "additionalProperties": False,
        },
        "stretching": {
            "type": "object",
            "description": "join codes being checked (scrypt) or waiting, and the most before a 503",
            "required": ["busy", "max"],
            "additionalProperties": _COUNT,
        },
    },
    "additionalProperties": False,
}
_ALWAYS = (400, 401, 421, 503)
_POSTED = (403, 408, 413, 415)
_RESULTS = {
    "words": "words_result",
    "anagram": "words_result",
    "extend": "words_result",
    "search": "words_result",
    "check": "check_result",
    "hooks": "hooks_result",
    "moves": "moves_result",
    "jarnac": "jarnac_result",
    "plan": "plan_result",
    "hint": "hint_result",
    "lexicon info": "info_result",
    "lexicon list": "list_result",
    "lexicon diff": "diff_result",
}
"""The result of each served command's document (schema.json's ``$defs``)."""


def _posted(body: Body, offer: Offer) -> dict[str, Any]:
    schema = body.schema(offer)
    return {"required": bool(schema.get("required")), "content": {"application/json": {"schema": schema}}}


def _declared(name: str, offer: Offer) -> dict[str, Any]:
    """The body of a command declared in the commands layer: its pydantic model's JSON Schema."""
    schema = body_schema(request_model(DECLARED[name], offer))
    return {"required": bool(schema.get("required")), "content": {"application/json": {"schema": schema}}}


def openapi_document(offer: Offer, token: bool) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the service of ``offer`` (``token``: requests carry a bearer token)."""
    schema = json_schema()
    components = _moved(schema.pop("$defs"))
    schema.pop("$schema", None)
    components["document"] = _moved(schema)
    paths: dict[str, Any] = {}
    for name in SERVED:
        paths[f"/api/{name.replace(' ', '/')}"] = {
            "post": {
                "operationId": name.replace(" ", "_"),
                "summary": f"What `jarnac-solver {name} ... --json` prints",
                "requestBody": _declared(name, offer),
                "responses": {
                    "200": _answer(_RESULTS[name], "the command's document"),
                    **_refusals(*_ALWAYS, *_POSTED),
                },
            }
        }
    game_id = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 64}}
    game_answer = _answer("game_result", "the game and the actions just played (the computer's answers too)")
    game_refusals = _refusals(*_ALWAYS, 404, 410, 500)
    seat_key = {
        "name": "X-Seat-Key",
        "in": "header",
        "required": False,
        "description": "between invited people (seats: invite): the key of the seat the request acts for (403"
        " without it); ignored by other games",
        "schema": {"type": "string", "maxLength": 200},
    }
    paths["/api/games"] = {
        "post": {
            "operationId": "new_game",
            "summary": "Start a live game against the computer, or between two people",
            "description": 'With "players": ["person", "person"] and "seats": "invite", the answer gives the'
            " creator's seat (A) its secret key and link (the key in the link's fragment), the invitation (a join"
            " code to read aloud and its link, which seat B's device uses once: POST /api/join) and the watch link"
            " of spectators; each seat then acts with its key (X-Seat-Key). A hot seat gives both seats' keys.",
            "requestBody": _posted(NEW_GAME, offer),
            "responses": {"201": game_answer, **_refusals(*_ALWAYS, *_POSTED, 409, 429, 507)},
        }
    }
    paths["/api/games/{game_id}"] = {
        "get": {
            "operationId": "game_state",
            "summary": "The game as both players see it",
            "parameters": [game_id],
            "responses": {"200": game_answer, **game_refusals, **_refusals(507)},
        },
        "delete": {
            "operationId": "delete_game",
            "summary": "Forget the game (its last state is the answer; between invited people, with a seat's key)",
            "parameters": [game_id, seat_key],
            "responses": {"200": game_answer, **game_refusals, **_refusals(403)},
        },
    }
    paths["/api/games/{game_id}/actions"] = {
        "post": {
            "operationId": "game_action",
            "summary": "A person's action; the computer answers its turns",
            "description": "Under rules with disputes (competitive), a word not in the lexicon is accepted:"
            " it is a bluff the other player may dispute (a 200, not a 409); the dispute then decides it.",
            "parameters": [game_id, seat_key],
            "requestBody": _posted(ACTION, offer),
            "responses": {"200": game_answer, **game_refusals, **_refusals(*_POSTED, 409, 507)},
        },
        "get": {
            "operationId": "game_actions",
            "summary": "The actions after the first `since` and the game now (a polling client's push channel)",
            "parameters": [game_id, *SINCE.parameters(offer)],
            "responses": {"200": _answer("game_actions_result", "the actions"), **game_refusals},
        },
    }
    paths["/api/games/{game_id}/events"] = {
        "get": {
            "operationId": "game_events",
            "summary": "The push channel: Server-Sent Events, one an action",
            "description": "text/event-stream: an event `action` for each accepted action, its `id` the action's"
            " number and its data a game_action_event (the newest of a batch carries the game and its clock);"
            " `over` once the game ends, then the stream closes; `gone` when the game is forgotten; comments as"
            " heartbeats. It starts after `since`, or after the Last-Event-ID header a browser's EventSource"
            " sends when it reconnects, so no action is missed or repeated. It tells what both players and"
            " spectators may see: no seat key. A finished game with nothing left to tell is a 204 (an"
            " EventSource stops). A stream closes after a while without an action (the EventSource reconnects).",
            "parameters": [
                game_id,
                *SINCE.parameters(offer),
                {
                    "name": "Last-Event-ID",
                    "in": "header",
                    "required": False,
                    "description": "the last action's number the client has (a reconnection): before `since`",
                    "schema": {"type": "string", "pattern": "^[0-9]{1,5}$"},
                },
            ],
            "responses": {
                "200": {
                    "description": "the stream of events",
                    "content": {"text/event-stream": {"schema": {"type": "string"}}},
                },
                "204": {"description": "the game is over and the client has every action"},
                **game_refusals,
                **_refusals(429),
            },
        }
    }
    paths["/api/join"] = {
        "post": {
            "operationId": "join_game",
            "summary": "Seat B taken by this device, once, from the join code read aloud (or its link)",
            "description": "The first device that gives the code gets a fresh key for seat B (made then, never"
            " derived from the code); afterwards the code opens nothing: 410 SeatTaken, the game unchanged (410"
            " InvitationWithdrawn for a code its creator withdrew). A wrong code is a 404, counted: past the bound"
            " of an address, 429 with Retry-After.",
            "requestBody": _posted(JOIN, offer),
            "responses": {
                "200": _answer("game_result", "the game, and seat B's new key and link"),
                **_refusals(*_ALWAYS, *_POSTED, 404, 410, 429, 500),
            },
        }
    }
    invitation_answer = _answer("game_invitation_result", "what was made")
    paths["/api/games/{game_id}/invitation"] = {
        "post": {
            "operationId": "new_invitation",
            "summary": "A new join code for seat B (the open one withdrawn), by seat A's holder while B is free",
            "parameters": [game_id, seat_key],
            "responses": {
                "201": invitation_answer,
                **game_refusals,
                **_refusals(403, 409),
            },
        },
        "delete": {
            "operationId": "cancel_invitation",
            "summary": "Withdraw the open join code (it opens nothing after), by seat A's holder while B is free",
            "parameters": [game_id, seat_key],
            "responses": {"200": invitation_answer, **game_refusals, **_refusals(403, 409)},
        },
    }
    paths["/api/games/{game_id}/transfer"] = {
        "post": {
            "operationId": "new_transfer",
            "summary": "A link that moves the request's seat (its key's) to another device, once",
            "description": "One open link a seat: a new one withdraws the last. Used (POST /api/transfer), the"
            " device that used it holds the seat with a new key, and the old key acts no more.",
            "parameters": [game_id, seat_key],
            "responses": {"201": invitation_answer, **game_refusals, **_refusals(403, 409)},
        }
    }
    paths["/api/games/{game_id}/resign"] = {
        "post": {
            "operationId": "resign",
            "summary": "The seat resigns: the game ends, the other seat wins (between invited people, with its key)",
            "description": "Kept as the game's last action (resign); the state's ending names the seat. A spectator,"
            " or a key of no seat: 403, nothing changed; a finished game: 409 GameOver.",
            "parameters": [game_id, seat_key],
            "requestBody": _posted(RESIGN, offer),
            "responses": {"200": game_answer, **game_refusals, **_refusals(*_POSTED, 409, 507)},
        }
    }
    paths["/api/games/{game_id}/rematch"] = {
        "post": {
            "operationId": "rematch",
            "summary": "Offer a rematch of a finished game between invited people; from the other seat, accept it",
            "description": "Accepted, the rematch is a new game: the same options, a new seed, the seats swapped"
            " (each device plays on with its key: the one that was A is B). A spectator: 403, nothing changed;"
            " a game going on: 409 GameNotOver.",
            "parameters": [game_id, seat_key],
            "requestBody": _posted(REMATCH, offer),
            "responses": {
                "200": _answer("game_rematch_result", "the offer or the rematch"),
                **game_refusals,
                **_refusals(*_POSTED, 409, 507),
            },
        }
    }
    paths["/api/games/{game_id}/push"] = {
        "post": {
            "operationId": "push_subscribe",
            "summary": "A seat's holder hands its browser's Web Push subscription (with its key)",
            "description": "The body is the browser's PushSubscription as JSON (endpoint, keys.p256dh, keys.auth). The"
            " seat is then told, with its tab closed, when it becomes its turn, the game ends or a rematch is"
            " offered: an encrypted message (aes128gcm, VAPID) of the game's id and what happened"
            ' ({"game": ID, "event": "turn" | "over" | "rematch"}), never a key. The endpoint is an https URL'
            f" of at most {webpush.MAX_ENDPOINT} characters on a public host; a seat keeps its"
            f" {webpush.MAX_PER_SEAT} newest subscriptions; one its push service says is gone (404, 410) is"
            " forgotten. A spectator: 403; a server given no VAPID key (push_key null in /api/health): 404 NoPush;"
            " a game not between invited people: 409.",
            "parameters": [game_id, seat_key],
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["endpoint", "keys"],
                            "properties": {
                                "endpoint": {"type": "string", "maxLength": webpush.MAX_ENDPOINT},
                                "expirationTime": {"type": ["number", "null"]},
                                "keys": {
                                    "type": "object",
                                    "required": ["p256dh", "auth"],
                                    "properties": {"p256dh": {"type": "string"}, "auth": {"type": "string"}},
                                },
                            },
                        }
                    }
                },
            },
            "responses": {
                "200": _answer("game_push_result", "the subscription kept"),
                **game_refusals,
                **_refusals(*_POSTED, 409, 507),
            },
        }
    }
    paths["/api/mine"] = {
        "post": {
            "operationId": "my_games",
            "summary": "My games: the games a browser holds, those waiting for it first, with names and time left",
            "description": "No key: what it tells (whose turn, the names, the scores, the clock) every holder of a"
            " game's id may read. A game forgotten or expired is listed as gone.",
            "requestBody": _posted(MINE, offer),
            "responses": {"200": _answer("game_mine_result", "the games"), **_refusals(*_ALWAYS, *_POSTED, 500)},
        }
    }
    paths["/api/transfer"] = {
        "post": {
            "operationId": "use_transfer",
            "summary": "The seat a transfer link moves, taken by this device once (a second use: 410 TransferUsed)",
            "requestBody": _posted(TRANSFER, offer),
            "responses": {
                "200": _answer("game_result", "the game, and the seat's new key and link"),
                **_refusals(*_ALWAYS, *_POSTED, 404, 410, 500),
            },
        }
    }
    paths["/api/games/{game_id}/advice"] = {
        "get": {
            "operationId": "game_advice",
            "summary": "What the player to act should do (advise; between invited people, with that seat's key)",
            "parameters": [game_id, seat_key, *ADVICE.parameters(offer)],
            "responses": {"200": _answer("game_advice_result", "the advice"), **game_refusals, **_refusals(403)},
        }
    }
    paths["/api/games/{game_id}/record"] = {
        "get": {
            "operationId": "game_record",
            "summary": "The game's record (format=text: the notation, as a download)",
            "parameters": [game_id, *RECORD.parameters(offer)],
            "responses": {
                "200": {
                    "description": "the record: its document (format=json), or the notation (format=text)",
                    "content": {
                        **_answer("game_record_result", "the record")["content"],
                        "text/plain": {"schema": {"type": "string"}},
                    },
                },
                **game_refusals,
            },
        }
    }
    paths["/api/audit"] = {
        "post": {
            "operationId": "audit",
            "summary": "What `jarnac-solver audit FILE --json` prints, of records sent as text",
            "requestBody": _posted(AUDIT, offer),
            "responses": {"200": _answer("audit_result", "the audit"), **_refusals(*_ALWAYS, *_POSTED)},
        }
    }
    bounds = (
        f"On the heavy lane, bounded: at most {MAX_REVIEW_PLAYOUTS} play-outs a decision, the budget cut to the"
        f" server's ceiling, {MAX_REVIEW_SECONDS:g} s the whole review (the decisions left are said not weighed)."
    )
    paths["/api/review"] = {
        "post": {
            "operationId": "review",
            "summary": "What `jarnac-solver review FILE --json` prints, of one game sent as text",
            "description": bounds,
            "requestBody": _posted(REVIEW, offer),
            "responses": {"200": _answer("review_result", "the review"), **_refusals(*_ALWAYS, *_POSTED)},
        }
    }
    paths["/api/games/{game_id}/review"] = {
        "get": {
            "operationId": "game_review",
            "summary": "The review of a finished game: every decision weighed against the engine's best",
            "description": bounds,
            "parameters": [game_id, *GAME_REVIEW.parameters(offer)],
            "responses": {
                "200": _answer("game_review_result", "the review"),
                **game_refusals,
                "409": _error("the game goes on (GameNotOver): it is reviewed once it ends"),
            },
        }
    }
    health = {
        "type": "object",
        "required": ["status", "schema", "version", "lexicons", "presets", "players", "familiarity", "max_budget_ms"],
        "properties": {
            "status": {"const": "ok"},
            "schema": {"type": "string"},
            "version": {"type": "string"},
            "lexicons": {"type": "array", "items": {"type": "string"}},
            "presets": {"type": "array", "items": {"type": "string"}},
            "players": {"type": "array", "items": {"type": "string"}, "description": "strongest first, as rated"},
            "ratings": {
                "type": "object",
                "additionalProperties": {"type": "integer"},
                "description": "each rated player's Elo (planner 0), the mean over the rated lexicons (docs/levels.md)",
            },
            "ratings_by_lexicon": {
                "type": "object",
                "additionalProperties": {"type": "object", "additionalProperties": {"type": "integer"}},
                "description": "each rated lexicon's table: player -> Elo (planner 0); a lexicon not here is unrated",
            },
            "aliases": {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "description": "players that play as another (a former name kept): name -> the player it plays as",
            },
            "not_offered": {
                "type": "object",
                "additionalProperties": {
                    "type": "object",
                    "additionalProperties": {"type": "array", "items": {"type": "string"}},
                },
                "description": "language -> preset -> the players whose games take over game_seconds there"
                " (measured): not offered, a new game with one refused (409 PlayerNotOffered, field players)",
            },
            "game_seconds": {"type": "number", "description": "the seconds a game against the computer offered"},
            "familiarity": {"type": "boolean"},
            "max_budget_ms": {"type": "number"},
            "push_key": {
                "type": ["string", "null"],
                "description": "the VAPID public key (base64url) a page subscribes to Web Push with"
                " (PushManager's applicationServerKey); null: this server sends no Web Push",
            },
            "load": _LOAD,
        },
        "additionalProperties": False,
    }
    paths["/api/health"] = {
        "get": {
            "operationId": "health",
            "summary": "The service runs: what it offers (no token needed)",
            "security": [],
            "responses": {
                "200": {"description": "the service runs", "content": {"application/json": {"schema": health}}},
                **_refusals(421),
            },
        }
    }
    paths["/api/openapi.json"] = {
        "get": {
            "operationId": "openapi",
            "summary": "This document",
            "responses": {
                "200": {
                    "description": "this document",
                    "content": {"application/json": {"schema": {"type": "object"}}},
                },
                **_refusals(401, 421),
            },
        }
    }
    paths["/messages/{language}.json"] = {
        "get": {
            "operationId": "messages",
            "summary": "A language's catalog: every message by its code, as the page renders reasons (no token needed)",
            "security": [],
            "parameters": [
                {
                    "name": "language",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string", "enum": list(LANGUAGES)},
                }
            ],
            "responses": {
                "200": {
                    "description": "the catalog: its plural rule and each code's forms in the catalog's plural order",
                    "content": {"application/json": {"schema": _CATALOG}},
                },
                **_refusals(404, 421),
            },
        }
    }
    # The language of the answer's texts, on every route (the request's Accept-Language else): the codes
    # never change with it (server/language.py).
    for item in paths.values():
        for operation in item.values():
            parameters = operation.setdefault("parameters", [])
            if not any(p["name"] == "lang" for p in parameters):
                parameters.append(_LANG)
            operation["responses"].setdefault(
                "400", _error("bad JSON, a bad field or value, or a lang with no catalog")
            )
    document: dict[str, Any] = {
        "openapi": "3.1.0",
        "info": {
            "title": "jarnac-solver",
            "version": __version__,
            "description": "The commands of jarnac-solver over HTTP: POST /api/COMMAND answers the document"
            " `jarnac-solver COMMAND ... --json` prints; the live games at /api/games.",
        },
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "paths": paths,
        "components": {"schemas": components},
    }
    if token:
        document["components"]["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer"}}
        document["security"] = [{"bearer": []}]
    return document
