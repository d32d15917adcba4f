"""The commands at ``POST /api/COMMAND``: each a command line's command, its body read against its declared
model (:mod:`..models`), its answer the document ``--json`` prints; any other name under ``/api/`` a 404.

Key idea: a command's checked request goes to the library function the command line calls (:mod:`..declared`),
in this process or a worker of a lane, with no ``argv``; its error said in the service's words (the field at
fault, not the option).
"""

from __future__ import annotations

import re
from typing import Any

import pydantic
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ...cli import PROG
from ...commands.model import Budget, specs
from ...messages import speaking
from .. import contract, language, models
from .. import declared as declared_runs
from ..answers import error, error_document, refusing, wrong_method
from ..bodies import read_json
from ..contract import BodyError, Fault, type_name
from ..service import Service

_CLI_ARGUMENT = re.compile(r"^argument (--[a-z-]+|[A-Za-z_|]+)(?:/[^:]*)?: ")
_CLI_OPTION = re.compile(r"--[a-z][a-z-]*")
_QUOTED_FIELD = re.compile(r"([a-z_]+):? (?=')")


async def command(service: Service, request: Request, name: str) -> Response:
    """``POST /api/NAME``: the document ``jarnac-solver NAME ... --json`` prints."""
    return await refusing(name, _command(service, request, name))


async def _command(service: Service, request: Request, name: str) -> Response:
    """A command declared in the commands layer: its body validated by its model, its request handed to the
    library's function (:mod:`..declared`): no ``argv``, no parser; a short question in this process."""
    declared = models.DECLARED[name]
    model = models.request_model(declared, service.offer)
    given = await read_json(request, service.max_body_bytes)
    if not isinstance(given, dict):
        raise BodyError([Fault("", f"the body is a JSON object of fields, not {type_name(given)}")])
    with speaking(language.of_body(given)):  # every fault in the asker's language (the body's lang first)
        twice = models.dashed(given)
        if twice:
            raise BodyError(twice)
        try:
            body = model.model_validate(given)
        except pydantic.ValidationError as exc:
            budgets = [spec.name for spec in specs(declared) if spec.bound(Budget) is not None]
            raise BodyError(models.faults(exc, model, budgets)) from None
    defaults = {"lexicon": service.offer.default_lexicon}
    asked = models.request_of(body, declared, defaults, service.offer.max_budget_ms)
    spoken = getattr(body, "lang", None) or language.current()  # the body's lang, as the command's --lang
    if name in declared_runs.IN_PROCESS:
        status, document, field = declared_runs.answer(name, asked, service.offer, spoken)
    else:
        heavy = declared_runs.heavy(name, asked)
        run = declared_runs.answer
        status, document, field = await service.lanes.run(run, name, asked, service.offer, spoken, heavy=heavy)
    if status != 200:
        # The options were bounded by the model: a fault it could not bound is in the command's argument.
        named = {spec.name: spec.wire for spec in specs(declared)}  # the library names a field as Python does
        argument = named.get(field or "", field) or next(
            (spec.name for spec in specs(declared) if spec.positional), None
        )
        return service.answer(service_words(document, name, argument), status)
    return service.answer(document)


async def unknown_command(service: Service, request: Request) -> Response:
    path = request.path_params["command"]
    shown = path if len(path) <= 40 else path[:40] + "..."
    # A route of this path served by other methods is told so (a 405 naming them); any other name is not
    # here at all (a 404, not the 405 this catch-all route would answer for every name).
    wrong = wrong_method(request)
    if wrong is not None:
        return wrong
    if request.method != "POST":
        return error(404, "NotFound", language.say("refused_no_route", request=f"{request.method} /api/{shown}"))
    if path.startswith("games/"):  # games/ID/actions/, games/: a route of no such name, not a GET
        return error(404, "NotFound", language.say("refused_no_route", request=f"POST /api/{shown}"))
    served = ", ".join(f"/api/{c.replace(' ', '/')}" for c in contract.SERVED)
    return error(404, "UnknownCommand", f"no command {shown!r} served here; served: {served}")


def service_words(document: dict[str, Any], command: str, given: str | None = None) -> dict[str, Any]:
    """A command's error document in the service's words: without the command line's name and its
    ``(try --help)``, and with the field an option's fault names (``--budget`` -> ``budget``), else the
    field ``given`` when the message names none."""
    error = document.get("error")
    if not isinstance(error, dict):
        return document
    message = str(error["message"]).removeprefix(f"{PROG} {command}: ").removesuffix(" (try --help)")
    known_fields = _fields_of(command)
    named = _CLI_ARGUMENT.match(message)
    option = named[1] if named else (message.split(" ", 1)[0] if message.startswith("--") else "")
    names = {f_option: f_name for f_name, f_option in known_fields if f_option}

    def fields(text: str) -> str:  # the options named inside a message, by their fields' names
        return _CLI_OPTION.sub(lambda m: names.get(m[0], m[0]), text)

    if option:
        found = names.get(option.rstrip(":"))
        if found is not None:
            rest = fields(message[named.end() :] if named else message.split(" ", 1)[-1].lstrip(": "))
            return error_document(error["type"], f"{found}: {rest}", command, [Fault(found, rest)])
    message = fields(message)
    quoted = _QUOTED_FIELD.match(message)  # the library's own faults name their value: "rack '-1' holds '-', ..."
    known = {f_name for f_name, _ in known_fields}
    first = message.split(" ", 1)
    faults: list[Fault] = []
    reason = error.get("reason")
    values = reason.get("values") if isinstance(reason, dict) else None
    what = values.get("what") if isinstance(values, dict) else None  # a field the library named by its name
    told = re.match(rf"{re.escape(given)}\s?:\s", message) if given in known and error["type"] != "UsageError" else None
    if told is not None:  # a library error the command told naming the field it read (commands.positions.refused)
        faults = [Fault(str(given), message[told.end() :])]
    elif quoted and quoted[1] in known:
        faults = [Fault(quoted[1], message[quoted.end() :])]
    elif isinstance(what, str) and what in known:  # in any language ("in pattern ..." names pattern, not in)
        faults = [Fault(what, message)]
    elif len(first) == 2 and first[0] in known:  # a fault inside a field's value: "tray rack '??' holds '?'"
        faults = [Fault(first[0], first[1])]
    elif (field := _reason_field(reason, known)) is not None:
        faults = [Fault(field, message)]  # a message in another language: its field named by the reason's facts
    elif given is not None:  # a declared command's input, the one field its model could not bound
        faults = [Fault(given, message)]
    # The rest of the library's error (its reason, which the page renders in its language) is kept.
    named_fields = error_document(error["type"], message, command, faults)["error"]
    return {**document, "error": {**error, **named_fields}}


def _fields_of(command: str) -> list[tuple[str, str | None]]:
    """A served command's fields and the options the command line names them by (``None``: an argument), from
    its declared model (``--min-len`` for ``min_len``, ``--lang`` besides)."""
    made = [(s.wire, None if s.positional else s.option) for s in specs(models.DECLARED[command])]
    return [*made, ("lang", "--lang")]


def _reason_field(reason: object, known: set[str]) -> str | None:
    """The field a library error's reason names by its ``what`` (``what.rack`` -> ``rack``, ``what.tray_line``
    -> ``tray``, ``what.word`` -> ``word`` or a list's ``words``): the facts the message was rendered from, so
    the field is found whatever its language."""
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
