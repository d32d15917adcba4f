"""The game engine: invariants, undo, records, and the rule cases of docs/rules.md."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import Bag, IllegalActionError, Lexicon, Move, Rules, Tray
from jarnac_solver.game.actions import Accept, CallJarnac, Decline, Dispute, Draw, Exchange, Pass, Play, parse_action
from jarnac_solver.game.game import Game, GameState
from jarnac_solver.game.record import GameRecord
from jarnac_solver.play.players import SloppyPlayer, play_game, play_match

from .positions import setup

FR = Lexicon.load("fr")
SMALL = Lexicon.from_words(
    ["rat", "tzar", "but", "ruat", "caries", "casiers", "sorbets", "brossent", "tar", "art", "arts", "star", "tas"]
)
TINY_BAG = Bag.parse("4A 2B 2C 3E 2I 1N 2O 3R 3S 3T 2U 1Z")


def state_key(game: Game) -> GameState:
    return game.state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.integers(0, 10**6), min_size=1, max_size=120))
def test_random_actions_keep_every_invariant_and_undo_exactly(seed: int, picks: list[int]) -> None:
    game = Game(SMALL, bag=TINY_BAG, seed=seed)
    states = [game.state]
    for pick in picks:
        if game.is_over():
            break
        actions = game.legal_actions()
        game.push(actions[pick % len(actions)])
        game.check_invariants()
        states.append(game.state)
    record = GameRecord.of(game)
    replayed = GameRecord.parse(str(record)).replay(SMALL)
    assert replayed.state == game.state
    while states[:-1]:
        states.pop()
        game.pop()
        assert game.state == states[-1]


def test_the_same_seed_gives_the_same_game() -> None:
    a = play_game(FR, ["greedy", "cautious"], seed=7)
    b = play_game(FR, ["greedy", "cautious"], seed=7)
    assert str(a) == str(b)
    assert str(play_game(FR, ["greedy", "cautious"], seed=8)) != str(a)


def test_records_replay_in_text_and_json() -> None:
    record = play_game(FR, ["sloppy", "greedy"], seed=3)
    game = GameRecord.parse(str(record)).replay(FR)
    assert game.is_over() and game.scores() == record.scores
    assert GameRecord.from_dict(record.to_dict()).replay(FR).state == game.state
    tampered = str(record).replace("{", "{Q", 1)
    with pytest.raises(IllegalActionError, match="drew"):
        GameRecord.parse(tampered).replay(FR)


def test_opening_draw_and_vowel_rule() -> None:
    """docs/rules.md#opening-vowel-rule: six consonants -> the last drawn is redrawn until a vowel comes."""
    consonants = Bag.parse("6B 6C 1A")
    for seed in range(30):
        game = Game(SMALL, Rules.preset("multilingual"), consonants, seed)
        game.push(Draw())
        rack = game.state.trays[0].rack
        assert len(rack) == 6 and "A" in rack
        game.check_invariants()
    plain = Game(SMALL, Rules(), consonants, 0)
    plain.push(Draw())
    assert len(plain.state.trays[0].rack) == 6


def test_jarnac_right_after_the_first_pass_before_the_opening_draw() -> None:
    """The sheet: A passes with RAT BUT / ZW; B calls Jarnac before drawing its 6; A keeps BUT and W."""
    game = Game(FR, seed=1)
    setup(game, (Tray.parse("RAT BUT / ZW"), Tray()), "play", 0, 0)
    game.state = game.state._replace(opened=(True, False))
    game.push(Pass())
    assert game.state.phase == "jarnac" and game.state.to_act == 1
    assert CallJarnac((Move.parse("1:RAT+Z=TZAR"),)) in game.legal_actions()
    game.push(parse_action("jarnac 1:RAT+Z=TZAR"))
    assert str(game.state.trays[0]) == "- BUT / W"
    assert game.state.trays[1].lines == ("TZAR",)
    assert game.state.phase == "opening" and game.state.to_act == 1  # then B's turn starts with its 6
    game.check_invariants()


