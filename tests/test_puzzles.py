"""Puzzles: every answer re-checked by the exact solvers, the margin's search against a brute-force twin, the
filter, the daily puzzle's stability and range, and judging right, wrong and malformed answers."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from functools import cache
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import Lexicon, Rules, Tray
from jarnac_solver.budget import EXACT
from jarnac_solver.errors import IllegalMoveError, InvalidInputError
from jarnac_solver.moves.jarnac import thief_best_call
from jarnac_solver.moves.move import Move
from jarnac_solver.moves.movegen import legal_moves
from jarnac_solver.moves.steals import misfit, seating, take_steals
from jarnac_solver.planning.endgame import final_outcome, pass_outcome
from jarnac_solver.planning.ladder import plan_ladder, play_out
from jarnac_solver.practice.puzzles import (
    DAILY_FIRST,
    DEFAULT_FILTER,
    KINDS,
    Puzzle,
    daily_puzzle,
    harvest,
    judge,
    puzzles_from_record,
    self_play_puzzles,
)
from jarnac_solver.practice.solve import call_key, every_call

from . import oracle

RULES = Rules()


@cache
def lexicon(name: str) -> Lexicon:
    return Lexicon.load(name)


@cache
def found(name: str) -> tuple[Puzzle, ...]:
    """The puzzles of a few seeded self-play games (every kind appears on fr within them)."""
    return tuple(harvest(lexicon(name), 10_000, seed=1, max_games=3).puzzles)


def _value(lex: Lexicon, tray: Tray, ladder: list[Move]) -> tuple[int, int]:
    return (len(ladder), play_out(tray, ladder, RULES, lex).score)


def recheck(puzzle: Puzzle) -> None:
    """The puzzle's answer, value and margin re-derived from the exact solvers of the layers below."""
    lex = lexicon(puzzle.lexicon)
    me, them = puzzle.me, puzzle.opponent
    if puzzle.kind == "jarnac":
        plan = thief_best_call(lex, them, me, puzzle.rules, budget=EXACT)
        assert plan.exact and plan.swing == puzzle.value
        assert judge(puzzle, puzzle.answer, lex).right
        assert puzzle.next_best is None or not judge(puzzle, puzzle.next_best, lex).right
    elif puzzle.kind == "jarnacable":
        plan = thief_best_call(lex, them, me, puzzle.rules, budget=EXACT)
        assert (puzzle.answer == "yes") == bool(plan)
        assert puzzle.value == plan.swing
    elif puzzle.kind == "best_play":
        ladder = plan_ladder(lex, me, puzzle.rules, budget=EXACT)
        assert ladder.exact and _value(lex, me, ladder) == (puzzle.value, puzzle.points)
        assert judge(puzzle, puzzle.answer, lex).right and judge(puzzle, str(ladder[0]), lex).right
        if puzzle.next_best is None:
            assert puzzle.options == 1 and len(legal_moves(lex, me, puzzle.rules)) >= 1
        else:
            assert not judge(puzzle, puzzle.next_best, lex).right
    else:
        outcomes = []
        for move in legal_moves(lex, me, puzzle.rules):
            assert move.kind == "place"  # only words that fill the last line: pass or finish
            outcome = final_outcome(lex, me.push(move, puzzle.rules, lex), them, puzzle.rules)
            outcomes.append((not outcome.open, outcome.margin, str(move)))
        certain_wins = [o for o in outcomes if o[0] and o[1] > 0]
        passed = pass_outcome(lex, me, them, puzzle.rules)
        if puzzle.answer == "play":
            # The best certain finish: a win, or a loss smaller than the pass's.
            certain = [o[1] for o in outcomes if o[0]]
            assert certain and max(certain) == puzzle.value
            assert passed.margin is None or -passed.margin < puzzle.value
            assert judge(puzzle, "play", lex).right and judge(puzzle, puzzle.line[0], lex).right
        else:
            assert not certain_wins
            assert passed.margin is None or -passed.margin > max(o[1] for o in outcomes if o[0])
            assert judge(puzzle, "pass", lex).right and not judge(puzzle, "play", lex).right


