"""Nain Jaune's rules, each as the rulebook gives it (docs/nain_jaune.md, quoted), and each rule option.

The rules are docs/rules.md#nain-jaune and its sections; every test quotes the rulebook's line it checks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jarnac_solver.errors import IllegalActionError, InvalidRulesError
from jarnac_solver.nain_jaune import BOARD, SET_POINTS, STAKES, Game, Options, Pass, Play, Stop, parse_card
from jarnac_solver.nain_jaune.cards import SECTION_OF, card_text


def play(game: Game, *texts: str) -> None:
    for text in texts:
        game.push_text(text)


def legal(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def test_each_player_has_a_set_of_49_points() -> None:
    """ "Each player is given one set of tokens worth a total value of 49 points: 3 yellow tokens worth 5
    points each, 3 red ... 4 points, 3 blue ... 3 points, 3 green ... 2 points, 7 brown ... 1 point";
    the box holds "78 tokens"."""
    assert SET_POINTS == 3 * 5 + 3 * 4 + 3 * 3 + 3 * 2 + 7 * 1 == 49
    assert 4 * (3 + 3 + 3 + 3 + 7) <= 78  # four sets fit in the box


@pytest.mark.parametrize("players", [2, 3, 4])
def test_stakes_on_the_five_sections_each_round(players: int) -> None:
    """ "Each player places a stake in each section of the board: one stake worth 1 point on the 10 of
    Diamonds, ... 2 points on the Jack of Clubs, ... 3 points on the Queen of Spades, ... 4 points on the
    King of Hearts, ... 5 points on the Seven of Diamonds or Nain Jaune"."""
    assert [card_text(c) for c in BOARD] == ["10D", "JC", "QS", "KH", "7D"] and STAKES == (1, 2, 3, 4, 5)
    game = Game(players, seed=5)
    assert game.state.board == tuple(s * players for s in STAKES)
    assert game.state.holdings == (49 - 15,) * players


@pytest.mark.parametrize(("players", "cards", "aside"), [(2, 22, 8), (3, 15, 7), (4, 12, 4)])
def test_the_deal(players: int, cards: int, aside: int) -> None:
    """ "22 cards per player in a 2-player game, 15 cards per player in a 3-player game, 12 cards per player
    in a 4-player game. The remaining cards are set aside, face down." """
    s = Game(players, seed=9).state
    assert [h.bit_count() for h in s.hands] == [cards] * players and s.aside.bit_count() == aside


def test_the_player_left_of_the_dealer_goes_first_and_the_deal_passes() -> None:
    """ "Play proceeds in a clockwise direction. The player seated to the left of the dealer goes first."
    The deal passing to the left each round is the option ``dealer_rotates`` (the rulebook is silent)."""
    game = Game(3, seed=2)
    assert (game.state.dealer, game.state.to_act) == (2, 0)
    while game.state.round == 1:
        game.push(game.legal_actions()[0])
    assert (game.state.dealer, game.state.to_act) == (0, 1)
    fixed = Game(3, Options(dealer_rotates=False), seed=2)
    while fixed.state.round == 1:
        fixed.push(fixed.legal_actions()[0])
    assert (fixed.state.dealer, fixed.state.to_act) == (2, 0)


def test_the_rulebook_run_2_3_4_5_no_6() -> None:
    """ "if a player has a 2, a 4, a 5, a 7 and a 3 in their hand, they can get rid of their 2 and then their
    3, followed by their 4 and their 5, but they cannot play their 7, because they are missing a 6." ...
    "the player would announce: 'No 6.'" """
    game = Game.from_hands(["2C 4H 5D 7S 3C", "6H 9C"])
    play(game, "2C")
    assert legal(game) == ["3C"]  # the run goes on, regardless of suit
    play(game, "3C")
    assert legal(game) == ["4H"]
    play(game, "4H")
    with pytest.raises(IllegalActionError, match="the run wants a 5"):
        game.push_text("7S")
    play(game, "5D")
    assert (game.state.to_act, game.state.mode, game.state.need) == (1, "follow", 6)  # "No 6"
    assert game.state.lacks[0] == 1 << 6  # the table has learnt that A holds no 6


