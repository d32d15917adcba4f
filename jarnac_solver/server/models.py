"""A command's request model (:mod:`jarnac_solver.commands.model`) as the service validates it: a pydantic v2
model made from the dataclass, its bounds the model's, the lexicons the server offers among them.

Key idea: nothing here is checked by hand: each bound of the declaration becomes pydantic's (``min_length``,
``max_length``, ``ge``, ``le``), a lexicon a validator against the :class:`~.contract.Offer`; pydantic reports
every fault of a body at once, each with its location, a code and its values, and :func:`faults` says each
in the asker's language from the catalogs (:mod:`jarnac_solver.messages`), named by its field. The body's
JSON Schema (the OpenAPI document's) is pydantic's, from the same model.

pydantic is chosen over msgspec by ``benchmarks/bench_contract.py``: both read a body in microseconds
(msgspec faster still, neither near the health route's half millisecond), but pydantic says every fault
with a code and its values where msgspec says the first fault in an English sentence (docs/design.md).
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import pydantic
from pydantic_core import ErrorDetails, PydanticCustomError

from ..commands.check import CheckRequest
from ..commands.hint import HintRequest
from ..commands.hooks import HooksRequest
from ..commands.jarnac import JarnacRequest
from ..commands.lexicons import LexiconDiffRequest, LexiconInfoRequest, LexiconListRequest
from ..commands.listing import AnagramRequest, ExtendRequest, WordsRequest
from ..commands.model import (
    Budget,
    Each,
    Length,
    OfferedLexicons,
    OneOf,
    Range,
    Reads,
    Span,
    SpanError,
    Spec,
    Tray,
    specs,
)
from ..commands.moves import MovesRequest
from ..commands.plan import PlanRequest
from ..commands.search import SearchRequest
from ..messages import LANGUAGES, Reason
from .contract import LANG_HELP, OFFERED_LEXICON, Fault, Offer, shown, type_name

DECLARED: dict[str, type[Any]] = {
    "words": WordsRequest,
    "anagram": AnagramRequest,
    "extend": ExtendRequest,
    "check": CheckRequest,
    "search": SearchRequest,
    "hooks": HooksRequest,
    "lexicon info": LexiconInfoRequest,
    "lexicon list": LexiconListRequest,
    "lexicon diff": LexiconDiffRequest,
    "moves": MovesRequest,
    "jarnac": JarnacRequest,
    "plan": PlanRequest,
    "hint": HintRequest,
}
"""The commands served from their declaration (:mod:`jarnac_solver.commands`): no ``argv`` (:mod:`.declared`)."""

FAULT_KINDS = {"unknown_lexicon": "UnknownLexiconError"}
"""The error type of a fault whose code is not a usage error's."""


def _lexicons(offer: Offer, several: bool) -> Any:
    """The validator of a field naming lexicons this server offers (any case, as the library reads names)."""

    def read(value: str) -> str:
        text = value.lower()
        names = list(offer.lexicons) if several and text == "all" else [p.strip() for p in text.split(",")]
        if not several:
            names = [text]
        for name in names:
            if name not in offer.lexicons:
                values = {"name": repr(shown(name)), "offered": ", ".join(offer.lexicons)}
                raise PydanticCustomError("unknown_lexicon", "{name}: not offered", values)
        if len(set(names)) != len(names) or not all(names):
            raise PydanticCustomError("lexicons_twice", "{given}: twice", {"given": repr(shown(value))})
        return ",".join(names)

    return pydantic.AfterValidator(read)


