"""``moves``: every legal move of a tray, by line, with points.

The request (:class:`MovesRequest`) is the command's one declaration: the command line's ``moves TRAY
--rules R`` and the service's ``POST /api/moves`` body are both read from it, and both call :func:`moves`.

>>> moved = moves(MovesRequest("RAT BUT / ZW"))
>>> moved.result()["count"], [m["notation"] for m in moved.result()["moves"]]
(1, ['1:RAT+Z=TZAR'])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Annotated, Any

from ..lexicon.files import DEFAULT_LEXICON
from ..lexicon.lexicon import Lexicon
from .model import Help, OfferedLexicons, OneOf, Positional, Tray
from .positions import PRESET_NAMES, RULES_HELP, TRAY_HELP, Position, position

LEXICON_HELP = Help("a bundled lexicon's name, a .jlex file or a word list")
"""The help of a position command's ``--lexicon`` (the command line's common option)."""


@dataclasses.dataclass(frozen=True)
class MovesRequest:
    """A tray whose legal moves are listed, in a lexicon, under a rules preset."""

    tray: Annotated[str, Positional(), Help(TRAY_HELP), Tray()]
    lexicon: Annotated[str, LEXICON_HELP, OfferedLexicons()] = DEFAULT_LEXICON
    rules: Annotated[str, Help(RULES_HELP), OneOf(PRESET_NAMES)] = "sheet"


@dataclasses.dataclass(frozen=True)
class Moved:
    """The answer: the position and its legal moves (a :class:`~jarnac_solver.moves.movegen.LegalMoves`)."""

    position: Position
    moves: Any

    def result(self) -> dict[str, Any]:
        """The ``result`` of ``moves --json``: each move with the points it adds."""
        tray = self.position.tray
        listed = [{**m.to_dict(), "points": tray.points(m)} for m in self.moves]
        return {"tray": tray.to_dict(), "count": len(self.moves), "moves": listed}


def moves(request: MovesRequest, resolve: Callable[[str], Lexicon] = Lexicon.resolve) -> Moved:
    """Every legal move of the request's tray (``resolve`` reads the lexicon's name: the command line also
    takes a file, the service keeps one object a lexicon)."""
    from ..moves.movegen import legal_moves

    at = position(request, resolve)
    return Moved(at, legal_moves(at.lexicon, at.tray, at.rules))
