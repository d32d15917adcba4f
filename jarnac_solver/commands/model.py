"""How a command's request is declared: a frozen dataclass whose fields are ``Annotated`` with their help and
their bounds, read by both the command line and the service.

Key idea: a bound is data, never code: :class:`Range` (a number's), :class:`Length` (a text's characters or a
list's items), :class:`Each` (a bound of every item of a list), :class:`Span` (a number or a range written as
text, ``5-7``), :class:`OfferedLexicons` (the lexicons a server offers: one name, or several joined by
commas, or ``all``). The command line turns a field into an option (:class:`Help`, :class:`Positional`,
:class:`Wire` for a name Python cannot spell); the service turns it into a pydantic field with the same
bounds, so the JSON schema of its body and the OpenAPI document are generated from here.

>>> @dataclasses.dataclass(frozen=True)
... class Ask:
...     count: Annotated[int, Help("how many"), Range(1, 9)] = 1
>>> [(s.name, s.default, s.bound(Range)) for s in specs(Ask)]
[('count', 1, Range(low=1, high=9))]
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Annotated, Any, TypeVar

from ..lexicon.study import RANGE_MAX

__all__ = [
    "Annotated",
    "Each",
    "Help",
    "Length",
    "OfferedLexicons",
    "OneOf",
    "Positional",
    "Range",
    "RequestError",
    "Served",
    "Span",
    "SpanError",
    "Spec",
    "Wire",
    "specs",
]

B = TypeVar("B")


@dataclasses.dataclass(frozen=True)
class Help:
    """A field's help (the option's ``--help`` line and the schema's ``description``) and its metavar."""

    text: str
    metavar: str | None = None


@dataclasses.dataclass(frozen=True)
class Positional:
    """A field given as an argument on the command line, not as an option."""


@dataclasses.dataclass(frozen=True)
class Range:
    """A number's bounds, both included; ``unit`` follows the value in the command line's refusal (``" tiles"``:
    "10 tiles: give 1 to 9")."""

    low: float | None = None
    high: float | None = None
    unit: str = dataclasses.field(default="", repr=False, compare=False)


@dataclasses.dataclass(frozen=True)
class Length:
    """A text's length in characters, or a list's in items, both included."""

    low: int = 0
    high: int | None = None


@dataclasses.dataclass(frozen=True)
class Each:
    """A bound of every item of a list."""

    bound: Range | Length


@dataclasses.dataclass(frozen=True)
class OneOf:
    """A text that is one of these values."""

    values: tuple[str, ...]


class SpanError(ValueError):
    """A text that is no :class:`Span`: its catalog code and values (``fault_span_form``, ``fault_span_end``),
    which the command line says in English and the service in the asker's language."""

    def __init__(self, code: str, values: dict[str, Any]) -> None:
        super().__init__(code)
        self.code = code
        self.values = values


@dataclasses.dataclass(frozen=True)
class Span:
    """A number or a range of whole numbers written as text: ``7`` (exactly), ``5-7``, ``5-`` or ``-7`` (an open
    end), each end at most ``high``; the library reads it (``lexicon.study.as_range``), and its own bounds
    (a length from 1, points to 81) are the library's to say.

    >>> Span().read(" 5-7 "), Span().read("-7")
    ('5-7', '-7')
    >>> Span(high=9).read("5-10")
    Traceback (most recent call last):
    jarnac_solver.commands.model.SpanError: fault_span_end
    """

    high: int = RANGE_MAX

    def read(self, text: str) -> str:
        """``text`` without its outer spaces, or :class:`SpanError`: not a number nor a range, or an end over
        ``high``."""
        lo, _, hi = text.strip().partition("-")
        ends = [p.strip() for p in (lo, hi) if p.strip()]
        if not ends or not all(p.isascii() and p.isdigit() for p in ends):
            raise SpanError("fault_span_form", {"given": repr(text)})
        if any(int(p) > self.high for p in ends):
            raise SpanError("fault_span_end", {"given": repr(text), "most": self.high})
        return text.strip()

    @property
    def pattern(self) -> str:
        """The texts :meth:`read` takes, as a regular expression (the JSON Schema's ``pattern``; spaces only
        around the numbers, and ends of fewer digits than ``high``: all of them taken)."""
        end = f"0*[0-9]{{1,{max(1, len(str(self.high)) - 1)}}}"
        return f"^ *(?:{end} *(?:- *(?:{end})?)?|- *{end}) *$"


@dataclasses.dataclass(frozen=True)
class Wire:
    """The field's name in a body and, with dashes, its option's (``in``, ``--in``) when Python cannot spell
    it (a keyword); the request's attribute keeps the Python name."""

    name: str


