"""Word study as Zyzzyva's users know it: hooks, combined conditions and probability ranks
(:class:`WordStudy`, a part of :class:`~jarnac_solver.lexicon.lexicon.Lexicon`).

Key ideas:

- **Hooks** of a word of ``n`` tiles are read from ``26`` anagram classes (one trie path each): the
  words of ``word + t`` for each tile ``t`` that are the word with ``t`` put in at the front, at the
  back or inside. No insertion is tried against the word list.
- **Conditions** (length, letters included, vowels, anagrams, points, probability rank, other lists)
  are checked in one pass over the narrowest source of candidates the query names: the rack's words
  (``letters``, blanks included), the pattern's scan, or the words of the asked lengths; the cheap
  tests first, and the anagram counts and ranks only for the words that passed them.
- **Probability rank**: a word's place (1 = likeliest) among the lexicon's words of its length ordered
  by draw probability, then alphabetically (Zyzzyva's *probability order*); each length's table is
  computed once per bag (fr, 8 tiles: ~0.1 s).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from ..errors import InvalidInputError, QueryBudgetError
from ..integers import is_whole
from ..messages import Reason, Value
from .alphabet import Alphabet
from .index import MAX_DEPTH
from .tally import tally_of_ranks

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NamedTuple, TypeAlias

    from ..budget import Deadline
    from .bag import Bag
    from .index import AlphagramIndex
    from .lexicon import Lexicon
    from .pattern import WordLines
    from .probability import DrawOdds

    Range: TypeAlias = "int | tuple[int | None, int | None] | None"

__all__ = ["RANGE_MAX", "VOWELS", "Hook", "Hooks", "WordStudy", "as_range"]

VOWELS = frozenset("AEIOUY") | {"IJ"}
"""The vowels of the ``vowels`` condition: A E I O U Y and the Dutch IJ tile (the game's own)."""

if TYPE_CHECKING:

    class Hook(NamedTuple):
        """One hook: the tile put in, where (``position``: tiles before it), the word made and its draw odds
        (``None`` without a known bag)."""

        letter: str
        position: int
        word: str
        ways: int | None
        probability: float | None

else:  # collections' namedtuple at run time (see lookup.WordCheck)
    from collections import namedtuple

    Hook = namedtuple("Hook", ["letter", "position", "word", "ways", "probability"])
    Hook.__doc__ = "One hook: the tile put in, where (tiles before it), the word made and its draw odds."


class Hooks:
    """The one-tile hooks of a word: ``front`` (before it), ``back`` (after it) and ``inner`` (inside it),
    each a tuple of :class:`Hook` in alphabet order of the tile, then position.

    >>> from jarnac_solver import Lexicon
    >>> hooks = Lexicon.from_words(["rate", "crate", "rated", "rates", "raate"]).hooks("rate")
    >>> hooks.letters()
    ('C', 'DS')
    >>> [(h.letter, h.position, h.word) for h in hooks.inner]
    [('A', 1, 'RAATE')]
    """

    __slots__ = ("back", "bag", "folded", "front", "inner", "valid", "word")

    def __init__(
        self,
        word: str,
        folded: str,
        valid: bool,
        front: tuple[Hook, ...],
        back: tuple[Hook, ...],
        inner: tuple[Hook, ...],
        bag: str | None,
    ) -> None:
        self.word = word
        """The word as given."""
        self.folded = folded
        """As the lexicon folds it."""
        self.valid = valid
        """Whether the lexicon holds it."""
        self.front = front
        self.back = back
        self.inner = inner
        self.bag = bag
        """The bag of the odds (``None``: no known bag, no odds)."""

    def _key(self) -> tuple[object, ...]:
        return (self.word, self.folded, self.valid, self.front, self.back, self.inner, self.bag)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hooks) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        front, back = self.letters()
        return f"<Hooks {front.lower()} {self.folded} {back.lower()}: {len(self.inner)} inner>"

    def __reduce__(self) -> tuple[object, ...]:
        return (Hooks, self._key())

    def letters(self) -> tuple[str, str]:
        """The front and back hook tiles, each as one text (Zyzzyva's ``cgp RATE drs``)."""
        return "".join(h.letter for h in self.front), "".join(h.letter for h in self.back)

    def all(self) -> tuple[Hook, ...]:
        """Every hook: front, back, then inner."""
        return self.front + self.back + self.inner

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the ``hooks`` command's document)."""

        def cell(hook: Hook) -> dict[str, Any]:
            out: dict[str, Any] = {"letter": hook.letter, "position": hook.position, "word": hook.word}
            if hook.ways is not None:
                out.update(ways=hook.ways, probability=hook.probability)
            return out

        return {
            "word": self.word,
            "folded": self.folded,
            "valid": self.valid,
            "front": [cell(h) for h in self.front],
            "back": [cell(h) for h in self.back],
            "inner": [cell(h) for h in self.inner],
        }


