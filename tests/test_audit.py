"""Auditing passes: the two questions, records of games played over the board, and an audit that
finds exactly the mistakes a player made on purpose, checked against a brute-force twin."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import (
    Bag,
    GameRecord,
    IllegalActionError,
    JarnacError,
    Lexicon,
    Rules,
    Tray,
    is_jarnacable,
    passer_left_move,
    play_game,
    thief_best_call,
)
from jarnac_solver.cli import main
from jarnac_solver.play.audit import audit, audit_many
from jarnac_solver.play.players import SloppyPlayer

from . import oracle

FR = Lexicon.load("fr")
WORDS = ["rat", "rats", "star", "tsar", "arts", "tar", "art", "rate", "tare", "taser", "aster", "stare", "treat"]
WORDS += ["set", "sea", "tea", "eat", "seat", "east", "teas", "rest", "tres", "reset", "steer", "terse", "ester"]
SMALL = Lexicon.from_words(WORDS, metadata={"name": "small"})
SMALL_BAG = Bag.parse("9A 12E 7R 9S 9T")


def test_the_two_questions_on_a_tray_left_with_go() -> None:
    """On RAT BUT CAS DOS FEU LIT MER O / G the passer left GO, which no thief with line 1
    free can seat: is_jarnacable and passer_left_move answer 8:O+G=GO; thief_best_call nothing."""
    passer = Tray.parse("RAT BUT CAS DOS FEU LIT MER O / G")
    assert str(passer_left_move(FR, passer)) == str(is_jarnacable(FR, passer)) == "8:O+G=GO"
    assert not thief_best_call(FR, passer, Tray.parse("/"))
    seven = Tray.parse("AMI BOL COR DUR ELU FIL GUI /")  # the thief's last line is its next one
    assert [str(m) for m in thief_best_call(FR, passer, seven).steals] == ["8:O+G=GO"]
    # A new word left under rules where it cannot be stolen: a fault, but no Jarnac.
    rules = Rules(steal_place=False)
    assert passer_left_move(FR, Tray.parse("/ BUT"), rules) is not None
    assert not thief_best_call(FR, Tray.parse("/ BUT"), Tray.parse("/"), rules)


def play_with_mistakes(seed: int) -> tuple[GameRecord, list[SloppyPlayer]]:
    """Two sloppy players: each passes with moves left, so each gets Jarnacs to miss or spoil."""
    players = [SloppyPlayer(seed * 2 + i, miss=0.25, miss_jarnac=0.4, worse_jarnac=0.4) for i in range(2)]
    return play_game(FR, players, seed=seed), players


@pytest.mark.parametrize("seed", range(6))
def test_the_audit_finds_exactly_the_mistakes_made_on_purpose(seed: int) -> None:
    record, players = play_with_mistakes(seed)
    report = audit(record, FR)
    for seat, player in enumerate(players):
        found = {(w.action, "pass") for w in report.windows if w.passer == seat and w.kind == "pass" and w.left_move}
        for w in report.windows:
            if w.thief == seat and w.best and w.called is None:
                found.add((w.action + 1, "missed jarnac"))
            if w.thief == seat and w.called is not None and not w.optimal:
                found.add((w.action + 1, "worse jarnac"))
        assert found == set(player.mistakes)


def test_the_mistakes_cover_every_kind() -> None:
    kinds = {kind for seed in range(6) for player in play_with_mistakes(seed)[1] for _, kind in player.mistakes}
    assert kinds == {"pass", "missed jarnac", "worse jarnac"}


def test_greedy_players_make_no_mistake_the_audit_sees() -> None:
    report = audit(play_game(FR, ["greedy", "cautious"], seed=5), FR)
    for player in report.players:
        assert player.passes_with_move_left == player.jarnacs_missed == player.points_missed == 0


@settings(max_examples=15)
@given(st.integers(0, 10_000))
def test_every_window_of_small_games_against_the_brute_force_twin(seed: int) -> None:
    record = play_game(SMALL, ["sloppy", "random"], seed=seed, bag=SMALL_BAG)
    report = audit(record, SMALL)
    words = [tuple(w.upper()) for w in WORDS]
    shape = {"n_lines": 8, "line_length": 9, "min_length": 3, "last_min": 1}
    checked = 0
    for w in report.windows:
        passer, thief = w.passer_tray, w.thief_tray
        if "" in passer.lines or not thief.last_line_free():
            continue  # the oracle seats on trays without gaps and with the last line free
        lines, rack = [tuple(line) for line in passer.lines], tuple(passer.rack)
        assert (w.left_move is not None) == bool(oracle.moves(words, lines, rack, **shape))
        for objective, plan in (("swing", w.best), ("gain", w.best_gain)):
            expected = oracle.best_jarnac(
                words, lines, rack, **shape, steal_place=True, free_lines=thief.free_lines(), objective=objective
            )
            got = (plan.swing, plan.gain) if objective == "swing" else (plan.gain, plan.swing)
            assert got == expected
        checked += 1
    assert checked or not report.windows


def test_the_same_answers_on_one_process_and_two() -> None:
    records = [play_with_mistakes(seed)[0] for seed in range(4)]
    one = [r.to_dict() for r in audit_many(records, FR, deep=True, workers=1)]
    two = [r.to_dict() for r in audit_many(records, None, deep=True, workers=2)]
    assert one == two


def test_a_game_played_over_the_board() -> None:
    """Every draw written out, no seed: a draw the bag no longer holds is an error naming the action."""
    record = play_game(FR, ["greedy", "greedy"], seed=9)
    board = GameRecord.parse(str(record).replace('[Seed "9"]', '[Seed "-"]'))
    assert board.seed is None and audit(board, FR).to_dict()["windows"] == audit(record, FR).to_dict()["windows"]
    lines = str(board).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("1. A draw"))
    lines[first] = "1. A draw {KKAAAA}"  # one K in the fr bag
    # The error names the line of the text, not only the action's number.
    with pytest.raises(
        IllegalActionError, match=rf"^line {first + 1}, action 1 \(draw\): draws KK, but the bag holds no"
    ):
        GameRecord.parse("\n".join(lines)).replay(FR)


def test_the_command_line_audits_many_records_and_reports_a_bad_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = [play_with_mistakes(seed)[0] for seed in range(3)]
    text = "\n".join(map(str, records)).splitlines()
    second = [i for i, line in enumerate(text) if line.startswith("[Lexicon")][1]
    text[second + 6] = "garbage"
    path = tmp_path / "games.txt"
    path.write_text("\n".join(text), encoding="utf-8")
    status = main(["audit", str(path)])
    out, err = capsys.readouterr()
    assert status == 2 and f"game 2, line {second + 7}: cannot read 'garbage'" in err
    assert "2 games audited" in out and "passes with a move left" in out and "could call" in out
    status = main(["audit", str(path), "--json", "--workers", "2"])
    document = json.loads(capsys.readouterr()[0])
    assert status == 2 and len(document["result"]["games"]) == 2 and len(document["result"]["errors"]) == 1


def test_a_record_that_reads_but_does_not_replay_is_reported_and_the_others_audited(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A wrong draw stopped the whole audit (no game audited), though the README says
    the others are still audited. Game 1 does not read, game 3 draws what the bag does not give: both are
    said with their number in the file, games 2 and 4 audited, status 2, on one process and on two."""
    records = [play_game(FR, ["greedy", "greedy"], seed=seed) for seed in range(4)]
    texts = [str(r) for r in records]
    texts[0] = texts[0].replace('[Result "A', '[Result "A 1', 1)
    texts[2] = texts[2].replace("1. A draw {", "1. A draw {ZZ", 1)
    path = tmp_path / "games.txt"
    path.write_text("".join(texts), encoding="utf-8")
    for workers in ("1", "2"):
        status = main(["audit", str(path), "--workers", workers])
        out, err = capsys.readouterr()
        assert status == 2 and "2 games audited" in out
        assert (
            "games.txt: game 1, line" in err
            and "games.txt: game 3: line " in err
            and ", action 1 (draw): it drew" in err
        )
    errors: list[JarnacError] = []
    reports = audit_many([GameRecord.parse(t) for t in texts[1:]], FR, errors=errors, numbers=[2, 3, 4])
    assert len(reports) == 2 and [str(e).split(":")[0] for e in errors] == ["game 3"]
    with pytest.raises(IllegalActionError, match=r"^game 2: line \d+, action 1 \(draw\)"):
        audit_many([GameRecord.parse(t) for t in texts[1:]], FR)
