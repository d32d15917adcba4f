"""Live games: a game's setting and its actions in, the game, its state and the computer's answers out.

Key idea: a game is its setting (:class:`GameSpec`) and the list of its
accepted actions, nothing else. That list is what the store keeps
(``store.py``, SQLite) and what these functions take: each rebuilds the
:class:`~jarnac_solver.game.game.Game` as its record replays
(:meth:`~jarnac_solver.game.record.GameRecord.replay`: each action pushed
again and its draw checked, a whole game in a few ms), or takes it from a
small cache of the games this process last touched, checked against the
list. A lexicon is loaded once a process and shared by its games, so a
cached game holds its state alone (~26 KB a game a few turns in).
So the functions are plain, picklable calls that run in any worker
process of the service's pool, and a server killed and started again
holds every game it had accepted.

The computer's decisions are reproducible whatever process makes them: its
player is made afresh for each decision, seeded by the game's seed and the
number of actions so far, never by a state a restart would lose.
"""

from __future__ import annotations

import collections
import re
import time

from ..budget import Deadline
from ..errors import IllegalActionError, InvalidInputError, JarnacError
from ..game.actions import CallJarnac, Decline, Dispute, Play, parse_action
from ..game.game import Game
from ..game.record import UNFINISHED, GameRecord
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..messages import Reason, Value
from ..planning.advice import DEPTHS, advise
from ..play.audit import result_reason
from ..play.players import make_player
from .contract import MAX_ACTIONS
from .spec import (
    DAY_S,
    ENDINGS,
    NOT_OFFERED,
    OUT_OF_TIME,
    RESIGN,
    Entry,
    GameSpec,
    correspondence,
    ending,
    new_spec,
    played_entries,
    same_action,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = [  # the setting and entries of a game (.spec), told here with the calls on them
    "DAY_S",
    "ENDINGS",
    "NOT_OFFERED",
    "OUT_OF_TIME",
    "RESIGN",
    "Entry",
    "GameSpec",
    "advice",
    "apply",
    "computer_turns",
    "correspondence",
    "current_state",
    "ending",
    "guarded",
    "lexicon",
    "new_spec",
    "played_entries",
    "rebuild",
    "record",
    "same_action",
    "start",
    "state",
    "time_over",
]

MAX_COMPUTER_ACTIONS = 400
"""The most actions the computer makes in one answer (its turns until a person is to act)."""
PHASE_ACTIONS = {
    "opening": ["draw"],
    "start": ["draw", "exchange"],
    "play": ["play", "pass"],
    "jarnac": ["jarnac", "decline"],
    "dispute": ["dispute", "accept"],
    "over": [],
}
"""The kinds of action each phase accepts (the notation of :mod:`jarnac_solver.game.actions`)."""

_WRITTEN_DRAW = re.compile(r"^(.*?)\s*\{([^}]*)\}\s*$")

# -- rebuilding a game ---------------------------------------------------------------------------

_CACHE: collections.OrderedDict[str, Game] = collections.OrderedDict()
"""The games this process last touched, by id (a worker answering a game's requests in turn replays nothing)."""
CACHE_SIZE = 64
"""The most games a process keeps."""
CACHE_ACTIONS = 20_000
"""The most actions its kept games hold together: a game's memory grows with its actions (~1.3 KB an action
measured, a finished game of ~180 actions ~235 KB), so ~26 MB a process at most, however long the games."""


_LEXICONS: dict[str, Lexicon] = {}
"""The lexicons this process has loaded, by name: one object each, shared by every game. A lexicon loaded
per game kept its own compiled walk's scratch and word caches (~3.5 MB a game); shared, a cached game
is its state alone."""


def lexicon(name: str) -> Lexicon:
    """The bundled lexicon ``name``, loaded once in this process."""
    found = _LEXICONS.get(name)
    if found is None:
        found = _LEXICONS[name] = Lexicon.load(name)
    return found


def _new_game(spec: GameSpec) -> Game:
    lexicon_ = lexicon(spec.lexicon)
    bag = Bag.load(spec.bag) if spec.bag else None
    return Game(lexicon_, spec.rules, bag, spec.seed, over_the_board=spec.over_the_board)


class WrongSeatError(JarnacError):
    """A seat's key given for a seat that is not to act (the service answers 403, the game unchanged)."""


class FieldFault(Exception):
    """A library error about one part of a person's request: ``error``, and the ``field`` it names (the body's
    ``action``, ``player``, ``drew``, or the ``X-Seat-Key`` header), which the refusal carries."""

    def __init__(self, error: JarnacError, field: str) -> None:
        super().__init__(str(error))
        self.error = error
        self.field = field


class StoredGameError(JarnacError):
    """A stored game whose actions do not replay (a damaged row): the service answers a 500 naming it."""


def rebuild(game_id: str, spec: GameSpec, entries: list[Entry]) -> Game:
    """The game ``entries`` have made of ``spec``: from the cache when it is that game, else replayed as
    its record replays (:meth:`~jarnac_solver.game.record.GameRecord.replay`, each draw checked)."""
    entries = played_entries(entries)
    game = _CACHE.get(game_id)
    if game is not None and _matches(game, entries):
        _remember(game_id, game)  # the last touched, and the bound kept as the game grew
        return game
    record = GameRecord(spec.lexicon, spec.rules, spec.seed, spec.bag, spec.players, list(entries))
    try:
        game = record.replay(lexicon(spec.lexicon), check_end=False)
    except JarnacError as exc:
        raise StoredGameError(f"game {game_id!r}: its stored actions do not replay ({exc})") from None
    _remember(game_id, game)
    return game


def _matches(game: Game, entries: list[Entry]) -> bool:
    if len(game.actions) != len(entries):
        return False
    if not entries:
        return True
    last = game.actions[-1]
    return (last.player, str(last.action), game.drawn_text(last)) == entries[-1]


def _remember(game_id: str, game: Game) -> None:
    _CACHE[game_id] = game
    _CACHE.move_to_end(game_id)
    held = sum(len(kept.actions) for kept in _CACHE.values())
    while len(_CACHE) > 1 and (len(_CACHE) > CACHE_SIZE or held > CACHE_ACTIONS):
        _, dropped = _CACHE.popitem(last=False)
        held -= len(dropped.actions)


def _entry(game: Game) -> Entry:
    played = game.actions[-1]
    return (played.player, str(played.action), game.drawn_text(played))


# -- the calls the service makes (each in a worker) ----------------------------------------------


def start(game_id: str, spec: GameSpec) -> dict[str, Any]:
    """Check that ``spec`` makes a game (its lexicon and bag load) and answer its state."""
    game = _new_game(spec)
    _remember(game_id, game)
    return state(game, spec)


def apply(
    game_id: str,
    spec: GameSpec,
    entries: list[Entry],
    text: str,
    drew: str | None,
    player: str | None,
    keyed: bool = False,
) -> dict[str, Any]:
    """A person's action pushed on the game ``entries`` make: ``{"entry", "played"}`` (the stored form and
    what it did), or :class:`IllegalActionError` / :class:`InvalidInputError` with the game unchanged.

    ``player`` (``"A"`` or ``"B"``), when given, must be the one to act; ``drew``: the tiles drawn at
    the table (a game over the board; required when the action draws). ``keyed``: ``player`` is the seat
    whose key the request holds, so another seat to act is :class:`WrongSeatError`, not a turn's fault.
    """
    game = rebuild(game_id, spec, entries)
    s = game.state
    ended = ending(entries)
    if ended is not None:
        how = Reason("result_resigned" if ended[1] == RESIGN else "result_out_of_time", {"player": "AB"[ended[0]]})
        raise IllegalActionError(Reason("refused_game_over", {"result": how}))
    if game.is_over():
        raise IllegalActionError(Reason("refused_game_over", {"result": result_reason(s.result)}))
    if len(entries) >= MAX_ACTIONS:
        raise IllegalActionError(Reason("refused_most_actions", {"most": MAX_ACTIONS}))
    who = s.to_act
    turn: dict[str, Value] = {"seat": player or "", "to_act": "AB"[who], "phase": Reason(f"phase_{s.phase}")}
    if keyed and player != "AB"[who]:
        raise FieldFault(WrongSeatError(Reason("refused_seat_not_to_act", turn)), "X-Seat-Key")
    if player is not None and player != "AB"[who]:
        raise FieldFault(IllegalActionError(Reason("refused_player_not_to_act", turn)), "player")
    if spec.computer(who):
        raise IllegalActionError(Reason("refused_computer_to_act", {"seat": "AB"[who], "player": spec.players[who]}))
    written = _WRITTEN_DRAW.match(text)
    if written is not None and drew is None:  # "draw {RATESE}": the record's own way of writing a draw
        text, drew = written[1], written[2].strip()
    if drew is not None and not spec.over_the_board:
        raise FieldFault(InvalidInputError(Reason("refused_drew_not_over_the_board")), "drew")
    window = _window(game) if s.phase == "jarnac" else None
    before = game.scores()
    try:  # the action the game refuses as it stands, or cannot read: the body's action at fault
        game.push(parse_action(text, game.alphabet), drawn=drew if spec.over_the_board else None)
    except JarnacError as exc:
        raise FieldFault(exc, "action") from None
    played = _played(game, before)
    if window is not None:
        played["best_call"] = window
    _remember(game_id, game)  # grown by an action: the cache's bound kept
    return {"entry": _entry(game), "played": played, "over": game.is_over()}


def time_over(game_id: str, spec: GameSpec, entries: list[Entry], elapsed: float) -> dict[str, Any]:
    """The person to act, ``elapsed`` seconds into their decision, past its limit (:meth:`GameSpec.limit`):
    the rules' time-over action pushed for them (a pass, a declined Jarnac, an accepted word, the start's
    draw: :meth:`~jarnac_solver.game.game.Game.time_over_action`), as :func:`apply` answers it;
    ``{"entry": None}`` when there is no limit, it is not past, or the game is over."""
    game = rebuild(game_id, spec, entries)
    limit = spec.limit(game.state.phase)
    if (
        ending(entries) is not None
        or game.is_over()
        or spec.computer(game.state.to_act)
        or limit is None
        or elapsed <= limit
    ):
        return {"entry": None, "played": None, "over": game.is_over()}
    before = game.scores()
    game.push(game.time_over_action())
    played = _played(game, before)
    played["time_over"] = True
    _remember(game_id, game)
    return {"entry": _entry(game), "played": played, "over": game.is_over()}


def computer_turns(game_id: str, spec: GameSpec, entries: list[Entry]) -> dict[str, Any]:
    """The computer's actions from the game ``entries`` make until a person is to act or the game ends
    (at most :data:`MAX_COMPUTER_ACTIONS`): ``{"turns": [{"entry", "played"}, ...], "over"}``, pushed on
    the cached game."""
    game = rebuild(game_id, spec, entries)
    answers: list[dict[str, Any]] = []
    if ending(entries) is not None:
        return {"turns": answers, "over": True}
    think = spec.think_ms / 1000
    if spec.rules.think_seconds is not None:
        think = min(think, spec.rules.think_seconds)
    while not game.is_over() and spec.computer(game.state.to_act) and len(answers) < MAX_COMPUTER_ACTIONS:
        if len(game.actions) >= MAX_ACTIONS:
            break
        who = game.state.to_act
        # Made afresh for each decision, seeded by the position in the game: reproducible across restarts.
        actor = make_player(spec.players[who], (spec.seed or 0) * 2 + who + 7919 * len(game.actions))
        game.clock = Deadline(think)
        started = time.monotonic()
        try:
            action = actor.choose(game.view())
        finally:
            game.clock = None
        if time.monotonic() - started > think * 2 + 1:  # far past its time: the rules' time-over action
            action = game.time_over_action()
        before = game.scores()
        game.push(action)
        answers.append({"entry": _entry(game), "played": _played(game, before)})
    _remember(game_id, game)
    return {"turns": answers, "over": game.is_over()}


def _played(game: Game, before: tuple[int, int]) -> dict[str, Any]:
    played = game.actions[-1]
    who = played.player
    after = game.scores()
    document: dict[str, Any] = {
        "player": "AB"[who],
        "action": str(played.action),
        "drew": game.drawn_text(played),
        "scores": list(after),
        "gained": after[who] - before[who],
    }
    if isinstance(played.action, CallJarnac):
        document["lost"] = before[1 - who] - after[1 - who]
    if isinstance(played.action, Decline):
        document["lost"] = 0
    if isinstance(played.action, Dispute) and len(game.actions) >= 2:
        # The word disputed (the move just before) and whether the lexicon upheld it, so a page says which
        # word was refused and why (docs/rules.md#disputes: a word not in the lexicon is taken back).
        disputed = game.actions[-2].action
        if isinstance(disputed, Play):
            document["word"] = disputed.move.word
            document["stands"] = disputed.move.word in game.lexicon
    if game.state.phase == "dispute":
        # Competitive rules: a word is not checked when played; the other player may dispute it, and a
        # non-word is a bluff the dispute catches. Accepted (200), never refused as illegal (409).
        document["disputable"] = True
    return document


def _window(game: Game) -> dict[str, Any]:
    """The best call of the Jarnac window the player to act decides on (shown once it has decided)."""
    game.clock = Deadline(2.0)
    try:
        return game.best_call("swing").to_dict()
    finally:
        game.clock = None


def _ending_text(ended: tuple[int, str]) -> str:
    who, kind = ended
    return f"{'AB'[who]} resigned" if kind == RESIGN else f"{'AB'[who]} ran out of time"


def state(game: Game, spec: GameSpec, ended: tuple[int, str] | None = None) -> dict[str, Any]:
    """The table as both players see it (never the bag's order: no seed until the game is over); ``ended``:
    how it ended outside its rules' play (:func:`ending`), the other seat the winner whatever the scores."""
    s = game.state
    over = game.is_over() or ended is not None
    winner = game.winner() if ended is None else 1 - ended[0]
    result, result_reason = s.result, _result_reason(s.result)
    if ended is not None:
        result = _ending_text(ended)
        code = "result_resigned" if ended[1] == RESIGN else "result_out_of_time"
        result_reason = Reason(code, {"player": "AB"[ended[0]]}).to_dict()
    return {
        "players": list(spec.players),
        "names": list(spec.names),
        "claimed": [spec.claimed(0), spec.claimed(1)],
        "seats": spec.seats,
        "hints": spec.hints,
        "window_s": spec.window_seconds() if spec.invited else None,
        "over_the_board": spec.over_the_board,
        "seed": spec.seed if over else None,
        "commitment": game.commitment,
        "think_ms": spec.think_ms,
        "phase": "over" if ended is not None else s.phase,
        "turn": s.turn,
        "to_act": None if over else "AB"[s.to_act],
        "player": "AB"[s.player],
        "accepts": [] if ended is not None else _accepts(game),
        "trays": [tray.to_dict() for tray in s.trays],
        "scores": list(game.scores()),
        "bag": len(s.bag),
        "unseen": game.alphabet.decode(tuple(sorted(s.bag))),
        "formed": [i + 1 for i in s.formed_indexes],
        "disputed": str(s.disputed[0]) if s.disputed is not None else None,
        "actions": len(game.actions),
        "over": over,
        "result": result,
        "result_reason": result_reason,
        "winner": None if not over or winner is None else "AB"[winner],
        "ending": None if ended is None else {"player": "AB"[ended[0]], "kind": ended[1]},
        "rematch": {"offered_by": spec.rematch[0] or None, "game": spec.rematch[1] or None},
    }


def _result_reason(result: str) -> dict[str, Any] | None:
    """How the game ended as a reason (its code and values, its text in the request's language)."""
    if not result:
        return None
    said = result_reason(result)
    return said.to_dict() if isinstance(said, Reason) else Reason("audit_result_text", {"result": said}).to_dict()


def _accepts(game: Game) -> list[str]:
    """The kinds of action the player to act may take now: an exchange only when the rack and the bag
    hold enough letters (the page offers no exchange it would refuse)."""
    s = game.state
    kinds = PHASE_ACTIONS[s.phase]
    if "exchange" in kinds:
        n = game.rules.exchange_size
        if len(s.trays[s.to_act].rack_codes) < n or len(s.bag) < n:
            kinds = [k for k in kinds if k != "exchange"]
    return list(kinds)


def current_state(game_id: str, spec: GameSpec, entries: list[Entry]) -> dict[str, Any]:
    """:func:`state` of the game ``entries`` make."""
    return state(rebuild(game_id, spec, entries), spec, ending(entries))


def advice(
    game_id: str,
    spec: GameSpec,
    entries: list[Entry],
    budget_s: float,
    top: int,
    depth: str,
    familiar: bool = False,
) -> dict[str, Any]:
    """What the player to act should do (:func:`~jarnac_solver.planning.advice.advise` within ``budget_s``;
    ``familiar``: familiar words first, the ``familiarity`` extra)."""
    if depth not in DEPTHS:
        raise InvalidInputError(f"depth must be one of {', '.join(DEPTHS)}, not {depth!r}")
    game = rebuild(game_id, spec, entries)
    familiarity = None
    if familiar:
        from ..lexicon.familiarity import Familiarity

        familiarity = Familiarity.for_lexicon(game.lexicon)
    found = advise(game, top, budget=budget_s, depth=depth, familiarity=familiarity)
    return {
        "player": None if game.is_over() else "AB"[game.state.to_act],
        "advice": found.to_dict(),
        "hints": [o.hint.to_dict() for o in found.options if o.hint is not None],
    }


def record(game_id: str, spec: GameSpec, entries: list[Entry]) -> GameRecord:
    """The game's record; while a game against the computer is going on, its draws written out instead of
    its seed (the seed tells the bag's order), so the record replays as a game over the board."""
    game = rebuild(game_id, spec, entries)
    names = (spec.players[0], spec.players[1])
    made = GameRecord.of(game, names)
    if ending(entries) is not None:  # resigned, or out of time: the play stopped there, the bag may be told
        made.result = UNFINISHED
    elif not game.is_over():
        made.seed = None
        made.result = UNFINISHED
    return made


_CALLS: dict[str, Callable[..., Any]] = {
    "start": start,
    "apply": apply,
    "computer_turns": computer_turns,
    "time_over": time_over,
    "state": current_state,
    "advice": advice,
    "record": record,
}


def guarded(name: str, *args: Any) -> tuple[bool, Any]:
    """``(True, answer)`` of the call ``name`` (a key of this module's calls), or ``(False, (status, type,
    message[, field]))`` for a refusal (``field``: the part of the request at fault, a :class:`FieldFault`'s):
    an illegal action is 409, any other bad value 400. Made for a worker
    process: a library exception is returned as text, never pickled (some take keyword arguments)."""
    try:
        return True, _CALLS[name](*args)
    except FieldFault as exc:
        return False, (*_refusal(exc.error), exc.field)
    except JarnacError as exc:
        return False, _refusal(exc)


def _refusal(exc: JarnacError) -> tuple[int, str, str]:
    if isinstance(exc, StoredGameError):
        return 500, "DamagedGameError", str(exc)
    if isinstance(exc, WrongSeatError):
        return 403, "WrongSeat", exc.message()
    if isinstance(exc, IllegalActionError):
        return 409, type(exc).__name__, exc.message()
    return 400, type(exc).__name__, exc.message()
