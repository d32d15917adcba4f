"""The hint engine: time budgets, advice for every phase, exposure to this opponent, anagram classes.

Each case a real attempt at advice hit is a test here.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import (
    Bag,
    CallJarnac,
    Deadline,
    Decline,
    Draw,
    Exchange,
    Game,
    InvalidInputError,
    Lexicon,
    Move,
    Play,
    Rules,
    Tray,
    advise,
    advise_position,
    best_jarnac,
    hints,
    plan_ladder,
    thief_best_call,
    unseen_tiles,
)
from jarnac_solver.budget import deadline_of
from jarnac_solver.planning.strategy import final_margin

from . import oracle
from .clocks import looks_after, stepped
from .strategies import Tiles
from .test_moves_oracle import build, cases, shape

FR = Lexicon.load("fr")
FULL = Tray.parse("TZAR CHOSE MOTS DIRE LAVA PIRE VIN OSE / E")  # 8 lines: nothing can be seated


# -- budgets ----------------------------------------------------------------


def test_a_budget_returns_a_legal_ladder_in_time_and_says_it_is_not_proven() -> None:
    tray = Tray.parse("RAT BUT TAS CHOSE / ABCDEEILNORSTU")  # 15 letters: seconds without a budget
    deadline, clock = stepped(20)
    ladder = plan_ladder(FR, tray, budget=deadline)
    assert looks_after(deadline, clock) <= 1  # stopped at its first look past the deadline
    assert not ladder.exact and ladder  # the best found: at least a move
    after = tray
    for move in ladder:
        after = after.push(move, lexicon=FR)  # legal move by move


def test_without_a_budget_every_answer_is_proven() -> None:
    tray = Tray.parse("RAT BUT / ZWUSE")
    assert plan_ladder(FR, tray).exact
    assert best_jarnac(FR, tray).exact
    assert hints(FR, tray).exact


def test_a_generous_budget_gives_the_exact_answer() -> None:
    tray = Tray.parse("RAT BUT / ZWUSE")
    assert plan_ladder(FR, tray, budget=60) == plan_ladder(FR, tray)
    assert best_jarnac(FR, tray, budget=Deadline.after(60)) == best_jarnac(FR, tray)
    assert hints(FR, tray, budget=60) == hints(FR, tray)


def test_a_value_jarnac_within_a_budget_is_legal_and_flagged() -> None:
    """The value Jarnac with a pool of 24 letters took up to 28 s."""
    rules = Rules(value_jarnac=True)
    tray = Tray.parse("FIXIEZ RIVELET FORKAS / TRACZM")
    deadline, clock = stepped(20)
    plan = best_jarnac(FR, tray, rules=rules, formed_indexes=[0, 1, 2], budget=deadline)
    assert looks_after(deadline, clock) <= 1
    assert not plan.exact and "budget" in str(plan)
    assert plan.to_dict()["exact"] is False
    assert plan.swing > 0  # a good answer comes first


def test_budgets_are_checked() -> None:
    for bad in (-1, float("nan"), "1", True):
        with pytest.raises(InvalidInputError, match="budget"):
            deadline_of(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidInputError, match="budget"):
            plan_ladder(FR, Tray.parse("/ ABC"), budget=bad)  # type: ignore[arg-type]
    assert deadline_of(float("inf")) is None


@settings(max_examples=60, deadline=None)
@given(cases(), st.sampled_from([0.0, 0.0005, 0.002]))
def test_budgeted_answers_are_legal_and_never_beat_the_exact_ones(
    case: tuple[list[Tiles], Rules, list[Tiles], Tiles], budget: float
) -> None:
    words, rules, lines, rack = case
    lex, tray = build(words, lines, rack)
    ladder = plan_ladder(lex, tray, rules, budget=budget)
    after = tray
    for move in ladder:
        after = after.push(move, rules, lex)
    best = oracle.best_ladder(words, lines, rack, **shape(rules))
    assert (len(ladder), after.score) <= best
    assert ladder.exact <= ((len(ladder), after.score) == best)  # proven means optimal
    plan = best_jarnac(lex, tray, rules=rules, budget=budget)
    expected = oracle.best_jarnac(
        words, lines, rack, **shape(rules), steal_place=rules.steal_place, free_lines=rules.lines, objective="swing"
    )
    assert (plan.swing, plan.gain) <= expected
    assert plan.exact <= ((plan.swing, plan.gain) == expected)
    for move in plan.steals:
        tray = tray.push(move, rules, lex)


def test_advice_on_a_hard_position_honours_the_budget() -> None:
    tray = Tray.parse("RAT BUT TAS CHOSE / ABCDEEILNORS")
    deadline, clock = stepped(50)
    advice = advise_position(FR, tray, Tray.parse("/"), unseen_tiles(Bag.load("fr"), [tray]), budget=deadline)
    assert looks_after(deadline, clock) <= 4  # each stage of the advice looks once past it, and stops
    assert not advice.exact and isinstance(advice.best, Play)
    assert advice.best.move in __import__("jarnac_solver").legal_moves(FR, tray)


# -- what an app hit ----------------------------------------------------------


def test_exposure_is_what_this_opponent_can_call() -> None:
    """\"75 pts exposed\" against an opponent whose tray is full."""
    tray = Tray.parse("RAT BUT / ZWUSE")
    free = {h.move: h.exposure or 0 for h in hints(FR, tray)}  # a thief with every line free
    assert max(free.values()) > 0
    assert all(h.exposure == 0 for h in hints(FR, tray, opponent=FULL))
    one_line = Tray.parse("TZAR CHOSE MOTS DIRE LAVA PIRE VIN / E")  # one free line: one steal at most
    for h in hints(FR, tray, opponent=one_line):
        after = tray.push(h.move, lexicon=FR)
        assert h.exposure == thief_best_call(FR, after, one_line).swing <= free[h.move]


