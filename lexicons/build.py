#!/usr/bin/env python3
"""Rebuild the bundled lexicons.

Two steps, so that the repository holds the text every binary comes from:

    python lexicons/build.py extract [NAME ...]  # Debian packages -> lexicons/NAME.txt (+ NAME.copyright)
    python lexicons/build.py compile [NAME ...]  # lexicons/NAME.txt -> jarnac_solver/data/NAME.jlex

``extract`` runs on a Debian machine: it installs the source packages with
apt-get (as root) and the ``spylls`` hunspell parser with pip when they are
missing. ``compile`` needs only the package itself and is deterministic: the
same text gives the same bytes, so a regenerated binary changes in git only
when its words changed.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "jarnac_solver" / "data"
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from jarnac_solver import Lexicon  # noqa: E402
from jarnac_solver.errors import InvalidLetterError  # noqa: E402
from jarnac_solver.lexicon.alphabet import alphabet_for  # noqa: E402

from hygiene import (  # noqa: E402
    INTERJECTIONS,
    INTERJECTIONS_KEPT_BY_LANGUAGE,
    PROPER_NOUN_KEPT,
    PROPER_NOUNS,
    VOWELLESS_KEPT,
    VOWELS,
)

SCOWL = Path("/usr/share/dict/scowl")
HUNSPELL = Path("/usr/share/hunspell")
WORDNET = Path("/usr/share/wordnet")
DICTD = Path("/usr/share/dictd")
# The FreeDict English-X dictionaries that WikDict generates from the English
# Wiktionary: each article opens with its headword and part of speech
# ("ouch /IPA/ <interjection>"), one article per part of speech.
WIKDICT = ("bul", "fin", "ind", "jpn", "nor")
WIKDICT_PACKAGES = tuple(f"dict-freedict-eng-{lang}" for lang in WIKDICT)
# The Dutch ones (nld-X, the Dutch Wiktionary): the same article format.
WIKDICT_DUTCH = ("bul", "fin", "ind", "ita", "swe")
WIKDICT_DUTCH_PACKAGES = tuple(f"dict-freedict-nld-{lang}" for lang in WIKDICT_DUTCH)
# WikDict parts of speech that do not make a word of the game by themselves.
WIKDICT_NOT_WORDS = frozenset(
    {"interjection", "pn", "prefix", "suffix", "symbol", "proverb", "idiom", "abbreviation", "phraseologicalUnit"}
)
# SCOWL's categories of capitalised entries (names, places, demonyms, brands ...).
SCOWL_NAME_CATEGORIES = ("upper", "proper-names")
# A SCOWL spelling capitalised at this size or less is a common name (SCOWL's sizes rank commonness).
SCOWL_COMMON_NAME_SIZE = 50
# WordNet's detachment rules (morph.c): the base forms an inflected form may come from.
WORDNET_SUFFIXES = {
    "noun": (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "verb": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adv": (),
}
# French stems whose po: tags are all among these are not words of the game:
# interjections, prefixes, suffixes, errors, symbols, Roman numerals, proper
# names (npr, patr: family names, titr: titles) and locutions.
FRENCH_DROPPED_TAGS = frozenset({"interj", "pfx", "sfx", "err", "sign", "nbro", "npr", "patr", "titr", "loc"})
FRENCH_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿœæ")
# The competitive rules (docs/rules.md#verb-forms) take verbs "only in the infinitive, past participle, or present
# participle": Dicollecte's po: tags of those suffix rules (past participles with their agreement).
FRENCH_COMPETITIVE_VERB_FORMS = frozenset({"infi", "ppre", "ppas"})
VERB_TAG = re.compile(r"v[0-3]")  # Dicollecte's verb entries: po:v0 (être, avoir) .. po:v3


@dataclass
class Report:
    """What an extraction read, dropped and kept, for lexicons/README.md."""

    entries: int = 0
    dropped: Counter[str] = field(default_factory=Counter)
    examples: dict[str, set[str]] = field(default_factory=dict)
    """The entries dropped for a reason, where they are worth listing."""

    def drop(self, reason: str, n: int = 1) -> None:
        self.dropped[reason] += n

    def drop_listed(self, reason: str, entry: str) -> None:
        """Drop one entry for a reason whose entries the extraction lists."""
        self.drop(reason)
        self.examples.setdefault(reason, set()).add(entry)


@dataclass(frozen=True)
class Source:
    """Where a bundled lexicon comes from and what its metadata says."""

    packages: tuple[str, ...]
    description: str
    licence: str
    copyright: Path
    alphabet: str
    extract: Callable[[Report], Iterable[str]]
    bag: str | None = None
    """The built-in bag of the language, when one is known (docs/rules.md#bag)."""
    licence_texts: tuple[str, ...] = ()
    """Licences in /usr/share/common-licenses whose text must ship with the data."""
    filter_packages: tuple[str, ...] = ()
    """Debian packages read only to tell which entries to drop (none of their text ships)."""


def ensure_packages(packages: Iterable[str]) -> None:
    """Install Debian packages that dpkg does not know yet, and spylls when missing."""
    missing = [p for p in packages if subprocess.run(["dpkg", "-s", p], capture_output=True).returncode != 0]
    if missing:
        print(f"installing Debian packages {' '.join(missing)} ...", file=sys.stderr)
        subprocess.run(["apt-get", "update", "-q"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "--no-install-recommends", *missing], check=True)
    if importlib.util.find_spec("spylls") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "spylls"], check=True)


