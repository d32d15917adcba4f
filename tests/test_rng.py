"""The draws' generator (docs/rules.md#the-draws-generator): the Python one (``rng.py``) and the C one
(``_pcg32.h``, compiled alone here and inside the lanes' extension) against the written test vectors and
against each other, and the engine's draws made from it."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jarnac_solver import Bag, Lexicon, native
from jarnac_solver.game.game import Game
from jarnac_solver.rng import Pcg32, seed_text

ROOT = Path(__file__).resolve().parent.parent
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def _vector(name: str) -> str:
    """The result column of the rules' test vector whose first column is ``name``."""
    for line in RULES.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] == name:
            return cells[2].strip("`")
    raise AssertionError(f"no test vector {name!r} in docs/rules.md")


def _ints(text: str) -> list[int]:
    return [int(x, 0) for x in re.findall(r"0x[0-9a-f]+|\d+", text)]


def test_the_reference_vector_of_pcg32() -> None:
    rng = Pcg32.raw(42, 54)
    assert [rng.next_u32() for _ in range(6)] == _ints(_vector("`pcg32_srandom_r(42, 54)`"))


def test_the_written_vectors() -> None:
    rng = Pcg32("jarnac")
    assert [rng.next_u32() for _ in range(4)] == _ints(_vector("seed `jarnac`"))
    assert list(Pcg32(12345).getstate()) == _ints(_vector("seed `12345`"))
    assert Pcg32(12345).getstate() == Pcg32("12345").getstate()  # a whole number is its decimal text
    rng = Pcg32(0)
    assert [rng.below(6) for _ in range(10)] == _ints(_vector("seed `0`"))
    letters = list("ABCDEFGHIJ")
    Pcg32(1).shuffle(letters)
    assert "".join(letters) == _vector("seed `1`").split()[-1]
    assert Pcg32("42:3").sample(range(20), 5) == _ints(_vector("seed `42:3`"))[-5:]


def test_draws_are_in_range_and_each_value_comes() -> None:
    rng = Pcg32("spread")
    seen = [0] * 7
    for _ in range(7000):
        seen[rng.below(7)] += 1
    assert all(800 < n < 1200 for n in seen), seen
    floats = [rng.random() for _ in range(1000)]
    assert all(0 <= f < 1 for f in floats) and len(set(floats)) == 1000
    assert all(0 <= rng.getrandbits(5) < 32 for _ in range(100))
    assert 10 <= rng.randrange(10, 12) < 12


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="below takes"):
        Pcg32(1).below(0)
    with pytest.raises(ValueError, match="below takes"):
        Pcg32(1).below(1 << 32)
    with pytest.raises(ValueError, match="sample takes"):
        Pcg32(1).sample([1, 2], 3)
    with pytest.raises(ValueError, match="getrandbits"):
        Pcg32(1).getrandbits(33)
    with pytest.raises(ValueError, match="not a PCG32 state"):
        Pcg32(1).setstate((1, 2))
    with pytest.raises(TypeError, match="a seed is"):
        seed_text(True)
    with pytest.raises(IndexError):
        Pcg32(1).choice([])


def test_state_round_trips_and_copies_draw_alike() -> None:
    rng = Pcg32(5)
    rng.below(10)
    other, copy = Pcg32(9), rng.copy()
    other.setstate(rng.getstate())
    assert [rng.next_u32() for _ in range(5)] == [other.next_u32() for _ in range(5)]
    fresh = Pcg32(5)
    fresh.below(10)
    assert [copy.next_u32() for _ in range(5)] == [fresh.next_u32() for _ in range(5)]
    assert "Pcg32(state=" in repr(rng)
    assert Pcg32().getstate() != Pcg32().getstate()  # unseeded: the system's randomness


_HARNESS = r"""
#include <stdio.h>
#include <stdlib.h>
#include "_pcg32.h"
int main(int argc, char **argv) {
    Pcg32 g;
    pcg32_seed(&g, strtoull(argv[1], NULL, 10), strtoull(argv[2], NULL, 10));
    uint32_t n = (uint32_t)strtoul(argv[3], NULL, 10);
    for (int i = 0; i < 8; i++) printf("%u ", pcg32_next(&g));
    for (int i = 0; i < 8; i++) printf("%u ", pcg32_below(&g, n));
    uint8_t x[40];
    for (int i = 0; i < 40; i++) x[i] = (uint8_t)i;
    pcg32_shuffle_bytes(&g, x, 40);
    for (int i = 0; i < 40; i++) printf("%u ", x[i]);
    uint32_t pool[30], out[6];
    pcg32_sample_indexes(&g, 30, 6, pool, out);
    for (int i = 0; i < 6; i++) printf("%u ", out[i]);
    printf("%llu\n", (unsigned long long)g.state);
    return 0;
}
"""


