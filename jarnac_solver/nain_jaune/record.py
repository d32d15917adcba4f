"""Game records: the seed, the options and every turn, in a text a person reads and a replay checks.

::

    [Game "Nain Jaune"]
    [Players "greedy" "stakes"]
    [Seed "3"]
    [Options "rulebook"]
    [Round "1"]
    1. A 2C 3H 4D 5S
    2. B pass
    3. A 9H 10D! JS QS! KC 4C
    ...
    [Result "A 8 - B 90: A cannot stake"]

Key idea: a turn is one line, its actions in order (``10D!``: a board card
that takes all; ``pass``; ``stop``), and the deals are not written: they
follow from the seed, so a replay (:meth:`GameRecord.replay`) deals each
round again and checks every action, the round headers and the result.
Two turns of one player never touch (another player acts between them, or
a ``[Round]`` header), so the lines read back to the same actions:
``GameRecord.parse(str(record)) == record``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import IllegalActionError, InvalidInputError, JarnacError, located
from ..integers import is_whole
from .actions import Action, parse_action
from .engine import SEATS, Game
from .options import Options

__all__ = ["GameRecord", "parse_records"]

_HEADER = re.compile(r"^\[(\w+) (.*)\]$")
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
_TURN = re.compile(r"^([0-9]+)\. ([A-Da-d]) (.+)$")


@dataclass
class GameRecord:
    """A game: its players' names, seed, options and turns (``(round, seat, actions)``), and its result."""

    players: tuple[str, ...]
    seed: int
    options: Options = field(default_factory=Options)
    turns: list[tuple[int, int, tuple[Action, ...]]] = field(default_factory=list)
    result: str = "*"
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """The text's line number of each turn, when the record was read from a text (:func:`parse_records`):
    a replay's error names the line (not part of the record's value: the same turns read from another
    layout are the same record)."""

    @classmethod
    def of(cls, game: Game, players: tuple[str, ...] | None = None) -> GameRecord:
        """The record of ``game`` (played from its start)."""
        names = players or tuple(SEATS[: game.players])
        if len(names) != game.players:
            raise InvalidInputError(f"{game.players} players need {game.players} names, not {len(names)}")
        turns: list[tuple[int, int, tuple[Action, ...]]] = []
        for played in game.history:
            if turns and turns[-1][0] == played.round and turns[-1][1] == played.player:
                turns[-1] = (played.round, played.player, turns[-1][2] + (played.action,))
            else:
                turns.append((played.round, played.player, (played.action,)))
        return cls(tuple(names), game.seed, game.options, turns, game.state.result or "*")

    def __str__(self) -> str:
        lines = [
            '[Game "Nain Jaune"]',
            "[Players " + " ".join(json.dumps(name, ensure_ascii=False) for name in self.players) + "]",
            f'[Seed "{self.seed}"]',
            f"[Options {json.dumps(self.options.name_or_dict())}]",
        ]
        shown = 0
        for number, (round_, seat, actions) in enumerate(self.turns, 1):
            if round_ != shown:
                lines.append(f'[Round "{round_}"]')
                shown = round_
            lines.append(f"{number}. {SEATS[seat]} {' '.join(str(a) for a in actions)}")
        lines.append(f"[Result {json.dumps(self.result, ensure_ascii=False)}]")
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """The one game written in ``text``.

        >>> from .players import play_game
        >>> record = GameRecord.of(play_game(["greedy", "stakes"], seed=3), ("greedy", "stakes"))
        >>> GameRecord.parse(str(record)) == record
        True
        """
        games = parse_records(text)
        if len(games) != 1:
            raise InvalidInputError(f"the text holds {len(games)} games, not one")
        return games[0]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``turns`` as ``[round, "A", "2C 3H"]``.

        >>> GameRecord(("A", "B"), 1).to_dict()["options"]
        'rulebook'
        """
        return {
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options.name_or_dict(),
            "turns": [[r, SEATS[p], " ".join(str(a) for a in acts)] for r, p, acts in self.turns],
            "result": self.result,
        }

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """The record of a :meth:`to_dict` form, checked field by field.

        >>> GameRecord.from_dict({"players": ["A", "B"], "seed": 1, "turns": [[1, "A", "2C"]]}).turns
        [(1, 0, (Play(card=4, claim=False),))]
        """
        if not isinstance(data, dict):
            raise InvalidInputError(f"a record is a JSON object, not {type(data).__name__}")
        players = data.get("players")
        if not isinstance(players, list) or not 2 <= len(players) <= 4 or not all(isinstance(p, str) for p in players):
            raise InvalidInputError("record field 'players': a list of 2 to 4 names")
        seed = data.get("seed")
        if not is_whole(seed):
            raise InvalidInputError(f"record field 'seed': a whole number, not {seed!r}")
        options = Options.from_dict(data.get("options", "rulebook"))
        turns: list[tuple[int, int, tuple[Action, ...]]] = []
        raw = data.get("turns", [])
        if not isinstance(raw, list):
            raise InvalidInputError("record field 'turns': a list of [round, seat, actions]")
        for i, turn in enumerate(raw, 1):
            if (
                not isinstance(turn, list)
                or len(turn) != 3
                or isinstance(turn[0], bool)
                or not isinstance(turn[0], int)
                or not isinstance(turn[1], str)
                or turn[1].upper() not in SEATS[: len(players)]
                or not isinstance(turn[2], str)
            ):
                raise InvalidInputError(f"record field 'turns', turn {i}: [round, seat letter, actions], not {turn!r}")
            actions = tuple(parse_action(word) for word in turn[2].split())
            if not actions:
                raise InvalidInputError(f"record field 'turns', turn {i}: no action")
            turns.append((turn[0], SEATS.index(turn[1].upper()), actions))
        result = data.get("result", "*")
        if not isinstance(result, str):
            raise InvalidInputError(f"record field 'result': text, not {result!r}")
        return cls(tuple(players), seed, options, turns, result)

    def replay(self) -> Game:
        """The game played again from the seed, every action checked (its player, its legality, every mark
        the rules give it: a board card that takes all under automatic claims is written ``10D!``), every
        round header and the result; an error names the turn and writes its line.

        >>> from .players import play_game
        >>> game = play_game(["random", "greedy"], seed=4)
        >>> GameRecord.of(game).replay().state == game.state
        True
        """
        game = Game(len(self.players), self.options, self.seed)
        for number, (round_, seat, actions) in enumerate(self.turns, 1):
            where = f"turn {number}"
            if len(self.lines) == len(self.turns):
                where = f"line {self.lines[number - 1]}, {where}"
            written = f"{number}. {SEATS[seat]} {' '.join(str(a) for a in actions)}"
            if game.is_over():
                raise IllegalActionError(f"{where}: the game is over ({game.state.result}); no turn follows")
            if game.state.round != round_:
                raise IllegalActionError(f"{where}: the game is in round {game.state.round}, not round {round_}")
            for action in actions:
                if game.state.round != round_ or game.is_over():
                    raise IllegalActionError(f"{where}: the round ended before {action}")
                try:
                    game.push(action, seat)
                except JarnacError as exc:
                    raise located(exc, f"{where} ({SEATS[seat]} {action})") from None
                credited = game.history[-1].action
                if credited != action:
                    # The engine credits a mark the line does not write (a board card takes all under
                    # automatic claims): the record would say no claim was made where the game has one.
                    raise IllegalActionError(
                        f"{where} ({written}): {action} takes all under claims={self.options.claims!r}: "
                        f"the record must write it {credited}"
                    )
            if not game.is_over() and game.state.round == round_ and game.state.to_act == seat:
                # A run that may stop early ends with "stop" (its "No ..."): a line without it is not the game.
                stop = " (it ends early only by 'stop')" if not self.options.must_run_on else ""
                raise IllegalActionError(f"{where} ({written}): {SEATS[seat]}'s turn goes on after {actions[-1]}{stop}")
        if self.result != "*" and self.result != game.state.result:
            said = game.state.result or "unfinished"
            raise IllegalActionError(f"the record says [Result {self.result!r}]; the game gives {said!r}")
        return game


def parse_records(text: str, source: str = "") -> list[GameRecord]:
    """Every game written in ``text`` (each opens with its ``[Game ...]`` header); errors name the line.

    >>> parse_records('[Game "Nain Jaune"]\\n[Seed "x"]')
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: line 2: [Seed] is a whole number, not 'x'
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"records are text, not {type(text).__name__}")
    if text.lstrip().startswith("{"):  # JSON Lines: one to_dict() a line (play --record NAME.jsonl)
        found = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    data = json.loads(line)
                except ValueError:
                    raise InvalidInputError(f"{source + ': ' if source else ''}line {number}: not JSON") from None
                found.append(GameRecord.from_dict(data))
        return found
    games: list[GameRecord] = []
    current: dict[str, Any] | None = None
    prefix = f"{source}: " if source else ""

    def close() -> None:
        if current is not None:
            if "seed" not in current:
                raise InvalidInputError(f"{prefix}a game has no [Seed] (records replay from their seed)")
            games.append(
                GameRecord(
                    current["players"],
                    current["seed"],
                    current["options"],
                    current["turns"],
                    current["result"],
                    tuple(current["lines"]),
                )
            )

    round_ = 0
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        where = f"{prefix}line {n}"
        header = _HEADER.match(line)
        if header is not None:
            name, value = header.group(1), header.group(2).strip()
            if name == "Game":
                close()
                current = {"players": ("A", "B"), "options": Options(), "turns": [], "result": "*", "lines": []}
                round_ = 0
                continue
            if current is None:
                raise InvalidInputError(f'{where}: a game opens with [Game "Nain Jaune"]')
            try:
                if name == "Players":
                    names = tuple(json.loads(quoted) for quoted in _QUOTED.findall(value))
                    if not 2 <= len(names) <= 4:
                        raise InvalidInputError("[Players] names 2 to 4 players")
                    current["players"] = names
                elif name == "Seed":
                    word = json.loads(value) if value.startswith('"') else value
                    if not (isinstance(word, str) and word.isascii() and word.lstrip("-").isdigit()):
                        raise InvalidInputError(f"[Seed] is a whole number, not {word!r}")
                    current["seed"] = int(word)
                elif name == "Options":
                    current["options"] = Options.from_dict(json.loads(value))
                elif name == "Round":
                    word = json.loads(value) if value.startswith('"') else value
                    if not (isinstance(word, str) and word.isascii() and word.isdigit()):
                        raise InvalidInputError(f"[Round] is a whole number, not {word!r}")
                    round_ = int(word)
                elif name == "Result":
                    result = json.loads(value)
                    if not isinstance(result, str):
                        raise InvalidInputError("[Result] is a quoted text")
                    current["result"] = result
                else:
                    raise InvalidInputError(f"no header [{name}] in a Nain Jaune record")
            except (json.JSONDecodeError, InvalidInputError) as exc:
                message = str(exc) if isinstance(exc, InvalidInputError) else f"[{name}] does not read: {value}"
                raise InvalidInputError(f"{where}: {message}") from None
            continue
        turn = _TURN.match(line)
        if turn is None or current is None:
            raise InvalidInputError(f"{where}: {line!r} is no header and no turn such as '3. B 6S 7D!'")
        if int(turn.group(1)) != len(current["turns"]) + 1:
            raise InvalidInputError(f"{where}: turn {turn.group(1)} follows turn {len(current['turns'])}")
        if round_ == 0:
            raise InvalidInputError(f"{where}: a turn before any [Round] header")
        seat = SEATS.index(turn.group(2).upper())
        if seat >= len(current["players"]):
            raise InvalidInputError(f"{where}: no player {turn.group(2)} among {len(current['players'])}")
        try:
            actions = tuple(parse_action(word) for word in turn.group(3).split())
        except InvalidInputError as exc:
            raise InvalidInputError(f"{where}: {exc}") from None
        current["turns"].append((round_, seat, actions))
        current["lines"].append(n)
    close()
    return games
