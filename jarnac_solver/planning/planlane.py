"""The planner's compiled lane: a game between two planners played in C, from any position.

Key idea: outside its end game a game between two :class:`~jarnac_solver.play.players.PlannerPlayer` is
starts (draw, or exchange by the mean value of sampled racks), moves (the ladder and the candidates'
values), passes with no move left and declined Jarnac windows, and each of those decisions is already one
compiled call (:mod:`~jarnac_solver.planning.planout`); the Python around them -- views, trays, states, the
engine's checks, the samples' lists -- would be most of a game. ``Trie.selfplay_planner`` (``_planlane.c``)
plays the game on the compiled engine (``_engine.h``: counts changed in place, the rules of
:class:`~jarnac_solver.game.game.Game` step for step) with the choices of
:mod:`~jarnac_solver.planning.strategy` (``choose_start``, ``choose_move``,
``choose_jarnac``), the start's samples drawn by each player's own :class:`~jarnac_solver.rng.Pcg32` in C
(``_pcg32.h``, the same steps as ``Pcg32.sample``) and its state written back. It stops *before* what it
cannot decide exactly -- the end game (one free line: :mod:`~jarnac_solver.planning.endgame`), a Jarnac window
where a call may be possible, a decision the compiled planner hands back (a turn that fills the tray, a memo
past its limit), an opening the vowel rule redraws, the action limit -- and the actions it played are pushed
here through :meth:`Game.push` (the engine checks every draw); the caller plays the next action in Python and
asks the lane again. The same games, records and rng states either way (``tests/test_replay_proof.py`` replays
the lane's records; ``tests/test_planlane.py`` plays both ways over random lexicons and rules); the
pure-Python install plays every game the Python way.

A planner with a turn value learned from self-play (``planner-learned``, ``PlannerPlayer(evaluation=...)``,
the play-outs of ``sim-learned`` and ``sim-bounded``) plays here too: its weights are made for each decision
from the game's point as ``TurnEvaluation.weights_for`` makes them (the share of the tiles out of the bag,
the lines filled on each side), by the kernel from the evaluation's rows, the same doubles.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..budget import OutOfTime
from ..game.actions import Action, Decline, Draw, Exchange, Pass, Play
from ..game.game import VOWELS, Game, Played
from ..game.state import replaced_state
from ..lexicon.lexicon import Lexicon
from ..lexicon.tally import MAX_COUNT
from ..moves.move import Move
from ..moves.rules import Rules
from ..moves.tray import Tray
from ..rng import Pcg32
from .planout import move_constants

if TYPE_CHECKING:
    from .._speedups import PlannerKnobs, Trie
    from .learned_turn import TurnEvaluation
    from .strategy import Weights

    Knobs = Weights | tuple[Weights, TurnEvaluation]
    """A side's planner: fixed weights, or a learned turn value over base weights (TurnEvaluation.weights_at)."""

__all__ = ["advance", "knobs_of", "supported"]

_PHASES = {"opening": 0, "start": 1, "play": 2, "jarnac": 3}
"""The lane's phase codes (_planlane.c)."""
_PHASE_NAMES = {code: name for name, code in _PHASES.items()} | {4: "over"}
_RESULTS = {2: "the bag is empty and both players passed"}
"""The kernel's result codes: the engine's results of a declined window (game/turns.py)."""

_DRAW, _PASS, _DECLINE = Draw(), Pass(), Decline()

_Tables = tuple[
    "Trie",
    tuple[bytes, bytes, bytes, bytes, bytes, tuple[float, ...]],
    tuple[int, ...],
    tuple[int, int, tuple[tuple[int, int], ...]],
    tuple[int, int, int, int, int, bool, int, bool],
    bytes,
]
"""What :func:`_tables` makes: the trie and the arguments of ``Trie.selfplay_planner`` its lexicon and rules fix."""

_TABLES: dict[tuple[Lexicon, Rules], tuple[Lexicon, Rules, _Tables | None]] = {}


