"""Auditing recorded games: every Jarnac window, what could have been called, what was.

After each pass (and each full tray) there are two questions, answered
exactly for every window of a game:

- did the passer leave a move? (:func:`passer_left_move`, the passer's fault
  whoever sits opposite);
- what could the opponent call, with its tray as it was? (:func:`thief_best_call`,
  by swing and by gain), against what it called or declined.

``audit(record)`` replays a record (seeded or played over the board) and
returns an :class:`AuditReport`: the windows, a per-player summary, and with
``deep=True`` each turn's best first move and longest ladder against what was
played. ``audit_many`` runs many records on several processes; the answers do
not depend on the number of workers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import InvalidInputError, JarnacError, located
from ..game.game import Game
from ..game.record import GameRecord
from ..integers import is_whole
from ..lexicon.lexicon import Lexicon
from ..messages import Reason, Value
from ..moves.jarnac import JarnacPlan, passer_left_move, thief_best_call
from ..moves.move import Move
from ..moves.movegen import legal_moves
from ..moves.rules import Rules
from ..moves.tray import Tray
from ..planning.ladder import plan_ladder

__all__ = [
    "DEEP_RACK_LIMIT",
    "AuditReport",
    "PlayerAudit",
    "TurnAudit",
    "Window",
    "audit",
    "audit_many",
    "audit_totals",
    "result_reason",
    "scores_reason",
]

DEEP_RACK_LIMIT = 12
"""``deep`` audits skip the ladder of a turn whose rack holds more letters (the exact ladder grows as 2^n)."""


@dataclass(frozen=True)
class Window:
    """One Jarnac window: after the action numbered ``action`` (from 1), ``thief`` may call."""

    action: int
    turn: int
    passer: int
    kind: str
    """``"pass"``, ``"full tray"`` (the final window) or ``"dispute"`` (a word taken back)."""
    passer_tray: Tray
    thief_tray: Tray
    formed_indexes: tuple[int, ...]
    left_move: Move | None
    """A move the passer left (``None``: a clean pass)."""
    best: JarnacPlan
    """The best call by swing (empty: the thief could call nothing)."""
    best_gain: JarnacPlan
    """The best call by gain."""
    called: str | None = None
    """The call made (notation), ``None`` when the thief declined (or the record ended)."""
    called_gain: int = 0
    called_swing: int = 0
    time_over: bool = False
    """The pass was the clock's: the passer's decision overran ``think_seconds`` (a timed record)."""
    answer_time_over: bool = False
    """The thief's answer was the clock's: a decline the rules made when its decision overran."""

    @property
    def thief(self) -> int:
        """The player who could call (0 or 1)."""
        return 1 - self.passer

    @property
    def missed(self) -> int:
        """Swing points the thief left on the table: the best swing less the one called."""
        return self.best.swing - self.called_swing

    @property
    def optimal(self) -> bool:
        """The thief called the best swing (or, with nothing to call, declined)."""
        return self.missed <= 0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; ``action`` and line numbers count from 1, players are ``"A"``/``"B"``."""
        return {
            "action": self.action,
            "turn": self.turn,
            "passer": "AB"[self.passer],
            "kind": self.kind,
            "passer_tray": self.passer_tray.to_dict(),
            "thief_tray": self.thief_tray.to_dict(),
            "formed": [i + 1 for i in self.formed_indexes],
            "left_move": None if self.left_move is None else self.left_move.to_dict(),
            "best": self.best.to_dict(),
            "best_gain": self.best_gain.to_dict(),
            "called": self.called,
            "called_gain": self.called_gain,
            "called_swing": self.called_swing,
            "missed": self.missed,
            "optimal": self.optimal,
            "time_over": self.time_over,
            "answer_time_over": self.answer_time_over,
            "notes": [r.to_dict() for _, r in self.notes()],
        }

    def notes(self) -> list[tuple[bool, Reason]]:
        """What a club's audit says of the window, each a reason flagged when it is a fault (``!``)."""
        thief = "AB"[self.thief]
        notes: list[tuple[bool, Reason]] = []
        if self.left_move is not None:
            code = {"pass": "audit_left_pass", "full tray": "audit_left_full_tray"}.get(self.kind, "audit_left_dispute")
            notes.append((True, Reason(code, {"move": str(self.left_move)})))
        if self.time_over:
            notes.append((True, Reason("audit_clock_pass")))
        if self.answer_time_over:
            notes.append((True, Reason("audit_clock_decline", {"thief": thief})))
        if self.best:
            steals = " ".join(map(str, self.best.steals))
            values: dict[str, Value] = {
                "thief": thief,
                "steals": steals,
                "swing": self.best.swing,
                "gain": self.best.gain,
            }
            notes.append((True, Reason("audit_could_call", values)))
        elif self.left_move is not None:
            notes.append((False, Reason("audit_nothing_fits", {"thief": thief})))
        if self.called is not None:
            if self.optimal:
                notes.append((False, Reason("audit_called_optimal", {"thief": thief, "swing": self.called_swing})))
            else:
                values = {"thief": thief, "swing": self.called_swing, "missed": self.missed}
                notes.append((False, Reason("audit_called_short", values)))
        elif self.best:
            notes.append((True, Reason("audit_declined", {"thief": thief, "missed": self.missed})))
        return notes


