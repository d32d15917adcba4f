"""The compiled lanes' games proven the Python engine's: every record a lane makes (greedy against greedy in
``_selfplay.c``, planner against planner in ``_planlane.c``) replays through the Python engine, each action
and draw checked by ``Game.push`` against the seed (docs/rules.md#the-draws-generator) and the commitment
(docs/rules.md#fair-draws), and its audit reads it; over seeds, every preset and four languages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jarnac_solver import GameRecord, Lexicon, Rules, audit, native
from jarnac_solver.play.players import play_game

compiled = pytest.mark.skipif(not native.compiled_available(), reason="the compiled lanes are not built")

PRESETS = ("sheet", "multilingual", "english", "competitive")
LANGUAGES = ("fr", "en", "es", "nl")


def _rules(preset: str) -> Rules:
    rules = Rules.preset(preset)
    return rules.replace(think_seconds=None) if rules.think_seconds else rules  # no clock: the seed's game


@compiled
@settings(max_examples=24, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from(PRESETS),
    st.sampled_from(LANGUAGES),
    st.sampled_from([("greedy", "greedy"), ("planner", "planner")]),
)
def test_a_lane_s_record_replays_through_the_engine_and_its_audit(
    seed: int, preset: str, language: str, pair: tuple[str, str]
) -> None:
    lexicon = Lexicon.load(language)
    record = play_game(lexicon, list(pair), _rules(preset), seed=seed, max_actions=600, stop_at_limit=True)
    text = str(record)
    again = GameRecord.parse(text)
    game = again.replay(lexicon, check_end=record.result != "stopped after 600 actions")
    assert game.scores() == record.scores and game.commitment == record.commitment
    assert len(game.actions) == len(record.actions)
    if game.is_over():
        report = audit(GameRecord.parse(text), lexicon)
        assert report.record.scores == record.scores
    with native.implementation("pure"):  # no lane: the Python engine plays the same game from the same seed
        if pair == ("greedy", "greedy") and seed % 4 == 0:
            assert (
                str(play_game(lexicon, list(pair), _rules(preset), seed=seed, max_actions=600, stop_at_limit=True))
                == text
            )
