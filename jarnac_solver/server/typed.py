"""The types a route's body (or query) is declared with, as a pydantic v2 model, and how the service reads
one: every fault named by its field, in the asker's language.

Key idea: a route's body is a :class:`RouteBody` subclass, declared once; its fields' types carry their
bounds (:func:`whole`, :func:`number`, :func:`text`, :data:`Lexicon`, :data:`PersonName`, ...), so pydantic
checks a request and writes its JSON Schema from the same declaration (:func:`schema`, :func:`parameters`:
the OpenAPI document's). A fault is said by :func:`jarnac_solver.server.models.faults`, the commands' one
mapping of pydantic's codes to the catalogs' messages, with this module's own codes (a seat, a preset, a
person's name) added by :func:`said`.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Annotated, Any, TypeVar

import pydantic
from pydantic_core import ErrorDetails, PydanticCustomError

from ..errors import JarnacError
from ..messages import LANGUAGES, Reason
from ..moves.rules import PRESETS, Rules
from ..play.players import PLAYERS
from . import models
from .contract import MAX_TEXT, PERSON, BodyError, Fault, Offer, shown, type_name
from .names import person_name

LANG_HELP = (
    "the language of the answer's texts (reasons, errors): its codes are the same in every one"
    " (default: the query's lang, else Accept-Language, else English)"
)
"""The help of a route's ``lang``."""
OFFERED = "x-offered-lexicons"
"""The mark of a field's schema naming a lexicon this server offers (its ``enum`` written per server)."""
REF = "x-component"
"""The mark of a schema of the OpenAPI document's components (``$ref`` written by :func:`schema`: pydantic
follows every ``$ref`` it writes)."""

Language: Any = typing.Literal[LANGUAGES]
"""One of the languages of the catalogs."""


class RouteBody(pydantic.BaseModel):
    """A route's body or query: no field but those declared and ``lang`` (every route's faults and answer
    are said in the language it names, :func:`~.language.of_body`); ``null`` is a field left out."""

    model_config = pydantic.ConfigDict(extra="forbid", frozen=True)

    lang: Language | None = pydantic.Field(None, description=LANG_HELP)


M = TypeVar("M", bound=RouteBody)


def _not_bool(code: str) -> Any:
    """Refuse ``true`` and ``false`` where a number is due (pydantic reads them as 1 and 0)."""

    def refuse(value: Any) -> Any:
        if isinstance(value, bool):
            raise PydanticCustomError(code, "a number is due")
        return value

    return pydantic.BeforeValidator(refuse)


WHOLE = _not_bool("int_type")
"""The mark of a whole number (``"5"`` read as 5: a query's parameters are text; ``true`` refused):
``Annotated[int, pydantic.Field(ge=..., le=...), WHOLE]`` (last: the bounds then are the schema's)."""
NUMBER = _not_bool("float_type")
"""The mark of a number: ``Annotated[float, pydantic.Field(gt=..., le=..., allow_inf_nan=False), NUMBER]``."""


def chars(most: int = MAX_TEXT) -> Any:
    """The bound of a text of at most ``most`` characters (never a number read as text):
    ``Annotated[str, chars(40)]``."""
    return pydantic.Field(max_length=most, strict=True)


Flag = Annotated[bool, pydantic.Field(strict=True)]
"""``true`` or ``false`` in a body (never ``"yes"``, 1)."""
QueryFlag = Annotated[bool, pydantic.WithJsonSchema({"type": "boolean"})]
"""``true`` or ``false`` in a query (its text)."""


def _offered(value: str, info: pydantic.ValidationInfo) -> str:
    offer: Offer = (info.context or {})["offer"]
    name = value.lower()  # the bundled names, read in any case as the library reads them
    if name not in offer.lexicons:
        raise PydanticCustomError(
            "unknown_lexicon",
            "{name}: not offered",
            {"name": repr(shown(value)), "offered": ", ".join(offer.lexicons)},
        )
    return name


Lexicon = Annotated[
    str,
    pydantic.Field(max_length=MAX_TEXT, strict=True, json_schema_extra={OFFERED: True}),
    pydantic.AfterValidator(_offered),
]
"""A lexicon this server offers, by name (any case), never a file."""