def _tables(lexicon: Lexicon, rules: Rules) -> _Tables | None:
    """What every call of the lane on ``lexicon`` under ``rules`` hands the kernel (the code tables, the depth
    starts, the node ranges, the rules, the vowel flags), made once per pair; ``None`` when the lane cannot play
    them: no compiled walk, tiles not one ASCII character each or not one a letter rank, more than 9 lines or
    32 ranks, or what ``planout.planned_move`` declines."""
    entry = _TABLES.get((lexicon, rules))
    if entry is not None:
        return entry[2]
    if len(_TABLES) >= 16:
        _TABLES.clear()
    made: _Tables | None = None
    constants = move_constants(lexicon, rules)
    alphabet = lexicon.alphabet
    tiles = alphabet.tiles
    ranks = lexicon.rank_of_code
    if (
        constants is not None
        and alphabet.single
        and all(len(t) == 1 and ord(t) < 128 for t in tiles)
        and len(set(ranks)) == len(ranks)
        and len(tiles) < 255
        and rules.lines <= 9
        and rules.line_length <= 9
        and len(constants[3]) <= 32
    ):
        trie, place_lo, place_hi, flags, starts, legal = constants
        by_char = bytearray(b"\xff" * 256)
        for code, tile in enumerate(tiles):
            by_char[ord(tile)] = code
        order = sorted(range(len(tiles)), key=tiles.__getitem__)
        sort_key = bytearray(len(tiles))
        for place, code in enumerate(order):
            sort_key[code] = place
        frequency = lexicon.letter_counts()
        total = sum(frequency.values()) or 1
        # _exchange_pool's first term, the same float: -count / total.
        useful = tuple(-frequency.get(tile, 0) / total for tile in tiles)
        vowels = bytes(tile in VOWELS for tile in tiles)
        code_tables = (bytes(ranks), bytes(range(len(tiles))), bytes(by_char), vowels, bytes(sort_key), useful)
        rule_ints = (
            rules.lines,
            rules.line_length,
            rules.min_length,
            rules.last_line_min_length,
            rules.opening_draw,
            rules.opening_vowel_rule,
            rules.exchange_size,
            rules.steal_place,
        )
        made = (trie, code_tables, starts, (place_lo, place_hi, legal), rule_ints, flags)
    _TABLES[(lexicon, rules)] = (lexicon, rules, made)
    return made


def supported(game: Game) -> bool:
    """Whether the lane plays ``game``'s rules on its lexicon: the compiled planner's tables (:func:`_tables`),
    no disputes, no value Jarnac (a call may follow any pass), no clock, not a game over the board, and a bag
    of at most ``MAX_COUNT`` of each tile (the engine's check, which the lane's byte counts do not make)."""
    rules = game.rules
    bag = game.bag
    return (
        not rules.disputes
        and not rules.value_jarnac
        and rules.think_seconds is None
        and not game.over_the_board
        and bag.most <= MAX_COUNT
        and _tables(game.lexicon, rules) is not None
    )


def _finishing(game: Game, me: Tray) -> bool:
    """Whether ``me`` to move is in the end game the lane hands back: one free line (or none) and a word for
    it on the rack (``best_finish`` has a finish to weigh: ``endgame.py``, in Python)."""
    free = me.free_lines(game.rules)
    if free > 1:
        return False
    if free < 1 or not me.rack_codes:
        return free < 1
    tables = _tables(game.lexicon, game.rules)
    assert tables is not None
    lo, hi = tables[3][2][min(me.next_line_index, game.rules.lines)]
    return tables[0].any_move(game.lexicon.rank_string(me.rack_codes), lo, hi, [])


def knobs_of(weights: Weights, evaluation: object = None) -> Knobs | None:
    """A side's planner as :func:`advance` takes it: ``weights`` alone (no ``evaluation``), or with the
    learned turn value ``evaluation`` whose weights the kernel makes at each decision
    (``TurnEvaluation.weights_at``, over ``weights``); ``None`` for an evaluation the kernel cannot follow (a
    subclass, or any other object: its ``weights_for`` may be anything), which plays the Python way."""
    from .learned_turn import TurnEvaluation

    if evaluation is None:
        return weights
    return (weights, evaluation) if type(evaluation) is TurnEvaluation else None


def _knobs(knobs: Knobs) -> PlannerKnobs:
    """A side's planner as the kernel reads it: the turn value's weights and the search's counts, and a
    learned value's rows (weight, by late, by race me, by race them), flattened."""
    weights, evaluation = knobs if isinstance(knobs, tuple) else (knobs, None)
    fixed = (
        (weights.line, weights.draw, weights.leave, weights.win, weights.gain, weights.rack, weights.vowel),
        (weights.candidates, weights.start_samples, weights.start_pool),
    )
    if evaluation is None:
        return fixed
    return (*fixed, tuple(x for row in evaluation.rows for x in row))


