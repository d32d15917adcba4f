"""Fair draws anyone can check: a game's commitment to its draws, made at its start, checked at its end.

A seeded game's draws all follow from its seed and its bag (docs/rules.md#the-draws-generator). At the start
the game shows the SHA-256 of the text :func:`draws_text` makes of them (:attr:`Game.commitment
<jarnac_solver.game.game.Game.commitment>`, the record's ``[Commitment "..."]``, the service's game state)
while the seed stays hidden; at the end the seed is revealed (the record's ``[Seed ...]``), and anyone
recomputes the bag from the seed and the bag's tiles, hashes it, and compares: the draws were fixed before
the first tile was drawn, and nobody changed them during the game (docs/rules.md#fair-draws).

>>> draws_commitment(1, ["A", "B", "A"])
'8c69608c9b0b91cd7cc1f5c73a660d88477d65ba3ec8958e473de561cc5ac438'
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

__all__ = ["draws_commitment", "draws_text"]


def draws_text(seed: int, bag: Sequence[str]) -> str:
    """What a game's commitment hashes: a version line, the seed in decimal, and the bag at the start in its
    order (the tiles' texts, one space between; tiles are drawn from the end), each line ending in ``\\n``.

    >>> print(draws_text(7, ["E", "IJ", "A"]), end="")
    jarnac draws 1
    seed 7
    bag E IJ A
    """
    return f"jarnac draws 1\nseed {seed}\nbag {' '.join(bag)}\n"


def draws_commitment(seed: int, bag: Sequence[str]) -> str:
    """The SHA-256 of :func:`draws_text`, in lowercase hexadecimal (64 characters)."""
    return hashlib.sha256(draws_text(seed, bag).encode("utf-8")).hexdigest()