@dataclass(frozen=True)
class TurnAudit:
    """``deep`` audits: a turn's best first move and longest ladder against what was played."""

    action: int
    """The number of the turn's first move decision (from 1)."""
    player: int
    tray: Tray
    best_move: Move | None
    best_points: int
    ladder: int | None
    """Moves in the longest ladder from the turn's first decision (``None``: rack over the limit)."""
    played: int
    """Words the player formed in the turn."""
    first_points: int
    """Points of the first word formed (0: the player passed at once)."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "action": self.action,
            "player": "AB"[self.player],
            "tray": self.tray.to_dict(),
            "best_move": None if self.best_move is None else self.best_move.to_dict(),
            "best_points": self.best_points,
            "ladder": self.ladder,
            "played": self.played,
            "first_points": self.first_points,
        }


@dataclass
class PlayerAudit:
    """One player's summary over a game (or many: ``+``)."""

    passes: int = 0
    passes_with_move_left: int = 0
    jarnacs_possible: int = 0
    """Windows where this player could call a Jarnac."""
    jarnacs_called: int = 0
    jarnacs_optimal: int = 0
    jarnacs_missed: int = 0
    """Windows where a Jarnac was possible and this player declined."""
    points_missed: int = 0
    """Swing this player left on the table as the thief."""
    points_exposed: int = 0
    """The best swing open against this player's passes and full trays."""
    points_lost: int = 0
    """The swing actually called against this player."""

    def __add__(self, other: PlayerAudit) -> PlayerAudit:
        return PlayerAudit(*(a + b for a, b in zip(self.to_dict().values(), other.to_dict().values(), strict=True)))

    def to_dict(self) -> dict[str, int]:
        """The counts by name."""
        return dict(self.__dict__)

    def reason(self, player: str) -> Reason:
        """The summary as a reason (``player``: ``"A"`` or ``"B"``)."""
        return Reason(
            "audit_summary",
            {
                "player": player,
                "left": self.passes_with_move_left,
                "passes": self.passes,
                "called": self.jarnacs_called,
                "optimal": self.jarnacs_optimal,
                "missed": self.jarnacs_missed,
                "points_missed": self.points_missed,
                "lost": self.points_lost,
                "exposed": self.points_exposed,
            },
        )


