"""The rule options: every point the rulebook leaves open, as one frozen value.

Key idea: the rulebook (docs/rules.md#nain-jaune) is followed word for word where it
speaks; where it is silent or ambiguous the engine needs an answer, and
each such answer is a field of :class:`Options` whose default is the
reading ``docs/rules.md#nain-jaune-rule-options`` argues for, the alternatives one
``Options(...)`` away. ``Options()`` is the rulebook as read here.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ..errors import InvalidRulesError
from ..integers import is_whole

__all__ = ["OPTION_CHOICES", "Options"]

OPTION_CHOICES: dict[str, tuple[object, ...]] = {
    "ace": ("low", "high"),
    "must_follow": (False, True),
    "must_run_on": (True, False),
    "claims": ("automatic", "announced"),
    "debts": (False, True),
    "dealer_rotates": (True, False),
}
"""The values each option with a closed set of values takes (the default first)."""


@dataclass(frozen=True)
class Options:
    """The rules of a game of Nain Jaune where the rulebook leaves a choice (``docs/rules.md#nain-jaune-rule-options``).

    >>> Options().ace, Options(ace="high").name_or_dict()
    ('low', {'ace': 'high'})
    >>> Options(claims="shouted")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidRulesError: option claims: 'shouted' is not one of 'automatic', 'announced'
    """

    ace: str = "low"
    """``low``: the Ace is the 1, below the 2 (a run may start with it; "does not have to start with an
    Ace"). ``high``: the order is 2 ... K, A; the King still ends the run, so an Ace is played only to
    lead, and nothing follows it (its player starts again, as after a King)."""
    must_follow: bool = False
    """Whether a player who holds the missing value must play it (``False``: "If the player is able and
    wishes to do so" — it may pass)."""
    must_run_on: bool = True
    """Whether a player plays on while it holds the next value ("as many cards as they can"); ``False``:
    it may stop early and announce the next value missing (a ``stop``)."""
    claims: str = "automatic"
    """``automatic``: every board card played takes its section. ``announced``: a board card takes its
    section only if its play says so (``10D!``); a play without the claim leaves the stake on the board
    ("If a player forgets to announce their claim, the stake is lost for them")."""
    debts: bool = False
    """Whether a player who owes more points than it holds at the end of a round goes into debt
    (``False``: it pays what it holds, the rest is forgiven; it cannot stake, so the game ends)."""
    dealer_rotates: bool = True
    """Whether the deal passes to the left after each round (``False``: the first dealer deals every round)."""
    hand_size: int | None = None
    """Cards dealt to each player; ``None``: the rulebook's 22, 15 or 12 for 2, 3 or 4 players. Smaller
    deals are a variant (and what the exact solver can search)."""
    max_rounds: int | None = None
    """A house limit: the game also ends after this many rounds (``None``: only when a player cannot stake)."""

    def __post_init__(self) -> None:
        for name, choices in OPTION_CHOICES.items():
            value = getattr(self, name)
            if value not in choices or type(value) is not type(choices[0]):
                said = ", ".join(repr(c) for c in choices)
                raise InvalidRulesError(f"option {name}: {value!r} is not one of {said}")
        for name, low in (("hand_size", 1), ("max_rounds", 1)):
            value = getattr(self, name)
            if value is not None and (not is_whole(value) or value < low):
                raise InvalidRulesError(f"option {name}: {value!r} is not a whole number >= {low} or None")

    def hand_for(self, players: int) -> int:
        """The cards each of ``players`` players is dealt (the rulebook: "22 cards per player in a 2-player
        game", 15 for 3, 12 for 4).

        >>> Options().hand_for(3), Options(hand_size=4).hand_for(3)
        (15, 4)
        >>> Options(hand_size=20).hand_for(3)
        Traceback (most recent call last):
        ...
        jarnac_solver.errors.InvalidRulesError: option hand_size: 3 players of 20 cards need 60 cards; the deck has 52
        """
        if self.hand_size is None:
            return {2: 22, 3: 15, 4: 12}[players]
        if self.hand_size * players > 52:
            raise InvalidRulesError(
                f"option hand_size: {players} players of {self.hand_size} cards need {players * self.hand_size}"
                " cards; the deck has 52"
            )
        return self.hand_size

    def replace(self, **changes: Any) -> Options:
        """These options with some changed (checked).

        >>> Options().replace(debts=True).debts
        True
        """
        unknown = sorted(set(changes) - {f.name for f in fields(self)})
        if unknown:
            raise InvalidRulesError(
                f"no option {unknown[0]!r} (the options: {', '.join(f.name for f in fields(self))})"
            )
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every option, JSON-ready.

        >>> Options().to_dict()["claims"]
        'automatic'
        """
        return asdict(self)

    def name_or_dict(self) -> str | dict[str, Any]:
        """``"rulebook"`` for the defaults, else the options that differ from them."""
        default = Options()
        changed = {
            f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(default, f.name)
        }
        return changed or "rulebook"

    @classmethod
    def from_dict(cls, data: object) -> Options:
        """The options of a dict (missing ones take their defaults), or ``"rulebook"``.

        >>> Options.from_dict({"ace": "high"}) == Options(ace="high"), Options.from_dict("rulebook") == Options()
        (True, True)
        """
        if data == "rulebook":
            return cls()
        if not isinstance(data, dict):
            raise InvalidRulesError(f"options are 'rulebook' or a JSON object of options, not {data!r}")
        return cls().replace(**data)

    @classmethod
    def parse(cls, text: str) -> Options:
        """Options written as ``rulebook`` or as a JSON object (``{"ace": "high"}``), as a record writes them.

        >>> Options.parse('{"must_follow": true}').must_follow
        True
        """
        if text.strip() == "rulebook":
            return cls()
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            raise InvalidRulesError(f"options are 'rulebook' or a JSON object, not {text!r}") from None
        return cls.from_dict(data)

    @classmethod
    def from_assignments(cls, items: list[str]) -> Options:
        """Options from ``KEY=VALUE`` texts, as the command line takes them (``ace=high``, ``debts=true``).

        >>> Options.from_assignments(["ace=high", "hand_size=5"]).name_or_dict()
        {'ace': 'high', 'hand_size': 5}
        >>> Options.from_assignments(["speed=9"])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        jarnac_solver.errors.InvalidRulesError: no option 'speed' (the options: ace, must_follow, ...)
        """
        changes: dict[str, Any] = {}
        for item in items:
            key, sep, text = item.partition("=")
            key = key.strip().replace("-", "_")
            if not sep:
                raise InvalidRulesError(f"{item!r}: an option is written KEY=VALUE, e.g. ace=high")
            value: Any = text.strip()
            lowered = value.lower()
            if lowered in ("true", "false"):
                value = lowered == "true"
            elif lowered in ("none", "null"):
                value = None
            elif value.isascii() and value.isdigit():
                value = int(value)
            changes[key] = value
        return cls().replace(**changes)
