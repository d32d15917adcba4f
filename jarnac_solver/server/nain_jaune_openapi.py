"""Nain Jaune's tables in the service's OpenAPI document: ``POST /api/games`` takes a table's body too, a
table's routes are paths of their own, the audit of a record is its own path (:func:`describe`)."""

from __future__ import annotations

import copy
from typing import Any

from .nain_jaune_bodies import (
    NainJauneActionBody,
    NainJauneAuditBody,
    NainJauneEventsQuery,
    NainJauneGameBody,
    NainJauneRecordQuery,
)
from .nain_jaune_tables import KIND, PREFIX
from .typed import parameters, schema

__all__ = ["describe"]


def describe(document: dict[str, Any]) -> None:
    """Add Nain Jaune's routes to the service's OpenAPI ``document``: ``POST /api/games`` takes its body too
    (``anyOf``), a table's routes are paths of their own (``/api/games/nj-{table}``, listed before Jarnac's
    ``/api/games/{game_id}``, which they would otherwise match), the audit of a record is its own path."""
    answer = {"$ref": "#/components/schemas/document"}  # its command (nain-jaune ...) types its result
    body = schema(NainJauneGameBody)
    action = schema(NainJauneActionBody)
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
    last = {
        "name": "Last-Event-ID",
        "in": "header",
        "required": False,
        "description": "the last action's number the client has (a reconnection): before `since`",
        "schema": {"type": "string", "pattern": "^[0-9]{1,5}$"},
    }
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
                "parameters": [table, *parameters(NainJauneEventsQuery), last],
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
                "parameters": [table, *parameters(NainJauneRecordQuery)],
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
                "content": {"application/json": {"schema": schema(NainJauneAuditBody)}},
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
