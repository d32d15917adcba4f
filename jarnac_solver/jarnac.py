"""Jarnac: what a thief can steal after a pass, and the best set of steals.

The best Jarnac is an allocation problem (CARIES + S + N has 8-letter
extensions that would starve SORBETS), solved exactly: a dynamic programme
over the lines (each line: no steal, or one of its extensions), then over
new words from what is left of the rack, memoised on the letters left.
Letter multisets are packed integers (5 bits a letter, a guard bit on top),
so "fits in the rack" and "take from the rack" are one subtraction each.

Only what changes the value matters: every extension of a line that adds
the same letters has the same length, so one word stands for all of them,
and every anagram of a new word is worth the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from .errors import InvalidInputError
from .lexicon import Lexicon
from .move import Move
from .movegen import added_letters, check_inputs, legal_moves
from .rules import Rules
from .tray import Tray

__all__ = ["JarnacPlan", "best_jarnac", "jarnac_steals"]

OBJECTIVES = ("swing", "gain")


@dataclass(frozen=True)
class JarnacPlan:
    """A Jarnac: the steals, what they are worth, and what the passer keeps.

    ``taken`` are the passer's lines that go (the extended ones, or with the
    value Jarnac the recomposed ones); ``leftover`` the letters that stay on
    (or go back to) the passer's rack. ``gain`` is what the thief places
    (sum of tiles²), ``swing`` that plus what the passer loses. An empty plan
    (``not plan``) means the pass was clean.
    """

    steals: tuple[Move, ...] = ()
    gain: int = 0
    swing: int = 0
    taken: tuple[int, ...] = ()
    leftover: str = ""
    value: bool = False
    """True for a value Jarnac (a recomposition of lines formed this turn)."""
    notes: tuple[str, ...] = field(default=(), compare=False)

    def __bool__(self) -> bool:
        return bool(self.steals)

    def __str__(self) -> str:
        if not self.steals:
            return "no Jarnac"
        kind = "value Jarnac" if self.value else "Jarnac"
        taken = f", taking line {', '.join(str(i + 1) for i in self.taken)}" if self.taken else ""
        return f"{kind}: {' '.join(map(str, self.steals))} (gain {self.gain}, swing {self.swing}{taken})"

    def passer_tray(self, tray: Tray) -> Tray:
        """The passer's tray after the Jarnac: taken lines gone, rack = ``leftover``."""
        lines = [line for i, line in enumerate(tray.lines) if i not in self.taken]
        return Tray(lines, self.leftover, tray.alphabet)


