"""What the service offers a person to play against: only the computer's players measured to finish a game
in seconds under the game's rules and lexicon (jarnac_solver/play/offered.py). The seconds themselves are
the benchmark's (benchmarks/bench_bounded.py --offer); here the refusals, the page's list and the counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from jarnac_solver import Lexicon
from jarnac_solver.game.actions import Action
from jarnac_solver.game.view import PlayerView
from jarnac_solver.moves.rules import PRESETS, Rules
from jarnac_solver.planning.simulation import Simulation
from jarnac_solver.play.offered import GAME_SECONDS, SLOW, not_offered, offered_players, slow_table
from jarnac_solver.play.players import PLAYERS, BoundedSimPlayer, SimPlayer, make_player, play_game

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from jarnac_solver.server.app import create_app

from .service_client import Client
from .test_server_games import refused, result

STATIC = Path(__file__).resolve().parent.parent / "jarnac_solver" / "server" / "static"


def _a_slow_cell() -> tuple[str, str, str]:
    """A (preset, language, player) the table does not offer."""
    assert SLOW, "the measured table excludes something (else the service offers every player everywhere)"
    (preset, language), cell = next(iter(SLOW.items()))
    return preset, language, next(iter(cell))


def test_the_table_names_real_presets_players_and_seconds_over_the_bound() -> None:
    for (preset, language), cell in SLOW.items():
        assert preset in PRESETS and language in ("fr", "en", "es", "nl")
        for player, seconds in cell.items():
            assert player in PLAYERS and seconds > GAME_SECONDS
            assert not_offered(player, language, preset) == seconds
            assert not_offered(player, language, None) is not None  # rules of one's own: not offered either
            assert player not in offered_players(language, preset)
            assert player in slow_table()[language][preset]
    # the planner and the cheap players are offered everywhere
    for preset in PRESETS:
        for language in ("fr", "en", "es", "nl"):
            assert {"random", "greedy", "planner", "planner-learned"} <= set(offered_players(language, preset))


def test_the_service_refuses_a_seat_it_does_not_offer_naming_the_field_in_the_askers_language() -> None:
    preset, language, player = _a_slow_cell()
    with Client(create_app([language], max_budget_ms=2000), raise_server_exceptions=False) as client:
        for seats in (["person", player], [player, "person"]):
            body = {"players": seats, "lexicon": language, "rules": preset}
            answer = client.post("/api/games", json=body)
            message = refused(answer, 409, "PlayerNotOffered")
            assert answer.json()["error"]["field"] == "players"
            assert message.startswith(f"players: {player} takes about ") and f"{GAME_SECONDS:.0f} s" in message
            assert "planner" in message.split("offered here: ")[1]
        said = {"fr": "par partie", "es": "por partida", "nl": "per partij"}
        for asker, words in said.items():
            answer = client.post(
                "/api/games",
                json={"players": ["person", player], "lexicon": language, "rules": preset},
                headers={"Accept-Language": asker},
            )
            assert words in refused(answer, 409, "PlayerNotOffered"), asker
        # rules of one's own options, measured under no preset: a player slow under a preset there is refused
        own = {**Rules.preset(preset).to_dict(), "exchange_size": 2}
        answer = client.post("/api/games", json={"players": ["person", player], "lexicon": language, "rules": own})
        refused(answer, 409, "PlayerNotOffered")
        # another fault with it: a 400, each fault named
        both = client.post("/api/games", json={"players": [player, "greedy"], "lexicon": language, "rules": preset})
        refused(both, 400, "UsageError")
        # the same player where it is offered, and an offered one under these rules, make their games
        elsewhere = next(p for p in PRESETS if not_offered(player, language, p) is None)
        made = client.post("/api/games", json={"players": ["person", player], "lexicon": language, "rules": elsewhere})
        assert result(made, 201)["game"]["players"] == ["person", player]
        made = client.post("/api/games", json={"players": ["person", "planner"], "lexicon": language, "rules": preset})
        result(made, 201)


def test_the_page_is_told_what_is_not_offered_and_leaves_it_out() -> None:
    preset, language, player = _a_slow_cell()
    with Client(create_app([language], max_budget_ms=2000), raise_server_exceptions=False) as client:
        health = client.get("/api/health").json()
        assert player in health["not_offered"][language][preset]
        assert health["game_seconds"] == GAME_SECONDS
        assert player in health["players"]  # offered elsewhere: the page filters by the rules and lexicon chosen
    page = (STATIC / "app.js").read_text(encoding="utf-8")
    # the page's opponents: the server's players less the ones not offered under the rules and lexicon chosen,
    # filled again when either changes
    assert "state.info.not_offered" in page and "!slow.includes(p)" in page
    assert '$("#new-game select[name=rules]").addEventListener("change", fillSelects)' in page


class _Counted:
    """Wraps a simulating player: the simulation of each of its decisions that ran play-outs."""

    def __init__(self, inner: SimPlayer) -> None:
        self.inner = inner
        self.name = inner.name
        self.simulations: list[Simulation] = []

    def choose(self, view: PlayerView) -> Action:
        action = self.inner.choose(view)
        if self.inner.last is not None:
            self.simulations.append(self.inner.last)
        return action


def test_the_offered_simulating_players_decisions_stay_under_their_ceilings() -> None:
    """Under the competitive rules (the costly ones: their play-outs in Python) each simulating player the
    service offers keeps every decision to its counts: its searches, its play-outs (sim-bounded), and no
    decision stopped by the time ceiling. Counted, not timed."""
    rules = Rules.preset("competitive")
    lexicon = Lexicon.load(rules.lexicon_for("fr"))
    offered = [p for p in ("sim", "sim-learned", "sim-bounded") if p in offered_players("fr", "competitive")]
    assert offered
    for name in offered:
        inner = make_player(name, 3)
        assert isinstance(inner, SimPlayer) and inner.max_searches == SimPlayer.MAX_SEARCHES
        watched = _Counted(inner)
        play_game(lexicon, [watched, "random"], rules, seed=5, max_actions=24, stop_at_limit=True)
        assert watched.simulations, name
        assert inner.ceiling_hits == 0, name
        assert all(s.searches <= SimPlayer.MAX_SEARCHES for s in watched.simulations), name
        if isinstance(inner, BoundedSimPlayer):
            for s in watched.simulations:
                cap = BoundedSimPlayer.MAX_END_PLAYOUTS if s.to_end else BoundedSimPlayer.MAX_PLAYOUTS
                assert s.playouts <= cap, (name, s.playouts)
