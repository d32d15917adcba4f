#!/usr/bin/env python3
"""The word judge and pattern search against marisa-trie, pyahocorasick and plain Python.

    python benchmarks/bench_lookup.py [--lexicons fr,en,...] [--search-lexicons fr,nl] [--words N]
                                      [--cli-runs K] [--repeat K] [--patterns N] [--seed S] [--skip-cli]

Asks whether ``marisa-trie`` or ``pyahocorasick`` (both optional here: a
column says "not installed" without them; they are imported lazily) would
answer the two lookup questions better than the project's alphagram index.
Everything is seeded; figures are medians of interleaved runs. Tables:

1. Word judge from the command line, process start included: ``python -m
   jarnac_solver check WORD --lexicon L`` beside ``python -c pass`` (the
   interpreter's own start), a ``python -c`` that loads the bundled lexicon
   through the library (no command-line imports), one that reads the word
   list into a ``set``, one that memory-maps a saved marisa trie
   (``Trie().mmap``) and one that unpickles a pyahocorasick automaton; ms a
   run, median of ``--cli-runs``, every bundled lexicon.
2. Word judge in Python: µs a word for ``lex.check(w)``, ``w in lex``, a
   ``set``, ``w in marisa_trie.Trie`` and ``Automaton.exists(w)`` over
   ``--words`` words, half valid, half random tile strings that are not
   words (written as the lexicon writes them; every answer is checked
   against the set). Then what each structure costs per lexicon: build time
   from the word list, the size of its file, load time from that file
   (the project: ``Lexicon.load`` and its first check; marisa: ``mmap``;
   pyahocorasick: ``pickle``) and the memory a fresh process grows by when
   it loads the structure and judges the same words (RSS, file pages
   touched included; Linux only).
3. Pattern search: searches a second for patterns of 3-9 tiles drawn from
   real words (seeded): 1-4 scattered ``?``; a literal prefix then 1-4
   ``?``; and ``*`` patterns shaped ``AB*``, ``?A*E`` and ``*ION``.
   ``lex.search(p)`` against a naive scan (a compiled ``re`` fullmatch over
   the words of the pattern's lengths), marisa-trie (``keys`` of the literal
   prefix, then the same regex) and pyahocorasick
   (``keys(p, "?", MATCH_EXACT_LENGTH)``; it has no ``*``: "n/a"). The
   outside structures hold one character a tile (Dutch IJ a private-use
   character), patterns and answers are translated, translation included in
   the timing. Every answer must equal ``lex.search``'s (asserted).

A short conclusion drawn from the measured figures ends the output.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import pickle
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import jarnac_solver
from jarnac_solver import IMPLEMENTATION, Lexicon

DATA = Path(jarnac_solver.__file__).resolve().parent / "data"
NOT_INSTALLED = "not installed"
OUTSIDE = {"marisa": ("marisa_trie", "marisa-trie"), "aho": ("ahocorasick", "pyahocorasick")}
BUCKETS = ((3, 4), (5, 6), (7, 9))
STAR_SHAPES = ("AB*", "?A*E", "*ION")
PRIVATE = 0xE000  # a multi-letter tile (Dutch IJ) is chr(PRIVATE + code) in marisa and ahocorasick


@cache
def optional(key: str) -> ModuleType | None:
    """The module of an optional package (``"marisa"`` or ``"aho"``), imported on first use, or ``None``."""
    try:
        return importlib.import_module(OUTSIDE[key][0])
    except ImportError:
        return None


def version(key: str) -> str:
    if optional(key) is None:
        return NOT_INSTALLED
    try:
        return importlib.metadata.version(OUTSIDE[key][1])
    except importlib.metadata.PackageNotFoundError:
        return "installed (version unknown)"


# -- the lexicon as the outside structures see it ---------------------------


@dataclass
class Data:
    """A lexicon's words as written (``words``) and with one character a tile (``keys``)."""

    name: str
    lex: Lexicon
    words: list[str]
    keys: list[str]
    chars: list[str]  # chars[code]: the one-character form of tile ``code``
    back: dict[str, str] | None  # key -> written word; None where keys are the words
    by_len: list[list[str]] = field(default_factory=list)  # keys by tile count

    @classmethod
    def of(cls, name: str) -> Data:
        lex = Lexicon.load(name)
        words = list(lex)
        alphabet = lex.alphabet
        chars = [t if len(t) == 1 else chr(PRIVATE + i) for i, t in enumerate(alphabet.tiles)]
        if alphabet.single:
            keys, back = words, None
        else:
            keys = ["".join(map(chars.__getitem__, alphabet.encode(w))) for w in words]
            back = dict(zip(keys, words, strict=True))
        by_len: list[list[str]] = [[] for _ in range(max(map(len, keys)) + 1)]
        for key in keys:
            by_len[len(key)].append(key)
        return cls(name, lex, words, keys, chars, back, by_len)

    def written(self, found: Sequence[str]) -> list[str]:
        """Answers in key form, as the lexicon writes them, sorted."""
        if self.back is None:
            return sorted(found)
        return sorted(map(self.back.__getitem__, found))


