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
from jarnac_solver.lexicon.alphabet import Alphabet, alphabet_for  # noqa: E402

from hygiene import (  # noqa: E402
    ABBREVIATIONS,
    ABBREVIATIONS_KEPT_SPANISH,
    INTERJECTIONS,
    INTERJECTIONS_KEPT_BY_LANGUAGE,
    INTERJECTIONS_KEPT_SPANISH,
    IRREGULAR_PLURALS,
    NOT_WORDS,
    PROPER_NOUN_KEPT,
    PROPER_NOUNS,
    SEPARATE_I_J,
    SPANISH_ADDED,
    VOWELLESS_KEPT,
    VOWELS,
)

# Every Debian package read, pinned: a rebuild from other versions would give other lists, so
# extract refuses to run on them (install these versions, or change a pin and review the diff).
PINNED = {
    "scowl": "2020.12.07-2",
    "hunspell-fr-classical": "1:7.0-1",
    "hunspell-es": "1:7.5.0-1",
    "wdutch": "1:2.20.19-2",
    "wordnet-base": "1:3.0-37",
    **{f"dict-freedict-eng-{lang}": "2022.12.07-2" for lang in ("bul", "fin", "ind", "jpn", "nor")},
    **{f"dict-freedict-nld-{lang}": "2022.12.07-2" for lang in ("bul", "fin", "ind", "ita", "swe")},
    "apertium-eng-spa": "0.8.1-2",
    "apertium-spa-cat": "2.2.0-3",
    "apertium-es-pt": "1.1.6-1",
    "apertium-es-gl": "1.0.9-3",
    "apertium-spa-ita": "0.2.1-3",
    "apertium-fr-es": "0.9.4-1",
    "apertium-oc-es": "1.0.8-1",
    "apertium-eo-es": "1:0.9.2-1",
}
"""Debian package -> the version every bundled list was built from."""
SPYLLS = "spylls==0.1.7"

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
# Apertium's Spanish morphological analysers (GPL: read only to tell which stems to drop),
# one per language pair holding Spanish: (package, analyser file). Each tags a word's part of
# speech (<n>, <vblex>, <adj>, <ij> interjection, ...); abbreviations are entries written with
# their dot (sra., pág., etc.) or tagged <acr>.
APERTIUM = Path("/usr/share/apertium")
APERTIUM_SPANISH = (
    ("apertium-eng-spa", "apertium-eng-spa/spa-eng"),
    ("apertium-spa-cat", "apertium-spa-cat/spa-cat"),
    ("apertium-es-pt", "apertium-es-pt/es-pt"),
    ("apertium-es-gl", "apertium-es-gl/es-gl"),
    ("apertium-spa-ita", "apertium-spa-ita/spa-ita"),
    ("apertium-fr-es", "apertium-fr-es/es-fr"),
    ("apertium-oc-es", "apertium-oc-es/es-oc"),
    ("apertium-eo-es", "apertium-es-eo/es-eo"),
)
# Apertium tags that do not make a word of the game by themselves: interjection, acronym or
# abbreviation, proper noun.
APERTIUM_NOT_WORDS = frozenset({"ij", "acr", "abbr", "np"})
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
    why: dict[str, str] = field(default_factory=dict)
    """entry or form at the source -> the rule that dropped it (for the diff report)"""
    admitted: dict[str, str] = field(default_factory=dict)
    """entry at the source -> the reviewed rule that added it (the rest come from the source)"""
    added: Counter[str] = field(default_factory=Counter)

    def drop(self, reason: str, n: int = 1) -> None:
        self.dropped[reason] += n

    def drop_listed(self, reason: str, entry: str, forms: Iterable[str] = ()) -> None:
        """Drop one entry for a reason whose entries the extraction lists (with the forms it would give)."""
        self.drop(reason)
        self.examples.setdefault(reason, set()).add(entry)
        self.why[entry] = reason
        for form in forms:
            self.why.setdefault(form, reason)

    def add(self, rule: str, entry: str, detail: str = "") -> None:
        """Admit one entry that the source lacks, by a reviewed rule (with what the review says of it)."""
        self.admitted[entry] = f"{rule}: {detail}" if detail else rule
        self.added[rule] += 1


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


def installed_version(package: str) -> str | None:
    """The version of a Debian package dpkg has installed, or None."""
    done = subprocess.run(["dpkg-query", "-W", "-f=${Status}|${Version}", package], capture_output=True, text=True)
    status, _, version = done.stdout.partition("|")
    return version if done.returncode == 0 and status.endswith(" installed") else None