def _span(bound: Span) -> Any:
    """A range's field: a whole number, or its text as the model reads it (:class:`~..commands.model.Span`), kept
    as text (``5`` is ``"5"``), as the command line's option gives it. The schema's ``pattern`` is a part of
    what the rule takes, described; the rule itself decides."""

    def kind(value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise PydanticCustomError("fault_span_due", "fault_span_due", {"given": type_name(value)})
        return value

    def read(value: int | str) -> str:
        try:
            return bound.read(str(value))
        except SpanError as exc:
            raise PydanticCustomError(exc.code, exc.code, exc.values) from None

    number = Annotated[int, pydantic.Field(strict=True, ge=0, le=bound.high)]
    text = Annotated[str, pydantic.Field(max_length=40, json_schema_extra={"pattern": bound.pattern})]
    return Annotated[number | text, pydantic.BeforeValidator(kind), pydantic.AfterValidator(read)]


def _text(bound: Length | None) -> Any:
    return Annotated[str, pydantic.Field(max_length=bound.high)] if bound and bound.high else str


def _reads(read: Callable[[str], str]) -> Any:
    """The validator of a text the library reads: its :class:`ValueError`, the field's fault."""

    def check(value: str) -> str:
        try:
            return read(value)
        except ValueError as exc:
            raise PydanticCustomError("not_read", "{said}", {"said": str(exc)}) from None

    return pydantic.AfterValidator(check)


def _field(spec: Spec, offer: Offer) -> tuple[Any, Any]:
    """The pydantic type and field of ``spec``, with the service's bounds; ``None`` (a field left out) is
    taken as its default."""
    base, many = spec.base, spec.many
    tray, budget = spec.bound(Tray), spec.bound(Budget)
    length = Length(0, tray.most) if tray is not None else spec.bound(Length, served=True)
    each = spec.bound(Each, served=True)
    item_length = each.bound if each is not None and isinstance(each.bound, Length) else None
    choices = spec.bound(OneOf, served=True)
    kind: Any
    item: Any
    span = spec.bound(Span)
    if choices is not None:
        item = typing.Literal[choices.values]
    elif span is not None:
        item = _span(span)
    elif base is str:
        item = _text(item_length if many else length)
    elif budget is not None:  # the model's bounds; cut to the server's ceiling once read
        item = Annotated[float, pydantic.Field(gt=budget.above, le=budget.most)]
    elif base in (int, float):
        bounds = spec.bound(Range, served=True) or Range()
        item = Annotated[base, pydantic.Field(ge=bounds.low, le=bounds.high, strict=base is int)]
    elif base is bool:
        item = Annotated[bool, pydantic.Field(strict=True)]  # true or false: never "yes", 1
    else:
        item = base
    offered = spec.bound(OfferedLexicons)
    if offered is not None:
        item = Annotated[item, _lexicons(offer, offered.several)]
    reads = spec.bound(Reads)
    if reads is not None:
        item = Annotated[item, _reads(reads.read)]
    if many:
        listed = pydantic.Field(min_length=length.low if length else None, max_length=length.high if length else None)
        kind = Annotated[list.__class_getitem__(item), listed] | item  # one text is a list of one
    else:
        kind = item
    # One lexicon's help says what the command line reads (a name, a file); a server reads names only.
    described = OFFERED_LEXICON if offered is not None and not offered.several else spec.help.text
    if offered is not None:
        described += f" (this server offers {', '.join(offer.lexicons)}, by name; never a file)"
    if budget is not None:
        described += f" (cut to this server's ceiling, {offer.max_budget_ms:g} ms: left out, the ceiling)"
    # min_len, or min-len as --help writes it
    name = spec.wire
    alias = pydantic.AliasChoices(name, name.replace("_", "-")) if "_" in name else None
    if spec.required:
        return kind, pydantic.Field(description=described, validation_alias=alias)
    return kind | None, pydantic.Field(default=None, description=described, validation_alias=alias)


_MADE: dict[tuple[str, Offer], type[pydantic.BaseModel]] = {}


def request_model(request: type[Any], offer: Offer) -> type[pydantic.BaseModel]:
    """``request``'s pydantic model for a server offering ``offer``: no other field (``lang`` besides, the
    language every command takes), each bound the declaration's. Made once for each offer."""
    key = (f"{request.__module__}.{request.__qualname__}", offer)
    found = _MADE.get(key)
    if found is None:
        found = _MADE[key] = _made(request, offer)
    return found


def _made(request: type[Any], offer: Offer) -> type[pydantic.BaseModel]:
    ordered = sorted(specs(request), key=lambda spec: not spec.positional)  # the arguments first, as --help
    fields: dict[str, Any] = {spec.wire: _field(spec, offer) for spec in ordered}
    fields["lang"] = (typing.Literal[LANGUAGES] | None, pydantic.Field(default=None, description=LANG_HELP))
    config = pydantic.ConfigDict(
        extra="forbid", title=request.__name__, json_schema_extra={"description": _about(request)}
    )
    made: type[pydantic.BaseModel] = pydantic.create_model(request.__name__, __config__=config, **fields)
    return made


def _about(request: type[Any]) -> str:
    return (request.__doc__ or "").strip().split("\n")[0]


def dashed(given: dict[str, Any]) -> list[Fault]:
    """The faults of a body giving a field both with underscores and with dashes (``min_len``, ``min-len``)."""
    return [
        Fault(key, "given twice (with dashes and with underscores)")
        for key in given
        if "-" in key and key.replace("-", "_") in given
    ]


def schema(model: type[pydantic.BaseModel]) -> dict[str, Any]:
    """The JSON Schema of a body of ``model``: each field with underscores also as ``--help`` writes it."""
    made = model.model_json_schema()
    for name in [n for n in made["properties"] if "_" in n]:
        made["properties"][name.replace("_", "-")] = {
            **made["properties"][name],
            "description": f"{name}, as --help writes it",
        }
    return made


def request_of(
    model: pydantic.BaseModel, request: type[Any], defaults: dict[str, Any], ceiling: float | None = None
) -> Any:
    """The library's request from a validated body: a list as a tuple, a field left out its default (the
    server's default, from ``defaults``, before the declaration's), a budget cut to ``ceiling`` (left out: the
    ceiling; no ceiling: as given, ``None`` the library's default)."""
    values: dict[str, Any] = {}
    for spec in specs(request):
        value = getattr(model, spec.wire)
        if spec.bound(Budget) is not None and ceiling is not None:
            value = min(ceiling, value if value is not None else ceiling)
        if value is None:
            value = defaults.get(spec.name, spec.default)
        if spec.many and value is not None:
            value = (value,) if isinstance(value, str) else tuple(value)
        values[spec.name] = value
    return request(**values)


_WRONG_TYPE = ("list_type", "string_type", "int_type", "bool_type", "float_type")
"""The codes of a value of another type than a branch of a union takes."""


def choices(model: type[pydantic.BaseModel], name: str) -> tuple[str, ...]:
    """The choices of ``model``'s field ``name`` (its ``Literal``'s values; none: ``()``)."""
    field = model.model_fields.get(name)
    found: list[str] = []
    pending = [field.annotation] if field is not None else []
    while pending:
        kind = pending.pop()
        if typing.get_origin(kind) is typing.Literal:
            found += [str(value) for value in typing.get_args(kind)]
        else:
            pending += list(typing.get_args(kind))
    return tuple(found)


def faults(
    error: pydantic.ValidationError,
    model: type[pydantic.BaseModel],
    budgets: Sequence[str] = (),
    said: Callable[[ErrorDetails, str], str | None] | None = None,
) -> list[Fault]:
    """Each fault of a body read by ``model``, by its field, in the language spoken
    (:func:`~jarnac_solver.messages.speaking`); ``budgets``: the fields that are a search's milliseconds;
    ``said``: a route's own wording of a fault (``None`` from it: the mapping below says it)."""
    known = list(model.model_fields)
    helps = {key: str(field.description or "") for key, field in model.model_fields.items()}
    made: list[Fault] = []
    by_field: dict[str, list[Any]] = {}
    for one in error.errors(include_url=False):
        given = str(one["loc"][0]) if one["loc"] else ""
        field = given.replace("-", "_")  # min-len, as --help writes it: the field min_len
        by_field.setdefault(field if field in known else given, []).append(one)
    for name, found in by_field.items():
        # A union's branches each refuse the value (a list, or one text): the fault of the branch whose type
        # the value has is said, once.
        one = next((e for e in found if e["type"] not in _WRONG_TYPE), found[0])
        code, ctx, value = one["type"], one.get("ctx") or {}, one.get("input")
        kind = FAULT_KINDS.get(code, "UsageError")
        own = said(one, name) if said is not None else None
        if own is not None:
            text = own
        elif code == "extra_forbidden":
            text = Reason("field_unknown", {"name": repr(shown(name)), "known": ", ".join(known)}).text()
        elif code == "missing":
            text = Reason("fault_required", {"help": helps.get(name, "")}).text()
        elif code == "unknown_lexicon":
            text = Reason("fault_lexicon_not_offered", {"name": ctx["name"], "offered": ctx["offered"]}).text()
        elif code == "lexicons_twice":
            text = Reason("fault_lexicons_twice", {"given": ctx["given"]}).text()
        elif code == "too_short" and isinstance(value, list):
            text = Reason("fault_list_empty").text()
        elif code == "too_long" and isinstance(value, list):
            text = Reason("fault_list_long", {"count": len(value), "most": int(ctx["max_length"])}).text()
        elif code == "string_too_long":
            text = Reason("field_too_long", {"count": len(str(value)), "most": int(ctx["max_length"])}).text()
        elif code == "literal_error":
            listed = ", ".join(map(repr, choices(model, name)))  # commas only: no English "or" in any language
            text = Reason("fault_not_one_of", {"given": repr(shown(str(value))), "choices": listed}).text()
        elif code == "bool_type":
            text = Reason("fault_flag_due", {"given": type_name(value)}).text()
        elif code == "int_type":
            text = Reason("fault_whole_due", {"given": type_name(value)}).text()
        elif code in ("fault_span_form", "fault_span_end", "fault_span_due"):
            text = Reason(code, ctx).text()
        elif code == "greater_than_equal":
            text = Reason("fault_at_least", {"value": shown(str(value)), "low": f"{ctx['ge']:g}"}).text()
        elif code == "less_than_equal":
            text = Reason("fault_at_most", {"value": shown(str(value)), "high": f"{ctx['le']:g}"}).text()
        elif code in ("string_type", "list_type"):
            text = Reason("fault_text_due", {"given": type_name(value)}).text()
        elif code == "not_read":  # the library's reader says what is wrong with the text
            text = str(ctx["said"])
        elif code == "greater_than":
            text = Reason("fault_above", {"value": shown(str(value)), "low": f"{ctx['gt']:g}"}).text()
        elif code == "float_parsing":
            code = "fault_not_milliseconds" if name in budgets else "fault_not_number"
            text = Reason(code, {"value": repr(shown(str(value)))}).text()
        elif code == "float_type":
            text = Reason("fault_number_due", {"given": type_name(value)}).text()
        else:  # a fault no request of the suite meets: pydantic's own sentence
            text = str(one["msg"])
        made.append(Fault(name, text, kind))
    return made
