"""A live game's setting (:class:`GameSpec`) and its entries (the accepted actions as stored): the seats,
the clocks, the endings outside the rules' play (a resignation, a seat out of time), and the setting of a
new game read from a request's checked values (:func:`new_spec`).

Key idea: a game is its setting and the list of its entries, nothing else: what the store keeps, what the
live calls (:mod:`.live`) take in every worker process, so a server killed and started again holds every
game it had accepted.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..messages import Reason
from ..moves.rules import Rules
from ..play.offered import GAME_SECONDS, not_offered, offered_players
from .contract import PERSON, BodyError, Fault, Offer
from .route_bodies import DAYS, DEFAULT_THINK_MS, DEFAULT_WINDOW_S, HOTSEAT, INVITE, KEYED_SEATS, NewGameBody
from .typed import read

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

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
    (the games of one person)."""
    hints: bool = True
    """Whether the advice is given (a game option both players see)."""
    window_s: float | None = None
    """Between invited people: the seconds the opponent has to call a Jarnac after a pass (``None``: the
    rules' clock, else :data:`~.route_bodies.DEFAULT_WINDOW_S`)."""
    expires: float | None = None
    """An invitation: the time (seconds since the epoch) after which a game seat B never acted in is gone."""
    hotseat: bool = False
    """Two invited people on one device passed between them (``"seats": "hotseat"``)."""
    names: tuple[str, str] = ("", "")
    """The names the people gave (checked: ``names.person_name``), ``""`` for none given yet."""
    days: int | None = None
    """A game days a move (:data:`~.route_bodies.DAYS`): each seat has that many days a decision and a bank of
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
    asked: NewGameBody | dict[str, Any],
    offer: Offer,
    seed: int,
    digests: tuple[str, str] | None = None,
    expires: float | None = None,
) -> GameSpec:
    """The setting of a new game from its checked body (:class:`~.route_bodies.NewGameBody`; a ``dict`` is
    checked first), or
    :class:`~.contract.BodyError` naming each field that does not fit the others.

    ``offer``: the server's lexicons and its ceiling on the computer's time; ``seed``: the bag's order
    when the body gives none; ``digests`` and ``expires``: an invitation's (``"seats": "invite"``).

    >>> new_spec({"players": ["person", "greedy"], "seed": 3}, Offer(("fr",), 500), 0).players
    ('person', 'greedy')
    >>> new_spec({"players": ["greedy", "planner"]}, Offer(("fr",), 500), 0)
    Traceback (most recent call last):
    jarnac_solver.server.contract.BodyError: players: one seat at least is a person's (the computer alone: `play`)
    """
    if isinstance(asked, dict):
        asked = read(NewGameBody, asked, offer)
    faults: list[Fault] = []
    lexicon = asked.lexicon or offer.default_lexicon
    rules = asked.rules or Rules()
    chosen = rules.lexicon_for(lexicon)  # the competitive rules' verbs: fr -> fr-competitive, as `play` does
    if chosen != lexicon and chosen not in offer.lexicons:
        values = {"lexicon": repr(lexicon), "chosen": repr(chosen), "offered": ", ".join(offer.lexicons)}
        faults.append(Fault("lexicon", Reason("game_rules_play", values).text()))
    players = asked.players or (PERSON, "planner")
    if PERSON not in players:
        faults.append(Fault("players", Reason("game_needs_person").text()))
    preset = rules.name_or_dict()
    for seat in dict.fromkeys(p for p in players if p != PERSON):
        seconds = not_offered(seat, chosen, preset if isinstance(preset, str) else None)
        if seconds is not None:
            offered = offered_players(chosen, preset if isinstance(preset, str) else None)
            values_ = {"player": seat, "seconds": f"{seconds:.0f}", "lexicon": chosen, "most": f"{GAME_SECONDS:.0f}"}
            message = Reason("player_not_offered", {**values_, "offered": ", ".join(offered)}).text()
            faults.append(Fault("players", message, NOT_OFFERED))
    over_the_board = bool(asked.over_the_board)
    if over_the_board and players != (PERSON, PERSON):
        faults.append(Fault("over_the_board", Reason("game_real_tiles").text()))
    given_seed = asked.seed
    if given_seed is not None and over_the_board:
        faults.append(Fault("seed", Reason("game_board_seed").text()))
    seats = asked.seats
    invited = seats in KEYED_SEATS
    if invited and (tuple(players) != (PERSON, PERSON) or over_the_board):
        code = "game_invite_people" if seats == INVITE else "game_hotseat_people"
        faults.append(Fault("seats", Reason(code).text()))
    if asked.guest_name is not None and seats != HOTSEAT:
        faults.append(Fault("guest_name", Reason("game_guest_name").text()))
    if asked.days is not None and asked.days not in DAYS:
        faults.append(
            Fault("days", Reason("game_days", {"days": asked.days, "choices": ", ".join(map(str, DAYS))}).text())
        )
    if asked.days is not None and asked.window_seconds is not None:
        faults.append(Fault("window_seconds", Reason("game_days_window").text()))
    if asked.window_seconds is not None and not invited:
        faults.append(Fault("window_seconds", Reason("game_window_invited").text()))
    if faults:
        # Only seats the service does not offer (the rest of the body fits): a conflict with what it offers.
        raise BodyError(faults, 409 if all(f.kind == NOT_OFFERED for f in faults) else 400)
    think = asked.think_ms or DEFAULT_THINK_MS
    names = ["", ""]
    if asked.name is not None:
        names[list(players).index(PERSON)] = asked.name
    if asked.guest_name is not None:
        names[1] = asked.guest_name
    return GameSpec(
        chosen,
        rules,
        None if over_the_board else (seed if given_seed is None else int(given_seed)),
        str(asked.bag or ""),
        (str(players[0]), str(players[1])),
        over_the_board,
        min(think, offer.max_budget_ms),
        digests if invited else None,
        asked.hints is not False,
        asked.window_seconds if invited else None,
        expires if invited else None,
        seats == HOTSEAT,
        (names[0], names[1]),
        asked.days,
    )


def same_action(taken: str, text: str) -> bool:
    """Whether ``text`` is the action ``taken`` was (as the notation writes them, braces left out).

    >>> same_action("+RAT", " +rat {S}")
    True
    """
    written = text.split("{", 1)[0].strip()
    return " ".join(written.upper().split()) == " ".join(taken.upper().split())
