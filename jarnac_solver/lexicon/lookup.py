"""Looking words up: the word judge, pattern searches, draw odds and word orders
(:class:`WordLookup`, a part of :class:`~jarnac_solver.lexicon.lexicon.Lexicon`).

Key idea: what a player or a lexicon editor asks of one word or one pattern, answered from the same
index as the multiset queries: a judged word is one trie path, a pattern one regular-expression scan of
the words of its lengths (:mod:`~jarnac_solver.lexicon.pattern`), odds a product of binomials
(:mod:`~jarnac_solver.lexicon.probability`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..errors import InvalidInputError
from .alphabet import Alphabet
from .index import MAX_DEPTH
from .tally import tally_of_ranks

# Not imported at run time: ``import jarnac_solver`` stays light (typing costs ~10 ms; mypy reads any
# constant named TYPE_CHECKING as True).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NamedTuple

    from .bag import Bag
    from .index import AlphagramIndex
    from .pattern import WordLines
    from .probability import DrawOdds

__all__ = ["ORDERS", "WordCheck", "WordLookup"]

ORDERS = ("alphabet", "length", "probability", "familiarity")
"""The word orders of :meth:`Lexicon.ordered` (and ``--sort`` on the command line)."""

if TYPE_CHECKING:

    class WordCheck(NamedTuple):
        """A word judged by :meth:`Lexicon.check`: as given, as the lexicon folds it, valid or not, its tiles."""

        word: str
        folded: str
        valid: bool
        tiles: int

else:  # collections' namedtuple at run time: typing.NamedTuple would add typing's ~2 ms to every import
    from collections import namedtuple

    WordCheck = namedtuple("WordCheck", ["word", "folded", "valid", "tiles"])
    WordCheck.__doc__ = "A word judged by Lexicon.check: as given, as the lexicon folds it, valid or not, its tiles."
    WordCheck.__module__ = "jarnac_solver.lexicon.lexicon"  # pickled where it always was


class WordLookup:
    """``check``, ``draw_odds``, ``draw_probability``, ``ordered``, ``tile_length`` (``search`` is
    :class:`~jarnac_solver.lexicon.study.WordStudy`'s: patterns with conditions)."""

    if TYPE_CHECKING:  # what the lexicon itself provides
        alphabet: Alphabet
        metadata: dict[str, Any]
        _index: AlphagramIndex
        _rank: dict[str, int]
        _lines: WordLines | None
        _draw_odds: DrawOdds | None

        @property
        def name(self) -> str: ...

        def __iter__(self) -> Iterator[str]: ...

        def subanagrams(self, rack: str, min_len: int = 3, max_len: int = 9) -> list[str]: ...

    def check(self, word: str) -> WordCheck:
        """Judge one word: folded as this lexicon folds it (ÉTÉ → ETE), whether the lexicon holds it.

        What settles a dispute at the table. Raises :class:`InvalidLetterError`
        for a letter outside the alphabet and :class:`InvalidInputError` for an
        empty word. Cost: one trie path (at most 9 steps).

        >>> from jarnac_solver import Lexicon
        >>> fr = Lexicon.load("fr")
        >>> fr.check("été")
        WordCheck(word='été', folded='ETE', valid=True, tiles=3)
        >>> fr.check("TZRA").valid
        False
        """
        tiles, folded, valid = self._read_word(word, "check")
        return WordCheck(word, folded, valid, len(tiles))

    def _read_word(self, word: object, purpose: str) -> tuple[Sequence[str], str, bool]:
        """A word a person typed, to ``purpose`` (check, hook): its tiles, its writing and whether the lexicon
        holds it (:meth:`_judged`); a word that is no text or holds no tile is refused naming the purpose."""
        if not isinstance(word, str):
            raise InvalidInputError(f"a word to {purpose} is text, not {type(word).__name__}")
        tiles = self.alphabet.tokenize(word, "word")
        if not tiles:
            raise InvalidInputError(f"{word!r} holds no letter to {purpose}")
        return (tiles, *self._judged(tiles))

    def _judged(self, tiles: Sequence[str]) -> tuple[str, bool]:
        """The word of these tiles as written, and whether the lexicon holds it. The tiles once: what
        `in` would fold and cut again (one anagram walk). :meth:`check` and ``hooks`` ask it."""
        folded = self.alphabet.write(tiles)
        valid = len(tiles) <= MAX_DEPTH and folded in self._index.anagrams(
            tally_of_ranks(map(self._rank.__getitem__, tiles))
        )
        return folded, valid

    @property
    def _word_lines(self) -> WordLines:
        """The words as lines of text for pattern searches, made on first use."""
        lines = self._lines
        if lines is None:
            from .pattern import WordLines

            index = self._index
            lines = self._lines = WordLines(lambda n: index.words(n, n), self.alphabet)
        return lines

    def draw_odds(self, bag: Bag | None = None) -> DrawOdds:
        """The draw odds of words with ``bag`` (default: the lexicon's own bag; see :class:`DrawOdds`).

        Raises :class:`InvalidInputError` when the lexicon has no known bag and none is given.

        >>> from jarnac_solver import Lexicon
        >>> Lexicon.load("fr").draw_odds().ways("ETE")
        1539
        """
        from .bag import Bag
        from .probability import DrawOdds

        if bag is None:
            odds = self._draw_odds
            if odds is None:
                odds = self._draw_odds = DrawOdds(Bag.for_lexicon(self))
            return odds
        return DrawOdds(Bag.for_lexicon(self, bag))

    def draw_probability(self, word: str, bag: Bag | None = None) -> float:
        """The chance that a full bag's first ``n`` tiles are exactly this ``n``-tile word's tiles.

        Zyzzyva's *probability*: compare it between words of the same length.

        >>> from jarnac_solver import Lexicon
        >>> fr = Lexicon.load("fr")
        >>> fr.draw_probability("ETE") > fr.draw_probability("ZUT") > 0
        True
        """
        return self.draw_odds(bag).probability(word)

    def ordered(self, words: Iterable[str], by: str = "probability", bag: Bag | None = None) -> list[str]:
        """``words`` in one of :data:`ORDERS`: ``alphabet``; ``length`` (longest first, then
        alphabetically); ``probability`` (longest first, then the likeliest to be drawn: Zyzzyva's
        order); ``familiarity`` (longest first, then the best known: the ``familiarity`` extra).

        Works on the answer of any query (:meth:`subanagrams`, :meth:`search`, ...); words are
        returned as given (a query's answer is already folded).
        Cost: one tally a word (``familiarity``: loading wordfreq's table once, ~1 s).

        >>> from jarnac_solver import Lexicon
        >>> fr = Lexicon.load("fr")
        >>> fr.ordered(fr.search("??Z"), "probability")
        ['REZ', 'NEZ', 'RAZ', 'LEZ', 'RIZ', 'GAZ', 'FEZ']
        """
        if isinstance(words, str) or not isinstance(words, Iterable):
            raise InvalidInputError(f"ordered takes a list of words, not {type(words).__name__}")
        listed = list(words)
        for word in listed:
            if not isinstance(word, str):
                raise InvalidInputError(f"ordered takes words as text, not {type(word).__name__}")
        if by == "alphabet":
            return sorted(listed)
        if by == "length":
            return sorted(listed, key=lambda w: (-self.tile_length(w), w))
        if by == "probability":
            return self.draw_odds(bag).ranked(listed)
        if by == "familiarity":
            from .familiarity import Familiarity

            known = Familiarity.for_lexicon(self).familiarity
            return sorted(listed, key=lambda w: (-self.tile_length(w), -known(w), w))
        raise InvalidInputError(f"no word order {by!r}; the orders are {', '.join(ORDERS)}")

    def tile_length(self, word: str) -> int:
        """A word's length in tiles: what the game counts and scores.

        >>> from jarnac_solver import Lexicon
        >>> Lexicon.from_words(["rat"]).tile_length("été")
        3
        """
        return len(self.alphabet.tokenize(word, what="word"))
