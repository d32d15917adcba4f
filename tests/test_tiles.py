"""Tiles as data: notations that round-trip with I, J and IJ, and a game that no action can corrupt.

Each case of multi-character tiles is a test here; ``test_hostile_actions`` drives
games with hand-built, repeated and misplaced actions.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import (
    DUTCH,
    Bag,
    Game,
    GameRecord,
    IllegalActionError,
    IllegalMoveError,
    Lexicon,
    Move,
    Rules,
    Tray,
    is_jarnacable,
    jarnac_steals,
    legal_moves,
)
from jarnac_solver.game.actions import (
    Accept,
    Action,
    CallJarnac,
    Decline,
    Dispute,
    Draw,
    Exchange,
    Pass,
    Play,
    parse_action,
)
from jarnac_solver.play.players import play_game

from .positions import setup

FR = Lexicon.load("fr")
NL = Lexicon.load("nl")
# A real Dutch bag: single I and J tiles beside the two IJ tiles (bag B).
DUTCH_BAG = Bag.parse(
    "12A 3B 2C 6D 18E 2F 3G 2H 6I 4J 3K 4L 3M 10N 6O 2P 1Q 5R 5S 6T 3U 2V 2W 1X 1Y 2Z 2IJ", DUTCH, name="nl-real"
)
IJ_TILES = ("I", "J", "IJ", "S", "A", "T")
codes_of = st.lists(st.sampled_from([DUTCH.index[t] for t in IJ_TILES]), max_size=12).map(tuple)


# -- notations --------------------------------------------------------------


@given(codes_of)
def test_tiles_round_trip_through_their_writing(codes: tuple[int, ...]) -> None:
    text = DUTCH.decode(codes)
    assert DUTCH.encode(text) == codes
    assert DUTCH.encode(text.lower()) == codes


@given(st.lists(codes_of.filter(bool), max_size=8), codes_of, st.data())
def test_trays_round_trip_through_their_notation(
    lines: list[tuple[int, ...]], rack: tuple[int, ...], data: st.DataObject
) -> None:
    gaps = data.draw(st.lists(st.booleans(), min_size=len(lines), max_size=len(lines)))
    line_codes = [
        () if gap and i < len(lines) - 1 else codes for i, (codes, gap) in enumerate(zip(lines, gaps, strict=True))
    ]
    tray = Tray.from_codes(line_codes, rack, DUTCH)
    again = Tray.parse(str(tray), DUTCH)
    assert again == tray
    assert again.line_codes == tray.line_codes and again.rack_codes == tray.rack_codes  # the order drawn too


@given(codes_of.filter(bool), codes_of.filter(bool), st.one_of(st.none(), st.integers(0, 7)))
def test_moves_round_trip_through_their_notation(
    old: tuple[int, ...], added: tuple[int, ...], line: int | None
) -> None:
    word = DUTCH.decode(old + added)
    place = Move.place(word, DUTCH)
    assert Move.parse(str(place), DUTCH) == place
    assert sorted(DUTCH.encode(place.letters)) == sorted(old + added)
    extend = Move.extend(line, DUTCH.decode(old), word, DUTCH)
    assert Move.parse(str(extend), DUTCH) == extend
    assert sorted(DUTCH.encode(extend.letters)) == sorted(added)
    assert parse_action(str(CallJarnac((extend,))), DUTCH) == CallJarnac((extend,))
    exchange = Exchange(DUTCH.decode(added))
    assert DUTCH.encode(parse_action(str(exchange), DUTCH).letters) == added  # type: ignore[union-attr]


def test_the_readme_writing_of_a_single_i_then_j() -> None:
    """README, multi-character tiles: ``I.J`` is a single I then a single J; ``IJ`` the IJ tile."""
    assert DUTCH.tokenize("ZI.JD") == ("Z", "I", "J", "D")
    assert DUTCH.tokenize("ZIJD") == ("Z", "IJ", "D")
    assert str(Tray.parse("BIJ / ZI.JD", DUTCH)) == "BIJ / ZI.JD"
    assert Move.place("JID", DUTCH).letters == "DI.J"
    assert str(Move.parse("+JID", DUTCH)) == "+JID"


# -- 1. Dutch with a real bag ---------------------------------------------


def test_single_i_and_j_do_not_merge_into_ij() -> None:
    """``Tray((), "ZJDDI", DUTCH)`` was offered +JID, which push then refused."""
    tray = Tray((), "ZJDDI", DUTCH)
    assert tray.rack_tiles() == ("Z", "J", "D", "D", "I")
    moves = list(legal_moves(NL, tray))
    assert moves
    for move in moves:
        after = tray.push(move, lexicon=NL)
        assert Counter(after.rack_codes) + Counter(c for line in after.line_codes for c in line) == Counter(
            tray.rack_codes
        )
    assert Tray((), "ZIJD", DUTCH).rack_tiles() == ("Z", "IJ", "D")


def test_dutch_games_with_a_real_bag_keep_every_invariant() -> None:
    """200 Dutch self-play games with I, J and IJ in the bag: tiles conserved at every step, records replay."""
    for seed in range(200):
        players = ["greedy", "cautious"] if seed % 2 else ["cautious", "sloppy"]
        record = play_game(NL, players, seed=seed, bag=DUTCH_BAG)
        if seed % 20 == 0:  # replay a tenth, checking the invariants after every action
            game = GameRecord.parse(str(record)).replay(NL, lambda g, *_: g.check_invariants())
            assert game.scores() == record.scores
            assert GameRecord.from_dict(record.to_dict()).replay(NL).scores() == record.scores
        assert record.result


def test_dutch_play_from_the_command_line(tmp_path: Path) -> None:
    """``play --lexicon nl --bag B --games 1 --seed 3`` exited 2."""
    bag = tmp_path / "nl-real.txt"
    bag.write_text("12A 3B 2C 6D 18E 2F 3G 2H 6I 4J 3K 4L 3M 10N 6O 2P 1Q 5R 5S 6T 3U 2V 2W 1X 1Y 2Z 2IJ\n")
    command = ["play", "--lexicon", "nl", "--bag", str(bag), "--games", "1", "--seed", "3"]
    result = subprocess.run(
        [sys.executable, "-m", "jarnac_solver", *command],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_a_bag_of_few_tiles_with_i_j_and_ij_conserves_tiles(tmp_path: Path) -> None:
    """With ``4I 2IJ 2J`` a quarter of games broke tile conservation."""
    bag = Bag.parse("12A 3B 2C 6D 18E 2F 3G 2H 4I 2J 3K 4L 3M 10N 6O 2P 5R 5S 6T 3U 2V 2W 2Z 2IJ", DUTCH)
    for seed in range(24):
        game = Game(NL, bag=bag, seed=seed)
        record = play_game(NL, ["greedy", "greedy"], seed=seed, bag=bag)
        replayed = GameRecord.parse(str(record)).replay(NL, lambda g, *_: g.check_invariants())
        assert replayed.scores() == record.scores
        del game


# -- 2. Jarnac calls that duplicate tiles ---------------------------------


def jarnac_window(passer: str, alphabet_lexicon: Lexicon = FR, rules: Rules | None = None) -> Game:
    game = Game(alphabet_lexicon, rules, seed=7)
    setup(game, (Tray.parse(passer), Tray()), "play", 0, 0)
    game.push(Pass())
    assert game.state.phase == "jarnac"
    return game


@pytest.mark.parametrize(
    ("passer", "call", "reason"),
    [
        ("RAT / ZS", "jarnac 1:RAT+Z=TZAR 1:TZAR+S=TZARS", "taken twice"),  # the same line twice
        ("RAT / BUTS", "jarnac +BUT 2:BUT+S=BUTS", "taken twice"),  # a placed word then extended
        ("RAT / BUTS", "jarnac +BUT BUT+S=BUTS", "no line holds"),  # the same, unnumbered
        ("RAT / ZS", "jarnac 1:RAT+Z=TZAR 1:RAT+S=RATS", "taken twice"),
    ],
)
def test_a_jarnac_cannot_take_a_line_twice(passer: str, call: str, reason: str) -> None:
    game = jarnac_window(passer)
    before = game.state
    with pytest.raises(IllegalActionError, match=reason):
        game.push(parse_action(call))
    assert game.state == before and len(game.actions) == 1


def test_unnumbered_steals_of_identical_lines_take_both_lines() -> None:
    """``RAT RAT / ZS``: two unnumbered extensions take lines 1 and 2, not line 1 twice."""
    game = jarnac_window("RAT RAT / ZS")
    game.push(parse_action("jarnac RAT+Z=TZAR RAT+S=RATS"))
    passer, thief = game.state.trays
    assert passer.filled == 0 and passer.rack == ""
    assert sorted(thief.lines) == ["RATS", "TZAR"]
    game.check_invariants()


def test_an_empty_call_is_refused_and_keeps_the_empty_bag_count() -> None:
    game = jarnac_window("RAT / ZS")
    before = game.state
    with pytest.raises(IllegalActionError, match="at least one steal"):
        game.push(CallJarnac(()))
    assert game.state == before


def test_a_value_jarnac_cannot_name_a_line_twice() -> None:
    """The English write-up's value Jarnac: each line formed this turn is taken at most once."""
    en = Lexicon.load("en")
    rules = Rules.preset("english")
    game = Game(en, rules, seed=8)
    setup(game, (Tray.parse("SHRUB BAITS TIE /"), Tray()), "play", 0, 0, formed_indexes=(0, 1, 2))
    game.push(Pass())
    before = game.state
    call = CallJarnac((Move.place("HUBRIS"), Move.place("BATISTE")), (0, 1, 2, 2))
    with pytest.raises(IllegalActionError, match="each line once"):
        game.push(call)
    assert game.state == before
    game.push(CallJarnac((Move.place("HUBRIS"), Move.place("BATISTE")), (0, 1, 2)))
    game.check_invariants()


