"""Simulation: each candidate action played out on re-sampled bags, and ranked by the mean result.

The key idea: the planner values a turn by a fixed formula, and its end-game
model sees only the letters on the table; a play-out sees what follows. For
each candidate action of the position (:func:`candidates`: the planner's own
choice, the best hints, ``pass``; the calls and declining in a Jarnac
window; drawing and the best exchanges at the start of a turn), a play-out
forks the position with the hidden tiles re-sampled
(:meth:`~jarnac_solver.game.view.PlayerView.fork`: what the player to act
cannot see is shuffled, never read), pushes the candidate, lets the
planner's own decisions play both sides (:func:`policy`) for the rest of
the turn and ``turns`` more turns, or to the end of the game once either
tray has ``end_lines`` free lines or fewer, and values where it stopped
(:func:`evaluate`: the final margin when the game is over, else a fitted
estimate of it). :func:`simulate` runs rounds of play-outs over the
candidates, best mean first, until its budget is spent, and ranks them by
their mean.

- **Common random numbers.** Round ``r`` plays every candidate on the same
  fork (the same bag order) and the same policy seed, so candidates are
  compared on the same draws (a paired comparison: the noise of the bag
  cancels in their difference), and a candidate whose paired difference
  with the leader is below zero beyond its 95% interval stops getting
  play-outs (``prune``).
- **Reproducible.** The same position, ``seed`` and number of play-outs
  give the same answer: every fork and policy seed is a function of the
  seed and the round, and the policies are deterministic. A play-out the
  deadline interrupts is dropped (a deadline changes a search only once it
  has passed), so a time-budgeted answer is the seeded answer for the
  play-outs it counts (how many depends on the machine).
- **Anytime.** ``budget`` (seconds or a :class:`~jarnac_solver.budget.Deadline`)
  bounds the whole answer; the candidates take a share of it (hints are
  searched within ``candidate_share`` of the budget), and an answer
  stopped by the deadline says so (:attr:`Simulation.stopped`).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..budget import EXACT, Deadline, OutOfTime, deadline_of, passed_on
from ..errors import InvalidInputError
from ..game.actions import Accept, Action, Decline, Dispute, Draw, Exchange, Pass, Play
from ..game.game import Game
from ..game.view import PlayerView
from ..integers import is_number, is_whole
from ..moves.movegen import legal_moves
from ..moves.rules import Rules
from ..rng import Pcg32
from .evaluation import DEFAULT_EVALUATION, Evaluation, evaluate, evaluation_of
from .learned import Estimator
from .planner import hints
from .playouts import PLAYOUT_VALUE_POOL_LIMIT as PLAYOUT_VALUE_POOL_LIMIT  # re-exported: callers import it from here
from .playouts import Policy, call_of, playout, playout_counted, policy, weights_of
from .strategy import DEFAULT_WEIGHTS, choose_jarnac, choose_move, choose_start, start_options

__all__ = [
    "DEFAULT_EVALUATION",
    "MAX_ROUNDS",
    "VALUE_POOL_LIMIT",
    "Candidate",
    "Evaluation",
    "Policy",
    "SimOption",
    "Simulation",
    "candidates",
    "check_bounds",
    "evaluate",
    "evaluation_of",
    "playout",
    "policy",
    "simulate",
    "weights_of",
]


VALUE_POOL_LIMIT = 20
"""The pool limit of the value Jarnacs the candidates look at (a :class:`Game`'s default ``value_pool_limit``:
a view does not show the game's)."""


PLAYOUT_MAX_RACK = 10
"""The most rack letters a play-out's move is searched for by the planner (:func:`policy`'s ``max_rack``): a
larger rack, rare (a player stolen from again and again, or drawing without words), plays its highest-scoring
move;
the planner's ladder search on 20 letters took 4.7 s (es), the whole play-out's share many times over."""


def counted_rules(rules: Rules) -> bool:
    """Whether ``rules`` are ones whose play-outs :func:`simulate` bounds by counts of searches (``max_searches``,
    :data:`PLAYOUT_MAX_RACK`): those the planner's C lane does not play (disputes, the value Jarnac, a clock),
    whose every play-out action is a search in Python.

    >>> counted_rules(Rules.preset("english")), counted_rules(Rules.preset("sheet"))
    (True, False)
    """
    return rules.disputes or rules.value_jarnac or rules.think_seconds is not None


def searches_counted(position: PlayerView | Game) -> bool:
    """Whether the searches at ``position`` are bounded by counts (``max_searches``, :data:`PLAYOUT_MAX_RACK`):
    under :func:`counted_rules`, and on a lexicon whose tiles are not one ASCII letter each (nl's ``IJ``),
    which the planner's C lane does not play (:func:`~jarnac_solver.planning.planlane.supported`): there
    every play-out action is a search in Python too. A property of the game, not of the install: a pure
    install, where the lane plays nothing, counts the same games and plays them the same.

    >>> from jarnac_solver import Lexicon
    >>> searches_counted(Game(Lexicon.load("fr"), seed=1)), searches_counted(Game(Lexicon.load("nl"), seed=1))
    (False, True)
    """
    tiles = position.lexicon.alphabet.tiles
    return counted_rules(position.rules) or not all(len(t) == 1 and ord(t) < 128 for t in tiles)


@dataclass(frozen=True)
class Candidate:
    """An action to simulate and why it is one (``"planner"``, ``"hint 2"``, ``"pass"``, ``"decline"``...)."""

    action: Action
    sources: tuple[str, ...]


def _add(found: list[Candidate], action: Action, source: str) -> None:
    """Add ``action`` to ``found``, or its source to the same action already there."""
    key = str(action)
    for i, c in enumerate(found):
        if str(c.action) == key:
            found[i] = Candidate(c.action, (*c.sources, source))
            return
    found.append(Candidate(action, (source,)))


def _view(position: PlayerView | Game) -> PlayerView:
    if isinstance(position, Game):
        return position.view()
    if isinstance(position, PlayerView):
        return position
    raise InvalidInputError(f"simulate takes a PlayerView or a Game, not {type(position).__name__}")


def candidates(
    position: PlayerView | Game,
    top: int = 4,
    seed: int = 0,
    weights: Policy = DEFAULT_WEIGHTS,
    budget: float | Deadline | None = None,
) -> list[Candidate]:
    """The actions :func:`simulate` compares at ``position`` (a view, or a game: its view), the planner's
    choice first.

    Play phase: the planner's move (:func:`~jarnac_solver.planning.strategy.choose_move`; ``pass`` when it
    passes), the ``top`` best :func:`~jarnac_solver.planning.planner.hints` (with the opponent's tray and
    the unseen tiles, ``seed`` for their sampled draws), and ``pass``. Jarnac window: the planner's choice
    (:func:`~jarnac_solver.planning.strategy.choose_jarnac`), the best call by swing, the ``top`` single
    steals that swing most, and declining. Start: the planner's choice, then drawing and the ``top``
    exchanges :func:`~jarnac_solver.planning.strategy.start_options` values best. Opening and dispute: the
    one action the planner takes (nothing to compare). ``budget`` bounds the searches (the hints evaluated in
    time are ranked). Deterministic given ``seed`` when the budget does not run out.
    """
    view = _view(position)
    deadline = deadline_of(budget)
    s = view.state
    lexicon, rules = view.lexicon, view.rules
    me, opponent = s.trays[s.to_act], s.trays[1 - s.to_act]
    found: list[Candidate] = []
    chosen = weights_of(weights, s, rules)
    if s.phase == "play":
        rng = Pcg32(seed)
        move = choose_move(lexicon, me, opponent, s.bag_size, rules, rng, chosen, deadline)
        _add(found, Pass() if move is None else Play(move), "planner")
        # The planner may pass with a move left (one line left, finishing would lose): the moves are still
        # candidates then, and ``pass`` is one whenever a move exists.
        if move is not None or legal_moves(lexicon, me, rules):
            if top:
                formed = list(s.formed_indexes)  # the lines formed earlier this turn
                found_hints = hints(
                    lexicon,
                    me,
                    view.unseen_tiles(),
                    top,
                    rules,
                    seed=seed,
                    opponent=opponent,
                    formed_indexes=formed,
                    budget=passed_on(deadline),
                )
                for i, hint in enumerate(found_hints):
                    _add(found, Play(hint.move), f"hint {i + 1}")
            _add(found, Pass(), "pass")
    elif s.phase == "jarnac":
        passer = s.trays[s.player]
        formed = view.formed_lines()
        try:
            plan = choose_jarnac(lexicon, passer, me, rules, formed, deadline, VALUE_POOL_LIMIT)
        except OutOfTime:
            plan = view.best_call()
        _add(found, call_of(plan), "planner")
        best = view.best_call()
        if best:
            _add(found, call_of(best), "best call")
        if top:
            trial = view.fork(0)  # the swing is on the lines: whatever is drawn after
            swings = []
            for call in view.jarnac_calls():
                before = trial.scores()
                trial.push(call)
                after = trial.scores()
                trial.pop()
                swings.append(((after[s.to_act] - before[s.to_act]) + (before[s.player] - after[s.player]), call))
            swings.sort(key=lambda item: (-item[0], str(item[1])))
            for _, call in swings[:top]:
                _add(found, call, "call")
        _add(found, Decline(), "decline")
    elif s.phase == "start":
        tiles = view.unseen_tiles()
        rng = Pcg32(seed)
        triple = choose_start(lexicon, me, opponent, tiles, s.bag_size, rules, rng, chosen, deadline)
        _add(found, Draw() if triple is None else Exchange(me.alphabet.write(list(triple))), "planner")
        _add(found, Draw(), "draw")
        n = rules.exchange_size
        if top and len(me.rack_codes) >= n and s.bag_size >= n and len(tiles) >= n:
            options, _ = start_options(lexicon, me, opponent, tiles, s.bag_size, rules, Pcg32(seed), chosen, deadline)
            exchanges = [o for o, _ in options if o is not None]
            for option in exchanges[:top]:
                _add(found, Exchange(me.alphabet.write(list(option))), "exchange")
    elif s.phase == "dispute":
        disputed = s.disputed
        _add(found, Dispute() if disputed is not None and disputed[0].word not in lexicon else Accept(), "planner")
    elif s.phase == "opening":
        _add(found, Draw(), "planner")
    return found


@dataclass(frozen=True)
class SimOption:
    """One candidate action with its play-outs' results, for the player to act."""

    action: Action
    mean: float
    """The mean value of its play-outs (a final margin, or the :class:`Evaluation` where a play-out stopped);
    0 without play-outs."""
    playouts: int
    stderr: float
    """The standard error of the mean (``inf`` under two play-outs)."""
    sources: tuple[str, ...] = ()
    """Why it was a candidate (:class:`Candidate`)."""
    pruned: bool = False
    """It stopped getting play-outs: below the leader beyond its 95% interval (paired)."""
    values: tuple[float, ...] = field(default=(), compare=False, repr=False)
    """Each play-out's value, round by round (round ``r`` of every option is on the same fork: a paired
    comparison of two options reads their common rounds); not compared, as ``mean`` says it."""

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the mean (normal approximation)."""
        return (self.mean - 1.96 * self.stderr, self.mean + 1.96 * self.stderr)

    def __str__(self) -> str:
        lo, hi = self.interval
        band = f" [{lo:+.1f}, {hi:+.1f}]" if math.isfinite(self.stderr) else ""
        return f"{self.action}: {self.mean:+.1f}{band} over {self.playouts} play-outs ({', '.join(self.sources)})"


@dataclass(frozen=True)
class Simulation:
    """:func:`simulate`'s answer: the candidates ranked by mean value, best first (on a tie, the candidates'
    order: the planner's choice first)."""

    options: tuple[SimOption, ...]
    rounds: int
    """Rounds of play-outs completed (every candidate still in the running got one each)."""
    stopped: bool
    """The deadline stopped it before ``playouts`` rounds (or before it was told to stop)."""
    seconds: float = field(default=0.0, compare=False)
    """How long it took (not compared: two answers are equal when their rankings and play-outs are)."""
    held: bool = False
    """The hold kept the planner's choice (:func:`simulate`'s ``hold``): another candidate's mean was higher,
    but none beat it by more than ``hold`` standard errors of their paired difference. The option played is
    first (:attr:`best`): under a hold, the best mean of the planner's choice and the candidates that beat it
    so (the planner's choice when ``held``), the others after it by mean."""
    searches: int = field(default=0, compare=False)
    """The searches its play-outs made (:func:`simulate`'s ``max_searches`` bounds them)."""
    to_end: bool = False
    """Its play-outs ran to the game's end (a tray had ``end_lines`` free lines or fewer): the ones
    ``max_end_playouts`` caps."""

    @property
    def best(self) -> SimOption:
        """The best option."""
        return self.options[0]

    @property
    def playouts(self) -> int:
        """Play-outs counted, over all candidates."""
        return sum(o.playouts for o in self.options)

    def __str__(self) -> str:
        head = f"{self.playouts} play-outs, {self.rounds} rounds in {self.seconds:.2f} s"
        head += " (stopped by the budget)" if self.stopped else ""
        return "\n".join([head, *(f"  {i}. {o}" for i, o in enumerate(self.options, 1))])


MAX_ROUNDS = 64
"""The most rounds of a simulation with neither a deadline nor a play-out count (``budget=EXACT``)."""


def _round_seed(seed: int, r: int) -> int:
    """The fork seed of round ``r`` (the same for every candidate: common random numbers)."""
    return Pcg32(f"{seed}:{r}").getrandbits(32)


def _stderr(values: Sequence[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) >= 2 else math.inf


def simulate(
    position: PlayerView | Game,
    options: Sequence[Action | Candidate] | None = None,
    budget: float | Deadline | None = 0.2,
    seed: int = 0,
    *,
    playouts: int | None = None,
    turns: int = 2,
    end_lines: int = 2,
    top: int = 4,
    prune: int = 4,
    candidate_share: float = 0.3,
    weights: Policy = DEFAULT_WEIGHTS,
    evaluation: Evaluation | Estimator | str = DEFAULT_EVALUATION,
    max_playouts: int | None = None,
    max_end_playouts: int | None = None,
    hold: float | None = None,
    max_searches: int | None = None,
    keep: Sequence[int] = (),
    undecided: Callable[[Sequence[Sequence[float]]], bool] | None = None,
    extend_to: int | None = None,
) -> Simulation:
    """Rank the actions of ``position`` (a :class:`PlayerView`, or a :class:`Game`: only its view is read)
    by play-outs on re-sampled bags (the module docstring says how).

    ``options``: the actions to compare (``None``: :func:`candidates`, with ``top`` hints, calls or
    exchanges). Each play-out plays the rest of this turn and ``turns`` more (``turns`` = 2: the opponent's
    turn and mine), or to the end of the game once either tray has at most ``end_lines`` free lines.
    ``budget``: seconds or a :class:`~jarnac_solver.budget.Deadline` for the whole answer (``None``: the
    default ceiling, 10 s; :data:`~jarnac_solver.budget.EXACT`: none), of which the candidates may take
    ``candidate_share``; ``playouts``: stop after that many rounds (``None``: when the budget is spent).
    ``evaluation``: what values a play-out cut before the game's end (an :class:`Evaluation`, any object with
    ``estimate(state, rules)``, ``"learned"``: the lexicon's learned one, :mod:`~jarnac_solver.planning.learned`).
    After ``prune`` rounds, a candidate whose paired difference with the leader is negative beyond its 95%
    interval gets no more play-outs (0: never). With one candidate, no play-out is run.

    ``max_playouts``: at most that many play-outs in all, over every candidate (``None``: no cap but the
    rounds'); ``max_end_playouts``: at most that many when the play-outs run to the game's end (they cost
    more: a whole end game each). Only whole rounds are played under a cap (a round that would pass it is not
    started: every candidate's values stay on the same forks), so a cap below the first round's candidates
    leaves the planner's choice. ``hold``: the planner's choice (the candidate from ``"planner"``) is kept
    unless another's mean beats it by more than ``hold`` standard errors of their paired difference (the
    same rounds: the same forks), and of those that do the best mean is played; :attr:`Simulation.held` says
    when it kept it over a higher mean (``None``: the best mean is played). These caps and ``playouts`` set a
    level by counts, the same on every machine; ``budget`` is only a ceiling.

    ``max_searches``: under the rules the planner's C lane does not play (:func:`counted_rules`), at most that
    many searches over all the play-outs (a play-out's action decided by :func:`policy` in Python, each a
    planner's search, ~3 ms, a rack past :data:`PLAYOUT_MAX_RACK` letters not searched); the lane plays the
    others in C, uncounted (the same games with it or without it), bounded by the caps above and 400
    actions a play-out: each round's play-outs share
    what is left equally, a play-out that spends its share is valued where it stands, and no round starts
    with less than one search a candidate left. A count, so a ceiling the same on every machine.

    ``keep``: the indexes of ``options`` never pruned (a review keeps the option played in every round, so it
    is compared on all of them). ``undecided`` and ``extend_to``: a sequential test; after ``playouts`` rounds,
    more rounds are played, up to ``extend_to`` in all, while ``undecided(values)`` (each option's values so
    far, in the order of ``options``) says the comparison it serves is not settled: a count, not a clock.

    Reproducible: the same position, ``seed`` and ``playouts`` (with a budget that does not run out) give
    the same answer.

    >>> from jarnac_solver import Draw, EXACT, Game, Lexicon
    >>> game = Game(Lexicon.load("fr"), seed=1)
    >>> game.push(Draw())
    >>> result = simulate(game, budget=EXACT, playouts=2, seed=1, top=2)
    >>> result.rounds, result.stopped, all(o.playouts == 2 for o in result.options)
    (2, False, True)
    >>> result == simulate(game.view(), budget=EXACT, playouts=2, seed=1, top=2)
    True
    """
    began = time.perf_counter()
    view = _view(position)
    if not is_whole(seed):
        raise InvalidInputError(f"seed must be a whole number, not {seed!r}")
    for label, number in (("turns", turns), ("end_lines", end_lines), ("top", top), ("prune", prune)):
        if not is_whole(number) or number < 0:
            raise InvalidInputError(f"{label} must be a whole number >= 0, not {number!r}")
    if playouts is not None and (not is_whole(playouts) or playouts < 1):
        raise InvalidInputError(f"playouts must be a whole number >= 1 or None, not {playouts!r}")
    if not 0 <= candidate_share <= 1:
        raise InvalidInputError(f"candidate_share must be from 0 to 1, not {candidate_share!r}")
    check_bounds(max_playouts, max_end_playouts, hold)
    if max_searches is not None and (not is_whole(max_searches) or max_searches < 1):
        raise InvalidInputError(f"max_searches must be a whole number >= 1 or None, not {max_searches!r}")
    if extend_to is not None and (not is_whole(extend_to) or extend_to < 1):
        raise InvalidInputError(f"extend_to must be a whole number >= 1 or None, not {extend_to!r}")
    estimator = evaluation_of(evaluation, view.lexicon)
    deadline = deadline_of(budget)
    s = view.state
    if s.phase == "over":
        raise InvalidInputError("the game is over: nothing to simulate")
    if options is None:
        share: float | Deadline = EXACT
        if deadline is not None:
            share = deadline.share(candidate_share)
        found = candidates(view, top, seed, weights, share)
    else:
        found = [o if isinstance(o, Candidate) else Candidate(o, ("given",)) for o in options]
        if not found:
            raise InvalidInputError("no action to simulate")
    who = s.to_act
    rules = view.rules
    near_end = min(t.free_lines(rules) for t in s.trays) <= end_lines
    until = None if near_end else s.turn + turns + 1
    caps = [c for c in (max_playouts, max_end_playouts if near_end else None) if c is not None]
    cap = min(caps) if caps else None
    counted = searched = 0
    # The search counts bound the games the planner's C lane cannot play (their play-outs are Python's, ~3 ms
    # an action); the lane plays the others, the same actions as Python's, uncounted, so a game is the same
    # with the lane or without it.
    python_rules = searches_counted(view)
    values: list[list[float]] = [[] for _ in found]
    active = [True] * len(found)
    rounds, stopped = 0, False
    # One candidate: nothing to compare.
    # Without a deadline and a play-out count, MAX_ROUNDS bounds it (two candidates tied on every fork are
    # never pruned: an EXACT run went on for 83 s).
    most = playouts if playouts is not None else (MAX_ROUNDS if deadline is None else None)
    kept = frozenset(keep)

    def wanted() -> bool:
        if most is None or rounds < most:
            return True
        return undecided is not None and extend_to is not None and rounds < extend_to and undecided(values)

    while len(found) > 1 and wanted():
        if deadline is not None and deadline.expired():
            stopped = True
            break
        if cap is not None and counted + sum(active) > cap:
            break  # the next round would pass the cap: only whole rounds (the values stay paired)
        quota = None
        if max_searches is not None and python_rules:
            if max_searches - searched < sum(active):
                break  # not one search a candidate left: the count is spent
            quota = (max_searches - searched) // sum(active)
        fork_seed = _round_seed(seed, rounds)
        order = sorted(
            (i for i in range(len(found)) if active[i]),
            key=lambda i: (-statistics.fmean(values[i]) if values[i] else 0.0, i),
        )
        for i in order:
            game = view.fork(fork_seed)
            game.push(found[i].action)
            value, spent = playout_counted(
                game,
                who,
                until,
                Pcg32(fork_seed),
                weights,
                estimator,
                deadline,
                400,
                quota,
                PLAYOUT_MAX_RACK if python_rules else None,
            )
            searched += spent
            if deadline is not None and deadline.expired():
                stopped = True  # this play-out may have been cut short: not counted
                break
            values[i].append(value)
            counted += 1
        if stopped:
            break
        rounds += 1
        if prune and rounds >= prune:
            _prune(values, active, rounds, kept)
            if sum(active) == 1:
                break  # settled: the others are behind the leader beyond their intervals
    ranked = sorted(range(len(found)), key=lambda i: (-(statistics.fmean(values[i]) if values[i] else -math.inf), i))
    if not any(values):
        ranked = list(range(len(found)))
    held = False
    if hold is not None and any(values):
        mine = next((i for i, c in enumerate(found) if "planner" in c.sources), None)
        if mine is not None and ranked[0] != mine:
            # The best mean of the candidates that beat the planner's choice by more than the hold, else it.
            pick = next((i for i in ranked if i == mine or _beats(values[i], values[mine], hold)), mine)
            held = pick == mine
            ranked = [pick, *(i for i in ranked if i != pick)]
    result = tuple(
        SimOption(
            found[i].action,
            statistics.fmean(values[i]) if values[i] else 0.0,
            len(values[i]),
            _stderr(values[i]),
            found[i].sources,
            not active[i],
            tuple(values[i]),
        )
        for i in ranked
    )
    return Simulation(result, rounds, stopped, time.perf_counter() - began, held, searched, near_end)


def check_bounds(max_playouts: object, max_end_playouts: object, hold: object) -> None:
    """:func:`simulate`'s count bounds checked: each cap a whole number >= 1 or ``None``, ``hold`` a number of
    standard errors >= 0 or ``None``; else ``InvalidInputError`` naming the argument."""
    for label, cap in (("max_playouts", max_playouts), ("max_end_playouts", max_end_playouts)):
        if cap is not None and (not is_whole(cap) or cap < 1):
            raise InvalidInputError(f"{label} must be a whole number >= 1 or None, not {cap!r}")
    if hold is not None and (not is_number(hold) or not 0 <= hold < math.inf):
        raise InvalidInputError(f"hold must be a number of standard errors >= 0 or None, not {hold!r}")


def _beats(leader: Sequence[float], mine: Sequence[float], hold: float) -> bool:
    """The leader's mean beats the planner's choice's by more than ``hold`` standard errors of their paired
    difference (their common rounds: the same forks, so the bag's luck cancels). Under two common rounds the
    error is unknown (infinite): not beaten. Why a hold: the planner's choice is the prior the play-outs
    test, and with a few dozen play-outs the highest of several noisy means is often only the luckiest."""
    n = min(len(leader), len(mine))
    diffs = [a - b for a, b in zip(leader[:n], mine[:n], strict=True)]
    if n < 2:
        return False
    error = _stderr(diffs)
    mean = statistics.fmean(diffs)
    return mean > hold * error if error > 0 else mean > 0


def _prune(values: list[list[float]], active: list[bool], rounds: int, kept: frozenset[int] = frozenset()) -> None:
    """Stop the candidates below the leader beyond the 95% interval (Student's t) of their paired
    difference (the same rounds: the same forks), but those ``kept``."""
    live = [i for i, a in enumerate(active) if a]
    leader = max(live, key=lambda i: (statistics.fmean(values[i][:rounds]), -i))
    for i in live:
        if i == leader or i in kept:
            continue
        diffs = [a - b for a, b in zip(values[i][:rounds], values[leader][:rounds], strict=True)]
        if len(diffs) < 2:
            continue
        mean = statistics.fmean(diffs)
        if mean + _t95(len(diffs) - 1) * _stderr(diffs) < 0:
            active[i] = False


_T95 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14, 2.13)
"""Student's t, two-sided 95%, for 1 to 15 degrees of freedom."""


def _t95(df: int) -> float:
    """The 95% critical value of Student's t with ``df`` degrees of freedom (1.96 past 30)."""
    if df <= len(_T95):
        return _T95[max(df, 1) - 1]
    return 2.04 if df <= 30 else 1.96
