"""A message of the catalogs: its English source text, its plural and the value that picks the form."""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["Message"]

_PLACEHOLDER = re.compile(r"\{(\w+)(?::[^}]*)?\}")


class Message(NamedTuple):
    """A message's English text, its plural (``None``: no plural form) and the value that picks the form
    (``plural_by``)."""

    singular: str
    plural: str | None = None
    plural_by: str | None = None

    @property
    def placeholders(self) -> frozenset[str]:
        """The names of the values the message takes."""
        return frozenset(_PLACEHOLDER.findall(self.singular + (self.plural or "")))
