"""Alphabets of tiles, and the folding that turns raw text into tiles.

A tile is one letter of the game: usually a single capital (``A`` .. ``Z``),
sometimes more than one character (the Dutch ``IJ`` tile of the
multilingual edition). Text is *folded* before it is cut into tiles: upper
case, accents stripped (É→E, Ç→C), ligatures split (Œ→OE, Æ→AE, ß→SS), unless
the alphabet keeps the accented letter as a tile of its own (``Ñ``).

Inside the library a tile is a *code*: its index in ``Alphabet.tiles``, a
small int. Text is read once at the edge (:meth:`Alphabet.encode`) and
written once (:meth:`Alphabet.decode`). Reading is greedy, longest tile
first (``IJS`` is ``IJ S`` in the Dutch alphabet); where a multi-character
tile would swallow two single tiles, the writing puts a ``.`` between them:
a single I followed by a single J is written ``I.J``, so every writing reads
back to the same tiles.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from ..errors import InvalidInputError, InvalidLetterError
from ..messages import Reason, Value

TYPE_CHECKING = False  # mypy reads any constant of this name as True
if TYPE_CHECKING:
    import re

__all__ = ["ALPHABETS", "DUTCH", "LATIN", "MAX_ALPHABET_TILES", "SEPARATOR", "Alphabet", "alphabet_for", "as_alphabet"]

SEPARATOR = "."
"""Written between two tiles that greedy reading would otherwise join (``I.J``)."""

MAX_ALPHABET_TILES = 256
"""The most tiles an alphabet holds: a compiled lexicon stores a tile's rank in one byte."""

# Letters that Unicode does not decompose into a base letter and a mark.
_LIGATURES = {
    "Œ": "OE",
    "Æ": "AE",
    "ß": "SS",
    "ẞ": "SS",
    "Ĳ": "IJ",
    "Ø": "O",
    "Ł": "L",
    "Đ": "D",
    "Ð": "D",
    "Þ": "TH",
}


def _fold_char(char: str, keep: frozenset[str]) -> str:
    """Fold one upper-case character; ``keep`` holds the accented tiles."""
    if char in keep:
        return char
    if char in _LIGATURES:
        return _LIGATURES[char]
    decomposed = unicodedata.normalize("NFKD", char)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    if stripped:
        return stripped.upper()
    # An accent left on its own (after a letter with no precomposed form): ignored, as accents are.
    return "" if unicodedata.combining(char) else char