# -- 3. moves built by hand -----------------------------------------------


@pytest.mark.parametrize(
    ("tray", "move"),
    [
        ("RAT / ZO", Move("extend", 0, "RAT", "ZOO", "O")),  # would drop three tiles
        ("RAT / ZO", Move("place", None, None, "TZAR", "")),  # would create four
        ("RAT / ZO", Move("place", None, None, "ZOO", "O")),
        ("RAT / ZO", Move("extend", 0, "RAT", "TZAR", "O")),
        ("RAT / ZO", Move("extend", 5, "RAT", "TZAR", "Z")),
        ("RAT / ZO", Move("extend", "0", "RAT", "TZAR", "Z")),  # type: ignore[arg-type]
        ("RAT / ZO", Move("jump", None, None, "ZO", "OZ")),
        ("RAT / ZO", Move("extend", None, "", "ZO", "OZ")),
    ],
)
def test_hand_built_moves_are_checked_as_tiles(tray: str, move: Move) -> None:
    with pytest.raises(IllegalMoveError):
        Tray.parse(tray).push(move)
    game = Game(FR, seed=9)
    setup(game, (Tray.parse(tray), Tray()), "play", 0, 0)
    before = game.state
    with pytest.raises(IllegalActionError):
        game.push(Play(move))
    assert game.state == before and not game.actions
    assert move not in legal_moves(FR, Tray.parse(tray))


