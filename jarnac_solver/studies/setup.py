"""What a study runs on, and the seeds of its items.

Every item (a rack, a position, a game) draws from its own random stream,
seeded by ``(seed, kind, index)`` alone: items do not share a stream, so
how items are cut into chunks, and which worker runs a chunk, cannot
change a number. Lexicons with the same bag see the same racks (a paired
comparison); a lexicon with another bag draws from its own, with the same
seeds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..errors import InvalidInputError
from ..integers import is_number, is_whole
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..moves.rules import Rules
from ..play.players import make_player

__all__ = ["StudySetup", "item_rng"]


def item_rng(seed: int, kind: str, index: int) -> random.Random:
    """The random stream of one item: the same in every process and on every machine.

    (``random.Random`` seeded by a string hashes it with SHA-512: no
    dependence on ``PYTHONHASHSEED``.)

    >>> item_rng(1, "rack", 5).random() == item_rng(1, "rack", 5).random()
    True
    >>> item_rng(1, "rack", 5).random() == item_rng(1, "rack", 6).random()
    False
    """
    return random.Random(f"jarnac-study:{seed}:{kind}:{index}")


def _count(value: object, what: str, low: int = 0, high: int | None = None) -> int:
    if not is_whole(value) or value < low or (high is not None and value > high):
        bound = f" and <= {high}" if high is not None else ""
        raise InvalidInputError(f"{what} must be a whole number >= {low}{bound}, not {value!r}")
    return value


def _seconds(value: object, what: str) -> float | None:
    if value is None:
        return None
    if not is_number(value) or not 0 < value < float("inf"):
        raise InvalidInputError(f"{what} must be a number of seconds > 0, or None, not {value!r}")
    return float(value)


@dataclass(frozen=True)
class StudySetup:
    """The lexicons, their bags, the rules and how many of each item to draw.

    This is what every worker receives once (see :mod:`.executors`).
    """

    lexicons: tuple[Lexicon, ...]
    names: tuple[str, ...]
    """Unique labels of the lexicons (a repeated name gets ``#2``, ``#3``)."""
    bags: tuple[Bag, ...]
    rules: Rules
    seed: int = 0
    racks: int = 10_000
    rack_size: int = 7
    ladders: bool = True
    """Whether each rack's longest ladder is searched (the costliest rack measure)."""
    ladder_budget: float | None = None
    """Seconds per rack for its longest ladder (``None``: exact, the same rows on any machine)."""
    trays: int = 200
    tray_budget: float | None = None
    """Seconds per position for its best Jarnac (``None``: exact)."""
    games: int = 100
    players: tuple[str, str] = ("ladder", "ladder")
    engine: str = "auto"
    """The rack engine: ``numpy`` (batch), ``python`` (one query a rack) or ``auto``."""

    @classmethod
    def of(
        cls,
        lexicons: list[Lexicon] | tuple[Lexicon, ...],
        *,
        bags: list[Bag | None] | tuple[Bag | None, ...] | None = None,
        rules: Rules | None = None,
        seed: int = 0,
        racks: int = 10_000,
        rack_size: int = 7,
        ladders: bool = True,
        ladder_budget: float | None = None,
        trays: int = 200,
        tray_budget: float | None = None,
        games: int = 100,
        players: tuple[str, str] | list[str] = ("ladder", "ladder"),
        engine: str = "auto",
    ) -> StudySetup:
        """Check every option and attach each lexicon's bag (a given bag wins over the known one).

        >>> s = StudySetup.of([Lexicon.load("fr"), Lexicon.load("fr")], racks=10, ladders=False)
        >>> s.names, str(s.bags[0])[:7]
        (('fr', 'fr#2'), '14A 4B ')
        """
        if not isinstance(lexicons, (list, tuple)) or not lexicons:
            raise InvalidInputError("a study needs at least one lexicon")
        for lex in lexicons:
            if not isinstance(lex, Lexicon):
                raise InvalidInputError(f"a study compares Lexicon objects, not {type(lex).__name__}")
        if bags is None:
            bags = [None] * len(lexicons)
        if len(bags) != len(lexicons):
            raise InvalidInputError(f"give one bag per lexicon ({len(lexicons)}), not {len(bags)}")
        chosen = tuple(Bag.for_lexicon(lex, bag) for lex, bag in zip(lexicons, bags, strict=True))
        rules = rules if rules is not None else Rules()
        if not isinstance(rules, Rules):
            raise InvalidInputError(f"rules must be a Rules, not {type(rules).__name__}")
        if not is_whole(seed):
            raise InvalidInputError(f"a seed is a whole number, not {seed!r}")
        smallest = min(chosen, key=lambda bag: bag.total)
        if not is_whole(rack_size) or not 1 <= rack_size <= 15:
            raise InvalidInputError(f"a rack holds 1 to 15 tiles, not {rack_size!r}")
        if rack_size > smallest.total:
            raise InvalidInputError(
                f"a rack of {rack_size} tiles cannot be drawn from the bag {smallest.name} of {smallest.total} tiles"
            )
        if not isinstance(ladders, bool):
            raise InvalidInputError(f"ladders is True or False, not {ladders!r}")
        if not isinstance(players, (list, tuple)) or len(players) != 2:
            raise InvalidInputError(f"a game has two players, not {players!r}")
        for player in players:
            if not isinstance(player, str):
                raise InvalidInputError(f"players are named (e.g. 'ladder'), not {player!r}")
            make_player(player)
        if engine not in ("auto", "numpy", "python"):
            raise InvalidInputError(f"the rack engine is auto, numpy or python, not {engine!r}")
        names: list[str] = []
        for lex in lexicons:
            name, n = lex.name, 1
            while name in names:
                n += 1
                name = f"{lex.name}#{n}"
            names.append(name)
        return cls(
            tuple(lexicons),
            tuple(names),
            chosen,
            rules,
            seed,
            _count(racks, "racks"),
            rack_size,
            ladders,
            _seconds(ladder_budget, "ladder_budget"),
            _count(trays, "trays"),
            _seconds(tray_budget, "tray_budget"),
            _count(games, "games"),
            (players[0], players[1]),
            engine,
        )

    def same_bag(self, i: int, j: int) -> bool:
        """Whether lexicons ``i`` and ``j`` draw the same racks (same bag and alphabet): a paired comparison."""
        return self.bags[i] == self.bags[j] and self.lexicons[i].alphabet == self.lexicons[j].alphabet
