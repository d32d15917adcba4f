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
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..budget import Deadline
from ..errors import InvalidInputError
from ..game.actions import Accept, Action, Dispute, Pass, parse_action
from ..game.game import Game
from ..game.record import GameRecord
from ..integers import is_whole
from ..lexicon.lexicon import Lexicon
from ..messages import Reason, Value
from ..moves.tray import Tray
from ..planning.advice import advise
from ..planning.simulation import Candidate, SimOption, candidates, evaluate, simulate
from ..rng import Pcg32
from .audit import PlayerAudit, Window, audit, scores_reason
from .exact import exact_value

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


class Verdict(str, Enum):
    """How a decision compares with the engine's best, by the points it lost (:data:`THRESHOLDS`)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


THRESHOLDS: tuple[tuple[Verdict, float], ...] = (
    (Verdict.GOOD, 8.0),
    (Verdict.INACCURACY, 20.0),
    (Verdict.MISTAKE, 40.0),
)
"""A decision that lost more than 0 and at most 8 points is ``good``, at most 20 an ``inaccuracy``, at most
40 a ``mistake``, more a ``blunder``. Read from measured spreads (``benchmarks/bench_review.py``: fr, 12 games
of planner v careless, 694 decisions at 16 play-outs): a pass with the move left, the careless player's slip,
lost 73 / 128 / 163 points (quartiles), 86% of them over 40, the blunder's floor; the planner's own
decisions lost more than 8 points 4% of the time, more than 20 2%, more than 40 1% (what is left of them
reads as the simulation's real disagreements with the planner: an exchange where drawing does better, a
3-letter word where a 9-letter extension was there). A loss is counted only beyond the noise: the interval's
half-width of a loss left at 0 was 14 / 22 / 33 points, so at 16 play-outs a loss under about 15 points is
seldom told from noise, and such a decision is ``best`` said as a tie, "as good as the best" (more
play-outs narrow it: the half-width falls as one over the square root of the rounds; ``good`` is a loss
established above zero, at most 8 points). One letter more or less
in a word is 7 to 17 points (4^2 - 3^2 to 9^2 - 8^2): an ``inaccuracy``; a word taken by a Jarnac swings
twice its points: a ``mistake`` or a ``blunder``."""

ACCURACY_SCALE = 20.0
"""Points: a decision's accuracy is ``100 * exp(-loss / ACCURACY_SCALE)`` (:func:`accuracy_of`)."""

DEFAULT_PLAYOUTS = 16
"""Rounds of play-outs a decision by default (every candidate still in the running gets one a round)."""

DEFAULT_TOP = 4
"""Candidates beyond the planner's own: hints, calls or exchanges
(:func:`~jarnac_solver.planning.simulation.candidates`)."""


def verdict_of(loss: float, best: bool = False) -> Verdict:
    """The verdict of a decision that lost ``loss`` points (``best``: it was the engine's first option).

    >>> verdict_of(0.0, best=True).value, verdict_of(0.0).value, verdict_of(12.5).value, verdict_of(90).value
    ('best', 'good', 'inaccuracy', 'blunder')
    """
    if best:
        return Verdict.BEST
    for verdict, most in THRESHOLDS:
        if loss <= most:
            return verdict
    return Verdict.BLUNDER


_SEVERITY = {v: i for i, v in enumerate(Verdict)}


def established_verdict(delta: float, half: float) -> Verdict:
    """The verdict of a lead of ``delta`` points whose interval's half-width is ``half`` (its lower end
    ``delta - half`` above 0): the verdict of its mean, but a ``mistake`` or a ``blunder`` only where the
    interval establishes it, its lower end beyond that verdict's floor (the top of the verdict below);
    short of it, the verdict the lower end reaches, and never less than an ``inaccuracy``.

    A referee may rely on a mistake: a lead that only the mean puts above 20 points stays an inaccuracy until
    more play-outs (the sequential test, :func:`_open`) narrow its interval above the line.

    >>> [established_verdict(d, h).value for d, h in ((30.0, 5.0), (30.0, 25.0), (90.0, 60.0), (5.0, 4.0))]
    ['mistake', 'inaccuracy', 'mistake', 'good']
    """
    by_mean, by_low = verdict_of(delta), verdict_of(max(0.0, delta - half))
    floor = max(Verdict.INACCURACY, by_low, key=_SEVERITY.__getitem__)
    return min(by_mean, floor, key=_SEVERITY.__getitem__)