def advance(
    game: Game,
    weights: tuple[Knobs, Knobs],
    rngs: tuple[Pcg32, Pcg32],
    max_actions: int,
    undo: bool = True,
    until_turn: int | None = None,
) -> int:
    """Play ``game`` (:func:`supported`) on in C between two planners with these ``weights`` (each side's
    weights, or its base weights and a learned turn value) and ``rngs`` (the players' own, changed as the
    Python planner changes them) up to the first action the lane hands back, or
    the game's end; the actions are pushed on ``game``. Returns how many; 0 when the position is not one the
    lane plays (a final window, a thief keeping the turn, a tray with a gap, a bonus owed) or it hands back
    the very next action. ``undo``: each action pushed through the engine (which checks it, and can pop it);
    else the actions and the table they lead to are written on ``game`` directly (:func:`_write`), the
    same state, but they cannot be undone. ``until_turn``: stop at the start of that turn (a play-out's
    horizon). ``rngs`` may be one generator twice (a play-out's two sides share one).
    """
    s = game.state
    phase = _PHASES.get(s.phase)
    if (
        phase is None
        # A move in the end game with a word for the last line is handed back at once: not asked (a lane
        # call's set-up for nothing).
        or (phase == 2 and _finishing(game, s.trays[s.to_act]))
        or s.final
        or s.keeping
        or s.bonus != (0, 0)
        or s.disputed is not None
        or any(() in tray.line_codes for tray in s.trays)
        or len(game.actions) >= max_actions
    ):
        return 0
    tables = _tables(game.lexicon, game.rules)
    assert tables is not None
    trie, code_tables, starts, ranges, rule_ints, flags = tables
    seed, n = game.seed, game.rules.exchange_size

    def positions(ply: int, size: int) -> list[int]:
        # An exchange's re-insertion (game/turns.py): Pcg32(f"{seed}:{ply}"), one position a letter as the bag grows.
        rng = Pcg32(f"{seed}:{ply}")
        out = [rng.randrange(size + 1 + i) for i in range(n)]
        return out

    a, b = ((bytes(tray.rack_codes), tuple(w.encode("ascii") for w in tray.lines)) for tray in s.trays)
    until = -1 if until_turn is None else until_turn
    state = (phase, s.to_act, s.player, s.idle_passes, s.opened[0], s.opened[1], s.ply, s.turn, until)
    result, raw, end = trie.selfplay_planner(
        bytes(s.bag),
        code_tables,
        starts,
        ranges,
        rule_ints,
        state,
        (a, b),
        (_knobs(weights[0]), _knobs(weights[1])),
        rngs,
        positions,
        flags,
        OutOfTime,
        max_actions - len(game.actions),
    )
    alphabet = game.alphabet
    word = trie.word
    decode = alphabet.decode
    lines = [list(tray.lines) for tray in s.trays]
    formed = set(s.formed_indexes)
    played: list[Played] = []
    if not undo:
        if raw:
            _decoded(game, word, raw, lines, formed, played)
            _write(game, played, end, lines, formed, result, code_tables[2])
        return len(raw)
    for who, kind, line, number, drawn, put in raw:
        action: Action
        if kind == 0:
            action = _DRAW
        elif kind == 1:
            # The letters added as the kernel sorted them: added_letters' for one-character tiles (the lane's).
            old, new = lines[who][line], word(number)
            action = Play(tuple.__new__(Move, ("extend", line, old, new, put.decode("ascii"))))
            lines[who][line] = new
            formed.add(line)
        elif kind == 2:
            new = word(number)
            action = Play(tuple.__new__(Move, ("place", None, None, new, put.decode("ascii"))))
            formed.add(len(lines[who]))
            lines[who].append(new)
        elif kind == 5:
            action = Exchange(alphabet.write([alphabet.tiles[c] for c in put]))
        else:
            action = _PASS if kind == 3 else _DECLINE
            if kind == 4:
                formed.clear()  # the next turn begins (or the game ends: its formed lines are never read again)
        game.push(action, who)
        if game.actions[-1].drawn != tuple(drawn):  # the engine checks the lane's game as it replays it
            raise RuntimeError(
                f"the planner's lane and the engine disagree at action {len(game.actions)} ({action}): "
                f"drew {decode(drawn)!r}, the engine {decode(game.actions[-1].drawn)!r}"
            )
    return len(raw)


