"""The best set of steals, exactly: the candidate steals that matter, and the branch and bound over them.

A Jarnac's steals are an allocation problem (CARIES + S + N has 8-letter extensions that would starve
SORBETS). :func:`steal_items` lists the distinct candidates (per line one per set of added letters, one per
new-word key), each a :class:`StealItem` (or, from the compiled walk, a :class:`StealRow`); :func:`optimise`
picks the best set under every constraint, exact or the best within a budget; :func:`compiled_plan` does both
in one compiled call where it runs. :mod:`jarnac_solver.moves.jarnac` makes the plan of the steals chosen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .. import native
from ..budget import MEMO_LIMIT, Deadline, OutOfTime
from ..lexicon.lexicon import Lexicon
from .allocation import fill, knapsack_bounds
from .movegen import line_asks, tallies
from .rules import Rules
from .tray import Tray

__all__ = [
    "Candidate",
    "Score",
    "Steal",
    "StealItem",
    "StealRow",
    "chosen_items",
    "compiled_plan",
    "distinct_items",
    "optimise",
    "steal_asks",
    "steal_items",
]


class StealItem(NamedTuple):
    """A candidate steal, as the search sees it (a named tuple: cheap to make)."""

    packed: int
    tiles: int
    line: int | None
    word: str
    old: str | None
    old_tiles: int


class StealRow(NamedTuple):
    """A candidate as the compiled walk lists it (``Trie.steals``): a :class:`StealItem` with its word's
    number (alphabetical) for the word; the str is made only for the steals chosen (:func:`chosen_items`)."""

    packed: int
    tiles: int
    line: int | None
    number: int
    old: str | None
    old_tiles: int


def chosen_items(lexicon: Lexicon, chosen: Sequence[StealItem | StealRow]) -> list[StealItem]:
    """The chosen candidates as items, each word read from its number."""
    trie = lexicon.index.trie
    if trie is None:  # the pure walk makes items only, no row to read a word for
        return [c for c in chosen if isinstance(c, StealItem)]
    return [
        StealItem(c.packed, c.tiles, c.line, trie.word(c.number), c.old, c.old_tiles) if isinstance(c, StealRow) else c
        for c in chosen
    ]


Steal = StealItem | StealRow
"""A candidate steal: an item, or a compiled walk's row."""


def steal_asks(
    lexicon: Lexicon, tray: Tray, rules: Rules, passer_free: int
) -> tuple[list[tuple[object, int, int, int, str, int] | None], int, int]:
    """What the compiled candidate walks are asked (``Trie.steals``, ``Trie.jarnac_plan``): per line its
    walk (``line_asks``), its index, word and tiles; and the node range of new words, short ones included
    (the search lets one through only where it lands on both players' last lines); (0, 0): none."""
    line_max = rules.line_length
    asked = [
        None if ask is None else (*ask, i, tray.lines[i], len(codes))
        for i, (ask, codes) in enumerate(
            zip(line_asks(lexicon, tray.line_codes, line_max), tray.line_codes, strict=True)
        )
    ]
    if passer_free > 0 and rules.steal_place:
        lo, hi = lexicon.index.nodes_of_lengths(min(rules.last_line_min_length, rules.min_length), line_max)
    else:
        lo = hi = 0
    return asked, lo, hi