def test_anagrams_are_one_hint_with_alternatives() -> None:
    """On RAT BUT / ZWUSE the top 3 were ARTS, RATS, STAR (same letters, same value)."""
    ranked = hints(FR, Tray.parse("RAT BUT / ZWUSE"), top=5)
    classes = [(h.move.line_index, "".join(sorted(h.move.word))) for h in ranked]
    assert len(set(classes)) == len(classes)
    arts = next(h for h in ranked if "".join(sorted(h.move.word)) == "ARST")
    assert sorted((arts.move.word, *arts.alternatives)) == ["ARTS", "RATS", "STAR", "TSAR"]
    assert "(or " in str(arts)


def test_the_readme_unseen_tiles_leave_out_the_players_own_tray() -> None:
    """The README passed unseen_tiles(Bag.load("fr"), []), counting the player's tray as unseen."""
    tray = Tray.parse("RAT BUT / ZWUSE")
    assert len(unseen_tiles(Bag.load("fr"), [tray])) == len(Bag.load("fr").tiles()) - 11
    readme = (__import__("pathlib").Path(__file__).parent.parent / "README.md").read_text()
    assert 'unseen_tiles(Bag.load("fr"), [])' not in readme


# -- every phase ------------------------------------------------------------


def test_the_start_of_a_turn_has_a_public_answer() -> None:
    tray = Tray.parse("RAT BUT / QWXZKY")
    advice = advise_position(FR, tray, unseen=unseen_tiles(Bag.load("fr"), [tray]), phase="start", samples=6)
    assert advice.phase == "start"
    actions = [o.action for o in advice.options]
    assert Draw() in actions and any(isinstance(a, Exchange) for a in actions)
    assert isinstance(advice.best, Exchange)  # six hard consonants: change three
    assert all(o.reasons for o in advice.options)


