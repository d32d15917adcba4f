"""Ladders: play the rack as many words as possible, each word drawing a letter.

ORE → RETO → TORRE → RETIRO draws four letters where RETIRO at once draws
one. A ladder is a set of *chains*, one per line: an existing line extended
step by step, or a new word placed and then extended. Chains on different
lines only share the rack, so the search splits in two exact parts:

1. per chain, the longest chain ending at each reachable word, by dynamic
   programming over the letters added (a chain to a word is one longer than
   the best chain to any word it contains);
2. the allocation of the rack's letters to chains (each line at most one,
   new words within the free lines, a short word only on the last line),
   by branch and bound with a letter-count knapsack bound.

The word that fills the tray's last free line ends the turn (no draw, no
move after it): there a chain is a single placement, played last.

The answer has the most moves, then the most points on the tray at the end;
remaining ties go to the first found in a fixed order (lines in tray order,
then new words; longer and alphabetically first words first).

With a time budget the allocation is anytime: a greedy allocation first
(each line its best chain, then the best new chains that fit), improved by
the branch and bound until the deadline; the ladder says whether it is
proven (:attr:`Ladder.exact`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from .. import native
from ..budget import MEMO_LIMIT, Deadline, OutOfTime, deadline_of
from ..lexicon.lexicon import Lexicon
from ..lexicon.tally import FIELD_BITS
from ..moves.allocation import knapsack_bounds
from ..moves.move import Move, added_letters
from ..moves.movegen import check_inputs, line_asks, tallies
from ..moves.rules import Rules
from ..moves.tray import Tray
from .chains import Item, chain_items

TYPE_CHECKING = False  # mypy reads any constant of this name as True
if TYPE_CHECKING:
    from typing import TypeVar

    _T = TypeVar("_T")

__all__ = ["Ladder", "ladder_draws", "plan_ladder", "play_out", "played_out"]


class Ladder(list[Move]):
    """The moves of a ladder, in playing order (a list), and whether it is proven the best.

    ``exact`` is False when a time budget ended the search before the proof:
    the ladder is then the best found in time (legal, maybe not the longest).

    >>> Ladder([], exact=False).exact, Ladder() == []
    (False, True)
    """

    def __init__(self, moves: Sequence[Move] = (), exact: bool = True) -> None:
        super().__init__(moves)
        self.exact = exact

    def __reduce__(self) -> tuple[object, ...]:
        return (Ladder, (list(self), self.exact))


def play_out(tray: Tray, moves: Sequence[Move], rules: Rules | None = None, lexicon: Lexicon | None = None) -> Tray:
    """The tray after ``moves``, each pushed (and checked) in turn.

    >>> str(play_out(Tray.parse("/ ORE"), [Move.parse("+ORE")]))
    'ORE /'
    """
    for move in moves:
        tray = tray.push(move, rules, lexicon)
    return tray


def played_out(tray: Tray, moves: Sequence[Move], rules: Rules) -> Tray:
    """:func:`play_out` of a ladder :func:`plan_ladder` found for ``tray`` (or the rest of one after its first
    move): the moves are legal in turn by construction, so only their tiles are read, and one tray is made for
    the whole ladder (``Tray.play_known``)."""
    return tray.play_known(moves, rules) if moves else tray


def ladder_draws(moves: Sequence[Move], end: Tray, rules: Rules) -> int:
    """The letters ``moves`` draw, ``end`` being the tray after them: one a word, but none after the
    word that fills the tray (a ladder ends with it, if it holds one).

    >>> from jarnac_solver import Rules
    >>> ladder_draws([Move.parse("+ORE")], Tray.parse("ORE /"), Rules())
    1
    """
    fills = bool(moves) and moves[-1].kind == "place" and not end.free_lines(rules)
    return len(moves) - fills


def plan_ladder(
    lexicon: Lexicon, tray: Tray, rules: Rules | None = None, budget: float | Deadline | None = None
) -> Ladder:
    """The legal moves, on the current letters alone, that form the most words, then score most.

    Exact: per-chain dynamic programming and an exact allocation (module
    docstring). Cost grows with the number of words the rack and each line
    can reach (all of them are keys of the chain search) and with the
    sub-multisets of the rack under them (at most 2^n for n distinct letters).
    ``budget`` (seconds, a :class:`~jarnac_solver.budget.Deadline`, ``None``:
    the default ceiling of 10 s, ``EXACT``: no limit) bounds the chains and
    the allocation search; the answer then says whether it is proven
    (``ladder.exact``); if it ends before the chains are known, the ladder is
    the single move to the longest word. The candidate walk is not
    interrupted (a few milliseconds); the Python loops over its words look
    at the clock every 2,048 words.

    >>> from jarnac_solver import Lexicon
    >>> [str(m) for m in plan_ladder(Lexicon.from_words(["ore", "reto", "torre", "retiro"]), Tray.parse("/ ORETRI"))]
    ['+ORE', '1:ORE+T=RETO', '1:RETO+R=TORRE', '1:TORRE+I=RETIRO']
    """
    rules = check_inputs(lexicon, tray, rules)
    rack_size = len(tray.rack_codes)
    # Speed: the default ceiling (no budget given) cannot be reached by a rack of at most 9 letters (its
    # search is a few hundred sub-multisets at most: well under a millisecond), so none is made or looked at
    # (~1 us a call, ~2% of a planner's game). A budget given is always kept.
    deadline = None if budget is None and rack_size <= _NO_CEILING_LETTERS else deadline_of(budget)
    index = lexicon.index
    free = tray.free_lines(rules)
    shortest = min(rules.min_length, rules.last_line_min_length)
    place = (shortest, rules.line_length) if free > 0 else None

    last_free = tray.last_line_free(rules)
    # The word that fills the tray goes on its last free line: the 8th when
    # it is free (a word of at least last_line_min_length tiles, shorter or
    # longer than the other lines' minimum), else a gap above (min_length).
    seat_min = rules.last_line_min_length if last_free else rules.min_length
    trie = index.trie
    if trie is not None:
        # Speed: the walks, the keys, the longest chains, the sorted items and the allocation in one C call
        # (_plan.c): the same chains in the same order as chain_items makes them and the same search as
        # allocation.ladder, with Python objects made only for the chains chosen. In Python, these steps would
        # be ~40% of a planner's game.
        line_max = rules.line_length
        node_range = index.nodes_of_lengths
        asked = line_asks(lexicon, tray.line_codes, line_max)  # remembered per tray's lines
        lo, hi = node_range(*place) if place else (0, 0)
        try:
            # By position, on the hot path: parsing these 11 by keyword cost ~4 us a call (~3% of a planner's
            # game); _speedups.pyi names and types each of them (rack, place_lo, place_hi, lines, min_len,
            # free, seat_min, check, seconds, out_of_time, per_item) and mypy checks them.
            found = trie.ladder_plan(
                lexicon.rank_string(tray.rack_codes),
                lo,
                hi,
                asked,
                rules.min_length,
                free,
                seat_min,
                None if deadline is None else deadline.check,
                0.0 if deadline is None else deadline.remaining(),
                OutOfTime,
                _SECONDS_AN_ITEM,
            )
        except OutOfTime:  # the budget ended before the chains were known: the single move to the longest word
            rack, lines = tallies(lexicon, tray)
            place_nodes, line_nodes = index.move_nodes(rack, place, lines, rules.line_length, lexicon.move_keys())
            return Ladder(_single_move(lexicon, tray, rules, place_nodes, line_nodes), exact=False)
        if found is not None:  # None: an alphabet of more than 32 letters, searched below
            if found[0] == "plan":
                ladder = Ladder(exact=found[2])
                _moves(found[1], tray, ladder)
                return ladder
            # Too little time left for the search's set-up: the greedy ladder it would start from.
            _, line_items, new_items, singles = found
            greedy = _greedy(
                line_items,
                new_items,
                singles,
                lexicon.pack_codes(tray.rack_codes),
                rack_size,
                free,
                seat_min,
                lexicon.pack_guard,
            )
            return Ladder(_moves(greedy, tray), exact=False)
    rack_packed = lexicon.pack_codes(tray.rack_codes)
    guard = lexicon.pack_guard
    rack, lines = tallies(lexicon, tray)
    weights = [1 << (FIELD_BITS * rank) for rank, _ in rack]
    place_nodes, line_nodes = index.move_nodes(rack, place, lines, rules.line_length, lexicon.move_keys())
    try:
        line_items, new_items, singles = chain_items(lexicon, tray, rules, place_nodes, line_nodes, weights, deadline)
    except OutOfTime:
        return Ladder(_single_move(lexicon, tray, rules, place_nodes, line_nodes), exact=False)

    n_items = sum(map(len, line_items)) + len(new_items) + len(singles)
    if deadline is not None and deadline.remaining() < n_items * _SECONDS_AN_ITEM:
        # The bounds and the search's set-up cost ~2-3 us an item before its first look at the clock
        # (63,000 items on 30 letters: ~140 ms): without that much time left, the greedy ladder the search
        # would start from is the answer (a 400 ms budget ended at 534 ms, a 200 ms one at 264 ms).
        return Ladder(
            _moves(_greedy(line_items, new_items, singles, rack_packed, rack_size, free, seat_min, guard), tray),
            exact=False,
        )
    # Allocation: branch and bound, lines first, then new chains (repetition allowed).
    n_lines = len(line_items)
    allocation = native.allocation if index.trie is not None else None
    if allocation is not None:
        # The same search in C (jarnac_solver/_allocation.c): the same order, cuts and memo, so the same ladder;
        # its knapsack bounds made there too (None: the tables knapsack_bounds makes below).
        found = allocation.ladder(
            line_items=line_items,
            new_items=new_items,
            singles=singles,
            first_bound=None,
            second_bound=None,
            rack=rack_packed,
            rack_size=rack_size,
            free=free,
            seat_min=seat_min,
            check=deadline.check if deadline is not None else None,
            out_of_time=OutOfTime,
        )
        if found is not None:  # None: an alphabet of more than 32 tiles, searched below
            pairs, exact = found
            return Ladder(_moves(pairs, tray), exact=exact)
    first_bound = knapsack_bounds(
        [[(it[3], it[1], 0) for it, _ in items] for items in line_items],
        [(it[3], it[1], 0) for it in (*new_items, *singles)],
        rack_size,
    )
    second_bound = knapsack_bounds(
        [[(it[3], it[2], 0) for it, _ in items] for items in line_items],
        [(it[3], it[2], 0) for it in (*new_items, *singles)],
        rack_size,
    )
    best: list[tuple[tuple[int, int], list[tuple[Item, int | None]]]] = [((0, 0), [])]
    chosen: list[tuple[Item, int | None]] = []

    def beaten(first: int, second: int) -> bool:
        (bf, bs), _ = best[0]
        return first < bf or (first == bf and second <= bs)

    NewBest = tuple[tuple[int, int], tuple[tuple[Item, int | None], ...]]
    completions: dict[tuple[int, int], NewBest] = {}

    def fitting(source: Sequence[Item], left: int, letters: int) -> list[Item]:
        return [it for it in source if _fits(it, left, letters, guard)]

    def complete_new(source: Sequence[Item], last: Sequence[Item], left: int, letters: int, placed: int = 0) -> NewBest:
        """The best new chains from the letters ``left`` (dynamic programme on what is left).

        Many choices on the lines leave the same letters (measured: 33,447
        arrivals, 1,522 distinct, on a 12-letter rack with 5 lines), and new
        chains taken in any order leave the same letters too: memoised on
        (letters left, chains placed), each state is solved once. ``source``
        holds every chain that fits ``left`` (and maybe more), ``last`` every
        single placement: the chain that fills the tray's last free line is
        one (a short word only there, and only on the 8th line).
        """
        key = (left, placed)
        cached = completions.get(key)
        if cached is not None:
            return cached
        if len(completions) >= MEMO_LIMIT:
            raise OutOfTime  # memory bounded: a state past the limit stops the search as a deadline would
        if deadline is not None and best[0][1]:  # the deadline counts once a first ladder is found
            deadline.check()
        best_here: NewBest = ((0, 0), ())
        if placed + 1 == free:
            for item in fitting(last, left, letters):
                if item[3] >= seat_min:  # sorted by points: the first that may go there
                    best_here = max(best_here, ((1, item[2]), ((item, None),)), key=lambda b: b[0])
                    break
        elif placed < free:
            # Speed: a state tries only the chains that fit what is left,
            # filtered from the list its caller tried (a superset): lists
            # shrink fast as letters go, so a state costs its own candidates
            # instead of every new chain (three 15-letter racks with 4-6
            # lines: 17.3 s before, 4.5 s after).
            candidates = fitting(source, left, letters)
            last_fitting = fitting(last, left, letters)
            for item in candidates:
                item_key, moves, gain, used, _, _ = item
                # The memo is read here, not in a call: most states are met
                # again (1.5 million arrivals, 28,000 states on 15 letters).
                got = completions.get((left - item_key, placed + 1))
                if got is None:
                    got = complete_new(candidates, last_fitting, left - item_key, letters - used, placed + 1)
                (sub_first, sub_second), sub = got
                total = (sub_first + moves, sub_second + gain)
                if total > best_here[0]:
                    best_here = (total, ((item, None), *sub))
        completions[key] = best_here
        return best_here

    greedy_done: list[bool] = []

    def greedy_new(left: int, letters: int) -> tuple[tuple[int, int], list[tuple[Item, int | None]]]:
        return _greedy_new(new_items, singles, left, letters, free, seat_min, guard)

    def line_chains(i: int, left: int, letters: int, first: int, second: int) -> None:
        if deadline is not None and best[0][1]:
            deadline.check()
        if beaten(first + first_bound[i][letters], second + second_bound[i][letters]):
            return
        if i == n_lines:
            # Always, budget or not: a search stopped by its memo limit (even under EXACT) keeps the greedy
            # ladder; the exact completion replaces it where they tie (below).
            greedy_leaf = not greedy_done
            if greedy_leaf:
                greedy_done.append(True)
                # The first leaf is the greedy choice on every line: complete
                # it greedily too, so a deadline leaves a good answer.
                (more_first, more_second), more_greedy = greedy_new(left, letters)
                total = (first + more_first, second + more_second)
                if total > best[0][0]:
                    best[0] = (total, [*chosen, *more_greedy])
            (more_first, more_second), more = complete_new(new_items, singles, left, letters)
            total = (first + more_first, second + more_second)
            # At the greedy leaf the exact completion replaces the greedy one it ties with: a budget that
            # is not reached gives the ladder no budget gives (a default ceiling changes no answer).
            if total > best[0][0] or (greedy_leaf and total == best[0][0]):
                best[0] = (total, [*chosen, *more])
            return
        for item, line in line_items[i]:
            key, moves, gain, used, _, _ = item
            if used > letters or ((left | guard) - key) & guard != guard:
                continue
            chosen.append((item, line))
            line_chains(i + 1, left - key, letters - used, first + moves, second + gain)
            chosen.pop()
        line_chains(i + 1, left, letters, first, second)

    try:
        line_chains(0, rack_packed, rack_size, 0, 0)
    except OutOfTime:
        return Ladder(_moves(best[0][1], tray), exact=False)
    return Ladder(_moves(best[0][1], tray))


def _fits(item: Item, left: int, letters: int, guard: int) -> bool:
    """Whether a chain's letters are among ``left`` (packed, ``letters`` of them): one subtraction."""
    return item[3] <= letters and ((left | guard) - item[0]) & guard == guard