def _person_name(value: str) -> str:
    try:
        return person_name(value)
    except ValueError as exc:  # said in the language spoken already (person_name reads the catalogs)
        raise PydanticCustomError("person_name", "{said}", {"said": str(exc)}) from None


NAME = pydantic.AfterValidator(_person_name)
"""The check of a person's name (:func:`~.names.person_name`): ``Annotated[str, chars(32), NAME]``."""
PersonName = Annotated[str, pydantic.Field(max_length=MAX_TEXT, strict=True), NAME]
"""A person's name, checked and trimmed (:func:`~.names.person_name`)."""


def _rules(value: Any) -> Rules:
    if isinstance(value, Rules):
        return value
    if isinstance(value, dict):
        try:
            return Rules.from_dict(value)
        except JarnacError as exc:
            raise PydanticCustomError("rules_invalid", "{said}", {"said": exc.message()}) from None
    if not isinstance(value, str):
        raise PydanticCustomError("rules_due", "a preset or an object", {"given": type_name(value)})
    if value not in PRESETS:
        raise PydanticCustomError("no_preset", "no preset", {"given": repr(shown(value))})
    return Rules.preset(value)


GameRules = Annotated[
    Rules,
    pydantic.PlainValidator(_rules),
    pydantic.WithJsonSchema({"anyOf": [{"enum": list(PRESETS)}, {REF: "rules"}]}),
]
"""A preset's name or an object of options (the rules' own reading of it: one rule)."""


def _seats(value: Any) -> tuple[str, str]:
    seats = (PERSON, *PLAYERS)
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        given = str(len(value)) if isinstance(value, (list, tuple)) else type_name(value)
        raise PydanticCustomError("seats_due", "two seats", {"given": given})
    odd = [s for s in value if not isinstance(s, str)]
    if odd:
        raise PydanticCustomError("seat_due", "a seat is a name", {"given": type_name(odd[0])})
    wrong = [s for s in value if s not in seats]
    if wrong:
        raise PydanticCustomError("seat_unknown", "no such player", {"name": repr(shown(wrong[0]))})
    return (value[0], value[1])


Seats = Annotated[
    tuple[str, str],
    pydantic.PlainValidator(_seats),
    pydantic.WithJsonSchema({"type": "array", "items": {"enum": [PERSON, *PLAYERS]}, "minItems": 2, "maxItems": 2}),
]
"""Two seats, A then B: a person or one of the computer's players."""


def said(one: ErrorDetails, name: str, model: type[RouteBody]) -> str | None:
    """The message of a fault of one of this module's codes, or one a route says otherwise than a
    command (``None``: the commands' mapping says it)."""
    code, ctx, value = one["type"], one.get("ctx") or {}, one.get("input")
    seats = ", ".join((PERSON, *PLAYERS))
    if code == "literal_error":  # a choice: text, one of the field's values
        if not isinstance(value, str):
            return Reason("fault_text_due", {"given": type_name(value)}).text()
        listed = ", ".join(models.choices(model, name))
        return Reason("fault_not_one_of", {"given": repr(shown(value)), "choices": listed}).text()
    if code == "reason":  # a rule of the route's own, said by its catalogs' code
        return Reason(str(ctx["code"]), dict(ctx.get("values") or {})).text()
    if code in ("person_name", "rules_invalid", "said"):  # said already, in the language spoken
        return str(ctx["said"])
    if code == "no_preset":
        return Reason("fault_no_preset", {"given": ctx["given"], "presets": ", ".join(PRESETS)}).text()
    if code == "rules_due":
        return Reason("fault_rules_due", {"given": ctx["given"], "presets": ", ".join(PRESETS)}).text()
    if code == "seats_due":
        return Reason("fault_seats_due", {"given": ctx["given"], "seats": seats}).text()
    if code == "seat_due":
        return Reason("fault_seat_due", {"given": ctx["given"], "seats": seats}).text()
    if code == "seat_unknown":
        return Reason("fault_seat_unknown", {"name": ctx["name"], "seats": seats}).text()
    if code == "greater_than":
        return Reason("fault_above", {"value": shown(str(value)), "low": f"{ctx['gt']:g}"}).text()
    if code in ("int_parsing", "int_from_float"):
        return Reason("fault_not_whole", {"given": repr(shown(str(value)))}).text()
    if code in ("float_parsing", "finite_number"):
        return Reason("fault_not_number", {"value": repr(shown(str(value)))}).text()
    if code == "float_type":
        return Reason("fault_number_due", {"given": type_name(value)}).text()
    if code == "bool_parsing":
        return Reason("fault_flag_due", {"given": repr(shown(str(value)))}).text()
    return None


