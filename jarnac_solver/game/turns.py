"""The steps of a turn: each action's effect on a position, as functions of the game's table and state.

:func:`step` takes a :class:`~jarnac_solver.game.table.Table`, the state before the action, the action, the
action's :class:`~jarnac_solver.game.draws.Draws` (what it draws and for whom) and the game's seed, and returns
the state after it, or raises :class:`~jarnac_solver.errors.IllegalActionError` with the state untouched (states
are immutable). The engine (:class:`~jarnac_solver.game.game.Game`) stacks the states; these functions hold the
rules of each step: the opening draw and its vowel rule, the start's draw or exchange, a word and the draw after
it, a pass, the Jarnac window (declined or called) and the dispute of the competitive rules
(docs/rules.md).

Where tiles go back into the bag (an exchange, the opening vowel rule) the positions come from a generator
seeded with the text ``"{seed}:{ply}"`` (docs/rules.md#the-draws-generator).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import IllegalActionError, IllegalMoveError
from ..messages import Reason
from ..moves.movegen import played
from ..moves.steals import seat, seating
from ..moves.tray import Tray, tiles_without
from ..rng import Pcg32
from .actions import Accept, Action, CallJarnac, Decline, Dispute, Draw, Exchange, Pass, Play, action_tiles
from .calls import resolve_call
from .draws import Draws
from .state import GameState, replaced_state
from .table import Table

__all__ = ["step"]


def step(table: Table, s: GameState, action: Action, draws: Draws, seed: int) -> GameState:
    """The state after ``action`` at ``s``; what it draws is written on ``draws``. The state's ``ply`` is
    the caller's to advance. :class:`IllegalActionError` says why the action is not legal now.

    >>> from jarnac_solver import Game, Lexicon
    >>> game = Game(Lexicon.load("fr"), seed=1)
    >>> draws = Draws()
    >>> after = step(game.table, game.state, Draw(), draws, game.seed)
    >>> after.phase, len(draws.codes), game.state.phase
    ('play', 6, 'opening')
    """
    handler = _HANDLERS.get(type(action))  # exact types: a subclass of an action is no action
    if handler is None:
        raise IllegalActionError(f"not an action: {action!r}")
    return handler(table, s, action, draws, seed)


def _expect(s: GameState, *phases: str, action: Action) -> GameState:
    if s.phase not in phases:
        values: dict[str, str | Reason] = {"action": str(action), "player": "AB"[s.to_act]}
        values["phase"] = Reason(f"phase_{s.phase}")
        raise IllegalActionError(Reason("error_not_possible_now", values))
    return s


def _rng(seed: int, s: GameState) -> Pcg32:
    """The generator of this action's re-insertions (docs/rules.md#the-draws-generator)."""
    return Pcg32(f"{seed}:{s.ply}")


def _with_tray(s: GameState, who: int, tray: Tray, **changes: object) -> GameState:
    trays = (tray, s.trays[1]) if who == 0 else (s.trays[0], tray)
    return replaced_state(s, trays=trays, **changes)


def _draw_n(
    table: Table, s: GameState, who: int, n: int, draws: Draws, tray: Tray | None = None, **changes: object
) -> GameState:
    """``who`` draws ``n`` letters (plus any bonus owed) onto ``tray`` (default: its tray in ``s``);
    ``changes``: the state's other changes, made in the same new state (one state an action, not
    three: ~4 us an action)."""
    n += s.bonus[who]
    if draws.given is None:
        # Drawn from the end, last tile first: two slices of the bag's tuple, no list of it.
        k = min(n, len(s.bag))
        left = len(s.bag) - k
        taken = s.bag[left:][::-1]
        bag = s.bag[:left]
        draws.codes.extend(taken)
        draws.who = who
    else:
        drawing = list(s.bag)
        taken = tuple(draws.take(drawing, min(n, len(drawing)), who, table.alphabet))
        bag = tuple(drawing)
    if tray is None:
        tray = s.trays[who]
    new_tray = tray.with_rack(tray.rack_codes + taken)
    # The new state made at once, the caller's changes with the draw's (no state between).
    drawn = {
        "trays": (new_tray, s.trays[1]) if who == 0 else (s.trays[0], new_tray),
        "bag": bag,
        "bonus": (0, s.bonus[1]) if who == 0 else (s.bonus[0], 0),
    }
    return replaced_state(s, **(drawn | changes))