def sources_missing(packages: Iterable[str]) -> list[str]:
    """The packages (as ``name=version``) not installed at their pinned version."""
    return [f"{p}={PINNED[p]}" for p in packages if p in PINNED and installed_version(p) != PINNED[p]] + [
        p for p in packages if p not in PINNED and installed_version(p) is None
    ]


def ensure_packages(packages: Iterable[str]) -> None:
    """Install the Debian packages at their pinned versions, and spylls when missing."""
    packages = tuple(packages)
    missing = sources_missing(packages)
    if missing:
        print(f"installing Debian packages {' '.join(missing)} ...", file=sys.stderr)
        subprocess.run(["apt-get", "update", "-q"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "--no-install-recommends", *missing], check=True)
    still = sources_missing(packages)
    if still:
        raise SystemExit(f"the pinned sources are not installed: {' '.join(still)}")
    if importlib.util.find_spec("spylls") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", SPYLLS], check=True)


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
    stem_marks: Callable[[Iterable[str]], dict[str, str]] | None = None,
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

    With ``stem_marks``, a function of the lower-case stems giving the stems to
    drop and why (Spanish: the interjections and abbreviations Apertium
    tells), those stems are dropped with every form they give.
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
        marked = stem_marks({e.stem for e in stems if e.stem == e.stem.lower()}) if stem_marks else {}
        forms: set[str] = set()
        for entry in stems:
            report.entries += 1
            if entry.stem != entry.stem.lower():
                report.drop("stem written with a capital (proper noun, acronym)")
                continue
            if entry.stem in marked:
                report.drop_listed(marked[entry.stem], entry.stem, expand(aff, entry))
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
        if word in NOT_WORDS["en"]:
            return "no word of the language (reviewed list, lexicons/hygiene.py)"
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
        kept: set[str] = set()
        for entry in extract(report):
            reason = pos.reason_to_drop(entry)
            if reason is None:
                kept.add(entry)
                yield entry
            else:
                report.drop_listed(reason, entry)
        # Irregular plurals the source lacks: reviewed, given by WordNet's noun.exc, and only beside their base.
        for plural, base in IRREGULAR_PLURALS.items():
            if plural not in kept and base in kept and base in pos.exceptions.get(plural, set()):
                report.add("irregular plural of a word of the list (WordNet noun.exc; reviewed list)", plural, base)
                yield plural

    return run


def dutch_words(extract: Callable[[Report], Iterable[str]]) -> Callable[[Report], Iterable[str]]:
    """Drop the entries that WikDict (nld-X) tags only as interjections and the reviewed interjections
    and acronyms (hygiene.py, rules 2 and 4); spell the reviewed loans with I and J as two tiles."""

    def run(report: Report) -> Iterable[str]:
        tags: dict[str, set[str]] = {}
        for lang in WIKDICT_DUTCH:
            read_wikdict(DICTD / f"freedict-nld-{lang}.index", DICTD / f"freedict-nld-{lang}.dict.dz", tags)
        # Dutch accents mark stress only (hallo, halló): the rules judge an entry without them.
        by_plain: dict[str, set[str]] = {}
        for word, found in tags.items():
            by_plain.setdefault(_plain(word), set()).update(found)
        kept_plain = {_plain(w) for w in INTERJECTIONS_KEPT_BY_LANGUAGE["nl"]}
        interjections = {_plain(w) for w in INTERJECTIONS["nl"]}
        acronyms = {_plain(w) for w in ABBREVIATIONS["nl"]}
        for entry in extract(report):
            plain = _plain(entry)
            found = by_plain.get(plain, set())
            if "interjection" in found and not found - WIKDICT_NOT_WORDS and plain not in kept_plain:
                report.drop_listed("interjection only (WikDict nld; no other part of speech there)", entry)
            elif plain in interjections:
                report.drop_listed("interjection that no source tags (reviewed list, lexicons/hygiene.py)", entry)
            elif plain in acronyms:
                report.drop_listed("acronym written in lower case (reviewed list, lexicons/hygiene.py)", entry)
            elif entry in SEPARATE_I_J:
                # bi.jou: the alphabet reads a dot between I and J as two tiles.
                spelled = entry.replace("ij", "i.j")
                report.admitted[spelled] = "i and j two letters, two tiles (reviewed list, lexicons/hygiene.py)"
                report.why[entry] = f"spelled {spelled.upper()}: i and j two tiles (reviewed list, lexicons/hygiene.py)"
                yield spelled
            else:
                yield entry

    return run


