"""The commands at ``POST /api/COMMAND``: each a command line's command, its body read against its declared
:class:`~..contract.Body`, its answer the document ``--json`` prints; any other name under ``/api/`` a 404.

Key idea: a command's body becomes its ``argv`` (:func:`~..contract.command_call`), run by
:func:`jarnac_solver.cli.run_json` in a worker of a lane, so the answer is the command line's own; its
error said in the service's words (the field at fault, not the option).
"""

from __future__ import annotations

import re
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...cli import PROG, run_json
from .. import contract, language
from ..answers import error, error_document, refusing, wrong_method
from ..contract import COMMAND_BODIES, Fault, command_call
from ..service import Service

_CLI_ARGUMENT = re.compile(r"^argument (--[a-z-]+|[A-Za-z_|]+)(?:/[^:]*)?: ")
_CLI_OPTION = re.compile(r"--[a-z][a-z-]*")
_QUOTED_FIELD = re.compile(r"([a-z_]+):? (?=')")


async def command(service: Service, request: Request, name: str) -> Response:
    """``POST /api/NAME``: the document ``jarnac-solver NAME ... --json`` prints."""
    return await refusing(name, _command(service, request, name))


async def _command(service: Service, request: Request, name: str) -> Response:
    call = command_call(name, await service.read(request, COMMAND_BODIES[name]), service.offer)
    status, document = await service.lanes.run(run_json, language.with_language(call.argv), heavy=call.heavy)
    if name == "lexicon list" and "result" in document:  # the server's lexicons only
        rows = document["result"]["lexicons"]
        document["result"]["lexicons"] = [row for row in rows if row["name"] in service.offer.lexicons]
    return service.answer(service_words(document, name), 400 if status == 2 else 200)


async def unknown_command(service: Service, request: Request) -> Response:
    path = request.path_params["command"]
    shown = path if len(path) <= 40 else path[:40] + "..."
    # A route of this path served by other methods is told so (a 405 naming them); any other name is not
    # here at all (a 404, not the 405 this catch-all route would answer for every name).
    wrong = wrong_method(request)
    if wrong is not None:
        return wrong
    if request.method != "POST":
        return error(
            404, "NotFound", f"{request.method} /api/{shown}: no such route (GET /api/openapi.json lists them)"
        )
    if path.startswith("games/"):  # games/ID/actions/, games/: a route of no such name, not a GET
        return error(404, "NotFound", f"POST /api/{shown}: no such route (GET /api/openapi.json lists them)")
    served = ", ".join(f"/api/{c.replace(' ', '/')}" for c in COMMAND_BODIES)
    return error(404, "UnknownCommand", f"no command {shown!r} served here; served: {served}")


def service_words(document: dict[str, Any], command: str) -> dict[str, Any]:
    """A command's error document in the service's words: without the command line's name and its
    ``(try --help)``, and with the field an option's fault names (``--budget`` -> ``budget``)."""
    error = document.get("error")
    if not isinstance(error, dict):
        return document
    message = str(error["message"]).removeprefix(f"{PROG} {command}: ").removesuffix(" (try --help)")
    body = COMMAND_BODIES[command]
    named = _CLI_ARGUMENT.match(message)
    option = named[1] if named else (message.split(" ", 1)[0] if message.startswith("--") else "")
    names = {f.option: f.name for f in body.fields if f.option}

    def fields(text: str) -> str:  # the options named inside a message, by their fields' names
        return _CLI_OPTION.sub(lambda m: names.get(m[0], m[0]), text)

    if option:
        found = next((f for f in body.fields if f.option == option.rstrip(":")), None)
        if found is not None:
            rest = fields(message[named.end() :] if named else message.split(" ", 1)[-1].lstrip(": "))
            return error_document(error["type"], f"{found.name}: {rest}", command, [Fault(found.name, rest)])
    message = fields(message)
    quoted = _QUOTED_FIELD.match(message)  # the library's own faults name their value: "rack '-1' holds '-', ..."
    known = {f.name for f in body.fields}
    first = message.split(" ", 1)
    faults: list[Fault] = []
    if quoted and quoted[1] in known:
        faults = [Fault(quoted[1], message[quoted.end() :])]
    elif len(first) == 2 and first[0] in known:  # a fault inside a field's value: "tray rack '??' holds '?'"
        faults = [Fault(first[0], first[1])]
    elif (field := _reason_field(error.get("reason"), known)) is not None:
        faults = [Fault(field, message)]  # a message in another language: its field named by the reason's facts
    # The rest of the library's error (its reason, which the page renders in its language) is kept.
    named_fields = error_document(error["type"], message, command, faults)["error"]
    return {**document, "error": {**error, **named_fields}}


def _reason_field(reason: object, known: set[str]) -> str | None:
    """The field a library error's reason names by its ``what`` (``what.rack`` -> ``rack``, ``what.tray_line``
    -> ``tray``, ``what.word`` -> ``word`` or a list's ``words``): the facts the message was rendered from, so
    the field is found whatever its language (the English text's own first word is read first, as before)."""
    if not isinstance(reason, dict):
        return None
    values = reason.get("values")
    what = values.get("what") if isinstance(values, dict) else None
    code = what.get("code") if isinstance(what, dict) else None
    if not isinstance(code, str) or not code.startswith("what."):
        return None
    name = code.removeprefix("what.")
    for candidate in (name, name.split("_", 1)[0], f"{name}s"):  # what.word: check's and hooks' field is words
        if candidate in known:
            return candidate
    return None


def _command_route(service: Service, name: str) -> Route:
    async def run(request: Request) -> Response:
        return await command(service, request, name)

    return Route(f"/api/{name.replace(' ', '/')}", run, methods=["POST"])


def routes(service: Service) -> list[Route]:
    """A route per served command."""
    return [_command_route(service, name) for name in contract.SERVED]


def catch_all(service: Service) -> list[Route]:
    """Any other name under ``/api/``: the last of the API's routes (a 404 naming the commands served)."""
    return [Route("/api/{command:path}", _bound(service), methods=["GET", "POST"])]


def _bound(service: Service) -> Any:
    async def unknown_command_(request: Request) -> Response:
        return await unknown_command(service, request)

    unknown_command_.__name__ = "unknown_command"  # the route a 405 leaves out (answers.wrong_method)
    return unknown_command_
