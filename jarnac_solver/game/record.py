"""Game records: every action in order, in a notation a person reads and a program replays.

::

    [Lexicon "fr"]
    [Rules "sheet"]
    [Seed "3"]
    [Commitment "5c0e...(64 hexadecimal digits)"]
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
A game played under a clock (``think_seconds``) gives each action the time
its player thought, in brackets: ``5. A +RAT {E} [0.041s]``; a decision that
overran the clock did nothing (:meth:`Game.time_over_action`: a pass in the
play phase) and says so: ``6. B pass [0.130s time over]``.
They follow from the seed, and a replay checks them; the commitment, shown at the game's start while the
seed was hidden, is the SHA-256 of the seed and the bag (docs/rules.md#fair-draws), and a replay checks it.
A game played over the board has no seed (``[Seed "-"]``): its braces say what was drawn, and a
replay checks each draw against what the bag still holds; so has a game
played on from a fork whose bag was re-sampled (:meth:`Game.fork`). ``Rules`` is a preset name or the options as JSON.

Only what cannot be inferred is required (docs/records.md): a header left
out takes its default (``[Lexicon "fr"]``, ``[Rules "sheet"]``, no seed: over
the board, ``[Bag]``: the lexicon's bag, by name such as ``"fr"`` or as a
distribution; no ``[Result]``: unfinished), and a record opens with any
header. Tiles and player letters are read in any case. Every header that
states a fact is checked by :meth:`GameRecord.replay`: the draws, the result
and its scores (an unfinished game's too: ``[Result "A 61 - B 50: unfinished"]``)
and the ``[Jarnacs ...]``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from os import PathLike
from typing import Any

from ..errors import IllegalActionError, InvalidInputError, located
from ..forms import field as form_field
from ..forms import mapping
from ..lexicon.bag import BAGS, Bag
from ..lexicon.lexicon import DEFAULT_LEXICON, Lexicon
from ..messages import Reason
from ..moves.rules import Rules
from ..textfile import read_text
from .actions import Action, CallJarnac, parse_action
from .game import Game
from .record_fields import (
    MAX_SECONDS,
    clock_entry_field,
    commitment_field,
    player_field,
    players_field,
    score_field,
    seconds_field,
    written_draw,
)
from .record_writing import bag_text as bag_text  # re-exported: callers import it from here
from .record_writing import written_actions

__all__ = ["UNFINISHED", "GameRecord", "iter_records", "read_records"]

_HEADER = re.compile(r"^\[(\w+) (.*)\]$")
_CLOSING = ("Result", "Jarnacs")
"""The headers that close a game (after its actions); any other header after a ``[Result ...]`` opens the next game."""
UNFINISHED = "unfinished"
"""The result of a game that has not ended: its record states the scores on the trays
(``[Result "A 61 - B 50: unfinished"]``), and a replay checks them."""
_BAD_TIME = re.compile(r" \[[^\]]*\]$")  # what is left of an action line whose [time] did not read
_ACTION = re.compile(
    r"^([0-9]+)\. ([ABab]) (.*?)(?: \{([^}]*)\})?(?: \[([0-9]+\.[0-9]{3})s( time over)?\])?$"
)  # ASCII digits only: a full-width digit is no action number


@dataclass
class GameRecord:
    """A finished (or stopped) game: its setting and its actions."""

    lexicon: str
    rules: Rules
    seed: int | None
    """The seed that ordered the bag; ``None`` for a game played over the board or from a re-sampled
    :meth:`Game.fork` (draws written out)."""
    bag: str = ""
    """The bag: a built-in bag's name (``"fr"``), a distribution (``"14A 4B ..."``), or ``""`` for the lexicon's."""
    players: tuple[str, str] = ("A", "B")
    actions: list[tuple[int, str, str]] = field(default_factory=list)
    """(player 0/1, action in notation, tiles drawn)."""
    scores: tuple[int, int] = (0, 0)
    result: str = ""
    """How the game ended; when it has not, :data:`UNFINISHED` (:attr:`scores` are those on the trays) or ``""``
    (nothing stated: ``[Result "*"]``); a replay of a record that states nothing fills in both."""
    jarnacs: list[tuple[int, int]] = field(default_factory=list)
    """(player, swing) of each Jarnac called, when the record was made by play_game."""
    clock: list[tuple[float, bool]] = field(default_factory=list)
    """Under a clock, each action's (seconds its player thought, whether that overran the clock and
    the action is :meth:`Game.time_over_action`'s); empty for a game without a clock."""
    lines: list[int] = field(default_factory=list, compare=False, repr=False)
    """The line of its text each action was read from (from 1), so a replay's error names it; empty for a
    record not read from text."""
    commitment: str = ""
    """The game's commitment to its draws (:attr:`Game.commitment`, docs/rules.md#fair-draws), which a replay
    checks against :attr:`seed` and :attr:`bag`; ``""`` for a game without one (over the board, re-sampled)
    or a record that states none."""
    commitment_line: int = field(default=0, compare=False, repr=False)
    """The line of the ``[Commitment ...]`` header in the text the record was read from (0: not read from text)."""

    @classmethod
    def of(cls, game: Game, players: tuple[str, str] = ("A", "B")) -> GameRecord:
        """The record of ``game`` as it stands."""
        seeded = not (game.over_the_board or game.resampled)
        return cls(
            game.lexicon.name,
            game.rules,
            game.seed if seeded else None,
            bag_text(game.bag),
            players,
            written_actions(game),
            game.scores(),
            game.state.result or UNFINISHED,
            commitment=(game.commitment or "") if seeded else "",
        )

    def __str__(self) -> str:
        lines = [
            f"[Lexicon {json.dumps(self.lexicon)}]",
            f"[Rules {json.dumps(self.rules.name_or_dict(), sort_keys=True)}]",
            f"[Seed {json.dumps('-' if self.seed is None else str(self.seed))}]",
            *([f"[Commitment {json.dumps(self.commitment)}]"] if self.commitment else []),
            f"[Bag {json.dumps(self.bag)}]",
            "[Players " + " ".join(json.dumps(name, ensure_ascii=False) for name in self.players) + "]",
        ]
        timed = self._timed()  # checked once, not per line
        for n, (who, action, drawn) in enumerate(self.actions, 1):
            line = f"{n}. {'AB'[who]} {action}" + (f" {{{drawn}}}" if drawn else "")
            if timed:
                seconds, over = timed[n - 1]
                line += f" [{seconds:.3f}s{' time over' if over else ''}]"
            lines.append(line)
        # A finished game has a result (how it ended); an unfinished one is "*", as in PGN.
        outcome = f"A {self.scores[0]} - B {self.scores[1]}: {self.result}" if self.result else "*"
        lines.append(f"[Result {json.dumps(outcome)}]")
        if self.jarnacs:
            lines.append(f"[Jarnacs {json.dumps([['AB'[w], v] for w, v in self.jarnacs])}]")
        return "\n".join(lines) + "\n"

    def _checked(self) -> GameRecord:
        self._timed()
        return self

    def _timed(self) -> list[tuple[float, bool]]:
        """The clock, checked to time every action."""
        if self.clock and len(self.clock) != len(self.actions):
            raise InvalidInputError(
                f"the record's clock holds {len(self.clock)} times for {len(self.actions)} actions: one each, or none"
            )
        return self.clock

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (``from_dict`` reads it back); rules as a preset name or options."""
        return {
            "lexicon": self.lexicon,
            "rules": self.rules.name_or_dict(),
            "seed": self.seed,
            **({"commitment": self.commitment} if self.commitment else {}),
            "bag": self.bag,
            "players": list(self.players),
            "actions": [{"player": "AB"[w], "action": a, "drew": d} for w, a, d in self.actions],
            "scores": list(self.scores),
            "result": self.result,
            "jarnacs": [{"player": "AB"[w], "swing": v} for w, v in self.jarnacs],
            "clock": [{"seconds": round(t, 3), "time_over": over} for t, over in self._timed()],
        }

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Read :meth:`to_dict`'s dict.

        >>> record = GameRecord("fr", Rules(), 1, "1A")
        >>> GameRecord.from_dict(record.to_dict()) == record
        True
        """
        form = mapping(data, "a game record")
        try:
            scores = form.get("scores", (0, 0))
            return cls(
                form_field(form, "lexicon", str, "a game record"),
                Rules.from_dict(form["rules"]),
                form_field(form, "seed", (int, type(None)), "a game record"),
                form_field(form, "bag", str, "a game record", ""),
                players_field(form_field(form, "players", list, "a game record")),
                [
                    (
                        player_field(a["player"]),
                        form_field(a, "action", str, "a record action"),
                        form_field(a, "drew", str, "", ""),
                    )
                    for a in form_field(form, "actions", list, "a game record")
                ],
                (score_field(scores[0]), score_field(scores[1])),
                form_field(form, "result", str, "a game record", ""),
                [
                    (player_field(j["player"]), score_field(j["swing"]))
                    for j in form_field(form, "jarnacs", list, "a game record", [])
                ],
                [
                    (
                        seconds_field(form_field(c, "seconds", (int, float), "a record's clock")),
                        form_field(c, "time_over", bool, "a record's clock"),
                    )
                    for c in map(clock_entry_field, form_field(form, "clock", list, "a game record", []))
                ],
                commitment=commitment_field(form_field(form, "commitment", str, "a game record", "") or None),
            )._checked()
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, InvalidInputError):
                raise
            raise InvalidInputError(f"not a game record: {exc!r} is missing or malformed") from None

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """Read one record in the text notation (or one JSON object); a text of several games is refused.

        >>> GameRecord.parse(str(GameRecord("fr", Rules(), 1, "1A"))).seed
        1
        """
        records = list(iter_records(text))
        if len(records) != 1:
            raise InvalidInputError(
                f"the text holds {len(records)} game records, not one: read them with iter_records or read_records"
            )
        return records[0]

    @classmethod
    def _parse_lines(cls, lines: list[tuple[int, str]], where: str) -> GameRecord:
        """One record from its numbered lines; errors name ``where`` and the line number."""
        headers: dict[str, tuple[int, str]] = {}
        actions: list[tuple[int, str, str]] = []
        action_lines: list[int] = []
        clock: list[tuple[float, bool]] = []
        timed_line = untimed_line = 0
        for number, raw in lines:
            line = raw.strip()
            if not line:
                continue
            header = _HEADER.match(line)
            if header:
                headers[header[1]] = (number, header[2])
                continue
            act = _ACTION.match(line)
            if not act:
                raise InvalidInputError(f"{where}line {number}: cannot read {line!r}")
            if int(act[1]) != len(actions) + 1:
                raise InvalidInputError(
                    f"{where}line {number}: action {act[1]} where action {len(actions) + 1} belongs"
                )
            actions.append(("AB".index(act[2].upper()), act[3], act[4] or ""))
            action_lines.append(number)
            bad = _BAD_TIME.search(act[3]) if act[5] is None else None
            if bad is not None:
                raise InvalidInputError(
                    f"{where}line {number}: cannot read the time {bad[0].strip()!r}"
                    " (write [0.041s] or [0.130s time over])"
                )
            if act[5] is not None:
                seconds = float(act[5])
                if seconds > MAX_SECONDS:
                    raise InvalidInputError(f"{where}line {number}: a time of {act[5]}s is over a day")
                clock.append((seconds, act[6] is not None))
                timed_line = timed_line or number
            else:
                untimed_line = untimed_line or number
        if timed_line and untimed_line:
            raise InvalidInputError(
                f"{where}line {max(timed_line, untimed_line)}: an action without its time [N.NNNs] in a timed "
                f"record (line {min(timed_line, untimed_line)} differs): every action has one, or none"
            )
        first = lines[0][0] if lines else 1

        def header_value(name: str, kind: type | None = None, default: Any = None) -> Any:
            if name not in headers:
                if default is not None:
                    return default
                raise InvalidInputError(f"{where}line {first}: the record has no [{name} ...] header")
            number, text = headers[name]
            try:
                value = json.loads(text)
            except ValueError:
                raise InvalidInputError(f"{where}line {number}: [{name} {text}] is not a JSON value") from None
            if kind is not None and not isinstance(value, kind):
                raise InvalidInputError(f"{where}line {number}: [{name} {text}] must be a {kind.__name__}")
            return value

        try:
            players_line, players_text = headers.get("Players", (first, '"A" "B"'))
            # Each name is a JSON string, as written: decoded, so a name round-trips unchanged.
            players = [json.loads(quoted) for quoted in re.findall(r'"(?:[^"\\]|\\.)*"', players_text)]
            if len(players) != 2:
                raise InvalidInputError(
                    f"{where}line {players_line}: [Players ...] names two players, not {len(players)}"
                )
            seed = header_value("Seed", str, "-")  # no seed: a game played over the board
            digits = seed[1:] if seed.startswith("-") else seed
            if seed != "-" and not (digits.isascii() and digits.isdigit()):
                raise InvalidInputError(
                    f"{where}line {headers['Seed'][0]}: the seed {seed!r} is not a whole number or '-' (over the board)"
                )
            record = cls(
                header_value("Lexicon", str, DEFAULT_LEXICON),
                Rules.from_dict(header_value("Rules", None, "sheet")),
                None if seed == "-" else int(seed),
                header_value("Bag", str, ""),
                (players[0], players[1]),
                actions,
                clock=clock,
                lines=action_lines,
            )
            if "Commitment" in headers:
                record.commitment_line = headers["Commitment"][0]
                try:
                    record.commitment = commitment_field(header_value("Commitment", str))
                except InvalidInputError as exc:
                    raise InvalidInputError(f"{where}line {record.commitment_line}: {exc}") from None
        except InvalidInputError as exc:
            message = str(exc)
            raise InvalidInputError(message if message.startswith(where) else f"{where}{message}") from None
        except (ValueError, IndexError) as exc:
            raise InvalidInputError(f"{where}line {first}: record header malformed ({exc})") from None
        outcome = header_value("Result", str, "*")  # no result: the game is unfinished
        if outcome != "*" and outcome.strip().lower() != UNFINISHED:  # "*", "unfinished": no scores stated
            found = re.match(r"A (\d+) - B (\d+): (.+)$", outcome)
            if found is None:
                number = headers["Result"][0]
                raise InvalidInputError(
                    f"{where}line {number}: result {outcome!r} is not 'A N - B M: how the game ended' or '*'"
                )
            record.scores = (int(found[1]), int(found[2]))
            record.result = found[3]
        if "Jarnacs" in headers:
            jarnacs = header_value("Jarnacs")
            try:
                record.jarnacs = [(player_field(who), int(swing)) for who, swing in jarnacs]
            except (TypeError, ValueError, InvalidInputError):
                number = headers["Jarnacs"][0]
                raise InvalidInputError(
                    f"{where}line {number}: [Jarnacs ...] is not a list of [player, swing]"
                ) from None
        return record

    def replay(
        self,
        lexicon: Lexicon | None = None,
        on_action: Callable[[Game, int, str, tuple[int, int]], None] | None = None,
        *,
        check_end: bool = True,
    ) -> Game:
        """Play the actions again, checking each (player, draws) and the end (result, scores); returns the game.

        ``on_action(game, player, action_text, scores_before)`` is called after each action. ``check_end=False``:
        the game as its actions leave it, its end not checked against the record's (a game still played).
        """
        lex = lexicon if lexicon is not None else Lexicon.resolve(self.lexicon)
        bag = self.bag_for(lex)
        board = self.seed is None
        called: list[tuple[int, int]] = []
        game = Game(lex, self.rules, bag, self.seed, over_the_board=board)
        self._check_commitment(game)
        timed = self._timed()
        for n, (who, text, drew) in enumerate(self.actions, 1):
            where = self._where(n, text)
            if game.state.to_act != who:
                turn = Reason("error_wrong_player", {"player": "AB"[who], "other": "AB"[1 - who]})
                raise located(IllegalActionError(turn), where)
            try:
                action: Action = parse_action(text, lex.alphabet)
            except InvalidInputError as exc:
                raise located(IllegalActionError(exc.reason or str(exc)), where) from None
            if timed:
                self._check_clock(game, n, text, action, timed[n - 1])
            before = game.scores()
            try:
                # Over the board, the braces are the draw (after "B:" when the other player drew).
                game.push(action, drawn=drew.split(":")[-1] if board else None)
            except IllegalActionError as exc:
                raise located(exc, where) from None
            if isinstance(action, CallJarnac):
                after = game.scores()
                called.append((who, (after[who] - before[who]) + (before[1 - who] - after[1 - who])))
            if on_action is not None:
                on_action(game, who, text, before)
            drawn = game.drawn_text(game.actions[-1])
            if drawn != drew and drawn != written_draw(drew, lex.alphabet):  # tiles in any case
                said = Reason("error_drew", {"drawn": repr(drawn), "said": repr(drew)})
                raise located(IllegalActionError(said), where)
        if check_end:
            self._check_jarnacs(called)
            self._check_end(game)
        return game

    def _check_commitment(self, game: Game) -> None:
        """``[Commitment ...]``: the draws the game committed to at its start are the ones its seed and bag
        make (docs/rules.md#fair-draws); a record whose seed or bag was changed since is refused, naming the line.
        A record without a seed writes its draws out, each checked against the bag: no commitment to check."""
        if not self.commitment or self.seed is None:
            return
        made = game.commitment
        if made != self.commitment:
            values = {"seed": str(self.seed), "made": made or "", "committed": self.commitment}
            refused = IllegalActionError(Reason("error_commitment_mismatch", values))
            if self.commitment_line:
                raise located(refused, Reason("error_record_line", {"line": self.commitment_line}))
            raise refused

    def _where(self, n: int, text: str) -> Reason:
        """Where action ``n`` is: its line of the text it was read from, when known, and its number."""
        if len(self.lines) == len(self.actions):
            return Reason("error_record_at", {"line": self.lines[n - 1], "number": n, "action": text})
        return Reason("error_record_action", {"number": n, "action": text})

    def bag_for(self, lexicon: Lexicon) -> Bag | None:
        """The record's bag for ``lexicon``: a built-in bag by name (``"fr"``), a distribution, or ``None`` (no
        bag stated: the lexicon's)."""
        text = self.bag.strip()
        if not text:
            return None
        if text.lower() in BAGS:
            return Bag.load(text.lower())
        if not any(c.isdigit() for c in text):  # a name, not a distribution (found: [Bag "de"] said "cannot read")
            raise InvalidInputError(
                f"[Bag {text!r}]: no built-in bag of that name (built in: {', '.join(sorted(BAGS))}); "
                'or write the distribution, e.g. [Bag "14A 4B 7C ..."]'
            )
        return Bag.parse(text, lexicon.alphabet)

    def _check_jarnacs(self, called: list[tuple[int, int]]) -> None:
        """``[Jarnacs ...]``: the last Jarnacs of the replay, in order, by the same players with the same swings (a
        game played on from a position lists only those played after it)."""
        if not self.jarnacs:
            return
        if len(self.jarnacs) > len(called) or called[len(called) - len(self.jarnacs) :] != self.jarnacs:

            def said(pairs: list[tuple[int, int]]) -> str:
                return ", ".join(f"{'AB'[w]} {v}" for w, v in pairs) or "none"

            raise IllegalActionError(
                f"the record's [Jarnacs ...] says {said(self.jarnacs)} (player and swing); "
                f"the replay's Jarnacs are {said(called)}"
            )

    def _check_clock(self, game: Game, n: int, text: str, action: Action, time: tuple[float, bool]) -> None:
        """A timed action: over the clock exactly when its time says so, and then the time-over action."""
        seconds, over = time
        limit = self.rules.think_seconds
        if limit is None:
            raise IllegalActionError(f"record action {n} ({text}) is timed, but the rules have no clock")
        # The record keeps milliseconds: a time within half of one of the limit is read either way.
        if (over and seconds < limit - 0.0005) or (not over and seconds > limit + 0.0005):
            said = "time over" if over else "in time"
            raise IllegalActionError(
                f"record action {n} ({text}) took {seconds:.3f}s of a {limit:g}s clock, but says {said}"
            )
        if over and action != game.time_over_action():
            raise IllegalActionError(
                f"record action {n} ({text}) overran the clock, so it must be {game.time_over_action()}"
            )

    def _check_end(self, game: Game) -> None:
        """The record's end (result, scores) must be the replayed game's; an unfinished record that states no
        scores learns them (the trays')."""
        if not self.result or self.result == UNFINISHED:
            if game.is_over():
                raise IllegalActionError(
                    f"the record says the game is not over, but it ended after {len(self.actions)} actions "
                    f"({game.state.result})"
                )
            if self.result == UNFINISHED and game.scores() != self.scores:
                raise IllegalActionError(
                    f"the record says A {self.scores[0]} - B {self.scores[1]} (unfinished); the replay stands at "
                    f"A {game.scores()[0]} - B {game.scores()[1]}"
                )
            self.scores, self.result = game.scores(), UNFINISHED
            return
        stopped = f"stopped after {len(self.actions)} actions"
        if self.result == stopped and not game.is_over():  # play_game's stop_at_limit: cut, not ended
            if game.scores() != self.scores:
                raise IllegalActionError(
                    f"the record stopped at A {self.scores[0]} - B {self.scores[1]}; the replay stands at "
                    f"A {game.scores()[0]} - B {game.scores()[1]}"
                )
            return
        if not game.is_over():
            raise IllegalActionError(
                f"the record says the game ended ({self.result}), but after its {len(self.actions)} actions "
                f"the game is not over (player {'AB'[game.state.to_act]} is in the {game.state.phase} phase)"
            )
        if game.scores() != self.scores or game.state.result != self.result:
            raise IllegalActionError(
                f"the record says A {self.scores[0]} - B {self.scores[1]}: {self.result}; the replay ends "
                f"A {game.scores()[0]} - B {game.scores()[1]}: {game.state.result}"
            )