@pytest.mark.parametrize("name", ["fr", "en", "es", "nl"])
def test_every_puzzle_rechecked_by_the_exact_solvers(name: str) -> None:
    puzzles = found(name)
    kinds = Counter(p.kind for p in puzzles)
    assert {"jarnac", "jarnacable", "best_play"} <= set(kinds), kinds
    for kind in KINDS:  # every kind re-checked (a few of each: the suite's budget)
        for puzzle in [p for p in puzzles if p.kind == kind][:4]:
            recheck(puzzle)
            assert Puzzle.from_dict(puzzle.to_dict()) == puzzle


def test_pass_or_play_rechecked() -> None:
    puzzles = [p for p in found("fr") + found("nl") + found("en") if p.kind == "pass_or_play"]
    assert puzzles
    for puzzle in puzzles:
        recheck(puzzle)


def test_the_filter_keeps_only_clear_answers() -> None:
    """Each kept puzzle passes the stated filter; and a loose filter keeps more."""
    keep = DEFAULT_FILTER
    for p in found("fr"):
        if p.kind == "jarnac":
            assert p.options >= keep.min_options and p.margin >= keep.min_swing_margin
            assert p.next_value is None or p.value - p.next_value == p.margin
        elif p.kind == "best_play":
            assert p.unit == "words" or p.margin >= keep.min_points_margin
        elif p.kind == "jarnacable" and p.answer == "no":
            assert len(p.opponent.rack_codes) >= keep.min_rack
    loose = harvest(lexicon("fr"), 10_000, seed=1, max_games=3, keep=DEFAULT_FILTER.__class__(min_swing_margin=1))
    assert len(loose.puzzles) > len(found("fr"))


def test_seeded_and_deterministic() -> None:
    first = self_play_puzzles(lexicon("en"), 5, seed=7, max_games=3)
    again = self_play_puzzles(lexicon("en"), 5, seed=7, max_games=3)
    assert [p.to_dict() for p in first] == [p.to_dict() for p in again] and first


# -- the margin's search (every call of a window) against a brute-force twin ---------------------------------


def _brute_calls(lex: Lexicon, passer: Tray, thief: Tray) -> dict[frozenset[tuple[int | None, str]], int]:
    """Every legal call by trying every multiset of single steals (the oracle's moves), each checked by the
    engine's own steal and seating rules: the best swing of each answer."""
    words = [tuple(w) for w in lex.subanagrams(passer.rack + "".join(passer.lines), min_len=1)]
    singles = sorted(
        oracle.moves(
            words,
            [tuple(x) for x in passer.lines],
            tuple(passer.rack),
            n_lines=RULES.lines,
            line_length=RULES.line_length,
            min_length=RULES.min_length,
            last_min=RULES.last_line_min_length,
            place_min=1,
        )
    )
    moves = []
    for kind, line, word in singles:
        old = None if line is None else passer.lines[line]
        moves.append(Move.place(word) if kind == "place" else Move.extend(line, old or "", word))
    best: dict[frozenset[tuple[int | None, str]], int] = {}
    for size in range(1, min(thief.free_lines(RULES), len(passer.rack_codes)) + 1):  # a steal adds a letter
        for chosen in combinations_with_replacement(moves, size):
            try:
                _, stolen = take_steals(passer, chosen, RULES, lex)
            except IllegalMoveError:
                continue
            if misfit(seating(thief, stolen, RULES), RULES) is not None:
                continue
            lost = sum(len(passer.lines[m.line_index]) ** 2 for m in chosen if m.line_index is not None)
            swing = sum(len(w) ** 2 for w in stolen) + lost
            key = call_key(chosen)
            best[key] = max(best.get(key, 0), swing)
    return best


def _compare(lex: Lexicon, passer: Tray, thief: Tray) -> None:
    calls = every_call(lex, passer, thief, RULES, limit=5_000)
    if calls is None:
        return
    mine: dict[frozenset[tuple[int | None, str]], int] = {}
    for c in calls:
        mine[call_key(c.steals)] = max(mine.get(call_key(c.steals), 0), c.swing)
    assert mine == _brute_calls(lex, passer, thief)
    plan = thief_best_call(lex, passer, thief, RULES, budget=EXACT)
    assert max(mine.values(), default=0) == plan.swing


def test_every_call_against_brute_force_on_puzzle_windows() -> None:
    lex = lexicon("fr")
    windows = [(p.opponent, p.me) for p in found("fr") if p.kind in ("jarnac", "jarnacable")]
    small = [(a, b) for a, b in windows if len(a.rack_codes) <= 4 and not any(not x for x in b.lines)][:8]
    assert small
    for passer, thief in small:
        _compare(lex, passer, thief)


