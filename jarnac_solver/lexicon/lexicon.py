"""The :class:`Lexicon`: a word list with its alphabet, and the three multiset queries.

A lexicon folds and validates what it is asked, turns it into a tally of
letter ranks and hands it to the :class:`~jarnac_solver.lexicon.index.AlphagramIndex`.
Every query returns a new list of folded, upper-case words, each once, in
alphabetical order (the order of ``sorted(lexicon)``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain

from ..errors import (
    AlphabetMismatchError,
    InvalidInputError,
    InvalidLetterError,
    LexiconFormatError,
    LexiconNotFoundError,
    UnknownLexiconError,
)
from ..textfile import read_text
from . import fileformat
from .alphabet import LATIN, SEPARATOR, Alphabet, as_alphabet
from .index import MAX_DEPTH, AlphagramIndex
from .tally import FIELD_BITS, Tally, pack_guard, tally_of_codes, tally_of_ranks

# Not imported at run time: ``import jarnac_solver`` stays light (pathlib and
# typing cost ~15 ms; mypy reads any constant named TYPE_CHECKING as True).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from importlib.abc import Traversable
    from pathlib import Path
    from typing import Any, NamedTuple

    from .bag import Bag
    from .pattern import WordLines
    from .probability import DrawOdds


__all__ = ["DEFAULT_LEXICON", "KEY_MAP_AFTER", "ORDERS", "Lexicon", "WordCheck"]

ORDERS = ("alphabet", "length", "probability", "familiarity")
"""The word orders of :meth:`Lexicon.ordered` (and ``--sort`` on the command line)."""

_DATA = "data"

KEY_MAP_AFTER = 200
"""Move generations in a process before the lexicon builds its key map (see ``move_keys``)."""

DEFAULT_LEXICON = "fr"
"""The lexicon used where a language must be guessed: French, Jarnac's own."""


def _data_path() -> str | None:
    """The folder of bundled lexicons on disk (a normal install), or ``None`` (inside a zip archive).

    ``os.path`` on the package's own file: importlib.resources costs ~7 ms of imports
    (pathlib, tempfile, inspect) that a first ``Lexicon.load`` then paid.
    """
    import os

    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), _DATA)
    return folder if os.path.isdir(folder) else None


def _data_folder() -> Traversable:
    """The folder of bundled lexicons (importlib.resources, imported when first needed)."""
    import importlib.resources

    return importlib.resources.files("jarnac_solver") / _DATA


if TYPE_CHECKING:

    class WordCheck(NamedTuple):
        """A word judged by :meth:`Lexicon.check`: as given, as the lexicon folds it, valid or not, its tiles."""

        word: str
        folded: str
        valid: bool
        tiles: int

else:  # collections' namedtuple at run time: typing.NamedTuple would add typing's ~2 ms to every import
    from collections import namedtuple

    WordCheck = namedtuple("WordCheck", ["word", "folded", "valid", "tiles"])
    WordCheck.__doc__ = "A word judged by Lexicon.check: as given, as the lexicon folds it, valid or not, its tiles."


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
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{what} must be an integer, not {value!r}")
    if value < 1:
        raise InvalidInputError(f"{what} must be at least 1, not {value}")
    return value


