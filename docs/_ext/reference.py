"""The site's generated references: the Python API, the command line, the HTTP API and the JSON schema.

Key idea: nothing is written twice. Each page is made from what the program itself reads: the public
names of ``jarnac_solver`` and ``jarnac_solver.nain_jaune`` (their ``__all__``, documented by autodoc from
the docstrings), the command line's argparse parser, the OpenAPI document the service publishes and the
package's ``schema.json``. :func:`pages` returns every page as text, the same on every machine (no terminal
width, no date, no path); :func:`write` puts them under ``docs/_generated`` (git-ignored), rewriting only
the files that changed so that an incremental build stays incremental. Plain Python: the tests call it
without Sphinx.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

GENERATED = "_generated"
"""The folder, inside docs/, of the generated pages."""

PACKAGES = ("jarnac_solver", "jarnac_solver.nain_jaune")
"""The packages whose public names (``__all__``) the API reference documents, every one."""

# The API pages of jarnac_solver, one per layer, in the order a reader meets them: (page, title, the defining
# modules' prefixes relative to the package). A public name whose module matches no prefix fails the build.
API_GROUPS = (
    ("lexicon", "Lexicons, alphabets, bags and word study", ("lexicon.",)),
    ("moves", "Trays, moves and Jarnacs", ("moves.",)),
    ("game", "Games, actions and records", ("game.",)),
    ("planning", "Planning, hints, advice and simulation", ("planning.",)),
    ("play", "Players, matches, audits and reviews", ("play.",)),
    ("studies", "Lexicon studies and executors", ("studies.", "executors")),
    ("practice", "Puzzles and word quizzes", ("practice.",)),
    ("core", "Budgets, errors and the implementation", ("budget", "errors", "native")),
)

# Backticks stay: the help and descriptions write code in them, as Markdown does.
_PUNCTUATION = re.compile(r"([\\*\[\]<>|#])")


def _escaped(text: str) -> str:
    """``text`` as literal Markdown (help strings hold ``*``, ``|`` and ``<`` that mean themselves)."""
    return _PUNCTUATION.sub(r"\\\1", " ".join(text.split()))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# --- The Python API ---------------------------------------------------------------------------------


def defining_modules(package: str) -> dict[str, str]:
    """Public name -> the module (absolute) that defines it, read from the package's ``from .x import`` lines.

    The package imports some names eagerly, the rest on first use (its ``_LAZY`` table, and for mypy the
    same imports under ``TYPE_CHECKING``): every ``from .module import name`` statement of ``__init__.py``,
    at the top or in that block, names the module.
    """
    module = importlib.import_module(package)
    source = Path(inspect.getfile(module)).read_text(encoding="utf-8")
    found: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            for alias in node.names:
                found[alias.asname or alias.name] = f"{package}.{node.module}"
    return {name: found[name] for name in module.__all__ if name in found}


def attribute_docstrings(module_name: str) -> dict[str, str]:
    """Name -> docstring of the module-level assignments of ``module_name`` followed by a string (PEP 257)."""
    module = importlib.import_module(module_name)
    tree = ast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    body = tree.body
    for node, after in itertools.pairwise(body):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        if (
            targets
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            for target in targets:
                for name in target.elts if isinstance(target, ast.Tuple) else [target]:
                    if isinstance(name, ast.Name):
                        found[name.id] = inspect.cleandoc(after.value.value)
    return found


def constant_docstring(module_name: str, name: str) -> str:
    """The docstring of constant ``name`` of ``module_name``, following ``from .x import name`` re-exports."""
    for _ in range(8):
        found = attribute_docstrings(module_name)
        if name in found:
            return found[name]
        module = importlib.import_module(module_name)
        tree = ast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))
        package = module_name if inspect.getfile(module).endswith("__init__.py") else module_name.rpartition(".")[0]
        origin = next(
            (
                node
                for node in tree.body
                if isinstance(node, ast.ImportFrom) and node.level and any(a.name == name for a in node.names)
            ),
            None,
        )
        if origin is None:
            return ""
        base = package.split(".")
        base = base[: len(base) - origin.level + 1]
        module_name = ".".join([*base, *([origin.module] if origin.module else [])])
    return ""


def _documented_as_data(value: object) -> bool:
    return not (inspect.isclass(value) or inspect.isfunction(value) or inspect.isbuiltin(value))


def docstring(package: str, name: str) -> str:
    """The docstring of public ``name`` of ``package`` as the reference shows it ("" when it has none).

    A constant's is the string after its assignment in its module; a class's or function's its own
    ``__doc__``, not one made for it (a dataclass's or named tuple's ``Name(field, ...)``, a base class's).
    """
    value = getattr(importlib.import_module(package), name)
    if _documented_as_data(value):
        return constant_docstring(defining_modules(package)[name], name)
    own = value.__dict__.get("__doc__") if inspect.isclass(value) else value.__doc__
    text = inspect.cleandoc(own or "")
    if text.startswith(f"{value.__name__}("):
        return ""
    return text


def undocumented(package: str) -> list[str]:
    """The public names of ``package`` without a docstring of their own (the build fails on any)."""
    module = importlib.import_module(package)
    return [name for name in module.__all__ if not docstring(package, name)]


def public_names(package: str) -> list[str]:
    """The public names of ``package``, as its ``__all__`` lists them."""
    return list(importlib.import_module(package).__all__)


def _autodoc(package: str, name: str) -> str:
    """The autodoc directive of one public name, under its public path (``jarnac_solver.Lexicon``)."""
    value = getattr(importlib.import_module(package), name)
    target = f"{package}.{name}"
    if _documented_as_data(value):
        return f".. autodata:: {target}\n   :no-value:\n"
    if inspect.isclass(value) and issubclass(value, BaseException):
        return f".. autoexception:: {target}\n   :members:\n   :show-inheritance:\n"
    if inspect.isclass(value):
        return f".. autoclass:: {target}\n   :members:\n"
    return f".. autofunction:: {target}\n"


def _rst_page(title: str, intro: str, module: str, names: list[str], package: str) -> str:
    lines = [".. This page is generated by docs/_ext/reference.py: edit the docstrings, not this file.", ""]
    lines += [title, "=" * len(title), "", intro, "", f".. currentmodule:: {module}", ""]
    for name in names:
        lines += [_autodoc(package, name)]
    return "\n".join(lines)


def api_pages() -> dict[str, str]:
    """The API reference: an index and a page per layer of jarnac_solver, and one for Nain Jaune."""
    origins = defining_modules("jarnac_solver")
    groups: dict[str, list[str]] = {page: [] for page, _, _ in API_GROUPS}
    for name in public_names("jarnac_solver"):
        relative = origins[name].removeprefix("jarnac_solver.")
        page = next((page for page, _, prefixes in API_GROUPS if relative.startswith(prefixes)), None)
        if page is None:
            raise ValueError(f"jarnac_solver.{name} (from {relative}) belongs to no page of API_GROUPS")
        groups[page].append(name)
    pages = {}
    toc = []
    for page, title, _ in API_GROUPS:
        intro = f"Every name here is imported from ``jarnac_solver`` (``from jarnac_solver import {groups[page][0]}``)."
        pages[f"api/{page}.rst"] = _rst_page(title, intro, "jarnac_solver", groups[page], "jarnac_solver")
        toc.append(f"   {page}")
    nain_jaune = public_names("jarnac_solver.nain_jaune")
    pages["api/nain_jaune.rst"] = _rst_page(
        "Nain Jaune",
        "The card game's own package: ``from jarnac_solver.nain_jaune import Game``.",
        "jarnac_solver.nain_jaune",
        nain_jaune,
        "jarnac_solver.nain_jaune",
    )
    toc.append("   nain_jaune")
    index = [
        ".. This page is generated by docs/_ext/reference.py.",
        "",
        "Python API",
        "==========",
        "",
        "Every public name of ``jarnac_solver`` and ``jarnac_solver.nain_jaune``, from its docstring, one page"
        " per layer (docs/design.md says what each layer does). Lengths count tiles, line numbers in"
        " notation count from 1 and Python indexes from 0.",
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "",
        *toc,
        "",
    ]
    pages["api/index.rst"] = "\n".join(index)
    return pages


# --- The command line -------------------------------------------------------------------------------


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, tuple[str, argparse.ArgumentParser]]:
    """Name -> (help, parser) of the commands under ``parser``, in the parser's order."""
    found: dict[str, tuple[str, argparse.ArgumentParser]] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, sub in action.choices.items():
                found[name] = (helps.get(name, ""), sub)
    return found


def commands() -> dict[str, tuple[str, argparse.ArgumentParser]]:
    """Every command a user types (``words``, ``lexicon build``, ``nain-jaune play``...) -> (help, parser)."""
    from jarnac_solver.cli.parser import build_parser

    found: dict[str, tuple[str, argparse.ArgumentParser]] = {}

    def walk(prefix: str, parser: argparse.ArgumentParser) -> None:
        for name, (about, sub) in _subcommands(parser).items():
            full = f"{prefix} {name}".strip()
            if _subcommands(sub):
                walk(full, sub)
            else:
                found[full] = (about, sub)

    walk("", build_parser())
    return found


def _formatter(parser: argparse.ArgumentParser) -> argparse.HelpFormatter:
    # A fixed width, not the terminal's: the page is the same wherever it is built.
    formatter: argparse.HelpFormatter = parser.formatter_class(prog=parser.prog, width=80)
    return formatter


def _option_rows(parser: argparse.ArgumentParser) -> Iterator[tuple[str, str]]:
    formatter = _formatter(parser)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) or action.help == argparse.SUPPRESS:
            continue
        if action.option_strings:
            names = ", ".join(action.option_strings)
            if action.nargs != 0:
                names += f" {formatter._format_args(action, formatter._get_default_metavar_for_optional(action))}"
        else:
            names = formatter._format_args(action, formatter._get_default_metavar_for_positional(action))
        about = formatter._expand_help(action) if action.help else ""
        if action.choices and "{" not in names:
            about += f" (one of: {', '.join(str(choice) for choice in action.choices)})"
        yield names, about


