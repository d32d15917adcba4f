"""Word quizzes: cardboxes over a lexicon, each card a question whose answer is a set of words.

Three kinds (:data:`QUIZ_KINDS`), each card's answer read from the lexicon's own queries:

- ``anagrams``: the letters of an anagram class (its alphagram, ``AEINRST``): every word of exactly
  those letters (:meth:`~jarnac_solver.Lexicon.anagrams`);
- ``extensions``: a word: every word it extends to with one or two letters, rearranged freely (the
  extensions of the game: :meth:`~jarnac_solver.Lexicon.extensions` with two blanks);
- ``rack``: a rack (the letters of a word of that length): every word of ``length - 2`` letters or more it
  makes (:meth:`~jarnac_solver.Lexicon.subanagrams`).

A quiz (:class:`Quiz`) is a kind, a word length and a list: by probability rank (``ranks``: the
likeliest to be drawn first, Zyzzyva's order, a range of ranks among the anagram classes or words of that
length), every one of that length alphabetically, or the words a person missed in games (``missed``:
:meth:`Quiz.missed`, a deck the lexicon does not fill: its cards are added from the person's reviewed games,
:func:`~.mistakes.missed_words`). :func:`judge_words` compares a person's words with the
answer (folded as the lexicon folds them): right when every word is there and no other; the store
(:mod:`.progress`) turns that into a grade for the scheduler (:mod:`.schedule`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InvalidInputError
from ..integers import is_whole
from ..lexicon.lexicon import Lexicon
from ..messages import Reason

__all__ = ["MAX_CARDS", "ORDERS", "QUIZ_KINDS", "Quiz", "WordsJudged", "alphagram", "judge_words"]

QUIZ_KINDS = ("anagrams", "extensions", "rack")
ORDERS = ("probability", "alphabet", "missed")

MAX_CARDS = 200_000
"""The most cards one quiz holds (every anagram class of a length in the largest lexicon fits)."""


@dataclass(frozen=True)
class Quiz:
    """A deck: ``kind`` over ``lexicon``'s words of ``length`` tiles, ranks ``first`` to ``last`` by
    probability (``order="probability"``) or every one alphabetically (``order="alphabet"``)."""

    lexicon: str
    kind: str = "anagrams"
    length: int = 7
    order: str = "probability"
    first: int = 1
    last: int = 100

    def __post_init__(self) -> None:
        if self.kind not in QUIZ_KINDS:
            raise InvalidInputError(f"a quiz's kind is one of {', '.join(QUIZ_KINDS)}, not {self.kind!r}")
        if self.order not in ORDERS:
            raise InvalidInputError(f"a quiz's order is {', '.join(ORDERS)}, not {self.order!r}")
        if not is_whole(self.length) or not 2 <= self.length <= 9:
            raise InvalidInputError(f"a quiz's length is 2 to 9 tiles, not {self.length!r}")
        for name in ("first", "last"):
            value = getattr(self, name)
            if not is_whole(value) or not 1 <= value <= MAX_CARDS:
                raise InvalidInputError(f"a quiz's {name} rank is 1 to {MAX_CARDS:,}, not {value!r}")
        if self.first > self.last:
            raise InvalidInputError(f"a quiz's ranks run from first to last: {self.first} is after {self.last}")

    @property
    def name(self) -> str:
        """The quiz's stable name (what a store files its cards under): ``fr:anagrams:7:probability:1-100``."""
        return f"{self.lexicon}:{self.kind}:{self.length}:{self.order}:{self.first}-{self.last}"

    @classmethod
    def missed(cls, lexicon: str) -> Quiz:
        """The deck of the anagrams of the words a person missed in games on ``lexicon`` (one a person).

        >>> Quiz.missed("fr").name
        'fr:anagrams:9:missed:1-200000'
        """
        return cls(lexicon, "anagrams", 9, "missed", 1, MAX_CARDS)

    def questions(self, lexicon: Lexicon) -> list[str]:
        """The deck's questions, in its order: alphagrams (``anagrams``, ``rack``) or words (``extensions``);
        none for a ``missed`` deck (its cards come from the person's games)."""
        if lexicon.name != self.lexicon:
            raise InvalidInputError(f"the quiz is on {self.lexicon}, not {lexicon.name}")
        if self.order == "missed":
            return []
        if self.order == "probability":
            ranked = sorted(lexicon.probability_ranks(self.length).items(), key=lambda kv: kv[1])
            words = [w for w, _ in ranked]
        else:
            words = sorted(lexicon.search("?" * self.length)) if self.length else []
        if self.kind == "extensions":
            out = words
        else:
            seen: dict[str, None] = {}
            for word in words:
                seen.setdefault(_alphagram(lexicon, word), None)
            out = list(seen) if self.order == "probability" else sorted(seen)
        return out[self.first - 1 : self.last]

    def answer(self, lexicon: Lexicon, question: str) -> list[str]:
        """The words that answer ``question``, alphabetically."""
        if self.kind == "anagrams":
            return lexicon.anagrams(question)
        if self.kind == "rack":
            return lexicon.subanagrams(question, min_len=max(2, self.length - 2), max_len=self.length)
        size = lexicon.tile_length(question)
        found = lexicon.extensions(question, "??", max_len=min(9, size + 2))
        return sorted({w.upper() for w in found})

    def prompt(self, lexicon: Lexicon, question: str) -> Reason:
        """The question said, with how many words answer it."""
        count = Reason("practice.quiz_count", {"count": len(self.answer(lexicon, question))})
        if self.kind == "anagrams":
            return Reason("practice.and", {"first": Reason("practice.quiz_anagrams", {"letters": question}),
                                           "second": count})  # fmt: skip
        if self.kind == "rack":
            asked = Reason("practice.quiz_rack", {"letters": question, "size": max(2, self.length - 2)})
            return Reason("practice.and", {"first": asked, "second": count})
        asked = Reason("practice.quiz_extensions", {"word": question})
        return Reason("practice.and", {"first": asked, "second": count})

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (its :attr:`name` too)."""
        return {"name": self.name, "lexicon": self.lexicon, "kind": self.kind, "length": self.length,
                "order": self.order, "first": self.first, "last": self.last}  # fmt: skip

    @classmethod
    def from_name(cls, name: str) -> Quiz:
        """Read :attr:`name`."""
        parts = name.split(":") if isinstance(name, str) else []
        try:
            lexicon, kind, length, order, ranks = parts
            first, last = ranks.split("-")
            return cls(lexicon, kind, int(length), order, int(first), int(last))
        except ValueError:
            raise InvalidInputError(f"not a quiz's name: {str(name)[:80]!r}") from None


def alphagram(lexicon: Lexicon, word: str) -> str:
    """The anagram class of ``word``: its tiles in order (an ``anagrams`` card's question)."""
    return _alphagram(lexicon, word)


def _alphagram(lexicon: Lexicon, word: str) -> str:
    tiles = lexicon.alphabet.tokenize(word, "word")
    return "".join(sorted(tiles))


@dataclass(frozen=True)
class WordsJudged:
    """A person's words against a card's answer."""

    right: bool
    missed: tuple[str, ...]
    wrong: tuple[str, ...]
    """Words given that do not answer the card (not words, or not of these letters)."""
    answer: tuple[str, ...]

    def reason(self) -> Reason:
        """The verdict said: right, or what was missed and what was not an answer."""
        if self.right:
            return Reason("practice.quiz_right", {"count": len(self.answer)})
        missed = Reason("practice.quiz_missed", {"words": " ".join(self.missed)})
        wrong = Reason("practice.quiz_wrong_words", {"words": " ".join(self.wrong)})
        if self.missed and self.wrong:
            return Reason("practice.and", {"first": missed, "second": wrong})
        return missed if self.missed else wrong

    def to_dict(self) -> dict[str, Any]:
        return {"right": self.right, "missed": list(self.missed), "wrong": list(self.wrong),
                "answer": list(self.answer), "said": self.reason().to_dict()}  # fmt: skip


def judge_words(lexicon: Lexicon, answer: list[str], given: str) -> WordsJudged:
    """``given`` (words separated by spaces or commas; ``-`` alone: none) against ``answer``."""
    if not isinstance(given, str):
        raise InvalidInputError(f"an answer is written as text, not {type(given).__name__}")
    if len(given) > 4000:
        raise InvalidInputError("the answer is longer than 4,000 characters")
    parts = given.replace(",", " ").split()
    if parts == ["-"]:
        parts = []
    words = set()
    for i, part in enumerate(parts, start=1):
        try:
            tiles = lexicon.alphabet.tokenize(lexicon.alphabet.fold(part), "word")
        except InvalidInputError as exc:
            raise InvalidInputError(f"the answer's word {i} ({part[:40]!r}): {exc}") from None
        words.add(lexicon.alphabet.write(tiles))
    expected = set(answer)
    missed = tuple(sorted(expected - words))
    wrong = tuple(sorted(words - expected))
    return WordsJudged(not missed and not wrong, missed, wrong, tuple(sorted(expected)))
