#!/usr/bin/env python3
"""Rebuild the bundled lexicons.

Two steps, so that the repository holds the text every binary comes from:

    python lexicons/build.py extract en   # Debian package -> lexicons/en.txt (+ .copyright)
    python lexicons/build.py compile      # lexicons/*.txt -> jarnac_solver/data/*.jlex

``extract`` runs on a Debian machine and installs the source package with
apt-get when it is missing (it needs root for that). ``compile`` needs only
the package itself and is deterministic: the same text gives the same bytes,
so a regenerated binary changes in git only when its words changed.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "jarnac_solver" / "data"
sys.path.insert(0, str(HERE.parent))

from jarnac_solver import LATIN, Lexicon  # noqa: E402

SCOWL = Path("/usr/share/dict/scowl")
SCOWL_VARIANTS = ("english", "american", "british", "british_z", "canadian", "australian")


@dataclass(frozen=True)
class Source:
    """Where a bundled lexicon comes from and what its metadata says."""

    package: str
    description: str
    licence: str
    copyright: Path
    max_size: int = 70
    variants: tuple[str, ...] = SCOWL_VARIANTS


SOURCES = {
    "en": Source(
        package="scowl",
        description="English (SCOWL sizes <= 70, every English variant), lower-case entries only",
        licence="SCOWL (permissive; see en.copyright)",
        copyright=Path("/usr/share/doc/scowl/copyright"),
    ),
}


def ensure_package(package: str) -> None:
    """Install a Debian package when dpkg does not know it yet."""
    if subprocess.run(["dpkg", "-s", package], capture_output=True).returncode == 0:
        return
    print(f"installing Debian package {package} ...", file=sys.stderr)
    subprocess.run(["apt-get", "update", "-q"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-q", package], check=True)


def scowl_entries(variants: tuple[str, ...], max_size: int) -> list[str]:
    """Every SCOWL ``VARIANT-words.SIZE`` entry with SIZE <= max_size, as written."""
    entries: list[str] = []
    for variant in variants:
        for path in sorted(SCOWL.glob(f"{variant}-words.*")):
            size = path.suffix.lstrip(".")
            if size.isdigit() and int(size) <= max_size:
                raw = path.read_bytes()
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    text = raw.decode("latin-1")
                entries.extend(text.split())
    return entries


def extract(name: str) -> None:
    """Write ``lexicons/NAME.txt``: the folded 1-9 letter words, sorted, one a line."""
    spec = SOURCES[name]
    ensure_package(spec.package)
    entries = scowl_entries(spec.variants, spec.max_size)
    # An entry written with any capital at the source is a proper noun or an acronym.
    lower = [e for e in entries if e == e.lower()]
    lex = Lexicon.from_words(lower, LATIN)
    words = sorted(lex)
    (HERE / f"{name}.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    shutil.copyfile(spec.copyright, HERE / f"{name}.copyright")
    print(
        f"{name}: {len(entries)} entries, {len(entries) - len(lower)} with capitals dropped, "
        f"skipped {lex.metadata['skipped']}, {len(words)} words kept"
    )


def compile_one(name: str) -> Path:
    """Compile ``lexicons/NAME.txt`` to ``jarnac_solver/data/NAME.jlex`` with its notice."""
    spec = SOURCES[name]
    lex = Lexicon.from_file(
        HERE / f"{name}.txt",
        LATIN,
        strict=True,
        metadata={
            "name": name,
            "source": f"Debian package {spec.package}",
            "licence": spec.licence,
            "description": spec.description,
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
    ext = sub.add_parser("extract", help="Debian package -> lexicons/NAME.txt")
    ext.add_argument("names", nargs="*", default=sorted(SOURCES))
    comp = sub.add_parser("compile", help="lexicons/NAME.txt -> jarnac_solver/data/NAME.jlex")
    comp.add_argument("names", nargs="*", default=sorted(SOURCES))
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
