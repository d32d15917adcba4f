"""Brute-force twins of the index queries: scan every word, compare tile counts.

They share no idea with the index (no alphagram keys, no trie, no ranks):
each word of the list is compared with the query as a Counter of its tiles.
Words and racks here are tuples of tiles, so the oracle never folds or
tokenizes text either.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

Tiles = tuple[str, ...]


def _fits(small: Counter[str], big: Counter[str]) -> bool:
    return all(big[tile] >= n for tile, n in small.items())


def subanagrams(words: Iterable[Tiles], rack: Tiles, min_len: int, max_len: int) -> list[str]:
    have = Counter(rack)
    return sorted({"".join(w) for w in words if min_len <= len(w) <= max_len and _fits(Counter(w), have)})


def anagrams(words: Iterable[Tiles], letters: Tiles) -> list[str]:
    want = Counter(letters)
    return sorted({"".join(w) for w in words if Counter(w) == want})


def extensions(words: Iterable[Tiles], word: Tiles, rack: Tiles, max_len: int) -> list[str]:
    need = Counter(word)
    have = need + Counter(rack)
    found = set()
    for w in words:
        counts = Counter(w)
        if len(word) < len(w) <= max_len and _fits(need, counts) and _fits(counts, have):
            found.add("".join(w))
    return sorted(found)


# -- moves and Jarnacs ---------------------------------------------------------
#
# A move is (kind, line, word): kind "place" (line None) or "extend". The
# oracle scans every word for every line, and tries every combination of
# steals; it shares nothing with the index walk or the memoised search.


def _contains(big: Counter[str], small: Counter[str]) -> bool:
    return all(big[t] >= n for t, n in small.items())


def moves(
    words: Iterable[Tiles],
    lines: list[Tiles],
    rack: Tiles,
    *,
    n_lines: int,
    line_length: int,
    min_length: int,
    last_min: int,
    place_min: int | None = None,
) -> set[tuple[str, int | None, str]]:
    """Every legal move. ``place_min`` overrides the shortest new word (None: the rules')."""
    have = Counter(rack)
    found: set[tuple[str, int | None, str]] = set()
    next_line = len(lines)
    if place_min is None:
        place_min = last_min if next_line == n_lines - 1 else min_length
    for w in set(words):
        counts = Counter(w)
        if next_line < n_lines and place_min <= len(w) <= line_length and _contains(have, counts):
            found.add(("place", None, "".join(w)))
        for i, line in enumerate(lines):
            need = Counter(line)
            if len(line) < len(w) <= line_length and _contains(counts, need):
                added = counts - need
                if _contains(have, added):
                    found.add(("extend", i, "".join(w)))
    return found


def seatable(lengths: list[int], free: int, n_lines: int, min_length: int, last_min: int) -> bool:
    """Can words of these lengths fill the tray's last ``free`` lines from the top, in some order?"""
    from itertools import permutations

    if len(lengths) > free:
        return False
    first = n_lines - free
    for order in permutations(lengths):
        if all(n >= (last_min if first + k == n_lines - 1 else min_length) for k, n in enumerate(order)):
            return True
    return not lengths


def _steal_letters(move: tuple[str, int | None, str], lines: list[Tiles], split: dict[str, Tiles]) -> Counter[str]:
    kind, line, word = move
    counts = Counter(split[word])
    if kind == "extend":
        assert line is not None
        counts.subtract(Counter(lines[line]))
    return +counts


def best_jarnac(
    words: list[Tiles],
    lines: list[Tiles],
    rack: Tiles,
    *,
    n_lines: int,
    line_length: int,
    min_length: int,
    last_min: int,
    steal_place: bool,
    free_lines: int,
    objective: str,
) -> tuple[int, int]:
    """The best (primary, secondary) over every legal set of steals, by exhaustive search."""
    split = {"".join(w): w for w in words}
    passer_free = n_lines - len(lines)
    # Candidate single steals: the passer's moves, with new words of any length
    # that some line of the passer could take (the constraints below decide).
    candidates = sorted(
        m
        for m in moves(
            words,
            lines,
            rack,
            n_lines=n_lines,
            line_length=line_length,
            min_length=min_length,
            last_min=last_min,
            place_min=min(min_length, last_min),
        )
        if m[0] == "extend" or steal_place
    )
    have = Counter(rack)
    best = (0, 0)

    def value(chosen: list[tuple[str, int | None, str]]) -> tuple[int, int]:
        gain = sum(len(split[w]) ** 2 for _, _, w in chosen)
        lost = sum(len(lines[i]) ** 2 for k, i, _ in chosen if k == "extend" and i is not None)
        return (gain + lost, gain) if objective == "swing" else (gain, gain + lost)

    def legal(chosen: list[tuple[str, int | None, str]]) -> bool:
        extended = [i for k, i, _ in chosen if k == "extend"]
        if len(extended) != len(set(extended)) or len(chosen) > free_lines:
            return False
        total: Counter[str] = Counter()
        for m in chosen:
            total += _steal_letters(m, lines, split)
        if not _contains(have, total):
            return False
        # The thief puts the words on its free lines; the passer must have been
        # able to put its new words on its own free lines, in some order.
        places = [m for m in chosen if m[0] == "place"]
        return seatable([len(split[m[2]]) for m in chosen], free_lines, n_lines, min_length, last_min) and seatable(
            [len(split[m[2]]) for m in places], passer_free, n_lines, min_length, last_min
        )

    def search(start: int, chosen: list[tuple[str, int | None, str]]) -> None:
        nonlocal best
        if legal(chosen):
            best = max(best, value(chosen))
        if len(chosen) >= free_lines:
            return
        for j in range(start, len(candidates)):
            chosen.append(candidates[j])
            total: Counter[str] = Counter()
            for m in chosen:
                total += _steal_letters(m, lines, split)
            if _contains(have, total):
                # A new word may be formed twice (other letters, other lines).
                search(j if candidates[j][0] == "place" else j + 1, chosen)
            chosen.pop()

    search(0, [])
    return best


def best_value_jarnac(
    words: list[Tiles],
    lines: list[Tiles],
    rack: Tiles,
    turn: list[int],
    *,
    line_length: int,
    min_length: int,
    last_min: int,
    free_lines: int,
    objective: str,
) -> tuple[int, int]:
    """The best score of a recomposition of some turn lines with the rack, worth more than them."""
    from itertools import combinations

    best = (0, 0)

    def search(
        pool: Counter[str], fitting: list[Tiles], worth: int, start: int, combo: list[Tiles], used: Counter[str]
    ) -> None:
        nonlocal best
        gain = sum(len(w) ** 2 for w in combo)
        n_lines = 8  # only the last line is special, whatever the count
        if combo and gain > worth and seatable([len(w) for w in combo], free_lines, n_lines, min_length, last_min):
            score = (gain + worth, gain) if objective == "swing" else (gain, gain + worth)
            best = max(best, score)
        if len(combo) == free_lines:
            return
        for j in range(start, len(fitting)):
            more = used + Counter(fitting[j])
            if _contains(pool, more):
                combo.append(fitting[j])
                search(pool, fitting, worth, j, combo, more)  # j, not j + 1: a word may be formed twice
                combo.pop()

    for size in range(1, len(turn) + 1):
        for taken in combinations(turn, size):
            pool: Counter[str] = Counter(rack)
            for i in taken:
                pool += Counter(lines[i])
            worth = sum(len(lines[i]) ** 2 for i in taken)
            fitting = sorted(
                {w for w in words if min(min_length, last_min) <= len(w) <= line_length and _contains(pool, Counter(w))}
            )
            search(pool, fitting, worth, 0, [], Counter())
    return best


def best_ladder(
    words: list[Tiles],
    lines: list[Tiles],
    rack: Tiles,
    *,
    n_lines: int,
    line_length: int,
    min_length: int,
    last_min: int,
) -> tuple[int, int]:
    """(moves, final score) of the best sequence of legal moves, by trying every sequence."""
    best = (0, sum(len(line) ** 2 for line in lines))
    seen: set[tuple[tuple[Tiles, ...], tuple[str, ...]]] = set()

    def search(lines: list[Tiles], rack: Tiles, count: int, ended: bool = False) -> None:
        nonlocal best
        key = (tuple(tuple(sorted(line)) for line in lines), tuple(sorted(rack)))
        if (key, count) in seen:  # type: ignore[comparison-overlap]
            return
        seen.add((key, count))  # type: ignore[arg-type]
        best = max(best, (count, sum(len(line) ** 2 for line in lines)))
        if ended:
            return  # the word that fills the tray ends the turn: no move after it
        for kind, i, word in moves(
            words, lines, rack, n_lines=n_lines, line_length=line_length, min_length=min_length, last_min=last_min
        ):
            tiles = next(w for w in words if "".join(w) == word)
            used = Counter(tiles)
            if kind == "extend":
                assert i is not None
                used.subtract(Counter(lines[i]))
                new_lines = [*lines[:i], tiles, *lines[i + 1 :]]
            else:
                new_lines = [*lines, tiles]
            left = Counter(rack)
            left.subtract(used)
            search(new_lines, tuple(left.elements()), count + 1, kind == "place" and len(new_lines) == n_lines)

    search(list(lines), rack, 0)
    return best