def test_the_jarnac_window_is_advised_with_the_thiefs_tray() -> None:
    """The sheet: A has RAT and BUT, rack Z W, passes; B calls Jarnac with RAT+Z -> TZAR."""
    advice = advise_position(FR, Tray.parse("/"), Tray.parse("RAT BUT / ZW"), phase="jarnac")
    assert advice.best == CallJarnac((Move.parse("1:RAT+Z=TZAR"),))
    assert advice.options[0].jarnac is not None and advice.options[0].jarnac.swing == 25
    clean = advise_position(FR, Tray.parse("/"), Tray.parse("RAT BUT / Q"), phase="jarnac")
    assert clean.best == Decline() and clean.options[0].reasons[0].code == "clean_pass"
    blocked = advise_position(FR, FULL, Tray.parse("RAT BUT / ZW"), phase="jarnac")
    assert blocked.best == Decline() and blocked.options[0].reasons[0].code == "no_free_line"
    # A call of the passer's rack letters alone costs the passer no points: said so, not "-0 pts".
    rack_only = advise_position(FR, Tray.parse("/"), Tray.parse("/ TRA"), phase="jarnac").options[0]
    codes = [r.code for r in rack_only.reasons]
    assert "jarnac_no_loss" in codes and "jarnac_loss" not in codes, codes


def test_a_word_under_dispute_is_looked_up() -> None:
    advice = advise_position(FR, Tray.parse("/"), phase="dispute", disputed=Move.parse("+ZORG"))
    assert str(advice.best) == "dispute"
    advice = advise_position(FR, Tray.parse("/"), phase="dispute", disputed=Move.parse("+RAT"))
    assert str(advice.best) == "accept"


def test_advice_through_whole_games_is_always_legal() -> None:
    """advise(game).best is pushed for both players until the game ends: every phase comes up."""
    seen = set()
    for seed in (1, 2):
        game = Game(FR, seed=seed)
        while not game.is_over() and len(game.actions) < 400:
            advice = advise(game, budget=0.01, samples=2)
            seen.add(advice.phase)
            action = advice.best
            if game.state.phase == "jarnac":
                assert (action == Decline()) == (not game.best_call())
            game.push(action)
            game.check_invariants()
    assert {"opening", "start", "play", "jarnac"} <= seen
    assert advise(game).options == () or not game.is_over()


def test_bad_position_arguments_are_named() -> None:
    tray = Tray.parse("RAT / Z")
    with pytest.raises(InvalidInputError, match="phase"):
        advise_position(FR, tray, phase="middle")
    with pytest.raises(InvalidInputError, match="opponent"):
        advise_position(FR, tray, phase="jarnac")
    with pytest.raises(InvalidInputError, match="opponent"):
        advise_position(FR, tray, "RAT / Z")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="disputed"):
        advise_position(FR, tray, phase="dispute")
    with pytest.raises(InvalidInputError, match="unseen tile"):
        advise_position(FR, tray, unseen=["1"])
    with pytest.raises(InvalidInputError, match="Game"):
        advise("game")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="samples"):
        hints(FR, tray, samples=-1)
    with pytest.raises(InvalidInputError, match="min_familiarity"):
        hints(FR, tray, min_familiarity=9)


def test_advice_round_trips_as_json() -> None:
    advice = advise_position(FR, Tray.parse("RAT BUT / ZWUSE"), FULL)
    data = advice.to_dict()
    assert data["phase"] == "play" and data["exact"] is True
    options = data["options"]
    assert isinstance(options, list) and "alternatives" in options[0]["hint"]
    from jarnac_solver import Hint

    hint = advice.options[0].hint
    assert hint is not None and Hint.from_dict(hint.to_dict()) == hint


# -- familiarity ----------------------------------------------------------------


def test_hints_show_familiarity_and_can_keep_to_known_words() -> None:
    from jarnac_solver import Familiarity

    fam = Familiarity.for_lexicon(FR)
    ranked = hints(FR, Tray.parse("RAT BUT / ZWUSE"), familiarity=fam, top=10)
    assert all(h.familiarity is not None for h in ranked)
    arts = next(h for h in ranked if "".join(sorted(h.move.word)) == "ARST")
    assert arts.move.word == max(["ARTS", "RATS", "STAR", "TSAR"], key=fam.familiarity)  # the best known shown
    known = hints(FR, Tray.parse("RAT BUT / ZWUSE"), min_familiarity=3.5, top=10)
    assert known and all(h.familiarity is not None and h.familiarity >= 3.5 for h in known)
    assert any(h.familiarity is not None and h.familiarity < 3.5 for h in ranked)  # some were left out