class _Packer:
    """Letter multisets of one lexicon as integers: 5 bits a rank, counts < 16."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.single = lexicon.alphabet.single
        ranks = {tile: rank for rank, tile in enumerate(lexicon.order)}
        self.weight = {tile: 1 << (5 * rank) for tile, rank in ranks.items()}
        self.guard = sum(16 << (5 * rank) for rank in range(len(lexicon.order)))

    def pack(self, word: str) -> int:
        tiles = word if self.single else self.lexicon.alphabet.tokenize(word)
        return sum(map(self.weight.__getitem__, tiles))

    def fits(self, small: int, big: int) -> bool:
        # No field of big - small borrows iff every guard bit survives.
        return ((big | self.guard) - small) & self.guard == self.guard


@dataclass
class _Item:
    packed: int
    tiles: int
    line: int | None
    word: str
    old: str | None
    old_tiles: int


def jarnac_steals(lexicon: Lexicon, tray: Tray, rules: Rules | None = None) -> list[Move]:
    """Every single steal: a legal move of the passer (new words only if the rules allow).

    A stolen word shorter than the rules' minimum can go only on the thief's
    last line; :func:`best_jarnac` takes care of that, this list does not.

    >>> from jarnac_solver import Lexicon
    >>> [str(m) for m in jarnac_steals(Lexicon.load("fr"), Tray.parse("RAT BUT / ZW"))]
    ['1:RAT+Z=TZAR']
    """
    rules = check_inputs(lexicon, tray, rules)
    moves = legal_moves(lexicon, tray, rules)
    return [m for m in moves if m.kind == "extend" or rules.steal_place]


def _items(lexicon: Lexicon, tray: Tray, rules: Rules, packer: _Packer) -> tuple[list[list[_Item]], list[_Item]]:
    """The distinct steals that matter: per line one per set of added letters, and one per new-word key."""
    index = lexicon.index
    rack, _ = lexicon.tally(tray.rack, "rack")
    passer_free = rules.lines - len(tray.lines)
    # Short new words are candidates too: the search lets one through only
    # where it lands on the passer's last line and on the thief's.
    place = None
    if passer_free > 0 and rules.steal_place:
        place = (min(rules.last_line_min_length, rules.min_length), rules.line_length)
    lines = [lexicon.tally(line, "line") for line in tray.lines]
    place_nodes, line_nodes = index.move_nodes(rack, place, lines, rules.line_length)
    per_line: list[list[_Item]] = []
    for i, nodes in enumerate(line_nodes):
        old = tray.lines[i]
        old_packed = packer.pack(old)
        old_tiles = lines[i][1]
        items = []
        for node in nodes:
            word = index.words_at(node)[0]
            packed = packer.pack(word) - old_packed
            items.append(_Item(packed, tray.tiles(word), i, word, old, old_tiles))
        per_line.append(items)
    places = []
    for node in place_nodes:
        word = index.words_at(node)[0]
        places.append(_Item(packer.pack(word), tray.tiles(word), None, word, None, 0))
    return per_line, places


Score = tuple[int, int]
_NONE: Score = (-(10**9), 0)


def _optimise(
    per_line: Sequence[Sequence[_Item]],
    places: Sequence[_Item],
    rack: int,
    free_lines: int,
    passer_free: int,
    rules: Rules,
    objective: str,
    packer: _Packer,
) -> tuple[Score, list[_Item]]:
    """The best set of items under every constraint; exact (memoised search)."""
    fits = packer.fits
    min_len = rules.min_length
    by_swing = objective == "swing"

    def score(item: _Item) -> Score:
        gain = item.tiles * item.tiles
        swing = gain + item.old_tiles * item.old_tiles
        return (swing, gain) if by_swing else (gain, swing)

    place_order = sorted(places, key=lambda it: (-it.tiles, it.word))
    place_memo: dict[tuple[int, int, int, bool, bool], tuple[Score, tuple[_Item, ...]]] = {}

    def best_places(left: int, slots: int, passer_slots: int, short: bool, short_place: bool) -> tuple[Score, tuple[_Item, ...]]:
        # A short word must land on the last line of the thief (every slot
        # used) and, if it is a new word, on the passer's last line too.
        key = (left, slots, passer_slots, short, short_place)
        cached = place_memo.get(key)
        if cached is not None:
            return cached
        valid = (not short or slots == 0) and (not short_place or passer_slots == 0)
        best: tuple[Score, tuple[_Item, ...]] = ((0, 0), ()) if valid else (_NONE, ())
        if slots > 0 and passer_slots > 0:
            for item in place_order:
                is_short = item.tiles < min_len
                if (is_short and short) or not fits(item.packed, left):
                    continue
                sub_score, sub_items = best_places(
                    left - item.packed, slots - 1, passer_slots - 1, short or is_short, short_place or is_short
                )
                if sub_score[0] == _NONE[0]:
                    continue
                s = score(item)
                total = (sub_score[0] + s[0], sub_score[1] + s[1])
                if total > best[0]:
                    best = (total, (item, *sub_items))
        place_memo[key] = best
        return best

    line_memo: dict[tuple[int, int, int, bool], tuple[Score, tuple[_Item, ...]]] = {}

    def best_lines(i: int, left: int, slots: int, short: bool) -> tuple[Score, tuple[_Item, ...]]:
        if i == len(per_line):
            return best_places(left, slots, passer_free, short, False)
        key = (i, left, slots, short)
        cached = line_memo.get(key)
        if cached is not None:
            return cached
        best = best_lines(i + 1, left, slots, short)
        if slots > 0:
            for item in per_line[i]:
                is_short = item.tiles < min_len
                if (is_short and short) or not fits(item.packed, left):
                    continue
                sub_score, sub_items = best_lines(i + 1, left - item.packed, slots - 1, short or is_short)
                if sub_score[0] == _NONE[0]:
                    continue
                s = score(item)
                total = (sub_score[0] + s[0], sub_score[1] + s[1])
                if total > best[0]:
                    best = (total, (item, *sub_items))
        line_memo[key] = best
        return best

    total, chosen = best_lines(0, rack, free_lines, False)
    return total, list(chosen)


def _distinct(items: Iterable[_Item]) -> list[_Item]:
    """One item per added-letter set (they are worth the same); the first word alphabetically."""
    seen: dict[int, _Item] = {}
    for item in sorted(items, key=lambda it: it.word):
        seen.setdefault(item.packed, item)
    return list(seen.values())


def _plan(chosen: list[_Item], tray: Tray, rack_left: str, value: bool, taken: tuple[int, ...]) -> JarnacPlan:
    extends = sorted((it for it in chosen if it.line is not None), key=lambda it: it.line or 0)
    places = sorted((it for it in chosen if it.line is None), key=lambda it: (-it.tiles, it.word))
    steals = [
        Move("extend", it.line, it.old, it.word, added_letters(it.old or "", it.word, tray)) for it in extends
    ] + [Move("place", None, None, it.word, added_letters("", it.word, tray)) for it in places]
    gain = sum(it.tiles**2 for it in chosen)
    lost = sum(it.old_tiles**2 for it in extends) + sum(tray.tiles(tray.lines[i]) ** 2 for i in taken)
    lines_taken = tuple(sorted({it.line for it in extends if it.line is not None} | set(taken)))
    return JarnacPlan(tuple(steals), gain, gain + lost, lines_taken, rack_left, value)


def _left(tray: Tray, pool: str, chosen: list[_Item]) -> str:
    """Letters of ``pool`` that the chosen steals do not use, in the pool's order."""
    used: dict[str, int] = {}
    for it in chosen:
        for tile in tray.alphabet.tokenize(added_letters(it.old or "", it.word, tray)):
            used[tile] = used.get(tile, 0) + 1
    left = []
    for tile in tray.alphabet.tokenize(pool):
        if used.get(tile, 0) > 0:
            used[tile] -= 1
        else:
            left.append(tile)
    return "".join(left)


