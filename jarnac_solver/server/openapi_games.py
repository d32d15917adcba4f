"""The live games', people's and reviews' paths of the service's OpenAPI document (``/api/games``,
``/api/join``, ``/api/mine``, ``/api/audit``, ``/api/review``, ...).

Key idea: a request's body or query is its typed model's (:mod:`.route_bodies`), the one the route reads;
an answer is the ``--json`` document, its result typed (:mod:`.openapi_parts`).
"""

from __future__ import annotations

from typing import Any

from . import route_bodies as bodies
from . import webpush
from .contract import Offer
from .openapi_parts import ALWAYS as _ALWAYS
from .openapi_parts import POSTED as _POSTED
from .openapi_parts import answer as _answer
from .openapi_parts import error as _error
from .openapi_parts import refusals as _refusals
from .route_bodies import MAX_REVIEW_PLAYOUTS, MAX_REVIEW_SECONDS
from .typed import RouteBody, schema
from .typed import parameters as query_parameters

__all__ = ["game_paths"]


def _typed(model: type[RouteBody], offer: Offer) -> dict[str, Any]:
    """The body of a route declared as a typed model (:mod:`.route_bodies`): its JSON Schema."""
    made = schema(model, offer)
    return {"required": bool(made.get("required")), "content": {"application/json": {"schema": made}}}


def game_paths(offer: Offer) -> dict[str, Any]:
    """The paths of the live games, the people's seats and the reviews, for a server offering ``offer``."""
    paths: dict[str, Any] = {}
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
            "requestBody": _typed(bodies.NewGameBody, offer),
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
            "requestBody": _typed(bodies.ActionBody, offer),
            "responses": {"200": game_answer, **game_refusals, **_refusals(*_POSTED, 409, 507)},
        },
        "get": {
            "operationId": "game_actions",
            "summary": "The actions after the first `since` and the game now (a polling client's push channel)",
            "parameters": [game_id, *query_parameters(bodies.SinceQuery, offer)],
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
                *query_parameters(bodies.SinceQuery, offer),
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
            "requestBody": _typed(bodies.JoinBody, offer),
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
            "requestBody": _typed(bodies.ResignBody, offer),
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
            "requestBody": _typed(bodies.RematchBody, offer),
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
            "requestBody": _typed(bodies.MineBody, offer),
            "responses": {"200": _answer("game_mine_result", "the games"), **_refusals(*_ALWAYS, *_POSTED, 500)},
        }
    }
    paths["/api/transfer"] = {
        "post": {
            "operationId": "use_transfer",
            "summary": "The seat a transfer link moves, taken by this device once (a second use: 410 TransferUsed)",
            "requestBody": _typed(bodies.TransferBody, offer),
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
            "parameters": [game_id, seat_key, *query_parameters(bodies.AdviceQuery, offer)],
            "responses": {"200": _answer("game_advice_result", "the advice"), **game_refusals, **_refusals(403)},
        }
    }
    paths["/api/games/{game_id}/record"] = {
        "get": {
            "operationId": "game_record",
            "summary": "The game's record (format=text: the notation, as a download)",
            "parameters": [game_id, *query_parameters(bodies.RecordQuery, offer)],
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
            "requestBody": _typed(bodies.AuditBody, offer),
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
            "requestBody": _typed(bodies.ReviewBody, offer),
            "responses": {"200": _answer("review_result", "the review"), **_refusals(*_ALWAYS, *_POSTED)},
        }
    }
    paths["/api/games/{game_id}/review"] = {
        "get": {
            "operationId": "game_review",
            "summary": "The review of a finished game: every decision weighed against the engine's best",
            "description": bounds,
            "parameters": [game_id, *query_parameters(bodies.GameReviewQuery, offer)],
            "responses": {
                "200": _answer("game_review_result", "the review"),
                **game_refusals,
                "409": _error("the game goes on (GameNotOver): it is reviewed once it ends"),
            },
        }
    }
    return paths