def _usage(parser: argparse.ArgumentParser) -> str:
    formatter = _formatter(parser)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help().strip()


def command_page_name(command: str) -> str:
    """The page (under ``cli/``) of a command: ``lexicon build`` -> ``lexicon-build``."""
    return command.replace(" ", "-")


def _table(header: tuple[str, str], rows: list[tuple[str, str]]) -> list[str]:
    lines = [f"| {header[0]} | {header[1]} |", "|---|---|"]
    # A pipe splits a table's cell even inside code (NAME|FILE): escaped there too.
    lines += ["| `" + names.replace("|", "\\|") + f"` | {_escaped(about)} |" for names, about in rows]
    return lines


def cli_pages() -> dict[str, str]:
    """A page per command, from the parser: its usage, what it does, each argument and option with its help."""
    from jarnac_solver.cli.parser import build_parser

    parser = build_parser()
    found = commands()
    pages = {}
    for command, (about, sub) in found.items():
        rows = list(_option_rows(sub))
        positional = [row for row, action in zip(rows, _listed(sub), strict=True) if not action.option_strings]
        optional = [row for row, action in zip(rows, _listed(sub), strict=True) if action.option_strings]
        lines = [
            f"(cli-{command_page_name(command)})=",
            f"# `jarnac-solver {command}`",
            "",
            _escaped(sub.description or about),
            "",
            "```text",
            _usage(sub),
            "```",
            "",
        ]
        if positional:
            lines += ["## Arguments", "", *_table(("argument", "meaning"), positional), ""]
        if optional:
            lines += ["## Options", "", *_table(("option", "meaning"), optional), ""]
        pages[f"cli/{command_page_name(command)}.md"] = "\n".join(lines)
    index = [
        "(cli)=",
        "# Command line",
        "",
        "Every command of `jarnac-solver`, each on its page, made from the parser that reads the command"
        " line (so `jarnac-solver COMMAND --help` says the same). Bad input prints one line on stderr and"
        " exits with status 2; `--json` prints one document of the [JSON schema](../schema.md).",
        "",
        "```text",
        _usage(parser),
        "```",
        "",
        "| command | what it does |",
        "|---|---|",
        *[
            f"| {{ref}}`{command} <cli-{command_page_name(command)}>` | {_escaped(about)} |"
            for command, (about, _) in found.items()
        ],
        "",
        "```{toctree}",
        ":hidden:",
        "",
        *[command_page_name(command) for command in found],
        "```",
        "",
    ]
    pages["cli/index.md"] = "\n".join(index)
    return pages


