"""Every public value pickles and round-trips through its dict form (and through JSON text)."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import (
    DUTCH,
    LATIN,
    Alphabet,
    Bag,
    GameRecord,
    Hint,
    InvalidInputError,
    JarnacPlan,
    Lexicon,
    MatchResult,
    Move,
    Rules,
    Tray,
    best_jarnac,
    play_match,
)
from jarnac_solver.game.record import iter_records, read_records

from .test_tiles import SMALL_BAG, SMALL_NL

TILES = ("A", "E", "I", "J", "IJ", "S", "T")
tile_codes = st.lists(st.sampled_from([DUTCH.index[t] for t in TILES]), min_size=1, max_size=7).map(tuple)
alphabets = st.sampled_from([LATIN, DUTCH, Alphabet(["A", "B", "CH", "C", "H"], name="digraphs")])


def through_json(data: object) -> object:
    return json.loads(json.dumps(data))


def round_trips(value: object, read: object) -> None:
    assert pickle.loads(pickle.dumps(value)) == value
    assert read(through_json(value.to_dict())) == value  # type: ignore[attr-defined, operator]


@st.composite
def moves(draw: st.DrawFn) -> Move:
    old, added = draw(tile_codes), draw(tile_codes)
    word = DUTCH.decode(old + added)
    if draw(st.booleans()):
        return Move.place(word, DUTCH)
    return Move.extend(draw(st.one_of(st.none(), st.integers(0, 7))), DUTCH.decode(old), word, DUTCH)


@given(moves())
def test_moves(move: Move) -> None:
    round_trips(move, lambda d: Move.from_dict(d, DUTCH))
    assert Move.from_dict({"notation": str(move)}, DUTCH) == move


@given(st.lists(tile_codes, max_size=8), st.lists(st.sampled_from([DUTCH.index[t] for t in TILES]), max_size=9))
def test_trays(lines: list[tuple[int, ...]], rack: list[int]) -> None:
    tray = Tray.from_codes(lines, rack, DUTCH)
    round_trips(tray, Tray.from_dict)
    assert Tray.from_dict(through_json(tray.to_dict())).rack_codes == tray.rack_codes


@given(st.lists(moves(), max_size=3), st.integers(0, 200), st.integers(0, 200), st.booleans())
def test_plans(steals: list[Move], gain: int, swing: int, value: bool) -> None:
    plan = JarnacPlan(tuple(steals), gain, swing, (0, 2), "AI.J", value)
    round_trips(plan, lambda d: JarnacPlan.from_dict(d, DUTCH))


def test_a_real_plan_and_its_taken_line_numbers() -> None:
    plan = best_jarnac(Lexicon.load("fr"), Tray.parse("CARIES SORBETS / SN"))
    data: Any = plan.to_dict()
    assert data["taken"] == [1, 2] and [m["line"] for m in data["steals"]] == [1, 2]
    round_trips(plan, JarnacPlan.from_dict)


@given(moves(), st.lists(moves(), max_size=3), st.integers(-50, 90), st.floats(0, 9), st.floats(-99, 999))
def test_hints(move: Move, ladder: list[Move], points: int, draws: float, value: float) -> None:
    round_trips(Hint(move, points, draws, 12, tuple(ladder), value), lambda d: Hint.from_dict(d, DUTCH))


@given(alphabets)
def test_alphabets_and_bags(alphabet: Alphabet) -> None:
    round_trips(alphabet, Alphabet.from_dict)
    bag = Bag.parse(" ".join(f"{n + 1}{t}" for n, t in enumerate(alphabet.tiles)), alphabet, name="mine")
    round_trips(bag, Bag.from_dict)


@given(st.sampled_from(["sheet", "multilingual", "english", "competitive"]), st.integers(3, 12), st.booleans())
def test_rules(preset: str, lines: int, steal_place: bool) -> None:
    rules = Rules.preset(preset).replace(lines=lines, steal_place=steal_place)
    round_trips(rules, Rules.from_dict)
    assert Rules.from_dict(Rules.preset(preset).name_or_dict()) == Rules.preset(preset)


@settings(max_examples=20)
@given(st.integers(0, 10_000), st.sampled_from(["sheet", "competitive", "english"]))
def test_records_and_match_results(seed: int, preset: str) -> None:
    records: list[GameRecord] = []
    result = play_match(SMALL_NL, ["greedy", "sloppy"], 2, Rules.preset(preset), seed, records=records, bag=SMALL_BAG)
    round_trips(result, MatchResult.from_dict)
    for record in records:
        round_trips(record, GameRecord.from_dict)
        assert GameRecord.parse(str(record)).actions == record.actions
        assert GameRecord.from_dict(through_json(record.to_dict())).jarnacs == record.jarnacs


def test_lexicons_pickle_as_their_compiled_bytes() -> None:
    lex = Lexicon.load("en")
    again = pickle.loads(pickle.dumps(lex))
    assert again.name == "en" and len(again) == len(lex) and again.subanagrams("OUCCHK") == lex.subanagrams("OUCCHK")


# -- reading files of records -------------------------------------------------


def test_a_file_of_several_games_is_read_game_by_game(tmp_path: Path) -> None:
    """GameRecord.parse joined the games of a ``play --record`` file into one."""
    records: list[GameRecord] = []
    play_match(SMALL_NL, ["greedy", "greedy"], 3, seed=4, records=records, bag=SMALL_BAG)
    text = "\n".join(map(str, records))
    assert [r.seed for r in iter_records(text)] == [r.seed for r in records]
    with pytest.raises(InvalidInputError, match="3 game records, not one"):
        GameRecord.parse(text)
    lines = tmp_path / "games.jsonl"
    lines.write_text("\n".join(json.dumps(r.to_dict()) for r in records) + "\n", encoding="utf-8")
    assert read_records(str(lines)) == records


def test_a_malformed_record_is_refused_with_its_game_and_line(tmp_path: Path) -> None:
    records: list[GameRecord] = []
    play_match(SMALL_NL, ["greedy", "greedy"], 2, seed=4, records=records, bag=SMALL_BAG)
    text = "\n".join(map(str, records)).splitlines()
    second = max(i for i, line in enumerate(text) if line.startswith("[Lexicon"))
    text[second + 7] = "seven. A +IJS"
    with pytest.raises(InvalidInputError, match=rf"game 2, line {second + 8}: cannot read"):
        list(iter_records("\n".join(text)))
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(records[0].to_dict()) + "\n{not json\n", encoding="utf-8")
    with pytest.raises(InvalidInputError, match=r"bad.jsonl: game 2, line 2: not a JSON object"):
        read_records(str(path))
    with pytest.raises(InvalidInputError, match="line 1: a game record opens with its"):
        list(iter_records("1. A draw {E}\n"))


def test_text_records_keep_their_jarnacs_and_numbering() -> None:
    """A text round trip lost the Jarnacs; a wrong action number was accepted."""
    records: list[GameRecord] = []
    play_match(SMALL_NL, ["greedy", "sloppy"], 6, seed=2, records=records, bag=SMALL_BAG)
    assert any(r.jarnacs for r in records)
    for record in records:
        assert GameRecord.parse(str(record)) == record
    text = str(records[0]).replace("\n3. ", "\n4. ", 1)
    with pytest.raises(InvalidInputError, match="action 4 where action 3 belongs"):
        GameRecord.parse(text)