class Alphabet:
    """The tiles of one edition of the game, in a fixed order.

    >>> LATIN.tokenize("Tzar")
    ('T', 'Z', 'A', 'R')
    >>> dutch = Alphabet(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + ["IJ"], name="dutch")
    >>> dutch.tokenize("ijs")
    ('IJ', 'S')
    >>> dutch.tokenize("i.j")
    ('I', 'J')
    >>> dutch.decode(dutch.encode("zi.jd")), dutch.decode(dutch.encode("bijt"))
    ('ZI.JD', 'BIJT')

    A word's length in the game is its number of tiles: ``IJS`` is a
    two-tile word. Cutting text into tiles is greedy, longest tile first;
    a ``.`` between two tiles forces a cut (``I.J`` is two tiles); a ``.``
    anywhere else is refused.
    """

    def __init__(self, tiles: Iterable[str], name: str = "custom") -> None:
        if isinstance(tiles, bytes) or not isinstance(tiles, Iterable):
            raise InvalidInputError(f"an alphabet's tiles are a list of strings, not {tiles!r}")
        from itertools import islice

        tile_list = list(islice(tiles, MAX_ALPHABET_TILES + 1))
        if not tile_list:
            raise InvalidInputError("an alphabet needs at least one tile")
        if len(tile_list) > MAX_ALPHABET_TILES:  # a .jlex file stores a rank in one byte
            raise InvalidInputError(f"an alphabet holds at most {MAX_ALPHABET_TILES} tiles")
        if not isinstance(name, str) or not name:
            raise InvalidInputError(f"alphabet name must be a non-empty string, not {name!r}")
        for tile in tile_list:
            if not isinstance(tile, str) or not tile or tile != tile.upper() or not tile.isalpha():
                raise InvalidInputError(
                    f"alphabet {name!r}: tile {tile!r} is not a non-empty upper-case string of letters"
                )
        if len(set(tile_list)) != len(tile_list):
            dup = next(t for t in tile_list if tile_list.count(t) > 1)
            raise InvalidInputError(f"alphabet {name!r}: tile {dup!r} is listed twice")
        self.name = name
        self.tiles: tuple[str, ...] = tuple(tile_list)
        self._hash = hash(self.tiles)  # an alphabet is a value: tables are kept per alphabet, by its tiles
        self.index: dict[str, int] = {t: i for i, t in enumerate(self.tiles)}
        self._keep = frozenset(t for t in self.tiles if len(t) == 1 and not t.isascii())
        self._chars = frozenset("".join(self.tiles))
        self.single = all(len(t) == 1 for t in self.tiles)
        # Multi-character alphabets cut text with a regex (longest tile first);
        # single-character ones never need it, and compiling it at import
        # time cost ~1 ms per alphabet.
        self._splitter_cache: re.Pattern[str] | None = None
        self._fold_cache: dict[str, str] = {}
        # Two adjacent tiles a, b need a separator when a multi-character
        # tile holds a's last character followed by b's first: only then can
        # greedy reading match a tile across their boundary.
        multi = [t for t in self.tiles if len(t) > 1]
        self._joins = (
            frozenset(
                (i, j)
                for i, a in enumerate(self.tiles)
                for j, b in enumerate(self.tiles)
                if any(a[-1] + b[0] in t for t in multi)
            )
            if multi
            else frozenset()
        )  # single-character alphabets never need a separator

    def __repr__(self) -> str:
        return f"Alphabet({list(self.tiles)!r}, name={self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Alphabet) and self.tiles == other.tiles

    def __hash__(self) -> int:
        return self._hash

    def __getstate__(self) -> dict[str, object]:
        # The hash is made again where the alphabet is read back: a text's hash differs between processes.
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._hash = hash(self.tiles)

    def __len__(self) -> int:
        return len(self.tiles)

    def fold(self, text: str) -> str:
        """Upper-case ``text`` and strip what the game ignores (accents, ligatures).

        Cost: O(len(text)); ASCII text takes a fast path.

        >>> LATIN.fold("Cœur d'été"), LATIN.fold("e\u0301te\u0301")  # the accent typed apart too
        ("COEUR D'ETE", 'ETE')
        """
        if not isinstance(text, str):
            raise InvalidInputError(f"expected a string of letters, got {type(text).__name__}")
        upper = text.upper()
        if upper.isascii():
            return upper
        # Composed first: an accent typed as its own character (e + U+0301, as macOS
        # writes file names and some keyboards type) joins its letter, then folds with it.
        upper = unicodedata.normalize("NFC", upper)
        cache = self._fold_cache
        out = []
        for char in upper:
            folded = cache.get(char)
            if folded is None:
                folded = cache[char] = _fold_char(char, self._keep)
            out.append(folded)
        return "".join(out)

    def tokenize(self, text: str, what: str = "text") -> tuple[str, ...]:
        """Fold ``text`` and cut it into tiles; raise on a character outside the alphabet.

        ``what`` names the input in the error message ("rack", "word", ...).

        >>> LATIN.tokenize("ruât")
        ('R', 'U', 'A', 'T')
        >>> LATIN.tokenize("R2D2", what="rack")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        jarnac_solver.errors.InvalidLetterError: rack 'R2D2' holds '2', which is not a tile of ...
        """
        folded = self.fold(text)
        if SEPARATOR in folded:
            parts = folded.split(SEPARATOR)
            if not all(parts):
                raise InvalidLetterError(
                    f"{what} {text!r} holds a {SEPARATOR!r} that is not between two tiles "
                    f"(it separates tiles, as in I{SEPARATOR}J)",
                    char=SEPARATOR,
                    text=text,
                )
            return tuple(tile for part in parts for tile in self._cut(text, part, what))
        return self._cut(text, folded, what)

    @property
    def _splitter(self) -> re.Pattern[str]:
        if self._splitter_cache is None:
            import re  # only multi-character alphabets need it: not at import time (~7 ms)

            longest_first = sorted(self.tiles, key=len, reverse=True)
            self._splitter_cache = re.compile("|".join(re.escape(t) for t in longest_first))
        return self._splitter_cache

    def _cut(self, text: str, folded: str, what: str) -> tuple[str, ...]:
        if self.single:
            bad = set(folded) - self._chars
            if bad:
                self._raise_bad(text, folded, what)
            return tuple(folded)
        tiles = self._splitter.findall(folded)
        if sum(map(len, tiles)) != len(folded):
            self._raise_bad(text, folded, what)
        return tuple(tiles)

    def encode(self, text: str, what: str = "text") -> tuple[int, ...]:
        """``text`` as tile codes (indexes in :attr:`tiles`); raise on a character outside the alphabet.

        Cost: O(len(text)).

        >>> LATIN.encode("rat")
        (17, 0, 19)
        """
        return tuple(map(self.index.__getitem__, self.tokenize(text, what)))

    def decode(self, codes: Iterable[int]) -> str:
        """The writing of tile codes: tiles joined, with ``.`` only where reading would join two.

        ``encode(decode(codes)) == codes`` for every sequence of codes.
        Cost: O(number of tiles).

        >>> DUTCH.decode([DUTCH.index[t] for t in ("I", "J", "IJ", "S")])
        'I.JIJS'
        """
        tiles = self.tiles
        if self.single:
            try:
                return "".join(map(tiles.__getitem__, codes))
            except (IndexError, TypeError):  # free on the fast path; names the bad code otherwise
                raise InvalidInputError(f"not tile codes of the alphabet {self.name!r}: {codes!r}") from None
        out: list[str] = []
        joins = self._joins
        previous = -1
        try:
            for code in codes:
                if (previous, code) in joins:
                    out.append(SEPARATOR)
                out.append(tiles[code])
                previous = code
        except (IndexError, TypeError):
            raise InvalidInputError(f"not tile codes of the alphabet {self.name!r}: {codes!r}") from None
        return "".join(out)

    def write(self, tiles: Iterable[str]) -> str:
        """The writing of tiles given as strings (see :meth:`decode`).

        >>> DUTCH.write(["D", "I", "J"])
        'DI.J'
        """
        return self.decode(map(self.index.__getitem__, tiles))

    def _raise_bad(self, text: str, folded: str, what: str) -> None:
        pos = 0
        while pos < len(folded):
            match = self._splitter.match(folded, pos)
            if match is None:
                break
            pos = match.end()
        char = folded[pos]
        shown = self.describe()
        values: dict[str, Value] = {"what": _said_what(what), "text": repr(text), "char": repr(char)}
        values.update(alphabet=repr(self.name), tiles=shown)
        if "{" in folded and "}" not in folded[folded.index("{") :]:
            # A draw written in braces and never closed (a record's "+RAT {S"): said as such, not as a bad tile.
            raise InvalidLetterError(
                Reason("error_unclosed_draw", {"what": _said_what(what), "text": repr(text)}), char=char, text=text
            )
        raise InvalidLetterError(Reason("error_not_a_tile", values), char=char, text=text)

    def describe(self) -> str:
        """A short human description of the tiles.

        >>> LATIN.describe()
        'A..Z'
        """
        if self.tiles == LATIN_TILES:
            return "A..Z"
        return " ".join(self.tiles)

    def to_dict(self) -> dict[str, object]:
        """The alphabet as a JSON-ready dict (``Alphabet.from_dict`` reads it back).

        >>> Alphabet.from_dict(LATIN.to_dict()) == LATIN
        True
        """
        return {"name": self.name, "tiles": list(self.tiles)}

    @classmethod
    def from_dict(cls, data: object) -> Alphabet:
        """Read an alphabet written by :meth:`to_dict`, or the name of a known one (``"dutch"``).

        >>> Alphabet.from_dict({"name": "abc", "tiles": ["A", "B", "C"]}).tiles
        ('A', 'B', 'C')
        >>> Alphabet.from_dict("dutch") == DUTCH
        True
        """
        if isinstance(data, str):
            return alphabet_for(data)
        if not isinstance(data, dict) or not isinstance(data.get("tiles"), list):
            raise InvalidInputError(f"not an alphabet description: {data!r}")
        name = data.get("name", "custom")
        return cls(data["tiles"], name=name if isinstance(name, str) else "custom")

    def to_name_or_dict(self) -> str | dict[str, object]:
        """The name of a known alphabet (``"latin"``, ``"dutch"``), else :meth:`to_dict`: what dict forms hold.

        >>> DUTCH.to_name_or_dict()
        'dutch'
        """
        return self.name if ALPHABETS.get(self.name) == self else self.to_dict()


