"""Word study: hooks, blanks, combined conditions, probability ranks, listings, several lexicons.

Every query has a brute-force twin here that shares no idea with it: no trie, no anagram classes, no
fillings of blanks, no pattern regexes; words are tuples of tiles compared with Counters, hooks are
every insertion tried against a set, conditions are recomputed from scratch per word. Hypothesis
compares them on small random lexicons (tests/strategies.py), I, J and IJ included.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jarnac_solver import DUTCH, Alphabet, Bag, Lexicon
from jarnac_solver.cli import main
from jarnac_solver.errors import InvalidInputError, InvalidLetterError, QueryBudgetError
from jarnac_solver.lexicon.probability import DrawOdds

from .strategies import DIGRAPH_TILES, LATIN_SMALL, as_word, lexicons, tile_words

Tiles = tuple[str, ...]
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL_DUTCH = Alphabet(list(DIGRAPH_TILES), name="small-dutch")
SMALL_LATIN = Alphabet(list(LATIN_SMALL), name="small-latin")
BLANK_TILES = ("A", "E", "R", "S", "T")


# -- brute-force twins ------------------------------------------------------------------------------


def _lower(tiles: Tiles, blanks: Iterable[int]) -> str:
    chosen = set(blanks)
    return "".join(t.lower() if i in chosen else t for i, t in enumerate(tiles))


def twin_blank_words(words: Iterable[Tiles], rack: Tiles, blanks: int, lengths: Iterable[int]) -> list[str]:
    """Every word of these lengths whose tiles are the rack's with some of them blanks: each way to
    choose which of the word's tiles the blanks stand for is tried, the fewest blanks kept, and among
    those the blanks on the latest tiles (the rack's own tiles read from the left)."""
    have = Counter(rack)
    found = {}
    wanted = set(lengths)
    for word in set(words):
        if len(word) not in wanted:
            continue
        best = None
        for k in range(min(blanks, len(word)) + 1):
            for chosen in combinations(range(len(word)), k):
                rest = Counter(t for i, t in enumerate(word) if i not in chosen)
                if all(have[t] >= n for t, n in rest.items()):
                    # the latest positions: compare the chosen positions reversed, largest first
                    key = sorted(chosen, reverse=True)
                    if best is None or key > best:
                        best = key
            if best is not None:
                break
        if best is not None:
            found["".join(word)] = _lower(word, best)
    return [found[w] for w in sorted(found)]


def twin_hooks(words: set[Tiles], word: Tiles, tiles: Iterable[str]) -> dict[str, set[tuple[str, str]]]:
    """Every tile put at every place of ``word``, looked up in the set of words."""
    found: dict[str, set[tuple[str, str]]] = {"front": set(), "back": set(), "inner": set()}
    for tile in tiles:
        for i in range(len(word) + 1):
            made = word[:i] + (tile,) + word[i:]
            if made in words:
                kind = "front" if i == 0 else "back" if i == len(word) else "inner"
                found[kind].add((tile, "".join(made)))
    return found


VOWEL_TILES = {"A", "E", "I", "O", "U", "Y", "IJ"}


def twin_conditions(
    words: list[Tiles],
    *,
    length: tuple[int, int] | None = None,
    includes: Tiles = (),
    vowels: tuple[int, int] | None = None,
    anagrams: tuple[int, int] | None = None,
    points: tuple[int, int] | None = None,
    prob_rank: tuple[int, int] | None = None,
    bag: Bag | None = None,
    inside: set[Tiles] | None = None,
    outside: set[Tiles] | None = None,
) -> list[str]:
    distinct = set(words)
    kept = []
    for word in distinct:
        n = len(word)
        if length and not length[0] <= n <= length[1]:
            continue
        if points and not points[0] <= n * n <= points[1]:
            continue
        if any(word.count(t) < k for t, k in Counter(includes).items()):
            continue
        if vowels and not vowels[0] <= sum(t in VOWEL_TILES for t in word) <= vowels[1]:
            continue
        if anagrams and not anagrams[0] <= sum(Counter(w) == Counter(word) for w in distinct) <= anagrams[1]:
            continue
        if inside is not None and word not in inside:
            continue
        if outside is not None and word in outside:
            continue
        if prob_rank:
            assert bag is not None
            same = sorted(distinct_of_length(distinct, n), key=lambda w: (-product_ways(bag, w), "".join(w)))
            if not prob_rank[0] <= same.index(word) + 1 <= prob_rank[1]:
                continue
        kept.append("".join(word))
    return sorted(kept)


def distinct_of_length(words: set[Tiles], n: int) -> list[Tiles]:
    return [w for w in words if len(w) == n]


def product_ways(bag: Bag, word: Tiles) -> int:
    """The ways of a bag without blanks: the word's copies of each tile chosen among the bag's."""
    return math.prod(math.comb(bag[t], k) for t, k in Counter(word).items())


def twin_ways(bag: Bag, word: Tiles) -> int:
    """Every way to take ``len(word)`` tiles out of the bag (blanks as '?'), counted one by one: the draws
    whose tiles, the blanks standing for anything, are the word's."""
    pool = [t for t in bag.tiles()] + ["?"] * bag.blanks
    want = Counter(word)
    ways = 0
    for draw in combinations(range(len(pool)), len(word)):
        got = Counter(pool[i] for i in draw)
        blanks = got.pop("?", 0)
        if all(got[t] <= want[t] for t in got) and sum(want.values()) - sum(got.values()) == blanks:
            ways += 1
    return ways


# -- properties: each query equals its twin ------------------------------------------------------------


def _lexicon(words: list[Tiles], alphabet: Alphabet) -> Lexicon | None:
    lex = Lexicon.from_words(["".join(w) for w in words], alphabet)
    return lex if len(lex) else None


@FAST
@given(lexicons(BLANK_TILES, 40), tile_words(BLANK_TILES, 0, 6), st.integers(1, 2), st.integers(1, 4))
def test_blank_subanagrams_equal_their_twin(words: list[Tiles], rack: Tiles, blanks: int, lo: int) -> None:
    lex = _lexicon(words, SMALL_LATIN)
    if lex is None:
        return
    got = lex.subanagrams("".join(rack) + "?" * blanks, min_len=lo, max_len=9)
    assert got == twin_blank_words(words, rack, blanks, range(lo, 10))


@FAST
@given(lexicons(BLANK_TILES, 40), tile_words(BLANK_TILES, 0, 5), st.integers(1, 3))
def test_blank_anagrams_equal_their_twin(words: list[Tiles], rack: Tiles, blanks: int) -> None:
    lex = _lexicon(words, SMALL_LATIN)
    if lex is None:
        return
    got = lex.anagrams("".join(rack) + "?" * blanks)
    assert got == twin_blank_words(words, rack, blanks, [len(rack) + blanks])


@FAST
@given(lexicons(BLANK_TILES, 40), tile_words(BLANK_TILES, 1, 4), tile_words(BLANK_TILES, 0, 3), st.integers(1, 2))
def test_blank_extensions_equal_their_twin(words: list[Tiles], word: Tiles, rack: Tiles, blanks: int) -> None:
    lex = _lexicon(words, SMALL_LATIN)
    if lex is None:
        return
    got = lex.extensions("".join(word), "".join(rack) + "?" * blanks)
    need = Counter(word)
    holding = [w for w in words if all(w.count(t) >= k for t, k in need.items())]
    # The word's own tiles are never blanks: the twin sees the word + rack as the rack.
    assert got == twin_blank_words(holding, word + rack, blanks, range(len(word) + 1, 10))


def test_many_blanks_scan_equals_the_fillings(monkeypatch: pytest.MonkeyPatch) -> None:
    """From MAX_FILLINGS on, one scan replaces the walks: both give the same words."""
    from jarnac_solver.lexicon import blanks as blanks_module

    lex = Lexicon.from_words(["rat", "rate", "tare", "ratees", "tsar", "stare", "aerates"])
    walked = [lex.subanagrams("RA???", 1), lex.extensions("RAT", "E??")]
    monkeypatch.setattr(blanks_module, "MAX_FILLINGS", 0)
    assert [lex.subanagrams("RA???", 1), lex.extensions("RAT", "E??")] == walked


@FAST
@given(lexicons(DIGRAPH_TILES, 40), tile_words(DIGRAPH_TILES, 1, 5))
def test_hooks_equal_their_twin(words: list[Tiles], word: Tiles) -> None:
    lex = _lexicon(words, SMALL_DUTCH)
    if lex is None:
        return
    word = as_word(word, SMALL_DUTCH)
    hooks = lex.hooks(SMALL_DUTCH.write(word))
    twin = twin_hooks(set(words), word, DIGRAPH_TILES)
    for kind in ("front", "back", "inner"):
        got = {(h.letter, SMALL_DUTCH.write(SMALL_DUTCH.tokenize(h.word))) for h in getattr(hooks, kind)}
        assert got == {(t, SMALL_DUTCH.write(SMALL_DUTCH.tokenize(w))) for t, w in twin[kind]}, kind
    assert hooks.valid == (word in set(words))


CONDITIONS = st.fixed_dictionaries(
    {},
    optional={
        "length": st.tuples(st.integers(1, 5), st.integers(0, 4)).map(lambda p: (p[0], p[0] + p[1])),
        "includes": tile_words(DIGRAPH_TILES, 1, 2),
        "vowels": st.tuples(st.integers(0, 3), st.integers(0, 3)).map(lambda p: (p[0], p[0] + p[1])),
        "anagrams": st.tuples(st.integers(1, 3), st.integers(0, 2)).map(lambda p: (p[0], p[0] + p[1])),
        "points": st.tuples(st.integers(0, 30), st.integers(0, 50)).map(lambda p: (p[0], p[0] + p[1])),
        "prob_rank": st.tuples(st.integers(1, 5), st.integers(0, 5)).map(lambda p: (p[0], p[0] + p[1])),
        "inside": st.just(True),
        "outside": st.just(True),
    },
)
SMALL_BAG = "3A 2E 2I 1IJ 1J 2S 2T 2N"


@FAST
@given(lexicons(DIGRAPH_TILES, 40), lexicons(DIGRAPH_TILES, 30), CONDITIONS)
def test_combined_conditions_equal_their_twin(
    words: list[Tiles], others: list[Tiles], conditions: dict[str, Any]
) -> None:
    lex = _lexicon(words, SMALL_DUTCH)
    other = _lexicon(others, SMALL_DUTCH) or Lexicon.from_words(["A"], SMALL_DUTCH)
    if lex is None:
        return
    bag = Bag.parse(SMALL_BAG, SMALL_DUTCH)
    asked = dict(conditions)
    twin_args = dict(conditions)
    if "includes" in asked:
        asked["includes"] = SMALL_DUTCH.write(conditions["includes"])
    other_words = {tuple(SMALL_DUTCH.tokenize(w)) for w in other}
    if asked.pop("inside", False):
        asked["in_lexicon"] = other
        twin_args["inside"] = other_words
    if asked.pop("outside", False):
        asked["not_in"] = [other]
        twin_args["outside"] = other_words
    got = lex.search("*", bag=bag, **asked)
    expected = twin_conditions(words, bag=bag, **twin_args)
    assert [SMALL_DUTCH.write(SMALL_DUTCH.tokenize(w)) for w in got] == [
        SMALL_DUTCH.write(SMALL_DUTCH.tokenize(w)) for w in expected
    ]


@FAST
@given(lexicons(LATIN_SMALL, 30), st.integers(0, 2))
def test_probability_ranks_and_odds_with_blanks_equal_their_twin(words: list[Tiles], blanks: int) -> None:
    lex = _lexicon(words, SMALL_LATIN)
    if lex is None:
        return
    bag = Bag({"A": 2, "B": 1, "E": 2, "R": 1, "S": 1, "T": 2}, SMALL_LATIN, "tiny", blanks=blanks)
    odds = DrawOdds(bag)
    for word in {w for w in words if len(w) <= 4}:
        assert odds.ways("".join(word)) == twin_ways(bag, word)
    for n in {len(w) for w in words}:
        ranks = lex.probability_ranks(n, bag)
        twin = sorted({w for w in words if len(w) == n}, key=lambda w: (-odds.ways("".join(w)), "".join(w)))
        assert ranks == {"".join(w): i for i, w in enumerate(twin, 1)}


# -- examples --------------------------------------------------------------------------------------------


def test_blanks_are_lower_case_and_words_come_once() -> None:
    lex = Lexicon.from_words(["rate", "tare", "tear", "rater", "aerate"])
    assert lex.anagrams("RTE?") == ["RaTE", "TaRE", "TEaR"]
    assert lex.subanagrams("RATE?", 4) == ["RATE", "RATEr", "TARE", "TEAR"]
    assert lex.subanagrams("???", 1) == []  # no word of 1 to 3 tiles
    assert lex.extensions("RATE", "??") == ["AERaTe", "RATEr"]  # the rack's tiles read from the left
    assert lex.search("*R", letters="TEAR?") == ["RATEr", "TEAR"]
    assert lex.subanagrams("RATE", 4) == ["RATE", "TARE", "TEAR"]  # no blank: the same as ever
    nl = Lexicon.from_words(["ijs", "ijzer", "zijn"], DUTCH)
    assert nl.subanagrams("S?", 1) == ["ijS"]


def test_blank_input_errors_name_the_bad_part() -> None:
    lex = Lexicon.from_words(["rat"])
    with pytest.raises(InvalidInputError, match="10 blanks; at most 9"):
        lex.subanagrams("?" * 10)
    with pytest.raises(InvalidLetterError, match="'1'"):
        lex.anagrams("R1?")
    with pytest.raises(InvalidLetterError):
        lex.hooks("R?T")
    with pytest.raises(QueryBudgetError, match="budget"):
        Lexicon.load("en").subanagrams("ABCDE??", budget=0)
    with pytest.raises(InvalidInputError, match="length"):
        lex.search(length=(5, 2))
    with pytest.raises(InvalidInputError, match="vowels"):
        lex.search(vowels="many")
    with pytest.raises(InvalidInputError, match="not_in"):
        lex.search(not_in=["en"])
    with pytest.raises(InvalidInputError, match="no known bag"):
        lex.search(prob_rank=(1, 3))


def test_bags_with_blanks_read_write_and_count() -> None:
    bag = Bag.parse("2A 1B 2?")
    assert (bag.blanks, bag.total, str(bag), Bag.from_dict(bag.to_dict())) == (2, 3, "2A 1B 2?", bag)
    assert Bag.parse("A 2\nB 1\n? 2") == bag and bag != Bag.parse("2A 1B")
    assert DrawOdds(bag).total == 5 and DrawOdds(bag).ways("BB") == 3  # B and a blank (2 ways), or both blanks
    with pytest.raises(InvalidInputError, match="blanks"):
        Bag({"A": 1}, blanks=-1)


def test_hooks_of_a_bundled_word_with_odds() -> None:
    en = Lexicon.load("en")
    hooks = en.hooks("rate")
    front, back = hooks.letters()
    assert "C" in front and "S" in back and hooks.valid and hooks.bag == "en"
    assert all(h.word == h.letter + "RATE" for h in hooks.front)
    assert all(math.isclose(h.probability or -1, en.draw_probability(h.word)) for h in hooks.all())
    assert Lexicon.from_words(["rat"]).hooks("rat").bag is None  # a list with no bag: no odds


# -- the command line --------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_listings_limit_formats_and_the_hidden_shorter_words(
    capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    status, out, _ = run(capsys, "words", "AZIKQ", "--lexicon", "en")
    assert status == 0 and "0 words" in out and "shorter word" in out and "--min-len 1" in out
    status, out, _ = run(capsys, "words", "AZIKQ", "--lexicon", "en", "--min-len", "3")
    assert "shorter" not in out
    status, out, _ = run(capsys, "search", "*ING", "--lexicon", "en", "--limit", "20")
    lines = out.splitlines()
    assert status == 0 and "the first 20 shown" in lines[0] and lines[-1].startswith("... and ")
    assert max(len(line) for line in lines[1:-1]) <= 80
    status, out, _ = run(capsys, "search", "*ING", "--lexicon", "en", "--limit", "5", "--format", "lines")
    assert len(out.splitlines()) == 5 and all(line.endswith("ING") for line in out.splitlines())
    status, out, _ = run(capsys, "anagram", "AEINRS?", "--lexicon", "en", "--sort", "probability", "--format", "json")
    document = json.loads(out)
    details = document["result"]["details"]
    assert status == 0 and details[0]["rank"] <= details[-1]["rank"]
    assert any(c.islower() for c in document["result"]["words"][0])


def test_cli_search_conditions_hooks_and_several_lexicons(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "search", "*", "--lexicon", "en", "--length", "2", "--not-in", "fr", "--mark", "es")
    assert status == 0 and "not in fr" in out and "+" not in out.splitlines()[1] and "* not in es" in out
    status, out, _ = run(capsys, "hooks", "RATE", "--lexicon", "en", "--format", "lines")
    assert status == 0 and "RATE\tback\tS\tRATES" in out.splitlines()
    status, out, _ = run(capsys, "check", "qi", "été", "--lexicon", "fr,en")
    assert status == 1 and out.splitlines()[0].split() == ["word", "fr", "en"]
    status, out, _ = run(capsys, "check", "qi", "--lexicon", "fr,en", "--json")
    row = json.loads(out)["result"]["words"][0]
    assert [(cell["lexicon"], cell["valid"]) for cell in row["in"]] == [("fr", True), ("en", True)]
    for argv in (
        ["search", "?", "--vowels", "x"],
        ["search", "?", "--length", "9-2"],
        ["anagram", "A" + "?" * 10],
        ["hooks", "R?T"],
        ["check", "qi", "--lexicon", "fr,,en"],
        ["search", "*", "--prob-rank", "1-5", "--lexicon", "lexicons/README.md"],
    ):
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and len(err.splitlines()) == 1, argv


def test_a_points_condition_no_word_can_meet_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    """--points 7 answered 0 words without saying why; --format lines left a trailing tab."""
    from jarnac_solver.cli import main

    assert main(["search", "*", "--points", "7"]) == 2
    assert "tiles squared" in capsys.readouterr().err
    assert main(["words", "QUADRE", "--mark", "en", "--format", "lines", "--lexicon", "fr"]) == 0
    assert all(not line.endswith("\t") for line in capsys.readouterr().out.splitlines())
