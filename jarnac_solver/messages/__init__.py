"""Explanations as data: a :class:`Reason` is a message code and its values, said in any language of the catalogs.

Key idea: the library never builds a sentence for a person. It builds a
``Reason("points_now", {"points": 9})``; the sentence is rendered from the
message catalogs (gettext ``.mo`` files shipped in the package, compiled from
the ``.po`` sources in ``locales/``), the English one like every other, so a
reason's ``text`` and its data never disagree. The codes, their English
source texts and which value picks the plural are in :mod:`.catalog`
(:data:`~.catalog.MESSAGES`); :mod:`.language` reads a language from a
command line, the environment or an ``Accept-Language`` header.

A layer that explains something (advice, audit, the referee, a review)
builds reasons with codes it adds to :data:`~.catalog.MESSAGES` and to each
``locales/*.po`` (``python locales/catalogs.py`` then checks and compiles them).

>>> reason = Reason("points_now", {"points": 9})
>>> reason.text("en"), reason.text("fr")
('+9 pts now', '+9 pts maintenant')
>>> Reason("points_now", {"points": 1}).text("fr")
'+1 pt maintenant'
>>> with speaking("nl"):
...     str(Reason("points_now", {"points": 0}))
'+0 punten nu'
"""

from __future__ import annotations

from .catalog import MESSAGES, Message
from .language import DEFAULT_LANGUAGE, LANGUAGES, from_accept_language, from_environment, normalize
from .reason import Reason, Value, current_language, render, speaking, translation

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "MESSAGES",
    "Message",
    "Reason",
    "Value",
    "current_language",
    "from_accept_language",
    "from_environment",
    "normalize",
    "render",
    "speaking",
    "translation",
]
