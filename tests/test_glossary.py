"""The catalogs follow the glossary (docs/glossary.md): each row's message says the game's word in each
language, the word as the edition of that language names it."""

from __future__ import annotations

from pathlib import Path

import pytest

from jarnac_solver.messages import MESSAGES, render

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "fr", "es", "nl")


def rows() -> list[tuple[str, dict[str, str], str]]:
    """Each row of the glossary's table: the concept, its word by language, the code of the message saying it."""
    found = []
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 6 or not cells[5].startswith("`"):
            continue
        found.append((cells[0], dict(zip(LANGUAGES, cells[1:5], strict=True)), cells[5].strip("`")))
    return found


def test_the_glossary_has_its_rows() -> None:
    assert len(rows()) >= 15


@pytest.mark.parametrize(("concept", "words", "code"), rows(), ids=[row[0] for row in rows()])
def test_each_language_says_the_glossarys_word(concept: str, words: dict[str, str], code: str) -> None:
    assert code in MESSAGES, code
    values = dict.fromkeys(MESSAGES[code].placeholders, 2)
    for language, word in words.items():
        said = render(code, values, language).lower()
        # A verb may be said conjugated ("piochez" for "piocher", "dit" for "dire"): each word's stem.
        stems = [w if len(w) <= 3 else w[: max(2, len(w) - 2)] for w in word.lower().split()]
        assert all(stem in said for stem in stems), (language, word, said)
