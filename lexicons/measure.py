#!/usr/bin/env python3
"""Estimate what remains in the bundled lists that the rules forbid: names, acronyms, interjections.

    python lexicons/measure.py [--dir DIR]   # DIR holds NAME.txt (default: lexicons/)

Reads the same Debian sources as build.py (run ``build.py extract`` first, so
they are installed) and prints one row per list:

- ``name homographs``: words the source also writes with a capital (SCOWL's
  upper and proper-names lists for English; capitalised entries or stems for
  the others). An upper bound: most are common words that are also names
  (BILL, MARK, ROSE).
- ``names (est.)``: English only, the homographs that WordNet writes only with
  a capital and that no source gives a lower-case sense (the build's test
  without its size conditions), minus the reviewed keep list.
- ``vowelless 3+``: words of 3+ tiles without a vowel, outside the reviewed list.
- ``interj. tagged``: words a source tags as interjections that remain
  (kept by another part of speech, hygiene.py rule 2), and ``reviewed listed``:
  words of the reviewed interjection and abbreviation lists that remain.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from jarnac_solver.lexicon.alphabet import alphabet_for  # noqa: E402

import build  # noqa: E402
from hygiene import ABBREVIATIONS, INTERJECTIONS, PROPER_NOUN_KEPT, VOWELLESS_KEPT, VOWELS  # noqa: E402

LATIN = alphabet_for("latin")


def _fold(entry: str) -> str:
    return LATIN.fold(entry)


def capitalised_at_source(name: str) -> set[str]:
    """Folded spellings that the source writes with a capital."""
    found: set[str] = set()
    if name.startswith("en"):
        for path in build.SCOWL.iterdir():
            if any(f"-{category}." in path.name for category in build.SCOWL_NAME_CATEGORIES):
                found.update(_safe_fold(e) for e in build._read_scowl(path) if e != e.lower())
    elif name == "nl":
        entries = Path("/usr/share/dict/dutch").read_text(encoding="utf-8").split("\n")
        found.update(_safe_fold(e) for e in entries if e != e.lower())
    else:
        from hunspell_expand import read_dictionary

        dictionary = "fr" if name.startswith("fr") else "es_ES"
        _, stems = read_dictionary(str(build.HUNSPELL / dictionary))
        found.update(_safe_fold(entry.stem) for entry in stems if entry.stem != entry.stem.lower())
    found.discard("")
    return found


def _safe_fold(entry: str) -> str:
    try:
        return _fold(entry)
    except ValueError:  # InvalidLetterError: a hyphen, an apostrophe, a digit
        return ""


def interjection_tags(name: str) -> set[str]:
    """Folded spellings that a source of the language tags as interjections."""
    tags: dict[str, set[str]] = {}
    if name.startswith("en"):
        for lang in build.WIKDICT:
            build.read_wikdict(
                build.DICTD / f"freedict-eng-{lang}.index", build.DICTD / f"freedict-eng-{lang}.dict.dz", tags
            )
    elif name == "nl":
        for lang in build.WIKDICT_DUTCH:
            build.read_wikdict(
                build.DICTD / f"freedict-nld-{lang}.index", build.DICTD / f"freedict-nld-{lang}.dict.dz", tags
            )
    elif name.startswith("fr"):
        from hunspell_expand import read_dictionary

        _, stems = read_dictionary(str(build.HUNSPELL / "fr"))
        for entry in stems:
            if any(tag.split(".")[0] == "interj" for tag in entry.tags.get("po", ())):
                tags.setdefault(entry.stem, set()).add("interjection")
    return {_safe_fold(word) for word, found in tags.items() if "interjection" in found} - {""}


def measure(name: str, folder: Path, pos: build.EnglishPartsOfSpeech | None) -> dict[str, int]:
    alphabet = alphabet_for(build.SOURCES[name].alphabet)
    words = set((folder / f"{name}.txt").read_text(encoding="utf-8").split())
    homographs = words & capitalised_at_source(name)
    names = -1
    if pos is not None:
        names = sum(
            1
            for w in homographs
            if w.lower() not in PROPER_NOUN_KEPT
            and pos.bases(w.lower()) & pos.capitalised
            and not pos.is_word(w.lower())
        )
    vowelless = sum(
        1
        for w in words
        if len(tiles := alphabet.tokenize(w, what="word")) >= 3 and not VOWELS & set(tiles) and w not in VOWELLESS_KEPT
    )
    lang = name.split("-")[0]
    listed = {_safe_fold(w) for w in (*INTERJECTIONS.get(lang, {}), *ABBREVIATIONS.get(lang, {}))} - {""}
    return {
        "words": len(words),
        "name homographs": len(homographs),
        "names (est.)": names,
        "vowelless 3+": vowelless,
        "interj. tagged": len(words & interjection_tags(name)),
        "reviewed listed": len(words & listed),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", type=Path, default=HERE, help="folder of the NAME.txt lists (default: lexicons/)")
    parser.add_argument("names", nargs="*", default=["fr", "fr-competitive", "en", "en-large", "es", "nl"])
    args = parser.parse_args()
    pos = build.EnglishPartsOfSpeech.load() if any(n.startswith("en") for n in args.names) else None
    rows = {name: measure(name, args.dir, pos if name.startswith("en") else None) for name in args.names}
    columns = list(next(iter(rows.values())))
    print("| list | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for name, row in rows.items():
        cells = [f"{v:,}" if v >= 0 else "n/a" for v in row.values()]
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
