"""The routes' bodies and queries declared as typed models (server/route_bodies.py): the OpenAPI document
describes each from its model, a broken field is refused by its name in the asker's language, and the
refusals the routes raise are said in it too."""

from __future__ import annotations

import re
from typing import Any

import pytest

from jarnac_solver.lexicon.bag import BAGS
from jarnac_solver.messages import LANGUAGES, Reason
from jarnac_solver.moves.rules import PRESETS
from jarnac_solver.planning.advice import DEPTHS
from jarnac_solver.play.players import PLAYERS
from jarnac_solver.play.review import DEPTHS as REVIEW_DEPTHS
from jarnac_solver.server import models, nain_jaune_bodies, practice_contract, route_bodies, typed
from jarnac_solver.server.app import create_app
from jarnac_solver.server.contract import MAX_ACTIONS, PERSON, Offer
from jarnac_solver.server.names import MAX_NAME

from .service_client import Client

OFFER = Offer(("en",), 2000)
SEATS = ", ".join((PERSON, *PLAYERS))
ALL_ROUTES = {**route_bodies.ROUTES, **practice_contract.ROUTES, **nain_jaune_bodies.ROUTES}
ME = "p" * 16


@pytest.fixture(scope="module")
def client() -> Any:
    with Client(create_app(["en"], max_budget_ms=2000)) as made:
        yield made


def test_each_routes_request_in_the_document_is_its_models_schema(client: Client) -> None:
    document = client.get("/api/openapi.json").json()
    for (method, path), model in ALL_ROUTES.items():
        if path == "/api/games":  # a Jarnac game's or a Nain Jaune table's (below)
            continue
        operation = document["paths"][path][method.lower()]
        if method == "POST":
            schema = operation["requestBody"]["content"]["application/json"]["schema"]
            assert schema == typed.schema(model, OFFER), path
        else:
            described = {p["name"]: p for p in operation["parameters"] if p["in"] == "query"}
            assert list(described) == list(model.model_fields), path
            assert list(described.values()) == typed.parameters(model, OFFER), path