def accuracy_of(losses: list[float]) -> float:
    """Accuracy in percent: the mean over decisions of ``100 * exp(-loss / ACCURACY_SCALE)``.

    A decision as good as the best counts 100, one that lost 8 points (the top of ``good``) 67, 20 points 37,
    40 points (a mistake's top) 14, a blunder next to nothing; no decision: 100. Every loss counts, however
    many decisions a game has, and one blunder cannot be averaged away by many forced-looking good moves as a
    mean loss is (it is bounded per decision).

    >>> accuracy_of([]), round(accuracy_of([0.0, 20.0]), 1)
    (100.0, 68.4)
    """
    if not losses:
        return 100.0
    return statistics.fmean(100.0 * math.exp(-loss / ACCURACY_SCALE) for loss in losses)


class Note(str, Enum):
    """What a :class:`Finding` says (its values named after each code)."""

    MOVE_LEFT = "move_left"
    """The turn ended with a move left (``move``), which the opponent could swing (``swing``) (the audit's)."""
    JARNAC_NOT_CALLED = "jarnac_not_called"
    """A Jarnac was possible (``call``, ``swing``) and declined (the audit's)."""
    JARNAC_SHORT = "jarnac_short"
    """The call swung ``swing`` where ``best`` was possible (the audit's)."""
    WITHIN_NOISE = "within_noise"
    """Behind the best by ``delta`` points on average, but not beyond the 95% interval (``half_width``)."""
    BUDGET_HIT = "budget_hit"
    """The time ceiling stopped the play-outs after ``rounds`` of ``playouts`` rounds."""
    NOT_WEIGHED = "not_weighed"
    """The time ceiling left no two play-outs to compare: no loss (``rounds``)."""
    NOT_RANKED = "not_ranked"
    """``depth="plan"``: the action played is not among the ``listed`` options the planner valued: no loss."""


@dataclass(frozen=True)
class Finding:
    """A fact about a decision: a code and its values (said by :attr:`reason`)."""

    code: Note
    values: Mapping[str, str | int | float] = field(default_factory=dict)

    @property
    def reason(self) -> Reason:
        """The finding as a catalog message: the code ``review.`` + its note's, the same values."""
        return Reason(f"review.{self.code.value}", self.values)

    def to_dict(self) -> dict[str, Any]:
        """``{"code", "values", "text"}``: the :attr:`reason`, its text in the current language."""
        return self.reason.to_dict()


def describe(finding: Finding, language: str | None = None) -> str:
    """The finding in ``language`` (default: the current one), rendered from its code and values.

    >>> describe(Finding(Note.JARNAC_SHORT, {"swing": 9, "best": 36}), "fr")
    'Jarnac de 9 sur les 36 possibles'
    """
    return finding.reason.text(language)


def verdict_reason(verdict: Verdict | None, tied: bool = False) -> Reason:
    """A verdict said (``None``: not weighed; ``tied``: ``best`` as a tie within the intervals).

    >>> verdict_reason(Verdict.BLUNDER).text("fr"), verdict_reason(None).text("en")
    ('gaffe', 'not weighed')
    >>> verdict_reason(Verdict.BEST, tied=True).text("en")
    'as good as the best'
    """
    if tied and verdict is Verdict.BEST:
        return Reason("review.verdict_tied")
    return Reason(f"review.verdict_{'none' if verdict is None else verdict.value}")


@dataclass(frozen=True)
class Choice:
    """An option of a decision as the simulation weighed it, for the player to act."""

    action: str
    """The action in the record notation."""
    mean: float
    """The mean final margin of its play-outs (points, for the player to act)."""
    low: float
    high: float
    """The 95% interval of the mean (equal to ``mean`` under two play-outs)."""
    playouts: int
    sources: tuple[str, ...]
    """Why it was weighed: ``planner``, ``hint 2``, ``pass``, ``played``...; ``exact``: its outcome is known
    exactly (it ends the game: :func:`exact_value`), its interval a point."""

    @property
    def exact(self) -> bool:
        """Its outcome is exactly known (``exact`` among its sources)."""
        return "exact" in self.sources

    @classmethod
    def of(cls, option: SimOption) -> Choice:
        lo, hi = option.interval if math.isfinite(option.stderr) else (option.mean, option.mean)
        return cls(str(option.action), round(option.mean, 3), round(lo, 3), round(hi, 3), option.playouts,
                   option.sources)  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "action": self.action,
            "mean": self.mean,
            "interval": [self.low, self.high],
            "playouts": self.playouts,
            "sources": list(self.sources),
        }


