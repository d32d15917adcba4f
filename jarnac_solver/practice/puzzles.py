"""Puzzles cut from games: one position, one clearly best answer by an exact solver, its margin and why.

Four kinds (:data:`KINDS`), each posed to the player to act (``me``) with the opponent's tray in sight:

- ``jarnac`` *find the Jarnac*: the opponent passed; call the Jarnac that swings most (the steals and the
  lines they take). Valued by :func:`~.solve.every_call`, its best the best Jarnac's.
- ``best_play`` *best play*: which move starts the longest ladder (the most words, then the most points:
  every word formed draws a letter)? Valued by :func:`~.solve.first_moves`, the move and its ladder.
- ``pass_or_play`` *pass or play?*: one line left and only words that fill it: finish now, or pass? Valued
  by the end-game model (:func:`~.solve.finishes`, :func:`~.solve.pass_value`).
- ``jarnacable`` *is this pass Jarnac-able?*: yes (and the best call) or no, for your tray as it is.

Positions come from a game's record (:func:`puzzles_from_record`): each Jarnac window that was opened, each
turn's first move (``best_play``, and the pass it could have been: the same trays as a Jarnac window for
the opponent, ``jarnac`` and ``jarnacable``) and each position with one free line (``pass_or_play``).
:func:`self_play_puzzles` plays the games (:data:`STRONG_PLAYERS`, seeded) and cuts them; the same seed
gives the same puzzles. :func:`daily_puzzle` is one puzzle a date and lexicon, the same for everyone.

**The filter** (:class:`PuzzleFilter`, stated there) keeps a puzzle only when its answer is clearly best
and not trivial: at least two different answers were possible, no other answer is worth as much, and the
next best is behind by a margin (points of swing, words of ladder, or points of final margin). Judging an
answer (:func:`judge`) values it with the same solver: right when it is worth as much as the best.

The rules: any preset but those with the value Jarnac (recompositions of the lines formed this turn,
which a position alone does not tell): there the Jarnac kinds are not cut.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import IllegalMoveError, InvalidInputError
from ..forms import field as form_field
from ..forms import mapping
from ..game.actions import Draw, Exchange
from ..game.game import GameState
from ..game.record import GameRecord
from ..integers import is_whole
from ..lexicon.lexicon import Lexicon
from ..messages import Reason, Value
from ..moves.jarnac import passer_left_move, thief_best_call
from ..moves.move import Move
from ..moves.movegen import legal_moves
from ..moves.rules import Rules
from ..moves.tray import Tray
from ..play.players import play_game
from .solve import call_key, call_value, every_call, finishes, first_moves, move_key, move_value, pass_value

__all__ = [
    "DAILY_FIRST",
    "DAILY_LAST",
    "DEFAULT_FILTER",
    "KINDS",
    "STRONG_PLAYERS",
    "Judgement",
    "Puzzle",
    "PuzzleFilter",
    "candidates",
    "daily_puzzle",
    "judge",
    "parse_answer",
    "puzzles_from_record",
    "self_play_puzzles",
]

KINDS = ("jarnac", "best_play", "pass_or_play", "jarnacable")
"""The kinds of puzzle, in the order the daily puzzle takes them day after day."""

STRONG_PLAYERS = ("planner-learned", "planner-learned")
"""Whose self-play the puzzles are cut from: the strongest player that decides in under a millisecond
(docs/levels.md: +113 / +58 Elo over the planner on fr / en), so a game costs milliseconds."""

DAILY_FIRST = dt.date(2026, 1, 1)
"""The first date with a daily puzzle."""
DAILY_LAST = dt.date(2099, 12, 31)
"""The last date with a daily puzzle; a date after *today* is refused too (no peeking ahead)."""

DAILY_GAMES = 400
"""The most self-play games the daily puzzle plays to find its kind before it takes another kind."""


@dataclass(frozen=True)
class PuzzleFilter:
    """What makes a puzzle worth posing. A candidate is kept when every test of its kind passes:

    - every kind: at least ``min_options`` different answers were possible (one legal move, one possible
      call: trivial), and no other answer is worth as much as the best (several right answers: weak);
    - ``jarnac``: the next best call (another set of steals) swings at least ``min_swing_margin`` less;
    - ``best_play``: the next best first move makes a word fewer, or as many words and at least
      ``min_points_margin`` points fewer;
    - ``pass_or_play``: the other side is worse by at least ``min_finish_margin`` points of certain final
      margin (a certain win against an open game counts its winning margin);
    - ``jarnacable``: a *yes* swings at least ``min_swing_margin``; a *no* has a passer's rack of at least
      ``min_rack`` tiles (an empty or one-letter rack is an obvious no).
    """

    min_options: int = 2
    min_swing_margin: int = 10
    min_points_margin: int = 10
    min_finish_margin: int = 1
    min_rack: int = 3


DEFAULT_FILTER = PuzzleFilter()
"""The filter the command line, the daily puzzle and the tests use."""

NO_FILTER = PuzzleFilter(min_options=1, min_swing_margin=0, min_points_margin=0, min_finish_margin=0, min_rack=0)


@dataclass(frozen=True)
class Puzzle:
    """A position, its right answer, the margin to the next best, and the facts that explain it."""

    kind: str
    lexicon: str
    rules: Rules
    me: Tray
    """The solver's tray (the thief in the Jarnac kinds)."""
    opponent: Tray
    """The opponent's tray (the passer in the Jarnac kinds)."""
    answer: str
    """The right answer as it is written: a call's steals (``1:RAT+Z=TZAR 2:...``), a move, ``pass``/``play``,
    ``yes``/``no``."""
    value: int
    """What the answer is worth: the call's swing, the ladder's words, the certain final margin, the swing at
    stake (``jarnacable``)."""
    next_best: str | None
    """The best answer that is not right (``None``: none)."""
    next_value: int | None
    margin: int
    """How far the next best is behind, in :attr:`unit`."""
    unit: str
    """``points`` or ``words``."""
    line: tuple[str, ...] = ()
    """The facts behind the answer: the ladder (``best_play``), the winning finish or the opponent's call
    (``pass_or_play``), the call (``jarnacable``)."""
    points: int = 0
    """``best_play``: the tray's points after the ladder; ``jarnac``: the gain (what the thief places)."""
    next_points: int = 0
    options: int = 0
    """How many different answers there were."""
    source: str = ""
    """Where the position comes from: ``self-play fr seed 12, action 34``, a review's game and action."""
    open_side: str = ""
    """``pass_or_play``: the side (``pass`` or ``play``) after which the game goes on, its result not certain."""

    @property
    def id(self) -> str:
        """A stable name: the same position and kind give the same id on every machine."""
        text = f"{self.kind}|{self.lexicon}|{self.rules.name_or_dict()}|{self.me}|{self.opponent}"
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def question(self) -> Reason:
        """What is asked."""
        return Reason(f"practice.question_{self.kind}")

    def explanation(self) -> Reason:
        """Why the answer is right, from the solver's facts."""
        return _explanation(self)

    def text(self, language: str | None = None) -> str:
        """The puzzle as a person reads it (no answer): kind, trays, question."""
        return "\n".join(
            [
                Reason(
                    "practice.head",
                    {"kind": Reason(f"practice.kind_{self.kind}"), "lexicon": self.lexicon, "id": self.id},
                ).text(language),
                Reason("practice.your_tray", {"tray": str(self.me), "score": self.me.score}).text(language),
                Reason("practice.their_tray", {"tray": str(self.opponent), "score": self.opponent.score}).text(
                    language
                ),
                self.question().text(language),
            ]
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``explanation`` and ``question`` in the current language; :meth:`from_dict` reads it)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "lexicon": self.lexicon,
            "rules": self.rules.name_or_dict(),
            "me": self.me.to_dict(),
            "opponent": self.opponent.to_dict(),
            "answer": self.answer,
            "value": self.value,
            "next_best": self.next_best,
            "next_value": self.next_value,
            "margin": self.margin,
            "unit": self.unit,
            "line": list(self.line),
            "points": self.points,
            "next_points": self.next_points,
            "options": self.options,
            "source": self.source,
            "open_side": self.open_side,
            "question": self.question().to_dict(),
            "explanation": self.explanation().to_dict(),
        }

    @classmethod
    def from_dict(cls, data: object) -> Puzzle:
        """Read :meth:`to_dict`'s form (its ``id``, ``question`` and ``explanation`` are recomputed)."""
        form = mapping(data, "a puzzle")
        kind = form_field(form, "kind", str, "a puzzle")
        if kind not in KINDS:
            raise InvalidInputError(f"a puzzle's kind must be one of {', '.join(KINDS)}, not {kind!r}")
        next_value = form.get("next_value")
        if next_value is not None and (not is_whole(next_value)):
            raise InvalidInputError(f"a puzzle's next_value must be a whole number or null, not {next_value!r}")
        next_best = form.get("next_best")
        if next_best is not None and not isinstance(next_best, str):
            raise InvalidInputError(f"a puzzle's next_best must be text or null, not {next_best!r}")
        line = form_field(form, "line", list, "a puzzle", [])
        if not all(isinstance(x, str) for x in line):
            raise InvalidInputError("a puzzle's line must be a list of text")
        return cls(
            kind,
            form_field(form, "lexicon", str, "a puzzle"),
            Rules.from_dict(form.get("rules", "sheet")),
            Tray.from_dict(form.get("me")),
            Tray.from_dict(form.get("opponent")),
            form_field(form, "answer", str, "a puzzle"),
            form_field(form, "value", int, "a puzzle"),
            next_best,
            next_value,
            form_field(form, "margin", int, "a puzzle"),
            form_field(form, "unit", str, "a puzzle"),
            tuple(line),
            form_field(form, "points", int, "a puzzle", 0),
            form_field(form, "next_points", int, "a puzzle", 0),
            form_field(form, "options", int, "a puzzle", 0),
            form_field(form, "source", str, "a puzzle", ""),
            form_field(form, "open_side", str, "a puzzle", ""),
        )