def iter_records(text: str, source: str = "", errors: list[InvalidInputError] | None = None) -> Iterator[GameRecord]:
    """Every game record of ``text``, one by one: the text notation (each game opens with its
    ``[Lexicon ...]`` header, as ``play --record`` writes them) or JSON Lines (one object a line).

    A malformed record raises :class:`InvalidInputError` naming its game and
    line number (and ``source``, a file name, when given); the records before
    it have been yielded. With an ``errors`` list, the error is appended to
    it instead and the next records are still read. Cost: linear in the text.

    >>> text = str(GameRecord("fr", Rules(), 1, "1A")) + str(GameRecord("fr", Rules(), 2, "1A"))
    >>> [record.seed for record in iter_records(text)]
    [1, 2]
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"records are read from text, not {type(text).__name__}")
    prefix = f"{source}: " if source else ""
    numbered = _numbered_lines(text)
    first = next(((number, line) for number, line in numbered if line.strip()), None)
    if first is None:
        return
    rest = chain([first], numbered)
    if first[1].lstrip().startswith("{"):
        content = ((number, line) for number, line in rest if line.strip())
        for game, (number, line) in enumerate(content, 1):
            try:
                try:
                    data = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise InvalidInputError(f"not a JSON object ({exc.msg})") from None
                record = GameRecord.from_dict(data)
            except InvalidInputError as exc:
                error = InvalidInputError(f"{prefix}game {game}, line {number}: {exc}")
                if errors is None:
                    raise error from None
                errors.append(error)
                continue
            yield record
        return
    if not _HEADER.match(first[1].strip()):
        raise InvalidInputError(
            f'{prefix}line {first[0]}: a game record opens with its headers, such as [Lexicon "fr"] or '
            f'[Players "Alice" "Bruno"], not {first[1].strip()[:40]!r}'
        )
    # One game's lines at a time (a file's lines are never all held: a 60 MB file is 16 million lines).
    # A game opens at [Lexicon ...], or at any header (but [Jarnacs ...]) after the last game's [Result ...].
    game = 0
    lines: list[tuple[int, str]] = []
    closed = False
    for number, line in chain(rest, [(0, "[Lexicon -]")]):  # a last header closes the last game
        stripped = line.strip()
        header = _HEADER.match(stripped) if stripped.startswith("[") else None
        if header is not None and header[1] in _CLOSING:
            closed = closed or header[1] == "Result"
        elif stripped.startswith("[Lexicon ") or (closed and header is not None):
            closed = False
            if lines:
                game += 1
                try:
                    record = GameRecord._parse_lines(lines, f"{prefix}game {game}, ")
                except InvalidInputError as exc:
                    if errors is None:
                        raise
                    errors.append(exc)
                else:
                    yield record
            lines = []
        lines.append((number, line))


def _numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines of ``text`` numbered from 1, one at a time (``\n``, ``\r\n`` or ``\r`` ends a line, as
    :meth:`str.splitlines` reads a record)."""
    for number, match in enumerate(_LINE.finditer(text), 1):
        if match.end() == match.start():  # the empty match at the very end
            break
        yield number, match.group(1)


_LINE = re.compile(r"([^\r\n]*)(?:\r\n|\r|\n|$)")


def read_records(
    path: str | PathLike[str],
    errors: list[InvalidInputError] | None = None,
    *,
    max_bytes: int | None = None,
    special: bool = False,
) -> list[GameRecord]:
    """Every game record of a UTF-8 file (see :func:`iter_records`): a regular file (any file with
    ``special=True``) of at most ``max_bytes`` (default 64 MiB, or ``JARNAC_SOLVER_MAX_FILE_MB``).

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write(str(GameRecord("fr", Rules(), 1, "1A")))
    >>> [r.seed for r in read_records(f.name)]; os.unlink(f.name)
    [1]
    """
    text = read_text(path, "file of game records", InvalidInputError, max_bytes=max_bytes, special=special)
    return list(iter_records(text, source=str(path), errors=errors))
