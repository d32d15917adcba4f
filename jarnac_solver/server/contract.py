"""The service's contract: the bodies and queries of the routes that run no command (the live games, the
people, the reviews), each declared once as a table of fields; the commands' own are their models
(:mod:`jarnac_solver.commands`, :mod:`.models`).

Key idea: a route's :class:`Body` is the one place its fields are written.
From it the server reads a request (:meth:`Body.read`: every fault of the
body collected and named by its field, never the first alone), builds the
call (a game's setting), and publishes the OpenAPI document
(:meth:`Body.schema`, :meth:`Body.parameters`). What a field takes is its
:class:`Kind`; what the server offers (its lexicons, its ceiling on
budgets) is an :class:`Offer`, so the table holds no server's state.

No web framework here: the app (``app.py``) and the document
(``openapi.py``) both read this module.
"""

from __future__ import annotations

import enum
import math
import re
import unicodedata
from dataclasses import dataclass, field

from ..budget import DEFAULT_BUDGET
from ..commands.hint import MAX_TOP
from ..errors import JarnacError
from ..lexicon.bag import BAGS
from ..messages import LANGUAGES, Reason
from ..moves.rules import PRESETS, Rules
from ..planning.advice import DEPTHS
from ..play.players import PLAYERS
from ..play.review import DEFAULT_PLAYOUTS, DEFAULT_TOP
from ..play.review import DEPTHS as REVIEW_DEPTHS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

MAX_BODY_BYTES = 64 * 1024
"""The largest request body read (413 beyond)."""
MAX_AUDIT_BYTES = 1024 * 1024
"""The largest body of ``POST /api/audit`` (records pasted or uploaded by the page)."""
MAX_TEXT = 256
"""The longest text of one field: a full tray of eight 9-tile lines and a rack fits."""
MAX_ITEMS = 64
"""The most items of a list field (``check``'s words)."""
MAX_ACTIONS = 5000
"""The most actions a live game holds (``play_game``'s limit)."""
MAX_MS = 1e9
"""The largest number of milliseconds a field takes before the server's ceiling cuts it."""
PERSON = "person"
"""The seat of a person (who acts through ``POST /api/games/{id}/actions``), beside the players' names."""
MAX_NAME = 32
"""The longest name a person gives (characters), after its spaces are trimmed."""
_MARKUP = re.compile(r"<\s*[A-Za-z/!?]|&#?[A-Za-z0-9]+;")
_REFUSED_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
"""Control, format (the bidirectional overrides and isolates among them, zero-width marks), surrogates, private
use, unassigned, and line and paragraph separators: none is a letter of a name, several reorder or hide text."""


@dataclass(frozen=True)
class Offer:
    """What a server offers: its lexicons (by name) and its ceiling on a search's time (ms)."""

    lexicons: tuple[str, ...]
    max_budget_ms: float = DEFAULT_BUDGET * 1000

    @property
    def default_lexicon(self) -> str:
        """The lexicon of a body that names none: ``fr`` when offered, else the first offered."""
        return "fr" if "fr" in self.lexicons else self.lexicons[0]


OFFERED_LEXICON = "a lexicon this server offers, by name (never a file)"
"""The help of every field naming a lexicon."""


def offered_lexicon(value: str, offer: Offer) -> str | None:
    """The fault of a lexicon ``value`` this server does not offer (``None``: offered).

    The one wording of the service's rule: a lexicon by a name the server offers, never a file.

    >>> offered_lexicon("/etc/passwd", Offer(("fr", "en")))
    "'/etc/passwd': this server offers the lexicons fr, en (by name; never a file)"
    """
    if value in offer.lexicons:
        return None
    return Reason(
        "fault_lexicon_not_offered", {"name": repr(_shown(value)), "offered": ", ".join(offer.lexicons)}
    ).text()


