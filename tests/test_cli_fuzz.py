"""Every command x a table of hostile arguments and files: status 0, or one line on stderr and status 2.

Never a traceback: ``main`` returns for every one (an exception escaping it fails the test).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jarnac_solver import Lexicon
from jarnac_solver.cli import main

HOSTILE_TEXT = ["", " ", ".", "I..J", "A.", "\x00", "é", "💥", "-1", "0", "99999999999999999999", "1e9", "/", "²"]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("hostile")
    binary = folder / "binary.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    latin1 = folder / "latin1.txt"
    latin1.write_bytes("caf\xe9\nr\xe2t\n".encode("latin-1"))
    crafted = folder / "crafted.jlex"
    data = bytearray(Lexicon.from_words(["rat", "art"]).to_bytes())
    data[-3] ^= 0xFF
    crafted.write_bytes(bytes(data))
    empty = folder / "empty.txt"
    empty.write_text("", encoding="utf-8")
    record = folder / "record.txt"
    record.write_text('[Lexicon "fr"]\n[Rules 5]\n[Seed "1"]\n[Bag "1A"]\n[Result "*"]\n', encoding="utf-8")
    return {
        "dir": str(folder),
        "missing": str(folder / "missing.txt"),
        "binary": str(binary),
        "latin1": str(latin1),
        "crafted": str(crafted),
        "empty": str(empty),
        "record": str(record),
        "in a missing dir": str(folder / "no" / "such" / "x.jlex"),
    }


COMMANDS: list[tuple[list[str], list[int]]] = [
    # (argv with a slot written "@", the slot's index in it)
    (["words", "@", "--lexicon", "en"], [1]),
    (["words", "ABC", "--min-len", "@", "--lexicon", "en"], [3]),
    (["anagram", "@", "--lexicon", "en"], [1]),
    (["extend", "@", "AB", "--lexicon", "en"], [1]),
    (["extend", "RAT", "@", "--lexicon", "en"], [2]),
    (["moves", "@"], [1]),
    (["moves", "RAT / @"], [1]),
    (["moves", "RAT / ZW", "--rules", "@"], [3]),
    (["jarnac", "@ / Z"], [1]),
    (["jarnac", "RAT / Z", "--free-lines", "@"], [3]),
    (["jarnac", "RAT / Z", "--rules", "english", "--turn-lines", "@"], [5]),
    (["plan", "/ @"], [1]),
    (["hint", "RAT / @", "--top", "2"], [1]),
    (["hint", "RAT / ZW", "--top", "@"], [3]),
    (["hint", "RAT / ZW", "--opponent", "@"], [3]),
    (["hint", "RAT / ZW", "--unseen", "@"], [3]),
    (["hint", "RAT / ZW", "--budget", "@", "--samples", "1"], [3]),
    (["hint", "/", "--phase", "dispute", "--disputed", "@", "--rules", "competitive"], [4]),
    (["play", "--games", "@"], [2]),
    (["play", "--games", "1", "--players", "@"], [4]),
    (["play", "--games", "1", "--seed", "@"], [4]),
    (["lexicon", "info", "@"], [2]),
]
FILE_COMMANDS = [
    ["words", "RAT", "--lexicon", "@"],
    ["play", "--games", "1", "--bag", "@"],
    ["hint", "RAT / ZW", "--bag", "@"],
    ["play", "--games", "1", "--record", "@"],
    ["replay", "@"],
    ["lexicon", "info", "@"],
    ["lexicon", "build", "@", "out.jlex"],
]


def check(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status = main(argv)
    out, err = capsys.readouterr()
    assert status in (0, 2), (argv, status, err)
    if status == 2:
        assert out == "" and len(err.strip().splitlines()) == 1, (argv, err)
    assert "Traceback" not in err


@pytest.mark.parametrize(("template", "slots"), COMMANDS, ids=[" ".join(t) for t, _ in COMMANDS])
def test_hostile_text_in_every_slot(capsys: pytest.CaptureFixture[str], template: list[str], slots: list[int]) -> None:
    for value in HOSTILE_TEXT:
        if template[:2] == ["play", "--games"] and value.isascii() and value.isdigit() and int(value) > 1:
            continue  # a huge number of games is a long run, not an error
        argv = [a.replace("@", value) if "@" in a else a for a in template]
        check(capsys, argv)


@pytest.mark.parametrize("template", FILE_COMMANDS, ids=" ".join)
def test_hostile_files_in_every_file_slot(
    capsys: pytest.CaptureFixture[str],
    files: dict[str, str],
    template: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    for path in files.values():
        check(capsys, [path if a == "@" else a for a in template])
