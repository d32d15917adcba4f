"""What the best Jarnac maximises: the names of the objectives.

A module of its own, light, so that the command line's parser offers them
without importing the Jarnac search (``moves.jarnac`` imports them from here).
"""

from __future__ import annotations

__all__ = ["OBJECTIVES"]

OBJECTIVES = ("swing", "gain")
"""swing: the thief's gain plus the passer's loss; gain: the points the thief places."""
