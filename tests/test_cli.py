"""The command line: output, --json, and one-line errors with status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jarnac_solver.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_words_groups_by_length_with_points(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "words", "OUCCHK", "--lexicon", "en")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("words from OUCCHK on en:")
    assert "5 letters (25 pts): CHOCK CHUCK COUCH" in lines
    assert any(line.startswith("4 letters (16 pts):") and "HOCK" in line for line in lines)


def test_json_outputs(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "words", "ouucchk", "--json", "--min-len", "5", "--lexicon", "en")
    assert status == 0
    data = json.loads(out)
    assert data["words"] == ["CHOCK", "CHUCK", "COUCH"] and data["count"] == 3 and data["lexicon"] == "en"
    _, out, _ = run(capsys, "extend", "couch", "a", "--json", "--lexicon", "en")
    assert json.loads(out)["words"] == ["CACHOU"]
    _, out, _ = run(capsys, "anagram", "uochac", "--json", "--lexicon", "en")
    assert json.loads(out)["words"] == ["CACHOU"]
    _, out, _ = run(capsys, "lexicon", "list", "--json")
    assert "en" in json.loads(out)


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["words", "AB1"], "'1'"),
        (["words", "ABC", "--min-len", "0"], "--min-len"),
        (["words", "ABC", "--min-len", "5", "--max-len", "3"], "less than min_len"),
        (["words", "ABC", "--lexicon", "klingon"], "klingon"),
        (["extend", "", "AB"], "at least one letter"),
        (["lexicon", "info", "/no/such/file.jlex"], "file.jlex"),
        (["frobnicate"], "invalid choice"),
        (["words"], "rack"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert needle in err
    assert "Traceback" not in err


def test_lexicon_build_and_info(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "mine.txt"
    source.write_text("rat\nart\ncœur\nx-ray\n", encoding="utf-8")
    target = tmp_path / "mine.jlex"
    status, out, _ = run(capsys, "lexicon", "build", str(source), str(target))
    assert status == 0
    assert "3 words" in out and "skipped 1 entries: not in the alphabet" in out
    status, out, _ = run(capsys, "words", "TRAS", "--lexicon", str(target))
    assert "ART RAT" in out
    status, out, _ = run(capsys, "lexicon", "info", str(target), "--json")
    info = json.loads(out)
    assert info["words"] == 3 and info["by_length"] == {"3": 2, "5": 1}
    status, out, _ = run(capsys, "lexicon", "info", "en")
    assert "72351 words" in out and "SCOWL" in out and "bag: en (12A 3B" in out
    status, out, _ = run(capsys, "lexicon", "info", "nl")
    assert "IJ" in out and "bag: none known" in out


def test_default_lexicon_is_french(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "extend", "RAT", "ZW")
    assert status == 0 and out.startswith("extensions of RAT with ZW on fr: 1 word")
    status, out, _ = run(capsys, "lexicon", "list")
    assert "fr" in out and "(default)" in out and "nl" in out


def test_python_dash_m_runs_the_same_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "jarnac_solver", "words", "AB2"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "'2'" in done.stderr
