"""Lexicon studies: intervals, executors, rows, reports, the difference, and the new user's attempt.

A new user compares ``en`` with ``en-large`` and ``fr`` with a
filtered ``fr`` over racks, by hand: each thing that went wrong is a test
here (the Bag.sample, the lost bag and the slow filter are in test_bag and
test_derived).
"""

from __future__ import annotations

import csv
import json
import math
import random
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jarnac_solver import Lexicon
from jarnac_solver.cli import main
from jarnac_solver.errors import InvalidInputError, JarnacError
from jarnac_solver.executors import DaskExecutor, InProcess, LocalProcesses, make_executor
from jarnac_solver.lexicon.bag import Bag
from jarnac_solver.play.players import play_game, play_match
from jarnac_solver.studies.compare import Comparison, compare
from jarnac_solver.studies.rows import write_rows
from jarnac_solver.studies.stats import mean_estimate, paired_difference, rate_estimate

FR = Lexicon.load("fr")
FR_NO_EZ = FR.filter(lambda w: "Z" not in w and "E" not in w[-1:], "fr-noEZ")

SMALL: dict[str, Any] = {
    "racks": 600,
    "trays": 3,
    "games": 3,
    "players": ("greedy", "cautious"),
    "ladders": False,
    "seed": 7,
    "familiarity": False,
}


@pytest.fixture(scope="module")
def study() -> Comparison:
    return compare([FR, FR_NO_EZ], **SMALL)


# -- intervals ---------------------------------------------------------------


@given(st.lists(st.integers(-1000, 1000), min_size=2, max_size=60))
def test_a_mean_interval_holds_the_mean_and_matches_statistics(values: list[int]) -> None:
    e = mean_estimate(values)
    assert e.low <= e.value <= e.high
    assert math.isclose(e.value, statistics.fmean(values), abs_tol=1e-9)
    half = (e.high - e.low) / 2
    standard_error = statistics.stdev(values) / math.sqrt(len(values))
    assert 1.959 * standard_error - 1e-9 <= half <= 12.707 * standard_error + 1e-9  # t(0.975) from df=inf to df=1


@given(st.integers(0, 500), st.integers(0, 500))
def test_a_rate_interval_stays_in_0_1_and_holds_the_rate(a: int, b: int) -> None:
    successes, n = min(a, b), max(a, b)
    e = rate_estimate(successes, n)
    if n == 0:
        assert e.n == 0 and str(e) == "-"
        return
    assert 0 <= e.low <= e.value <= e.high <= 1


def test_the_intervals_match_published_values() -> None:
    # Wilson, 95%, Newcombe (1998), Statistics in Medicine 17:857, table I: 81/263 -> 0.2553..0.3662
    e = rate_estimate(81, 263)
    assert (round(e.low, 4), round(e.high, 4)) == (0.2553, 0.3662)
    e = rate_estimate(15, 148)  # same table: 0.0624..0.1605
    assert (round(e.low, 4), round(e.high, 4)) == (0.0624, 0.1605)
    # t interval: mean 2.5 of 1..4, sd 1.291, t(3) = 3.182
    m = mean_estimate([1, 2, 3, 4])
    assert round(m.high - m.value, 3) == round(3.182 * statistics.stdev([1, 2, 3, 4]) / 2, 3)
    d = paired_difference([1, 2, 3], [1, 2, 3])
    assert (d.value, d.low, d.high) == (0, 0, 0)
    with pytest.raises(InvalidInputError, match="as many items"):
        paired_difference([1], [1, 2])


# -- one study ---------------------------------------------------------------


def test_the_same_seed_gives_the_same_numbers_and_another_seed_others(study: Comparison) -> None:
    again = compare([FR, FR_NO_EZ], **SMALL)
    assert again.to_dict() == study.to_dict()
    assert again.rows == study.rows
    other = compare([FR, FR_NO_EZ], **{**SMALL, "seed": 8})
    assert other.rows["racks"] != study.rows["racks"]


def test_lexicons_with_the_same_bag_see_the_same_racks(study: Comparison) -> None:
    a = [r["rack"] for r in study.rows["racks"] if r["lexicon"] == "fr"]
    b = [r["rack"] for r in study.rows["racks"] if r["lexicon"] == "fr-noEZ"]
    assert a == b and len(a) == SMALL["racks"]
    assert len(set(a)) > SMALL["racks"] * 0.95


