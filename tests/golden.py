"""The golden file of moves and plans on the bundled lexicons (``tests/data/golden.json``).

Both walks, compiled and pure, must reproduce it exactly (``tests/test_golden.py``): every legal move of
each tray, the best Jarnac against it and its longest ladder, under the sheet's rules and the English
rules' value Jarnac. The trays are drawn with fixed seeds from each lexicon's bag (lines are words of the
lexicon, the rack the next tiles), so the file is made the same way every time:

    python -m tests.golden            # rewrite tests/data/golden.json (from the compiled walk)
    python -m tests.golden --check    # say whether the pure walk reproduces it

Regenerate it only for a change of the answers that is meant (a rule, a lexicon): the diff of the file
is then the change, to read before it is committed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from jarnac_solver import Bag, Lexicon, Rules, Tray, best_jarnac, legal_moves, native, plan_ladder

PATH = Path(__file__).resolve().parent / "data" / "golden.json"
LEXICONS = ("fr", "en", "es", "nl", "fr-competitive")
"""The bundled lists but the large English one (its answers are en's and more: seconds in the pure walk)."""
TRAYS = 12
"""Trays a lexicon: 2 to 6 lines of 3 to 7 letters, 6 to 9 spare tiles."""


def trays(lexicon: Lexicon, n: int = TRAYS) -> list[Tray]:
    rng = random.Random(f"golden {lexicon.name}")
    tiles = Bag.for_lexicon(lexicon).tiles()
    words = sorted(w for w in lexicon if 3 <= len(lexicon.alphabet.tokenize(w)) <= 7)
    made = []
    for _ in range(n):
        lines = rng.sample(words, rng.randint(2, 6))
        drawn = rng.sample(tiles, rng.randint(6, 9))
        rack = lexicon.alphabet.decode([lexicon.alphabet.index[t] for t in drawn])  # I.J where IJ is a tile
        made.append(Tray(lines, rack, lexicon.alphabet))
    return made


def answers(lexicon: Lexicon) -> list[dict[str, Any]]:
    """What the file keeps of ``lexicon``: per tray its moves, its best Jarnacs and its ladder."""
    english = Rules.preset("english")
    found = []
    for tray in trays(lexicon):
        value = best_jarnac(lexicon, tray, rules=english, formed_indexes=range(min(2, len(tray.lines))))
        found.append(
            {
                "tray": str(tray),
                "moves": sorted(str(m) for m in legal_moves(lexicon, tray)),
                "jarnac": [str(m) for m in best_jarnac(lexicon, tray).steals],
                "value_jarnac": [str(m) for m in value.steals] + [f"{value.swing} {value.gain}"],
                "ladder": [str(m) for m in plan_ladder(lexicon, tray)],
            }
        )
    return found


def golden(implementation: str) -> dict[str, list[dict[str, Any]]]:
    """The whole file's content, computed with ``implementation``'s walk."""
    with native.implementation(implementation):
        lexicons = [Lexicon.load(name) for name in LEXICONS]
    return {lexicon.name: answers(lexicon) for lexicon in lexicons}


def text(content: dict[str, list[dict[str, Any]]]) -> str:
    return json.dumps(content, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare the pure walk's answers with the file")
    args = parser.parse_args(argv)
    if args.check:
        same = text(golden("pure")) == PATH.read_text(encoding="utf-8")
        print("the pure walk reproduces the golden file" if same else "the pure walk differs from the golden file")
        return 0 if same else 1
    PATH.write_text(text(golden("compiled" if native.compiled_available() else "pure")), encoding="utf-8")
    print(f"wrote {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
