"""jarnac-solver: every legal move and every Jarnac of the word game Jarnac.

>>> from jarnac_solver import Lexicon
>>> Lexicon.load("en").extensions("RAT", "BUZT")
['BRAT', 'TART']

Every public name is importable from here. The lexicon layer is imported
with the package; the move, game and planning layers only when one of their
names is first used (``from jarnac_solver import hints`` imports the planner
then): a program that only needs a ``Lexicon`` does not pay for the game
engine (``python -X importtime -c "from jarnac_solver import Lexicon"``).
"""

from __future__ import annotations

import importlib

from .errors import (
    AlphabetMismatchError,
    IllegalActionError,
    IllegalMoveError,
    InvalidInputError,
    InvalidLetterError,
    InvalidMoveError,
    InvalidRulesError,
    InvalidTrayError,
    JarnacError,
    LexiconFormatError,
    LexiconNotFoundError,
    MissingExtraError,
    UnknownLexiconError,
)
from .lexicon.alphabet import DUTCH, LATIN, Alphabet
from .lexicon.lexicon import DEFAULT_LEXICON, ORDERS, Lexicon, WordCheck
from .native import IMPLEMENTATION, IMPLEMENTATION_REASON

# Not imported at run time (typing alone costs ~10 ms); mypy reads any
# constant named TYPE_CHECKING as True.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .budget import DEFAULT_BUDGET, EXACT, Deadline
    from .executors import DaskExecutor, InProcess, LocalProcesses, make_executor
    from .game.actions import Accept, Action, CallJarnac, Decline, Dispute, Draw, Exchange, Pass, Play, parse_action
    from .game.game import Game, GameState, Played
    from .game.record import GameRecord, iter_records, read_records
    from .game.view import PlayerView, TableState
    from .lexicon.bag import Bag
    from .lexicon.batch import BatchIndex, RackStats, rack_stats
    from .lexicon.familiarity import Familiarity
    from .lexicon.pattern import Pattern
    from .lexicon.probability import DrawOdds
    from .moves.jarnac import (
        JarnacPlan,
        best_jarnac,
        is_jarnacable,
        jarnac_steals,
        passer_left_move,
        thief_best_call,
    )
    from .moves.move import Move
    from .moves.movegen import LegalMoves, legal_moves
    from .moves.rules import Rules
    from .moves.tray import Tray
    from .planning.advice import Advice, Option, advise, advise_position
    from .planning.ladder import Ladder, plan_ladder
    from .planning.planner import Hint, Hints, hints, plan, unseen_tiles
    from .planning.simulation import SimOption, Simulation, simulate
    from .play.audit import AuditReport, audit, audit_many
    from .play.players import (
        PLAYERS,
        CarelessPlayer,
        CautiousPlayer,
        ExchangerPlayer,
        GreedyPlayer,
        LadderPlayer,
        MatchResult,
        PlannerPlayer,
        Player,
        RandomPlayer,
        SimPlayer,
        SloppyPlayer,
        make_player,
        play_game,
        play_match,
    )
    from .play.review import Decision, Review, Verdict, review
    from .practice.mistakes import mistake_puzzles
    from .practice.progress import SQLiteProgress, answer_card, next_card, start_quiz
    from .practice.puzzles import (
        Judgement,
        Puzzle,
        PuzzleFilter,
        daily_puzzle,
        judge,
        puzzles_from_record,
        self_play_puzzles,
    )
    from .practice.quiz import Quiz
    from .practice.schedule import make_scheduler
    from .studies.compare import Comparison, compare
    from .studies.difference import word_difference
    from .studies.report import write_report
    from .studies.rows import write_rows

