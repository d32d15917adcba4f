"""Which implementation of the trie walk runs: the compiled extension or the pure-Python reference.

The compiled walk (``jarnac_solver._speedups``, built from ``_speedups.c``
when the package is installed on a machine with a C compiler) returns what
the pure walk returns, node for node; it is used whenever it was built,
unless the environment variable ``JARNAC_SOLVER_PURE`` is set when the
package is first imported, to any value but an empty one, ``0``, ``false``,
``no`` or ``off`` (in any case).

>>> from jarnac_solver import IMPLEMENTATION
>>> IMPLEMENTATION in ("compiled", "pure")
True
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

__all__ = ["IMPLEMENTATION", "IMPLEMENTATION_REASON", "allocation", "compiled_available", "implementation", "speedups"]


_OFF = ("", "0", "false", "no", "off")


def _load() -> tuple[ModuleType | None, str]:
    value = os.environ.get("JARNAC_SOLVER_PURE", "")
    if value.strip().lower() not in _OFF:
        return None, f"JARNAC_SOLVER_PURE={value}"
    import sys

    if sys.byteorder != "little":  # pragma: no cover - the C walk reads the file's little-endian arrays as they lie
        return None, "a big-endian machine (the compiled walk reads the file's little-endian arrays in place)"
    import importlib

    try:
        module = importlib.import_module("jarnac_solver._speedups")  # a name mypy need not resolve
    except ImportError as exc:
        return None, f"the C extension is not built: {exc}"
    return module, "the C extension"


speedups, IMPLEMENTATION_REASON = _load()
"""The compiled walk (``None`` on the pure path), and why this implementation runs."""


def _load_allocation() -> ModuleType | None:
    if speedups is None:
        return None
    import importlib

    try:
        return importlib.import_module("jarnac_solver._allocation")
    except ImportError:  # built apart: a compiler that managed one extension and not the other
        return None


allocation = _load_allocation()
"""The compiled allocation searches of ``best_jarnac`` and ``plan_ladder``, which serve the lexicons that
walk compiled (``None`` where the extension is not built or the walk is forced pure)."""

IMPLEMENTATION = "compiled" if speedups is not None else "pure"
"""``"compiled"`` when lexicons opened in this process walk in C, ``"pure"`` otherwise."""

_built = speedups


def compiled_available() -> bool:
    """Whether the compiled walk can run here (built, and not forced pure by the environment).

    >>> compiled_available() == (IMPLEMENTATION == "compiled")
    True
    """
    return _built is not None


@contextmanager
def implementation(name: str) -> Iterator[None]:
    """Lexicons opened or built inside the block use ``name``: ``"pure"`` or ``"compiled"``.

    For benchmarks and tests that run both walks in one process; a lexicon
    keeps the walk it was made with (``Lexicon.implementation``). Not for
    threads: it changes a module global for the block.

    >>> from jarnac_solver import Lexicon
    >>> with implementation("pure"):
    ...     lex = Lexicon.from_words(["rat"])
    >>> lex.implementation
    'pure'
    """
    global speedups
    if name not in ("pure", "compiled"):
        raise ValueError(f"implementation must be 'pure' or 'compiled', not {name!r}")
    if name == "compiled" and _built is None:
        raise RuntimeError(f"the compiled walk is not available here ({IMPLEMENTATION_REASON})")
    saved = speedups
    speedups = _built if name == "compiled" else None
    try:
        yield
    finally:
        speedups = saved