def unknown_fields(given: Iterable[str], known: Iterable[str], what: str = "field") -> list[Fault]:
    """A fault for each of ``given`` not among ``known`` (the one wording of "no such field")."""
    names = list(known)
    listed = ", ".join(names) or "-"
    code = "parameter_unknown" if what == "parameter" else "field_unknown"  # said in the language spoken
    return [
        Fault(str(key), Reason(code, {"name": repr(_shown(str(key))), "known": listed}).text())
        for key in given
        if key not in names
    ]


def person_name(value: str) -> str:
    """A person's name as given, checked: its spaces trimmed and runs of them one, 1 to :data:`MAX_NAME`
    characters, no control or bidirectional character, no markup (a name is shown as text; a tag or a
    character reference in it is a mistake or a trick); else :class:`ValueError` saying why, in the
    language being spoken (:func:`~jarnac_solver.messages.speaking`: the request's).

    >>> person_name("  Alice   B. ")
    'Alice B.'
    >>> person_name("Bob\u202eevil")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: holds U+202E (RIGHT-TO-LEFT OVERRIDE), a control or bidirectional character: ...
    """
    text = " ".join(value.split())
    if not text:
        raise ValueError(Reason("name_empty", {"most": MAX_NAME}).text())
    if len(text) > MAX_NAME:
        raise ValueError(Reason("name_too_long", {"count": len(text), "most": MAX_NAME}).text())
    odd = next((c for c in text if unicodedata.category(c) in _REFUSED_CATEGORIES), None)
    if odd is not None:
        named = unicodedata.name(odd, "")
        character = f"U+{ord(odd):04X}{f' ({named})' if named else ''}"
        raise ValueError(Reason("name_refused_character", {"character": character}).text())
    if _MARKUP.search(text):
        raise ValueError(Reason("name_markup", {"name": repr(_shown(text))}).text())
    return text


def _shown(text: str, most: int = 40) -> str:
    """``text`` cut for an error message (a value of 5,000 characters is not echoed whole)."""
    return text if len(text) <= most else text[:most] + "..."


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    code = {dict: "object", list: "list", bool: "bool", str: "text"}.get(type(value), "number")
    return Reason(f"fault_type_{code}").text()


@dataclass(frozen=True)
class Fault:
    """One fault of a request: the field at fault (``""``: the body as a whole) and what is wrong."""

    field: str
    message: str
    kind: str = "UsageError"

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


class BodyError(Exception):
    """A request refused before anything runs: every fault of its body, each naming its field."""

    def __init__(self, faults: list[Fault], status: int = 400, kind: str = "UsageError") -> None:
        super().__init__("; ".join(str(f) for f in faults))
        self.faults = faults
        self.status = status
        self.kind = faults[0].kind if faults and kind == "UsageError" else kind


class UnknownLexicon(ValueError):
    """The fault of a field naming a lexicon the server does not offer (its type: ``UnknownLexiconError``)."""


class Kind(enum.Enum):
    """What a field takes."""

    TEXT = "text"
    NUMBER = "number"
    WHOLE = "whole"
    FLAG = "flag"
    CHOICE = "choice"
    TEXTS = "texts"  # a list of texts (one text is a list of one)
    LEXICON = "lexicon"
    BAG = "bag"
    RULES = "rules"  # a preset's name or an object of options
    SEATS = "seats"  # two seats: a person or a player
    NAME = "name"  # a person's name (person_name)


