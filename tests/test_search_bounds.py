"""Every search bounded: a default ceiling without a budget, EXACT on request, a memo of bounded size,
and budgets that end the search whatever the rack (the measured targets are in benchmarks/bench_bounds.py)."""

from __future__ import annotations

import math

import pytest

from jarnac_solver import (
    DEFAULT_BUDGET,
    EXACT,
    Bag,
    Lexicon,
    Rules,
    Tray,
    best_jarnac,
    hints,
    legal_moves,
    native,
    plan_ladder,
    unseen_tiles,
)
from jarnac_solver import budget as budget_module
from jarnac_solver.cli import main
from jarnac_solver.moves import steal_search as steal_search_module
from jarnac_solver.planning import chains as chains_module
from jarnac_solver.planning import ladder as ladder_module

from .clocks import looks_after, stepped

FR = Lexicon.load("fr")
# The worst inputs: each ran for minutes (and 1.6 GB) without a budget.
HUGE_RACK = Tray.parse("/ ABCDEFGHIJKLMNOPQRSTUVWXYZABCD")
FULL_TRAY = Tray.parse("CARIES SORBETS MANGER PARTIE TOTEM BRAS DOS CRI / ESARITNLOUESARITNLOUE")


def test_the_default_ceiling_and_exact_are_named() -> None:
    assert DEFAULT_BUDGET == 10.0
    assert math.isinf(EXACT)
    assert budget_module.deadline_of(EXACT) is None
    assert budget_module.deadline_of(None) is not None  # no budget: the ceiling, not "no limit"


@pytest.mark.parametrize(
    "call",
    [
        lambda: plan_ladder(FR, HUGE_RACK),
        lambda: best_jarnac(FR, FULL_TRAY),
        lambda: hints(FR, HUGE_RACK, unseen_tiles(Bag.load("fr"), [HUGE_RACK])),
    ],
    ids=["plan_ladder", "best_jarnac", "hints"],
)
def test_a_call_without_budget_stops_at_the_default_ceiling(call: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ceiling is lowered for the test (to nothing: no machine proves these in no time), and the call
    ends at it with an unproven answer (without the ceiling: minutes)."""
    monkeypatch.setattr(budget_module, "DEFAULT_BUDGET", 0.0)
    answer = call()  # type: ignore[operator]
    assert answer.exact is False


def test_a_ceiling_that_is_not_reached_changes_no_answer() -> None:
    """Ordinary positions: the default ceiling, a generous budget and EXACT give the same proven answer (the
    ladder's greedy first answer gives way to the exact one it ties with)."""
    for text in ["RAT BUT / ZWUSE", "/ ACEERT", "TAC / ERTEIS", "CHOSE MOTS / ABEILNRS"]:
        tray = Tray.parse(text)
        exact = plan_ladder(FR, tray, budget=EXACT)
        assert exact.exact
        assert plan_ladder(FR, tray) == exact
        assert plan_ladder(FR, tray, budget=60) == exact


def test_cli_says_when_the_default_ceiling_applied(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(budget_module, "DEFAULT_BUDGET", 0.2)
    assert main(["plan", str(HUGE_RACK)]) == 0
    out = capsys.readouterr().out
    assert "(the best found within the default 0.2 s ceiling, not proven the longest; --exact for the proof)" in out
    assert main(["plan", "/ ACEERT", "--exact"]) == 0
    assert "not proven" not in capsys.readouterr().out
    assert main(["plan", "/ ACEERT", "--exact", "--budget", "5"]) == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_the_compiled_and_pure_memo_limits_agree() -> None:
    if native.allocation is None:
        pytest.skip("the compiled searches are not built")
    assert native.allocation.MEMO_LIMIT == budget_module.MEMO_LIMIT


@pytest.mark.parametrize("exact", [EXACT, None])
def test_a_full_memo_stops_the_ladder_unproven(exact: float | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory is bounded apart from time: past MEMO_LIMIT states the pure ladder stops as at a deadline, even
    under EXACT, with a legal ladder (the compiled one stops at the same count: the limit agrees, above)."""
    with native.implementation("pure"):
        lex = Lexicon.from_words(FR.subanagrams("AEEILNRSTU", 3, 9))
    tray = Tray.parse("/ AEEILNRSTU")
    full = plan_ladder(lex, tray, budget=exact)
    assert full.exact
    monkeypatch.setattr(ladder_module, "MEMO_LIMIT", 50)  # the completions' memo
    monkeypatch.setattr(chains_module, "MEMO_LIMIT", 50)  # the chains' memo
    cut = plan_ladder(lex, tray, budget=exact)
    assert not cut.exact and cut
    after = tray
    for move in cut:
        assert move in legal_moves(lex, after)
        after = after.push(move)


def test_a_full_memo_stops_the_best_jarnac_unproven(monkeypatch: pytest.MonkeyPatch) -> None:
    with native.implementation("pure"):
        lex = Lexicon.from_words(FR.subanagrams("AEEILNRSTUO", 3, 9))
    tray = Tray.parse("/ AEEILNRSTUO")
    rules = Rules()
    full = best_jarnac(lex, tray, rules=rules, budget=EXACT)
    assert full.exact and full
    monkeypatch.setattr(steal_search_module, "MEMO_LIMIT", 0)
    cut = best_jarnac(lex, tray, rules=rules, budget=EXACT)
    assert not cut.exact and cut.swing <= full.swing


@pytest.mark.parametrize("implementation", ["compiled", "pure"])
def test_a_small_budget_ends_a_huge_search_in_time(implementation: str) -> None:
    """Not a speed target (those are benchmarks): a budget on the 30-letter rack ends the search at its first
    look at the clock past it, with a legal move."""
    if implementation == "compiled" and not native.compiled_available():
        pytest.skip("the compiled walk is not built")
    with native.implementation(implementation):
        lex = Lexicon.load("fr")
    lex.move_keys()
    plan_ladder(lex, HUGE_RACK, budget=0)  # caches filled
    deadline, clock = stepped(50)
    ladder = plan_ladder(lex, HUGE_RACK, budget=deadline)
    assert looks_after(deadline, clock) <= 1
    assert not ladder.exact and ladder and ladder[0] in legal_moves(lex, HUGE_RACK)
