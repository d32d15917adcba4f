"""The service's contract: what a server offers (:class:`Offer`), the bounds of every route, the one
wording of a fault (:class:`Fault`, :class:`BodyError`, a value :func:`shown` cut short, its
:func:`type_name`), and the served commands' names and lanes' bounds.

Key idea: a route's body is declared once, as a typed model: a command's in the commands layer
(:mod:`jarnac_solver.commands`, turned into a pydantic model by :mod:`.models`), every other route's in
:mod:`.route_bodies`, :mod:`.practice_contract` or :mod:`.nain_jaune_bodies` (read by :mod:`.typed`); from
the models the server reads a request (every fault of the body collected and named by its field, never the
first alone) and publishes the OpenAPI document. What the server offers (its lexicons, its ceiling on
budgets) is an :class:`Offer`, so no model holds a server's state.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..budget import DEFAULT_BUDGET
from ..messages import Reason

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

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


LANG_HELP = (
    "the language of the answer's texts (reasons, errors): its codes are the same in every one"
    " (default: the query's lang, else Accept-Language, else English)"
)
"""The help of every command's ``lang`` (the command line's shared ``--lang``)."""

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