@dataclass(frozen=True)
class Field:
    """One field of a body: its name, what it takes, its bounds, and (a command's) the option it becomes.

    ``option``: the command line's option (``--min-len``); ``None`` for an argument (written after
    ``--``) or a field of a route that runs no command. ``what``: the words of a number's fault
    (``budget: 'fast' is not a number of milliseconds``)."""

    name: str
    kind: Kind
    help: str
    required: bool = False
    option: str | None = None
    low: float | None = None
    high: float | None = None
    above: bool = False  # the low end excluded (a budget above 0)
    choices: tuple[str, ...] = ()
    max_length: int = MAX_TEXT
    what: str = ""

    def read(self, value: Any, offer: Offer, query: bool = False) -> Any:
        """The field's value checked and normalised, or :class:`ValueError` saying what is wrong
        (``query``: ``value`` is the text of a URL's parameter)."""
        kind = self.kind
        if kind in (Kind.NUMBER, Kind.WHOLE):
            return self._number(value)
        if kind is Kind.FLAG:
            if query and value in ("true", "false"):
                return value == "true"
            if not isinstance(value, bool):
                raise ValueError(Reason("fault_flag_due", {"given": _type_name(value)}).text())
            return value
        if kind is Kind.RULES:
            if isinstance(value, dict):
                try:
                    return Rules.from_dict(value)
                except JarnacError as exc:
                    raise ValueError(str(exc)) from None
            if not isinstance(value, str):
                raise ValueError(
                    f"a preset's name ({', '.join(PRESETS)}) or an object of options, not {_type_name(value)}"
                )
            if value not in PRESETS:
                raise ValueError(f"{_shown(value)!r} is no preset: {', '.join(PRESETS)} (or an object of options)")
            return Rules.preset(value)
        if kind is Kind.SEATS:
            seats = (PERSON, *PLAYERS)
            if not isinstance(value, list):
                raise ValueError(f"two seats, A then B, each one of {', '.join(seats)}; not {_type_name(value)}")
            if len(value) != 2:
                raise ValueError(f"two seats, A then B, each one of {', '.join(seats)}; not {len(value)}")
            odd = [s for s in value if not isinstance(s, str)]
            if odd:
                raise ValueError(f"a seat is a name, one of {', '.join(seats)}; not {_type_name(odd[0])}")
            wrong = [s for s in value if s not in seats]
            if wrong:
                raise ValueError(f"no player {_shown(wrong[0])!r}: a seat is one of {', '.join(seats)}")
            return (value[0], value[1])
        if kind is Kind.TEXTS:
            items = [value] if isinstance(value, str) else value
            if not isinstance(items, list) or not items:
                if items == []:
                    raise ValueError(Reason("fault_list_empty").text())
                raise ValueError(f"a non-empty list of texts, not {_type_name(value)}")
            if len(items) > MAX_ITEMS:
                raise ValueError(Reason("fault_list_long", {"count": len(items), "most": MAX_ITEMS}).text())
            return [self._text(item) for item in items]
        text = self._text(value)
        if kind is Kind.NAME:
            return person_name(text)
        if kind is Kind.CHOICE and text not in self.choices:
            raise ValueError(
                Reason("fault_not_one_of", {"given": repr(_shown(text)), "choices": ", ".join(self.choices)}).text()
            )
        if kind is Kind.LEXICON:
            text = text.lower()  # the bundled names, read in any case as the library reads them
            fault = offered_lexicon(text, offer)
            if fault:
                raise UnknownLexicon(fault)
        if kind is Kind.BAG and text not in BAGS:
            raise ValueError(f"{_shown(text)!r}: the service offers the built-in bags {', '.join(BAGS)} (never a file)")
        return text

    def _text(self, value: Any) -> str:
        if not isinstance(value, str):
            raise ValueError(Reason("fault_text_due", {"given": _type_name(value)}).text())
        if len(value) > self.max_length:
            raise ValueError(Reason("field_too_long", {"count": len(value), "most": self.max_length}).text())
        return value

    def _number(self, value: Any) -> float | int:
        what = self.what or ("a whole number" if self.kind is Kind.WHOLE else "a number")
        number: float | int
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValueError(f"{what} is due, not {_type_name(value)}")
        if isinstance(value, str):
            text = value.strip()
            try:
                number = int(text) if self.kind is Kind.WHOLE else float(text)
            except ValueError:
                raise ValueError(f"{_shown(value)!r} is not {what}") from None
        else:
            number = value
        if isinstance(number, float) and not math.isfinite(number):
            raise ValueError(f"{_shown(str(value))} is not {what}")
        if self.kind is Kind.WHOLE and isinstance(number, float):
            if not number.is_integer():
                raise ValueError(f"{value!r} is not {what}")
            number = int(number)
        low, high = self.low, self.high
        if (low is not None and (number <= low if self.above else number < low)) or (
            high is not None and number > high
        ):
            raise ValueError(f"{_shown(str(value))} is out of range: {self._bounds()}")
        return number

    def _bounds(self) -> str:
        low = "" if self.low is None else f"{self.low:g}"
        high = "" if self.high is None else f"{self.high:g}"
        if self.above:
            return f"above {low}" + (f", at most {high}" if high else "")
        if low and high:
            return f"from {low} to {high}"
        return f"at least {low}" if low else f"at most {high}"

    def schema(self, offer: Offer) -> dict[str, Any]:
        """The field's JSON Schema (OpenAPI 3.1's dialect), its help the description."""
        kind = self.kind
        schema: dict[str, Any]
        if kind in (Kind.NUMBER, Kind.WHOLE):
            number: dict[str, Any] = {"type": "integer" if kind is Kind.WHOLE else "number"}
            if self.low is not None:
                number["exclusiveMinimum" if self.above else "minimum"] = self.low
            if self.high is not None:
                number["maximum"] = self.high
            # A number may be written as text too (a query's parameters are): "5" is read as 5.
            schema = {"oneOf": [number, {"type": "string", "maxLength": 40}]}
        elif kind is Kind.FLAG:
            schema = {"type": "boolean"}
        elif kind is Kind.RULES:
            schema = {"anyOf": [{"enum": list(PRESETS)}, {"$ref": "#/components/schemas/rules"}]}
        elif kind is Kind.SEATS:
            schema = {"type": "array", "items": {"enum": [PERSON, *PLAYERS]}, "minItems": 2, "maxItems": 2}
        elif kind is Kind.TEXTS:
            item: dict[str, Any] = {"type": "string", "maxLength": MAX_TEXT}
            many = {"type": "array", "items": item, "minItems": 1, "maxItems": MAX_ITEMS}
            schema = {"oneOf": [many, item]}
        elif kind is Kind.CHOICE:
            schema = {"enum": list(self.choices)}
        elif kind is Kind.LEXICON:
            schema = {"enum": list(offer.lexicons)}
        elif kind is Kind.BAG:
            schema = {"enum": list(BAGS)}
        elif kind is Kind.NAME:
            schema = {"type": "string", "minLength": 1, "maxLength": self.max_length}
        else:  # TEXT
            schema = {"type": "string", "maxLength": self.max_length}
        schema["description"] = self.help
        return schema


