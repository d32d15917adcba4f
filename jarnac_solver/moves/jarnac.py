"""Jarnac: whether a pass was Jarnac-able, what a thief can steal, and the best set of steals.

The best Jarnac is an allocation problem (CARIES + S + N has 8-letter
extensions that would starve SORBETS), solved exactly: a dynamic programme
over the lines (each line: no steal, or one of its extensions), then over
new words from what is left of the rack, memoised on the letters left.
Letter multisets are packed integers (7 bits a letter, a guard bit on top),
so "fits in the rack" and "take from the rack" are one subtraction each.

Only what changes the value matters: every extension of a line that adds
the same letters has the same length, so one word stands for all of them,
and every anagram of a new word is worth the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import NamedTuple

from .. import native
from ..budget import MEMO_LIMIT, Deadline, OutOfTime, deadline_of
from ..errors import InvalidInputError
from ..forms import field, line_number, mapping
from ..integers import is_whole
from ..lexicon.alphabet import LATIN, Alphabet
from ..lexicon.lexicon import Lexicon
from .allocation import fill, knapsack_bounds
from .move import Move, added_letters
from .movegen import LegalMoves, check_inputs, line_asks, move_words, tallies
from .objectives import OBJECTIVES as OBJECTIVES  # re-exported: callers import it from here
from .rules import Rules
from .tray import Codes, Tray, _remove, remove_tiles

__all__ = ["JarnacPlan", "best_jarnac", "is_jarnacable", "jarnac_steals", "passer_left_move", "thief_best_call"]


@dataclass(frozen=True)
class JarnacPlan:
    """A Jarnac: the steals, what they are worth, and what the passer keeps.

    ``taken_indexes`` are the indexes (from 0) of the passer's lines that go (the extended ones, or with the
    value Jarnac the recomposed ones); ``leftover`` the letters that stay on
    (or go back to) the passer's rack. ``gain`` is what the thief places
    (sum of tiles²), ``swing`` that plus what the passer loses. An empty plan
    (``not plan``) means the pass was clean.
    """

    steals: tuple[Move, ...] = ()
    gain: int = 0
    swing: int = 0
    taken_indexes: tuple[int, ...] = ()
    leftover: str = ""
    value: bool = False
    """True for a value Jarnac (a recomposition of lines formed this turn)."""
    exact: bool = True
    """True when the plan is proven the best; False when a time budget ended the search first."""

    def __bool__(self) -> bool:
        return bool(self.steals)

    def __str__(self) -> str:
        if not self.steals:
            return "no Jarnac"
        kind = "value Jarnac" if self.value else "Jarnac"
        taken = f", taking line {', '.join(str(i + 1) for i in self.taken_indexes)}" if self.taken_indexes else ""
        proven = "" if self.exact else "; the best found within the budget"
        return f"{kind}: {' '.join(map(str, self.steals))} (gain {self.gain}, swing {self.swing}{taken}{proven})"

    def to_dict(self) -> dict[str, object]:
        """The plan as a JSON-ready dict; ``taken`` holds line numbers (from 1).

        >>> JarnacPlan().to_dict()["jarnac"]
        False
        """
        return {
            "jarnac": bool(self),
            "value": self.value,
            "steals": [m.to_dict() for m in self.steals],
            "gain": self.gain,
            "swing": self.swing,
            "taken": [i + 1 for i in self.taken_indexes],
            "leftover": self.leftover,
            "exact": self.exact,
        }

    @classmethod
    def from_dict(cls, data: object, alphabet: Alphabet = LATIN) -> JarnacPlan:
        """Read :meth:`to_dict`'s form.

        >>> JarnacPlan.from_dict(JarnacPlan().to_dict()) == JarnacPlan()
        True
        """
        form = mapping(data, "a Jarnac plan")
        steals = tuple(Move.from_dict(m, alphabet) for m in field(form, "steals", list, "a Jarnac plan"))
        taken = tuple(line_number(n, "a Jarnac plan") for n in field(form, "taken", list, "a Jarnac plan", []))
        leftover = field(form, "leftover", str, "a Jarnac plan", "")
        alphabet.encode(leftover, what="leftover")
        return cls(
            steals,
            field(form, "gain", int, "a Jarnac plan"),
            field(form, "swing", int, "a Jarnac plan"),
            taken,
            leftover,
            field(form, "value", bool, "a Jarnac plan", False),
            field(form, "exact", bool, "a Jarnac plan", True),
        )

    def passer_tray(self, tray: Tray) -> Tray:
        """The passer's tray after the Jarnac: taken lines left as gaps, rack = ``leftover``."""
        lines = tuple(() if i in self.taken_indexes else codes for i, codes in enumerate(tray.line_codes))
        return Tray.from_codes(lines, tray.alphabet.encode(self.leftover), tray.alphabet)


