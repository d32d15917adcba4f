"""The end-game model's exact shortcuts against the full search they skip.

``_choices`` answers a window against a full tray with no steal at all (no extension of any line by the
rack) by declining alone, without its searches; here every window is searched both ways (the shortcut's
test forced to "a steal exists") and must give the same choices, completeness, outcomes and finishes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from unittest import mock

import pytest

from jarnac_solver import Lexicon, Rules, Tray
from jarnac_solver.moves.jarnac import any_steal
from jarnac_solver.moves.movegen import legal_moves
from jarnac_solver.planning import endgame
from jarnac_solver.planning.endgame import final_outcome, finish_wins, pass_outcome, window_choices

from .test_endgame_oracle import SMALL, positions


def _both(call: object) -> tuple[object, object]:
    fast = call()  # type: ignore[operator]
    with mock.patch.object(endgame, "any_steal", lambda *_: True):
        slow = call()  # type: ignore[operator]
    return fast, slow


def _check(lexicon: Lexicon, passer: Tray, thief: Tray, rules: Rules) -> None:
    for k, call in enumerate(
        (
            lambda: window_choices(lexicon, passer, thief, rules),
            lambda: endgame._choices(lexicon, passer, thief, rules, (), None, None, {}, False, 2 * endgame._BIG),
            lambda: endgame._choices(lexicon, passer, thief, rules, (), None, None, {}, False, 0),
            lambda: final_outcome(lexicon, passer, thief, rules),
            lambda: finish_wins(lexicon, passer, thief, rules),
            lambda: pass_outcome(lexicon, passer, thief, rules),
            lambda: window_choices(lexicon, thief, passer, rules),
        )
    ):
        fast, slow = _both(call)
        assert fast == slow, (k, str(passer), str(thief))


RULES = [
    Rules(),
    Rules(last_line_min_length=3),
    Rules.preset("multilingual"),
    Rules(value_jarnac=True),
    Rules(thief_keeps_turn_on_last_line=True),
]


@pytest.mark.parametrize("rules", RULES, ids=["sheet", "last-line-3", "multilingual", "value", "keeps-turn"])
def test_the_shortcut_is_the_full_search_on_small_fr(rules: Rules) -> None:
    shortcuts = 0
    for passer, thief in positions(5150, 100, rules):
        shortcuts += passer.free_lines(rules) == 0 and not any_steal(SMALL, passer, rules, 1, True)
        _check(SMALL, passer, thief, rules)
    assert shortcuts > 10  # the shortcut is met (and the full search, for the other windows)


def random_end_game(
    rng: random.Random, letter_sets: list[str], most_words: int, most_lines: int, most_last: int, variants: float
) -> tuple[Lexicon, Rules, Callable[[int, int], Tray]]:
    """A small random lexicon of one of ``letter_sets``' letters, rules of 3 to ``most_lines`` lines of at most
    6 tiles (the last line's minimum up to ``most_last``; the value Jarnac and the thief keeping the turn each
    with chance ``variants``), and a maker of trays on them: ``tray(filled lines, rack letters)``."""
    letters = rng.choice(letter_sets)
    words = ["".join(rng.choices(letters, k=rng.randint(1, 5))) for _ in range(rng.randint(20, most_words))]
    lexicon = Lexicon.from_words(words)
    rules = Rules(
        lines=rng.randint(3, most_lines),
        line_length=6,
        min_length=2,
        last_line_min_length=rng.randint(1, most_last),
        value_jarnac=rng.random() < variants,
        thief_keeps_turn_on_last_line=rng.random() < variants,
    )
    longer = [w for w in words if 2 <= len(w) <= 6] or ["AA"]

    def tray(filled: int, rack: int) -> Tray:
        return Tray([rng.choice(longer) for _ in range(filled)], "".join(rng.choices(letters, k=rack)))

    return lexicon, rules, tray


def _random_case(rng: random.Random) -> tuple[Lexicon, Tray, Tray, Rules]:
    lexicon, rules, tray = random_end_game(rng, ["AERST", "AEIST", "ABERST"], 80, 5, 2, 0.3)
    lines = rules.lines
    me = tray(lines - 1, rng.randint(1, 5))
    places = [m for m in legal_moves(lexicon, me, rules) if m.kind == "place"]
    passer = me.push(rng.choice(places), rules, lexicon) if places else tray(lines, rng.randint(0, 3))
    return lexicon, passer, tray(rng.randint(lines - 3, lines - 1), rng.randint(0, 4)), rules


def test_the_shortcut_is_the_full_search_on_random_lexicons() -> None:
    rng = random.Random(2026)
    shortcuts = 0
    for _ in range(300):
        lexicon, passer, thief, rules = _random_case(rng)
        shortcuts += passer.free_lines(rules) == 0 and not any_steal(lexicon, passer, rules, 1, True)
        _check(lexicon, passer, thief, rules)
    assert shortcuts > 30
