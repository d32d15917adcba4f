"""The compiled walk against the pure one: the same answers, node for node, and no crash on any file.

The pure-Python walk is the reference (the oracle suites check it against
brute force); here the compiled walk (``jarnac_solver._speedups``) must give
exactly what it gives on random lexicons, racks and trays, multi-tile
alphabets (I, J and IJ) included, and refuse corrupted files with
``LexiconFormatError`` whether it checks them when they open or at their
first query. ``test_pure_oracles`` runs the oracle suites again with
``JARNAC_SOLVER_PURE=1``, so that CI checks both implementations against
brute force.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jarnac_solver
from jarnac_solver import (
    DUTCH,
    InvalidInputError,
    Lexicon,
    LexiconFormatError,
    Rules,
    Tray,
    best_jarnac,
    is_jarnacable,
    legal_moves,
    native,
    plan_ladder,
)
from jarnac_solver.lexicon import fileformat
from jarnac_solver.lexicon.fileformat import _PREFIX, MAGIC
from jarnac_solver.lexicon.lexicon import _bundled

from .clocks import looks_after, stepped
from .strategies import DIGRAPH_TILES, LATIN_SMALL, Tiles, lexicons, racks, written
from .test_moves_oracle import cases

REPO = Path(__file__).resolve().parent.parent
DATA = Path(jarnac_solver.__file__).resolve().parent / "data"
COMPILED = native.compiled_available()
needs_compiled = pytest.mark.skipif(
    not COMPILED, reason=f"the compiled walk is not built ({native.IMPLEMENTATION_REASON})"
)


def both(words: list[str]) -> tuple[Lexicon, Lexicon]:
    """The same word list (Dutch alphabet: A..Z and IJ) under the pure walk and the compiled one."""
    with native.implementation("pure"):
        pure = Lexicon.from_words(words, DUTCH)
    with native.implementation("compiled"):
        compiled = Lexicon.from_words(words, DUTCH)
    assert (pure.implementation, compiled.implementation) == ("pure", "compiled")
    return pure, compiled


def tally(lex: Lexicon, tiles: Tiles) -> list[tuple[int, int]]:
    return list(lex.tally_codes(DUTCH.encode(written(tiles))))


@needs_compiled
@settings(max_examples=150)
@given(st.data(), st.sampled_from([LATIN_SMALL, DIGRAPH_TILES]))
def test_every_walk_returns_the_same_nodes(data: st.DataObject, tiles: tuple[str, ...]) -> None:
    words = ["".join(w) for w in data.draw(lexicons(tiles))]
    pure, compiled = both(words)
    p, c = pure.index, compiled.index
    assert (p.n_nodes, p.root, p.depth_starts) == (c.n_nodes, c.root, c.depth_starts)
    rack = tally(pure, data.draw(racks(tiles)))
    need = tally(pure, data.draw(racks(tiles, max_size=5)))
    lo = data.draw(st.integers(0, 10))
    hi = lo + data.draw(st.integers(0, 4))
    # Node lists in the walk's order (the compiled walk is the pure one's algorithm).
    assert c._rack_walk(rack) == p._rack_walk(rack)
    assert c.anagram_nodes(need) == p.anagram_nodes(need)
    assert c.trie is not None
    with native.implementation("pure"):
        assert p._walk(need, rack) == c.trie.walk(need, rack)
    assert c.subanagrams(rack, lo, hi) == p.subanagrams(rack, lo, hi)
    assert c.anagrams(need) == p.anagrams(need)
    size = sum(n for _, n in need)
    assert c.extensions(need, rack, size, hi) == p.extensions(need, rack, size, hi)
    assert c.first_place(rack, lo, hi) == p.first_place(rack, lo, hi)
    assert c.first_extension(need, size, rack, hi) == p.first_extension(need, size, rack, hi)
    assert sorted(c.words()) == sorted(p.words())
    nodes = list(range(p.n_nodes))
    assert c.words_of(nodes) == p.words_of(nodes)
    assert c.first_words(nodes) == p.first_words(nodes)
    assert [c.words_at(n) for n in nodes] == [p.words_at(n) for n in nodes]
    assert compiled.to_bytes() == pure.to_bytes()


@needs_compiled
@settings(max_examples=150)
@given(cases())
def test_moves_and_jarnacs_are_the_same(case: tuple[list[Tiles], object, list[Tiles], Tiles]) -> None:
    words, rules, lines, rack = case
    pure, compiled = both(["".join(w) for w in words])
    tray = Tray([written(t) for t in lines], written(rack), DUTCH)
    moves = [legal_moves(lex, tray, rules) for lex in (pure, compiled)]  # type: ignore[arg-type]
    assert [list(map(str, m)) for m in moves[0:1]] == [list(map(str, m)) for m in moves[1:2]]
    jarnacs = [is_jarnacable(lex, tray, rules) for lex in (pure, compiled)]  # type: ignore[arg-type]
    assert str(jarnacs[0]) == str(jarnacs[1])
    plans = [best_jarnac(lex, tray, rules=rules) for lex in (pure, compiled)]  # type: ignore[arg-type]
    assert [str(m) for m in plans[0].steals] == [str(m) for m in plans[1].steals]
    # Move generation through the key map (pure) and through C walks (compiled) agree too.
    pure.key_map()
    assert list(map(str, legal_moves(pure, tray, rules))) == list(map(str, moves[1]))  # type: ignore[arg-type]


def plan_text(plan: Any) -> tuple[Any, ...]:
    return ([str(m) for m in plan.steals], plan.gain, plan.swing, plan.taken_indexes, plan.leftover, plan.value)


@needs_compiled
@settings(max_examples=150)
@given(st.data())
def test_every_jarnac_search_finds_the_same_plan(data: st.DataObject) -> None:
    """best_jarnac with every parameter (objectives, free lines, the thief's last line, value Jarnacs): the C
    branch and bound finds the plan the Python one finds."""
    words, rules, lines, rack = data.draw(cases())
    if data.draw(st.booleans()):
        rules = rules.replace(value_jarnac=True)
    pure, compiled = both(["".join(w) for w in words])
    tray = Tray([written(t) for t in lines], written(rack), DUTCH)
    formed = [i for i, line in enumerate(tray.line_codes) if line]
    kwargs: dict[str, Any] = {
        "free_lines": data.draw(st.integers(0, rules.lines)),
        "objective": data.draw(st.sampled_from(["swing", "gain"])),
        "thief_last_free": data.draw(st.booleans()),
        "formed_indexes": data.draw(st.sets(st.sampled_from(formed))) if formed else set(),
    }
    plans = [best_jarnac(lex, tray, rules=rules, **kwargs) for lex in (pure, compiled)]
    assert plan_text(plans[0]) == plan_text(plans[1])
    assert plans[0].exact and plans[1].exact


@needs_compiled
def test_a_budget_stops_the_compiled_search() -> None:
    """A search of minutes (a value Jarnac over 8 lines) stops at its deadline with its best plan, unproven."""
    from jarnac_solver import Rules

    en = Lexicon.load("en")
    tray = Tray.parse("PROFANES FLYOVERS SHIRKING COMPOTE CICALA MONOPOLE VALVULAE BRACERO / BAOIUDUW")
    deadline, clock = stepped(300)
    rushed = best_jarnac(en, tray, rules=Rules.preset("english"), formed_indexes=range(8), budget=deadline)
    assert looks_after(deadline, clock) <= 1
    assert not rushed.exact and rushed.steals


@needs_compiled
@settings(max_examples=150)
@given(cases())
def test_ladders_are_the_same(case: tuple[list[Tiles], Any, list[Tiles], Tiles]) -> None:
    """plan_ladder: the C allocation finds the ladder the Python one finds (same moves, same order)."""
    words, rules, lines, rack = case
    pure, compiled = both(["".join(w) for w in words])
    tray = Tray([written(t) for t in lines], written(rack), DUTCH)
    ladders = [plan_ladder(lex, tray, rules) for lex in (pure, compiled)]
    assert [str(m) for m in ladders[0]] == [str(m) for m in ladders[1]]
    assert ladders[0].exact and ladders[1].exact


@needs_compiled
def test_a_budget_stops_the_compiled_ladder() -> None:
    fr = Lexicon.load("fr")
    deadline, clock = stepped(300)
    rushed = plan_ladder(fr, Tray.parse("/ EEEEEAAAAIIIIOOOUUSSSTTTRRRNNNLLLCCDDMMPP"), budget=deadline)
    assert looks_after(deadline, clock) <= 1
    assert not rushed.exact and rushed


@pytest.mark.parametrize("name", ["pure", "compiled"])
def test_a_budget_of_zero_still_answers(name: str) -> None:
    """With no time at all, the searches give their greedy first answer, never an empty one where a plan
    or a ladder exists (a deadline met before the first plan left nothing)."""
    import random

    from jarnac_solver import Bag, Deadline

    if name == "compiled" and not COMPILED:
        pytest.skip("the compiled walk is not built")
    with native.implementation(name):
        fr = Lexicon.load("fr")
    rng = random.Random(15)
    words = [w for w in fr.subanagrams("EARTISNLOUC", 4, 6)]
    tiles = Bag.load("fr").tiles()
    for _ in range(30):
        tray = Tray(rng.sample(words, rng.randint(2, 5)), "".join(rng.sample(tiles, 9)))
        exact, rushed = best_jarnac(fr, tray), best_jarnac(fr, tray, budget=Deadline(0.0))
        assert bool(rushed.steals) == bool(exact.steals)
        assert plan_text(rushed) == plan_text(exact) if rushed.exact else (rushed.swing <= exact.swing)
        ladder, quick = plan_ladder(fr, tray), plan_ladder(fr, tray, budget=Deadline(0.0))
        assert bool(quick) == bool(ladder)


@needs_compiled
def test_bundled_lexicons_agree_on_real_racks() -> None:
    """Every bundled list, 200 racks of 7 to 15 tiles drawn from its bag: the same words both ways."""
    import random

    for name in Lexicon.available():
        compiled = Lexicon.load(name)
        with native.implementation("pure"):
            pure = Lexicon.load(name)
        tiles = list(compiled.alphabet.tiles)
        rng = random.Random(name)
        for i in range(200):
            rack = rng.choices(tiles, k=7 + i % 9)
            rack_tally = compiled.tally_codes([compiled.alphabet.index[t] for t in rack])
            assert compiled.index.subanagrams(rack_tally, 3, 9) == pure.index.subanagrams(rack_tally, 3, 9)
        assert len(compiled) == len(pure)


@needs_compiled
def test_a_value_jarnac_over_many_candidates_is_the_same_plan() -> None:
    """A recomposition whose pool reaches more new words than one chunk of rows (2,048): its candidates in
    word order as a whole, as the pure path has them, so a tie between two plans worth the same goes the
    same way (the builds' records differing under the English rules)."""
    compiled = Lexicon.load("fr")
    with native.implementation("pure"):
        pure = Lexicon.load("fr")
    rules = Rules.preset("english")
    tray = Tray.parse("JUPONS DEPLAIRAI / A")
    plans = [best_jarnac(lex, tray, 7, rules=rules, formed_indexes=[0, 1]) for lex in (compiled, pure)]
    assert plans[0] == plans[1]
    assert [str(m) for m in plans[0].steals] == ["+ADJURIONS", "+APPELAI"]


# -- files -----------------------------------------------------------------------------------------

BASE = Lexicon.from_words(["rat", "art", "tar", "tzar", "ruat", "bus", "sub", "arts", "ijs", "bijt"], DUTCH)


def with_checksum(data: bytearray) -> bytes:
    """``data`` with its checksum made right again (what a crafted file has)."""
    _, _, head_len, _, _, _ = _PREFIX.unpack_from(data)
    crc = zlib.crc32(bytes(data[_PREFIX.size :]))
    _PREFIX.pack_into(data, 0, MAGIC, 2, head_len, len(data) - _PREFIX.size - head_len, crc, 0)
    return bytes(data)


def answers_or_refuses(data: bytes, trusted: bool) -> None:
    """Either LexiconFormatError (when opening or at the first query), or answers; never a crash."""
    try:
        lex = Lexicon.from_bytes(data, trusted=trusted)
        for rack in ("TARS", "RATZUBS", "IJSBT", ""):
            lex.subanagrams(rack, min_len=1)
        lex.extensions("RAT", "ZSU")
        len(list(lex))
        for node in range(lex.index.n_nodes):
            lex.index.words_at(node)
    except LexiconFormatError:
        pass


@settings(max_examples=300)
@given(st.data(), st.booleans())
def test_corrupted_payload_bytes_never_crash(data: st.DataObject, trusted: bool) -> None:
    """Bytes of the payload changed (the checksum made right): refused or answered, even when trusted
    (no checksum, the compiled walk's bounds checks at the first query)."""
    raw = bytearray(BASE.to_bytes())
    _, _, head_len, _, _, _ = _PREFIX.unpack_from(raw)
    start = _PREFIX.size + head_len
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(start, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    answers_or_refuses(with_checksum(raw), trusted)


@settings(max_examples=100)
@given(st.sampled_from(["csr_start", "csr_rank", "csr_child", "word_start", "word_ids", "word_pos"]), st.data())
def test_compiled_sections_filled_with_anything(name: str, data: st.DataObject) -> None:
    """A compiled section overwritten with random words (ids far out of range, cycles, duplicates)."""
    raw = bytearray(BASE.to_bytes())
    _, _, head_len, _, _, _ = _PREFIX.unpack_from(raw)
    head = json.loads(raw[_PREFIX.size : _PREFIX.size + head_len])
    off, length = head["sections"][name]
    base = _PREFIX.size + head_len + off
    fill = data.draw(st.binary(min_size=length, max_size=length))
    raw[base : base + length] = fill
    for trusted in (False, True):
        answers_or_refuses(with_checksum(raw), trusted)


@needs_compiled
def test_a_trusted_file_is_checked_at_its_first_query() -> None:
    raw = bytearray(BASE.to_bytes())
    _, _, head_len, _, _, _ = _PREFIX.unpack_from(raw)
    head = json.loads(raw[_PREFIX.size : _PREFIX.size + head_len])
    off, _ = head["sections"]["csr_child"]
    at = _PREFIX.size + head_len + off
    raw[at : at + 4] = (10**6).to_bytes(4, "little")
    lex = Lexicon.from_bytes(bytes(raw), "crafted.jlex", trusted=True)  # opens: nothing read yet
    with pytest.raises(LexiconFormatError, match=r"crafted\.jlex: .*two parents"):
        lex.subanagrams("TARS")
    with pytest.raises(LexiconFormatError, match=r"crafted\.jlex"):
        lex.subanagrams("TARS")  # and again: never answered from a bad file
    with pytest.raises(LexiconFormatError, match=r"crafted\.jlex"):
        Lexicon.from_bytes(bytes(raw), "crafted.jlex")  # not trusted: the checksum and every check at once


def test_a_version_1_file_still_opens() -> None:
    """Files saved before the compiled sections existed (format 1: three sections, no alignment)."""
    raw = BASE.to_bytes()
    _, _, head_len, _, _, _ = _PREFIX.unpack_from(raw)
    head = json.loads(raw[_PREFIX.size : _PREFIX.size + head_len])
    payload = raw[_PREFIX.size + head_len :]
    parts = [payload[o : o + n] for o, n in (head["sections"][k] for k in ("parents", "children", "words"))]
    pos = 0
    head["sections"] = {}
    for name, part in zip(("parents", "children", "words"), parts, strict=True):
        head["sections"][name] = [pos, len(part)]
        pos += len(part)
    blob = json.dumps(head).encode() + b"  "  # a header of any length: the payload is not aligned
    body = b"".join(parts)
    old = _PREFIX.pack(MAGIC, 1, len(blob), len(body), zlib.crc32(body, zlib.crc32(blob)), 0) + blob + body
    lex = Lexicon.from_bytes(old)
    assert lex.implementation == jarnac_solver.IMPLEMENTATION
    assert lex.subanagrams("RATZ") == BASE.subanagrams("RATZ") == ["ART", "RAT", "TAR", "TZAR"]
    assert lex.to_bytes() == BASE.to_bytes()  # saved again, as format 2


# -- the implementation, the environment, processes -----------------------------------------------


def test_the_implementation_is_said() -> None:
    assert ("compiled" if COMPILED else "pure") == jarnac_solver.IMPLEMENTATION
    assert Lexicon.load("fr").implementation == jarnac_solver.IMPLEMENTATION
    with native.implementation("pure"):
        assert Lexicon.from_words(["rat"]).implementation == "pure"
    with pytest.raises(ValueError, match="'pure' or 'compiled'"), native.implementation("fast"):
        pass


@pytest.mark.parametrize(
    ("value", "pure"),
    [("1", True), ("yes", True), ("TRUE", True), ("0", False), ("", False), ("false", False), ("No", False)],
)
def test_the_environment_forces_the_pure_walk(value: str, pure: bool) -> None:
    code = "import jarnac_solver as j; print(j.IMPLEMENTATION, j.Lexicon.load('en').implementation)"
    env = {**os.environ, "JARNAC_SOLVER_PURE": value}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["pure" if pure else jarnac_solver.IMPLEMENTATION] * 2


def test_a_buffer_changed_after_opening_changes_nothing() -> None:
    """from_bytes on a bytearray or a writable view keeps a copy (the compiled walk read
    the caller's buffer in place, and writing into it crashed the process)."""
    import random

    for make in (bytearray, lambda b: memoryview(bytearray(b)), lambda b: memoryview(bytearray(b)).toreadonly()):
        raw = make(Lexicon.load("en").to_bytes())
        lex = Lexicon.from_bytes(raw)
        before = lex.subanagrams("RETAINS")
        writable: bytearray = raw if isinstance(raw, bytearray) else raw.obj  # type: ignore[assignment]
        rng = random.Random(1)
        for _ in range(2000):
            at = rng.randrange(256, len(writable) - 4)
            writable[at : at + 4] = rng.randbytes(4)
        assert lex.subanagrams("RETAINS") == before
        assert "TZAR" not in lex and "RETINA" in lex


def test_a_bundled_lexicon_pickles_as_its_name() -> None:
    """A process pool gets the name and maps the package's file (shared pages), not a 6 MB copy."""
    fr = Lexicon.load("fr")
    data = pickle.dumps(fr)
    assert len(data) < 500
    again = pickle.loads(data)
    assert again.subanagrams("RETIRONS") == fr.subanagrams("RETIRONS")
    derived = fr.filter(lambda w: "Z" not in w)
    assert len(pickle.dumps(derived)) > 100_000  # not bundled: the compiled bytes
    renamed = Lexicon.load("fr")
    renamed.metadata["note"] = "mine"
    assert pickle.loads(pickle.dumps(renamed)).metadata["note"] == "mine"  # changed: pickled whole
    assert fr.__reduce__() == (_bundled, ("fr", fileformat.checksum(fileformat.map_file(DATA / "fr.jlex"))))
    with pytest.raises(LexiconFormatError, match="differs from the one pickled"):
        _bundled("fr", 1)  # another version's file


def test_open_reads_or_maps_the_file(tmp_path: Path) -> None:
    path = tmp_path / "small.jlex"
    BASE.save(path)
    lex = Lexicon.open(path)
    path.write_bytes(b"")  # changed in place after opening: the bytes were read, queries go on
    assert lex.subanagrams("TARS") == ["ART", "ARTS", "RAT", "TAR"]
    BASE.save(path)
    mapped = Lexicon.open(path, shared=True)
    assert mapped.subanagrams("TARS") == ["ART", "ARTS", "RAT", "TAR"]
    BASE.filter(lambda w: w != "RAT").save(path)  # replaced by a rename: the map keeps the old pages
    path.unlink()
    assert mapped.subanagrams("TARS") == ["ART", "ARTS", "RAT", "TAR"]
    with pytest.raises(InvalidInputError, match="shared must be True or False"):
        Lexicon.open(path, shared="yes")  # type: ignore[arg-type]
    empty = tmp_path / "empty.jlex"
    empty.write_bytes(b"")
    with pytest.raises(LexiconFormatError, match="truncated"):
        Lexicon.open(empty)


@pytest.mark.skipif(sys.platform == "win32", reason="environment variables for a subprocess")
def test_pure_oracles() -> None:
    """The brute-force oracle and rulebook suites, again with JARNAC_SOLVER_PURE=1: CI checks both walks."""
    if jarnac_solver.IMPLEMENTATION == "pure":
        pytest.skip("this run is already pure")
    # The pure pass at the developers' Hypothesis profile (100 examples a test), whatever the run's: under
    # CI's (300) its oracles alone took ~2.5 min of one worker, the suite's longest test by far, while the
    # compiled walk, the one most installs run, still meets them at CI's count in this run.
    env = {**os.environ, "JARNAC_SOLVER_PURE": "1", "HYPOTHESIS_PROFILE": "dev"}
    files = [
        "tests/test_search_oracle.py",
        "tests/test_moves_oracle.py",
        "tests/test_jlex_fuzz.py",
        "tests/test_ladder.py",
        "tests/test_rulebook.py",
        "tests/test_bundled.py",
        "tests/test_planner.py",
    ]
    done = subprocess.run(
        # The compiled lexicons' byte-for-byte rebuild does not depend on the walk: run once, not twice (~12 s).
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", "-n", "0", *files]
        + ["-k", "not built_from_its_text_source"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


@needs_compiled
def test_the_ladders_candidates_in_one_call_are_the_python_ones() -> None:
    """Trie.ladder_items (_plan.c) makes the items chain_items makes, in the same order, on real trays of each
    alphabet (nl: the IJ tile) and under rules whose lines and minimums differ from the sheet's."""
    import random

    from jarnac_solver.budget import OutOfTime
    from jarnac_solver.lexicon.tally import FIELD_BITS
    from jarnac_solver.moves.movegen import tallies
    from jarnac_solver.planning.chains import chain_items as _items

    rng = random.Random(32)
    for name in ("fr", "nl"):
        lex = Lexicon.load(name)
        with native.implementation("pure"):
            pure = Lexicon.load(name)
        index, trie = lex.index, lex.index.trie
        assert trie is not None
        words = [w for w in lex if 3 <= len(w) <= 6]
        for rules in (Rules(), Rules(lines=5, line_length=7, min_length=2, last_line_min_length=4)):
            for _ in range(40):
                lines = [w for w in rng.sample(words, rng.randint(0, 4)) if len(w) <= rules.line_length]
                rack = "".join(rng.choices(lex.alphabet.tiles, k=rng.randint(1, 9)))
                tray = Tray(lines, rack, lex.alphabet)
                rack_tally, line_tallies = tallies(lex, tray)
                free = tray.free_lines(rules)
                place = (min(rules.min_length, rules.last_line_min_length), rules.line_length) if free > 0 else None
                nodes = index.move_nodes(rack_tally, place, line_tallies, rules.line_length, lex.move_keys())
                weights = [1 << (FIELD_BITS * rank) for rank, _ in rack_tally]
                expected = _items(lex, tray, rules, *nodes, weights, None)
                m = rules.line_length
                asked: list[tuple[object, int, int] | None] = [
                    (lex.rank_string(c), *index.nodes_of_lengths(len(c) + 1, m)) if c and len(c) < m else None
                    for c in tray.line_codes
                ]
                lo, hi = index.nodes_of_lengths(*place) if place else (0, 0)
                rack_ranks = lex.rank_string(tray.rack_codes)
                got = trie.ladder_items(rack_ranks, lo, hi, asked, rules.min_length, None, OutOfTime)
                assert got is not None and tuple(got) == tuple(expected), str(tray)
                assert list(plan_ladder(lex, tray, rules)) == list(plan_ladder(pure, tray, rules)), str(tray)


@needs_compiled
def test_the_best_jarnac_in_one_call_is_the_split_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trie.jarnac_plan (_plan.c: the candidates and the search in one call) chooses the plan the candidates
    and the compiled search chose apart, for both objectives, any free lines, under rules that differ from
    the sheet's (no new word stolen, a longer last line)."""
    import random

    from jarnac_solver.moves import jarnac as jarnac_module

    rng = random.Random(7)
    lex = Lexicon.load("fr")
    words = [w for w in lex if 3 <= len(w) <= 7]
    for rules in (Rules(), Rules(lines=6, line_length=7, min_length=2, last_line_min_length=4, steal_place=False)):
        for _ in range(60):
            lines = [w for w in rng.sample(words, rng.randint(0, 5)) if len(w) <= rules.line_length]
            tray = Tray(lines, "".join(rng.choices("AEIOUSTRNLCDPMBGQZ", k=rng.randint(1, 12))))
            for objective in ("swing", "gain"):
                free, last = rng.randint(0, rules.lines), rng.random() < 0.7
                one = best_jarnac(lex, tray, free, objective, rules, thief_last_free=last)
                with monkeypatch.context() as m:
                    m.setattr(jarnac_module, "compiled_plan", lambda *args: None)
                    apart = best_jarnac(lex, tray, free, objective, rules, thief_last_free=last)
                assert one == apart, str(tray)


def test_the_version_says_which_walk_runs(capsys: pytest.CaptureFixture[str]) -> None:
    from jarnac_solver.cli import main

    with pytest.raises(SystemExit):
        main(["--version"])
    shown = capsys.readouterr().out
    assert shown.startswith("jarnac-solver ") and f"{native.IMPLEMENTATION} walk (" in shown
    with native.implementation("pure"):
        assert native.describe() == "pure walk (asked for by native.implementation)"
