"""The compiled lanes' games proven the Python engine's: every record a lane makes (greedy against greedy, the
planner and the learned planner against the planner, the simulation's play-outs: all on the one compiled engine,
``_engine.h``) replays through the Python engine, each action and draw checked by ``Game.push`` against the seed
(docs/rules.md#the-draws-generator) and the commitment (docs/rules.md#fair-draws), and its audit reads it; over
seeds, every preset and four languages. The pure path (``JARNAC_SOLVER_PURE``: no C at all) plays the same
games from the same seeds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import GameRecord, Lexicon, Rules, audit, native
from jarnac_solver.game.game import Game
from jarnac_solver.play import players
from jarnac_solver.play.players import play_game

compiled = pytest.mark.skipif(not native.compiled_available(), reason="the compiled lanes are not built")

PRESETS = ("sheet", "multilingual", "english", "competitive")
LANGUAGES = ("fr", "en", "es", "nl")
LANES = {
    "greedy": ("greedy", "greedy"),
    "planner": ("planner", "planner"),
    "learned": ("planner-learned", "planner"),
}
"""Each compiled lane, by the players that take it (the learned planner's turn value is made in the lane)."""
SEEDS = {"greedy": 120, "planner": 4, "learned": 2}
"""Games of each lane in the sweep, for each language and preset the lanes play (1,008 games in all)."""
ENGINE_SEEDS = {"greedy": 6, "planner": 1, "learned": 1}
"""... and under the presets the lanes leave to the Python engine (64 games in all)."""
LIMIT = 600


def _rules(preset: str) -> Rules:
    rules = Rules.preset(preset)
    return rules.replace(think_seconds=None) if rules.think_seconds else rules  # no clock: the seed's game


def _play(lexicon: Lexicon, lane: str, preset: str, seed: int) -> str:
    record = play_game(lexicon, list(LANES[lane]), _rules(preset), seed=seed, max_actions=LIMIT, stop_at_limit=True)
    return str(record)


def _proved(text: str, lexicon: Lexicon, audited: bool) -> None:
    """``text`` (a record) replayed through the engine: the same actions, scores and commitment; audited too."""
    record = GameRecord.parse(text)
    game = GameRecord.parse(text).replay(lexicon, check_end=record.result != f"stopped after {LIMIT} actions")
    assert game.scores() == record.scores and game.commitment == record.commitment
    assert len(game.actions) == len(record.actions)
    if audited and game.is_over():
        assert audit(record, lexicon).record.scores == record.scores


@compiled
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("preset", PRESETS)
def test_every_lane_s_records_replay_through_the_engine(
    preset: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every lane over seeds, on each preset and language: each record replays (one in eight audited too). The
    lanes play where they play the rules (no disputes, no value Jarnacs: the sheet's and the multilingual
    preset's; the planner's lane one ASCII character a tile: not Dutch's IJ); elsewhere every game is the
    Python engine's."""
    from jarnac_solver.planning import planlane
    from jarnac_solver.play import fastlane

    played = {"greedy": 0, "planner": 0}
    greedy_game, advance = fastlane.greedy_game, planlane.advance

    def greedy_counted(*args: object) -> object:
        played["greedy"] += 1
        return greedy_game(*args)  # type: ignore[arg-type]

    def planner_counted(*args: object, **options: object) -> int:
        n = advance(*args, **options)  # type: ignore[arg-type]
        played["planner"] += n
        return n

    monkeypatch.setattr(fastlane, "greedy_game", greedy_counted)
    monkeypatch.setattr(planlane, "advance", planner_counted)
    lexicon = Lexicon.load(language)
    fresh = Game(lexicon, _rules(preset), seed=1)
    seeds = SEEDS if fastlane.supported(fresh) else ENGINE_SEEDS
    for lane, n in seeds.items():
        for seed in range(n):
            _proved(_play(lexicon, lane, preset, seed * 7919 + 1), lexicon, audited=seed % 8 == 0)
    assert (played["greedy"] > 0) == fastlane.supported(fresh)
    assert (played["planner"] > 0) == planlane.supported(fresh)


@compiled
@settings(max_examples=16, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from(PRESETS),
    st.sampled_from(LANGUAGES),
    st.sampled_from(sorted(LANES)),
)
def test_a_lane_s_record_replays_through_the_engine_and_its_audit(
    seed: int, preset: str, language: str, lane: str
) -> None:
    """Any seed: the record replays and is audited; the pure path plays the same game (for the planners, one
    seed in four: the pure planner is slow)."""
    lexicon = Lexicon.load(language)
    text = _play(lexicon, lane, preset, seed)
    _proved(text, lexicon, audited=True)
    if lane == "greedy" or seed % 4 == 0:
        with native.implementation("pure"):  # no lane, no C: the Python engine and players
            assert _play(Lexicon.load(language), lane, preset, seed) == text


@compiled
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_simulation_s_play_outs_in_the_lane_leave_the_python_games(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The simulation's players run their play-outs in the planner's lane (both sides on one generator, to a
    turn's horizon or the end; sim-bounded's are the learned planner's); their games replay through the
    engine, and are the games of play-outs played by the Python engine."""
    from jarnac_solver.planning import planlane

    lexicon = Lexicon.load(language)
    bounded = LANGUAGES.index(language) % 2 == 1

    def game() -> str:
        sim = players.BoundedSimPlayer(5) if bounded else players.SimPlayer(3, playouts=4)
        return str(play_game(lexicon, [sim, "planner"], seed=2))

    text = game()
    _proved(text, lexicon, audited=True)
    monkeypatch.setattr(planlane, "supported", lambda game: False)
    assert game() == text
