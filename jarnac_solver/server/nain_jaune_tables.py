"""Nain Jaune's tables at the service: their setting as stored (:class:`TableSpec`), their links and join
codes, and a table replayed, played on and shown (:func:`replay`, :func:`play_on`, :func:`table_state`).

Key idea: a table is its setting and its actions, as a Jarnac game is; everything a route answers is
computed again from them by the engine (:mod:`jarnac_solver.nain_jaune`), so a table survives a restart on
any store. Its routes: :mod:`.nain_jaune_games`; what its bodies take: :mod:`.nain_jaune_bodies`.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from starlette.convertors import Convertor, register_url_convertor

from ..errors import InvalidInputError, JarnacError
from ..nain_jaune import Game, Options, Pass, PlayerView, make_player, parse_action
from ..nain_jaune.actions import Play
from ..nain_jaune.cards import RANK_NAMES, card_text, rank
from ..nain_jaune.engine import SEATS
from . import language, seats

__all__ = [
    "COMPUTERS",
    "KIND",
    "MAX_ACTIONS",
    "MAX_SAMPLES",
    "PERSON",
    "PREFIX",
    "SEAT_WORDS",
    "Entry",
    "TableSpec",
    "invitation",
    "links",
    "owns",
    "play_on",
    "played_of",
    "refusal",
    "replay",
    "rounds_of",
    "said_of",
    "table_state",
]

KIND = "nain_jaune"
"""The ``game`` of ``POST /api/games`` that makes a Nain Jaune table (``jarnac``, or none: a Jarnac game)."""
PREFIX = "nj-"
"""The ids of Nain Jaune games start so: the routes of a game are answered by its kind's module."""
PERSON = "person"
COMPUTERS = ("greedy", "stakes", "random", "mc")
"""The computer players a table offers (``mc:N`` too, up to :data:`MAX_SAMPLES` samples)."""
MAX_SAMPLES = 16
"""The most deals the Monte-Carlo player ``mc:N`` weighs a decision at the service (``mc``'s own 16): a request
plays the computers' turns to the next person's, so each decision is kept to tens of milliseconds."""
MAX_ACTIONS = 20_000
"""The most actions a Nain Jaune game holds (a game of the rulebook ends long before: each round at most 52
cards and a pass a seat each)."""
SEAT_WORDS = ("open", "hotseat", "invite")


class _NainJauneId(Convertor[str]):
    """A path segment that is a Nain Jaune game's id (``nj-`` then the id's URL-safe characters)."""

    regex = PREFIX + "[A-Za-z0-9_-]{1,60}"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("nain_jaune_id", _NainJauneId())


def owns(game_id: str) -> bool:
    """Whether ``game_id`` is a Nain Jaune game's.

    >>> owns("nj-abc"), owns("abc")
    (True, False)
    """
    return game_id.startswith(PREFIX)