def _words(moves: Iterable[str]) -> str:
    return " ".join(moves)


def _explanation(p: Puzzle) -> Reason:
    parts: list[Value] = []
    if p.kind == "jarnac":
        parts.append(Reason("practice.why_call", {"call": p.answer, "swing": p.value, "gain": p.points,
                                                  "lost": p.value - p.points}))  # fmt: skip
        if p.next_best is not None and p.next_value is not None:
            parts.append(Reason("practice.next_call", {"call": p.next_best, "swing": p.next_value}))
        else:
            parts.append(Reason("practice.no_other_call"))
    elif p.kind == "best_play":
        parts.append(Reason("practice.why_ladder", {"move": p.answer, "ladder": _words(p.line), "words": p.value,
                                                    "points": p.points}))  # fmt: skip
        if p.next_best is not None and p.next_value is not None:
            parts.append(Reason("practice.next_ladder", {"move": p.next_best, "words": p.next_value,
                                                         "points": p.next_points}))  # fmt: skip
    elif p.kind == "pass_or_play":
        finish, call = p.line[0] if p.line else "", _words(p.line[1:])
        play_open, pass_open = p.open_side == "play", p.open_side == "pass"
        play_margin = p.value if p.answer == "play" else p.next_value
        pass_margin = p.value if p.answer == "pass" else p.next_value
        if play_open or play_margin is None:
            parts.append(Reason("practice.finish_open", {"move": finish, "call": call or "-"}))
        elif play_margin > 0:
            parts.append(Reason("practice.finish_wins", {"move": finish, "points": play_margin}))
        else:
            parts.append(Reason("practice.finish_loses", {"move": finish, "points": -play_margin}))
        if pass_open or pass_margin is None:
            parts.append(Reason("practice.pass_open"))
        else:
            parts.append(Reason("practice.pass_margin", {"points": pass_margin}))
    else:  # jarnacable
        if p.answer == "yes":
            parts.append(Reason("practice.jarnacable_yes", {"call": _words(p.line), "swing": p.value}))
        elif p.line:
            parts.append(Reason("left_unseatable", {"move": p.line[0]}))
        else:
            parts.append(Reason("clean_pass"))
    if len(parts) == 1:
        return parts[0] if isinstance(parts[0], Reason) else Reason("practice.why_call")
    return Reason("practice.and", {"first": parts[0], "second": parts[1]})


