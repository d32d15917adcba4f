"""Options several commands share, read into the library's values: ``--bag`` and where to run.

The executors module is imported only when ``--workers``, ``--processes`` or
``--scheduler`` asks for one.
"""

from __future__ import annotations

import argparse
import os

from ..lexicon.bag import BAGS, Bag
from ..lexicon.lexicon import Lexicon
from .errors import PROG, UsageError

# Not imported at run time (see jarnac_solver/__init__.py); mypy reads any
# constant named TYPE_CHECKING as True.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..executors import Executor
    from ..moves.rules import Rules


def user_bag(name: str, lex: Lexicon, command: str) -> Bag:
    """``--bag``: a built-in bag's name or a bag file, checked against the lexicon's alphabet."""
    if not name:
        raise UsageError(f"{PROG} {command}: --bag is empty: give a bag's name ({', '.join(BAGS)}) or a file")
    if name not in BAGS and not os.path.exists(name):
        known = ", ".join(BAGS)
        raise UsageError(f"{PROG} {command}: --bag {name!r}: no built-in bag of that name ({known}) and no such file")
    return Bag.for_lexicon(lex, Bag.load(name) if name in BAGS else Bag.from_file(name, lex.alphabet))


def rules_and_lexicon(args: argparse.Namespace) -> tuple[Rules, Lexicon]:
    """``--rules`` and ``--lexicon`` together, as the commands layer reads them
    (:func:`~jarnac_solver.commands.positions.rules_and_lexicon`): the note on the list played said after the
    answer."""
    from ..commands import positions

    rules, lex, note = positions.rules_and_lexicon(args.rules, args.lexicon, Lexicon.resolve)
    if note:
        args.notes.append(note)
    return rules, lex


def executor_from(args: argparse.Namespace) -> Executor | None:
    """The executor named by --workers, --processes or --scheduler (``None``: this process)."""
    if args.workers is None and args.processes is None and args.scheduler is None:
        return None
    from ..executors import make_executor

    return make_executor(args.workers, args.scheduler, args.processes)
