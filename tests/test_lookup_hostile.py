"""Issue 16 and 17 tried as a new user would (a fresh install, the README alone): each case it hit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from jarnac_solver import InvalidInputError, Lexicon, Rules
from jarnac_solver.cli import main
from jarnac_solver.errors import InvalidRulesError

FR = Lexicon.load("fr")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_an_accent_typed_apart_folds_with_its_letter(capsys: pytest.CaptureFixture[str]) -> None:
    """ÉTÉ written e + U+0301 (as macOS writes it) was refused, and dropped from word lists."""
    decomposed = "e\u0301te\u0301"
    assert FR.check(decomposed).valid and FR.check(decomposed).folded == "ETE"
    assert FR.search("e\u0301?e\u0301") == FR.search("E?E")
    assert "ETE" in Lexicon.from_words([decomposed, "rat"])
    assert run(capsys, "check", decomposed)[0] == 0


def test_entries_left_out_of_a_users_list_are_said(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    listed = tmp_path / "long.txt"
    listed.write_text("rat\nanticonstitutionnellement\nzzzzzz\nfoo bar\n", encoding="utf-8")
    status, out, _ = run(capsys, "check", "ANTICONSTITUTIONNELLEMENT", "--lexicon", str(listed))
    assert status == 1 and "2 entries of the list skipped when read" in out.splitlines()[0]
    assert "(25 tiles)" in out
    status, out, _ = run(capsys, "check", "RAT", "--lexicon", str(listed), "--json")
    assert status == 0 and json.loads(out)["result"]["skipped"] == 2
    status, out, _ = run(capsys, "search", "???", "--lexicon", str(listed))
    assert "2 entries of the list skipped when read" in out.splitlines()[0]
    status, out, _ = run(capsys, "lexicon", "diff", str(listed), "fr", "--limit", "1")
    assert "2 entries of the list skipped when read" in out


@pytest.mark.parametrize(
    "call",
    [
        lambda: FR.draw_odds().ways(None),  # type: ignore[arg-type]
        lambda: FR.draw_odds().ways(123),  # type: ignore[arg-type]
        lambda: FR.draw_probability(""),
        lambda: FR.search(".??"),
        lambda: FR.search("??."),
        lambda: FR.search(["R?T"]),  # type: ignore[arg-type]
        lambda: Rules().replace(think_seconds=1e-9),
        lambda: Rules().replace(think_seconds=10**30),
    ],
)
def test_bad_values_are_library_errors(call: object) -> None:
    with pytest.raises(InvalidInputError) as caught:
        call()  # type: ignore[operator]
    assert isinstance(caught.value, ValueError)
    assert not isinstance(caught.value, InvalidRulesError) or "think_seconds" in str(caught.value)


def test_listings_count_tiles_and_say_one_word(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "search", "A", "--lexicon", "en")
    assert status == 0
    assert out.splitlines() == ["words matching A on en: 1 word", "1 letter (1 pt): A"]
    _, out, _ = run(capsys, "search", "?IJ", "--lexicon", "nl")
    assert out.splitlines()[1].startswith("2 tiles (4 pts): ")  # IJ is one tile: BIJ has two
    _, out, _ = run(capsys, "check", "A", "--lexicon", "en")
    assert "(1 tile)" in out


def test_diff_shows_its_sort_key_and_refuses_impossible_lengths(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("wordfreq")
    status, out, _ = run(capsys, "lexicon", "diff", "en", "en-large", "--sort", "familiarity", "--limit", "2")
    assert status == 0 and "familiarity " in out
    status, out, err = run(capsys, "lexicon", "diff", "en", "en-large", "--length", "10")
    assert status == 2 and out == "" and "10 tiles: give 1 to 9" in err


def test_play_takes_a_clock(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    records = tmp_path / "games.txt"
    status, out, _ = run(
        capsys, "play", "--rules", "competitive", "--clock", "0.05", "--games", "1", "--record", str(records)
    )
    assert status == 0 and "with a 0.05 s clock" in out.splitlines()[0]
    assert '"think_seconds": 0.05' in records.read_text(encoding="utf-8")
    assert run(capsys, "replay", str(records))[0] == 0
    status, out, err = run(capsys, "search", "RAT", "--letters", "")
    assert status == 2 and out == "" and "--letters rack is empty" in err
    assert FR.search("RAT", letters="") == []  # in Python an empty rack forms no word, as subanagrams("") does
    status, out, err = run(capsys, "play", "--clock", "0")
    assert status == 2 and out == "" and "0.001" in err
