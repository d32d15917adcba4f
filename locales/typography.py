# ruff: noqa: RUF001, RUF002  (typography is the subject: its marks are written as they are)
"""Each language's typography in its catalog, checked and applied: ``locales/<lang>.po``'s translations.

    python locales/typography.py          # rewrite fr, es and nl's msgstr lines by their rules
    python locales/typography.py --check  # only list the faults (exit 1 on one), each a line

French: a narrow no-break space (U+202F) before ``:`` ``;`` ``?`` ``!`` and inside « »; Spanish: a question
opens with ``¿`` and an exclamation with ``¡`` (the fix cannot place them: it only reports); Dutch: no space
before ``:`` ``;`` ``?`` ``!`` and its quotation marks ‘ ’. A placeholder (``{mean:+.1f}``) is never touched.
The standard library only; the catalogs' reader is :mod:`catalogs` beside this file.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent

NNBSP = "\u202f"
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# A French high punctuation after a word, a closing mark or a placeholder, with or without a plain space.
FRENCH_HIGH = re.compile(r"(?:(?<=[\w»)\]}.…’'%*\"])|^)[ \u00a0]?([:;?!])(?=[\s\"»)]|$)")
FRENCH_OPEN = re.compile(r"«[ \u00a0\u202f]?")
FRENCH_CLOSE = re.compile(r"[ \u00a0\u202f]?»")
DUTCH_SPACED = re.compile(r"[ \u00a0\u202f]([:;?!])(?=\s|$)")
MSGSTR = re.compile(r'^(msgstr(?:\[\d\])? )(".*")$', re.M)


def _outside_placeholders(text: str, change: Callable[[str], str]) -> str:
    """``change`` applied to the runs of ``text`` between its placeholders (each kept as written)."""
    parts, at = [], 0
    for m in PLACEHOLDER.finditer(text):
        parts.append(change(text[at : m.start()]))
        parts.append(m.group())
        at = m.end()
    parts.append(change(text[at:]))
    return "".join(parts)


def fix(language: str, text: str) -> str:
    """``text`` set by ``language``'s rules (what can be set without reading it: French spaces, Dutch spaces).

    >>> fix("fr", "Refusé: « Jarnac! » ; fin ?")
    'Refusé\u202f: «\u202fJarnac\u202f!\u202f»\u202f; fin\u202f?'
    >>> fix("fr", "{mean:+.1f} à {n}:")
    '{mean:+.1f} à {n}\u202f:'
    >>> fix("fr", "une carte (7H, 10D!), ou rien !")
    'une carte (7H, 10D!), ou rien\u202f!'
    >>> fix("nl", "Klaar ! Nu :")
    'Klaar! Nu:'
    """
    if language == "fr":

        def high(m: re.Match[str]) -> str:
            # A token of a notation ("10D!", a card played with its option) keeps its mark as written.
            word = re.search(r"\S*$", m.string[: m.start()])
            return m.group() if word and re.search(r"\d", word.group()) and not m.group()[0].isspace() else NNBSP + m[1]

        def french(run: str) -> str:
            run = FRENCH_HIGH.sub(high, run)
            run = FRENCH_OPEN.sub("«" + NNBSP, run)
            return FRENCH_CLOSE.sub(NNBSP + "»", run)

        return _outside_placeholders(text, french)
    if language == "nl":
        return _outside_placeholders(text, lambda run: DUTCH_SPACED.sub(r"\1", run))
    return text


def faults(language: str, text: str) -> list[str]:
    """What ``text`` breaks of ``language``'s typography, each a short phrase (none: it follows them).

    >>> faults("es", "¿Cuántos? Muchos!")
    ['an exclamation without ¡']
    >>> faults("fr", "Fin : oui")
    ['not the narrow no-break space before : ; ? ! or inside « »']
    """
    found = []
    if fix(language, text) != text:
        found.append(
            "not the narrow no-break space before : ; ? ! or inside « »"
            if language == "fr"
            else "a space before : ; ? !"
        )
    if language == "es":
        bare = re.sub(r"\S*\d\S*!", "", PLACEHOLDER.sub("", text))  # a notation's "10D!" is no exclamation
        if bare.count("?") > bare.count("¿"):
            found.append("a question without ¿")
        if bare.count("!") > bare.count("¡"):
            found.append("an exclamation without ¡")
    if language == "nl" and ("«" in text or "»" in text):
        found.append("French guillemets in Dutch (‘ ’)")
    if language in ("es", "nl") and NNBSP in text:
        found.append("a French narrow space")
    return found


def translations(language: str) -> list[tuple[int, str]]:
    """Each msgstr of ``language``'s catalog (the header's left out): its line number and its text."""
    text = (HERE / f"{language}.po").read_text(encoding="utf-8")
    found = []
    for m in MSGSTR.finditer(text):
        value = json.loads(m[2])
        if value and not value.startswith("Project-Id-Version") and "Plural-Forms" not in value:
            found.append((text.count("\n", 0, m.start()) + 1, value))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only list the faults")
    args = parser.parse_args(argv)
    problems = 0
    for language in ("fr", "es", "nl"):
        path = HERE / f"{language}.po"
        if not args.check:
            text = path.read_text(encoding="utf-8")

            def set_(m: re.Match[str], language: str = language) -> str:
                return m[1] + json.dumps(fix(language, json.loads(m[2])), ensure_ascii=False)

            path.write_text(MSGSTR.sub(set_, text), encoding="utf-8")
        for line, value in translations(language):
            for fault in faults(language, value):
                print(f"{language}.po:{line}: {fault}: {value!r}")
                problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
