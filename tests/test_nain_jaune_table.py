"""Nain Jaune at the table: tokens by colour (docs/rules.md#nain-jaune-the-material,
docs/rules.md#nain-jaune-tokens-by-colour) and a person playing in a terminal (docs/nain_jaune.md).

The tokens are checked here by a count of their own, not by the engine's ``check_invariants``: every
colour's tokens summed over the players, the pots and the box are the box's 78 at every action, and each
holder's tokens are worth the points the engine counts. The person's games are driven by standard input
(and by a pseudo-terminal), played to their end, and their records replayed by the engine.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver.cli import main
from jarnac_solver.errors import InvalidInputError
from jarnac_solver.messages import Reason
from jarnac_solver.nain_jaune import Game, GameRecord, Options, parse_records, play_game
from jarnac_solver.nain_jaune.cards import RANK_NAMES, card_text, cards_of
from jarnac_solver.nain_jaune.person import PersonPlayer, table_lines
from jarnac_solver.nain_jaune.tokens import BOX, EMPTY, SET, exact, opening, pay
from jarnac_solver.nain_jaune.view import PlayerView

ROOT = Path(__file__).resolve().parent.parent
TOKEN_VALUES = {"yellow": 5, "red": 4, "blue": 3, "green": 2, "brown": 1}

options_st = st.builds(
    Options,
    ace=st.sampled_from(["low", "high"]),
    must_follow=st.booleans(),
    must_run_on=st.booleans(),
    claims=st.sampled_from(["automatic", "announced"]),
    debts=st.booleans(),
    dealer_rotates=st.booleans(),
    hand_size=st.sampled_from([None, 3, 8]),
)


def counted(game: Game) -> None:
    """The tokens counted apart from the engine: 78 in all, by colour; each holder worth its points."""
    s, n = game.state, game.players
    values = list(TOKEN_VALUES.values())
    assert len(s.tokens) == n + 5 + 1
    for colour in range(5):
        assert sum(purse[colour] for purse in s.tokens) == [12, 12, 12, 12, 30][colour]
    for purse in s.tokens:
        assert min(purse) >= 0
    for p in range(n):
        assert sum(c * v for c, v in zip(s.tokens[p], values, strict=True)) + s.ious[p] == s.holdings[p]
    for i in range(5):
        assert sum(c * v for c, v in zip(s.tokens[n + i], values, strict=True)) == s.board[i]
    assert sum(s.ious) == 0


def test_the_sets_and_the_box() -> None:
    """ "78 tokens: 12 tokens worth 5 points, 12 ... 4 points, 12 ... 3 points, 12 ... 2 points, 30 tokens worth 1
    point"; "3 yellow tokens worth 5 points each, 3 red ... 4, 3 blue ... 3, 3 green ... 2, 7 brown ... 1"."""
    assert BOX == (12, 12, 12, 12, 30) and sum(BOX) == 78
    assert SET == (3, 3, 3, 3, 7) and sum(c * v for c, v in zip(SET, TOKEN_VALUES.values(), strict=True)) == 49
    for players in (2, 3, 4):
        purses = opening(players)
        assert purses[:players] == (SET,) * players and purses[players : players + 5] == (EMPTY,) * 5
        assert [sum(p[c] for p in purses) for c in range(5)] == list(BOX)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_stake_is_one_token_of_its_worth(players: int) -> None:
    """ "one stake worth 1 point on the 10 of Diamonds ... 5 points on the Seven of Diamonds": from a full
    set, each stake is one token (brown, green, blue, red, yellow)."""
    game = Game(players, seed=7)
    counted(game)
    n = players
    assert game.state.tokens[n : n + 5] == (
        (0, 0, 0, 0, n),  # 10D: brown
        (0, 0, 0, n, 0),  # JC: green
        (0, 0, n, 0, 0),  # QS: blue
        (0, n, 0, 0, 0),  # KH: red
        (n, 0, 0, 0, 0),  # 7D: yellow
    )
    assert game.state.tokens[:n] == ((2, 2, 2, 2, 6),) * n