RANGE_MAX = 10**9
"""The largest end of a condition's range, bounded or not: more than any lexicon's words (a larger one would
overflow the slices of a search)."""


def as_range(value: object, what: str, low: int = 0, high: int | None = None) -> tuple[int, int] | None:
    """A condition's range: ``None`` (no condition), a whole number ``n`` (exactly ``n``), a pair
    ``(lo, hi)`` with ``None`` for an open end, or text ``"5"``, ``"5-7"``, ``"5-"``, ``"-7"``;
    :class:`InvalidInputError` naming ``what`` otherwise.

    >>> as_range(5, "length"), as_range((2, None), "vowels", high=9), as_range("3-", "points", high=81)
    ((5, 5), (2, 9), (3, 81))
    >>> as_range((7, 5), "length")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: length (7, 5): the lower end 7 is above the upper end 5
    """
    if value is None:
        return None
    given = value
    top = high if high is not None else RANGE_MAX
    if isinstance(value, str):
        text = value.strip()
        lo_text, dash, hi_text = text.partition("-")
        try:
            lo_v = int(lo_text) if lo_text.strip() else None
            hi_v = (int(hi_text) if hi_text.strip() else None) if dash else lo_v
        except ValueError:
            raise InvalidInputError(f"{what} {value!r}: give a number or a range such as 5, 5-7, 5- or -7") from None
        if lo_v is None and hi_v is None:
            raise InvalidInputError(f"{what} {value!r}: give a number or a range such as 5, 5-7, 5- or -7")
        value = (lo_v, hi_v)
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value, value)
    if not isinstance(value, tuple) or len(value) != 2:
        raise InvalidInputError(f"{what} must be a whole number or a (low, high) pair, not {value!r}")
    ends = []
    for end, default in zip(value, (low, top), strict=True):
        if end is None:
            ends.append(default)
            continue
        if not is_whole(end):
            raise InvalidInputError(f"{what} {given!r}: {end!r} is not a whole number")
        if end < low or end > top:
            out: dict[str, Value] = {"what": what, "given": repr(given), "end": int(end), "low": low, "high": top}
            raise InvalidInputError(Reason("error_range_out", out))
        ends.append(end)
    if ends[0] > ends[1]:
        order: dict[str, Value] = {"what": what, "given": repr(given), "low": int(ends[0]), "high": int(ends[1])}
        raise InvalidInputError(Reason("error_range_order", order))
    return ends[0], ends[1]


def _lexicons(value: object, what: str) -> tuple[Lexicon, ...]:
    from .lookup import WordLookup

    if value is None:
        return ()
    listed = [value] if isinstance(value, WordLookup) else value
    if isinstance(listed, (str, bytes)) or not isinstance(listed, Iterable):
        raise InvalidInputError(f"{what} takes a Lexicon or a list of them, not {type(value).__name__}")
    found = tuple(listed)
    for item in found:
        if not isinstance(item, WordLookup):
            raise InvalidInputError(f"{what} takes Lexicons (Lexicon.load, Lexicon.open), not {item!r}")
    return found