def test_a_run_need_not_start_with_an_ace() -> None:
    """ "The player does not have to start with an Ace." """
    game = Game.from_hands(["AC 9H QD", "2S"])
    assert legal(game) == ["AC", "9H", "QD"]


def test_the_next_player_continues_from_the_missing_value() -> None:
    """ "Play then passes to the player to their left to continue the sequence. If the player is able and
    wishes to do so, they can in turn play a sequence ... starting with the same value of the card that the
    previous player was missing. In our example, the player has to start with a 6." """
    game = Game.from_hands(["2C 3C 4H 5D 7S", "6H 7D 9C"])
    play(game, "2C", "3C", "4H", "5D")
    assert legal(game) == ["6H", "pass"]
    with pytest.raises(IllegalActionError, match="the run wants a 6"):
        game.push_text("9C")
    play(game, "6H")
    assert legal(game) == ["7D!"]


def test_a_player_unable_to_play_passes_to_the_next() -> None:
    """ "If the new player is unable to play, play passes to the next player to continue. And so on." """
    game = Game.from_hands(["2C 3C 9S", "8H 9C", "4D 10S"])
    play(game, "2C", "3C")
    assert game.state.to_act == 1 and legal(game) == ["pass"]
    play(game, "pass")
    assert game.state.to_act == 2 and legal(game) == ["4D", "pass"]


def test_after_a_full_round_of_passes_the_last_player_starts_again() -> None:
    """ "If, after a full round, none of the players has been able to play, the last player to have put down
    a card may start a new sequence." """
    game = Game.from_hands(["2C 3C 9S", "8H 9C", "5D 10S"])
    play(game, "2C", "3C", "pass", "pass")
    assert (game.state.to_act, game.state.mode) == (0, "lead") and legal(game) == ["9S"]


def test_king_and_i_start_again() -> None:
    """ "When a player puts down a King, they announce: 'King and I start again!' The player begins a new
    sequence, starting with the card of their choice." """
    game = Game.from_hands(["QC KD 4H 8S", "2S 5C"])
    play(game, "QC", "KD")
    assert (game.state.to_act, game.state.mode) == (0, "lead") and legal(game) == ["4H", "8S"]


def test_a_board_card_takes_all() -> None:
    """ "if a player puts the Queen of Spades down, they announce: 'The Queen takes all!' and take all of the
    tokens on the 'Queen of Spades' section of the board." Another queen takes nothing."""
    game = Game.from_hands(["QS 2C", "QH 3D"])
    before = game.state.holdings[0]
    play(game, "QS!")
    assert game.state.holdings[0] == before + 6 and game.state.board[SECTION_OF[parse_card("QS")]] == 0
    other = Game.from_hands(["QH 2C", "QS 3D"])
    other.push_text("QH")
    assert other.state.holdings == (34, 34) and other.state.board == (2, 4, 6, 8, 10)
    with pytest.raises(IllegalActionError, match="no board card"):
        Game.from_hands(["QH 2C", "QS 3D"]).push_text("QH!")


def test_a_forgotten_claim_leaves_the_stake_for_the_next_round() -> None:
    """ "If a player forgets to announce their claim, the stake is lost for them and stays in place for the
    next round." (``claims="announced"``; under the default ``automatic`` every board card claims.)"""
    options = Options(claims="announced")
    game = Game.from_hands(["10D 5C", "2S 3S"], options, stop_after_round=False)
    assert legal(game) == ["5C", "10D!", "10D"]
    play(game, "10D")
    assert game.state.board[0] == 2 and game.history[-1].action == Play(parse_card("10D"), False)
    play(game, "pass", "5C")  # A empties its hand: the next round is staked on what stayed
    assert game.state.round == 2 and game.state.board[0] == 2 + 2
    automatic = Game.from_hands(["10D 5C", "2S 3S"])
    automatic.push(Play(parse_card("10D")))
    assert automatic.state.board[0] == 0 and str(automatic.history[-1].action) == "10D!"