def test_with_one_line_left_the_advice_finishes_only_when_that_wins() -> None:
    """The planner's end game, as advice: fill the last line when the score (after the opponent's best final
    Jarnac) wins; otherwise extend and keep the line."""
    me = Tray.parse("RAT BUT CAS DOS FEU LIT MER / ESTIAN")
    behind = Tray.parse("TZARS CHOSES MOTS DIRES LAVAS PIRES VINS / E")
    ahead = Tray.parse("TZAR CHOSE MOTS / E")
    winning = advise_position(FR, me, ahead)
    assert isinstance(winning.best, Play) and winning.best.move.kind == "place"
    assert winning.options[0].reasons[0].code.startswith("finish_wins")
    after = me.push(winning.best.move, lexicon=FR)
    assert after.free_lines(Rules()) == 0 and final_margin(FR, after, ahead, Rules()) > 0
    losing = advise_position(FR, me, behind)
    assert isinstance(losing.best, Play) and losing.best.move.kind == "extend"
    assert losing.options[0].reasons[0].code.startswith("finish_loses")
    for looks in (0, 1, 5, 50):  # extend, not finish, is decided first, whenever the budget ends
        rushed = advise_position(FR, me, behind, budget=stepped(looks)[0]).best
        assert isinstance(rushed, Play) and rushed.move.kind == "extend"
    assert advise_position(FR, me, behind, budget=stepped(50)[0]).best == losing.best


# -- budgets, windows and exposure under a budget ---------------------------------


def test_a_jarnac_not_found_in_time_is_not_called_impossible() -> None:
    """Under a budget the decline said "no steal fits your free lines" where a value Jarnac swung 307."""
    en = Lexicon.load("en")
    thief, passer = Tray.parse("BIFID GUV / WUY"), Tray.parse("KANGAROOS EPIDURALS REVETTED / C")
    rules = Rules.preset("english")
    advice = advise_position(en, thief, passer, phase="jarnac", rules=rules, formed_indexes=[1, 2], budget=0.0)
    if advice.best == Decline():
        assert not advice.exact and "within the budget" in str(advice.options[0].reasons[0])
    exact = advise_position(en, thief, passer, phase="jarnac", rules=rules, formed_indexes=[1, 2])
    assert exact.exact and isinstance(exact.best, CallJarnac)


def test_an_exposure_not_computed_in_time_is_unknown_not_zero() -> None:
    tray = Tray.parse("RAT BUT TAS CHOSE / ABCDEEILNORS")
    ranked = hints(FR, tray, budget=0.0)
    assert ranked and not ranked.exact
    assert all(h.exposure is None or h.exact for h in ranked)
    assert any(h.exposure is None for h in ranked)
    assert "not computed" in str(next(h for h in ranked if h.exposure is None))
    hint = next(h for h in ranked if h.exposure is None)
    from jarnac_solver import Hint

    assert Hint.from_dict(hint.to_dict()) == hint


def test_a_forced_pass_says_what_it_exposes() -> None:
    """No move left, but a value Jarnac on the lines formed this turn: the pass is not clean."""
    en = Lexicon.load("en")
    advice = advise_position(
        en,
        Tray.parse("CACHOU SHRUB BAITS TIE / E"),
        Tray.parse("/"),
        rules=Rules.preset("english"),
        formed_indexes=[1, 2, 3],
    )
    assert str(advice.best) == "pass" and advice.options[0].reasons[0].code == "no_move_exposed"
    assert str(advice.options[0].reasons[0].values["plan"]).startswith("value Jarnac")


def test_no_known_word_gives_the_best_moves_anyway_not_a_pass() -> None:
    """min_familiarity=8 left no move, and the advice said pass: an invitation to a Jarnac."""
    advice = advise_position(FR, Tray.parse("RAT BUT / ZWUSE"), min_familiarity=8, top=2)
    assert isinstance(advice.best, Play) and advice.options[0].reasons[0].code == "not_known_enough"