# -- cutting puzzles ---------------------------------------------------------------------------------------


def jarnac_puzzles(
    lexicon: Lexicon, thief: Tray, passer: Tray, rules: Rules, source: str, kinds: Sequence[str], keep: PuzzleFilter
) -> list[Puzzle]:
    """The ``jarnac`` and ``jarnacable`` puzzles of a window: ``passer`` just passed, ``thief`` to call."""
    out: list[Puzzle] = []
    if rules.value_jarnac or not thief.free_lines(rules):
        return out
    calls = every_call(lexicon, passer, thief, rules)
    if calls is None:
        return out  # more calls than the search lists: no crisp answer
    best_swing = max((c.swing for c in calls), default=0)
    best = [c for c in calls if c.swing == best_swing]
    best_keys = {call_key(c.steals) for c in best}
    others = [c for c in calls if call_key(c.steals) not in best_keys]
    following = max(others, key=lambda c: c.swing, default=None)
    options = len({call_key(c.steals) for c in calls})
    if "jarnac" in kinds and calls:
        # The canonical answer: the best Jarnac's own plan (the exact solver), or the first listed of the best.
        plan = thief_best_call(lexicon, passer, thief, rules, budget=None)
        first = plan.steals if plan and plan.swing == best_swing else best[0].steals
        answer = next(c for c in best if call_key(c.steals) == call_key(first)) if first else best[0]
        margin = 0 if len(best_keys) > 1 else best_swing - (following.swing if following else 0)
        if options >= keep.min_options and margin >= keep.min_swing_margin:
            out.append(Puzzle(
                "jarnac", lexicon.name, rules, thief, passer, _words(map(str, answer.steals)), best_swing,
                None if following is None else _words(map(str, following.steals)),
                None if following is None else following.swing, margin, "points",
                tuple(map(str, answer.steals)), answer.gain, 0 if following is None else following.gain, options,
                source,
            ))  # fmt: skip
    if "jarnacable" in kinds:
        if calls:
            answer = best[0]
            if best_swing >= keep.min_swing_margin and len(passer.lines) >= 1:
                out.append(Puzzle(
                    "jarnacable", lexicon.name, rules, thief, passer, "yes", best_swing, "no", 0, best_swing,
                    "points", tuple(map(str, answer.steals)), answer.gain, 0, 2, source,
                ))  # fmt: skip
        elif len(passer.rack_codes) >= keep.min_rack:
            left = passer_left_move(lexicon, passer, rules)
            line = () if left is None else (str(left),)
            out.append(Puzzle("jarnacable", lexicon.name, rules, thief, passer, "no", 0, "yes", None, 0, "points",
                              line, 0, 0, 2, source))  # fmt: skip
    return out


