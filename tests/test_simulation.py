"""Simulation: candidates played out on re-sampled bags, reproducible from a seed; the sim player."""

from __future__ import annotations

import pytest

from jarnac_solver import EXACT, InvalidInputError, Lexicon
from jarnac_solver.game.actions import Action, Decline, Draw, Pass, Play
from jarnac_solver.game.game import Game
from jarnac_solver.game.record import GameRecord
from jarnac_solver.game.view import PlayerView
from jarnac_solver.moves.move import Move
from jarnac_solver.moves.tray import Tray
from jarnac_solver.planning import planlane
from jarnac_solver.planning.simulation import (
    Candidate,
    SimOption,
    Simulation,
    candidates,
    evaluate,
    playout,
    simulate,
)
from jarnac_solver.planning.strategy import choose_move
from jarnac_solver.play.players import PLAYERS, BoundedSimPlayer, SimPlayer, make_player, play_game
from jarnac_solver.rng import Pcg32

from .clocks import looks_after, stepped
from .positions import setup

FR = Lexicon.load("fr")


def position(me: str, opponent: str, phase: str = "play", seed: int = 1) -> Game:
    """A game with player A to act on the trays given, their tiles taken out of the bag."""
    game = Game(FR, seed=seed)
    setup(game, (Tray.parse(me), Tray.parse(opponent)), phase, 0, 0, turn=20)
    return game


def midgame(seed: int = 11, actions: int = 30) -> Game:
    """A planner game ``actions`` actions in."""
    record = play_game(FR, ["planner", "planner"], seed=seed, max_actions=actions, stop_at_limit=True)
    return record.replay(FR)


def play_phase(seed: int = 11) -> Game:
    """The first position of a planner game, from 30 actions in, in the play phase with a move to make."""
    game = midgame(seed)
    while not (game.state.phase == "play" and len(game.legal_actions()) > 1):
        game.push(make_player("planner", 0).choose(game.view()))
    return game


def test_same_seed_same_answer() -> None:
    game = play_phase()
    first = simulate(game, budget=EXACT, playouts=3, seed=7, top=2)
    assert isinstance(first, Simulation) and first.rounds == 3 and not first.stopped
    assert first == simulate(game.view(), budget=EXACT, playouts=3, seed=7, top=2)  # the view is all it reads
    for option in first.options:
        assert isinstance(option, SimOption) and option.playouts <= 3
    assert first.playouts == sum(o.playouts for o in first.options)
    assert first.options == tuple(sorted(first.options, key=lambda o: -o.mean))
    assert str(first).startswith(f"{first.playouts} play-outs, 3 rounds")


def test_the_candidates_hold_the_planners_choice_first_and_pass() -> None:
    game = play_phase()
    s = game.state
    found = candidates(game, top=3)
    assert all(isinstance(c, Candidate) for c in found)
    planner = choose_move(FR, s.trays[s.to_act], s.trays[1 - s.to_act], len(s.bag), game.rules, Pcg32(0))
    assert planner is not None and found[0].action == Play(planner) and "planner" in found[0].sources
    assert Pass() in [c.action for c in found]
    legal = game.legal_actions()
    assert all(c.action in legal for c in found)
    assert len({str(c.action) for c in found}) == len(found)  # each action once, with all its sources


def test_the_candidates_of_a_jarnac_window_and_a_start() -> None:
    game = position("RAT BUT / ZW", "CARIES / SN")
    game.push(Pass())
    found = [c.action for c in candidates(game)]
    assert Decline() in found and len(found) >= 2
    assert all(a in game.legal_actions() for a in found)
    game = midgame(3, 40)
    while game.state.phase != "start":
        game.push(make_player("planner", 0).choose(game.view()))
    found = [c.action for c in candidates(game)]
    assert Draw() in found and all(a in game.legal_actions() for a in found)


