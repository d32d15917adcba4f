"""Live games: a game's setting and its actions in, the game, its state and the computer's answers out.

Key idea: a game is its setting (:class:`GameSpec`) and the list of its
accepted actions, nothing else. That list is what the store keeps
(``store.py``, SQLite) and what these functions take: each rebuilds the
:class:`~jarnac_solver.game.game.Game` by pushing the actions again
(~10 µs an action: a whole game in a few ms), or takes it from a small
cache of the games this process last touched, checked against the list.
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
from dataclasses import dataclass

from ..budget import Deadline
from ..errors import IllegalActionError, InvalidInputError, JarnacError
from ..game.actions import CallJarnac, Decline, parse_action
from ..game.game import Game
from ..game.record import UNFINISHED, GameRecord
from ..lexicon.bag import BAGS, Bag
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from ..moves.rules import Rules
from ..planning.advice import DEPTHS, advise
from ..play.audit import result_reason
from ..play.players import PLAYERS, make_player

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

PERSON = "person"
"""The seat of a person (who acts through ``POST /api/games/{id}/actions``), beside the players' names."""
MAX_ACTIONS = 5000
"""The most actions a live game holds (``play_game``'s limit): a game still going is refused more."""
MAX_COMPUTER_ACTIONS = 400
"""The most actions the computer makes in one answer (its turns until a person is to act)."""
DEFAULT_THINK_MS = 1000.0
"""The computer's time for a decision unless the game says otherwise (cut to the server's ceiling)."""
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

Entry = tuple[int, str, str]
"""One accepted action as stored: (player 0/1, action in notation, tiles drawn as a record writes them)."""


