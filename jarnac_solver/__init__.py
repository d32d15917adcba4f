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
    InvalidInputError,
    InvalidLetterError,
    JarnacError,
    LexiconFormatError,
    LexiconNotFoundError,
    UnknownLexiconError,
)
from .lexicon import Lexicon

__all__ = [
    "DUTCH",
    "LATIN",
    "Alphabet",
    "AlphabetMismatchError",
    "Bag",
    "InvalidInputError",
    "InvalidLetterError",
    "JarnacError",
    "Lexicon",
    "LexiconFormatError",
    "LexiconNotFoundError",
    "UnknownLexiconError",
]

__version__ = "0.1.0"
