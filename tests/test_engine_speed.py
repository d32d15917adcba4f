"""The engine's speed work changes no game: pinned records and answers of a fixed list of seeds.

The pins (``tests/data/engine_pins.json``) were made by the engine as it was
before the engine's speed work (push/pop with undo records, trays as
counts, the one-walk move generation, the compiled best Jarnac), on a fixed
word list of 14,000 French words kept in ``tests/data/engine_words.txt`` (the
bundled lexicons are regenerated from time to time; this list is not).
Each game's record text is hashed (SHA-256); a changed game names its seed.
Regenerate only for a deliberate change of behaviour:

    python -m tests.test_engine_speed --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from jarnac_solver import Bag, IllegalMoveError, Lexicon, Move, Rules, Tray, best_jarnac, legal_moves, native
from jarnac_solver.game.game import GameState
from jarnac_solver.game.view import TableState
from jarnac_solver.lexicon.bag import BAGS
from jarnac_solver.moves import movegen
from jarnac_solver.play.players import play_game

DATA = Path(__file__).resolve().parent / "data"
WORDS = DATA / "engine_words.txt"
PINS = DATA / "engine_pins.json"


GAMES: list[tuple[str, str, str, int]] = (
    [("sheet", "greedy", "greedy", seed) for seed in range(20)]
    + [("sheet", "planner", "ladder", seed) for seed in range(5)]
    + [("sheet", "sloppy", "greedy", seed) for seed in range(4)]
    + [("english", "sloppy", "greedy", seed) for seed in range(4)]  # value Jarnacs
    + [("competitive", "sloppy", "planner", seed) for seed in range(2)]  # accept/dispute, keeping the turn
    + [("multilingual", "cautious", "sloppy", seed) for seed in range(3)]
)
"""(rules preset, player A, player B, seed): the games pinned."""

PURE_GAMES = [GAMES[0], GAMES[1], GAMES[20], GAMES[25], GAMES[29]]
"""The games the pure path replays too (the same records as the compiled path)."""


def _rules(name: str) -> Rules:
    rules = Rules.preset(name)
    return rules.replace(think_seconds=None) if rules.think_seconds else rules  # no clock: no times in records


@cache
def _lexicon(implementation: str) -> Lexicon:
    with native.implementation(implementation):
        return Lexicon.from_words(WORDS.read_text().split())


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _record(lex: Lexicon, game: tuple[str, str, str, int]) -> str:
    rules, a, b, seed = game
    text = str(play_game(lex, [a, b], _rules(rules), seed=seed, bag=Bag.load("fr")))
    # The pins were made when a record wrote its built-in bag as its distribution; it now writes its name.
    return text.replace('[Bag "fr"]', f"[Bag {json.dumps(BAGS['fr'])}]")


def _trays(lex: Lexicon, n: int) -> list[Tray]:
    """Mid-game trays (3 to 6 lines of 3-7 letters, a rack of 4-9 tiles) drawn from the fr bag."""
    rng = random.Random(32)
    tiles = Bag.load("fr").tiles()
    words = [w for w in lex if 3 <= len(w) <= 7]
    trays: list[Tray] = []
    while len(trays) < n:
        bag = Counter(tiles)
        lines: list[str] = []
        for _ in range(rng.randint(0, 6)):
            word = rng.choice(words)
            if not Counter(word) - bag:
                bag.subtract(word)
                lines.append(word)
        trays.append(Tray(lines, "".join(rng.sample(list(bag.elements()), rng.randint(1, 9)))))
    return trays


def _answers(lex: Lexicon) -> str:
    """Every legal move and the best Jarnac (both objectives) of the pinned trays, as text."""
    out = []
    for tray in _trays(lex, 150):
        moves = " ".join(map(str, legal_moves(lex, tray)))
        swing = best_jarnac(lex, tray)
        gain = best_jarnac(lex, tray, free_lines=2, objective="gain")
        out.append(f"{tray} | {moves} | {swing} {swing.leftover} | {gain} {gain.leftover}")
    return "\n".join(out)


def _pins() -> dict[str, object]:
    return json.loads(PINS.read_text())  # type: ignore[no-any-return]


def _name(game: tuple[str, str, str, int]) -> str:
    return "{} {} {} {}".format(*game)


def test_records_are_pinned() -> None:
    pins = _pins()["games"]
    assert isinstance(pins, dict)
    lex = _lexicon(native.IMPLEMENTATION)
    changed = [_name(game) for game in GAMES if _digest(_record(lex, game)) != pins[_name(game)]]
    assert not changed, f"records changed: {changed}"


def test_answers_are_pinned() -> None:
    assert _digest(_answers(_lexicon(native.IMPLEMENTATION))) == _pins()["answers"]


@pytest.mark.skipif(not native.compiled_available(), reason="the compiled walk is not built")
def test_pure_path_plays_the_same_records() -> None:
    pins = _pins()["games"]
    assert isinstance(pins, dict)
    lex = _lexicon("pure")
    changed = [_name(game) for game in PURE_GAMES if _digest(_record(lex, game)) != pins[_name(game)]]
    assert not changed, f"records changed on the pure path: {changed}"


def test_a_view_state_is_the_game_state_with_the_bag_sorted() -> None:
    """A view makes its state from the game state's tuple by position (PlayerView.__init__)."""
    assert TableState._fields == ("trays", "unseen", *GameState._fields[2:])