@dataclass(frozen=True)
class Body:
    """The fields of one route's body (or query): read, checked and described from this one table."""

    fields: tuple[Field, ...]
    description: str = ""
    by_name: dict[str, Field] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {f.name: f for f in self.fields})

    def read(self, body: Any, offer: Offer, query: bool = False) -> dict[str, Any]:
        """The body's values by field name (those given; ``null`` is a field left out), or
        :class:`BodyError` with every fault of it. A command's fields may be written with dashes
        (``min-len``), as its ``--help`` writes them."""
        if query:
            given: Mapping[str, Any] = body
        elif not isinstance(body, dict):
            raise BodyError([Fault("", f"the body is a JSON object of fields, not {_type_name(body)}")])
        else:
            given = body
        values: dict[str, Any] = {}
        faults: list[Fault] = []
        names = {str(key): str(key).replace("-", "_") for key in given}
        faults += unknown_fields(
            [key for key, name in names.items() if name not in self.by_name],
            self.by_name,
            "parameter" if query else "field",
        )
        for key, name in names.items():
            spec = self.by_name.get(name)
            if spec is None:
                continue
            if name in values:
                faults.append(Fault(name, "given twice (with dashes and with underscores)"))
                continue
            value = given[key]
            if value is None:
                continue
            try:
                values[name] = spec.read(value, offer, query)
            except ValueError as exc:
                faults.append(
                    Fault(name, str(exc), "UnknownLexiconError" if isinstance(exc, UnknownLexicon) else "UsageError")
                )
        for spec in self.fields:
            if spec.required and spec.name not in values and not any(f.field == spec.name for f in faults):
                faults.append(Fault(spec.name, Reason("fault_required", {"help": spec.help}).text()))
        if faults:
            raise BodyError(faults)
        return values

    def schema(self, offer: Offer) -> dict[str, Any]:
        """The body's JSON Schema: an object of these fields, no other."""
        properties = {f.name: f.schema(offer) for f in self.fields}
        for f in self.fields:  # min-len as --help writes it: the same field
            if "_" in f.name:
                properties[f.name.replace("_", "-")] = {
                    **properties[f.name],
                    "description": f"{f.name}, as --help writes it",
                }
        schema: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
        required = [f.name for f in self.fields if f.required]
        if required:
            schema["required"] = required
        if self.description:
            schema["description"] = self.description
        return schema

    def parameters(self, offer: Offer) -> list[dict[str, Any]]:
        """The fields as a URL's query parameters (OpenAPI ``parameters``)."""
        return [
            {"name": f.name, "in": "query", "required": f.required, "description": f.help, "schema": f.schema(offer)}
            for f in self.fields
        ]