class _Item(NamedTuple):
    """A candidate steal, as the search sees it (a named tuple: cheap to make)."""

    packed: int
    tiles: int
    line: int | None
    word: str
    old: str | None
    old_tiles: int


class _Row(NamedTuple):
    """A candidate as the compiled walk lists it (``Trie.steals``): an :class:`_Item` with its word's
    number (alphabetical) for the word; the str is made only for the steals chosen (:func:`_words`)."""

    packed: int
    tiles: int
    line: int | None
    number: int
    old: str | None
    old_tiles: int


def _words(lexicon: Lexicon, chosen: Sequence[_Item | _Row]) -> list[_Item]:
    """The chosen candidates as items, each word read from its number."""
    trie = lexicon.index.trie
    if trie is None:  # the pure walk makes items only, no row to read a word for
        return [c for c in chosen if isinstance(c, _Item)]
    return [
        _Item(c.packed, c.tiles, c.line, trie.word(c.number), c.old, c.old_tiles) if isinstance(c, _Row) else c
        for c in chosen
    ]


_Cand = _Item | _Row
"""A candidate steal: an item, or a compiled walk's row."""


def jarnac_steals(lexicon: Lexicon, tray: Tray, rules: Rules | None = None) -> list[Move]:
    """Every single steal: a legal move of the passer (new words only if the rules allow).

    A stolen word shorter than the rules' minimum can go only on the thief's
    last line; :func:`best_jarnac` takes care of that, this list does not.

    >>> from jarnac_solver import Lexicon
    >>> [str(m) for m in jarnac_steals(Lexicon.load("fr"), Tray.parse("RAT BUT / ZW"))]
    ['1:RAT+Z=TZAR']
    """
    rules = check_inputs(lexicon, tray, rules)
    moves = LegalMoves(tray, *move_words(lexicon, tray, rules), rules)
    return [m for m in moves if m.kind == "extend" or rules.steal_place]


def is_jarnacable(
    lexicon: Lexicon, tray: Tray, rules: Rules | None = None, formed_indexes: Iterable[int] = ()
) -> Move | None:
    """A move the thief could steal (a witness), or ``None`` when the pass was clean.

    Exactly: a legal move of the passer that the rules let be stolen (new
    words only with ``rules.steal_place``), or with the value Jarnac a
    recomposition worth more, *whatever the thief's tray*: a stolen word
    may still not fit the thief's lines. For the two questions an audit
    asks, use :func:`passer_left_move` (the passer's fault) and
    :func:`thief_best_call` (what this opponent could call).

    Tries new words first (only if ``rules.steal_place``), then each line's
    extensions, each walk stopping at the first move it meets. With
    ``rules.value_jarnac`` and ``formed_indexes`` (the lines formed this turn), a
    pass with no move left is still Jarnac-able when those lines and the rack
    recompose into words worth more: the witness is then the first new word
    of the best such recomposition.

    >>> from jarnac_solver import Lexicon
    >>> str(is_jarnacable(Lexicon.load("fr"), Tray.parse("RAT BUT / ZW")))
    '1:RAT+Z=TZAR'
    >>> is_jarnacable(Lexicon.load("fr"), Tray.parse("RAT BUT / Q")) is None
    True
    """
    rules = check_inputs(lexicon, tray, rules)
    turn = _formed_indexes(tray, formed_indexes)
    index = lexicon.index
    rack = lexicon.tally_codes(tray.rack_codes)
    alphabet = tray.alphabet
    # New words first: that walk stops at the first word it meets, usually
    # after a few letters (measured 6 us against 35 us for the lines first);
    # the lines are tallied only when it finds none.
    if rack and rules.steal_place and tray.free_lines(rules) > 0:
        node = index.first_place(rack, rules.min_length_on(tray.next_line_index), rules.line_length)
        if node is not None:
            new = index.words_at(node)[0]
            return Move("place", None, None, new, added_letters("", new, alphabet))
    for line, codes in enumerate(tray.line_codes):
        if not codes:
            continue  # a gap
        node = index.first_extension(lexicon.tally_codes(codes), len(codes), rack, rules.line_length)
        if node is not None:
            new, old = index.words_at(node)[0], tray.lines[line]
            return Move("extend", line, old, new, added_letters(old, new, alphabet))
    if rules.value_jarnac and turn:
        plan = best_jarnac(lexicon, tray, free_lines=rules.lines, rules=rules, formed_indexes=turn)
        if plan:
            return plan.steals[0]
    return None


