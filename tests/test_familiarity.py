"""Word familiarity from the optional wordfreq package (the ``familiarity`` extra)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
import wordfreq

from jarnac_solver.errors import InvalidInputError, InvalidLetterError, JarnacError, MissingExtraError
from jarnac_solver.lexicon.alphabet import DUTCH, LATIN, Alphabet
from jarnac_solver.lexicon.familiarity import Familiarity
from jarnac_solver.lexicon.lexicon import Lexicon

# A common word and a rare one of each bundled lexicon that wordfreq knows.
COMMON_RARE = {
    "fr": ("MAISON", "ZOZOTER"),
    "en": ("HOUSE", "SYZYGY"),
    "en-large": ("HOUSE", "SYZYGY"),
    "es": ("CASA", "ABACA"),
    "nl": ("HUIS", "JAKKEREN"),
}


@pytest.fixture(scope="module")
def lexicons() -> dict[str, Lexicon]:
    return {name: Lexicon.load(name) for name in COMMON_RARE}


@pytest.mark.parametrize("name", sorted(COMMON_RARE))
def test_common_words_rank_above_rare_ones(name: str, lexicons: dict[str, Lexicon]) -> None:
    lexicon = lexicons[name]
    common, rare = COMMON_RARE[name]
    assert common in lexicon
    assert rare in lexicon
    fam = Familiarity.for_lexicon(lexicon)
    assert fam.language == name.split("-")[0]
    assert fam.familiarity(common) > 5 > 3 > fam.familiarity(rare) > 0
    assert fam.known(common)
    assert not fam.known(rare)
    assert fam.known(rare, threshold=0.5)


@pytest.mark.parametrize("name", ["fr", "en", "es", "nl"])
def test_familiarity_is_at_least_wordfreqs_own_figure(name: str, lexicons: dict[str, Lexicon]) -> None:
    """The folded table holds the word itself among the entries that fold to it."""
    lexicon = lexicons[name]
    fam = Familiarity.for_lexicon(lexicon)
    sample = random.Random(name).sample(sorted(lexicon), 150)
    for word in sample:
        own = wordfreq.zipf_frequency(word.lower(), fam.language)
        assert fam.familiarity(word) >= own - 1e-9, word
    assert 0 <= min(map(fam.familiarity, sample)) <= max(map(fam.familiarity, sample)) <= 8


def test_accents_and_ligatures_are_folded() -> None:
    fr = Familiarity("fr", LATIN)
    zipf = wordfreq.zipf_frequency
    assert fr.familiarity("ETE") == fr.familiarity("été") == pytest.approx(max(zipf("été", "fr"), zipf("ete", "fr")))
    assert fr.familiarity("ETE") > zipf("ete", "fr")  # the accented entry counts, not just the bare one
    assert fr.familiarity("COEUR") == fr.familiarity("cœur") == pytest.approx(zipf("cœur", "fr"))
    es = Familiarity("es", LATIN)  # Ñ folds to N: año and ano are one word, ANO
    assert es.familiarity("ANO") == pytest.approx(max(zipf("año", "es"), zipf("ano", "es")))


def test_dutch_ij_is_one_tile(lexicons: dict[str, Lexicon]) -> None:
    nl = lexicons["nl"]
    assert nl.alphabet == DUTCH
    assert "IJS" in nl
    fam = Familiarity.for_lexicon(nl)
    assert fam.alphabet == DUTCH
    assert fam.familiarity("IJS") == pytest.approx(wordfreq.zipf_frequency("ijs", "nl"))
    assert fam.familiarity("IJS") > 3
    assert fam.familiarity("ĳs") == fam.familiarity("ijs") == fam.familiarity("IJS")  # the ligature character
    assert fam.familiarity("ZIJN") > 6
    assert fam.familiarity("I.JS") == 0.0  # the tiles I, J, S: no word


def test_unknown_words_have_zero_familiarity(lexicons: dict[str, Lexicon]) -> None:
    fam = Familiarity("fr", LATIN)
    assert "ZYTHUM" in lexicons["fr"]  # a word of the lexicon that wordfreq does not know
    assert fam.familiarity("ZYTHUM") == 0.0
    assert fam.familiarity("XQZWK") == 0.0
    assert fam.known("XQZWK", threshold=0) is True  # 0 is "at least 0"
    assert fam.known("XQZWK", threshold=0.01) is False


def test_the_table_is_built_once_per_language_and_alphabet() -> None:
    a = Familiarity("en", LATIN)
    b = Familiarity("en", Alphabet(LATIN.tiles, name="another-name"))  # equal alphabets share
    a.familiarity("HOUSE")
    assert a._lookup_table() is b._lookup_table()
    assert Familiarity("en", DUTCH)._lookup_table() is not a._lookup_table()
    assert Familiarity("en", LATIN, "small")._lookup_table() is not a._lookup_table()


def test_for_lexicon_reads_the_language_from_metadata_or_name() -> None:
    lex = Lexicon.from_words(["house", "syzygy"], metadata={"language": "en"})
    fam = Familiarity.for_lexicon(lex)
    assert fam.language == "en"
    assert fam.familiarity("HOUSE") > fam.familiarity("SYZYGY") > 0
    assert Familiarity.for_lexicon(Lexicon.from_words(["huis"], metadata={"name": "nl-mine"})).language == "nl"
    with pytest.raises(InvalidInputError, match=r"'custom'.*metadata\['language'\]"):
        Familiarity.for_lexicon(Lexicon.from_words(["house"]))
    with pytest.raises(InvalidInputError, match="Lexicon, not str"):
        Familiarity.for_lexicon("fr")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (("xx", LATIN), "language 'xx'"),
        (("", LATIN), "language must be"),
        ((3, LATIN), "language must be .* not 3"),
        (("fr", "latin"), "alphabet must be an Alphabet, not str"),
        (("fr", LATIN, "huge"), "wordlist .* not 'huge'"),
    ],
)
def test_bad_construction_is_refused(args: tuple[object, ...], match: str) -> None:
    with pytest.raises(InvalidInputError, match=match) as info:
        Familiarity(*args)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)


def test_bad_words_are_refused() -> None:
    fam = Familiarity("en", LATIN)
    with pytest.raises(InvalidInputError, match="word must be a string, not int"):
        fam.familiarity(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidLetterError, match="word 'R2D2' holds '2'") as info:
        fam.familiarity("R2D2")
    assert info.value.char == "2"
    assert isinstance(info.value, ValueError)
    with pytest.raises(InvalidLetterError, match="' '"):
        fam.familiarity("ice cream")
    with pytest.raises(InvalidInputError, match="at least one letter"):
        fam.familiarity("")
    with pytest.raises(InvalidInputError, match="threshold must be a number"):
        fam.known("HOUSE", threshold="3")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="threshold must be a number"):
        fam.known("HOUSE", threshold=float("nan"))


def test_missing_wordfreq_raises_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "wordfreq", None)  # "import wordfreq" now fails
    with pytest.raises(MissingExtraError, match=r"pip install 'jarnac-solver\[familiarity\]'") as info:
        Familiarity("fr", LATIN)
    assert isinstance(info.value, JarnacError)
    assert isinstance(info.value, ImportError)
    assert info.value.name == "wordfreq"
    with pytest.raises(MissingExtraError):
        Familiarity.for_lexicon(Lexicon.from_words(["maison"], metadata={"language": "fr"}))


def test_importing_the_module_does_not_import_wordfreq() -> None:
    code = "import sys, jarnac_solver.lexicon.familiarity; assert 'wordfreq' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_letter_that_is_only_part_of_a_longer_tile() -> None:
    """An alphabet where J exists only inside IJ: entries with a lone J are no words of tiles."""
    no_lone_j = Alphabet([t for t in LATIN.tiles if t != "J"] + ["IJ"], name="no-lone-j")
    fam = Familiarity("nl", no_lone_j, "small")
    table = fam._lookup_table()
    assert table
    assert all("J" not in word.replace("IJ", "") for word in table)
    assert fam.familiarity("IJS") == Familiarity("nl", DUTCH, "small").familiarity("IJS") > 3
    with pytest.raises(InvalidLetterError, match="'J'"):
        fam.familiarity("jaar")
