"""A game put in a given position for a test: the trays' tiles taken out of the bag, the phase set."""

from __future__ import annotations

from collections import Counter

from jarnac_solver.game.game import Game
from jarnac_solver.moves.tray import Tray


def setup(game: Game, trays: tuple[Tray, Tray], phase: str, to_act: int, player: int, **extra: object) -> None:
    """Put ``game`` in a given position (both players opened), taking the trays' tiles out of the bag."""
    used: Counter[int] = Counter()
    for tray in trays:
        used.update(tray.rack_codes)
        for codes in tray.line_codes:
            used.update(codes)
    bag = list(game.state.bag)
    for code, n in used.items():
        for _ in range(n):
            bag.remove(code)
    game.state = game.state._replace(
        trays=trays,
        bag=tuple(bag),
        phase=phase,
        to_act=to_act,
        player=player,
        opened=(True, True),
        **extra,  # type: ignore[arg-type]
    )
    game.check_invariants()
