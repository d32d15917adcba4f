"""Nain Jaune (the Yellow Dwarf), the card-and-board game of Jarnac's rulebooks (docs/nain_jaune.md): rules,
engine, records, players, solver.

Key idea: a second game beside Jarnac, sharing nothing with it but the
errors, the time budget and the message catalogs. Its rules are
docs/rules.md#nain-jaune. Its modules, one idea each: ``cards`` (cards as
ints, hands as 52-bit masks, the board's five sections, the notation),
``options`` (the points the rulebook leaves open, as one frozen value),
``actions`` (one card, ``pass``, ``stop``), ``tokens`` (tokens by colour,
payments and change), ``engine`` (the deal, stakes, runs, takes, the end of
a round and of the game; ``push``/``pop`` and the invariants), ``view``
(what a player is shown, and deals of the hidden cards consistent with it),
``person`` (a person at a terminal), ``players`` (random, greedy, stake
hunter, Monte-Carlo, person; games and matches), ``solver`` (the exact open-hands round,
bounded), ``record`` (the text notation and replay) and ``cli`` (the
``jarnac-solver nain-jaune`` commands). No Jarnac layer imports it
(``lint-imports``).

>>> from jarnac_solver.nain_jaune import Game, GameRecord, play_game
>>> game = play_game(["greedy", "stakes"], seed=3)
>>> GameRecord.parse(str(GameRecord.of(game))).replay().state == game.state
True
"""

from __future__ import annotations

from .actions import Action, Pass, Play, Stop, parse_action
from .cards import BOARD, STAKES, card_text, hand_text, parse_card, parse_cards
from .engine import SET_POINTS, Game, Played, State
from .options import Options
from .person import PersonPlayer, TableLeft
from .players import (
    PLAYERS,
    GreedyPlayer,
    MatchResult,
    MonteCarloPlayer,
    Player,
    RandomPlayer,
    StakeHunter,
    make_player,
    play_game,
    play_match,
    play_on,
)
from .record import GameRecord, parse_records
from .solver import SearchLimitError, Solution, solve
from .view import PlayerView

__all__ = [
    "BOARD",
    "PLAYERS",
    "SET_POINTS",
    "STAKES",
    "Action",
    "Game",
    "GameRecord",
    "GreedyPlayer",
    "MatchResult",
    "MonteCarloPlayer",
    "Options",
    "Pass",
    "PersonPlayer",
    "Play",
    "Played",
    "Player",
    "PlayerView",
    "RandomPlayer",
    "SearchLimitError",
    "Solution",
    "StakeHunter",
    "State",
    "Stop",
    "TableLeft",
    "card_text",
    "hand_text",
    "make_player",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_records",
    "play_game",
    "play_match",
    "play_on",
    "solve",
]