def test_the_grand_opera_takes_the_whole_board() -> None:
    """ "If a player manages to get rid of all of their cards on their first turn, this is called a 'Grand
    Opera'. The player then collects all of the tokens on the board (regardless of whether they are in
    possession of the cards represented on the board or not)." """
    game = Game.from_hands(["5C 6C KS QH", "9D 9S"])
    play(game, "QH", "KS", "5C", "6C")  # King and I start again: the first turn goes on
    assert game.state.board == (0, 0, 0, 0, 0)
    assert game.state.holdings == (34 + 30 + 2, 34 - 2) and "Grand Opera: 30" in [
        n.text("en") for n in game.history[-1].notes
    ]
    later = Game.from_hands(["2H 5C", "9D 9S"])
    play(later, "2H", "pass", "5C")  # A's first turn ended with "No 3": no Grand Opera
    assert later.state.board == (2, 4, 6, 8, 10) and later.state.holdings == (36, 32)


def test_the_others_pay_one_point_a_card_left() -> None:
    """ "The round ends when one of the players has gotten rid of all of their cards. The other players then
    give that player 1 token worth 1 point for each of the cards remaining in their respective hands." """
    game = Game.from_hands(["2C 3C 9S", "8H 9C", "5D 10S JH"])
    play(game, "2C", "3C", "pass", "pass", "9S")
    assert game.is_over() and game.state.holdings == (34 + 2 + 3, 34 - 2, 34 - 3)


def test_untaken_stakes_stay_and_a_new_round_begins() -> None:
    """ "The tokens on the board that were not collected during the preceding round stay on the board. All of
    the cards are shuffled. Then a new round begins." """
    game = Game.from_hands(["10D 2C", "9S 4H"], stop_after_round=False)
    play(game, "10D!", "pass", "2C")
    s = game.state
    assert s.round == 2 and s.board == (2, 4 + 4, 6 + 6, 8 + 8, 10 + 10)
    assert [h.bit_count() for h in s.hands] == [22, 22]  # a full deal again


def test_the_game_ends_when_a_player_cannot_stake() -> None:
    """ "The game ends when one of the players has insufficient tokens to place stakes at the beginning of
    the round. The player with the highest total token value is the winner." """
    game = Game.from_hands(["2C 5C", "9S 4H"], holdings=[34, 15], board=[2, 4, 6, 8, 29], stop_after_round=False)
    play(game, "2C", "pass", "5C")
    assert game.is_over() and game.state.holdings == (36, 13)
    assert game.state.result == "A 36 - B 13: B cannot stake" and game.winners() == [0]


# -- the rule options (docs/nain_jaune.md) ------------------------------------------------------------------
def test_option_ace() -> None:
    """``ace="low"`` (default): the Ace is the 1, a run goes A, 2, ...; ``"high"``: 2 ... K, A, and nothing
    follows an Ace (its player starts again, as after a King)."""
    low = Game.from_hands(["AC 2D 5S", "3H"])
    play(low, "AC")
    assert legal(low) == ["2D"]
    high = Game.from_hands(["AC 2D 5S", "3H"], Options(ace="high"))
    play(high, "AC")
    assert (high.state.to_act, high.state.mode) == (0, "lead")
    high_king = Game.from_hands(["KC AD 5S", "3H"], Options(ace="high"))
    play(high_king, "KC")
    assert high_king.state.mode == "lead"  # "King and I start again" still holds


