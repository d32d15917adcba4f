"""Game review: every decision of a recorded game weighed against the engine's best.

``review(record)`` replays a record (seeded or played over the board,
finished or not) and, at every decision with a choice (the start of a
turn: draw or exchange; each move; passing with a move left; each Jarnac
call or decline; each accept or dispute), ranks the engine's candidates
and the option played by simulation
(:func:`~jarnac_solver.planning.simulation.simulate`: the mean final margin
of play-outs on re-sampled bags, with its 95% interval; the option played is
never pruned). Each other option's lead over the one played is their paired
difference over the same play-outs (the same forks: the bag's noise cancels)
with its own interval (:func:`_leads`); an option whose outcome is exactly
known (it ends the game, or opens a final window the end-game model settles:
:func:`exact_value`) stands for its final margin on every fork, with no band,
and two such are compared as numbers. The **loss**
of a decision is the largest lead above zero beyond its interval, 0 when there
is none: then the decision is ``best``, said "as good as the best" when
another option's mean was higher (:attr:`Decision.tied`). A decision still
open after ``playouts`` rounds (a lead whose interval holds the mistake's
floor: :func:`_open`) gets more rounds, up to :data:`SEQUENTIAL_FACTOR` times
as many (a sequential test, by counts). Each decision gets a :class:`Verdict`
by its loss (:data:`THRESHOLDS`), a mistake or a blunder only where the
lead's interval establishes it (:func:`established_verdict`), the audit's exact findings where they
apply (a pass that left a move, a Jarnac not called or called short:
:mod:`jarnac_solver.play.audit`), and each player a summary: the total
loss, the counts by verdict, an accuracy (:func:`accuracy_of`).

The strength is set by counts: ``playouts`` rounds per decision, the same
answer for the same record and ``seed`` whatever the machine or the number
of workers. ``budget`` (seconds a decision) and ``total`` (seconds the
review) are ceilings only: a decision they cut short says so
(:attr:`Decision.stopped`, note :attr:`Note.BUDGET_HIT`), and only then does
its answer depend on the machine.

Explanations are data: each :class:`Finding` is a code (:class:`Note`) and
its values, said as a catalog message (:class:`~jarnac_solver.messages.Reason`,
``review.*`` codes: :mod:`jarnac_solver.messages.review`) in any language of
the catalogs; so are the verdicts, a decision's line and each player's summary
(:meth:`Review.text`, and ``said`` in :meth:`Review.to_dict`).
"""

from __future__ import annotations

