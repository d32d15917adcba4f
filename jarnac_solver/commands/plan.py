"""``plan``: the longest ladder on a tray's current letters, with the draws at each step.

The request (:class:`PlanRequest`) is the command's one declaration: the command line's ``plan TRAY --budget
MS`` and the service's ``POST /api/plan`` body are both read from it, and both call :func:`plan`.

>>> planned = plan(PlanRequest("/ EAUTRS", "en"))
>>> [m["notation"] for m in planned.result()["ladder"]], planned.result()["exact"]
(['+ART', '1:ART+S=ARTS', '1:ARTS+E=ASTER'], True)
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Annotated, Any

from ..lexicon.files import DEFAULT_LEXICON
from ..lexicon.lexicon import Lexicon
from .model import Budget, Help, OfferedLexicons, OneOf, Positional, Tray
from .moves import LEXICON_HELP
from .positions import BUDGET_HELP, EXACT_HELP, PRESET_NAMES, RULES_HELP, TRAY_HELP, Position, budget_seconds, position

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..planning.ladder import Ladder


@dataclasses.dataclass(frozen=True)
class PlanRequest:
    """A tray whose longest ladder is planned, in a lexicon, under a rules preset, within a budget."""

    tray: Annotated[str, Positional(), Help(TRAY_HELP), Tray()]
    lexicon: Annotated[str, LEXICON_HELP, OfferedLexicons()] = DEFAULT_LEXICON
    rules: Annotated[str, Help(RULES_HELP), OneOf(PRESET_NAMES)] = "sheet"
    budget: Annotated[float | None, Help(BUDGET_HELP, "MS"), Budget(EXACT_HELP)] = None


@dataclasses.dataclass(frozen=True)
class Planned:
    """The answer: the position, its longest ladder, the letters drawn at each step, and how long the search
    took (seconds)."""

    position: Position
    ladder: Ladder
    draws: Any
    seconds: float

    def result(self) -> dict[str, Any]:
        """The ``result`` of ``plan --json``."""
        return {
            "tray": self.position.tray.to_dict(),
            "ladder": [m.to_dict() for m in self.ladder],
            "draws": self.draws,
            "exact": self.ladder.exact,
        }


def plan(request: PlanRequest, resolve: Callable[[str], Lexicon] = Lexicon.resolve) -> Planned:
    """The longest ladder on the request's tray within its budget (``resolve`` reads the lexicon's name)."""
    from ..planning.ladder import ladder_draws, plan_ladder, play_out

    at = position(request, resolve)
    start = time.monotonic()
    ladder = plan_ladder(at.lexicon, at.tray, at.rules, budget_seconds(request.budget))
    seconds = time.monotonic() - start
    draws = ladder_draws(ladder, play_out(at.tray, ladder, at.rules, at.lexicon), at.rules)
    return Planned(at, ladder, draws, seconds)
