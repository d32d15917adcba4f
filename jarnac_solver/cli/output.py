"""What the commands print: the JSON envelope, progress bars, the shared wording (the word listings: ``listing.py``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from contextvars import ContextVar

from ..lexicon.lexicon import Lexicon
from ..messages import Reason, Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..moves.rules import Rules

SCHEMA = "jarnac-solver/1"
"""The ``schema`` field of every JSON document the command line prints (``jarnac_solver/server/schema.json``)."""

CAPTURED: ContextVar[list[dict[str, Any]] | None] = ContextVar("jarnac_solver_captured", default=None)
"""Where ``print_document`` puts the documents when a caller captures them (``cli.run_json``: the
service), instead of printing them; ``None``: print."""


def print_document(document: dict[str, Any]) -> None:
    """Print one JSON document on stdout, or hand it to the caller capturing them (``cli.run_json``)."""
    captured = CAPTURED.get()
    if captured is not None:
        captured.append(document)
        return
    print(json.dumps(document, ensure_ascii=False))


def emit(args: argparse.Namespace, result: dict[str, Any], lexicon: Lexicon | None, rules: Rules | None) -> None:
    """Print the JSON envelope of a command's result."""
    document = {
        "schema": SCHEMA,
        "command": args.command_name,
        "lexicon": lexicon.name if lexicon is not None else None,
        "rules": rules.name_or_dict() if rules is not None else None,
        "result": result,
    }
    print_document(document)


def _familiarity_of(lex: Lexicon) -> Callable[[str], float]:
    from ..lexicon.familiarity import Familiarity

    return Familiarity.for_lexicon(lex).familiarity


def progress_bar(unit: str) -> Callable[[int, int], None]:
    """A progress bar on stderr (for a terminal): ``[#####.....] 12/40 games``."""

    def show(done: int, total: int) -> None:
        filled = done * 30 // max(1, total)
        print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} {unit}", end="", file=sys.stderr)

    return show


def then(text: str) -> str:
    """``"; text"``: a part that follows a heading, with the language's joint (French: a narrow space before it)."""
    return said("cli.then", first="", then=text)


def said(code: str, **values: Value) -> str:
    """The command line's message ``code`` in the reader's language (the one :func:`~..messages.speaking` set)."""
    return Reason(code, values).text()


def counted(code: str, count: int) -> Reason:
    """A count with its noun (``cli.n_words``: "12 words"), a part of a sentence said in the same language."""
    return Reason(code, {"count": count})


def plural(count: int, noun: str) -> str:
    """``"1 word"``, ``"2 words"`` (with thousands separators).

    >>> plural(1, "tile"), plural(12000, "entry")
    ('1 tile', '12,000 entries')
    """
    if count == 1:
        return f"1 {noun}"
    return f"{count:,} {noun[:-1] + 'ies' if noun.endswith('y') else noun + 's'}"


def length_label(lex: Lexicon, length: int) -> str:
    """A length group's heading: ``5 letters (25 pts)``; ``tiles`` where a tile may be two letters (IJ)."""
    unit = "cli.n_letters" if lex.alphabet.single else "cli.n_tiles"
    return said("cli.length_label", length=counted(unit, length), points=counted("cli.n_points", length * length))