def test_a_take_moves_the_pots_tokens_and_a_payment_is_in_brown_tokens() -> None:
    """ "take all of the tokens on the section"; "give that player 1 token worth 1 point for each of the
    cards remaining"."""
    game = Game.from_hands(["QS 9C", "2C 3D 4H"])
    counted(game)
    pot = game.state.tokens[2 + 2]
    game.push_text("9C")
    game.push_text("pass")
    game.push_text("QS")  # A's hand is empty: B pays 3 for its 3 cards
    counted(game)
    assert game.state.holdings == (34 + 6 + 3, 34 - 3)
    assert game.state.tokens[0] == (2, 2, 2 + pot[2], 2, 6 + 3)  # the Queen's 2 blue tokens, 3 brown ones
    assert game.state.tokens[1] == (2, 2, 2, 2, 6 - 3)


def test_a_grand_opera_takes_every_pots_tokens() -> None:
    game = Game.from_hands(["QH KS 5C 6C", "6D 9S"])
    for text in ("QH", "KS", "5C", "6C"):
        game.push_text(text)
    counted(game)
    assert game.state.tokens[2:7] == (EMPTY,) * 5 and game.state.tokens[0] == (4, 4, 4, 4, 8 + 2)


def test_change_is_made_when_a_payment_cannot_be_exact() -> None:
    """A payer without the tokens to make the amount has a token changed first (the payee, then the box, then
    the other players, then the pots), and pays exactly; no point moves in a change."""
    purses = [(3, 0, 0, 0, 0), (3, 3, 3, 3, 7), *((0, 0, 0, 0, 0),) * 5, (6, 9, 9, 9, 23)]
    before = [sum(p[c] for p in purses) for c in range(5)]
    pay(purses, 0, 2, 1, 2)  # a stake of 1 with yellow tokens only: the pot is empty, the box changes a yellow
    assert purses[2] == (0, 0, 0, 0, 1) and purses[0] == (2, 1, 0, 0, 0)
    pay(purses, 0, 1, 3, 2)  # 3 from 5 + 5 + 4: B (the payee) changes the red
    assert purses[0][0] * 5 + purses[0][1] * 4 + purses[0][2] * 3 + purses[0][3] * 2 + purses[0][4] == 11
    assert [sum(p[c] for p in purses) for c in range(5)] == before
    assert exact((0, 0, 2, 0, 0), 4) is None and exact((0, 0, 2, 1, 0), 5) == (0, 0, 1, 1, 0)


def test_debts_are_owed_points_not_tokens() -> None:
    """``debts=True``: what a player cannot pay in tokens it owes; its points are its tokens less its debt."""
    game = Game.from_hands(["2C 5C", "9S 4H"], Options(debts=True), holdings=[16, 1], board=[2, 4, 6, 8, 61])
    for text in ("2C", "pass", "5C"):
        game.push_text(text)
    counted(game)
    assert game.state.holdings == (18, -1) and game.state.ious == (1, -1)
    assert game.state.tokens[1] == EMPTY


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), options=options_st, seed=st.integers(0, 10**6), moves=st.integers(0, 10**6))
def test_tokens_are_conserved_and_worth_the_points_in_any_game(
    players: int, options: Options, seed: int, moves: int
) -> None:
    game = Game(players, options, seed)
    rng = random.Random(moves)
    counted(game)
    while not game.is_over() and game.state.round <= 40:
        game.push(rng.choice(game.legal_actions()))
        counted(game)


@pytest.mark.parametrize("seed", range(6))
def test_the_points_are_those_counted_without_tokens(seed: int) -> None:
    """The tokens refine the points and change none: a game's points are the sum of its deltas as the rules
    give them (stakes, takes, payments), recomputed from its history alone."""
    game = play_game(["greedy", "stakes", "random"][: 2 + seed % 2], seed=seed)
    n = game.players
    replay = Game(n, game.options, game.seed)
    for played in game.history:
        before = replay.state
        replay.push(played.action)
        after = replay.state
        counted(replay)
        if after.round == before.round and after.mode != "over":  # within a round only a take moves points
            moved = [a - b for a, b in zip(after.holdings, before.holdings, strict=True)]
            assert sum(moved) == sum(before.board) - sum(after.board)
    assert replay.state == game.state


