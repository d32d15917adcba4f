"""Tile bags: how many of each tile an edition of the game puts in the bag.

A bag knows its alphabet. The ``fr`` and ``en`` bags of 144 tiles are built
in; any other edition (the multilingual one has 166 tiles, IJ included, whose
full distribution is not published) is given by the user as a mapping or as
text such as ``"14A 4B 2IJ"`` or one ``TILE COUNT`` pair a line.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from ..errors import AlphabetMismatchError, InvalidInputError
from ..forms import field, mapping
from ..integers import is_whole
from ..rng import Pcg32
from ..textfile import read_text
from .alphabet import DUTCH, LATIN, Alphabet, as_alphabet
from .words import WordList, as_word_list

__all__ = ["BAGS", "BLANK", "ESTIMATED_BAGS", "MAX_TILES", "Bag", "bag_name_for"]

MAX_TILES = 10_000
"""The most tiles of one kind a bag may hold (real bags hold at most about 20): a count of
10^8 would make a game allocate gigabytes."""

# The publisher's French sheet and the English write-up (docs/rules.md#bag); then
# estimates for the languages whose edition's distribution is unpublished: Bag.estimate of
# the bundled lexicon (a test checks they are what it gives). The method, tried on fr and
# en, misplaces 13 of 144 tiles against the real bags (S is over-counted: plurals).
BAGS: dict[str, str] = {
    "fr": "14A 4B 7C 5D 19E 2F 4G 2H 11I 1J 1K 6L 5M 9N 8O 4P 1Q 10R 7S 9T 8U 2V 1W 1X 1Y 2Z",
    "en": "12A 3B 4C 6D 17E 3F 5G 3H 12I 2J 2K 6L 3M 9N 11O 3P 2Q 9R 7S 8T 6U 3V 3W 1X 3Y 1Z",
    "es-estimate": "25A 3B 6C 6D 17E 1F 2G 1H 9I 1J 1K 6L 4M 9N 10O 3P 1Q 13R 12S 5T 4U 1V 1W 1X 1Y 1Z",
    "nl-estimate": "11A 3B 2C 6D 23E 2F 5G 2H 7I 1J 5K 7L 4M 10N 9O 4P 1Q 10R 8S 10T 4U 2V 2W 1X 1Y 2Z 2IJ",
}
ESTIMATED_BAGS: dict[str, str] = {"es": "es-estimate", "nl": "nl-estimate"}
"""Bundled lexicons without a published bag -> their estimated bag (a bag given by the user always wins)."""
_DUTCH_BAGS = frozenset({"nl-estimate"})

_COMPACT = re.compile(r"(\d+)\s*([^\W\d_]+|\?)")
_LINE = re.compile(r"([^\W\d_]+|\?)\s*[:=]?\s*(\d+)")
BLANK = "?"
"""A blank tile in a bag's writing (``2?``): counted in draw odds only; Jarnac itself has no blank."""


