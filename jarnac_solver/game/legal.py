"""What the player to act may do at a position: the legal actions, the Jarnac calls open to it, the best one,
the lines a value Jarnac may take, and what a decision that overran the clock does.

Functions of a :class:`~jarnac_solver.game.table.Table` and a position, the engine's
:class:`~jarnac_solver.game.state.GameState` or a view's :class:`~jarnac_solver.game.table.TableState` (only
the bag's size is read, never its order), so the game (:class:`~jarnac_solver.game.game.Game`) and a player's
view (:class:`~jarnac_solver.game.view.PlayerView`) answer them alike.
"""

from __future__ import annotations

from itertools import combinations

from ..errors import IllegalActionError
from ..moves.jarnac import JarnacPlan, jarnac_steals, thief_best_call
from ..moves.movegen import legal_moves
from .actions import Accept, Action, CallJarnac, Decline, Dispute, Draw, Exchange, Pass, Play
from .calls import check_call
from .state import GameState
from .table import Table, TableState

__all__ = ["best_call", "formed_lines", "jarnac_calls", "legal_actions", "time_over_action"]

Position = GameState | TableState
"""A position as the engine holds it or as a player is shown it."""


def legal_actions(table: Table, s: Position, value_pool_limit: int | None) -> list[Action]:
    """What the player to act may do at ``s`` (Jarnac: each single steal and the best plan)."""
    tray = s.trays[s.to_act]
    if s.phase == "opening":
        return [Draw()]
    if s.phase == "start":
        actions: list[Action] = [Draw()]
        n = table.rules.exchange_size
        if len(tray.rack_codes) >= n and s.bag_size >= n:
            seen = sorted({tuple(sorted(c)) for c in combinations(tray.rack_codes, n)})
            actions += [Exchange(table.alphabet.decode(codes)) for codes in seen]
        return actions
    if s.phase == "play":
        return [*map(Play, legal_moves(table.lexicon, tray, table.rules)), Pass()]
    if s.phase == "dispute":
        return [Accept(), Dispute()]
    if s.phase == "jarnac":
        return [Decline(), *jarnac_calls(table, s, value_pool_limit)]
    return []


def jarnac_calls(table: Table, s: Position, value_pool_limit: int | None) -> list[CallJarnac]:
    """Jarnacs open to the player to act at ``s``: every single steal, and the best plan."""
    if s.phase != "jarnac" or not s.trays[s.to_act].free_lines(table.rules):
        return []
    passer = s.trays[s.player]
    calls: list[CallJarnac] = []
    for move in jarnac_steals(table.lexicon, passer, table.rules):
        call = CallJarnac((move,))
        if check_call(table, s, call) is None:
            calls.append(call)
    plan = best_call(table, s, "swing", value_pool_limit)
    if plan and (len(plan.steals) > 1 or plan.value):
        calls.append(CallJarnac(plan.steals, plan.taken_indexes if plan.value else ()))
    return calls


def best_call(table: Table, s: Position, objective: str, value_pool_limit: int | None) -> JarnacPlan:
    """The best Jarnac the player to act could call at ``s`` (empty outside a window), by ``objective``; the
    value Jarnacs recompose pools of at most ``value_pool_limit`` letters (counts, never a clock: the same call
    on any machine)."""
    if s.phase != "jarnac":
        return JarnacPlan()
    rules = table.rules
    return thief_best_call(
        table.lexicon,
        s.trays[s.player],
        s.trays[s.to_act],
        rules,
        formed_lines(s) if rules.value_jarnac else (),  # read only for the value Jarnac
        objective,
        value_pool_limit,
    )


def formed_lines(s: Position) -> list[int]:
    """Indexes of the passer's lines formed this turn that still hold a word (what a value Jarnac may take)."""
    passer = s.trays[s.player]
    return [i for i in s.formed_indexes if i < len(passer.line_codes) and passer.line_codes[i]]


def time_over_action(phase: str) -> Action:
    """What a decision that overran the clock does in ``phase``: nothing it may decline. A pass in the play
    phase (the turn ends, as at a table; a move left open invites a Jarnac), declining a Jarnac, accepting a
    word instead of disputing it, and the obligatory draw at the start.

    >>> time_over_action("opening"), time_over_action("jarnac")
    (Draw(), Decline())
    """
    if phase in ("opening", "start"):
        return Draw()
    if phase == "play":
        return Pass()
    if phase == "jarnac":
        return Decline()
    if phase == "dispute":
        return Accept()
    raise IllegalActionError("the game is over: no decision to time")
