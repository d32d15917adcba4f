"""What a player is shown: no future draws, forks with the hidden tiles re-sampled, play from a position."""

from __future__ import annotations

from collections import Counter

import pytest

from jarnac_solver import Bag, IllegalActionError, InvalidInputError, Lexicon, Rules, unseen_tiles
from jarnac_solver.game.actions import Action, Draw
from jarnac_solver.game.game import Game
from jarnac_solver.game.record import GameRecord
from jarnac_solver.game.view import PlayerView, TableState
from jarnac_solver.moves.tray import Tray
from jarnac_solver.play.players import GreedyPlayer, PlannerPlayer, play_game

FR = Lexicon.load("fr")
SEED = 987_654_321


def midgame(seed: int = SEED, actions: int = 40) -> Game:
    """A game of greedy against cautious, ``actions`` actions in."""
    record = play_game(FR, ["greedy", "cautious"], seed=seed, max_actions=actions, stop_at_limit=True)
    return record.replay(FR)


def reachable(root: object) -> list[object]:
    """Every value the view holds, through slots, attributes and containers (not into the lexicon)."""
    seen: set[int] = set()
    out: list[object] = []
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (Lexicon, Bag, Rules, type)) or callable(obj):
            continue
        seen.add(id(obj))
        out.append(obj)
        if isinstance(obj, dict):
            stack += [*obj.keys(), *obj.values()]
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack += list(obj)
        elif not isinstance(obj, (str, bytes, int, float, bool, type(None))):
            for name in getattr(type(obj), "__slots__", ()):
                if hasattr(obj, name):
                    stack.append(getattr(obj, name))
            stack += list(getattr(obj, "__dict__", {}).values())
    return out


def test_a_view_holds_no_seed_and_no_bag_order() -> None:
    game = midgame()
    bag = game.state.bag
    assert len(bag) > 20 and list(bag) != sorted(bag)
    view = game.view()
    for name in ("game", "seed", "push", "pop", "push_text", "_stack", "over_the_board"):
        assert not hasattr(view, name), name
    for name in ("bag", "bag_order"):
        assert not hasattr(view.state, name), name
    with pytest.raises(AttributeError):
        view.seed = 1  # type: ignore[attr-defined]
    assert view.state.unseen == tuple(sorted(bag)) and view.state.bag_size == len(bag)
    held = reachable(view)
    assert not any(obj is game or obj is game.state for obj in held)
    assert not any(isinstance(obj, tuple) and obj == bag for obj in held), "the bag's order is reachable"
    assert not any(type(obj) is int and obj == SEED for obj in held), "the seed is reachable"


def test_a_view_shows_the_table() -> None:
    game = midgame()
    view = game.view()
    s = game.state
    assert isinstance(view.state, TableState)
    for name in TableState._fields:
        if name != "unseen":
            assert getattr(view.state, name) == getattr(s, name), name
    assert view.lexicon is game.lexicon and view.rules == game.rules and view.bag == game.bag
    assert view.scores() == game.scores() and view.state.scores == s.scores and not view.is_over()
    assert view.actions == tuple(game.actions)
    assert view.legal_actions() == game.legal_actions()
    assert view.unseen_tiles() == unseen_tiles(game.bag, s.trays)
    assert view.time_over_action() == game.time_over_action()


def test_a_jarnac_window_looks_the_same_through_the_view() -> None:
    windows: list[Game] = []

    def observe(game: Game) -> None:
        if not windows and game.state.phase == "jarnac" and game.best_call():
            windows.append(game.fork(keep_bag=True))

    play_game(FR, ["sloppy", "greedy"], seed=2, observe=observe)
    game = windows[0]
    view = game.view()
    assert view.best_call() == game.best_call() and view.jarnac_calls() == game.jarnac_calls()
    assert view.formed_lines() == game.formed_lines()


def test_play_game_hands_players_a_view() -> None:
    shown: list[object] = []

    class Watcher(GreedyPlayer):
        name = "watcher"

        def choose(self, view: PlayerView | Game) -> Action:
            shown.append(view)
            return super().choose(view)

    record = play_game(FR, [Watcher(), "greedy"], seed=3)
    assert shown and all(type(v) is PlayerView for v in shown)
    assert str(record) == str(play_game(FR, ["greedy", "greedy"], seed=3)).replace(
        '"greedy" "greedy"', '"watcher" "greedy"'
    )


