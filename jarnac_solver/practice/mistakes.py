"""Learn from your mistakes: a person's worst decisions of a reviewed game, posed back as puzzles.

A review (:func:`~jarnac_solver.play.review.review`) weighs each decision by play-outs, which are noisy;
a puzzle needs an exact answer. So the review picks *where* to look (the decisions it judged an
inaccuracy or worse, the costliest first) and the exact solvers of :mod:`.puzzles` decide *what* is asked
there: the position before the decision (the review keeps both trays) becomes a ``best_play`` and a
``pass_or_play`` puzzle in the play phase, a ``jarnac`` and a ``jarnacable`` one in a Jarnac window, each
kept only when it passes the filter (a mistake whose position has no clear exact answer gives none).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import InvalidInputError
from ..integers import is_whole
from ..lexicon.lexicon import Lexicon
from ..moves.move import Move
from ..play.review import Review, Verdict
from .puzzles import (
    KINDS,
    Puzzle,
    PuzzleFilter,
    best_play_puzzle,
    check_kinds,
    jarnac_puzzles,
    pass_or_play_puzzle,
)

__all__ = ["MISTAKES", "MISTAKE_FILTER", "missed_words", "mistake_puzzles"]

MISTAKES = (Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER)
"""The verdicts whose decisions become puzzles."""

MISTAKE_FILTER = PuzzleFilter(min_options=1)
"""The default filter but for one test: a position with a single answer is kept (a move left on a pass, the
commonest mistake, is often the only one, and missing it is the lesson); near-equal answers are still out."""


def mistake_puzzles(
    result: Review,
    player: int | None = None,
    lexicon: Lexicon | None = None,
    worst: int = 10,
    kinds: Sequence[str] = KINDS,
    keep: PuzzleFilter = MISTAKE_FILTER,
) -> list[Puzzle]:
    """Puzzles from the ``worst`` costliest mistakes of ``player`` (0 or 1; ``None``: both) in ``result``,
    the costliest first; each puzzle's ``source`` names the game's action, its verdict and the points lost."""
    if not isinstance(result, Review):
        raise InvalidInputError(f"expected a Review, not {type(result).__name__}")
    if player not in (None, 0, 1) or isinstance(player, bool):
        raise InvalidInputError(f"player must be 0, 1 or None, not {player!r}")
    if not is_whole(worst) or not 1 <= worst <= 1000:
        raise InvalidInputError(f"worst must be a whole number from 1 to 1,000, not {worst!r}")
    check_kinds(kinds)
    record = result.record
    lex = lexicon if lexicon is not None else Lexicon.resolve(record.lexicon)
    chosen = [
        d
        for d in result.decisions
        if d.verdict in MISTAKES and (player is None or d.player == player) and len(d.trays) == 2
    ]
    chosen.sort(key=lambda d: (-d.loss, d.action))
    out: list[Puzzle] = []
    seen: set[str] = set()
    for d in chosen[:worst]:
        me, them = d.trays[d.player], d.trays[1 - d.player]
        verdict = d.verdict.value if d.verdict is not None else "-"
        source = f"your game, action {d.action} ({d.played}): {verdict}, {d.loss:.1f} points lost"
        found: list[Puzzle | None] = []
        if d.phase == "jarnac":
            found += jarnac_puzzles(lex, me, them, record.rules, source, kinds, keep)
        elif d.phase == "play":
            if "best_play" in kinds:
                found.append(best_play_puzzle(lex, me, them, record.rules, source, keep))
            if "pass_or_play" in kinds:
                found.append(pass_or_play_puzzle(lex, me, them, record.rules, source, keep))
        for puzzle in found:
            if puzzle is not None and puzzle.id not in seen:
                seen.add(puzzle.id)
                out.append(puzzle)
    return out


def missed_words(puzzles: Sequence[Puzzle]) -> list[str]:
    """The words the right answers of ``puzzles`` form (a move's word, a call's steals, the ladder or the
    finish behind a yes or a pass/play), each once, in order: what the person missed, for the ``missed``
    word quiz (:meth:`~.quiz.Quiz.missed`).

    >>> from jarnac_solver import Lexicon, self_play_puzzles
    >>> found = self_play_puzzles(Lexicon.load("en"), 2, seed=3, kinds=("jarnac",))
    >>> missed_words(found) == [m.split("=")[-1].lstrip("+") for p in found for m in p.answer.split()]
    True
    """
    out: dict[str, None] = {}
    for puzzle in puzzles:
        written = puzzle.line if puzzle.answer in ("yes", "no", "pass", "play") else puzzle.answer.split()
        for part in written:
            try:
                move = Move.parse(part, puzzle.me.alphabet)
            except InvalidInputError:
                continue  # a line that is no move (an outcome said in words)
            out.setdefault(move.word, None)
    return list(out)
