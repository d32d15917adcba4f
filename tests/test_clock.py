"""The competitive clock (docs/rules.md#clock: one minute of thinking per turn): each decision timed, an
overrun does nothing (a pass in the play phase), records keep the times and replay them."""

from __future__ import annotations

from pathlib import Path

import pytest

from jarnac_solver import (
    Game,
    GameRecord,
    IllegalActionError,
    InvalidInputError,
    Lexicon,
    Rules,
    Tray,
    hints,
    play_game,
)
from jarnac_solver.budget import SEARCH_SHARE
from jarnac_solver.game.actions import Accept, Action, Decline, Draw, Pass
from jarnac_solver.game.view import PlayerView
from jarnac_solver.play.players import GreedyPlayer

from .clocks import StepClock

FR = Lexicon.load("fr")


def test_a_decision_over_the_clock_does_nothing() -> None:
    game = Game(FR, Rules.preset("competitive"), seed=3)
    expected = [Draw(), Pass(), Decline(), Draw(), Pass(), Decline(), Draw(), Pass()]
    for action in expected:  # opening, play, jarnac, B's opening, play, jarnac, A's start, play
        assert game.time_over_action() == action
        game.push(action)
    game.push(Decline())
    game.push(Draw())  # B's start
    move = next(iter(game.legal_actions()))
    game.push(move)  # a word: the opponent may dispute it
    assert game.state.phase == "dispute" and game.time_over_action() == Accept()


def timed_record() -> GameRecord:
    rules = Rules.preset("competitive").replace(think_seconds=0.5)
    game = Game(FR, rules, seed=3)
    for action in (Draw(), Pass(), Decline(), Draw(), Pass()):
        game.push(action)
    record = GameRecord.of(game)
    record.clock = [(0.001, False), (0.002, False), (0.010, False), (0.020, False), (0.731, True)]
    return record


def test_times_are_written_read_and_replayed() -> None:
    record = timed_record()
    text = str(record)
    assert "5. B pass [0.731s time over]" in text and "1. A draw {" in text and "[0.001s]" in text
    again = GameRecord.parse(text)
    assert again.clock == record.clock
    assert GameRecord.from_dict(record.to_dict()).clock == record.clock
    again.replay(FR)


def test_a_record_whose_times_do_not_add_up_is_refused() -> None:
    record = timed_record()
    lines = str(record).splitlines()
    untimed = "\n".join(line.split(" [")[0] if line.startswith("3.") else line for line in lines)
    with pytest.raises(InvalidInputError, match="every action has one, or none"):
        GameRecord.parse(untimed)
    record.clock[4] = (0.731, False)  # over the clock but says in time
    with pytest.raises(IllegalActionError, match="says in time"):
        record.replay(FR)
    record.clock[4] = (0.2, True)  # in time but says over
    with pytest.raises(IllegalActionError, match="says time over"):
        record.replay(FR)
    record.clock = record.clock[:2]
    with pytest.raises(InvalidInputError, match="2 times for 5 actions"):
        str(record)
    data = timed_record().to_dict()
    data["clock"][0]["seconds"] = -1
    with pytest.raises(InvalidInputError, match="seconds"):
        GameRecord.from_dict(data)


COMPETITIVE = Lexicon.load("fr-competitive")
TENTH = Rules.preset("competitive").replace(think_seconds=0.1)


@pytest.mark.parametrize("players", [("planner", "ladder"), ("greedy", "cautious")])
def test_self_play_under_a_tenth_of_a_second_finishes_and_replays(players: tuple[str, str]) -> None:
    """The competitive preset, its lexicon and a 0.1 s clock; every decision timed."""
    record = play_game(COMPETITIVE, list(players), TENTH, seed=7, timer=StepClock(0.002))  # 50 looks, 0.1 s
    assert record.result and len(record.clock) == len(record.actions)
    assert all(seconds >= 0 for seconds, _ in record.clock)
    assert all(over == (seconds > 0.1) for seconds, over in record.clock)
    again = GameRecord.parse(str(record))
    assert again.clock == record.clock and again.replay(COMPETITIVE).scores() == record.scores


class Slow:
    """A player too slow for the clock in the play phase: its word is never played, the turn ends. It thinks
    for 0.12 s of ``clock``'s time (the game's clock: the other player takes none)."""

    name = "slow"

    def __init__(self, clock: StepClock) -> None:
        self.greedy = GreedyPlayer()
        self.clock = clock

    def choose(self, view: PlayerView) -> Action:
        if view.state.phase == "play":
            assert view.clock is not None and view.clock.remaining() == pytest.approx(0.1 * SEARCH_SHARE)  # its share
            self.clock.advance(0.12)
        return self.greedy.choose(view)


