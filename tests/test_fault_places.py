"""Errors that point where the fault is, in the reader's language: a record's line, an unclosed draw, lexicon
names in any case; a record made with a built-in bag names it."""

from __future__ import annotations

from pathlib import Path

import pytest

from jarnac_solver import GameRecord, Lexicon, play_game
from jarnac_solver.cli import main
from jarnac_solver.errors import IllegalActionError, InvalidLetterError
from jarnac_solver.lexicon.alphabet import LATIN

RECORD = '[Lexicon "fr"]\n[Seed "-"]\n\n1. A draw {RATSEE}\n2. A +RAT {S}\n3. A 1:RAT+S=RTAS {E}\n'


def test_a_refused_record_names_the_line_of_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(
        IllegalActionError, match=r"^line 6, action 3 \(1:RAT\+S=RTAS\): .*RTAS is not in the lexicon fr"
    ):
        GameRecord.parse(RECORD).replay(Lexicon.load("fr"))
    path = tmp_path / "game.txt"
    path.write_text(RECORD, encoding="utf-8")
    assert main(["replay", str(path), "--lang", "fr"]) == 2
    assert "partie 1\u202f: ligne 6, action 3 (1:RAT+S=RTAS)" in capsys.readouterr().err


def test_an_unclosed_draw_is_said_as_such() -> None:
    with pytest.raises(InvalidLetterError, match=r"a draw opened with '\{' is never closed with '\}'") as caught:
        LATIN.encode("RAT {S", what="word")
    assert caught.value.reason is not None and caught.value.reason.code == "error_unclosed_draw"
    with pytest.raises(InvalidLetterError, match="which is not a tile"):
        LATIN.encode("RAT {S} 1", what="word")  # a closed draw and a bad tile: the tile is the fault


def test_lexicon_names_read_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert Lexicon.resolve("FR").name == Lexicon.load("Fr").name == "fr"
    assert main(["check", "TZAR", "--lexicon", "Fr"]) == 0
    assert "TZAR: valid" in capsys.readouterr().out


def test_a_record_made_with_a_built_in_bag_names_it() -> None:
    record = play_game(Lexicon.load("fr"), ["greedy", "greedy"], seed=1)
    assert '[Bag "fr"]' in str(record) and record.bag == "fr"


def test_a_study_says_when_its_games_are_too_few_to_tell() -> None:
    """10 games give a win rate of 60% [31, 83]: said as too few, with how many games would answer (±5 points)."""
    from jarnac_solver.studies.compare import compare

    study = compare(["fr"], racks=0, trays=0, games=10, ladders=False, familiarity=False)
    (name, note), *_ = study.cannot_tell("first_player_wins")
    assert name == "fr" and note.code == "report_cannot_tell" and note.values["n"] == 10
    assert note.values["needed"] == 250 and "too few to tell: 10 games" in study.table()
    assert note.text("es").startswith("demasiado pocas para concluir: 10 partidas")
    e = study.estimate("fr", "games", "first_player_wins")
    assert e is not None and e.cannot_tell(0.5) is None  # an interval narrower than the goal answers
