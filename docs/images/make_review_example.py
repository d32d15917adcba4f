"""Draw docs/images/review-example.png: a reviewed game's graph (the planner against a careless planner).

Run from the repository root, with the report extra installed:

    .venv/bin/python docs/images/make_review_example.py

The game is seeded and the review counts play-outs (no time budget), and the PNG carries no date or
version: the same library and lexicons give the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from jarnac_solver import CarelessPlayer, Lexicon, play_game, review
from jarnac_solver.play.review_graph import write_graph

TARGET = Path(__file__).resolve().parent / "review-example.png"


def main() -> int:
    fr = Lexicon.load("fr")
    # The game of docs/games.md's review example: the careless player slips at half its moves and calls.
    record = play_game(fr, ["planner", CarelessPlayer(4, slip=0.5)], seed=4)
    found = review(record, fr, playouts=8, budget=60.0, seed=0)  # a ceiling only: 8 play-outs take well under it
    write_graph(found, TARGET)
    print(f"{TARGET} ({TARGET.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