def test_finishing_into_the_final_jarnac_loses_and_extending_first_wins() -> None:
    """+U fills the last line and the opponent's final Jarnac plays on; ZUNER first leaves nothing."""
    game = position(
        "DEGONFLER CESSAIENT RIBOULONS IMPUDENTE JAVAIENT BACTERIEN NUER / UZ",
        "GENDARMEZ REABORDAT CLOUTAIS CARENATES COPULAI MAYO / GXE",
    )
    zuner, finish = Play(Move.parse("7:NUER+Z=ZUNER")), Play(Move.parse("+U"))
    result = simulate(game, budget=EXACT, playouts=6, seed=3)
    ranked = [o.action for o in result.options]
    assert finish in ranked and zuner in ranked and ranked.index(zuner) < ranked.index(finish)
    # The same with only the two to compare (whatever the planner's own choice).
    given = simulate(game, [finish, zuner], budget=EXACT, playouts=6, seed=3)
    assert given.best.action == zuner and given.best.mean > 0 and given.best.sources == ("given",)


def test_a_playout_stops_at_the_horizon_and_values_the_end() -> None:
    game = play_phase()
    turn = game.state.turn
    fork = game.view().fork(5)
    value = playout(fork, 0, turn + 2, Pcg32(1))
    assert fork.state.phase in ("start", "opening", "over")
    assert fork.state.turn >= turn + 2 or fork.state.phase == "over"
    assert value == evaluate(fork.state, 0) == -evaluate(fork.state, 1)
    ended = game.view().fork(5)
    playout(ended, 0, None, Pcg32(1))
    assert ended.state.phase == "over"
    assert evaluate(ended.state, 0) == ended.scores()[0] - ended.scores()[1]


def test_a_time_budget_stops_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # The clock here moves a second a reading: the readings counted are the Python play-outs' (the planner's
    # lane reads no clock inside a play-out, the caller checks the deadline after it), so the lane is off.
    monkeypatch.setattr(planlane, "supported", lambda game: False)
    game = play_phase()
    deadline, clock = stepped(90)  # a round of play-outs, then the deadline passes inside the second
    result = simulate(game, budget=deadline, seed=1, prune=0)
    # The first round whole; of the second, the play-outs finished before the deadline count, the one it
    # passed in is dropped (so at least one option has only the first round's).
    assert result.stopped and result.rounds == 1
    assert all(1 <= o.playouts <= 2 for o in result.options) and min(o.playouts for o in result.options) == 1
    # Past the deadline: the cut play-out's decisions (each looks once), its round and the search.
    assert looks_after(deadline, clock) <= 8
    single = simulate(position("RAT / Q", "BUT / E"), budget=EXACT, playouts=5)
    assert single.playouts == 0 and single.best.action == Pass()  # one candidate: nothing to play out


def test_bad_arguments() -> None:
    game = play_phase()
    with pytest.raises(InvalidInputError, match="playouts"):
        simulate(game, playouts=0)
    with pytest.raises(InvalidInputError, match="turns"):
        simulate(game, turns=-1)
    with pytest.raises(InvalidInputError, match="PlayerView or a Game"):
        simulate("RAT / Z")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="budget"):
        SimPlayer(1, budget=-1)


def test_a_sim_game_against_the_planner_completes_and_replays() -> None:
    assert "sim" in PLAYERS and make_player("sim", 1).name == "sim"
    sim = SimPlayer(5, budget=0.01)
    record = play_game(FR, [sim, "planner"], seed=2)
    assert record.result and record.players == ("sim", "planner")
    assert GameRecord.parse(str(record)).replay(FR).scores() == record.scores


def test_advise_can_simulate() -> None:
    """advise(game, depth="simulate"): the candidates ranked by play-outs, each reason its mean and play-outs."""
    from jarnac_solver import advise

    game = Game(Lexicon.load("fr"), seed=3)
    game.push(Draw())
    advice = advise(game, top=3, depth="simulate", budget=stepped(3000)[0], seed=1)  # play-outs, then stopped
    assert advice.phase == "play" and not advice.exact and 1 <= len(advice.options) <= 3
    legal = game.legal_actions()
    for option in advice.options:
        assert option.action in legal or str(option.action) == "pass"
        assert option.reasons[0].code == "playout_margin"
    with pytest.raises(InvalidInputError, match="depth must be one of plan, simulate"):
        advise(game, depth="deep")