@dataclass(frozen=True)
class TableSpec:
    """A Nain Jaune game's setting, as stored: the seats' players, the rules' options, the seed, and between
    people the digests of the seats' keys (``""``: an invitation not answered yet) and their names."""

    players: tuple[str, ...]
    options: Options
    seed: int
    seat_digests: tuple[str, ...] | None = None
    names: tuple[str, ...] = ()
    hotseat: bool = False
    expires: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """As stored (the store's :class:`~.store.Setting`): it names its ``game``."""
        return {
            "game": KIND,
            "players": list(self.players),
            "options": self.options.name_or_dict(),
            "seed": self.seed,
            "seat_digests": list(self.seat_digests) if self.seat_digests is not None else None,
            "names": list(self.names),
            "hotseat": self.hotseat,
            "expires": self.expires,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableSpec:
        """Read :meth:`to_dict`'s form (from the store).

        >>> spec = TableSpec(("person", "greedy"), Options(max_rounds=2), 7, None, ("", ""))
        >>> TableSpec.from_dict(spec.to_dict()) == spec
        True
        """
        digests = data.get("seat_digests")
        return cls(
            tuple(str(p) for p in data["players"]),
            Options.from_dict(data["options"]),
            int(data["seed"]),
            tuple(str(d) for d in digests) if digests is not None else None,
            tuple(str(n) for n in data.get("names", ())),
            bool(data.get("hotseat", False)),
            data.get("expires"),
        )

    @property
    def seats(self) -> str:
        """``open``, ``hotseat`` or ``invite``."""
        return "open" if self.seat_digests is None else "hotseat" if self.hotseat else "invite"

    def person(self, seat: int) -> bool:
        return self.players[seat] == PERSON

    def claimed(self, seat: int) -> bool:
        """Whether the seat is held (a computer's always; a person's once its key is given)."""
        return self.seat_digests is None or not self.person(seat) or bool(self.seat_digests[seat])

    def seat_of(self, key: str | None) -> int | None:
        """The seat whose key ``key`` is, or ``None`` (each digest compared in constant time)."""
        if not key or self.seat_digests is None:
            return None
        asked = seats.digest(key)
        found = [bool(held) and hmac.compare_digest(asked, held) for held in self.seat_digests]
        return next((seat for seat, same in enumerate(found) if same), None)


def links(base: str, game_id: str, keys: dict[str, str]) -> dict[str, str]:
    """The page's links of the seats whose ``keys`` are given, and the watch link (``#nj-game=...``: the
    page's Nain Jaune table opens them; each key in the fragment, never in the path or the query).

    >>> links("http://h/", "nj-x", {"A": "k"})
    {'A': 'http://h/#nj-game=nj-x&seat=A&key=k', 'watch': 'http://h/#nj-watch=nj-x'}
    """
    page = base if base.endswith("/") else base + "/"
    made = {seat: f"{page}#nj-game={quote(game_id)}&seat={seat}&key={quote(key)}" for seat, key in keys.items()}
    made["watch"] = f"{page}#nj-watch={quote(game_id)}"
    return made


def invitation(base: str, code: str) -> dict[str, str]:
    """A seat's invitation as its creator gets it: the code to read aloud, the page's link that opens the
    table's join form with it (``#nj-join=``), and the link's QR code (when ``segno`` is installed)."""
    page = base if base.endswith("/") else base + "/"
    shown = seats.shown_code(code)
    made = {"code": shown, "link": f"{page}#nj-join={quote(shown)}"}
    qr = seats.qr_code(made["link"])
    if qr is not None:
        made["qr"] = qr
    return made


def said_of(exc: JarnacError) -> str:
    """An error's message in the asker's language (its reason's, when it has one)."""
    return exc.reason.text(language.current()) if exc.reason is not None else str(exc)


# -- the game itself: replayed, played on, shown ---------------------------------------------------------

Entry = tuple[int, str, str]


def replay(spec: TableSpec, entries: list[Entry]) -> Game:
    """The game of ``spec`` with its stored actions pushed again (each checked by the engine)."""
    game = Game(len(spec.players), spec.options, spec.seed)
    for seat, text, _ in entries:
        game.push(parse_action(text), seat)
    return game


def play_on(spec: TableSpec, game: Game) -> list[Entry]:
    """The computers' turns and the people's forced passes (no card of the missing value) from here, pushed
    on ``game`` until a person has a choice or the game is over: the new entries."""
    made: list[Entry] = []
    while not game.is_over() and len(game.history) < MAX_ACTIONS:
        seat = game.state.to_act
        if spec.person(seat):
            legal = game.legal_actions()
            if legal != [Pass()]:
                break
            action = legal[0]
        else:
            player = make_player(spec.players[seat], spec.seed * 7919 + len(game.history))
            action = player.choose(PlayerView.of(game, seat))
        game.push(action, seat)
        made.append((seat, str(game.history[-1].action), ""))
    return made


def refusal(game: Game, seat: int | None, text: str) -> tuple[int, str, str] | None:
    """Why the action written ``text`` by ``seat`` is refused now (status, type, message in the asker's
    language), or ``None`` when the engine takes it."""
    try:
        action = parse_action(text)
    except InvalidInputError:
        return 400, "UsageError", language.say("nj.http_not_action", given=text[:20])
    s = game.state
    if game.is_over():
        return 409, "GameOver", language.say("nj.http_over")
    if seat is not None and seat != s.to_act:
        return 409, "IllegalActionError", language.say("nj.http_turn", seat=SEATS[s.to_act], player=SEATS[seat])
    if isinstance(action, Play):
        card = card_text(action.card)
        if not s.hands[s.to_act] >> action.card & 1:
            return 409, "IllegalActionError", language.say("nj.http_not_held", card=card)
        if s.mode != "lead" and rank(action.card) != s.need:
            return 409, "IllegalActionError", language.say("nj.http_not_now", card=card, rank=RANK_NAMES[s.need])
    if action not in game.legal_actions() and not (
        isinstance(action, Play) and Play(action.card, not action.claim) in game.legal_actions()
    ):
        legal = " ".join(str(a) for a in game.legal_actions())
        return 409, "IllegalActionError", language.say("nj.http_not_legal", given=text[:20], legal=legal)
    return None


def rounds_of(game: Game) -> list[dict[str, Any]]:
    """Each round played so far: who took which pot, who went out, who paid what, a Grand Opera.

    >>> from ..nain_jaune import play_game
    >>> done = rounds_of(play_game(["greedy", "stakes"], seed=3, options=Options(max_rounds=1)))
    >>> done[0]["round"], done[0]["out"] in ("A", "B"), done[0]["over"]
    (1, True, True)
    """
    rounds: list[dict[str, Any]] = []
    for played in game.history:
        if not rounds or rounds[-1]["round"] != played.round:
            rounds.append(
                {"round": played.round, "takes": [], "paid": [], "out": None, "grand_opera": None, "over": False}
            )
        now = rounds[-1]
        for note in played.notes:
            values = note.values
            if note.code == "nj.note_takes":
                now["takes"].append({"seat": SEATS[played.player], "card": values["card"], "points": values["points"]})
            elif note.code == "nj.note_pays":
                now["paid"].append({"seat": values["seat"], "to": SEATS[played.player], "points": values["points"]})
            elif note.code == "nj.note_grand_opera":
                now["grand_opera"] = values["points"]
        ends = any(n.code in ("nj.note_pays", "nj.note_deals", "nj.note_grand_opera") for n in played.notes)
        if ends or (game.is_over() and played is game.history[-1]):  # the last card of a round
            now["out"], now["over"] = SEATS[played.player], True
    return rounds


def table_state(game_id: str, spec: TableSpec, game: Game, viewer: int | None) -> dict[str, Any]:
    """The game as seat ``viewer`` sees it (``None``: a spectator, no hand shown), JSON-ready."""
    shown = PlayerView.of(game, viewer if viewer is not None else game.state.to_act % game.players).to_dict()
    if viewer is None:
        shown["hand"], shown["legal"], shown["seat"] = [], [], None
    over = game.is_over()
    best = game.winners() if over else []
    return {
        "id": game_id,
        "kind": KIND,
        "seats": spec.seats,
        "you": SEATS[viewer] if viewer is not None else None,
        "players": [
            {"seat": SEATS[i], "player": p, "person": p == PERSON, "name": spec.names[i] if i < len(spec.names) else ""}
            for i, p in enumerate(spec.players)
        ],
        "claimed": [spec.claimed(i) for i in range(len(spec.players))],
        "actions": len(game.history),
        "to_act": None if over else SEATS[game.state.to_act],
        "over": over,
        "winners": [SEATS[p] for p in best],
        "why": game.state.why.to_dict(language.current()) if over and game.state.why is not None else None,
        "table": shown,
        "rounds": rounds_of(game),
    }


def played_of(game: Game, first: int) -> list[dict[str, Any]]:
    """The actions from number ``first + 1`` on, each with its seat and notes (takes, payments, deals)."""
    return [
        {
            "n": n,
            "seat": SEATS[p.player],
            "action": str(p.action),
            "round": p.round,
            "notes": [note.to_dict(language.current()) for note in p.notes],
        }
        for n, p in enumerate(game.history[first:], first + 1)
    ]


# -- the routes ------------------------------------------------------------------------------------------