@dataclass(frozen=True)
class GameSpec:
    """A live game's setting: what ``POST /api/games`` asked for, checked."""

    lexicon: str
    rules: Rules
    seed: int | None
    bag: str = ""
    players: tuple[str, str] = (PERSON, "planner")
    over_the_board: bool = False
    think_ms: float = DEFAULT_THINK_MS

    def to_dict(self) -> dict[str, Any]:
        """As stored (and shown): the rules as a preset name or options."""
        return {
            "lexicon": self.lexicon,
            "rules": self.rules.name_or_dict(),
            "seed": self.seed,
            "bag": self.bag,
            "players": list(self.players),
            "over_the_board": self.over_the_board,
            "think_ms": self.think_ms,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSpec:
        """Read :meth:`to_dict`'s form (from the store: trusted)."""
        return cls(
            data["lexicon"],
            Rules.from_dict(data["rules"]),
            data["seed"],
            data["bag"],
            (data["players"][0], data["players"][1]),
            data["over_the_board"],
            data["think_ms"],
        )

    def computer(self, who: int) -> bool:
        """True when seat ``who`` is the computer's."""
        return self.players[who] != PERSON


def new_spec(body: object, lexicons: tuple[str, ...], max_think_ms: float, seed: int) -> GameSpec:
    """The setting ``body`` (a request's JSON) asks for, or :class:`InvalidInputError` naming the bad field.

    ``lexicons``: those the server offers; ``max_think_ms``: its ceiling on the computer's time;
    ``seed``: the bag's order when the body gives none.

    >>> new_spec({"players": ["person", "greedy"], "seed": 3}, ("fr",), 500, 0).players
    ('person', 'greedy')
    >>> new_spec({"players": ["greedy", "planner"]}, ("fr",), 500, 0)
    Traceback (most recent call last):
    jarnac_solver.errors.InvalidInputError: players: one seat at least is a person's (the computer alone: `play`)
    """
    if not isinstance(body, dict):
        raise InvalidInputError("the body must be a JSON object: lexicon, rules, players, seed, over_the_board, ...")
    known = ("lexicon", "rules", "players", "seed", "bag", "over_the_board", "think_ms")
    for key in body:
        if key not in known:
            raise InvalidInputError(f"no field {key!r} (the fields: {', '.join(known)})")
    lexicon = body.get("lexicon", lexicons[0] if "fr" not in lexicons else "fr")
    lexicon = lexicon.lower() if isinstance(lexicon, str) else lexicon  # a bundled name in any case
    if not isinstance(lexicon, str) or lexicon not in lexicons:
        raise InvalidInputError(
            f"lexicon {lexicon!r}: this server offers the lexicons {', '.join(lexicons)} (by name; never a file)"
        )
    rules_value = body.get("rules", "sheet")
    if isinstance(rules_value, str):
        rules = Rules.preset(rules_value)
    elif isinstance(rules_value, dict):
        rules = Rules.from_dict(rules_value)
    else:
        raise InvalidInputError(f"rules must be a preset's name or an object of options, not {rules_value!r}")
    chosen = rules.lexicon_for(lexicon)  # the competitive rules' verbs: fr -> fr-competitive, as `play` does
    if chosen != lexicon and chosen not in lexicons:
        raise InvalidInputError(
            f"lexicon {lexicon!r}: these rules play {chosen!r}, which this server does not offer"
            f" (it offers {', '.join(lexicons)})"
        )
    lexicon = chosen
    players_value = body.get("players", [PERSON, "planner"])
    choices = ", ".join([PERSON, *PLAYERS])
    if (
        not isinstance(players_value, list)
        or len(players_value) != 2
        or not all(isinstance(p, str) and (p == PERSON or p in PLAYERS) for p in players_value)
    ):
        raise InvalidInputError(f"players must name two seats, each one of {choices}; not {players_value!r}")
    players = (str(players_value[0]), str(players_value[1]))
    if PERSON not in players:
        raise InvalidInputError("players: one seat at least is a person's (the computer alone: `play`)")
    over_the_board = body.get("over_the_board", False)
    if not isinstance(over_the_board, bool):
        raise InvalidInputError(f"over_the_board must be true or false, not {over_the_board!r}")
    if over_the_board and players != (PERSON, PERSON):
        raise InvalidInputError(
            "over_the_board: a game played with real tiles is two people's (the computer cannot draw them)"
        )
    given_seed = body.get("seed")
    if given_seed is not None and (isinstance(given_seed, bool) or not isinstance(given_seed, int)):
        raise InvalidInputError(f"seed must be a whole number, not {given_seed!r}")
    if given_seed is not None and over_the_board:
        raise InvalidInputError("seed: a game over the board has none (the tiles drawn at the table are given)")
    if given_seed is not None and not 0 <= given_seed < 2**63:
        raise InvalidInputError(f"seed must be from 0 to 2^63 - 1, not {given_seed}")
    bag = body.get("bag", "")
    if not isinstance(bag, str) or (bag and bag not in BAGS):
        raise InvalidInputError(f"bag {bag!r}: the service offers the built-in bags {', '.join(BAGS)}")
    think = body.get("think_ms", min(DEFAULT_THINK_MS, max_think_ms))
    if isinstance(think, bool) or not isinstance(think, (int, float)) or not think > 0:
        raise InvalidInputError(f"think_ms must be a positive number of milliseconds, not {think!r}")
    return GameSpec(
        lexicon,
        rules,
        None if over_the_board else (seed if given_seed is None else given_seed),
        bag,
        players,
        over_the_board,
        float(min(think, max_think_ms)),
    )


# -- rebuilding a game ---------------------------------------------------------------------------

_CACHE: collections.OrderedDict[str, Game] = collections.OrderedDict()
"""The games this process last touched, by id (a worker answering a game's requests in turn replays nothing)."""
CACHE_SIZE = 64


def _new_game(spec: GameSpec) -> Game:
    lexicon = Lexicon.load(spec.lexicon)
    bag = Bag.load(spec.bag) if spec.bag else None
    return Game(lexicon, spec.rules, bag, spec.seed, over_the_board=spec.over_the_board)


def _push(game: Game, entry: Entry, over_the_board: bool) -> None:
    who, text, drew = entry
    if game.state.to_act != who:
        raise IllegalActionError(f"{'AB'[who]} is not to act")
    # Over the board, the braces are the draw (after "B:" when the other player drew), as in a record.
    game.push(parse_action(text, game.alphabet), drawn=drew.split(":")[-1] if over_the_board else None)


def rebuild(game_id: str, spec: GameSpec, entries: list[Entry]) -> Game:
    """The game ``entries`` have made of ``spec``: from the cache when it is that game, else replayed."""
    game = _CACHE.get(game_id)
    if game is not None and _matches(game, entries):
        _CACHE.move_to_end(game_id)
        return game
    game = _new_game(spec)
    for entry in entries:
        _push(game, entry, spec.over_the_board)
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
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)


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
    game_id: str, spec: GameSpec, entries: list[Entry], text: str, drew: str | None, player: str | None
) -> dict[str, Any]:
    """A person's action pushed on the game ``entries`` make: ``{"entry", "played"}`` (the stored form and
    what it did), or :class:`IllegalActionError` / :class:`InvalidInputError` with the game unchanged.

    ``player`` (``"A"`` or ``"B"``), when given, must be the one to act; ``drew``: the tiles drawn at
    the table (a game over the board; required when the action draws).
    """
    game = rebuild(game_id, spec, entries)
    s = game.state
    if game.is_over():
        raise IllegalActionError(f"the game is over ({s.result})")
    if len(entries) >= MAX_ACTIONS:
        raise IllegalActionError(f"the game holds {MAX_ACTIONS} actions, the most a live game keeps")
    who = s.to_act
    if player is not None and player != "AB"[who]:
        raise IllegalActionError(f"{player} is not to act: {'AB'[who]} is ({s.phase} phase)")
    if spec.computer(who):
        raise IllegalActionError(f"{'AB'[who]} is the computer ({spec.players[who]}); it answers on its own")
    written = _WRITTEN_DRAW.match(text)
    if written is not None and drew is None:  # "draw {RATESE}": the record's own way of writing a draw
        text, drew = written[1], written[2].strip()
    if drew is not None and not spec.over_the_board:
        raise InvalidInputError("drew: only a game over the board gives the tiles drawn (here the bag draws them)")
    action = parse_action(text, game.alphabet)
    window = _window(game) if s.phase == "jarnac" else None
    before = game.scores()
    game.push(action, drawn=drew if spec.over_the_board else None)
    played = _played(game, before)
    if window is not None:
        played["best_call"] = window
    return {"entry": _entry(game), "played": played, "over": game.is_over()}


