"""The service's contract: what a server offers (:class:`Offer`), the bounds of every route, the one
wording of a fault (:class:`Fault`, :class:`BodyError`, :func:`person_name`), and the table of fields
(:class:`Body`) that a body no model declares would be read by; every served command is declared in the
commands layer (:mod:`jarnac_solver.commands`, :mod:`.models`), so :data:`COMMAND_BODIES` is empty.

Key idea: a route's body is declared once. The other routes' bodies are typed models
(:mod:`.route_bodies`, :mod:`.practice_contract`, :mod:`.nain_jaune_bodies`, read by :mod:`.typed`); a
command's :class:`Body` here is the one place its fields are written: from it the server reads a request
(:meth:`Body.read`: every fault of the body collected and named by its field, never the first alone),
and publishes the OpenAPI document (:meth:`Body.schema`). What a field
takes is its :class:`Kind`; what the server offers (its lexicons, its ceiling on budgets) is an
:class:`Offer`, so the table holds no server's state. A command's fields are the options its ``--help``
names; a test holds the two equal, so a new option of the command line is not silently unserved.

No web framework here: the app (``app.py``) and the document (``openapi.py``) both read this module.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field

from ..budget import DEFAULT_BUDGET
from ..lexicon.bag import BAGS
from ..messages import LANGUAGES, Reason

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
        "fault_lexicon_not_offered", {"name": repr(shown(value)), "offered": ", ".join(offer.lexicons)}
    ).text()


def unknown_fields(given: Iterable[str], known: Iterable[str]) -> list[Fault]:
    """A fault for each of ``given`` not among ``known`` (the one wording of "no such field")."""
    names = list(known)
    listed = ", ".join(names) or "-"
    return [
        Fault(str(key), Reason("field_unknown", {"name": repr(shown(str(key))), "known": listed}).text())
        for key in given
        if key not in names
    ]


def shown(text: str, most: int = 40) -> str:
    """``text`` cut for an error message (a value of 5,000 characters is not echoed whole)."""
    return text if len(text) <= most else text[:most] + "..."


def type_name(value: object) -> str:
    """The kind of ``value`` as a fault says it (\"a number\", \"a list\"), in the language spoken."""
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
    LEXICONS = "lexicons"  # a list of lexicon names
    BAG = "bag"


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

    def read(self, value: Any, offer: Offer) -> Any:
        """The field's value checked and normalised, or :class:`ValueError` saying what is wrong."""
        kind = self.kind
        if kind in (Kind.NUMBER, Kind.WHOLE):
            return self._number(value)
        if kind is Kind.FLAG:
            if not isinstance(value, bool):
                raise ValueError(Reason("fault_flag_due", {"given": type_name(value)}).text())
            return value
        if kind in (Kind.TEXTS, Kind.LEXICONS):
            items = [value] if isinstance(value, str) else value
            if not isinstance(items, list) or not items:
                if items == []:
                    raise ValueError(Reason("fault_list_empty").text())
                raise ValueError(f"a non-empty list of texts, not {type_name(value)}")
            if len(items) > MAX_ITEMS:
                raise ValueError(Reason("fault_list_long", {"count": len(items), "most": MAX_ITEMS}).text())
            texts = [self._text(item) for item in items]
            if kind is Kind.LEXICONS:
                texts = [
                    text.lower() for text in texts
                ]  # the bundled names, read in any case as the library reads them
                for text in texts:
                    fault = offered_lexicon(text, offer)
                    if fault:
                        raise UnknownLexicon(fault)
            return texts
        text = self._text(value)
        if kind is Kind.CHOICE and text not in self.choices:
            raise ValueError(
                Reason("fault_not_one_of", {"given": repr(shown(text)), "choices": ", ".join(self.choices)}).text()
            )
        if kind is Kind.LEXICON:
            text = text.lower()  # the bundled names, read in any case as the library reads them
            fault = offered_lexicon(text, offer)
            if fault:
                raise UnknownLexicon(fault)
        if kind is Kind.BAG and text not in BAGS:
            raise ValueError(f"{shown(text)!r}: the service offers the built-in bags {', '.join(BAGS)} (never a file)")
        return text

    def _text(self, value: Any) -> str:
        if not isinstance(value, str):
            raise ValueError(Reason("fault_text_due", {"given": type_name(value)}).text())
        if len(value) > self.max_length:
            raise ValueError(Reason("field_too_long", {"count": len(value), "most": self.max_length}).text())
        return value

    def _number(self, value: Any) -> float | int:
        what = self.what or ("a whole number" if self.kind is Kind.WHOLE else "a number")
        number: float | int
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValueError(f"{what} is due, not {type_name(value)}")
        if isinstance(value, str):
            text = value.strip()
            try:
                number = int(text) if self.kind is Kind.WHOLE else float(text)
            except ValueError:
                raise ValueError(f"{shown(value)!r} is not {what}") from None
        else:
            number = value
        if isinstance(number, float) and not math.isfinite(number):
            raise ValueError(f"{shown(str(value))} is not {what}")
        if self.kind is Kind.WHOLE and isinstance(number, float):
            if not number.is_integer():
                raise ValueError(f"{value!r} is not {what}")
            number = int(number)
        low, high = self.low, self.high
        if (low is not None and (number <= low if self.above else number < low)) or (
            high is not None and number > high
        ):
            raise ValueError(f"{shown(str(value))} is out of range: {self._bounds()}")
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
            # A number may be written as text too: "5" is read as 5.
            schema = {"oneOf": [number, {"type": "string", "maxLength": 40}]}
        elif kind is Kind.FLAG:
            schema = {"type": "boolean"}
        elif kind in (Kind.TEXTS, Kind.LEXICONS):
            item: dict[str, Any] = (
                {"enum": list(offer.lexicons)} if kind is Kind.LEXICONS else {"type": "string", "maxLength": MAX_TEXT}
            )
            many = {"type": "array", "items": item, "minItems": 1, "maxItems": MAX_ITEMS}
            schema = {"oneOf": [many, item]}
        elif kind is Kind.CHOICE:
            schema = {"enum": list(self.choices)}
        elif kind is Kind.LEXICON:
            schema = {"enum": list(offer.lexicons)}
        elif kind is Kind.BAG:
            schema = {"enum": list(BAGS)}
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

    def read(self, body: Any, offer: Offer) -> dict[str, Any]:
        """The body's values by field name (those given; ``null`` is a field left out), or
        :class:`BodyError` with every fault of it. A command's fields may be written with dashes
        (``min-len``), as its ``--help`` writes them."""
        if not isinstance(body, dict):
            raise BodyError([Fault("", f"the body is a JSON object of fields, not {type_name(body)}")])
        given: Mapping[str, Any] = body
        values: dict[str, Any] = {}
        faults: list[Fault] = []
        names = {str(key): str(key).replace("-", "_") for key in given}
        faults += unknown_fields(
            [key for key, name in names.items() if name not in self.by_name],
            self.by_name,
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
                values[name] = spec.read(value, offer)
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


# -- the commands' bodies: their options as --help names them ------------------------------------


def _lexicon_option() -> Field:
    return Field("lexicon", Kind.LEXICON, OFFERED_LEXICON, option="--lexicon")


def _budget() -> Field:
    return Field(
        "budget",
        Kind.NUMBER,
        "answer within this many milliseconds (cut to the server's ceiling; default: the ceiling)",
        option="--budget",
        low=0,
        high=MAX_MS,
        above=True,
        what="a number of milliseconds",
    )


def _bag_option() -> Field:
    return Field("bag", Kind.BAG, "a built-in bag of the probabilities (default: the lexicon's)", option="--bag")


def _arg(name: str, help: str, kind: Kind = Kind.TEXT) -> Field:
    return Field(name, kind, help, required=True)


def _text(name: str, help: str) -> Field:
    return Field(name, Kind.TEXT, help, option="--" + name.replace("_", "-"))


def _whole(name: str, help: str, low: int, high: int) -> Field:
    return Field(name, Kind.WHOLE, help, option="--" + name.replace("_", "-"), low=low, high=high)


def _flag(name: str, help: str) -> Field:
    return Field(name, Kind.FLAG, help, option="--" + name)


COMMAND_BODIES: dict[str, Body] = {}
"""The commands read by a table of fields: none, every served command is declared in the commands layer
(``server/models.py``)."""

LANG = Field(
    "lang",
    Kind.CHOICE,
    "the language of the answer's texts (reasons, errors): its codes are the same in every one"
    " (default: the query's lang, else Accept-Language, else English)",
    option="--lang",
    choices=LANGUAGES,
)
"""A command's language, as its ``--lang``: every command takes it (the command line's shared option)."""

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
