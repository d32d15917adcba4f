"""The compiled lane of play_game (two greedy players played in C, play/fastlane.py) against the Python engine.

The oracle is the engine itself, action by action: ``play_game`` with the
lane turned off pushes every action through ``Game.push`` and asks
``GreedyPlayer`` for every decision. Both must write the same record, on
random small lexicons and rules (Hypothesis); the bundled lexicons over every preset:
tests/test_replay_proof.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import DUTCH, Bag, GameRecord, InvalidInputError, Lexicon, Rules, native
from jarnac_solver.game.game import Game
from jarnac_solver.play import fastlane
from jarnac_solver.play.players import play_game, play_match

from .strategies import DIGRAPH_TILES, lexicons

pytestmark = pytest.mark.skipif(not native.compiled_available(), reason="the compiled walk is not built")


@contextmanager
def python_engine(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every game played by the Python engine, the lane off."""
    with monkeypatch.context() as m:
        m.setattr(fastlane, "supported", lambda game: False)
        yield


@contextmanager
def lane_runs(monkeypatch: pytest.MonkeyPatch, handed_back: list[bool]) -> Iterator[None]:
    """The lane on, each call's outcome noted (True: handed back to Python)."""
    played = fastlane.greedy_game

    def noted(*args: object) -> object:
        record = played(*args)  # type: ignore[arg-type]
        handed_back.append(record is None)
        return record

    with monkeypatch.context() as m:
        m.setattr(fastlane, "greedy_game", noted)
        yield


def both(
    monkeypatch: pytest.MonkeyPatch, lex: Lexicon, rules: Rules, seed: int, bag: Bag | None = None, **kw: object
) -> tuple[str, str, list[bool]]:
    handed_back: list[bool] = []
    with lane_runs(monkeypatch, handed_back):
        fast = str(play_game(lex, ["greedy", "greedy"], rules, seed, bag, **kw))  # type: ignore[arg-type]
    with python_engine(monkeypatch):
        slow = str(play_game(lex, ["greedy", "greedy"], rules, seed, bag, **kw))  # type: ignore[arg-type]
    return fast, slow, handed_back


@st.composite
def settings_(draw: st.DrawFn) -> tuple[Lexicon, Rules, Bag, int]:
    words = draw(lexicons(DIGRAPH_TILES, max_words=60))
    lex = Lexicon.from_words(["".join(w) for w in words] or ["AS"], DUTCH)
    line_length = draw(st.integers(2, 9))
    rules = Rules.from_options(
        {
            "lines": draw(st.integers(1, 10)),
            "line_length": line_length,
            "min_length": draw(st.integers(1, min(3, line_length))),
            "last_line_min_length": draw(st.integers(1, line_length)),
            "opening_draw": draw(st.integers(0, 12)),
            "opening_vowel_rule": draw(st.booleans()),
            "steal_place": draw(st.booleans()),
            "thief_draws": draw(st.booleans()),
        }
    )
    counts = draw(st.lists(st.integers(0, 6), min_size=len(DIGRAPH_TILES), max_size=len(DIGRAPH_TILES)))
    text = " ".join(f"{n}{t}" for n, t in zip(counts, DIGRAPH_TILES, strict=True) if n) or "1A"
    return lex, rules, Bag.parse(text, DUTCH), draw(st.integers(0, 2**32))


@settings(max_examples=150, deadline=None)
@given(settings_())
def test_the_lane_plays_the_engines_game_on_random_lexicons_and_rules(
    setting: tuple[Lexicon, Rules, Bag, int],
) -> None:
    lex, rules, bag, seed = setting
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, slow, handed_back = both(monkeypatch, lex, rules, seed, bag, stop_at_limit=True, max_actions=300)
    assert handed_back, "the lane did not run"
    assert fast == slow