@dataclass
class AuditReport:
    """What an audit found in one game."""

    record: GameRecord
    windows: list[Window] = field(default_factory=list)
    turns: list[TurnAudit] = field(default_factory=list)
    players: tuple[PlayerAudit, PlayerAudit] = field(default_factory=lambda: (PlayerAudit(), PlayerAudit()))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the game's setting, the windows, the turns (deep) and the summary."""
        return {
            "seed": self.record.seed,
            "lexicon": self.record.lexicon,
            "players": list(self.record.players),
            "scores": list(self.record.scores),
            "result": self.record.result,
            "windows": [w.to_dict() for w in self.windows],
            "turns": [t.to_dict() for t in self.turns],
            "summary": {"AB"[i]: p.to_dict() for i, p in enumerate(self.players)},
            "said": {
                "result": self.result_reason().to_dict(),
                **{"AB"[i]: p.reason("AB"[i]).to_dict() for i, p in enumerate(self.players)},
            },
        }

    def text(self, language: str | None = None) -> str:
        """The game move by move with the annotations, and the summary: what a club prints, in ``language``
        (the current one by default); the actions stay in the record notation."""
        record = self.record
        seed = Reason("audit_over_the_board") if record.seed is None else Reason("audit_seed", {"seed": record.seed})
        values: dict[str, Value] = {
            "seed": seed,
            "a": record.players[0],
            "b": record.players[1],
            "lexicon": record.lexicon,
        }
        out = [Reason("audit_game", values).text(language)]
        windows = {w.action: w for w in self.windows}
        turns = {t.action: t for t in self.turns}
        for n, (who, text, drew) in enumerate(record.actions, 1):
            turn = turns.get(n)
            if turn is not None:
                best = Reason("audit_no_move")
                if turn.best_move:
                    best = Reason("audit_best_move", {"move": str(turn.best_move), "points": turn.best_points})
                ladder = "?" if turn.ladder is None else str(turn.ladder)
                said = Reason("audit_turn", {"best": best, "ladder": ladder, "played": turn.played})
                out.append(f"      [{said.text(language)}]")
            out.append(f"  {n}. {'AB'[who]} {text}" + (f" {{{drew}}}" if drew else ""))
            window = windows.get(n)
            if window is not None:
                out.extend(f"      {'! ' if fault else ''}{note.text(language)}" for fault, note in window.notes())
        out.append(f"  {self.result_reason().text(language)}")
        for i, player in enumerate(self.players):
            out.append(f"  {player.reason('AB'[i]).text(language)}")
        return "\n".join(out)

    def result_reason(self) -> Reason:
        """The scores and how the game ended, as a reason."""
        return scores_reason(self.record)


def scores_reason(record: GameRecord) -> Reason:
    """A record's scores and how its game ended, as a reason (the audit's and the review's last lines)."""
    a, b = record.scores
    if not record.result:
        return Reason("audit_result", {"a": a, "b": b})
    return Reason("audit_result_said", {"a": a, "b": b, "result": result_reason(record.result)})


def audit_totals(reports: Iterable[AuditReport]) -> tuple[PlayerAudit, PlayerAudit]:
    """Each player's audit summed over ``reports`` (the summary of ``audit --json``).

    >>> audit_totals([])[0] == PlayerAudit()
    True
    """
    first, second = PlayerAudit(), PlayerAudit()
    for report in reports:
        first, second = first + report.players[0], second + report.players[1]
    return first, second


def result_reason(result: str) -> Reason | str:
    """How a game ended (a record's ``[Result]`` text, the game's ``state.result``) as a reason, when it is one
    the game says; any other text is given back as it is (a record's own words).

    >>> result_reason("unfinished").text("fr"), result_reason("resigned")
    ('inachevée', 'resigned')
    """
    known = {
        "a full tray, no Jarnac against it": "result_full_tray",
        "the bag is empty and both players passed": "result_bag_empty",
        "unfinished": "result_unfinished",
    }
    if result in known:
        return Reason(known[result])
    stopped = re.fullmatch(r"stopped after (\d+) actions", result)
    if stopped:
        return Reason("result_stopped", {"count": int(stopped.group(1))})
    return result


