"""The racks of a study: what a rack drawn from the bag can form, lexicon by lexicon.

Per rack: words (anagrams counted), anagram classes, the longest word and
its points (len²), whether any word fits a line, the best words, and the
longest ladder on an empty tray (moves, within a time budget per rack).
The counting questions are one batch query (:mod:`jarnac_solver.lexicon.batch`,
numpy when installed); the ladders are one search a rack.
"""

from __future__ import annotations

from typing import Any

from ..budget import Deadline
from ..lexicon.batch import rack_stats
from ..moves.tray import Tray
from ..planning.ladder import plan_ladder
from .setup import StudySetup, item_rng

__all__ = ["RACK_COLUMNS", "rack_rows"]

RACK_COLUMNS = (
    "lexicon",
    "rack_index",
    "rack",
    "words",
    "classes",
    "longest",
    "best_points",
    "playable",
    "best",
    "ladder",
    "ladder_exact",
)
"""The columns of a rack row (``ladder`` is ``None`` when ladders are off)."""


def rack_rows(setup: StudySetup, start: int, stop: int) -> list[dict[str, Any]]:
    """The rows of racks ``start..stop-1`` for every lexicon of ``setup`` (lexicon by lexicon).

    >>> from jarnac_solver import Lexicon
    >>> setup = StudySetup.of([Lexicon.load("fr")], racks=2, ladders=False)
    >>> [row["rack_index"] for row in rack_rows(setup, 0, 2)]
    [0, 1]
    """
    rows: list[dict[str, Any]] = []
    rules = setup.rules
    for lex, name, bag in zip(setup.lexicons, setup.names, setup.bags, strict=True):
        alphabet = lex.alphabet
        code_of = {tile: code for code, tile in enumerate(alphabet.tiles)}
        racks = [
            [code_of[t] for t in bag.sample(item_rng(setup.seed, "rack", i), setup.rack_size)]
            for i in range(start, stop)
        ]
        stats = rack_stats(lex, racks, rules.min_length, rules.line_length, engine=setup.engine)
        for k, codes in enumerate(racks):
            row: dict[str, Any] = {"lexicon": name, "rack_index": start + k, "rack": alphabet.decode(codes)}
            values = stats.row(k)
            best = values.pop("best_node")
            row.update(values)
            row["best"] = " ".join(lex.index.words_at(best)) if best else ""
            row["ladder"] = None
            row["ladder_exact"] = None
            if setup.ladders:
                budget = None if setup.ladder_budget is None else Deadline(setup.ladder_budget)
                ladder = plan_ladder(lex, Tray.from_codes((), codes, alphabet), rules, budget=budget)
                row["ladder"] = len(ladder)
                row["ladder_exact"] = ladder.exact
            rows.append(row)
    return rows