def _listed(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [
        action
        for action in parser._actions
        if not isinstance(action, argparse._SubParsersAction) and action.help != argparse.SUPPRESS
    ]


# --- The HTTP API and the JSON schema ---------------------------------------------------------------


def openapi() -> dict[str, Any]:
    """The OpenAPI document a server offering every bundled lexicon, without a token, publishes."""
    from jarnac_solver import Lexicon
    from jarnac_solver.server.contract import Offer
    from jarnac_solver.server.openapi import openapi_document

    return openapi_document(Offer(tuple(Lexicon.available())), token=False)


def route_label(method: str, path: str) -> str:
    """The anchor of a route's section: ``POST /api/games/{game_id}`` -> ``http-post-api-games-game-id``."""
    return "http-" + _slug(f"{method} {path}")


def schema_label(name: str) -> str:
    """The anchor of a definition of the JSON schema."""
    return "schema-" + _slug(name)


def _type_of(schema: dict[str, Any]) -> str:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return f"{{ref}}`{name} <{schema_label(name)}>`"
    if "enum" in schema:
        return "one of " + ", ".join(f"`{json.dumps(item)}`" for item in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(_type_of(part) for part in schema[key])
    if "allOf" in schema:
        # The envelope with its result typed (openapi.py's answers): say both.
        parts = []
        for part in schema["allOf"]:
            if "$ref" in part:
                parts.append(_type_of(part))
            for name, field in part.get("properties", {}).items():
                parts.append(f"`{name}`: {_type_of(field)}")
        return ", ".join(parts)
    kind = schema.get("type", "any")
    text = " or ".join(kind) if isinstance(kind, list) else str(kind)
    if text == "array" and isinstance(schema.get("items"), dict):
        text += " of " + _type_of(schema["items"])
    return f"{text}"


def _fields(schema: dict[str, Any]) -> list[str]:
    properties = schema.get("properties", {})
    if not properties:
        return []
    required = set(schema.get("required", ()))
    lines = ["| field | type | required | meaning |", "|---|---|---|---|"]
    for name, field in properties.items():
        about = field.get("description", "")
        if "default" in field:
            about += f" (default: {json.dumps(field['default'])})"
        # A field that may be null (a model's optional field) says its bounds in its other branch.
        bounded = next((b for b in field.get("anyOf", []) if b.get("type") != "null"), field)
        keys = ("minimum", "exclusiveMinimum", "maximum", "maxLength", "maxItems")
        bounds = [f"{key} {bounded[key]}" for key in keys if key in bounded]
        if bounds:
            about += f" [{', '.join(bounds)}]"
        lines.append(f"| `{name}` | {_type_of(field)} | {'yes' if name in required else 'no'} | {_escaped(about)} |")
    return lines


def routes(document: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """Every (method, path) of the OpenAPI document, in its order (``("POST", "/api/words")``)."""
    document = document or openapi()
    return [(method.upper(), path) for path, item in document["paths"].items() for method in item]


def http_page() -> str:
    """The HTTP API: a section per route, its parameters, body fields and answers, from the OpenAPI document."""
    document = openapi()
    lines = [
        "(http)=",
        "# HTTP API",
        "",
        f"The routes of `jarnac-solver serve` ({document['info']['title']}, OpenAPI {document['openapi']}),"
        " made from the document the server publishes at `GET /api/openapi.json` and reads its requests"
        ' with. Answers are the documents of the [JSON schema](schema.md): `{"result": ...}`, or'
        ' `{"error": {"type", "message", "field", "faults"}}` with a 4xx or 5xx status. With `--token`'
        " every route but `/api/health` needs `Authorization: Bearer TOKEN`. The service's guide:"
        " [The service](../service.md).",
        "",
    ]
    for path, item in document["paths"].items():
        for method, operation in item.items():
            lines += [f"({route_label(method, path)})=", f"## `{method.upper()} {path}`", ""]
            lines += [_escaped(operation.get("summary", "")), ""]
            if operation.get("description"):
                lines += [_escaped(operation["description"]), ""]
            parameters = operation.get("parameters", [])
            if parameters:
                lines += ["| parameter | in | type | required | meaning |", "|---|---|---|---|---|"]
                for parameter in parameters:
                    about = parameter.get("description", parameter.get("schema", {}).get("description", ""))
                    lines.append(
                        f"| `{parameter['name']}` | {parameter['in']} | {_type_of(parameter.get('schema', {}))}"
                        f" | {'yes' if parameter.get('required') else 'no'} | {_escaped(about)} |"
                    )
                lines.append("")
            body = operation.get("requestBody")
            if body:
                schema = body["content"]["application/json"]["schema"]
                lines += ["Body (`application/json`):", ""]
                fields = _fields(schema)
                lines += [*(fields or [f"{_type_of(schema)}"]), ""]
            lines += ["| status | answer |", "|---|---|"]
            for status, answer in operation.get("responses", {}).items():
                content = answer.get("content", {}).get("application/json", {}).get("schema")
                shown = _escaped(answer.get("description", ""))
                if content:
                    shown += f" ({_type_of(content)})"
                lines.append(f"| {status} | {shown} |")
            lines.append("")
    return "\n".join(lines)


def schema_page() -> str:
    """The JSON schema of the documents (``--json``, the service's answers), a section per definition."""
    from jarnac_solver.server.openapi import json_schema

    schema = json_schema()
    definitions = schema.pop("$defs")
    lines = [
        "(schema)=",
        "# JSON schema",
        "",
        "Every document `--json` prints and every answer of the service follows this JSON Schema"
        f" (`jarnac_solver/server/schema.json`, {schema.get('$schema', 'JSON Schema')}).",
        "",
        f"({schema_label('document')})=",
        "## The envelope: `document`",
        "",
        "```json",
        json.dumps(schema, indent=2, ensure_ascii=False),
        "```",
        "",
    ]
    for name, definition in definitions.items():
        lines += [f"({schema_label(name)})=", f"## `{name}`", ""]
        if definition.get("description"):
            lines += [_escaped(definition["description"]), ""]
        fields = _fields(definition)
        if fields:
            lines += [*fields, ""]
        lines += ["```json", json.dumps(definition, indent=2, ensure_ascii=False), "```", ""]
    return "\n".join(lines)


# --- All of it --------------------------------------------------------------------------------------


def pages() -> dict[str, str]:
    """Every generated page: path under ``docs/_generated`` -> its text."""
    found = {**api_pages(), **cli_pages(), "http.md": http_page(), "schema.md": schema_page()}
    return {path: text if text.endswith("\n") else text + "\n" for path, text in found.items()}


def write(docs: Path) -> list[str]:
    """Write :func:`pages` under ``docs/_generated``, remove pages no longer made; the paths rewritten."""
    root = docs / GENERATED
    made = pages()
    changed = []
    for path, text in made.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            changed.append(path)
    for stale in sorted(root.rglob("*")):
        if stale.is_file() and stale.relative_to(root).as_posix() not in made:
            stale.unlink()
    return changed