# -- the commands' language, names and lanes ------------------------------------------------------

LANG = Field(
    "lang",
    Kind.CHOICE,
    "the language of the answer's texts (reasons, errors): its codes are the same in every one"
    " (default: the query's lang, else Accept-Language, else English)",
    option="--lang",
    choices=LANGUAGES,
)
"""A command's language, as its ``--lang``: every command takes it (the command line's shared option)."""
LANG_QUERY = Field(LANG.name, LANG.kind, LANG.help, choices=LANG.choices)
"""The language of a route whose query is read by a table (``?lang=``, read by the language gate too)."""

SERVED = (
    "words",
    "anagram",
    "extend",
    "check",
    "search",
    "hooks",
    "moves",
    "jarnac",
    "plan",
    "hint",
    "lexicon info",
    "lexicon list",
    "lexicon diff",
)
"""The served commands' names, each declared in the commands layer (``server/models.py``)."""

LONG_RACK = 15
"""The longest rack of a light ``words`` or ``extend`` (a longer one lists most of the lexicon)."""
LIGHT_BUDGET_MS = 1000.0
"""A request that may search longer than this runs in the heavy lane (its own workers), so a few long
searches never hold up the short ones."""


# -- the other routes' bodies --------------------------------------------------------------------

DEFAULT_THINK_MS = 1000.0
"""The computer's time for a decision unless the game says otherwise (cut to the server's ceiling)."""
INVITE = "invite"
"""``seats`` of a game between two people on two devices: each seat acts with its own key."""
HOTSEAT = "hotseat"
"""``seats`` of a game between two people on one device passed between them: each seat acts with its own
key, both keys held by the one page; no join code (no one else is to join), and no Jarnac window's
countdown unless asked for (it would run while the device changes hands)."""
KEYED_SEATS = (INVITE, HOTSEAT)
"""The ``seats`` whose seats act each with its own key (X-Seat-Key)."""
DEFAULT_WINDOW_S = 30.0
"""The seconds an invited person has to call a Jarnac after a pass, under rules without a clock."""
DAYS = (1, 3, 7)
"""A game days a move: the days each decision has (and its seat's bank, as many more)."""
MAX_WINDOW_S = 3600.0
"""The longest Jarnac window a game may set."""