def _draw(table: Table, s: GameState, action: Draw, draws: Draws, seed: int) -> GameState:
    _expect(s, "opening", "start", action=action)
    who = s.to_act
    if s.phase == "start":
        return _draw_n(table, s, who, 1, draws, phase="play")
    rules = table.rules
    bag = list(s.bag)
    n = min(rules.opening_draw + s.bonus[who], len(bag))
    vowels = table.vowels
    if draws.given is not None:
        taken = draws.take(bag, n, who, table.alphabet)
        if rules.opening_vowel_rule and taken and not vowels.intersection(taken) and vowels.intersection(bag):
            raise IllegalActionError("the opening draw holds no vowel, but the rules redraw until one comes")
    else:
        taken = [bag.pop() for _ in range(n)]
        if rules.opening_vowel_rule and taken:
            rng = _rng(seed, s)
            # Six consonants: the last one drawn goes back, until a vowel comes (docs/rules.md#opening-vowel-rule).
            while not vowels.intersection(taken) and vowels.intersection(bag):
                back = taken.pop()
                bag.insert(rng.randrange(len(bag) + 1), back)
                taken.append(bag.pop())
        draws.codes.extend(taken)
        draws.who = who
    tray = s.trays[who]
    new_tray = tray.with_rack(tray.rack_codes + tuple(taken))
    bonus = (0, s.bonus[1]) if who == 0 else (s.bonus[0], 0)
    opened = (True, s.opened[1]) if who == 0 else (s.opened[0], True)
    return _with_tray(s, who, new_tray, bag=tuple(bag), bonus=bonus, opened=opened, phase="play")


def _exchange(table: Table, s: GameState, action: Exchange, draws: Draws, seed: int) -> GameState:
    _expect(s, "start", action=action)
    n = table.rules.exchange_size
    tray = s.trays[s.to_act]
    letters = action_tiles(table.alphabet, action.letters, "exchange")
    if len(tray.rack_codes) < n:
        raise IllegalActionError(f"an exchange puts back exactly {n} letters; the rack holds {len(tray.rack_codes)}")
    if len(letters) != n:
        raise IllegalActionError(Reason("error_exchange_size", {"n": n, "given": len(letters)}))
    kept = tiles_without(tray.rack_codes, letters)  # the rack less one of each letter put back, or None
    if kept is None:
        raise IllegalActionError(Reason("error_exchange_lacks", {"letters": action.letters, "rack": tray.rack}))
    if len(s.bag) < n:
        raise IllegalActionError(f"the bag holds {len(s.bag)} letters: no exchange of {n}")
    bag = list(s.bag)
    taken = draws.take(bag, min(n + s.bonus[s.to_act], len(bag)), s.to_act, table.alphabet)
    rng = _rng(seed, s)
    for code in letters:
        bag.insert(rng.randrange(len(bag) + 1), code)
    new_tray = tray.with_rack((*kept, *taken))
    bonus = (0, s.bonus[1]) if s.to_act == 0 else (s.bonus[0], 0)
    return _with_tray(s, s.to_act, new_tray, bag=tuple(bag), bonus=bonus, phase="play")


def _play(table: Table, s: GameState, action: Play, draws: Draws, seed: int) -> GameState:
    _expect(s, "play", action=action)
    rules = table.rules
    who = s.to_act
    tray = s.trays[who]
    try:
        # Under the competitive rules a word outside the lexicon may be
        # played: the dispute is what checks it.
        after, line = played(tray, action.move, rules, None if rules.disputes else table.lexicon)
    except IllegalMoveError as exc:
        raise IllegalActionError(exc.reason or str(exc)) from None
    formed = tuple(sorted(set(s.formed_indexes) | {line}))
    if rules.disputes:
        return _with_tray(
            s,
            who,
            after,
            formed_indexes=formed,
            idle_passes=0,
            phase="dispute",
            to_act=1 - who,
            disputed=(action.move, tray, s.formed_indexes),
        )
    return _after_word(table, s, who, 1, draws, after, formed_indexes=formed, idle_passes=0)


def _after_word(
    table: Table, s: GameState, who: int, n: int, draws: Draws, tray: Tray | None = None, **changes: object
) -> GameState:
    """After ``who`` formed a word (its tray now ``tray``, default: its tray in ``s``; ``changes``
    the state's other changes): draw ``n`` and play on, or, on a full tray, the final window.

    No draw follows the word that fills the tray (docs/rules.md#end-of-the-game): the final Jarnac sees
    only the letters the player held.
    """
    if tray is None:
        tray = s.trays[who]
    if tray.free_lines(table.rules) == 0 and not s.keeping:
        return _with_tray(s, who, tray, phase="jarnac", to_act=1 - who, player=who, final=True, **changes)
    return _draw_n(table, s, who, n, draws, tray, phase="play", to_act=who, player=who, **changes)


