"""The exact solver of the open-hands round: every hand seen, every line of play searched.

Key idea: with every hand open, the rest of a round is a finite game tree
(each cycle of turns puts down a card), and its value is found by
backward induction: each player to act picks the action that leaves it the
most tokens at the round's end, the first legal one on a tie (so the answer
is one definite equilibrium, the same on every run). Positions met twice
(the same hands, tokens and run) are searched once. It is the oracle of the
players' choices and of the engine (a value found through ``push``/``pop``
is the value found on fresh copies). The search is bounded: past
``node_limit`` positions or its time budget it raises
:class:`SearchLimitError`, which names the limit and the cards left.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..budget import Deadline, OutOfTime, deadline_of
from ..errors import InvalidInputError
from ..integers import is_whole
from .actions import Action
from .engine import Game, State

__all__ = ["NODE_LIMIT", "SearchLimitError", "Solution", "solve"]

NODE_LIMIT = 200_000
"""The most positions :func:`solve` searches by default (about a second); deals of up to 5 or 6 cards a
hand stay well within it."""


class SearchLimitError(InvalidInputError):
    """The round is too large for the solver's node limit or time budget (a ``ValueError``: ask again
    with a smaller deal, or a larger limit)."""


@dataclass(frozen=True)
class Solution:
    """The open-hands value of a position: each player's tokens at the end of the round under the
    solver's play, the action it picks, each legal action's outcome (written), and the positions searched."""

    holdings: tuple[int, ...]
    action: Action | None
    outcomes: dict[str, tuple[int, ...]]
    nodes: int


def solve(game: Game, *, node_limit: int = NODE_LIMIT, budget: float | Deadline | None = None) -> Solution:
    """Search the rest of ``game``'s round with every hand open (``game`` itself is not changed).

    >>> game = Game.from_hands(["2C 3H KH", "3D 4S"])
    >>> answer = solve(game)
    >>> str(answer.action), answer.holdings, answer.outcomes["KH!"]
    ('KH!', (66, 32), (66, 32))
    """
    if not is_whole(node_limit) or node_limit < 1:
        raise InvalidInputError(f"node_limit is a whole number >= 1, not {node_limit!r}")
    deadline = deadline_of(budget)
    work = Game.from_state(game.state, game.players, game.options, game.seed, stop_after_round=True)
    memo: dict[tuple[object, ...], tuple[int, ...]] = {}
    count = [0]

    def key(s: State) -> tuple[object, ...]:
        return (s.hands, s.holdings, s.board, s.to_act, s.mode, s.need, s.last, s.turned)

    def value() -> tuple[int, ...]:
        s = work.state
        if s.mode == "over":
            return s.holdings
        k = key(s)
        known = memo.get(k)
        if known is not None:
            return known
        count[0] += 1
        if count[0] > node_limit:
            raise SearchLimitError(
                f"the round is larger than the node limit ({node_limit:,} positions; cards in hand:"
                f" {[h.bit_count() for h in game.state.hands]}): ask with a smaller deal or a larger node_limit"
            )
        if deadline is not None and not count[0] & 1023:
            deadline.check()
        me = s.to_act
        best: tuple[int, ...] | None = None
        for action in work.legal_actions():
            work.push(action)
            got = value()
            work.pop()
            if best is None or got[me] > best[me]:
                best = got
        assert best is not None
        memo[k] = best
        return best

    if work.state.mode == "over":
        return Solution(work.state.holdings, None, {}, 0)
    outcomes: dict[str, tuple[int, ...]] = {}
    chosen: Action | None = None
    best: tuple[int, ...] | None = None
    me = work.state.to_act
    try:
        for action in work.legal_actions():
            work.push(action)
            got = value()
            work.pop()
            outcomes[str(action)] = got
            if best is None or got[me] > best[me]:
                best, chosen = got, action
    except OutOfTime:
        raise SearchLimitError(
            f"the round was not solved within the time budget ({count[0]:,} positions searched): ask with a"
            " smaller deal or a larger budget"
        ) from None
    assert best is not None
    return Solution(best, chosen, outcomes, count[0])
