"""Word patterns: ``?`` one tile, ``*`` any run of tiles, ``[AEIOU]`` / ``[^AEIOU]`` one tile of a set or not.

Key idea: a pattern is a sequence of tiles, not of characters. It is cut into
tokens with the alphabet's own tokenizer (so ``IJ`` is one tile in Dutch and
``I.J`` two, inside brackets too), then compiled to a regular expression over
*tile codes*: each tile is one character ``chr(0x100 + code)``, so ``?``
matches exactly one tile whatever its spelling, and lengths count tiles.

>>> from jarnac_solver import Lexicon
>>> Pattern.parse("?A*E", Lexicon.load("fr").alphabet).lengths()
(3, 9)
"""

from __future__ import annotations

import re

from ..errors import InvalidInputError
from .alphabet import SEPARATOR, Alphabet

__all__ = ["Pattern"]

_SPECIAL = "?*[]^"
_BASE = 0x100  # tile code c is the character chr(_BASE + c) in the matched strings


def _tile_char(code: int) -> str:
    return chr(_BASE + code)


class Pattern:
    """A parsed pattern: ``tokens`` are ``("tile", code)``, ``("any",)``, ``("run",)``,
    ``("set", codes)`` or ``("not", codes)``; :meth:`match` tests a word's tile codes.

    >>> from jarnac_solver import LATIN
    >>> p = Pattern.parse("t?[aeiou]*", LATIN)
    >>> p.match(LATIN.encode("TRAIT")), p.match(LATIN.encode("TRT"))
    (True, False)
    """

    __slots__ = ("_regex", "_table", "alphabet", "text", "tokens")

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
                    raise InvalidInputError(f"pattern {text!r}: the [ at position {i + 1} is never closed")
                inside = text[i + 1 : end]
                negated = inside.startswith("^")
                letters = inside[1:] if negated else inside
                if not letters or any(c in _SPECIAL for c in letters):
                    raise InvalidInputError(f"pattern {text!r}: [{inside}] must list letters, e.g. [AEIOU] or [^AEIOU]")
                codes = sorted(set(alphabet.encode(letters.replace(" ", ""), "pattern set")))
                tokens.append(("not" if negated else "set", tuple(codes)))
                i = end + 1
            elif char in "]^":
                raise InvalidInputError(f"pattern {text!r}: {char!r} at position {i + 1} is outside a [set]")
            else:
                end = i
                while end < len(text) and text[end] not in _SPECIAL:
                    end += 1
                run = text[i:end]
                if run.strip(SEPARATOR + " "):
                    tokens.extend(("tile", code) for code in alphabet.encode(run.replace(" ", ""), "pattern"))
                i = end
        return cls(text, alphabet, tokens)

    def lengths(self) -> tuple[int, int]:
        """The shortest and the longest word the pattern can match, in tiles (longest: 9 with a ``*``).

        >>> from jarnac_solver import LATIN
        >>> Pattern.parse("R?T", LATIN).lengths()
        (3, 3)
        """
        fixed = sum(1 for token in self.tokens if token[0] != "run")
        return (fixed, max(fixed, 9)) if ("run",) in self.tokens else (fixed, fixed)

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