def test_rack_rows_agree_with_single_queries(study: Comparison) -> None:
    for row in study.rows["racks"][::37]:
        lex = FR if row["lexicon"] == "fr" else FR_NO_EZ
        words = lex.subanagrams(row["rack"], 3, 9)
        assert row["words"] == len(words)
        assert row["playable"] == bool(words)
        assert row["longest"] == max((lex.tile_length(w) for w in words), default=0)
        assert row["best_points"] == row["longest"] ** 2
        if words:
            assert set(row["best"].split()) <= {w for w in words if lex.tile_length(w) == row["longest"]}


def test_the_summaries_are_the_rows_summarised(study: Comparison) -> None:
    rows = [r for r in study.rows["racks"] if r["lexicon"] == "fr"]
    playable = study.summaries["fr"]["racks"]["playable"]
    assert playable.value == sum(r["playable"] for r in rows) / len(rows)
    assert playable.low < playable.value < playable.high
    games = [r for r in study.rows["games"] if r["lexicon"] == "fr-noEZ"]
    assert study.summaries["fr-noEZ"]["games"]["turns"].value == statistics.fmean(r["turns"] for r in games)
    # The filtered list can only lose: fewer words on every rack.
    fr = study.rows["racks"][: SMALL["racks"]]
    no = study.rows["racks"][SMALL["racks"] :]
    assert all(b["words"] <= a["words"] for a, b in zip(fr, no, strict=True))


def test_the_difference_is_the_set_difference_and_what_it_changes(study: Comparison) -> None:
    d = study.differences[0]
    only = set(FR) - set(FR_NO_EZ)
    assert sum(d.only_first.values()) == len(only) and d.only_second == {}
    assert d.only_first == dict(sorted(Counter(len(w) for w in only).items()))
    fr = study.rows["racks"][: SMALL["racks"]]
    no = study.rows["racks"][SMALL["racks"] :]
    longer = sum(1 for a, b in zip(fr, no, strict=True) if a["longest"] > b["longest"])
    assert d.paired["best_only_first"].value == longer / len(fr)
    assert d.paired["best_only_second"].value == 0
    assert d.paired["words"].value < 0
    assert all(word in only for word, _ in d.top_first)
    # Positions of the filtered list's games, judged by both: its words are fr words, so a pass
    # Jarnac-able with them is Jarnac-able in fr.
    positions = [r for r in study.rows["trays"] if r["lexicon"] == "fr-noEZ"]
    assert all(r["jarnacable_in_first"] or not r["jarnacable"] for r in positions)
    assert d.paired["jarnac_only_second"].value == 0 and d.paired["jarnac_only_first"].n == len(positions)
    assert all(r["jarnacable_in_first"] is None for r in study.rows["trays"] if r["lexicon"] == "fr")
    assert "fr-noEZ against fr" in study.table()


def test_the_difference_reports_familiarity_when_word_frequencies_are_installed() -> None:
    pytest.importorskip("wordfreq")
    en = Lexicon.load("en")
    s = compare([en, "en-large"], racks=50, trays=0, games=0, ladders=False)
    fam = s.differences[0].familiarity
    assert fam is not None
    side = fam["en-large"]
    assert side["words"] == sum(s.differences[0].only_second.values()) and 0 < side["known"] <= side["words"]
    assert "have a known frequency" in s.table()


def test_games_and_positions_are_rows_with_their_summaries(study: Comparison) -> None:
    assert study.measures()["games"]["first_player_wins"] == "wins of greedy against cautious"  # seats alternate
    games = [r for r in study.rows["games"] if r["lexicon"] == "fr"]
    assert [g["game_index"] for g in games] == [0, 1, 2]
    assert [(g["player_a"], g["player_b"]) for g in games][:2] == [("greedy", "cautious"), ("cautious", "greedy")]
    for g in games:  # each row is the game its seed plays
        record = play_game(FR, [g["player_a"], g["player_b"]], seed=g["seed"])
        assert (g["score_a"], g["score_b"]) == record.scores and g["result"] == record.result
    trays = [r for r in study.rows["trays"] if r["lexicon"] == "fr"]
    assert len(trays) == 3 and all(r["swing_exact"] for r in trays)
    assert all(r["best_swing"] == 0 or r["jarnacable"] for r in trays)


def test_bags_of_different_alphabets_are_compared_unpaired() -> None:
    s = compare(["fr", "nl"], racks=30, trays=0, games=0, ladders=False, familiarity=False)
    assert s.differences[0].paired == {} and s.differences[0].only_first == {}
    assert s.setup.bags[1].name == "nl-estimate"


