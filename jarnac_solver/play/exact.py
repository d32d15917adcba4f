"""Exact outcomes: the final margin an action leads to, where no draw and no later choice can change it.

The review (:mod:`jarnac_solver.play.review`) judges an option whose outcome is exactly known on that value,
with no noise band: an action that ends the game (declining a Jarnac on a full tray; a word or a call that
fills a tray with no call left against it), or one that opens a final Jarnac window the end-game model
(:mod:`jarnac_solver.planning.endgame`) settles, every line of play in it ending the game.
``tests/test_review_exact.py`` checks both against the engine pushing every call it accepts.
"""

from __future__ import annotations

from ..budget import OutOfTime
from ..errors import JarnacError
from ..game.actions import Action, Decline
from ..game.game import Game
from ..planning.endgame import preferred, window_choices

__all__ = ["exact_value", "settled_window"]


def exact_value(game: Game, action: Action) -> float | None:
    """The final margin, for the player to act, that ``action`` leads to when it is exactly known: the action
    ends the game (declining a Jarnac on a full tray; a word or a call that fills a tray with no call left
    against it), so no draw and no later decision changes it, or it opens a final Jarnac window that the
    end-game model settles (:func:`settled_window`: every line of play in it ends the game, each side
    playing it best); else ``None``.

    >>> from jarnac_solver import Lexicon
    >>> from jarnac_solver.game.actions import Draw
    >>> game = Game(Lexicon.load("fr"), seed=1)
    >>> game.push(Draw())
    >>> exact_value(game, Draw()) is None
    True
    """
    who = game.state.to_act
    trial = game.fork(keep_bag=True)
    try:
        trial.push(action)
    except JarnacError:  # an action this position does not allow has no outcome to know
        return None
    for _ in range(2):  # a Jarnac window with nothing to call: declining is forced
        s = trial.state
        if s.phase == "over":
            return float(s.trays[who].score - s.trays[1 - who].score)
        if s.phase != "jarnac":
            return None
        if trial.jarnac_calls():
            return settled_window(trial, who)
        trial.push(Decline())
    return None


def settled_window(game: Game, who: int) -> float | None:
    """The final margin for ``who`` of the Jarnac window ``game`` stands in, when the end-game model settles
    it exactly (:func:`~jarnac_solver.planning.endgame.window_choices`), else ``None``.

    Settled: the window is final (the passer's tray is full: declining ends the game) and every call in it
    and in the windows it opens fills the caller's tray, so each line of play ends the game inside the
    exchange and the model's ranking is the margin itself (no "the game goes on" to weigh against it). That
    holds when the thief has one free line (one stolen word fills it; the passer it was taken from is then
    left one free line, and so on), under rules where nothing is drawn, no turn kept and no line recomposed
    inside the exchange, and no dispute; the model's search is bounded by counts
    (:data:`~jarnac_solver.planning.endgame.MAX_COMBO_NODES`): past them, ``None``.
    """
    s, rules = game.state, game.rules
    thief, passer = s.trays[s.to_act], s.trays[s.player]
    if not s.final or thief.free_lines(rules) != 1 or passer.free_lines(rules) != 0:
        return None
    if (rules.thief_draws and s.bag) or rules.thief_keeps_turn_on_last_line or rules.value_jarnac or rules.disputes:
        return None
    try:
        choice = preferred(window_choices(game.lexicon, passer, thief, rules, s.formed_indexes))
    except OutOfTime:
        return None
    if choice.margin is None:
        return None
    return float(choice.margin if who == s.to_act else -choice.margin)