def best_play_puzzle(lexicon: Lexicon, me: Tray, opponent: Tray, rules: Rules, source: str,
                      keep: PuzzleFilter) -> Puzzle | None:  # fmt: skip
    """The ``best_play`` puzzle of a position: ``me`` to find the first move of the longest ladder."""
    valued = first_moves(lexicon, me, rules)
    if not valued:
        return None
    best = valued[0]
    best_keys = {move_key(f.move) for f in valued if f.value == best.value}
    others = [f for f in valued if move_key(f.move) not in best_keys]
    options = len({move_key(f.move) for f in valued})
    following = others[0] if others else None
    if len(best_keys) > 1:
        margin, unit = 0, "points"
    elif following is None:
        margin, unit = best.words, "words"
    elif following.words < best.words:
        margin, unit = best.words - following.words, "words"
    else:
        margin, unit = best.points - following.points, "points"
    if options < keep.min_options or (unit == "points" and margin < max(1, keep.min_points_margin)):
        return None
    return Puzzle(
        "best_play", lexicon.name, rules, me, opponent, str(best.move), best.words,
        None if following is None else str(following.move), None if following is None else following.words,
        margin, unit, tuple(map(str, best.ladder)), best.points, 0 if following is None else following.points,
        options, source,
    )  # fmt: skip


def _outcome_key(margin: int | None) -> tuple[int, int]:
    """How a player ranks a result: a certain win (the larger), then an open game, then a certain draw or loss."""
    if margin is None:
        return (1, 0)
    return (2 if margin > 0 else 0, margin)


