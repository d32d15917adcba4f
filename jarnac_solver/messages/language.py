"""Which language a person reads: a tag normalized to one of :data:`LANGUAGES`, from the environment
(gettext's order: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) or an HTTP ``Accept-Language``."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "from_accept_language", "from_environment", "normalize"]

LANGUAGES = ("en", "fr", "es", "nl")
"""The languages of the catalogs: English, and those of the game's French and multilingual editions."""

DEFAULT_LANGUAGE = "en"

MAX_HEADER = 1000
"""An ``Accept-Language`` header is read up to this many characters (a header is bounded like every input)."""


def normalize(tag: object) -> str | None:
    """The catalog language of a tag (``fr_FR.UTF-8``, ``nl-BE``, ``EN``), ``None`` when there is none.

    >>> normalize("fr_FR.UTF-8"), normalize("nl-BE"), normalize("EN"), normalize("de"), normalize("C")
    ('fr', 'nl', 'en', None, 'en')
    """
    if not isinstance(tag, str):
        return None
    base = tag.strip().split(".")[0].split("@")[0].replace("_", "-").split("-")[0].lower()
    if base in ("c", "posix"):
        return "en"  # the C locale: untranslated, which is English
    return base if base in LANGUAGES else None


def from_environment(environ: Mapping[str, str]) -> str:
    """The language of the environment as gettext reads it: the first of ``LANGUAGE`` (a ``:`` list),
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, its first catalog language; else English.

    >>> from_environment({"LANGUAGE": "de:nl", "LANG": "fr_FR.UTF-8"}), from_environment({})
    ('nl', 'en')
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if not value:
            continue
        for tag in value.split(":"):
            found = normalize(tag)
            if found is not None:
                return found
        if name != "LANGUAGE":
            return DEFAULT_LANGUAGE  # a locale is set and has no catalog: gettext stops here too
    return DEFAULT_LANGUAGE


def from_accept_language(header: str | None) -> str | None:
    """The best catalog language of an HTTP ``Accept-Language`` header (RFC 9110 weights), ``None`` if none.

    >>> from_accept_language("de-DE,de;q=0.9,es;q=0.8,en;q=0.7"), from_accept_language("*"), from_accept_language("")
    ('es', None, None)
    """
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for n, item in enumerate(header[:MAX_HEADER].split(",")):
        tag, _, params = item.partition(";")
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                continue
        found = normalize(tag) if tag.strip().lower() not in ("c", "posix") else None
        if found is not None and weight > 0:
            ranked.append((-weight, n, found))
    return min(ranked)[2] if ranked else None