def test_players_and_deep_advice_are_bounded_and_importable() -> None:
    """The player classes the README names were not importable, make_player took no
    options, simulate(budget=EXACT) without a play-out count ran 83 s, advise's deep mode had no play-out count."""
    import jarnac_solver
    from jarnac_solver import SimPlayer, advise, make_player, simulate
    from jarnac_solver.planning import simulation

    for name in ("RandomPlayer", "GreedyPlayer", "CautiousPlayer", "SloppyPlayer", "LadderPlayer", "PlannerPlayer"):
        assert getattr(jarnac_solver, name).name in jarnac_solver.PLAYERS
    player = make_player("sim", 3, budget=0.05)
    assert isinstance(player, SimPlayer) and player.budget == 0.05
    with pytest.raises(InvalidInputError, match="player 'greedy'"):
        make_player("greedy", 1, budget=0.05)
    game = Game(Lexicon.load("fr"), seed=3)
    game.push(Draw())
    old = simulation.MAX_ROUNDS
    simulation.MAX_ROUNDS = 2
    try:
        assert simulate(game, budget=EXACT, seed=1, top=2, prune=0).rounds == 2
    finally:
        simulation.MAX_ROUNDS = old
    first = advise(game, top=2, depth="simulate", budget=EXACT, playouts=2, seed=1)
    assert first == advise(game, top=2, depth="simulate", budget=EXACT, playouts=2, seed=1)
    assert first.options[0].reasons[0].code == "playout_margin"


class _Watched:
    """Wraps a simulating player: the simulation of each of its decisions that ran play-outs."""

    def __init__(self, inner: SimPlayer) -> None:
        self.inner = inner
        self.name = inner.name
        self.simulations: list[Simulation] = []

    def choose(self, view: PlayerView) -> Action:
        action = self.inner.choose(view)
        if self.inner.last is not None:
            self.simulations.append(self.inner.last)
            assert action == self.inner.last.best.action
        return action


def test_sim_bounded_replays_from_its_seed_and_keeps_to_its_caps() -> None:
    """sim-bounded's games are the same from the same seeds, and no decision passes its play-out counts."""
    assert PLAYERS["sim-bounded"] is BoundedSimPlayer and make_player("sim-bounded", 1).name == "sim-bounded"
    first = play_game(FR, ["sim-bounded", "planner"], seed=4)
    assert first.actions == play_game(FR, ["sim-bounded", "planner"], seed=4).actions
    assert GameRecord.parse(str(first)).replay(FR).scores() == first.scores
    watched = _Watched(BoundedSimPlayer(9, max_playouts=12, max_end_playouts=6))
    play_game(FR, [watched, "planner"], seed=5)
    assert watched.simulations and watched.inner.ceiling_hits == 0
    for result in watched.simulations:
        assert result.playouts == sum(len(o.values) for o in result.options)
        assert result.playouts <= (6 if result.to_end else 12)
    assert any(r.to_end for r in watched.simulations)  # the cap of the play-outs to the end was met


def test_the_caps_stop_at_whole_rounds() -> None:
    game = play_phase()
    free = simulate(game, budget=EXACT, playouts=6, seed=3, top=3, prune=0)
    capped = simulate(game, budget=EXACT, playouts=6, seed=3, top=3, prune=0, max_playouts=2 * len(free.options) + 1)
    assert not capped.to_end and capped.rounds == 2 and capped.playouts == 2 * len(free.options)
    assert all(o.playouts == 2 for o in capped.options)  # the third round would pass the cap: not started
    # The play-outs' values are the uncapped run's first two rounds (the same forks).
    firsts = {str(o.action): o.values[:2] for o in free.options}
    assert all(o.values == firsts[str(o.action)] for o in capped.options)
    # Not near the end: the cap of the play-outs to the end does not apply.
    assert simulate(game, budget=EXACT, playouts=2, seed=3, top=3, max_end_playouts=1).playouts == free.playouts // 3
    none = simulate(game, budget=EXACT, playouts=6, seed=3, top=3, max_playouts=1)
    assert none.playouts == 0 and "planner" in none.best.sources  # not one whole round: the planner's choice


