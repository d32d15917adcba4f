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
import dataclasses
import re
import time
from dataclasses import dataclass

from ..budget import Deadline
from ..errors import IllegalActionError, InvalidInputError, JarnacError
from ..game.actions import CallJarnac, Decline, Dispute, Play, parse_action
from ..game.game import Game
from ..game.record import UNFINISHED, GameRecord
from ..lexicon.bag import Bag
from ..lexicon.lexicon import Lexicon
from ..messages import Reason
from ..moves.rules import Rules
from ..planning.advice import DEPTHS, advise
from ..play.audit import result_reason
from ..play.offered import GAME_SECONDS, not_offered, offered_players
from ..play.players import make_player
from .contract import (
    DAYS,
    DEFAULT_THINK_MS,
    DEFAULT_WINDOW_S,
    HOTSEAT,
    INVITE,
    KEYED_SEATS,
    MAX_ACTIONS,
    PERSON,
    BodyError,
    Fault,
    Offer,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

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

Entry = tuple[int, str, str]
"""One accepted action as stored: (player 0/1, action in notation, tiles drawn as a record writes them)."""

RESIGN = "resign"
"""The last entry of a game a person resigned: ``(the seat that resigned, "resign", "")``."""
OUT_OF_TIME = "out of time"
"""The last entry of a game days a move whose seat to act ran out of time (its bank spent)."""
ENDINGS = (RESIGN, OUT_OF_TIME)
"""The entries that end a game outside its rules' play: stored as its last action, so the key ``(game, n)``
serialises them with the actions (an action and a resignation racing for one number: one is kept), and
never replayed (the engine's game stops before them; :func:`ending` says how it ended)."""


def ending(entries: list[Entry]) -> tuple[int, str] | None:
    """How a game ended outside its rules' play: ``(seat, kind)`` of its last entry when it is one of
    :data:`ENDINGS` (the seat that resigned or ran out of time), else ``None``.

    >>> ending([(0, "draw", "E"), (1, "resign", "")]), ending([(0, "draw", "E")])
    ((1, 'resign'), None)
    """
    if entries and entries[-1][1] in ENDINGS:
        return entries[-1][0], entries[-1][1]
    return None


DAY_S = 86_400.0
"""A day, in seconds."""


def correspondence(
    spec: GameSpec, entries: list[Entry], times: list[float], to_act: str | None, now: float
) -> dict[str, Any] | None:
    """The clock of a game days a move (``None`` for a live game): each decision has ``days`` days, and a
    decision that takes longer spends the rest from its seat's bank (``days`` days more at the start).
    ``times``: when the game was made and each action committed (:meth:`~.store.GameStore.times`); the
    seat to act (``to_act``) runs out of time at ``deadline`` (none for the computer or a seat no device
    holds yet). Each action is charged to its actor, from the action before it.

    >>> spec = GameSpec("en", Rules(), 1, players=("person", "person"), days=1)
    >>> clock = correspondence(spec, [(0, "draw", "E")], [0.0, 1.5 * DAY_S], "B", 2 * DAY_S)
    >>> clock["bank_s"] == [0.5 * DAY_S, DAY_S], clock["left_s"] == 1.5 * DAY_S, clock["deadline"] == 3.5 * DAY_S
    (True, True, True)
    """
    if spec.days is None:
        return None
    allowance = spec.days * DAY_S
    bank = [allowance, allowance]
    for i, (who, _, _) in enumerate(entries[: len(times) - 1]):
        bank[who] = max(0.0, bank[who] - max(0.0, times[i + 1] - times[i] - allowance))
    clock: dict[str, Any] = {"to_act": to_act, "phase": None, "days": spec.days, "limit_s": allowance}
    clock["bank_s"] = bank
    deadline = None
    if to_act is not None and times:
        who = "AB".index(to_act)
        if not spec.computer(who) and spec.claimed(who):
            deadline = times[-1] + allowance + bank[who]
    clock["deadline"] = deadline
    clock["left_s"] = None if deadline is None else max(0.0, deadline - now)
    return clock


def played_entries(entries: list[Entry]) -> list[Entry]:
    """The entries the engine replays: all but an ending."""
    return entries[:-1] if ending(entries) is not None else entries


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
    seat_digests: tuple[str, str] | None = None
    """A game between invited people: the SHA-256 digests of seat A's and B's keys (``seats.py``), ``""``
    for a seat its invitation has not opened yet; ``None``: anyone with the game's id acts for its person
    (the games of one person, as before)."""
    hints: bool = True
    """Whether the advice is given (a game option both players see)."""
    window_s: float | None = None
    """Between invited people: the seconds the opponent has to call a Jarnac after a pass (``None``: the
    rules' clock, else :data:`~.contract.DEFAULT_WINDOW_S`)."""
    expires: float | None = None
    """An invitation: the time (seconds since the epoch) after which a game seat B never acted in is gone."""
    hotseat: bool = False
    """Two invited people on one device passed between them (``"seats": "hotseat"``)."""
    names: tuple[str, str] = ("", "")
    """The names the people gave (checked: ``contract.person_name``), ``""`` for none given yet."""
    days: int | None = None
    """A game days a move (:data:`~.contract.DAYS`): each seat has that many days a decision and a bank of
    as many more, spent by the decisions that overrun; ``None``: live (the rules' clock, if any)."""
    rematch: tuple[str, str] = ("", "")
    """A finished game between people: the seat that offered a rematch (``""``: none), and the rematch's id
    once the other seat accepted it."""

    def with_seat(self, seat: int, key_digest: str, name: str | None = None) -> GameSpec:
        """This setting with seat ``seat`` (0: A, 1: B) held by the key of ``key_digest`` (and named ``name``)."""
        assert self.seat_digests is not None
        digests = list(self.seat_digests)
        digests[seat] = key_digest
        names = list(self.names)
        if name is not None:
            names[seat] = name
        return dataclasses.replace(self, seat_digests=(digests[0], digests[1]), names=(names[0], names[1]))

    def claimed(self, seat: int) -> bool:
        """Whether seat ``seat``'s key is held (always, but for an invitation not yet answered)."""
        return self.seat_digests is None or bool(self.seat_digests[seat])

    def to_dict(self) -> dict[str, Any]:
        """As stored: the rules as a preset name or options; an invitation's key digests, never its keys."""
        stored: dict[str, Any] = {
            "lexicon": self.lexicon,
            "rules": self.rules.name_or_dict(),
            "seed": self.seed,
            "bag": self.bag,
            "players": list(self.players),
            "over_the_board": self.over_the_board,
            "think_ms": self.think_ms,
        }
        if self.seat_digests is not None:
            stored["seat_digests"] = list(self.seat_digests)
            stored["window_s"] = self.window_s
            stored["expires"] = self.expires
        if not self.hints:
            stored["hints"] = False
        if self.hotseat:
            stored["hotseat"] = True
        if any(self.names):
            stored["names"] = list(self.names)
        if any(self.rematch):
            stored["rematch"] = list(self.rematch)
        if self.days is not None:
            stored["days"] = self.days
        return stored

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
            (str(data["seat_digests"][0]), str(data["seat_digests"][1])) if data.get("seat_digests") else None,
            bool(data.get("hints", True)),
            data.get("window_s"),
            data.get("expires"),
            bool(data.get("hotseat", False)),
            (str(data["names"][0]), str(data["names"][1])) if data.get("names") else ("", ""),
            int(data["days"]) if data.get("days") is not None else None,
            (str(data["rematch"][0]), str(data["rematch"][1])) if data.get("rematch") else ("", ""),
        )

    def rematched(self, seed: int) -> GameSpec:
        """The rematch's setting: the same options, the seats swapped (each key and name with its person:
        each device plays on with its key), a new seed; no invitation (both seats are held)."""
        digests = None if self.seat_digests is None else (self.seat_digests[1], self.seat_digests[0])
        return dataclasses.replace(
            self,
            seed=None if self.over_the_board else seed,
            players=(self.players[1], self.players[0]),
            seat_digests=digests,
            expires=None,
            names=(self.names[1], self.names[0]),
            rematch=("", ""),
        )

    @property
    def invited(self) -> bool:
        """True for a game between invited people (each seat acts with its key)."""
        return self.seat_digests is not None

    @property
    def seats(self) -> str:
        """The game's ``seats`` as its body gave them: ``"invite"``, ``"hotseat"`` or ``"open"``."""
        return (HOTSEAT if self.hotseat else INVITE) if self.invited else "open"

    def window_seconds(self) -> float | None:
        """The seconds a person has to decide in a Jarnac window (between invited people; ``None``: untimed).

        In a hot seat the default window is untimed: the server cannot see the device change hands, so a
        countdown would run while it does, and the two people at one table see each other decide, as
        over the board. The window is still "then or never" (docs/rules.md#jarnac-window): the engine
        closes it when its person does anything else."""
        if self.window_s is not None:
            return self.window_s
        if self.rules.think_seconds is not None:
            return self.rules.think_seconds
        return None if self.hotseat else DEFAULT_WINDOW_S

    def limit(self, phase: str) -> float | None:
        """The seconds a person to act has in ``phase`` (between invited people), or ``None``: no limit.

        A Jarnac window is called "then or never" (docs/rules.md#jarnac-window), so it has one on two
        devices (:meth:`window_seconds`); other decisions have the rules' clock (``think_seconds``, the
        competitive rules' 60 s) when set."""
        if not self.invited or phase == "over" or self.days is not None:  # days a move: the bank's clock
            return None
        if phase == "jarnac":
            return self.window_seconds()
        return self.rules.think_seconds

    def computer(self, who: int) -> bool:
        """True when seat ``who`` is the computer's."""
        return self.players[who] != PERSON