@dataclass(frozen=True)
class Decision:
    """One decision of the game: what was played, the engine's options, the loss and the verdict."""

    action: int
    """Its number in the record (from 1)."""
    turn: int
    player: int
    phase: str
    """``start``, ``play``, ``jarnac`` or ``dispute``."""
    played: str
    options: tuple[Choice, ...]
    """The best first (at most ``top`` + the one played, which is always there)."""
    loss: float
    """Points lost against the best: the mean paired difference, 0 when best or within its 95% interval."""
    delta: float
    """The mean paired difference with the best, however small (0 when it was the best)."""
    half_width: float
    """The half-width of the 95% interval of ``delta`` (``inf`` under two common play-outs)."""
    verdict: Verdict | None
    """``None``: not weighed (the time ceiling came before two play-outs)."""
    margin: float
    """The played option's mean final margin, for the player to act: the game's curve after this decision."""
    rounds: int
    stopped: bool
    """The time ceiling stopped the play-outs before the rounds asked for."""
    findings: tuple[Finding, ...] = ()
    trays: tuple[Tray, ...] = ()
    """The trays of A and B as they stood before the decision (what a replay of the review draws)."""
    tied: bool = False
    """``best`` as a tie: another option's mean was higher, but within the intervals (said "as good as the
    best"); not in :meth:`to_dict`'s fields but in its ``said`` verdict."""

    @property
    def best(self) -> Choice:
        """The engine's best option."""
        return self.options[0]

    def best_reason(self) -> Reason | None:
        """The best alternative said, when the one played was not the best (or not weighed)."""
        if self.verdict in (None, Verdict.BEST):
            return None
        b = self.best
        if b.exact:
            return Reason("review.best_exact", {"action": b.action, "mean": b.mean})
        if not b.playouts:
            return Reason("review.best_by_plan", {"action": b.action, "mean": b.mean})
        return Reason("review.best_by_playouts", {"action": b.action, "mean": b.mean, "low": b.low, "high": b.high})

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (players ``"A"``/``"B"``, ``half_width`` ``null`` when unbounded; ``said``: the
        verdict and the best alternative in the current language; ``trays``: A's and B's before it)."""
        best = self.best_reason()
        return {
            "action": self.action,
            "turn": self.turn,
            "player": "AB"[self.player],
            "phase": self.phase,
            "played": self.played,
            "verdict": None if self.verdict is None else self.verdict.value,
            "loss": self.loss,
            "delta": self.delta,
            "half_width": self.half_width if math.isfinite(self.half_width) else None,
            "margin": self.margin,
            "rounds": self.rounds,
            "stopped": self.stopped,
            "options": [o.to_dict() for o in self.options],
            "findings": [f.to_dict() for f in self.findings],
            "said": {
                "verdict": verdict_reason(self.verdict, self.tied).to_dict(),
                "loss": Reason("review.loss", {"loss": self.loss}).to_dict(),
                "best": None if best is None else best.to_dict(),
            },
            "trays": [t.to_dict() for t in self.trays],
        }

    def line(self, language: str | None = None) -> str:
        """One line in ``language`` (default: the current one): the decision, its verdict and loss, the best
        alternative, the findings (the actions in the record notation)."""
        who = "AB"[self.player]
        verdict = "-" if self.verdict is None else verdict_reason(self.verdict, self.tied).text(language)
        loss = Reason("review.loss", {"loss": self.loss}).text(language)
        head = f"{self.action:>4}. {who} {self.played:<28} {verdict:<14} {loss}"
        best = self.best_reason()
        if best is not None:
            head += "  " + best.text(language)
        notes = [describe(f, language) for f in self.findings]
        return head + ("; " + "; ".join(notes) if notes else "")


@dataclass
class PlayerReview:
    """One player's summary over a game."""

    decisions: int = 0
    """Decisions weighed (those with a choice; forced ones are counted apart)."""
    forced: int = 0
    """Actions with nothing to choose (the opening draw, a pass with no move, a decline with nothing to call)."""
    not_weighed: int = 0
    loss: float = 0.0
    """The total points lost."""
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys([v.value for v in Verdict], 0))
    accuracy: float = 100.0
    """:func:`accuracy_of` the losses of its weighed decisions."""
    audit: PlayerAudit = field(default_factory=PlayerAudit)
    """The audit's exact counts: passes with a move left, Jarnacs missed and points left."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "decisions": self.decisions,
            "forced": self.forced,
            "not_weighed": self.not_weighed,
            "loss": round(self.loss, 3),
            "mean_loss": round(self.loss / self.decisions, 3) if self.decisions else 0.0,
            "counts": dict(self.counts),
            "accuracy": round(self.accuracy, 2),
            "audit": self.audit.to_dict(),
        }

    def reason(self, who: str) -> Reason:
        """The summary of player ``who`` (``A`` or ``B``) said."""
        counts: dict[str, Value] = {v: Reason(f"review.count_{v}", {"n": n}) for v, n in self.counts.items()}
        values: dict[str, Value] = {
            "player": who, "accuracy": round(self.accuracy, 2), "loss": round(self.loss, 3),
            "decisions": self.decisions, "counts": Reason("review.counts", counts), "forced": self.forced,
        }  # fmt: skip
        return Reason("review.summary", values)


@dataclass
class Review:
    """What a review found in one game: every weighed decision, and each player's summary."""

    record: GameRecord
    decisions: list[Decision]
    players: tuple[PlayerReview, PlayerReview]
    settings: dict[str, Any]
    """How it was weighed: ``playouts``, ``budget``, ``total``, ``seed``, ``top``."""
    seconds: float = 0.0
    """How long it took (not in :meth:`to_dict`: the same record and seed give the same document)."""

    @property
    def budget_hit(self) -> int:
        """Decisions the time ceiling stopped (0: the review is the seeded one, on any machine)."""
        return sum(d.stopped for d in self.decisions)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the game's setting, the settings, the decisions and the summary."""
        return {
            "seed": self.record.seed,
            "lexicon": self.record.lexicon,
            "players": list(self.record.players),
            "scores": list(self.record.scores),
            "result": self.record.result,
            "settings": dict(self.settings),
            "budget_hit": self.budget_hit,
            "decisions": [d.to_dict() for d in self.decisions],
            "summary": {"AB"[i]: p.to_dict() for i, p in enumerate(self.players)},
            "said": {
                "game": self.head_reason().to_dict(),
                "result": self.result_reason().to_dict(),
                **{"AB"[i]: p.reason("AB"[i]).to_dict() for i, p in enumerate(self.players)},
            },
        }

    def head_reason(self) -> Reason:
        """The game's setting and how it was weighed, said."""
        record, s = self.record, self.settings
        seed = Reason("audit_over_the_board") if record.seed is None else Reason("audit_seed", {"seed": record.seed})
        how = Reason("review.how_plan")
        if s["depth"] == "simulate":
            how = Reason("review.how_simulate", {"playouts": s["playouts"], "seed": s["seed"]})
        values: dict[str, Value] = {"seed": seed, "a": record.players[0], "b": record.players[1],
                                    "lexicon": record.lexicon, "how": how}  # fmt: skip
        return Reason("review.game", values)

    def result_reason(self) -> Reason:
        """The scores and how the game ended, said (as the audit says them)."""
        return scores_reason(self.record)

    def text(self, player: int | None = None, language: str | None = None) -> str:
        """One line a decision (``player``: only that player's), then each player's summary, in ``language``
        (default: the current one; the actions stay in the record notation)."""
        out = [self.head_reason().text(language)]
        out += ["  " + d.line(language) for d in self.decisions if player is None or d.player == player]
        out.append("  " + self.result_reason().text(language))
        for i, p in enumerate(self.players):
            if player is None or i == player:
                out.append("  " + p.reason("AB"[i]).text(language))
        if self.budget_hit:
            out.append("  " + Reason("review.budget_hits", {"count": self.budget_hit}).text(language))
        return "\n".join(out)


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile ``p`` with ``df`` degrees of freedom (Cornish-Fisher from the normal: within 1% from 3
    degrees of freedom on for the quantiles the review uses; no dependency).

    The review's loss is the best option's lead over the one played, the best picked as the highest mean of
    several: the highest of several noisy means is biased upwards (the winner's curse), so the lead is tested
    at 95% shared among the options it was picked from (Bonferroni: ``p = 1 - 0.025 / (options - 1)``). Without
    it, the planner's own decisions came out ``inaccuracy`` or worse 13% of the time at 16 play-outs on equal
    options (``benchmarks/bench_review.py``).

    >>> round(t_quantile(0.975, 10), 2), round(t_quantile(0.975, 1000), 2)
    (2.23, 1.96)
    """
    z = statistics.NormalDist().inv_cdf(p)
    df = max(1, df)
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


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
        worst = max(settled, key=lambda lead: (_SEVERITY[established_verdict(lead.delta, lead.half)], lead.delta))
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
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < math.inf:
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