# -- 4. the final Jarnac sees only what the player held ---------------------


def test_no_draw_follows_the_word_that_fills_the_tray() -> None:
    """docs/rules.md#end-of-the-game: the final Jarnac sees only the letters held when the tray was filled."""
    game = Game(FR, seed=3)
    setup(game, (Tray(["RAT"] * 7, "ZUTS"), Tray()), "play", 0, 0)
    bag = len(game.state.bag)
    game.push(Play(Move.parse("+TUS")))
    assert game.actions[-1].drawn == ()
    assert len(game.state.bag) == bag and game.state.trays[0].rack == "Z"
    assert game.state.phase == "jarnac" and game.state.final
    plan = game.best_call()
    assert all(set(m.letters) <= {"Z"} for m in plan.steals)


# -- 5. disputes, steal_place, competitive records ------------------------


def test_a_word_withdrawn_after_a_lost_dispute_is_not_formed_this_turn() -> None:
    game = Game(FR, Rules.preset("competitive"), seed=5)
    setup(game, (Tray((), "RATZU"), Tray()), "play", 0, 0)
    game.push(Play(Move.parse("+TZRA")))  # not a word
    assert game.state.formed_indexes == (0,)
    game.push(Dispute())
    assert not game.state.formed_indexes and game.state.trays[0] == Tray((), "RATZU")