def test_the_hold_keeps_the_planners_choice_unless_beaten() -> None:
    """held: another candidate had a higher mean but none beat the planner's choice by ``hold`` standard
    errors; the option played is then the planner's. An unreachable hold always keeps it; no hold plays the
    best mean."""
    game = play_phase()
    free = simulate(game, budget=EXACT, playouts=8, seed=2, top=4, prune=0)
    leader = free.options[0]
    kept = simulate(game, budget=EXACT, playouts=8, seed=2, top=4, prune=0, hold=1e9)
    assert "planner" in kept.best.sources and kept.held == ("planner" not in leader.sources)
    assert sorted(map(str, kept.options)) == sorted(map(str, free.options))  # the same play-outs, reordered
    assert not free.held and simulate(game, budget=EXACT, playouts=8, seed=2, top=4, prune=0, hold=0).best == leader
    # Given options: the one from "planner" is the one held.
    a, b = (o.action for o in free.options[:2])
    given = [Candidate(b, ("planner",)), Candidate(a, ("mine",))]
    held = simulate(game, given, budget=EXACT, playouts=8, seed=2, hold=1e9)
    assert held.best.action == b and held.held == (held.options[1].mean > held.best.mean)
    # In games: every held decision plays the planner's choice.
    watched = _Watched(BoundedSimPlayer(3))
    play_game(FR, ["planner", watched], seed=6)
    assert watched.simulations
    for result in watched.simulations:
        if result.held:
            assert "planner" in result.best.sources and any(o.mean > result.best.mean for o in result.options[1:])


@pytest.mark.parametrize(
    ("options", "needle"),
    [
        ({"max_playouts": 0}, "max_playouts must be a whole number >= 1"),
        ({"max_playouts": 2.5}, "max_playouts must be a whole number >= 1"),
        ({"max_end_playouts": True}, "max_end_playouts must be a whole number >= 1"),
        ({"hold": -1}, "hold must be a number of standard errors >= 0"),
        ({"hold": float("nan")}, "hold must be a number of standard errors >= 0"),
        ({"hold": "1"}, "hold must be a number of standard errors >= 0"),
    ],
)
def test_the_counts_and_the_hold_are_checked(options: dict[str, object], needle: str) -> None:
    game = play_phase()
    with pytest.raises(InvalidInputError, match=needle):
        simulate(game, budget=EXACT, playouts=1, **options)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match=needle):
        BoundedSimPlayer(1, **options)  # type: ignore[arg-type]


def test_a_lexicon_the_lane_does_not_play_is_bounded_by_counts_under_any_rules() -> None:
    """nl's IJ is a tile of two letters, which the planner's C lane does not play: under the sheet's rules too
    every play-out action is a search in Python, so each decision keeps to its count of searches (a decision
    took the 5 s ceiling, unbounded by counts, and a game a minute). Counted, not timed."""
    from jarnac_solver.moves.rules import Rules
    from jarnac_solver.planning.simulation import searches_counted

    nl = Lexicon.load("nl")
    game = Game(nl, Rules.preset("sheet"), seed=1)
    assert searches_counted(game) and not searches_counted(Game(FR, Rules.preset("sheet"), seed=1))
    watched = _Watched(SimPlayer(3, max_searches=24))
    play_game(nl, [watched, "random"], Rules.preset("sheet"), seed=6, max_actions=50, stop_at_limit=True)
    assert watched.simulations and watched.inner.ceiling_hits == 0
    assert all(r.searches <= 24 for r in watched.simulations)
    assert sum(r.searches for r in watched.simulations) > 0  # the Python path was taken: the count did the work


