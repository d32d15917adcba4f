"""How well known a word is: its frequency in everyday text, from the optional ``wordfreq`` package.

Hints for casual players should prefer words people know. The ``wordfreq``
package (installed with ``pip install 'jarnac-solver[familiarity]'``) knows
how often words occur in many languages, fr, en, es and nl among them, on the
*Zipf scale*: ``log10`` of the occurrences per billion words, from about 8
(``de``, ``the``) down to 1; 0 stands for a word it does not know. A Zipf
of 3 is once per million words.

Words of a lexicon are *folded* (``ÉTÉ`` → ``ETE``, ``CŒUR`` → ``COEUR``), so
several wordfreq entries can fold to one word (``été`` and ``ete``; Spanish
``año`` and ``ano`` in the Latin alphabet): a word's familiarity is the
highest Zipf frequency of the entries that fold to it. Entries that are not
words of tiles (``aujourd'hui``, ``1er``) are left out, as the bundled
lexicons leave them out.

``wordfreq`` is imported only when a :class:`Familiarity` is made, never
when this module is imported.
"""

from __future__ import annotations

from ..errors import InvalidInputError, MissingExtraError
from ..integers import is_number
from .alphabet import SEPARATOR, Alphabet
from .words import WordList, as_word_list

__all__ = ["KNOWN_ZIPF", "WORDLISTS", "Familiarity"]

KNOWN_ZIPF = 3.0
"""The default threshold of :meth:`Familiarity.known`: a word seen at least once per million words."""

WORDLISTS = ("best", "large", "small")
"""wordfreq's lists: ``large`` (down to Zipf 1), ``small`` (down to Zipf 3), ``best`` (large where it exists)."""

_INSTALL = "pip install 'jarnac-solver[familiarity]'"

# (language, wordlist, alphabet) -> folded word -> Zipf frequency, built once per process.
_CACHE: dict[tuple[str, str, Alphabet], dict[str, float]] = {}
# wordlist -> wordfreq's languages that have it -> their data file.
_LANGUAGES: dict[str, dict[str, str]] = {}


def _require_wordfreq() -> None:
    """Import ``wordfreq`` (about 0.25 s the first time), or raise :class:`MissingExtraError`."""
    try:
        import wordfreq  # noqa: F401
    except ImportError as exc:
        raise MissingExtraError(
            f"word familiarity needs the wordfreq package, which is not installed ({exc}); install it with: {_INSTALL}",
            name="wordfreq",
        ) from exc


def _languages(wordlist: str) -> dict[str, str]:
    """wordfreq's languages that have ``wordlist``: code -> data file (remembered: a directory listing)."""
    languages = _LANGUAGES.get(wordlist)
    if languages is None:
        _require_wordfreq()
        from wordfreq import available_languages

        languages = _LANGUAGES[wordlist] = dict(available_languages(wordlist))
    return languages


def _build(language: str, wordlist: str, alphabet: Alphabet) -> dict[str, float]:
    """Fold every entry of a wordfreq list into ``alphabet``: folded word -> highest Zipf frequency."""
    # read_cBpack, not get_frequency_list: that one keeps every list it read
    # in an unbounded cache (about 21 MB a language) next to this table.
    _require_wordfreq()
    from wordfreq import read_cBpack

    frequency_list = read_cBpack(_languages(wordlist)[language])
    # A folded entry made of single-character tiles only is a word of tiles
    # as it stands (greedy reading cannot fail, and writes no separator);
    # the full reading is needed only for a character that is no tile by
    # itself, just part of a longer one (none in the bundled alphabets).
    single_chars = frozenset(tile for tile in alphabet.tiles if len(tile) == 1)
    tile_chars = frozenset("".join(alphabet.tiles))
    fold = alphabet.fold
    table: dict[str, float] = {}
    # Bucket i holds the entries of -i centibels: Zipf (900 - i) / 100. The
    # buckets go from most to least frequent, so the first entry that folds
    # to a word gives its highest frequency.
    for i, bucket in enumerate(frequency_list):
        if not bucket:
            continue
        zipf = (900 - i) / 100
        for entry in bucket:
            if not entry.isalpha():  # digits, apostrophes, hyphens, "." (the tile separator)
                continue
            folded = fold(entry)
            if folded in table:
                continue
            if not single_chars.issuperset(folded):
                if not tile_chars.issuperset(folded):
                    continue
                try:
                    if alphabet.write(alphabet.tokenize(folded)) != folded:
                        continue
                except InvalidInputError:
                    continue
            table[folded] = zipf
    return table


