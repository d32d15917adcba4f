#!/usr/bin/env python3
"""Measure the bundled lists by hand: a judged random sample and a recall list per list.

    python lexicons/judge.py draw NAME [--seed N] [--size 200]  # write measured/sample-NAME.tsv, verdicts blank
    python lexicons/judge.py count                                # the table of docs/lexicons.md

A sample is drawn from the sorted words of ``lexicons/NAME.txt`` with
``random.Random(seed).sample(words, size)``; its file says the seed, the size
and the list's word count at the draw, so the same list and seed give the same
sample. Each line is ``WORD<TAB>VERDICT<TAB>REASON``: the verdict ``ok`` (a
word the rules allow: the reason names its part of speech or what it is a form
of) or ``wrong`` (a word the rules forbid or no word at all: the reason says
which; the build then drops it, so the current list no longer holds it).

A recall list (``measured/recall-LANG.txt``) holds 150 common words of the
language, written before reading the lists; every list of that language must
hold each.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
MEASURED = HERE / "measured"
LISTS = ("fr", "fr-competitive", "en", "en-large", "es", "nl")
SEED = 20261207
SIZE = 200


def words_of(name: str) -> list[str]:
    return (HERE / f"{name}.txt").read_text(encoding="utf-8").split()


def language(name: str) -> str:
    return name.split("-")[0]


def draw(name: str, seed: int = SEED, size: int = SIZE) -> list[str]:
    """The sample of ``size`` words of the current list that ``seed`` draws, in the order drawn."""
    return random.Random(seed).sample(sorted(words_of(name)), size)


def read_sample(name: str) -> tuple[dict[str, str], list[tuple[str, str, str]]]:
    """A judged sample file: its header fields (``# key: value``) and its (word, verdict, reason) rows."""
    header: dict[str, str] = {}
    rows: list[tuple[str, str, str]] = []
    for line in (MEASURED / f"sample-{name}.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            key, _, value = line[1:].partition(":")
            header[key.strip()] = value.strip()
        elif line.strip():
            word, verdict, reason = line.split("\t")
            rows.append((word, verdict, reason))
    return header, rows


def read_recall(lang: str) -> list[str]:
    text = (MEASURED / f"recall-{lang}.txt").read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def count(name: str) -> dict[str, int]:
    """Judged, wrong, wrong still in the list, recall words held, recall size."""
    words = set(words_of(name))
    _, rows = read_sample(name)
    wrong = [w for w, verdict, _ in rows if verdict == "wrong"]
    recall = read_recall(language(name))
    return {
        "judged": len(rows),
        "wrong at the draw": len(wrong),
        "wrong left": sum(1 for w in wrong if w in words),
        "recall held": sum(1 for w in recall if w in words),
        "recall": len(recall),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="step", required=True)
    drawing = sub.add_parser("draw")
    drawing.add_argument("name", choices=LISTS)
    drawing.add_argument("--seed", type=int, default=SEED)
    drawing.add_argument("--size", type=int, default=SIZE)
    sub.add_parser("count")
    args = parser.parse_args()
    if args.step == "draw":
        sample = draw(args.name, args.seed, args.size)
        lines = [
            f"# list: {args.name}",
            f"# seed: {args.seed}",
            f"# size: {args.size}",
            f"# words at the draw: {len(words_of(args.name))}",
            "# drawn: random.Random(seed).sample(sorted(words), size), in that order",
            *(f"{word}\t\t" for word in sample),
        ]
        MEASURED.mkdir(exist_ok=True)
        (MEASURED / f"sample-{args.name}.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        return
    rows = {name: count(name) for name in LISTS}
    columns = list(next(iter(rows.values())))
    print("| list | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for name, row in rows.items():
        print(f"| {name} | " + " | ".join(f"{v:,}" for v in row.values()) + " |")


if __name__ == "__main__":
    main()