def test_ladders_within_a_budget_are_flagged() -> None:
    s = compare(["fr"], racks=20, trays=0, games=0, ladder_budget=0.2)
    rows = s.rows["racks"]
    assert all(r["ladder"] >= (1 if r["playable"] else 0) for r in rows)
    assert s.summaries["fr"]["racks"]["ladder_exact"].n == 20


def test_by_default_every_search_is_exact_and_the_numbers_repeat() -> None:
    """With 50 ms budgets on by default, two identical runs gave different ladders."""
    first = compare(["fr"], racks=40, trays=2, games=0, players=("greedy", "greedy"), seed=3)
    assert first.setup.ladder_budget is None and first.setup.tray_budget is None
    assert all(r["ladder_exact"] for r in first.rows["racks"]) and all(r["swing_exact"] for r in first.rows["trays"])
    again = compare(["fr"], racks=40, trays=2, games=0, players=("greedy", "greedy"), seed=3)
    assert again.rows == first.rows


def test_studies_of_other_seeds_share_no_game() -> None:
    """Game g was seeded seed + g, so seeds 1 and 2 shared 3 games of 4."""
    one = compare(["fr"], racks=0, trays=0, games=3, players=("greedy", "greedy"), seed=1)
    two = compare(["fr"], racks=0, trays=0, games=3, players=("greedy", "greedy"), seed=2)
    assert not {r["seed"] for r in one.rows["games"]} & {r["seed"] for r in two.rows["games"]}


def test_a_list_too_poor_to_play_stalls_instead_of_failing(tmp_path: Path) -> None:
    """Ladder players exchanged forever on a 7-word list: 'the game did not end within 5000 actions'."""
    words = tmp_path / "tiny.txt"
    words.write_text("RAT\nRATS\nSTAR\nZZZ\n", encoding="utf-8")
    tiny = Lexicon.from_file(words)
    s = compare([FR, tiny], bags=[None, Bag.load("fr")], racks=20, trays=1, games=2, familiarity=True)
    games = [r for r in s.rows["games"] if r["lexicon"] == "tiny"]
    assert all(r["stalled"] for r in games) and s.summaries["tiny"]["games"]["stalled"].value == 1
    assert any(r["result"].startswith("stopped after") for r in games)
    assert s.differences[0].familiarity is not None  # fr's side; the list has no known language, no error