def compiled_plan(
    lexicon: Lexicon,
    tray: Tray,
    rules: Rules,
    free_lines: int,
    passer_free: int,
    objective: str,
    thief_last_free: bool,
    deadline: Deadline | None,
) -> tuple[list[Steal], bool] | None:
    """The steals chosen and whether proven, by ``Trie.jarnac_plan`` (_plan.c): :func:`steal_items` and the compiled
    :func:`optimise` in one call, rows made for the steals chosen only (~1/2 of a call was the rows of every
    candidate and the search reading them back); ``None`` where it does not run (the pure walk, an
    alphabet of more than 32 letters): the two steps then run apart."""
    trie = lexicon.index.trie
    if trie is None:
        return None
    asked, lo, hi = steal_asks(lexicon, tray, rules, passer_free)
    # By position, on the hot path (every best Jarnac): parsing these 14 by keyword cost ~2 us a call;
    # _speedups.pyi names and types each of them, in this order, and mypy checks them.
    found = trie.jarnac_plan(
        lexicon.rank_string(tray.rack_codes),
        lo,
        hi,
        asked,
        StealRow,
        rules.min_length,
        rules.last_line_min_length,
        objective == "swing",
        free_lines,
        passer_free,
        thief_last_free,
        tray.last_line_free(rules),
        deadline.check if deadline is not None else None,
        OutOfTime,
    )
    if found is None:
        return None
    _, _, chosen, exact = found
    return chosen, exact


def steal_items(lexicon: Lexicon, tray: Tray, rules: Rules) -> tuple[list[list[Steal]], list[Steal]]:
    """The distinct steals that matter: per line one per set of added letters, and one per new-word key
    (the alphabetically first word of each), in the order of those words."""
    index = lexicon.index
    passer_free = tray.free_lines(rules)
    line_max = rules.line_length
    # Short new words are candidates too: the search lets one through only
    # where it lands on the passer's last line and on the thief's.
    place = None
    if passer_free > 0 and rules.steal_place:
        place = (min(rules.last_line_min_length, rules.min_length), line_max)
    trie = index.trie
    if trie is not None:
        # Compiled: every walk, the letters each node adds, its tiles and its first word (one row per set of
        # added letters, from the node's key) and the StealItem of each row, in one C call: no node list, no
        # tally and no Python step per candidate. Measured on 5-line trays with 8 spare letters: the
        # candidates cost ~1/3 of the seven calls and the StealItem list of each that made them before.
        asked, lo, hi = steal_asks(lexicon, tray, rules, passer_free)
        rows: tuple[list[list[Steal]], list[Steal]] = trie.steals(
            lexicon.rank_string(tray.rack_codes), lo, hi, asked, StealRow
        )
        return rows
    rack, lines = tallies(lexicon, tray)
    place_nodes, line_nodes = index.move_nodes(rack, place, lines, line_max, lexicon.move_keys())
    per_line: list[list[Steal]] = []
    first_words = index.first_words
    pack = lexicon.pack
    tiles_of = tray.tiles
    for i, nodes in enumerate(line_nodes):
        old = tray.lines[i]
        old_packed = lexicon.pack_codes(tray.line_codes[i])
        old_tiles = lines[i][1]
        firsts = first_words(nodes)
        per_line.append(
            distinct_items(StealItem(pack(w) - old_packed, tiles_of(w), i, w, old, old_tiles) for w in firsts)
        )
    firsts = first_words(place_nodes)
    return per_line, distinct_items(StealItem(pack(w), tiles_of(w), None, w, None, 0) for w in firsts)


Score = tuple[int, int]
Candidate = tuple[int, int, int, int, bool, bool, Steal, int]
"""A new word as the search sees it: packed letters, the two scores, tiles used, short, fits the last line, the
item, its position in the sorted list."""


