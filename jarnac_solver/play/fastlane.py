"""play_game's compiled lane: a game between two greedy players played in C.

Key idea: between two greedy players a game is draws, plays, passes and
declined Jarnacs, each decision the walks of one tray; in Python the engine
around those walks (actions checked, states made, trays built) is ~4/5 of a
game. ``Trie.selfplay_greedy`` (``_selfplay.c``) plays the game on the
compiled engine (``_engine.h``: counts changed in place, the rules of
:class:`~jarnac_solver.game.game.Game` step for step) with the choice of
:class:`~jarnac_solver.play.players.GreedyPlayer`,
and hands back what it cannot decide exactly: a Jarnac window where the
passer holds a move (the best call is ``best_jarnac``'s, in Python), an
opening the vowel rule redraws (Python's seeded random), the action limit.
Those games are replayed here through :meth:`Game.push` up to that point and
play on in Python. The same games and records either way: the lane's records
replay through the engine and its audit (``tests/test_replay_proof.py``), a
twin test plays both ways on random lexicons and rules, and the pure-Python
install (no C) plays every game the Python way.
"""

from __future__ import annotations

import sys

from ..game.actions import Action, Decline, Draw, Pass, Play
from ..game.game import Game
from ..game.record import GameRecord, bag_text
from ..lexicon.tally import MAX_COUNT
from ..moves.move import Move, added_letters

__all__ = ["greedy_game", "supported"]

_RESULTS = {1: "a full tray, no Jarnac against it", 2: "the bag is empty and both players passed"}
"""The kernel's result codes: the engine's results of a declined window (game/turns.py)."""

_DRAW, _PASS, _DECLINE = Draw(), Pass(), Decline()


def supported(game: Game) -> bool:
    """Whether the kernel plays ``game``'s rules on its lexicon: the compiled walk, no disputes (the
    dispute phase), no value Jarnac (a call may follow any pass), no clock, a fresh seeded game, and a
    bag of at most ``MAX_COUNT`` of each tile (the engine refuses a tray holding more, by the move
    layer's check; the kernel counts tiles in bytes and has no such check)."""
    rules = game.rules
    bag = game.bag
    return (
        game.lexicon.index.trie is not None
        and not rules.disputes
        and not rules.value_jarnac
        and rules.think_seconds is None
        and not game.actions
        and not game.over_the_board
        and len(game.alphabet) < 256
        and max(map(bag.__getitem__, bag)) <= MAX_COUNT
    )


def greedy_game(game: Game, players: tuple[str, str], max_actions: int) -> GameRecord | None:
    """Play ``game`` (fresh, :func:`supported`) between two greedy players in C: its record when the kernel
    played it to the end; else ``None``, the actions it played pushed on ``game``, for the caller to play on.
    """
    lexicon, alphabet = game.lexicon, game.alphabet
    trie = lexicon.index.trie
    assert trie is not None
    rules = game.rules
    ranks = bytes(lexicon.rank_of_code)
    vowels = bytes(code in game.table.vowels for code in range(len(alphabet)))
    result, scores, raw = trie.selfplay_greedy(
        bytes(game.state.bag),
        ranks,
        vowels,
        tuple(lexicon.index.depth_starts),
        (
            rules.lines,
            rules.line_length,
            rules.min_length,
            rules.last_line_min_length,
            rules.opening_draw,
            rules.opening_vowel_rule,
        ),
        min(max_actions, sys.maxsize),  # a limit past any machine's size is no limit
    )
    word = trie.word
    decode = alphabet.decode
    lines: tuple[list[str], list[str]] = ([], [])
    if result:
        # Finished in C: the record's lines written straight from the kernel's actions (no Action object).
        actions: list[tuple[int, str, str]] = []
        for who, kind, line, number, drawn in raw:
            if kind == 0:
                text = "draw"
            elif kind == 1:
                old, new = lines[who][line], word(number)
                text = f"{line + 1}:{old}+{added_letters(old, new, alphabet)}={new}"
                lines[who][line] = new
            elif kind == 2:
                new = word(number)
                text = f"+{new}"
                lines[who].append(new)
            else:
                text = "pass" if kind == 3 else "decline"
            actions.append((who, text, decode(drawn) if drawn else ""))
        bag = bag_text(game.bag)
        record = GameRecord(lexicon.name, rules, game.seed, bag, players, actions, scores, _RESULTS[result])
        record.commitment = game.commitment or ""
        return record
    for who, kind, line, number, drawn in raw:
        action: Action
        if kind == 0:
            action = _DRAW
        elif kind == 1:
            old, new = lines[who][line], word(number)
            action = Play(Move("extend", line, old, new, added_letters(old, new, alphabet)))
            lines[who][line] = new
        elif kind == 2:
            new = word(number)
            action = Play(Move("place", None, None, new, added_letters("", new, alphabet)))
            lines[who].append(new)
        else:
            action = _PASS if kind == 3 else _DECLINE
        game.push(action, who)
        if game.actions[-1].drawn != tuple(drawn):  # the engine checks the kernel's game as it replays it
            raise RuntimeError(
                f"the self-play kernel and the engine disagree at action {len(game.actions)} ({action}): "
                f"drew {alphabet.decode(drawn)!r}, the engine {alphabet.decode(game.actions[-1].drawn)!r}"
            )
    return None
