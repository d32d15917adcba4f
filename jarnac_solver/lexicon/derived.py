"""Derived lexicons: a filter of a lexicon's words, and the union, intersection and difference of two
(:class:`DerivedLists`, a part of :class:`~jarnac_solver.lexicon.lexicon.Lexicon`).

Key idea: a derived list keeps what makes its words playable (the alphabet, so its words are the same
tiles, and the bag), and is built like any other (one index build).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ..errors import AlphabetMismatchError, InvalidInputError
from .alphabet import Alphabet

# Not imported at run time (mypy reads any constant named TYPE_CHECKING as True).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar

    from .index import AlphagramIndex
    from .lexicon import Lexicon

    _D = TypeVar("_D", bound="DerivedLists")

__all__ = ["DerivedLists"]


class DerivedLists:
    """``filter``, ``union``, ``intersection``, ``difference``: new lexicons of this one's alphabet and bag."""

    if TYPE_CHECKING:  # what the lexicon itself provides
        alphabet: Alphabet
        metadata: dict[str, Any]
        _index: AlphagramIndex

        @property
        def name(self) -> str: ...

        def __iter__(self) -> Iterator[str]: ...

        @classmethod
        def from_words(
            cls: type[_D],
            words: Iterable[str],
            alphabet: Alphabet = ...,
            *,
            strict: bool = False,
            metadata: dict[str, Any] | None = None,
        ) -> _D: ...

    def filter(self: _D, keep: Callable[[str], bool], name: str | None = None) -> _D:
        """The words for which ``keep(word)`` is true: a new lexicon with this one's alphabet and bag.

        Cost: one call of ``keep`` a word, then a build (fr: about 1.5 s).

        >>> from jarnac_solver import Lexicon
        >>> en = Lexicon.load("en")
        >>> no_z = en.filter(lambda word: "Z" not in word)
        >>> "ZOO" in no_z, "ZOO" in en, no_z.metadata["bag"], no_z.name
        (False, True, 'en', 'en-filtered')
        """
        if not callable(keep):
            raise InvalidInputError(f"filter takes a function of a word, not {type(keep).__name__}")
        kept = [word for word in self._index.words() if keep(word)]
        return self._derived(
            kept, f"{self.name}-filtered" if name is None else name, f"the words of {self.name} kept by a filter"
        )

    def union(self: _D, other: Lexicon, name: str | None = None) -> _D:
        """The words of either lexicon (same alphabet); the bag is this one's.

        >>> from jarnac_solver import Lexicon
        >>> a, b = Lexicon.from_words(["rat", "art"]), Lexicon.from_words(["art", "tar"])
        >>> sorted(a.union(b)), sorted(a.intersection(b)), sorted(a.difference(b))
        (['ART', 'RAT', 'TAR'], ['ART'], ['RAT'])
        """
        words = set(self._index.words()) | set(self._other(other)._index.words())
        return self._derived(
            words, f"{self.name}+{other.name}" if name is None else name, f"{self.name} and {other.name}"
        )

    def intersection(self: _D, other: Lexicon, name: str | None = None) -> _D:
        """The words in both lexicons (same alphabet); the bag is this one's (see :meth:`union`)."""
        words = set(self._index.words()) & set(self._other(other)._index.words())
        return self._derived(
            words,
            f"{self.name}&{other.name}" if name is None else name,
            f"the words of both {self.name} and {other.name}",
        )

    def difference(self: _D, other: Lexicon, name: str | None = None) -> _D:
        """The words of this lexicon that ``other`` lacks (same alphabet); the bag is this one's (see :meth:`union`)."""
        words = set(self._index.words()) - set(self._other(other)._index.words())
        return self._derived(
            words,
            f"{self.name}-{other.name}" if name is None else name,
            f"the words of {self.name} not in {other.name}",
        )

    def _other(self, other: object, what: str = "a set operation") -> DerivedLists:
        """``other`` if it is a Lexicon of this one's alphabet (its words are the same tiles), else an error."""
        if not isinstance(other, DerivedLists):  # a Lexicon (this part is one of every lexicon)
            raise InvalidInputError(f"{what} takes another Lexicon, not {type(other).__name__}")
        if other.alphabet != self.alphabet:
            raise AlphabetMismatchError(
                f"lexicons {self.name!r} and {other.name!r} have different alphabets "
                f"({self.alphabet.name!r}, {other.alphabet.name!r}): their words are not the same tiles"
            )
        return other

    def _derived(self: _D, words: Iterable[str], name: str, description: str) -> _D:
        """A lexicon of ``words`` (already folded tiles) that keeps this one's alphabet, bag, source and licence."""
        if not isinstance(name, str) or not name:
            raise InvalidInputError(f"a lexicon's name is a non-empty string, not {name!r}")
        from .bag import bag_name_for

        meta: dict[str, Any] = {
            key: self.metadata[key] for key in ("source", "licence", "language") if key in self.metadata
        }
        bag = bag_name_for(self)
        if bag is not None:
            meta["bag"] = bag
        meta.update(name=name, description=description)
        return type(self).from_words(sorted(words), self.alphabet, strict=True, metadata=meta)
