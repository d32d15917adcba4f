"""A request's body as it arrives: at most so many bytes, within :data:`BODY_SECONDS`, read as strict JSON.

Key idea: the body is refused before it is read whole when it declares more bytes than the route takes,
and while it arrives once it passes them (a 413, the connection closed after the answer so the rest is
never read); a key given twice, ``NaN`` or a nesting too deep are refused by name, never kept silently;
every refusal is said in the asker's language (:func:`~.language.say`).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import ClientDisconnect, Request

from .answers import ServiceError
from .language import say

BODY_SECONDS = 30.0
"""The longest a request's body may take to arrive: a body that stops half-way (a client gone, or one
holding sockets open on purpose) is a 408, and its connection is freed."""


class _TwiceError(ValueError):
    """A key given twice in one JSON object (``{"rack": "ABC", "rack": "XYZ"}``)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _one_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once: ``json`` would keep the last silently, so a body that
    says two things of one field is refused, as a query parameter given twice is."""
    made = dict(pairs)
    if len(made) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _TwiceError(key)
            seen.add(key)
    return made


def _no_constant(name: str) -> Any:
    """``NaN``, ``Infinity``: not JSON (RFC 8259), which ``json`` reads by default."""
    raise ValueError(f"{name} is not a JSON value (RFC 8259)")


async def read_json(request: Request, limit: int) -> Any:
    """The request's body as JSON, at most ``limit`` bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise ServiceError(413, "RequestTooLarge", say("refused_body_declared", given=int(declared), most=limit))
    raw = bytearray()

    async def arrive() -> None:
        async for chunk in request.stream():
            raw.extend(chunk)
            if len(raw) > limit:
                raise ServiceError(413, "RequestTooLarge", say("refused_body_over", most=limit))

    try:
        await asyncio.wait_for(arrive(), BODY_SECONDS)
    except ClientDisconnect:  # gone, or a body it sent malformed (a bad chunk): the 400 is the protocol's
        raise ServiceError(400, "MalformedRequest", say("refused_body_cut")) from None
    except asyncio.TimeoutError:
        message = say("refused_body_slow", seconds=f"{BODY_SECONDS:g}", came=len(raw))
        raise ServiceError(408, "RequestTimeout", message) from None
    try:
        return json.loads(bytes(raw) or b"{}", object_pairs_hook=_one_each, parse_constant=_no_constant)
    except _TwiceError as exc:
        raise ServiceError(400, "UsageError", say("refused_body_twice"), exc.key) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ServiceError(400, "MalformedJSON", say("refused_body_not_json", detail=str(exc))) from None
    except RecursionError:  # [[[...]]] thousands deep
        raise ServiceError(400, "MalformedJSON", say("refused_body_deep")) from None
