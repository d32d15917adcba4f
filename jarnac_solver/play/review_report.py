"""A review as data: each decision's options and verdict, each player's summary, the whole review, said.

A :class:`Review` (what :func:`~jarnac_solver.play.review.review` returns) holds a :class:`Decision` for each
weighed decision, each with its :class:`Choice` options, and a :class:`PlayerReview` for each player; each says
itself as catalog messages in any language (:meth:`Review.text`, :meth:`Review.to_dict`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..game.record import GameRecord
from ..messages import Reason, Value
from ..moves.tray import Tray
from ..planning.simulation import SimOption
from .audit import PlayerAudit, scores_reason
from .verdicts import (
    Finding,
    Verdict,
    describe,
    verdict_reason,
)

__all__ = ["Choice", "Decision", "PlayerReview", "Review"]


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
