"""Hints and the draw-aware planner."""

from __future__ import annotations

import pytest

from jarnac_solver import Bag, InvalidInputError, Lexicon, Tray, legal_moves
from jarnac_solver.game.record import GameRecord
from jarnac_solver.planning.planner import hints, plan, unseen_tiles
from jarnac_solver.play.players import play_game

FR = Lexicon.load("fr")


def test_hints_are_legal_ranked_and_explained() -> None:
    tray = Tray.parse("RAT BUT / ZWUSE")
    ranked = hints(FR, tray, unseen_tiles(Bag.load("fr"), [tray]), top=4, samples=4)
    assert len(ranked) == 4
    assert [h.value for h in ranked] == sorted((h.value for h in ranked), reverse=True)
    moves = legal_moves(FR, tray)
    for h in ranked:
        assert h.move in moves
        after = tray.push(h.move, lexicon=FR)
        assert h.points == after.score - tray.score
        for step in h.ladder:  # the ladder it starts is legal move by move
            after = after.push(step, lexicon=FR)
        assert h.draws >= 1 + len(h.ladder)
        assert h.exposure is not None and h.exposure >= 0  # no budget: always computed
    assert str(ranked[0]).startswith(str(ranked[0].move))


def test_the_plan_follows_the_longest_ladder_when_nothing_is_drawn() -> None:
    """The sheet: ARE -> RACE -> TRACE -> TRACEE; the first move starts a 4-word ladder."""
    best = hints(FR, Tray.parse("/ ACEERT"), top=1)[0]
    assert best.draws == 4 and len(best.ladder) == 3


def test_plan_passes_only_without_a_move() -> None:
    unseen = unseen_tiles(Bag.load("fr"), [])
    assert plan(FR, Tray.parse("RAT / Q"), unseen) is None
    move = plan(FR, Tray.parse("RAT BUT / ZW"), unseen)
    assert move is not None and str(move) == "1:RAT+Z=TZAR"


def test_unseen_tiles() -> None:
    bag = Bag.load("fr")
    trays = [Tray.parse("RAT BUT / ZW"), Tray.parse("CARIES / SN")]
    unseen = unseen_tiles(bag, trays)
    assert len(unseen) == 144 - 8 - 8
    assert unseen.count("Z") == 1
    with pytest.raises(InvalidInputError, match="more K"):
        unseen_tiles(bag, [Tray.parse("/ KK")])


def test_bad_arguments() -> None:
    tray = Tray.parse("RAT / Z")
    with pytest.raises(InvalidInputError, match="top"):
        hints(FR, tray, top=0)
    with pytest.raises(InvalidInputError, match="budget"):
        hints(FR, tray, budget=-1)
    with pytest.raises(InvalidInputError, match="unseen tile '1'"):
        hints(FR, tray, unseen=["1"])


@pytest.mark.parametrize("players", [["ladder", "greedy"], ["planner", "cautious"]])
def test_the_planning_players_play_whole_games(players: list[str]) -> None:
    record = play_game(FR, players, seed=5)
    assert record.result
    assert GameRecord.parse(str(record)).replay(FR).scores() == record.scores
