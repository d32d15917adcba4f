"""Which implementation of the trie walk runs: the compiled extension or the pure-Python reference.

The compiled walk (``jarnac_solver._speedups``, built from ``_speedups.c``
when the package is installed on a machine with a C compiler) returns what
the pure walk returns, node for node; it is used whenever it was built,
unless the environment variable ``JARNAC_SOLVER_PURE`` is set when the
package is first imported, to any value but an empty one, ``0``, ``false``,
``no`` or ``off`` (in any case).

A pure walk where the compiled one was expected (the extension failed to
build: pip hides the compiler's output) is said where a user sees it: by a
:class:`PureWalkWarning` when the first lexicon opens on it, by
``jarnac-solver --version`` and by :func:`describe`. Setting
``JARNAC_SOLVER_PURE=1`` says the pure walk is wanted, and silences the warning.

>>> from jarnac_solver import IMPLEMENTATION
>>> IMPLEMENTATION in ("compiled", "pure")
True
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

__all__ = [
    "IMPLEMENTATION",
    "IMPLEMENTATION_REASON",
    "PureWalkWarning",
    "allocation",
    "compiled_available",
    "describe",
    "implementation",
    "speedups",
]


_OFF = ("", "0", "false", "no", "off")
_UNBUILT = "the C extension is not built"


def _load() -> tuple[ModuleType | None, str]:
    value = os.environ.get("JARNAC_SOLVER_PURE", "")
    if value.strip().lower() not in _OFF:
        return None, f"forced by JARNAC_SOLVER_PURE={value}"
    import sys

    if sys.byteorder != "little":  # pragma: no cover - the C walk reads the file's little-endian arrays as they lie
        return None, "a big-endian machine (the compiled walk reads the file's little-endian arrays in place)"
    import importlib

    try:
        module = importlib.import_module("jarnac_solver._speedups")  # a name mypy need not resolve
    except ImportError as exc:
        return None, f"{_UNBUILT}: {exc}"
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


class PureWalkWarning(RuntimeWarning):
    """The pure-Python walk runs (5 to 9 times slower) because the C extension was not built.

    Shown once a process, when the first lexicon opens on it; not when ``JARNAC_SOLVER_PURE`` chose the pure
    walk. Filter it as any warning (``python -W ignore::jarnac_solver.native.PureWalkWarning``)."""


_warned = False


def warn_if_unbuilt() -> None:
    """Warn (:class:`PureWalkWarning`, once a process) that a lexicon walks pure because the build failed.

    Like a library's performance warning: the answers are the same, only slower, so it is a warning and
    not an error; and a warning is what a Python user sees (on stderr) without asking, where pip keeps
    the compiler's failure to itself unless run with ``-v``."""
    global _warned
    if _warned or _built is not None or not IMPLEMENTATION_REASON.startswith(_UNBUILT):
        return
    _warned = True
    warnings.warn(
        f"jarnac-solver runs its pure-Python walk, 5 to 9 times slower: {IMPLEMENTATION_REASON}. "
        + _unbuilt_advice(os.path.dirname(os.path.abspath(__file__))),
        PureWalkWarning,
        stacklevel=_first_caller_outside(),
    )


def _unbuilt_advice(package: str) -> str:
    """What to do about an unbuilt extension: in a source checkout (Python run from its folder imports it
    before an installed, compiled copy), build it there or run elsewhere; else reinstall with a compiler."""
    checkout = os.path.dirname(package)
    if os.path.exists(os.path.join(checkout, "setup.py")) and os.path.exists(os.path.join(checkout, "pyproject.toml")):
        return (
            f"Python imported the source checkout at {checkout} (run from its folder, it comes before an installed "
            "copy), where the extension is not built: `pip install -e .` builds it there (or `python setup.py "
            "build_ext --inplace`, with setuptools>=77), or run from another folder; JARNAC_SOLVER_PURE=1 chooses "
            "the pure walk and silences this warning"
        )
    return (
        "Reinstall where a C compiler and the Python headers are (`pip install -v` shows why the build failed), or "
        "set JARNAC_SOLVER_PURE=1 to choose the pure walk and silence this warning"
    )


def _first_caller_outside() -> int:
    """The ``stacklevel`` of the first frame outside this package (the user's line that opened a lexicon)."""
    import sys

    level, frame = 2, sys._getframe(2)  # 1: warn_if_unbuilt's caller's view of warn; 2: its caller
    while frame.f_back is not None and frame.f_globals.get("__name__", "").startswith(__package__ or "jarnac_solver"):
        frame, level = frame.f_back, level + 1
    return level


def describe() -> str:
    """Which walk lexicons opened now use, and why: what ``jarnac-solver --version`` says.

    >>> describe() in ("compiled walk (the C extension)", f"pure walk ({IMPLEMENTATION_REASON.split(':')[0]})")
    True
    """
    if speedups is not None:
        return f"compiled walk ({IMPLEMENTATION_REASON})"
    if _built is not None:
        return "pure walk (asked for by native.implementation)"
    return f"pure walk ({IMPLEMENTATION_REASON.split(':')[0]})"


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