def apertium_analyses(analyser: Path, words: list[str]) -> list[list[str]]:
    """Each word's analyses by an Apertium analyser (``lt-proc -a``), [] when it does not know
    the word as one token (``pág.`` read as ``pág`` then ``.`` is not known as one)."""
    done = subprocess.run(
        ["lt-proc", "-a", str(analyser)], input="\n".join(words) + "\n", capture_output=True, text=True, check=True
    )
    lines = done.stdout.split("\n")
    if len(lines) < len(words):
        raise SystemExit(f"lt-proc gave {len(lines)} lines for {len(words)} words ({analyser})")
    found: list[list[str]] = []
    for word, line in zip(words, lines, strict=False):
        token = re.match(r"\^(.*?)/(.*?)\$", line)
        if token is None or token.group(1) != word or token.group(2).startswith("*"):
            found.append([])
        else:
            found.append(token.group(2).split("/"))
    return found


def spanish_marks(stems: Iterable[str]) -> dict[str, str]:
    """The hunspell-es stems that are interjections or abbreviations, and why (hygiene.py, rules 2 and 4).

    An interjection: an Apertium analyser tags the stem ``<ij>`` and none gives it another part
    of speech (HOLA, CARAMBA go; ADIÓS, BRAVO, VAYA stay: nouns, adjectives, verb forms), unless
    ``INTERJECTIONS_KEPT_SPANISH`` names its other sense (AY, a noun). An abbreviation: an
    analyser reads the stem followed by a dot as one token whose lemma keeps the dot (``sra.``,
    ``pág.``, ``etc.``) or tags the bare stem ``<acr>``, unless ``ABBREVIATIONS_KEPT_SPANISH``
    names the word it is too (MAR, ID). Apertium gives an abbreviation the part of speech of
    what it abbreviates (``etc`` an adverb, ``tfno`` a noun), so another part of speech does not
    keep a marked abbreviation. The reviewed lists ``INTERJECTIONS["es"]`` and
    ``ABBREVIATIONS["es"]`` name those no analyser marks.
    """
    words = sorted(stems)
    tags: dict[str, set[str]] = {w: set() for w in words}
    dotted: set[str] = set()
    for _, name in APERTIUM_SPANISH:
        analyser = APERTIUM / f"{name}.automorf.bin"
        for word, analyses in zip(words, apertium_analyses(analyser, words), strict=True):
            for analysis in analyses:
                found = re.findall(r"<([^>]+)>", analysis)
                if found:
                    tags[word].add(found[0])
                if "acr" in found or "abbr" in found:
                    dotted.add(word)
        for word, analyses in zip(words, apertium_analyses(analyser, [w + "." for w in words]), strict=True):
            if any(a.split("<")[0].endswith(".") for a in analyses):
                dotted.add(word)
    marks: dict[str, str] = {}
    for word in words:
        if word in INTERJECTIONS["es"]:
            marks[word] = "interjection that no source tags (reviewed list, lexicons/hygiene.py)"
        elif word in ABBREVIATIONS["es"]:
            marks[word] = "abbreviation that no source marks (reviewed list, lexicons/hygiene.py)"
        elif word in dotted and word not in ABBREVIATIONS_KEPT_SPANISH:
            marks[word] = "abbreviation (Apertium: written with a dot, or tagged <acr>)"
        elif "ij" in tags[word] and not tags[word] - APERTIUM_NOT_WORDS and word not in INTERJECTIONS_KEPT_SPANISH:
            marks[word] = "interjection only (Apertium <ij>; no other part of speech there)"
    return marks


def with_added(extract: Callable[[Report], Iterable[str]], added: dict[str, str]) -> Callable[[Report], Iterable[str]]:
    """The source's entries, then the reviewed words it lacks (hygiene.py), each with its reason."""

    def run(report: Report) -> Iterable[str]:
        yield from extract(report)
        for entry, reason in added.items():
            report.add("word the source lacks (reviewed list, lexicons/hygiene.py)", entry, reason)
            yield entry

    return run