def test_the_slowest_pairings_decisions_are_bounded_by_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules the planner's C lane does not play (the English value Jarnac, disputes) play every play-out
    action in Python: each sim decision keeps to its count of searches, a play-out's value Jarnacs to the
    play-out pool limit, and a play-out's move on a large rack is not searched by the ladder. Counted, not
    timed: the benchmark (benchmarks/bench_bounded.py) measures the seconds."""
    from jarnac_solver.moves.rules import Rules
    from jarnac_solver.planning import playouts, simulation

    racks: list[int] = []
    pools: list[int | None] = []
    real_choose, real_policy = playouts.choose_move, playouts.policy  # type: ignore[attr-defined]
    inside = [False]

    def watched_choose(lexicon: Lexicon, me: Tray, *rest: object) -> Move | None:
        if inside[0]:
            racks.append(len(me.rack_codes))
        return real_choose(lexicon, me, *rest)  # type: ignore[arg-type]

    def watched_policy(game: Game, *rest: object) -> Action:
        inside[0] = True
        pools.append(game.value_pool_limit)
        try:
            return real_policy(game, *rest)  # type: ignore[arg-type]
        finally:
            inside[0] = False

    monkeypatch.setattr(playouts, "choose_move", watched_choose)
    monkeypatch.setattr(playouts, "policy", watched_policy)
    english = Rules.preset("english")
    watched = _Watched(SimPlayer(3, max_searches=24))
    play_game(FR, [watched, "random"], english, seed=6, max_actions=60, stop_at_limit=True)
    assert watched.simulations and watched.inner.ceiling_hits == 0
    assert all(r.searches <= 24 for r in watched.simulations)
    assert sum(r.searches for r in watched.simulations) > 0  # the Python path was taken: the count did the work
    assert pools and set(pools) == {playouts.PLAYOUT_VALUE_POOL_LIMIT}
    assert racks and max(racks) <= simulation.PLAYOUT_MAX_RACK
    assert SimPlayer.MAX_SEARCHES and make_player("sim", 1).max_searches == SimPlayer.MAX_SEARCHES  # type: ignore[attr-defined]
    assert make_player("sim-bounded", 1).max_searches == SimPlayer.MAX_SEARCHES  # type: ignore[attr-defined]


def test_a_rack_past_the_search_count_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under rules the C lane does not play, a rack of more than MAX_SEARCH_RACK letters (a player stolen
    from again and again) plays its highest-scoring move without the ladder search, for the planner, the sim
    players and a play-out's policy (past PLAYOUT_MAX_RACK): counted by the searches made, none."""
    from jarnac_solver.moves.movegen import legal_moves
    from jarnac_solver.planning import playouts, simulation, strategy
    from jarnac_solver.play.players import PlannerPlayer

    searched: list[int] = []
    real = strategy.choose_move

    def watched(lexicon: Lexicon, me: Tray, *rest: object) -> Move | None:
        searched.append(len(me.rack_codes))
        return real(lexicon, me, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(strategy, "choose_move", watched)
    monkeypatch.setattr(simulation, "choose_move", watched)
    monkeypatch.setattr(playouts, "choose_move", watched)
    from jarnac_solver.moves.rules import Rules

    english = Rules.preset("english")  # rules the C lane does not play: every search in Python, counted
    game = Game(FR, english, seed=3)
    big = Tray.parse("/ AEEIOURSTLNAEIRSTUC")
    setup(game, (big, Tray.parse("RAT /")), "play", 0, 0)
    assert len(big.rack_codes) > max(PlannerPlayer.MAX_SEARCH_RACK, simulation.PLAYOUT_MAX_RACK)
    best = max(legal_moves(FR, big, game.rules), key=lambda m: (big.points(m), str(m)))
    for name in ("planner", "planner-learned", "sim", "sim-bounded"):
        assert make_player(name, 1).choose(game.view()) == Play(best), name
    assert simulation.policy(game, Pcg32(1), max_rack=simulation.PLAYOUT_MAX_RACK) == Play(best)
    assert searched == []
    small = Tray.parse("/ AEIRST")
    game = Game(FR, english, seed=3)
    setup(game, (small, Tray.parse("RAT /")), "play", 0, 0)
    make_player("planner", 1).choose(game.view())
    assert searched == [6]  # a rack within the count is searched as before