def read(model: type[M], given: Any, offer: Offer, query: bool = False) -> M:
    """``given`` (a body's JSON, or a query's parameters) checked against ``model``, or :class:`~.contract
    .BodyError` with every fault of it, each named by its field, in the language spoken."""
    if not isinstance(given, Mapping):
        raise BodyError([Fault("", f"the body is a JSON object of fields, not {type_name(given)}")])
    known = list(model.model_fields)
    try:
        return model.model_validate(dict(given), context={"offer": offer})
    except pydantic.ValidationError as exc:
        faults = models.faults(exc, model, said=lambda one, name: said(one, name, model))
        if query:  # a query's unknown key is a parameter, not a field
            listed = ", ".join(known) or "-"
            faults = [
                Fault(f.field, Reason("parameter_unknown", {"name": repr(shown(f.field)), "known": listed}).text())
                if f.field not in known
                else f
                for f in faults
            ]
        # The faults of the fields given first (a missing field's after): the error's field is the one sent wrong.
        faults.sort(key=lambda fault: fault.field not in given)
        raise BodyError(faults) from None


def schema(model: type[RouteBody], offer: Offer | None = None) -> dict[str, Any]:
    """``model``'s JSON Schema (OpenAPI 3.1's dialect): an object of its fields, no other; a lexicon field's
    choices this server's lexicons."""
    made: dict[str, Any] = _referred(model.model_json_schema())
    made.pop("title", None)
    for name, spec in made.get("properties", {}).items():
        made["properties"][name] = _written(spec, offer)
    if model.__doc__:
        made["description"] = model.__doc__.strip().split("\n\n")[0].replace("\n", " ")
    return made


def _referred(value: Any) -> Any:
    """``value`` with each :data:`REF` mark a ``$ref`` to the document's component."""
    if isinstance(value, dict):
        if REF in value:
            return {"$ref": f"#/components/schemas/{value[REF]}"}
        return {key: _referred(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_referred(item) for item in value]
    return value


def _written(spec: dict[str, Any], offer: Offer | None) -> dict[str, Any]:
    """A field's schema as the document writes it: no title; a lexicon's the names offered; ``null`` (a field
    left out) allowed."""
    spec = {key: value for key, value in spec.items() if key != "title"}
    for branch in spec.get("anyOf", []):
        branch.pop("title", None)
        if branch.pop(OFFERED, False):
            branch.clear()
            branch["enum"] = _offered_names(offer)
    if spec.pop(OFFERED, False):
        spec = {"enum": _offered_names(offer), "description": spec.get("description", "")}
    return spec


def _offered_names(offer: Offer | None) -> list[str]:
    if offer is None:
        raise ValueError("a body naming a lexicon is described for a server's offer")
    return list(offer.lexicons)


def parameters(model: type[RouteBody], offer: Offer | None = None) -> list[dict[str, Any]]:
    """``model``'s fields as a URL's query parameters (OpenAPI ``parameters``)."""
    made = schema(model, offer)
    required = set(made.get("required", []))
    listed: list[dict[str, Any]] = []
    for name, spec in made["properties"].items():
        spec = dict(spec)
        described = spec.pop("description", "")
        spec.pop("default", None)
        branches = [b for b in spec.pop("anyOf", []) if b.get("type") != "null"]
        if branches:
            spec.update(branches[0] if len(branches) == 1 else {"anyOf": branches})
        listed.append(
            {"name": name, "in": "query", "required": name in required, "description": described, "schema": spec}
        )
    return listed
