"""The command line: output, --json, and one-line errors with status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jarnac_solver import Lexicon
from jarnac_solver.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_check_judges_words_as_the_lexicon_folds_them(capsys: pytest.CaptureFixture[str]) -> None:
    """The word judge: valid or not, folded (ÉTÉ -> ETE), the lexicon and its source named;
    status 0 when every word is valid, 1 when one is not, 2 on bad input."""
    assert main(["check", "été", "TZAR"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("lexicon fr (Debian packages hunspell")
    assert out[1:] == ["été -> ETE: valid (3 tiles)", "TZAR: valid (4 tiles)"]
    assert main(["check", "TZAR", "tzra"]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "tzra -> TZRA: NOT valid (4 tiles)"
    assert main(["check", "IJS", "I.JS", "--lexicon", "nl"]) == 1  # the IJ tile, then I and J apart
    assert capsys.readouterr().out.splitlines()[1:] == ["IJS: valid (2 tiles)", "I.JS: NOT valid (3 tiles)"]
    assert main(["check", "RAT", "R4T"]) == 2  # nothing printed but the one error line
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "'4'" in captured.err


def test_search_lists_the_words_of_a_pattern(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "?A*E", "--letters", "RATES", "--lexicon", "en"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "words matching ?A*E from RATES on en: 3 words",
        "4 letters (16 pts): RATE SATE TARE",
    ]
    assert main(["search", "Q[^U"]) == 2
    assert "never closed" in capsys.readouterr().err


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
    assert data["lexicon"] == "en" and data["command"] == "words"
    assert data["result"]["words"] == ["CHOCK", "CHUCK", "COUCH"] and data["result"]["count"] == 3
    _, out, _ = run(capsys, "extend", "couch", "a", "--json", "--lexicon", "en")
    assert json.loads(out)["result"]["words"] == ["CACHOU"]
    _, out, _ = run(capsys, "anagram", "uochac", "--json", "--lexicon", "en")
    assert json.loads(out)["result"]["words"] == ["CACHOU"]
    _, out, _ = run(capsys, "lexicon", "list", "--json")
    assert "en" in [row["name"] for row in json.loads(out)["result"]["lexicons"]]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["words", "AB1"], "'1'"),
        (["words", "ABC", "--min-len", "0"], "--min-len"),
        (["words", "ABC", "--min-len", "5", "--max-len", "3"], "less than min_len"),
        (["words", "ABC", "--lexicon", "klingon"], "klingon"),
        (["extend", "", "AB"], "the word is empty"),
        (["lexicon", "info", "/no/such/file.jlex"], "file.jlex"),
        (["frobnicate"], "invalid choice"),
        (["lexicon", "info", "en", "--lexicon", "zz"], "--lexicon"),
        (["lexicon", "list", "--lexicon", "zz"], "--lexicon"),
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
    assert "3 words" in out and "skipped 1 entry: not in the alphabet" in out
    status, out, _ = run(capsys, "words", "TRAS", "--lexicon", str(target))
    assert "ART RAT" in out
    status, out, _ = run(capsys, "lexicon", "info", str(target), "--json")
    info = json.loads(out)["result"]
    assert info["words"] == 3 and info["by_length"] == {"3": 2, "5": 1}
    status, out, _ = run(capsys, "lexicon", "info", "en")
    assert "72376 words" in out and "SCOWL" in out and "bag: en (12A 3B" in out
    status, out, _ = run(capsys, "lexicon", "info", "nl")
    assert "IJ" in out and "bag: nl-estimate (" in out and "2IJ" in out


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


def test_moves_groups_by_line_with_points(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "moves", "RAT BUT / ZW")
    assert status == 0
    assert out.splitlines() == ["RAT BUT / ZW on fr: 1 legal move (tray: 18 pts)", "line 1 RAT: TZAR (+7)"]
    _, out, _ = run(capsys, "moves", "RAT / UBUT", "--json")
    data = json.loads(out)["result"]
    but = {"notation": "+BUT", "kind": "place", "line": None, "old": None, "word": "BUT", "letters": "BTU", "points": 9}
    assert but in data["moves"]


def test_jarnac_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "jarnac", "CARIES SORBETS / SN", "--lexicon", "fr")
    assert status == 0
    assert "1:CARIES+S=CASIERS" in out and "2:SORBETS+N=BROSSENT" in out and "gain 113, swing 198" in out
    _, out, _ = run(capsys, "jarnac", "CARIES SORBETS / SN", "--free-lines", "1", "--json")
    assert [m["notation"] for m in json.loads(out)["result"]["plan"]["steals"]] == ["2:SORBETS+N=BROSSENT"]
    _, out, _ = run(capsys, "jarnac", "RAT / Q")
    assert "no Jarnac" in out
    _, out, _ = run(
        capsys,
        "jarnac",
        "CACHOU SHRUB BAITS TIE /",
        "--lexicon",
        "en",
        "--rules",
        "english",
        "--turn-lines",
        "2,3,4",
        "--json",
    )
    data = json.loads(out)["result"]["plan"]
    assert data["value"] and data["taken"] == [2, 3, 4] and data["gain"] >= 85


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["moves", "RAT BUT / Z1"], "'1'"),
        (["moves", "RATATATATA / Z"], "10 tiles"),
        (["moves", "AT / Z"], "at least 3"),
        (["moves", "RAT RAT RAT RAT RAT RAT RAT RAT RAT / Z"], "9 lines"),
        (["moves", "RAT BUT"], "one slash"),
        (["jarnac", "RAT / Z", "--rules", "chess"], "--rules"),
        (["jarnac", "RAT / Z", "--free-lines", "9"], "--free-lines 9 is not from 0"),
        (["jarnac", "RAT / Z", "--free-lines", "-1"], "--free-lines -1 is not from 0"),
        (["jarnac", "RAT / Z", "--objective", "fun"], "--objective"),
        (["jarnac", "RAT / Z", "--turn-lines", "x"], "--turn-lines"),
        (["jarnac", "RAT / Z", "--turn-lines", "5"], "--turn-lines"),
    ],
)
def test_bad_trays_and_options_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err and "Traceback" not in err


def test_play_speaks_the_readers_language(capsys: pytest.CaptureFixture[str]) -> None:
    """The match's table and a game shown turn by turn are said in --lang's language (the actions in the
    notation, the same in every language)."""
    argv = ("play", "--players", "planner,greedy", "--games", "1", "--seed", "2", "--show")
    _, english, _ = run(capsys, *argv)
    status, french, _ = run(capsys, *argv, "--lang", "fr")
    assert status == 0 and "1 game on fr" in english and "1 partie sur fr" in french
    assert "joueur" in french and "% victoires" in french and "tours en moyenne" in french
    assert "partie 1\u202f: A = planner, B = greedy (graine 2)" in french and "  résultat\u202f: A " in french
    for word in ("player", "wins", "mean length", "result:", "draws ", "seed "):
        assert word not in french, word
    # The same game either way: only the words differ.
    assert [line.split()[1] for line in english.splitlines() if line.startswith("  A: ")] == [
        line.split()[1] for line in french.splitlines() if line.startswith("  A: ")
    ]


def test_an_option_before_the_command_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    """``jarnac-solver --bogus`` names --bogus and where options go, not a missing COMMAND."""
    for given in ("--bogus", "--lang=fr"):
        status, out, err = run(capsys, given, "words", "ABC")
        assert status == 2 and out == "" and len(err.splitlines()) == 1
        assert err.startswith(f"jarnac-solver: {given.partition('=')[0]} is not an option of jarnac-solver itself")


def test_play_lists_the_players_by_their_measured_levels(capsys: pytest.CaptureFixture[str]) -> None:
    """Every built-in player, strongest first by the chosen lexicon's ratings (a lexicon never rated: by their
    mean), each with its Elo on every rated lexicon; an old name after the player it plays as; the players that
    err on purpose not rated; the list plays nothing, so it takes no --players."""
    from jarnac_solver.play.players import PLAYERS, ratings

    tables = ratings()
    for lexicon in ("fr", "en"):
        assert main(["play", "--list-players", "--lexicon", lexicon]) == 0
        lines = capsys.readouterr().out.splitlines()
        names = [line.split()[0] for line in lines[1:-1]]
        assert sorted(names) == sorted(PLAYERS)
        elo = [tables[lexicon][n] for n in names if n in tables[lexicon]]
        assert elo == sorted(elo, reverse=True)
        assert names.index("cautious") == names.index("exchanger") + 1
        by_name = {line.split()[0]: line for line in lines[1:-1]}
        assert "plays as exchanger" in by_name["cautious"]
        assert "not rated" in by_name["sloppy"]
        assert f"{tables['fr']['sim-bounded']:+d}* fr" in by_name["sim-bounded"]  # its Elo from its planner games
        assert "against the planner" in lines[-1]
    assert main(["play", "--list-players", "--lexicon", "nl"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "nl was never rated" in lines[0]
    means = {
        n: sum(t[n] for t in tables.values()) / len(tables) for n in PLAYERS if all(n in t for t in tables.values())
    }
    shown = [line.split()[0] for line in lines[1:-1] if line.split()[0] in means and line.split()[0] != "cautious"]
    assert [means[n] for n in shown] == sorted((means[n] for n in shown), reverse=True)
    assert main(["play", "--list-players", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["lexicon"] == "fr"
    rows = document["result"]["players"]
    by_row = {row["name"]: row for row in rows}
    assert by_row["planner"]["elo"] == {lexicon: 0 for lexicon in tables}
    assert by_row["sim-bounded"]["against_planner"] == sorted(tables) and by_row["sim"]["against_planner"] == []
    low, high = by_row["sim"]["interval"]["fr"]
    assert low < tables["fr"]["sim"] < high
    assert main(["play", "--list-players", "--players", "sim,planner"]) == 2
    assert "--list-players plays nothing" in capsys.readouterr().err


def test_play_and_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    records = tmp_path / "games.txt"
    status, out, _ = run(
        capsys, "play", "--players", "greedy,cautious", "--games", "2", "--seed", "1", "--record", str(records)
    )
    assert status == 0
    assert "2 games on fr" in out and "greedy" in out and "cautious" in out and "mean length" in out
    status, out, _ = run(capsys, "replay", str(records))
    assert status == 0 and out.count(": ok") == 2
    status, out, _ = run(capsys, "play", "--players", "sloppy,greedy", "--games", "1", "--show")
    assert "game 1: A = sloppy, B = greedy" in out and "result:" in out
    status, out, _ = run(capsys, "play", "--games", "1", "--json")
    assert json.loads(out)["result"]["games"] == 1
    records.write_text(records.read_text().replace("{", "{Q", 1))
    status, _, err = run(capsys, "replay", str(records))
    assert status == 2 and "drew" in err and len(err.strip().splitlines()) == 1


def test_play_sets_sims_playouts(capsys: pytest.CaptureFixture[str]) -> None:
    """--playouts is sim's level: the games are play_match's with sim made at that count, game by game."""
    from jarnac_solver.game.record import GameRecord
    from jarnac_solver.play.players import PlayerSpec, play_match

    status, out, _ = run(capsys, "play", "--players", "sim,greedy", "--playouts", "1", "--games", "2", "--json")
    records: list[GameRecord] = []
    sim = PlayerSpec("sim", (("playouts", 1),))
    expected = play_match(Lexicon.load("fr"), [sim, "greedy"], 2, seed=1, records=records)
    document = json.loads(out)["result"]
    assert status == 0 and document["wins"] == expected.wins and document["scores"] == expected.scores
    assert document["records"] == [r.to_dict() for r in records]


def test_play_sim_bounded_on_a_small_lexicon(capsys: pytest.CaptureFixture[str]) -> None:
    """sim-bounded is a player of the command line: a game against the planner on a small word list, the
    same from the same seed, and --playouts sets its rounds."""
    words = str(Path(__file__).resolve().parent / "data" / "engine_words.txt")
    argv = ("play", "--players", "sim-bounded,planner", "--lexicon", words, "--bag", "fr", "--games", "1", "--json")
    status, out, _ = run(capsys, *argv)
    document = json.loads(out)["result"]
    assert status == 0 and document["players"] == ["sim-bounded", "planner"] and document["games"] == 1
    assert run(capsys, *argv)[1] == out
    status, out, _ = run(capsys, *argv, "--playouts", "2")
    assert status == 0 and json.loads(out)["result"]["players"] == ["sim-bounded", "planner"]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["play", "--players", "greedy,foo"], "no player 'foo'"),
        (["play", "--players", "greedy"], "two names"),
        (["play", "--games", "0"], "--games"),
        (["play", "--players", "greedy,planner", "--playouts", "2"], "--players names none"),
        (["replay", "/no/such/record.txt"], "cannot read"),
    ],
)
def test_play_errors(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    status, out, err = run(capsys, *argv)
    assert out == ""
    assert status == 2 and needle in err and len(err.strip().splitlines()) == 1


def test_plan_and_hint_commands(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "plan", "/ ACEERT")
    assert status == 0 and "a ladder of 4 moves" in out and "4. " in out
    _, out, _ = run(capsys, "plan", "/ RLSPTAE", "--lexicon", "en", "--json")
    assert json.loads(out)["result"]["draws"] == 5
    status, out, _ = run(capsys, "hint", "RAT BUT / ZW")
    assert status == 0 and "1:RAT+Z=TZAR" in out and "nothing to steal" in out
    _, out, _ = run(capsys, "hint", "RAT BUT / ZWUSE", "--top", "2", "--json")
    assert len(json.loads(out)["result"]["hints"]) == 2
    _, out, _ = run(capsys, "hint", "RAT / Q")
    assert "no move" in out


def test_hint_takes_the_whole_position(capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI hint took one tray: no opponent tray, no bag or unseen tiles."""
    full = "TZAR CHOSE MOTS DIRE LAVA PIRE VIN OSE / E"
    status, out, _ = run(capsys, "hint", "RAT BUT / ZWUSE", "--opponent", full, "--json")
    result = json.loads(out)["result"]
    assert status == 0 and result["opponent"]["lines"][0] == "TZAR"
    assert all(h["exposure"] == 0 for h in result["hints"])  # a full tray can steal nothing
    status, out, _ = run(capsys, "hint", "RAT BUT / ZWUSE", "--unseen", "EEAIST", "--top", "1")
    assert status == 0 and "1. " in out
    status, out, _ = run(capsys, "hint", "RAT BUT / QWXZKY", "--phase", "start", "--bag", "fr", "--samples", "4")
    assert status == 0 and "exchange" in out and "draw" in out
    status, out, _ = run(capsys, "hint", "/", "--opponent", "RAT BUT / ZW", "--phase", "jarnac")
    assert status == 0 and "1. jarnac 1:RAT+Z=TZAR" in out
    status, out, _ = run(capsys, "hint", "/", "--phase", "dispute", "--disputed", "+ZORG", "--rules", "competitive")
    assert status == 0 and "1. dispute" in out
    status, out, _ = run(capsys, "hint", "RAT BUT TAS CHOSE / ABCDEEILNORS", "--budget", "20", "--samples", "2")
    assert status == 0 and "not proven" in out
    words = Path(__import__("tempfile").mkdtemp()) / "words.txt"
    words.write_text("rat\nart\ntzar\n")
    status, out, _ = run(capsys, "hint", "RAT / ZW", "--lexicon", str(words), "--top", "1")
    assert status == 0 and "no bag is known for words" in out  # said, not silent


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--opponent", "RAT / 1"], "opponent: "),
        (["--phase", "jarnac"], "--opponent"),
        (["--phase", "dispute"], "--disputed"),
        (["--unseen", "E1"], "unseen: "),
        (["--phase", "dispute", "--disputed", "xx"], "disputed: "),
        (["--unseen", "E", "--bag", "fr"], "not both"),
        (["--budget", "-1"], "--budget"),
        (["--budget", "nan"], "--budget"),
        (["--min-familiarity", "9"], "--min-familiarity"),
        (["--samples", "-2"], "--samples"),
        (["--formed", "x"], "--formed"),
        (["--bag", "/no/such/bag"], "bag"),
        (["--bag", ""], "--bag"),
        (["--bag", "nl"], "no built-in bag"),
        (["--lexicon", "nl", "--bag", "fr"], "alphabet"),
        (["--disputed", "+ZORG"], "--phase dispute"),
        (["--formed", "1,1"], "twice"),
        (["--formed", "1"], "value Jarnac"),
        (["--formed", "5", "--rules", "english"], "line 5"),
        (["--phase", "dispute", "--disputed", "+ZORG"], "no disputes"),
    ],
)
def test_hint_bad_inputs_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], named: str) -> None:
    status, out, err = run(capsys, "hint", "RAT BUT / ZW", *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and named in err, err
    status, _, err = run(capsys, "hint", "RAT / Q1")
    assert status == 2 and "'1'" in err


def test_play_with_a_user_bag_and_the_ij_tile(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bag = tmp_path / "nl.txt"
    bag.write_text("10A 2B 2C 5D 18E 2F 3G 2H 4I 2IJ 2J 3K 3L 3M 10N 6O 2P 1Q 5R 5S 5T 3U 2V 2W 1X 1Y 2Z\n")
    status, out, _ = run(capsys, "play", "--lexicon", "nl", "--bag", str(bag), "--games", "2")
    assert status == 0 and "2 games on nl" in out
    status, out, _ = run(capsys, "play", "--lexicon", "nl", "--games", "1")
    assert status == 0  # the estimated bag (nl-estimate)
    words = tmp_path / "words.txt"
    words.write_text("rat\nart\n")
    status, _, err = run(capsys, "play", "--lexicon", str(words), "--games", "1")
    assert status == 2 and "no known bag" in err
    status, _, err = run(capsys, "play", "--lexicon", "nl", "--bag", "fr", "--games", "1")
    assert status == 2 and "cannot be played together" in err


def test_files_that_cannot_be_written_or_read_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Unwritable outputs gave tracebacks; a broken .jlex was read as a word list."""
    words = tmp_path / "words.txt"
    words.write_text("rat\nart\n", encoding="utf-8")
    for argv, needle in [
        (["lexicon", "build", str(words), "/no/such/dir/x.jlex"], "cannot write"),
        (["lexicon", "build", str(words), str(tmp_path)], "cannot write"),
        (["lexicon", "build", str(words), str(words)], "the word list itself"),
        (["play", "--games", "1", "--record", "/no/such/dir/r.txt"], "cannot write"),
    ]:
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and needle in err and len(err.strip().splitlines()) == 1, argv
    assert words.read_text(encoding="utf-8") == "rat\nart\n"
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))
    broken = tmp_path / "broken.jlex"
    broken.write_bytes(b"JLEX garbage")
    status, _, err = run(capsys, "words", "TRAZ", "--lexicon", str(broken))
    assert status == 2 and "not a compiled lexicon" in err


def test_records_in_json_lines_and_replay_errors_name_file_and_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from jarnac_solver import read_records

    lines = tmp_path / "games.jsonl"
    assert run(capsys, "play", "--games", "2", "--record", str(lines))[0] == 0
    assert [r.seed for r in read_records(str(lines))] == [1, 2]
    text = tmp_path / "games.txt"
    assert run(capsys, "play", "--games", "2", "--record", str(text))[0] == 0
    body = text.read_text(encoding="utf-8").splitlines()
    second = max(i for i, line in enumerate(body) if line.startswith("[Lexicon"))
    number, player, _ = body[second + 8].split(" ", 2)
    body[second + 8] = f"{number} {player} +QQQQ"
    text.write_text("\n".join(body), encoding="utf-8")
    status, _, err = run(capsys, "replay", str(text))
    assert status == 2 and f"{text}: game 2: " in err and "QQQQ" in err


def test_play_reads_its_bag_as_hint_does(capsys: pytest.CaptureFixture[str]) -> None:
    """An empty --bag was ignored by play (and refused by hint); a bag's name that is not built in is named."""
    status, _, err = run(capsys, "play", "--bag", "", "--games", "1")
    assert status == 2 and "--bag is empty" in err
    status, _, err = run(capsys, "play", "--bag", "nl", "--games", "1")
    assert status == 2 and "no built-in bag" in err


def test_words_sorted_by_probability_show_the_odds(capsys: pytest.CaptureFixture[str]) -> None:
    """Zyzzyva's order: each length likeliest first, with the chance of drawing the word."""
    status, out, _ = run(capsys, "words", "AERTS", "--sort", "probability")
    lines = out.splitlines()
    assert status == 0 and lines[1].startswith("probability: of drawing the word's tiles from the full bag fr")
    three = lines[lines.index("3 letters (9 pts):") + 1 :]
    assert three[0].split()[0] in {"ARE", "REA"} and three[-1].split()[0] == "TAS"  # E, A, R common; S, T rarer
    assert "1 in 183" in three[0]
    status, out, _ = run(capsys, "words", "AERTS", "--probability", "--json", "--bag", "en")
    details = json.loads(out)["result"]["details"]
    assert status == 0 and {row["word"] for row in details} >= {"RATES", "ARE"}
    assert all(0 < row["probability"] < 1 and row["ways"] > 0 for row in details)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["words", "AERTS", "--sort", "size"], "invalid choice"),
        (["words", "AERTS", "--probability", "--bag", "nosuch"], "no built-in bag"),
        (["words", "IJSEL", "--lexicon", "nl", "--probability", "--bag", "fr"], "alphabet"),
        (["lexicon", "diff", "fr", "nl"], "different alphabets"),
        (["lexicon", "diff", "fr"], "required"),
        (["lexicon", "diff", "fr", "en", "--limit", "-1"], "-1"),
    ],
)
def test_order_and_diff_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err


