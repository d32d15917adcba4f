"""The pieces every path of the service's OpenAPI document is written with: an answer (the ``--json``
document, its result typed), the refusals a route may answer (the error document, by status), and the
schema of the server's load (``/api/health``'s ``load``).

Key idea: an answer's and a refusal's schemas are ``schema.json``'s (the one schema of the documents):
nothing here describes a document, only which one a status answers.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ALWAYS", "LOAD", "POSTED", "answer", "error", "refusals"]


def error(description: str) -> dict[str, Any]:
    """A refusal: the error document, as with ``--json``."""
    content = {"application/json": {"schema": {"$ref": "#/components/schemas/document"}}}
    return {"description": description + ": the error document, as with --json", "content": content}


def answer(schema: str, description: str) -> dict[str, Any]:
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


def refusals(*statuses: int) -> dict[str, Any]:
    """The refusals of ``statuses``, each said as the service means it."""
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
    return {str(status): error(said[status]) for status in statuses}


_COUNT = {"type": "integer", "minimum": 0}
_BUSY = {
    "type": "object",
    "required": ["busy", "workers"],
    "properties": {"busy": _COUNT, "workers": _COUNT},
    "additionalProperties": False,
}
LOAD: dict[str, Any] = {
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
ALWAYS = (400, 401, 421, 503)
"""The statuses any route may answer (a bad request, a token, a Host, the server's load)."""
POSTED = (403, 408, 413, 415)
"""The statuses a route with a body may answer besides (an origin, a slow, large or non-JSON body)."""