class Familiarity:
    """How well known the words of one language are, as Zipf frequencies (0 to 8; 0: unknown).

    >>> from jarnac_solver.lexicon.lexicon import Lexicon
    >>> fam = Familiarity.for_lexicon(Lexicon.load("fr"))
    >>> fam.familiarity("maison") > fam.familiarity("ZOZOTER") > 0
    True
    >>> fam.familiarity("ETE") == fam.familiarity("été") > 5
    True
    >>> fam.familiarity("XQZW")
    0.0
    >>> fam.known("MAISON"), fam.known("ZOZOTER")
    (True, False)

    Cost (measured on a 2-core machine, wordfreq 3.1.1): the first lookup
    for a (language, wordlist, alphabet) reads and folds wordfreq's whole
    list, once per process. With ``"best"`` (the large lists: 310,000 to
    340,000 entries, 280,000 to 310,000 words once folded) it takes 0.35 to
    0.55 s (fr 0.44 s, en 0.35 s, es 0.53 s, nl 0.42 s) and keeps about
    25 MB (tracemalloc; the process grows by about 36 MB, and peaks at
    about 47 MB during the build); with ``"small"`` (about 30,000 words,
    none below Zipf 3) 0.02 to 0.09 s and about 2.6 MB. Later lookups, in
    any instance, are a fold and a dict lookup: 2 to 4 µs. A second
    instance costs about 0.1 ms. The table is shared by every instance
    and kept for the life of the process.
    """

    def __init__(self, language: str, alphabet: Alphabet, wordlist: str = "best") -> None:
        """The familiarity of ``language``'s words (a wordfreq code: ``fr``, ``en``, ``es``, ``nl``, ...)
        written in the tiles of ``alphabet``.

        ``wordlist`` is ``"best"`` (the default), ``"large"`` or ``"small"`` (see :data:`WORDLISTS`).
        Raises :class:`MissingExtraError` without wordfreq, :class:`InvalidInputError` on a language
        wordfreq does not know.

        >>> from jarnac_solver.lexicon.alphabet import DUTCH
        >>> Familiarity("nl", DUTCH).familiarity("IJS") > 3
        True
        """
        if not isinstance(language, str) or not language:
            raise InvalidInputError(
                f"language must be a non-empty string (a wordfreq code like 'fr'), not {language!r}"
            )
        if not isinstance(alphabet, Alphabet):
            raise InvalidInputError(f"alphabet must be an Alphabet, not {type(alphabet).__name__}")
        if wordlist not in WORDLISTS:
            raise InvalidInputError(f"wordlist must be one of {', '.join(WORDLISTS)}, not {wordlist!r}")
        _require_wordfreq()  # the clear error without wordfreq, even when a table is cached
        available = _languages(wordlist)
        if language not in available:
            raise InvalidInputError(
                f"wordfreq has no {wordlist!r} word list for the language {language!r}; "
                f"known: {', '.join(sorted(available))}"
            )
        self.language = language
        self.alphabet = alphabet
        self.wordlist = wordlist
        self._table: dict[str, float] | None = _CACHE.get((language, wordlist, alphabet))

    @classmethod
    def for_lexicon(cls, lexicon: WordList, wordlist: str = "best") -> Familiarity:
        """The familiarity of a lexicon's language, in its alphabet.

        The language is ``lexicon.metadata["language"]`` when set, else the
        first part of the lexicon's name: ``fr``, ``en`` (also for
        ``en-large``), ``es``, ``nl``. A lexicon whose name is no language
        (``custom``) needs ``metadata["language"]`` or the constructor.

        >>> from jarnac_solver.lexicon.lexicon import Lexicon
        >>> Familiarity.for_lexicon(Lexicon.load("en-large")).language
        'en'
        """
        lexicon = as_word_list(lexicon, f"expected a Lexicon, not {type(lexicon).__name__}")
        language = lexicon.metadata.get("language")
        if not isinstance(language, str) or not language:
            language = lexicon.name.split("-")[0]
            if language not in _languages(wordlist):
                raise InvalidInputError(
                    f"lexicon {lexicon.name!r}: its name does not start with a language that wordfreq knows; "
                    "name its file after its language (fr-mine.txt: the name is the file's stem), "
                    "or in Python set its metadata['language'] or use Familiarity(language, lexicon.alphabet)"
                )
        return cls(language, lexicon.alphabet, wordlist)

    def __repr__(self) -> str:
        return f"Familiarity({self.language!r}, alphabet {self.alphabet.name!r}, wordlist {self.wordlist!r})"

    def _lookup_table(self) -> dict[str, float]:
        table = self._table
        if table is None:
            key = (self.language, self.wordlist, self.alphabet)
            table = _CACHE.get(key)
            if table is None:
                table = _CACHE[key] = _build(self.language, self.wordlist, self.alphabet)
            self._table = table
        return table

    def familiarity(self, word: str) -> float:
        """The Zipf frequency of ``word`` once folded (0 to 8), or 0.0 for a word wordfreq does not know.

        ``word`` may be written as the lexicon writes it (``ETE``) or as text
        (``été``); a character outside the alphabet raises
        :class:`~jarnac_solver.errors.InvalidLetterError`.

        >>> from jarnac_solver.lexicon.alphabet import LATIN
        >>> Familiarity("en", LATIN).familiarity("the")
        7.73
        """
        if not isinstance(word, str):
            raise InvalidInputError(f"word must be a string, not {type(word).__name__}")
        tiles = self.alphabet.tokenize(word, what="word")
        if not tiles:
            raise InvalidInputError(f"word must hold at least one letter, not {word!r}")
        # "I.J" is two tiles: the key is the canonical writing of the tiles.
        key = self.alphabet.write(tiles) if SEPARATOR in word else self.alphabet.fold(word)
        return self._lookup_table().get(key, 0.0)

    def known(self, word: str, threshold: float = KNOWN_ZIPF) -> bool:
        """Whether ``word``'s familiarity is at least ``threshold`` (default: once per million words).

        >>> from jarnac_solver.lexicon.alphabet import LATIN
        >>> Familiarity("en", LATIN).known("house")
        True
        """
        if not is_number(threshold) or threshold != threshold:
            raise InvalidInputError(f"threshold must be a number (a Zipf frequency, 0 to 8), not {threshold!r}")
        return self.familiarity(word) >= threshold