def lower_at_source(entries: Iterable[str], report: Report) -> Iterable[str]:
    """Keep entries written all in lower case: a capital marks a proper noun or an acronym."""
    for entry in entries:
        report.entries += 1
        if entry != entry.lower():
            report.drop("written with a capital at the source (proper noun, acronym)")
        else:
            yield entry


def scowl(variants: tuple[str, ...], max_size: int) -> Callable[[Report], Iterable[str]]:
    """SCOWL ``VARIANT-words.SIZE`` entries with SIZE <= max_size, lower-case ones."""

    def extract(report: Report) -> Iterable[str]:
        entries: list[str] = []
        for variant in variants:
            for path in sorted(SCOWL.glob(f"{variant}-words.*")):
                size = path.suffix.lstrip(".")
                if size.isdigit() and int(size) <= max_size:
                    entries.extend(_read_scowl(path))
        return lower_at_source(entries, report)

    return extract


def word_list(path: Path) -> Callable[[Report], Iterable[str]]:
    """A plain word list, one entry a line, lower-case entries only."""

    def extract(report: Report) -> Iterable[str]:
        return lower_at_source(path.read_text(encoding="utf-8").split("\n"), report)

    return extract


def hunspell(
    name: str,
    dropped_tags: frozenset[str] = frozenset(),
    *,
    symbol_homographs: bool = False,
    verb_forms: frozenset[str] | None = None,
) -> Callable[[Report], Iterable[str]]:
    """Every form of a hunspell dictionary that hunspell itself accepts (see hunspell_expand).

    With ``verb_forms`` (``po:`` tags of suffix rules, e.g. infi, ppre, ppas),
    a verb's entry (tagged ``po:v0``..``po:v3``) gives only its stem (the
    infinitive) and the forms of suffixes carrying one of these tags: the
    competitive rules' verbs. Every other entry gives all its forms, so a
    noun or adjective spelled like a conjugated form stays (PORTES, FERMES).

    With ``symbol_homographs``, a stem with no vowel spelled like a KEEPCASE
    stem (a unit symbol) is that symbol used as a noun and is dropped too:
    French ``pt/S.() po:nom`` gives PTS, the plural of the abbreviation of
    "point", beside the symbol ``pt/||--`` of the pint.
    """

    def extract(report: Report) -> Iterable[str]:
        from hunspell_expand import accepted_by_hunspell, expand, read_dictionary, read_suffix_tags, suffix_key

        aff, stems = read_dictionary(str(HUNSPELL / name))
        keep: Callable[[object], bool] | None = None
        if verb_forms is not None:
            suffix_tags = read_suffix_tags(str(HUNSPELL / f"{name}.aff"))
            allowed = verb_forms

            def keep(suffix: object) -> bool:
                return bool(suffix_tags.get(suffix_key(suffix), frozenset()) & allowed)

        symbols = {entry.stem for entry in stems if aff.KEEPCASE and aff.KEEPCASE in entry.flags}
        forms: set[str] = set()
        for entry in stems:
            report.entries += 1
            if entry.stem != entry.stem.lower():
                report.drop("stem written with a capital (proper noun, acronym)")
                continue
            # A locution tag names its role after a dot (loc.adv, loc.interj):
            # judge it by its head, so fragments of locutions (FACTO, ETC) go too.
            tags = {tag.split(".")[0] for tag in entry.tags.get("po", ())}
            if tags and tags <= dropped_tags:
                report.drop(f"stem tagged only {'/'.join(sorted(tags))}")
                continue
            if aff.KEEPCASE and aff.KEEPCASE in entry.flags:
                report.drop("KEEPCASE stem (unit symbol)")
                continue
            # (Single letters are letter names, not symbols: the 1-2 tile rule judges them.)
            vowelless = not FRENCH_VOWELS & set(entry.stem)
            if symbol_homographs and len(entry.stem) > 1 and entry.stem in symbols and vowelless:
                report.drop_listed(
                    "stem with no vowel spelled like a unit symbol (the symbol used as a noun)", entry.stem
                )
                continue
            # A form longer than 12 characters cannot fold to 9 tiles: skip it early.
            if keep is not None and any(VERB_TAG.match(tag) for tag in entry.tags.get("po", ())):
                every = expand(aff, entry)
                allowed_forms = expand(aff, entry, keep)
                report.drop(
                    "conjugated verb form (competitive: infinitive and participles only)", len(every - allowed_forms)
                )
                forms.update(f for f in allowed_forms if len(f) <= 12)
                continue
            forms.update(f for f in expand(aff, entry) if len(f) <= 12)
        accepted = set(accepted_by_hunspell(str(HUNSPELL / name), forms))
        report.drop("generated form that hunspell rejects", len(forms) - len(accepted))
        return sorted(accepted)

    return extract