def _decoded(
    game: Game,
    word: Callable[[int], str],
    raw: list[tuple[int, int, int, int, bytes, bytes]],
    lines: list[list[str]],
    formed: set[int],
    played: list[Played],
) -> None:
    """The lane's actions (``word``: the trie's words by number) as :meth:`Game.push` records them
    (:class:`Played`: who, the action, what it drew and for whom), appended to ``played``, with ``lines``
    and ``formed`` brought up to date: the loop of :func:`advance` with ``undo`` on, its actions made
    alike, for :func:`_write`.

    One branch a kind, each action's record made at once, the constants looked up once: one loop serving the
    engine's path too would look up the rules and test ``undo`` at every action (~130 actions a game: ~0.3% of
    a planner game's instructions in the lane, en, 100 games)."""
    alphabet = game.alphabet
    full = game.rules.lines
    append = played.append
    make = tuple.__new__
    # A pass or a decline draws nothing and names no drawer: the same record each time for each player, made
    # once (a named tuple, immutable; ~2 in 5 of the lane's actions: ~0.3% of a planner game's instructions, en).
    idle = {
        (kind, who): make(Played, (who, action, (), None))
        for kind, action in ((3, _PASS), (4, _DECLINE))
        for who in (0, 1)
    }
    for who, kind, line, number, drawn, put in raw:
        if kind == 0:
            append(make(Played, (who, _DRAW, tuple(drawn), who)))
        elif kind == 1:
            # The letters added as the kernel sorted them: added_letters' for one-character tiles (the lane's).
            mine = lines[who]
            old, new = mine[line], word(number)
            mine[line] = new
            formed.add(line)
            move = make(Move, ("extend", line, old, new, put.decode("ascii")))
            # The word that fills the tray draws nothing (game/turns.py, after a word): no drawer then.
            drawer = who if drawn or len(mine) != full else None
            append(make(Played, (who, Play(move), tuple(drawn), drawer)))
        elif kind == 2:
            mine = lines[who]
            new = word(number)
            formed.add(len(mine))
            mine.append(new)
            move = make(Move, ("place", None, None, new, put.decode("ascii")))
            drawer = who if drawn or len(mine) != full else None
            append(make(Played, (who, Play(move), tuple(drawn), drawer)))
        elif kind == 5:
            action = Exchange(alphabet.write([alphabet.tiles[c] for c in put]))
            append(make(Played, (who, action, tuple(drawn), who)))
        else:
            if kind == 4:
                formed.clear()  # the next turn begins (or the game ends: its formed lines are never read again)
            append(
                idle[kind, who]
                if not drawn
                else make(Played, (who, _PASS if kind == 3 else _DECLINE, tuple(drawn), None))
            )


def _write(
    game: Game,
    played: list[Played],
    end: tuple[bytes, bytes, bytes, int, int, int, int, bool, bool, bool, int],
    lines: list[list[str]],
    formed: set[int],
    result: int,
    by_char: bytes,
) -> None:
    """The lane's actions and the table they lead to written on ``game`` as :meth:`Game.push` would leave them
    (the same state, the same played actions), without the states in between: the game cannot undo them.

    Why: the engine's push of every action (its checks, a tray and a state made an action) would be ~2/5 of a
    game in the lane; a game of play_game's own, or a play-out, never undoes them."""
    bag, rack_a, rack_b, phase, to_act, player, idle, opened_a, opened_b, final, turns = end
    alphabet = game.alphabet
    s = game.state
    # A line the lane left as it was keeps its codes; a word it formed is coded by one translate of its ASCII
    # text through the lane's own table (_tables: a tile's character -> its code; every tile is one ASCII
    # character, and a lane word is made of tiles): alphabet.encode, folding and cutting each of the trays'
    # words at every call, would be ~1.5% of a planner game's instructions (en, 100 games: 26M of 1.77G).
    a, b = (
        Tray.trusted(
            tuple(
                old.line_codes[i]
                if i < len(old.lines) and old.lines[i] == w
                else tuple(w.encode("ascii").translate(by_char))
                for i, w in enumerate(words)
            ),
            tuple(rack),
            alphabet,
            tuple(words),
        )
        for old, words, rack in zip(s.trays, lines, (rack_a, rack_b), strict=True)
    )
    game.actions.extend(played)
    game.state = replaced_state(  # the engine's own, ~2x cheaper than the named tuple's _replace
        s,
        trays=(a, b),
        bag=tuple(bag),
        to_act=to_act,
        phase=_PHASE_NAMES[phase],
        turn=s.turn + turns,
        player=player,
        opened=(opened_a, opened_b),
        formed_indexes=tuple(sorted(formed)),
        final=final,
        idle_passes=idle,
        ply=s.ply + len(played),
        result=_RESULTS.get(result, ""),
    )
