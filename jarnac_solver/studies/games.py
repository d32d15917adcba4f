"""The games of a study: self-play on each lexicon, one row per game.

Game ``g`` is seeded from the study's ``(seed, "game", g)`` stream (so
studies of different seeds share no game) and the players swap seats on
odd games. A game *stalls* when it ends because the bag is empty and both
players passed, rather than on a full tray, or when it is still going
after 5,000 actions (players that exchange forever on a list too poor to
form words): it is then stopped and counted.
"""

from __future__ import annotations

import re
from typing import Any

from ..game.record import GameRecord
from ..play.players import play_game, turns_of
from .setup import StudySetup, item_rng

__all__ = ["GAME_COLUMNS", "game_row", "game_rows"]

GAME_COLUMNS = (
    "lexicon",
    "game_index",
    "seed",
    "player_a",
    "player_b",
    "score_a",
    "score_b",
    "winner",
    "turns",
    "words_a",
    "words_b",
    "jarnacs_a",
    "jarnacs_b",
    "swung_a",
    "swung_b",
    "stalled",
    "actions",
    "result",
)
"""The columns of a game row (``a``: the seat that played first; ``winner`` ``a``, ``b`` or ``draw``)."""

_WORD = re.compile(r"\+|\d+:")
"""A move's notation: ``+WORD`` (placed) or ``N:OLD+LETTERS=NEW`` (extended)."""


def game_row(record: GameRecord) -> dict[str, Any]:
    """What one game's record says, as a row (its ``lexicon`` and ``game_index`` to be filled in).

    >>> from jarnac_solver import Lexicon
    >>> from jarnac_solver.play.players import play_game
    >>> row = game_row(play_game(Lexicon.load("fr"), ["greedy", "greedy"], seed=1))
    >>> row["turns"] > 0, row["winner"] in ("a", "b", "draw")
    (True, True)
    """
    words = [0, 0]
    for who, text, _ in record.actions:
        if _WORD.match(text):
            words[who] += 1
    jarnacs, swung = [0, 0], [0, 0]
    for who, swing in record.jarnacs:
        jarnacs[who] += 1
        swung[who] += swing
    a, b = record.scores
    return {
        "lexicon": record.lexicon,
        "game_index": 0,
        "seed": record.seed,
        "player_a": record.players[0],
        "player_b": record.players[1],
        "score_a": a,
        "score_b": b,
        "winner": "a" if a > b else "b" if b > a else "draw",
        "turns": turns_of(record),
        "words_a": words[0],
        "words_b": words[1],
        "jarnacs_a": jarnacs[0],
        "jarnacs_b": jarnacs[1],
        "swung_a": swung[0],
        "swung_b": swung[1],
        "stalled": record.result.startswith(("the bag is empty", "stopped after")),
        "actions": len(record.actions),
        "result": record.result,
    }


def game_rows(setup: StudySetup, start: int, stop: int) -> list[dict[str, Any]]:
    """The rows of games ``start..stop-1`` on every lexicon of ``setup``.

    >>> from jarnac_solver import Lexicon
    >>> setup = StudySetup.of([Lexicon.load("fr")], games=1, players=("greedy", "cautious"))
    >>> [(r["player_a"], r["player_b"]) for r in game_rows(setup, 0, 2)]
    [('greedy', 'cautious'), ('cautious', 'greedy')]
    """
    rows: list[dict[str, Any]] = []
    for lex, name, bag in zip(setup.lexicons, setup.names, setup.bags, strict=True):
        for g in range(start, stop):
            seats = setup.players[::-1] if g % 2 else setup.players
            game_seed = item_rng(setup.seed, "game", g).randrange(2**31)
            record = play_game(lex, seats, setup.rules, game_seed, bag, stop_at_limit=True)
            row = game_row(record)
            row["lexicon"] = name
            row["game_index"] = g
            rows.append(row)
    return rows