def test_is_jarnacable_honours_steal_place() -> None:
    rules = Rules(steal_place=False)
    tray = Tray.parse("/ BUT")
    assert is_jarnacable(FR, tray, rules) is None and jarnac_steals(FR, tray, rules) == []
    assert str(is_jarnacable(FR, tray)) == "+BUT"


def test_competitive_records_say_who_drew_on_accept() -> None:
    game = Game(FR, Rules.preset("competitive"), seed=5)
    setup(game, (Tray((), "RATZU"), Tray()), "play", 0, 0)
    game.push(Play(Move.parse("+RAT")))
    game.push(Accept())
    drawn = game.drawn_text(game.actions[-1])
    assert drawn.startswith("A:") and len(drawn) == 3
    record = play_game(FR, ["greedy", "greedy"], Rules.preset("competitive"), seed=11)
    accepts = [drew for who, text, drew in record.actions if text == "accept" and drew]
    assert accepts and all(drew[:2] in ("A:", "B:") for drew in accepts)
    assert GameRecord.parse(str(record)).replay(FR).scores() == record.scores


# -- the hostile-action property -------------------------------------------

SMALL_WORDS = ["IJS", "SIJS", "TIJS", "AIJS", "JAS", "JAST", "IJT", "SIJT", "TAS", "STA", "JIT", "ITA", "TAAI", "AAS"]
SMALL_NL = Lexicon.from_words(SMALL_WORDS, DUTCH, metadata={"name": "small-ij"})
SMALL_BAG = Bag.parse("6A 4I 3J 3IJ 5S 5T", DUTCH)


@st.composite
def hostile_actions(draw: st.DrawFn, game: Game) -> Action:
    """A legal action, or one built to break the rules: hand-built moves and calls, letters not held."""
    s = game.state
    legal = game.legal_actions()
    tile = st.sampled_from(["A", "I", "J", "IJ", "S", "T"])
    text = st.lists(tile, min_size=0, max_size=5).map(DUTCH.write)
    line = st.one_of(st.none(), st.integers(-1, 9))
    move = st.builds(Move, st.sampled_from(["place", "extend", "x"]), line, st.one_of(st.none(), text), text, text)
    tray = s.trays[s.player]
    real = [str(m) for m in legal_moves(SMALL_NL, tray)] if tray.rack_codes else []
    call = st.one_of(
        st.lists(move, max_size=3).map(lambda ms: CallJarnac(tuple(ms))),
        st.lists(st.sampled_from(real), min_size=1, max_size=3).map(
            lambda ms: CallJarnac(tuple(Move.parse(m, DUTCH) for m in ms))
        )
        if real
        else st.just(CallJarnac(())),
        st.builds(
            CallJarnac,
            st.lists(move, min_size=1, max_size=2).map(tuple),
            st.lists(st.integers(-1, 8), min_size=1, max_size=3).map(tuple),
        ),
    )
    simple: list[Action] = [Draw(), Pass(), Decline(), Dispute(), Accept()]
    hostile: st.SearchStrategy[Action] = st.one_of(move.map(Play), call, text.map(Exchange), st.sampled_from(simple))
    # Two draws in three take a legal action (games go on), the third a hostile one.
    choice: st.SearchStrategy[Action] = st.sampled_from(legal) if legal else hostile
    return draw(st.one_of(choice, choice, hostile))