# Name -> the module that defines it, imported on first use (PEP 562). A name is written three times, for
# three readers (mypy above, this import, __all__ below); tests/test_public_names.py checks that they agree.
_LAZY = {
    **dict.fromkeys(
        ["Accept", "Action", "CallJarnac", "Decline", "Dispute", "Draw", "Exchange", "Pass", "Play", "parse_action"],
        "game.actions",
    ),
    "Bag": "lexicon.bag",
    **dict.fromkeys(["Game", "GameState", "Played"], "game.game"),
    **dict.fromkeys(["AuditReport", "audit", "audit_many"], "play.audit"),
    **dict.fromkeys(["Decision", "Review", "Verdict", "review"], "play.review"),
    **dict.fromkeys(
        ["Judgement", "Puzzle", "PuzzleFilter", "daily_puzzle", "judge", "puzzles_from_record", "self_play_puzzles"],
        "practice.puzzles",
    ),
    **dict.fromkeys(["mistake_puzzles"], "practice.mistakes"),
    **dict.fromkeys(["Quiz"], "practice.quiz"),
    **dict.fromkeys(["SQLiteProgress", "answer_card", "next_card", "start_quiz"], "practice.progress"),
    **dict.fromkeys(["make_scheduler"], "practice.schedule"),
    **dict.fromkeys(
        ["JarnacPlan", "best_jarnac", "is_jarnacable", "jarnac_steals", "passer_left_move", "thief_best_call"],
        "moves.jarnac",
    ),
    **dict.fromkeys(["Ladder", "plan_ladder"], "planning.ladder"),
    **dict.fromkeys(["Advice", "Option", "advise", "advise_position"], "planning.advice"),
    **dict.fromkeys(["DEFAULT_BUDGET", "EXACT", "Deadline"], "budget"),
    **dict.fromkeys(["DaskExecutor", "InProcess", "LocalProcesses", "make_executor"], "executors"),
    **dict.fromkeys(["BatchIndex", "RackStats", "rack_stats"], "lexicon.batch"),
    **dict.fromkeys(["Comparison", "compare"], "studies.compare"),
    "Familiarity": "lexicon.familiarity",
    "DrawOdds": "lexicon.probability",
    "Pattern": "lexicon.pattern",
    "word_difference": "studies.difference",
    "write_report": "studies.report",
    "write_rows": "studies.rows",
    "Move": "moves.move",
    **dict.fromkeys(["LegalMoves", "legal_moves"], "moves.movegen"),
    **dict.fromkeys(["Hint", "Hints", "hints", "plan", "unseen_tiles"], "planning.planner"),
    **dict.fromkeys(["SimOption", "Simulation", "simulate"], "planning.simulation"),
    **dict.fromkeys(
        [
            "PLAYERS",
            "MatchResult",
            "Player",
            "make_player",
            "play_game",
            "play_match",
            "CarelessPlayer",
            "CautiousPlayer",
            "ExchangerPlayer",
            "GreedyPlayer",
            "LadderPlayer",
            "PlannerPlayer",
            "RandomPlayer",
            "SimPlayer",
            "SloppyPlayer",
        ],
        "play.players",
    ),
    **dict.fromkeys(["GameRecord", "iter_records", "read_records"], "game.record"),
    **dict.fromkeys(["PlayerView", "TableState"], "game.view"),
    "Rules": "moves.rules",
    "Tray": "moves.tray",
}


def __getattr__(name: str) -> Any:
    """Import the module behind ``name`` on first use, and keep the name here."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_LEXICON",
    "DUTCH",
    "EXACT",
    "IMPLEMENTATION",
    "IMPLEMENTATION_REASON",
    "LATIN",
    "ORDERS",
    "PLAYERS",
    "Accept",
    "Action",
    "Advice",
    "Alphabet",
    "AlphabetMismatchError",
    "AuditReport",
    "Bag",
    "BatchIndex",
    "CallJarnac",
    "CarelessPlayer",
    "CautiousPlayer",
    "Comparison",
    "DaskExecutor",
    "Deadline",
    "Decision",
    "Decline",
    "Dispute",
    "Draw",
    "DrawOdds",
    "Exchange",
    "ExchangerPlayer",
    "Familiarity",
    "Game",
    "GameRecord",
    "GameState",
    "GreedyPlayer",
    "Hint",
    "Hints",
    "IllegalActionError",
    "IllegalMoveError",
    "InProcess",
    "InvalidInputError",
    "InvalidLetterError",
    "InvalidMoveError",
    "InvalidRulesError",
    "InvalidTrayError",
    "JarnacError",
    "JarnacPlan",
    "Judgement",
    "Ladder",
    "LadderPlayer",
    "LegalMoves",
    "Lexicon",
    "LexiconFormatError",
    "LexiconNotFoundError",
    "LocalProcesses",
    "MatchResult",
    "MissingExtraError",
    "Move",
    "Option",
    "Pass",
    "Pattern",
    "PlannerPlayer",
    "Play",
    "Played",
    "Player",
    "PlayerView",
    "Puzzle",
    "PuzzleFilter",
    "Quiz",
    "RackStats",
    "RandomPlayer",
    "Review",
    "Rules",
    "SQLiteProgress",
    "SimOption",
    "SimPlayer",
    "Simulation",
    "SloppyPlayer",
    "TableState",
    "Tray",
    "UnknownLexiconError",
    "Verdict",
    "WordCheck",
    "advise",
    "advise_position",
    "answer_card",
    "audit",
    "audit_many",
    "best_jarnac",
    "compare",
    "daily_puzzle",
    "hints",
    "is_jarnacable",
    "iter_records",
    "jarnac_steals",
    "judge",
    "legal_moves",
    "make_executor",
    "make_player",
    "make_scheduler",
    "mistake_puzzles",
    "next_card",
    "parse_action",
    "passer_left_move",
    "plan",
    "plan_ladder",
    "play_game",
    "play_match",
    "puzzles_from_record",
    "rack_stats",
    "read_records",
    "review",
    "self_play_puzzles",
    "simulate",
    "start_quiz",
    "thief_best_call",
    "unseen_tiles",
    "word_difference",
    "write_report",
    "write_rows",
]

__version__ = "0.1.0"