def _vowelless(word: str) -> bool:
    return not set(word) & set("aeiouy")


def _in_order(short: str, long: str) -> bool:
    """Whether the letters of ``short`` appear in ``long`` in the same order."""
    rest = iter(long)
    return all(letter in rest for letter in short)


@dataclass
class EnglishPartsOfSpeech:
    """What WikDict (Wiktionary) and WordNet say of an English word.

    An entry is dropped as an interjection when WikDict tags it ``interjection``
    and neither source gives it, or a base form of it, another part of speech
    (OUCH, BRR, HMM, SHH, PSST go; WOW, HELLO, RATS stay: WordNet has them as
    nouns or verbs). It is dropped as an abbreviation when it has no vowel and
    every WordNet synset holding it holds a longer synonym with the same first
    letter and its letters in order, the term it abbreviates (DKL: dekaliter);
    without the vowel condition clippings that are words would go (GYM, AD).
    """

    wikdict: dict[str, set[str]] = field(default_factory=dict)
    """headword -> WikDict parts of speech"""
    synsets: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)
    """lemma written in lower case in WordNet -> the lemmas of each synset holding it"""
    lemmas: dict[str, set[str]] = field(default_factory=dict)
    """WordNet part of speech -> its lemmas written in lower case"""
    exceptions: dict[str, set[str]] = field(default_factory=dict)
    """irregular form -> its base forms (WordNet's *.exc files)"""
    capitalised: set[str] = field(default_factory=set)
    """WordNet lemmas written with a capital (James, Russia), folded to lower case"""
    scowl_lower: dict[str, int] = field(default_factory=dict)
    """lower-case SCOWL entry -> the smallest size of a -words list holding it (any variant)"""
    scowl_capital: dict[str, int] = field(default_factory=dict)
    """folded SCOWL name (upper, proper-names lists) -> the smallest size listing it capitalised"""

    @classmethod
    def load(cls) -> EnglishPartsOfSpeech:
        pos = cls()
        for lang in WIKDICT:
            pos._read_wikdict(DICTD / f"freedict-eng-{lang}.index", DICTD / f"freedict-eng-{lang}.dict.dz")
        for part in WORDNET_SUFFIXES:
            words = pos.lemmas.setdefault(part, set())
            for line in (WORDNET / f"data.{part}").read_text(encoding="utf-8").splitlines():
                if line.startswith(" "):
                    continue  # the licence header
                fields = line.split()
                # "(a)", "(p)", "(ip)" after an adjective mark its position.
                synset = tuple(re.sub(r"\(.*\)$", "", lemma) for lemma in fields[4 : 4 + 2 * int(fields[3], 16) : 2])
                for lemma in synset:
                    if lemma == lemma.lower():  # PST, Roger: acronyms and names are written with capitals
                        words.add(lemma)
                        pos.synsets.setdefault(lemma, []).append(synset)
                    else:
                        pos.capitalised.add(lemma.lower())
            for line in (WORDNET / f"{part}.exc").read_text(encoding="utf-8").splitlines():
                form, *bases = line.split()
                pos.exceptions.setdefault(form, set()).update(bases)
        for path in sorted(SCOWL.iterdir()):
            match = re.fullmatch(r"[a-z_0-9]+-([a-z-]+)\.(\d+)", path.name)
            if not match or match.group(1) not in ("words", *SCOWL_NAME_CATEGORIES):
                continue
            size = int(match.group(2))
            for entry in _read_scowl(path):
                folded = entry.lower()
                target = pos.scowl_lower if match.group(1) == "words" else pos.scowl_capital
                if (entry == folded) == (match.group(1) == "words") and size < target.get(folded, 1000):
                    target[folded] = size
        return pos

    def _read_wikdict(self, index: Path, dictionary: Path) -> None:
        read_wikdict(index, dictionary, self.wikdict)

    def bases(self, word: str) -> set[str]:
        """The word and every base form WordNet's morphology may reduce it to."""
        found = {word} | self.exceptions.get(word, set())
        for rules in WORDNET_SUFFIXES.values():
            found.update(word[: -len(end)] + base for end, base in rules if word.endswith(end) and len(word) > len(end))
        return found

    def is_word(self, word: str) -> bool:
        """Whether a base form of ``word`` is a noun, verb, adjective, adverb, ... in either source."""
        bases = self.bases(word)
        if any(bases & lemmas for lemmas in self.lemmas.values()):
            return True
        return any(self.wikdict.get(base, set()) - WIKDICT_NOT_WORDS for base in bases)

    def is_abbreviation(self, word: str) -> bool:
        synsets = self.synsets.get(word)
        if not synsets or not _vowelless(word):
            return False
        for synset in synsets:
            longer = (re.sub("[^a-z]", "", lemma.lower()) for lemma in synset if lemma != word)
            if not any(len(o) > len(word) and o[0] == word[0] and _in_order(word, o) for o in longer):
                return False
        return True

    def is_proper_noun(self, word: str) -> bool:
        """SCOWL lists ``word`` lower case only at size 80 but capitalised as a common name
        (size <= 50), WordNet writes it only with a capital, and no source has a lower-case sense."""
        if word in PROPER_NOUN_KEPT or self.scowl_lower.get(word, 0) < 80:
            return False
        if self.scowl_capital.get(word, 1000) > SCOWL_COMMON_NAME_SIZE:
            return False
        # Only the inflections a name could wear (JAMES is not a form of JAM): plural -s, -es after a sibilant.
        bases = {word} | self.exceptions.get(word, set())
        if word.endswith("s") and not word.endswith("es"):
            bases.add(word[:-1])
        if re.search(r"(s|x|z|ch|sh)es$", word):
            bases.add(word[:-2])
        if word.endswith("ies"):
            bases.add(word[:-3] + "y")
        words = any(bases & lemmas for lemmas in self.lemmas.values())
        words = words or any(self.wikdict.get(base, set()) - WIKDICT_NOT_WORDS for base in bases)
        return bool(bases & self.capitalised) and not words

    def reason_to_drop(self, word: str) -> str | None:
        if word in INTERJECTIONS["en"]:
            return "interjection that no source tags (reviewed list, lexicons/hygiene.py)"
        if "interjection" in self.wikdict.get(word, ()) and not self.is_word(word):
            return "interjection only (WikDict; no other part of speech in WikDict or WordNet)"
        if word in PROPER_NOUNS:
            return "proper noun that no rule catches (reviewed list, lexicons/hygiene.py)"
        if self.is_proper_noun(word):
            return "proper noun (SCOWL: a common name, lower case only at size 80; WordNet: capitalised only)"
        if self.is_abbreviation(word):
            return "abbreviation with no vowel (WordNet lists it beside the term it abbreviates)"
        return None


