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
from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from ..errors import IllegalMoveError, InvalidLetterError, InvalidTrayError, JarnacError
from ..forms import field, mapping
from ..integers import is_whole
from ..lexicon.alphabet import DUTCH, LATIN, Alphabet  # noqa: F401 - DUTCH: the doctests
from ..messages import Reason, Value
from .move import Move, added_letters
from .rules import Rules

if TYPE_CHECKING:
    from ..lexicon.lexicon import Lexicon

__all__ = ["Codes", "Tray", "remove_tiles", "tiles_without", "written_codes"]

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


_ENCODED: dict[Alphabet, tuple[Alphabet, dict[str, Codes]]] = {}
"""Per alphabet (by its tiles: equal alphabets share one), text already read -> its codes."""
_ENCODED_LIMIT = 1 << 16


def _codes(alphabet: Alphabet, text: str, what: str, error: type[JarnacError] = InvalidTrayError) -> Codes:
    """``alphabet.encode`` raising ``error`` (a tray or move error) instead of a letter error.

    Speed: a move's word, letters and old word are read again at every check
    (a player's move, then the engine's push); a text read once is looked up
    in a per-alphabet dict (~0.1 us against ~1.2 us to fold and cut a word).
    Only text that reads is kept, and each cache is emptied when it is full.
    """
    entry = _ENCODED.get(alphabet)
    if entry is None:
        if len(_ENCODED) >= 16:
            _ENCODED.clear()  # alphabets made on the fly (a service's requests) do not pile up
        entry = _ENCODED[alphabet] = (alphabet, {})
    cache = entry[1]
    codes = cache.get(text)
    if codes is None:
        try:
            codes = alphabet.encode(text, what=what)
        except InvalidLetterError as exc:
            raise error(exc.reason or str(exc)) from None
        if len(cache) >= _ENCODED_LIMIT:
            cache.clear()
        if type(text) is str:  # a str subclass could hash or compare as it likes: not kept
            cache[text] = codes
    return codes


def written_codes(alphabet: Alphabet, word: str, letters: str) -> tuple[Codes, Codes, str]:
    """The codes of a move's word and added letters, known to be written in tiles already (a legal or
    planned move: the lexicon's writing), and the word's text. With one-letter tiles a letter is a tile,
    its code one look-up (no folding, no cutting)."""
    if alphabet.single and type(word) is str and type(letters) is str:
        code = alphabet.index.__getitem__
        return tuple(map(code, word)), tuple(map(code, letters)), word
    word_codes = _codes(alphabet, word, "word", IllegalMoveError)
    return word_codes, _codes(alphabet, letters, "letters", IllegalMoveError), alphabet.decode(word_codes)


def tiles_without(tiles: Sequence[int], used: Iterable[int]) -> list[int] | None:
    """``remove_tiles(tiles, used)``, or ``None`` when ``used`` does not fit: one C-level ``list.remove``
    a tile (each removes the first such tile left, as ``remove_tiles`` does), ~4x cheaper than two Counters."""
    left = list(tiles)
    try:
        for code in used:
            left.remove(code)
    except ValueError:
        return None
    return left


DEFAULT_RULES = Rules()
"""The default rules (made once: ``Rules()`` is a frozen dataclass, ~2 us to make)."""

_KNOWN: dict[Lexicon, tuple[Lexicon, dict[str, bool]]] = {}
"""Per lexicon (the object itself: a lexicon has no equality but its own), words asked about -> whether it
holds them."""


