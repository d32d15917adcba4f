"""The review's exact outcomes: positions built on the table (no seed needed to reach them), each option's
outcome checked against the engine itself.

- A declined Jarnac on a full tray ends the game: judged on its exact final margin, no band, against a
  call's own interval; a blunder, never "within the noise".
- A call that opens a final window the end-game model settles is exact too: :func:`exact_value` against a
  brute force that pushes every call the engine accepts, in every window that follows, to the game's end.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from jarnac_solver import Lexicon, Rules, Tray
from jarnac_solver.errors import IllegalActionError
from jarnac_solver.game.actions import Action, Decline
from jarnac_solver.game.game import Game
from jarnac_solver.play.exact import exact_value
from jarnac_solver.play.review import THRESHOLDS, Note, Verdict, _weigh
from tests.positions import setup
from tests.test_endgame_oracle import SMALL, _calls, positions, window_game

FR = Lexicon.load("fr")
SETTINGS = (16, 3600.0, None, 1, 4, "simulate")
"""16 play-outs a decision (the strength, a count), an hour's ceiling (never reached), seed 1, 4 candidates."""


def full_tray_window(thief: str) -> Game:
    """B in the Jarnac window against A's full tray (declining ends the game), A far ahead."""
    game = Game(FR, seed=1)
    passer = Tray.parse("CARIES SORBETS TZAR CHOSE MOTS DIRE LAVA PIRE / SN")
    setup(game, (passer, Tray.parse(thief)), "jarnac", 1, 0, turn=30, final=True)
    return game


def test_a_declined_jarnac_on_a_full_tray_is_judged_on_its_exact_outcome() -> None:
    # Declining ends the game at B's score less A's, exactly (-156); the best call's play-outs are far above
    # it: the decline lost the call's lead, not "0 within the noise".
    game = full_tray_window("RAT BUT VOIR / EU")
    assert game.jarnac_calls()
    assert exact_value(game, Decline()) == -156.0
    d = _weigh(game, 60, Decline(), SETTINGS)
    assert d is not None and not d.stopped
    decline = next(o for o in d.options if o.action == "decline")
    assert decline.exact and decline.low == decline.mean == decline.high == -156.0
    assert d.best.action.startswith("jarnac") and not d.best.exact and d.best.low > decline.mean
    assert d.verdict is Verdict.BLUNDER and d.loss == pytest.approx(d.best.mean - decline.mean, abs=1e-3)
    assert Note.WITHIN_NOISE not in {f.code for f in d.findings} and "within the noise" not in d.line("en")


def test_a_call_into_a_settled_final_window_is_exact_and_so_is_declining() -> None:
    # B has one free line: any call fills its tray and opens A's final window, every line of play ending the
    # game; both options are exact, compared as numbers (the decision's interval is none).
    game = full_tray_window("BUT VIN GEL LUI NUL JEU FEU / E")
    d = _weigh(game, 60, Decline(), SETTINGS)
    assert d is not None
    assert all(o.exact for o in d.options), d.options
    declined = exact_value(game, Decline())
    assert declined is not None and d.best.action != "decline"
    assert d.half_width == 0.0 and d.loss == pytest.approx(d.best.mean - declined)
    assert d.verdict is Verdict.BLUNDER


def brute(game: Game, who: int) -> float | None:
    """The final margin for ``who`` where the game stands, both sides maximising their own margin over every
    call the engine accepts, in every window that follows; ``None`` where a line of play goes on (the game is
    not over and no final window is open)."""
    s = game.state
    if s.phase == "over":
        return float(s.trays[who].score - s.trays[1 - who].score)
    if s.phase != "jarnac" or not s.final:
        return None
    me = s.to_act
    best: float | None = None
    for action in [Decline(), *_calls(game)]:
        try:
            game.push(action)
        except IllegalActionError:
            continue
        value = brute(game, me)
        game.pop()
        if value is None:
            return None
        best = value if best is None else max(best, value)
    assert best is not None
    return best if who == me else -best


@pytest.mark.parametrize("rules", [Rules(), Rules(last_line_min_length=3)], ids=["sheet", "last-line-3"])
def test_exact_values_are_the_engines_own_outcomes(rules: Rules) -> None:
    checked = settled = 0
    for passer, thief in positions(6400, 120, rules):
        if passer.free_lines(rules) or thief.free_lines(rules) != 1:
            continue
        game = window_game(SMALL, passer, thief, rules)
        actions: list[Action] = [Decline(), *_calls(game)]
        for action in actions:
            try:
                game.push(action)
            except IllegalActionError:
                continue
            expected = brute(game, 1)
            game.pop()
            got = exact_value(game, action)
            assert got == expected, (str(passer), str(thief), str(action))
            checked += 1
            settled += not isinstance(action, Decline)
    assert checked > 40 and settled > 10, (checked, settled)  # calls settled by the model, not only declines


def test_the_pages_thresholds_are_the_reviews() -> None:
    """The page states the verdicts' thresholds from its own copy (review.js): it must say the library's."""
    script = Path(__file__).resolve().parent.parent / "jarnac_solver" / "server" / "static" / "review.js"
    found = re.search(r"export const THRESHOLDS = (\{[^}]*\});", script.read_text(encoding="utf-8"))
    assert found, "review.js declares no THRESHOLDS"
    page = json.loads(re.sub(r"(\w+):", r'"\1":', found.group(1)))
    assert page == {verdict.value: points for verdict, points in THRESHOLDS}
