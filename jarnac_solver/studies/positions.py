"""The trays of a study: positions reached in self-play, and what a pass there would give away.

A position is the tray of the player to move at the start of a turn (its
letter drawn), taken at a turn chosen at random from a self-play game on
the lexicon. Per position: the legal moves; whether a pass there would be
Jarnac-able (a move any thief could steal); and the best Jarnac the actual
opponent could call (its swing: the points it gains plus those the passer
loses), within a time budget per position.
"""

from __future__ import annotations

from typing import Any

from ..budget import Deadline
from ..game.actions import Draw, Exchange
from ..game.game import Game
from ..moves.jarnac import is_jarnacable, thief_best_call
from ..moves.movegen import legal_moves
from ..moves.tray import Tray
from ..play.players import play_game
from .setup import StudySetup, item_rng

__all__ = ["TRAY_COLUMNS", "tray_rows"]

TRAY_COLUMNS = (
    "lexicon",
    "tray_index",
    "game_seed",
    "turn",
    "tray",
    "opponent",
    "moves",
    "jarnacable",
    "best_swing",
    "swing_exact",
    "jarnacable_in_first",
)
"""The columns of a position row. ``jarnacable_in_first``: whether a pass there would be
Jarnac-able with the words of the study's first lexicon (``None`` for the first lexicon
itself, and for a lexicon of another alphabet): paired with ``jarnacable``, it tells
the Jarnacs that one list's words alone allow."""


def _positions(setup: StudySetup, lex_index: int, game_seed: int) -> list[tuple[int, Tray, Tray]]:
    """(turn, mover's tray, opponent's tray) at the start of every turn of one self-play game."""
    found: list[tuple[int, Tray, Tray]] = []

    def observe(game: Game) -> None:
        s = game.state
        last = game.actions[-1].action
        if s.phase == "play" and isinstance(last, (Draw, Exchange)):
            found.append((s.turn, s.trays[s.to_act], s.trays[1 - s.to_act]))

    lexicon, bag = setup.lexicons[lex_index], setup.bags[lex_index]
    play_game(lexicon, setup.players, setup.rules, game_seed, bag, observe=observe, stop_at_limit=True)
    return found


def tray_rows(setup: StudySetup, start: int, stop: int) -> list[dict[str, Any]]:
    """The rows of positions ``start..stop-1`` for every lexicon of ``setup``.

    >>> from jarnac_solver import Lexicon
    >>> setup = StudySetup.of([Lexicon.load("fr")], trays=1, players=("greedy", "greedy"))
    >>> row = tray_rows(setup, 0, 1)[0]
    >>> row["moves"] >= 0, isinstance(row["jarnacable"], bool)
    (True, True)
    """
    rows: list[dict[str, Any]] = []
    rules = setup.rules
    first = setup.lexicons[0]
    for k, (lex, name) in enumerate(zip(setup.lexicons, setup.names, strict=True)):
        judge_first = k > 0 and lex.alphabet == first.alphabet
        for i in range(start, stop):
            rng = item_rng(setup.seed, "tray", i)
            game_seed = rng.randrange(2**31)
            positions = _positions(setup, k, game_seed)
            turn, tray, opponent = positions[rng.randrange(len(positions))]
            budget = None if setup.tray_budget is None else Deadline(setup.tray_budget)
            plan = thief_best_call(lex, tray, opponent, rules, budget=budget)
            rows.append(
                {
                    "lexicon": name,
                    "tray_index": i,
                    "game_seed": game_seed,
                    "turn": turn,
                    "tray": str(tray),
                    "opponent": str(opponent),
                    "moves": legal_moves(lex, tray, rules).count(),
                    "jarnacable": is_jarnacable(lex, tray, rules) is not None,
                    "best_swing": plan.swing,
                    "swing_exact": plan.exact,
                    "jarnacable_in_first": is_jarnacable(first, tray, rules) is not None if judge_first else None,
                }
            )
    return rows