def test_an_opening_the_vowel_rule_redraws_is_handed_back_and_played_on_in_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The opening vowel rule's redraw draws with Python's random seeded by the game: the kernel hands the game
    back."""
    lex = Lexicon.load("fr")
    rules = Rules.preset("multilingual")
    seen = []
    for seed in range(60):
        fast, slow, handed_back = both(monkeypatch, lex, rules, seed)
        assert fast == slow, f"seed {seed}"
        seen += handed_back
    assert any(seen) and not all(seen)


def test_the_action_limit_is_the_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    lex = Lexicon.load("fr")
    fast, slow, handed_back = both(monkeypatch, lex, Rules(), 3, max_actions=25, stop_at_limit=True)
    assert fast == slow and handed_back == [True]
    assert "stopped after 25 actions" in fast
    with pytest.raises(InvalidInputError, match="did not end within 25 actions"):
        play_game(lex, ["greedy", "greedy"], Rules(), 3, max_actions=25)


def test_the_lane_is_not_taken_where_it_does_not_play_the_rules() -> None:
    lex = Lexicon.load("fr")
    for rules in (Rules.preset("competitive"), Rules.preset("english"), Rules(think_seconds=1.0)):
        assert not fastlane.supported(Game(lex, rules, seed=1))
    assert fastlane.supported(Game(lex, Rules.preset("multilingual"), seed=1))


def test_the_kernel_refuses_tables_out_of_range() -> None:
    lex = Lexicon.load("fr")
    trie = lex.index.trie
    assert trie is not None
    ranks = bytes(lex.rank_of_code)
    vowels = bytes(len(ranks))
    starts = tuple(lex.index.depth_starts)
    with pytest.raises(ValueError, match="tile code is out of range"):
        trie.selfplay_greedy(bytes([200]), ranks, vowels, starts, (8, 9, 3, 1, 6, False), 100)
    with pytest.raises(ValueError, match="out of range"):
        trie.selfplay_greedy(b"", ranks, vowels, starts, (99, 9, 3, 1, 6, False), 100)
    with pytest.raises(ValueError, match="rank is out of range"):
        trie.selfplay_greedy(b"", bytes([255]) * len(ranks), vowels, starts, (8, 9, 3, 1, 6, False), 100)


# -- self-play input checked by name (each case a test) ---------------------------------------------------


def test_a_bag_of_more_tiles_of_one_letter_than_the_move_layer_counts_is_refused_as_by_the_engine() -> None:
    """The kernel counts in bytes: a bag of 256 E played a pass where ETE was playable. Such a bag is the
    engine's, which refuses the tray that holds more than 63 of one tile."""
    lex = Lexicon.load("fr")
    rules = Rules.from_options({"opening_draw": 400})
    bag = Bag.parse("256E 1T")
    assert not fastlane.supported(Game(lex, rules, bag, 1))
    with pytest.raises(InvalidInputError, match="at most 63 of one tile"):
        play_game(lex, ["greedy", "greedy"], rules, 1, bag)


@pytest.mark.parametrize("limit", [-1, 1.5, "100", None, True])
def test_a_bad_action_limit_is_refused_by_name(limit: object) -> None:
    with pytest.raises(InvalidInputError, match="max_actions must be a whole number >= 0"):
        play_game(Lexicon.load("fr"), ["greedy", "greedy"], seed=1, max_actions=limit)  # type: ignore[arg-type]


@pytest.mark.parametrize("limit", [2**31 - 1, 2**40, 2**63 + 5])
def test_a_huge_action_limit_allocates_nothing_for_it(limit: int) -> None:
    """The kernel allocated 16 bytes an allowed action (a MemoryError at 2**31) and read the limit as 32 bits."""
    record = play_game(Lexicon.load("fr"), ["greedy", "greedy"], seed=1, max_actions=limit)
    assert record.result == "a full tray, no Jarnac against it"


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("greedy,greedy", "players are a list of two players"),
        ((p for p in ["greedy", "greedy"]), "players are a list of two players"),
        (["greedy"], "a game has two players, not 1"),
    ],
)
def test_players_not_given_as_two_are_refused_by_name(players: object, message: str) -> None:
    lex = Lexicon.load("fr")
    with pytest.raises(InvalidInputError, match=message):
        play_game(lex, players, seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match=message):
        play_match(lex, players, games=2, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seed": None}, "seed must be a whole number"),
        ({"seed": "x"}, "seed must be a whole number"),
        ({"records": "x"}, "records must be a list"),
        ({"games": 10**12}, "games must be a whole number from 0 to 10,000,000"),
        ({"games": -1}, "games must be a whole number from 0 to 10,000,000"),
    ],
)
def test_a_match_refuses_bad_options_by_name(options: dict[str, object], message: str) -> None:
    settings_ = {"games": 2, "seed": 1, **options}
    with pytest.raises(InvalidInputError, match=message):
        play_match(Lexicon.load("fr"), ["greedy", "greedy"], **settings_)  # type: ignore[arg-type]


def test_a_match_keeps_no_record_unless_asked() -> None:
    """A match kept every game's record (~17 KB) to the end: 205 MB for 10,000 games."""
    import tracemalloc

    lex = Lexicon.load("fr")
    play_match(lex, ["greedy", "greedy"], games=20, seed=1)  # warm: the lexicon's lazy tables
    tracemalloc.start()
    try:
        result = play_match(lex, ["greedy", "greedy"], games=600, seed=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.games == 600
    assert peak < 3_000_000, f"{peak:,} bytes at the peak"
    kept: list[GameRecord] = []
    assert play_match(lex, ["greedy", "greedy"], games=3, seed=1, records=kept).games == 3 and len(kept) == 3
