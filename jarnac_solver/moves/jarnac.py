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

from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import combinations

from ..budget import Deadline, deadline_of
from ..errors import InvalidInputError
from ..forms import field, line_number, mapping
from ..integers import is_whole
from ..lexicon.alphabet import LATIN, Alphabet
from ..lexicon.lexicon import Lexicon
from .allocation import fill
from .move import Move, added_letters
from .movegen import LegalMoves, check_inputs, known_moves, line_asks, move_words
from .objectives import OBJECTIVES as OBJECTIVES  # re-exported: callers import it from here
from .rules import Rules
from .steal_search import (
    Steal,
    StealItem,
    chosen_items,
    compiled_plan,
    distinct_items,
    optimise,
    steal_items,
)
from .tray import Codes, Tray, remove_tiles, tiles_without

__all__ = [
    "JarnacPlan",
    "any_steal",
    "best_jarnac",
    "checked_formed_indexes",
    "is_jarnacable",
    "jarnac_steals",
    "passer_left_move",
    "thief_best_call",
]


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
    turn = checked_formed_indexes(tray, formed_indexes)
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


def checked_formed_indexes(tray: Tray, formed_indexes: Iterable[int]) -> list[int]:
    """``formed_indexes`` checked: distinct indexes of lines of ``tray`` that hold a word, sorted."""
    if not formed_indexes and type(formed_indexes) in (tuple, list):
        return []  # the common case (no line formed this turn, or no value Jarnac asked): no set, no sort
    if isinstance(formed_indexes, (str, bytes)) or not isinstance(formed_indexes, Iterable):
        raise InvalidInputError(f"formed_indexes must be line indexes (a list of ints), not {formed_indexes!r}")
    turn = sorted(set(formed_indexes))
    if any(not is_whole(i) or not 0 <= i < len(tray.lines) or not tray.lines[i] for i in turn):
        raise InvalidInputError(f"formed_indexes must be indexes of the tray's {len(tray.lines)} lines, not {turn!r}")
    return turn


def any_steal(lexicon: Lexicon, tray: Tray, rules: Rules, free_lines: int, thief_last_free: bool) -> bool:
    """Whether :func:`optimise` could find any plan: first-hit walks, exact.

    Any extension, or any new word of the rules' minimum length or more, may
    make a plan. A shorter new word alone (the only candidates left) makes one
    only as the word that fills both the thief's last line and the passer's:
    a single word, so only when each has exactly one free line, its last.
    Most Jarnac windows of a game between programs offer only such short
    words (a pass leaves a rack that spells a one- or two-letter word): this
    answers them without the full search (~40 us). The end-game model
    (``planning/endgame.py``) asks it too, to settle a final window.
    """
    if not tray.rack_codes:
        return False
    passer_free = tray.free_lines(rules)
    legal = known_moves(tray, lexicon, rules)
    if legal is not None and not legal[0] and not any(legal[1]):
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
    shortest = min(rules.last_line_min_length, rules.min_length)  # as steal_items asks
    # The one seating where a short word alone is a plan: it fills both trays' last lines.
    short = place and free_lines == 1 and passer_free == 1 and thief_last_free and tray.last_line_free(rules)
    trie = index.trie
    if trie is not None:
        # Compiled: every first-hit walk in one C call (the rack counted there), no tally made in Python:
        # ~2 us where a call a walk cost ~8 us on a tray of 6 lines (most Jarnac windows of a game); what
        # the walks are asked per line is legal_moves' (line_asks).
        lines = line_asks(lexicon, tray.line_codes, line_max)
        lo, hi = index.nodes_of_lengths(shortest if short else long_from, line_max) if place else (0, 0)
        return bool(trie.any_move(lexicon.rank_string(tray.rack_codes), lo, hi, lines))
    rack = lexicon.tally_codes(tray.rack_codes)
    if place and index.first_place(rack, shortest if short else long_from, line_max) is not None:
        return True
    for codes in tray.line_codes:
        if codes and index.first_extension(lexicon.tally_line(codes), len(codes), rack, line_max) is not None:
            return True
    return False


def _plan(
    chosen: list[StealItem], tray: Tray, pool: Codes, value: bool, taken: tuple[int, ...], longest_last: bool = False
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
    left = tiles_without(pool, used)  # one list.remove a letter: the first of each, as remove_tiles takes them
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
    turn = checked_formed_indexes(tray, formed_indexes)
    deadline = None if budget is None else deadline_of(budget)  # checked here; the default made below
    if free_lines == 0 or (
        not (rules.value_jarnac and turn) and not any_steal(lexicon, tray, rules, free_lines, thief_last_free)
    ):
        # Exact shortcut: no candidate steal at all (most passes of a game between programs that
        # play whenever they can). A first-hit walk per line costs a few microseconds where listing
        # the candidates and searching cost ~0.5 ms on fr.
        return _no_plan(tray.rack)  # no steal: the whole rack is left (what _plan([]) makes)
    if budget is None:
        deadline = deadline_of(None)
    passer_free = tray.free_lines(rules)
    found = compiled_plan(lexicon, tray, rules, free_lines, passer_free, objective, thief_last_free, deadline)
    if found is not None:
        chosen, exact = found
    else:
        per_line, places = steal_items(lexicon, tray, rules)
        _, chosen, exact = optimise(
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
    best = _plan(chosen_items(lexicon, chosen), tray, tray.rack_codes, False, (), longest_last)
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
        found: list[StealItem] = []
        for start in range(0, len(place_nodes), _NODE_CHUNK):
            if deadline is not None and deadline.expired():
                return None, False
            rows = trie.steal_items(place_nodes[start : start + _NODE_CHUNK], ())
            found.extend(StealItem(p, n, None, w, None, 0) for p, n, w in rows)
        if len(place_nodes) > _NODE_CHUNK:
            # Each chunk's rows come sorted by word; the candidates are in word order as a whole, as the pure
            # path sorts them (distinct_items): the search breaks ties in that order (the chunks' order gave
            # another of two plans worth the same: the builds' records differed).
            found.sort(key=lambda it: it.word)
        items: list[Steal] = list(found)
    else:
        firsts = lexicon.index.first_words(place_nodes)
        items = distinct_items(StealItem(lexicon.pack(w), tray.tiles(w), None, w, None, 0) for w in firsts)
    if deadline is not None and deadline.expired():
        return None, False
    (gain, _), chosen, exact = optimise(
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
    return _plan(chosen_items(lexicon, chosen), tray, pool, True, taken, longest_last), exact
