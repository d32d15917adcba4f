"""Moves: placing a new word, or extending a word on a line.

Notation (``Move.parse`` / ``str``):

- ``+BUT``: place BUT on the next free line, from rack letters;
- ``1:RAT+Z=TZAR``: extend line 1 (counted from 1 as a person reads the
  tray; ``move.line_index`` is the 0-based index) from RAT to TZAR, adding Z;
- ``RAT+Z=TZAR``: the same with the line left open (``line`` is ``None``):
  :meth:`Tray.push` takes the first line that holds RAT.

The added letters may be written in any order; a move keeps them sorted in
alphabet order, written as :meth:`Alphabet.decode` writes tiles (a ``.``
between a single I and a single J in the Dutch alphabet: ``+ZI.JD`` is not
``+ZIJD``). A move is text; :meth:`Tray.push` checks its parts against each
other and against the tray however it was built.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ..errors import InvalidLetterError, InvalidMoveError
from ..forms import field, line_number, mapping
from ..integers import is_whole
from ..lexicon.alphabet import LATIN, Alphabet, as_alphabet
from ..messages import Reason

__all__ = ["Move", "added_letters", "sorted_letters"]


def sorted_letters(tiles: list[str] | tuple[str, ...], alphabet: Alphabet) -> str:
    """Tiles written in alphabet order: the canonical spelling of a multiset.

    >>> sorted_letters(("Z", "A", "Z"), LATIN)
    'AZZ'
    """
    if alphabet.single:
        return "".join(sorted(tiles))
    return alphabet.decode(sorted(map(alphabet.index.__getitem__, tiles)))


def added_letters(old: str, word: str, alphabet: Alphabet) -> str:
    """The letters ``word`` adds to ``old`` (a word that holds every letter of ``old``), in alphabet order.

    Both are words as written (from a tray or a lexicon); the caller knows
    that ``word`` holds ``old`` (``Move.extend`` checks it). Cost: O(len(word)²), tiny.

    >>> added_letters("RAT", "TZAR", LATIN)
    'Z'
    """
    if alphabet.single:
        # One C-level str.replace per letter of the old word instead of two
        # Counters: building every Move of a tray measured ~1.5x faster.
        rest = word
        for letter in old:
            rest = rest.replace(letter, "", 1)
        return "".join(sorted(rest))
    codes = Counter(alphabet.encode(word))
    codes.subtract(alphabet.encode(old))
    return alphabet.decode(sorted(codes.elements()))


def _tiles(text: str, alphabet: Alphabet, what: str) -> tuple[str, ...]:
    try:
        return alphabet.tokenize(text, what=what)
    except InvalidLetterError as exc:
        raise InvalidMoveError(exc.reason or str(exc)) from None


class Move(NamedTuple):
    """One move: ``kind`` is ``"place"`` or ``"extend"``.

    >>> Move.parse("1:RAT+Z=TZAR")
    Move(kind='extend', line_index=0, old='RAT', word='TZAR', letters='Z')
    >>> str(Move.place("but"))
    '+BUT'
    """

    kind: str
    line_index: int | None
    """The index (from 0) of the line extended; ``None`` for a place move, or an extension left open."""
    old: str | None
    word: str
    letters: str

    @classmethod
    def place(cls, word: str, alphabet: Alphabet = LATIN) -> Move:
        """A place move of ``word`` (every letter from the rack).

        >>> Move.place("Tzar").letters
        'ARTZ'
        """
        tiles = _tiles(word, alphabet, "word")
        if not tiles:
            raise InvalidMoveError("a placed word needs at least one letter")
        return cls("place", None, None, alphabet.write(tiles), sorted_letters(tiles, alphabet))

    @classmethod
    def extend(cls, line: int | None, old: str, word: str, alphabet: Alphabet = LATIN) -> Move:
        """An extension of ``old`` (on line index ``line``) into ``word``.

        >>> Move.extend(0, "RAT", "TZAR").letters
        'Z'
        >>> Move.extend(0, "RAT", "RAS")
        Traceback (most recent call last):
        ...
        jarnac_solver.errors.InvalidMoveError: RAS does not hold every letter of RAT plus at least one more
        """
        if line is not None and (not is_whole(line) or line < 0):
            raise InvalidMoveError(f"line must be a line index (0 or more) or None, not {line!r}")
        old_tiles = _tiles(old, alphabet, "word")
        new_tiles = _tiles(word, alphabet, "word")
        added = Counter(new_tiles)
        added.subtract(old_tiles)
        if not old_tiles or any(n < 0 for n in added.values()) or len(new_tiles) <= len(old_tiles):
            new_text, old_text = alphabet.write(new_tiles), alphabet.write(old_tiles)
            raise InvalidMoveError(f"{new_text} does not hold every letter of {old_text} plus at least one more")
        letters = sorted_letters(list(added.elements()), alphabet)
        return cls("extend", line, alphabet.write(old_tiles), alphabet.write(new_tiles), letters)

    @classmethod
    def parse(cls, text: str, alphabet: Alphabet = LATIN) -> Move:
        """Read the notation of the module docstring.

        >>> Move.parse("RAT+Z=TZAR").line_index is None, Move.parse("+BUT").kind
        (True, 'place')
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is written as text, not {type(text).__name__}")
        alphabet = as_alphabet(alphabet)
        spec = text.strip()
        if spec.startswith("+"):
            return cls.place(spec[1:], alphabet)
        line: int | None = None
        head, colon, rest = spec.partition(":")
        if colon:
            number = head.strip()
            if not (number.isascii() and number.isdigit()) or int(number) < 1:  # "²".isdigit() is True
                raise InvalidMoveError(f"move {text!r}: line number {head!r} is not 1 or more")
            line, spec = int(head) - 1, rest.strip()
        old, plus, tail = spec.partition("+")
        added, equals, word = tail.partition("=")
        if not plus or not equals or not old.strip() or not word.strip():
            raise InvalidMoveError(Reason("error_move_notation", {"text": repr(text)}))
        move = cls.extend(line, old.strip(), word.strip(), alphabet)
        if Counter(_tiles(added.strip(), alphabet, "letters")) != Counter(_tiles(move.letters, alphabet, "letters")):
            raise InvalidMoveError(f"move {text!r}: {move.word} is {move.old} plus {move.letters}, not plus {added}")
        return move

    def to_dict(self) -> dict[str, object]:
        """The move as a JSON-ready dict; ``line`` counts from 1 as the notation does (``None``: open).

        >>> Move.parse("1:RAT+Z=TZAR").to_dict()
        {'notation': '1:RAT+Z=TZAR', 'kind': 'extend', 'line': 1, 'old': 'RAT', 'word': 'TZAR', 'letters': 'Z'}
        """
        line = None if self.line_index is None else self.line_index + 1
        return {
            "notation": str(self),
            "kind": self.kind,
            "line": line,
            "old": self.old,
            "word": self.word,
            "letters": self.letters,
        }

    @classmethod
    def from_dict(cls, data: object, alphabet: Alphabet = LATIN) -> Move:
        """Read :meth:`to_dict`'s form (checked like the notation; ``notation`` alone is enough).

        >>> Move.from_dict({"kind": "place", "word": "BUT"})
        Move(kind='place', line_index=None, old=None, word='BUT', letters='BTU')
        """
        form = mapping(data, "a move")
        if set(form) == {"notation"}:
            return cls.parse(field(form, "notation", str, "a move"), alphabet)
        kind = field(form, "kind", str, "a move")
        word = field(form, "word", str, "a move")
        if kind == "place":
            move = cls.place(word, alphabet)
        elif kind == "extend":
            line = field(form, "line", (int, type(None)), "a move", None)
            index = None if line is None else line_number(line, "a move")
            move = cls.extend(index, field(form, "old", str, "a move"), word, alphabet)
        else:
            raise InvalidMoveError(f"a move's kind is 'place' or 'extend', not {kind!r}")
        letters = field(form, "letters", str, "a move", None)
        if letters is not None and Counter(_tiles(letters, alphabet, "letters")) != Counter(
            _tiles(move.letters, alphabet, "letters")
        ):
            raise InvalidMoveError(f"a move's letters {letters!r} are not what its word adds: {move.letters!r}")
        notation = field(form, "notation", str, "a move", None)
        if notation is not None and cls.parse(notation, alphabet) != move:
            raise InvalidMoveError(f"a move's notation {notation!r} does not agree with its parts ({move})")
        return move

    def __str__(self) -> str:
        if self.kind == "place":
            return f"+{self.word}"
        line = self.line_index
        # A hand-built move may hold anything: its text must not fail (Tray.push says what is wrong).
        prefix = f"{line + 1}:" if isinstance(line, int) else "" if line is None else f"{line!r}:"
        return f"{prefix}{self.old}+{self.letters}={self.word}"