@pytest.mark.parametrize(
    ("seed", "players", "result"),
    [
        (0, 2, "A 8 - B 66: A cannot stake"),
        (0, 3, "A 70 - B 9 - C 68: B cannot stake"),
        (0, 4, "A 0 - B 73 - C 118 - D 5: A, D cannot stake"),
        (1, 2, "A 82 - B 14: B cannot stake"),
        (1, 3, "A 36 - B 8 - C 91: B cannot stake"),
        (1, 4, "A 11 - B 79 - C 49 - D 21: A cannot stake"),
        (3, 2, "A 9 - B 85: A cannot stake"),
        (3, 3, "A 51 - B 7 - C 71: B cannot stake"),
        (3, 4, "A 70 - B 6 - C 64 - D 36: B cannot stake"),
    ],
)
def test_the_results_are_those_of_the_points_alone(seed: int, players: int, result: str) -> None:
    """Games played before tokens were modelled (the engine counting points only) end as they did then:
    the tokens change no point, no payment and no end of game."""
    names = [["greedy", "stakes"], ["stakes", "random", "greedy"], ["random", "greedy", "stakes", "random"]]
    game = play_game(names[players - 2], seed=seed, options=Options(debts=seed % 2 == 1))
    assert game.state.result == result
    counted(game)


# -- a person at the terminal ----------------------------------------------------------------------------