def test_a_new_game_is_a_jarnac_game_or_a_nain_jaune_table(client: Client) -> None:
    document = client.get("/api/openapi.json").json()
    posted = document["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    jarnac, named, table = posted["anyOf"]
    assert jarnac == typed.schema(route_bodies.NewGameBody, OFFER) and named["properties"]["game"] == {
        "const": "jarnac"
    }
    assert table == typed.schema(nain_jaune_bodies.NainJauneGameBody)


def test_the_models_choices_are_the_librarys() -> None:
    """A choice is declared from the library's own tuple, never copied."""
    assert models.choices(route_bodies.NewGameBody, "bag") == tuple(BAGS)
    assert models.choices(route_bodies.AuditBody, "rules") == tuple(PRESETS)
    assert set(models.choices(route_bodies.AdviceQuery, "depth")) == set(DEPTHS)
    assert set(models.choices(route_bodies.GameReviewQuery, "depth")) == set(REVIEW_DEPTHS)
    assert models.choices(route_bodies.NewGameBody, "seed") == ()


def test_a_lexicon_field_is_this_servers_lexicons() -> None:
    schema = typed.schema(route_bodies.AuditBody, Offer(("fr", "en")))
    assert schema["properties"]["lexicon"]["anyOf"][0] == {"enum": ["fr", "en"]}
    assert schema["required"] == ["text"] and schema["additionalProperties"] is False


def _fault(code: str, **values: Any) -> tuple[str, dict[str, Any]]:
    return code, values


BROKEN: list[tuple[str, str, dict[str, Any], str, tuple[str, dict[str, Any]]]] = [
    ("POST", "/api/games", {"seed": -1}, "seed", _fault("fault_at_least", value="-1", low="0")),
    (
        "POST",
        "/api/games",
        {"players": ["person", "bogus"]},
        "players",
        _fault("fault_seat_unknown", name="'bogus'", seats=SEATS),
    ),
    (
        "POST",
        "/api/games",
        {"rules": "chess"},
        "rules",
        _fault("fault_no_preset", given="'chess'", presets=", ".join(PRESETS)),
    ),
    ("POST", "/api/games", {"think_ms": 0}, "think_ms", _fault("fault_above", value="0", low="0")),
    (
        "POST",
        "/api/games/nope/actions",
        {"action": "+RAT", "at": 0},
        "at",
        _fault("fault_at_least", value="0", low="1"),
    ),
    ("GET", "/api/games/nope/actions?since=x", {}, "since", _fault("fault_not_whole", given="'x'")),
    ("GET", "/api/games/nope/events?since=-1", {}, "since", _fault("fault_at_least", value="-1", low="0")),
    (
        "POST",
        "/api/games/nope/resign",
        {"player": "C"},
        "player",
        _fault("fault_not_one_of", given="'C'", choices="A, B"),
    ),
    (
        "POST",
        "/api/games/nope/rematch",
        {"colour": 1},
        "colour",
        _fault("field_unknown", name="'colour'", known="lang"),
    ),
    ("GET", "/api/games/nope/advice?top=0", {}, "top", _fault("fault_at_least", value="0", low="1")),
    (
        "GET",
        "/api/games/nope/record?format=pdf",
        {},
        "format",
        _fault("fault_not_one_of", given="'pdf'", choices="json, text"),
    ),
    ("GET", "/api/games/nope/review?playouts=1", {}, "playouts", _fault("fault_at_least", value="1", low="2")),
    ("POST", "/api/join", {"code": "K" * 41}, "code", _fault("field_too_long", count=41, most=40)),
    ("POST", "/api/mine", {"games": []}, "games", _fault("fault_list_empty")),
    ("POST", "/api/transfer", {"token": "t" * 65}, "token", _fault("field_too_long", count=65, most=64)),
    (
        "POST",
        "/api/audit",
        {"text": "+RAT", "lexicon": "xx"},
        "lexicon",
        _fault("fault_lexicon_not_offered", name="'xx'", offered="en"),
    ),
    ("POST", "/api/review", {"text": "+RAT", "budget": 0}, "budget", _fault("fault_above", value="0", low="0")),
]
BROKEN += [
    ("GET", "/api/practice/daily?date=2026-13", {}, "date", _fault("practice.date_malformed", given="'2026-13'")),
    ("POST", "/api/practice/puzzles/next", {"person": "short"}, "person", _fault("practice.person_malformed")),
    (
        "POST",
        "/api/practice/puzzles/0123456789ab/answer",
        {"person": ME, "answer": "x" * 201},
        "answer",
        _fault("field_too_long", count=201, most=200),
    ),
    (
        "POST",
        "/api/practice/mistakes",
        {"person": ME, "text": "+RAT", "player": "C"},
        "player",
        _fault("fault_not_one_of", given="'C'", choices="A, B"),
    ),
    (
        "POST",
        "/api/practice/mine",
        {"person": ME, "colour": 1},
        "colour",
        _fault("field_unknown", name="'colour'", known="lang, person"),
    ),
    (
        "POST",
        "/api/practice/quiz/next",
        {"person": ME, "length": 10},
        "length",
        _fault("fault_at_most", value="10", high="9"),
    ),
    (
        "POST",
        "/api/practice/quiz/answer",
        {"person": ME, "card": 0, "answer": "x"},
        "card",
        _fault("fault_at_least", value="0", low="1"),
    ),
    ("GET", "/api/practice/challenge?date=x", {}, "date", _fault("practice.date_malformed", given="'x'")),
    (
        "POST",
        "/api/practice/challenge/start",
        {"person": ME, "lexicon": "xx"},
        "lexicon",
        _fault("fault_lexicon_not_offered", name="'xx'", offered="en"),
    ),
    (
        "POST",
        "/api/practice/challenge/finish",
        {"person": ME, "name": " ", "answers": ["a"]},
        "name",
        _fault("name_empty", most=MAX_NAME),
    ),
]
BROKEN += [
    ("POST", "/api/games", {"game": "nain_jaune", "seed": -1}, "seed", _fault("fault_at_least", value="-1", low="0")),
    ("POST", "/api/games/nj-nope/actions", {"action": " "}, "action", _fault("fault_nj_action_due")),
    ("GET", "/api/games/nj-nope/events?since=x", {}, "since", _fault("fault_not_whole", given="'x'")),
    (
        "GET",
        "/api/games/nj-nope/record?format=pdf",
        {},
        "format",
        _fault("fault_not_one_of", given="'pdf'", choices="json, text"),
    ),
    (
        "POST",
        "/api/nain-jaune/audit",
        {},
        "record",
        _fault("fault_required", help="a record: the text GET /api/games/ID/record gives"),
    ),
]
"""One broken field of each route's body or query, and the message its fault says."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_broken_field_of_each_body_is_refused_by_its_name_in_the_askers_language(
    client: Client, language: str
) -> None:
    routes = {
        (
            m,
            re.sub("nj-nope", "nj-{table}", p.split("?")[0])
            .replace("/nope", "/{game_id}")
            .replace("0123456789ab", "{puzzle_id}"),
        )
        for m, p, *_ in BROKEN
    }
    assert routes == set(ALL_ROUTES)
    for method, path, body, field, (code, values) in BROKEN:
        headers = {"Accept-Language": language}
        answer = (
            client.post(path, json=body, headers=headers) if method == "POST" else client.get(path, headers=headers)
        )
        assert answer.status_code == 400, (path, answer.text)
        error = answer.json()["error"]
        assert error["field"] == field and [f["field"] for f in error["faults"]] == [field], (path, error)
        said = error["faults"][0]["message"]
        assert error["message"] == f"{field}: {said}"
        assert said == Reason(code, values).text(language), (path, said)
        if language != "en":
            assert said != Reason(code, values).text("en"), (path, said)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_routes_refusals_are_said_in_the_askers_language(client: Client, language: str) -> None:
    headers = {"Accept-Language": language}
    missing = client.get("/api/games/nope", headers=headers)
    assert missing.status_code == 404
    assert missing.json()["error"]["message"] == Reason("refused_unknown_game", {"game": "'nope'"}).text(language)
    made = client.post(
        "/api/games", json={"players": ["person", "person"], "seats": "invite", "seed": 3}, headers=headers
    ).json()["result"]
    game_id, key = made["id"], made["seats"]["A"]["key"]
    forged = client.get(f"/api/games/{game_id}/events", headers={**headers, "Last-Event-ID": "x"})
    error = forged.json()["error"]
    said = Reason("refused_last_event", {"given": "'x'", "most": MAX_ACTIONS}).text(language)
    assert forged.status_code == 400 and error["field"] == "Last-Event-ID" and error["faults"][0]["message"] == said
    other = client.post(f"/api/games/{game_id}/resign", json={"player": "B"}, headers={**headers, "X-Seat-Key": key})
    said = Reason("refused_not_your_seat", {"seat": "A", "asked": "B"}).text(language)
    assert other.status_code == 403 and other.json()["error"]["faults"][0]["message"] == said
    going = client.get(f"/api/games/{game_id}/review", headers=headers)
    said = Reason("refused_not_over_review", {"game": game_id}).text(language)
    assert going.status_code == 409 and going.json()["error"]["message"] == said
    if language != "en":
        assert said != Reason("refused_not_over_review", {"game": game_id}).text("en")
    beyond = client.get(f"/api/games/{game_id}/actions?since=4000", headers=headers).json()["error"]
    held = client.get(f"/api/games/{game_id}", headers=headers).json()["result"]["game"]["actions"]
    assert beyond["faults"] == [
        {"field": "since", "message": Reason("refused_beyond", {"since": 4000, "held": held}).text(language)}
    ]
    twice = client.get(f"/api/games/{game_id}/advice?top=1&top=2", headers=headers).json()["error"]
    assert twice["faults"] == [{"field": "top", "message": Reason("refused_given_twice", {"count": 2}).text(language)}]
    alone = client.post("/api/games", json={"players": ["greedy", "planner"]}, headers=headers).json()["error"]
    assert alone["faults"] == [{"field": "players", "message": Reason("game_needs_person").text(language)}]
    seat = client.post("/api/mine", json={"games": [f"{game_id}:Q"]}, headers=headers).json()["error"]
    assert seat["faults"] == [{"field": "games", "message": Reason("refused_no_seat", {"given": "'Q'"}).text(language)}]
    table = client.get("/api/games/nj-nosuch", headers=headers)
    assert table.status_code == 404
    assert table.json()["error"]["message"] == Reason("refused_unknown_game", {"game": "'nj-nosuch'"}).text(language)
    route = client.get("/api/games/nj-nosuch/advice", headers=headers).json()["error"]["message"]
    values = {"method": "GET", "path": "/api/games/nj-nosuch/advice"}
    assert route == Reason("refused_nj_no_route", values).text(language)
    token = client.post("/api/transfer", json={"token": "t" * 40}, headers=headers)
    assert token.status_code == 404
    assert token.json()["error"]["faults"] == [
        {"field": "token", "message": Reason("refused_no_transfer").text(language)}
    ]
