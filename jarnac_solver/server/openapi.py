"""The service's OpenAPI 3.1 document, built from ``schema.json`` and the routes' declared bodies.

Key idea: nothing is described twice. The answers are the ``--json``
documents, so their schemas are the package's ``schema.json`` (the one
JSON Schema of the command line's documents): its ``$defs`` become
``components/schemas`` and the envelope is ``document``. The request
bodies and queries are those the server reads requests with: a command's
model (:mod:`.models`), the
other routes' typed models (their paths: :mod:`.openapi_games`, the
practice's and the Nain Jaune tables' own). OpenAPI 3.1 schemas are JSON
Schema 2020-12, the dialect of ``schema.json``, so no definition is
rewritten but its references. This module writes the commands' paths and
the service's own (health, this document, the catalogs); the pieces every
path is written with are :mod:`.openapi_parts`'.
"""

from __future__ import annotations

import json
from importlib import resources

from .. import __version__
from ..messages import LANGUAGES
from .contract import (
    SERVED,
    Offer,
)
from .models import DECLARED, request_model
from .models import schema as body_schema
from .openapi_games import game_paths
from .openapi_parts import ALWAYS as _ALWAYS
from .openapi_parts import LOAD as _LOAD
from .openapi_parts import POSTED as _POSTED
from .openapi_parts import answer as _answer
from .openapi_parts import error as _error
from .openapi_parts import refusals as _refusals

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
    paths.update(game_paths(offer))
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