def test_a_word_that_fills_the_tray_draws_nothing() -> None:
    me = Tray.parse("RAT BUT CAS DOS FEU LIT MER / ESTIAN")
    advice = advise_position(FR, me, top=400)  # every move: the places rank after the one-letter extensions
    fill = next(o for o in advice.options if isinstance(o.action, Play) and o.action.move.kind == "place")
    assert fill.reasons[0].code == "fills_last_line" and not any(r.code == "draws_expected" for r in fill.reasons)


def test_a_deadline_counts_from_now_and_is_shared() -> None:
    """Deadline(0.05) read as an absolute time had already passed: every answer came back unproven."""
    shared = Deadline(30)
    tray = Tray.parse("RAT BUT / ZWUSE")
    assert plan_ladder(FR, tray, budget=shared).exact and hints(FR, tray, budget=shared).exact
    assert 29 < shared.remaining() <= 30


def test_every_phase_checks_top_and_samples() -> None:
    for phase in ("jarnac", "start", "play", "opening"):
        with pytest.raises(InvalidInputError, match="top"):
            advise_position(FR, Tray.parse("/"), Tray.parse("RAT / Z"), phase=phase, top=0)
        with pytest.raises(InvalidInputError, match="samples"):
            advise_position(FR, Tray.parse("/"), Tray.parse("RAT / Z"), phase=phase, samples=-1)
        with pytest.raises(InvalidInputError, match="min_familiarity"):
            advise_position(FR, Tray.parse("/"), Tray.parse("RAT / Z"), phase=phase, min_familiarity=9)


def test_start_advice_without_unseen_tiles_says_why_no_exchange() -> None:
    advice = advise_position(FR, Tray.parse("RAT / QWXZKY"), phase="start")
    assert [str(o.action) for o in advice.options] == ["draw"]
    assert advice.options[0].reasons[-1].code == "no_exchange_unseen"


# -- ladders and plans under longer last lines -------------------------------------


def test_no_move_follows_the_word_that_fills_the_tray() -> None:
    """The ladder listed +U then 8:U+W=WU: after the word that fills the tray the turn is over."""
    tray = Tray.parse("RAT BUT TAS CHOSEE MOTS DIRE LAVA / ZWUSO")
    for ladder in (plan_ladder(FR, tray), plan_ladder(FR, tray, budget=0.0)):
        after = tray
        for n, move in enumerate(ladder, 1):
            after = after.push(move, lexicon=FR)
            if not after.free_lines(Rules()):
                assert n == len(ladder) and move.kind == "place"
    fill = next(h for h in hints(FR, tray, top=400, candidates=400) if h.move.kind == "place")
    assert fill.ladder == () and fill.draws == 0


def test_new_words_are_candidates_beside_the_cheapest_extensions() -> None:
    """With top=3, RUAT, ARTS and TZAR were shown while +WUS (a new line: the race) was worth far more."""
    ranked = hints(FR, Tray.parse("RAT BUT / ZWUSE"), top=3)
    everything = hints(FR, Tray.parse("RAT BUT / ZWUSE"), top=100, candidates=100)
    assert [h.move for h in ranked] == [h.move for h in everything[:3]]


def test_a_plan_played_in_its_order_respects_a_longer_last_line() -> None:
    """Under rules whose last line asks for longer words than the
    others, ``+ASS +AA`` put AA on the passer's last line of 3 tiles at least; now the longest comes last."""
    from jarnac_solver.lexicon.alphabet import DUTCH

    rules = Rules(lines=3, line_length=4, min_length=2, last_line_min_length=3)
    lex = Lexicon.from_words(["AA", "ASS"], DUTCH)
    tray = Tray(["AA"], "AAASS", DUTCH)
    plan = best_jarnac(lex, tray, rules=rules)
    assert [str(m) for m in plan.steals] == ["+AA", "+ASS"]
    for move in plan.steals:
        tray = tray.push(move, rules, lex)