def slow_game(max_actions: int) -> GameRecord:
    clock = StepClock()
    return play_game(
        COMPETITIVE, [Slow(clock), "greedy"], TENTH, seed=2, max_actions=max_actions, stop_at_limit=True, timer=clock
    )


def test_a_player_over_the_clock_passes() -> None:
    record = slow_game(400)
    timed_out = [record.actions[i][1] for i, (_, over) in enumerate(record.clock) if over]
    assert timed_out and set(timed_out) == {"pass"}
    assert all(record.actions[i][0] == 0 for i, (_, over) in enumerate(record.clock) if over)
    GameRecord.parse(str(record)).replay(COMPETITIVE)
    untimed = play_game(COMPETITIVE, ["greedy", "greedy"], Rules.preset("multilingual"), seed=2)
    assert untimed.clock == [] and "s]" not in str(untimed)  # no clock, no times


def test_a_timed_record_needs_a_clock_and_the_time_over_action() -> None:
    record = play_game(COMPETITIVE, ["greedy", "greedy"], TENTH, seed=4)
    played = next(i for i, (_, text, _) in enumerate(record.actions) if text.startswith(("+", "1:", "2:")))
    record.clock[played] = (0.2, True)  # a word played over the clock
    with pytest.raises(IllegalActionError, match="must be pass"):
        record.replay(COMPETITIVE)
    record.rules = Rules.preset("multilingual")
    with pytest.raises(IllegalActionError, match="no clock"):
        record.replay(COMPETITIVE)


def test_hints_take_the_clock_as_their_budget() -> None:
    """Under a clock and without a budget, the hint engine spends the clock's searching share."""
    tray = Tray.parse("RAT BUT TAS CHOSE / ABCDEEILNORS")
    clocked = Rules.preset("competitive").replace(think_seconds=0.001)  # seconds of search without it
    cut = hints(COMPETITIVE, tray, rules=clocked, samples=1)
    assert not cut.exact
    assert hints(COMPETITIVE, tray, rules=Rules.preset("multilingual"), samples=1).exact  # no clock: exact


def test_broken_times_are_named() -> None:
    """Edits of a record's times by hand: each refused with the bad text named, never a traceback."""
    text = str(timed_record())
    for bad in ("[abc]", "[-1.000s]", "[5s]", "[0.005s late]", "[0.005s TIME OVER]"):
        broken = text.replace("[0.010s]", bad)
        with pytest.raises(InvalidInputError, match=r"line \d+: cannot read the time"):
            GameRecord.parse(broken)
    with pytest.raises(InvalidInputError, match="over a day"):
        GameRecord.parse(text.replace("[0.010s]", "[99999999.000s]"))
    data = timed_record().to_dict()
    data["clock"][0]["seconds"] = 10**400
    with pytest.raises(InvalidInputError, match="from 0 to 86400"):
        GameRecord.from_dict(data)
    data["clock"][0] = [0.1, False]
    with pytest.raises(InvalidInputError, match="clock entry"):
        GameRecord.from_dict(data)


def test_an_audit_says_which_passes_were_the_clocks() -> None:
    from jarnac_solver import audit

    record = slow_game(120)
    report = audit(record, COMPETITIVE)
    timed_out = [w for w in report.windows if w.time_over]
    assert timed_out and all(w.passer == 0 for w in timed_out)
    assert "the clock ran out" in report.text() and all(w.to_dict()["time_over"] for w in timed_out)


def test_the_first_start_decision_is_not_charged_for_the_lexicons_tables() -> None:
    """The letter counts a planner's exchange reads were built inside its first decision's clock (~70-110 ms
    against 0.05 s): every game began with a time-over draw. They are built before the clock runs."""
    fresh = Lexicon.from_bytes(COMPETITIVE.to_bytes())  # no table built yet
    seen: list[bool] = []

    class Watching(GreedyPlayer):
        def choose(self, view: PlayerView | Game) -> Action:
            seen.append(fresh._letter_counts is not None)
            return super().choose(view)

    rules = Rules.preset("competitive").replace(think_seconds=0.05)
    play_game(fresh, [Watching(), "planner"], rules, seed=1, max_actions=1, stop_at_limit=True)
    assert seen == [True]