def _plain(entry: str) -> str:
    """An entry without its accents (Dutch writes them for stress only: halló is hallo)."""
    return "".join(c for c in unicodedata.normalize("NFD", entry) if not unicodedata.combining(c))


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
        description=(
            "Spanish (hunspell-es es_ES, expanded to every inflected form), without the acronyms,"
            " abbreviations and interjections that Apertium and lexicons/hygiene.py tell; Ñ folded to N"
        ),
        licence="MPL-1.1, the option taken of the tri-licence (see es.copyright)",
        copyright=Path("/usr/share/doc/hunspell-es/copyright"),
        alphabet="latin",
        extract=with_added(hunspell("es_ES", stem_marks=spanish_marks), SPANISH_ADDED),
        licence_texts=("MPL-1.1",),
        filter_packages=("lttoolbox", *(package for package, _ in APERTIUM_SPANISH)),
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


def extract(name: str, out: Path = HERE) -> None:
    """Write ``OUT/NAME.txt``: the folded 1-9 tile words, sorted, one a line; with its notice,
    its removals by reason (``NAME.removed.json``) and the diff against the list it replaces,
    each word with the rule that decided it (``NAME.diff.tsv``)."""
    spec = SOURCES[name]
    ensure_packages(spec.packages + spec.filter_packages)
    report = Report()
    alphabet = alphabet_for(spec.alphabet)
    target = out / f"{name}.txt"
    before = set(target.read_text(encoding="utf-8").split()) if target.exists() else set()
    kept: dict[str, str] = {}  # word as written -> the entry it comes from
    late: dict[str, str] = {}  # word as written -> the rule of this step that dropped it
    for entry in plain_letters(spec.extract(report), report):
        try:
            tiles = alphabet.tokenize(entry, what="entry")
        except InvalidLetterError:
            report.drop("holds a character outside the alphabet (hyphen, apostrophe, digit, ...)")
            continue
        if not tiles:
            continue
        word = alphabet.write(tiles)
        if len(tiles) > 9:
            report.drop("longer than 9 tiles")
            late[word] = "longer than 9 tiles"
            continue
        if len(tiles) <= 2 and not VOWELS.intersection(tiles):
            report.drop("1-2 tiles without a vowel (abbreviation or symbol: cm, kg, Sr)")
            late[word] = "1-2 tiles without a vowel"
            continue
        if not VOWELS.intersection(tiles) and word not in VOWELLESS_KEPT:
            report.drop_listed("3+ tiles without a vowel (acronym, abbreviation or interjection: BTW, PST)", word)
            continue
        kept.setdefault(word, entry)
    words = sorted(kept)
    out.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(words) + "\n", encoding="utf-8")
    write_notice(spec, out / f"{name}.copyright")
    removed = {reason: count for reason, count in sorted(report.dropped.items(), key=lambda rc: (-rc[1], rc[0]))}
    (out / f"{name}.removed.json").write_text(
        json.dumps(removed, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    write_diff(out / f"{name}.diff.tsv", alphabet, before, kept, report, late)
    print(f"{name}: {report.entries} entries read, {len(words)} words kept")
    for reason, count in report.dropped.most_common():
        print(f"  dropped {count}: {reason}")
        if reason in report.examples:
            print(f"    {' '.join(sorted(report.examples[reason]))}")
    for reason, count in report.added.most_common():
        print(f"  added {count}: {reason}")


def write_diff(
    path: Path, alphabet: Alphabet, before: set[str], kept: dict[str, str], report: Report, late: dict[str, str]
) -> None:
    """The words a rebuild added and removed, each with the rule that decided it, one a line:
    ``+ WORD RULE`` or ``- WORD RULE`` (tab-separated), sorted by word."""
    why: dict[str, str] = dict(late)
    for entry, reason in report.why.items():
        try:
            why.setdefault(alphabet.write(alphabet.tokenize(entry, what="entry")), reason)
        except InvalidLetterError:
            continue
    lines: list[str] = []
    for word in sorted(set(kept) - before):
        rule = report.admitted.get(kept[word], "in the source, and no rule drops it")
        lines.append(f"+\t{word}\t{rule}")
    for word in sorted(before - set(kept)):
        lines.append(f"-\t{word}\t{why.get(word, 'no longer given by the source')}")
    lines.sort(key=lambda line: (line.split("\t")[1], line))
    header = "# sign\tword\trule (+ added by this rebuild, - removed by it)"
    path.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")


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
        if step == "extract":
            command.add_argument(
                "--out",
                type=Path,
                default=HERE,
                help="folder to write NAME.txt and its reports to (default: lexicons/)",
            )
    args = parser.parse_args()
    for name in args.names:
        if name not in SOURCES:
            parser.error(f"unknown lexicon {name!r}; known: {', '.join(sorted(SOURCES))}")
        if args.step == "extract":
            extract(name, args.out)
        else:
            compile_one(name)


if __name__ == "__main__":
    main()
