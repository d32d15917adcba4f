"""The end-game model: a Jarnac window searched on the letters both players hold, as the engine resolves it.

The thief may decline (against a full tray the game ends; otherwise it goes on), make a call that leaves it
a free line (the thief then plays on: the game goes on), or make a call that fills its tray, which opens the
passer's final window against it (the passer may call on the thief's rack with the lines it lost), searched
the same way (docs/rules.md#end-of-the-game). The outcome is a final margin when the game ends inside the
exchange, or *open* when it goes on (no prediction: the draws to come are unknown). Each side prefers a win
that ends the game (the largest), then keeping the game going (the best score after its choice), then the
smallest loss. With an empty bag and no rule that draws or keeps the turn inside the exchange, the model is
exact: ``tests/test_endgame_oracle.py`` checks it against the engine's own windows searched exhaustively.

The steals and the seating of the stolen words are the move layer's (``moves/steals.py``), the rules the
engine plays: the model never plans another game than the one played. The turn heuristics that use the
model are in :mod:`jarnac_solver.planning.strategy`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import permutations
from typing import NamedTuple

from ..budget import Deadline, OutOfTime, passed_on
from ..errors import IllegalMoveError
from ..lexicon.lexicon import Lexicon
from ..moves.jarnac import JarnacPlan, any_steal, best_jarnac, jarnac_steals, thief_best_call
from ..moves.move import Move
from ..moves.rules import Rules
from ..moves.steals import misfit, seat, seating, take_steals
from ..moves.tray import Codes, Tray

__all__ = [
    "MAX_COMBO_NODES",
    "MAX_FILLING_CALLS",
    "FinalOutcome",
    "WindowChoice",
    "final_margin",
    "final_outcome",
    "finish_wins",
    "pass_outcome",
    "preferred",
    "window_choices",
]


class WindowChoice(NamedTuple):
    """One choice of the thief in a Jarnac window, and where the end-game model says it leads."""

    plan: JarnacPlan
    """The call (empty: decline)."""
    margin: int | None
    """The thief's score less the passer's when the game ends inside the exchange (both sides playing it
    best, on the letters they hold); ``None``: the game goes on (the thief plays on, or the passer's turn)."""
    score: int
    """The thief's score less the passer's right after the choice."""

    @property
    def key(self) -> tuple[int, int]:
        """How the chooser ranks it: a win that ends the game (the largest), then the game going on (the
        best score after the choice), then a loss or a draw that ends it (the smallest)."""
        if self.margin is None:
            return (1, self.score)
        return (2 if self.margin > 0 else 0, self.margin)


def preferred(choices: Sequence[WindowChoice]) -> WindowChoice:
    """The choice the model's chooser makes (:attr:`WindowChoice.key`; on a tie, the first listed)."""
    return max(choices, key=lambda c: c.key)


def _seat(thief: Tray, words: Sequence[Codes], rules: Rules) -> Tray | None:
    """The thief's tray with ``words`` seated as the engine seats them, ``None`` if one cannot be (the move
    layer's rule: docs/rules.md#seating)."""
    seats = seating(thief, words, rules)
    return None if misfit(seats, rules) is not None else seat(thief, seats)


def _resolve(lexicon: Lexicon, passer: Tray, steals: Sequence[Move], rules: Rules) -> tuple[Tray, list[Codes]] | None:
    """The passer's tray after ``steals`` and the stolen words, as the engine takes them
    (docs/rules.md#steals), or ``None`` if the steals do not go together in this order."""
    try:
        return take_steals(passer, steals, rules, lexicon)
    except IllegalMoveError:
        return None


MAX_FILLING_CALLS = 20_000
"""Calls filling the thief's tray that the end-game model follows in one window; beyond, it is not settled
(``OutOfTime``: a thief with several free lines and a passer with many letters, rare in an end game)."""


MAX_COMBO_NODES = 50_000
"""The most nodes the search of steals that fill a thief's tray visits (~1-2 s of Python); past it the window
is not settled (``OutOfTime``), as at a deadline."""


def _swing(passer: Tray, steals: Sequence[Move]) -> int:
    """What ``steals`` would swing: the words' points, and the lines they take from the passer."""
    tiles = passer.tiles
    return sum(tiles(m.word) ** 2 + (tiles(m.old) ** 2 if m.old is not None else 0) for m in steals)


def _filling_calls(
    lexicon: Lexicon,
    passer: Tray,
    thief: Tray,
    rules: Rules,
    formed_indexes: Sequence[int],
    value_pool_limit: int | None,
    deadline: Deadline | None,
) -> Iterator[tuple[int, Callable[[], tuple[JarnacPlan, Tray, Tray] | None]]]:
    """Every call that might fill the thief's tray, one per class of steals (the same lines, the same letters:
    the same trays after it, but for the order of a word's letters), largest swing first: the swing, and how
    to resolve the call (the plan and the passer's and the thief's trays after it; ``None``: the steals do
    not go together, or a word cannot be seated).

    Each steal uses at least one rack letter, so a tray with ``f`` free lines is filled only by ``f`` steals
    from a rack of ``f`` letters or more. A value Jarnac is counted only as the best one (``thief_best_call``).
    """
    free = thief.free_lines(rules)
    alphabet = passer.alphabet
    if free == 0:
        return
    calls: list[tuple[int, Callable[[], tuple[JarnacPlan, Tray, Tray] | None]]] = []
    if rules.value_jarnac and formed_indexes:
        best = thief_best_call(
            lexicon, passer, thief, rules, formed_indexes, value_pool_limit=value_pool_limit, budget=passed_on(deadline)
        )
        if not best.exact:
            raise OutOfTime
        if best.value and len(best.steals) == free:

            def value_call(best: JarnacPlan = best) -> tuple[JarnacPlan, Tray, Tray] | None:
                seated = _seat(thief, [alphabet.encode(m.word) for m in best.steals], rules)
                if seated is None:
                    return None
                kept = tuple(() if i in best.taken_indexes else c for i, c in enumerate(passer.line_codes))
                return best, Tray.trusted(kept, alphabet.encode(best.leftover), alphabet), seated

            calls.append((best.swing, value_call))
    if len(passer.rack_codes) >= free:
        classes: dict[tuple[int | None, tuple[int, ...]], Move] = {}
        for move in jarnac_steals(lexicon, passer, rules):
            classes.setdefault((move.line_index, tuple(sorted(alphabet.encode(move.word)))), move)
        rack = Counter(passer.rack_codes)

        def resolve(combo: tuple[Move, ...]) -> tuple[JarnacPlan, Tray, Tray] | None:
            lines = [m.line_index for m in combo if m.kind == "extend"]
            if len(set(lines)) < len(lines):
                return None
            if free > 1 and Counter(c for m in combo for c in alphabet.encode(m.letters)) - rack:
                return None
            for order in permutations(combo):
                resolved = _resolve(lexicon, passer, order, rules)
                if resolved is None:
                    continue
                after, words = resolved
                seated = _seat(thief, words, rules)
                if seated is None:
                    return None  # the seating does not depend on the order
                gain = sum(len(w) ** 2 for w in words)
                lost = sum(len(passer.line_codes[i]) ** 2 for i in {i for i in lines if i is not None})
                taken = tuple(sorted({i for i in lines if i is not None}))
                plan = JarnacPlan(tuple(order), gain, gain + lost, taken, alphabet.decode(after.rack_codes))
                return plan, after, seated
            return None

        moves = list(classes.values())
        needs = [Counter(alphabet.encode(m.letters)) for m in moves]
        found = visited = 0

        def combos(start: int, left: Counter[int], lines: frozenset[int | None], chosen: tuple[int, ...]) -> None:
            # Steals that fit the rack together, on distinct lines: depth first, letters checked on the way.
            # Bounded: the deadline at every node, and at most MAX_COMBO_NODES nodes (a hint with a
            # 19-letter rack and 3 free thief lines spent 30 s here whatever its budget: 331,000 nodes).
            nonlocal found, visited
            visited += 1
            if visited > MAX_COMBO_NODES:
                raise OutOfTime
            if deadline is not None:
                deadline.check()
            if len(chosen) == free:
                combo = tuple(moves[i] for i in chosen)
                calls.append((_swing(passer, combo), lambda combo=combo: resolve(combo)))  # type: ignore[misc]
                found += 1
                if found > MAX_FILLING_CALLS:
                    raise OutOfTime  # too many calls to follow: the window is not settled
                return
            for i in range(start, len(moves)):
                move = moves[i]
                if move.kind == "extend" and move.line_index in lines:
                    continue
                if needs[i] - left:
                    continue
                combos(
                    i + 1, left - needs[i], lines | {move.line_index} if move.kind == "extend" else lines, (*chosen, i)
                )

        combos(0, rack, frozenset(), ())
    calls.sort(key=lambda c: -c[0])  # stable: the value Jarnac first on a tie
    yield from calls


def window_choices(
    lexicon: Lexicon,
    passer: Tray,
    thief: Tray,
    rules: Rules,
    formed_indexes: Sequence[int] = (),
    deadline: Deadline | None = None,
    value_pool_limit: int | None = None,
) -> list[WindowChoice]:
    """The thief's choices in a Jarnac window against ``passer``, each with where it leads (the module's
    end-game model): declining first, then the best call that leaves the thief a free line (by swing), then
    the calls that fill the thief's tray, largest swing first, as long as one could change the thief's
    preferred choice (:func:`preferred`; a call's final margin is at most the score right after it, since
    the passer may decline).

    The window is final when the passer's tray is full: declining ends the game. A call that fills the
    thief's tray opens the passer's final window against it (docs/rules.md#end-of-the-game), searched the same
    way (memoised, and cut where a reply cannot change the outcome); under
    ``rules.thief_keeps_turn_on_last_line`` the thief plays on instead (the game goes on). No draw is counted
    inside the exchange (none follows a Jarnac under the default rules). Raises ``OutOfTime`` when
    ``deadline`` passes (a Jarnac search unproven, or too many calls to follow).
    """
    memo: dict[tuple[Codes, ...], WindowChoice] = {}
    return _choices(lexicon, passer, thief, rules, tuple(formed_indexes), deadline, value_pool_limit, memo, True)[0]


_BIG = 1 << 20
"""Larger than any score difference: the levels of :func:`_rank` (a win, the game going on, a loss)."""


def _rank(choice: WindowChoice, top: bool) -> int:
    """:attr:`WindowChoice.key` as one number; below ``top`` every open choice ranks alike (only the outcome
    of a reply matters to the call it answers, not the score of a game that goes on)."""
    if choice.margin is None:
        return _BIG + (choice.score if top else 0)
    return 2 * _BIG + choice.margin if choice.margin > 0 else choice.margin


def _answered(reply: WindowChoice) -> int:
    """The rank (below the top) of a call, for its caller, once the passer's reply to it is ``reply``."""
    if reply.margin is None:
        return _BIG
    return 2 * _BIG - reply.margin if reply.margin < 0 else -reply.margin


def _choices(
    lexicon: Lexicon,
    passer: Tray,
    thief: Tray,
    rules: Rules,
    formed_indexes: Sequence[int],
    deadline: Deadline | None,
    value_pool_limit: int | None,
    memo: dict[tuple[Codes, ...], WindowChoice],
    top: bool,
    alpha: int | None = None,
) -> tuple[list[WindowChoice], bool]:
    """:func:`window_choices` as a search: the calls that can change the thief's preferred choice, and
    whether the list is complete for that (False: cut, because the caller, whose best so far ranks
    ``alpha``, will not take this call whatever else is found).

    A call's final margin is at most the score right after it (the passer may decline it), and calls come
    largest swing first: the first one that cannot beat the best choice ends the list. The replies are
    searched the same way, memoised when complete.
    """
    final = passer.free_lines(rules) == 0
    base = thief.score - passer.score
    choices = [WindowChoice(JarnacPlan(), base if final else None, base)]
    free = thief.free_lines(rules)
    if free == 0:
        return choices, True
    if final and not (rules.value_jarnac and formed_indexes) and not any_steal(lexicon, passer, rules, free, True):
        # Exact shortcut: against a full tray a steal can only extend a line (no place words), and none does
        # (the first-hit walks of best_jarnac's own shortcut, which for a full passer do not depend on the
        # thief's lines), so every search below finds no call: best_jarnac's and thief_best_call's plans are
        # empty and _filling_calls has no steal to combine. Declining is the only choice; the flag is the one
        # the search gives for it. Most final windows of a planner's end game (237 of 384 over 100 en
        # games): 50 en games 963M -> 956M instructions (cachegrind, -0.7%).
        keeps = rules.thief_keeps_turn_on_last_line  # that search returns before any cut
        return choices, keeps or not (alpha is not None and _cut(_rank(choices[0], top), alpha))
    if rules.thief_keeps_turn_on_last_line:
        # Every call leaves the thief to play on: the best one by swing.
        plan = thief_best_call(
            lexicon, passer, thief, rules, formed_indexes, value_pool_limit=value_pool_limit, budget=passed_on(deadline)
        )
        if not plan.exact:
            raise OutOfTime
        if plan:
            choices.append(WindowChoice(plan, None, base + plan.swing))
        return choices, True
    if free >= 2:
        # A call of fewer words than free lines: none reaches the thief's last line.
        plan = best_jarnac(
            lexicon,
            passer,
            free_lines=free - 1,
            rules=rules,
            formed_indexes=formed_indexes,
            thief_last_free=False,
            value_pool_limit=value_pool_limit,
            budget=passed_on(deadline),
        )
        if not plan.exact:
            raise OutOfTime
        if plan:
            choices.append(WindowChoice(plan, None, base + plan.swing))
    best = max(_rank(c, top) for c in choices)
    for swing, resolve in _filling_calls(lexicon, passer, thief, rules, formed_indexes, value_pool_limit, deadline):
        if alpha is not None and _cut(best, alpha):
            return choices, False
        if deadline is not None:
            deadline.check()
        bound = base + swing
        most = 2 * _BIG + bound if bound > 0 else _BIG + (bound if top else 0)
        if most <= best:
            break
        resolved = resolve()
        if resolved is None:
            continue
        plan, passer_after, thief_after = resolved
        # The passer's final window against the thief's full tray (no line of it formed "this turn").
        key = (*passer_after.line_codes, (-1,), tuple(sorted(passer_after.rack_codes)), (-2,), *thief_after.line_codes)
        key = (*key, tuple(sorted(thief_after.rack_codes)))
        reply = memo.get(key)
        if reply is None:
            replies, complete = _choices(
                lexicon, thief_after, passer_after, rules, (), deadline, value_pool_limit, memo, False, best
            )
            reply = max(replies, key=lambda c: _rank(c, False))
            if complete:
                memo[key] = reply
        choice = WindowChoice(plan, None if reply.margin is None else -reply.margin, base + plan.swing)
        choices.append(choice)
        best = max(best, _rank(choice, top))
    return choices, not (alpha is not None and _cut(best, alpha))


def _cut(best: int, alpha: int) -> bool:
    """Whether a reply whose best choice so far ranks ``best`` can stop: whatever better it finds for itself,
    the call it answers ranks at most ``alpha`` for the caller (a draw ranks low for both sides: a reply that
    has only a draw may still find the game going on)."""
    if best == 0:
        return alpha >= _BIG
    return _answered(WindowChoice(JarnacPlan(), _margin_of(best), 0)) <= alpha if best != _BIG else alpha >= _BIG


def _margin_of(rank: int) -> int | None:
    """The margin of a definite choice ranked ``rank`` below the top (see :func:`_rank`)."""
    return rank - 2 * _BIG if rank > _BIG else rank


_NO_CALL = JarnacPlan()
"""The empty plan (declining), made once: a frozen dataclass, equal to every other ``JarnacPlan()``."""


class FinalOutcome(NamedTuple):
    """What filling my last line leads to, by the end-game model (:func:`window_choices`)."""

    margin: int
    """My score less the opponent's: at the end when the game ends in the final window; when the opponent
    plays on (``open``), right after its call."""
    open: bool = False
    """The opponent's best answer keeps the game going: a call that leaves it a free line (it plays on)."""
    call: JarnacPlan = JarnacPlan()
    """The opponent's expected answer (empty: it declines)."""

    @property
    def wins(self) -> bool:
        """Finishing wins for certain: the game ends inside the exchange with me ahead."""
        return not self.open and self.margin > 0


def final_outcome(
    lexicon: Lexicon, full: Tray, opponent: Tray, rules: Rules, deadline: Deadline | None = None
) -> FinalOutcome:
    """Where filling my tray (``full``) leads: the opponent's best answer in its final window, and the margin.

    The opponent may decline (the game ends), call a Jarnac on the letters left on my rack (no draw follows
    the last word) that fills its own last line (then I may answer on its rack with the lines it took from
    me, and so on), or call one that leaves it a free line: it then plays on, and the game is ``open``.
    Raises ``OutOfTime`` when ``deadline`` passes (a margin decides the game's end: an unproven one is not
    given).
    """
    if full.free_lines(rules) == 0:
        free = opponent.free_lines(rules)
        if free == 0 or not any_steal(lexicon, full, rules, free, True):
            # Speed: _choices' own exact shortcuts for a full tray (the opponent has no free line, or no steal
            # from it at all: declining is its only choice, the margin the scores') taken before the window's
            # search is set up (its memo, choices, ranking): most of a planner's finishes weighed (~0.3% of a
            # planner game's instructions, en, 100 games).
            return FinalOutcome(full.score - opponent.score, False, _NO_CALL)
    choice = preferred(window_choices(lexicon, full, opponent, rules, (), deadline))
    if choice.margin is None:
        return FinalOutcome(-choice.score, True, choice.plan)
    return FinalOutcome(-choice.margin, False, choice.plan)


def final_margin(lexicon: Lexicon, full: Tray, opponent: Tray, rules: Rules, deadline: Deadline | None = None) -> int:
    """My score less the opponent's after I fill my last line (:func:`final_outcome`'s margin).

    Positive and not open (``final_outcome(...).wins``): finishing wins. When the opponent can keep the
    game going, the margin right after its call.
    """
    return final_outcome(lexicon, full, opponent, rules, deadline).margin


def pass_outcome(
    lexicon: Lexicon,
    me: Tray,
    opponent: Tray,
    rules: Rules,
    formed_indexes: Sequence[int] = (),
    deadline: Deadline | None = None,
) -> WindowChoice:
    """The opponent's answer to my pass now, by the end-game model (:func:`window_choices`), from its side:
    a ``margin`` > 0 is a call that ends the game with it ahead; ``None``, the game goes on (declining, or a
    call that leaves it a free line: ``plan``)."""
    return preferred(window_choices(lexicon, me, opponent, rules, formed_indexes, deadline))


def finish_wins(
    lexicon: Lexicon, end: Tray, opponent: Tray | None, rules: Rules, deadline: Deadline | None = None
) -> bool | None:
    """Whether a turn ending on the full tray ``end`` wins for certain (:func:`final_outcome`), for
    :func:`turn_value`; ``None``: the tray is not full, no opponent is known, or not settled by ``deadline``."""
    if opponent is None or end.free_lines(rules) != 0:
        return None
    if end.score <= opponent.score:
        return False  # the opponent's answer only lowers the margin
    try:
        # Searched only as far as settles it: any answer that does not leave me ahead at the end stops it.
        choices, _ = _choices(lexicon, end, opponent, rules, (), deadline, None, {}, False, 2 * _BIG)
    except OutOfTime:
        return None
    return _answered(max(choices, key=lambda c: _rank(c, False))) > 2 * _BIG
