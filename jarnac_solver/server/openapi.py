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
    if spec.name in LEXICON_FIELDS:
        schema["enum"] = list(lexicons)
    elif spec.name == "bag":
        schema["enum"] = list(BAGS)
    elif spec.choices:
        schema["enum"] = list(spec.choices)
    if spec.help:
        schema["description"] = spec.help
    return schema


def _error(description: str) -> dict[str, Any]:
    content = {"application/json": {"schema": {"$ref": "#/components/schemas/document"}}}
    return {"description": description + ": the error document, as with --json", "content": content}


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
            "properties": {name: _field_schema(spec, lexicons) for name, spec in command.fields.items()},
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
