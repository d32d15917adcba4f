"""A lexicon's files: the compiled form (``.jlex``) written and read back, checked, and the lexicons
bundled with the package (:class:`LexiconFiles`, a part of :class:`~jarnac_solver.lexicon.lexicon.Lexicon`).

Key idea: a lexicon is compiled once and opened in milliseconds: the file is the index's arrays
(:mod:`~jarnac_solver.lexicon.fileformat`), memory-mapped for the bundled lists, and a file not shipped
with the package is checked word by word at its key before any query trusts it.
"""

from __future__ import annotations

from ..errors import InvalidInputError, LexiconFormatError, LexiconNotFoundError, UnknownLexiconError
from ..messages import Reason
from . import fileformat
from .alphabet import Alphabet

# Not imported at run time (mypy reads any constant named TYPE_CHECKING as True).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from importlib.abc import Traversable
    from pathlib import Path
    from typing import Any, TypeVar

    from .index import AlphagramIndex
    from .tally import Tally

    _L = TypeVar("_L", bound="LexiconFiles")

__all__ = ["DEFAULT_LEXICON", "LexiconFiles"]

DEFAULT_LEXICON = "fr"
"""The lexicon used where a language must be guessed: French, Jarnac's own."""

_DATA = "data"


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


class LexiconFiles:
    """The file side of a lexicon: ``to_bytes``/``from_bytes``, ``save``/``open``, ``load`` (bundled),
    ``resolve`` (a name, a ``.jlex`` file or a word list), ``verify``."""

    if TYPE_CHECKING:  # what the lexicon itself provides
        alphabet: Alphabet
        order: tuple[str, ...]
        metadata: dict[str, Any]
        _index: AlphagramIndex
        _size: int
        _origin: tuple[str, int] | None
        _loaded_metadata: dict[str, Any]

        def __init__(
            self,
            index: AlphagramIndex,
            alphabet: Alphabet,
            order: list[str],
            metadata: dict[str, Any] | None = None,
            size: int | None = None,
        ) -> None: ...

        @property
        def name(self) -> str: ...

        def _tally(self, text: str, what: str) -> tuple[Tally, int]: ...

        @classmethod
        def from_file(cls: type[_L], path: str | Path) -> _L: ...

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
        cls: type[_L], data: bytes | bytearray | memoryview, source: str = "<bytes>", *, trusted: bool = False
    ) -> _L:
        """Decode a compiled lexicon; raises :class:`LexiconFormatError` on bad data.

        ``bytes`` and read-only memory maps are read in place; a ``bytearray``
        or another buffer its owner may change is copied first. ``trusted``
        (what :meth:`load` passes for the package's own files) skips the
        checksum and the checks made in Python; the compiled walk still checks
        its arrays' bounds, at the first query.

        >>> from jarnac_solver import Lexicon
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

        >>> from jarnac_solver import Lexicon
        >>> Lexicon.from_words(["rat", "art"]).verify()
        """
        self._check_keys(f"lexicon {self.name!r}")
        self._check_sample(f"lexicon {self.name!r}", every=1)

    def save(self, path: str | Path) -> None:
        """Write the compiled lexicon to ``path`` (``.jlex`` by convention)."""
        fileformat.write_file(path, self.to_bytes())

    @classmethod
    def open(
        cls: type[_L], path: str | Path, *, shared: bool = False, max_bytes: int | None = None, special: bool = False
    ) -> _L:
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

        >>> from jarnac_solver import Lexicon
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

        >>> from jarnac_solver import Lexicon
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
    def load(cls: type[_L], name: str = DEFAULT_LEXICON) -> _L:
        """Open a lexicon bundled with the package, by name (default: ``fr``).

        >>> from jarnac_solver import Lexicon
        >>> Lexicon.load("en").anagrams("CHOUCA")
        ['CACHOU']
        >>> Lexicon.load().extensions("RAT", "ZW")
        ['TZAR']
        """
        names = cls.available()
        if isinstance(name, str) and name not in names and name.lower() in names:
            name = name.lower()  # a bundled name in any case: "FR", "Fr" (the names are lower case)
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
    def resolve(cls: type[_L], spec: str) -> _L:
        """A bundled name, a compiled ``.jlex`` file, or a plain word list.

        A file is compiled if it starts with the format's magic bytes or is
        named ``*.jlex``; a broken ``.jlex`` file raises
        :class:`LexiconFormatError` instead of being read as a word list.

        >>> from jarnac_solver import Lexicon
        >>> Lexicon.resolve("en").name, Lexicon.resolve("FR").name
        ('en', 'fr')
        """
        if isinstance(spec, str) and spec.lower() in cls.available():
            return cls.load(spec.lower())  # a bundled name in any case, before any file of that name
        from pathlib import Path

        path = Path(spec)
        if isinstance(spec, str) and not spec.strip():  # Path("") is the current folder: no name was given
            names = ", ".join(cls.available())
            raise UnknownLexiconError(Reason("error_unknown_lexicon", {"spec": repr(spec), "names": names}))
        if path.exists() and not path.is_file():  # a device, a fifo, a folder: said as every reader says it
            from ..textfile import refuse_special

            refuse_special(path, "lexicon")
        if not path.is_file():
            names = ", ".join(cls.available())
            raise UnknownLexiconError(Reason("error_unknown_lexicon", {"spec": repr(spec), "names": names}))
        try:
            with path.open("rb") as f:
                magic = f.read(len(fileformat.MAGIC))
        except OSError as exc:
            raise LexiconNotFoundError(f"{spec}: cannot read ({exc.strerror})") from None
        if magic == fileformat.MAGIC or path.suffix.lower() == ".jlex":
            return cls.open(path)
        return cls.from_file(path)