@dataclasses.dataclass(frozen=True)
class Served:
    """A bound the service adds to the command's own (a body's size, a built-in name where the command line
    also reads a file): the command line reads what its user gives it."""

    bound: Range | Length | Each | OneOf | Span


@dataclasses.dataclass(frozen=True)
class OfferedLexicons:
    """A lexicon the server offers, by name (never a file on a server; the command line also takes a file or
    a word list); ``several``: names joined by commas, or ``all``."""

    several: bool = False


class RequestError(ValueError):
    """A request its command refuses as a whole, once its bounds are met (an empty rack, a name given twice):
    the command line's usage error, the service's 400 naming ``field``. ``named``: the message names its
    command already (``words: --mark takes ...``)."""

    def __init__(self, message: str, field: str | None = None, named: bool = False) -> None:
        super().__init__(message)
        self.field = field
        self.named = named


@dataclasses.dataclass(frozen=True)
class Spec:
    """One field of a request as both sides read it."""

    name: str
    annotation: Any
    default: Any
    metadata: tuple[Any, ...]

    @property
    def required(self) -> bool:
        return self.default is dataclasses.MISSING

    @property
    def help(self) -> Help:
        return self.bound(Help) or Help("")

    @property
    def positional(self) -> bool:
        return self.bound(Positional) is not None

    @property
    def wire(self) -> str:
        """The field's name in a body (:class:`Wire`'s, else the Python name)."""
        named = self.bound(Wire)
        return named.name if named is not None else self.name

    @property
    def option(self) -> str:
        """The command line's option of the field (``--min-len``, ``--in``)."""
        return "--" + self.wire.replace("_", "-")

    def bound(self, kind: type[B], served: bool = False) -> B | None:
        """The field's annotation of ``kind``, if it has one; ``served``: the service's (a :class:`Served`
        one before the command's own)."""
        if served:
            found = next((m.bound for m in self.metadata if isinstance(m, Served) and isinstance(m.bound, kind)), None)
            if found is not None:
                return found
        return next((m for m in self.metadata if isinstance(m, kind)), None)

    @property
    def value_type(self) -> Any:
        """The field's type, ``None`` taken out of a union (``tuple[str, ...] | None``: ``tuple[str, ...]``)."""
        kind = self.annotation
        args = [a for a in typing.get_args(kind) if a is not type(None)]
        if isinstance(kind, types.UnionType) and len(args) == 1:
            return args[0]
        return kind

    @property
    def base(self) -> Any:
        """The type of the field's value (of each item, for a list)."""
        kind = self.value_type
        return typing.get_args(kind)[0] if typing.get_origin(kind) is tuple else kind

    @property
    def many(self) -> bool:
        """Whether the field is a list (a tuple of items)."""
        return typing.get_origin(self.value_type) is tuple


def specs(request: type[Any]) -> tuple[Spec, ...]:
    """The fields of a request's dataclass, in order, with their annotations."""
    hints = typing.get_type_hints(request, include_extras=True)
    made = []
    for field in dataclasses.fields(request):
        hint = hints[field.name]
        metadata: tuple[Any, ...] = ()
        if typing.get_origin(hint) is typing.Annotated:
            hint, *extra = typing.get_args(hint)
            metadata = tuple(extra)
        made.append(Spec(field.name, hint, field.default, metadata))
    return tuple(made)


# -- a position's vocabulary: a tray's text, a number's name, a text the library reads, a search's budget ----


@dataclasses.dataclass(frozen=True)
class Tray:
    """A tray written ``LINE LINE ... / RACK``, read by the library's own tray reader in the alphabet of the
    request's lexicon when its command runs (:func:`~jarnac_solver.commands.positions.read_tray`): a fault in
    it names its field. The service reads at most ``most`` characters (a full tray of eight 9-tile lines and
    a rack fits)."""

    most: int = 256


@dataclasses.dataclass(frozen=True)
class Named:
    """The words a number is named by when the command line refuses it (``"a Zipf frequency"``: "'9': a Zipf
    frequency is from 0 to 8")."""

    what: str


@dataclasses.dataclass(frozen=True)
class Reads:
    """A text the library reads with ``read`` (its :class:`ValueError` says what is wrong): the command line's
    argparse type, the service's validator."""

    read: typing.Callable[[str], str]


@dataclasses.dataclass(frozen=True)
class Budget:
    """A search's time in milliseconds (``None``: the library's default ceiling; ``math.inf``: no limit): above
    ``above`` (a search has some time) and at most ``most`` on both sides. The command line's ``--budget MS``,
    with ``--exact`` (``exact``: its help) beside it, the two exclusive; the service's cut to the server's
    ceiling (left out: the ceiling), never exact."""

    exact: str
    most: float = 1e9
    above: float = 0


__all__ += ["Budget", "Named", "Reads", "Tray"]
