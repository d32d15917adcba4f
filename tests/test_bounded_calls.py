"""Every call bounded: hints and advice under a budget, records read a game at a time, bad files named."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

from jarnac_solver import (
    Bag,
    InvalidInputError,
    Lexicon,
    Tray,
    advise_position,
    hints,
    legal_moves,
    native,
    unseen_tiles,
)
from jarnac_solver.cli import main
from jarnac_solver.game.record import iter_records

from .clocks import looks_after, stepped

HUGE_RACK = Tray.parse("/ ABCDEFGHIJKLMNOPQRSTUVWXYZABCD")


def test_a_budget_of_hints_on_a_huge_rack_is_not_spent_listing_moves() -> None:
    """hints under a budget listed all 31,634 move classes of 30 letters after the budget: once the ladder has
    spent the budget, the ladder's move is the answer."""
    fr = Lexicon.load("fr")
    fr.move_keys()
    unseen = unseen_tiles(Bag.load("fr"), [HUGE_RACK])
    hints(fr, HUGE_RACK, unseen, budget=0)
    deadline, clock = stepped(10)
    answer = hints(fr, HUGE_RACK, unseen, budget=deadline)
    assert looks_after(deadline, clock) <= 4  # each stage of the hints looks once past it, and stops
    assert not answer.exact and len(answer) == 1 and answer[0].move in legal_moves(fr, HUGE_RACK)


def test_records_are_read_a_game_at_a_time() -> None:
    """A 63 MiB file of `RAT` lines took 4 GB before its first line was refused: every line was listed first."""
    text = "RAT\n" * 2_000_000  # 8 MB
    tracemalloc.start()
    try:
        with pytest.raises(InvalidInputError, match="line 1: a game record opens with its"):
            next(iter_records(text))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_a_bad_bag_is_quoted_in_part() -> None:
    """A 2 MB bag file gave a 2.5 MB error line."""
    with pytest.raises(InvalidInputError) as caught:
        Bag.parse("RAT\n" * 100_000, name="big")
    message = str(caught.value)
    assert len(message) < 200 and message.startswith("bag 'big': cannot read 'RAT")
    assert message.endswith("(399999 characters)")


def test_lexicon_option_names_what_a_special_file_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--lexicon FIFO` said "neither a bundled lexicon nor a file"; the other readers name the kind."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for spec, kind in [(str(fifo), "a fifo"), (str(tmp_path), "a folder"), ("/dev/zero", "a device")]:
        with pytest.raises(InvalidInputError, match=f"a lexicon is read from a regular file, not {kind}"):
            Lexicon.resolve(spec)
        assert main(["words", "ABC", "--lexicon", spec]) == 2
        assert f"not {kind}" in capsys.readouterr().err


def test_save_through_a_symbolic_link_writes_where_it_leads(tmp_path: Path) -> None:
    """Saving onto a link to a file put a plain file in the link's place; the file it led to kept the old one."""
    real, link, dangling = tmp_path / "real.jlex", tmp_path / "link.jlex", tmp_path / "dangling.jlex"
    Lexicon.from_words(["rat"]).save(real)
    link.symlink_to(real.name)
    dangling.symlink_to("new.jlex")
    Lexicon.from_words(["rat", "art"]).save(link)
    Lexicon.from_words(["tar"]).save(dangling)
    assert link.is_symlink() and dangling.is_symlink()
    assert sorted(Lexicon.open(real)) == ["ART", "RAT"]
    assert list(Lexicon.open(tmp_path / "new.jlex")) == ["TAR"]


def test_an_exact_ladder_stopped_by_its_memo_limit_says_so_and_is_not_empty(capsys: pytest.CaptureFixture[str]) -> None:
    """`plan --exact` printed "a ladder of 0 moves" (3 s, 280 MB): under EXACT there was no greedy first answer,
    and the memo limit stopped the search before any (the greedy ladder is now always first); and the note told
    the user to use --exact: it now says the memory limit stopped it."""
    if not native.compiled_available():
        pytest.skip("the compiled walk is not built (the pure one takes minutes to fill its memo)")
    assert main(["plan", str(HUGE_RACK), "--exact"]) == 0
    out = capsys.readouterr().out
    assert "stopped at a search's memory limit" in out and "--exact for the proof" not in out
    moves = int(out.split("a ladder of ", 1)[1].split(" ", 1)[0])
    assert moves >= 10


def test_an_end_game_hint_keeps_its_budget() -> None:
    """Found through the service: a hint with the opponent's tray took ~30 s whatever its budget (the search of
    the steals that would fill the thief's tray looked at no clock: 331,000 nodes)."""
    fr = Lexicon.load("fr")
    tray, opponent = (
        Tray.parse("RAT BUT CARIES SORBETS TZAR MOTS LIER / EAIRNTLUOEEAIRTNEMP"),
        Tray.parse("CRIE BAT / EAR"),
    )
    unseen = unseen_tiles(Bag.load("fr"), [tray, opponent])
    deadline, clock = stepped(200)
    advice = advise_position(fr, tray, opponent, unseen, budget=deadline)
    assert looks_after(deadline, clock) <= 6 and not advice.exact and advice.options
