"""``lexicon list``, ``lexicon info`` and ``lexicon diff``: the lexicons there are, one lexicon's sizes, letters,
source, licence and bag, and the words in one lexicon and not in another.

Each request is the command's one declaration: the command line's ``lexicon info NAME|PATH`` and the
service's ``POST /api/lexicon/info`` body are both read from it, and both call the same function.

>>> rows = lexicon_list(LexiconListRequest(), ("en",))["lexicons"]
>>> [(row["name"], row["default"]) for row in rows]
[('en', False)]
>>> lex, bag, info = lexicon_info(LexiconInfoRequest("nl"))
>>> lex.name, info["bag"]["name"]
('nl', 'nl-estimate')
>>> [side["only"] for side in lexicon_diff(LexiconDiffRequest("fr", "fr-competitive", length=8))["sides"]]
[23142, 0]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Annotated, Any

from .. import native
from ..errors import InvalidInputError
from ..lexicon.bag import BAGS, Bag, bag_name_for
from ..lexicon.files import DEFAULT_LEXICON
from ..lexicon.lexicon import ORDERS, Lexicon
from ..messages import Reason
from .listing import built_in_bag
from .model import Help, OfferedLexicons, OneOf, Positional, Range, Served


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


@dataclasses.dataclass(frozen=True)
class LexiconDiffRequest:
    """The words in one lexicon and not the other, by length, likeliest first."""

    first: Annotated[str, Positional(), Help("a bundled name, a .jlex file or a word list", "A"), OfferedLexicons()]
    second: Annotated[str, Positional(), Help("the lexicon to compare it with", "B"), OfferedLexicons()]
    limit: Annotated[int, Help("words shown per length and side (0: all of them)"), Range(0, 10_000)] = 10
    length: Annotated[
        int | None, Help("only words of this many tiles (1 to 9)", "TILES"), Range(1, 9, unit=" tiles")
    ] = None
    sort: Annotated[str, Help("each length's words in this order (see words --sort)"), OneOf(ORDERS)] = "probability"
    bag: Annotated[
        str | None,
        Help("the bag of the probabilities (default: each lexicon's)", "NAME|FILE"),
        Served(OneOf(tuple(BAGS))),
    ] = None


def skipped_count(lex: Lexicon) -> int:
    """How many entries of a user's word list were left out when it was read (0 for a bundled list)."""
    skipped = lex.metadata.get("skipped") or {}
    return sum(skipped.values()) if isinstance(skipped, dict) else 0


def skipped_note(lex: Lexicon) -> str:
    """``"; N entries of the list skipped when read ..."`` when some were, else ``""``, in the language spoken."""
    n = skipped_count(lex)
    if not n:
        return ""
    where = str(lex.metadata.get("source") or lex.name)
    note = Reason("cli.skipped_note", {"entries": Reason("cli.n_entries", {"count": n}), "source": where}).text()
    return Reason("cli.then", {"first": "", "then": note}).text()


def _diff_side(
    request: LexiconDiffRequest, lex: Lexicon, name: str, only: list[str], bag_of: Callable[[str, Lexicon], Bag]
) -> dict[str, Any]:
    """One side of ``lexicon diff``: its only-words by length (longest first), each length's first ``limit`` in
    ``sort`` order with their draw odds."""
    if request.length is not None:
        only = [word for word in only if lex.tile_length(word) == request.length]
    bag = bag_of(request.bag, lex) if request.bag is not None else None
    odds, note, order = None, "", request.sort
    try:
        odds = lex.draw_odds(bag)
    except InvalidInputError:  # a user's word list without a known bag: no probabilities
        order = "alphabet" if order == "probability" else order
        note = f"no bag is known for {name}: no probabilities, {order} order (give --bag)"
    known = None
    if order == "familiarity":
        from ..lexicon.familiarity import Familiarity  # the familiarity extra, only when asked for

        known = Familiarity.for_lexicon(lex).familiarity
    groups: dict[int, list[str]] = {}
    for word in lex.ordered(only, order, bag):
        groups.setdefault(lex.tile_length(word), []).append(word)
    by_length: dict[str, Any] = {}
    for length, group in sorted(groups.items(), reverse=True):
        shown = group if request.limit == 0 else group[: request.limit]
        cells: list[dict[str, Any]] = [{"word": word} for word in shown]
        if odds is not None:
            for cell in cells:
                ways, probability = odds.odds(cell["word"])
                cell.update(ways=ways, probability=probability)
        if known is not None:
            for cell in cells:
                cell["familiarity"] = known(cell["word"])
        by_length[str(length)] = {"count": len(group), "words": cells, "more": len(group) - len(shown)}
    skipped = skipped_note(lex)
    if skipped:
        note = (note + "; " if note else "") + skipped[2:]
    return {
        "name": name,
        "words": len(lex),
        "only": len(only),
        "bag": odds.bag.name if odds is not None else None,
        "note": note,
        "skipped": skipped_count(lex),
        "by_length": by_length,
    }


def lexicon_diff(
    request: LexiconDiffRequest,
    resolve: Callable[[str], Lexicon] = Lexicon.resolve,
    bag_of: Callable[[str, Lexicon], Bag] = built_in_bag,
) -> dict[str, Any]:
    """The ``result`` of ``lexicon diff --json``: each side's words the other lacks (``bag_of`` reads a bag's
    name: the command line also reads a file)."""
    from ..studies.difference import word_difference

    first, second = resolve(request.first), resolve(request.second)
    names = (first.name, second.name) if first.name != second.name else (request.first, request.second)
    only = word_difference(first, second)
    sides = [
        _diff_side(request, lex, name, words, bag_of)
        for lex, name, words in zip((first, second), names, only, strict=True)
    ]
    return {"first": names[0], "second": names[1], "sides": sides}
