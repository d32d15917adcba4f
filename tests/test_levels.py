"""Levels set by counts: the sim player's strength is a number of play-out rounds (its wall-clock budget
only a ceiling that says when it was hit), and the exchanger named by what it does (``cautious`` its alias)."""

from __future__ import annotations

import pytest

from jarnac_solver import InvalidInputError, Lexicon
from jarnac_solver.play.players import PLAYERS, CautiousPlayer, ExchangerPlayer, SimPlayer, make_player, play_game

FR = Lexicon.load("fr")


def test_a_sim_level_is_a_count_and_its_games_replay_from_their_seed() -> None:
    """Two games of the same count and seeds are the same game, whatever the machine's load; the ceiling
    was never hit."""
    players = [SimPlayer(3, playouts=1, top=1), SimPlayer(4, playouts=1, top=1)]
    first = play_game(FR, players, seed=5, max_actions=24, stop_at_limit=True)
    again = [SimPlayer(3, playouts=1, top=1), SimPlayer(4, playouts=1, top=1)]
    assert str(play_game(FR, again, seed=5, max_actions=24, stop_at_limit=True)) == str(first)
    assert players[0].ceiling_hits == players[1].ceiling_hits == 0
    sim = make_player("sim")  # the service's "sim": a count too
    assert isinstance(sim, SimPlayer) and sim.playouts == SimPlayer.DEFAULT_PLAYOUTS


def test_a_ceiling_reached_is_counted_and_plays_the_planners_choice() -> None:
    """A budget of 0 s: every decision is cut at once, counted, and played as the planner would."""
    sim = SimPlayer(7, budget=0)
    record = play_game(FR, [sim, make_player("planner", 9)], seed=2, max_actions=30, stop_at_limit=True)
    planner = play_game(
        FR, [make_player("planner", 7), make_player("planner", 9)], seed=2, max_actions=30, stop_at_limit=True
    )
    assert record.actions == planner.actions
    assert sim.ceiling_hits == sum(who == 0 for who, _, _ in record.actions) - 1  # all but its opening draw
    spender = SimPlayer(7, budget=0, playouts=None)  # the whole budget, no count: nothing to say was cut
    play_game(FR, [spender, "planner"], seed=2, max_actions=10, stop_at_limit=True)
    assert spender.ceiling_hits == 0


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "4"])
def test_a_bad_count_is_refused(bad: object) -> None:
    with pytest.raises(InvalidInputError, match="playouts must be a whole number >= 1"):
        SimPlayer(1, playouts=bad)  # type: ignore[arg-type]


def test_the_exchanger_is_named_by_what_it_does_and_cautious_still_plays_it() -> None:
    """``cautious`` lost to greedy (its exchanges): it is ``exchanger`` now; the old name, which records and the
    service use, makes the same player under its old name, and its games are the same."""
    assert isinstance(make_player("cautious"), ExchangerPlayer) and make_player("cautious").name == "cautious"
    assert make_player("exchanger").name == "exchanger" and CautiousPlayer.__mro__[1] is ExchangerPlayer
    old = play_game(FR, ["greedy", "cautious"], seed=4)
    new = play_game(FR, ["greedy", "exchanger"], seed=4)
    assert old.actions == new.actions and old.players == ("greedy", "cautious")
    assert list(PLAYERS).index("exchanger") == list(PLAYERS).index("cautious") + 1


def test_sim_bounded_is_a_level_of_counts_and_falls_back_to_planner_learned() -> None:
    """The service's ``sim-bounded`` is made at its counts; cut by a ceiling of 0 s, every decision is counted
    and played as ``planner-learned`` plays it (its own choice: the one the hold keeps)."""
    from jarnac_solver.play.players import BoundedSimPlayer

    made = make_player("sim-bounded")
    assert isinstance(made, BoundedSimPlayer) and made.playouts == SimPlayer.DEFAULT_PLAYOUTS
    assert (made.max_playouts, made.max_end_playouts, made.hold) == (48, 24, 1.0)
    assert made.options == {"max_playouts": 48, "max_end_playouts": 24, "hold": 1.0}
    cut = BoundedSimPlayer(7, budget=0)
    record = play_game(FR, [cut, make_player("planner", 9)], seed=2, max_actions=30, stop_at_limit=True)
    learned = [make_player("planner-learned", 7), make_player("planner", 9)]
    assert record.actions == play_game(FR, learned, seed=2, max_actions=30, stop_at_limit=True).actions
    assert cut.ceiling_hits == sum(who == 0 for who, _, _ in record.actions) - 1  # all but its opening draw