def test_built_in_players_called_with_a_game_look_at_its_view() -> None:
    game = midgame(actions=30)
    for player in (GreedyPlayer(), PlannerPlayer(1)):
        assert player.choose(game) == type(player)(1).choose(game.view())


def test_a_fork_resamples_only_the_hidden_tiles() -> None:
    game = midgame()
    before = game.state
    fork = game.fork(seed=5)
    assert game.state is before  # the game is untouched
    s, f = game.state, fork.state
    assert f.trays == s.trays and f.scores == s.scores and f.phase == s.phase and f.to_act == s.to_act
    assert f._replace(bag=s.bag) == s
    assert fork.actions == game.actions and fork.actions is not game.actions
    assert Counter(f.bag) == Counter(s.bag) and f.bag != s.bag
    assert sorted(fork.alphabet.tiles[c] for c in f.bag) == unseen_tiles(game.bag, s.trays)
    assert fork.seed == 5 and fork.resampled and not game.resampled
    assert game.fork(seed=5).state == f  # reproducible
    assert game.fork(seed=6).state.bag != f.bag
    assert game.view().fork(seed=5).state == f  # the view's fork is the game's
    fork.check_invariants()


def test_a_fork_undoes_only_its_own_actions() -> None:
    game = midgame()
    fork = game.fork(seed=5)
    with pytest.raises(IllegalActionError, match="forked after action 40"):
        fork.pop()
    start = fork.state
    fork.push(fork.legal_actions()[0])
    fork.pop()
    assert fork.state == start and len(fork.actions) == 40


def test_a_fork_keeping_the_bag_plays_on_as_the_game_would() -> None:
    full = play_game(FR, ["greedy", "cautious"], seed=7)
    game = GameRecord.parse(str(full)).replay(FR)
    while len(game.actions) > 60:
        game.pop()
    kept = game.fork(keep_bag=True)
    assert kept.state == game.state and kept.seed == 7 and not kept.resampled
    with pytest.raises(InvalidInputError, match="give no seed"):
        game.fork(3, keep_bag=True)
    again = play_game(FR, ["greedy", "cautious"], start=game)
    assert len(game.actions) == 60  # the start is left unchanged
    assert str(again) == str(full)


def test_play_game_from_a_resampled_fork_completes_and_replays() -> None:
    game = midgame()
    record = play_game(FR, ["planner", "greedy"], start=game.fork(seed=11))
    assert record.result and record.seed is None and '[Seed "-"]' in str(record)
    assert record.actions[:40] == GameRecord.of(game).actions
    replayed = GameRecord.parse(str(record)).replay(FR)
    assert replayed.is_over() and replayed.scores() == record.scores
    assert str(play_game(FR, ["planner", "greedy"], start=game.fork(seed=11))) == str(record)


def test_play_game_from_a_position_refuses_a_second_setting() -> None:
    game = midgame()
    with pytest.raises(InvalidInputError, match="own rules, seed and bag"):
        play_game(FR, ["greedy", "greedy"], seed=1, start=game)
    with pytest.raises(InvalidInputError, match="lexicon"):
        play_game(Lexicon.load("en"), ["greedy", "greedy"], start=game)
    with pytest.raises(InvalidInputError, match="must be a Game"):
        play_game(FR, ["greedy", "greedy"], start=game.view())  # type: ignore[arg-type]


def test_built_in_players_are_seeded_from_the_games_seed() -> None:
    """A game played without a seed replays, players' choices included, from its record's seed."""
    record = play_game(FR, ["random", "sloppy"])
    assert record.seed is not None
    assert str(play_game(FR, ["random", "sloppy"], seed=record.seed)) == str(record)


def test_an_over_the_board_game_forks_into_one_that_draws() -> None:
    game = Game(FR, over_the_board=True)
    game.push(Draw(), drawn="EARTSN")
    view = game.view()
    assert view.state.trays[0] == Tray.parse("/ EARTSN") and view.state.bag_size == len(game.state.bag)
    fork = view.fork(seed=2)
    assert not fork.over_the_board and fork.resampled
    fork.push(fork.legal_actions()[-1])
    record = play_game(FR, ["greedy", "greedy"], start=fork)
    assert record.seed is None and GameRecord.parse(str(record)).replay(FR).scores() == record.scores
