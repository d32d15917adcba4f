"""Records a person writes: headers with defaults, letters in any case, unfinished games,
every stated fact checked, the documented example game, and the ``record`` command."""

from __future__ import annotations

import doctest
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from jarnac_solver import GameRecord, Lexicon, audit, play_game, read_records
from jarnac_solver.cli import main
from jarnac_solver.errors import IllegalActionError, InvalidInputError
from jarnac_solver.game.record import UNFINISHED, iter_records

DOCS = Path(__file__).resolve().parent.parent / "docs" / "records.md"
README = Path(__file__).resolve().parent.parent / "README.md"
FR = Lexicon.load("fr")

# An over-the-board game as a person writes it: no Lexicon, Rules, Seed, Bag or Result header.
OPENING = """[Players "Alice" "Bruno"]
1. A draw {EARTSN}
2. A +RAT {E}
3. A pass
"""


def example() -> str:
    """The docs' example game, read from docs/records.md."""
    found = re.search(r"```record\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert found, "docs/records.md lost its example game"
    return found[1]


def test_the_docs_example_game_replays_and_audits() -> None:
    text = example()
    record = GameRecord.parse(text)
    assert record.seed is None and record.bag == "fr" and record.players == ("Alice", "Bruno")
    lex = Lexicon.load(record.lexicon)
    game = record.replay(lex)
    assert game.is_over() and game.scores() == record.scores == (347, 9)
    actions = [a for _, a, _ in record.actions]
    for kind in ("draw", "pass", "decline", "dispute", "accept"):
        assert kind in actions or any(a.startswith(kind) for a in actions), kind
    assert any(a.startswith("exchange") for a in actions) and any(a.startswith("jarnac 1:") for a in actions)
    assert any(a.startswith("+") for a in actions) and any(a[0].isdigit() for a in actions)
    report = audit(record, lex)
    assert report.players[0].jarnacs_called == 3 and len(report.windows) > 10


def test_the_docs_python_route_builds_the_same_record() -> None:
    failures, tried = doctest.testfile(
        str(DOCS), module_relative=False, globs={"EXAMPLE": example()}, optionflags=doctest.ELLIPSIS
    )
    assert tried >= 10 and failures == 0


def test_the_readme_documents_records() -> None:
    text = README.read_text(encoding="utf-8")
    assert "docs/records.md" in text and "jarnac-solver record" in text


def test_headers_a_person_knows_have_defaults() -> None:
    record = GameRecord.parse(OPENING)
    assert (record.lexicon, record.rules.name_or_dict(), record.seed, record.bag) == ("fr", "sheet", None, "")
    assert record.result == ""
    game = record.replay(FR)
    assert game.over_the_board and game.state.phase == "jarnac"
    assert record.scores == (9, 0) and record.result == UNFINISHED  # the replay fills in the trays' scores


@pytest.mark.parametrize(
    "bag", ["fr", "FR", "14A 4B 7C 5D 19E 2F 4G 2H 11I 1J 1K 6L 5M 9N 8O 4P 1Q 10R 7S 9T 8U 2V 1W 1X 1Y 2Z"]
)
def test_a_bag_by_name_or_distribution(bag: str) -> None:
    record = GameRecord.parse(f'[Bag "{bag}"]\n' + OPENING.split("\n", 1)[1])
    assert record.replay(FR).scores() == (9, 0)


def test_letters_in_any_case_draws_included() -> None:
    text = '[Lexicon "fr"]\n1. a draw {earTSn}\n2. A +rat {e}\n3. a pass\n4. b decline\n5. B draw {abcdef}\n'
    game = GameRecord.parse(text).replay(FR)
    assert str(game.state.trays[0]) == "RAT / ESNE" and game.state.trays[1].rack == "ABCDEF"


def test_competitive_draws_in_any_case() -> None:
    text = '[Lexicon "fr-competitive"]\n[Rules "competitive"]\n1. A draw {sojeea}\n2. A +jase\n3. b accept {a:n}\n'
    game = GameRecord.parse(text).replay(Lexicon.load("fr-competitive"))
    assert game.state.trays[0].rack == "OEN"


def test_unfinished_games_report_the_trays_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    path.write_text(OPENING, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "A 9 - B 0, unfinished: ok" in out
    assert main(["replay", str(path), "--json"]) == 0
    game = json.loads(capsys.readouterr().out)["result"]["games"][0]
    assert game["scores"] == [9, 0] and game["result"] == UNFINISHED and not game["finished"]
    assert game["seed"] is None
    assert main(["audit", str(path)]) == 0
    assert "result: A 9 - B 0, unfinished" in capsys.readouterr().out
    assert main(["audit", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["result"]["games"][0]
    assert report["scores"] == [9, 0] and report["result"] == UNFINISHED


def test_an_unfinished_records_scores_are_stated_and_checked() -> None:
    record = GameRecord.parse(OPENING)
    record.replay(FR)
    text = str(record)
    assert '[Result "A 9 - B 0: unfinished"]' in text
    assert GameRecord.parse(text).replay(FR).scores() == (9, 0)
    with pytest.raises(IllegalActionError, match="the replay stands at A 9 - B 0"):
        GameRecord.parse(text.replace("A 9 - B 0", "A 16 - B 0")).replay(FR)
    finished = str(play_game(FR, ["greedy", "greedy"], seed=1))
    stated = re.sub(r'\[Result "A (\d+) - B (\d+): .*"\]', r'[Result "A \1 - B \2: unfinished"]', finished)
    with pytest.raises(IllegalActionError, match="not over, but it ended"):
        GameRecord.parse(stated).replay(FR)


def test_the_jarnacs_header_is_checked() -> None:
    record = play_game(FR, ["sloppy", "greedy"], seed=2)
    assert record.jarnacs
    text = str(record)
    assert GameRecord.parse(text).replay(FR).is_over()
    who, swing = record.jarnacs[0]
    edited = text.replace(f'["{"AB"[who]}", {swing}]', f'["{"AB"[who]}", {swing + 5}]', 1)
    assert edited != text
    with pytest.raises(IllegalActionError, match=r"\[Jarnacs \.\.\.\] says"):
        GameRecord.parse(edited).replay(FR)
    with pytest.raises(IllegalActionError, match=r"\[Jarnacs"):
        GameRecord.from_dict({**record.to_dict(), "jarnacs": [{"player": "AB"[1 - who], "swing": swing}]}).replay(FR)


def test_results_are_checked() -> None:
    text = str(play_game(FR, ["greedy", "greedy"], seed=3))
    edited = re.sub(r'\[Result "A (\d+)', lambda m: f'[Result "A {int(m[1]) + 1}', text)
    with pytest.raises(IllegalActionError, match="the replay ends"):
        GameRecord.parse(edited).replay(FR)


def test_games_split_without_a_lexicon_header() -> None:
    one = OPENING + '[Result "*"]\n'
    records = list(iter_records(one + one.replace("Alice", "Chloé")))
    assert [r.players[0] for r in records] == ["Alice", "Chloé"]
    with pytest.raises(InvalidInputError, match="a game record opens with"):
        list(iter_records("1. A draw {EARTSN}\n"))


def test_replay_show_names_the_game_not_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    path.write_text(OPENING, encoding="utf-8")
    assert main(["replay", str(path), "--show"]) == 0
    out = capsys.readouterr().out
    assert "None" not in out and "game 1: A = Alice, B = Bruno (over the board)" in out
    assert "result: A 9 - B 0, unfinished" in out


# -- the record command -----------------------------------------------------------------------------

LINES = """draw {earTSN}
+RAT {E}
+TSAR {X}
pass
decline
"""


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str, *argv: str
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(["record", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_record_checks_each_action_and_writes_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "game.txt"
    status, out, err = run(monkeypatch, capsys, LINES, "--players", "Alice,Bruno", "--out", str(out_file))
    assert status == 2  # a line was refused; the others stand
    assert "line 3: '+TSAR {X}' refused: +TSAR needs" in err and len(err.strip().splitlines()) == 2
    assert "A Alice: RAT / ESNE  [9 pts]" in out and "B Bruno: /  [0 pts]" in out
    assert "A passed with a move left: B may call Jarnac" in out
    record = read_records(str(out_file))[0]
    assert [a for _, a, _ in record.actions] == ["draw", "+RAT", "pass", "decline"]
    assert record.players == ("Alice", "Bruno") and record.seed is None
    assert record.replay(FR).scores() == (9, 0) and record.result == UNFINISHED
    assert main(["audit", str(out_file)]) == 0
    assert "pass with a move left" in capsys.readouterr().out


def test_record_refuses_a_draw_without_its_tiles_and_a_wrong_number(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(monkeypatch, capsys, "draw\n2. A draw {EARTSN}\nB draw {EARTSN}\n1. A draw {EARTSN}\n")
    assert status == 2
    assert "this action draws 6 tiles, not none (write the tiles drawn in braces" in err
    assert "action 2 where action 1 belongs" in err and "player A is to act" in err
    assert "recorded 1 action: A 0 - B 0, unfinished" in out
    assert "1. A draw {EARTSN}" in out  # no --out: the record is printed at the end


def test_record_save_undo_end_and_json_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "mid.jsonl"
    text = f"draw {{EARTSN}}\nsave {saved}\n+RAT {{E}}\nundo\n+TAS {{E}}\nend\npass\n"
    status, out, err = run(monkeypatch, capsys, text)
    assert status == 0 and err == ""
    assert f"saved 1 action to {saved}" in out and "undone: +RAT" in out
    assert [a for _, a, _ in read_records(str(saved))[0].actions] == ["draw"]
    assert "recorded 2 actions" in out and "pass" not in out.split("recorded")[1]  # nothing after end


def test_record_continues_a_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    path.write_text(OPENING, encoding="utf-8")
    status, out, _ = run(monkeypatch, capsys, "decline\nB draw {LIMONE}\n", "--continue", str(path))
    assert status == 0 and "continuing a game over the board" in out
    record = read_records(str(path))[0]
    assert record.players == ("Alice", "Bruno") and len(record.actions) == 5
    assert record.replay(FR).state.trays[1].rack == "LIMONE"
    status, _, err = run(monkeypatch, capsys, "", "--continue", str(path), "--rules", "english")
    assert status == 2 and err.count("\n") == 1 and "give no --rules" in err


def test_record_competitive_announces_disputes_and_windows(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "draw {SOJEEA}\n+JASE\nB accept {B:N}\nB accept {A:N}\npass\n"
    status, out, err = run(monkeypatch, capsys, text, "--rules", "competitive")
    assert status == 2 and "these tiles are drawn by A, not B" in err
    assert "A formed a word: B may dispute it, or accept" in out
    assert "A passed with a move left: B may call Jarnac" in out
    assert "a game over the board on fr-competitive, rules competitive" in out


def test_record_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(monkeypatch, capsys, LINES, "--json")
    assert status == 2 and err == ""
    document = json.loads(out)
    result = document["result"]
    assert result["scores"] == [9, 0] and result["result"] == UNFINISHED and not result["finished"]
    assert result["refused"][0]["line"] == 3 and GameRecord.from_dict(result["record"]).replay(FR)


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--players", "Alice"], "--players takes two names"),
        (["--out", "/no/such/dir/game.txt"], "cannot write"),
        (["--continue", "/no/such/game.txt"], "cannot read"),
        (["--bag", "nope"], "no built-in bag"),
    ],
)
def test_record_errors_are_one_line_status_2(
    argv: list[str], needle: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(monkeypatch, capsys, "", *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and needle in err


def test_record_reads_a_pipe_with_no_terminal(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "jarnac_solver", "record", "--out", str(path)],
        input="draw {EARTSN}\n+RAT {E}\n",
        capture_output=True,
        text=True,
        stdin=None,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "2. A +RAT {E}" in done.stdout
    assert read_records(str(path))[0].replay(FR).scores() == (9, 0)


def test_record_keeps_the_game_when_a_save_fails_and_never_empties_a_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`save` to a bad path ended the session (everything typed lost), and `--out` on an
    existing record emptied it at once."""
    text = "draw {earTSN}\nsave /nonexistent/x.txt\n+RAT {E}\nend\n"
    status, out, err = run(monkeypatch, capsys, text, "--players", "Alice,Bruno")
    assert status == 2 and "line 2: 'save /nonexistent/x.txt' refused: cannot write" in err
    assert "recorded 2 actions" in out and "+RAT" in out  # the game went on, and the record is printed
    kept = tmp_path / "kept.txt"
    kept.write_text(OPENING, encoding="utf-8")
    status, _, err = run(monkeypatch, capsys, "end\n", "--out", str(kept))
    assert status == 2 and "already holds a record: --continue" in err
    assert kept.read_text(encoding="utf-8") == OPENING


def test_an_unknown_bag_name_is_said_as_one() -> None:
    """[Bag "de"] said "bag 'custom': cannot read 'de'"."""
    record = GameRecord.parse('[Bag "de"]\n[Players "A" "B"]\n1. A draw {RATESI}\n')
    with pytest.raises(InvalidInputError, match=r"\[Bag 'de'\]: no built-in bag of that name \(built in: en, "):
        record.replay(FR)