NOT_OFFERED = "PlayerNotOffered"
"""The error type of a seat the service does not offer under the game's rules and lexicon (:mod:`~..play.offered`)."""


def new_spec(
    values: dict[str, Any],
    offer: Offer,
    seed: int,
    digests: tuple[str, str] | None = None,
    expires: float | None = None,
) -> GameSpec:
    """The setting of a new game from its body's checked ``values`` (:data:`~.contract.NEW_GAME`), or
    :class:`~.contract.BodyError` naming each field that does not fit the others.

    ``offer``: the server's lexicons and its ceiling on the computer's time; ``seed``: the bag's order
    when the body gives none; ``digests`` and ``expires``: an invitation's (``"seats": "invite"``).

    >>> new_spec({"players": ("person", "greedy"), "seed": 3}, Offer(("fr",), 500), 0).players
    ('person', 'greedy')
    >>> new_spec({"players": ("greedy", "planner")}, Offer(("fr",), 500), 0)
    Traceback (most recent call last):
    jarnac_solver.server.contract.BodyError: players: one seat at least is a person's (the computer alone: `play`)
    """
    faults: list[Fault] = []
    lexicon = values.get("lexicon", offer.default_lexicon)
    rules = values.get("rules", Rules())
    chosen = rules.lexicon_for(lexicon)  # the competitive rules' verbs: fr -> fr-competitive, as `play` does
    if chosen != lexicon and chosen not in offer.lexicons:
        message = f"{lexicon!r}: these rules play {chosen!r}, which this server does not offer"
        faults.append(Fault("lexicon", f"{message} (it offers {', '.join(offer.lexicons)})"))
    players = values.get("players", (PERSON, "planner"))
    if PERSON not in players:
        faults.append(Fault("players", "one seat at least is a person's (the computer alone: `play`)"))
    preset = rules.name_or_dict()
    for seat in dict.fromkeys(p for p in players if p != PERSON):
        seconds = not_offered(seat, chosen, preset if isinstance(preset, str) else None)
        if seconds is not None:
            offered = offered_players(chosen, preset if isinstance(preset, str) else None)
            values_ = {"player": seat, "seconds": f"{seconds:.0f}", "lexicon": chosen, "most": f"{GAME_SECONDS:.0f}"}
            message = Reason("player_not_offered", {**values_, "offered": ", ".join(offered)}).text()
            faults.append(Fault("players", message, NOT_OFFERED))
    over_the_board = bool(values.get("over_the_board", False))
    if over_the_board and players != (PERSON, PERSON):
        message = "a game played with real tiles is two people's (the computer cannot draw them)"
        faults.append(Fault("over_the_board", message))
    given_seed = values.get("seed")
    if given_seed is not None and over_the_board:
        faults.append(Fault("seed", "a game over the board has none (the tiles drawn at the table are given)"))
    seats = values.get("seats")
    invited = seats in KEYED_SEATS
    if invited and (tuple(players) != (PERSON, PERSON) or over_the_board):
        who = "an invitation seats two people on two devices" if seats == INVITE else "a hot seat is two people's"
        faults.append(Fault("seats", f'{who}: players ["person", "person"]'))
    if "guest_name" in values and seats != HOTSEAT:
        message = "the second person of a hot seat names themself here; an invited one names themself on joining"
        faults.append(Fault("guest_name", message))
    if "days" in values and values["days"] not in DAYS:
        faults.append(Fault("days", f"{values['days']} is not one of {', '.join(map(str, DAYS))} (days a decision)"))
    if "days" in values and "window_seconds" in values:
        faults.append(Fault("window_seconds", "a game days a move times its Jarnac windows by its days"))
    if "window_seconds" in values and not invited:
        message = 'a Jarnac window is timed between invited people ("seats": "invite" or "hotseat")'
        faults.append(Fault("window_seconds", message))
    if faults:
        # Only seats the service does not offer (the rest of the body fits): a conflict with what it offers.
        raise BodyError(faults, 409 if all(f.kind == NOT_OFFERED for f in faults) else 400)
    think = float(values.get("think_ms", DEFAULT_THINK_MS))
    names = ["", ""]
    if "name" in values:
        names[list(players).index(PERSON)] = str(values["name"])
    if "guest_name" in values:
        names[1] = str(values["guest_name"])
    return GameSpec(
        chosen,
        rules,
        None if over_the_board else (seed if given_seed is None else int(given_seed)),
        str(values.get("bag", "")),
        (str(players[0]), str(players[1])),
        over_the_board,
        min(think, offer.max_budget_ms),
        digests if invited else None,
        bool(values.get("hints", True)),
        float(values["window_seconds"]) if invited and "window_seconds" in values else None,
        expires if invited else None,
        seats == HOTSEAT,
        (names[0], names[1]),
        int(values["days"]) if "days" in values else None,
    )