def pass_or_play_puzzle(lexicon: Lexicon, me: Tray, opponent: Tray, rules: Rules, source: str,
                         keep: PuzzleFilter) -> Puzzle | None:  # fmt: skip
    """The ``pass_or_play`` puzzle of a position with one line left: fill it, or hold back."""
    if me.free_lines(rules) != 1:
        return None
    moves = legal_moves(lexicon, me, rules)
    if not moves or any(m.kind != "place" for m in moves):
        return None  # an extension keeps the last line free: not a choice between passing and finishing
    done = finishes(lexicon, me, opponent, rules)
    best = max(done, key=lambda f: _outcome_key(None if f.open else f.margin))
    play = None if best.open else best.margin
    passed, _ = pass_value(lexicon, me, opponent, rules)
    kp, kq = _outcome_key(play), _outcome_key(passed)
    if kp == kq or (play is None and passed is None):
        return None  # as good either way, or no certain result either way
    answer = "play" if kp > kq else "pass"
    right, other = (play, passed) if answer == "play" else (passed, play)
    # The margin: how much better the right side's certain result is; against an open game, its own margin
    # (a certain win's) or the certain loss avoided.
    if right is not None and other is not None:
        margin = right - other
    elif right is None:
        margin = -other if other is not None else 0
    else:
        margin = right
    if margin < max(1, keep.min_finish_margin):
        return None
    open_side = "play" if play is None else "pass" if passed is None else ""
    line = (str(best.move), *map(str, best.call))
    return Puzzle("pass_or_play", lexicon.name, rules, me, opponent, answer, 0 if right is None else right,
                  "pass" if answer == "play" else "play", other, margin, "points", line, best.margin, 0,
                  1 + len(done), source, open_side)  # fmt: skip


def candidates(
    lexicon: Lexicon,
    state: GameState,
    rules: Rules,
    first_move: bool,
    source: str,
    kinds: Sequence[str] = KINDS,
    keep: PuzzleFilter = DEFAULT_FILTER,
) -> list[Puzzle]:
    """The puzzles of one position of a game (the state before an action) that pass ``keep``.

    A Jarnac window gives ``jarnac`` and ``jarnacable``; a turn's first move gives ``best_play`` and the
    pass it could have been (the same Jarnac kinds, posed to the opponent); a position with one free line
    gives ``pass_or_play``.
    """
    out: list[Puzzle] = []
    me, opponent = state.trays[state.to_act], state.trays[1 - state.to_act]
    if state.phase == "jarnac":
        out += jarnac_puzzles(lexicon, me, opponent, rules, source, kinds, keep)
    elif state.phase == "play":
        if first_move and "best_play" in kinds:
            found = best_play_puzzle(lexicon, me, opponent, rules, source, keep)
            out += [found] if found else []
        if first_move and ("jarnac" in kinds or "jarnacable" in kinds):
            out += jarnac_puzzles(lexicon, opponent, me, rules, source + " (had it passed)", kinds, keep)
        if "pass_or_play" in kinds:
            found = pass_or_play_puzzle(lexicon, me, opponent, rules, source, keep)
            out += [found] if found else []
    return out


def _states(record: GameRecord, lexicon: Lexicon) -> Iterator[tuple[int, GameState, bool]]:
    """Each action's number (from 1), the state before it, and whether it is a turn's first move."""
    states: list[tuple[GameState, bool]] = []

    def seen(game: Any, player: int, text: str, scores: tuple[int, int]) -> None:
        states.append((game.state, isinstance(game.actions[-1].action, (Draw, Exchange))))

    record.replay(lexicon, seen, check_end=False)
    for number, (state, first) in enumerate(states[:-1], start=2):
        yield number, state, first


def puzzles_from_record(
    record: GameRecord,
    lexicon: Lexicon | None = None,
    kinds: Sequence[str] = KINDS,
    keep: PuzzleFilter = DEFAULT_FILTER,
    source: str | None = None,
) -> list[Puzzle]:
    """Every puzzle of a game's record that passes ``keep``, in the order of the game, each position once
    per kind."""
    check_kinds(kinds)
    lex = lexicon if lexicon is not None else Lexicon.resolve(record.lexicon)
    name = source or (f"self-play {record.lexicon} seed {record.seed}" if record.seed is not None else "a game")
    out: list[Puzzle] = []
    seen: set[str] = set()
    for number, state, first in _states(record, lex):
        for puzzle in candidates(lex, state, record.rules, first, f"{name}, action {number}", kinds, keep):
            if puzzle.id not in seen:
                seen.add(puzzle.id)
                out.append(puzzle)
    return out


