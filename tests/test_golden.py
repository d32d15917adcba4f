"""Both walks reproduce the golden file of moves and plans on the bundled lexicons (``tests/golden.py``
makes it; a changed answer shows there as a diff of the file, lexicon by lexicon and tray by tray)."""

from __future__ import annotations

import json

import pytest

from jarnac_solver import native

from . import golden


@pytest.mark.parametrize("implementation", ["compiled", "pure"])
def test_the_walk_reproduces_the_golden_file(implementation: str) -> None:
    if implementation == "compiled" and not native.compiled_available():
        pytest.skip("the compiled walk is not built")
    kept = json.loads(golden.PATH.read_text(encoding="utf-8"))
    found = json.loads(golden.text(golden.golden(implementation)))
    assert sorted(found) == sorted(kept) == sorted(golden.LEXICONS)
    for name in golden.LEXICONS:
        for now, then in zip(found[name], kept[name], strict=True):
            assert now == then, (name, then["tray"])
