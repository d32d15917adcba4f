"""Wrong-typed values at the public boundary: a library error naming the argument, never a plain
TypeError or AttributeError from inside."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from jarnac_solver import (
    LATIN,
    Alphabet,
    Bag,
    Game,
    JarnacError,
    Lexicon,
    Move,
    Rules,
    Tray,
    advise,
    best_jarnac,
    hints,
    legal_moves,
    plan_ladder,
)

EN = Lexicon.load("en")
TRAY = Tray.parse("RAT / SE")
SMALL = Lexicon.from_words(["rat", "art", "tar", "rats", "star"])


class _Odd:
    """A value of no expected type (its repr is stable)."""

    def __repr__(self) -> str:
        return "<odd>"


BAD: list[object] = [None, 5, 1.5, True, b"x", _Odd(), ["x"], {"x": 1}]
"""Wrong-typed values: each case tries those of them that its argument does not accept."""

NOT_INT = [v for v in BAD if not isinstance(v, int) or isinstance(v, bool)]
NOT_OPTIONAL_INT = [v for v in NOT_INT if v is not None]
NOT_BOOL = [v for v in BAD if not isinstance(v, bool)]
NOT_PATH = list(BAD)
NOT_ALPHABET = [v for v in BAD]
NOT_OPTIONAL = [v for v in BAD if v is not None]
NOT_BUDGET = [v for v in NOT_OPTIONAL if not isinstance(v, (int, float)) or isinstance(v, bool)]

# (argument named in the error, the values to try, the call with that value)
CASES: list[tuple[str, str, list[object], Callable[[Any], object]]] = [
    ("from_words words", "words", [v for v in BAD if not isinstance(v, (list, dict))], lambda v: Lexicon.from_words(v)),
    ("from_words alphabet", "alphabet", NOT_ALPHABET, lambda v: Lexicon.from_words(["rat"], v)),
    ("from_words strict", "strict", NOT_BOOL, lambda v: Lexicon.from_words(["rat"], strict=v)),
    (
        "from_words metadata",
        "metadata",
        [v for v in NOT_OPTIONAL if not isinstance(v, dict)] + [{1: 2}],
        lambda v: Lexicon.from_words(["rat"], metadata=v),
    ),
    ("from_file path", "path|word list", NOT_PATH, lambda v: Lexicon.from_file(v)),
    ("from_file alphabet", "alphabet", NOT_ALPHABET, lambda v: Lexicon.from_file("x.txt", v)),
    (
        "from_file max_bytes",
        "max_bytes",
        NOT_OPTIONAL_INT + [0, -1],
        lambda v: Lexicon.from_file(__file__, max_bytes=v),
    ),
    ("from_file special", "special", NOT_BOOL, lambda v: Lexicon.from_file(__file__, special=v)),
    ("open path", "path|lexicon", NOT_PATH, lambda v: Lexicon.open(v)),
    ("open shared", "shared", NOT_BOOL, lambda v: Lexicon.open("x.jlex", shared=v)),
    ("open max_bytes", "max_bytes", NOT_OPTIONAL_INT, lambda v: Lexicon.open(__file__, max_bytes=v)),
    ("load name", "lexicon", BAD, lambda v: Lexicon.load(v)),
    ("save path", "path|file name", NOT_PATH, lambda v: SMALL.save(v)),
    ("subanagrams rack", "rack", BAD, lambda v: EN.subanagrams(v)),
    ("subanagrams min_len", "min_len", NOT_INT, lambda v: EN.subanagrams("RATS", v)),
    ("subanagrams max_len", "max_len", NOT_INT, lambda v: EN.subanagrams("RATS", 3, v)),
    ("anagrams letters", "letters", BAD, lambda v: EN.anagrams(v)),
    ("extensions word", "word", BAD, lambda v: EN.extensions(v, "S")),
    ("extensions rack", "rack", BAD, lambda v: EN.extensions("RAT", v)),
    ("extensions max_len", "max_len", NOT_INT, lambda v: EN.extensions("RAT", "S", v)),
    ("check word", "word", BAD, lambda v: EN.check(v)),
    ("search pattern", "pattern", BAD, lambda v: EN.search(v)),
    ("search letters", "letters|rack", NOT_OPTIONAL, lambda v: EN.search("RA?", v)),
    ("Alphabet tiles", "tiles|tile", [v for v in BAD if v != ["x"]], lambda v: Alphabet(v)),
    ("Alphabet name", "name", BAD, lambda v: Alphabet(["A"], v)),
    ("Bag counts", "counts", [v for v in BAD if not isinstance(v, dict)], lambda v: Bag(v)),
    ("Bag alphabet", "alphabet", NOT_ALPHABET, lambda v: Bag({"A": 1}, v)),
    ("Bag name", "name", BAD, lambda v: Bag({"A": 1}, LATIN, v)),
    ("Bag.parse text", "bag", BAD, lambda v: Bag.parse(v)),
    ("Bag.parse alphabet", "alphabet", NOT_ALPHABET, lambda v: Bag.parse("2A", v)),
    ("Bag.from_file path", "path|bag file", NOT_PATH, lambda v: Bag.from_file(v)),
    ("Bag.for_lexicon lexicon", "lexicon", BAD, lambda v: Bag.for_lexicon(v)),
    ("Tray.parse text", "tray", BAD, lambda v: Tray.parse(v)),
    ("Tray.parse alphabet", "alphabet", NOT_ALPHABET, lambda v: Tray.parse("RAT / S", v)),
    ("Move.parse text", "move", BAD, lambda v: Move.parse(v)),
    ("Move.parse alphabet", "alphabet", NOT_ALPHABET, lambda v: Move.parse("+RAT", v)),
    ("Rules lines", "lines", NOT_INT, lambda v: Rules(lines=v)),
    ("Rules steal_place", "steal_place", NOT_BOOL, lambda v: Rules(steal_place=v)),
    ("Rules verb_forms", "verb_forms", BAD, lambda v: Rules(verb_forms=v)),
    ("legal_moves lexicon", "lexicon", BAD, lambda v: legal_moves(v, TRAY)),
    ("legal_moves tray", "tray", BAD, lambda v: legal_moves(EN, v)),
    ("legal_moves rules", "rules", NOT_OPTIONAL, lambda v: legal_moves(EN, TRAY, v)),
    ("best_jarnac lexicon", "lexicon", BAD, lambda v: best_jarnac(v, TRAY)),
    ("best_jarnac tray", "tray", BAD, lambda v: best_jarnac(EN, v)),
    ("best_jarnac free_lines", "free_lines", NOT_OPTIONAL_INT, lambda v: best_jarnac(EN, TRAY, v)),
    ("best_jarnac objective", "objective", BAD, lambda v: best_jarnac(EN, TRAY, objective=v)),
    ("best_jarnac rules", "rules", NOT_OPTIONAL, lambda v: best_jarnac(EN, TRAY, rules=v)),
    ("best_jarnac budget", "budget", NOT_BUDGET, lambda v: best_jarnac(EN, TRAY, budget=v)),
    ("hints lexicon", "lexicon", BAD, lambda v: hints(v, TRAY)),
    ("hints tray", "tray", BAD, lambda v: hints(EN, v)),
    ("hints top", "top", NOT_INT, lambda v: hints(EN, TRAY, top=v)),
    ("hints unseen", "unseen", [v for v in NOT_OPTIONAL if v != ["x"]], lambda v: hints(EN, TRAY, v)),
    ("hints rules", "rules", NOT_OPTIONAL, lambda v: hints(EN, TRAY, rules=v)),
    ("hints seed", "seed", NOT_INT, lambda v: hints(EN, TRAY, seed=v)),
    ("hints budget", "budget", NOT_BUDGET, lambda v: hints(EN, TRAY, budget=v)),
    ("advise game", "game", BAD, lambda v: advise(v)),
    ("advise top", "top", NOT_INT, lambda v: advise(Game(EN, seed=1), v)),
    ("plan_ladder lexicon", "lexicon", BAD, lambda v: plan_ladder(v, TRAY)),
    ("plan_ladder tray", "tray", BAD, lambda v: plan_ladder(EN, v)),
    ("plan_ladder rules", "rules", NOT_OPTIONAL, lambda v: plan_ladder(EN, TRAY, v)),
    ("Game lexicon", "lexicon", BAD, lambda v: Game(v)),
    ("Game rules", "rules", NOT_OPTIONAL, lambda v: Game(EN, v)),
    ("Game bag", "bag", NOT_OPTIONAL, lambda v: Game(EN, None, v)),
    ("Game seed", "seed", NOT_OPTIONAL_INT, lambda v: Game(EN, None, None, v)),
    ("Game over_the_board", "over_the_board", NOT_BOOL, lambda v: Game(EN, over_the_board=v)),
]


UNFIXED: set[str] = set()
"""Cases that fail today, marked so (none left)."""


def _params() -> list[object]:
    return [
        pytest.param(
            *case[1:],
            id=case[0],
            marks=pytest.mark.xfail(strict=True, reason="not yet checked") if case[0] in UNFIXED else (),
        )
        for case in CASES
    ]


@pytest.mark.parametrize(("argument", "values", "call"), _params())
def test_wrong_types_raise_a_library_error_naming_the_argument(
    argument: str, values: list[object], call: Callable[[Any], object]
) -> None:
    failures = []
    for value in values:
        try:
            call(value)
        except JarnacError as exc:
            if not re.search(argument, str(exc), re.IGNORECASE):
                failures.append(f"{value!r}: {type(exc).__name__}: {exc} (does not name {argument!r})")
        except Exception as exc:  # what the test looks for
            failures.append(f"{value!r}: {type(exc).__name__}: {exc}")
        else:
            failures.append(f"{value!r}: accepted")
    assert not failures, "\n".join(failures)
