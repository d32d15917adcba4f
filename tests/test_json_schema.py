"""Every command's --json output, success and failure, against jarnac_solver/server/schema.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from jarnac_solver.cli import SCHEMA, main

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "jarnac_solver" / "server" / "schema.json"
VALIDATOR = Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    status = main([*argv, "--json"])
    out, err = capsys.readouterr()
    assert err == "", err  # with --json everything goes to stdout, errors included
    document = json.loads(out)
    errors = sorted(VALIDATOR.iter_errors(document), key=str)
    assert not errors, f"{argv}: {errors[0].message} at {list(errors[0].absolute_path)}"
    assert document["schema"] == SCHEMA
    return status, document


def test_the_schema_is_a_valid_json_schema() -> None:
    Draft202012Validator.check_schema(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


SUCCESSES = [
    ["lexicon", "compare", "fr", "en", "--racks", "30", "--trays", "1", "--games", "1", "--players", "greedy,greedy"],
    ["words", "ABUZRTT"],
    ["words", "ouucchk", "--min-len", "5", "--lexicon", "en"],
    ["anagram", "OHCCAU", "--lexicon", "en"],
    ["check", "été", "TZAR"],
    ["check", "IJS", "--lexicon", "nl"],
    ["search", "?A*E", "--letters", "RATES", "--lexicon", "en"],
    ["search", "IJ?"],
    ["search", "?A*E", "--letters", "RATES", "--lexicon", "en", "--sort", "probability", "--familiarity"],
    ["words", "IJSEL", "--lexicon", "nl", "--probability"],
    ["lexicon", "diff", "en", "en-large", "--limit", "2"],
    ["lexicon", "diff", "en", "en-large", "--length", "4", "--sort", "alphabet"],
    ["extend", "COUCH", "A", "--lexicon", "en"],
    ["moves", "RAT BUT / ZW"],
    ["moves", "BIJT / ZI.JD", "--lexicon", "nl", "--rules", "multilingual"],
    ["jarnac", "CARIES SORBETS / SN"],
    ["jarnac", "RAT / Q"],
    ["jarnac", "CACHOU SHRUB BAITS TIE /", "--lexicon", "en", "--rules", "english", "--turn-lines", "2,3,4"],
    ["jarnac", "RAT BUT CAS DOS FEU LIT MER O / G", "--thief", "/"],
    ["plan", "/ ACEERT"],
    ["plan", "RAT BUT TAS CHOSE / ABCDEEILNORS", "--budget", "5"],
    ["jarnac", "FIXIEZ RIVELET FORKAS / TRACZM", "--rules", "english", "--turn-lines", "1,2,3", "--budget", "5"],
    ["hint", "RAT BUT / ZWUSE", "--top", "2"],
    ["hint", "RAT BUT / ZWUSE", "--opponent", "TZAR / E", "--familiarity", "--top", "2"],
    ["hint", "RAT BUT / QWXZKY", "--phase", "start", "--samples", "2"],
    ["hint", "/", "--opponent", "RAT BUT / ZW", "--phase", "jarnac"],
    ["hint", "RAT BUT TAS CHOSE / ABCDEEILNORS", "--budget", "10", "--samples", "1"],
    ["play", "--games", "1", "--seed", "3"],
    ["play", "--list-players"],
    ["lexicon", "info", "nl"],
    ["lexicon", "info", "fr"],
    ["lexicon", "list"],
    ["puzzle", "--seed", "12", "--kind", "best_play", "--lexicon", "en", "--reveal"],
    ["puzzle", "--date", "2026-12-07", "--answer", "ETUI+RT=TRUITE"],
]


@pytest.mark.parametrize("argv", SUCCESSES, ids=lambda argv: " ".join(argv))
def test_every_command_succeeds_with_a_valid_document(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, document = run_json(capsys, *argv)
    assert status == 0 and "result" in document


def test_a_quiz_document_is_valid(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    state = str(tmp_path / "progress.sqlite3")
    status, asked = run_json(capsys, "quiz", "--state", state, "--lexicon", "en", "--scheduler", "leitner")
    assert status == 0 and asked["result"]["card"] is not None and asked["result"]["judged"] is None
    status, answered = run_json(capsys, "quiz", "--state", state, "--lexicon", "en", "--answer", "-")
    assert status == 1 and answered["result"]["judged"]["right"] is False


def test_line_numbers_count_from_one_in_every_document(capsys: pytest.CaptureFixture[str]) -> None:
    _, moves = run_json(capsys, "moves", "RAT BUT / ZW")
    _, jarnac = run_json(capsys, "jarnac", "CARIES SORBETS / SN")
    assert moves["result"]["moves"][0]["line"] == 1
    assert jarnac["result"]["plan"]["taken"] == [1, 2]
    assert [m["line"] for m in jarnac["result"]["plan"]["steals"]] == [1, 2]


def test_play_documents_are_the_same_for_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    _, first = run_json(capsys, "play", "--games", "2", "--seed", "5")
    _, again = run_json(capsys, "play", "--games", "2", "--seed", "5")
    assert first == again and len(first["result"]["records"]) == 2


def test_record_replay_and_build_documents(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    records = tmp_path / "games.txt"
    assert main(["play", "--games", "2", "--record", str(records)]) == 0
    capsys.readouterr()
    status, document = run_json(capsys, "replay", str(records))
    assert status == 0 and len(document["result"]["games"]) == 2
    status, document = run_json(capsys, "audit", str(records), "--deep")
    assert status == 0 and len(document["result"]["games"]) == 2 and document["result"]["games"][0]["turns"]
    words = tmp_path / "words.txt"
    words.write_text("rat\nart\nx-ray\n", encoding="utf-8")
    status, document = run_json(capsys, "lexicon", "build", str(words), str(tmp_path / "words.jlex"))
    assert status == 0 and document["result"]["words"] == 2


FAILURES = [
    ["words", "AB1"],
    ["words", "ABC", "--min-len", "0"],
    ["anagram", "A.", "--lexicon", "nl"],
    ["check", "R4T"],
    ["check", ""],
    ["search", "[AE"],
    ["extend", "", "AB"],
    ["moves", "RAT BUT"],
    ["moves", "RAT / Z", "--lexicon", "klingon"],
    ["jarnac", "RAT / Z", "--free-lines", "9"],
    ["jarnac", "RAT / Z", "--turn-lines", "5"],
    ["plan", "RATATATATA / Z"],
    ["hint", "RAT / Q1"],
    ["play", "--players", "greedy,foo"],
    ["play", "--lexicon", "nl", "--bag", "fr", "--games", "1"],
    ["replay", "/no/such/record.txt"],
    ["audit", "/no/such/record.txt"],
    ["audit", "/no/such/record.txt", "--workers", "0"],
    ["jarnac", "RAT / Z", "--thief", "/", "--free-lines", "2"],
    ["lexicon", "info", "/no/such/file.jlex"],
    ["lexicon", "build", "/no/such/words.txt", "out.jlex"],
    ["frobnicate"],
    ["words"],
    [],
]


def test_a_word_not_valid_is_a_result_with_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, document = run_json(capsys, "check", "TZAR", "TZRA")
    assert status == 1 and document["result"]["all_valid"] is False
    assert [w["valid"] for w in document["result"]["words"]] == [True, False]


@pytest.mark.parametrize("argv", FAILURES, ids=lambda argv: " ".join(argv) or "nothing")
def test_every_failure_is_an_error_document_with_status_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, document = run_json(capsys, *argv)
    assert status == 2 and "error" in document and "result" not in document


def test_record_and_an_unfinished_replay_documents(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record command's document, and the replay of an unfinished game played over the board."""
    import io
    import sys

    path = tmp_path / "game.txt"
    monkeypatch.setattr(sys, "stdin", io.StringIO("draw {EARTSN}\n+RAT {E}\n+XYZ {A}\n"))
    status, document = run_json(capsys, "record", "--out", str(path), "--players", "Alice,Bruno")
    assert status == 2 and document["result"]["refused"][0]["line"] == 3
    status, document = run_json(capsys, "replay", str(path))
    assert status == 0 and document["result"]["games"][0]["seed"] is None
    assert document["result"]["games"][0]["result"] == "unfinished"
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status, document = run_json(capsys, "record", "--continue", "/no/such/game.txt")
    assert status == 2 and "error" in document