def computer_turns(game_id: str, spec: GameSpec, entries: list[Entry]) -> dict[str, Any]:
    """The computer's actions from the game ``entries`` make until a person is to act or the game ends
    (at most :data:`MAX_COMPUTER_ACTIONS`): ``{"turns": [{"entry", "played"}, ...], "over"}``, pushed on
    the cached game."""
    game = rebuild(game_id, spec, entries)
    answers: list[dict[str, Any]] = []
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
    return document


def _window(game: Game) -> dict[str, Any]:
    """The best call of the Jarnac window the player to act decides on (shown once it has decided)."""
    game.clock = Deadline(2.0)
    try:
        return game.best_call("swing").to_dict()
    finally:
        game.clock = None


def state(game: Game, spec: GameSpec) -> dict[str, Any]:
    """The table as both players see it (never the bag's order: no seed until the game is over)."""
    s = game.state
    over = game.is_over()
    winner = game.winner()
    return {
        "players": list(spec.players),
        "over_the_board": spec.over_the_board,
        "seed": spec.seed if over else None,
        "think_ms": spec.think_ms,
        "phase": s.phase,
        "turn": s.turn,
        "to_act": None if over else "AB"[s.to_act],
        "player": "AB"[s.player],
        "accepts": _accepts(game),
        "trays": [tray.to_dict() for tray in s.trays],
        "scores": list(game.scores()),
        "bag": len(s.bag),
        "unseen": game.alphabet.decode(tuple(sorted(s.bag))),
        "formed": [i + 1 for i in s.formed_indexes],
        "disputed": str(s.disputed[0]) if s.disputed is not None else None,
        "actions": len(game.actions),
        "over": over,
        "result": s.result,
        "result_reason": _result_reason(s.result),
        "winner": None if not over or winner is None else "AB"[winner],
    }


def _result_reason(result: str) -> dict[str, Any] | None:
    """How the game ended as a reason (its code and values, its text in the request's language)."""
    if not result:
        return None
    said = result_reason(result)
    return said.to_dict() if isinstance(said, Reason) else Reason("audit_result_text", {"result": said}).to_dict()


def _accepts(game: Game) -> list[str]:
    """The kinds of action the player to act may take now: an exchange only when the rack and the bag
    hold enough letters (found by a newcomer: the page offered one with a single letter left)."""
    s = game.state
    kinds = PHASE_ACTIONS[s.phase]
    if "exchange" in kinds:
        n = game.rules.exchange_size
        if len(s.trays[s.to_act].rack_codes) < n or len(s.bag) < n:
            kinds = [k for k in kinds if k != "exchange"]
    return list(kinds)


def current_state(game_id: str, spec: GameSpec, entries: list[Entry]) -> dict[str, Any]:
    """:func:`state` of the game ``entries`` make."""
    return state(rebuild(game_id, spec, entries), spec)


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
    if not game.is_over():
        made.seed = None
        made.result = UNFINISHED
    return made


_CALLS: dict[str, Callable[..., Any]] = {
    "start": start,
    "apply": apply,
    "computer_turns": computer_turns,
    "state": current_state,
    "advice": advice,
    "record": record,
}


def guarded(name: str, *args: Any) -> tuple[bool, Any]:
    """``(True, answer)`` of the call ``name`` (a key of this module's calls), or ``(False, (status, type,
    message))`` for a refusal: an illegal action is 409, any other bad value 400. Made for a worker
    process: a library exception is returned as text, never pickled (some take keyword arguments)."""
    try:
        return True, _CALLS[name](*args)
    except IllegalActionError as exc:
        return False, (409, type(exc).__name__, exc.message())
    except JarnacError as exc:
        return False, (400, type(exc).__name__, exc.message())