import contextlib
import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..budget import Deadline
from ..errors import InvalidInputError
from ..game.actions import Accept, Action, Dispute, Pass, parse_action
from ..game.game import Game
from ..game.record import GameRecord
from ..integers import is_number, is_whole
from ..lexicon.lexicon import Lexicon
from ..planning.advice import advise
from ..planning.simulation import Candidate, SimOption, candidates, evaluate, simulate
from ..rng import Pcg32
from .audit import Window, audit
from .exact import exact_value
from .review_report import Choice, Decision, PlayerReview, Review
from .verdicts import (
    ACCURACY_SCALE,
    THRESHOLDS,
    Finding,
    Note,
    Verdict,
    accuracy_of,
    describe,
    established_verdict,
    t_quantile,
    verdict_of,
    verdict_reason,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..executors import Executor

__all__ = [
    "ACCURACY_SCALE",
    "DEFAULT_PLAYOUTS",
    "DEPTHS",
    "SEQUENTIAL_FACTOR",
    "THRESHOLDS",
    "Choice",
    "Decision",
    "Finding",
    "Note",
    "PlayerReview",
    "Review",
    "Verdict",
    "accuracy_of",
    "describe",
    "established_verdict",
    "exact_value",
    "review",
    "t_quantile",
    "verdict_of",
    "verdict_reason",
]


DEFAULT_PLAYOUTS = 16
"""Rounds of play-outs a decision by default (every candidate still in the running gets one a round)."""

DEFAULT_TOP = 4
"""Candidates beyond the planner's own: hints, calls or exchanges
(:func:`~jarnac_solver.planning.simulation.candidates`)."""


def _decision_seed(seed: int, action: int) -> int:
    """The simulation seed of the decision numbered ``action``: the same in any worker and any order."""
    return Pcg32(f"review {seed}:{action}").getrandbits(32)


def _with_alternatives(game: Game, found: list[Candidate], played: Action) -> list[Candidate]:
    """The candidates, with the one played (source ``played``) and, in a dispute, both answers."""
    found = list(found)
    keys = {str(c.action) for c in found}
    if game.state.phase == "dispute":
        for answer in (Accept(), Dispute()):
            if str(answer) not in keys:
                found.append(Candidate(answer, ("dispute" if isinstance(answer, Dispute) else "accept",)))
                keys.add(str(answer))
    if str(played) not in keys:
        found.append(Candidate(played, ("played",)))
    return found


_Settings = tuple[int, float, float | None, int, int, str]
"""(playouts, budget seconds a decision, the wall-clock time the review ends or ``None``, seed, top, depth)."""
_Outcome = tuple[int, Decision | None]
"""(action number, the decision; ``None``: nothing to choose)."""


def _weigh(game: Game, number: int, played: Action, settings: _Settings) -> Decision | None:
    """The decision numbered ``number``, from ``game`` as it stood before it (``None``: nothing to choose)."""
    playouts, budget, ends, seed, top, depth = settings
    s = game.state
    if s.phase not in ("start", "play", "jarnac", "dispute"):
        return None
    seconds = budget if ends is None else max(0.0, min(budget, ends - time.time()))
    deadline = Deadline(seconds)
    view = game.view()
    dseed = _decision_seed(seed, number)
    share = Deadline(max(0.0, seconds) * 0.3)
    found = _with_alternatives(game, candidates(view, top, dseed, budget=share), played)
    if len(found) < 2:
        return None
    if depth == "plan":
        return _weigh_by_plan(game, number, played, deadline, dseed, top)
    key = str(played)
    mine_at = next(i for i, c in enumerate(found) if str(c.action) == key)
    exact = {i: v for i, c in enumerate(found) if (v := exact_value(game, c.action)) is not None}

    def undecided(values: Sequence[Sequence[float]]) -> bool:
        return any(_open(lead) for lead in _leads(values, mine_at, exact))

    sim = simulate(
        view, found, budget=deadline, seed=dseed, playouts=playouts, keep=(mine_at,), undecided=undecided,
        extend_to=min(MAX_PLAYOUTS, SEQUENTIAL_FACTOR * playouts),
    )  # fmt: skip
    at = {str(c.action): i for i, c in enumerate(found)}
    values: list[tuple[float, ...]] = [()] * len(found)
    for o in sim.options:
        values[at[str(o.action)]] = o.values
    options = [_choice(o, exact.get(at[str(o.action)]), sim.rounds) for o in sim.options]
    order = sorted(range(len(options)), key=lambda i: -options[i].mean)  # stable: the simulation's order on ties
    options = [options[i] for i in order]
    mine = next(o for o in options if o.action == key)
    leads = {lead.index: lead for lead in _leads(values, mine_at, exact)}
    findings: list[Finding] = []
    top_at = at[options[0].action]
    settled = [lead for lead in leads.values() if lead.delta - lead.half > 0]
    tied = False
    if any(math.isinf(lead.half) for lead in leads.values()):  # under two play-outs to compare
        delta, half, loss, verdict = 0.0, math.inf, 0.0, None
        findings.append(Finding(Note.NOT_WEIGHED, {"rounds": sim.rounds}))
    elif mine is options[0]:
        delta, half, loss, verdict = 0.0, 0.0, 0.0, Verdict.BEST
    elif settled:
        worst = max(
            settled, key=lambda lead: (list(Verdict).index(established_verdict(lead.delta, lead.half)), lead.delta)
        )
        delta, half, loss = worst.delta, worst.half, worst.delta
        verdict = established_verdict(delta, half)
    else:
        lead = leads[top_at]
        delta, half, loss, verdict, tied = lead.delta, lead.half, 0.0, Verdict.BEST, True
        if delta > 0:
            findings.append(Finding(Note.WITHIN_NOISE, {"delta": round(delta, 3), "half_width": round(half, 3)}))
    if sim.stopped and verdict is not None:
        findings.append(Finding(Note.BUDGET_HIT, {"rounds": sim.rounds, "playouts": playouts}))
    shown = list(options[:top])
    if mine not in shown:
        shown.append(mine)
    margin = mine.mean
    return Decision(
        number, s.turn, s.to_act, s.phase, key, tuple(shown), round(loss, 3), round(delta, 3),
        round(half, 3) if math.isfinite(half) else half, verdict, round(margin, 3), sim.rounds, sim.stopped,
        tuple(findings), s.trays, tied,
    )  # fmt: skip


SEQUENTIAL_FACTOR = 8
"""The sequential test's cap: a decision still undecided after ``playouts`` rounds (:func:`_open`) gets more
rounds, up to this many times ``playouts`` (and at most :data:`MAX_PLAYOUTS`)."""


@dataclass(frozen=True)
class _Lead:
    """How far option ``index`` is ahead of the one played: the mean paired difference and the half-width of
    its interval (0 when both outcomes are exact, ``inf`` under two common play-outs)."""

    index: int
    delta: float
    half: float


def _leads(values: Sequence[Sequence[float]], mine: int, exact: Mapping[int, float]) -> list[_Lead]:
    """Each other option's lead over option ``mine``, by their paired play-outs (round ``r`` of each on the
    same fork), an exact outcome (``exact``: index -> final margin) standing for itself on every fork.

    Each interval is the option's own: the paired difference's Student interval at 95% shared among the
    options compared (Bonferroni: the best of several noisy means is biased upwards, see
    :func:`t_quantile`); two exact outcomes are compared with no interval at all.

    >>> [(lead.index, lead.delta, lead.half) for lead in _leads([[], [5.0, 7.0, 6.0]], 0, {0: -1.0})][0][:2]
    (1, 7.0)
    >>> _leads([[], []], 0, {0: -3.0, 1: 2.0})
    [_Lead(index=1, delta=5.0, half=0.0)]
    """
    out = []
    k = len(values)
    for i, theirs in enumerate(values):
        if i == mine:
            continue
        if i in exact and mine in exact:
            out.append(_Lead(i, exact[i] - exact[mine], 0.0))
            continue
        a = list(theirs) if i not in exact else [exact[i]] * len(values[mine])
        b = list(values[mine]) if mine not in exact else [exact[mine]] * len(a)
        n = min(len(a), len(b))
        if n < 2:
            out.append(_Lead(i, a[0] - b[0] if n else 0.0, math.inf))
            continue
        diffs = [x - y for x, y in zip(a[:n], b[:n], strict=True)]
        half = t_quantile(1 - 0.025 / max(1, k - 1), n - 1) * statistics.stdev(diffs) / math.sqrt(n)
        out.append(_Lead(i, statistics.fmean(diffs), half))
    return out


def _open(lead: _Lead) -> bool:
    """The sequential test's question: is the verdict this lead gives still open? Its interval holds the
    mistake's floor (the inaccuracy's top): it neither establishes a mistake (:func:`established_verdict`)
    nor rules one out; an exact comparison is never open. More play-outs settle it either way: a real lead's
    interval narrows above the line, a lucky one's below it."""
    line = THRESHOLDS[1][1]
    return lead.half > 0 and lead.delta - lead.half <= line < lead.delta + lead.half


def _choice(option: SimOption, exact: float | None, rounds: int) -> Choice:
    """The option as the review shows it: an exact outcome as itself (its interval a point, ``exact`` among
    its sources), else its play-outs' mean and interval."""
    if exact is None:
        return Choice.of(option)
    return Choice(str(option.action), exact, exact, exact, option.playouts, (*option.sources, "exact"))


def _weigh_by_plan(game: Game, number: int, played: Action, deadline: Deadline, seed: int, top: int) -> Decision:
    """``depth="plan"``: the decision ranked by the planner's values (:func:`~jarnac_solver.planning.advice.advise`),
    no play-out: the loss is the best value less the one played, in the planner's units (points now, letters
    drawn, lines: :class:`~jarnac_solver.planning.advice.Option`), not final points. A pass the advice does not
    list is worth 0 (it scores and draws nothing, as the advice values a pass); another action it does not list
    is not weighed (:attr:`Note.NOT_RANKED`). :data:`THRESHOLDS` were read from play-outs' losses: by plan the
    verdicts are coarser (the advice's hints may rank an option above the one the planner itself plays)."""
    s = game.state
    advice = advise(game, top=max(top, PLAN_TOP), budget=deadline, seed=seed)
    key = str(played)
    options = [Choice(str(o.action), round(o.value, 3), round(o.value, 3), round(o.value, 3), 0, ("planner value",))
               for o in advice.options]  # fmt: skip
    mine = next((o for o in options if o.action == key), None)
    if mine is None and isinstance(played, Pass):
        mine = Choice(key, 0.0, 0.0, 0.0, 0, ("played",))
        options.append(mine)
    options.sort(key=lambda o: -o.mean)  # stable: the advice's order among equals
    findings: tuple[Finding, ...] = ()
    if mine is None:
        verdict, loss = None, 0.0
        findings = (Finding(Note.NOT_RANKED, {"listed": len(options)}),)
        mine = Choice(key, 0.0, 0.0, 0.0, 0, ("played",))
    else:
        loss = max(0.0, options[0].mean - mine.mean)
        verdict = verdict_of(loss, best=options[0] is mine or loss == 0)
    shown = options[:top] if mine in options[:top] else [*options[:top], mine]
    margin = evaluate(s, s.to_act)  # the fitted estimate of the final margin here: no play-out to tell more
    return Decision(
        number, s.turn, s.to_act, s.phase, key, tuple(shown), round(loss, 3), round(loss, 3), 0.0, verdict,
        round(margin, 3), 0, deadline.expired(), findings, s.trays,
    )  # fmt: skip


PLAN_TOP = 20
"""Options the advice lists at ``depth="plan"`` (the one played is looked for among them)."""


def _review_chunk(shared: tuple[GameRecord, Lexicon | None, _Settings], numbers: tuple[int, ...]) -> list[_Outcome]:
    """The decisions ``numbers`` (ascending action numbers) of the record, in one replay: an executor's chunk."""
    record, lexicon, settings = shared
    lex = lexicon if lexicon is not None else _resolved(record.lexicon)
    wanted = set(numbers)
    out: list[_Outcome] = []
    alphabet = lex.alphabet

    def at(game: Game) -> None:
        number = len(game.actions) + 1  # the next action: the decision to weigh, from here
        if number in wanted and not game.is_over():
            played = parse_action(record.actions[number - 1][1], alphabet)
            out.append((number, _weigh(game, number, played, settings)))

    _replay_to(record, lex, at, max(numbers) + 1)
    return out


class _Reached(Exception):
    """Raised from a replay's callback to stop it where a chunk's decisions end."""


def _replay_to(record: GameRecord, lex: Lexicon, at: Callable[[Game], None], end: int) -> None:
    """Replay ``record`` calling ``at(game)`` before each action but the first (the opening draw: nothing to
    choose), stopping once the game stands before action ``end`` (the rest need not be replayed again)."""

    def step(game: Game, who: int, text: str, before: tuple[int, int]) -> None:
        if len(game.actions) + 1 >= end:
            raise _Reached
        at(game)

    with contextlib.suppress(_Reached):
        record.replay(lex, step)


_LEXICONS: dict[str, Lexicon] = {}


def _resolved(name: str) -> Lexicon:
    """A lexicon by name, resolved once per process (a worker given none)."""
    if name not in _LEXICONS:
        _LEXICONS[name] = Lexicon.resolve(name)
    return _LEXICONS[name]


def _whole(label: str, value: object, low: int, high: int) -> int:
    if not is_whole(value) or not low <= value <= high:
        raise InvalidInputError(f"{label} must be a whole number from {low} to {high:,}, not {value!r}"[:200])
    return value


def _seconds(label: str, value: object) -> float:
    if not is_number(value) or not 0 < value < math.inf:
        raise InvalidInputError(f"{label} must be a number of seconds > 0, not {value!r}"[:200])
    return float(value)


def _findings_of_audit(decision: Decision, windows: Mapping[int, Window]) -> Decision:
    """The decision with the audit's exact findings on it: a pass that left a move, a Jarnac not called or short."""
    found: list[Finding] = []
    if decision.phase == "play" and decision.played == "pass":
        window = windows.get(decision.action)
        if window is not None and window.left_move is not None:
            found.append(Finding(Note.MOVE_LEFT, {"move": str(window.left_move), "swing": window.best.swing}))
    if decision.phase == "jarnac":
        window = windows.get(decision.action - 1)
        if window is not None and window.best:
            if window.called is None:
                call = " ".join(map(str, window.best.steals))
                found.append(Finding(Note.JARNAC_NOT_CALLED, {"call": call, "swing": window.best.swing}))
            elif window.missed > 0:
                found.append(Finding(Note.JARNAC_SHORT, {"swing": window.called_swing, "best": window.best.swing}))
    if not found:
        return decision
    return Decision(**{**decision.__dict__, "findings": (*found, *decision.findings)})


DEPTHS = ("simulate", "plan")
"""How a review weighs a decision: play-outs, or the planner's values."""

MAX_PLAYOUTS = 10_000
"""The most rounds of play-outs a decision (the command line's and the service's limit too)."""


def review(
    record: GameRecord | Game,
    lexicon: Lexicon | None = None,
    *,
    playouts: int = DEFAULT_PLAYOUTS,
    budget: float = 10.0,
    total: float | None = None,
    seed: int = 0,
    top: int = DEFAULT_TOP,
    player: int | None = None,
    depth: str = "simulate",
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Weigh every decision of ``record`` (a :class:`GameRecord`, or a :class:`Game` as it stands) against the
    engine's best (the module docstring says how).

    ``playouts``: rounds of play-outs a decision (the strength; reproducible from ``seed``). ``budget``:
    seconds a decision at most, ``total``: seconds the whole review at most (on the wall clock, shared by
    local workers): ceilings, whose hits the review reports. ``depth``: ``"simulate"`` (play-outs), or
    ``"plan"``: the planner's values alone, no play-out (milliseconds a decision; the loss in the planner's
    units, see :func:`_weigh_by_plan`; ``playouts`` unused). ``top``: the engine's candidates beyond its own
    choice. ``player`` (0 or 1): weigh only that player's decisions. ``executor``
    (:mod:`jarnac_solver.executors`): the decisions are independent and run in chunks on it, the same answer
    in any executor. ``progress(done, total)`` after each chunk: the actions looked at (decisions and forced
    ones). ``lexicon`` defaults to the record's. A record that does not replay raises its error
    (``IllegalActionError``) before any decision is weighed.

    >>> from jarnac_solver import Lexicon, play_game
    >>> fr = Lexicon.load("fr")
    >>> result = review(play_game(fr, ["planner", "careless"], seed=3), fr, playouts=4)
    >>> sorted(result.players[0].counts) == sorted(v.value for v in Verdict)
    True
    """
    began = time.perf_counter()
    if isinstance(record, Game):
        record = GameRecord.of(record)
    if not isinstance(record, GameRecord):
        raise InvalidInputError(f"review takes a GameRecord or a Game, not {type(record).__name__}")
    if lexicon is not None and not isinstance(lexicon, Lexicon):
        raise InvalidInputError(f"lexicon must be a Lexicon or None, not {type(lexicon).__name__}")
    playouts = _whole("playouts", playouts, 2, MAX_PLAYOUTS)
    budget = _seconds("budget", budget)
    if total is not None:
        total = _seconds("total", total)
    if not is_whole(seed):
        raise InvalidInputError(f"seed must be a whole number, not {seed!r}"[:200])
    top = _whole("top", top, 0, 20)
    if depth not in DEPTHS:
        raise InvalidInputError(f"depth must be one of {', '.join(DEPTHS)}, not {depth!r}"[:200])
    if player is not None and (isinstance(player, bool) or player not in (0, 1)):
        raise InvalidInputError(f"player must be 0 (A), 1 (B) or None, not {player!r}")
    lex = lexicon if lexicon is not None else Lexicon.resolve(record.lexicon)
    found = audit(record, lex)  # replays the whole record: a bad one is refused here, before any work
    windows = {w.action: w for w in found.windows}
    ends = None if total is None else time.time() + total
    settings: _Settings = (playouts, budget, ends, seed, top, depth)
    numbers = [n for n, (who, _, _) in enumerate(record.actions, 1) if player is None or who == player]
    # In this process one replay weighs every decision (a chunk replays the record up to its decisions: ~1 ms
    # an action), or twenty for a progress bar; on an executor, four chunks a worker keep the load even.
    workers = 0 if executor is None else max(1, int(getattr(executor, "workers", 1)))
    parts = 4 * workers if workers else 1 if progress is None else 20
    spans = _chunks(numbers, parts)
    # A worker resolves the record's lexicon by name once (cheaper than sending it) unless one was given.
    shared = (record, lex if executor is None else lexicon, settings)
    size = len(spans[0]) if spans else 0

    def done(chunks_done: int, _: int) -> None:
        """Chunks into actions (every chunk but the last holds ``size``): what a person follows."""
        if progress is not None:
            progress(min(len(numbers), chunks_done * size), len(numbers))

    if executor is None:
        chunks = []
        for i, span in enumerate(spans, 1):
            chunks.append(_review_chunk(shared, span))
            done(i, len(spans))
    else:
        chunks = executor.run(_review_chunk, shared, spans, done)
    decisions: list[Decision] = []
    players = (PlayerReview(audit=found.players[0]), PlayerReview(audit=found.players[1]))
    losses: tuple[list[float], list[float]] = ([], [])
    for chunk in chunks:
        for number, decision in chunk:
            who = record.actions[number - 1][0]
            if player is not None and who != player:
                continue
            if decision is None:
                players[who].forced += 1
                continue
            decision = _findings_of_audit(decision, windows)
            decisions.append(decision)
            summary = players[who]
            if decision.verdict is None:
                summary.not_weighed += 1
                continue
            summary.decisions += 1
            summary.loss += decision.loss
            summary.counts[decision.verdict.value] += 1
            losses[who].append(decision.loss)
    for who in (0, 1):
        players[who].accuracy = accuracy_of(losses[who])
    chosen = {"depth": depth, "playouts": playouts, "budget": budget, "total": total, "seed": seed, "top": top}
    return Review(record, decisions, players, chosen, time.perf_counter() - began)


def _chunks(numbers: list[int], chunks: int) -> list[tuple[int, ...]]:
    """``numbers`` (ascending) cut into at most ``chunks`` runs of consecutive ones.

    >>> _chunks([2, 3, 4, 5, 6], 2)
    [(2, 3, 4), (5, 6)]
    """
    size = max(1, math.ceil(len(numbers) / max(1, chunks)))
    return [tuple(numbers[i : i + size]) for i in range(0, len(numbers), size)]