def test_lists_of_other_alphabets_say_why_they_are_not_paired() -> None:
    s = compare(["fr", "nl"], racks=10, trays=0, games=0, ladders=False, familiarity=False)
    assert "different alphabets (latin, dutch)" in s.differences[0].note and s.differences[0].note in s.table()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"racks": -1}, "racks must be"),
        ({"rack_size": 16}, "1 to 15 tiles"),
        ({"players": ("greedy", "nobody")}, "no player 'nobody'"),
        ({"engine": "gpu"}, "rack engine"),
        ({"ladder_budget": 0}, "ladder_budget"),
        ({"ladders": "yes"}, "ladders is True or False"),
        ({"rack_size": 0}, "1 to 15 tiles"),
        ({"seed": 1.5}, "seed"),
        ({"bags": [Bag.load("en"), None]}, "one bag per lexicon"),
    ],
)
def test_bad_options_are_named(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        compare(["fr"], **options)


def test_bad_lexicons_are_named() -> None:
    with pytest.raises(InvalidInputError, match="list of lexicons"):
        compare("fr")
    with pytest.raises(JarnacError):
        compare(["no-such-lexicon"])
    with pytest.raises(InvalidInputError, match="Lexicon objects"):
        compare([FR, 3])  # type: ignore[list-item]


# -- executors -----------------------------------------------------------------


def test_local_processes_give_the_same_study(study: Comparison) -> None:
    other = compare([FR, FR_NO_EZ], **SMALL, executor=LocalProcesses(2))
    assert other.rows == study.rows and other.to_dict() == study.to_dict()
    assert other.executor == "processes" and other.workers == 2


def test_a_dask_local_cluster_gives_the_same_study(study: Comparison) -> None:
    pytest.importorskip("distributed")
    seen: list[tuple[int, int]] = []
    dask = DaskExecutor(workers=2)
    other = compare([FR, FR_NO_EZ], **SMALL, executor=dask, progress=lambda d, t: seen.append((d, t)))
    assert other.rows == study.rows and other.to_dict() == study.to_dict()
    assert seen[-1][0] == seen[-1][1] and len(seen) == seen[-1][1]
    with DaskExecutor(workers=2) as kept:  # one cluster for several runs
        match = play_match(FR, ["greedy", "greedy"], 5, seed=3, executor=kept)
        assert kept.run(divmod, 7, [2, 3]) == [(3, 1), (2, 1)]
    assert kept._client is None
    assert match == play_match(FR, ["greedy", "greedy"], 5, seed=3)


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    pytest.importorskip("distributed")
    with pytest.raises(InvalidInputError, match=r"cannot reach the Dask scheduler tcp://127\.0\.0\.1:9"):
        DaskExecutor(scheduler="tcp://127.0.0.1:9", timeout=1).run(lambda s, x: x, None, [1])


def test_executors_keep_item_order_and_check_their_options() -> None:
    assert LocalProcesses(2).run(divmod, 7, [1, 2, 3]) == [(7, 0), (3, 1), (2, 1)]
    assert InProcess().run(divmod, 7, []) == []
    with pytest.raises(InvalidInputError, match="workers must be"):
        LocalProcesses(0)
    with pytest.raises(InvalidInputError, match="choose one executor"):
        make_executor(workers=2, processes=2)
    with pytest.raises(InvalidInputError, match="not both"):
        DaskExecutor(scheduler="tcp://x:1", workers=2)
    with pytest.raises(InvalidInputError, match="an executor has a method run"):
        compare(["fr"], racks=1, executor=object())  # type: ignore[arg-type]

    class Mine:  # only run(): enough to be an executor
        def run(self, fn: Any, shared: Any, items: Any, progress: Any = None) -> list[Any]:
            return [fn(shared, item) for item in items]

    assert compare(["fr"], racks=3, ladders=False, executor=Mine()).executor == "Mine"


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("nonsense", "a Dask scheduler address is tcp://HOST:PORT"),
        ("http://127.0.0.1:9", "a Dask scheduler address is tcp://HOST:PORT"),
        ("tcp://host:99999", "a Dask scheduler address is tcp://HOST:PORT"),
        ("", "a Dask scheduler is an address"),
    ],
)
def test_bad_scheduler_addresses_are_refused_before_any_work(address: str, message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        DaskExecutor(scheduler=address)


def test_a_peer_that_never_answers_is_given_up_on() -> None:
    """--scheduler pointed at an HTTP server hung for 12 minutes."""
    pytest.importorskip("distributed")
    import socket

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()  # accepts the TCP connection, never speaks
    port = server.getsockname()[1]
    try:
        with pytest.raises(InvalidInputError, match="Dask scheduler"):
            DaskExecutor(scheduler=f"tcp://127.0.0.1:{port}", timeout=1).run(divmod, 7, [1])
    finally:
        server.close()


def test_play_match_on_processes_is_the_same_match() -> None:
    records_a: list[Any] = []
    records_b: list[Any] = []
    a = play_match(FR, ["greedy", "cautious"], 6, seed=11, records=records_a)
    b = play_match(FR, ["greedy", "cautious"], 6, seed=11, records=records_b, executor=LocalProcesses(2))
    assert a == b and [str(r) for r in records_a] == [str(r) for r in records_b]


# -- rows and report -------------------------------------------------------------


def test_rows_as_csv_and_parquet_hold_every_item(study: Comparison, tmp_path: Path) -> None:
    paths = write_rows(study, tmp_path / "csv")
    assert [p.name for p in paths] == ["racks.csv", "trays.csv", "games.csv"]
    with paths[0].open(encoding="utf-8") as f:
        racks = list(csv.DictReader(f))
    assert len(racks) == len(study.rows["racks"])
    assert [int(r["words"]) for r in racks] == [r["words"] for r in study.rows["racks"]]
    assert racks[0]["ladder"] == ""  # no ladders: an empty cell, not a zero
    pq = pytest.importorskip("pyarrow.parquet")
    paths = write_rows(study, tmp_path / "pq", "parquet")
    table = pq.read_table(paths[2]).to_pylist()
    assert table == [{k: r[k] for k in table[0]} for r in study.rows["games"]]
    with pytest.raises(InvalidInputError, match="csv or parquet"):
        write_rows(study, tmp_path, "xlsx")


# The report's page and figures: tests/test_study_report.py.


def test_a_rate_near_0_or_1_is_not_rounded_to_it() -> None:
    from jarnac_solver.studies.compare import table_cell

    assert table_cell(rate_estimate(9999, 10000), rate=True).startswith("99.99%")
    assert table_cell(rate_estimate(1, 10000), rate=True).startswith("0.01%")
    assert table_cell(rate_estimate(5, 10), rate=True).startswith("50.0%")
    assert table_cell(rate_estimate(0, 10), rate=True).startswith("0.0%")


def test_the_new_users_question_is_one_call() -> None:
    """'comparing en with en-large and fr with a filtered fr over racks took 40 lines of glue'."""
    rng = random.Random(0)
    assert len(Bag.load("fr").sample(rng, 6)) == 6
    s = compare([FR, FR.filter(lambda w: "Z" not in w, "fr-noZ")], racks=300, trays=0, games=0, ladders=False)
    assert s.setup.bags[1] == Bag.load("fr")  # the filtered list kept its bag
    fr, no_z = (s.summaries[n]["racks"]["words"].value for n in ("fr", "fr-noZ"))
    assert no_z < fr


# -- the command line ---------------------------------------------------------------


def test_the_command_line_compares_and_writes_rows_and_a_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["lexicon", "compare", "fr", "en", "--racks", "60", "--trays", "1", "--games", "2"]
    argv += ["--players", "greedy,greedy", "--seed", "3", "--rows", str(tmp_path / "rows")]
    argv += ["--no-ladders"]
    assert main([*argv, "--no-familiarity"]) == 0
    out, err = capsys.readouterr()
    assert "racks with a word" in out and "en against fr" in out and err == ""
    assert (tmp_path / "rows" / "games.csv").exists()
    report = ["lexicon", "compare", "fr", "--racks", "20", "--trays", "0", "--games", "0", "--no-ladders"]
    assert main([*report, "--report", str(tmp_path / "report")]) == 0  # racks only: a report of 3 figures
    assert f"report: {tmp_path / 'report' / 'index.html'}" in capsys.readouterr().out
    assert main([*argv, "--processes", "2", "--json", "--no-familiarity"]) == 0
    in_pool = json.loads(capsys.readouterr().out)
    assert main([*argv, "--json", "--no-familiarity"]) == 0
    assert json.loads(capsys.readouterr().out) == in_pool  # the same numbers on 2 processes


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "greedy,nobody"], "no player 'nobody'"),
        (["--players", "greedy"], "two names"),
        (["--rack-size", "16"], "1 to 15 tiles"),
        (["--workers", "2", "--processes", "2"], "not allowed with"),
        (["--processes", "0"], "give 1 to 256"),
        (["--rows-format", "xlsx"], "invalid choice"),
        (["--racks", "-1"], "give 0 to"),
        (["--ladder-budget", "x"], "milliseconds"),
        (["--bag", "nl-estimate"], "alphabet"),
        (["--rows", ""], "empty path"),
        (["--report", "/proc/no-report-here"], "cannot write the report folder"),
        (["--ladder-budget", "0"], "milliseconds"),
        (["--scheduler", "nonsense"], "a Dask scheduler address"),
    ],
)
def test_the_command_line_names_bad_input_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lexicon", "compare", "fr", "--racks", "5", "--trays", "0", "--games", "0", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err, err


