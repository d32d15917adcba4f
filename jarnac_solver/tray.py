"""One player's tray: the words on its lines, in order, and the rack of spare letters.

Notation (``Tray.parse`` / ``str``): the lines separated by spaces, a slash,
then the rack: ``RAT BUT / ZW``. A tray with no line is ``/ ACEERT``; an
empty rack is ``RAT BUT /``. Spaces inside the rack are ignored.

A line taken by a Jarnac leaves a gap, written ``-`` (``RAT - BUT / ZW``) and
stored as ``""``: the lines below keep their place (the last line stays the
last), and the next new word fills the first gap. Gaps at the end are just
free lines and are not kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .alphabet import LATIN, Alphabet
from .errors import IllegalMoveError, InvalidLetterError, InvalidTrayError
from .move import Move
from .rules import Rules

if TYPE_CHECKING:
    from .lexicon import Lexicon

__all__ = ["Tray", "remove_tiles"]


def remove_tiles(tiles: Iterable[str], used: Iterable[str]) -> list[str]:
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


class Tray:
    """An immutable tray.

    >>> tray = Tray.parse("RAT BUT / ZW")
    >>> tray.lines, tray.rack, tray.score
    (('RAT', 'BUT'), 'ZW', 18)
    >>> str(tray.push(Move.parse("1:RAT+Z=TZAR")))
    'TZAR BUT / W'
    """

    __slots__ = ("_hash", "alphabet", "lines", "rack")

    lines: tuple[str, ...]
    rack: str
    alphabet: Alphabet
    _hash: int | None

    def __init__(self, lines: Iterable[str] = (), rack: str = "", alphabet: Alphabet = LATIN) -> None:
        if isinstance(lines, str):
            raise InvalidTrayError("lines must be a list of words, not one string (use Tray.parse for the notation)")
        folded = []
        for i, line in enumerate(lines):
            if not isinstance(line, str):
                raise InvalidTrayError(f"tray line {i + 1} must be a word, not {line!r}")
            if line in ("", "-"):
                folded.append("")  # a gap left by a Jarnac
                continue
            tiles = self._tokenize(line, alphabet, f"tray line {i + 1}")
            if not tiles:
                raise InvalidTrayError(f"tray line {i + 1} is empty")
            folded.append("".join(tiles))
        while folded and not folded[-1]:
            folded.pop()
        if not isinstance(rack, str):
            raise InvalidTrayError(f"the rack must be a string of letters, not {rack!r}")
        rack_tiles = self._tokenize(rack.replace(" ", ""), alphabet, "tray rack")
        object.__setattr__(self, "lines", tuple(folded))
        object.__setattr__(self, "rack", "".join(rack_tiles))
        object.__setattr__(self, "alphabet", alphabet)
        object.__setattr__(self, "_hash", None)

    @classmethod
    def _trusted(cls, lines: tuple[str, ...], rack: str, alphabet: Alphabet) -> Tray:
        """A tray from parts already folded and checked (no re-validation).

        ``push`` and the game engine build thousands of trays from trays they
        hold; re-tokenizing every line each time was a tenth of self-play.
        """
        tray = object.__new__(cls)
        while lines and not lines[-1]:
            lines = lines[:-1]
        object.__setattr__(tray, "lines", lines)
        object.__setattr__(tray, "rack", rack)
        object.__setattr__(tray, "alphabet", alphabet)
        object.__setattr__(tray, "_hash", None)
        return tray

    @staticmethod
    def _tokenize(text: str, alphabet: Alphabet, what: str) -> tuple[str, ...]:
        try:
            return alphabet.tokenize(text, what=what)
        except InvalidLetterError as exc:
            raise InvalidTrayError(str(exc)) from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Tray is immutable; push returns a new one")

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
        return cls(left.split(), "".join(right.split()), alphabet)

    def __str__(self) -> str:
        parts = [" ".join(line or "-" for line in self.lines)] if self.lines else []
        parts.append("/")
        if self.rack:
            parts.append(self.rack)
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Tray.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tray):
            return NotImplemented
        return (self.lines, Counter(self.rack), self.alphabet) == (other.lines, Counter(other.rack), other.alphabet)

    def __hash__(self) -> int:
        if self._hash is None:
            value = hash((self.lines, "".join(sorted(self.rack)), self.alphabet))
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
        return sum(self.tiles(line) ** 2 for line in self.lines if line)

    def points(self, move: Move) -> int:
        """What ``move`` adds to the tray's score: the new word's tiles², less the old word's.

        >>> Tray.parse("RAT / Z").points(Move.parse("1:RAT+Z=TZAR"))
        7
        """
        return self.tiles(move.word) ** 2 - (self.tiles(move.old) ** 2 if move.old else 0)

    def rack_tiles(self) -> tuple[str, ...]:
        """The rack as a tuple of tiles."""
        return self.alphabet.tokenize(self.rack)

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
        return sum(1 for line in self.lines if line)

    @property
    def next_line(self) -> int:
        """The index of the line a new word goes on: the first gap, else the first line after the words.

        >>> Tray.parse("RAT - BUT /").next_line, Tray.parse("RAT /").next_line
        (1, 1)
        """
        return self.lines.index("") if "" in self.lines else len(self.lines)

    def last_line_free(self, rules: Rules | None = None) -> bool:
        """Whether the rules' last line is still empty."""
        return len(self.lines) < (rules or Rules()).lines

    # -- checks -------------------------------------------------------------

    def check(self, rules: Rules | None = None) -> None:
        """Raise :class:`InvalidTrayError` naming the first part that breaks ``rules``.

        >>> Tray(["RATTATATAT"]).check()
        Traceback (most recent call last):
        ...
        jarnac_solver.errors.InvalidTrayError: tray line 1 'RATTATATAT' has 10 tiles; a line holds at most 9
        """
        rules = rules or Rules()
        if len(self.lines) > rules.lines:
            raise InvalidTrayError(f"the tray has {len(self.lines)} lines; the rules allow {rules.lines}")
        for i, line in enumerate(self.lines):
            if not line:
                continue
            n = self.tiles(line)
            if n > rules.line_length:
                raise InvalidTrayError(
                    f"tray line {i + 1} {line!r} has {n} tiles; a line holds at most {rules.line_length}"
                )
            shortest = rules.min_length_on(i)
            if n < shortest:
                raise InvalidTrayError(f"tray line {i + 1} {line!r} has {n} tiles; this line needs at least {shortest}")

    def validate(self, lexicon: Lexicon) -> list[int]:
        """Indexes of the lines that ``lexicon`` does not hold (they stay legal to extend).

        >>> from jarnac_solver import Lexicon
        >>> Tray(["RAT", "XYZ"]).validate(Lexicon.from_words(["rat"]))
        [1]
        """
        return [i for i, line in enumerate(self.lines) if line and line not in lexicon]

    # -- moves --------------------------------------------------------------

    def push(self, move: Move, rules: Rules | None = None, lexicon: Lexicon | None = None) -> Tray:
        """The tray after ``move`` (before the draw that follows it).

        Raises :class:`IllegalMoveError` saying why the move is not legal here;
        with ``lexicon``, the new word must be in it.

        >>> Tray.parse("RAT BUT / ZW").push(Move.parse("+WAZ"))
        Traceback (most recent call last):
        ...
        jarnac_solver.errors.IllegalMoveError: +WAZ needs A from the rack, which holds only ZW
        """
        rules = rules or Rules()
        if not isinstance(move, Move):
            raise IllegalMoveError(f"not a move: {move!r}")
        letters = Counter(self.alphabet.tokenize(move.letters))
        missing = letters - Counter(self.rack_tiles())
        if missing:
            need = "".join(sorted(missing.elements()))
            raise IllegalMoveError(f"{move} needs {need} from the rack, which holds only {self.rack or 'nothing'}")
        n = self.tiles(move.word)
        if n > rules.line_length:
            raise IllegalMoveError(f"{move}: {move.word} has {n} tiles; a line holds at most {rules.line_length}")
        if lexicon is not None and move.word not in lexicon:
            raise IllegalMoveError(f"{move}: {move.word} is not in the lexicon {lexicon.name!r}")
        lines = list(self.lines)
        if move.kind == "place":
            target = self.next_line
            if target >= rules.lines:
                raise IllegalMoveError(f"{move}: every line of the tray is taken")
            if target < len(lines):
                lines[target] = move.word
            else:
                lines.append(move.word)
        else:
            target = self._extended_line(move)
            lines[target] = move.word
        shortest = rules.min_length_on(target)
        if n < shortest:
            raise IllegalMoveError(f"{move}: line {target + 1} needs a word of at least {shortest} tiles")
        return Tray._trusted(tuple(lines), "".join(remove_tiles(self.rack_tiles(), letters)), self.alphabet)

    def _extended_line(self, move: Move) -> int:
        if move.line is None:
            if not move.old or move.old not in self.lines:
                raise IllegalMoveError(f"{move}: no line holds {move.old}")
            return self.lines.index(move.old)
        if move.line >= len(self.lines):
            raise IllegalMoveError(f"{move}: the tray has no line {move.line + 1}")
        if self.lines[move.line] != move.old:
            raise IllegalMoveError(f"{move}: line {move.line + 1} holds {self.lines[move.line]}, not {move.old}")
        return move.line
