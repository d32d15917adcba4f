"""The service's OpenAPI 3.1 document, built from the definitions of ``docs/schema.json`` and the parser.

Key idea: nothing is described twice. The answers are the ``--json``
documents, so their schemas are ``docs/schema.json``'s (shipped in this
package as ``schema.json``, a copy a test keeps equal): its ``$defs`` become
``components/schemas`` and the envelope is ``document``. The request
bodies are the commands' fields as :func:`~.requests.served_commands` reads
them off the command line's parser. OpenAPI 3.1 schemas are JSON Schema
2020-12, the dialect of ``schema.json``, so no definition is rewritten but
its references.
"""

from __future__ import annotations

import json
from importlib import resources

from .. import __version__
from ..lexicon.bag import BAGS
from .requests import LEXICON_FIELDS, MAX_ITEMS, MAX_TEXT, Command, Field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def json_schema() -> dict[str, Any]:
    """``docs/schema.json``, as shipped in the package."""
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


UNOFFERED = ("exact",)
"""Options of the command line the service refuses (no exact search: every request has a budget), not described."""


def _field_schema(spec: Field, lexicons: tuple[str, ...]) -> dict[str, Any]:
    schema: dict[str, Any]
    if spec.kind == "flag":
        schema = {"type": "boolean"}
    elif spec.kind == "list":
        schema = {"type": "array", "items": {"type": "string", "maxLength": MAX_TEXT}, "minItems": 1}
        schema["maxItems"] = MAX_ITEMS
    elif spec.kind == "number":
        schema = {"type": ["number", "string"]}
    else:
        schema = {"type": "string", "maxLength": MAX_TEXT}
    if spec.help:
        schema["description"] = spec.help
    if spec.name in LEXICON_FIELDS:
        schema["enum"] = list(lexicons)
        # The command line's help says a lexicon may be a file; the service takes names only.
        schema["description"] = "a lexicon this server offers, by name (never a file)"
    elif spec.name == "bag":
        schema["enum"] = list(BAGS)
        schema["description"] = "a built-in bag, by name (never a file)"
    elif spec.choices:
        schema["enum"] = list(spec.choices)
    return schema


def _error(description: str) -> dict[str, Any]:
    content = {"application/json": {"schema": {"$ref": "#/components/schemas/document"}}}
    return {"description": description + ": the error document, as with --json", "content": content}


def _answer(schema: str, description: str) -> dict[str, Any]:
    # The envelope, its result typed (found by a newcomer: a code generator got untyped results).
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