def test_double_jarnac_and_free_lines_running_out() -> None:
    """The sheet: CARIES SORBETS / S N -> CASIERS and BROSSENT; with one free line, only one steal."""
    game = Game(FR, seed=2)
    setup(game, (Tray.parse("CARIES SORBETS / SN"), Tray()), "play", 0, 0)
    game.push(Pass())
    plan = game.best_call()
    assert sorted(m.word for m in plan.steals) == ["BROSSENT", "CASIERS"]
    game.push(CallJarnac(plan.steals))
    assert game.scores() == (0, 49 + 64)
    game2 = Game(FR, seed=2)
    setup(game2, (Tray.parse("CARIES SORBETS / SN"), Tray(["RAT"] * 7)), "play", 0, 0)
    game2.push(Pass())
    with pytest.raises(IllegalActionError, match="only 1 free lines"):
        game2.push(CallJarnac(plan.steals))
    calls = game2.jarnac_calls()
    assert calls and all(len(c.steals) == 1 for c in calls)
    assert [m.word for m in game2.best_call().steals] == ["BROSSENT"]


def test_game_ends_on_the_last_line_and_the_final_jarnac() -> None:
    """The sheet: the game ends when a player fills the 8th line and no Jarnac is called against it."""
    full7 = Tray(["RAT"] * 7, "ZUTS")
    game = Game(FR, seed=3)
    setup(game, (full7, Tray()), "play", 0, 0)
    game.push(Play(Move.parse("+TUS")))
    assert game.state.phase == "jarnac" and game.state.final and game.state.to_act == 1
    game.push(Decline())
    assert game.is_over() and game.winner() == 0
    # The final Jarnac against it: B steals, the game goes on with B's turn.
    game = Game(FR, seed=3)
    setup(game, (full7, Tray()), "play", 0, 0)
    game.push(Play(Move.parse("+TUS")))
    call = next(c for c in game.jarnac_calls() if c.steals[0].kind == "extend")
    game.push(call)
    assert not game.is_over() and game.state.to_act == 1


def test_exchange() -> None:
    """docs/rules.md#start-of-a-turn: exactly 3 letters; refused with fewer on the rack."""
    game = Game(FR, seed=4)
    setup(game, (Tray((), "AB"), Tray()), "start", 0, 0)
    assert not [a for a in game.legal_actions() if isinstance(a, Exchange)]
    with pytest.raises(IllegalActionError, match="exactly 3"):
        game.push(Exchange("AB"))
    game = Game(FR, seed=4)
    setup(game, (Tray((), "ABQZ"), Tray()), "start", 0, 0)
    bag_before = len(game.state.bag)
    game.push(Exchange("BQZ"))
    assert len(game.state.trays[0].rack) == 4 and len(game.state.bag) == bag_before
    assert game.state.phase == "play"
    game.check_invariants()
    with pytest.raises(IllegalActionError, match="not possible now"):
        game.push(Exchange("ABC"))


def test_the_bag_running_dry_ends_the_game() -> None:
    """The multilingual rulebook: the bag running dry with both players passing in turn."""
    game = Game(SMALL, bag=Bag.parse("1A 1Q"), seed=0)
    for _ in range(20):
        if game.is_over():
            break
        actions = game.legal_actions()
        game.push(Decline() if Decline() in actions else (Draw() if Draw() in actions else Pass()))
    assert game.is_over() and "bag" in game.state.result