def check_kinds(kinds: Sequence[str]) -> None:
    """Refuse ``kinds`` unless it is a non-empty list of puzzle kinds (``KINDS``)."""
    if isinstance(kinds, str) or not kinds or any(k not in KINDS for k in kinds):
        raise InvalidInputError(f"kinds must be some of {', '.join(KINDS)}, not {kinds!r}")


@dataclass
class Harvest:
    """What :func:`self_play_puzzles` found: the puzzles kept and how many candidates were weighed."""

    puzzles: list[Puzzle] = field(default_factory=list)
    games: int = 0
    weighed: int = 0
    """Candidate puzzles cut before the filter (every kind)."""


def self_play_puzzles(
    lexicon: Lexicon,
    count: int,
    seed: int = 0,
    kinds: Sequence[str] = KINDS,
    keep: PuzzleFilter = DEFAULT_FILTER,
    rules: Rules | None = None,
    players: Sequence[str] = STRONG_PLAYERS,
    max_games: int = 1000,
) -> list[Puzzle]:
    """``count`` puzzles cut from self-play games seeded ``seed``, ``seed + 1``, ... (at most ``max_games``
    games: fewer puzzles when they run out). The same arguments give the same puzzles."""
    return harvest(lexicon, count, seed, kinds, keep, rules, players, max_games).puzzles


def harvest(
    lexicon: Lexicon,
    count: int,
    seed: int = 0,
    kinds: Sequence[str] = KINDS,
    keep: PuzzleFilter = DEFAULT_FILTER,
    rules: Rules | None = None,
    players: Sequence[str] = STRONG_PLAYERS,
    max_games: int = 1000,
) -> Harvest:
    """:func:`self_play_puzzles` with its counts (games played, candidates weighed before the filter)."""
    check_kinds(kinds)
    for name, value, top in (("count", count, 100_000), ("max_games", max_games, 1_000_000)):
        if not is_whole(value) or not 1 <= value <= top:
            raise InvalidInputError(f"{name} must be a whole number from 1 to {top:,}, not {value!r}")
    if not is_whole(seed):
        raise InvalidInputError(f"seed must be a whole number, not {seed!r}")
    rules = rules or Rules()
    found = Harvest()
    seen: set[str] = set()
    for game in range(max_games):
        record = play_game(lexicon, list(players), rules, seed=seed + game)
        found.games += 1
        everything = puzzles_from_record(record, lexicon, kinds, NO_FILTER)
        found.weighed += len(everything)
        for puzzle in everything:
            if puzzle.id in seen or not _passes(puzzle, keep):
                continue
            seen.add(puzzle.id)
            found.puzzles.append(puzzle)
            if len(found.puzzles) >= count:
                return found
    return found


def _passes(p: Puzzle, keep: PuzzleFilter) -> bool:
    """Whether a puzzle cut without a filter passes ``keep`` (the same tests as the cut's)."""
    if p.kind == "jarnacable":
        if p.answer == "yes":
            return p.value >= keep.min_swing_margin
        return len(p.opponent.rack_codes) >= keep.min_rack
    if p.options < keep.min_options:
        return False
    if p.kind == "jarnac":
        return p.margin >= keep.min_swing_margin and p.margin > 0
    if p.kind == "best_play":
        return p.unit == "words" or p.margin >= max(1, keep.min_points_margin)
    return p.margin >= max(1, keep.min_finish_margin)


# -- the daily puzzle --------------------------------------------------------------------------------------


