"""The README's Python examples are doctests: they run, and their outputs are checked (the site's pages have
theirs run by tests/test_docs.py)."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_run_as_written() -> None:
    failures, tried = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried >= 6, "the README lost its examples"
    assert failures == 0
