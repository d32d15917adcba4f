"""The planner's knobs (:class:`Weights`): what a filled line, a drawn letter, a point, a balanced rack are worth,
and how many candidates and samples it looks at; the defaults are the measured best
(:mod:`jarnac_solver.planning.strategy` says how each was measured).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT_WEIGHTS", "Weights"]


@dataclass(frozen=True)
class Weights:
    """The knobs of the strategy; the defaults are the measured best (see the module docstring)."""

    line: float = 100.0
    """Points a filled line is worth in :func:`turn_value` (measured: 0 -> 55%/51% against ladder,
    10 -> 64%/66%, 25 -> 69%/66%, 50 -> 78%/71%, 100 -> 80%/72%, 200 the same as 100; fr/en, 200 games, no
    start rule). With every rule on, seeds 1000 and 2000, 400 games each: 100 -> 90.8%/82.2%, 150 -> 88.5%/86.3%
    (noise level); 60 -> 89.0%/83.5% (seed 1000 only, 200 games)."""
    draw: float = 12.0
    """Points a drawn letter is worth (the planner's weight; 6 and 20 measured no better)."""
    win: float = 1000.0
    """Bonus for a turn that fills the tray while ahead: the game is won."""
    candidates: int = 12
    """First moves looked at closely, fewest letters first (40 measured no better), plus the ladder's first."""
    hold_back: bool = True
    """With one line left, never fill it while behind (measured: +3.5 points of win rate on fr and en)."""
    start_samples: int = 8
    """Sampled draws per start action (16 measured no better)."""
    start_pool: int = 6
    """Rack letters the exchanged three are chosen among (the least useful; 8 measured the same)."""
    leave: float = 5.0
    """Points lost per vowel the turn's leftover rack is away from 40% vowels (a balanced rack forms the
    next words; a single vowel finishes the last line). Measured over seeds 1000 and 2000, 400 games each:
    0 -> 86.8% fr / 82.2% en, 5 -> 90.8% fr / 82.2% en, 15 -> 89.5% / 84.0% (seed 1000 only, 200 games)."""
    gain: float = 1.0
    """Value of a point gained (1: the hand-set value counts points as they are; the learned evaluation,
    :mod:`~jarnac_solver.planning.learned`, weighs them as they are worth in final margin)."""
    rack: float = 0.0
    """Value of each letter left on the rack at the turn's end (0 in the hand-set value; learned)."""
    vowel: float = 0.0
    """Value of each vowel left on the rack at the turn's end (0 in the hand-set value; learned)."""


DEFAULT_WEIGHTS = Weights()