def test_lexicon_diff_lists_each_sides_words_likeliest_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, _ = run(capsys, "lexicon", "diff", "en", "en-large", "--limit", "2", "--length", "3")
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == (
        "only in en (72,376 words), not in en-large: 0 words, probability of drawing each from the bag en"
    )
    assert lines[1].startswith("only in en-large (141,464 words), not in en: ")
    assert lines[2] == "  3 letters: 344 words" and lines[-1] == "    ... and 342 more (--limit 0 lists them all)"
    listed = tmp_path / "mine.txt"
    listed.write_text("rat\ntar\nzzz\n", encoding="utf-8")
    status, out, _ = run(capsys, "lexicon", "diff", str(listed), "en", "--limit", "0", "--length", "3", "--json")
    sides = json.loads(out)["result"]["sides"]
    assert status == 0 and sides[0]["bag"] is None and "no bag is known" in sides[0]["note"]
    assert sides[0]["by_length"] == {"3": {"count": 1, "words": [{"word": "ZZZ"}], "more": 0}}
    assert sides[1]["only"] == len([w for w in Lexicon.load("en") if len(w) == 3]) - 2  # RAT and TAR shared


def test_competitive_rules_pick_the_competitive_list_and_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    """The multilingual rulebook's verbs only as infinitives and participles, a property of the lexicon."""
    status, out, _ = run(capsys, "moves", "RAT / MANGEAIS", "--rules", "competitive")
    lines = out.splitlines()
    assert status == 0 and lines[0].startswith("RAT / MANGEAIS on fr-competitive")
    assert lines[-1].startswith("(competitive rules: played on fr-competitive in place of fr")  # after the answer
    status, out, err = run(capsys, "moves", "RAT 3UT / ZW", "--rules", "competitive")
    assert status == 2 and out == "" and err.count("\n") == 1  # an error prints no note
    status, out, _ = run(capsys, "moves", "RAT / MANGEAIS", "--rules", "competitive", "--json")
    assert status == 0 and json.loads(out)["lexicon"] == "fr-competitive"
    status, out, _ = run(capsys, "moves", "RAT / MANGEAIS", "--rules", "multilingual")
    assert "on fr:" in out.splitlines()[0]  # other rules: the full list
    status, out, _ = run(capsys, "moves", "RAT / ZW", "--rules", "competitive", "--lexicon", "en")
    assert out.splitlines()[0].startswith("RAT / ZW on en:")  # no English list of verb forms: as given
    assert "en has no list of verbs only as infinitives and participles" in out.splitlines()[-1]
    status, out, _ = run(capsys, "play", "--rules", "competitive", "--games", "1", "--json")
    record = json.loads(out)["result"]["records"][0]
    assert record["lexicon"] == "fr-competitive" and len(record["clock"]) == len(record["actions"])


@pytest.mark.parametrize(
    ("argv", "start"),
    [
        (["words", ""], "jarnac-solver words: "),  # a usage error
        (["check", "R4T"], "jarnac-solver check: "),  # a library error
        (["lexicon", "info", "nosuch"], "jarnac-solver lexicon info: "),
        (["play", "--games", "0"], "jarnac-solver play: "),  # an argparse error
    ],
)
def test_every_error_line_names_the_command(capsys: pytest.CaptureFixture[str], argv: list[str], start: str) -> None:
    """Error lines came in three forms ('jarnac-solver: error: ...' among them)."""
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.startswith(start) and err.count("\n") == 1
