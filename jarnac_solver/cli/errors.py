"""How a command ends when it does not succeed: the exceptions ``main`` turns into exit statuses.

A :class:`UsageError` is a bad command line or bad input found by the command
line itself (status 2, one line on stderr); the library's own errors
(:class:`~jarnac_solver.errors.JarnacError`) are reported the same way.
"""

from __future__ import annotations

PROG = "jarnac-solver"
"""The program's name, the first word of every message."""


class UsageError(Exception):
    """A command line that argparse refused."""


class PartialFailure(Exception):
    """Some input was bad and reported line by line; the rest was done: exit with status 2."""


class NotAllValid(Exception):
    """``check``: a word is not in the lexicon (the answer is printed): exit with status 1."""