def test_a_move_is_checked_once_only_when_it_is_a_legal_move_as_written() -> None:
    """played skips the checks for a move among the tray's last legal moves (found for a tray of the same content,
    remembered by movegen, never on the tray), and only for those."""
    lex = Lexicon.from_words(["rat", "tzar", "art", "tarz"])
    tray = Tray.parse("RAT / ZW")
    slots = {name: getattr(tray, name) for name in Tray.__slots__ if name not in ("_hash", "_checked")}
    moves = legal_moves(lex, tray)
    assert {str(m) for m in moves} == {"1:RAT+Z=TARZ", "1:RAT+Z=TZAR"}
    assert {name: getattr(tray, name) for name in slots} == slots  # nothing written on the tray from outside
    same = Tray.parse("RAT / WZ")  # another tray of the same content: the same legal moves
    assert movegen.known_moves(same, lex, movegen.DEFAULT_RULES) == ((), (("TARZ", "TZAR"),))
    assert movegen.played(same, Move("extend", 0, "RAT", "TZAR", "Z"), lexicon=lex)[0] == Tray.parse("TZAR / W")
    for bad in (
        Move("extend", 0, "RAT", "TZAR", "W"),  # letters that do not make the word
        Move("extend", 0, "RAT", "TZAR", "ZZ"),
        Move("extend", 1, "RAT", "TZAR", "Z"),  # no such line
        Move("extend", 0, "ART", "TZAR", "Z"),  # not the line's word
        Move("place", None, None, "TZAR", "ARTZ"),  # letters not on the rack
    ):
        with pytest.raises(IllegalMoveError):
            movegen.played(tray, bad, lexicon=lex)
    with pytest.raises(IllegalMoveError, match="not in the lexicon"):
        movegen.played(tray, Move("extend", 0, "RAT", "WRAT", "W"), lexicon=lex)
    # Other rules: the full checks (RAT's line 1 needs 4 tiles here).
    with pytest.raises(IllegalMoveError):
        movegen.played(Tray.parse("RAT / ZW"), Move("extend", 0, "RAT", "TZAR", "Z"), Rules(line_length=3), lex)


def test_the_remembered_legal_moves_are_bounded() -> None:
    """movegen remembers the legal moves of its last KNOWN_TRAYS trays, no more, the oldest forgotten first."""
    lex = Lexicon.from_words(["rat", "tzar", "art", "tarz"])
    trays = [Tray.parse(f"RAT / {'Z' * (1 + i % 3)}{'W' * (i // 3)}") for i in range(movegen.KNOWN_TRAYS + 8)]
    for tray in trays:
        legal_moves(lex, tray)
    rules = movegen.DEFAULT_RULES
    assert movegen.known_moves(trays[-1], lex, rules) is not None
    assert movegen.known_moves(trays[0], lex, rules) is None
    assert sum(movegen.known_moves(t, lex, rules) is not None for t in trays) == movegen.KNOWN_TRAYS


def test_the_no_steal_shortcut_agrees_with_the_search() -> None:
    """best_jarnac reads the passer's own legal moves (none) instead of walking again: the same plans."""
    lex = Lexicon.from_words(["rat", "tzar", "as", "a", "sa", "tas", "ras"])
    for rules in (Rules(), Rules(last_line_min_length=4), Rules(min_length=2, last_line_min_length=3)):
        for text in ("RAT / Q", "RAT BUT CAS DOS FEU LIT MER / AS", "RAT / AS", "RAT BUT CAS DOS FEU LIT / A"):
            for free in (1, 2, 8):
                fresh = Tray.parse(text)
                expected = best_jarnac(lex, fresh, free, rules=rules)
                tray = Tray.parse(text)
                legal_moves(lex, tray, rules)
                assert best_jarnac(lex, tray, free, rules=rules) == expected, (text, rules, free)


if __name__ == "__main__":  # pragma: no cover - regeneration
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    lex = _lexicon(native.IMPLEMENTATION)
    pins = {
        "games": {_name(game): _digest(_record(lex, game)) for game in GAMES},
        "answers": _digest(_answers(lex)),
    }
    PINS.write_text(json.dumps(pins, indent=1) + "\n")
    print(f"wrote {PINS}")
