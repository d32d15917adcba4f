"""The documentation site (docs/): its examples run, every code block is either run or marked as shown, the
README's sections all live on in it, its references cover every public name, command and route, and it
builds with no warning (Sphinx, when the ``docs`` group is installed; CI builds it either way)."""

from __future__ import annotations

import doctest
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# Languages of the code blocks that are shown, not run: commands a reader types, their output, documents.
SHOWN = {"sh", "console", "text", "json", "js", "record"}

# The headings of the README as it stood before the site took its sections over: each is a heading of a page.
README_HEADINGS = [
    "jarnac-solver",
    "Bundled lexicons",
    "Library",
    "Multi-character tiles: `IJ` against `I.J`",
    "Looking words up: the judge, patterns, probability",
    "Word study: hooks, blanks, conditions, ranks",
    "Moves and Jarnacs",
    "Games and self-play",
    "Auditing passes",
    "Reviewing games",
    "Records",
    "Planning, hints and advice",
    "Bags",
    "Lexicon studies",
    "Command line",
    "The service",
    "Live games",
    "Limits and lanes",
    "On a club's network",
    "The page: play, referee, audit",
    "Languages: explanations as data",
    "Nain Jaune",
    "Conventions",
    "Speed: the compiled core",
    "Project layout",
]


def reference() -> ModuleType:
    """docs/_ext/reference.py, the generator of the references (plain Python: no Sphinx needed)."""
    spec = importlib.util.spec_from_file_location("reference", DOCS / "_ext" / "reference.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pages() -> list[Path]:
    """The hand-written pages of the site: every Markdown file under docs/ but the generated and built ones."""
    return sorted(p for p in DOCS.rglob("*.md") if not p.relative_to(DOCS).parts[0].startswith("_"))


def fences(text: str) -> list[tuple[str, str]]:
    """The (language, body) of each fenced code block of a Markdown text (nested fences inside lists too)."""
    return [
        (match.group(2), match.group(3))
        for match in re.finditer(r"^( *)```(\S*)[^\n]*\n(.*?)^\1```", text, re.MULTILINE | re.DOTALL)
    ]


def test_every_code_block_runs_or_is_marked_as_shown() -> None:
    for page in [ROOT / "README.md", *pages()]:
        for language, body in fences(page.read_text(encoding="utf-8")):
            where = f"{page.relative_to(ROOT)}: a block starting {body[:40]!r}"
            if language.startswith("{"):
                continue  # a MyST directive ({toctree}), not code
            if language in ("python", "pycon"):
                assert body.lstrip().startswith(">>>"), f"{where} is Python but no doctest"
            else:
                assert language in SHOWN, f"{where} is marked {language!r}, neither a doctest nor {sorted(SHOWN)}"


@pytest.mark.parametrize("page", [p.relative_to(DOCS).as_posix() for p in pages()])
def test_the_pages_examples_run(page: str) -> None:
    path = DOCS / page
    if page == "records.md":
        pytest.skip("run by tests/test_records.py, with the record it builds")
    failures, tried = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert failures == 0
    blocks = sum(1 for language, _ in fences(path.read_text(encoding="utf-8")) if language == "python")
    assert tried >= blocks  # every Python block holds at least one example that ran


def headings(text: str) -> set[str]:
    """The headings of a Markdown text, outside its code blocks."""
    outside = re.sub(r"^( *)```.*?^\1```", "", text, flags=re.MULTILINE | re.DOTALL)
    return {match.strip() for match in re.findall(r"^#{1,6} (.+)$", outside, re.MULTILINE)}


def test_no_section_of_the_readme_was_lost() -> None:
    found = set().union(*(headings(page.read_text(encoding="utf-8")) for page in pages()))
    assert [heading for heading in README_HEADINGS if heading not in found] == []


def test_the_api_reference_documents_every_public_name_with_a_docstring() -> None:
    made = reference()
    api = "\n".join(text for path, text in made.api_pages().items())
    for package in made.PACKAGES:
        assert made.undocumented(package) == []
        names = importlib.import_module(package).__all__
        missing = [
            name for name in names if not re.search(rf"^\.\. auto\w+:: {re.escape(package)}\.{name}$", api, re.M)
        ]
        assert missing == [], f"{package}: not in the reference"


def test_a_public_name_without_a_docstring_is_found() -> None:
    made = reference()
    assert made.docstring("jarnac_solver", "Lexicon").startswith("An indexed word list")
    assert made.docstring("jarnac_solver", "EXACT")  # a constant's: the string after its assignment
    assert made.docstring("jarnac_solver", "DEFAULT_LEXICON")  # followed through a re-export
    # A named tuple's own docstring, not the one made for it: Hook has its own, a bare one has none.
    from typing import NamedTuple

    class Bare(NamedTuple):
        x: int

    module = ModuleType("bare")
    module.Bare = Bare  # type: ignore[attr-defined]
    module.__all__ = ["Bare"]  # type: ignore[attr-defined]
    sys.modules["bare"] = module
    try:
        assert made.undocumented("bare") == ["Bare"]
    finally:
        del sys.modules["bare"]


def test_every_command_and_every_route_has_its_page() -> None:
    made = reference()
    generated = made.pages()
    commands = made.commands()
    # Every command a user types, the grouped ones too, each option of each on its page.
    assert {"words", "hint", "serve", "lexicon build", "lexicon compare", "nain-jaune play"} <= set(commands)
    for command, (_, parser) in commands.items():
        page = generated[f"cli/{made.command_page_name(command)}.md"]
        for action in parser._actions:
            for option in action.option_strings:
                assert f"`{option}" in page or f", {option}" in page, f"{command}: {option}"
    http = generated["http.md"]
    routes = made.routes()
    assert ("POST", "/api/words") in routes and ("GET", "/api/games/{game_id}/review") in routes
    for method, path in routes:
        assert f"({made.route_label(method, path)})=\n## `{method} {path}`" in http
    schema = generated["schema.md"]
    for name in made.openapi()["components"]["schemas"]:
        assert f"({made.schema_label(name)})=" in schema, name
    assert made.pages() == generated  # the same pages every time: nothing from the machine or the clock


def test_every_docs_page_is_in_the_sites_tables_of_contents() -> None:
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    assert re.search(r":glob:\n(?:.*\n)*?\*\n", index), "the guides' glob (every docs/*.md) left the index"


@pytest.mark.skipif(importlib.util.find_spec("sphinx") is None, reason="the docs group is not installed")
def test_the_site_builds_with_no_warning(tmp_path: Path) -> None:
    out = tmp_path / "html"
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-n", "-q", str(DOCS), str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    assert done.stderr.strip() == ""
    built = {p.relative_to(out).as_posix() for p in out.rglob("*.html")}
    for page in pages():
        assert page.relative_to(DOCS).with_suffix(".html").as_posix() in built
    api = "".join(
        (out / "_generated" / "api" / p.name).read_text(encoding="utf-8")
        for p in (out / "_generated" / "api").glob("*.html")
    )
    for package in ("jarnac_solver", "jarnac_solver.nain_jaune"):
        for name in importlib.import_module(package).__all__:
            assert f'id="{package}.{name}"' in api, f"{package}.{name}"
    made = reference()
    for command in made.commands():
        assert (out / "_generated" / "cli" / f"{command.replace(' ', '-')}.html").exists(), command
    http = (out / "_generated" / "http.html").read_text(encoding="utf-8")
    for method, path in made.routes():
        assert f'id="{made.route_label(method, path)}"' in http, (method, path)
    assert (out / "search.html").exists() and (out / "searchindex.js").exists()
    shutil.rmtree(out)
