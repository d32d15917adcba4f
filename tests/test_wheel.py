"""The wheel built from the repository ships every compiled lexicon, its licence and the compiled walk;
without a C compiler the build still succeeds, and the package runs its pure walk."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
needs_source = pytest.mark.skipif(not (REPO / "pyproject.toml").exists(), reason="needs the source tree")


def build_wheel(folder: Path, env: dict[str, str] | None = None) -> Path:
    """``pip wheel`` of a clean copy of the repository (made once, in ``folder/source``) into ``folder``
    (no build isolation: setuptools is a test dependency)."""
    source = folder / "source"
    if not source.exists():
        skip = shutil.ignore_patterns(".*", "build", "dist", "*.egg-info", "*.so", "*.pyd", "__pycache__")
        shutil.copytree(REPO, source, ignore=skip)
    for old in folder.glob("*.whl"):
        old.unlink()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(folder),
            str(source),
        ],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = folder.glob("jarnac_solver-*.whl")
    return wheel


@needs_source
def test_wheel_contains_lexicons_and_licences(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
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
    assert {"jarnac_solver/_speedups.pyi", "jarnac_solver/_allocation.pyi"} <= set(names)  # the C boundary's types
    assert not any(name.startswith(("tests/", "lexicons/")) for name in names)
    if shutil.which("cc") or shutil.which("gcc"):
        assert any(n.startswith("jarnac_solver/_speedups.") and n.endswith(COMPILED) for n in names), "not built"
    assert not any(n.endswith(".c") for n in names)


COMPILED = (".so", ".pyd")
"""How a compiled extension's file name ends (the stubs beside it end in .pyi)."""


@needs_source
def test_without_a_compiler_the_wheel_is_pure(tmp_path: Path) -> None:
    """A machine with no C compiler (``CC=false``): the build succeeds, the package runs the pure walk, even
    where an earlier build with a compiler left its ``build/`` folder (setuptools reused
    the old extension)."""
    if shutil.which("cc") or shutil.which("gcc"):
        build_wheel(tmp_path)
        assert (tmp_path / "source" / "build").is_dir()
    wheel = build_wheel(tmp_path, {**os.environ, "CC": "false", "LDSHARED": "false"})
    names = zipfile.ZipFile(wheel).namelist()
    assert not any("_speedups" in n and n.endswith(COMPILED) for n in names)  # its .pyi ships either way
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)], check=True
    )
    code = "import jarnac_solver as j; print(j.__file__, j.IMPLEMENTATION, j.Lexicon.load('en').anagrams('CHOUCA'))"
    env = {**os.environ, "PYTHONPATH": str(target)}
    # -S: no site-packages, so no editable install of the repository in the way
    done = subprocess.run([sys.executable, "-S", "-c", code], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    where, implementation, answer = done.stdout.split()
    assert where.startswith(str(target))
    assert (implementation, answer) == ("pure", "['CACHOU']")
    # The failed build is said where the user sees it: one warning on stderr, and --version.
    assert done.stderr.count("PureWalkWarning") == 1 and "the C extension is not built" in done.stderr
    version = [sys.executable, "-S", "-m", "jarnac_solver", "--version"]
    shown = subprocess.run(version, env=env, capture_output=True, text=True, cwd=tmp_path)
    assert "pure walk (the C extension is not built)" in shown.stdout, shown
    chosen = {**env, "JARNAC_SOLVER_PURE": "1"}  # the pure walk asked for: no warning
    quiet = subprocess.run([sys.executable, "-S", "-c", code], env=chosen, capture_output=True, text=True, cwd=tmp_path)
    assert quiet.returncode == 0 and quiet.stderr == "", quiet.stderr


def test_an_unbuilt_checkout_is_told_how_to_build_it(tmp_path: Path) -> None:
    """Python run from a source checkout imports it, not the compiled copy pip installed: the warning says
    so and how to build it there, where a reinstall would change nothing."""
    from jarnac_solver.native import _unbuilt_advice

    checkout = tmp_path / "checkout"
    (checkout / "jarnac_solver").mkdir(parents=True)
    for name in ("setup.py", "pyproject.toml"):
        (checkout / name).write_text("")
    advice = _unbuilt_advice(str(checkout / "jarnac_solver"))
    assert f"the source checkout at {checkout}" in advice and "build_ext --inplace" in advice
    installed = tmp_path / "site-packages" / "jarnac_solver"
    installed.mkdir(parents=True)
    assert _unbuilt_advice(str(installed)).startswith("Reinstall where a C compiler")