LATIN_TILES = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
LATIN = Alphabet(LATIN_TILES, name="latin")
"""The 26 letters A..Z: the alphabet of the French and English editions."""

DUTCH = Alphabet(LATIN_TILES + ("IJ",), name="dutch")
"""A..Z and the ``IJ`` tile of the multilingual edition: ``IJS`` is two tiles."""

ALPHABETS: dict[str, Alphabet] = {a.name: a for a in (LATIN, DUTCH)}
"""The named alphabets of the bundled lexicons."""


def as_alphabet(value: object) -> Alphabet:
    """``value`` as an alphabet: an :class:`Alphabet` or the name of a known one, else :class:`InvalidInputError`.

    >>> as_alphabet("dutch") is DUTCH
    True
    """
    if isinstance(value, Alphabet):
        return value
    if isinstance(value, str):
        return alphabet_for(value)
    raise InvalidInputError(f"alphabet must be an Alphabet (LATIN, DUTCH, Alphabet([...])) or its name, not {value!r}")


def alphabet_for(name: str) -> Alphabet:
    """A named alphabet (``latin``, ``dutch``).

    >>> alphabet_for("dutch").tokenize("ijzer")
    ('IJ', 'Z', 'E', 'R')
    """
    try:
        return ALPHABETS[name]
    except KeyError:
        raise InvalidInputError(f"no alphabet named {name!r}; known: {', '.join(sorted(ALPHABETS))}") from None


_WHAT = {"word", "tray rack", "rack", "exchange", "leftover", "bag tile", "text"}
_TRAY_LINE = re.compile(r"tray line (\d+)")


def _said_what(what: str) -> Value:
    """The part of an input an error points at, said in the reader's language when it is one the catalogs
    name ("word", "tray line 2"); an option's name (``--unseen``) stays as written.

    >>> _said_what("tray line 2").text("fr"), _said_what("--unseen")
    ('la ligne 2 du plateau', '--unseen')
    """
    if what in _WHAT:
        return Reason("what." + what.replace(" ", "_"))
    line = _TRAY_LINE.fullmatch(what)
    return Reason("what.tray_line", {"n": int(line.group(1))}) if line else what