class WordStudy:
    """``hooks``, ``search`` with conditions, ``probability_rank``, ``probability_ranks``."""

    if TYPE_CHECKING:  # what the lexicon itself provides
        alphabet: Alphabet
        metadata: dict[str, Any]
        _index: AlphagramIndex
        _rank: dict[str, int]
        _lines: WordLines | None

        @property
        def name(self) -> str: ...

        @property
        def _word_lines(self) -> WordLines: ...

        def __iter__(self) -> Iterator[str]: ...

        def __contains__(self, word: object) -> bool: ...

        def _read_word(self, word: object, purpose: str) -> tuple[Sequence[str], str, bool]: ...

        def draw_odds(self, bag: Bag | None = None) -> DrawOdds: ...

        def subanagrams(
            self, rack: str, min_len: int = 3, max_len: int = 9, *, budget: float | Deadline | None = None
        ) -> list[str]: ...

    # -- hooks --------------------------------------------------------------

    def hooks(self, word: str, bag: Bag | None = None) -> Hooks:
        """The tiles that make ``word`` one tile longer: in front, at the back, or inside, each with
        the word made and its draw odds (with ``bag``, the lexicon's own by default; none when the
        lexicon has no known bag).

        The word need not be in the lexicon (``valid`` says). Cost: one anagram class a tile of the
        alphabet (fr: ~0.1 ms).

        >>> from jarnac_solver import Lexicon
        >>> hooks = Lexicon.load("en").hooks("rate")
        >>> "C" in hooks.letters()[0], "S" in hooks.letters()[1], hooks.front[0].word
        (True, True, 'CRATE')
        >>> hooks.front[0].probability == Lexicon.load("en").draw_probability("CRATE")
        True
        """
        tiles, folded, valid = self._read_word(word, "hook")
        ranks = [self._rank[t] for t in tiles]
        index = self._index
        odds = None
        if bag is not None or self._has_bag():
            odds = self.draw_odds(bag)
        found: dict[str, list[Hook]] = {"front": [], "back": [], "inner": []}
        n = len(tiles)
        if n + 1 <= MAX_DEPTH:
            for tile in self.alphabet.tiles:
                for made in index.anagrams(tally_of_ranks([*ranks, self._rank[tile]])):
                    made_tiles = self.alphabet.tokenize(made)
                    seen: set[str] = set()
                    for i in range(n + 1):
                        if made_tiles[i] != tile or made_tiles[:i] + made_tiles[i + 1 :] != tiles:
                            continue
                        kind = "front" if i == 0 else "back" if i == n else "inner"
                        if kind in seen:
                            continue
                        seen.add(kind)
                        ways, probability = odds.odds(made) if odds is not None else (None, None)
                        found[kind].append(Hook(tile, i, made, ways, probability))
        return Hooks(
            word,
            folded,
            valid,
            tuple(found["front"]),
            tuple(found["back"]),
            tuple(found["inner"]),
            None if odds is None else odds.bag.name,
        )

    def _has_bag(self) -> bool:
        """Whether the lexicon has a known bag (its draw odds can be told)."""
        from .bag import bag_name_for

        return bag_name_for(self) is not None

    # -- probability ranks --------------------------------------------------

    def probability_ranks(self, length: int, bag: Bag | None = None) -> dict[str, int]:
        """Every word of ``length`` tiles -> its probability rank (1 = the likeliest to be drawn; ties in
        alphabetical order): Zyzzyva's probability order. Computed once per length and bag.

        >>> from jarnac_solver import Lexicon
        >>> fr = Lexicon.load("fr")
        >>> ranks = fr.probability_ranks(3)
        >>> sorted(ranks.values()) == list(range(1, len(fr.search("???")) + 1))
        True
        >>> fr.ordered(fr.search("???"))[0] == min(ranks, key=ranks.__getitem__)  # the same order
        True
        """
        if not is_whole(length):
            raise InvalidInputError(f"a length is a whole number of tiles, not {length!r}")
        odds = self.draw_odds(bag)
        tables: dict[tuple[object, int], dict[str, int]] | None = getattr(self, "_rank_tables", None)
        if tables is None:
            tables = {}
            self._rank_tables = tables
        key = (odds.bag, length)
        table = tables.get(key)
        if table is None:
            words = self._index.words(length, length) if 1 <= length <= MAX_DEPTH else []
            table = {word: i for i, word in enumerate(odds.ranked(words), 1)}
            if len(tables) >= 64:  # bounded: a caller may ask with many bags
                tables.clear()
            tables[key] = table
        return table

    def probability_rank(self, word: str, bag: Bag | None = None) -> int | None:
        """A word's probability rank among the lexicon's words of its length (``None``: not a word of it).

        Lower-case letters (a blank's, as queries with ``?`` write them) are read as their tiles.

        >>> from jarnac_solver import Lexicon
        >>> fr = Lexicon.load("fr")
        >>> fr.probability_rank("EST") < fr.probability_rank("GAZ"), fr.probability_rank("ZZZ")
        (True, None)
        """
        if not isinstance(word, str):
            raise InvalidInputError(f"a word is text, not {type(word).__name__}")
        tiles = self.alphabet.tokenize(word, "word")
        return self.probability_ranks(len(tiles), bag).get(self.alphabet.write(tiles))

    def _class_sizes(self, length: int) -> dict[tuple[str, ...], int]:
        """The words of ``length`` tiles by their sorted tiles -> how many share them (anagram class sizes),
        computed once a length."""
        sizes: dict[int, dict[tuple[str, ...], int]] | None = getattr(self, "_class_size_tables", None)
        if sizes is None:
            sizes = {}
            self._class_size_tables = sizes
        table = sizes.get(length)
        if table is None:
            words = self._index.words(length, length) if 1 <= length <= MAX_DEPTH else []
            tokenize = self.alphabet.tokenize
            keys = (
                (tuple(sorted(w)) for w in words)
                if self.alphabet.single
                else (tuple(sorted(tokenize(w))) for w in words)
            )
            table = sizes[length] = dict(Counter(keys))
        return table

    # -- search with conditions ---------------------------------------------

    def search(
        self,
        pattern: str = "*",
        letters: str | None = None,
        *,
        length: object = None,
        includes: str | None = None,
        vowels: object = None,
        anagrams: object = None,
        points: object = None,
        prob_rank: object = None,
        in_lexicon: object = None,
        not_in: object = None,
        bag: Bag | None = None,
        budget: float | Deadline | None = None,
    ) -> list[str]:
        """Words matching ``pattern`` (``?`` one tile, ``*`` any run of tiles, ``[AEIOU]`` one of these
        tiles, ``[^AEIOU]`` one tile not among them) and every condition given, alphabetically; with
        ``letters``, only the words formable from them (a ``?`` there is a blank: its tile in lower case).

        Conditions (Zyzzyva's): ``length`` in tiles; ``includes``, tiles the word holds (repeats count);
        ``vowels`` (A E I O U Y, Dutch IJ); ``anagrams``, the words of its anagram class, itself included;
        ``points``, the game's tiles²; ``prob_rank``, its probability rank within its length (with ``bag``:
        :meth:`probability_ranks`); ``in_lexicon`` / ``not_in``, a Lexicon or a list: in every one / in
        none. A number is an exact value, ``(lo, hi)`` a range (``None`` an open end; text ``"5-7"``,
        ``"5-"`` too). Lengths count tiles (Dutch ``IJ`` is one).

        Cost: the narrowest source (the rack's words, a pattern's scan, or the words of the lengths),
        then one pass over it, the cheap tests first; ``budget`` (seconds, a ``Deadline``, ``None``: the
        10 s ceiling) bounds it, past which :class:`QueryBudgetError`.

        >>> from jarnac_solver import Lexicon
        >>> en = Lexicon.load("en")
        >>> en.search("CA?H?U")
        ['CACHOU']
        >>> en.search("?A*E", letters="RATES")
        ['RATE', 'SATE', 'TARE']
        >>> short_q = en.search("*Q*", length=(3, 4), not_in=Lexicon.load("fr"))  # not in another list
        >>> "QUAY" in short_q, "QUOI" in short_q
        (True, False)
        >>> "QUIZZED" in en.search(length=7, includes="QZ", vowels=(2, 3))
        True
        """
        from ..budget import deadline_of
        from .pattern import Pattern

        if not isinstance(pattern, str):
            raise InvalidInputError(f"a pattern is text, not {type(pattern).__name__}")
        parsed = Pattern.cached(pattern, self.alphabet)
        lo, hi = parsed.lengths()
        lo, hi = max(lo, 1), min(hi, MAX_DEPTH)
        length_range = as_range(length, "length", 1, MAX_DEPTH)
        points_range = as_range(points, "points", 0, MAX_DEPTH * MAX_DEPTH)
        vowels_range = as_range(vowels, "vowels", 0, MAX_DEPTH)
        anagrams_range = as_range(anagrams, "anagrams", 1)
        rank_range = as_range(prob_rank, "prob_rank", 1)
        inside = _lexicons(in_lexicon, "in_lexicon")
        outside = _lexicons(not_in, "not_in")
        need: Counter[str] | None = None
        if includes is not None:
            if not isinstance(includes, str):
                raise InvalidInputError(f"includes takes letters as text, not {type(includes).__name__}")
            need = Counter(self.alphabet.tokenize(includes, "includes"))
            lo = max(lo, sum(need.values()))
        if length_range is not None:
            lo, hi = max(lo, length_range[0]), min(hi, length_range[1])
        if points_range is not None:
            lengths = [n for n in range(lo, hi + 1) if points_range[0] <= n * n <= points_range[1]]
            lo, hi = (lengths[0], lengths[-1]) if lengths else (1, 0)
        if vowels_range is not None:
            lo = max(lo, vowels_range[0])
        deadline = deadline_of(budget)
        odds = self.draw_odds(bag) if rank_range is not None else None  # before any work: no bag, no ranks
        if lo > hi:
            return []
        # The narrowest source of candidates: the rack's words, the pattern's scan, or every word.
        if letters is not None:
            candidates = self.subanagrams(letters, lo, hi, budget=deadline)
            if parsed.tokens != [("run",)]:
                match = parsed.match_text
                candidates = [w for w in candidates if match(w.upper())]
        elif parsed.tokens == [("run",)]:
            candidates = self._index.words(lo, hi)
        elif self._word_lines.chars is not None:
            candidates = parsed.findall(self._word_lines, lo, hi)
        else:
            match = parsed.match_text
            candidates = [w for w in self._index.words(lo, hi) if match(w)]
        plain = (
            need is None
            and vowels_range is None
            and anagrams_range is None
            and rank_range is None
            and not inside
            and not outside
        )
        if plain:
            return sorted(candidates, key=str.upper) if letters is None else candidates
        if letters is None:  # upper-case words: narrow them first with C-level set operations
            chosen = set(candidates)
            if rank_range is not None and odds is not None:
                from itertools import islice

                best: set[str] = set()
                for n in range(lo, hi + 1):  # each length's table lists its words in rank order
                    best.update(islice(self.probability_ranks(n, bag), rank_range[0] - 1, rank_range[1]))
                chosen &= best
            for other in inside:
                if other.alphabet == self.alphabet and len(chosen) > 2000:
                    chosen.intersection_update(other._index.words())
            for other in outside:
                if other.alphabet == self.alphabet and len(chosen) > 2000:
                    chosen.difference_update(other._index.words())
            candidates = list(chosen)
        return self._filtered(
            candidates,
            need,
            vowels_range,
            anagrams_range,
            rank_range,
            inside,
            outside,
            bag,
            deadline,
            pattern,
            odds is not None,
        )

    def _filtered(
        self,
        candidates: list[str],
        need: Counter[str] | None,
        vowels_range: tuple[int, int] | None,
        anagrams_range: tuple[int, int] | None,
        rank_range: tuple[int, int] | None,
        inside: tuple[Lexicon, ...],
        outside: tuple[Lexicon, ...],
        bag: Bag | None,
        deadline: Deadline | None,
        pattern: str,
        ranked: bool,
    ) -> list[str]:
        """One pass over ``candidates``: every condition a word, the cheap ones first."""
        alphabet = self.alphabet
        single = alphabet.single
        vowel_tiles = [t for t in alphabet.tiles if t in VOWELS]
        # Another list of many words is read once as a set when many candidates will ask it.
        many = len(candidates) > 2000
        inside_sets = [set(lex._index.words()) if many and lex.alphabet == alphabet else lex for lex in inside]
        outside_sets = [set(lex._index.words()) if many and lex.alphabet == alphabet else lex for lex in outside]
        kept: list[str] = []
        rank_tables: dict[int, dict[str, int]] = {}  # each length's, read once a query (not once a word)
        size_tables: dict[int, dict[tuple[str, ...], int]] = {}
        for n, found in enumerate(candidates):
            if not n % 2048 and deadline is not None and deadline.expired():
                raise QueryBudgetError(
                    f"search {pattern!r}: not finished within its budget after {n:,} of {len(candidates):,} "
                    "candidate words; narrow it (a length, letters, a pattern) or give budget=EXACT (--exact)"
                )
            word = found.upper() if not found.isupper() else found
            tiles = word if single else alphabet.tokenize(word)
            if need is not None and any(tiles.count(t) < k for t, k in need.items()):
                continue
            if vowels_range is not None:
                count = sum(map(tiles.count, vowel_tiles)) if single else sum(t in VOWELS for t in tiles)
                if not vowels_range[0] <= count <= vowels_range[1]:
                    continue
            if any(word not in other for other in inside_sets):
                continue
            if any(word in other for other in outside_sets):
                continue
            if rank_range is not None and ranked:
                table = rank_tables.get(len(tiles))
                if table is None:
                    table = rank_tables[len(tiles)] = self.probability_ranks(len(tiles), bag)
                place = table.get(word)
                if place is None or not rank_range[0] <= place <= rank_range[1]:
                    continue
            if anagrams_range is not None:
                sizes = size_tables.get(len(tiles))
                if sizes is None:
                    sizes = size_tables[len(tiles)] = self._class_sizes(len(tiles))
                size = sizes.get(tuple(sorted(tiles)), 0)
                if not anagrams_range[0] <= size <= anagrams_range[1]:
                    continue
            kept.append(found)
        kept.sort(key=str.upper)
        return kept