def audit(
    record: GameRecord, lexicon: Lexicon | None = None, rules: Rules | None = None, deep: bool = False
) -> AuditReport:
    """Replay ``record`` and audit every Jarnac window (and with ``deep`` every turn).

    ``lexicon`` defaults to the record's (resolved by name), ``rules`` to the
    record's. The best calls are exact (the value Jarnac included, whatever
    the pool). Cost: a replay plus three searches per window (the witness,
    the best call by swing and by gain); with ``deep``, a move generation
    and a longest ladder per turn (racks over ``DEEP_RACK_LIMIT`` letters
    are not laddered).

    >>> from jarnac_solver import Lexicon, play_game
    >>> fr = Lexicon.load("fr")
    >>> report = audit(play_game(fr, ["sloppy", "greedy"], seed=2), fr)
    >>> report.players[0].passes_with_move_left > 0
    True
    """
    if not isinstance(record, GameRecord):
        raise InvalidInputError(f"audit takes a GameRecord, not {type(record).__name__}")
    if rules is not None:
        if not isinstance(rules, Rules):
            raise InvalidInputError(f"expected Rules or None, got {type(rules).__name__}")
        record = GameRecord(**{**record.__dict__, "rules": rules})
    lex = lexicon if lexicon is not None else Lexicon.resolve(record.lexicon)
    report = AuditReport(record)
    open_window: list[Window] = []
    turn_starts: list[tuple[int, Tray, int]] = []  # (action, tray, player) of each turn's first move decision
    seen_turns: set[int] = set()

    def after_action(game: Game, who: int, text: str, before: tuple[int, int]) -> None:
        n = len(game.actions)
        s = game.state
        after = game.scores()
        if open_window and open_window[-1].action == n - 1 and who == open_window[-1].thief:
            window = open_window.pop()
            if record.clock and record.clock[n - 1][1]:
                window = replace(window, answer_time_over=True)
            if text.startswith("jarnac"):
                gain = after[who] - before[who]
                lost = before[1 - who] - after[1 - who]
                window = replace(window, called=text, called_gain=gain, called_swing=gain + lost)
            report.windows.append(window)
        if deep and s.phase == "play" and s.turn not in seen_turns:
            seen_turns.add(s.turn)
            turn_starts.append((n + 1, s.trays[s.to_act], s.to_act))
        if s.phase == "jarnac":
            passer, thief = s.player, s.to_act
            kind = "pass" if text == "pass" else "dispute" if text == "dispute" else "full tray"
            passer_tray, thief_tray = s.trays[passer], s.trays[thief]
            formed = tuple(game.formed_lines())
            best = thief_best_call(lex, passer_tray, thief_tray, game.rules, formed, "swing")
            open_window.append(
                Window(
                    n,
                    s.turn,
                    passer,
                    kind,
                    passer_tray,
                    thief_tray,
                    formed,
                    passer_left_move(lex, passer_tray, game.rules, formed),
                    best,
                    thief_best_call(lex, passer_tray, thief_tray, game.rules, formed, "gain") if best else best,
                    time_over=bool(record.clock) and record.clock[n - 1][1],
                )
            )

    game = record.replay(lex, after_action)
    report.windows.extend(open_window)  # a window the record ends in (no answer)
    if deep:
        report.turns.extend(_turns(lex, game.rules, record, turn_starts))
    report.players = _summary(report.windows)
    return report


def _turns(lex: Lexicon, rules: Rules, record: GameRecord, starts: list[tuple[int, Tray, int]]) -> Iterator[TurnAudit]:
    """Each turn's best first move (by points) and longest ladder, and the words the player formed."""
    for n, tray, player in starts:
        best = max(legal_moves(lex, tray, rules), key=lambda m: (tray.points(m), m.word), default=None)
        ladder = len(plan_ladder(lex, tray, rules)) if len(tray.rack_codes) <= DEEP_RACK_LIMIT else None
        played = first_points = 0
        for who, text, _ in record.actions[n - 1 :]:
            if who != player:
                continue
            if text == "pass" or text.startswith("jarnac"):
                break
            if text.startswith("+") or "=" in text:
                if played == 0:
                    first_points = tray.points(Move.parse(text, lex.alphabet))
                played += 1
        yield TurnAudit(n, player, tray, best, tray.points(best) if best else 0, ladder, played, first_points)