def _known(lexicon: Lexicon, word: str) -> bool:
    """``word in lexicon``, remembered: the engine asks it of every word played, mostly the same few
    thousand words (~0.1 us a look-up against ~4 us to fold, cut and find a word's class)."""
    entry = _KNOWN.get(lexicon)
    if entry is None:
        if len(_KNOWN) >= 16:
            _KNOWN.clear()
        entry = _KNOWN[lexicon] = (lexicon, {})
    answers = entry[1]
    known = answers.get(word)
    if known is None:
        known = word in lexicon
        if len(answers) >= _ENCODED_LIMIT:
            answers.clear()
        answers[word] = known
    return known


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

    __slots__ = ("_checked", "_hash", "_score", "alphabet", "line_codes", "lines", "rack_codes")

    line_codes: tuple[Codes, ...]
    """Each line's tile codes (indexes in ``alphabet.tiles``); ``()`` for a gap."""
    rack_codes: Codes
    """The rack's tile codes, in the order they were drawn."""
    lines: tuple[str, ...]
    """Each line's word as written (``""`` for a gap)."""
    alphabet: Alphabet
    _hash: int | None
    _score: int | None
    _checked: Rules | None
    """The last rules :meth:`check` passed (a tray never changes: it passes them again)."""

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
        object.__setattr__(self, "_score", None)
        object.__setattr__(self, "_checked", None)

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
                if not is_whole(code) or not 0 <= code < n:
                    raise InvalidTrayError(f"{what}: {code!r} is not a tile code of the alphabet {alphabet.name!r}")
            return out

        lines = tuple(checked(c, f"tray line {i + 1}") for i, c in enumerate(line_codes))
        tray = object.__new__(cls)
        tray._set(lines, checked(rack_codes, "tray rack"), alphabet, None)
        return tray

    @classmethod
    def trusted(
        cls, line_codes: tuple[Codes, ...], rack_codes: Codes, alphabet: Alphabet, lines: tuple[str, ...] | None = None
    ) -> Tray:
        """A tray from codes the caller has checked already (no validation: give only lines and racks made
        from a checked tray's tiles); ``lines`` their writing when known. The engine, the steals and the
        planner build thousands of trays from trays they hold, where reading every line again would be a
        tenth of self-play; :meth:`from_codes` checks."""
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
            raise InvalidTrayError(Reason("error_tray_notation", {"what": Reason("what.tray"), "text": repr(text)}))
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
        score = self._score
        if score is None:
            # Kept: the engine and the players read it at every action (~1 us a sum).
            score = sum([n * n for n in map(len, self.line_codes)])
            object.__setattr__(self, "_score", score)
        return score

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
        return (rules or DEFAULT_RULES).lines - self.filled

    @property
    def filled(self) -> int:
        """The number of lines holding a word.

        >>> Tray.parse("RAT - BUT /").filled
        2
        """
        return len(self.line_codes) - self.line_codes.count(())  # C-level: ~10x a generator's sum

    @property
    def next_line_index(self) -> int:
        """The index (from 0) of the line a new word goes on: the first gap, else the line after the words.

        >>> Tray.parse("RAT - BUT /").next_line_index, Tray.parse("RAT /").next_line_index
        (1, 1)
        """
        return self.line_codes.index(()) if () in self.line_codes else len(self.line_codes)

    def last_line_free(self, rules: Rules | None = None) -> bool:
        """Whether the rules' last line is still empty."""
        return len(self.line_codes) < (rules or DEFAULT_RULES).lines

    # -- checks -------------------------------------------------------------

    def check(self, rules: Rules | None = None) -> None:
        """Raise :class:`InvalidTrayError` naming the first part that breaks ``rules``.

        >>> Tray(["RATTATATAT"]).check()
        Traceback (most recent call last):
        ...
        jarnac_solver.errors.InvalidTrayError: tray line 1 'RATTATATAT' has 10 tiles; a line holds at most 9
        """
        rules = rules or DEFAULT_RULES
        if self._checked is rules:
            return  # checked against these rules already (every move function checks its tray)
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
        object.__setattr__(self, "_checked", rules)

    def keeps(self, rules: Rules) -> bool:
        """Whether this tray is known to keep ``rules`` (the very object): :meth:`check` passed, or the tray
        was made by a move or a draw from one it had passed. ``False`` says only that it is not known.

        >>> tray = Tray.parse("RAT / ZW"); rules = Rules()
        >>> tray.keeps(rules), tray.check(rules), tray.keeps(rules)
        (False, None, True)
        """
        return self._checked is rules

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
        rules = rules or DEFAULT_RULES
        target, word, letters = self.resolve(move, rules)
        rack = self.rack_codes
        left = tiles_without(rack, letters)
        if left is None:
            missing = Counter(letters) - Counter(rack)
            need = self.alphabet.decode(sorted(missing.elements()))
            if self.rack:
                raise IllegalMoveError(Reason("error_rack_lacks", {"move": str(move), "need": need, "rack": self.rack}))
            raise IllegalMoveError(Reason("error_rack_lacks_empty", {"move": str(move), "need": need}))
        n = len(word)
        if n > rules.line_length:
            long: dict[str, Value] = {"move": str(move), "word": move.word, "n": n, "most": rules.line_length}
            raise IllegalMoveError(Reason("error_word_too_long", long))
        shortest = rules.min_length_on(target)
        if n < shortest:
            short: dict[str, Value] = {"move": str(move), "line": target + 1, "shortest": shortest}
            raise IllegalMoveError(Reason("error_word_too_short", short))
        text = self.alphabet.decode(word)
        if lexicon is not None and not _known(lexicon, text):
            raise IllegalMoveError(
                Reason("error_move_not_in_lexicon", {"move": str(move), "word": text, "lexicon": lexicon.name})
            )
        # The new line checked above, the others as they were: the rules' check carries over.
        return self._with_line(target, word, text, left, rules if self._checked is rules else None), target

    def play_known(self, moves: Sequence[Move], rules: Rules) -> Tray:
        """The tray after ``moves``, each known legal in turn by the search that found it for this tray (a
        ladder's moves, a finish among the words that fit): only their tiles are read, and one tray is made
        at the end. A search plays out thousands of ladders a game, where :meth:`push`'s full checks (the
        lexicon look-up among them) would be ~1/7 of a planner's game. A move whose letters are not on the rack,
        or whose line is not there, is still refused (``IllegalMoveError``); a word outside the lexicon or
        the rules' lengths is not looked for: give only a search's own moves.

        >>> Tray.parse("RAT / ZWE").play_known([Move.parse("1:RAT+Z=TZAR")], Rules())
        Tray.parse('TZAR / WE')
        """
        alphabet = self.alphabet
        codes = list(self.line_codes)
        lines = list(self.lines)
        rack = self.rack_codes
        score = self.score
        for move in moves:
            kind, line, _, word, letters = move
            word_codes, letter_codes, text = written_codes(alphabet, word, letters)
            left = tiles_without(rack, letter_codes)
            target = line if kind == "extend" else codes.index(()) if () in codes else len(codes)
            if left is None or type(target) is not int or not 0 <= target < len(codes) + (kind == "place"):
                raise IllegalMoveError(f"{move} was not planned for this tray {self}")
            rack = tuple(left)
            if target < len(codes):
                score -= len(codes[target]) ** 2
                codes[target], lines[target] = word_codes, text
            else:
                codes.append(word_codes)
                lines.append(text)
            score += len(word_codes) ** 2
        after = Tray.trusted(tuple(codes), rack, alphabet, tuple(lines))
        object.__setattr__(after, "_score", score)
        if self._checked is rules:
            object.__setattr__(after, "_checked", rules)
        return after

    def with_rack(self, rack_codes: Codes) -> Tray:
        """This tray with another rack (a draw; codes the caller has checked): the same lines, so the same
        score and the same rules' checks carried over."""
        tray = Tray.trusted(self.line_codes, rack_codes, self.alphabet, self.lines)
        object.__setattr__(tray, "_score", self._score)
        object.__setattr__(tray, "_checked", self._checked)
        return tray

    def _with_line(self, target: int, word: Codes, text: str, left: Sequence[int], checked: Rules | None) -> Tray:
        """This tray with ``word`` (written ``text``) on line ``target`` (a new line past the last) and the
        rack ``left``, trusted; ``checked``: the rules it is known to keep (``None``: not known)."""
        codes = list(self.line_codes)
        lines = list(self.lines)
        before = 0
        if target < len(codes):
            before = len(codes[target])
            codes[target], lines[target] = word, text
        else:
            codes.append(word)
            lines.append(text)
        after = Tray.trusted(tuple(codes), tuple(left), self.alphabet, tuple(lines))
        if self._score is not None:
            # The score carried over, one line changed (a planner reads the score of every tray it plays out).
            object.__setattr__(after, "_score", self._score - before * before + len(word) * len(word))
        if checked is not None:
            object.__setattr__(after, "_checked", checked)
        return after

    def play_listed(
        self, move: Move, places: tuple[str, ...], extensions: tuple[tuple[str, ...], ...], rules: Rules
    ) -> tuple[Tray, int] | None:
        """:meth:`play` of ``move`` when it is, exactly as written, one of this tray's legal moves under ``rules``
        as ``legal_moves`` found them (``places``: the new words; ``extensions``: each line's longer words), so
        only its tiles are read (``None``: it is not listed; :meth:`play`'s full checks decide). Give only
        lists found for a tray equal to this one (``moves/movegen.py``'s ``played`` does).

        >>> Tray.parse("RAT / ZW").play_listed(Move.parse("1:RAT+Z=TZAR"), (), (("TZAR",),), Rules())
        (Tray.parse('TZAR / W'), 0)
        """
        kind, line, old, word, letters = move
        if kind == "extend":
            if type(line) is not int or not 0 <= line < len(extensions) or old != self.lines[line]:
                return None
            if word not in extensions[line]:
                return None
            target = line
        elif kind == "place" and line is None and old is None and word in places:
            target = self.next_line_index
        else:
            return None
        alphabet = self.alphabet
        if letters != added_letters(old or "", word, alphabet):
            return None
        word_codes, letter_codes, text = written_codes(alphabet, word, letters)
        left = tiles_without(self.rack_codes, letter_codes)
        if left is None:  # pragma: no cover - a legal move's letters are on the rack
            return None
        # A legal move keeps the tray within these rules.
        return self._with_line(target, word_codes, text, left, rules), target

    def resolve(self, move: Move, rules: Rules) -> tuple[int, Codes, Codes]:
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
                values = {"move": str(move), "word": word, "letters": letters}
                raise IllegalMoveError(Reason("error_not_spelt_with", values))
            target = self.next_line_index
            if target >= rules.lines:
                raise IllegalMoveError(Reason("error_tray_full", {"move": str(move)}))
            return target, word_codes, added
        if kind != "extend":
            raise IllegalMoveError(f"{move!r}: a move is a place or an extend, not {kind!r}")
        if not isinstance(old, str) or not old:
            raise IllegalMoveError(f"{move!r}: an extension names the word it extends")
        old_codes = _codes(self.alphabet, old, "word", IllegalMoveError)
        if sorted(word_codes) != sorted(old_codes + added):
            values = {"move": str(move), "word": word, "old": old, "letters": letters}
            raise IllegalMoveError(Reason("error_not_old_plus", values))
        if line is None:
            if old_codes not in self.line_codes:
                raise IllegalMoveError(Reason("error_no_line_holds", {"move": str(move), "old": old}))
            return self.line_codes.index(old_codes), word_codes, added
        if not is_whole(line) or line < 0:
            raise IllegalMoveError(f"{move!r}: the line must be a line index (0 or more) or None")
        if line >= len(self.line_codes):
            raise IllegalMoveError(f"{move}: the tray has no line {line + 1}")
        if self.line_codes[line] != old_codes:
            raise IllegalMoveError(f"{move}: line {line + 1} holds {self.lines[line] or 'nothing'}, not {old}")
        return line, word_codes, added
