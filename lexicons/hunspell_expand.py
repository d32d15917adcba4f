"""Expand a hunspell dictionary to every word form, for the lexicon build.

``unmunch`` from hunspell-tools is wrong for dictionaries with ``FLAG long`` or
``FLAG UTF-8`` (French, Spanish); this module reads the ``.aff``/``.dic`` pair
with the ``spylls`` parser and applies the affix rules itself, generously:
suffixes (two levels, as hunspell allows), prefixes, and their cross products.
What it generates too much (a circumfix half, a form that needs another affix)
is removed afterwards by asking the ``hunspell`` checker itself
(:func:`accepted_by_hunspell`), so the result is exactly what hunspell accepts
among the generated forms.

Build-time only: the package never imports this.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Stem:
    """A dictionary entry: its stem, its flags and its data tags (``po:`` etc.)."""

    stem: str
    flags: frozenset[str]
    tags: dict[str, list[str]]


def read_dictionary(path_stem: str) -> tuple[Any, list[Stem]]:
    """Parse ``PATH.aff`` and ``PATH.dic`` with spylls; returns (aff, stems)."""
    from spylls.hunspell import Dictionary  # build-time dependency

    dictionary = Dictionary.from_files(path_stem)
    stems = [Stem(w.stem, frozenset(w.flags), dict(w.data)) for w in dictionary.dic.words]
    return dictionary.aff, stems


def read_suffix_tags(aff_path: str) -> dict[tuple[str, str, str, str], frozenset[str]]:
    """The ``po:`` tags of each suffix rule of an ``.aff`` file, which spylls does not keep.

    A rule line is ``SFX FLAG STRIP ADD[/FLAGS] CONDITION [MORPHOLOGY...]``
    (``0``: nothing); the key is what spylls keeps of it, ``(flag, strip, add,
    condition)``, and the value the ``po:`` fields of its morphology
    (Dicollecte's French: ``infi``, ``ppre``, ``ppas``, ``ipre``, ``ifut``, ...).
    """
    tags: dict[tuple[str, str, str, str], frozenset[str]] = {}
    with open(aff_path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.split()
            if len(fields) < 5 or fields[0] != "SFX":
                continue  # not a rule (the header line has 4 fields)
            flag, strip, add, condition = fields[1:5]
            added = add.split("/")[0]
            key = (flag, "" if strip == "0" else strip, "" if added == "0" else added, condition)
            found = frozenset(f[3:] for f in fields[5:] if f.startswith("po:"))
            tags[key] = tags.get(key, frozenset()) | found
    return tags


def suffix_key(suffix: Any) -> tuple[str, str, str, str]:
    """A spylls suffix's key in :func:`read_suffix_tags`."""
    return (suffix.flag, suffix.strip, suffix.add, suffix.condition)


def _apply_suffix(stem: str, suffix: Any) -> str | None:
    if suffix.strip and not stem.endswith(suffix.strip):
        return None
    if not suffix.cond_regexp.search(stem):
        return None
    base = stem[: len(stem) - len(suffix.strip)] if suffix.strip else stem
    return str(base + suffix.add)


def _apply_prefix(stem: str, prefix: Any) -> str | None:
    if prefix.strip and not stem.startswith(prefix.strip):
        return None
    if not prefix.cond_regexp.search(stem):
        return None
    return str(prefix.add + stem[len(prefix.strip) :])


def expand(aff: Any, entry: Stem, keep: Callable[[Any], bool] | None = None) -> set[str]:
    """Every form the affix rules can make of one entry (a superset of the valid ones).

    With ``keep``, only the forms whose last suffix ``keep(suffix)`` accepts
    (and the stem itself): the verb forms a competitive list allows.
    """
    forms = {entry.stem}
    suffixed: list[tuple[str, Any, frozenset[str]]] = []  # (form, suffix, flags the form carries)
    for flag in entry.flags:
        for suffix in aff.SFX.get(flag, ()):
            form = _apply_suffix(entry.stem, suffix)
            if form is None:
                continue
            if keep is None or keep(suffix):
                forms.add(form)
            carried = entry.flags | frozenset(suffix.flags)
            suffixed.append((form, suffix, carried))
            # Twofold suffixes: a suffix whose own flags name further suffixes.
            for flag2 in suffix.flags:
                for suffix2 in aff.SFX.get(flag2, ()):
                    form2 = _apply_suffix(form, suffix2)
                    if form2 is not None and (keep is None or keep(suffix2)):
                        forms.add(form2)
                        suffixed.append((form2, suffix2, carried | frozenset(suffix2.flags)))
    for flag in entry.flags:
        for prefix in aff.PFX.get(flag, ()):
            form = _apply_prefix(entry.stem, prefix)
            if form is not None:
                forms.add(form)
    for form, suffix, carried in suffixed:
        for flag in carried:
            for prefix in aff.PFX.get(flag, ()):
                if prefix.crossproduct and suffix.crossproduct and (keep is None or keep(suffix)):
                    both = _apply_prefix(form, prefix)
                    if both is not None:
                        forms.add(both)
    return forms


def accepted_by_hunspell(dictionary: str, words: Iterable[str]) -> Iterator[str]:
    """The words that ``hunspell -d DICTIONARY -l`` does not list as misspelled."""
    word_list = sorted(set(words))
    done = subprocess.run(
        ["hunspell", "-d", dictionary, "-l", "-i", "utf-8"],
        input="\n".join(word_list) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    rejected = set(done.stdout.split("\n"))
    return (w for w in word_list if w not in rejected)