def passer_left_move(
    lexicon: Lexicon, passer: Tray, rules: Rules | None = None, formed_indexes: Iterable[int] = ()
) -> Move | None:
    """*Did the passer leave a move?* A move the passer could still have made (a witness), or ``None``.

    A fault of the passer whoever sits opposite: any place or extend move
    counts (new words too, even under rules where they cannot be stolen),
    and with ``rules.value_jarnac`` a recomposition of the lines formed this
    turn (``formed_indexes``) worth more than them. Whether the opponent
    could *call* Jarnac is :func:`thief_best_call`.

    >>> from jarnac_solver import Lexicon
    >>> str(passer_left_move(Lexicon.load("fr"), Tray.parse("RAT BUT CAS DOS FEU LIT MER O / G")))
    '8:O+G=GO'
    """
    rules = check_inputs(lexicon, passer, rules)
    return is_jarnacable(lexicon, passer, rules.replace(steal_place=True), formed_indexes)


def thief_best_call(
    lexicon: Lexicon,
    passer: Tray,
    thief: Tray,
    rules: Rules | None = None,
    formed_indexes: Iterable[int] = (),
    objective: str = "swing",
    value_pool_limit: int | None = None,
    budget: float | Deadline | None = None,
) -> JarnacPlan:
    """*Could the opponent call Jarnac, with its tray as it is?* The best call (empty: none).

    The thief's free lines and whether its last line is free decide what it
    can seat (a stolen word under the minimum length only on its last line);
    ``formed_indexes`` are the passer's lines formed this turn (the value
    Jarnac). Exact: :func:`best_jarnac` with the thief's tray (within
    ``budget``, the best found in time; ``plan.exact`` says which).

    >>> from jarnac_solver import Lexicon
    >>> passer = Tray.parse("RAT BUT CAS DOS FEU LIT MER O / G")
    >>> bool(thief_best_call(Lexicon.load("fr"), passer, Tray.parse("/")))  # GO is too short for line 1
    False
    """
    if not isinstance(thief, Tray):
        raise InvalidInputError(f"the thief's tray must be a Tray, not {type(thief).__name__}")
    rules = check_inputs(lexicon, thief, rules)  # the passer's tray is checked by best_jarnac
    return best_jarnac(
        lexicon,
        passer,
        free_lines=thief.free_lines(rules),
        objective=objective,
        rules=rules,
        formed_indexes=formed_indexes,
        thief_last_free=thief.last_line_free(rules),
        value_pool_limit=value_pool_limit,
        budget=budget,
    )


def _formed_indexes(tray: Tray, formed_indexes: Iterable[int]) -> list[int]:
    """``formed_indexes`` checked: distinct indexes of lines of ``tray`` that hold a word, sorted."""
    if not formed_indexes and type(formed_indexes) in (tuple, list):
        return []  # the common case (no line formed this turn, or no value Jarnac asked): no set, no sort
    if isinstance(formed_indexes, (str, bytes)) or not isinstance(formed_indexes, Iterable):
        raise InvalidInputError(f"formed_indexes must be line indexes (a list of ints), not {formed_indexes!r}")
    turn = sorted(set(formed_indexes))
    if any(not is_whole(i) or not 0 <= i < len(tray.lines) or not tray.lines[i] for i in turn):
        raise InvalidInputError(f"formed_indexes must be indexes of the tray's {len(tray.lines)} lines, not {turn!r}")
    return turn


