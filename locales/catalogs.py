"""Check the message catalogs against the library's codes and compile them: ``locales/*.po`` ->
``jarnac_solver/messages/locale/<lang>/LC_MESSAGES/jarnac_solver.mo``, and ``locales/jarnac_solver.pot``.

    python locales/catalogs.py          # check, write the template and compile every catalog
    python locales/catalogs.py --check  # only check, the shipped .mo too (exit 1 on a fault, each a line)

The ``.mo`` files are byte for byte a function of the ``.po`` (entries sorted, no dates), so the shipped
ones are tested against a fresh compile (tests/test_messages.py). The standard library only: the catalogs
are read at run time by :mod:`gettext`, and compiled here without Babel or GNU gettext.
"""

from __future__ import annotations

import argparse
import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from jarnac_solver.messages.catalog import MESSAGES  # noqa: E402
from jarnac_solver.messages.language import LANGUAGES  # noqa: E402
from jarnac_solver.messages.reason import DOMAIN, LOCALE_DIR, PLACEHOLDER  # noqa: E402

PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
}
"""Each language's ``Plural-Forms`` (CLDR's integer rules as gettext writes them); the page knows these."""


@dataclass
class Entry:
    """One message of a ``.po`` file."""

    context: str
    msgid: str
    plural: str | None = None
    strings: list[str] = field(default_factory=list)
    fuzzy: bool = False
    line: int = 0


def _unquote(text: str, where: str) -> str:
    value = ast.literal_eval(text)
    if not isinstance(value, str):
        raise ValueError(f"{where}: not a quoted string")
    return value


def read_po(path: Path) -> tuple[str, list[Entry]]:
    """The header and the entries of a ``.po`` file (the subset of the format the catalogs use)."""
    header = ""
    entries: list[Entry] = []
    current: dict[str, str] = {}
    target = ""
    fuzzy = False
    start = 0

    def flush() -> None:
        nonlocal header, fuzzy, current
        if not current:
            return
        if current.get("msgid", "") == "" and "msgctxt" not in current:
            header = current.get("msgstr", "")
        else:
            strings = [current[k] for k in sorted(k for k in current if k.startswith("msgstr"))]
            entries.append(
                Entry(current.get("msgctxt", ""), current["msgid"], current.get("msgid_plural"), strings, fuzzy, start)
            )
        current, fuzzy = {}, False

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        where = f"{path.name}:{number}"
        if not line:
            flush()
        elif line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            current[target] += _unquote(line, where)
        else:
            key, _, rest = line.partition(" ")
            key = key.replace("[", "").replace("]", "")
            if key == "msgctxt" or (key == "msgid" and "msgctxt" not in current):
                flush()
                start = number
            target = key
            current[key] = _unquote(rest, where)
    flush()
    return header, entries


def compile_mo(header: str, entries: list[Entry]) -> bytes:
    """The ``.mo`` bytes of a catalog: GNU's format, entries sorted by key, so the same input gives the same bytes."""
    pairs = {"": header}
    for e in entries:
        key = f"{e.context}\x04{e.msgid}" if e.context else e.msgid
        if e.plural is not None:
            key += "\x00" + e.plural
        pairs[key] = "\x00".join(e.strings)
    keys = sorted(pairs)
    ids = b""
    strs = b""
    offsets = []
    for k in keys:
        kb, vb = k.encode("utf-8"), pairs[k].encode("utf-8")
        offsets.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\x00"
        strs += vb + b"\x00"
    n = len(keys)
    key_start = 7 * 4 + 16 * n
    value_start = key_start + len(ids)
    table = b""
    for id_off, id_len, _, _ in offsets:
        table += struct.pack("<II", id_len, key_start + id_off)
    for _, _, s_off, s_len in offsets:
        table += struct.pack("<II", s_len, value_start + s_off)
    head = struct.pack("<Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    return head + table + ids + strs


def _placeholders(text: str) -> list[str]:
    return sorted(m.group(0) for m in PLACEHOLDER.finditer(text))


def check(language: str, header: str, entries: list[Entry]) -> list[str]:
    """The faults of a language's catalog against :data:`MESSAGES`: each a line naming the code."""
    faults = []
    forms = PLURAL_FORMS[language]
    if f"Plural-Forms: {forms}" not in header:
        faults.append(f"{language}: the header's Plural-Forms must be {forms!r}")
    if "Language: " + language not in header:
        faults.append(f"{language}: the header names no 'Language: {language}'")
    seen: dict[str, Entry] = {}
    for e in entries:
        if e.context in seen:
            faults.append(f"{language}.po:{e.line}: {e.context} is given twice")
        seen[e.context] = e
    for code, message in MESSAGES.items():
        found = seen.get(code)
        if found is None:
            faults.append(f"{language}: no message for {code}")
            continue
        e = found
        if e.msgid != message.singular or e.plural != message.plural:
            faults.append(f"{language}.po:{e.line}: {code}'s msgid is not the library's English source")
        wanted = 2 if message.plural is not None else 1
        if len(e.strings) != wanted or not all(e.strings) or e.fuzzy:
            faults.append(f"{language}.po:{e.line}: {code} is untranslated, fuzzy or lacks a plural form")
        source = _placeholders(message.singular)
        for s in e.strings:
            if _placeholders(s) != source:
                faults.append(f"{language}.po:{e.line}: {code} has {_placeholders(s)}, not {source}: {s!r}")
    for code in seen.keys() - MESSAGES.keys():
        faults.append(f"{language}.po:{seen[code].line}: {code} is no code of the library (obsolete?)")
    return faults


def po_path(language: str) -> Path:
    return HERE / f"{language}.po"


def mo_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def compiled(language: str) -> bytes:
    """A fresh compile of ``locales/<language>.po``."""
    return compile_mo(*read_po(po_path(language)))


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def template() -> str:
    """The ``.pot``: every code, its English source, for a translator starting a new language."""
    out = ['msgid ""', 'msgstr ""', _quote("Content-Type: text/plain; charset=UTF-8\n"), ""]
    for code, m in MESSAGES.items():
        out.append(f"msgctxt {_quote(code)}")
        out.append(f"msgid {_quote(m.singular)}")
        if m.plural is None:
            out.append('msgstr ""')
        else:
            out += [f"msgid_plural {_quote(m.plural)}", 'msgstr[0] ""', 'msgstr[1] ""']
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the catalogs")
    args = parser.parse_args(argv)
    faults = []
    for language in LANGUAGES:
        faults += check(language, *read_po(po_path(language)))
        if args.check and (not mo_path(language).exists() or mo_path(language).read_bytes() != compiled(language)):
            # A merge keeps one side of a binary file: the shipped catalog is then another source's.
            faults.append(
                f"{mo_path(language).relative_to(ROOT)}: not a fresh compile of its .po (run without --check)"
            )
    for fault in faults:
        print(fault, file=sys.stderr)
    if faults or args.check:
        return 1 if faults else 0
    (HERE / f"{DOMAIN}.pot").write_text(template(), encoding="utf-8")
    for language in LANGUAGES:
        path = mo_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(compiled(language))
        print(f"{path.relative_to(ROOT)}: {len(read_po(po_path(language))[1])} messages")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