def _python_run(initstate: int, initseq: int, n: int) -> list[int]:
    g = Pcg32.raw(initstate, initseq)
    out = [g.next_u32() for _ in range(8)] + [g.below(n) for _ in range(8)]
    x = list(range(40))
    g.shuffle(x)
    return [*out, *x, *g.sample(range(30), 6), g.state]


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler")
    folder = tmp_path_factory.mktemp("pcg")
    (folder / "main.c").write_text(_HARNESS, encoding="utf-8")
    exe = folder / "pcg"
    subprocess.run([cc, "-O2", "-I", str(ROOT / "jarnac_solver"), "-o", str(exe), str(folder / "main.c")], check=True)
    return exe


def test_the_header_alone_draws_as_python(harness: Path) -> None:
    rng = random.Random(3)  # the cases only: which states and bounds to try
    cases = [(42, 54, 6), (0, 0, 1), ((1 << 64) - 1, (1 << 64) - 1, (1 << 32) - 1)]
    cases += [(rng.getrandbits(64), rng.getrandbits(64), rng.randrange(1, 1 << 32)) for _ in range(20)]
    cases += [(rng.getrandbits(64), rng.getrandbits(64), rng.randrange(1, 200)) for _ in range(20)]
    for initstate, initseq, n in cases:
        done = subprocess.run([str(harness), str(initstate), str(initseq), str(n)], check=True, capture_output=True)
        assert [int(x) for x in done.stdout.split()] == _python_run(initstate, initseq, n), (initstate, initseq, n)


compiled = pytest.mark.skipif(not native.compiled_available(), reason="the compiled walk is not built")


@compiled
@given(st.text(max_size=12), st.integers(0, 300), st.integers(0, 12), st.integers(1, 5))
def test_the_extension_samples_and_shuffles_as_python(seed: str, n: int, k: int, times: int) -> None:
    speedups = native.speedups
    assert speedups is not None
    trie = Lexicon.load("fr").index.trie
    assert trie is not None
    k = min(k, n)
    mine, theirs = Pcg32(seed), Pcg32(seed)
    assert trie.pcg_sample(mine, n, k, times) == [theirs.sample(range(n), k) for _ in range(times)]
    assert mine.getstate() == theirs.getstate()
    data = bytes(i % 256 for i in range(n))
    order = list(data)
    theirs.shuffle(order)
    assert speedups.pcg_shuffle(mine, data) == bytes(order)
    assert mine.getstate() == theirs.getstate()


@pytest.mark.parametrize("name", ["en", "fr"])
def test_a_game_s_bag_is_the_bag_s_tiles_shuffled_by_its_seed(name: str) -> None:
    lexicon = Lexicon.load(name)
    for seed in (0, 1, 12345):
        tiles = [lexicon.alphabet.index[t] for t in Bag.for_lexicon(lexicon).tiles()]
        Pcg32(seed).shuffle(tiles)
        assert Game(lexicon, seed=seed).state.bag == tuple(tiles)
        with native.implementation("pure"):
            assert Game(lexicon, seed=seed).state.bag == tuple(tiles)
    fork = Game(lexicon, seed=3).fork(seed=8)
    tiles = sorted(Game(lexicon, seed=3).state.bag)
    Pcg32(8).shuffle(tiles)
    assert fork.state.bag == tuple(tiles)


def test_an_exchange_puts_its_letters_back_where_the_seed_says() -> None:
    lexicon = Lexicon.load("fr")
    game = Game(lexicon, seed=4)
    while game.state.phase != "start":
        game.push(game.legal_actions()[0] if game.state.phase != "play" else game.view().legal_actions()[-1])
    s = game.state
    put = game.state.trays[s.to_act].rack[:3]
    bag = list(s.bag)
    n = len(put)
    taken = [bag.pop() for _ in range(n)]
    rng = Pcg32(f"{game.seed}:{s.ply}")
    for tile in put:
        bag.insert(rng.below(len(bag) + 1), lexicon.alphabet.index[tile])
    game.push_text(f"exchange {put}")
    assert game.state.bag == tuple(bag) and taken