def read_wikdict(index: Path, dictionary: Path, into: dict[str, set[str]]) -> None:
    """Each WikDict article's headword and part of speech (the head of its tag: ``<n, m>`` is n)."""
    data = gzip.decompress(dictionary.read_bytes())  # dictzip is gzip
    for line in index.read_text(encoding="utf-8").splitlines():
        headword, offset, length = line.split("\t")
        start = _dictd_number(offset)
        first = data[start : start + _dictd_number(length)].decode("utf-8").split("\n", 1)[0]
        tag = re.search(r"<([A-Za-z ]+)(?:,[^>]*)?>$", first)
        if tag and first.startswith(headword + " "):
            into.setdefault(headword, set()).add(tag.group(1))


def _read_scowl(path: Path) -> list[str]:
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return text.split()


def _dictd_number(text: str) -> int:
    """A dictd index number, written in base 64."""
    digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    value = 0
    for char in text:
        value = value * 64 + digits.index(char)
    return value


def english_words(extract: Callable[[Report], Iterable[str]]) -> Callable[[Report], Iterable[str]]:
    """Drop the interjections and abbreviations that WikDict and WordNet tell (see EnglishPartsOfSpeech)."""

    def run(report: Report) -> Iterable[str]:
        pos = EnglishPartsOfSpeech.load()
        for entry in extract(report):
            reason = pos.reason_to_drop(entry)
            if reason is None:
                yield entry
            else:
                report.drop_listed(reason, entry)

    return run