def test_disputes() -> None:
    """docs/rules.md#disputes: a valid word -> the disputed draws 2; invalid -> taken back."""
    rules = Rules.preset("competitive")
    game = Game(FR, rules, seed=5)
    setup(game, (Tray((), "RATZU"), Tray((), "")), "play", 0, 0)
    game.push(Play(Move.parse("+RAT")))
    assert game.state.phase == "dispute" and game.state.to_act == 1
    game.push(Dispute())
    assert len(game.state.trays[0].rack) == 2 + 2 and game.state.bonus == (0, 1)
    game = Game(FR, rules, seed=5)
    setup(game, (Tray((), "RATZU"), Tray((), "")), "play", 0, 0)
    game.push(Play(Move.parse("+RAT")))
    game.push(Accept())
    assert len(game.state.trays[0].rack) == 3
    game = Game(FR, rules, seed=5)
    setup(game, (Tray((), "RATZU"), Tray((), "")), "play", 0, 0)
    game.push(Play(Move.parse("+TZRA")))  # not a word
    game.push(Dispute())
    assert game.state.trays[0] == Tray((), "RATZU")  # taken back
    assert game.state.phase == "jarnac" and game.state.to_act == 1 and game.state.bonus == (0, 1)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Pass(), "not possible now"),
        (Exchange("ABC"), "not possible now"),
        (Decline(), "not possible now"),
        (Play(Move.parse("+RAT")), "not possible now"),
    ],
)
def test_actions_in_the_wrong_phase_leave_the_game_unchanged(action: object, message: str) -> None:
    game = Game(FR, seed=6)
    before = game.state
    with pytest.raises(IllegalActionError, match=message):
        game.push(action)  # type: ignore[arg-type]
    assert game.state == before and not game.actions


def test_letters_not_held_and_wrong_calls() -> None:
    game = Game(FR, seed=6)
    setup(game, (Tray.parse("RAT / ZW"), Tray()), "play", 0, 0)
    before = game.state
    with pytest.raises(IllegalActionError, match="needs"):
        game.push(Play(Move.parse("+QUE")))
    with pytest.raises(IllegalActionError, match="not in the lexicon"):
        game.push(Play(Move.parse("1:RAT+Z=RATZ")))
    assert game.state == before
    game.push(Pass())
    with pytest.raises(IllegalActionError, match="could make"):
        game.push(CallJarnac((Move.parse("1:RAT+S=ARTS"),)))
    with pytest.raises(IllegalActionError):
        game.push_text("jarnac banana")


def test_sloppy_players_are_punished_by_jarnacs() -> None:
    result = play_match(FR, [SloppyPlayer(1, miss=0.5), "greedy"], games=4, seed=10)
    assert result.jarnacs[1] > 0 and result.swung[1] > 0
    assert result.games == 4 and sum(result.wins) + result.draws == 4


def test_an_action_from_the_wrong_player_is_refused() -> None:
    game = Game(FR, seed=6)
    with pytest.raises(IllegalActionError, match="player A is to act"):
        game.push(Draw(), player=1)
    assert not game.actions
    game.push(Draw(), player=0)
    assert game.state.to_act == 0


def test_thief_draws_option() -> None:
    """docs/rules.md#thief-draws: the thief draws one letter per stolen word."""
    game = Game(FR, Rules(thief_draws=True), seed=2)
    setup(game, (Tray.parse("CARIES SORBETS / SN"), Tray()), "play", 0, 0)
    game.push(Pass())
    game.push(CallJarnac(game.best_call().steals))
    assert len(game.state.trays[1].rack) == 2
    game.check_invariants()


def test_thief_keeps_the_turn_after_filling_its_last_line() -> None:
    """The multilingual rulebook: a Jarnac that fills the thief's 8th line lets it keep the turn until it passes."""
    game = Game(FR, Rules.preset("multilingual"), seed=3)
    setup(game, (Tray.parse("RAT BUT / ZS"), Tray(["RUE"] * 7, "E")), "play", 0, 0)
    game.push(Pass())
    game.push(parse_action("jarnac 1:RAT+Z=TZAR"))
    assert game.state.phase == "play" and game.state.to_act == 1 and game.state.keeping
    game.push(Pass())
    assert game.state.phase == "jarnac" and game.state.final and game.state.to_act == 0
    game.push(Decline())
    assert game.is_over()


def test_the_engine_checks_under_python_o() -> None:
    """``python -O`` strips asserts: the engine's checks are raised, so they hold there too."""
    import subprocess
    import sys

    code = (
        "from jarnac_solver import Game, Lexicon, Draw\n"
        "game = Game(Lexicon.load('fr'), seed=1)\n"
        "game.push(Draw())\n"
        "game.state = game.state._replace(bag=game.state.bag[1:])  # a tile lost\n"
        "try:\n"
        "    game.check_invariants()\n"
        "except AssertionError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "tiles are not conserved", done.stderr