def play_typed(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    typed: str,
    *argv: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    status = main(["nain-jaune", "play", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_person_plays_a_whole_game_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Enter plays the first legal play, every time, to the game's end; the record replays."""
    record = tmp_path / "game.txt"
    status, out, err = play_typed(
        monkeypatch,
        capsys,
        "\n" * 20_000,
        "--players",
        "person,greedy,stakes",
        "--seed",
        "4",
        "--record",
        str(record),
        "--lang",
        "en",
    )
    assert status == 0, err
    assert out.startswith("Nain Jaune, 3 players: A (you), B greedy, C stakes.")
    for said in (
        "Round 1: C deals",
        "Pots: 10D 3 (3 brown) | JC 6 (3 green) | QS 9 (3 blue) | KH 12 (3 red) | 7D 15 (3 yellow)",
        "A (you): 34 pts (2 yellow, 2 red, 2 blue, 2 green, 6 brown), 15 cards in hand",
        "Your hand (15 cards): ",
        "Your plays:\n  1. ",
        "Your play, 1 to ",
        "; No ",
        "Round 1 is over: ",
        "Scores: A (you) ",
        "Round 2: A deals",
        "The game is over (",
    ):
        assert said in out, said
    assert "You have no " in out and ": you pass." in out  # a pass where no card can be played is said
    (game,) = parse_records(record.read_text(encoding="utf-8"))
    replayed = game.replay()
    assert replayed.is_over() and game.result == replayed.state.result and game.players[0] == "person"
    assert f"A (you) {replayed.holdings[0]} pts" in out.rsplit("Scores: ", 1)[1]


def test_a_person_is_asked_again_after_a_bad_answer_and_a_number_plays_its_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.jsonl"
    typed = "draw\n0\n99\n2\n" + "\n" * 5000
    argv = ("--players", "person,greedy", "--seed", "2", "--rule", "max_rounds=1", "--record", str(record))
    status, out, err = play_typed(monkeypatch, capsys, typed, *argv)
    assert status == 0, err
    assert "draw is not a play: type a number from 1 to " in out
    assert "0 is not one of your plays: type a number from 1 to " in out
    assert "99 is not one of your plays" in out
    (game,) = parse_records(record.read_text(encoding="utf-8"))
    first = Game(2, Options(max_rounds=1), 2)
    assert str(game.turns[0][2][0]) == str(first.legal_actions()[1])  # "2": the second line of the list
    assert game.replay().is_over()


def test_a_card_typed_that_is_not_held_or_not_playable_now_is_said_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 7 deals A: AD AH 2H 3C 4C 4H 4S ...; 10D is not in the hand, AH is but cannot go on with
    AD 2H 3C (the 4s can): each is asked again with a sentence saying which."""
    argv = ("--players", "person,greedy", "--seed", "7", "--lang", "en")
    status, out, err = play_typed(monkeypatch, capsys, "pass\n10D\nAD\nAH\n", *argv)
    assert status == 0, err
    assert "You cannot pass now: type a number from 1 to 22, or press Enter for 1." in out  # A leads
    assert "Your hand (22 cards): AD AH 2H 3C 4C 4H 4S " in out
    assert "You do not hold 10D: type a number from 1 to 22, or press Enter for 1." in out
    assert "AH cannot be played now: type a number from 1 to 3, or press Enter for 1." in out
    assert "is not a play" not in out
    status, out, err = play_typed(monkeypatch, capsys, "10D\n", *argv[:-1], "fr")
    assert "Vous n'avez pas 10D\u202f: tapez un numéro de 1 à 22, ou Entrée pour 1." in out


def test_a_forced_board_card_says_its_take_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 5: A runs AD 2D 3D, B runs to 5S, A goes on with 6C and then 7D, its only play: the forced
    card is said alone, and what it takes on the turn's line (not "7D, takes all (10), your only play")."""
    argv = ("--players", "person,greedy", "--seed", "5", "--lang", "fr")
    status, out, err = play_typed(monkeypatch, capsys, "2\n\n\n\n", *argv)
    assert status == 0, err
    assert "Vous jouez 7D, votre seul coup." in out
    assert "A (vous)\u202f: 7D (prend tout\u202f: 10)" in out
    assert "prend tout (10), votre seul coup" not in out


def test_a_person_plays_in_french(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "partie.txt"
    argv = ("--players", "greedy,person", "--seed", "5", "--lang", "fr", "--record", str(record))
    status, out, err = play_typed(monkeypatch, capsys, "n'importe\n" + "\n" * 20_000, *argv)
    assert status == 0, err
    for said in (
        "Nain Jaune, 2 joueurs\u202f: A greedy, B (vous).",
        "Manche 1\u202f: B distribue",
        "Cases\u202f: 10D 2 (2 marron)",
        "Votre main (22 cartes)\u202f: ",
        "Vos coups\u202f:",
        "n'importe n'est pas un coup\u202f: tapez un numéro de 1 à ",
        "La manche 1 est finie\u202f: ",
        "Points\u202f: A greedy ",
        "La partie est finie (",
    ):
        assert said in out, said
    assert "; sans " in out or "Sans " in out
    # The end is said once, in French: no summary of a batch of games, in English, after the table's own.
    assert "wins:" not in out and "rounds;" not in out and "records written" not in out
    assert out.splitlines()[-1] == f"La partie est enregistrée dans {record}."
    assert out.splitlines()[-2].startswith("La partie est finie (")
    (game,) = parse_records(record.read_text(encoding="utf-8"))
    assert game.replay().state.result == game.result != "*"


def test_the_end_of_the_input_leaves_the_table_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "left.txt"
    argv = ("--players", "person,stakes", "--seed", "1", "--record", str(record))
    status, out, err = play_typed(monkeypatch, capsys, "\n" * 30, *argv)
    assert status == 0 and err == ""
    assert re.search(r"\nYou left the table: the game stops unfinished in round [0-9]+\.\n", out)
    assert out.splitlines()[-1] == f"The record is written to {record}."  # and no summary of a batch of games
    (game,) = parse_records(record.read_text(encoding="utf-8"))
    assert game.result == "*" and not game.replay().is_over() and game.turns


@pytest.mark.parametrize("word", ["q", "QUIT", "exit"])
def test_q_typed_leaves_the_table_as_the_end_of_the_input_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], word: str
) -> None:
    """A person who types q (quit, exit) rather than Ctrl-D leaves: the game stops there, its record whole."""
    status, out, err = play_typed(
        monkeypatch, capsys, f"\n\n{word}\n" + "\n" * 30, "--players", "person,greedy", "--seed", "2"
    )
    assert status == 0 and err == ""
    assert "q (or Ctrl-D) leaves the table." in out.splitlines()[0]
    assert re.search(r"\nYou left the table: the game stops unfinished in round 1\.\n", out)
    assert f" {word}\n" in out and "is not a play" not in out


@pytest.mark.parametrize(("players", "count"), [("greedy", 1), ("person,greedy,stakes,random,greedy", 5)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_one_or_five_players_are_refused_with_the_rules_reason(
    capsys: pytest.CaptureFixture[str], players: str, count: int, language: str
) -> None:
    assert main(["nain-jaune", "play", "--players", players, "--lang", language]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    said = {
        "en": f"Nain Jaune is played by 2 to 4 players (the rulebook: \u201c2-4 players\u201d), not {count}",
        "fr": f"le Nain Jaune se joue de 2 à 4 joueurs (la règle\u202f: «\u202f2 à 4 joueurs\u202f»), pas {count}",
    }[language]
    assert err.startswith("jarnac-solver nain-jaune") and err.endswith(f": {said}\n")
    with pytest.raises(InvalidInputError, match="2 to 4 players"):
        Game(count)


def test_a_person_is_not_seated_with_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["nain-jaune", "play", "--players", "person,greedy", "--json"]) == 2
    assert "--json cannot seat a person" in capsys.readouterr().out


def test_the_person_is_a_player_like_the_others() -> None:
    """The library's games take a person like any player (no case apart): its plays read from a stream."""
    out = io.StringIO()
    person = PersonPlayer(reader=io.StringIO("\n" * 5000), writer=out)
    game = play_game([person, "greedy"], seed=3, options=Options(max_rounds=2))
    assert game.is_over() and GameRecord.parse(str(GameRecord.of(game))).replay().state == game.state
    assert "Round 2 is over" in out.getvalue() and "The game is over (the round limit (2))." in out.getvalue()
    view = PlayerView.of(Game(3, seed=1), 0)
    assert table_lines(view)[1].startswith("A (you): 34 pts (2 yellow, 2 red, 2 blue, 2 green, 6 brown)")


@pytest.mark.skipif(not hasattr(os, "openpty") or sys.platform == "win32", reason="a pseudo-terminal (POSIX)")
def test_a_person_plays_a_round_in_a_pseudo_terminal(tmp_path: Path) -> None:
    """The command in a real terminal: the prompts read from it, Enter typed at each, a round to its end."""
    record = tmp_path / "pty.txt"
    main_fd, child_fd = os.openpty()
    env = dict(os.environ, LANGUAGE="", LC_ALL="C.UTF-8", LANG="C.UTF-8", PYTHONIOENCODING="utf-8")
    argv = [sys.executable, "-m", "jarnac_solver", "nain-jaune", "play", "--players", "person,greedy"]
    argv += ["--seed", "6", "--rule", "max_rounds=1", "--record", str(record)]
    proc = subprocess.Popen(argv, stdin=child_fd, stdout=child_fd, stderr=child_fd, cwd=ROOT, env=env)
    os.close(child_fd)
    seen = b""
    try:
        for _ in range(20_000):  # bounded: a round has fewer decisions than this many reads
            ready, _, _ = select.select([main_fd], [], [], 60)
            if not ready:
                break
            try:
                chunk = os.read(main_fd, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            seen += chunk
            if seen.rstrip().endswith(b"(Enter: 1):"):
                os.write(main_fd, b"\n")
        assert proc.wait(timeout=60) == 0, seen.decode("utf-8", "replace")[-2000:]
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main_fd)
    text = seen.decode("utf-8", "replace")
    assert "Your hand (22 cards): " in text and "Round 1 is over: " in text and "The game is over (" in text
    (game,) = parse_records(record.read_text(encoding="utf-8"))
    assert game.replay().is_over()


# -- the table as data, for a service or a page --------------------------------------------------------------


def card_texts(data: object) -> set[str]:
    """Every string of a JSON document that is a card's notation (``7H``, ``10D``, ``10D!``)."""
    if isinstance(data, dict):
        return set().union(*(card_texts(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(card_texts(v) for v in data)) if data else set()
    if isinstance(data, str) and re.fullmatch(r"(?:[A2-9JQK]|10)[CDHS]!?", data):
        return {data.rstrip("!")}
    return set()


@settings(max_examples=20, deadline=None)
@given(players=st.integers(2, 4), options=options_st, seed=st.integers(0, 10**6), moves=st.integers(0, 400))
def test_a_seats_table_as_data_shows_all_it_may_and_nothing_hidden(
    players: int, options: Options, seed: int, moves: int
) -> None:
    game = Game(players, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.push(rng.choice(game.legal_actions()))
    s = game.state
    values = TOKEN_VALUES.values()
    for seat in range(players):
        data = PlayerView.of(game, seat).to_dict()
        assert json.loads(json.dumps(data)) == data
        hidden = {card_text(c) for q in range(players) if q != seat for c in cards_of(s.hands[q])}
        hidden |= {card_text(c) for c in cards_of(s.aside)}
        shown = {key: value for key, value in data.items() if key != "pots"}  # the board's five cards are printed on it
        assert card_texts(shown) & hidden == set()
        assert data["hand"] == [card_text(c) for c in cards_of(s.hands[seat])]
        to_act = seat == s.to_act and not game.is_over()
        assert [p["action"] for p in data["legal"]] == ([str(a) for a in game.legal_actions()] if to_act else [])
        for p, player in enumerate(data["players"]):
            worth = sum(player["tokens"][colour] * v for colour, v in zip(TOKEN_VALUES, values, strict=True))
            assert worth - player["owes"] <= player["points"] == s.holdings[p]
            assert player["cards"] == s.hands[p].bit_count()
        for i, pot in enumerate(data["pots"]):
            assert pot["points"] == s.board[i] == sum(pot["tokens"][c] * v for c, v in TOKEN_VALUES.items())
        assert data["over"] == game.is_over() and (data["result"] == s.result if game.is_over() else True)
        if s.mode == "follow":
            assert data["sequence"]["missing"] == RANK_NAMES[s.need] and data["sequence"]["cards"]


def test_the_tables_labels_are_message_codes_a_page_renders() -> None:
    game = Game.from_hands(["9C 10D", "2C"], Options(claims="announced"))
    data = PlayerView.of(game, 0).to_dict()
    assert [p["label"] for p in data["legal"]] == [
        {"code": "nj.play_card", "values": {"card": "9C"}},
        {"code": "nj.play_claim", "values": {"card": "10D", "points": 2}},
        {"code": "nj.play_no_claim", "values": {"card": "10D"}},
    ]
    assert [Reason(p["label"]["code"], p["label"]["values"]).text("nl") for p in data["legal"]][1] == (
        "10D, neemt alles (2)"
    )


def test_people_sharing_the_terminal_have_one_narrator(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two people in turn at one terminal (a hot seat): the table is narrated once, each is shown its own
    table on its turn, and neither is "you" in the narration."""
    argv = ("--players", "person,greedy,person", "--seed", "3", "--rule", "max_rounds=1")
    status, out, err = play_typed(monkeypatch, capsys, "\n" * 5000, *argv)
    assert status == 0, err
    assert out.count("Nain Jaune, 3 players: A, B greedy, C.") == 1  # "person" is a word of the command line
    assert "person" not in out
    assert out.count("Round 1 is over") == 1 and out.count("The game is over") == 1
    assert "A (you): 34 pts" in out and "C (you): 34 pts" in out  # each person's own table
    assert not re.search(r"^[AC] \(you\): (?!\d)", out, re.MULTILINE)  # no turn line says "you"
