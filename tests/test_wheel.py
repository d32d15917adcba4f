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
    archive = zipfile.ZipFile(wheel)
    names = set(archive.namelist())
    for lexicon in ("en", "en-large", "fr", "es", "nl"):
        assert f"jarnac_solver/data/{lexicon}.jlex" in names
        # each notice once, as a licence file of the distribution
        assert [n for n in names if n.endswith(f"/{lexicon}.copyright")] == [
            f"jarnac_solver-{wheel.name.split('-')[1]}.dist-info/licenses/jarnac_solver/data/{lexicon}.copyright"
        ]
    metadata = next(archive.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT AND MPL-2.0 AND MPL-1.1 AND LicenseRef-SCOWL AND (BSD-3-Clause OR CC-BY-3.0)" in (
        metadata
    )
    assert "jarnac_solver/py.typed" in names
    assert not any(name.startswith(("tests/", "lexicons/")) for name in names)
