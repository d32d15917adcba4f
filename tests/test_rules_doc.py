"""docs/rules.md is where the rules live: every section cited exists, every rule option and preset has its
section, and no reference points outside the repository (a rulebook by number, an issue, a person)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from jarnac_solver import Rules
from jarnac_solver.moves.rules import PRESETS

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
# The service's and the page's tests are rewritten apart (their references go with that work).
ELSEWHERE = ("tests/test_server", "tests/test_page")


def sources() -> list[Path]:
    """The repository's own text: the package, tests, benchmarks, lexicon tools and documents."""
    found = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for folder, patterns in [
        ("jarnac_solver", ("*.py", "*.c", "*.h", "*.js", "*.html")),
        ("tests", ("*.py",)),
        ("benchmarks", ("*.py", "*.c", "*.md")),
        ("lexicons", ("*.py", "*.md")),
        ("docs", ("*.md",)),
    ]:
        for pattern in patterns:
            found += (ROOT / folder).rglob(pattern)
    return [p for p in found if not str(p.relative_to(ROOT)).startswith(ELSEWHERE) and p != Path(__file__)]


def anchors() -> set[str]:
    """The anchors of docs/rules.md: its headings as GitHub makes them, and its ``<a id>`` marks."""
    text = RULES.read_text(encoding="utf-8")
    made = {
        re.sub(r"[^a-z0-9 -]", "", heading.strip().lower()).replace(" ", "-")
        for heading in re.findall(r"^#{2,3} (.+)$", text, re.MULTILINE)
    }
    return made | set(re.findall(r'<a id="([a-z0-9-]+)"></a>', text))


def test_every_section_cited_exists() -> None:
    known = anchors()
    cited = {
        (str(path.relative_to(ROOT)), anchor)
        for path in sources()
        for anchor in re.findall(r"rules\.md#([a-z0-9-]+)", path.read_text(encoding="utf-8", errors="replace"))
    }
    assert len(cited) > 20  # the code, tests and documents do cite it
    assert {(where, anchor) for where, anchor in cited if anchor not in known} == set()


def test_every_rule_option_and_preset_has_its_place() -> None:
    text = RULES.read_text(encoding="utf-8")
    layout = {"lines", "line_length", "min_length", "opening_draw", "exchange_size"}  # named as Rules.<name>
    for option in dataclasses.fields(Rules):
        form = f"`Rules.{option.name}`" if option.name in layout else f"`{option.name}`"
        assert form in text, option.name
    for name in PRESETS:
        assert f"| `{name}`" in text, name


def test_no_reference_points_outside_the_repository() -> None:
    outside = re.compile(r"\bRULES\.md|\b(?i:seeds? 0\d\d|issue \d+|newcomer)")
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
        for path in sources()
        if path.name != "rules.md"
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if outside.search(line)
    ]
    assert found == []
