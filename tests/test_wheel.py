"""The wheel built from the repository ships every compiled lexicon and its licence."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not (REPO / "pyproject.toml").exists(), reason="needs the source tree")
def test_wheel_contains_lexicons_and_licences(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(REPO),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("jarnac_solver-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for lexicon in ("en", "en-large", "fr", "es", "nl"):
        assert f"jarnac_solver/data/{lexicon}.jlex" in names
        assert f"jarnac_solver/data/{lexicon}.copyright" in names
    assert "jarnac_solver/py.typed" in names
    assert not any(name.startswith(("tests/", "lexicons/")) for name in names)
