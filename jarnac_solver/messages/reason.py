"""The :class:`Reason` type and its rendering from the catalogs (the standard library's :mod:`gettext`).

A message's text holds ``{name}`` or ``{name:spec}`` placeholders (``spec``: ``+`` for a signed number,
``.1f`` for one decimal, ``,`` for thousands separators,
or some of these: ``+.1f``); a value is a number, a string (notation, a word, a name:
never translated) or another :class:`Reason` (a part of the sentence, rendered in the same language).
Decimals are written with the language's separator (``1,5`` in French, Spanish and Dutch). The plural
form is picked by the message's ``plural_by`` value (:class:`~.catalog.Message`), by the catalog's
``Plural-Forms``.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from .catalog import MESSAGES
from .language import DEFAULT_LANGUAGE, LANGUAGES, normalize

__all__ = ["Reason", "Value", "current_language", "render", "speaking", "translation"]

DOMAIN = "jarnac_solver"
LOCALE_DIR = Path(__file__).with_name("locale")
"""The compiled catalogs: ``locale/<lang>/LC_MESSAGES/jarnac_solver.mo`` (built by ``locales/catalogs.py``)."""

Value = Union[int, float, str, "Reason"]

_LANGUAGE: contextvars.ContextVar[str] = contextvars.ContextVar("jarnac_solver_language", default=DEFAULT_LANGUAGE)

PLACEHOLDER = re.compile(r"\{(\w+)(?::(\+?,?(?:\.\d+f)?))?\}")
"""``{name}`` or ``{name:spec}``: the only format the catalogs use (the page's renderer reads the same)."""

DECIMAL_COMMA = frozenset({"fr", "es", "nl"})
_SEPARATORS = {
    lang: str.maketrans({",": group, ".": ","}) for lang, group in (("fr", "\u202f"), ("es", "."), ("nl", "."))
}
"""Each language's thousands separator (``{n:,}``: CLDR's, a narrow space in French) and its decimal comma."""


def current_language() -> str:
    """The language :class:`Reason` renders in when none is named (English unless inside :func:`speaking`)."""
    return _LANGUAGE.get()


@contextlib.contextmanager
def speaking(language: str) -> Iterator[str]:
    """Render reasons in ``language`` inside the block (per thread and task: a context variable).

    >>> with speaking("es"):
    ...     Reason("clean_pass").text()
    'un pase limpio: a quien pasó no le quedaba ninguna jugada'
    """
    lang = _checked_language(language)
    token = _LANGUAGE.set(lang)
    try:
        yield lang
    finally:
        _LANGUAGE.reset(token)


def _checked_language(language: object) -> str:
    lang = normalize(language)
    if lang is None:
        # A ValueError, not one of errors.py's types: the errors are built on this module, not under it.
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}"[:200])
    return lang


@functools.cache
def translation(language: str) -> gettext.NullTranslations:
    """The catalog of ``language`` (one of :data:`~.language.LANGUAGES`), read once from its ``.mo``."""
    lang = _checked_language(language)
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=lang == DEFAULT_LANGUAGE)


@dataclass(frozen=True)
class Reason:
    """A message code and its values: an explanation as data, rendered in any language by :meth:`text`.

    ``values`` maps each placeholder of the code's message to a number, a string or a nested reason.
    """

    code: str
    values: Mapping[str, Value] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in MESSAGES:
            raise KeyError(f"no message has the code {self.code!r}")
        wanted = MESSAGES[self.code].placeholders
        if set(self.values) != wanted:
            raise KeyError(f"message {self.code!r} takes {sorted(wanted)}, not {sorted(self.values)}")

    def text(self, language: str | None = None) -> str:
        """The sentence in ``language`` (default: :func:`current_language`)."""
        return render(self.code, self.values, current_language() if language is None else language)

    def to_dict(self, language: str | None = None) -> dict[str, Any]:
        """``{"code", "values", "text"}``: nested reasons as ``{"code", "values"}``, the text in ``language``.

        >>> Reason("points_now", {"points": 2}).to_dict()
        {'code': 'points_now', 'values': {'points': 2}, 'text': '+2 pts now'}
        """
        return {**self.data(), "text": self.text(language)}

    def data(self) -> dict[str, Any]:
        """``{"code", "values"}``, nested reasons the same: what a front end renders from its catalog."""
        values = {k: v.data() if isinstance(v, Reason) else v for k, v in self.values.items()}
        return {"code": self.code, "values": values}

    def __str__(self) -> str:
        return self.text()

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted((k, v) for k, v in self.values.items()))))


def render(code: str, values: Mapping[str, Value], language: str = DEFAULT_LANGUAGE) -> str:
    """The message ``code`` in ``language``, its placeholders filled with ``values``."""
    message = MESSAGES[code]
    catalog = translation(language)
    if message.plural is None:
        template = catalog.pgettext(code, message.singular)
    else:
        n = plural_count(values[message.plural_by or ""])
        template = catalog.npgettext(code, message.singular, message.plural, n)
    return fill(template, values, language)


def plural_count(value: Value) -> int:
    """The whole number a plural form is picked by: a decimal that is not whole reads as many.

    >>> plural_count(1), plural_count(-3), plural_count(1.5), plural_count(1.0), plural_count(0.0)
    (1, 3, 2, 1, 0)
    """
    if isinstance(value, float):
        return abs(int(value)) if value.is_integer() else 2  # 2.0 is 2 (a page reads JSON's 2.0 as 2)
    if isinstance(value, int):
        return abs(value)
    raise TypeError(f"a plural is picked by a number, not {value!r}")


def fill(template: str, values: Mapping[str, Value], language: str) -> str:
    """``template`` with each placeholder replaced by its value written in ``language``.

    >>> fill("{a:+.1f} / {b:+} / {c} / {d:,}", {"a": 1.25, "b": -2, "c": 0.5, "d": 12000}, "fr")
    '+1,2 / -2 / 0,5 / 12\u202f000'
    """

    def one(match: re.Match[str]) -> str:
        value = values[match.group(1)]
        if isinstance(value, Reason):
            return value.text(language)
        if isinstance(value, str):
            return value
        spec = match.group(2) or ""
        text = format(value + 0 if value else 0, spec)  # -0.0 is written 0 (as the page writes it)
        decimal = isinstance(value, float) or spec.endswith("f")
        if language in DECIMAL_COMMA and (decimal or "," in spec):
            return text.translate(_SEPARATORS[language])  # the grouping and decimal marks swapped at once
        return text

    return PLACEHOLDER.sub(one, template)