def test_json_times_are_milliseconds() -> None:
    data = timed_record().to_dict()
    data["clock"][0]["seconds"] = 0.0004
    with pytest.raises(InvalidInputError, match="milliseconds"):
        GameRecord.from_dict(data)


def test_show_and_audit_name_the_clocks_decisions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from jarnac_solver import audit
    from jarnac_solver.cli import main

    class SlowThief(GreedyPlayer):
        name = "slow-thief"

        def choose(self, view: PlayerView | Game) -> Action:
            if view.state.phase == "jarnac":
                clock.advance(0.12)
            return super().choose(view)

    clock = StepClock()
    record = play_game(
        COMPETITIVE, [SlowThief(), "greedy"], TENTH, seed=2, max_actions=200, stop_at_limit=True, timer=clock
    )
    report = audit(record, COMPETITIVE)
    answered = [w for w in report.windows if w.answer_time_over]
    assert answered and "the rules made its answer a decline" in report.text()
    path = tmp_path / "slow.txt"
    path.write_text(str(record), encoding="utf-8")
    assert main(["replay", str(path), "--show"]) == 0
    assert "time over: the rules' decline" in capsys.readouterr().out


class Loaded(StepClock):
    """A busy machine's clock: every look at it costs ``step`` seconds, and a decision's searches may look
    at it many times (the players' own deadlines would then pass early)."""


@pytest.mark.parametrize("players", [("planner", "sim-bounded"), ("ladder", "planner-learned")])
def test_a_seed_gives_the_same_clocked_game_on_a_busy_machine(players: tuple[str, str]) -> None:
    """Under a clock the built-in players search by counts (the clock only times each decision for a time-over):
    the same seed on an idle clock and on one that moves 0.4 s a look gives the same game; a time-over, the
    only thing the clock may change, is written in the record."""
    rules = Rules.preset("competitive").replace(think_seconds=1.0)
    idle = play_game(COMPETITIVE, list(players), rules, seed=5, max_actions=60, stop_at_limit=True, timer=StepClock())
    busy = play_game(COMPETITIVE, list(players), rules, seed=5, max_actions=60, stop_at_limit=True, timer=Loaded(0.4))
    assert not any(over for _, over in busy.clock)  # 0.4 s between a decision's two looks: under the 1 s clock
    assert busy.actions == idle.actions
    untimed = play_game(
        COMPETITIVE, list(players), rules.replace(think_seconds=None), seed=5, max_actions=60, stop_at_limit=True
    )
    assert untimed.actions == idle.actions  # the clock changes nothing but the times
    slow = play_game(COMPETITIVE, list(players), rules, seed=5, max_actions=60, stop_at_limit=True, timer=Loaded(1.5))
    assert all(over for _, over in slow.clock) and "time over" in str(slow)  # 1.5 s a decision: each marked


def test_inside_a_clock_a_simulating_players_ceiling_never_comes_before_the_clock() -> None:
    """A simulating player's own ceiling (``budget``) is a time bound: on a busy machine it could stop a
    decision early, unmarked, and the seed would give another game. Under a clock it is no less than the
    clock, so a player whose ceiling is 0 seconds plays, inside an hour's clock, the game its counts give
    (the same as with an hour's ceiling and no clock): only a time-over could change it, and none happened."""
    from jarnac_solver.play.players import SimPlayer

    rules = Rules.preset("competitive").replace(think_seconds=3600.0)
    hurried = SimPlayer(3, budget=0.0)
    clocked = play_game(COMPETITIVE, [hurried, "random"], rules, seed=4, max_actions=40, stop_at_limit=True,
                        timer=StepClock())  # fmt: skip
    assert hurried.ceiling_hits == 0 and not any(over for _, over in clocked.clock)
    patient = SimPlayer(3, budget=3600.0)
    untimed = play_game(COMPETITIVE, [patient, "random"], rules.replace(think_seconds=None), seed=4, max_actions=40,
                        stop_at_limit=True)  # fmt: skip
    assert clocked.actions == untimed.actions
    unclocked = SimPlayer(3, budget=0.0)  # no clock: the ceiling is its own, and comes first
    play_game(COMPETITIVE, [unclocked, "random"], rules.replace(think_seconds=None), seed=4, max_actions=40,
              stop_at_limit=True)  # fmt: skip
    assert unclocked.ceiling_hits > 0
