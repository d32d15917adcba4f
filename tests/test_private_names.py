"""No module imports a private name (``_x``) of another module of the package: a name another module uses is
an idea they share, public and documented where it lives (docs/design.md, the standards)."""

from __future__ import annotations

import ast
from pathlib import Path

import jarnac_solver

PACKAGE = Path(jarnac_solver.__file__).parent


def private_imports(text: str, package: str) -> list[str]:
    """The ``from <a module of jarnac_solver> import _name`` statements of a module's ``text`` (its relative
    imports read from ``package``, the dotted name of the package it is in), as ``line: statement``."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.ImportFrom):
            continue
        target = node.module or ""
        if node.level:
            parts = package.split(".")
            target = ".".join([*parts[: len(parts) - node.level + 1], *([node.module] if node.module else [])])
        if target.split(".")[0] != "jarnac_solver":
            continue
        for alias in node.names:
            if alias.name.startswith("_") and not alias.name.startswith("__"):
                found.append(f"{node.lineno}: from {target} import {alias.name}")
    return found


def test_no_module_imports_a_private_name_of_another() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        package = ".".join(path.relative_to(PACKAGE.parent).parent.parts)
        found += [f"{path.relative_to(PACKAGE.parent)}:{line}" for line in private_imports(path.read_text(), package)]
    assert found == []


def test_the_check_finds_them() -> None:
    """Relative and absolute imports of a private name of the package are found, no other."""
    text = "from .tray import _x, y\nfrom ..game import _z\nfrom jarnac_solver.moves import _w\nfrom os import _exit\n"
    assert private_imports(text, "jarnac_solver.moves") == [
        "1: from jarnac_solver.moves.tray import _x",
        "2: from jarnac_solver.game import _z",
        "3: from jarnac_solver.moves import _w",
    ]
