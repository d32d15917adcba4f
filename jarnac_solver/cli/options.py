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
    """``--rules`` and ``--lexicon`` together: a bundled list the rules play in another form is replaced
    by that form (the competitive rules' verbs: ``fr`` -> ``fr-competitive``), and a note after the
    answer says so (or that the language has no such list); a user's file is played as given."""
    from ..moves.rules import VERB_FORM_LEXICONS, Rules

    rules = Rules.preset(args.rules)
    bundled = args.lexicon in Lexicon.available()
    chosen = rules.lexicon_for(args.lexicon) if bundled else args.lexicon
    if chosen != args.lexicon:
        args.notes.append(
            f"({args.rules} rules: played on {chosen} in place of {args.lexicon},"
            " verbs only as infinitives and participles)"
        )
    elif bundled and rules.verb_forms != "all" and args.lexicon not in VERB_FORM_LEXICONS.values():
        args.notes.append(
            f"({args.rules} rules: {args.lexicon} has no list of verbs only as infinitives and participles;"
            " every form is played)"
        )
    return rules, Lexicon.resolve(chosen)


def executor_from(args: argparse.Namespace) -> Executor | None:
    """The executor named by --workers, --processes or --scheduler (``None``: this process)."""
    if args.workers is None and args.processes is None and args.scheduler is None:
        return None
    from ..executors import make_executor

    return make_executor(args.workers, args.scheduler, args.processes)