WORDS = ["RAT", "TAR", "ART", "TZAR", "RATS", "STAR", "TSAR", "ARTS", "BUT", "BUTS", "TUBS", "BUST", "STUB", "TUB"]


@settings(max_examples=25, deadline=None)
@given(
    lines=st.lists(st.sampled_from(["RAT", "BUT", "TZAR", "TUB"]), max_size=3),
    rack=st.text(alphabet="ABRSTUZ", max_size=5),
    thief_lines=st.integers(0, 7),
)
def test_every_call_against_brute_force_hypothesis(lines: list[str], rack: str, thief_lines: int) -> None:
    lex = Lexicon.from_words(WORDS)
    rules_lines = ["ART"] * thief_lines
    _compare(lex, Tray(lines, rack), Tray(rules_lines, ""))


# -- the daily puzzle ---------------------------------------------------------------------------------------


def test_daily_puzzle_stable_and_bounded() -> None:
    today = dt.date(2026, 12, 7)
    lex = lexicon("fr")
    first = daily_puzzle(lex, "2026-12-07", today=today)
    assert daily_puzzle(lex, dt.date(2026, 12, 7), today=today) == first
    assert first.id == daily_puzzle(lex, "2026-12-07", today=today).id
    other = daily_puzzle(lex, "2026-12-08", today=today)  # tomorrow: the first time zones are there
    assert other.id != first.id and other.kind != first.kind
    recheck(first)
    for bad in ("2026-12-09", "2025-12-31", str(DAILY_FIRST - dt.timedelta(days=1)), "2100-01-01"):
        with pytest.raises(InvalidInputError, match="daily puzzles run from 2026-01-01"):
            daily_puzzle(lex, bad, today=dt.date(2200, 1, 1) if bad == "2100-01-01" else today)
    for bad in ("yesterday", "2026-13-01", "2026-1-1"):
        with pytest.raises(InvalidInputError, match="YYYY-MM-DD"):
            daily_puzzle(lex, bad, today=today)


@pytest.mark.parametrize("name", ["en", "es", "nl"])
def test_daily_puzzle_for_each_lexicon(name: str) -> None:
    puzzle = daily_puzzle(lexicon(name), "2026-06-01", today=dt.date(2026, 12, 7))
    assert puzzle.lexicon == name
    recheck(puzzle)


# -- judging ------------------------------------------------------------------------------------------------


def test_right_and_wrong_answers_judged_with_the_explanation() -> None:
    lex = lexicon("fr")
    by_kind = {p.kind: p for p in reversed(found("fr"))}
    jarnac = by_kind["jarnac"]
    right = judge(jarnac, jarnac.answer, lex)
    assert right.right and right.value == jarnac.value
    assert right.reason().text("en").startswith("right; ")
    assert jarnac.next_best is not None
    wrong = judge(jarnac, jarnac.next_best, lex)
    assert not wrong.right and wrong.value == jarnac.next_value
    assert wrong.reason().text("en").startswith(f"wrong; {jarnac.answer} swings {jarnac.value}: ")  # said once
    assert wrong.to_dict()["said"]["code"] == "practice.and"
    assert "faux" in wrong.reason().text("fr")
    yes_no = by_kind["jarnacable"]
    assert judge(yes_no, yes_no.answer, lex).right
    assert not judge(yes_no, "no" if yes_no.answer == "yes" else "yes", lex).right
    assert judge(yes_no, "oui" if yes_no.answer == "yes" else "non", lex).right


@pytest.mark.parametrize(
    ("kind", "answer", "message"),
    [
        ("jarnac", "", "the answer is empty"),
        ("jarnac", "1:RAT+Z=TZAR +Q9", "the answer's steal 2 \\('\\+Q9'\\)"),
        ("jarnac", "1:ZZZ+A=ZZZA", "the answer '1:ZZZ\\+A=ZZZA'"),
        ("best_play", "+AB +CD", "give one move"),
        ("best_play", "nonsense", "the answer 'nonsense': write a move as \\+WORD"),
        ("jarnacable", "maybe", "answer yes or no"),
        ("pass_or_play", "later", "answer pass, play or a move"),
    ],
)
def test_malformed_answers_name_the_part(kind: str, answer: str, message: str) -> None:
    puzzles = [p for p in found("fr") + found("nl") + found("en") if p.kind == kind]
    with pytest.raises(InvalidInputError, match=message):
        judge(puzzles[0], answer, lexicon(puzzles[0].lexicon))