def test_an_unwritable_folder_is_said_before_the_work(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    afile = tmp_path / "afile"
    afile.write_text("", encoding="utf-8")
    # 10 million racks would take hours: the error must come first.
    assert main(["lexicon", "compare", "fr", "--racks", "10000000", "--rows", str(afile / "sub")]) == 2
    assert "cannot write the rows folder" in capsys.readouterr().err


def test_help_shows_every_default_and_play_bounds_its_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["lexicon", "compare", "--help"])
    text = capsys.readouterr().out
    assert "(default: 0)" in text and "%%" not in text  # the seed's default 0 was hidden (0 == False)
    assert main(["play", "--games", "99999999999999999999", "--processes", "2"]) == 2
    assert "give 1 to 10000000" in capsys.readouterr().err


def test_play_runs_on_processes_with_the_same_result(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--games", "4", "--seed", "2", "--json"]
    assert main(argv) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main([*argv, "--processes", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == alone


def test_a_terminal_sees_a_progress_bar(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    argv = ["lexicon", "compare", "fr", "--racks", "1200", "--trays", "0", "--games", "0", "--no-ladders"]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert err.startswith("\r[") and "3/3 chunks" in err and err.endswith("\n")
    assert main([*argv, "--no-progress"]) == 0
    assert capsys.readouterr().err == ""
