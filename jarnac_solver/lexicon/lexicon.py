"""The :class:`Lexicon`: a word list with its alphabet, and the three multiset queries.

A lexicon folds and validates what it is asked, turns it into a tally of
letter ranks and hands it to the :class:`~jarnac_solver.lexicon.index.AlphagramIndex`.
Every query returns a new list of folded, upper-case words, each once, in
alphabetical order (the order of ``sorted(lexicon)``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain

from ..errors import (
    InvalidInputError,
    InvalidLetterError,
    LexiconFormatError,
)
from ..integers import is_whole
from ..textfile import read_text
from .alphabet import LATIN, SEPARATOR, Alphabet, as_alphabet
from .derived import DerivedLists
from .files import DEFAULT_LEXICON, LexiconFiles
from .index import MAX_DEPTH, AlphagramIndex
from .lookup import ORDERS, WordCheck, WordLookup
from .study import Hook, Hooks, WordStudy
from .tally import FIELD_BITS, Tally, pack_guard, tally_of_codes, tally_of_ranks

# Not imported at run time: ``import jarnac_solver`` stays light (pathlib and
# typing cost ~15 ms; mypy reads any constant named TYPE_CHECKING as True).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from ..budget import Deadline
    from .pattern import WordLines
    from .probability import DrawOdds


__all__ = ["BLANK", "DEFAULT_LEXICON", "KEY_MAP_AFTER", "ORDERS", "Hook", "Hooks", "Lexicon", "WordCheck"]

BLANK = "?"
"""A blank in a rack (``blanks.BLANK``; the blanks module is imported by the first query that holds one)."""

KEY_MAP_AFTER = 200
"""Move generations in a process before the lexicon builds its key map (see ``move_keys``)."""


def _bundled(name: str, checksum: int) -> Lexicon:
    """The bundled lexicon ``name`` as pickled: the same file, or :class:`LexiconFormatError`."""
    lexicon = Lexicon.load(name)
    if lexicon._origin != (name, checksum):
        raise LexiconFormatError(
            f"bundled lexicon {name!r} differs from the one pickled (another version of jarnac-solver?)"
        )
    return lexicon


def _check_metadata(value: object) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
        raise InvalidInputError(f"metadata must be a dict with string keys or None, not {value!r}")
    return value


def _check_length(value: object, what: str) -> int:
    if not is_whole(value):
        raise InvalidInputError(f"{what} must be an integer, not {value!r}")
    if value < 1:
        raise InvalidInputError(f"{what} must be at least 1, not {value}")
    return value


class Lexicon(LexiconFiles, DerivedLists, WordStudy, WordLookup):
    """An indexed word list.

    >>> lex = Lexicon.from_words(["rat", "Tzar", "ruât", "art", "tar"])
    >>> "TZAR" in lex, len(lex)
    (True, 5)
    >>> lex.anagrams("RTZA")
    ['TZAR']
    >>> lex.subanagrams("ABUZRTT")
    ['ART', 'RAT', 'RUAT', 'TAR', 'TZAR']
    >>> lex.extensions("RAT", "BUZT")
    ['RUAT', 'TZAR']
    """

    def __init__(
        self,
        index: AlphagramIndex,
        alphabet: Alphabet,
        order: Iterable[str],
        metadata: dict[str, Any] | None = None,
        size: int | None = None,
    ) -> None:
        """Wrap a built index; use :meth:`from_words`, :meth:`open` or :meth:`load` instead.

        ``size`` is the number of words when the caller knows it (a file header).
        """
        self._index = index
        index.compile(check=False)  # built in memory or read from a file: the compiled walk when there is one
        self._origin: tuple[str, int] | None = None  # (bundled name, checksum): how a copy pickles
        self._loaded_metadata: dict[str, Any] = {}
        self.alphabet = alphabet
        self.order: tuple[str, ...] = tuple(order)
        """The tiles in rank order: the order of letters inside index keys."""
        if sorted(self.order) != sorted(alphabet.tiles):
            raise InvalidInputError("the rank order must list every tile of the alphabet once")
        self._rank = {tile: rank for rank, tile in enumerate(self.order)}
        # Single-character alphabets translate a folded string straight to
        # rank codes (one C-level str.translate) instead of a per-letter loop.
        self._codes: dict[int, str] | None = None
        # The translated codes chr(0..n-1) must stay below every letter a
        # query may hold ('A' is 65): with more tiles a non-tile letter could
        # collide with a rank code, so larger alphabets take the checked path.
        if alphabet.single and len(self.order) <= ord("A"):
            self._codes = {ord(tile): chr(rank) for tile, rank in self._rank.items()}
        self.metadata: dict[str, Any] = dict(metadata or {})
        self._size = len(index.words()) if size is None else size
        self._letter_counts: dict[str, int] | None = None
        self._key_map: dict[int, int] | None = None
        self._draw_odds: DrawOdds | None = None
        self._lines: WordLines | None = None
        # Packing (FIELD_BITS bits per rank): one weight per tile, computed once.
        self._weights = {tile: 1 << (FIELD_BITS * rank) for tile, rank in self._rank.items()}
        self._guard = pack_guard(len(self.order))
        # Tile codes (alphabet indexes, as trays hold them) -> ranks, weights
        # and rank characters: lists indexed by code, read with C-level map.
        self.rank_of_code: tuple[int, ...] = tuple(self._rank[t] for t in alphabet.tiles)
        """``rank_of_code[code]``: the rank (position in :attr:`order`) of the tile with that code."""
        self._code_weights = tuple(1 << (FIELD_BITS * r) for r in self.rank_of_code)
        self._code_chars = tuple(chr(r) for r in self.rank_of_code)
        self._line_tallies: dict[tuple[int, ...], Tally] = {}
        self._move_calls = 0

    # -- construction -------------------------------------------------------

    @classmethod
    def from_words(
        cls,
        words: Iterable[str],
        alphabet: Alphabet = LATIN,
        *,
        strict: bool = False,
        metadata: dict[str, Any] | None = None,
    ) -> Lexicon:
        """Index raw words: fold them, keep those of 1 to 9 tiles, drop duplicates.

        Entries that do not fit (a character outside the alphabet, more than
        9 tiles) are skipped and counted in ``metadata["skipped"]``; with
        ``strict=True`` the first one raises instead. Blank entries are ignored.
        Cost: O(total letters) plus sorting the keys.

        >>> lex = Lexicon.from_words(["Été", "cœur", "x-ray", "été"])
        >>> sorted(lex), lex.metadata["skipped"]
        (['COEUR', 'ETE'], {'not in the alphabet': 1})
        """
        if isinstance(words, (str, bytes)) or not isinstance(words, Iterable):
            raise InvalidInputError(
                f"words must be an iterable of words (a list, a file's lines), not {type(words).__name__}"
            )
        alphabet = as_alphabet(alphabet)
        metadata = _check_metadata(metadata)
        if not isinstance(strict, bool):
            raise InvalidInputError(f"strict must be True or False, not {strict!r}")
        kept: dict[str, tuple[str, ...]] = {}
        skipped: Counter[str] = Counter()
        for raw in words:
            if not isinstance(raw, str):
                raise InvalidInputError(f"a word must be a string, not {raw!r}")
            entry = raw.strip()
            if not entry:
                continue
            try:
                tiles = alphabet.tokenize(entry, what="word")
                # "e.g.", "E.G": a word list holds words, not tile notation. A separator stays only where
                # the word's own writing needs it: Dutch BI.JOU, an I then a J, not the IJ tile.
                if SEPARATOR in entry and alphabet.write(tiles) != alphabet.fold(entry):
                    raise InvalidLetterError(f"word {entry!r} holds {SEPARATOR!r}", char=SEPARATOR, text=entry)
            except InvalidLetterError:
                if strict:
                    raise
                skipped["not in the alphabet"] += 1
                continue
            if len(tiles) > MAX_DEPTH:
                if strict:
                    raise InvalidInputError(f"word {entry!r} has {len(tiles)} tiles; a line holds at most {MAX_DEPTH}")
                skipped[f"longer than {MAX_DEPTH} tiles"] += 1
                continue
            kept[alphabet.write(tiles)] = tiles
        # Rank letters by frequency, most frequent first (ties: alphabet order).
        freq = Counter(chain.from_iterable(kept.values()))
        order = sorted(alphabet.tiles, key=lambda t: (-freq[t], alphabet.index[t]))
        rank = {tile: r for r, tile in enumerate(order)}
        index = AlphagramIndex.build(((word, [rank[t] for t in tiles]) for word, tiles in kept.items()), len(order))
        meta: dict[str, Any] = {"name": "custom", "source": "", "licence": ""}
        meta.update(metadata)
        meta["skipped"] = dict(sorted(skipped.items()))
        return cls(index, alphabet, order, meta)

    @classmethod
    def from_file(
        cls,
        path: str | Path,
        alphabet: Alphabet = LATIN,
        *,
        strict: bool = False,
        metadata: dict[str, Any] | None = None,
        max_bytes: int | None = None,
        special: bool = False,
    ) -> Lexicon:
        """Index a UTF-8 word list, one word a line (see :meth:`from_words`); a file that holds no
        word of the alphabet raises :class:`InvalidInputError`, saying what was left out.

        The file must be a regular file (``special=True`` also reads a device
        or a pipe) of at most ``max_bytes`` (default 64 MiB, or
        ``JARNAC_SOLVER_MAX_FILE_MB``), else :class:`InvalidInputError`.

        >>> import tempfile, os
        >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        ...     _ = f.write("rat\\nart\\n")
        >>> sorted(Lexicon.from_file(f.name)); os.unlink(f.name)
        ['ART', 'RAT']
        """
        from pathlib import Path

        alphabet = as_alphabet(alphabet)
        text = read_text(path, "word list", max_bytes=max_bytes, special=special)
        meta = {"name": Path(path).stem, "source": str(path)}
        meta.update(_check_metadata(metadata))
        lexicon = cls.from_words(text.splitlines(), alphabet, strict=strict, metadata=meta)
        if not len(lexicon):  # a file of no word at all is not a word list (/etc/passwd, a JSON file)
            skipped = lexicon.metadata.get("skipped") or {}
            why = "; ".join(f"{n} {reason}" for reason, n in skipped.items()) or "it is empty"
            raise InvalidInputError(f"{path}: no word of the alphabet {alphabet.name!r} in this word list ({why})")
        return lexicon

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle a bundled lexicon as its name and checksum (each process maps the package's file,
        whose pages the processes share), any other as the compiled bytes (one message)."""
        if self._origin is not None and self.metadata == self._loaded_metadata:
            return (_bundled, self._origin)
        return (Lexicon.from_bytes, (self.to_bytes(), f"pickled lexicon {self.name!r}"))

    # -- the word set -------------------------------------------------------

    @property
    def index(self) -> AlphagramIndex:
        """The alphagram index behind the queries (for the move generator)."""
        return self._index

    def move_keys(self) -> dict[int, int] | None:
        """The key map for the move generator, once it pays: ``None`` for the first calls.

        Building it costs about 0.45 s and 14 MB on fr (118k keys), which a
        one-off query (the command line) would only lose; after
        ``KEY_MAP_AFTER`` move generations in a process it is built, and
        moves are then found by hashing (2x faster than walking). Never for
        the compiled walk: its walks of the lines cost less than hashing.
        """
        if self._index.trie is not None:
            return None
        if self._key_map is None:
            self._move_calls += 1
            if self._move_calls <= KEY_MAP_AFTER:
                return None
        return self.key_map()

    def key_map(self) -> dict[int, int]:
        """Packed key (FIELD_BITS bits per rank) -> terminal node of the index, built on first use.

        The move generator hashes ``line + rack subset`` into it.
        """
        if self._key_map is None:
            self._key_map = self._index.key_map(self.pack)
        return self._key_map

    def pack(self, word: str) -> int:
        """A word's letters as one integer, FIELD_BITS bits per rank: ``pack_tally`` of its tally, faster.

        The word is taken as folded tiles (as the index and trays hold them).

        >>> from jarnac_solver.lexicon.tally import pack_tally
        >>> lex = Lexicon.from_words(["rat"])
        >>> lex.pack("RAT") == pack_tally(lex.tally("RAT")[0])
        True
        """
        if self.alphabet.single:
            return sum(map(self._weights.__getitem__, word))
        return sum(map(self._weights.__getitem__, self.alphabet.tokenize(word)))

    @property
    def pack_guard(self) -> int:
        """The guard bits of :meth:`pack`'s integers (see :func:`~jarnac_solver.lexicon.tally.pack_guard`)."""
        return self._guard

    def tally_codes(self, codes: Sequence[int]) -> Tally:
        """The tally of tile codes (as a :class:`~jarnac_solver.moves.tray.Tray` holds them).

        Cost: O(n·d) for n tiles of which d are distinct, in C.

        >>> lex = Lexicon.from_words(["rat"])
        >>> lex.tally_codes(lex.alphabet.encode("TART")) == lex.tally("TART")[0]
        True
        """
        return tally_of_codes(self.rank_string(codes))

    def rank_string(self, codes: Sequence[int]) -> str:
        """Tile codes as rank codes, ``chr(rank)`` a tile: what the compiled walk counts itself.

        >>> lex = Lexicon.from_words(["rat"])
        >>> [ord(c) for c in lex.rank_string(lex.alphabet.encode("TAT"))] == [lex.order.index(t) for t in "TAT"]
        True
        """
        return "".join(map(self._code_chars.__getitem__, codes))

    def tally_line(self, codes: tuple[int, ...]) -> Tally:
        """:meth:`tally_codes` of a tray line, remembered: lines outlive the trays that hold them.

        A game asks for the same lines at every move generation of a turn;
        remembering their tallies made self-play ~10% faster. The memo is
        bounded (cleared past 65,536 lines).

        >>> lex = Lexicon.from_words(["rat"])
        >>> lex.tally_line(lex.alphabet.encode("TART")) == lex.tally("TART")[0]
        True
        """
        tally = self._line_tallies.get(codes)
        if tally is None:
            if len(self._line_tallies) >= 65536:
                self._line_tallies = {}
            tally = self._line_tallies[codes] = self.tally_codes(codes)
        return tally

    def pack_codes(self, codes: Iterable[int]) -> int:
        """Tile codes as one integer, FIELD_BITS bits per rank (see :meth:`pack`).

        >>> lex = Lexicon.from_words(["rat"])
        >>> lex.pack_codes(lex.alphabet.encode("RAT")) == lex.pack("RAT")
        True
        """
        return sum(map(self._code_weights.__getitem__, codes))

    def tally(self, text: str, what: str = "text") -> tuple[Tally, int]:
        """Fold, validate and tally ``text``: ``(rank, count)`` pairs and the size in tiles.

        >>> lex = Lexicon.from_words(["rat"])
        >>> lex.tally("tart")[1]
        4
        """
        return self._tally(text, what)

    @property
    def implementation(self) -> str:
        """Which walk answers this lexicon's queries: ``"compiled"`` (C, over the file's
        arrays) or ``"pure"`` (Python); see ``jarnac_solver.IMPLEMENTATION``.

        >>> from jarnac_solver import IMPLEMENTATION
        >>> Lexicon.load("en").implementation == IMPLEMENTATION
        True
        """
        return "compiled" if self._index.trie is not None else "pure"

    @property
    def name(self) -> str:
        """The lexicon's name (``metadata["name"]``)."""
        return str(self.metadata.get("name", "custom"))

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[str]:
        """Every word, alphabetically. Cost: a sort of the whole list per call."""
        return iter(sorted(self._index.words()))

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        try:
            tally, size = self._tally(word, "word")
        except InvalidInputError:
            return False
        if not 1 <= size <= MAX_DEPTH:
            return False
        text = self.alphabet.fold(word)
        if SEPARATOR in text:  # "R.A.T": the canonical writing of its tiles
            text = self.alphabet.write(self.alphabet.tokenize(text))
        return text in self._index.anagrams(tally)

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {self._size} words, alphabet {self.alphabet.name!r}>"

    # -- queries ------------------------------------------------------------

    def _tally(self, text: str, what: str) -> tuple[Tally, int]:
        """Fold, validate and tally ``text``; returns the tally and its size in tiles."""
        codes = self._rank_codes(text, what)
        if codes is not None:
            return tally_of_codes(codes), len(codes)
        tiles = self.alphabet.tokenize(text, what)
        return tally_of_ranks(self._rank[t] for t in tiles), len(tiles)

    def _rank_codes(self, text: str, what: str) -> str | None:
        """``text`` folded and validated as rank codes (``chr(rank)`` per tile), or ``None`` where the
        alphabet needs the tokenizer (multi-character tiles, separators)."""
        if not isinstance(text, str):
            raise InvalidInputError(f"{what} must be text, not {type(text).__name__}")
        if self._codes is None or SEPARATOR in text:
            return None
        folded = self.alphabet.fold(text)
        codes = folded.translate(self._codes)
        # Tiles became chr(rank) < chr(len(order)); any other character
        # kept its own code, which is either >= that or not a letter.
        if codes and (max(codes) >= chr(len(self.order)) or not folded.isalpha()):
            self.alphabet.tokenize(text, what)  # raises the descriptive error
        return codes

    def _blanks(self, text: str, what: str) -> tuple[tuple[str, ...], int]:
        """``text``'s tiles other than blanks (``?``) and the number of blanks."""
        from .blanks import split_blanks

        rest, blanks = split_blanks(text, what, self.alphabet)
        return self.alphabet.tokenize(rest, what), blanks

    def anagrams(self, letters: str, *, budget: float | Deadline | None = None) -> list[str]:
        """Words that use exactly these letters, alphabetically.

        A ``?`` is a blank: it stands for any tile, written in lower case in the answer (``RAtE``;
        see :mod:`~jarnac_solver.lexicon.blanks`), the words still in alphabetical order.
        ``budget`` (seconds, a :class:`~jarnac_solver.budget.Deadline`, ``None`` for the default
        10 s ceiling, ``EXACT``) bounds a query with blanks: past it, :class:`~jarnac_solver.errors.QueryBudgetError`.
        Cost: one trie path (at most 9 steps); with blanks, one walk.

        >>> Lexicon.from_words(["rat", "art", "tars"]).anagrams("tra")
        ['ART', 'RAT']
        >>> Lexicon.from_words(["rat", "art", "tars"]).anagrams("ra?")
        ['ARt', 'RAt']
        """
        if isinstance(letters, str) and BLANK in letters:
            from ..budget import deadline_of
            from .blanks import blank_anagrams

            tiles, blanks = self._blanks(letters, "letters")
            if blanks:
                return blank_anagrams(self._index, self.alphabet, self._rank, tiles, blanks, deadline_of(budget))
        tally, size = self._tally(letters, "letters")
        if not 1 <= size <= MAX_DEPTH:
            return []
        return self._index.anagrams(tally)

    def subanagrams(
        self, rack: str, min_len: int = 3, max_len: int = 9, *, budget: float | Deadline | None = None
    ) -> list[str]:
        """Every word formable from the rack's letters, of ``min_len..max_len`` tiles.

        A ``?`` is a blank (any tile, in lower case in the answer: see :meth:`anagrams`), at most 9.
        Cost: proportional to the trie nodes whose keys fit in the rack; with blanks, one walk per
        way to fill them (26 for one blank in Latin, 351 for two) or, from three, one scan of the
        words of those lengths.

        >>> Lexicon.from_words(["a", "at", "rat", "tart"]).subanagrams("TRAT", min_len=1)
        ['A', 'AT', 'RAT', 'TART']
        >>> Lexicon.from_words(["a", "at", "rat", "tart"]).subanagrams("TR?", min_len=1)
        ['a', 'aT', 'RaT']
        """
        lo = _check_length(min_len, "min_len")
        hi = _check_length(max_len, "max_len")
        if hi < lo:
            raise InvalidInputError(f"max_len {hi} is less than min_len {lo}")
        if isinstance(rack, str) and BLANK in rack:
            from ..budget import deadline_of
            from .blanks import blank_subanagrams

            tiles, blanks = self._blanks(rack, "rack")
            if blanks:
                return blank_subanagrams(
                    self._index, self.alphabet, self._rank, tiles, blanks, lo, min(hi, MAX_DEPTH), deadline_of(budget)
                )
        codes = self._rank_codes(rack, "rack")
        if codes is not None:
            return self._index.subanagrams_of_codes(codes, lo, hi)
        tally, _ = self._tally(rack, "rack")
        return self._index.subanagrams(tally, lo, hi)

    def extensions(
        self, word: str, rack: str, max_len: int = 9, *, budget: float | Deadline | None = None
    ) -> list[str]:
        """Every word holding all of ``word``'s letters plus one or more of the rack's.

        The letters may be rearranged freely (RAT+U → RUAT); the word itself
        need not be in the lexicon. A ``?`` in the rack is a blank (see :meth:`subanagrams`).
        Cost: like :meth:`subanagrams` on word + rack, with the word's letters forced.

        >>> Lexicon.from_words(["rat", "ruat", "tzar", "rats"]).extensions("RAT", "BUZT")
        ['RUAT', 'TZAR']
        >>> Lexicon.from_words(["rat", "ruat", "tzar", "rats"]).extensions("RAT", "?")
        ['RATs', 'RuAT', 'TzAR']
        """
        hi = _check_length(max_len, "max_len")
        need, size = self._tally(word, "word")
        if size == 0:
            raise InvalidInputError("word must hold at least one letter")
        if isinstance(rack, str) and BLANK in rack:
            from ..budget import deadline_of
            from .blanks import blank_extensions

            tiles, blanks = self._blanks(rack, "rack")
            if blanks:
                word_tiles = self.alphabet.tokenize(word, "word")
                return blank_extensions(
                    self._index, self.alphabet, self._rank, word_tiles, tiles, blanks, hi, deadline_of(budget)
                )
        have, _ = self._tally(rack, "rack")
        if size >= min(hi, MAX_DEPTH) or not have:
            return []
        return self._index.extensions(need, have, size, hi)

    # -- statistics ---------------------------------------------------------

    def length_counts(self) -> dict[int, int]:
        """Number of words of each length in tiles.

        >>> Lexicon.from_words(["rat", "art", "tars"]).length_counts()
        {3: 2, 4: 1}
        """
        counts = {depth: len(self._index.words(depth, depth)) for depth in range(1, MAX_DEPTH + 1)}
        return {depth: n for depth, n in counts.items() if n}

    def letter_counts(self) -> dict[str, int]:
        """How often each tile occurs over all words, in alphabet order (computed once).

        >>> Lexicon.from_words(["rat", "tar"]).letter_counts()["A"]
        2
        """
        if self._letter_counts is not None:
            return dict(self._letter_counts)
        from .pattern import line_chars, one_char_a_tile

        words = self._index.words()
        chars = line_chars(self.alphabet)
        if chars is not None:
            # One character a tile, then one C-level count a tile: fr ~10 ms where a Counter
            # of the joined words took ~70 ms and tokenizing nl's words one by one ~0.5 s
            # (the planner's first exchange decision paid it inside its clock).
            text = one_char_a_tile("\n".join(words), self.alphabet, chars)
            result = {tile: text.count(char) for tile, char in zip(self.alphabet.tiles, chars, strict=True)}
        else:
            counts = Counter(chain.from_iterable(self.alphabet.tokenize(w) for w in words))
            result = {tile: counts[tile] for tile in self.alphabet.tiles}
        self._letter_counts = result
        return dict(result)
