"""Legal moves, Jarnac detection and the best Jarnac against brute force, on random trays."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from jarnac_solver import DUTCH, Lexicon, Move, Rules, Tray, best_jarnac, is_jarnacable, jarnac_steals, legal_moves

from . import oracle
from .strategies import Tiles, as_word, lexicons, tile_words, written

LETTERS = ("A", "E", "R", "S", "T")
# Dutch-like: single I and J beside the IJ tile (lexicon words read I J as IJ; racks and lines keep them apart).
DIGRAPH_LETTERS = ("A", "E", "I", "J", "IJ", "S")


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    line_length = draw(st.integers(4, 9))
    return Rules(
        lines=draw(st.integers(2, 8)),
        line_length=line_length,
        min_length=draw(st.integers(2, 3)),
        last_line_min_length=draw(st.integers(1, 3)),
        steal_place=draw(st.sampled_from([True, True, False])),
    )


@st.composite
def chained_lexicons(draw: st.DrawFn, letters: Tiles = LETTERS) -> list[Tiles]:
    """Base words and longer words made of them plus a letter or two, in any order.

    Chains make extensions common, and steals that compete for the same
    letters (what the best Jarnac is about); random words make the rest.
    """
    bases = draw(st.lists(tile_words(letters, 1, 4).map(as_word), min_size=1, max_size=12))
    words = list(bases)
    for base in bases:
        for _ in range(draw(st.integers(0, 3))):
            added = draw(st.lists(st.sampled_from(letters), min_size=1, max_size=2))
            words.append(tuple(draw(st.permutations(list(base) + added))))
    words += draw(st.lists(tile_words(letters, 1, 5), max_size=15))
    return [as_word(w) for w in words]


@st.composite
def trays(draw: st.DrawFn, rules: Rules, words: list[Tiles], letters: Tiles = LETTERS) -> tuple[list[Tiles], Tiles]:
    """Lines legal under ``rules`` (lexicon words or not), and a rack of 0-7 letters."""
    n = draw(st.sampled_from([*range(1, rules.lines + 1), 0]))
    lines = []
    for i in range(n):
        shortest = rules.min_length_on(i)
        pool = [w for w in words if shortest <= len(w) <= min(rules.line_length, 4)] or [
            w for w in words if shortest <= len(w) <= rules.line_length
        ]
        any_word = tile_words(letters, shortest, rules.line_length)
        from_lexicon = st.sampled_from(pool) if pool else any_word
        lines.append(draw(st.one_of(from_lexicon, from_lexicon, from_lexicon, any_word)))
    size = draw(st.sampled_from([3, 4, 5, 6, 7, 0, 1, 2]))  # sampled: an empty rack stays rare
    rack = tuple(draw(st.lists(st.sampled_from(letters), min_size=size, max_size=size)))
    return lines, rack


@st.composite
def cases(draw: st.DrawFn) -> tuple[list[Tiles], Rules, list[Tiles], Tiles]:
    letters = draw(st.sampled_from([LETTERS, LETTERS, DIGRAPH_LETTERS]))
    words = draw(st.one_of(lexicons(letters, max_words=40), chained_lexicons(letters), chained_lexicons(letters)))
    rules = draw(rule_sets())
    lines, rack = draw(trays(rules, words, letters))
    return words, rules, lines, rack


def build(words: list[Tiles], lines: list[Tiles], rack: Tiles) -> tuple[Lexicon, Tray]:
    """The lexicon (Dutch alphabet: it holds A..Z and IJ) and the tray, lines and rack written as tiles."""
    lex = Lexicon.from_words(["".join(w) for w in words], DUTCH)
    return lex, Tray([written(t) for t in lines], written(rack), DUTCH)


def shape(rules: Rules) -> dict[str, int]:
    return {
        "n_lines": rules.lines,
        "line_length": rules.line_length,
        "min_length": rules.min_length,
        "last_min": rules.last_line_min_length,
    }


@given(cases())
def test_legal_moves_match_the_oracle(case: tuple[list[Tiles], Rules, list[Tiles], Tiles]) -> None:
    words, rules, lines, rack = case
    lex, tray = build(words, lines, rack)
    moves = legal_moves(lex, tray, rules)
    got = {(m.kind, m.line_index, m.word) for m in moves}
    assert got == oracle.moves(words, lines, rack, **shape(rules))
    assert len(moves) == len(got) == moves.count()
    for move in moves:
        assert move in moves
        after = tray.push(move, rules, lex)  # every listed move is legal
        assert after.score > tray.score or move.kind == "place"


@given(cases())
def test_is_jarnacable_agrees_with_the_oracle(case: tuple[list[Tiles], Rules, list[Tiles], Tiles]) -> None:
    words, rules, lines, rack = case
    lex, tray = build(words, lines, rack)
    expected = {m for m in oracle.moves(words, lines, rack, **shape(rules)) if m[0] == "extend" or rules.steal_place}
    witness = is_jarnacable(lex, tray, rules)
    # A witness is a move the thief could steal: new words only where the rules let them be stolen.
    assert (witness is None) == (not expected)
    if witness is not None:
        assert (witness.kind, witness.line_index, witness.word) in expected
    steals = {(m.kind, m.line_index, m.word) for m in jarnac_steals(lex, tray, rules)}
    assert steals == expected


@given(cases(), st.integers(0, 8), st.sampled_from(["swing", "gain"]))
def test_best_jarnac_is_optimal_and_legal(
    case: tuple[list[Tiles], Rules, list[Tiles], Tiles], free: int, objective: str
) -> None:
    words, rules, lines, rack = case
    lex, tray = build(words, lines, rack)
    free = min(free, rules.lines)
    plan = best_jarnac(lex, tray, free_lines=free, objective=objective, rules=rules)
    expected = oracle.best_jarnac(
        words, lines, rack, **shape(rules), steal_place=rules.steal_place, free_lines=free, objective=objective
    )
    got = (plan.swing, plan.gain) if objective == "swing" else (plan.gain, plan.swing)
    assert got == expected
    assert bool(plan) == (expected != (0, 0)) or expected == (0, 0)
    # The plan is legal: its steals apply to the passer's tray one by one.
    assert len(plan.steals) <= free
    after = tray
    for move in plan.steals:
        assert isinstance(move, Move)
        after = after.push(move, rules, lex)
    assert sorted(after.rack_codes) == sorted(DUTCH.encode(plan.leftover))
    assert plan.gain == sum(tray.tiles(m.word) ** 2 for m in plan.steals)


@given(st.data())
def test_value_jarnac_is_optimal(data: st.DataObject) -> None:
    words = data.draw(lexicons(LETTERS, max_words=25))
    rules = Rules.preset("english").replace(lines=data.draw(st.integers(3, 6)))
    lines, rack = data.draw(trays(rules, words))
    rack = rack[:4]
    turn = sorted(data.draw(st.sets(st.integers(0, max(len(lines) - 1, 0)), max_size=3))) if lines else []
    free = data.draw(st.integers(0, 3))
    objective = data.draw(st.sampled_from(["swing", "gain"]))
    lex, tray = build(words, lines, rack)
    plan = best_jarnac(lex, tray, free_lines=free, objective=objective, rules=rules, formed_indexes=turn)
    ordinary = oracle.best_jarnac(
        words, lines, rack, **shape(rules), steal_place=True, free_lines=free, objective=objective
    )
    value = oracle.best_value_jarnac(
        words,
        lines,
        rack,
        turn,
        line_length=rules.line_length,
        min_length=rules.min_length,
        last_min=rules.last_line_min_length,
        free_lines=free,
        objective=objective,
    )
    got = (plan.swing, plan.gain) if objective == "swing" else (plan.gain, plan.swing)
    assert got == max(ordinary, value)
    if plan.value:
        assert set(plan.taken_indexes) <= set(turn)
        worth = sum(len(lines[i]) ** 2 for i in plan.taken_indexes)
        assert plan.gain > worth and plan.swing == plan.gain + worth


@st.composite
def competing(draw: st.DrawFn) -> tuple[list[Tiles], Rules, list[Tiles], Tiles]:
    """Lines that all have extensions, and a rack one letter short of taking them all."""
    words = draw(chained_lexicons())
    rules = Rules(min_length=draw(st.sampled_from([2, 3])), steal_place=draw(st.booleans()))
    pairs = [
        (w, x)
        for w in words
        for x in words
        if len(w) >= rules.min_length and len(x) > len(w) and not Counter(w) - Counter(x)
    ]
    if not pairs:
        return words, rules, [], ()
    chosen = draw(st.lists(st.sampled_from(pairs), min_size=1, max_size=4))
    lines = [w for w, _ in chosen]
    needed: list[str] = []
    for w, x in chosen:
        needed += list((Counter(x) - Counter(w)).elements())
    drop = draw(st.integers(0, min(1, len(needed) - 1)))
    rack = tuple(draw(st.permutations(needed))[drop:]) + tuple(draw(st.lists(st.sampled_from(LETTERS), max_size=2)))
    return words, rules, lines, rack


@given(competing(), st.integers(1, 8), st.sampled_from(["swing", "gain"]))
def test_best_jarnac_on_competing_steals(
    case: tuple[list[Tiles], Rules, list[Tiles], Tiles], free: int, objective: str
) -> None:
    words, rules, lines, rack = case
    lex, tray = build(words, lines, rack)
    plan = best_jarnac(lex, tray, free_lines=free, objective=objective, rules=rules)
    expected = oracle.best_jarnac(
        words, lines, rack, **shape(rules), steal_place=rules.steal_place, free_lines=free, objective=objective
    )
    assert ((plan.swing, plan.gain) if objective == "swing" else (plan.gain, plan.swing)) == expected


@given(cases())
def test_both_move_strategies_match_the_oracle(case: tuple[list[Tiles], Rules, list[Tiles], Tiles]) -> None:
    """Walking the trie (a fresh lexicon) and hashing line + rack subsets (once its key map exists) agree."""
    words, rules, lines, rack = case
    lex, tray = build(words, lines, rack)
    expected = oracle.moves(words, lines, rack, **shape(rules))
    walked = {(m.kind, m.line_index, m.word) for m in legal_moves(lex, tray, rules)}
    walked_plan = best_jarnac(lex, tray, rules=rules)
    lex.key_map()  # from now on the move generator hashes
    hashed = {(m.kind, m.line_index, m.word) for m in legal_moves(lex, tray, rules)}
    hashed_plan = best_jarnac(lex, tray, rules=rules)
    assert walked == hashed == expected
    assert (walked_plan.swing, walked_plan.gain) == (hashed_plan.swing, hashed_plan.gain)
