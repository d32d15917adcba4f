"""The batch engine of rack questions (``rack_stats``) against the single-query search and a brute-force oracle."""

from __future__ import annotations

import gc
import random
import subprocess
import sys
import weakref
from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from jarnac_solver import Alphabet, Bag, Lexicon
from jarnac_solver.errors import InvalidInputError, JarnacError, MissingExtraError
from jarnac_solver.lexicon.batch import MAX_NUMPY_RANKS, MAX_RACK, BatchIndex, RackStats, _popcount_swar, rack_stats

from .strategies import DIGRAPH_TILES, LATIN_SMALL, Tiles, lexicons, racks

ALPHABETS: dict[tuple[str, ...], Alphabet] = {
    LATIN_SMALL: Alphabet(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), name="latin"),
    DIGRAPH_TILES: Alphabet(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + ["IJ"], name="dutch"),
}
FIELDS = ("words", "classes", "longest", "best_points", "playable", "best_node")
SIZES = (0, 1, 7, 9, 12, 15)
EMPTY: dict[str, int | bool] = {
    "words": 0,
    "classes": 0,
    "longest": 0,
    "best_points": 0,
    "playable": False,
    "best_node": 0,
}


def rows(stats: RackStats) -> list[dict[str, int | bool]]:
    return [stats.row(i) for i in range(len(stats))]


# -- the bundled lexicons against the single-query search ----------------------


class WordInfo(dict[str, tuple[int, tuple[str, ...]]]):
    """word -> (tile length, sorted tiles), computed on first use (words recur across racks)."""

    def __init__(self, lexicon: Lexicon) -> None:
        super().__init__()
        self.lexicon = lexicon

    def __missing__(self, word: str) -> tuple[int, tuple[str, ...]]:
        found = self[word] = (self.lexicon.tile_length(word), tuple(sorted(self.lexicon.alphabet.tokenize(word))))
        return found


