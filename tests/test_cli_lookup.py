"""Looking words up from the command line as a new user would (a fresh install, the README alone)."""

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


def test_a_loan_typed_with_the_ij_tile_is_shown_its_spelling(capsys: pytest.CaptureFixture[str]) -> None:
    # BIJOU is in nl as BI.JOU (I and J two tiles): a person typing BIJOU is told how the list holds it
    assert main(["check", "BIJOU", "IJS", "ZZZ", "--lexicon", "nl"]) == 1
    lines = capsys.readouterr().out.splitlines()[1:]
    assert lines == [
        "BIJOU: NOT valid (4 tiles); BI.JOU is, its I and J two tiles (5 tiles)",
        "IJS: valid (2 tiles)",
        "ZZZ: NOT valid (3 tiles)",
    ]
    assert main(["check", "bijous", "--lexicon", "nl", "--lang", "nl"]) == 1
    assert "BI.JOUS wel, met de I en de J als twee stenen (6 stenen)" in capsys.readouterr().out


@pytest.mark.parametrize("command", [["check", "ZA"], ["puzzle", "--reveal"], ["quiz", "--answer", "-"]])
def test_an_empty_lexicon_name_is_said_as_such(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--lexicon", ""]) == 2  # not "a lexicon is read from a regular file, not a folder"
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "'' is neither a bundled lexicon (en, " in err


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


def test_player_names_round_trip_through_text_records() -> None:
    """A name with an accent came back as '\\u00c9mile', one more backslash each time."""
    from jarnac_solver import GameRecord, play_game
    from jarnac_solver.play.players import GreedyPlayer

    class Named(GreedyPlayer):
        name = 'Émile "le" \\ grand\tII'

    record = play_game(FR, [Named(), "greedy"], seed=1)
    again = GameRecord.parse(str(record))
    assert again.players == record.players and GameRecord.parse(str(again)).players == record.players
    assert '[Players "Émile' in str(record)
    data = record.to_dict()
    data["players"] = ["solo"]
    with pytest.raises(InvalidInputError, match="names two players"):
        GameRecord.from_dict(data)


def test_a_word_list_with_no_word_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--lexicon /etc/passwd gave a 0-word lexicon and 'NOT valid' answers."""
    junk = tmp_path / "passwd"
    junk.write_text("root:x:0:0:root:/root:/bin/bash\n1234\n", encoding="utf-8")
    with pytest.raises(InvalidInputError, match=r"no word of the alphabet .latin.*2 not in the alphabet"):
        Lexicon.from_file(junk)
    status, out, err = run(capsys, "check", "RAT", "--lexicon", str(junk))
    assert status == 2 and out == "" and "no word of the alphabet" in err


def test_json_listings_count_skipped_entries(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    listed = tmp_path / "w.txt"
    listed.write_text("rat\nx-ray\n", encoding="utf-8")
    status, out, _ = run(capsys, "search", "???", "--lexicon", str(listed), "--json")
    assert status == 0 and json.loads(out)["result"]["skipped"] == 1
    status, out, _ = run(capsys, "lexicon", "diff", str(listed), "en", "--json", "--length", "3", "--limit", "1")
    assert json.loads(out)["result"]["sides"][0]["skipped"] == 1


def test_the_competitive_note_knows_its_own_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "moves", "RAT / ZW", "--rules", "competitive", "--lexicon", "fr-competitive")
    assert status == 0 and "(competitive" not in out  # it is the list: nothing to say


def test_play_records_names_and_plurals(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(capsys, "play", "--record", "")
    assert status == 2 and out == "" and "--record is empty" in err
    upper = tmp_path / "games.JSONL"
    status, out, _ = run(capsys, "play", "--games", "1", "--record", str(upper))
    assert status == 0 and out.startswith("1 game on fr") and "1 game, 0 drawn" in out
    assert json.loads(upper.read_text(encoding="utf-8").splitlines()[0])["lexicon"] == "fr"
    status, out, _ = run(capsys, "audit", str(upper))
    assert "1 game audited" in out


def test_ordered_refuses_what_is_not_a_list() -> None:
    with pytest.raises(InvalidInputError, match="a list of words, not NoneType"):
        FR.ordered(None)  # type: ignore[arg-type]


def test_replay_and_audit_name_the_file_and_game_of_a_bad_header(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = tmp_path / "one.txt"
    assert run(capsys, "play", "--games", "2", "--record", str(good))[0] == 0
    text = good.read_text(encoding="utf-8")
    second = text.rindex('[Lexicon "fr"]')
    bad = tmp_path / "bad.txt"
    bad.write_text(text[:second] + text[second:].replace('[Lexicon "fr"]', '[Lexicon "nosuch"]'), encoding="utf-8")
    for command in ("replay", "audit"):
        status, _, err = run(capsys, command, str(bad))
        assert status == 2 and f"{bad}: game 2: 'nosuch' is neither" in err, command
