"""A request's JSON body read into the command line of the command it names, under the service's limits.

Key idea: one code path. A body's fields are the command's arguments and
options as its ``--help`` names them (``{"rack": "ABUZRTT", "min_len": 5}``,
dashes or underscores), read off the command line's own parser; the body
becomes an ``argv`` (options as ``--name=value``, the arguments after
``--``, so no value is ever read as an option) that :func:`jarnac_solver.cli.run_json`
runs as ``jarnac-solver COMMAND ... --json`` would. What the service adds is
refusals: a lexicon by a name the server offers (never a path), a bag by a
built-in name (never a file), bounded values, a budget cut to the server's
ceiling and no ``--exact``. No web framework here: the app (``app.py``) and
the OpenAPI document (``openapi.py``) both read :data:`SERVED` through
:func:`served_commands`.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass, field

from ..budget import DEFAULT_BUDGET
from ..cli import PROG, build_parser
from ..lexicon.bag import BAGS
from ..lexicon.lexicon import DEFAULT_LEXICON

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SERVED = (
    "words",
    "anagram",
    "extend",
    "check",
    "search",
    "hooks",
    "moves",
    "jarnac",
    "plan",
    "hint",
    "lexicon info",
    "lexicon list",
    "lexicon diff",
)
"""The commands offered over HTTP: those that answer a question. Not ``play``, ``replay``, ``audit``,
``record``, ``lexicon build`` or ``lexicon compare`` (they read or write files, or run for minutes),
nor ``serve``."""

MAX_BODY_BYTES = 64 * 1024
"""The largest request body read (413 beyond)."""
MAX_TEXT = 256
"""The longest text of one field: a full tray of eight 9-tile lines and a rack fits."""
MAX_ITEMS = 64
"""The most items of a list field (``check``'s words)."""

MAX_TOP = 50
"""The most options ``hint`` ranks over HTTP (``top``)."""

LEXICON_FIELDS = ("lexicon", "first", "second", "in", "not_in", "mark")
"""The fields that name a lexicon (``--lexicon``; ``lexicon info``'s and ``lexicon diff``'s arguments;
``search``'s ``--in`` and ``--not-in`` and a listing's ``--mark``)."""

# A positional argument whose name in --help is no field name: lexicon info's NAME|PATH.
_RENAMED = {"lexicon_spec": "lexicon"}


class RequestError(Exception):
    """A request the service refuses before running anything: an HTTP status and the error object."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.kind = kind
        self.message = message


@dataclass(frozen=True)
class Field:
    """One field of a command's body: an argument or an option of its parser."""

    name: str
    dest: str
    option: str | None  # "--min-len"; None: an argument (after "--")
    kind: str  # "flag", "list", "number", "text"
    help: str
    required: bool = False
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Command:
    """A served command: its name (``lexicon info``), its URL part (``lexicon/info``), help and fields."""

    name: str
    help: str
    fields: dict[str, Field] = field(default_factory=dict)

    @property
    def path(self) -> str:
        return self.name.replace(" ", "/")


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _kind(action: argparse.Action) -> str:
    if isinstance(action, argparse._StoreTrueAction):
        return "flag"
    if action.nargs in ("+", "*") or isinstance(action, argparse._AppendAction):  # --not-in A --not-in B
        return "list"
    if action.type is not None and not action.choices:
        try:
            probe = action.type("1")  # type: ignore[operator]
        except (argparse.ArgumentTypeError, ValueError, TypeError):
            return "text"
        return "number" if isinstance(probe, (int, float)) else "text"
    return "text"


def _command(name: str, parser: argparse.ArgumentParser) -> Command:
    fields: dict[str, Field] = {}
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or action.dest == "json":
            continue
        longs = [s for s in action.option_strings if s.startswith("--")]
        option = longs[0] if longs else None
        name_ = option[2:].replace("-", "_") if option else _RENAMED.get(action.dest, action.dest)
        help_text = (action.help or "").replace("%(default)s", str(action.default))
        fields[name_] = Field(
            name=name_,
            dest=action.dest,
            option=option,
            kind=_kind(action),
            help=help_text,
            required=option is None and action.nargs != "*",
            choices=tuple(str(c) for c in action.choices or ()),
        )
    return Command(name, parser.description or "", fields)


def served_commands() -> dict[str, Command]:
    """Every served command by name, its fields read off the command line's parser."""
    commands = _subparsers(build_parser())
    lexicon_commands = _subparsers(commands["lexicon"])
    found: dict[str, Command] = {}
    for name in SERVED:
        parser = lexicon_commands[name.split()[1]] if name.startswith("lexicon ") else commands[name]
        found[name] = _command(name, parser)
    return found


@dataclass(frozen=True)
class Limits:
    """What the server offers: its lexicons (by name), the longest budget (ms)."""

    lexicons: tuple[str, ...]
    max_budget_ms: float = DEFAULT_BUDGET * 1000


def _usage(command: Command, message: str) -> RequestError:
    return RequestError(400, "UsageError", f"{PROG} {command.name}: {message}")


def _text(command: Command, name: str, value: Any) -> str:
    """A field's value as the text of an argv (a number written as JSON writes it)."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise _usage(command, f"{name} must be a string or a number, not {type(value).__name__}")
    if isinstance(value, float) and not math.isfinite(value):
        raise _usage(command, f"{name}: {value} is not a number")
    text = value if isinstance(value, str) else str(value)
    if len(text) > MAX_TEXT:
        raise _usage(command, f"{name} has {len(text)} characters; the service reads at most {MAX_TEXT}")
    return text


def _lexicon(command: Command, name: str, value: str, limits: Limits) -> None:
    if value.lower() not in limits.lexicons:  # a bundled name in any case, as the library reads it
        raise RequestError(
            400,
            "UnknownLexiconError",
            f"{PROG} {command.name}: {name} {value!r}: this server offers the lexicons {', '.join(limits.lexicons)}"
            " (by name; never a file)",
        )


def build_argv(command: Command, body: Any, limits: Limits) -> list[str]:
    """The ``argv`` of ``jarnac-solver COMMAND ... --json`` that ``body`` asks for, or :class:`RequestError`."""
    if not isinstance(body, dict):
        raise _usage(command, "the request body must be a JSON object of the command's arguments and options")
    values: dict[str, Any] = {}
    for key, value in body.items():
        name = str(key).replace("-", "_")
        if name not in command.fields:
            known = ", ".join(command.fields) or "none"
            raise _usage(command, f"no field {key!r} (the fields: {known})")
        if name in values:
            raise _usage(command, f"field {name!r} given twice")
        if value is not None:
            values[name] = value
    options: list[str] = []
    arguments: dict[str, list[str]] = {}
    fields = command.fields
    option_lexicon = "lexicon" in fields and fields["lexicon"].option is not None
    if option_lexicon and "lexicon" not in values and DEFAULT_LEXICON not in limits.lexicons:
        options.append(f"--lexicon={limits.lexicons[0]}")
    if "budget" in fields:
        if values.get("exact") is True:
            raise _usage(
                command, f"the service runs no exact search: give a budget of at most {limits.max_budget_ms:g} ms"
            )
        if "budget" in values:
            budget = values["budget"]
            try:
                asked = float(budget) if not isinstance(budget, bool) else math.nan
            except (TypeError, ValueError):
                asked = math.nan
            if asked > limits.max_budget_ms:
                values["budget"] = limits.max_budget_ms
        elif limits.max_budget_ms < DEFAULT_BUDGET * 1000:
            values["budget"] = limits.max_budget_ms
    if "top" in values:
        top = values["top"]
        if isinstance(top, int) and not isinstance(top, bool) and top > MAX_TOP:
            raise _usage(command, f"top {top}: the service ranks at most {MAX_TOP} options")
    for name, value in values.items():
        spec = fields[name]
        if spec.kind == "flag":
            if not isinstance(value, bool):
                raise _usage(command, f"{name} must be true or false")
            if value:
                options.append(spec.option or "")
            continue
        if spec.kind == "list":
            items = [value] if isinstance(value, str) else value
            if not isinstance(items, list) or not items:
                raise _usage(command, f"{name} must be a non-empty list of strings")
            if len(items) > MAX_ITEMS:
                raise _usage(command, f"{name} has {len(items)} items; the service reads at most {MAX_ITEMS}")
            texts = [_text(command, name, item) for item in items]
        else:
            texts = [_text(command, name, value)]
        if name in LEXICON_FIELDS:
            if command.name == "check" and name == "lexicon" and ("," in texts[0] or texts[0] == "all"):
                # check --lexicon fr,en (or all): one column per list, each one the server offers.
                parts = list(limits.lexicons) if texts[0] == "all" else [p.strip() for p in texts[0].split(",")]
                for part in parts:
                    _lexicon(command, name, part, limits)
                texts = [",".join(parts)]
            else:
                for text in texts:  # every item: --in and --not-in are repeated
                    _lexicon(command, name, text, limits)
        if name == "bag" and texts[0] not in BAGS:
            raise _usage(command, f"bag {texts[0]!r}: the service offers the built-in bags {', '.join(BAGS)}")
        if spec.option is None:
            arguments[name] = texts
        else:
            options += [f"{spec.option}={text}" for text in texts]
    in_order = [text for name in fields if name in arguments for text in arguments[name]]  # the parser's order
    return [*command.name.split(), *options, "--json", *(["--", *in_order] if in_order else [])]


LIGHT_BUDGET_MS = 1000.0
"""A request that may search longer than this runs in the heavy lane (its own workers), so a few long
searches never hold up the short ones."""


def search_budget_ms(command: Command, argv: list[str]) -> float:
    """How long the command ``argv`` (from :func:`build_argv`) may search, in ms: its ``--budget``, the
    command line's default for a command that takes one, 0 for a command without a budget."""
    if "budget" not in command.fields:
        return 0.0
    for item in argv:
        if item == "--":
            break
        if item.startswith("--budget="):
            try:
                return float(item.split("=", 1)[1])
            except ValueError:
                return 0.0  # the command line refuses it at once
    return DEFAULT_BUDGET * 1000
