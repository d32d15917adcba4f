"""A record's actions written fast (``record._written``: the draws' texts kept per alphabet, the field-less
actions' notation a constant) are the ones :meth:`Game.drawn_text` and ``str`` write, action for action."""

from __future__ import annotations

from jarnac_solver import Draw, Game, GameRecord, Lexicon, play_game
from jarnac_solver.game.game import Played
from jarnac_solver.game.record_writing import written_actions

FR = Lexicon.load("fr")


def _slow(game: Game) -> list[tuple[int, str, str]]:
    return [(played.player, str(played.action), game.drawn_text(played)) for played in game.actions]


def test_written_as_drawn_text_and_str_write_them() -> None:
    for seed in range(1, 9):
        players = ["planner", "planner"] if seed % 2 else ["greedy", "exchanger"]
        record = play_game(FR, players, seed=seed)
        game = record.replay(FR)
        assert written_actions(game) == _slow(game) == record.actions


def test_written_competitive_draws_for_the_other_player() -> None:
    # Under the competitive rules the mover draws after the opponent's accept: "A:N" (drawer not the actor).
    text = '[Lexicon "fr-competitive"]\n[Rules "competitive"]\n1. A draw {sojeea}\n2. A +jase\n3. b accept {a:n}\n'
    lexicon = Lexicon.load("fr-competitive")
    game = GameRecord.parse(text).replay(lexicon)
    assert any(p.drawer is not None and p.drawer != p.player and p.drawn for p in game.actions)
    assert written_actions(game) == _slow(game)
    assert written_actions(game)[-1][2] == "A:N"


def test_written_bounded_and_multi_character_alphabets() -> None:
    game = Game(FR, seed=3)
    game.actions.extend(Played(i % 2, Draw(), (i % 26,) * (i % 4), (i // 2) % 2) for i in range(50))
    assert written_actions(game) == _slow(game)
    nl = Lexicon.load("nl")  # IJ is one tile: the slow path, the same texts
    record = play_game(nl, ["greedy", "greedy"], seed=2)
    replayed = record.replay(nl)
    assert written_actions(replayed) == _slow(replayed) == record.actions