def dutch_words(extract: Callable[[Report], Iterable[str]]) -> Callable[[Report], Iterable[str]]:
    """Drop the entries that WikDict (nld-X) tags only as interjections (hygiene.py, rule 2)."""

    def run(report: Report) -> Iterable[str]:
        tags: dict[str, set[str]] = {}
        for lang in WIKDICT_DUTCH:
            read_wikdict(DICTD / f"freedict-nld-{lang}.index", DICTD / f"freedict-nld-{lang}.dict.dz", tags)
        for entry in extract(report):
            found = tags.get(entry, set())
            kept = entry in INTERJECTIONS_KEPT_BY_LANGUAGE["nl"]
            if "interjection" in found and not found - WIKDICT_NOT_WORDS and not kept:
                report.drop_listed("interjection only (WikDict nld; no other part of speech there)", entry)
            else:
                yield entry

    return run


def plain_letters(entries: Iterable[str], report: Report) -> Iterable[str]:
    """Drop entries with modifier letters (XIXᵉ: an abbreviated ordinal, not a word)."""
    for entry in entries:
        if any(unicodedata.category(c) == "Lm" for c in entry):
            report.drop("holds a modifier letter (abbreviation such as XIXᵉ)")
        else:
            yield entry


# Short entries with none of VOWELS (hygiene.py) are abbreviations, symbols or bare
# consonant names in every source (CM, KG, SR, PT, B): they are not played; longer
# ones are acronyms or interjections (BTW, PST) unless hygiene.VOWELLESS_KEPT says why not.