def _any_steal(lexicon: Lexicon, tray: Tray, rules: Rules, free_lines: int, thief_last_free: bool) -> bool:
    """Whether :func:`_optimise` could find any plan: first-hit walks, exact.

    Any extension, or any new word of the rules' minimum length or more, may
    make a plan. A shorter new word alone (the only candidates left) makes one
    only as the word that fills both the thief's last line and the passer's:
    a single word, so only when each has exactly one free line, its last.
    Speed: most Jarnac windows of a game between programs offer only such
    short words (a pass leaves a rack that spells a one- or two-letter word);
    they were searched in full (~40 us), and are now answered here.
    """
    if not tray.rack_codes:
        return False
    passer_free = tray.free_lines(rules)
    legal = tray._moves
    if legal is not None and legal[0] is lexicon and legal[1] is rules and not legal[2] and not any(legal[3]):
        # The passer's own legal moves, found on this very tray (a player passes after finding none): no
        # extension (the same lengths are asked), and no new word from the length the next line needs,
        # which is the rules' minimum unless that line is the last (then a short word alone is the only
        # candidate left, answered below, unless the last line asks at most the minimum).
        # Exact, and ~7% of a greedy game: the walks are not made again.
        if passer_free == 0 or not rules.steal_place or tray.next_line_index != rules.lines - 1:
            return False
        if rules.last_line_min_length <= rules.min_length:
            return False
    index = lexicon.index
    line_max = rules.line_length
    place = passer_free > 0 and rules.steal_place
    long_from = rules.min_length
    shortest = min(rules.last_line_min_length, rules.min_length)  # as _items asks
    # The one seating where a short word alone is a plan: it fills both trays' last lines.
    short = place and free_lines == 1 and passer_free == 1 and thief_last_free and tray.last_line_free(rules)
    trie = index.trie
    if trie is not None:
        # Compiled: every first-hit walk in one C call (the rack counted there), no tally made in Python:
        # ~2 us where a call a walk cost ~8 us on a tray of 6 lines (most Jarnac windows of a game); what
        # the walks are asked per line is legal_moves' (line_asks).
        lines = line_asks(lexicon, tray.line_codes, line_max)
        lo, hi = index._nodes_of_lengths(shortest if short else long_from, line_max) if place else (0, 0)
        return bool(trie.any_move(lexicon.rank_string(tray.rack_codes), lo, hi, lines))
    rack = lexicon.tally_codes(tray.rack_codes)
    if place and index.first_place(rack, shortest if short else long_from, line_max) is not None:
        return True
    for codes in tray.line_codes:
        if codes and index.first_extension(lexicon.tally_line(codes), len(codes), rack, line_max) is not None:
            return True
    return False


