"""The review over HTTP: ``POST /api/review`` answers what ``review FILE --json`` does, bounded; ``GET
/api/games/{id}/review`` reviews a finished live game and refuses one going on."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("httpx")

from jsonschema import Draft202012Validator

from jarnac_solver import CarelessPlayer, GameRecord, Lexicon, play_game, review
from jarnac_solver.play.players import GreedyPlayer
from jarnac_solver.server.app import create_app
from jarnac_solver.server.openapi import json_schema

from .service_client import Client

VALIDATOR = Draft202012Validator(json_schema())
FR = Lexicon.load("fr")


@pytest.fixture(scope="module")
def client() -> Any:
    with Client(create_app(["fr"], max_budget_ms=2000), raise_server_exceptions=False) as made:
        yield made


def document(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    found: dict[str, Any] = response.json()
    errors = sorted(VALIDATOR.iter_errors(found), key=str)
    assert not errors, f"{errors[0].message} at {list(errors[0].absolute_path)}"
    return found


def test_a_record_posted_is_reviewed_as_the_command_line_reviews_it(client: Client) -> None:
    record = play_game(FR, ["planner", CarelessPlayer(4, slip=0.5)], seed=4)
    answer = document(client.post("/api/review", json={"text": str(record), "playouts": 3, "player": "B"}), 200)
    (game,) = answer["result"]["games"]
    mine = review(record, FR, playouts=3, player=1, budget=2.0).to_dict()
    assert game["decisions"] == mine["decisions"] and game["summary"] == mine["summary"]
    assert game["settings"]["total"] == 120 and answer["result"]["records"] == [str(record)]
    # One action a line, as a referee types it: read as the audit reads it.
    typed = document(client.post("/api/review", json={"text": "draw {EARTSN}\n+RAT {E}\npass\n", "playouts": 2}), 200)
    assert [d["played"] for d in typed["result"]["games"][0]["decisions"]] == ["+RAT", "pass"]


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"text": '[Lexicon "fr"]\n1. A draw {EARTSN}\n', "playouts": 500}, "playouts"),
        ({"text": '[Lexicon "fr"]\n1. A draw {EARTSN}\n', "depth": "deep"}, "depth"),
        ({"text": '[Lexicon "fr"]\n1. A draw {EARTSN}\n', "colour": 1}, "colour"),
        ({"text": '[Lexicon "fr"]\n1. A draw {ZZZZZZ}\n'}, "no more Z"),
        ({"text": "hello there"}, "line 1"),
        ({"text": 3}, "text: text is due"),
        ({"playouts": 3}, "text: required"),
        ({"text": '[Lexicon "en"]\n1. A draw {EARTSN}\n'}, "offers"),
    ],
)
def test_a_bad_request_is_an_error_document_naming_the_bad_part(
    client: Client, body: dict[str, Any], said: str
) -> None:
    answer = document(client.post("/api/review", json=body), 400)
    assert said in answer["error"]["message"] and answer["command"] == "review"


def test_a_bad_review_body_is_refused_whole_each_fault_naming_its_field(client: Client) -> None:
    body = {"text": "draw {EARTSN}\n", "playouts": 65, "budget": 0, "seed": -1, "top": 21, "player": "C"}
    answer = document(client.post("/api/review", json={**body, "depth": "deep", "lexicon": "en", "rules": "x"}), 400)
    faults = {f["field"]: f["message"] for f in answer["error"]["faults"]}
    assert set(faults) == {"playouts", "budget", "seed", "top", "player", "depth", "lexicon", "rules"}
    assert faults["playouts"] == "65 is out of range: at most 64" and "offers the lexicons fr" in faults["lexicon"]
    # The live game's query, read against its own table: the same faults, named by their parameters.
    made = document(client.post("/api/games", json={"players": ["person", "greedy"], "seed": 3}), 201)
    query = "playouts=1&budget=fast&colour=B"
    refused = document(client.get(f"/api/games/{made['result']['id']}/review?{query}"), 400)["error"]
    assert {f["field"] for f in refused["faults"]} == {"playouts", "budget", "colour"}


def test_a_finished_live_game_is_reviewed_and_one_going_on_refused(client: Client) -> None:
    made = document(client.post("/api/games", json={"players": ["person", "greedy"], "seed": 3}), 201)
    game_id = made["result"]["id"]
    refused = document(client.get(f"/api/games/{game_id}/review"), 409)
    assert refused["error"]["type"] == "GameNotOver"
    me = GreedyPlayer(0)
    for _ in range(400):  # the person plays greedy's moves, read off the game's record
        text = client.get(f"/api/games/{game_id}/record?format=text").text
        game = GameRecord.parse(text).replay(FR)
        if game.is_over():
            break
        client.post(f"/api/games/{game_id}/actions", json={"action": str(me.choose(game.view()))})
    else:
        pytest.fail("the game did not end")
    answer = document(client.get(f"/api/games/{game_id}/review?depth=plan&player=A"), 200)
    assert answer["command"] == "game review" and answer["result"]["id"] == game_id
    decisions = answer["result"]["games"][0]["decisions"]
    assert decisions and {d["player"] for d in decisions} == {"A"}
    refused = document(client.get(f"/api/games/{game_id}/review?playouts=x"), 400)["error"]
    assert refused["field"] == "playouts" and refused["type"] == "UsageError"
