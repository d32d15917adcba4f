"""Play-outs: a game played on by the planner's decisions for both sides, and its value.

:func:`policy` is the decision a play-out makes for the player to act (by a :data:`Policy`'s knobs:
:func:`weights_of`); :func:`playout` plays a fork on to a turn or the end (in C by the planner's lane where it
can) and values it (:func:`~jarnac_solver.planning.evaluation.evaluate`). :func:`~jarnac_solver.planning.
simulation.simulate` runs them on forks of a position.
"""

from __future__ import annotations

from ..budget import Deadline
from ..game.actions import Accept, Action, CallJarnac, Decline, Dispute, Draw, Exchange, Pass, Play
from ..game.game import Game, GameState
from ..game.view import TableState
from ..moves.jarnac import JarnacPlan
from ..moves.movegen import legal_moves
from ..moves.rules import Rules
from ..rng import Pcg32
from . import planlane
from .evaluation import DEFAULT_EVALUATION, Evaluation, evaluate
from .learned import Estimator
from .learned_turn import TurnEvaluation
from .planout import clear
from .strategy import DEFAULT_WEIGHTS, Weights, choose_jarnac, choose_move, choose_start

__all__ = ["PLAYOUT_VALUE_POOL_LIMIT", "Policy", "call_of", "playout", "playout_counted", "policy", "weights_of"]


PLAYOUT_VALUE_POOL_LIMIT = 12
"""The pool limit of the value Jarnacs a play-out's Jarnac windows weigh (the English rules' recomposition):
a window at the game's 20 took up to 0.66 s a search, 60% of a ``sim`` game under the English rules; at 12
the same windows are a count of subsets smaller (the decision's own candidates still weigh 20:
:data:`VALUE_POOL_LIMIT`)."""


def call_of(plan: JarnacPlan) -> Action:
    """A plan as the action that calls it (empty: decline)."""
    if not plan:
        return Decline()
    return CallJarnac(plan.steals, plan.taken_indexes if plan.value else ())


Policy = Weights | TurnEvaluation
"""The planner's knobs the candidates and the play-outs decide by: :class:`Weights` for every decision, or a
turn value learned from self-play (:class:`~jarnac_solver.planning.learned_turn.TurnEvaluation`: the
``planner-learned`` player's), whose weights are made for each decision from where it stands."""


def weights_of(policy: Policy, state: TableState | GameState, rules: Rules) -> Weights:
    """The :class:`Weights` of the decision of the player to act in ``state`` under ``policy``."""
    if isinstance(policy, Weights):
        return policy
    return policy.weights_for(state, rules)


def policy(
    game: Game,
    rng: Pcg32,
    weights: Policy = DEFAULT_WEIGHTS,
    deadline: Deadline | None = None,
    max_rack: int | None = None,
) -> Action:
    """The planner's decision for the player to act in ``game`` (a fork: its bag's order is a sample, and
    only its multiset is read): the start by :func:`~jarnac_solver.planning.strategy.choose_start`, the move
    by :func:`~jarnac_solver.planning.strategy.choose_move`, the Jarnac by
    :func:`~jarnac_solver.planning.strategy.choose_jarnac`, a valid word accepted and an invalid one
    disputed, each decision by ``weights`` (:data:`Policy`). Deterministic given ``rng``; ``deadline`` changes
    an answer only once it has passed. ``max_rack``: a rack of more letters than that plays its
    highest-scoring move instead of the planner's ladder search, whose cost grows with the rack's
    sub-multisets (a 20-letter rack took seconds): a count that bounds a play-out's searches."""
    s = game.state
    lexicon, rules = game.lexicon, game.rules
    me, opponent = s.trays[s.to_act], s.trays[1 - s.to_act]
    phase = s.phase
    if phase == "play" and max_rack is not None and len(me.rack_codes) > max_rack:
        best = legal_moves(lexicon, me, rules).highest_scoring()
        return Pass() if best is None else Play(best)
    if phase == "play":
        chosen = weights_of(weights, s, rules)
        move = choose_move(lexicon, me, opponent, len(s.bag), rules, rng, chosen, deadline)
        return Pass() if move is None else Play(move)
    if phase == "start":
        tiles = game.alphabet.tiles
        unseen = [tiles[c] for c in s.bag]
        chosen = weights_of(weights, s, rules)
        triple = choose_start(lexicon, me, opponent, unseen, len(s.bag), rules, rng, chosen, deadline)
        return Draw() if triple is None else Exchange(me.alphabet.write(list(triple)))
    if phase == "jarnac":
        passer = s.trays[s.player]
        plan = choose_jarnac(
            lexicon, passer, me, rules, game.formed_lines(), deadline, value_pool_limit=game.value_pool_limit
        )
        return call_of(plan)
    if phase == "dispute":
        disputed = s.disputed
        return Dispute() if disputed is not None and disputed[0].word not in lexicon else Accept()
    return Draw()  # the opening