class SingleQuery:
    """Each rack's answer from ``Lexicon.subanagrams`` and the index, one rack at a time."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.info = WordInfo(lexicon)

    def stats(self, codes: Sequence[int], lo: int, hi: int) -> dict[str, int | bool]:
        lexicon = self.lexicon
        words = lexicon.subanagrams(lexicon.alphabet.decode(codes), lo, hi)
        if not words:
            return dict(EMPTY)
        info = list(map(self.info.__getitem__, words))
        longest = max(length for length, _ in info)
        # One word of each longest key to the index: its node (the same for every anagram).
        firsts = {key: w for w, (length, key) in zip(words, info, strict=True) if length == longest}
        best = min(lexicon.index.anagram_nodes(lexicon.tally(w)[0])[0] for w in firsts.values())
        return {
            "words": len(words),
            "classes": len({key for _, key in info}),
            "longest": longest,
            "best_points": longest * longest,
            "playable": True,
            "best_node": best,
        }


@pytest.mark.parametrize(("name", "bag", "lo", "hi"), [("fr", "fr", 3, 9), ("nl", "nl-estimate", 2, 7)])
def test_bundled_lexicon_matches_single_queries(name: str, bag: str, lo: int, hi: int) -> None:
    lexicon = Lexicon.load(name)
    tiles = Bag.load(bag)
    rng = random.Random(14)
    batch = [lexicon.alphabet.encode(".".join(tiles.sample(rng, SIZES[i % len(SIZES)]))) for i in range(2000)]
    assert {len(rack) for rack in batch} == set(SIZES)
    if name == "nl":  # the IJ tile and single I and J tiles both occur
        ij, i, j = (lexicon.alphabet.index[t] for t in ("IJ", "I", "J"))
        assert any(ij in rack for rack in batch) and any(i in rack and j in rack for rack in batch)
    stats = rack_stats(lexicon, batch, lo, hi, engine="numpy")
    single = SingleQuery(lexicon)
    expected = [single.stats(rack, lo, hi) for rack in batch]
    assert rows(stats) == expected
    assert rows(rack_stats(lexicon, batch, lo, hi, engine="python")) == expected
    assert [lexicon.index.words_at(row["best_node"]) != [] for row in expected] == [row["playable"] for row in expected]


# -- random lexicons against the brute-force oracle -----------------------------


def oracle_stats(
    words: list[Tiles], rack: Tiles, lo: int, hi: int
) -> tuple[dict[str, int | bool], set[frozenset[str]]]:
    """Every distinct word of the list, tested as a sub-multiset of the rack with Counters.

    Returns the stats but the best node, and the longest classes as sets of words (the
    best node must hold one of them)."""
    have = Counter(rack)
    fits = {w for w in words if lo <= len(w) <= hi and not Counter(w) - have}
    classes = {frozenset(Counter(w).items()) for w in fits}
    longest = max((len(w) for w in fits), default=0)
    stats: dict[str, int | bool] = {
        "words": len(fits),
        "classes": len(classes),
        "longest": longest,
        "best_points": longest * longest,
        "playable": bool(fits),
    }
    best = {frozenset("".join(w) for w in fits if Counter(w) == Counter(v)) for v in fits if len(v) == longest}
    return stats, best


@given(st.data(), st.sampled_from(sorted(ALPHABETS)))
def test_engines_match_the_oracle(data: st.DataObject, tiles: tuple[str, ...]) -> None:
    words = data.draw(lexicons(tiles))
    batch = data.draw(st.lists(racks(tiles, MAX_RACK), max_size=8))
    lo = data.draw(st.integers(1, 9))
    hi = data.draw(st.integers(lo, 9))
    alphabet = ALPHABETS[tiles]
    lexicon = Lexicon.from_words(["".join(w) for w in words], alphabet, strict=True)
    codes = [[alphabet.index[t] for t in rack] for rack in batch]
    fast = rack_stats(lexicon, codes, lo, hi, engine="numpy")
    slow = rack_stats(lexicon, codes, lo, hi, engine="python")
    assert rows(fast) == rows(slow)
    assert len(fast) == len(batch)
    distinct = list(set(words))
    for row, rack in zip(rows(fast), batch, strict=True):
        want, best = oracle_stats(distinct, rack, lo, hi)
        assert {key: row[key] for key in want} == want
        if row["playable"]:
            assert frozenset(lexicon.index.words_at(row["best_node"])) in best
        else:
            assert row["best_node"] == 0


def test_repeated_letters_reach_each_sub_multiset_once() -> None:
    lexicon = Lexicon.from_words(["EE", "EEE", "EES", "SEES", "ESSE", "E"])
    rack = lexicon.alphabet.encode("EEEESS")
    for engine in ("numpy", "python"):
        got = rack_stats(lexicon, [rack], 1, 9, engine=engine).row(0)
        assert got == {**got, "words": 6, "classes": 5, "longest": 4}
        assert lexicon.index.words_at(got["best_node"]) == ["ESSE", "SEES"]


def test_best_node_is_the_smallest_node_of_the_longest_keys() -> None:
    lexicon = Lexicon.from_words(["RAT", "TAR", "SAT", "ZAT", "AS"])
    rack = lexicon.alphabet.encode("RATSZ")
    stats = rack_stats(lexicon, [rack])
    longest = [lexicon.index.anagram_nodes(lexicon.tally(w)[0])[0] for w in ("RAT", "SAT", "ZAT")]
    assert stats.row(0)["best_node"] == min(longest)


# -- shapes, forms and caching ------------------------------------------------


def test_empty_batch_gives_empty_arrays() -> None:
    lexicon = Lexicon.from_words(["rat"])
    for engine in ("numpy", "python"):
        stats = rack_stats(lexicon, [], engine=engine)
        assert len(stats) == 0
        assert stats.words.dtype == np.int64 and stats.playable.dtype == np.bool_
        assert all(getattr(stats, name).shape == (0,) for name in FIELDS)


def test_columns_are_read_only_arrays_and_forms_round_trip() -> None:
    lexicon = Lexicon.from_words(["rat", "art", "tzar"])
    stats = rack_stats(lexicon, [lexicon.alphabet.encode(r) for r in ("TRAZ", "", "Q")])
    assert stats.words.tolist() == [3, 0, 0]
    with pytest.raises(ValueError):
        stats.words[0] = 7
    again = RackStats.from_dict(stats.to_dict())
    assert rows(again) == rows(stats)
    with pytest.raises(InvalidInputError, match="different lengths"):
        RackStats.from_dict({**stats.to_dict(), "words": [1, 2]})
    with pytest.raises(InvalidInputError, match="'playable'"):
        RackStats.from_dict({**stats.to_dict(), "playable": [1, 0, 0]})


def test_other_rack_containers() -> None:
    lexicon = Lexicon.from_words(["rat", "tart", "art"])
    codes = [lexicon.alphabet.encode(r) for r in ("TRAT", "RATS", "TTTT")]
    want = rows(rack_stats(lexicon, codes))
    assert rows(rack_stats(lexicon, np.array(codes))) == want
    assert rows(rack_stats(lexicon, np.array(codes, dtype=np.uint8), engine="python")) == want
    assert rows(rack_stats(lexicon, (tuple(np.array(c)) for c in codes))) == want  # numpy ints, a generator
    assert rows(rack_stats(lexicon, np.zeros((2, 0), dtype=np.int64))) == [EMPTY, EMPTY]


def test_batch_index_is_built_once_per_lexicon() -> None:
    lexicon = Lexicon.from_words(["rat"])
    first = BatchIndex.for_lexicon(lexicon)
    assert BatchIndex.for_lexicon(lexicon) is first
    assert BatchIndex.for_lexicon(Lexicon.from_words(["rat"])) is not first
    assert first.n_nodes == 4 and first.source_node[0] == lexicon.index.root
    alive = weakref.ref(lexicon)
    del lexicon
    gc.collect()
    assert alive() is None  # the cache keeps no lexicon alive


def test_many_short_racks_in_chunks() -> None:
    lexicon = Lexicon.load("fr")
    bag = Bag.load("fr")
    rng = random.Random(8)
    batch = [lexicon.alphabet.encode("".join(bag.sample(rng, 2 + i % 7))) for i in range(2500)]  # 2 to 8 tiles
    stats = rack_stats(lexicon, batch, 2, 6, engine="numpy")
    assert rows(stats) == rows(rack_stats(lexicon, batch, 2, 6, engine="python"))
    assert stats.playable.any() and not stats.playable.all()


def test_importing_the_module_does_not_import_numpy() -> None:
    code = "import sys, jarnac_solver.lexicon.batch; print('numpy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_an_empty_lexicon() -> None:
    lexicon = Lexicon.from_words([])
    assert rows(rack_stats(lexicon, [[0, 1, 2]])) == [EMPTY]


# -- bad input ------------------------------------------------------------------


@pytest.mark.parametrize("engine", ["numpy", "python"])
@pytest.mark.parametrize(
    ("batch", "message"),
    [
        ([[0, 1], [2, 26]], r"rack 1: 26 is not a tile code of the alphabet 'latin' \(0 to 25\)"),
        ([[0, -1]], "rack 0: -1 is not a tile code"),
        ([[0], [1.0]], r"rack 1: 1\.0 is not a tile code \(an int\)"),
        ([[True]], r"rack 0: True is not a tile code \(an int\)"),
        ([[0], "RAT"], "rack 1 is text"),
        ([[0], b"\x00"], "rack 1 is text"),
        ([[0], None], "rack 1 is not a sequence of tile codes"),
        ([[0], [0] * 16], "rack 1 has 16 tiles; a batch rack holds at most 15"),
        ("RAT", "racks must be an iterable of racks"),
        (7, "racks must be an iterable of racks"),
    ],
)
def test_bad_racks_are_named(engine: str, batch: object, message: str) -> None:
    lexicon = Lexicon.from_words(["rat"])
    with pytest.raises(InvalidInputError, match=message):
        rack_stats(lexicon, batch, engine=engine)  # type: ignore[arg-type]


def test_bad_numpy_racks_are_named() -> None:
    lexicon = Lexicon.from_words(["rat"])
    with pytest.raises(InvalidInputError, match="rack 1: 30 is not a tile code"):
        rack_stats(lexicon, np.array([[0, 1], [30, 2]]))
    with pytest.raises(InvalidInputError, match="rack 0 has 16 tiles"):
        rack_stats(lexicon, np.zeros((1, 16), dtype=np.int64))


@pytest.mark.parametrize(("lo", "hi"), [(0, 9), (3, 10), (5, 4), (True, 9), (3, 9.0), ("3", 9), (-1, 2)])
def test_bad_lengths(lo: object, hi: object) -> None:
    lexicon = Lexicon.from_words(["rat"])
    for engine in ("numpy", "python"):
        with pytest.raises(InvalidInputError, match=r"min_len|max_len"):
            rack_stats(lexicon, [[0]], lo, hi, engine=engine)  # type: ignore[arg-type]


def test_bad_engine_and_lexicon() -> None:
    lexicon = Lexicon.from_words(["rat"])
    with pytest.raises(InvalidInputError, match="engine must be one of auto, numpy, python"):
        rack_stats(lexicon, [[0]], engine="c")
    with pytest.raises(InvalidInputError, match="takes a Lexicon"):
        rack_stats("fr", [[0]])  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="from a Lexicon"):
        BatchIndex.for_lexicon("fr")  # type: ignore[arg-type]


def test_missing_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    lexicon = Lexicon.from_words(["rat", "art"])
    codes = [lexicon.alphabet.encode("TARS")]
    want = rows(rack_stats(lexicon, codes))
    monkeypatch.setitem(sys.modules, "numpy", None)  # "import numpy" now fails
    with pytest.raises(MissingExtraError, match=r"pip install 'jarnac-solver\[batch\]'") as info:
        rack_stats(lexicon, codes, engine="numpy")
    assert isinstance(info.value, ImportError) and isinstance(info.value, JarnacError)
    with pytest.raises(MissingExtraError):
        BatchIndex.for_lexicon(lexicon)
    stats = rack_stats(lexicon, codes)  # auto: the python engine, tuples for columns
    assert stats.words == (2,) and stats.playable == (True,)
    assert rows(stats) == want


def test_numpy_before_2_counts_bits_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    lexicon = Lexicon.load("nl")
    bag = Bag.load("nl-estimate")
    rng = random.Random(3)
    batch = [lexicon.alphabet.encode(".".join(bag.sample(rng, 1 + i % 15))) for i in range(300)]
    want = rows(rack_stats(lexicon, batch, engine="numpy"))
    monkeypatch.delattr(np, "bitwise_count")  # as in numpy 1.x
    assert rows(rack_stats(lexicon, batch, engine="numpy")) == want
    values = np.array([0, 1, 2**26 - 1, 2**62, 2**63 - 1, 0x5A5A5A5A5A5A5A5A], dtype=np.int64)
    assert _popcount_swar(values).tolist() == [bin(int(v)).count("1") for v in values]


def test_alphabets_beyond_the_numpy_engine() -> None:
    tiles = [a + b for a in "ABCDEFGH" for b in "ABCDEFGH"]  # 64 tiles
    lexicon = Lexicon.from_words(["AAABAC", "ACAB"], Alphabet(tiles, name="pairs"))
    assert lexicon.index.n_ranks > MAX_NUMPY_RANKS
    rack = lexicon.alphabet.encode("ABACAA")
    assert rack_stats(lexicon, [rack], 1, 9).row(0)["words"] == 2  # auto: python
    with pytest.raises(InvalidInputError, match="at most 63 tiles"):
        rack_stats(lexicon, [rack], engine="numpy")
