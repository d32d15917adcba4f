"""``LegalMoves.highest_scoring`` (the move a large rack plays in a bounded search) against the brute force:
every legal move built, the greatest by (points, notation). Real lexicons of each language (Dutch's IJ is one
tile: a word's points are its tiles squared), racks of up to 18 letters drawn from each language's bag."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import Bag, Lexicon, Tray
from jarnac_solver.moves.movegen import legal_moves

LEXICONS = {name: Lexicon.load(name) for name in ("fr", "en", "es", "nl")}
BAGS = {name: Bag.for_lexicon(lexicon) for name, lexicon in LEXICONS.items()}


def tray_of(name: str, seed: int, lines: int, rack: int) -> Tray:
    """A tray of ``lines`` words of 3 to 6 tiles and ``rack`` letters, both drawn at random (``seed``)."""
    lexicon, rng = LEXICONS[name], random.Random(seed)
    alphabet = lexicon.alphabet
    words = [w for w in lexicon.search("???") + lexicon.search("??????") if len(alphabet.tokenize(w)) <= 6]
    letters = alphabet.write(rng.sample(BAGS[name].tiles(), rack))
    return Tray([rng.choice(words) for _ in range(lines)], letters, alphabet)


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(LEXICONS)), seed=st.integers(0, 10**6), lines=st.integers(0, 5),
       rack=st.integers(0, 18))  # fmt: skip
def test_the_highest_scoring_move_is_the_brute_forces(name: str, seed: int, lines: int, rack: int) -> None:
    tray = tray_of(name, seed, lines, rack)
    moves = legal_moves(LEXICONS[name], tray)
    every = list(moves)
    expected = max(every, key=lambda m: (tray.points(m), str(m))) if every else None
    assert moves.highest_scoring() == expected
