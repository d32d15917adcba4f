"""The word listings ``words``, ``anagram`` and ``extend``: their requests (the options every listing takes,
:class:`ListingOptions`, and each command's own) and :func:`listing`, the one computation of a listing's
words, details and ``--json`` result, which the command line prints in its formats and the service answers.

>>> made = words(WordsRequest("ouucchk", lexicon="en", min_len=5))
>>> made.result()["words"], made.count
(['CHOCK', 'CHUCK', 'COUCH'], 3)
>>> anagram(AnagramRequest("ohccau", lexicon="en")).result()["words"]
['CACHOU']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Annotated, Any

from ..lexicon.bag import BAGS, Bag
from ..lexicon.files import DEFAULT_LEXICON
from ..lexicon.lexicon import ORDERS, Lexicon
from ..messages import Reason
from .model import Help, Length, OfferedLexicons, OneOf, Positional, Range, RequestError, Served

LISTING_FORMATS = ("columns", "lines", "json")
"""How a listing is printed: by length in columns, one a line, or the ``--json`` document."""
MAX_LIMIT = 100_000
"""The most words (or hooks of a side) one request of the service asks for."""
MARKS = "*+#^~"
"""The symbols of ``--mark``: the first list's words it lacks get ``*``, the second's ``+``, ..."""
DEFAULT_MIN_LEN = 3
"""``words --min-len`` when not given: Jarnac's shortest word (the words it hides are counted and said)."""
MAX_TEXT = 256
"""The longest rack, word or list of letters the service reads, in characters."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class ListingOptions:
    """The options every word listing takes (``words``, ``anagram``, ``extend``, ``search``)."""

    sort: Annotated[
        str,
        Help("each length's words in this order: probability = likeliest to be drawn first (Zyzzyva's order)"),
        OneOf(ORDERS),
    ] = "alphabet"
    probability: Annotated[bool, Help("show each word's chance of being drawn from the full bag")] = False
    familiarity: Annotated[
        bool, Help("show how well known each word is (the familiarity extra: pip install 'jarnac-solver[familiarity]')")
    ] = False
    bag: Annotated[
        str | None,
        Help("the bag of the probabilities (default: the lexicon's)", "NAME|FILE"),
        Served(OneOf(tuple(BAGS))),
    ] = None
    limit: Annotated[
        int, Help("show the first N words (0: all of them)", "N"), Range(0, 100_000_000), Served(Range(0, MAX_LIMIT))
    ] = 0
    format: Annotated[
        str,
        Help("columns: by length, in columns; lines: one word a line (details after tabs); json: as --json"),
        OneOf(LISTING_FORMATS),
    ] = "columns"
    mark: Annotated[
        tuple[str, ...] | None,
        Help("mark the words this other lexicon lacks (*, then + for a second one, ...); once per lexicon", "LEXICON"),
        OfferedLexicons(),
        Served(Length(1, len(MARKS))),
    ] = None


LEXICON_HELP = Help("a bundled lexicon's name, a .jlex file or a word list")
"""The help of a listing's ``--lexicon``."""


@dataclasses.dataclass(frozen=True)
class WordsRequest(ListingOptions):
    """Every word formable from a rack, by length."""

    rack: Annotated[
        str, Positional(), Help("the letters (I.J: a single I then a single J)"), Served(Length(0, MAX_TEXT))
    ]
    lexicon: Annotated[str, LEXICON_HELP, OfferedLexicons()] = DEFAULT_LEXICON
    min_len: Annotated[
        int | None,
        Help("shortest word, in tiles (default: 3, Jarnac's; the shorter words it hides are counted and said)"),
        Range(1, None),
        Served(Range(1, 64)),
    ] = None
    max_len: Annotated[int, Help("longest word, in tiles"), Range(1, None), Served(Range(1, 64))] = 9


@dataclasses.dataclass(frozen=True)
class AnagramRequest(ListingOptions):
    """The words that use exactly these letters."""

    letters: Annotated[
        str,
        Positional(),
        Help("the letters, in any order (? a blank: quote it, 'AEINRS?')"),
        Served(Length(0, MAX_TEXT)),
    ]
    lexicon: Annotated[str, LEXICON_HELP, OfferedLexicons()] = DEFAULT_LEXICON