def same_action(taken: str, text: str) -> bool:
    """Whether ``text`` is the action ``taken`` was (as the notation writes them, braces left out).

    >>> same_action("+RAT", " +rat {S}")
    True
    """
    written = text.split("{", 1)[0].strip()
    return " ".join(written.upper().split()) == " ".join(taken.upper().split())


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
        raise IllegalActionError(f"the game is over ({_ending_text(ended)})")
    if game.is_over():
        raise IllegalActionError(f"the game is over ({s.result})")
    if len(entries) >= MAX_ACTIONS:
        raise IllegalActionError(f"the game holds {MAX_ACTIONS} actions, the most a live game keeps")
    who = s.to_act
    if keyed and player != "AB"[who]:
        raise WrongSeatError(f"this key is seat {player}'s: {'AB'[who]} is to act ({s.phase} phase)")
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
    message))`` for a refusal: an illegal action is 409, any other bad value 400. Made for a worker
    process: a library exception is returned as text, never pickled (some take keyword arguments)."""
    try:
        return True, _CALLS[name](*args)
    except StoredGameError as exc:
        return False, (500, "DamagedGameError", str(exc))
    except WrongSeatError as exc:
        return False, (403, "WrongSeat", exc.message())
    except IllegalActionError as exc:
        return False, (409, type(exc).__name__, exc.message())
    except JarnacError as exc:
        return False, (400, type(exc).__name__, exc.message())