def _greedy_new(
    new_items: Sequence[Item],
    singles: Sequence[Item],
    left: int,
    letters: int,
    free: int,
    seat_min: int,
    guard: int,
) -> tuple[tuple[int, int], list[tuple[Item, int | None]]]:
    """New chains taken best first while they fit, a single placement last (the anytime search's first answer)."""
    total, placed = (0, 0), 0
    taken: list[tuple[Item, int | None]] = []
    for item in new_items:
        if placed + 1 >= free:
            break
        if _fits(item, left, letters, guard):
            item_key, moves, gain, used, _, _ = item
            left, letters, placed = left - item_key, letters - used, placed + 1
            total = (total[0] + moves, total[1] + gain)
            taken.append((item, None))
    if placed + 1 == free:
        for item in singles:
            if _fits(item, left, letters, guard) and item[3] >= seat_min:
                total = (total[0] + 1, total[1] + item[2])
                taken.append((item, None))
                break
    return total, taken


def _greedy(
    line_items: Sequence[Sequence[tuple[Item, int]]],
    new_items: Sequence[Item],
    singles: Sequence[Item],
    left: int,
    letters: int,
    free: int,
    seat_min: int,
    guard: int,
) -> list[tuple[Item, int | None]]:
    """The search's first leaf: each line its first chain that fits (best first), then :func:`_greedy_new`."""
    taken: list[tuple[Item, int | None]] = []
    for items in line_items:
        for item, line in items:
            if _fits(item, left, letters, guard):
                left, letters = left - item[0], letters - item[3]
                taken.append((item, line))
                break
    return taken + _greedy_new(new_items, singles, left, letters, free, seat_min, guard)[1]