_NAME_HELP = f"1 to {MAX_NAME} characters, shown as text; control and bidirectional characters and markup refused"
NEW_GAME = Body(
    (
        Field("lexicon", Kind.LEXICON, f"{OFFERED_LEXICON} (default: fr, else the first)"),
        Field("rules", Kind.RULES, "a preset's name (sheet, competitive, ...) or an object of options"),
        Field(
            "players", Kind.SEATS, f'A then B: "{PERSON}" or the computer\'s player (default ["{PERSON}", "planner"])'
        ),
        Field("seed", Kind.WHOLE, "orders the bag (default: at random)", low=0, high=2**63 - 1),
        Field("bag", Kind.BAG, "a built-in bag (default: the lexicon's)"),
        Field("over_the_board", Kind.FLAG, "two people with real tiles: every action that draws gives the tiles drawn"),
        Field(
            "think_ms",
            Kind.NUMBER,
            f"the computer's time a decision (default {DEFAULT_THINK_MS:g}, cut to the server's ceiling)",
            low=0,
            high=MAX_MS,
            above=True,
            what="a number of milliseconds",
        ),
        Field(
            "seats",
            Kind.CHOICE,
            f'"{INVITE}": two people on two devices, each seat acting with its key (X-Seat-Key); the answer gives'
            f' each seat\'s key and join link, a join code and a watch link; "{HOTSEAT}": two people on one device'
            " passed between them, each seat's key and a watch link, the Jarnac window untimed unless"
            " window_seconds or the rules' clock times it",
            choices=(INVITE, HOTSEAT, "open"),
        ),
        Field("hints", Kind.FLAG, "false: no advice for either seat (a game option both players see)"),
        Field(
            "window_seconds",
            Kind.NUMBER,
            "invited people: the seconds to call a Jarnac after a pass (default: the rules' clock, else"
            f" {DEFAULT_WINDOW_S:g} on two devices, untimed in a hot seat); the time over, the window is declined",
            low=0,
            high=MAX_WINDOW_S,
            above=True,
            what="a number of seconds",
        ),
        Field(
            "days",
            Kind.WHOLE,
            f"a game days a move: {', '.join(map(str, DAYS))} days a decision, and a bank of as many more days a"
            " seat that decisions taking longer spend; out of time, the seat loses (default: live, as it is played)",
            low=1,
            high=7,
        ),
        Field(
            "name", Kind.NAME, f"the creator's name (its seat's: A, or the person's): {_NAME_HELP}", max_length=MAX_TEXT
        ),
        Field(
            "guest_name", Kind.NAME, f"a hot seat: the name of B, the second person: {_NAME_HELP}", max_length=MAX_TEXT
        ),
    )
)
JOIN = Body(
    (
        Field("code", Kind.TEXT, "the join code read aloud (K7QM-2PXA-9B3C; any case)", required=True, max_length=40),
        Field("name", Kind.NAME, f"the name of the person joining: {_NAME_HELP}", max_length=MAX_TEXT),
    )
)
MINE = Body(
    (
        Field(
            "games",
            Kind.TEXTS,
            f"the games this browser holds (at most {MAX_ITEMS}), each its id, or ID:SEAT for the seat it plays"
            " (A or B; both seats of a hot seat: ID:AB)",
            required=True,
            max_length=80,
        ),
    )
)
RESIGN = Body(
    (
        Field(
            "player",
            Kind.CHOICE,
            "the seat that resigns: said by its key between invited people; of a game without keys, its person's"
            " seat (required when two people share it)",
            choices=("A", "B"),
        ),
    )
)
REMATCH = Body(())
"""A rematch's request: its seat is its key's (X-Seat-Key); the body is empty."""
TRANSFER = Body(
    (
        Field(
            "token",
            Kind.TEXT,
            "the transfer link's token (after #move= in the link the seat's holder made)",
            required=True,
            max_length=64,
        ),
    )
)
SINCE = Body(
    (
        Field("since", Kind.WHOLE, "the actions the client holds: those after it are sent", low=0, high=MAX_ACTIONS),
        LANG_QUERY,
    )
)
ACTION = Body(
    (
        Field("action", Kind.TEXT, "in the record notation: draw, +RAT, pass, ...", required=True),
        Field("drew", Kind.TEXT, "over the board: the tiles drawn", max_length=64),
        Field("player", Kind.CHOICE, "who acts (refused when it is not that player's turn)", choices=("A", "B")),
        Field(
            "at",
            Kind.WHOLE,
            "the action's number in the game (from 1): a retry of an action already taken answers the game",
            low=1,
            high=MAX_ACTIONS + 1,
        ),
    )
)
ADVICE = Body(
    (
        Field(
            "budget",
            Kind.NUMBER,
            "milliseconds to think (default 1000, cut to the server's ceiling)",
            low=0,
            high=MAX_MS,
            above=True,
            what="a number of milliseconds",
        ),
        Field("top", Kind.WHOLE, f"how many options (1 to {MAX_TOP})", low=1, high=MAX_TOP),
        Field("depth", Kind.CHOICE, "plan: the ladder; simulate: sampled play-outs", choices=DEPTHS),
        Field("familiarity", Kind.FLAG, "familiar words first (the familiarity extra)"),
        LANG_QUERY,
    )
)
RECORD = Body(
    (
        Field("format", Kind.CHOICE, "json, or text: the notation, as a download", choices=("json", "text")),
        LANG_QUERY,
    )
)


