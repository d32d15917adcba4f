"""A reviewed game as a graph: the simulated final margin after each decision, the mistakes marked.

The curve is each decision's :attr:`~jarnac_solver.play.review.Decision.margin` (the mean final margin of
the option played, for the player who played it) turned to player A's side, so that the game reads left to
right as one line: above zero A is ahead, below B. Inaccuracies, mistakes and blunders are marked on it in
the colour of the player who made them. Drawn with matplotlib off-screen (the ``report`` extra).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import MissingExtraError
from .review import Review, Verdict

__all__ = ["MARKED", "write_graph"]

MARKED = {Verdict.INACCURACY: ("o", 40), Verdict.MISTAKE: ("s", 60), Verdict.BLUNDER: ("X", 110)}
"""The verdicts marked on the curve: a marker and its size."""


def write_graph(review: Review, path: str | Path) -> Path:
    """Draw ``review``'s game as a PNG at ``path`` (its folder must exist); returns the path."""
    try:
        import matplotlib
    except ImportError:
        raise MissingExtraError("a review's graph needs matplotlib: pip install 'jarnac-solver[report]'") from None
    matplotlib.use("Agg")  # off-screen: no display needed, the same PNG everywhere
    import matplotlib.pyplot as plt

    path = Path(path)
    record = review.record
    xs = [d.action for d in review.decisions]
    ys = [d.margin if d.player == 0 else -d.margin for d in review.decisions]
    figure, axes = plt.subplots(figsize=(10, 4))
    try:
        axes.axhline(0, color="0.6", linewidth=0.8)
        axes.plot(xs, ys, color="0.25", linewidth=1.2, label="simulated final margin (A's side)")
        colours = ("tab:blue", "tab:red")
        for verdict, (marker, size) in MARKED.items():
            for who in (0, 1):
                points = [(x, y) for x, y, d in zip(xs, ys, review.decisions, strict=True)
                          if d.verdict is verdict and d.player == who]  # fmt: skip
                if points:
                    axes.scatter([x for x, _ in points], [y for _, y in points], s=size, marker=marker,
                                 color=colours[who], label=f"{'AB'[who]} {verdict.value}", zorder=3)  # fmt: skip
        a, b = record.players
        axes.set_title(f"A = {a} v B = {b} ({record.lexicon}): A {record.scores[0]} - B {record.scores[1]}")
        axes.set_xlabel("action")
        axes.set_ylabel("points (A ahead above 0)")
        axes.legend(loc="best", fontsize="small")
        figure.tight_layout()
        figure.savefig(path, dpi=100, metadata={"Software": None})
    finally:
        plt.close(figure)
    return path
