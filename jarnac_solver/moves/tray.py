"""One player's tray: the words on its lines, in order, and the rack of spare letters.

Notation (``Tray.parse`` / ``str``): the lines separated by spaces, a slash,
then the rack: ``RAT BUT / ZW``. A tray with no line is ``/ ACEERT``; an
empty rack is ``RAT BUT /``. Spaces inside the rack separate tiles. With
multi-character tiles, a ``.`` separates two tiles that reading would join:
in the Dutch alphabet the rack ``ZI.JD`` holds a single I and a single J,
``ZIJD`` the IJ tile (see :mod:`jarnac_solver.lexicon.alphabet`).

Inside, a tray holds tile codes (:attr:`Tray.line_codes`,
:attr:`Tray.rack_codes`); the text (:attr:`Tray.lines`, :attr:`Tray.rack`)
is their writing. Text is read once, when the tray is made.

A line taken by a Jarnac leaves a gap, written ``-`` (``RAT - BUT / ZW``) and
stored as ``""``: the lines below keep their place (the last line stays the
last), and the next new word fills the first gap. Gaps at the end are just
free lines and are not kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, TypeVar

from ..errors import IllegalMoveError, InvalidLetterError, InvalidTrayError
from ..forms import field, mapping
from ..lexicon.alphabet import DUTCH, LATIN, Alphabet  # noqa: F401 - DUTCH: the doctests
from .move import Move
from .rules import Rules

if TYPE_CHECKING:
    from ..lexicon.lexicon import Lexicon

__all__ = ["Codes", "Tray", "remove_tiles"]

T = TypeVar("T", bound=Hashable)
Codes = tuple[int, ...]
"""Tiles as codes: indexes in ``Alphabet.tiles``."""


def remove_tiles(tiles: Iterable[T], used: Iterable[T]) -> list[T]:
    """``tiles`` without one of them for each of ``used``, in their order (``used`` must fit).

    >>> remove_tiles("RAZTZ", "ZT")
    ['R', 'A', 'Z']
    """
    counts = Counter(used)
    left = []
    for tile in tiles:
        if counts[tile] > 0:
            counts[tile] -= 1
        else:
            left.append(tile)
    return left


def _codes(alphabet: Alphabet, text: str, what: str, error: type[ValueError] = InvalidTrayError) -> Codes:
    """``alphabet.encode`` raising ``error`` (a tray or move error) instead of a letter error."""
    try:
        return alphabet.encode(text, what=what)
    except InvalidLetterError as exc:
        raise error(str(exc)) from None


class Tray:
    """An immutable tray.

    >>> tray = Tray.parse("RAT BUT / ZW")
    >>> tray.lines, tray.rack, tray.score
    (('RAT', 'BUT'), 'ZW', 18)
    >>> str(tray.push(Move.parse("1:RAT+Z=TZAR")))
    'TZAR BUT / W'
    >>> Tray.parse("/ ZI.JD", DUTCH).rack_tiles()
    ('Z', 'I', 'J', 'D')
    """

    __slots__ = ("_hash", "alphabet", "line_codes", "lines", "rack_codes")

    line_codes: tuple[Codes, ...]
    """Each line's tile codes (indexes in ``alphabet.tiles``); ``()`` for a gap."""
    rack_codes: Codes
    """The rack's tile codes, in the order they were drawn."""
    lines: tuple[str, ...]
    """Each line's word as written (``""`` for a gap)."""
    alphabet: Alphabet
    _hash: int | None

    def __init__(self, lines: Iterable[str] = (), rack: str = "", alphabet: Alphabet = LATIN) -> None:
        if isinstance(lines, str):
            raise InvalidTrayError("lines must be a list of words, not one string (use Tray.parse for the notation)")
        if not isinstance(alphabet, Alphabet):
            raise InvalidTrayError(f"expected an Alphabet, got {type(alphabet).__name__}")
        codes: list[Codes] = []
        for i, line in enumerate(lines):
            if not isinstance(line, str):
                raise InvalidTrayError(f"tray line {i + 1} must be a word, not {line!r}")
            if line in ("", "-"):
                codes.append(())  # a gap left by a Jarnac
                continue
            tiles = _codes(alphabet, line, f"tray line {i + 1}")
            if not tiles:
                raise InvalidTrayError(f"tray line {i + 1} is empty")
            codes.append(tiles)
        if not isinstance(rack, str):
            raise InvalidTrayError(f"the rack must be a string of letters, not {rack!r}")
        # Spaces separate tiles as a dot does ("I J" is I then J, never the IJ tile).
        rack_codes = tuple(code for part in rack.split() for code in _codes(alphabet, part, "tray rack"))
        self._set(tuple(codes), rack_codes, alphabet, None)

    def _set(
        self, line_codes: tuple[Codes, ...], rack_codes: Codes, alphabet: Alphabet, lines: tuple[str, ...] | None
    ) -> None:
        while line_codes and not line_codes[-1]:
            line_codes = line_codes[:-1]
            lines = None
        if lines is None:
            lines = tuple(map(alphabet.decode, line_codes))
        object.__setattr__(self, "line_codes", line_codes)
        object.__setattr__(self, "rack_codes", rack_codes)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "alphabet", alphabet)
        object.__setattr__(self, "_hash", None)

    @classmethod
    def from_codes(
        cls, line_codes: Iterable[Iterable[int]], rack_codes: Iterable[int], alphabet: Alphabet = LATIN
    ) -> Tray:
        """A tray from tile codes (``()`` for a gap), checked: every code must be a tile of ``alphabet``.

        >>> str(Tray.from_codes([LATIN.encode("RAT"), ()], LATIN.encode("ZW")))
        'RAT / ZW'
        """
        n = len(alphabet.tiles)

        def checked(codes: Iterable[int], what: str) -> Codes:
            if isinstance(codes, (str, bytes)):
                raise InvalidTrayError(f"{what} must be tile codes, not text")
            out = tuple(codes)
            for code in out:
                if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < n:
                    raise InvalidTrayError(f"{what}: {code!r} is not a tile code of the alphabet {alphabet.name!r}")
            return out

        lines = tuple(checked(c, f"tray line {i + 1}") for i, c in enumerate(line_codes))
        tray = object.__new__(cls)
        tray._set(lines, checked(rack_codes, "tray rack"), alphabet, None)
        return tray

    @classmethod
    def _trusted(
        cls, line_codes: tuple[Codes, ...], rack_codes: Codes, alphabet: Alphabet, lines: tuple[str, ...] | None = None
    ) -> Tray:
        """A tray from codes already checked (no re-validation); ``lines`` their writing when known.

        ``push`` and the game engine build thousands of trays from trays they
        hold; re-reading every line each time was a tenth of self-play.
        """
        tray = object.__new__(cls)
        tray._set(line_codes, rack_codes, alphabet, lines)
        return tray

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Tray is immutable; push returns a new one")

    def __reduce__(self) -> tuple[object, ...]:
        return (Tray.from_codes, (self.line_codes, self.rack_codes, self.alphabet))

    @classmethod
    def parse(cls, text: str, alphabet: Alphabet = LATIN) -> Tray:
        """Read ``"LINE LINE ... / RACK"``.

        >>> Tray.parse("/ aceert").rack
        'ACEERT'
        """
        if not isinstance(text, str):
            raise InvalidTrayError(f"a tray is written as text, not {type(text).__name__}")
        if text.count("/") != 1:
            raise InvalidTrayError(f"tray {text!r} is not written 'LINE LINE ... / RACK' (one slash)")
        left, right = text.split("/")
        return cls(left.split(), right, alphabet)

    def to_dict(self) -> dict[str, object]:
        """The tray as a JSON-ready dict: notation, lines (``""`` for a gap), rack, score, alphabet.

        >>> Tray.parse("RAT - BUT / ZW").to_dict()["lines"]
        ['RAT', '', 'BUT']
        """
        return {
            "notation": str(self),
            "lines": list(self.lines),
            "rack": self.rack,
            "score": self.score,
            "alphabet": self.alphabet.to_name_or_dict(),
        }

    @classmethod
    def from_dict(cls, data: object) -> Tray:
        """Read :meth:`to_dict`'s form (``notation`` alone is enough; otherwise ``lines`` and ``rack``).

        >>> Tray.from_dict({"lines": ["RAT"], "rack": "ZW"})
        Tray.parse('RAT / ZW')
        """
        form = mapping(data, "a tray")
        alphabet = Alphabet.from_dict(form.get("alphabet", "latin"))
        if "lines" not in form and "rack" not in form:
            return cls.parse(field(form, "notation", str, "a tray"), alphabet)
        lines = field(form, "lines", list, "a tray", [])
        tray = cls(lines, field(form, "rack", str, "a tray", ""), alphabet)
        notation = field(form, "notation", str, "a tray", None)
        if notation is not None and cls.parse(notation, alphabet) != tray:
            raise InvalidTrayError(f"a tray's notation {notation!r} does not agree with its lines and rack ({tray})")
        return tray

    @property
    def rack(self) -> str:
        """The rack as written (tiles in the order drawn, ``.`` where two would read as one)."""
        return self.alphabet.decode(self.rack_codes)

    def __str__(self) -> str:
        parts = [" ".join(line or "-" for line in self.lines)] if self.lines else []
        parts.append("/")
        if self.rack_codes:
            parts.append(self.rack)
        return " ".join(parts)

    def __repr__(self) -> str:
        if self.alphabet == LATIN:
            return f"Tray.parse({str(self)!r})"
        return f"Tray.parse({str(self)!r}, {self.alphabet!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tray):
            return NotImplemented
        return (self.line_codes, sorted(self.rack_codes), self.alphabet) == (
            other.line_codes,
            sorted(other.rack_codes),
            other.alphabet,
        )

    def __hash__(self) -> int:
        if self._hash is None:
            value = hash((self.line_codes, tuple(sorted(self.rack_codes)), self.alphabet))
            object.__setattr__(self, "_hash", value)
            return value
        return self._hash

    # -- lengths and points -------------------------------------------------

    def tiles(self, word: str) -> int:
        """A word's length in tiles (``IJ`` is one tile in the Dutch alphabet).

        >>> Tray().tiles("TZAR")
        4
        """
        return len(word) if self.alphabet.single else len(self.alphabet.tokenize(word))

    @property
    def score(self) -> int:
        """The tray's points: the sum over its lines of (tiles)²."""
        return sum(len(codes) ** 2 for codes in self.line_codes)

    def points(self, move: Move) -> int:
        """What ``move`` adds to the tray's score: the new word's tiles², less the old word's.

        >>> Tray.parse("RAT / Z").points(Move.parse("1:RAT+Z=TZAR"))
        7
        """
        return self.tiles(move.word) ** 2 - (self.tiles(move.old) ** 2 if move.old else 0)

    def rack_tiles(self) -> tuple[str, ...]:
        """The rack as a tuple of tiles, in the order drawn."""
        return tuple(map(self.alphabet.tiles.__getitem__, self.rack_codes))

    def free_lines(self, rules: Rules | None = None) -> int:
        """Lines still empty under ``rules`` (default: the sheet).

        >>> Tray.parse("RAT BUT / ZW").free_lines()
        6
        """
        return (rules or Rules()).lines - self.filled

    @property
    def filled(self) -> int:
        """The number of lines holding a word.

        >>> Tray.parse("RAT - BUT /").filled
        2
        """
        return sum(1 for line in self.line_codes if line)

    @property
    def next_line_index(self) -> int:
        """The index (from 0) of the line a new word goes on: the first gap, else the line after the words.

        >>> Tray.parse("RAT - BUT /").next_line_index, Tray.parse("RAT /").next_line_index
        (1, 1)
        """
        return self.line_codes.index(()) if () in self.line_codes else len(self.line_codes)

    def last_line_free(self, rules: Rules | None = None) -> bool:
        """Whether the rules' last line is still empty."""
        return len(self.line_codes) < (rules or Rules()).lines

    # -- checks -------------------------------------------------------------

    def check(self, rules: Rules | None = None) -> None:
        """Raise :class:`InvalidTrayError` naming the first part that breaks ``rules``.

        >>> Tray(["RATTATATAT"]).check()
        Traceback (most recent call last):
        ...
        jarnac_solver.errors.InvalidTrayError: tray line 1 'RATTATATAT' has 10 tiles; a line holds at most 9
        """
        rules = rules or Rules()
        if len(self.line_codes) > rules.lines:
            raise InvalidTrayError(f"the tray has {len(self.line_codes)} lines; the rules allow {rules.lines}")
        for i, codes in enumerate(self.line_codes):
            if not codes:
                continue
            n = len(codes)
            if n > rules.line_length:
                raise InvalidTrayError(
                    f"tray line {i + 1} {self.lines[i]!r} has {n} tiles; a line holds at most {rules.line_length}"
                )
            shortest = rules.min_length_on(i)
            if n < shortest:
                raise InvalidTrayError(
                    f"tray line {i + 1} {self.lines[i]!r} has {n} tiles; this line needs at least {shortest}"
                )

    def validate(self, lexicon: Lexicon) -> list[int]:
        """Indexes of the lines that ``lexicon`` does not hold (they stay legal to extend).

        >>> from jarnac_solver import Lexicon
        >>> Tray(["RAT", "XYZ"]).validate(Lexicon.from_words(["rat"]))
        [1]
        """
        from ..lexicon.lexicon import Lexicon

        if not isinstance(lexicon, Lexicon):
            raise InvalidTrayError(f"validate takes a Lexicon, not {type(lexicon).__name__}")
        return [i for i, line in enumerate(self.lines) if line and line not in lexicon]

    # -- moves --------------------------------------------------------------

    def push(self, move: Move, rules: Rules | None = None, lexicon: Lexicon | None = None) -> Tray:
        """The tray after ``move`` (before the draw that follows it).

        Raises :class:`IllegalMoveError` saying why the move is not legal here;
        with ``lexicon``, the new word must be in it. The move is checked as
        multisets of tiles however it was built: the word is the old word
        plus the added letters, and the added letters come from the rack.

        >>> Tray.parse("RAT BUT / ZW").push(Move.parse("+WAZ"))
        Traceback (most recent call last):
        ...
        jarnac_solver.errors.IllegalMoveError: +WAZ needs A from the rack, which holds only ZW
        """
        return self.play(move, rules, lexicon)[0]

    def play(self, move: Move, rules: Rules | None = None, lexicon: Lexicon | None = None) -> tuple[Tray, int]:
        """:meth:`push`, also returning the index of the line the word went on.

        >>> Tray.parse("RAT / ZW").play(Move.parse("RAT+Z=TZAR"))
        (Tray.parse('TZAR / W'), 0)
        """
        rules = rules or Rules()
        target, word, letters = self._resolve(move, rules)
        rack = self.rack_codes
        missing = Counter(letters) - Counter(rack)
        if missing:
            need = self.alphabet.decode(sorted(missing.elements()))
            raise IllegalMoveError(f"{move} needs {need} from the rack, which holds only {self.rack or 'nothing'}")
        n = len(word)
        if n > rules.line_length:
            raise IllegalMoveError(f"{move}: {move.word} has {n} tiles; a line holds at most {rules.line_length}")
        shortest = rules.min_length_on(target)
        if n < shortest:
            raise IllegalMoveError(f"{move}: line {target + 1} needs a word of at least {shortest} tiles")
        text = self.alphabet.decode(word)
        if lexicon is not None and text not in lexicon:
            raise IllegalMoveError(f"{move}: {text} is not in the lexicon {lexicon.name!r}")
        codes = list(self.line_codes)
        lines = list(self.lines)
        if target < len(codes):
            codes[target], lines[target] = word, text
        else:
            codes.append(word)
            lines.append(text)
        after = Tray._trusted(tuple(codes), tuple(remove_tiles(rack, letters)), self.alphabet, tuple(lines))
        return after, target

    def _resolve(self, move: Move, rules: Rules) -> tuple[int, Codes, Codes]:
        """The line ``move`` goes on, its word's codes and its added codes; checks the move's parts agree."""
        if not isinstance(move, Move):
            raise IllegalMoveError(f"not a move: {move!r}")
        kind, line, old, word, letters = move
        if not isinstance(word, str) or not isinstance(letters, str):
            raise IllegalMoveError(f"{move!r}: the word and the letters must be text")
        word_codes = _codes(self.alphabet, word, "word", IllegalMoveError)
        added = _codes(self.alphabet, letters, "letters", IllegalMoveError)
        if not added:
            raise IllegalMoveError(f"{move}: a move adds at least one letter from the rack")
        if kind == "place":
            if line is not None or old is not None:
                raise IllegalMoveError(f"{move!r}: a place move names no line and no old word")
            if sorted(word_codes) != sorted(added):
                raise IllegalMoveError(f"{move}: {word} is not spelt with the letters {letters}")
            target = self.next_line_index
            if target >= rules.lines:
                raise IllegalMoveError(f"{move}: every line of the tray is taken")
            return target, word_codes, added
        if kind != "extend":
            raise IllegalMoveError(f"{move!r}: a move is a place or an extend, not {kind!r}")
        if not isinstance(old, str) or not old:
            raise IllegalMoveError(f"{move!r}: an extension names the word it extends")
        old_codes = _codes(self.alphabet, old, "word", IllegalMoveError)
        if sorted(word_codes) != sorted(old_codes + added):
            raise IllegalMoveError(f"{move}: {word} is not {old} plus {letters}")
        if line is None:
            if old_codes not in self.line_codes:
                raise IllegalMoveError(f"{move}: no line holds {old}")
            return self.line_codes.index(old_codes), word_codes, added
        if isinstance(line, bool) or not isinstance(line, int) or line < 0:
            raise IllegalMoveError(f"{move!r}: the line must be a line index (0 or more) or None")
        if line >= len(self.line_codes):
            raise IllegalMoveError(f"{move}: the tray has no line {line + 1}")
        if self.line_codes[line] != old_codes:
            raise IllegalMoveError(f"{move}: line {line + 1} holds {self.lines[line] or 'nothing'}, not {old}")
        return line, word_codes, added