def _game_paths(lexicons: tuple[str, ...]) -> dict[str, Any]:
    """The live games: ``/api/games`` and what hangs under a game's id."""
    from ..play.players import PLAYERS
    from .live import DEFAULT_THINK_MS, PERSON

    game_id = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
    refusals = {
        "400": _error("bad JSON, a bad field or value"),
        "401": _error("no or a wrong bearer token"),
        "404": _error("no game of that id"),
    }
    seat = {"enum": [PERSON, *PLAYERS]}
    new_body = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "lexicon": {"enum": list(lexicons), "description": "a lexicon this server offers, by name"},
            "rules": {
                "description": "a preset's name (sheet, competitive, ...) or an object of options",
                "oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/rules"}],
            },
            "players": {
                "type": "array",
                "items": seat,
                "minItems": 2,
                "maxItems": 2,
                "description": f'A then B: "{PERSON}" or the computer\'s player (default ["{PERSON}", "planner"])',
            },
            "seed": {"type": "integer", "minimum": 0, "description": "orders the bag (default: at random)"},
            "bag": {"enum": list(BAGS), "description": "a built-in bag (default: the lexicon's)"},
            "over_the_board": {
                "type": "boolean",
                "description": "two people with real tiles: every action that draws gives the tiles drawn",
            },
            "think_ms": {
                "type": "number",
                "exclusiveMinimum": 0,
                "description": f"the computer's time a decision (default {DEFAULT_THINK_MS:g},"
                " cut to the server's ceiling)",
            },
        },
    }
    action_body = {
        "type": "object",
        "required": ["action"],
        "additionalProperties": False,
        "properties": {
            "action": {
                "type": "string",
                "maxLength": 256,
                "description": "in the record notation: draw, +RAT, pass, ...",
            },
            "drew": {"type": "string", "maxLength": 64, "description": "over the board: the tiles drawn"},
            "player": {"enum": ["A", "B"], "description": "who acts (refused when it is not that player's turn)"},
        },
    }
    game_answer = _answer("game_result", "the game and the actions just played (the computer's answers too)")
    return {
        "/api/games": {
            "post": {
                "operationId": "new_game",
                "summary": "Start a live game against the computer, or between two people",
                "requestBody": {"content": {"application/json": {"schema": new_body}}},
                "responses": {"201": game_answer, **refusals, "507": _error("the server keeps its most games")},
            }
        },
        "/api/games/{game_id}": {
            "get": {
                "operationId": "game_state",
                "summary": "The game as both players see it",
                "parameters": [game_id],
                "responses": {"200": game_answer, **refusals},
            }
        },
        "/api/games/{game_id}/actions": {
            "post": {
                "operationId": "game_action",
                "summary": "A person's action; the computer answers its turns",
                "parameters": [game_id],
                "requestBody": {"required": True, "content": {"application/json": {"schema": action_body}}},
                "responses": {"200": game_answer, **refusals, "409": _error("an illegal action, or not this turn")},
            }
        },
        "/api/games/{game_id}/advice": {
            "get": {
                "operationId": "game_advice",
                "summary": "What the player to act should do (advise)",
                "parameters": [
                    game_id,
                    {"name": "budget", "in": "query", "schema": {"type": "number", "exclusiveMinimum": 0}},
                    {"name": "top", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 50}},
                    {"name": "depth", "in": "query", "schema": {"enum": ["plan", "simulate"]}},
                ],
                "responses": {"200": _answer("game_advice_result", "the advice"), **refusals},
            }
        },
        "/api/games/{game_id}/record": {
            "get": {
                "operationId": "game_record",
                "summary": "The game's record (format=text: the notation, as a download)",
                "parameters": [game_id, {"name": "format", "in": "query", "schema": {"enum": ["json", "text"]}}],
                "responses": {"200": _answer("game_record_result", "the record"), **refusals},
            }
        },
    }


def openapi_document(commands: dict[str, Command], lexicons: tuple[str, ...], token: bool) -> dict[str, Any]:
    """The OpenAPI 3.1 document of the service offering ``commands`` on ``lexicons``."""
    schema = json_schema()
    components = _moved(schema.pop("$defs"))
    schema.pop("$schema", None)
    components["document"] = _moved(schema)
    paths: dict[str, Any] = {}
    for command in commands.values():
        body = {
            "type": "object",
            "properties": {
                name: _field_schema(spec, lexicons) for name, spec in command.fields.items() if name not in UNOFFERED
            },
            "required": [name for name, spec in command.fields.items() if spec.required],
            "additionalProperties": False,
            "description": "the command's arguments and options as its --help names them (dashes or underscores)",
        }
        operation: dict[str, Any] = {
            "operationId": command.name.replace(" ", "_"),
            "summary": command.help,
            "description": f"What `jarnac-solver {command.name} ... --json` prints.",
            "requestBody": {"required": bool(body["required"]), "content": {"application/json": {"schema": body}}},
            "responses": {
                "200": {
                    "description": "the command's document",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/document"}}},
                },
                "400": _error("bad JSON, a bad field or value"),
                "401": _error("no or a wrong bearer token"),
                "413": _error("a body over the limit"),
            },
        }
        paths[f"/api/{command.path}"] = {"post": operation}
    paths.update(_game_paths(lexicons))
    paths["/api/health"] = {"get": {"operationId": "health", "responses": {"200": {"description": "the service runs"}}}}
    paths["/api/openapi.json"] = {
        "get": {"operationId": "openapi", "responses": {"200": {"description": "this document"}}}
    }
    document: dict[str, Any] = {
        "openapi": "3.1.0",
        "info": {
            "title": "jarnac-solver",
            "version": __version__,
            "description": "The commands of jarnac-solver over HTTP: POST /api/COMMAND answers the document"
            " `jarnac-solver COMMAND ... --json` prints.",
        },
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "paths": paths,
        "components": {"schemas": components},
    }
    if token:
        document["components"]["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer"}}
        document["security"] = [{"bearer": []}]
    return document