@dataclasses.dataclass(frozen=True)
class ExtendRequest(ListingOptions):
    """Every extension of a word with rack letters."""

    word: Annotated[str, Positional(), Help("the word on the line"), Served(Length(0, MAX_TEXT))]
    rack: Annotated[
        str,
        Positional(),
        Help("the spare letters that may be added"),
        Served(Length(0, MAX_TEXT)),
    ]
    lexicon: Annotated[str, LEXICON_HELP, OfferedLexicons()] = DEFAULT_LEXICON
    max_len: Annotated[int, Help("longest extension, in tiles"), Range(1, None), Served(Range(1, 64))] = 9


class EmptyInput(RequestError):
    """A rack, word or list of letters with nothing in it."""


def _not_empty(value: str, what: str) -> None:
    if not value.strip():
        raise EmptyInput(f"the {what} is empty; give some letters", what)


def built_in_bag(name: str, lex: Lexicon) -> Bag:
    """A built-in bag by its name, for ``lex`` (the service's reading of ``bag``; the command line also reads
    a bag file)."""
    return Bag.for_lexicon(lex, Bag.load(name))


@dataclasses.dataclass
class Listing:
    """A query's words as listed: ordered, cut at the limit, each shown word's details when asked for."""

    lexicon: Lexicon
    title: str
    query: dict[str, Any]
    count: int
    shown: list[str]
    lengths: dict[str, int]
    details: list[dict[str, Any]]
    odds: Any
    """The draw odds of the bag (:class:`~jarnac_solver.lexicon.probability.DrawOdds`), when shown."""
    known: bool
    marks: list[tuple[str, Lexicon]]
    show_rank: bool
    hidden: int = 0

    @property
    def more(self) -> int:
        return self.count - len(self.shown)

    def result(self) -> dict[str, Any]:
        """The ``result`` of the command's ``--json``."""
        made: dict[str, Any] = {"query": self.query, "count": self.count, "words": self.shown}
        skipped = self.lexicon.metadata.get("skipped") or {}
        made["skipped"] = sum(skipped.values()) if isinstance(skipped, dict) else 0
        if self.more:
            made["more"] = self.more
        if self.hidden:
            made["hidden_shorter"] = self.hidden
        if self.details:
            made["details"] = self.details
            if self.odds is not None:
                made["bag"] = self.odds.bag.name
        return made


def marked(names: Sequence[str], mark_of: Callable[[str], Lexicon], command: str) -> list[tuple[str, Lexicon]]:
    """``--mark LEX`` (repeatable, or ``a,b``): each list with its symbol; ``command`` names the faults'."""
    split = [name.strip() for spec in names for name in spec.split(",")]
    if any(not name for name in split):
        raise RequestError(Reason("cli.error_mark_names", {"command": command}).text(), "mark", named=True)
    if len(split) > len(MARKS):
        told = Reason("cli.error_mark_many", {"command": command, "count": len(MARKS)}).text()
        raise RequestError(told, "mark", named=True)
    return [(MARKS[i], mark_of(name)) for i, name in enumerate(split)]