def playout(
    game: Game,
    who: int,
    until_turn: int | None,
    rng: Pcg32,
    weights: Policy = DEFAULT_WEIGHTS,
    evaluation: Evaluation | Estimator = DEFAULT_EVALUATION,
    deadline: Deadline | None = None,
    max_actions: int = 400,
    max_searches: int | None = None,
) -> float:
    """Play ``game`` on with :func:`policy` for both sides until the start of turn ``until_turn`` (``None``:
    to the end; at most ``max_actions`` actions, and at most ``max_searches`` of them decided by
    :func:`policy` in Python, each a planner's search: the costly ones), and its value for ``who``
    (:func:`evaluate`). ``game`` is
    changed (a fork); with no deadline near, the planner's lane (:mod:`~jarnac_solver.planning.planlane`:
    fixed weights, or the shipped kind of learned turn value, whose weights the kernel makes as
    :func:`weights_of` does) plays what it can in C and writes it on ``game`` directly: those actions cannot
    be undone (``game.pop``)."""
    return playout_counted(game, who, until_turn, rng, weights, evaluation, deadline, max_actions, max_searches)[0]


def playout_counted(
    game: Game,
    who: int,
    until_turn: int | None,
    rng: Pcg32,
    weights: Policy,
    evaluation: Evaluation | Estimator,
    deadline: Deadline | None,
    max_actions: int,
    max_searches: int | None,
    max_rack: int | None = None,
) -> tuple[float, int]:
    """:func:`playout`'s value, and the searches it made (its actions decided by :func:`policy` in Python)."""
    # weights_of's: fixed weights, or a learned value over the default ones (weights_for's base)
    knobs = planlane.knobs_of(weights) if isinstance(weights, Weights) else planlane.knobs_of(DEFAULT_WEIGHTS, weights)
    lane = knobs is not None and clear(deadline) and planlane.supported(game)
    if game.value_pool_limit is None or game.value_pool_limit > PLAYOUT_VALUE_POOL_LIMIT:
        game.value_pool_limit = PLAYOUT_VALUE_POOL_LIMIT  # the fork's own: the value Jarnacs a play-out weighs
    played, handed, searches = 0, -1, 0
    while played < max_actions:
        s = game.state
        if s.phase == "over" or (until_turn is not None and s.turn >= until_turn and s.phase in ("start", "opening")):
            break
        if deadline is not None and deadline.expired():
            break  # the caller drops a play-out the deadline cut (else a 50 ms clock ends at 57 ms)
        if lane and played != handed:
            # Speed: the planner's decisions for both sides in C (planlane.py: the same actions and the same
            # rng), up to what it hands back, played below: the planner's decisions are ~9/10 of a play-out's cost.
            assert knobs is not None
            left = len(game.actions) + max_actions - played
            played += planlane.advance(game, (knobs, knobs), (rng, rng), left, undo=False, until_turn=until_turn)
            handed = played
            continue
        if max_searches is not None and searches >= max_searches:
            break  # the count of searches spent: valued where it stands
        game.push(policy(game, rng, weights, deadline, max_rack))
        played += 1
        searches += 1
    return evaluate(game.state, who, evaluation, game.rules), searches