class Bag(Mapping[str, int]):
    """An immutable tile distribution: ``bag["E"]`` is the number of E tiles.

    >>> bag = Bag.load("fr")
    >>> bag.total, bag["E"], bag["K"]
    (144, 19, 1)
    >>> Bag.parse("3A 2IJ", alphabet=Alphabet(["A", "IJ"], name="mini"))
    Bag.parse('3A 2IJ', alphabet=Alphabet(['A', 'IJ'], name='mini'))

    A bag may hold blanks (``"2?"``, or ``blanks=2``, or a ``"?"`` key): Scrabble-like word study
    counts them in draw odds (:class:`~jarnac_solver.lexicon.probability.DrawOdds`). They are not
    tiles of the game (Jarnac has no blank): ``total``, ``tiles()`` and ``sample`` leave them out.

    >>> bag = Bag.parse("3A 2B 2?")
    >>> bag.blanks, bag.total, str(bag)
    (2, 5, '3A 2B 2?')
    """

    def __init__(
        self, counts: Mapping[str, int], alphabet: Alphabet = LATIN, name: str = "custom", *, blanks: int = 0
    ) -> None:
        if not isinstance(name, str) or not name:
            raise InvalidInputError(f"a bag's name must be a non-empty string, not {name!r}")
        if not isinstance(counts, Mapping):
            raise InvalidInputError(f"bag {name!r}: counts must be a mapping of tiles to counts, not {counts!r}")
        alphabet = as_alphabet(alphabet)
        tally: dict[str, int] = {}
        if not is_whole(blanks) or not 0 <= blanks <= MAX_TILES:
            raise InvalidInputError(
                f"bag {name!r}: blanks must be a whole number from 0 to {MAX_TILES}, not {blanks!r}"
            )
        for raw, count in counts.items():
            if not isinstance(raw, str):
                raise InvalidInputError(f"bag {name!r}: tile {raw!r} is not a string")
            if raw == BLANK:
                if not is_whole(count) or not 0 <= count <= MAX_TILES:
                    raise InvalidInputError(
                        f"bag {name!r}: the number of blanks must be a whole number from 0 to {MAX_TILES},"
                        f" not {count!r}"
                    )
                blanks += count
                continue
            tiles = alphabet.tokenize(raw, what="bag tile")
            if len(tiles) != 1:
                raise InvalidInputError(f"bag {name!r}: {raw!r} is not one tile of the alphabet {alphabet.name!r}")
            if not is_whole(count) or not 0 <= count <= MAX_TILES:
                raise InvalidInputError(
                    f"bag {name!r}: count of {raw!r} must be a whole number from 0 to {MAX_TILES}, not {count!r}"
                )
            tally[tiles[0]] = tally.get(tiles[0], 0) + count
        self.alphabet = alphabet
        self.name = name
        self.blanks = min(blanks, MAX_TILES)
        """Blank tiles (``?``): counted by draw odds only, never drawn in a game."""
        self._counts = {tile: tally[tile] for tile in alphabet.tiles if tally.get(tile)}
        if not self._counts:
            raise InvalidInputError(f"bag {name!r} holds no tile")
        self._coded: tuple[Alphabet, tuple[int, ...]] | None = None
        """The last :meth:`codes` asked: the alphabet and the codes (a bag is immutable)."""

    # -- construction -------------------------------------------------------

    @classmethod
    def parse(cls, text: str, alphabet: Alphabet = LATIN, name: str = "custom") -> Bag:
        """Read ``"14A 4B ..."`` or lines ``A 14`` / ``A: 14``; ``#`` starts a comment.

        >>> Bag.parse("A 2\\nB: 1").total
        3
        """
        if not isinstance(text, str):
            raise InvalidInputError(f"a bag is written as text such as '14A 4B', not {type(text).__name__}")
        alphabet = as_alphabet(alphabet)
        body = "\n".join(line.split("#", 1)[0] for line in text.splitlines()).strip()
        pattern = _COMPACT if body[:1].isdigit() else _LINE
        counts: dict[str, int] = {}
        pos = 0
        for match in pattern.finditer(body):
            gap = body[pos : match.start()]
            if gap.strip(" \t\n,;"):
                raise InvalidInputError(f"bag {name!r}: cannot read {_excerpt(gap.strip())}")
            count, tile = (match[1], match[2]) if pattern is _COMPACT else (match[2], match[1])
            folded = tile if tile == BLANK else alphabet.fold(tile)
            if folded in counts:
                raise InvalidInputError(f"bag {name!r}: tile {folded!r} is listed twice")
            counts[folded] = int(count)
            pos = match.end()
        if body[pos:].strip(" \t\n,;"):
            raise InvalidInputError(f"bag {name!r}: cannot read {_excerpt(body[pos:].strip())}")
        return cls(counts, alphabet, name)

    @classmethod
    def from_file(
        cls, path: str | Path, alphabet: Alphabet = LATIN, *, max_bytes: int | None = None, special: bool = False
    ) -> Bag:
        """Read a bag from a UTF-8 text file in the :meth:`parse` format: a regular file (any file
        with ``special=True``) of at most ``max_bytes`` (default 64 MiB, or ``JARNAC_SOLVER_MAX_FILE_MB``)."""
        text = read_text(path, "bag file", max_bytes=max_bytes, special=special)
        return cls.parse(text, alphabet, name=Path(path).stem)

    @classmethod
    def load(cls, name: str) -> Bag:
        """A built-in bag: ``fr`` (the publisher's sheet), ``en`` (the English write-up), or the estimates
        ``es-estimate`` and ``nl-estimate`` (:meth:`estimate` of the bundled lexicons).

        >>> Bag.load("en").total, Bag.load("nl-estimate")["IJ"]
        (144, 2)
        """
        if name not in BAGS:
            raise InvalidInputError(f"no built-in bag {name!r}; built in: {', '.join(sorted(BAGS))}")
        return cls.parse(BAGS[name], DUTCH if name in _DUTCH_BAGS else LATIN, name=name)

    @classmethod
    def estimate(cls, lexicon: WordList, total: int = 144, name: str | None = None) -> Bag:
        """A bag estimated from a lexicon's letter frequencies: ``total`` tiles (144 like the real
        fr and en bags), each tile of the alphabet at least once, shared out by the largest
        remainders. Tried on fr and en it misplaces 13 of 144 tiles against the real bags.

        Cost: one pass over the words (es, 233,170 words: about a second).

        >>> from jarnac_solver import Lexicon
        >>> rat = Alphabet(["A", "R", "T", "S"], name="rats")
        >>> str(Bag.estimate(Lexicon.from_words(["rat", "tar", "arts"], rat), total=12))
        '4A 4R 3T 1S'
        """
        from collections import Counter

        lexicon = as_word_list(lexicon)
        if (
            isinstance(total, bool)
            or not isinstance(total, int)
            or not len(lexicon.alphabet.tiles) <= total <= MAX_TILES
        ):
            raise InvalidInputError(
                f"an estimated bag holds from {len(lexicon.alphabet.tiles)} (one of each tile) to {MAX_TILES} tiles, "
                f"not {total!r}"
            )
        alphabet = lexicon.alphabet
        freq: Counter[str] = Counter()
        for word in lexicon:
            freq.update(alphabet.tokenize(word))
        letters = sum(freq.values()) or 1
        raw = {t: total * freq[t] / letters for t in alphabet.tiles}
        counts = {t: max(1, int(raw[t])) for t in alphabet.tiles}
        order = sorted(alphabet.tiles, key=lambda t: (-(raw[t] - int(raw[t])), alphabet.index[t]))
        for i in range(total - sum(counts.values())):
            counts[order[i % len(order)]] += 1
        while sum(counts.values()) > total:  # the ones that rounding up made too many
            tile = max((t for t in alphabet.tiles if counts[t] > 1), key=lambda t: counts[t] - raw[t])
            counts[tile] -= 1
        return cls(counts, alphabet, name=f"{lexicon.name}-estimate" if name is None else name)

    @classmethod
    def for_lexicon(cls, lexicon: WordList, bag: Bag | None = None) -> Bag:
        """The bag to play ``lexicon`` with: ``bag`` checked against it, or the lexicon's own.

        >>> from jarnac_solver import Lexicon
        >>> Bag.for_lexicon(Lexicon.load("fr")).name
        'fr'
        """
        if bag is not None and not isinstance(bag, Bag):
            raise InvalidInputError(f"a bag is a Bag (Bag.parse, Bag.load), not {type(bag).__name__}")
        lexicon = as_word_list(lexicon)
        if bag is None:
            name = bag_name_for(lexicon)
            if name is None:
                raise InvalidInputError(
                    f"lexicon {lexicon.name!r} has no known bag; give one (--bag FILE on the command line; "
                    "Bag.parse or Bag.from_file in Python)"
                )
            bag = cls.load(name)
        bag.check_alphabet(lexicon.alphabet, f"lexicon {lexicon.name!r}")
        return bag

    def check_alphabet(self, alphabet: Alphabet, what: str = "the lexicon") -> None:
        """Raise :class:`AlphabetMismatchError` unless ``alphabet`` is the bag's.

        >>> from jarnac_solver.lexicon.alphabet import DUTCH
        >>> Bag.load("fr").check_alphabet(DUTCH)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        jarnac_solver.errors.AlphabetMismatchError: bag 'fr' has the alphabet 'latin' but the lexicon ...
        """
        if alphabet != self.alphabet:
            raise AlphabetMismatchError(
                f"bag {self.name!r} has the alphabet {self.alphabet.name!r} "
                f"but {what} has {alphabet.name!r}: they cannot be played together"
            )

    # -- the mapping --------------------------------------------------------

    def __getitem__(self, tile: str) -> int:
        return self._counts.get(tile, 0) if tile in self.alphabet.index else self._counts[tile]

    def __contains__(self, tile: object) -> bool:
        return tile in self._counts

    def __iter__(self) -> Iterator[str]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    @property
    def total(self) -> int:
        """The number of tiles in the bag."""
        return sum(self._counts.values())

    def tiles(self) -> list[str]:
        """Every tile, repeated by its count, in alphabet order.

        >>> Bag({"A": 2, "B": 1}).tiles()
        ['A', 'A', 'B']
        """
        return [tile for tile, count in self._counts.items() for _ in range(count)]

    def codes(self, alphabet: Alphabet) -> tuple[int, ...]:
        """:meth:`tiles` as ``alphabet``'s codes (its ``index``), in the same order; made once and kept for
        the last alphabet asked (a game's bag is coded by its lexicon's alphabet at every new game: the
        tiles' list and a look-up per tile made each time would be ~0.7% of a planner game's instructions in
        the lane, en).

        >>> Bag({"A": 2, "B": 1}).codes(LATIN)
        (0, 0, 1)
        """
        held = self._coded
        if held is None or held[0] is not alphabet:
            held = self._coded = (alphabet, tuple(alphabet.index[t] for t in self.tiles()))
        return held[1]

    @functools.cached_property
    def most(self) -> int:
        """The largest count of a tile (made once: a bag is immutable).

        >>> Bag({"A": 2, "B": 5}).most
        5
        """
        return max(self._counts.values())

    def sample(self, rng: random.Random | Pcg32, n: int) -> list[str]:
        """``n`` tiles drawn at random from the full bag, without replacement (a rack, a draw).

        Deterministic given ``rng``'s state; a rack for a study is ``bag.sample(rng, 7)``.

        >>> import random
        >>> rack = Bag.load("fr").sample(random.Random(1), 7)
        >>> len(rack), all(tile in Bag.load("fr") for tile in rack)
        (7, True)
        """
        if not isinstance(rng, random.Random | Pcg32):
            raise InvalidInputError(f"sample takes a Pcg32 or a random.Random, not {type(rng).__name__}")
        if not is_whole(n) or not 0 <= n <= self.total:
            raise InvalidInputError(f"a sample is a whole number of tiles from 0 to {self.total}, not {n!r}")
        return rng.sample(self.tiles(), n)

    def __str__(self) -> str:
        return self._text

    @functools.cached_property
    def _text(self) -> str:
        """The notation ``str`` gives, joined once (a bag is immutable; every record written names its bag)."""
        blanks = [f"{self.blanks}{BLANK}"] if self.blanks else []
        return " ".join([*(f"{count}{tile}" for tile, count in self._counts.items()), *blanks])

    def to_dict(self) -> dict[str, object]:
        """The bag as a JSON-ready dict: name, alphabet and counts in the ``"14A 4B ..."`` notation.

        >>> Bag.from_dict(Bag.load("fr").to_dict()) == Bag.load("fr")
        True
        """
        return {"name": self.name, "alphabet": self.alphabet.to_name_or_dict(), "counts": str(self)}

    @classmethod
    def from_dict(cls, data: object) -> Bag:
        """Read :meth:`to_dict`'s form.

        >>> Bag.from_dict({"counts": "3A 1B"}).total
        4
        """
        form = mapping(data, "a bag")
        alphabet = Alphabet.from_dict(form.get("alphabet", "latin"))
        name = field(form, "name", str, "a bag", "custom")
        return cls.parse(field(form, "counts", str, "a bag"), alphabet, name=name)

    def __repr__(self) -> str:
        return f"Bag.parse({str(self)!r}, alphabet={self.alphabet!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Bag)
            and self.alphabet == other.alphabet
            and self._counts == other._counts
            and self.blanks == other.blanks
        )

    def __hash__(self) -> int:
        return hash((self.alphabet, tuple(self._counts.items()), self.blanks))


def bag_name_for(lexicon: WordList) -> str | None:
    """The built-in bag a lexicon is played with: its metadata's, or its estimate (``None``: unknown).

    >>> from jarnac_solver import Lexicon
    >>> bag_name_for(Lexicon.load("fr")), bag_name_for(Lexicon.load("es"))
    ('fr', 'es-estimate')
    """
    name = lexicon.metadata.get("bag")
    if isinstance(name, str):
        return name
    return ESTIMATED_BAGS.get(lexicon.name)


def _excerpt(text: str, most: int = 40) -> str:
    """``text`` quoted for an error message, cut after ``most`` characters (a bad bag file may be megabytes).

    >>> _excerpt("RAT RAT", 3)
    "'RAT' ... (7 characters)"
    """
    if len(text) <= most:
        return repr(text)
    return f"{text[:most]!r} ... ({len(text)} characters)"
