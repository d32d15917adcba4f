"""``hooks``: the letters that make a word one tile longer, in front, at the back or inside, each with the
word made and its draw odds.

The request (:class:`HooksRequest`) is the command's one declaration: ``hooks WORD ... --limit N`` and the
service's ``POST /api/hooks`` body are both read from it, and both call :func:`hooks`.

>>> hooked = hooks(HooksRequest(("rate",), "en", limit=1))
>>> [row["front"][0]["word"] for row in hooked.result()["words"]]
['CRATE']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Annotated, Any

from ..lexicon.bag import BAGS, Bag
from ..lexicon.files import DEFAULT_LEXICON
from ..lexicon.lexicon import Lexicon
from .check import MAX_WORD, MAX_WORDS
from .listing import LISTING_FORMATS, MAX_LIMIT, built_in_bag
from .model import Each, Help, Length, OfferedLexicons, OneOf, Positional, Range, Served


@dataclasses.dataclass(frozen=True)
class HooksRequest:
    """The words to hook, in a lexicon, with the odds of a bag; the first ``limit`` hooks of each side."""

    words: Annotated[
        tuple[str, ...],
        Positional(),
        Help("the words to hook", "WORD"),
        Served(Length(1, MAX_WORDS)),
        Served(Each(Length(0, MAX_WORD))),
    ]
    lexicon: Annotated[str, Help("a lexicon by name"), OfferedLexicons()] = DEFAULT_LEXICON
    bag: Annotated[
        str | None,
        Help("the bag of the probabilities (default: the lexicon's)", "NAME|FILE"),
        Served(OneOf(tuple(BAGS))),
    ] = None
    limit: Annotated[
        int,
        Help("hooks shown per word and side (0: all)", "N"),
        Range(0, 100_000_000),
        Served(Range(0, MAX_LIMIT)),
    ] = 0
    format: Annotated[
        str,
        Help("columns: each word's hooks with their odds; lines: WORD, side, letter, hooked word a line; json"),
        OneOf(LISTING_FORMATS),
    ] = "columns"


@dataclasses.dataclass(frozen=True)
class Hooked:
    """The answer: each word's hooks (:class:`~jarnac_solver.lexicon.study.Hooks`) in the lexicon."""

    lexicon: Lexicon
    found: tuple[Any, ...]
    limit: int

    def result(self) -> dict[str, Any]:
        """The ``result`` of ``hooks --json``: each side cut to :attr:`limit` hooks (0: all)."""
        bags = {hooked.bag for hooked in self.found}
        rows = [hooked.to_dict() for hooked in self.found]
        if self.limit:
            for row in rows:
                for kind in ("front", "back", "inner"):
                    row[kind] = row[kind][: self.limit]
        skipped = self.lexicon.metadata.get("skipped") or {}
        return {
            "words": rows,
            "bag": next(iter(bags)) if bags else None,
            "skipped": sum(skipped.values()) if isinstance(skipped, dict) else 0,
        }


def hooks(
    request: HooksRequest,
    resolve: Callable[[str], Lexicon] = Lexicon.resolve,
    bag_of: Callable[[str, Lexicon], Bag] = built_in_bag,
) -> Hooked:
    """Every word of ``request`` hooked (``resolve`` reads the lexicon's name, ``bag_of`` the bag's: the command
    line also reads files; by default a bundled lexicon and a built-in bag)."""
    lex = resolve(request.lexicon)
    bag = bag_of(request.bag, lex) if request.bag is not None else None
    return Hooked(lex, tuple(lex.hooks(word, bag) for word in request.words), request.limit)
