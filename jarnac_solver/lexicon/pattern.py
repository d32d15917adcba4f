"""Word patterns: ``?`` one tile, ``*`` any run of tiles, ``[AEIOU]`` / ``[^AEIOU]`` one tile of a set or not.

Key idea: a pattern is a sequence of tiles, not of characters. It is cut into
tokens with the alphabet's own tokenizer (so ``IJ`` is one tile in Dutch and
``I.J`` two, inside brackets too), then compiled to regular expressions in
which every tile is one character, so ``?`` matches exactly one tile whatever
its spelling, and lengths count tiles.

A whole lexicon is searched in one pass of the regular-expression engine:
:class:`WordLines` writes each length's words as one sorted text, a word a
line and a tile a character (a single-letter tile is itself, a longer one
such as ``IJ`` a private-use character); the pattern, anchored between two
newlines, is found with one ``findall``, over the lines that begin (or,
backwards, end) with its letters when it has some: far faster than testing
each word in Python, for texts written once per lexicon (``benchmarks/bench_lookup.py``;
its figures in ``benchmarks/README.md``).

>>> from jarnac_solver import Lexicon
>>> Pattern.parse("?A*E", Lexicon.load("fr").alphabet).lengths()
(3, 9)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from ..errors import InvalidInputError
from ..messages import Reason
from .alphabet import SEPARATOR, Alphabet

__all__ = ["Pattern", "WordLines", "line_chars", "one_char_a_tile"]

_SPECIAL = "?*[]^"
_BASE = 0x100  # tile code c is the character chr(_BASE + c) in the matched strings
_PRIVATE = 0xE000  # a multi-character tile of code c is chr(_PRIVATE + c) in WordLines' text


def _tile_char(code: int) -> str:
    return chr(_BASE + code)


def line_chars(alphabet: Alphabet) -> tuple[str, ...] | None:
    """Each tile's character in :class:`WordLines`' text, by code; ``None`` if a single-letter
    tile is a newline or a private-use character (no bundled alphabet: such an alphabet is
    searched word by word)."""
    chars = tuple(tile if len(tile) == 1 else chr(_PRIVATE + code) for code, tile in enumerate(alphabet.tiles))
    if any(len(tile) == 1 and (tile == "\n" or ord(tile) >= _PRIVATE) for tile in alphabet.tiles):
        return None
    return chars if len(set(chars)) == len(chars) else None


class WordLines:
    """A lexicon's words of each length as one text, sorted: ``"\\n"`` then each word and ``"\\n"``,
    one character a tile; what :meth:`Pattern.findall` scans. And the same words written backwards
    and sorted, for patterns that end with letters.

    ``words_of_length(n)`` gives the words of ``n`` tiles as the lexicon writes
    them. Each text is written the first time it is searched. Every line of a
    length's text has the same number of characters (one a tile), so line
    ``i`` starts at ``1 + i * (n + 1)``: a binary search finds the lines that
    start with given letters without an index of offsets.

    >>> from jarnac_solver import DUTCH
    >>> lines = WordLines(lambda n: {2: ["IJS"], 3: ["I.JS"]}.get(n, []), DUTCH)
    >>> Pattern.parse("IJ*", DUTCH).findall(lines, 1, 9), Pattern.parse("I*", DUTCH).findall(lines, 1, 9)
    (['IJS'], ['I.JS'])
    """

    __slots__ = ("_back", "_backwards", "_texts", "_words_of_length", "alphabet", "chars")

    def __init__(self, words_of_length: Callable[[int], list[str]], alphabet: Alphabet) -> None:
        self._words_of_length = words_of_length
        self.alphabet = alphabet
        self.chars = line_chars(alphabet)
        self._texts: dict[int, str] = {}
        self._backwards: dict[int, str] = {}
        self._back: dict[int, dict[str, str]] = {}  # multi-character tiles: line -> the word as written

    def text(self, length: int, backwards: bool = False) -> str:
        """The words of ``length`` tiles, sorted, each between newlines, one character a tile
        (``backwards``: each word's characters reversed, then sorted)."""
        if backwards:
            text = self._backwards.get(length)
            if text is None:
                lines = self.text(length)[1:-1].split("\n")
                text = self._backwards[length] = _joined(sorted(line[::-1] for line in lines if line))
            return text
        text = self._texts.get(length)
        if text is None:
            words = self._words_of_length(length)
            lines = words
            if not self.alphabet.single and self.chars is not None:
                lines = one_char_a_tile("\n".join(words), self.alphabet, self.chars).split("\n") if words else []
                self._back[length] = dict(zip(lines, words, strict=True))
            text = self._texts[length] = _joined(sorted(lines))
        return text

    def word(self, length: int, line: str) -> str:
        """The word written as ``line`` in the text of ``length``."""
        back = self._back.get(length)
        return line if back is None else back[line]


def one_char_a_tile(text: str, alphabet: Alphabet, chars: tuple[str, ...]) -> str:
    """``text`` (words as the alphabet writes them) with each multi-letter tile as its character of
    ``chars`` (:func:`line_chars`) and the separators of ``I.J`` removed: one character a tile.

    Greedy reading, longest tile first, as the alphabet reads: at each position the
    regex tries the longer tiles before moving one letter on (a single-letter tile).
    Cost: one C-level substitution, a Python call only per multi-letter tile or separator.

    >>> from jarnac_solver import DUTCH
    >>> one_char_a_tile("IJS I.JS", DUTCH, line_chars(DUTCH)) == "\ue01aS IJS"
    True
    """
    multi = {tile: chars[code] for code, tile in enumerate(alphabet.tiles) if len(tile) > 1}
    if not multi:
        return text
    multi[SEPARATOR] = ""
    reader = re.compile("|".join(re.escape(t) for t in sorted(multi, key=len, reverse=True)))
    return reader.sub(lambda found: multi[found.group()], text)


def _joined(lines: list[str]) -> str:
    return "\n" + "\n".join(lines) + "\n" if lines else ""


def _span(text: str, length: int, start: str) -> tuple[int, int]:
    """``(pos, endpos)`` of the lines of ``text`` (sorted, each ``length`` characters) that begin with
    ``start``, their newlines included: two binary searches, ~17 steps each for fr's longest group."""
    width = length + 1
    count = (len(text) - 1) // width
    k = len(start)

    def first(after: bool) -> int:
        lo, hi = 0, count
        while lo < hi:
            mid = (lo + hi) // 2
            head = text[1 + mid * width : 1 + mid * width + k]
            if head < start or (after and head == start):
                lo = mid + 1
            else:
                hi = mid
        return lo

    lo, hi = first(False), first(True)
    return lo * width, hi * width + 1


def _line_part(token: tuple[object, ...], chars: tuple[str, ...]) -> str:
    """One token as a regular expression over WordLines' text."""
    kind = token[0]
    if kind == "tile":
        return str(re.escape(chars[token[1]]))  # type: ignore[call-overload]
    if kind == "any":
        return "[^\n]"
    if kind == "run":
        return "[^\n]*"
    listed = "".join(re.escape(chars[c]) for c in token[1])  # type: ignore[attr-defined]
    return f"[^{listed}\n]" if kind == "not" else f"[{listed}]"


def _leading(tokens: list[tuple[object, ...]]) -> list[tuple[object, ...]]:
    """The tile tokens ``tokens`` starts with."""
    run = []
    for token in tokens:
        if token[0] != "tile":
            break
        run.append(token)
    return run


class Pattern:
    """A parsed pattern: ``tokens`` are ``("tile", code)``, ``("any",)``, ``("run",)``,
    ``("set", codes)`` or ``("not", codes)``; :meth:`match` tests a word's tile codes.

    >>> from jarnac_solver import LATIN
    >>> p = Pattern.parse("t?[aeiou]*", LATIN)
    >>> p.match(LATIN.encode("TRAIT")), p.match(LATIN.encode("TRT"))
    (True, False)
    """

    __slots__ = (
        "_backwards_regex",
        "_lines_regex",
        "_prefix",
        "_regex",
        "_suffix",
        "_table",
        "alphabet",
        "text",
        "tokens",
    )

    def __init__(self, text: str, alphabet: Alphabet, tokens: list[tuple[object, ...]]) -> None:
        self.text = text
        self.alphabet = alphabet
        self.tokens = tokens
        parts = []
        for token in tokens:
            kind = token[0]
            if kind == "tile":
                parts.append(re.escape(_tile_char(token[1])))  # type: ignore[arg-type]
            elif kind == "any":
                parts.append(".")
            elif kind == "run":
                parts.append(".*")
            else:
                chars = "".join(re.escape(_tile_char(c)) for c in token[1])  # type: ignore[attr-defined]
                parts.append(f"[{'^' if kind == 'not' else ''}{chars}]")
        self._regex = re.compile("".join(parts), re.DOTALL)
        self._lines_regex: re.Pattern[str] | None = None
        self._backwards_regex: re.Pattern[str] | None = None
        self._prefix = self._suffix = ""
        tile_chars = line_chars(alphabet)
        if tile_chars is not None:
            # The same pattern over WordLines' text: each tile its line character,
            # "any tile" anything but a newline; found between two newlines (the
            # look-ahead leaves the closing one to start the next word's match,
            # and the leading literal newline lets the engine skip from line to line).
            body = [_line_part(token, tile_chars) for token in tokens]
            self._lines_regex = re.compile("\n(" + "".join(body) + ")(?=\n)")
            # The tiles it starts and ends with (the end read backwards): WordLines' sorted
            # texts narrow the scan to the lines that begin with them (a binary search),
            # forwards or backwards.
            ends = (_leading(tokens), _leading(tokens[::-1]))
            literal = ["".join(tile_chars[t[1]] for t in run) for run in ends]  # type: ignore[call-overload]
            self._prefix, self._suffix = literal[0], literal[1]
            if self._suffix:
                backwards = [_line_part(token, tile_chars) for token in reversed(tokens)]
                self._backwards_regex = re.compile("\n(" + "".join(backwards) + ")(?=\n)")
        self._table: dict[int, str] | None = None
        if alphabet.single:
            self._table = {ord(tile): _tile_char(code) for code, tile in enumerate(alphabet.tiles)}

    @classmethod
    def parse(cls, text: str, alphabet: Alphabet) -> Pattern:
        """Parse ``text``; :class:`~jarnac_solver.errors.InvalidInputError` names the bad part.

        Letters are folded as the alphabet folds them (``é`` is ``E``).

        >>> from jarnac_solver import DUTCH
        >>> [t[0] for t in Pattern.parse("IJ?", DUTCH).tokens]
        ['tile', 'any']
        """
        if not isinstance(text, str):
            raise InvalidInputError(f"a pattern is text, not {type(text).__name__}")
        if not text.strip():
            raise InvalidInputError("the pattern is empty; use ? for one tile and * for any run of tiles")
        tokens: list[tuple[object, ...]] = []
        i = 0
        while i < len(text):
            char = text[i]
            if char == "?":
                tokens.append(("any",))
                i += 1
            elif char == "*":
                if not tokens or tokens[-1] != ("run",):  # ** is *
                    tokens.append(("run",))
                i += 1
            elif char == "[":
                end = text.find("]", i + 1)
                if end < 0:
                    raise InvalidInputError(Reason("error_pattern_unclosed", {"text": repr(text), "at": i + 1}))
                inside = text[i + 1 : end]
                negated = inside.startswith("^")
                letters = inside[1:] if negated else inside
                if not letters or any(c in _SPECIAL for c in letters):
                    raise InvalidInputError(Reason("error_pattern_set", {"text": repr(text), "inside": inside}))
                codes = sorted(set(alphabet.encode(letters.replace(" ", ""), "pattern set")))
                tokens.append(("not" if negated else "set", tuple(codes)))
                i = end + 1
            elif char in "]^":
                raise InvalidInputError(
                    Reason("error_pattern_outside", {"text": repr(text), "char": repr(char), "at": i + 1})
                )
            else:
                end = i
                while end < len(text) and text[end] not in _SPECIAL:
                    end += 1
                run = text[i:end].replace(" ", "")
                if run.startswith(SEPARATOR) or run.endswith(SEPARATOR):
                    raise InvalidInputError(
                        f"pattern {text!r}: the {SEPARATOR!r} near position {i + 1} is not between two tiles"
                        f" (it separates tiles, as in I{SEPARATOR}J)"
                    )
                if run:
                    tokens.extend(("tile", code) for code in alphabet.encode(run, "pattern"))
                i = end
        return cls(text, alphabet, tokens)

    @staticmethod
    @lru_cache(maxsize=256)
    def cached(text: str, alphabet: Alphabet) -> Pattern:
        """:meth:`parse`, remembered for the last 256 patterns (parsing and building the regular
        expressions cost ~20-35 µs, as much as a narrow search itself).

        >>> from jarnac_solver import LATIN
        >>> Pattern.cached("R?T", LATIN) is Pattern.cached("R?T", LATIN)
        True
        """
        return Pattern.parse(text, alphabet)

    def lengths(self) -> tuple[int, int]:
        """The shortest and the longest word the pattern can match, in tiles (longest: 9 with a ``*``).

        >>> from jarnac_solver import LATIN
        >>> Pattern.parse("R?T", LATIN).lengths()
        (3, 3)
        """
        fixed = sum(1 for token in self.tokens if token[0] != "run")
        return (fixed, max(fixed, 9)) if ("run",) in self.tokens else (fixed, fixed)

    def findall(self, lines: WordLines, min_len: int, max_len: int) -> list[str]:
        """The words of ``lines`` of ``min_len..max_len`` tiles that match, alphabetically.

        Cost: one regular-expression scan of each length's text, or of the lines
        that begin (or end) with the pattern's leading (trailing) letters, found by
        binary search (fr, ``?A*E`` over all lengths: ~3 ms; ``MUN?TER``: ~40 µs).

        >>> from jarnac_solver import LATIN
        >>> lines = WordLines(lambda n: {3: ["RAT", "TAR"], 4: ["RATE"]}.get(n, []), LATIN)
        >>> Pattern.parse("?A*", LATIN).findall(lines, 1, 9), Pattern.parse("*E", LATIN).findall(lines, 1, 9)
        (['RAT', 'RATE', 'TAR'], ['RATE'])
        """
        if self._lines_regex is None or lines.chars is None:
            raise InvalidInputError(f"the alphabet {self.alphabet.name!r} cannot be searched as lines of text")
        lo, hi = self.lengths()
        prefix, suffix = self._prefix, self._suffix
        found: list[str] = []
        for length in range(max(lo, min_len), min(hi, max_len) + 1):
            word = lines.word
            if suffix and len(suffix) > len(prefix) and self._backwards_regex is not None:
                text = lines.text(length, backwards=True)
                pos, endpos = _span(text, length, suffix) if text else (0, 0)
                matched = [line[::-1] for line in self._backwards_regex.findall(text, pos, endpos)]
            else:
                text = lines.text(length)
                pos, endpos = _span(text, length, prefix) if prefix and text else (0, len(text))
                matched = self._lines_regex.findall(text, pos, endpos)
            found.extend(word(length, line) for line in matched)
        found.sort()
        return found

    def match(self, codes: tuple[int, ...] | list[int]) -> bool:
        """Whether a word given as tile codes matches the whole pattern."""
        return self._regex.fullmatch("".join(map(_tile_char, codes))) is not None

    def match_text(self, text: str) -> bool:
        """:meth:`match` of a word written in the alphabet (a stored, folded word).

        Single-letter alphabets translate the text in one C-level
        ``str.translate`` (fr's 160k words in ~0.1 s); others tokenize it.
        """
        if self._table is not None:
            return self._regex.fullmatch(text.translate(self._table)) is not None
        return self.match(self.alphabet.encode(text))

    def __repr__(self) -> str:
        return f"Pattern({self.text!r})"