_NO_CEILING_LETTERS = 9
"""Racks of at most this many letters are planned without the default ceiling's deadline (see plan_ladder)."""

_SECONDS_AN_ITEM = 3e-6
"""What one chain costs the allocation before its search looks at the clock (its bounds, its reading in C)."""


def _single_move(
    lexicon: Lexicon, tray: Tray, rules: Rules, place_nodes: Sequence[int], line_nodes: Sequence[Sequence[int]]
) -> list[Move]:
    """The move to the longest word (then the most points): the answer when the budget ends before any ladder.

    Speed: terminal ids are ordered by depth, so each list's longest words are at its largest id (one
    C-level ``max`` a list, not a word per node: a 30-letter rack reaches 31,000 new-word nodes, ~30 ms
    of Python, which a budget of a few milliseconds cannot afford).
    """
    from bisect import bisect_right

    starts = lexicon.index.depth_starts
    best: tuple[int, int] | None = None
    choice: list[Move] = []
    for i, nodes in enumerate(line_nodes):
        if not nodes:
            continue
        old = tray.lines[i]
        old_tiles = len(tray.line_codes[i])
        node = max(nodes)
        n = bisect_right(starts, node) - 1  # the depth of the node: its words' tiles
        key = (n, n * n - old_tiles * old_tiles)
        if best is None or key > best:
            word = lexicon.index.words_at(node)[0]
            best, choice = key, [Move("extend", i, old, word, added_letters(old, word, tray.alphabet))]
    if place_nodes:
        node = max(place_nodes)
        n = bisect_right(starts, node) - 1
        if n >= rules.min_length_on(tray.next_line_index) and (best is None or (n, n * n) > best):
            word = lexicon.index.words_at(node)[0]
            choice = [Move("place", None, None, word, added_letters("", word, tray.alphabet))]
    return choice


