# ruff: noqa: E501  (messages are data: a sentence stays on one line)
"""The game review's sentences, by code (``review.KEY``): its findings (one a :class:`~jarnac_solver.play.review.Note`),
its verdicts, the decision's line and each player's summary; the English source of each."""

from __future__ import annotations

from .message import Message

__all__ = ["REVIEW_MESSAGES"]


def _n(singular: str, plural: str, count: str) -> Message:
    return Message(singular, plural, count)


M = Message

REVIEW_MESSAGES: dict[str, Message] = {
    # the findings, one a Note (the values named as play/review.py's Note says)
    "review.move_left": M("stopped with {move} left (the opponent could swing {swing})"),
    "review.jarnac_not_called": M("Jarnac not called: {call} (swing {swing})"),
    "review.jarnac_short": M("Jarnac swung {swing} of the {best} possible"),
    "review.within_noise": M("{delta:.1f} behind the best, within the noise (±{half_width:.1f})"),
    "review.budget_hit": _n(
        "the time ceiling stopped it after {rounds} of {playouts} round",
        "the time ceiling stopped it after {rounds} of {playouts} rounds",
        "playouts",
    ),
    "review.not_weighed": _n(
        "not weighed: the time ceiling came first ({rounds} round)",
        "not weighed: the time ceiling came first ({rounds} rounds)",
        "rounds",
    ),
    "review.not_ranked": _n(
        "not weighed: not among the {listed} option the planner valued",
        "not weighed: not among the {listed} options the planner valued",
        "listed",
    ),
    # the verdicts, and how many of each a player made
    "review.verdict_best": M("best"),
    "review.verdict_good": M("good"),
    "review.verdict_inaccuracy": M("inaccuracy"),
    "review.verdict_mistake": M("mistake"),
    "review.verdict_blunder": M("blunder"),
    "review.verdict_none": M("not weighed"),
    "review.verdict_tied": M("as good as the best"),
    "review.count_best": _n("{n} best", "{n} best", "n"),
    "review.count_good": _n("{n} good", "{n} good", "n"),
    "review.count_inaccuracy": _n("{n} inaccuracy", "{n} inaccuracies", "n"),
    "review.count_mistake": _n("{n} mistake", "{n} mistakes", "n"),
    "review.count_blunder": _n("{n} blunder", "{n} blunders", "n"),
    "review.counts": M("{best}, {good}, {inaccuracy}, {mistake}, {blunder}"),
    # a decision's line
    "review.loss": M("loss {loss:.1f}"),
    "review.best_by_playouts": M("best {action} ({mean:+.1f}, 95% {low:+.1f} to {high:+.1f})"),
    "review.best_exact": M("best {action} (exactly {mean:+.1f}: it ends the game)"),
    "review.best_by_plan": M("best {action} ({mean:+.1f} by the planner's value)"),
    # the game's head and each player's summary
    "review.game": M("game ({seed}): A = {a}, B = {b}, {lexicon}; {how}"),
    "review.how_simulate": _n(
        "{playouts} play-out a decision, seed {seed}", "{playouts} play-outs a decision, seed {seed}", "playouts"
    ),
    "review.how_plan": M("by the planner's values"),
    "review.summary": _n(
        "{player}: accuracy {accuracy:.1f}%, {loss:.1f} points lost over {decisions} decision ({counts}); {forced} forced",
        "{player}: accuracy {accuracy:.1f}%, {loss:.1f} points lost over {decisions} decisions ({counts}); {forced} forced",
        "decisions",
    ),
    "review.budget_hits": _n(
        "the time ceiling stopped {count} decision: more time, or fewer play-outs",
        "the time ceiling stopped {count} decisions: more time, or fewer play-outs",
        "count",
    ),
    # the command's closing lines
    "review.graph_written": M("graph of game {number}: {path}"),
    "review.games_reviewed": _n("{count} game reviewed", "{count} games reviewed", "count"),
    "review.decisions_weighed": _n("{count} decision weighed", "{count} decisions weighed", "count"),
    "review.done": M("{games}, {decisions}"),
}