def daily_puzzle(lexicon: Lexicon, date: dt.date | str, today: dt.date | None = None) -> Puzzle:
    """The puzzle of ``date`` (a date or ``YYYY-MM-DD``) on ``lexicon``: the same for everyone.

    Its kind turns with the days (:data:`KINDS`); its games' seed is read from the date and the lexicon's
    name. A date before :data:`DAILY_FIRST`, after :data:`DAILY_LAST` or after ``today`` + 1 day (the
    first time zones reach tomorrow first; default: today's UTC date) is refused naming the range.
    """
    day = _day(date)
    now = today or dt.datetime.now(dt.timezone.utc).date()
    last = min(DAILY_LAST, now + dt.timedelta(days=1))
    if not DAILY_FIRST <= day <= last:
        raise InvalidInputError(
            Reason(
                "practice.date_out_of_range",
                {"date": day.isoformat(), "first": DAILY_FIRST.isoformat(), "last": last.isoformat()},
            )
        )
    digest = hashlib.sha256(f"daily {lexicon.name} {day.isoformat()}".encode()).digest()
    seed = int.from_bytes(digest[:4], "big")
    first_kind = (day - DAILY_FIRST).days % len(KINDS)
    rng = random.Random(seed)
    for shift in range(len(KINDS)):
        kind = KINDS[(first_kind + shift) % len(KINDS)]
        found = harvest(lexicon, 3, seed, (kind,), DEFAULT_FILTER, max_games=DAILY_GAMES // len(KINDS))
        if found.puzzles:
            return rng.choice(found.puzzles)
    raise InvalidInputError(f"no puzzle found for {day.isoformat()} on {lexicon.name}")


def _day(date: dt.date | str) -> dt.date:
    if isinstance(date, dt.datetime):
        return date.date()
    if isinstance(date, dt.date):
        return date
    if isinstance(date, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", date.strip()):
        try:
            return dt.date.fromisoformat(date.strip())
        except ValueError:
            pass
    raise InvalidInputError(Reason("practice.date_malformed", {"given": repr(str(date)[:40])}))


# -- answers -----------------------------------------------------------------------------------------------

_YES = {"yes", "y", "oui", "o", "si", "sí", "s", "ja", "j"}
_NO = {"no", "n", "non", "nee"}
_PASS = {"pass", "passe", "passer", "paso", "pasar", "passen", "pas"}
_PLAY = {"play", "jouer", "joue", "jugar", "juego", "spelen", "speel"}


def parse_answer(puzzle: Puzzle, text: str) -> tuple[Move, ...] | str:
    """An answer read for ``puzzle``: the steals of a call, a move (one-tuple), ``pass``/``play``, ``yes``/
    ``no``; :class:`InvalidInputError` naming the part that cannot be read."""
    if not isinstance(text, str):
        raise InvalidInputError(f"an answer is written as text, not {type(text).__name__}")
    words = text.strip()
    if not words:
        raise InvalidInputError(Reason("practice.answer_empty"))
    if len(words) > 200:
        raise InvalidInputError("the answer is longer than 200 characters")
    low = words.casefold()
    if puzzle.kind == "jarnacable":
        if low in _YES:
            return "yes"
        if low in _NO:
            return "no"
        raise InvalidInputError(Reason("practice.answer_yes_no", {"answer": repr(words)}))
    if puzzle.kind == "pass_or_play":
        if low in _PASS:
            return "pass"
        if low in _PLAY:
            return "play"
        try:
            return (Move.parse(words, puzzle.me.alphabet),)
        except InvalidInputError:
            raise InvalidInputError(Reason("practice.answer_pass_play", {"answer": repr(words)})) from None
    parts = words.replace(",", " ").split()
    if parts and parts[0].casefold() == "jarnac":
        parts = parts[1:]
    if not parts:
        raise InvalidInputError("the answer names no move")
    if puzzle.kind == "best_play" and len(parts) != 1:
        raise InvalidInputError(f"the answer {words!r}: give one move, such as +WORD or 1:OLD+LETTERS=WORD")
    moves = []
    for i, part in enumerate(parts, start=1):
        if "+" not in part:  # no move at all: what to write, in the reader's language
            raise InvalidInputError(Reason("practice.answer_no_move", {"answer": repr(part)}))
        try:
            moves.append(Move.parse(part, puzzle.me.alphabet))
        except InvalidInputError as exc:
            where = "the answer" if len(parts) == 1 else f"the answer's steal {i}"
            raise InvalidInputError(f"{where} ({part!r}): {exc}") from None
    return tuple(moves)


def said_answer(puzzle: Puzzle) -> Value:
    """A puzzle's answer as a person reads it: yes, no, pass and play in the reader's language, a move as written."""
    if puzzle.answer in ("yes", "no", "pass", "play"):
        return Reason(f"practice.say_{puzzle.answer}")
    return puzzle.answer


@dataclass(frozen=True)
class Judgement:
    """An answer judged: right or wrong, what it is worth, and why the right answer is right."""

    right: bool
    answer: str
    """The answer as read (its notation)."""
    value: int | None
    """What it is worth in the puzzle's unit (``None``: a yes/no, pass/play side)."""
    puzzle: Puzzle

    def reason(self) -> Reason:
        """The verdict, said."""
        answer, why = said_answer(self.puzzle), self.puzzle.explanation()
        if self.right:
            verdict = Reason("practice.right")
        elif why.text().startswith(answer.text() if isinstance(answer, Reason) else str(answer)):
            verdict = Reason("practice.wrong_said")  # the explanation opens with the answer: said once
        else:
            verdict = Reason("practice.wrong", {"answer": answer})
        return Reason("practice.and", {"first": verdict, "second": why})

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``right``, the answer read, its value, the right answer and the explanation."""
        return {
            "puzzle": self.puzzle.id,
            "right": self.right,
            "answer": self.answer,
            "value": self.value,
            "expected": self.puzzle.answer,
            "said": self.reason().to_dict(),
        }


def judge(puzzle: Puzzle, answer: str, lexicon: Lexicon | None = None) -> Judgement:
    """Judge ``answer`` to ``puzzle`` by the exact solver: right when it is worth as much as the best.

    A malformed answer, or a move or call that is not legal here, raises :class:`InvalidInputError`
    naming the part (a legal answer that is not the best is *wrong*, not an error).
    """
    if not isinstance(puzzle, Puzzle):
        raise InvalidInputError(f"expected a Puzzle, not {type(puzzle).__name__}")
    read = parse_answer(puzzle, answer)
    lex = lexicon if lexicon is not None else Lexicon.resolve(puzzle.lexicon)
    if isinstance(read, str):
        return Judgement(read == puzzle.answer, read, None, puzzle)
    rules = puzzle.rules
    if puzzle.kind == "jarnac":
        steals = _named_steals(puzzle.opponent, read)
        try:
            call = call_value(lex, puzzle.opponent, puzzle.me, steals, rules)
        except IllegalMoveError as exc:
            raise InvalidInputError(f"the answer {' '.join(map(str, read))!r}: {exc}") from None
        return Judgement(call.swing >= puzzle.value, " ".join(map(str, steals)), call.swing, puzzle)
    move = read[0]
    if move.kind == "extend" and move.line_index is None:
        move = _named_steals(puzzle.me, (move,))[0]
    try:
        if puzzle.kind == "best_play":
            first = move_value(lex, puzzle.me, move, rules)
            return Judgement(first.words == puzzle.value and first.points >= puzzle.points, str(move), first.words,
                             puzzle)  # fmt: skip
        full = puzzle.me.push(move, rules, lex)
    except IllegalMoveError as exc:
        raise InvalidInputError(f"the answer {str(move)!r}: {exc}") from None
    if full.free_lines(rules) != 0:
        raise InvalidInputError(f"the answer {str(move)!r}: it does not fill your last line")
    outcome = [f for f in finishes(lex, puzzle.me, puzzle.opponent, rules) if f.move == move]
    margin = None if not outcome or outcome[0].open else outcome[0].margin
    passed = None if puzzle.open_side == "pass" else puzzle.value if puzzle.answer == "pass" else puzzle.next_value
    right = puzzle.answer == "play" and _outcome_key(margin) > _outcome_key(passed)
    return Judgement(right, str(move), margin, puzzle)


def _named_steals(passer: Tray, moves: Sequence[Move]) -> tuple[Move, ...]:
    """Moves whose extensions name no line given the first line holding their word that no earlier one took."""
    out: list[Move] = []
    taken: set[int] = set()
    for move in moves:
        if move.kind == "extend" and move.line_index is None:
            line = next((i for i, w in enumerate(passer.lines) if w == move.old and i not in taken), None)
            if line is None:
                raise InvalidInputError(f"the answer's move {move}: no line holds {move.old}")
            move = move._replace(line_index=line)
        if move.kind == "extend" and move.line_index is not None:
            taken.add(move.line_index)
        out.append(move)
    return tuple(out)