def test_option_must_follow() -> None:
    """``must_follow=False`` (default: "If the player is able and wishes to do so"): a player may pass with
    the missing value in hand; ``True``: it must play it, and a pass tells the table it has none."""
    free = Game.from_hands(["2C 5S", "3H 9C"])
    play(free, "2C")
    assert legal(free) == ["3H", "pass"]
    play(free, "pass")
    assert free.state.lacks[1] == 0  # a free pass tells nothing
    bound = Game.from_hands(["2C 5S", "3H 9C"], Options(must_follow=True))
    play(bound, "2C")
    assert legal(bound) == ["3H"]
    with pytest.raises(IllegalActionError, match="must play it"):
        bound.push(Pass())
    none = Game.from_hands(["2C 5S", "7H 9C"], Options(must_follow=True))
    play(none, "2C", "pass")
    assert none.state.lacks[1] == 1 << 3


def test_option_must_run_on() -> None:
    """``must_run_on=True`` (default: "as many cards as they can"): no stop while the next value is held;
    ``False``: ``stop`` ends one's run early and the next player follows from the next value."""
    with pytest.raises(IllegalActionError, match="must play on"):
        game = Game.from_hands(["2C 3C 9S", "4H"])
        play(game, "2C")
        game.push(Stop())
    game = Game.from_hands(["2C 3C 9S", "4H"], Options(must_run_on=False))
    play(game, "2C")
    assert legal(game) == ["3C", "stop"]
    play(game, "stop")
    assert (game.state.to_act, game.state.mode, game.state.need) == (1, "follow", 3)
    assert game.state.lacks[0] == 0  # a stop by choice tells nothing


def test_option_debts() -> None:
    """``debts=False`` (default): a player who owes more than it holds pays what it holds; ``True``: it owes
    the rest (negative points), and cannot stake."""
    for debts, expected in ((False, (17, 0)), (True, (18, -1))):
        game = Game.from_hands(["2C 5C", "9S 4H"], Options(debts=debts), holdings=[16, 1], board=[2, 4, 6, 8, 61])
        play(game, "2C", "pass", "5C")
        assert game.state.holdings == expected


def test_option_hand_size_and_max_rounds() -> None:
    """``hand_size``: a smaller deal (a variant; the solver's); ``max_rounds``: a house limit on rounds."""
    game = Game(3, Options(hand_size=5, max_rounds=2), seed=4)
    assert [h.bit_count() for h in game.state.hands] == [5, 5, 5] and game.state.aside.bit_count() == 37
    while not game.is_over():
        game.push(game.legal_actions()[0])
    assert game.state.round == 2 and game.state.result.endswith("the round limit (2)")
    with pytest.raises(InvalidRulesError, match="hand_size"):
        Options(hand_size=0)
    with pytest.raises(InvalidRulesError, match="the deck has 52"):
        Game(4, Options(hand_size=14))


def test_option_values_are_checked() -> None:
    with pytest.raises(InvalidRulesError, match="option must_follow"):
        Options(must_follow=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError, match="no option 'speed'"):
        Options().replace(speed=2)
    assert Options.from_assignments(["ace=high", "must-follow=true"]) == Options(ace="high", must_follow=True)
    assert Options.from_dict(Options(debts=True).name_or_dict()) == Options(debts=True)


# -- options and files checked by name -------------------------------------------------------------


def test_a_record_that_cannot_be_written_is_one_line_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from jarnac_solver.cli import main

    for target in (str(tmp_path), str(tmp_path / "missing" / "x.txt")):
        assert main(["nain-jaune", "play", "--games", "1", "--record", target]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "--record" in err


def test_play_writes_json_lines_for_a_jsonl_name_and_replay_reads_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from jarnac_solver.cli import main

    path = f"{tmp_path}/games.jsonl"
    assert main(["nain-jaune", "play", "--games", "2", "--record", path]) == 0
    with open(path, encoding="utf-8") as handle:
        assert [json.loads(line)["seed"] for line in handle] == [1, 2]
    capsys.readouterr()
    assert main(["nain-jaune", "replay", path]) == 0
    assert capsys.readouterr().out.count("checked") == 2
