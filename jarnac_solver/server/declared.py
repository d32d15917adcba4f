"""The commands declared in the commands layer (:mod:`jarnac_solver.commands`), as the service runs them: a
checked request handed to the library's function, with the server's lexicons (one object a process) and
built-in bags, and its answer (or refusal) as the document ``--json`` prints.

Key idea: a short question (a word judged, its hooks, a lexicon described) runs in the server's process, a
listing of words (which may hold thousands) in a worker of the light lane, two whole lexicons compared in the
heavy lane's; :func:`answer` is the same call
in both, a plain picklable function returning a document, never raising the library's errors across a
process.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cli import SCHEMA
from ..commands import listing
from ..commands.check import CheckRequest, check
from ..commands.hint import HintRequest, hint
from ..commands.hooks import HooksRequest, hooks
from ..commands.jarnac import JarnacRequest, jarnac
from ..commands.lexicons import (
    LexiconDiffRequest,
    LexiconInfoRequest,
    LexiconListRequest,
    lexicon_diff,
    lexicon_info,
    lexicon_list,
)
from ..commands.model import Budget, RequestError, specs
from ..commands.moves import MovesRequest, moves
from ..commands.plan import PlanRequest, plan
from ..commands.search import SearchRequest, search
from ..errors import JarnacError
from ..messages import speaking
from . import live
from .contract import LIGHT_BUDGET_MS, LONG_RACK, Offer

Answer = tuple[str | None, dict[str, Any]] | tuple[str | None, dict[str, Any], Any]
"""A command's answer: the lexicon its document names (``None``: none) and its result, and the rules it
played by (a position's command; left out: none)."""


def _check(asked: CheckRequest, offer: Offer) -> Answer:
    checked = check(asked, live.lexicon, offer.lexicons)  # one lexicon object a process: warm
    return checked.lexicon, checked.result()


def _hooks(asked: HooksRequest, offer: Offer) -> Answer:
    hooked = hooks(asked, live.lexicon)
    return hooked.lexicon.name, hooked.result()


def _lexicon_info(asked: LexiconInfoRequest, offer: Offer) -> Answer:
    lex, _, info = lexicon_info(asked, live.lexicon)
    return lex.name, info


def _lexicon_list(asked: LexiconListRequest, offer: Offer) -> Answer:
    return None, lexicon_list(asked, offer.lexicons)  # the server's lexicons only


def _lexicon_diff(asked: LexiconDiffRequest, offer: Offer) -> Answer:
    return None, lexicon_diff(asked, live.lexicon)  # a built-in bag only: never a file on a server


def _moves(asked: MovesRequest, offer: Offer) -> Answer:
    moved = moves(asked, live.lexicon)
    return moved.position.lexicon.name, moved.result(), moved.position.rules_name


def _jarnac(asked: JarnacRequest, offer: Offer) -> Answer:
    called = jarnac(asked, live.lexicon)
    return called.position.lexicon.name, called.result(), called.position.rules_name


def _plan(asked: PlanRequest, offer: Offer) -> Answer:
    planned = plan(asked, live.lexicon)
    return planned.position.lexicon.name, planned.result(), planned.position.rules_name


def _hint(asked: HintRequest, offer: Offer) -> Answer:
    hinted = hint(asked, live.lexicon)  # a built-in bag only: never a file on a server
    return hinted.position.lexicon.name, hinted.result(), hinted.position.rules_name


def _search(asked: SearchRequest, offer: Offer) -> Answer:
    made = search(asked, live.lexicon, other_of=lambda name, field: live.lexicon(name))  # built-in bags only
    return made.lexicon.name, made.result()


def _listed(make: Callable[..., listing.Listing]) -> Callable[[Any, Offer], Answer]:
    def run(asked: Any, offer: Offer) -> Answer:
        made = make(asked, live.lexicon, mark_of=live.lexicon)
        return made.lexicon.name, made.result()

    return run


RUNS: dict[str, Callable[[Any, Offer], Answer]] = {
    "words": _listed(listing.words),
    "anagram": _listed(listing.anagram),
    "extend": _listed(listing.extend),
    "check": _check,
    "search": _search,
    "hooks": _hooks,
    "lexicon info": _lexicon_info,
    "lexicon list": _lexicon_list,
    "lexicon diff": _lexicon_diff,
    "moves": _moves,
    "jarnac": _jarnac,
    "plan": _plan,
    "hint": _hint,
}
"""Each declared command's library call, by the command's name."""

IN_PROCESS = frozenset({"check", "hooks", "lexicon info", "lexicon list"})
"""The commands answered in the server's process (microseconds: a worker would cost more than the work);
the others run in a worker of the light lane."""


def heavy(name: str, asked: Any) -> bool:
    """Whether a declared command's request may run long, so takes the heavy lane: a whole lexicon against
    another (``lexicon diff``: seconds, no budget to cut it), a search whose budget (cut to the server's
    ceiling) is over :data:`~.contract.LIGHT_BUDGET_MS`, a ``search`` ranking or grouping every word
    (``prob_rank`` or ``anagrams`` without ``letters``), or a rack longer than any tray's
    (:data:`~.contract.LONG_RACK` letters), which makes most of the lexicon, a listing of seconds."""
    if name == "lexicon diff":
        return True
    if name == "search" and asked.letters is None and (asked.prob_rank is not None or asked.anagrams is not None):
        return True  # a probability rank or an anagram class of every word: seconds, whatever the budget
    budgets = [getattr(asked, spec.name) for spec in specs(type(asked)) if spec.bound(Budget) is not None]
    if any(budget is not None and budget > LIGHT_BUDGET_MS for budget in budgets):
        return True  # a search that may run over a second (its budget already cut to the server's ceiling)
    return name in ("words", "extend") and len(str(getattr(asked, "rack", ""))) > LONG_RACK


def answer(name: str, asked: Any, offer: Offer, language: str) -> tuple[int, dict[str, Any], str | None]:
    """The command's document in ``language`` and its status (200, or 400 with the error of the library),
    and the field a refusal names (a library error's when the command read that field's text; ``None``: its
    message says)."""
    with speaking(language):
        try:
            lexicon, result, *played = RUNS[name](asked, offer)
        except JarnacError as exc:
            error: dict[str, Any] = {"type": type(exc).__name__, "message": exc.message(language)}
            if exc.reason is not None:
                error["reason"] = exc.reason.to_dict(language)
            return 400, {"schema": SCHEMA, "command": name, "error": error}, exc.field
        except RequestError as exc:
            message = str(exc).removeprefix(f"{name}: ") if exc.named else str(exc)
            return (
                400,
                {"schema": SCHEMA, "command": name, "error": {"type": "UsageError", "message": message}},
                exc.field,
            )
    rules = played[0] if played else None
    return 200, {"schema": SCHEMA, "command": name, "lexicon": lexicon, "rules": rules, "result": result}, None