def _summary(windows: Iterable[Window]) -> tuple[PlayerAudit, PlayerAudit]:
    players = (PlayerAudit(), PlayerAudit())
    for w in windows:
        passer, thief = players[w.passer], players[w.thief]
        if w.kind == "pass":
            passer.passes += 1
            passer.passes_with_move_left += w.left_move is not None
        passer.points_exposed += w.best.swing
        passer.points_lost += w.called_swing
        if w.best:
            thief.jarnacs_possible += 1
            thief.jarnacs_missed += w.called is None
        if w.called is not None:
            thief.jarnacs_called += 1
            thief.jarnacs_optimal += w.optimal
        thief.points_missed += w.missed
    return players


Findings = tuple[list[Window], list[TurnAudit], tuple[PlayerAudit, PlayerAudit]]


def _audit_one(job: tuple[GameRecord, bool]) -> Findings:
    """Audit one record in a worker; only the findings travel back (the parent holds the record)."""
    record, deep = job
    lex = _LEXICONS.get(record.lexicon) if _SHARED is None else _SHARED
    if lex is None:
        lex = _LEXICONS[record.lexicon] = Lexicon.resolve(record.lexicon)
    report = audit(record, lex, deep=deep)
    return report.windows, report.turns, report.players


def _audit_or_error(job: tuple[GameRecord, bool]) -> Findings | JarnacError:
    """:func:`_audit_one`, or the error that stops this record (the others go on)."""
    try:
        return _audit_one(job)
    except JarnacError as exc:
        return exc


_LEXICONS: dict[str, Lexicon] = {}
_SHARED: Lexicon | None = None


def _init_worker(lexicon: Lexicon | None) -> None:
    global _SHARED
    _SHARED = lexicon


def audit_many(
    records: Iterable[GameRecord],
    lexicon: Lexicon | None = None,
    deep: bool = False,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    errors: list[JarnacError] | None = None,
    numbers: Sequence[int] | None = None,
) -> list[AuditReport]:
    """Audit many records, in order, on ``workers`` processes (1: this one); the same answers either way.

    ``progress(done)`` is called after each record. A ``lexicon`` is sent to
    each worker once (it pickles as its compiled bytes); without one each
    worker resolves every record's lexicon by name, once. A record that does
    not replay (a draw the bag does not hold, a word not in the lexicon...)
    raises its error, located (``game 3: ...``; ``numbers``: each record's
    number in its file, where records that did not read are counted, default
    1, 2, ...); with ``errors`` (a list), the error is appended there instead
    and the other records are audited.
    """
    if not is_whole(workers) or not 1 <= workers <= 256:
        raise InvalidInputError(f"workers must be a whole number from 1 to 256, not {workers!r}")
    if errors is not None and not isinstance(errors, list):
        raise InvalidInputError(f"errors must be a list (each error is appended) or None, not {errors!r}"[:200])
    jobs = [(record, deep) for record in records]
    if numbers is not None and len(numbers) != len(jobs):
        raise InvalidInputError(f"numbers name {len(numbers)} records, not the {len(jobs)} given")
    reports: list[AuditReport] = []
    done = 0

    def keep(job: tuple[GameRecord, bool], found: Findings | JarnacError) -> None:
        nonlocal done
        done += 1
        if isinstance(found, JarnacError):
            where = Reason("audit_game_number", {"number": done if numbers is None else numbers[done - 1]})
            error = located(found, where)
            if errors is None:
                raise error
            errors.append(error)
        else:
            reports.append(AuditReport(job[0], *found))
        if progress is not None:
            progress(done)

    if workers == 1:
        _init_worker(lexicon)
        try:
            for job in jobs:
                keep(job, _audit_or_error(job))
        finally:
            _init_worker(None)
        return reports
    from concurrent.futures import ProcessPoolExecutor

    # Chunks of several records: fewer messages; four chunks a worker keep the load even.
    chunk = max(1, len(jobs) // (workers * 4))
    with ProcessPoolExecutor(workers, initializer=_init_worker, initargs=(lexicon,)) as pool:
        for job, found in zip(jobs, pool.map(_audit_or_error, jobs, chunksize=chunk), strict=True):
            keep(job, found)
    return reports