def optimise(
    per_line: Sequence[Sequence[Steal]],
    places: Sequence[Steal],
    rack: int,
    rack_size: int,
    free_lines: int,
    passer_free: int,
    rules: Rules,
    objective: str,
    guard: int,
    last_free: tuple[bool, bool] = (True, True),
    deadline: Deadline | None = None,
    compiled: bool = False,
) -> tuple[Score, list[Steal], bool]:
    """The best set of items under every constraint: exact branch and bound; the flag: proven.

    Lines are decided first (no steal, or one of the line's extensions, best
    first), then new words (best first, each no better than the one before).
    A branch is cut when its optimistic bound cannot beat the best plan found:
    what the letters left could be worth if only their number mattered
    (``_knapsack_bounds``). Both parts of the score are bounded, so ties on
    the objective are broken exactly by the other part. The first branch
    taken is the greedy one, and the deadline counts only once a first plan is
    found (a budget of 0 gives the greedy plan, not an empty one), so when
    ``deadline`` passes (``OutOfTime``) the best plan found so far is a good
    one; it is returned unproven.

    ``compiled``: the search itself runs in C (``jarnac_solver._allocation``, the
    same steps over the same lists and bounds, so the same plan) when built.
    """
    min_len = rules.min_length
    last_min = rules.last_line_min_length
    by_swing = objective == "swing"
    search = native.allocation if compiled else None
    if search is not None:
        found = search.optimise(
            per_line=[list(items) for items in per_line],
            places=list(places),
            rack=rack,
            rack_size=rack_size,
            free_lines=free_lines,
            passer_free=passer_free,
            min_len=min_len,
            last_min=last_min,
            by_swing=by_swing,
            last_free_thief=last_free[0],
            last_free_passer=last_free[1],
            check=deadline.check if deadline is not None else None,
            out_of_time=OutOfTime,
        )
        if found is not None:  # None: an alphabet of more than 32 tiles, searched below
            first, second, items, proven = found
            return (first, second), items, proven

    def entry(item: Steal) -> tuple[int, int, int, int, bool, bool, Steal]:
        gain = item.tiles * item.tiles
        swing = gain + item.old_tiles * item.old_tiles
        first, second = (swing, gain) if by_swing else (gain, swing)
        short, fits_last = item.tiles < min_len, item.tiles >= last_min
        return (item.packed, first, second, item.tiles - item.old_tiles, short, fits_last, item)

    def seatable(item: Steal) -> bool:  # a word no line of the rules can take is no steal
        return item.tiles >= min_len or item.tiles >= last_min

    lines = [sorted(map(entry, filter(seatable, items)), key=lambda e: (-e[1], -e[2])) for items in per_line]
    lines = [es for es in lines if es]
    lines.sort(key=lambda es: -es[0][1])  # the most valuable lines first: the bound tightens sooner
    words = sorted(map(entry, filter(seatable, places)), key=lambda e: (-e[1], -e[2]))
    # Each word with its position in ``words``: the dominance memo below
    # compares how far along the list two visits of a state started.
    numbered = [(*e, j) for j, e in enumerate(words)]
    n_lines = len(lines)
    first_bound = knapsack_bounds(
        [[(e[3], e[1], 0) for e in es] for es in lines], [(e[3], e[1], 0) for e in words], rack_size
    )
    second_bound = knapsack_bounds(
        [[(e[3], e[2], 0) for e in es] for es in lines], [(e[3], e[2], 0) for e in words], rack_size
    )
    best: list[tuple[Score, tuple[Steal, ...]]] = [((0, 0), ())]
    chosen: list[Steal] = []
    visited: dict[tuple[int, int, int, tuple[bool, bool], tuple[bool, bool]], tuple[int, int, int]] = {}

    def beaten(first: int, second: int) -> bool:
        (best_first, best_second), _ = best[0]
        return first < best_first or (first == best_first and second <= best_second)

    def seated(left_slots: int, used: int, short: bool, last_ok: bool, last_free: bool) -> bool:
        """Can ``used`` words be put on free lines, ``left_slots`` lines staying free?

        The words fill lines top down and the last line is the bottom one: it
        is reached only when no free line is left. A short word (under the
        rules' minimum) goes only there; the last line takes only a word of
        at least ``last_line_min_length``.
        """
        if not last_free or used == 0 or left_slots > 0:
            return not short  # the last line is not reached (or is not free)
        return short or last_ok

    def fitting(candidates: Sequence[Candidate], left: int, letters: int) -> list[Candidate]:
        return [c for c in candidates if c[3] <= letters and ((left | guard) - c[0]) & guard == guard]

    def new_words(
        source: Sequence[Candidate],
        start: int,
        left: int,
        letters: int,
        slots: int,
        places: int,
        thief: tuple[bool, bool],
        passer: tuple[bool, bool],
        first: int,
        second: int,
    ) -> None:
        """New words from ``source`` (the words from position ``start`` on; those that fit ``left`` are tried)."""
        if deadline is not None and best[0][1]:  # the deadline counts once a first plan is found
            deadline.check()
        if (
            (first, second) > best[0][0]
            and seated(slots, free_lines - slots, *thief, last_free[0])
            and seated(passer_free - places, places, *passer, last_free[1])
        ):
            best[0] = ((first, second), tuple(chosen))
        if not slots or places >= passer_free:
            return
        if beaten(first + first_bound[n_lines][letters], second + second_bound[n_lines][letters]):
            return
        # Another path reached the same letters, slots and seating with at
        # least this score and at least these words left to try: it already
        # explored everything this one could.
        state = (left, slots, places, thief, passer)
        seen = visited.get(state)
        if seen is None and len(visited) >= MEMO_LIMIT:
            raise OutOfTime  # memory bounded: a state past the limit stops the search as a deadline would
        if seen is not None and seen[0] <= start and (seen[1], seen[2]) >= (first, second):
            return
        if seen is None or (start <= seen[0] and (first, second) >= (seen[1], seen[2])):
            visited[state] = (start, first, second)
        # Speed: a node tries only the words that fit what is left, filtered
        # from its parent's list (after the cheap cuts above, so a node cut
        # by its bound costs nothing). The lists shrink fast: a node costs its
        # own candidates, not the whole word list.
        candidates = fitting(source, left, letters)
        most = min(slots, passer_free - places)
        last_used = -1
        for k, (packed, f, s, used, is_short, fits_last, item, j) in enumerate(candidates):
            if used != last_used:
                # New words are worth tiles², sorted longest first: no later word
                # is longer than this one, so `most` words of at most `used` tiles
                # bound what is left (tighter than the knapsack once long words
                # no longer fit). Computed once per length, not per word.
                last_used = used
                bound = fill(letters, most, used)
                if beaten(first + bound, second + bound):
                    return
            if is_short and (thief[0] or passer[0]):
                continue
            chosen.append(item)
            new_words(
                candidates[k:],
                j,
                left - packed,
                letters - used,
                slots - 1,
                places + 1,
                (thief[0] or is_short, thief[1] or fits_last),
                (passer[0] or is_short, passer[1] or fits_last),
                first + f,
                second + s,
            )
            chosen.pop()

    def line_steals(
        i: int, left: int, letters: int, slots: int, thief: tuple[bool, bool], first: int, second: int
    ) -> None:
        if deadline is not None and best[0][1]:
            deadline.check()
        if beaten(first + first_bound[i][letters], second + second_bound[i][letters]):
            return
        if i == n_lines or not slots:
            new_words(numbered, 0, left, letters, slots, 0, thief, (False, False), first, second)
            return
        for packed, f, s, used, is_short, fits_last, item in lines[i]:
            if used > letters or (is_short and thief[0]) or ((left | guard) - packed) & guard != guard:
                continue
            chosen.append(item)
            line_steals(
                i + 1,
                left - packed,
                letters - used,
                slots - 1,
                (thief[0] or is_short, thief[1] or fits_last),
                first + f,
                second + s,
            )
            chosen.pop()
        line_steals(i + 1, left, letters, slots, thief, first, second)

    try:
        line_steals(0, rack, rack_size, free_lines, (False, False), 0, 0)
    except OutOfTime:
        return best[0][0], list(best[0][1]), False
    return best[0][0], list(best[0][1]), True


def distinct_items(items: Iterable[StealItem]) -> list[Steal]:
    """One item per added-letter set (they are worth the same); the first word alphabetically."""
    seen: dict[int, Steal] = {}
    for item in sorted(items, key=lambda it: it.word):
        seen.setdefault(item.packed, item)
    return list(seen.values())
