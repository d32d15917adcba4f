"""What the commands print: the JSON envelope, word listings by length, progress bars."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from ..lexicon.lexicon import Lexicon

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..moves.rules import Rules

SCHEMA = "jarnac-solver/1"
"""The ``schema`` field of every JSON document the command line prints (``docs/schema.json``)."""


def _emit(args: argparse.Namespace, result: dict[str, Any], lexicon: Lexicon | None, rules: Rules | None) -> None:
    """Print the JSON envelope of a command's result."""
    document = {
        "schema": SCHEMA,
        "command": args.command_name,
        "lexicon": lexicon.name if lexicon is not None else None,
        "rules": rules.name_or_dict() if rules is not None else None,
        "result": result,
    }
    print(json.dumps(document, ensure_ascii=False))


def _by_length(lex: Lexicon, words: list[str]) -> list[tuple[int, list[str]]]:
    groups: dict[int, list[str]] = {}
    for word in words:
        groups.setdefault(lex.tile_length(word), []).append(word)
    return sorted(groups.items(), reverse=True)


def _print_words(args: argparse.Namespace, lex: Lexicon, title: str, words: list[str], query: dict[str, Any]) -> None:
    """A query's words by length; ``--sort`` orders each length, ``--probability``/``--familiarity`` add columns."""
    # Here, not at the top: check, the words commands' neighbour, needs neither the bag nor the odds.
    from ..lexicon.probability import draw_odds_text
    from .options import _user_bag

    order = args.sort
    bag = _user_bag(args.bag, lex, args.command_name) if args.bag is not None else None
    show_odds = args.probability or order == "probability"
    show_known = args.familiarity or order == "familiarity"
    words = lex.ordered(words, order, bag) if order != "alphabet" else words
    odds = lex.draw_odds(bag) if show_odds else None
    known = _familiarity_of(lex) if show_known else None
    details: list[dict[str, Any]] = []
    if odds is not None or known is not None:
        for word in words:
            row: dict[str, Any] = {"word": word, "tiles": lex.tile_length(word)}
            if odds is not None:
                row.update(ways=odds.ways(word), probability=odds.probability(word))
            if known is not None:
                row["familiarity"] = known(word)
            details.append(row)
    if args.json:
        result: dict[str, Any] = {"query": query, "count": len(words), "words": words}
        if details:
            result["details"] = details
            if odds is not None:
                result["bag"] = odds.bag.name
        _emit(args, result, lex, None)
        return
    print(f"{title} on {lex.name}: {len(words)} word{'s' if len(words) != 1 else ''}")
    if odds is not None:
        print(f"probability: of drawing the word's tiles from the full bag {odds.bag.name} ({odds.total} tiles)")
    if not details:
        for length, group in _by_length(lex, words):
            print(f"{length} letters ({length * length} pts): {' '.join(group)}")
        return
    width = max(len(word) for word in words)
    shown = -1
    for row in sorted(details, key=lambda row: -row["tiles"]):  # stable: each length keeps the order
        if row["tiles"] != shown:
            shown = row["tiles"]
            print(f"{shown} letters ({shown * shown} pts):")
        cells = [row["word"].ljust(width)]
        if odds is not None:
            cells.append(f"{draw_odds_text(row['probability']):>16}  ways {row['ways']:,}")
        if known is not None:
            cells.append(f"familiarity {row['familiarity']:.1f}")
        print("  " + "  ".join(cells).rstrip())


def _familiarity_of(lex: Lexicon) -> Callable[[str], float]:
    from ..lexicon.familiarity import Familiarity

    return Familiarity.for_lexicon(lex).familiarity


def _progress_bar(unit: str) -> Callable[[int, int], None]:
    """A progress bar on stderr (for a terminal): ``[#####.....] 12/40 games``."""

    def show(done: int, total: int) -> None:
        filled = done * 30 // max(1, total)
        print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total} {unit}", end="", file=sys.stderr)

    return show