def _moves(
    chosen: Sequence[tuple[tuple[int, int, int, int, bool, list[str]], int | None]],
    tray: Tray,
    moves: list[Move] | None = None,
) -> list[Move]:
    """The chains as moves in a legal order: line chains, then new chains (a short start last); appended to
    ``moves`` when given (a Ladder made by the caller: no copy of the list)."""
    if moves is None:
        moves = []
    alphabet = tray.alphabet
    # Speed: each Move made by tuple.__new__ (its fields as Move's own __new__ orders them): a NamedTuple's
    # __new__ is a Python function, ~0.3 us a move, and a planner makes ~12,000 a game.
    make = tuple.__new__
    lined = [c for c in chosen if c[1] is not None]
    if len(lined) > 1:
        lined.sort(key=lambda c: c[1] or 0)
    for item, line in lined:
        old = tray.lines[line]  # type: ignore[index]
        for word in item[5]:
            moves.append(make(Move, ("extend", line, old, word, added_letters(old, word, alphabet))))
            old = word
    placed = [c for c in chosen if c[1] is None]
    if not placed:
        return moves
    if len(placed) > 1:
        placed.sort(key=lambda c: c[0][4])
    # The free lines in the order words fill them: gaps, then the lines below.
    slots = [i for i, w in enumerate(tray.lines) if not w] + list(range(len(tray.lines), len(tray.lines) + len(placed)))
    for k, (item, _) in enumerate(placed):
        words = item[5]
        line = slots[k]
        moves.append(make(Move, ("place", None, None, words[0], added_letters("", words[0], alphabet))))
        for old, word in pairwise(words):
            moves.append(make(Move, ("extend", line, old, word, added_letters(old, word, alphabet))))
    return moves