def _pass(table: Table, s: GameState, action: Pass, draws: Draws, seed: int) -> GameState:
    _expect(s, "play", action=action)
    idle = s.idle_passes + 1 if not s.bag else 0
    # A thief that kept the turn on a full tray (docs/rules.md#thief-keeps-the-turn) passes into a final window.
    return replaced_state(
        s, phase="jarnac", to_act=1 - s.to_act, player=s.to_act, final=s.keeping, keeping=False, idle_passes=idle
    )


def _next_turn(s: GameState, who: int) -> GameState:
    """``who`` begins a turn (its opening draw if it has not drawn yet)."""
    phase = "start" if s.opened[who] else "opening"
    return replaced_state(
        s, phase=phase, to_act=who, player=who, turn=s.turn + 1, formed_indexes=(), final=False, keeping=False
    )


def _decline(table: Table, s: GameState, action: Decline, draws: Draws, seed: int) -> GameState:
    _expect(s, "jarnac", action=action)
    if s.final:
        return replaced_state(s, phase="over", result="a full tray, no Jarnac against it")
    if s.idle_passes >= 2:
        return replaced_state(s, phase="over", result="the bag is empty and both players passed")
    return _next_turn(s, s.to_act)


def _call(table: Table, s: GameState, action: CallJarnac, draws: Draws, seed: int) -> GameState:
    _expect(s, "jarnac", action=action)
    rules = table.rules
    try:
        new_passer, words = resolve_call(table, s, action)
    except IllegalActionError as exc:
        raise IllegalActionError(f"{action}: {exc}") from None
    thief_id = s.to_act
    thief = s.trays[thief_id]
    new_thief = seat(thief, seating(thief, words, rules))  # docs/rules.md#seating
    trays = (new_thief, new_passer) if thief_id == 0 else (new_passer, new_thief)
    s2 = replaced_state(s, trays=trays, idle_passes=0)
    if rules.thief_draws:
        s2 = _draw_n(table, s2, thief_id, len(words), draws)
    if new_thief.free_lines(rules) == 0:
        if rules.thief_keeps_turn_on_last_line:
            # The thief keeps the turn, drawing one letter a word, until it passes
            # (docs/rules.md#thief-keeps-the-turn).
            return replaced_state(
                s2, phase="play", to_act=thief_id, player=thief_id, turn=s.turn + 1, formed_indexes=(), keeping=True
            )
        # A final Jarnac that fills the thief's last line ends it for the thief, subject to a Jarnac.
        return replaced_state(s2, phase="jarnac", to_act=s.player, player=thief_id, final=True, formed_indexes=())
    return _next_turn(s2, thief_id)


def _dispute(table: Table, s: GameState, action: Dispute, draws: Draws, seed: int) -> GameState:
    _expect(s, "dispute", action=action)
    if s.disputed is None:  # the dispute phase always holds its word: a state made by hand may not
        raise IllegalActionError("no word is under dispute")
    move, before, formed = s.disputed
    mover = 1 - s.to_act
    challenger = s.to_act
    bonus = list(s.bonus)
    bonus[challenger] += 1  # either way the challenger draws one more at its next draw
    s2 = replaced_state(s, bonus=(bonus[0], bonus[1]), disputed=None)
    if move.word in table.lexicon:
        # The word stands: the disputed player draws 2 and plays on.
        return _after_word(table, s2, mover, 2, draws)
    # The word is not valid: it is taken back (and is no line formed this
    # turn); the turn passes to the challenger, who may call Jarnac.
    s3 = _with_tray(s2, mover, before, formed_indexes=formed)
    return replaced_state(s3, phase="jarnac", to_act=challenger, player=mover, final=False)


def _accept(table: Table, s: GameState, action: Accept, draws: Draws, seed: int) -> GameState:
    _expect(s, "dispute", action=action)
    mover = 1 - s.to_act
    return _after_word(table, replaced_state(s, disputed=None), mover, 1, draws)


_HANDLERS: dict[type, Callable[[Table, GameState, Any, Draws, int], GameState]] = {
    Draw: _draw,
    Exchange: _exchange,
    Play: _play,
    Pass: _pass,
    CallJarnac: _call,
    Decline: _decline,
    Dispute: _dispute,
    Accept: _accept,
}
"""Each action type's step."""