SCOWL_VARIANTS = ("english", "american", "british", "british_z", "canadian", "australian")

SOURCES = {
    "en": Source(
        packages=("scowl",),
        description=(
            "English (SCOWL sizes <= 70, every English variant), lower-case entries only,"
            " without the interjections, abbreviations and acronyms that WikDict, WordNet and lexicons/hygiene.py tell"
        ),
        licence="SCOWL (permissive; see en.copyright)",
        copyright=Path("/usr/share/doc/scowl/copyright"),
        alphabet="latin",
        extract=english_words(scowl(SCOWL_VARIANTS, 70)),
        bag="en",
        filter_packages=("wordnet-base", *WIKDICT_PACKAGES),
    ),
    "en-large": Source(
        packages=("scowl",),
        description=(
            "English, word-game size (SCOWL sizes <= 80, every English variant: holds all of en),"
            " lower-case entries only, without the proper nouns, interjections, abbreviations and acronyms"
            " that SCOWL, WikDict, WordNet and lexicons/hygiene.py tell"
        ),
        licence="SCOWL (permissive; see en-large.copyright)",
        copyright=Path("/usr/share/doc/scowl/copyright"),
        alphabet="latin",
        extract=english_words(scowl(SCOWL_VARIANTS, 80)),
        bag="en",
        filter_packages=("wordnet-base", *WIKDICT_PACKAGES),
    ),
    "fr": Source(
        packages=("hunspell", "hunspell-fr-classical"),
        description="French (Dicollecte hunspell-fr-classical, expanded to every inflected form)",
        licence="MPL-2.0 (see fr.copyright)",
        copyright=Path("/usr/share/doc/hunspell-fr-classical/copyright"),
        alphabet="latin",
        extract=hunspell("fr", FRENCH_DROPPED_TAGS, symbol_homographs=True),
        licence_texts=("MPL-2.0",),
        bag="fr",
    ),
    "fr-competitive": Source(
        packages=("hunspell", "hunspell-fr-classical"),
        description=(
            "French for the competitive rules: fr with verbs only as infinitives and present and past"
            " participles (with their agreement), as Dicollecte's morphological tags tell"
        ),
        licence="MPL-2.0 (see fr-competitive.copyright)",
        copyright=Path("/usr/share/doc/hunspell-fr-classical/copyright"),
        alphabet="latin",
        extract=hunspell("fr", FRENCH_DROPPED_TAGS, symbol_homographs=True, verb_forms=FRENCH_COMPETITIVE_VERB_FORMS),
        licence_texts=("MPL-2.0",),
        bag="fr",
    ),
    "es": Source(
        packages=("hunspell", "hunspell-es"),
        description="Spanish (hunspell-es es_ES, expanded to every inflected form, without acronyms); Ñ folded to N",
        licence="MPL-1.1, the option taken of the tri-licence (see es.copyright)",
        copyright=Path("/usr/share/doc/hunspell-es/copyright"),
        alphabet="latin",
        extract=hunspell("es_ES"),
        licence_texts=("MPL-1.1",),
    ),
    "nl": Source(
        packages=("wdutch",),
        description=(
            "Dutch (OpenTaal word list of wdutch), with IJ as one tile, without acronyms"
            " and the interjections WikDict tells"
        ),
        licence="BSD or CC-BY-3.0 (see nl.copyright)",
        copyright=Path("/usr/share/doc/wdutch/copyright"),
        alphabet="dutch",
        extract=dutch_words(word_list(Path("/usr/share/dict/dutch"))),
        filter_packages=WIKDICT_DUTCH_PACKAGES,
    ),
}