def listing(
    command: str,
    options: ListingOptions,
    lex: Lexicon,
    title: str,
    found: list[str],
    query: dict[str, Any],
    hidden: int = 0,
    bag_of: Callable[[str, Lexicon], Bag] = built_in_bag,
    mark_of: Callable[[str], Lexicon] = Lexicon.resolve,
) -> Listing:
    """``found`` listed as ``options`` ask: each length's words in the order asked, longest first, cut at the
    limit; with the draw odds, the probability rank, the familiarity and the marks of the shown words when
    asked for (``bag_of`` and ``mark_of`` read a bag's and a lexicon's name: the command line also reads
    files)."""
    order = options.sort
    bag = bag_of(options.bag, lex) if options.bag is not None else None
    marks = marked(options.mark or (), mark_of, command)
    show_odds = options.probability or order == "probability"
    show_rank = order == "probability"
    show_known = options.familiarity or order == "familiarity"
    found = lex.ordered(found, order, bag) if order != "alphabet" else found
    lengths = {word: lex.tile_length(word) for word in found}
    found = sorted(found, key=lambda w: -lengths[w])  # longest first, each length in the order asked (stable)
    shown = found[: options.limit] if options.limit else found
    odds = lex.draw_odds(bag) if show_odds else None
    known = None
    if show_known:
        from ..lexicon.familiarity import Familiarity

        known = Familiarity.for_lexicon(lex).familiarity
    details: list[dict[str, Any]] = []
    if odds is not None or known is not None or marks:
        for word in shown:
            row: dict[str, Any] = {"word": word, "tiles": lengths[word]}
            if odds is not None:
                ways, probability = odds.odds(word)
                row.update(ways=ways, probability=probability)
            if show_rank:
                row["rank"] = lex.probability_rank(word, bag)
            if known is not None:
                row["familiarity"] = known(word)
            if marks:
                row["not_in"] = [other.name for _, other in marks if word.upper() not in other]
            details.append(row)
    made = Listing(lex, title, query, len(found), shown, lengths, details, odds, known is not None, marks, show_rank)
    made.hidden = hidden
    return made


def words(
    request: WordsRequest,
    resolve: Callable[[str], Lexicon] = Lexicon.resolve,
    bag_of: Callable[[str, Lexicon], Bag] = built_in_bag,
    mark_of: Callable[[str], Lexicon] = Lexicon.resolve,
) -> Listing:
    """``words``: every word formable from the rack, from ``min_len`` (default: 3, and the shorter ones the
    default hides counted) to ``max_len`` tiles."""
    _not_empty(request.rack, "rack")
    lex = resolve(request.lexicon)
    min_len = min(DEFAULT_MIN_LEN, request.max_len) if request.min_len is None else request.min_len
    found = lex.subanagrams(request.rack, min_len=min_len, max_len=request.max_len)
    hidden = 0
    if request.min_len is None and min_len > 1:  # the default hides the shorter words: count them, say so
        hidden = len(lex.subanagrams(request.rack, min_len=1, max_len=min(min_len - 1, request.max_len)))
    query = {"rack": request.rack, "min_len": min_len, "max_len": request.max_len}
    title = Reason("cli.title_words", {"rack": lex.alphabet.fold(request.rack)}).text()
    return listing("words", request, lex, title, found, query, hidden, bag_of, mark_of)


def anagram(
    request: AnagramRequest,
    resolve: Callable[[str], Lexicon] = Lexicon.resolve,
    bag_of: Callable[[str, Lexicon], Bag] = built_in_bag,
    mark_of: Callable[[str], Lexicon] = Lexicon.resolve,
) -> Listing:
    """``anagram``: the words that use exactly the letters."""
    _not_empty(request.letters, "list of letters")
    lex = resolve(request.lexicon)
    title = Reason("cli.title_anagrams", {"letters": lex.alphabet.fold(request.letters)}).text()
    query = {"letters": request.letters}
    return listing("anagram", request, lex, title, lex.anagrams(request.letters), query, 0, bag_of, mark_of)


def extend(
    request: ExtendRequest,
    resolve: Callable[[str], Lexicon] = Lexicon.resolve,
    bag_of: Callable[[str, Lexicon], Bag] = built_in_bag,
    mark_of: Callable[[str], Lexicon] = Lexicon.resolve,
) -> Listing:
    """``extend``: every extension of the word with rack letters, up to ``max_len`` tiles."""
    _not_empty(request.word, "word")
    _not_empty(request.rack, "rack")
    lex = resolve(request.lexicon)
    found = lex.extensions(request.word, request.rack, max_len=request.max_len)
    fold = lex.alphabet.fold
    title = Reason("cli.title_extensions", {"word": fold(request.word), "rack": fold(request.rack)}).text()
    query = {"word": request.word, "rack": request.rack, "max_len": request.max_len}
    return listing("extend", request, lex, title, found, query, 0, bag_of, mark_of)