def build_marisa(keys: Sequence[str]) -> Any:
    mod = optional("marisa")
    assert mod is not None
    return mod.Trie(keys)


def build_aho(keys: Sequence[str]) -> Any:
    mod = optional("aho")
    assert mod is not None
    automaton = mod.Automaton()
    add = automaton.add_word
    for key in keys:
        add(key, 0)
    return automaton


def median_of(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def cell(value: float | str, fmt: str) -> str:
    return value if isinstance(value, str) else format(value, fmt)


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---:" if i else ":---" for i in range(len(header))) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


# -- 1. the command line ------------------------------------------------------

SNIPPET_LIBRARY = (
    "import sys; from jarnac_solver import Lexicon; print(Lexicon.load(sys.argv[1]).check(sys.argv[2]).valid)"
)
SNIPPET_SET = "import sys; print(sys.argv[2].upper() in set(open(sys.argv[1], encoding='utf-8').read().split()))"
SNIPPET_MARISA = "import sys, marisa_trie; t = marisa_trie.Trie(); t.mmap(sys.argv[1]); print(sys.argv[2].upper() in t)"
SNIPPET_AHO = "import sys, pickle; f = open(sys.argv[1], 'rb'); print(pickle.load(f).exists(sys.argv[2].upper()))"


def save_files(data: Data, folder: Path) -> dict[str, Path]:
    """The word list, a marisa trie and a pickled automaton of the written words (what a judge needs)."""
    paths = {"set": folder / f"{data.name}.txt"}
    paths["set"].write_text("\n".join(data.words) + "\n", encoding="utf-8")
    if optional("marisa") is not None:
        paths["marisa"] = folder / f"{data.name}.marisa"
        build_marisa(data.words).save(str(paths["marisa"]))
    if optional("aho") is not None:
        paths["aho"] = folder / f"{data.name}.aho"
        paths["aho"].write_bytes(pickle.dumps(build_aho(data.words)))
    return paths


def cli_table(
    datas: list[Data], files: dict[str, dict[str, Path]], runs: int, seed: int
) -> dict[str, dict[str, float]]:
    exe = sys.executable
    columns = [
        "python -c pass",
        "jarnac-solver check",
        "library (python -c)",
        "word list + set",
        "marisa mmap",
        "ahocorasick pickle",
    ]
    print(f"\n## 1. Word judge from the command line: ms a run, process start included (median of {runs})\n")
    rng = random.Random(seed)
    results: dict[str, dict[str, float]] = {}
    rows = []
    for data in datas:
        word = rng.choice([w for w in data.words if len(w) >= 7]).lower()
        paths = files[data.name]
        commands: dict[str, list[str] | None] = {
            "python -c pass": [exe, "-c", "pass"],
            "jarnac-solver check": [exe, "-m", "jarnac_solver", "check", word, "--lexicon", data.name],
            "library (python -c)": [exe, "-c", SNIPPET_LIBRARY, data.name, word],
            "word list + set": [exe, "-c", SNIPPET_SET, str(paths["set"]), word],
            "marisa mmap": [exe, "-c", SNIPPET_MARISA, str(paths["marisa"]), word] if "marisa" in paths else None,
            "ahocorasick pickle": [exe, "-c", SNIPPET_AHO, str(paths["aho"]), word] if "aho" in paths else None,
        }
        for name, argv in commands.items():  # once untimed: warm caches, and every judge must say valid
            if argv is None or name == "python -c pass":
                continue
            done = subprocess.run(argv, capture_output=True, text=True, check=False)
            said = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr.strip()
            if said != "True" and not said.endswith(f"{word.upper()}: valid ({data.lex.tile_length(word)} tiles)"):
                raise SystemExit(f"{name} on {data.name} {word!r}: {said!r} (status {done.returncode})")
        times: dict[str, list[float]] = {name: [] for name, argv in commands.items() if argv is not None}
        for _ in range(runs):
            for name in times:
                argv = commands[name]
                assert argv is not None
                start = time.perf_counter()
                subprocess.run(argv, capture_output=True, check=False)
                times[name].append(time.perf_counter() - start)
        results[data.name] = {name: statistics.median(t) * 1000 for name, t in times.items()}
        rows.append(
            [data.name, word]
            + [cell(results[data.name][c], ".1f") if c in results[data.name] else NOT_INSTALLED for c in columns]
        )
    table(["lexicon", "word"] + columns, rows)
    return results


# -- 2. the word judge in Python ------------------------------------------------


def probe_words(data: Data, n: int, rng: random.Random) -> list[str]:
    """``n`` words as the lexicon writes them: half valid, half random tile strings that are not words."""
    valid = rng.sample(data.words, n // 2)
    alphabet = data.lex.alphabet
    pool = [code for key in rng.sample(data.keys, min(5000, len(data.keys))) for code in map(data.chars.index, key)]
    lengths = [len(k) for k in rng.sample(data.keys, 1000)]
    known = set(data.words)
    invalid: set[str] = set()
    while len(invalid) < n - n // 2:
        word = alphabet.decode(rng.choice(pool) for _ in range(rng.choice(lengths)))
        if word not in known:
            invalid.add(word)
    probes = valid + sorted(invalid)
    rng.shuffle(probes)
    return probes


def judge_table(datas: list[Data], n: int, repeat: int, seed: int) -> dict[str, dict[str, float]]:
    columns = ["lex.check(w)", "w in lex", "set", "marisa-trie", "ahocorasick"]
    print(f"\n## 2. Word judge in Python: µs a word over {n} words (half valid), median of {repeat}\n")
    results: dict[str, dict[str, float]] = {}
    rows = []
    for data in datas:
        probes = probe_words(data, n, random.Random(seed))
        word_set = set(data.words)
        lex = data.lex
        judges: dict[str, Callable[[str], object]] = {
            "lex.check(w)": lex.check,
            "w in lex": lex.__contains__,
            "set": word_set.__contains__,
        }
        if optional("marisa") is not None:
            judges["marisa-trie"] = build_marisa(data.words).__contains__
        if optional("aho") is not None:
            judges["ahocorasick"] = build_aho(data.words).exists
        truth = list(map(word_set.__contains__, probes))
        assert sum(truth) == n // 2, "half the probes are words"
        for name, judge in judges.items():
            got = [bool(getattr(x, "valid", x)) for x in map(judge, probes)]  # a WordCheck says .valid
            if got != truth:
                bad = next(w for w, a, b in zip(probes, got, truth, strict=True) if a != b)
                raise SystemExit(f"{name} on {data.name} judges {bad!r} wrongly")
        times: dict[str, list[float]] = {name: [] for name in judges}
        gc.disable()
        try:
            for _ in range(repeat):
                for name, judge in judges.items():
                    start = time.perf_counter()
                    for _ in map(judge, probes):
                        pass
                    times[name].append((time.perf_counter() - start) / n * 1e6)
        finally:
            gc.enable()
        results[data.name] = {name: statistics.median(t) for name, t in times.items()}
        rows.append([data.name] + [cell(results[data.name].get(c, NOT_INSTALLED), ".3f") for c in columns])
    table(["lexicon"] + columns, rows)
    return results


MEMORY_SNIPPET = """
import os, sys
kind, path, probes_path, name = sys.argv[1:5]
with open(probes_path, encoding="utf-8") as f:
    probes = f.read().split()
if kind == "jarnac":
    from jarnac_solver import Lexicon
elif kind == "marisa":
    import marisa_trie
elif kind == "aho":
    import ahocorasick, pickle
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
before = rss()
if kind == "jarnac":
    lex = Lexicon.load(name)
    judge = lambda w: lex.check(w).valid
elif kind == "set":
    with open(path, encoding="utf-8") as f:
        judge = set(f.read().split()).__contains__
elif kind == "marisa":
    trie = marisa_trie.Trie()
    trie.mmap(path)
    judge = trie.__contains__
else:
    with open(path, "rb") as f:
        judge = pickle.load(f).exists
print(sum(map(bool, map(judge, probes))), rss() - before)
"""


def memory_mb(kind: str, path: Path, probes_path: Path, name: str, expected: int) -> float | str:
    if not Path("/proc/self/statm").exists():
        return "n/a"
    done = subprocess.run(
        [sys.executable, "-c", MEMORY_SNIPPET, kind, str(path), str(probes_path), name],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"memory of {kind} on {name}: {done.stderr.strip()}")
    found, grown = map(int, done.stdout.split())
    if found != expected:
        raise SystemExit(f"memory of {kind} on {name}: {found} valid words of {expected}")
    return grown / 1e6


Costs = tuple[Any, Any, Any, Any]  # build s, file MB, load ms, memory MB (a float, or why not)


def costs_of(data: Data, paths: dict[str, Path], probes_path: Path, n: int, repeat: int) -> dict[str, Costs]:
    word = data.words[len(data.words) // 2]
    words, alphabet, name = data.words, data.lex.alphabet, data.name
    out: dict[str, Costs] = {
        "jarnac index (.jlex)": (
            median_of(lambda: Lexicon.from_words(words, alphabet), 1),
            (DATA / f"{name}.jlex").stat().st_size / 1e6,
            median_of(lambda: Lexicon.load(name).check(word), repeat) * 1000,
            memory_mb("jarnac", paths["set"], probes_path, name, n // 2),
        )
    }

    def load_set() -> object:
        with paths["set"].open(encoding="utf-8") as f:
            return set(f.read().split())

    out["set (word list)"] = (
        median_of(lambda: set(words), repeat),
        paths["set"].stat().st_size / 1e6,
        median_of(load_set, repeat) * 1000,
        memory_mb("set", paths["set"], probes_path, name, n // 2),
    )
    marisa = optional("marisa")
    if marisa is None:
        out["marisa-trie"] = (NOT_INSTALLED,) * 4
    else:
        path = paths["marisa"]
        out["marisa-trie (mmap)"] = (
            median_of(lambda: build_marisa(words), repeat),
            path.stat().st_size / 1e6,
            median_of(lambda: word in marisa.Trie().mmap(str(path)), repeat) * 1000,
            memory_mb("marisa", path, probes_path, name, n // 2),
        )
    if optional("aho") is None:
        out["ahocorasick"] = (NOT_INSTALLED,) * 4
    else:
        path = paths["aho"]
        out["ahocorasick (pickle)"] = (
            median_of(lambda: build_aho(words), repeat),
            path.stat().st_size / 1e6,
            median_of(lambda: pickle.loads(path.read_bytes()).exists(word), repeat) * 1000,
            memory_mb("aho", path, probes_path, name, n // 2),
        )
    return out


def cost_table(
    datas: list[Data], files: dict[str, dict[str, Path]], n: int, repeat: int, seed: int, folder: Path
) -> dict[str, dict[str, Costs]]:
    print(
        "\n## 2b. What each judge costs: build from the word list (s; the project's: once), file (MB), "
        f"load from the file and judge one word (ms), memory a fresh process grows by to load it and judge "
        f"the {n} words (MB, RSS; imports excluded)\n"
    )
    rows = []
    results: dict[str, dict[str, Costs]] = {}
    for data in datas:
        probes_path = folder / f"{data.name}.probes"
        probes_path.write_text("\n".join(probe_words(data, n, random.Random(seed))), encoding="utf-8")
        results[data.name] = costs_of(data, files[data.name], probes_path, n, repeat)
        for structure, (build, size, load, mem) in results[data.name].items():
            rows.append(
                [data.name, structure, cell(build, ".3f"), cell(size, ".2f"), cell(load, ".2f"), cell(mem, ".1f")]
            )
    table(["lexicon", "structure", "build s", "file MB", "load ms", "memory MB"], rows)
    return results


# -- 3. pattern search ----------------------------------------------------------

Token = str  # a tile as written, "?" or "*"


@dataclass
class PatternCase:
    text: str  # for lex.search
    key: str  # one character a tile, "?" and "*" as they are
    regex: re.Pattern[str]
    prefix: str  # the literal key characters before the first wildcard
    star: bool


def make_case(data: Data, tokens: list[Token]) -> PatternCase:
    alphabet = data.lex.alphabet
    text: list[str] = []
    key: list[str] = []
    regex: list[str] = []
    run: list[str] = []
    for token in tokens + ["?"]:  # the sentinel flushes the last literal run
        if token in ("?", "*"):
            if run:
                text.append(alphabet.write(run))
                run = []
            text.append(token)
            key.append(token)
            regex.append("." if token == "?" else ".*")
        else:
            run.append(token)
            char = data.chars[alphabet.index[token]]
            key.append(char)
            regex.append(re.escape(char))
    key_text = "".join(key[:-1])
    wild = [i for i, c in enumerate(key_text) if c in "?*"]
    return PatternCase(
        "".join(text[:-1]),
        key_text,
        re.compile("".join(regex[:-1]), re.DOTALL),
        key_text[: wild[0]] if wild else key_text,
        "*" in tokens,
    )


def pattern_classes(data: Data, per_class: int, seed: int) -> dict[str, list[PatternCase]]:
    """Seeded patterns drawn from the lexicon's words, by class."""
    rng = random.Random(seed)
    alphabet = data.lex.alphabet
    tiles_of = [alphabet.tokenize(w) for w in data.words]
    by_len: dict[int, list[tuple[str, ...]]] = {}
    for tiles in tiles_of:
        by_len.setdefault(len(tiles), []).append(tiles)
    classes: dict[str, list[PatternCase]] = {}

    def draw(name: str, lengths: range, shape: Callable[[tuple[str, ...]], list[Token]]) -> None:
        pool = [t for n in lengths for t in by_len.get(n, [])]
        if not pool:
            return
        seen: dict[str, PatternCase] = {}
        for _ in range(per_class * 50):
            case = make_case(data, shape(rng.choice(pool)))
            seen.setdefault(case.text, case)
            if len(seen) == per_class:
                break
        classes[name] = list(seen.values())

    for lo, hi in BUCKETS:
        for k in range(1, 5):
            if hi <= k:
                continue

            def scattered(tiles: tuple[str, ...], k: int = k) -> list[Token]:
                holes = set(rng.sample(range(len(tiles)), k))
                return ["?" if i in holes else t for i, t in enumerate(tiles)]

            draw(f"{lo}-{hi} tiles, {k} ?", range(max(lo, k + 1), hi + 1), scattered)

    for lo, hi in BUCKETS:

        def prefixed(tiles: tuple[str, ...]) -> list[Token]:
            k = rng.randint(1, min(4, len(tiles) - 1))
            return list(tiles[: len(tiles) - k]) + ["?"] * k

        draw(f"{lo}-{hi} tiles, prefix + 1-4 ?", range(lo, hi + 1), prefixed)

    shapes: dict[str, tuple[int, Callable[[tuple[str, ...]], list[Token]]]] = {
        "AB*": (2, lambda t: [t[0], t[1], "*"]),
        "?A*E": (3, lambda t: ["?", t[1], "*", t[-1]]),
        "*ION": (4, lambda t: ["*", *t[-3:]]),
    }
    for shape, (shortest, make) in shapes.items():
        draw(f"{shape} shapes", range(shortest, 10), make)
    return classes


def search_table(data: Data, per_class: int, repeat: int, seed: int) -> dict[str, dict[str, float | str]]:
    lex = data.lex
    classes = pattern_classes(data, per_class, seed)
    marisa_mod, aho_mod = optional("marisa"), optional("aho")
    trie = build_marisa(data.keys) if marisa_mod is not None else None
    automaton = build_aho(data.keys) if aho_mod is not None else None
    by_len = data.by_len
    top = len(by_len) - 1

    def project(case: PatternCase) -> list[str]:
        return lex.search(case.text)

    def naive(case: PatternCase) -> list[str]:
        fixed = len(case.key.replace("*", ""))
        hi = top if case.star else min(fixed, top)
        match = case.regex.fullmatch
        return data.written([w for n in range(fixed, hi + 1) for w in filter(match, by_len[n])])

    def with_marisa(case: PatternCase) -> list[str]:
        assert trie is not None
        keys: list[str] = trie.keys(case.prefix)
        match = case.regex.fullmatch
        return data.written([w for w in keys if match(w)])

    def with_aho(case: PatternCase) -> list[str] | None:
        if case.star:
            return None
        assert aho_mod is not None and automaton is not None
        return data.written(list(automaton.keys(case.key, "?", aho_mod.MATCH_EXACT_LENGTH)))

    approaches: dict[str, Callable[[PatternCase], list[str] | None] | None] = {
        "lex.search": project,
        "naive re scan": naive,
        "marisa keys(prefix) + re": with_marisa if trie is not None else None,
        "ahocorasick keys(p, '?')": with_aho if automaton is not None else None,
    }
    tiles_note = "" if data.back is None else " (tiles: IJ is one private-use character for marisa and ahocorasick)"
    print(f"\n### {data.name}: {len(data.words)} words{tiles_note}\n")
    results: dict[str, dict[str, float | str]] = {}
    rows = []
    for name, cases in classes.items():
        truth = [project(c) for c in cases]
        results[name] = {}
        timed: dict[str, Callable[[PatternCase], object]] = {}
        for approach, search in approaches.items():
            if search is None:
                results[name][approach] = NOT_INSTALLED
                continue
            answers: Sequence[list[str] | None] = truth if search is project else [search(c) for c in cases]
            if any(a is None for a in answers):
                results[name][approach] = "n/a"
                continue
            for case, want, got in zip(cases, truth, answers, strict=True):
                if got != want:  # not an assert: python -O must not skip it
                    raise SystemExit(f"{approach} on {data.name} {case.text!r}: {got}, not lex.search's {want}")
            timed[approach] = search
        times: dict[str, list[float]] = {approach: [] for approach in timed}
        for _ in range(repeat):
            for approach, timed_search in timed.items():
                start = time.perf_counter()
                for case in cases:
                    timed_search(case)
                times[approach].append(time.perf_counter() - start)
        for approach, t in times.items():
            results[name][approach] = len(cases) / statistics.median(t)
        answers_per = statistics.median(len(t) for t in truth)
        rows.append(
            [name, str(len(cases)), f"{answers_per:g}", cases[0].text]
            + [cell(results[name][a], ",.0f") for a in approaches]
        )
    table(["class", "patterns", "median answers", "e.g."] + list(approaches), rows)
    return results


# -- conclusion -------------------------------------------------------------------


def ratio(x: float) -> str:
    return f"{x:.2g}x" if x < 10 else f"{x:,.0f}x"


def ratio_range(values: list[float]) -> str:
    if not values:
        return "n/a"
    lo, hi = min(values), max(values)
    return ratio(lo) if abs(hi - lo) < 0.05 * lo else f"{ratio(lo)} to {ratio(hi)}"


def group_of(pattern_class: str) -> str:
    if "prefix" in pattern_class:
        return "prefix + ?"
    return "* shapes" if "*" in pattern_class else "scattered ?"


def conclusion(
    cli: dict[str, dict[str, float]],
    judge: dict[str, dict[str, float]],
    costs: dict[str, dict[str, Costs]],
    search: dict[str, dict[str, dict[str, float | str]]],
) -> None:
    print("\n## Conclusion (from the figures above)\n")
    if cli:
        python = [r["python -c pass"] for r in cli.values()]
        ours = [r["jarnac-solver check"] for r in cli.values()]
        library = [r["library (python -c)"] for r in cli.values()]
        line = (
            f"- Command line: `jarnac-solver check` takes {min(ours):.0f}-{max(ours):.0f} ms, of which the "
            f"interpreter's start is {statistics.median(python):.0f} ms; loading the lexicon through the library "
            f"alone takes {min(library):.0f}-{max(library):.0f} ms"
        )
        marisa = [r["marisa mmap"] for r in cli.values() if "marisa mmap" in r]
        aho = [r["ahocorasick pickle"] for r in cli.values() if "ahocorasick pickle" in r]
        if marisa:
            line += f"; a marisa mmap judge {min(marisa):.0f}-{max(marisa):.0f} ms"
        if aho:
            line += f", an unpickled ahocorasick automaton {min(aho):.0f}-{max(aho):.0f} ms"
        print(line + ". The difference is import time and load time, not the lookup.")
    if judge:
        for other in ("set", "marisa-trie", "ahocorasick"):
            speedups = [r["lex.check(w)"] / r[other] for r in judge.values() if other in r]
            if speedups:
                print(f"- In Python, {other} judges a word {ratio_range(speedups)} faster than `lex.check`.")
        in_lex = [r["lex.check(w)"] / r["w in lex"] for r in judge.values()]
        print(f"- `w in lex` against `lex.check(w)`: {ratio_range(in_lex)} (ratio of check's time to in's).")
        for structure in next(iter(costs.values()), {}):
            sizes = [float(c[structure][1]) for c in costs.values() if not isinstance(c[structure][1], str)]
            mems = [float(c[structure][3]) for c in costs.values() if not isinstance(c[structure][3], str)]
            if sizes:
                print(
                    f"- {structure}: file {min(sizes):.1f}-{max(sizes):.1f} MB"
                    + (f", memory {min(mems):.1f}-{max(mems):.1f} MB" if mems else "")
                    + " over the lexicons."
                )
    for lexicon, classes in search.items():
        for other in ("naive re scan", "marisa keys(prefix) + re", "ahocorasick keys(p, '?')"):
            if classes and all(r.get(other) == NOT_INSTALLED for r in classes.values()):
                print(f"- Search {lexicon}, {other}: not installed.")
                continue
            parts = []
            for group in ("scattered ?", "prefix + ?", "* shapes"):
                ratios = [
                    float(r[other]) / float(r["lex.search"])
                    for name, r in classes.items()
                    if group_of(name) == group and not isinstance(r.get(other), str)
                ]
                if ratios:
                    geo = statistics.geometric_mean(ratios)
                    parts.append(f"{group} {ratio_range(ratios)} (geometric mean {ratio(geo)})")
                else:
                    parts.append(f"{group} n/a")
            print(f"- Search {lexicon}, {other} against `lex.search` (searches a second): " + "; ".join(parts) + ".")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--lexicons", default=",".join(Lexicon.available()), help="judge: bundled lexicons (default: all)"
    )
    parser.add_argument("--search-lexicons", default="fr,nl", help="pattern search: bundled lexicons (default fr,nl)")
    parser.add_argument("--words", type=int, default=20000, help="words judged in Python (default 20000)")
    parser.add_argument("--cli-runs", type=int, default=15, help="runs of each command line (default 15)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each in-process measure (default 5)")
    parser.add_argument("--patterns", type=int, default=20, help="patterns per class (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-cli", action="store_true", help="leave out the command-line table")
    args = parser.parse_args()
    print(f"jarnac-solver implementation: {IMPLEMENTATION}")
    print(f"python {sys.version.split()[0]}; marisa-trie: {version('marisa')}; pyahocorasick: {version('aho')}")

    judged = [Data.of(name) for name in args.lexicons.split(",") if name]
    cli: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files = {data.name: save_files(data, folder) for data in judged}
        if not args.skip_cli:
            cli = cli_table(judged, files, args.cli_runs, args.seed)
        judge = judge_table(judged, args.words, args.repeat, args.seed)
        costs = cost_table(judged, files, args.words, args.repeat, args.seed, folder)
    print(f"\n## 3. Pattern search: searches a second (median of {args.repeat}; every answer equals lex.search's)")
    search = {}
    known = {data.name: data for data in judged}
    for name in args.search_lexicons.split(","):
        if name:
            search[name] = search_table(known.get(name) or Data.of(name), args.patterns, args.repeat, args.seed)
    conclusion(cli, judge, costs, search)


if __name__ == "__main__":
    main()
