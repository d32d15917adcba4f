"""The engine's and the record's written-out steps against the library calls they stand for.

The bag's codes made once (``Bag.codes``) against coding its tiles, and the record's notation written
without ``str`` calls (``record._written``) against ``str`` of every action of planner games.
"""

from __future__ import annotations

import pytest

from jarnac_solver import Bag, Lexicon
from jarnac_solver.game import game as engine
from jarnac_solver.game.draws import vowel_codes
from jarnac_solver.game.game import Game
from jarnac_solver.game.record_writing import written_actions
from jarnac_solver.play.players import play_game


def test_the_bag_s_codes_are_its_tiles_coded() -> None:
    lexicon = Lexicon.load("fr")
    small = Bag.parse("3A 2B 2R 2T")
    assert small.codes(lexicon.alphabet) == tuple(lexicon.alphabet.index[t] for t in small.tiles())


@pytest.mark.parametrize("name", ["en", "fr"])
def test_the_written_moves_are_their_notation(name: str) -> None:
    lexicon = Lexicon.load(name)
    for seed in range(1, 6):
        record = play_game(lexicon, ["planner", "planner"], seed=seed)
        game = Game(lexicon, seed=seed)
        for _, action, _ in record.actions:
            game.push_text(action)
        assert written_actions(game) == [(p.player, str(p.action), game.drawn_text(p)) for p in game.actions]


def test_the_tables_kept_per_bag_and_alphabet_are_made_anew_for_another() -> None:
    from jarnac_solver.game.record import bag_text
    from jarnac_solver.lexicon.tally import MAX_COUNT

    fr = Lexicon.load("fr")
    assert vowel_codes(fr.alphabet) == frozenset(fr.alphabet.index[t] for t in fr.alphabet.tiles if t in engine.VOWELS)
    bag = Bag.load("fr")
    assert bag_text(bag) == "fr" and bag_text(bag) == "fr"  # made, then kept
    bag.name = "renamed"  # a name set since is written anew
    assert bag_text(bag) == str(bag)
    small, big = Bag.parse("3A 2B"), Bag.parse(f"{MAX_COUNT + 1}A 2B")
    assert small.most <= MAX_COUNT and not big.most <= MAX_COUNT and small.most <= MAX_COUNT
