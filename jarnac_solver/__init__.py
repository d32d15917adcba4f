"""jarnac-solver: every legal move and every Jarnac of the word game Jarnac.

>>> from jarnac_solver import Lexicon
>>> Lexicon.load("en").extensions("RAT", "BUZT")
['BRAT', 'TART']
"""

from __future__ import annotations

from .alphabet import DUTCH, LATIN, Alphabet
from .bag import Bag
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
    UnknownLexiconError,
)
from .game import Game
from .jarnac import JarnacPlan, best_jarnac, is_jarnacable, jarnac_steals
from .lexicon import Lexicon
from .move import Move
from .movegen import LegalMoves, legal_moves
from .players import Player, play_game, play_match
from .record import GameRecord
from .rules import Rules
from .tray import Tray

__all__ = [
    "DUTCH",
    "LATIN",
    "Alphabet",
    "AlphabetMismatchError",
    "Bag",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "IllegalMoveError",
    "InvalidInputError",
    "InvalidLetterError",
    "InvalidMoveError",
    "InvalidRulesError",
    "InvalidTrayError",
    "JarnacError",
    "JarnacPlan",
    "LegalMoves",
    "Lexicon",
    "LexiconFormatError",
    "LexiconNotFoundError",
    "Move",
    "Player",
    "Rules",
    "Tray",
    "UnknownLexiconError",
    "best_jarnac",
    "is_jarnacable",
    "jarnac_steals",
    "legal_moves",
    "play_game",
    "play_match",
]

__version__ = "0.1.0"
