"""The game's portable random generator: PCG32 seeded from the SHA-256 of a seed's text.

Every draw a game makes -- the bag's order, where an exchange's letters go back, the opening's vowel rule,
each computer player's own sampling -- comes from :class:`Pcg32`, a small generator written down in full in
``docs/rules.md`` (section "The draws' generator") so that the same seed gives the same game in Python, in
the compiled lanes (``_pcg32.h``, the same steps in C) and in any other language's client. Nothing here
depends on CPython's own ``random`` module, whose generator and algorithms (``shuffle``, ``sample``) are an
implementation's, not a specification.

The generator is O'Neill's PCG32 (PCG-XSH-RR, 64-bit state, 32-bit output) with her ``pcg32_srandom_r``
seeding; the seed's text (a whole number in decimal, or any text) is hashed with SHA-256, and its first
sixteen bytes, read as two little-endian 64-bit words, are the initial state and the stream.

>>> rng = Pcg32("1")
>>> [rng.below(100) for _ in range(5)]
[34, 16, 7, 10, 15]
>>> deck = list(range(10))
>>> Pcg32(7).shuffle(deck)
>>> deck
[4, 5, 6, 1, 7, 2, 8, 9, 3, 0]
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["Pcg32", "seed_text"]

_T = TypeVar("_T")

_MULTIPLIER = 6364136223846793005
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1


def seed_text(seed: int | str) -> str:
    """The text a seed is hashed from: a whole number in decimal (``-`` before a negative one), a text as is.

    >>> seed_text(42), seed_text("42:3")
    ('42', '42:3')
    """
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TypeError(f"a seed is a whole number or a text, not {type(seed).__name__}")
    return str(seed)


class Pcg32:
    """PCG32 (XSH-RR): 64-bit state, odd 64-bit increment (the stream), 32-bit outputs.

    ``Pcg32(seed)`` seeds from the SHA-256 of :func:`seed_text` (``docs/rules.md``), ``Pcg32()`` from the
    operating system's randomness (a game that need not be replayed); ``Pcg32.raw(initstate,
    initseq)`` is the reference ``pcg32_srandom_r(initstate, initseq)``, for test vectors.

    >>> rng = Pcg32.raw(42, 54)
    >>> [hex(rng.next_u32()) for _ in range(3)]
    ['0xa15c02b7', '0x7b47f409', '0xba1d3330']
    """

    __slots__ = ("inc", "state")

    def __init__(self, seed: int | str | None = None) -> None:
        digest = os.urandom(16) if seed is None else hashlib.sha256(seed_text(seed).encode("utf-8")).digest()
        self._seed(int.from_bytes(digest[:8], "little"), int.from_bytes(digest[8:16], "little"))

    @classmethod
    def raw(cls, initstate: int, initseq: int) -> Pcg32:
        """The generator ``pcg32_srandom_r(initstate, initseq)`` makes (both taken modulo 2**64)."""
        rng = cls.__new__(cls)
        rng._seed(initstate & _MASK64, initseq & _MASK64)
        return rng

    def _seed(self, initstate: int, initseq: int) -> None:
        # pcg32_srandom_r's two steps from state 0 (their outputs unused): 0 -> inc, then + initstate, one step.
        inc = ((initseq << 1) | 1) & _MASK64
        self.inc = inc
        self.state = (((inc + initstate) & _MASK64) * _MULTIPLIER + inc) & _MASK64

    def getstate(self) -> tuple[int, int]:
        """``(state, inc)``: everything the generator is."""
        return self.state, self.inc

    def setstate(self, state: tuple[int, int]) -> None:
        """Back to a state :meth:`getstate` gave (the increment must be odd)."""
        s, inc = state
        if not 0 <= s <= _MASK64 or not 0 <= inc <= _MASK64 or not inc & 1:
            raise ValueError(f"not a PCG32 state: {state!r}")
        self.state, self.inc = s, inc

    def copy(self) -> Pcg32:
        """A generator in the same state, drawing the same numbers from here on."""
        other = Pcg32.__new__(Pcg32)
        other.state, other.inc = self.state, self.inc
        return other

    def __repr__(self) -> str:
        return f"Pcg32(state={self.state:#018x}, inc={self.inc:#018x})"

    def next_u32(self) -> int:
        """The next 32-bit output (``pcg32_random_r``)."""
        old = self.state
        self.state = (old * _MULTIPLIER + self.inc) & _MASK64
        x = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((x >> rot) | (x << (-rot & 31))) & _MASK32

    def below(self, n: int) -> int:
        """A whole number in ``[0, n)``, each as likely, for ``1 <= n < 2**32`` (``pcg32_boundedrand_r``:
        outputs below ``2**32 mod n`` are drawn again, then the output modulo ``n``)."""
        if not 1 <= n < 1 << 32:
            raise ValueError(f"below takes 1 <= n < 2**32, not {n}")
        threshold = (1 << 32) % n
        r = self.next_u32()
        while r < threshold:
            r = self.next_u32()
        return r % n

    def randrange(self, start: int, stop: int | None = None) -> int:
        """``start + below(stop - start)``; ``randrange(n)`` is ``below(n)``."""
        if stop is None:
            return self.below(start)
        return start + self.below(stop - start)

    def getrandbits(self, k: int) -> int:
        """``k`` bits (``0 <= k <= 32``): the top ``k`` bits of one output."""
        if not 0 <= k <= 32:
            raise ValueError(f"getrandbits takes 0 <= k <= 32, not {k}")
        return self.next_u32() >> (32 - k) if k else 0

    def random(self) -> float:
        """A float in ``[0, 1)`` from two outputs: ``((a >> 5) * 2**26 + (b >> 6)) / 2**53``."""
        a, b = self.next_u32() >> 5, self.next_u32() >> 6
        return (a * 67108864 + b) / 9007199254740992

    def choice(self, seq: Sequence[_T]) -> _T:
        """``seq[below(len(seq))]``."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, x: MutableSequence[_T]) -> None:
        """Fisher-Yates from the end: for ``i`` from ``len(x) - 1`` down to 1, swap ``x[i]`` and
        ``x[below(i + 1)]``."""
        state, inc = self.state, self.inc
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            threshold = 4294967296 % n
            while True:
                old = state
                state = (old * 6364136223846793005 + inc) & 0xFFFFFFFFFFFFFFFF
                v = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
                rot = old >> 59
                r = ((v >> rot) | (v << (-rot & 31))) & 0xFFFFFFFF
                if r >= threshold:
                    break
            j = r % n
            x[i], x[j] = x[j], x[i]
        self.state = state

    def sample(self, population: Sequence[_T], k: int) -> list[_T]:
        """``k`` distinct positions' items, in the order drawn: a partial Fisher-Yates from the front on a
        copy (for ``i`` in ``0 .. k-1``, swap ``pool[i]`` and ``pool[i + below(n - i)]``), its first ``k``."""
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError(f"sample takes 0 <= k <= {n}, not {k}")
        for i in range(k):
            j = i + self.below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]