def _games_text(help: str) -> tuple[Field, ...]:
    """The fields of games sent as text (the audit's, the review's): the text, and the lexicon and rules
    of a game typed one action a line (a record names its own)."""
    return (
        Field("text", Kind.TEXT, help, required=True, max_length=MAX_AUDIT_BYTES),
        Field("lexicon", Kind.LEXICON, f"the lexicon of a game typed one action a line: {OFFERED_LEXICON}"),
        Field("rules", Kind.CHOICE, "the rules of a game typed one action a line", choices=tuple(PRESETS)),
    )


AUDIT = Body(
    (
        *_games_text("the records, JSON Lines, or one action a line"),
        Field("deep", Kind.FLAG, "also each turn's best first move and longest ladder"),
    )
)

MAX_REVIEW_PLAYOUTS = 64
"""The most play-outs a decision a review runs over HTTP (the command line allows more)."""
MAX_REVIEW_SECONDS = 120.0
"""The longest review of one request, whatever its per-decision budget (the rest is said ``not_weighed``)."""
MAX_REVIEW_TOP = 20
"""The most engine candidates a review weighs beyond its own choice (the command line's ``--top`` bound)."""
_REVIEW_OPTIONS = (
    Field(
        "playouts",
        Kind.WHOLE,
        f"rounds of play-outs a decision: the strength, reproducible from seed (default {DEFAULT_PLAYOUTS})",
        low=2,
        high=MAX_REVIEW_PLAYOUTS,
    ),
    Field(
        "budget",
        Kind.NUMBER,
        "milliseconds a decision at most, a ceiling each decision it stops says (default: the server's ceiling,"
        " cut to it)",
        low=0,
        high=MAX_MS,
        above=True,
        what="a number of milliseconds",
    ),
    Field("seed", Kind.WHOLE, "the play-outs' seed (default 0)", low=0, high=2**63 - 1),
    Field(
        "top",
        Kind.WHOLE,
        f"engine candidates beyond its own choice (default {DEFAULT_TOP})",
        low=0,
        high=MAX_REVIEW_TOP,
    ),
    Field("player", Kind.CHOICE, "only this player's decisions (default: both)", choices=("A", "B")),
    Field(
        "depth",
        Kind.CHOICE,
        "simulate: weigh by play-outs; plan: by the planner's values alone (the planner's units)",
        choices=REVIEW_DEPTHS,
    ),
)
REVIEW = Body((*_games_text("one game: its record, JSON Lines, or one action a line"), *_REVIEW_OPTIONS))
GAME_REVIEW = Body((*_REVIEW_OPTIONS, LANG_QUERY))
"""The query of a finished live game's review: the options of ``POST /api/review``, the game the id's."""
