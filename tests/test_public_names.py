"""The public API's names are written three times in jarnac_solver/__init__.py, for three readers: the
type-checking imports (mypy, editors), ``_LAZY`` (the import on first use) and ``__all__`` (what the
package exports). They must agree, name for name and module for module."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import jarnac_solver

SOURCE = Path(jarnac_solver.__file__).read_text(encoding="utf-8")


def imports(body: list[ast.stmt]) -> dict[str, str]:
    """Name -> module (relative to the package) of the ``from .module import name`` statements in ``body``."""
    found = {}
    for node in body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            found.update({alias.asname or alias.name: node.module for alias in node.names})
    return found


def parts() -> tuple[dict[str, str], dict[str, str], dict[str, str], list[str]]:
    tree = ast.parse(SOURCE)
    eager = imports(tree.body)
    checking = next(
        imports(node.body)
        for node in tree.body
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
    )
    listed = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
    )
    return eager, checking, dict(jarnac_solver._LAZY), listed


def test_the_three_lists_agree() -> None:
    eager, checking, lazy, listed = parts()
    assert len(listed) == len(set(listed)), "a name listed twice in __all__"
    assert checking == lazy  # the same names, each from the same module
    assert set(listed) == set(eager) | set(lazy)
    assert not set(eager) & set(lazy)


def test_every_public_name_resolves_to_its_module() -> None:
    _, _, lazy, listed = parts()
    for name in listed:
        value = getattr(jarnac_solver, name)
        if name in lazy:
            assert getattr(importlib.import_module(f"jarnac_solver.{lazy[name]}"), name) is value, name
    assert set(listed) <= set(dir(jarnac_solver))
