"""``search``: the words matching a pattern (``?`` one tile, ``*`` any run, ``[AEIOU]`` or ``[^AEIOU]`` one
tile) and every condition given (Zyzzyva's: a length, letters held, vowels, anagrams, points, a probability
rank, other lexicons holding or lacking the word), listed as every word listing is (:mod:`.listing`).

The request (:class:`SearchRequest`) is the command's one declaration: ``search PATTERN --length 5-7 --in en``
and the service's ``POST /api/search`` body are both read from it, and both call :func:`search`.

>>> search(SearchRequest("?A*E", letters="RATES", lexicon="en")).result()["words"]
['RATE', 'SATE', 'TARE']
>>> search(SearchRequest("*", lexicon="en", length="2", not_in=("fr",), limit=3)).result()["query"]
{'pattern': '*', 'letters': None, 'length': '2', 'not_in': ['fr']}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Annotated, Any

from ..lexicon.bag import Bag
from ..lexicon.files import DEFAULT_LEXICON
from ..lexicon.lexicon import Lexicon
from ..lexicon.study import as_range
from ..messages import Reason
from .listing import LEXICON_HELP, MAX_TEXT, EmptyInput, Listing, ListingOptions, built_in_bag, listing
from .model import Budget, Help, Length, OfferedLexicons, Positional, RequestError, Served, Span, Wire
from .positions import BUDGET_HELP, EXACT_HELP, budget_seconds

MAX_LEXICONS = 64
"""The most lexicons one request of the service names in ``in`` or ``not_in``."""
MAX_POINTS = 81
"""The most points a word scores: nine tiles, squared."""
CONDITIONS = ("length", "includes", "vowels", "anagrams", "points", "prob_rank")
"""The conditions of a search besides its pattern, letters and lexicons, in the order its title says them."""

_RANGE = "N|LO-HI"


def _other(name: str, field: str) -> Lexicon:
    return Lexicon.resolve(name)


_Lexicons = Annotated[tuple[str, ...] | None, OfferedLexicons(), Served(Length(1, MAX_LEXICONS))]


@dataclasses.dataclass(frozen=True)
class SearchRequest(ListingOptions):
    """Words matching a pattern: ? one tile, * any run, [AEIOU] or [^AEIOU] one tile."""

    pattern: Annotated[
        str, Positional(), Help("e.g. '?A*E' (quote it: the shell reads ? and *)"), Served(Length(0, MAX_TEXT))
    ]
    lexicon: Annotated[str, LEXICON_HELP, OfferedLexicons()] = DEFAULT_LEXICON
    letters: Annotated[
        str | None, Help("only words formable from these letters (? a blank)", "RACK"), Served(Length(0, MAX_TEXT))
    ] = None
    length: Annotated[str | None, Help("tiles, e.g. 7 or 5-7 (5- or -7: open)", _RANGE), Span()] = None
    includes: Annotated[
        str | None,
        Help("letters the word holds (repeats count), e.g. QU", "LETTERS"),
        Served(Length(0, MAX_TEXT)),
    ] = None
    vowels: Annotated[str | None, Help("vowels (A E I O U Y, IJ), e.g. 2 or 1-2", _RANGE), Span()] = None
    anagrams: Annotated[str | None, Help("words of its anagram class, itself included, e.g. 3-", _RANGE), Span()] = None
    points: Annotated[str | None, Help("the game's points (tiles squared), e.g. 25-49", _RANGE), Span()] = None
    prob_rank: Annotated[
        str | None, Help("probability rank within its length (1 = likeliest to be drawn), e.g. 1-100", _RANGE), Span()
    ] = None
    in_lexicon: Annotated[_Lexicons, Help("only words this lexicon holds too", "LEXICON"), Wire("in")] = None
    not_in: Annotated[_Lexicons, Help("only words this lexicon lacks", "LEXICON")] = None
    budget: Annotated[float | None, Help(BUDGET_HELP, "MS"), Budget(EXACT_HELP)] = None


def search(
    request: SearchRequest,
    resolve: Callable[[str], Lexicon] = Lexicon.resolve,
    bag_of: Callable[[str, Lexicon], Bag] = built_in_bag,
    other_of: Callable[[str, str], Lexicon] = _other,
) -> Listing:
    """``search``: the words of the lexicon matching the pattern and every condition given, listed as
    ``request``'s listing options ask. ``bag_of`` reads a bag's name, ``other_of`` a lexicon's named by a
    field (``in_lexicon``, ``not_in``, ``mark``): the command line also reads files, a server its own."""
    if request.letters is not None and not request.letters.strip():
        # As words refuses an empty rack (leave --letters out to search every word).
        raise EmptyInput("the --letters rack is empty; give some letters", "letters")
    lex = resolve(request.lexicon)
    inside = [other_of(name, "in_lexicon") for name in request.in_lexicon or ()]
    outside = [other_of(name, "not_in") for name in request.not_in or ()]
    bag = bag_of(request.bag, lex) if request.bag is not None else None
    if request.points is not None:
        points = as_range(request.points, "--points", 0, MAX_POINTS)
        if points is not None and not any(points[0] <= n * n <= points[1] for n in range(1, 10)):
            # --points 7 would answer 0 words without saying why.
            why = f"--points {request.points}: a word scores its tiles squared (1, 4, 9, ... 81); no word scores that"
            raise RequestError(why, "points")
    conditions = {name: getattr(request, name) for name in CONDITIONS if getattr(request, name) is not None}
    budget = budget_seconds(request.budget)
    found = lex.search(
        request.pattern,
        letters=request.letters,
        in_lexicon=inside,
        not_in=outside,
        bag=bag,
        budget=budget,
        **conditions,
    )
    query: dict[str, Any] = {"pattern": request.pattern, "letters": request.letters, **conditions}
    if inside:
        query["in"] = [other.name for other in inside]
    if outside:
        query["not_in"] = [other.name for other in outside]
    if request.letters:
        values = {"pattern": request.pattern, "letters": lex.alphabet.fold(request.letters)}
        title = Reason("cli.title_search_from", values).text()
    else:
        title = Reason("cli.title_search", {"pattern": request.pattern}).text()
    told = [f"{name.replace('_', '-')} {value}" for name, value in conditions.items()]
    told += [Reason("cli.in_lexicon", {"lexicon": other.name}).text() for other in inside]
    told += [Reason("cli.not_in_lexicon", {"lexicon": other.name}).text() for other in outside]
    if told:
        title += " (" + ", ".join(told) + ")"
    return listing("search", request, lex, title, found, query, 0, bag_of, lambda name: other_of(name, "mark"))