class Lexicon:
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
            if SEPARATOR in entry:  # "e.g.": a word list holds words, not tile notation
                if strict:
                    raise InvalidLetterError(f"word {entry!r} holds {SEPARATOR!r}", char=SEPARATOR, text=entry)
                skipped["not in the alphabet"] += 1
                continue
            try:
                tiles = alphabet.tokenize(entry, what="word")
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
            kept["".join(tiles)] = tiles
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

    # -- files --------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The compiled form that :meth:`from_bytes` reads back (deterministic)."""
        header = {
            "alphabet": self.alphabet.to_dict(),
            "order": list(self.order),
            "n_words": self._size,
            "metadata": self.metadata,
        }
        try:
            return fileformat.dump(self._index, header)
        except (TypeError, ValueError) as exc:  # metadata that JSON cannot hold, a lone surrogate in a name
            raise InvalidInputError(f"lexicon {self.name!r}: its metadata cannot be saved ({exc})") from None

    @classmethod
    def from_bytes(
        cls, data: bytes | bytearray | memoryview, source: str = "<bytes>", *, trusted: bool = False
    ) -> Lexicon:
        """Decode a compiled lexicon; raises :class:`LexiconFormatError` on bad data.

        ``bytes`` and read-only memory maps are read in place; a ``bytearray``
        or another buffer its owner may change is copied first. ``trusted``
        (what :meth:`load` passes for the package's own files) skips the
        checksum and the checks made in Python; the compiled walk still checks
        its arrays' bounds, at the first query.

        >>> lex = Lexicon.from_words(["rat"])
        >>> Lexicon.from_bytes(lex.to_bytes()).subanagrams("TARS")
        ['RAT']
        """
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise InvalidInputError(f"a compiled lexicon is bytes, not {type(data).__name__}")
        index, header = fileformat.load_bytes(data, source, trusted)
        try:
            alphabet = Alphabet.from_dict(header["alphabet"])
            order = header["order"]
            metadata = header.get("metadata", {})
            if not isinstance(order, list) or len(order) != index.n_ranks or not isinstance(metadata, dict):
                raise LexiconFormatError(f"{source}: the rank order does not match the index's {index.n_ranks} letters")
            lexicon = cls(index, alphabet, order, metadata, int(header["n_words"]))
        except LexiconFormatError:
            raise
        except (KeyError, ValueError, TypeError) as exc:
            raise LexiconFormatError(f"{source}: malformed header ({exc})") from None
        if not trusted:  # the package's own files were checked when built and by the tests
            lexicon._check_keys(source)
        return lexicon

    def _check_keys(self, source: str) -> None:
        """Check that every word lies at the end of its own key (its tiles, sorted by rank, are its node's
        letters), at its depth, sorted within its node: in C for the compiled walk (~6 ms for fr), in
        C-level builtins for the pure one (~0.1 s); see :mod:`jarnac_solver.lexicon.checks`."""
        from .checks import check_keys, stable_tiles

        index = self._index
        tiles = stable_tiles(self.alphabet, self.order)
        if index.trie is not None:
            encoded = tuple(tile.encode("utf-8") if tile else b"" for tile in tiles)
            index.trie.check_keys(index.depth_starts, encoded, source)
        else:
            check_keys(index, tiles, source)

    def _check_sample(self, source: str, every: int | None = None) -> None:
        """Walk the keys of sampled words (``every``-th terminal; default: ~64 spread over the file)
        and check that each reaches its own node: a changed rank order, root or letter shows here.

        Cost: ~64 short walks when opening (well under a millisecond).
        """
        index = self._index
        n = index.n_terminals
        step = every if every is not None else max(1, n // 64)
        starts = index.depth_starts
        for node in range(1, n + 1, step):
            words = index.words_at(node)
            if words != sorted(set(words)):
                raise LexiconFormatError(f"{source}: the words of node {node} are not sorted and distinct")
            for word in words:
                if self.alphabet.fold(word) != word:  # stored words are folded: "TzAR" is no word of the index
                    raise LexiconFormatError(f"{source}: node {node} holds {word!r}, which is not folded")
                try:
                    tally, size = self._tally(word, "word")
                except InvalidInputError:
                    raise LexiconFormatError(
                        f"{source}: node {node} holds {word!r}, not a word of its alphabet"
                    ) from None
                if not starts[size] <= node < starts[size + 1] or node not in index.anagram_nodes(tally):
                    raise LexiconFormatError(f"{source}: the word {word!r} is not at the end of its key")

    def verify(self) -> None:
        """Check every word against the index, or raise :class:`LexiconFormatError`: each word at the
        end of its own key (what opening a file not shipped with the package checks too), then each
        word's key walked to its node, as a query walks it.

        Cost: one short walk per word (about a second for fr).

        >>> Lexicon.from_words(["rat", "art"]).verify()
        """
        self._check_keys(f"lexicon {self.name!r}")
        self._check_sample(f"lexicon {self.name!r}", every=1)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle a bundled lexicon as its name and checksum (each process maps the package's file,
        whose pages the processes share), any other as the compiled bytes (one message)."""
        if self._origin is not None and self.metadata == self._loaded_metadata:
            return (_bundled, self._origin)
        return (Lexicon.from_bytes, (self.to_bytes(), f"pickled lexicon {self.name!r}"))

    def save(self, path: str | Path) -> None:
        """Write the compiled lexicon to ``path`` (``.jlex`` by convention)."""
        fileformat.write_file(path, self.to_bytes())

    @classmethod
    def open(
        cls, path: str | Path, *, shared: bool = False, max_bytes: int | None = None, special: bool = False
    ) -> Lexicon:
        """Open a compiled lexicon written by :meth:`save`; no rebuild from text.

        The file must be a regular file (``special=True`` also reads a device
        or a pipe) of at most ``max_bytes`` (default 512 MiB, or
        ``JARNAC_SOLVER_MAX_FILE_MB``), else :class:`InvalidInputError`.

        The file is read into memory (the compiled walk then queries those
        bytes in place). With ``shared=True`` it is memory-mapped instead:
        nothing is read until a query needs it, and every process that maps
        the file shares its pages (a server or a process pool holding several
        lexicons). A mapped file must not be changed in place while open
        (``cp`` over it, ``truncate``): the system then stops the process
        (SIGBUS) at its next query. Replace it by writing a new file and
        renaming it over the old one, as :meth:`save` and ``jarnac-solver
        lexicon build`` do; open processes keep the old file's pages.

        >>> import tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "small.jlex")
        >>> Lexicon.from_words(["rat", "art"]).save(path)
        >>> Lexicon.open(path, shared=True).subanagrams("TARS")
        ['ART', 'RAT']
        """
        if not isinstance(shared, bool):
            raise InvalidInputError(f"shared must be True or False, not {shared!r}")
        if not isinstance(path, str) or not path:
            from pathlib import PurePath

            if not isinstance(path, PurePath):
                raise InvalidInputError(f"a lexicon file is a path (str or pathlib.Path), not {path!r}")
        read = fileformat.map_file if shared else fileformat.read_bytes
        data = read(path, max_bytes, special=special)  # library errors naming the path
        return cls.from_bytes(data, source=str(path))

    @staticmethod
    def available() -> list[str]:
        """The names of the lexicons bundled with the package.

        >>> "en" in Lexicon.available()
        True
        """
        path = _data_path()
        if path is not None:
            import os

            found = os.listdir(path)
        else:
            found = [p.name for p in _data_folder().iterdir()]
        return sorted(name[: -len(".jlex")] for name in found if name.endswith(".jlex"))

    @classmethod
    def load(cls, name: str = DEFAULT_LEXICON) -> Lexicon:
        """Open a lexicon bundled with the package, by name (default: ``fr``).

        >>> Lexicon.load("en").anagrams("CHOUCA")
        ['CACHOU']
        >>> Lexicon.load().extensions("RAT", "ZW")
        ['TZAR']
        """
        names = cls.available()
        if name not in names:
            raise UnknownLexiconError(f"no bundled lexicon {name!r}; available: {', '.join(names)}")
        # A file of an installed package is memory-mapped (processes share it), one
        # inside a zip archive read. Shipped and checksummed: the scans in Python
        # are skipped (the compiled walk's own checks of its arrays are not).
        path = _data_path()
        data: bytes | memoryview
        if path is not None:
            data = fileformat.map_file(f"{path}/{name}.jlex")
        else:
            data = (_data_folder() / f"{name}.jlex").read_bytes()
        lexicon = cls.from_bytes(data, source=f"bundled lexicon {name!r}", trusted=True)
        lexicon._origin = (name, fileformat.checksum(data))
        lexicon._loaded_metadata = dict(lexicon.metadata)  # metadata changed since: pickled as bytes
        return lexicon

    @classmethod
    def resolve(cls, spec: str) -> Lexicon:
        """A bundled name, a compiled ``.jlex`` file, or a plain word list.

        A file is compiled if it starts with the format's magic bytes or is
        named ``*.jlex``; a broken ``.jlex`` file raises
        :class:`LexiconFormatError` instead of being read as a word list.

        >>> Lexicon.resolve("en").name
        'en'
        """
        if spec in cls.available():
            return cls.load(spec)
        from pathlib import Path

        path = Path(spec)
        if path.exists() and not path.is_file():  # a device, a fifo, a folder: said as every reader says it
            from ..textfile import open_file

            fd, _ = open_file(path, "lexicon")
            import os

            os.close(fd)  # pragma: no cover - replaced by a regular file meanwhile
        if not path.is_file():
            raise UnknownLexiconError(
                f"{spec!r} is neither a bundled lexicon ({', '.join(cls.available())}) nor a file"
            )
        try:
            with path.open("rb") as f:
                magic = f.read(len(fileformat.MAGIC))
        except OSError as exc:
            raise LexiconNotFoundError(f"{spec}: cannot read ({exc.strerror})") from None
        if magic == fileformat.MAGIC or path.suffix.lower() == ".jlex":
            return cls.open(path)
        return cls.from_file(path)

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

    # -- derived lexicons -------------------------------------------------

    def filter(self, keep: Callable[[str], bool], name: str | None = None) -> Lexicon:
        """The words for which ``keep(word)`` is true: a new lexicon with this one's alphabet and bag.

        Cost: one call of ``keep`` a word, then a build (fr: about 1.5 s).

        >>> en = Lexicon.load("en")
        >>> no_z = en.filter(lambda word: "Z" not in word)
        >>> "ZOO" in no_z, "ZOO" in en, no_z.metadata["bag"], no_z.name
        (False, True, 'en', 'en-filtered')
        """
        if not callable(keep):
            raise InvalidInputError(f"filter takes a function of a word, not {type(keep).__name__}")
        kept = [word for word in self._index.words() if keep(word)]
        return self._derived(
            kept, f"{self.name}-filtered" if name is None else name, f"the words of {self.name} kept by a filter"
        )

    def union(self, other: Lexicon, name: str | None = None) -> Lexicon:
        """The words of either lexicon (same alphabet); the bag is this one's.

        >>> a, b = Lexicon.from_words(["rat", "art"]), Lexicon.from_words(["art", "tar"])
        >>> sorted(a.union(b)), sorted(a.intersection(b)), sorted(a.difference(b))
        (['ART', 'RAT', 'TAR'], ['ART'], ['RAT'])
        """
        words = set(self._index.words()) | set(self._other(other)._index.words())
        return self._derived(
            words, f"{self.name}+{other.name}" if name is None else name, f"{self.name} and {other.name}"
        )

    def intersection(self, other: Lexicon, name: str | None = None) -> Lexicon:
        """The words in both lexicons (same alphabet); the bag is this one's (see :meth:`union`)."""
        words = set(self._index.words()) & set(self._other(other)._index.words())
        return self._derived(
            words,
            f"{self.name}&{other.name}" if name is None else name,
            f"the words of both {self.name} and {other.name}",
        )

    def difference(self, other: Lexicon, name: str | None = None) -> Lexicon:
        """The words of this lexicon that ``other`` lacks (same alphabet); the bag is this one's (see :meth:`union`)."""
        words = set(self._index.words()) - set(self._other(other)._index.words())
        return self._derived(
            words,
            f"{self.name}-{other.name}" if name is None else name,
            f"the words of {self.name} not in {other.name}",
        )

    def _other(self, other: object, what: str = "a set operation") -> Lexicon:
        """``other`` if it is a Lexicon of this one's alphabet (its words are the same tiles), else an error."""
        if not isinstance(other, Lexicon):
            raise InvalidInputError(f"{what} takes another Lexicon, not {type(other).__name__}")
        if other.alphabet != self.alphabet:
            raise AlphabetMismatchError(
                f"lexicons {self.name!r} and {other.name!r} have different alphabets "
                f"({self.alphabet.name!r}, {other.alphabet.name!r}): their words are not the same tiles"
            )
        return other

    def _derived(self, words: Iterable[str], name: str, description: str) -> Lexicon:
        """A lexicon of ``words`` (already folded tiles) that keeps this one's alphabet, bag, source and licence."""
        if not isinstance(name, str) or not name:
            raise InvalidInputError(f"a lexicon's name is a non-empty string, not {name!r}")
        from .bag import bag_name_for

        meta: dict[str, Any] = {
            key: self.metadata[key] for key in ("source", "licence", "language") if key in self.metadata
        }
        bag = bag_name_for(self)
        if bag is not None:
            meta["bag"] = bag
        meta.update(name=name, description=description)
        return Lexicon.from_words(sorted(words), self.alphabet, strict=True, metadata=meta)

    def check(self, word: str) -> WordCheck:
        """Judge one word: folded as this lexicon folds it (ÉTÉ → ETE), whether the lexicon holds it.

        What settles a dispute at the table. Raises :class:`InvalidLetterError`
        for a letter outside the alphabet and :class:`InvalidInputError` for an
        empty word. Cost: one trie path (at most 9 steps).

        >>> fr = Lexicon.load("fr")
        >>> fr.check("été")
        WordCheck(word='été', folded='ETE', valid=True, tiles=3)
        >>> fr.check("TZRA").valid
        False
        """
        if not isinstance(word, str):
            raise InvalidInputError(f"a word to check is text, not {type(word).__name__}")
        tiles = self.alphabet.tokenize(word, "word")
        if not tiles:
            raise InvalidInputError(f"{word!r} holds no letter to check")
        folded = self.alphabet.write(tiles)
        # The tiles once: what `in` would fold and cut again (one anagram walk).
        valid = len(tiles) <= MAX_DEPTH and folded in self._index.anagrams(
            tally_of_ranks(map(self._rank.__getitem__, tiles))
        )
        return WordCheck(word, folded, valid, len(tiles))

    def search(self, pattern: str, letters: str | None = None) -> list[str]:
        """Words matching ``pattern`` (``?`` one tile, ``*`` any run of tiles, ``[AEIOU]`` one of these
        tiles, ``[^AEIOU]`` one tile not among them), alphabetically; with ``letters``, only the words
        formable from them (the rack's subanagrams that match).

        Lengths count tiles (Dutch ``IJ`` is one). Cost: one regular-expression scan
        of the words of the pattern's lengths written as one text (:class:`~.pattern.WordLines`,
        written at the first search of each length: fr, all lengths, ~90 ms once); with ``letters``,
        one test per word of the rack.

        >>> en = Lexicon.load("en")
        >>> en.search("CA?H?U")
        ['CACHOU']
        >>> en.search("?A*E", letters="RATES")
        ['RATE', 'SATE', 'TARE']
        """
        from .pattern import Pattern

        if not isinstance(pattern, str):
            raise InvalidInputError(f"a pattern is text, not {type(pattern).__name__}")
        parsed = Pattern.cached(pattern, self.alphabet)
        lo, hi = parsed.lengths()
        lo, hi = max(lo, 1), min(hi, MAX_DEPTH)
        if lo > hi:
            return []
        if letters is None and self._word_lines.chars is not None:
            return parsed.findall(self._word_lines, lo, hi)
        candidates = self.subanagrams(letters, lo, hi) if letters is not None else self._index.words(lo, hi)
        match = parsed.match_text
        return sorted(word for word in candidates if match(word))

    @property
    def _word_lines(self) -> WordLines:
        """The words as lines of text for pattern searches, made on first use."""
        lines = self._lines
        if lines is None:
            from .pattern import WordLines

            index = self._index
            lines = self._lines = WordLines(lambda n: index.words(n, n), self.alphabet)
        return lines

    # -- how likely a word is ----------------------------------------------

    def draw_odds(self, bag: Bag | None = None) -> DrawOdds:
        """The draw odds of words with ``bag`` (default: the lexicon's own bag; see :class:`DrawOdds`).

        Raises :class:`InvalidInputError` when the lexicon has no known bag and none is given.

        >>> Lexicon.load("fr").draw_odds().ways("ETE")
        1539
        """
        from .bag import Bag
        from .probability import DrawOdds

        if bag is None:
            odds = self._draw_odds
            if odds is None:
                odds = self._draw_odds = DrawOdds(Bag.for_lexicon(self))
            return odds
        return DrawOdds(Bag.for_lexicon(self, bag))

    def draw_probability(self, word: str, bag: Bag | None = None) -> float:
        """The chance that a full bag's first ``n`` tiles are exactly this ``n``-tile word's tiles.

        Zyzzyva's *probability*: compare it between words of the same length.

        >>> fr = Lexicon.load("fr")
        >>> fr.draw_probability("ETE") > fr.draw_probability("ZUT") > 0
        True
        """
        return self.draw_odds(bag).probability(word)

    def ordered(self, words: Iterable[str], by: str = "probability", bag: Bag | None = None) -> list[str]:
        """``words`` in one of :data:`ORDERS`: ``alphabet``; ``length`` (longest first, then
        alphabetically); ``probability`` (longest first, then the likeliest to be drawn: Zyzzyva's
        order); ``familiarity`` (longest first, then the best known: the ``familiarity`` extra).

        Works on the answer of any query (:meth:`subanagrams`, :meth:`search`, ...); words are
        returned as given (a query's answer is already folded).
        Cost: one tally a word (``familiarity``: loading wordfreq's table once, ~1 s).

        >>> fr = Lexicon.load("fr")
        >>> fr.ordered(fr.search("??Z"), "probability")
        ['REZ', 'NEZ', 'RAZ', 'LEZ', 'RIZ', 'GAZ', 'FEZ']
        """
        if isinstance(words, str) or not isinstance(words, Iterable):
            raise InvalidInputError(f"ordered takes a list of words, not {type(words).__name__}")
        listed = list(words)
        for word in listed:
            if not isinstance(word, str):
                raise InvalidInputError(f"ordered takes words as text, not {type(word).__name__}")
        if by == "alphabet":
            return sorted(listed)
        if by == "length":
            return sorted(listed, key=lambda w: (-self.tile_length(w), w))
        if by == "probability":
            return self.draw_odds(bag).ranked(listed)
        if by == "familiarity":
            from .familiarity import Familiarity

            known = Familiarity.for_lexicon(self).familiarity
            return sorted(listed, key=lambda w: (-self.tile_length(w), -known(w), w))
        raise InvalidInputError(f"no word order {by!r}; the orders are {', '.join(ORDERS)}")

    def tile_length(self, word: str) -> int:
        """A word's length in tiles: what the game counts and scores.

        >>> Lexicon.from_words(["rat"]).tile_length("été")
        3
        """
        return len(self.alphabet.tokenize(word, what="word"))

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

    def anagrams(self, letters: str) -> list[str]:
        """Words that use exactly these letters, alphabetically.

        Cost: one trie path (at most 9 steps).

        >>> Lexicon.from_words(["rat", "art", "tars"]).anagrams("tra")
        ['ART', 'RAT']
        """
        tally, size = self._tally(letters, "letters")
        if not 1 <= size <= MAX_DEPTH:
            return []
        return self._index.anagrams(tally)

    def subanagrams(self, rack: str, min_len: int = 3, max_len: int = 9) -> list[str]:
        """Every word formable from the rack's letters, of ``min_len..max_len`` tiles.

        Cost: proportional to the trie nodes whose keys fit in the rack.

        >>> Lexicon.from_words(["a", "at", "rat", "tart"]).subanagrams("TRAT", min_len=1)
        ['A', 'AT', 'RAT', 'TART']
        """
        lo = _check_length(min_len, "min_len")
        hi = _check_length(max_len, "max_len")
        if hi < lo:
            raise InvalidInputError(f"max_len {hi} is less than min_len {lo}")
        codes = self._rank_codes(rack, "rack")
        if codes is not None:
            return self._index.subanagrams_of_codes(codes, lo, hi)
        tally, _ = self._tally(rack, "rack")
        return self._index.subanagrams(tally, lo, hi)

    def extensions(self, word: str, rack: str, max_len: int = 9) -> list[str]:
        """Every word holding all of ``word``'s letters plus one or more of the rack's.

        The letters may be rearranged freely (RAT+U → RUAT); the word itself
        need not be in the lexicon. Cost: like :meth:`subanagrams` on
        word + rack, with the word's letters forced.

        >>> Lexicon.from_words(["rat", "ruat", "tzar", "rats"]).extensions("RAT", "BUZT")
        ['RUAT', 'TZAR']
        """
        hi = _check_length(max_len, "max_len")
        need, size = self._tally(word, "word")
        if size == 0:
            raise InvalidInputError("word must hold at least one letter")
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