@settings(max_examples=50)  # 60 actions each: 3,000 actions, half of them hostile, in ~12 s
@given(st.data(), st.integers(0, 1000), st.sampled_from(["sheet", "english", "competitive", "multilingual"]))
def test_hostile_actions(data: st.DataObject, seed: int, preset: str) -> None:
    """Every action is refused with the game unchanged, or applied keeping tiles, tray rules and scores."""
    game = Game(SMALL_NL, Rules.preset(preset), SMALL_BAG, seed)
    for _ in range(60):
        if game.is_over():
            break
        action = data.draw(hostile_actions(game))
        before, n = game.state, len(game.actions)
        try:
            game.push(action, player=data.draw(st.sampled_from([None, None, None, 0, 1])))
        except IllegalActionError:
            assert game.state is before and len(game.actions) == n
            continue
        game.check_invariants()
        assert game.state.scores == tuple(t.score for t in game.state.trays)


@settings(max_examples=40)
@given(st.integers(0, 10_000), st.sampled_from(["sheet", "competitive", "multilingual"]))
def test_records_round_trip_on_an_alphabet_with_i_j_and_ij(seed: int, preset: str) -> None:
    """Records (drawn tiles included, ``{I.J}``) read back to the same text, JSON and game."""
    record = play_game(SMALL_NL, ["greedy", "cautious"], Rules.preset(preset), seed=seed, bag=SMALL_BAG)
    text = str(record)
    again = GameRecord.parse(text)
    assert str(again) == text
    assert GameRecord.from_dict(record.to_dict()).to_dict()["actions"] == record.to_dict()["actions"]
    game = again.replay(SMALL_NL)
    assert game.scores() == record.scores
    drawn = [DUTCH.encode(d.split(":")[-1]) for _, _, d in record.actions]
    assert sorted(c for codes in drawn for c in codes) == sorted(c for p in game.actions for c in p.drawn)


@pytest.mark.parametrize("text", ["I..J", ".", "...", ".IJ", "IJ.", "R..AT"])
def test_a_dot_not_between_two_tiles_is_refused(text: str) -> None:
    """Stray dots were read as nothing (a rack of dots was an empty rack)."""
    from jarnac_solver import InvalidLetterError, InvalidTrayError

    with pytest.raises(InvalidLetterError, match="not between two tiles"):
        DUTCH.encode(text)
    with pytest.raises(InvalidTrayError):
        Tray.parse(f"BIJT / {text}", DUTCH)
    with pytest.raises(InvalidLetterError):
        NL.subanagrams(text)
    result = subprocess.run(
        [sys.executable, "-m", "jarnac_solver", "moves", f"BIJT / {text}", "--lexicon", "nl"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_spaces_in_a_rack_separate_tiles() -> None:
    """``BIJT / I J`` read the rack as the IJ tile."""
    assert Tray.parse("BIJT / I J", DUTCH).rack_tiles() == ("I", "J")
    assert Tray.parse("RAT / Z W").rack == "ZW"
    assert parse_action("exchange I J A", DUTCH) == Exchange("I.JA")


def test_a_dutch_tray_repr_keeps_its_alphabet() -> None:
    from jarnac_solver import Alphabet  # noqa: F401 - the repr names it

    tray = Tray.parse("BIJT / ZI.JD", DUTCH)
    assert eval(repr(tray)) == tray
    assert repr(Tray.parse("RAT / ZW")) == "Tray.parse('RAT / ZW')"