def test_yes_no_pass_play_said_in_the_readers_language() -> None:
    from jarnac_solver.messages import speaking

    lex = lexicon("fr")
    yes_no = next(p for p in found("fr") if p.kind == "jarnacable")
    wrong = "non" if yes_no.answer == "yes" else "oui"
    with speaking("fr"):  # the verdict names the answer in French, as the question asks it (oui ou non)
        said = str(judge(yes_no, wrong, lex).reason())
    # a yes opens its why
    expected = "faux\u202f; oui\u202f: " if yes_no.answer == "yes" else "faux\u202f: la réponse est non\u202f; "
    assert said.startswith(expected), said
    side = next(p for p in found("fr") if p.kind == "pass_or_play")
    french = {"pass": "passer", "play": "jouer"}[str(side.answer)]  # the question's own words are answers
    assert judge(side, french, lex).right


def test_puzzle_command_reveal_says_the_answer_once(capsys: pytest.CaptureFixture[str]) -> None:
    from jarnac_solver.cli import main

    assert main(["puzzle", "--date", "2026-12-07", "--reveal"]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("2:ETUI+RT=TRUITE swings 52:") and last.count("TRUITE") == 1


def test_kinds_and_records_checked() -> None:
    from jarnac_solver import play_game

    record = play_game(lexicon("fr"), ["planner", "planner"], seed=3)
    only = puzzles_from_record(record, lexicon("fr"), kinds=("best_play",))
    assert only and {p.kind for p in only} == {"best_play"}
    with pytest.raises(InvalidInputError, match="kinds must be some of"):
        puzzles_from_record(record, lexicon("fr"), kinds=("riddle",))
    with pytest.raises(InvalidInputError, match="count must be"):
        self_play_puzzles(lexicon("fr"), 0)


# -- learn from your mistakes -------------------------------------------------------------------------------


def test_a_persons_mistakes_become_their_puzzles() -> None:
    from jarnac_solver import CarelessPlayer, play_game, review
    from jarnac_solver.practice.mistakes import mistake_puzzles

    lex = lexicon("fr")
    record = play_game(lex, ["planner", CarelessPlayer(5, slip=0.5)], seed=5)
    result = review(record, lex, depth="plan", player=1)
    mistakes = {d.action: d for d in result.decisions if d.player == 1 and d.verdict is not None and d.loss > 0}
    puzzles = mistake_puzzles(result, player=1, lexicon=lex)
    assert puzzles
    for puzzle in puzzles:
        action = int(puzzle.source.split("action ")[1].split(" ")[0])
        decision = mistakes[action]  # the person's own decision, one the review found costly
        assert puzzle.me == decision.trays[1] and puzzle.opponent == decision.trays[0]
        assert decision.played != puzzle.answer and f"{decision.loss:.1f} points lost" in puzzle.source
        recheck(puzzle)
    assert mistake_puzzles(result, player=0, lexicon=lex) == [] or all(
        "action" in p.source for p in mistake_puzzles(result, player=0, lexicon=lex)
    )
    with pytest.raises(InvalidInputError, match="player must be"):
        mistake_puzzles(result, player=2)


# -- the command line ---------------------------------------------------------------------------------------


def test_puzzle_command(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from jarnac_solver.cli import main

    right = "2:ETUI+RT=TRUITE"
    assert main(["puzzle", "--date", "2026-12-07", "--answer", right]) == 0
    out = capsys.readouterr().out
    assert "find the Jarnac (fr, puzzle 815ff5c6779d)" in out and "right; " in out
    assert main(["puzzle", "--date", "2026-12-07", "--answer", "2:ETUI+R=TRUIE", "--lang", "fr"]) == 1
    assert "faux\u202f; " + right + " rapporte 52\u202f:" in capsys.readouterr().out
    assert main(["puzzle", "--date", "2026-12-07", "--answer", "2:ETUI+Q=QETUI"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("jarnac-solver puzzle: the answer '2:ETUI+Q=QETUI'")
    assert main(["puzzle", "--date", "2025-01-01"]) == 2
    assert "daily puzzles run from 2026-01-01" in capsys.readouterr().err
    assert main(["puzzle", "--date", "2026-12-07", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["result"]
    assert shown["puzzle"]["id"] == "815ff5c6779d" and "answer" not in shown["puzzle"] and shown["judgement"] is None
    assert main(["puzzle", "--date", "2026-12-07", "--json", "--answer", right]) == 0
    judged = json.loads(capsys.readouterr().out)["result"]
    assert judged["judgement"]["right"] and judged["puzzle"]["answer"] == right
    assert main(["puzzle", "--seed", "2", "--kind", "best_play", "--lexicon", "en", "--reveal"]) == 0
    assert "starts the longest ladder" in capsys.readouterr().out
    assert main(["puzzle", "--kind", "best_play"]) == 2
    assert "--kind goes with --seed or --mistakes" in capsys.readouterr().err


def test_puzzle_command_huge_seed_said_in_one_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    from jarnac_solver.cli import main

    assert main(["puzzle", "--seed", "9" * 5000]) == 2  # beyond what int() reads: not echoed whole
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 200 and "(5,000 characters) is too long for a whole number" in err


def test_puzzle_command_empty_date_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from jarnac_solver.cli import main

    assert main(["puzzle", "--date", "", "--reveal"]) == 2  # not today's puzzle in silence
    out, err = capsys.readouterr()
    assert out == "" and err == "jarnac-solver puzzle: --date is empty: give YYYY-MM-DD, or leave it out for today's\n"


class _Terminal:
    """A standard input that is a terminal."""

    @staticmethod
    def isatty() -> bool:
        return True


def test_puzzle_command_asks_again_after_a_malformed_answer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from jarnac_solver.cli import main

    typed = iter(["zz", "", "2:ETUI+RT=TRUITE"])
    monkeypatch.setattr(sys, "stdin", _Terminal())
    monkeypatch.setattr("builtins.input", lambda prompt: next(typed))
    assert main(["puzzle", "--date", "2026-12-07"]) == 0  # a typo at the terminal does not end the puzzle
    out, err = capsys.readouterr()
    assert "right; " in out
    assert err.count("\n") == 1 and "'zz'" in err and "Traceback" not in err
    typed = iter(["2:ETUI+R=TRUIE"])
    assert main(["puzzle", "--date", "2026-12-07"]) == 1
    assert "wrong; 2:ETUI+RT=TRUITE" in capsys.readouterr().out


def test_puzzle_command_errors_in_the_readers_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from jarnac_solver.cli import main

    assert main(["puzzle", "--date", "2026-12-07", "--answer", "zz", "--lang", "fr"]) == 2
    assert (
        capsys.readouterr().err
        == "jarnac-solver puzzle: la réponse 'zz'\u202f: écrivez un coup +MOT ou N:ANCIEN+LETTRES=MOT\n"
    )
    assert main(["puzzle", "--date", "garbage", "--lang", "nl"]) == 2
    assert capsys.readouterr().err == "jarnac-solver puzzle: de datum wordt geschreven als JJJJ-MM-DD, niet 'garbage'\n"
    typed = iter(["hola"])  # at the terminal too, before asking again (then the end of input: no answer)

    def type_in(prompt: str) -> str:
        for answer in typed:
            return answer
        raise EOFError

    monkeypatch.setattr(sys, "stdin", _Terminal())
    monkeypatch.setattr("builtins.input", type_in)
    assert main(["puzzle", "--date", "2026-12-07", "--lexicon", "es", "--lang", "es"]) == 0
    assert (
        capsys.readouterr().err.splitlines()[0]
        == "la respuesta 'hola': escriba una jugada +PALABRA o N:VIEJA+LETRAS=PALABRA"
    )


def test_puzzle_command_from_mistakes(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    from pathlib import Path

    from jarnac_solver import CarelessPlayer, play_game
    from jarnac_solver.cli import main

    path = Path(str(tmp_path)) / "game.txt"
    path.write_text(str(play_game(lexicon("fr"), ["planner", CarelessPlayer(5, slip=0.5)], seed=5)) + "\n")
    assert main(["puzzle", "--mistakes", str(path), "--player", "B", "--reveal"]) == 0
    assert "your game, action" not in capsys.readouterr().out  # the source is data, not shown
    assert main(["puzzle", "--mistakes", str(path), "--player", "B", "--number", "999"]) == 2
    assert "puzzles from B's mistakes" in capsys.readouterr().err
