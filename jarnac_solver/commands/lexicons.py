"""``lexicon list`` and ``lexicon info``: the lexicons there are, and one lexicon's sizes, letters, source,
licence and bag.

Each request is the command's one declaration: the command line's ``lexicon info NAME|PATH`` and the
service's ``POST /api/lexicon/info`` body are both read from it, and both call the same function.

>>> rows = lexicon_list(LexiconListRequest(), ("en",))["lexicons"]
>>> [(row["name"], row["default"]) for row in rows]
[('en', False)]
>>> lex, bag, info = lexicon_info(LexiconInfoRequest("nl"))
>>> lex.name, info["bag"]["name"]
('nl', 'nl-estimate')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Annotated, Any

from .. import native
from ..lexicon.bag import BAGS, Bag, bag_name_for
from ..lexicon.files import DEFAULT_LEXICON
from ..lexicon.lexicon import Lexicon
from .model import Help, OfferedLexicons, Positional


@dataclasses.dataclass(frozen=True)
class LexiconListRequest:
    """No field: the bundled lexicons (a server's: those it offers)."""


def lexicon_list(request: LexiconListRequest, available: Sequence[str] | None = None) -> dict[str, Any]:
    """The ``result`` of ``lexicon list --json``: each bundled lexicon (of ``available`` only, when given), its
    words, description and whether it is the default."""
    rows = []
    for name in Lexicon.available():  # in the bundle's order, whatever order ``available`` names them in
        if available is not None and name not in available:
            continue
        lex = Lexicon.load(name)
        description = str(lex.metadata.get("description", ""))
        rows.append({"name": name, "words": len(lex), "description": description, "default": name == DEFAULT_LEXICON})
    return {"lexicons": rows}


@dataclasses.dataclass(frozen=True)
class LexiconInfoRequest:
    """The lexicon to describe."""

    lexicon: Annotated[
        str, Positional(), Help("a bundled name, a .jlex file or a word list", "NAME|PATH"), OfferedLexicons()
    ]


def implementation_reason(lex: Lexicon) -> str:
    """Why the lexicon's walk is the one it is (compiled, or pure Python)."""
    if lex.implementation == native.IMPLEMENTATION:
        return native.IMPLEMENTATION_REASON
    return "an alphabet of more than 256 tiles" if lex.index.n_ranks > 256 else "chosen for this lexicon"


def lexicon_info(
    request: LexiconInfoRequest, resolve: Callable[[str], Lexicon] = Lexicon.resolve
) -> tuple[Lexicon, Bag | None, dict[str, Any]]:
    """The lexicon, its bag (``None``: none known) and the ``result`` of ``lexicon info --json``."""
    lex = resolve(request.lexicon)
    meta = lex.metadata
    name = bag_name_for(lex)
    bag = Bag.load(name) if name is not None and name in BAGS else None
    return (
        lex,
        bag,
        {
            "words": len(lex),
            "alphabet": lex.alphabet.to_dict(),
            "by_length": {str(n): c for n, c in lex.length_counts().items()},
            "letters": lex.letter_counts(),
            "source": meta.get("source", ""),
            "licence": meta.get("licence", ""),
            "description": meta.get("description", ""),
            "skipped": meta.get("skipped", {}),
            "removed": meta.get("removed", {}),
            "bag": bag.to_dict() if bag is not None else None,
            "implementation": {"name": lex.implementation, "reason": implementation_reason(lex)},
        },
    )
