"""The admission policy of the bundled lists (docs/lexicons.md): the classes each list must not hold
and the words it must, the claims of lexicons/README.md against the lists, the Dutch I and J tiles
of the reviewed loans, the measurements kept in the repository, and a rebuild from the pinned sources."""

from __future__ import annotations

import filecmp
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from jarnac_solver import Lexicon

ROOT = Path(__file__).resolve().parent.parent
LEXICONS = ROOT / "lexicons"
BUNDLED = ("fr", "fr-competitive", "en", "en-large", "es", "nl")


def _module(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"lexicons_{name}", LEXICONS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hygiene = _module("hygiene")
judge = _module("judge")

# A few words of each class the rules forbid (docs/rules.md#words), per list.
FORBIDDEN = {
    "es": {
        "abbreviation": ["ETC", "SRA", "SRAS", "SR", "PAG", "AVDA", "TEL", "TFNO", "DPTO", "ADMON", "APDO", "NUM"],
        "interjection": ["HOLA", "CARAMBA", "HURRA", "BAH", "UY", "HUY", "CASPITA", "GUAU", "UF"],
        "acronym": ["BLV", "JHS", "RVD"],
    },
    "nl": {
        "interjection": ["OEPS", "JIPPIE", "JOEPIE", "HOERA", "HALLO", "TJA", "FOEI", "JAKKES", "AHA"],
        "acronym": ["HAVO", "VWO", "MBO", "HBO", "VMBO", "CAO", "APK", "SOA", "BTW", "DVD"],
    },
    "en": {
        "interjection": ["OUCH", "OOPS", "YIKES", "GOLLY", "ZOUNDS", "EGAD", "WHEE", "UM", "HMM"],
        "abbreviation": ["DKL", "CSC"],
    },
    "en-large": {
        "interjection": ["OUCH", "OOPS", "GADZOOKS", "ZOWIE", "PHOOEY", "AARGH", "PST"],
        "proper noun": ["GRAMMY", "GRAMMYS", "JAMES", "RUSSIA", "KERRY"],
        "abbreviation": ["DKL", "CSC"],
    },
    "fr": {
        "interjection": ["OUF", "HEP", "HOLA"],
        "abbreviation": ["PTS", "ETC", "KM"],
    },
}
FORBIDDEN["fr-competitive"] = FORBIDDEN["fr"]

# Words each list must hold: the common words next to a forbidden class, and what the policy keeps
# despite a mark (each with its reason in lexicons/hygiene.py or docs/lexicons.md).
REQUIRED = {
    "es": [
        "PINGUINO",
        "PINGUINOS",
        "CIGUENA",
        "VERGUENZA",
        "ADIOS",
        "BRAVO",
        "VAYA",
        "AY",
        "AYES",
        "MAR",
        "ENE",
        "OPA",
    ],
    "nl": ["NEE", "JA", "HELP", "SORRY", "TIJD", "IJS", "BI.JOU", "BI.JECTIE", "AIDS", "UFO"],
    "en": ["DWARVES", "DWARF", "HOOVES", "FOCI", "CACTI", "WOW", "HELLO", "BRAVO", "CHEERS", "HI"],
    "en-large": ["DWARVES", "DWARFS", "OCTOPI", "PLATEAUX", "CANADA", "WOW", "HUZZAH", "POOH"],
    "fr": ["OUI", "BRAVO", "CRWTH", "POINTS"],
    "fr-competitive": ["OUI", "BRAVO", "CRWTH", "MANGER"],
}


@pytest.fixture(scope="module", params=BUNDLED)
def listed(request: pytest.FixtureRequest) -> tuple[str, set[str]]:
    name: str = request.param
    return name, set((LEXICONS / f"{name}.txt").read_text(encoding="utf-8").split())


def test_forbidden_classes_are_empty(listed: tuple[str, set[str]]) -> None:
    name, words = listed
    held = {cls: [w for w in sample if w in words] for cls, sample in FORBIDDEN[name].items()}
    assert all(not found for found in held.values()), held


def test_required_words_are_held(listed: tuple[str, set[str]]) -> None:
    name, words = listed
    assert [w for w in REQUIRED[name] if w not in words] == []


def test_the_compiled_lexicon_agrees() -> None:
    """The same probes through the shipped binaries (the tiles, not the text)."""
    nl, es = Lexicon.load("nl"), Lexicon.load("es")
    assert "OEPS" not in nl and "HAVO" not in nl and "BI.JOU" in nl and "BIJOU" not in nl
    assert "ETC" not in es and "HOLA" not in es and "PINGUINO" in es


def test_reviewed_lists_give_a_reason_for_every_entry() -> None:
    reviewed = [
        *hygiene.INTERJECTIONS.values(),
        *hygiene.ABBREVIATIONS.values(),
        hygiene.INTERJECTIONS_KEPT_SPANISH,
        hygiene.ABBREVIATIONS_KEPT_SPANISH,
        hygiene.SEPARATE_I_J,
        hygiene.SPANISH_ADDED,
        hygiene.IRREGULAR_PLURALS,
        hygiene.ACRONYM_WORDS,
    ]
    assert all(reason.strip() for entries in reviewed for reason in entries.values())


def test_dutch_i_and_j_are_two_tiles_only_in_the_reviewed_loans() -> None:
    nl = Lexicon.load("nl")
    alphabet = nl.alphabet
    separate = {w for w in nl if "I.J" in w}
    reviewed = {alphabet.write(alphabet.tokenize(w.replace("ij", "i.j"))) for w in hygiene.SEPARATE_I_J}
    fitting = {w for w in reviewed if len(alphabet.tokenize(w)) <= 9}
    assert separate == fitting
    assert alphabet.tokenize("BI.JOU") == ("B", "I", "J", "O", "U")
    # Too long once i and j are two tiles: BIJOUTERIE is 10 tiles, not the 9 the IJ tile made of it.
    assert {"BIJOUTERIE", "BI.JOUTERIE", "BIJECTIEVE"}.isdisjoint(set(nl))
    # The digraph keeps its tile.
    assert alphabet.tokenize("BIJ") == ("B", "IJ")


def test_readme_sizes_match_the_lists() -> None:
    """lexicons/README.md's table of words by length is the lists' own."""
    text = (LEXICONS / "README.md").read_text(encoding="utf-8")
    for name in BUNDLED:
        row = re.search(rf"^\| {re.escape(name)} \|((?: [\d,]+ \|)+)$", text, re.M)
        assert row is not None, name
        stated = [int(cell.replace(",", "")) for cell in row.group(1).split("|") if cell.strip()]
        lexicon = Lexicon.load(name)
        counts = lexicon.length_counts()
        assert stated == [counts.get(n, 0) for n in range(1, 10)], name
        total = re.search(rf"^\| `{re.escape(name)}`[^|]*\|[^|]*\|[^|]*\| ([\d,]+) \|", text, re.M)
        assert total is not None and int(total.group(1).replace(",", "")) == len(lexicon), name


def test_readme_claims_match_the_lists() -> None:
    """The words lexicons/README.md names as dropped are not in the lists, the kept ones are."""
    text = (LEXICONS / "README.md").read_text(encoding="utf-8")
    claims = re.findall(r"^ *<!-- (dropped|kept) (\S+): ([A-Z. ]+) -->$", text, re.M)
    assert len(claims) >= 8
    for kind, names, words in claims:
        for name in names.split(","):
            held = set((LEXICONS / f"{name}.txt").read_text(encoding="utf-8").split())
            wrong = [w for w in words.split() if (w in held) != (kind == "kept")]
            assert wrong == [], (kind, name, wrong)
            # Each claim is also written out in the prose above it.
            assert all(w in text.replace(f"<!-- {kind} {names}: {words} -->", "") for w in words.split())


def test_recall_lists_are_held(listed: tuple[str, set[str]]) -> None:
    name, words = listed
    recall = judge.read_recall(judge.language(name))
    assert len(recall) == 150 and len(set(recall)) == 150
    assert [w for w in recall if w not in words] == []


def test_judged_samples_are_kept_and_fixed(listed: tuple[str, set[str]]) -> None:
    name, words = listed
    header, rows = judge.read_sample(name)
    assert int(header["seed"]) == judge.SEED and int(header["size"]) == len(rows) == 200
    assert len({w for w, _, _ in rows}) == 200
    assert all(verdict in ("ok", "wrong") and reason.strip() for _, verdict, reason in rows)
    assert [w for w, verdict, _ in rows if verdict == "wrong" and w in words] == []
    assert [w for w, verdict, _ in rows if verdict == "ok" and w not in words] == []


def _sources_installed() -> str | None:
    """Why a rebuild cannot run here, or None."""
    build = LEXICONS / "build.py"
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import build, sys; m = build.sources_missing(build.PINNED); print(*m, file=sys.stderr); sys.exit(bool(m))",
        ],
        cwd=LEXICONS,
        capture_output=True,
        text=True,
    )
    if probe.returncode != 0:
        return f"the pinned Debian sources are not all installed ({probe.stderr.strip()[-200:]})"
    if importlib.util.find_spec("spylls") is None:
        return "spylls (the hunspell parser the build uses) is not installed"
    if not build.exists():
        return "no lexicons/build.py"
    return None


@pytest.mark.skipif(
    os.environ.get("JARNAC_REBUILD_LEXICONS") != "1",
    reason="a rebuild of every list takes minutes: set JARNAC_REBUILD_LEXICONS=1 (with the pinned sources installed)",
)
def test_rebuild_reproduces_the_bundled_files(tmp_path: Path) -> None:
    why = _sources_installed()
    if why is not None:
        pytest.skip(why)
    for name in BUNDLED:
        (tmp_path / f"{name}.txt").write_bytes((LEXICONS / f"{name}.txt").read_bytes())
    subprocess.run([sys.executable, str(LEXICONS / "build.py"), "extract", "--out", str(tmp_path)], check=True)
    for name in BUNDLED:
        for suffix in (".txt", ".removed.json", ".copyright"):
            assert filecmp.cmp(tmp_path / f"{name}{suffix}", LEXICONS / f"{name}{suffix}", shallow=False), name
        # Rebuilt over itself, a list changes nothing: its diff report is empty.
        assert (tmp_path / f"{name}.diff.tsv").read_text(encoding="utf-8").count("\n") == 1
