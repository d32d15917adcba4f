"""A game as a record writes it: each action's notation and draw (:func:`written_actions`), the bag by name
or distribution (:func:`bag_text`); fast, because every game the planner's lane plays is written as a record.
"""

from __future__ import annotations

import functools

from ..lexicon.alphabet import Alphabet
from ..lexicon.bag import BAGS, Bag
from .actions import Decline, Draw, Pass, Play
from .game import Game, Played

__all__ = ["bag_text", "written_actions"]


_FIXED_TEXTS: dict[type, str] = {Draw: "draw", Pass: "pass", Decline: "decline"}
"""The notation of the actions without fields (``str`` of each is a constant)."""

_DRAWN_TEXTS: dict[Alphabet, tuple[Alphabet, dict[tuple[int, ...], str]]] = {}


def written_actions(game: Game) -> list[tuple[int, str, str]]:
    """``game``'s actions as a record holds them: (player, notation, :meth:`Game.drawn_text`).

    With one-character tiles the draws' texts are kept per alphabet (a game's ~140 draws are of 0, 1 or 3 tiles,
    the same few hundred tuples game after game) and the field-less actions' notation is a constant: each
    action's ``decode`` and ``str`` made again would be ~2/3 of ``GameRecord.of``, a record being written for
    every game of the planner's lane (timeit over 50 en games' records: 0.016 s a 100 games, twice that
    otherwise)."""
    alphabet = game.alphabet
    actions: list[Played] = game.actions
    if not alphabet.single:
        return [(played.player, str(played.action), game.drawn_text(played)) for played in actions]
    entry = _DRAWN_TEXTS.get(alphabet)
    if entry is None:
        if len(_DRAWN_TEXTS) >= 16:
            _DRAWN_TEXTS.clear()
        entry = _DRAWN_TEXTS[alphabet] = (alphabet, {})
    texts = entry[1]
    if len(texts) > 4096:  # bounded: an opening's draws of six tiles are new most games
        texts.clear()
    decode = alphabet.decode
    fixed = _FIXED_TEXTS.get
    out: list[tuple[int, str, str]] = []
    for player, action, drawn, drawer in actions:
        text = texts.get(drawn)
        if text is None:
            text = texts[drawn] = decode(drawn)
        if drawer is not None and drawer != player and text:
            text = f"{'AB'[drawer]}:{text}"  # as Game.drawn_text writes it
        kind = type(action)
        if kind is Play:
            # Move.__str__ written here for a well-formed move (a game's moves passed the engine: a line index
            # is an int), without the two calls of str(Play) -> str(Move): a third of a game's actions are
            # words (~0.6% of a planner game's instructions, en, 100 games: 10M of 1.77G).
            move = action.move  # type: ignore[union-attr]
            line = move.line_index
            if move.kind == "place":
                notation = f"+{move.word}"
            elif type(line) is int:
                notation = f"{line + 1}:{move.old}+{move.letters}={move.word}"
            else:
                notation = str(action)
        else:
            notation = fixed(kind) or str(action)
        out.append((player, notation, text))
    return out


def bag_text(bag: Bag) -> str:
    """How a record writes ``bag``: a built-in bag by its name (``[Bag "fr"]``), any other as its distribution.

    >>> bag_text(Bag.load("fr")), bag_text(Bag.parse("3A 2B 2R 2T"))
    ('fr', '3A 2B 2R 2T')
    """
    text = str(bag)
    return bag.name if bag.name in BAGS and text == _builtin_text(bag.name) else text


@functools.cache
def _builtin_text(name: str) -> str:
    """A built-in bag's text, made once. Speed: ``Bag.load`` parses it (~0.2 ms, ~4% of a game in the planner's
    lane, where every record is written); a built-in bag never changes."""
    return str(Bag.load(name))
