"""The ``jarnac-solver`` command line.

Every command that reads words takes ``--lexicon NAME|PATH`` (a bundled name,
a compiled ``.jlex`` file or a plain word list); every command takes
``--json``. Bad input prints one line on stderr and exits with status 2;
with ``--json`` the error is a JSON document on stdout (status 2 still).

JSON output is one envelope (``jarnac_solver/server/schema.json``)::

    {"schema": "jarnac-solver/1", "command": "moves", "lexicon": "fr", "rules": "sheet", "result": {...}}
    {"schema": "jarnac-solver/1", "command": "moves", "error": {"type": "InvalidTrayError", "message": "..."}}

Moves, trays, plans, hints and records are the dict forms of the library's
values (``to_dict``), the same in every command; line numbers count from 1.

Key idea: the parser is built from light modules only, and each command's
module is imported only when that command runs. A subparser names its
handler as ``(module, function)`` (``handler=("words", "_cmd_check")``) and
:func:`main` imports it, so ``check`` imports the lexicon layer and none of
the move, game or planning layers, nor the executors
(``python -X importtime -m jarnac_solver check ETE``).

The modules, by layer: ``parser`` (the commands, their options, types and
help), ``errors`` (usage errors and exit statuses), ``output`` (the JSON
envelope, word listings, progress bars), ``options`` (``--bag`` and where to
run); then the commands: ``words`` (words, anagram, extend, check, search),
``lexicons`` (lexicon build, info, list, compare, diff), ``positions``
(moves, jarnac, plan, hint) and ``games`` (play, replay, audit). ``serve``
is the service's command: the parser holds its options, the layer above
(``jarnac_solver.server``) its handler; :func:`run_json` is how the service
runs every other command, the document returned rather than printed.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import os
import sys
from collections.abc import Callable, Sequence

from ..errors import JarnacError
from ..messages import from_environment, speaking
from .errors import PROG, NotAllValid, PartialFailure, UsageError
from .output import CAPTURED, SCHEMA, print_document
from .parser import COMMANDS, LEXICON_COMMANDS, build_parser

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NoReturn

__all__ = [
    "COMMANDS",
    "LEXICON_COMMANDS",
    "PROG",
    "SCHEMA",
    "UsageError",
    "build_parser",
    "main",
    "main_exit",
    "run_json",
]


def _handler(args: argparse.Namespace) -> Callable[[argparse.Namespace], None]:
    """The function of the command ``args`` holds, its module imported now (``("words", "_cmd_check")``).

    A module named in full (``"jarnac_solver.server.command"``: ``serve``) is one of a layer above the
    command line; it is named here, as a console script names its function, never imported by this layer.
    """
    module, name = args.handler
    path = module if "." in module else f"{__name__}.{module}"
    handler: Callable[[argparse.Namespace], None] = getattr(importlib.import_module(path), name)
    return handler


def _command_name(argv: Sequence[str]) -> str:
    """The command named in ``argv`` (for an error document), ``""`` when it names none we know."""
    words = [a for a in argv if not a.startswith("-")]
    if not words or words[0] not in COMMANDS:
        return ""
    if words[0] == "lexicon" and len(words) > 1 and words[1] in LEXICON_COMMANDS:
        return f"lexicon {words[1]}"
    return words[0]


def _asks_json(argv: Sequence[str]) -> bool:
    """Whether ``argv`` asks for the JSON document by ``--format json`` (the word listings' spelling of ``--json``)."""
    return "--format=json" in argv or any(pair == ("--format", "json") for pair in itertools.pairwise(argv))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0; 1 when ``check`` finds a word not valid; 2 on bad input).

    >>> main(["anagram", "ohccau", "--lexicon", "en"])
    anagrams of OHCCAU on en: 1 word
    6 letters (36 pts): CACHOU
    0
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    language = from_environment(os.environ)
    try:
        if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version"):
            # argparse would say only that COMMAND is missing: the option given is the fault, and where it goes.
            given = argv[0].partition("=")[0][:40]
            raise UsageError(
                f"{PROG}: {given} is not an option of {PROG} itself: the command comes first "
                f"({PROG} COMMAND {given} ...) (try --help)"
            )
        args = parser.parse_args(argv)
        args.notes = []
        language = getattr(args, "lang", None) or language  # serve has no --lang: each request says its own
        with speaking(language):  # explanations and errors in the reader's language (codes unchanged in --json)
            _handler(args)(args)
        if not args.json:  # after the answer, never before an error: a failed command prints no line on stdout
            for note in args.notes:
                print(note)
    except (UsageError, JarnacError) as exc:
        kind = "UsageError" if isinstance(exc, UsageError) else type(exc).__name__
        said = str(exc) if isinstance(exc, UsageError) else exc.message(language)
        # One form for every error line: "jarnac-solver COMMAND: what is wrong".
        command = _command_name(argv)
        message = said if isinstance(exc, UsageError) else f"{PROG}{' ' + command if command else ''}: {said}"
        if "--json" in argv or _asks_json(argv):
            error: dict[str, object] = {"type": kind, "message": said}
            if isinstance(exc, JarnacError) and exc.reason is not None:
                error["reason"] = exc.reason.to_dict(language)
            print_document({"schema": SCHEMA, "command": _command_name(argv), "error": error})
        else:
            print(message, file=sys.stderr)
        return 2
    except PartialFailure:
        return 2
    except NotAllValid:
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    return 0


def run_json(argv: Sequence[str]) -> tuple[int, dict[str, Any]]:
    """Run a command given ``--json`` in ``argv`` and return its exit status and its document, not printed.

    The same parser, handler and envelope as :func:`main` prints, the document captured (per thread and task:
    a context variable): what the tests compare with the service's answer to the same question.
    """
    if "--json" not in argv:
        raise ValueError("run_json runs a command given --json")
    documents: list[dict[str, Any]] = []
    token = CAPTURED.set(documents)
    try:
        status = main(argv)
    finally:
        CAPTURED.reset(token)
    if len(documents) != 1:
        raise RuntimeError(f"{PROG}: {' '.join(argv[:1])} gave {len(documents)} documents, not one")
    return status, documents[0]


def main_exit() -> NoReturn:
    """Entry point of the ``jarnac-solver`` console script."""
    raise SystemExit(main())
