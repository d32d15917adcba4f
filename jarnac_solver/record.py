"""Game records: every action in order, in a notation a person reads and a program replays.

::

    [Lexicon "fr"]
    [Rules "sheet"]
    [Seed "3"]
    [Bag "14A 4B 7C ..."]
    [Players "greedy" "cautious"]
    1. A draw {EARTSN}
    2. A +RAT {E}
    3. A pass
    4. B jarnac 1:RAT+E=TERA
    [Result "A 120 - B 98: a full tray, no Jarnac against it"]

Braces hold the tiles an action drew, written as tiles are everywhere (a
``.`` between a single I and a single J: ``{EI.JDET}``); under the
competitive rules the mover draws after the opponent's ``accept`` or
``dispute``, and the braces then name the drawer (``3. B accept {A:E}``).
They follow from the seed, and a replay checks them. ``Rules`` is a preset name or the options as JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, parse_action
from .bag import Bag
from .errors import IllegalActionError, InvalidInputError
from .game import Game
from .lexicon import Lexicon
from .rules import PRESETS, Rules

__all__ = ["GameRecord"]

_HEADER = re.compile(r"^\[(\w+) (.*)\]$")
_ACTION = re.compile(r"^(\d+)\. ([AB]) (.*?)(?: \{([^}]*)\})?$")


def _rules_text(rules: Rules) -> str:
    for name, preset in PRESETS.items():
        if preset == rules:
            return json.dumps(name)
    return json.dumps(rules.to_dict(), sort_keys=True)


@dataclass
class GameRecord:
    """A finished (or stopped) game: its setting and its actions."""

    lexicon: str
    rules: Rules
    seed: int
    bag: str
    players: tuple[str, str] = ("A", "B")
    actions: list[tuple[int, str, str]] = field(default_factory=list)
    """(player 0/1, action in notation, tiles drawn)."""
    scores: tuple[int, int] = (0, 0)
    result: str = ""
    jarnacs: list[tuple[int, int]] = field(default_factory=list)
    """(player, swing) of each Jarnac called, when the record was made by play_game."""

    @classmethod
    def of(cls, game: Game, players: tuple[str, str] = ("A", "B")) -> GameRecord:
        """The record of ``game`` as it stands."""
        return cls(
            game.lexicon.name,
            game.rules,
            game.seed,
            str(game.bag),
            players,
            [(played.player, str(played.action), game.drawn_text(played)) for played in game.actions],
            game.scores(),
            game.state.result,
        )

    def __str__(self) -> str:
        lines = [
            f"[Lexicon {json.dumps(self.lexicon)}]",
            f"[Rules {_rules_text(self.rules)}]",
            f"[Seed {json.dumps(str(self.seed))}]",
            f"[Bag {json.dumps(self.bag)}]",
            f"[Players {json.dumps(self.players[0])} {json.dumps(self.players[1])}]",
        ]
        for n, (who, action, drawn) in enumerate(self.actions, 1):
            lines.append(f"{n}. {'AB'[who]} {action}" + (f" {{{drawn}}}" if drawn else ""))
        outcome = f"A {self.scores[0]} - B {self.scores[1]}" + (f": {self.result}" if self.result else "")
        lines.append(f"[Result {json.dumps(outcome)}]")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (``from_json`` reads it back)."""
        return {
            "lexicon": self.lexicon,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "bag": self.bag,
            "players": list(self.players),
            "actions": [{"player": "AB"[w], "action": a, "drew": d} for w, a, d in self.actions],
            "scores": list(self.scores),
            "result": self.result,
            "jarnacs": [{"player": "AB"[w], "swing": v} for w, v in self.jarnacs],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        """Read :meth:`to_json`'s dict."""
        try:
            return cls(
                data["lexicon"],
                Rules.from_options(data["rules"]),
                int(data["seed"]),
                data["bag"],
                (str(data["players"][0]), str(data["players"][1])),
                [("AB".index(a["player"]), a["action"], a.get("drew", "")) for a in data["actions"]],
                (int(data.get("scores", (0, 0))[0]), int(data.get("scores", (0, 0))[1])),
                data.get("result", ""),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidInputError(f"not a game record: {exc}") from None

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """Read the text notation (a JSON object is accepted too)."""
        if text.lstrip().startswith("{"):
            return cls.from_json(json.loads(text))
        headers: dict[str, str] = {}
        actions: list[tuple[int, str, str]] = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line:
                continue
            header = _HEADER.match(line)
            if header:
                headers[header[1]] = header[2]
                continue
            act = _ACTION.match(line)
            if not act:
                raise InvalidInputError(f"record line {number}: cannot read {line!r}")
            actions.append(("AB".index(act[2]), act[3], act[4] or ""))
        try:
            rules_spec = json.loads(headers["Rules"])
            rules = Rules.preset(rules_spec) if isinstance(rules_spec, str) else Rules.from_options(rules_spec)
            players = re.findall(r'"((?:[^"\\]|\\.)*)"', headers.get("Players", '"A" "B"'))
            record = cls(
                json.loads(headers["Lexicon"]),
                rules,
                int(json.loads(headers["Seed"])),
                json.loads(headers["Bag"]),
                (players[0], players[1]),
                actions,
            )
        except (KeyError, ValueError, IndexError) as exc:
            raise InvalidInputError(f"record header missing or malformed: {exc}") from None
        if "Result" in headers:
            outcome = json.loads(headers["Result"])
            found = re.match(r"A (\d+) - B (\d+)(?:: (.*))?$", outcome)
            if found is None:
                raise InvalidInputError(f"record result {outcome!r} is not 'A N - B M[: reason]'")
            record.scores = (int(found[1]), int(found[2]))
            record.result = found[3] or ""
        return record

    def replay(
        self, lexicon: Lexicon | None = None, on_action: Callable[[Game, int, str, tuple[int, int]], None] | None = None
    ) -> Game:
        """Play the actions again, checking each (player, draws); returns the game.

        ``on_action(game, player, action_text, scores_before)`` is called after each action.
        """
        lex = lexicon if lexicon is not None else Lexicon.resolve(self.lexicon)
        bag = Bag.parse(self.bag, lex.alphabet)
        game = Game(lex, self.rules, bag, self.seed)
        for n, (who, text, drew) in enumerate(self.actions, 1):
            if game.state.to_act != who:
                raise IllegalActionError(f"record action {n} ({text}) is by {'AB'[who]}, but {'AB'[1 - who]} is to act")
            try:
                action: Action = parse_action(text, lex.alphabet)
            except InvalidInputError as exc:
                raise IllegalActionError(f"record action {n}: {exc}") from None
            before = game.scores()
            game.push(action)
            if on_action is not None:
                on_action(game, who, text, before)
            drawn = game.drawn_text(game.actions[-1])
            if drawn != drew:
                raise IllegalActionError(f"record action {n} ({text}) drew {drawn!r}, the record says {drew!r}")
        return game
