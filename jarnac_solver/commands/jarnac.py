"""``jarnac``: the best Jarnac against a tray that passed, and the referee's verdict on the pass.

The request (:class:`JarnacRequest`) is the command's one declaration: the command line's ``jarnac TRAY
--thief T --budget MS`` and the service's ``POST /api/jarnac`` body are both read from it, and both call
:func:`jarnac`.

>>> called = jarnac(JarnacRequest("RAT BUT / ZW"))
>>> called.result()["plan"]["gain"], [m["notation"] for m in called.result()["plan"]["steals"]]
(16, ['1:RAT+Z=TZAR'])
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Annotated, Any

from ..lexicon.files import DEFAULT_LEXICON
from ..lexicon.lexicon import Lexicon
from ..messages import Reason, Value
from ..moves.objectives import OBJECTIVES
from .model import Budget, Help, Length, OfferedLexicons, OneOf, Positional, Range, Reads, RequestError, Served, Tray
from .moves import LEXICON_HELP
from .positions import (
    BUDGET_HELP,
    EXACT_HELP,
    MAX_TEXT,
    PRESET_NAMES,
    RULES_HELP,
    TRAY_HELP,
    Position,
    budget_seconds,
    formed_lines,
    line_numbers,
    position,
    read_tray,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..moves.jarnac import JarnacPlan
    from ..moves.move import Move
    from ..moves.tray import Tray as TrayValue

MAX_LINES = 64
"""The most free lines the service reads (a preset has at most 8)."""


@dataclasses.dataclass(frozen=True)
class JarnacRequest:
    """The tray of the player who passed, and the thief's free lines or tray: the best Jarnac on it."""

    tray: Annotated[str, Positional(), Help("the passer's tray: " + TRAY_HELP), Tray()]
    lexicon: Annotated[str, LEXICON_HELP, OfferedLexicons()] = DEFAULT_LEXICON
    free_lines: Annotated[
        int | None, Help("lines the thief has free (default: all the rules' lines)"), Served(Range(0, MAX_LINES))
    ] = None
    thief: Annotated[
        str | None, Help("the thief's tray as it is: its free lines decide the steals", "TRAY"), Tray()
    ] = None
    objective: Annotated[str, Help("swing: gain + the passer's loss; gain: placed points"), OneOf(OBJECTIVES)] = "swing"
    rules: Annotated[str, Help(RULES_HELP), OneOf(PRESET_NAMES)] = "sheet"
    budget: Annotated[float | None, Help(BUDGET_HELP, "MS"), Budget(EXACT_HELP)] = None
    turn_lines: Annotated[
        str | None,
        Help("value Jarnac (english rules): the numbers of the lines formed this turn, e.g. 2,3,4"),
        Reads(line_numbers),
        Served(Length(0, MAX_TEXT)),
    ] = None


@dataclasses.dataclass(frozen=True)
class Jarnaced:
    """The answer: the position, the thief's tray (``None``: its free lines said), the move the passer left
    (``None``: none), the best Jarnac, and how long its search took (seconds)."""

    position: Position
    thief: TrayValue | None
    left: Move | None
    plan: JarnacPlan
    seconds: float

    def verdict(self) -> list[tuple[str, Reason]]:
        """The referee's verdict on the pass, each line's indent and reason: no Jarnac and why, or each steal
        and the totals (the text printed; ``--json``'s ``verdict``)."""
        tray, plan, left = self.position.tray, self.plan, self.left
        where: dict[str, Value] = {"tray": str(tray), "lexicon": self.position.lexicon.name}
        if not plan:
            if left:
                return [("", Reason("referee_unseatable", {**where, "move": str(left)}))]
            return [("", Reason("referee_clean", where))]
        lines = [("", Reason("referee_value_jarnac" if plan.value else "referee_jarnac", where))]
        for move in plan.steals:
            gain: dict[str, Value] = {"move": str(move), "gain": tray.tiles(move.word) ** 2}
            steal = Reason("referee_steal_loss", {**gain, "lost": tray.tiles(move.old) ** 2}) if move.old else None
            lines.append(("  ", steal or Reason("referee_steal", gain)))
        if plan.value:
            taken = ", ".join(f"{i + 1} {tray.lines[i]}" for i in plan.taken_indexes)
            lines.append(("  ", Reason("referee_taken", {"lines": taken})))
        totals: dict[str, Value] = {"gain": plan.gain, "swing": plan.swing}
        if plan.leftover:
            lines.append(("", Reason("referee_totals", {**totals, "leftover": plan.leftover})))
        else:
            lines.append(("", Reason("referee_totals_nothing_left", totals)))
        return lines

    def result(self) -> dict[str, Any]:
        """The ``result`` of ``jarnac --json``."""
        return {
            "tray": self.position.tray.to_dict(),
            "thief": self.thief.to_dict() if self.thief is not None else None,
            "left_move": self.left.to_dict() if self.left is not None else None,
            "plan": self.plan.to_dict(),
            "verdict": [said.to_dict() for _, said in self.verdict()],
        }


def jarnac(request: JarnacRequest, resolve: Callable[[str], Lexicon] = Lexicon.resolve) -> Jarnaced:
    """The best Jarnac on the request's tray, within its budget: against the thief's tray when given, else
    on its free lines (``resolve`` reads the lexicon's name)."""
    from ..moves.jarnac import best_jarnac, passer_left_move, thief_best_call

    at = position(request, resolve)
    lex, tray, rules = at.lexicon, at.tray, at.rules
    turn = formed_lines(request.turn_lines, tray, rules, "turn_lines")
    if request.thief is not None and request.free_lines is not None:
        raise RequestError("give --thief or --free-lines, not both (the thief's tray gives its lines)", "thief")
    if request.free_lines is not None and not 0 <= request.free_lines <= rules.lines:
        shown = f"--free-lines {request.free_lines}"
        raise RequestError(f"{shown} is not from 0 to the rules' {rules.lines} lines", "free_lines")
    thief = read_tray(request.thief, lex, rules, "thief")
    left = passer_left_move(lex, tray, rules, turn)
    budget = budget_seconds(request.budget)
    start = time.monotonic()
    if thief is not None:
        plan = thief_best_call(lex, tray, thief, rules, turn, request.objective, budget=budget)
    else:
        plan = best_jarnac(
            lex,
            tray,
            free_lines=request.free_lines,
            objective=request.objective,
            rules=rules,
            formed_indexes=turn,
            budget=budget,
        )
    return Jarnaced(at, thief, left, plan, time.monotonic() - start)