def best_jarnac(
    lexicon: Lexicon,
    tray: Tray,
    free_lines: int = 8,
    objective: str = "swing",
    rules: Rules | None = None,
    turn_lines: Iterable[int] = (),
) -> JarnacPlan:
    """The most valuable Jarnac against the passer's ``tray``, exactly.

    ``free_lines`` is how many lines the thief has free: at most that many
    words, and a word shorter than the rules' minimum only as the one that
    fills the thief's last line. ``objective="swing"`` maximises the points
    the thief gains plus those the passer loses, then the gain;
    ``"gain"`` the other way round. With ``rules.value_jarnac``,
    ``turn_lines`` (indexes of the lines the passer formed this turn) may be
    taken and recomposed with the rack into words worth more than them
    (one search per subset of ``turn_lines``; each is exact). Cost: a shared
    walk for the candidate steals, then a search memoised on the letters left.

    >>> from jarnac_solver import Lexicon
    >>> plan = best_jarnac(Lexicon.load("fr"), Tray.parse("CARIES SORBETS / SN"))
    >>> [str(m) for m in plan.steals], plan.gain, plan.swing
    (['1:CARIES+S=CASIERS', '2:SORBETS+N=BROSSENT'], 113, 198)
    """
    rules = check_inputs(lexicon, tray, rules)
    if isinstance(free_lines, bool) or not isinstance(free_lines, int) or not 0 <= free_lines <= rules.lines:
        raise InvalidInputError(f"free_lines must be a whole number from 0 to {rules.lines}, not {free_lines!r}")
    if objective not in OBJECTIVES:
        raise InvalidInputError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    turn = sorted(set(turn_lines))
    if any(isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(tray.lines) for i in turn):
        raise InvalidInputError(f"turn_lines must be indexes of the tray's {len(tray.lines)} lines, not {turn!r}")
    packer = _Packer(lexicon)
    per_line, places = _items(lexicon, tray, rules, packer)
    passer_free = rules.lines - len(tray.lines)
    score, chosen = _optimise(
        [_distinct(items) for items in per_line],
        _distinct(places),
        packer.pack(tray.rack),
        free_lines,
        passer_free,
        rules,
        objective,
        packer,
    )
    best = _plan(chosen, tray, _left(tray, tray.rack, chosen), False, ())
    best_key = _key(best, objective)
    if rules.value_jarnac and turn and free_lines > 0:
        for size in range(1, len(turn) + 1):
            for taken in combinations(turn, size):
                plan = _value_plan(lexicon, tray, taken, free_lines, objective, rules, packer)
                if plan and _key(plan, objective) > best_key:
                    best, best_key = plan, _key(plan, objective)
    return best


def _key(plan: JarnacPlan, objective: str) -> tuple[int, int]:
    return (plan.swing, plan.gain) if objective == "swing" else (plan.gain, plan.swing)


def _value_plan(
    lexicon: Lexicon,
    tray: Tray,
    taken: tuple[int, ...],
    free_lines: int,
    objective: str,
    rules: Rules,
    packer: _Packer,
) -> JarnacPlan | None:
    """The best recomposition of the ``taken`` lines and the rack, if worth more than them."""
    pool = tray.rack + "".join(tray.lines[i] for i in taken)
    if len(tray.alphabet.tokenize(pool)) > 15 * 26:  # pragma: no cover - counts must fit 4 bits
        raise InvalidInputError("pool too large")
    worth = sum(tray.tiles(tray.lines[i]) ** 2 for i in taken)
    rack, _ = lexicon.tally(pool, "pool")
    # New words from the pool go on the thief's lines: the passer's own free
    # lines do not limit them, so the passer side is given every slot.
    place = (rules.last_line_min_length, rules.line_length)
    place_nodes, _ = lexicon.index.move_nodes(rack, place, [], rules.line_length)
    items = [
        _Item(packer.pack(w), tray.tiles(w), None, w, None, 0)
        for w in (lexicon.index.words_at(n)[0] for n in place_nodes)
    ]
    score, chosen = _optimise([], _distinct(items), packer.pack(pool), free_lines, free_lines, rules, "gain", packer)
    gain = score[0]
    if not chosen or gain <= worth:
        return None
    return _plan(chosen, tray, _left(tray, pool, chosen), True, taken)