def _steal_asks(
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
        lo, hi = lexicon.index._nodes_of_lengths(min(rules.last_line_min_length, rules.min_length), line_max)
    else:
        lo = hi = 0
    return asked, lo, hi


def _compiled_plan(
    lexicon: Lexicon,
    tray: Tray,
    rules: Rules,
    free_lines: int,
    passer_free: int,
    objective: str,
    thief_last_free: bool,
    deadline: Deadline | None,
) -> tuple[list[_Cand], bool] | None:
    """The steals chosen and whether proven, by ``Trie.jarnac_plan`` (_plan.c): :func:`_items` and the compiled
    :func:`_optimise` in one call, rows made for the steals chosen only (~1/2 of a call was the rows of every
    candidate and the search reading them back); ``None`` where it does not run (the pure walk, an
    alphabet of more than 32 letters): the two steps then run apart."""
    trie = lexicon.index.trie
    if trie is None:
        return None
    asked, lo, hi = _steal_asks(lexicon, tray, rules, passer_free)
    # By position, on the hot path (every best Jarnac): parsing these 14 by keyword cost ~2 us a call;
    # _speedups.pyi names and types each of them, in this order, and mypy checks them.
    found = trie.jarnac_plan(
        lexicon.rank_string(tray.rack_codes),
        lo,
        hi,
        asked,
        _Row,
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


def _items(lexicon: Lexicon, tray: Tray, rules: Rules) -> tuple[list[list[_Cand]], list[_Cand]]:
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
        # added letters, from the node's key) and the _Item of each row, in one C call: no node list, no
        # tally and no Python step per candidate. Measured on 5-line trays with 8 spare letters: the
        # candidates cost ~1/3 of the seven calls and the _Item list of each that made them before.
        asked, lo, hi = _steal_asks(lexicon, tray, rules, passer_free)
        rows: tuple[list[list[_Cand]], list[_Cand]] = trie.steals(
            lexicon.rank_string(tray.rack_codes), lo, hi, asked, _Row
        )
        return rows
    rack, lines = tallies(lexicon, tray)
    place_nodes, line_nodes = index.move_nodes(rack, place, lines, line_max, lexicon.move_keys())
    per_line: list[list[_Cand]] = []
    first_words = index.first_words
    pack = lexicon.pack
    tiles_of = tray.tiles
    for i, nodes in enumerate(line_nodes):
        old = tray.lines[i]
        old_packed = lexicon.pack_codes(tray.line_codes[i])
        old_tiles = lines[i][1]
        firsts = first_words(nodes)
        per_line.append(_distinct(_Item(pack(w) - old_packed, tiles_of(w), i, w, old, old_tiles) for w in firsts))
    firsts = first_words(place_nodes)
    return per_line, _distinct(_Item(pack(w), tiles_of(w), None, w, None, 0) for w in firsts)


Score = tuple[int, int]
Candidate = tuple[int, int, int, int, bool, bool, _Cand, int]
"""A new word as the search sees it: packed letters, the two scores, tiles used, short, fits the last line, the
item, its position in the sorted list."""


def _optimise(
    per_line: Sequence[Sequence[_Cand]],
    places: Sequence[_Cand],
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
) -> tuple[Score, list[_Cand], bool]:
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

    def entry(item: _Cand) -> tuple[int, int, int, int, bool, bool, _Cand]:
        gain = item.tiles * item.tiles
        swing = gain + item.old_tiles * item.old_tiles
        first, second = (swing, gain) if by_swing else (gain, swing)
        short, fits_last = item.tiles < min_len, item.tiles >= last_min
        return (item.packed, first, second, item.tiles - item.old_tiles, short, fits_last, item)

    def seatable(item: _Cand) -> bool:  # a word no line of the rules can take is no steal
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
    best: list[tuple[Score, tuple[_Cand, ...]]] = [((0, 0), ())]
    chosen: list[_Cand] = []
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


def _distinct(items: Iterable[_Item]) -> list[_Cand]:
    """One item per added-letter set (they are worth the same); the first word alphabetically."""
    seen: dict[int, _Cand] = {}
    for item in sorted(items, key=lambda it: it.word):
        seen.setdefault(item.packed, item)
    return list(seen.values())


def _plan(
    chosen: list[_Item], tray: Tray, pool: Codes, value: bool, taken: tuple[int, ...], longest_last: bool = False
) -> JarnacPlan:
    """The plan of the chosen items; ``pool`` the codes they were taken from (the rack, or with lines).

    New words are listed longest first; with ``longest_last`` (rules whose last line asks for longer
    words than the others), shortest first, so that played in that order on the passer's tray the
    word that reaches its last line is the longest (else ``+ASS +AA`` puts AA on a last line of 3
    tiles at least: docs/rules.md#last-line)."""
    alphabet = tray.alphabet
    extends = sorted((it for it in chosen if it.line is not None), key=lambda it: it.line or 0)
    order = (lambda it: (it.tiles, it.word)) if longest_last else (lambda it: (-it.tiles, it.word))
    places = sorted((it for it in chosen if it.line is None), key=order)
    make = tuple.__new__  # a Move by its fields, as Move's own __new__ orders them (~0.3 us less a steal)
    steals = [
        make(Move, ("extend", it.line, it.old, it.word, added_letters(it.old or "", it.word, alphabet)))
        for it in extends
    ] + [make(Move, ("place", None, None, it.word, added_letters("", it.word, alphabet))) for it in places]
    if alphabet.single:  # a letter is a tile: one look-up each (encode tokenizes and folds: ~8% of a call)
        code = alphabet.index.__getitem__
        used = [code(letter) for move in steals for letter in move.letters]
    else:
        used = [code for move in steals for code in alphabet.encode(move.letters)]
    left = _remove(pool, used)  # one list.remove a letter: the first of each, as remove_tiles takes them
    rack_left = alphabet.decode(remove_tiles(pool, used) if left is None else left)
    gain = sum(it.tiles**2 for it in chosen)
    lost = sum(it.old_tiles**2 for it in extends) + sum(len(tray.line_codes[i]) ** 2 for i in taken)
    lines_taken = tuple(sorted({it.line for it in extends if it.line is not None} | set(taken)))
    return JarnacPlan(tuple(steals), gain, gain + lost, lines_taken, rack_left, value)


_NO_PLANS: dict[str, JarnacPlan] = {}


def _no_plan(leftover: str) -> JarnacPlan:
    """The empty plan leaving ``leftover``; plans are frozen, so one per rack is shared (~1.5 us to make
    a plan, at most Jarnac windows of a game)."""
    plan = _NO_PLANS.get(leftover)
    if plan is None:
        if len(_NO_PLANS) >= 4096:
            _NO_PLANS.clear()
        plan = _NO_PLANS[leftover] = JarnacPlan(leftover=leftover)
    return plan


def best_jarnac(
    lexicon: Lexicon,
    tray: Tray,
    free_lines: int | None = None,
    objective: str = "swing",
    rules: Rules | None = None,
    formed_indexes: Iterable[int] = (),
    thief_last_free: bool = True,
    value_pool_limit: int | None = None,
    budget: float | Deadline | None = None,
) -> JarnacPlan:
    """The most valuable Jarnac against the passer's ``tray``, exactly (or the best within ``budget``).

    ``free_lines`` is how many lines the thief has free (default: all the
    rules' lines, 8; ``thief_last_free=False`` when the thief's last line
    holds a word and its free lines are gaps above it): at most that many
    words, and a word shorter than the rules' minimum only as the one that
    fills the thief's last line. ``objective="swing"`` maximises the points
    the thief gains plus those the passer loses, then the gain;
    ``"gain"`` the other way round. With ``rules.value_jarnac``,
    ``formed_indexes`` (indexes of the lines the passer formed this turn) may be
    taken and recomposed with the rack into words worth more than them
    (one search per subset of ``formed_indexes``; each is exact; with
    ``value_pool_limit``, subsets whose pool of letters is larger are not
    tried, trading exactness for time). Cost: a shared
    walk for the candidate steals, then a search memoised on the letters left.

    ``budget`` (seconds, a :class:`~jarnac_solver.budget.Deadline`,
    ``None``: the default ceiling of 10 s, ``EXACT``: no limit) bounds the
    search: the plan is then the best found in time, and ``plan.exact`` says
    whether it is proven the best. The candidate walk itself is not
    interrupted (a few milliseconds at most).

    >>> from jarnac_solver import Lexicon
    >>> plan = best_jarnac(Lexicon.load("fr"), Tray.parse("CARIES SORBETS / SN"))
    >>> [str(m) for m in plan.steals], plan.gain, plan.swing
    (['1:CARIES+S=CASIERS', '2:SORBETS+N=BROSSENT'], 113, 198)
    """
    rules = check_inputs(lexicon, tray, rules)
    if free_lines is None:
        free_lines = rules.lines
    if not is_whole(free_lines) or not 0 <= free_lines <= rules.lines:
        raise InvalidInputError(f"free_lines must be a whole number from 0 to {rules.lines}, not {free_lines!r}")
    if objective not in OBJECTIVES:
        raise InvalidInputError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    if value_pool_limit is not None and (not is_whole(value_pool_limit) or value_pool_limit < 0):
        raise InvalidInputError(f"value_pool_limit must be a whole number >= 0 or None, not {value_pool_limit!r}")
    turn = _formed_indexes(tray, formed_indexes)
    deadline = None if budget is None else deadline_of(budget)  # checked here; the default made below
    if free_lines == 0 or (
        not (rules.value_jarnac and turn) and not _any_steal(lexicon, tray, rules, free_lines, thief_last_free)
    ):
        # Exact shortcut: no candidate steal at all (most passes of a game between programs that
        # play whenever they can). A first-hit walk per line costs a few microseconds where listing
        # the candidates and searching cost ~0.5 ms on fr.
        return _no_plan(tray.rack)  # no steal: the whole rack is left (what _plan([]) makes)
    if budget is None:
        deadline = deadline_of(None)
    passer_free = tray.free_lines(rules)
    found = _compiled_plan(lexicon, tray, rules, free_lines, passer_free, objective, thief_last_free, deadline)
    if found is not None:
        chosen, exact = found
    else:
        per_line, places = _items(lexicon, tray, rules)
        _, chosen, exact = _optimise(
            per_line,
            places,
            lexicon.pack_codes(tray.rack_codes),
            len(tray.rack_codes),
            free_lines,
            passer_free,
            rules,
            objective,
            lexicon.pack_guard,
            (thief_last_free, tray.last_line_free(rules)),
            deadline,
            lexicon.index.trie is not None,
        )
    longest_last = rules.last_line_min_length > rules.min_length
    best = _plan(_words(lexicon, chosen), tray, tray.rack_codes, False, (), longest_last)
    best_key = _key(best, objective)
    if rules.value_jarnac and turn and free_lines > 0 and exact:
        rack_size = len(tray.rack_codes)
        for size in range(1, len(turn) + 1):
            for taken in combinations(turn, size):
                tiles = [len(tray.line_codes[i]) for i in taken]
                pool = rack_size + sum(tiles)
                if value_pool_limit is not None and pool > value_pool_limit:
                    continue
                # Exact cut: the most new words could make of the pool, were
                # every letter usable, must beat the lines taken and the best plan.
                most = fill(pool, free_lines, rules.line_length)
                worth = sum(n * n for n in tiles)
                if most <= worth or (objective == "swing" and (most + worth, most) <= (best.swing, best.gain)):
                    continue
                if deadline is not None and deadline.expired():
                    exact = False  # a recomposition's word walk is not interrupted: none is started late
                    break
                plan, exact = _value_plan(lexicon, tray, taken, free_lines, rules, thief_last_free, deadline)
                if plan and _key(plan, objective) > best_key:
                    best, best_key = plan, _key(plan, objective)
                if not exact:
                    break
            if not exact:
                break
    return best if exact else replace(best, exact=False)


_NODE_CHUNK = 2048
"""Nodes turned into a recomposition's candidates between two looks at the deadline (~2-4 ms of work)."""


def _key(plan: JarnacPlan, objective: str) -> tuple[int, int]:
    return (plan.swing, plan.gain) if objective == "swing" else (plan.gain, plan.swing)


def _value_plan(
    lexicon: Lexicon,
    tray: Tray,
    taken: tuple[int, ...],
    free_lines: int,
    rules: Rules,
    thief_last_free: bool,
    deadline: Deadline | None = None,
) -> tuple[JarnacPlan | None, bool]:
    """The best recomposition of the ``taken`` lines and the rack, if worth more than them; the flag: proven."""
    pool = tray.rack_codes + tuple(code for i in taken for code in tray.line_codes[i])
    worth = sum(len(tray.line_codes[i]) ** 2 for i in taken)
    rack = lexicon.tally_codes(pool)
    # New words from the pool go on the thief's lines: the passer's own free
    # lines do not limit them, so the passer side is given every slot.
    place = (rules.last_line_min_length, rules.line_length)
    place_nodes, _ = lexicon.index.move_nodes(rack, place, [], rules.line_length)
    # A recomposition is extra (the plain plan is found already): the deadline is looked at after each of
    # its costly steps, a pool of 60 letters reaching thousands of words (a 50 ms budget ended at 113 ms).
    if deadline is not None and deadline.expired():
        return None, False
    trie = lexicon.index.trie
    if trie is not None:
        # In chunks of nodes (each a distinct key: no row is shared), the deadline looked at between them:
        # a 60-letter pool reaches 50,000 words, ~90 ms of rows and items.
        found: list[_Item] = []
        for start in range(0, len(place_nodes), _NODE_CHUNK):
            if deadline is not None and deadline.expired():
                return None, False
            rows = trie.steal_items(place_nodes[start : start + _NODE_CHUNK], ())
            found.extend(_Item(p, n, None, w, None, 0) for p, n, w in rows)
        if len(place_nodes) > _NODE_CHUNK:
            # Each chunk's rows come sorted by word; the candidates are in word order as a whole, as the pure
            # path sorts them (_distinct): the search breaks ties in that order (the chunks' order gave
            # another of two plans worth the same: the builds' records differed).
            found.sort(key=lambda it: it.word)
        items: list[_Cand] = list(found)
    else:
        firsts = lexicon.index.first_words(place_nodes)
        items = _distinct(_Item(lexicon.pack(w), tray.tiles(w), None, w, None, 0) for w in firsts)
    if deadline is not None and deadline.expired():
        return None, False
    (gain, _), chosen, exact = _optimise(
        [],
        items,
        lexicon.pack_codes(pool),
        len(pool),
        free_lines,
        free_lines,
        rules,
        "gain",
        lexicon.pack_guard,
        (thief_last_free, thief_last_free),
        deadline,
        lexicon.index.trie is not None,
    )
    if not chosen or gain <= worth:
        return None, exact
    longest_last = rules.last_line_min_length > rules.min_length
    return _plan(_words(lexicon, chosen), tray, pool, True, taken, longest_last), exact