def write_notice(spec: Source, target: Path) -> None:
    """Copy the Debian copyright file, then the full text of the licence the
    data is taken under (Debian only points to /usr/share/common-licenses)."""
    text = spec.copyright.read_text(encoding="utf-8")
    for licence in spec.licence_texts:
        path = Path("/usr/share/common-licenses") / licence
        text += f"\n\n---- the licence this data is taken under: {licence} ----\n\n" + path.read_text(encoding="utf-8")
    target.write_text(text, encoding="utf-8")


def extract(name: str) -> None:
    """Write ``lexicons/NAME.txt``: the folded 1-9 tile words, sorted, one a line."""
    spec = SOURCES[name]
    ensure_packages(spec.packages + spec.filter_packages)
    report = Report()
    alphabet = alphabet_for(spec.alphabet)
    kept: set[str] = set()
    for entry in plain_letters(spec.extract(report), report):
        try:
            tiles = alphabet.tokenize(entry, what="entry")
        except InvalidLetterError:
            report.drop("holds a character outside the alphabet (hyphen, apostrophe, digit, ...)")
            continue
        if not tiles:
            continue
        if len(tiles) > 9:
            report.drop("longer than 9 tiles")
            continue
        if len(tiles) <= 2 and not VOWELS.intersection(tiles):
            report.drop("1-2 tiles without a vowel (abbreviation or symbol: cm, kg, Sr)")
            continue
        word = "".join(tiles)
        if not VOWELS.intersection(tiles) and word not in VOWELLESS_KEPT:
            report.drop_listed("3+ tiles without a vowel (acronym, abbreviation or interjection: BTW, PST)", word)
            continue
        kept.add(word)
    words = sorted(kept)
    (HERE / f"{name}.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    write_notice(spec, HERE / f"{name}.copyright")
    removed = {reason: count for reason, count in sorted(report.dropped.items(), key=lambda rc: (-rc[1], rc[0]))}
    (HERE / f"{name}.removed.json").write_text(
        json.dumps(removed, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(f"{name}: {report.entries} entries read, {len(words)} words kept")
    for reason, count in report.dropped.most_common():
        print(f"  dropped {count}: {reason}")
        if reason in report.examples:
            print(f"    {' '.join(sorted(report.examples[reason]))}")


def compile_one(name: str) -> Path:
    """Compile ``lexicons/NAME.txt`` to ``jarnac_solver/data/NAME.jlex`` with its notice."""
    spec = SOURCES[name]
    lex = Lexicon.from_file(
        HERE / f"{name}.txt",
        alphabet_for(spec.alphabet),
        strict=True,
        metadata={
            "name": name,
            "source": f"Debian package{'s' if len(spec.packages) > 1 else ''} {', '.join(spec.packages)}"
            + (f"; filtered with {', '.join(spec.filter_packages)}" if spec.filter_packages else ""),
            "licence": spec.licence,
            "description": spec.description,
            **({"bag": spec.bag} if spec.bag else {}),
            "removed": json.loads((HERE / f"{name}.removed.json").read_text(encoding="utf-8")),
        },
    )
    DATA.mkdir(parents=True, exist_ok=True)
    out = DATA / f"{name}.jlex"
    data = lex.to_bytes()
    if not out.exists() or out.read_bytes() != data:
        out.write_bytes(data)
        print(f"{name}: wrote {out} ({len(data)} bytes, {len(lex)} words)")
    else:
        print(f"{name}: {out} unchanged")
    shutil.copyfile(HERE / f"{name}.copyright", DATA / f"{name}.copyright")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="step", required=True)
    for step in ("extract", "compile"):
        command = sub.add_parser(step)
        command.add_argument("names", nargs="*", default=sorted(SOURCES))
    args = parser.parse_args()
    for name in args.names:
        if name not in SOURCES:
            parser.error(f"unknown lexicon {name!r}; known: {', '.join(sorted(SOURCES))}")
        if args.step == "extract":
            extract(name)
        else:
            compile_one(name)


if __name__ == "__main__":
    main()
