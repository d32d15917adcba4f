"""Word listings: every command that answers a list of words prints it here (``words``, ``anagram``,
``extend``, ``search``), in one of three formats, cut at ``--limit``.

- ``columns`` (the default): a heading, then each length's words longest first, on one line when they
  fit in 80 characters and in aligned columns when they do not; with ``--probability``,
  ``--familiarity``, ``--mark`` or a probability order, one word a line with its details;
- ``lines``: one word a line and nothing else (details after a tab), for a pipe;
- ``json``: the ``--json`` document.

In a probability order every word shows its *probability rank* (``#12``: its place among the
lexicon's words of its length, likeliest first: Zyzzyva's probability order).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from ..commands.lexicons import skipped_note
from ..commands.listing import Listing
from ..commands.model import RequestError
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from .errors import PROG, UsageError
from .output import counted, emit, length_label, said, then

WIDTH = 80
"""The width of the columns format (fixed: the same output on a terminal and in a file)."""


def other_lexicon(args: argparse.Namespace, spec: str, option: str) -> Lexicon:
    """A lexicon an option names beside ``--lexicon`` (``--mark``, ``--in``, ``--not-in``).

    Under the HTTP service (a captured document: ``cli.run_json``) only a bundled name is read, never
    a file, as the service does for ``--lexicon``.
    """
    from .output import CAPTURED

    if CAPTURED.get() is not None and spec not in Lexicon.available():
        names = ", ".join(Lexicon.available())
        told = said("cli.error_bundled_only", command=args.command_name, option=option, spec=repr(spec), names=names)
        raise UsageError(f"{PROG} {told}")
    return Lexicon.resolve(spec)


def listed(args: argparse.Namespace, make: Callable[..., Listing], request: Any) -> Listing:
    """A word listing's request answered by the library (``make``: :func:`~jarnac_solver.commands.listing.words`,
    ...), a bag or a marked lexicon read as the command line reads them (a file too); its refusal a usage
    error."""
    from .options import user_bag

    try:
        return make(
            request,
            Lexicon.resolve,
            lambda name, lex: user_bag(name, lex, args.command_name),
            lambda name: other_lexicon(args, name, "--mark"),
        )
    except RequestError as exc:
        raise UsageError(f"{PROG} {exc}" if exc.named else f"{PROG} {args.command_name}: {exc}") from None


def print_listing(args: argparse.Namespace, made: Listing) -> None:
    """A query's words as :func:`~jarnac_solver.commands.listing.listing` listed them, in ``--format``:
    the ``--json`` document, one word a line, or by length in columns (one word a line with its details
    when there are some)."""
    from ..lexicon.probability import draw_odds_text

    fmt = getattr(args, "format", "columns")
    if fmt == "json":
        args.json = True
    lex, shown, details, odds, marks, hidden = (
        made.lexicon,
        made.shown,
        made.details,
        made.odds,
        made.marks,
        made.hidden,
    )
    lengths, count, more, title = made.lengths, made.count, made.more, made.title
    show_rank, known = made.show_rank, made.known
    if args.json:
        emit(args, made.result(), lex, None)
        return
    hidden_note = said("cli.hidden_shorter", count=hidden) if hidden else ""
    symbol_of = {other.name: symbol for symbol, other in marks}
    if fmt == "lines":
        for row in details or [{"word": word} for word in shown]:
            cells = [row["word"]]
            if "rank" in row:
                cells.append("" if row["rank"] is None else f"#{row['rank']}")
            if "probability" in row:
                cells += [f"{row['probability']:.6g}", str(row["ways"])]
            if "familiarity" in row:
                cells.append(f"{row['familiarity']:.1f}")
            if marks:
                cells.append("".join(symbol_of[name] for name in row["not_in"]))
            print("\t".join(cells).rstrip("\t"))  # no trailing tab after an unmarked word
        if hidden_note:
            print(f"({hidden_note})", file=sys.stderr)
        return
    cut = then(said("cli.listing_cut", shown=len(shown))) if more else ""
    hidden_cut = then(hidden_note) if hidden_note else ""
    heading = said("cli.listing_header", title=title, lexicon=lex.name, words=counted("cli.n_words", count))
    print(f"{heading}{cut}{hidden_cut}{skipped_note(lex)}")
    if odds is not None:
        print(said("cli.probability_note", bag=odds.bag.name, tiles=odds.total))
        if show_rank:
            print(said("cli.rank_note"))
    for symbol, other in marks:
        print(said("cli.mark_note", symbol=symbol, lexicon=other.name))
    if odds is None and not known:  # words only (each with its marks): by length, in columns
        groups: dict[int, list[str]] = {}
        marked = {row["word"]: "".join(symbol_of[name] for name in row["not_in"]) for row in details}
        for word in shown:
            groups.setdefault(lengths[word], []).append(word + marked.get(word, ""))
        for length, group in groups.items():
            label = length_label(lex, length)
            line = said("cli.group", label=label, words=" ".join(group))
            if len(line) <= WIDTH:
                print(line)
                continue
            print(said("cli.group", label=label, words=counted("cli.n_words", len(group))))
            width = max(len(word) for word in group) + 2
            per_line = max(1, (WIDTH - 2) // width)
            rows = (len(group) + per_line - 1) // per_line
            for r in range(rows):  # down the columns, as ls does
                across = (group[r + c * rows].ljust(width) for c in range(per_line) if r + c * rows < len(group))
                print("  " + "".join(across).rstrip())
    else:
        width = max(len(word) for word in shown)
        current = -1
        for row in details:
            if row["tiles"] != current:
                current = row["tiles"]
                print(said("cli.group_heading", label=length_label(lex, current)))
            mark = "".join(symbol_of[name] for name in row.get("not_in", ()))
            cells = [(row["word"] + mark).ljust(width + (len(marks) if marks else 0))]
            if "rank" in row:
                cells.append(f"{'' if row['rank'] is None else '#' + format(row['rank'], ','):>8}")
            if odds is not None:
                cells.append(f"{draw_odds_text(row['probability']):>16}  {said('cli.ways', ways=row['ways'])}")
            if known:
                cells.append(str(Reason("familiarity", {"familiarity": row["familiarity"]})))
            print("  " + "  ".join(cells).rstrip())
    if more:
        print(said("cli.more", more=more))
