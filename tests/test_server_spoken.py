"""A live game's refusals over HTTP, in the asker's language and naming their field: a body's own ``lang``
heard on every route, an illegal action, a seat not to act, the engine's own refusals, a body not read."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from jarnac_solver.server.app import create_app

from .service_client import Client
from .test_server_games import refused, result

LANGS = ("en", "fr", "es", "nl")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    app = create_app(["fr", "en"], data=tmp_path_factory.mktemp("spoken"), max_budget_ms=2000)
    with Client(app, raise_server_exceptions=False) as made:
        yield made


def error(response: Any, status: int, kind: str | None = None) -> dict[str, Any]:
    if kind is not None:
        refused(response, status, kind)
    assert response.status_code == status, response.text
    found: dict[str, Any] = response.json()["error"]
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_game_body_takes_lang_and_says_its_faults_in_it(client: Client, lang: str) -> None:
    made = result(client.post("/api/games", json={"players": ["person", "greedy"], "seed": 3, "lang": lang}), 201)
    assert made["game"]["actions"] == 0
    english = {}
    for body in ({"lexicon": "xx"}, {"rules": "bogus"}, {"seed": "abc"}):
        said = error(client.post("/api/games", json={**body, "lang": lang}), 400)
        (field,) = body
        assert [f["field"] for f in said["faults"]] == [field], said  # lang is no unknown field
        english[field] = error(client.post("/api/games", json=body), 400)["message"]
        assert (said["message"] == english[field]) == (lang == "en"), said


@pytest.mark.parametrize("lang", LANGS)
def test_every_route_body_takes_lang(client: Client, lang: str) -> None:
    made = result(client.post("/api/games", json={"players": ["person", "greedy"], "seed": 3, "lang": lang}), 201)
    game_id = made["id"]
    assert result(client.post(f"/api/games/{game_id}/actions", json={"action": "draw", "lang": lang}))
    assert result(client.post(f"/api/games/{game_id}/resign", json={"lang": lang}))
    assert result(client.post("/api/mine", json={"games": [game_id], "lang": lang}))
    joined = error(client.post("/api/join", json={"code": "0000-0000-0000", "lang": lang}), 404, "UnknownGame")
    assert joined["field"] != "lang"
    text = '{"lexicon": "fr", "players": ["greedy", "greedy"], "seed": 1}\n'
    assert result(client.post("/api/audit", json={"text": text, "lang": lang}))
    practice = client.post("/api/practice/puzzles/next", json={"person": "p" * 32, "lexicon": "fr", "lang": lang})
    assert practice.status_code != 400 or "lang" not in practice.text, practice.text
    table = {"game": "nain_jaune", "players": ["person", "greedy"], "seed": 2, "lang": lang}
    assert result(client.post("/api/games", json=table), 201)


@pytest.mark.parametrize("lang", LANGS)
def test_an_action_refused_by_the_game_names_its_field(client: Client, lang: str) -> None:
    made = result(client.post("/api/games", json={"players": ["person", "greedy"], "seed": 3}), 201)
    path = f"/api/games/{made['id']}/actions?lang={lang}"
    for body, field in [({"action": "+RAT"}, "action"), ({"action": "draw", "player": "B"}, "player")]:
        said = error(client.post(path, json=body), 409, "IllegalActionError")
        assert said["field"] == field and [f["field"] for f in said["faults"]] == [field], said
        english = error(client.post(path.replace(f"lang={lang}", "lang=en"), json=body), 409)["message"]
        assert (said["message"] == english) == (lang == "en"), said
    assert result(client.get(f"/api/games/{made['id']}"))["game"]["actions"] == 0


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_not_to_act_is_said_in_the_askers_language_naming_its_key(client: Client, lang: str) -> None:
    invite = {"players": ["person", "person"], "seats": "invite", "seed": 25, "lexicon": "en"}
    made = result(client.post("/api/games", json=invite), 201)
    joined = result(client.post("/api/join", json={"code": made["invitation"]["code"]}))
    path = f"/api/games/{made['id']}/actions"
    key_b = {"X-Seat-Key": joined["seats"]["B"]["key"]}
    for body in ({"action": "draw"}, {"action": "draw", "player": "B"}):
        said = error(client.post(path, json=body, headers={**key_b, "Accept-Language": lang}), 403, "WrongSeat")
        assert said["field"] == "X-Seat-Key" and [f["field"] for f in said["faults"]] == ["X-Seat-Key"], said
        english = error(client.post(path, json=body, headers=key_b), 403)["message"]
        assert english == "X-Seat-Key: this key is seat B's: A is to act (opening phase)"
        assert (said["message"] == english) == (lang == "en"), said


@pytest.mark.parametrize("lang", LANGS)
def test_the_engines_refusal_of_an_action_is_said_in_the_askers_language(client: Client, lang: str) -> None:
    made = result(client.post("/api/games", json={"players": ["person", "greedy"], "seed": 3}), 201)
    path = f"/api/games/{made['id']}/actions"
    for body in ({"action": "jarnac 1:HOUEE+Z=ZZZZZZ"}, {"action": "RAT=TRAM"}, {"action": "1:RAT+S=TRAM"}):
        said = error(client.post(f"{path}?lang={lang}", json=body), 400, "InvalidMoveError")
        assert said["field"] == "action", said
        english = error(client.post(path, json=body), 400)["message"]
        assert (said["message"] == english) == (lang == "en"), said
    assert (
        "ZZZZZZ does not hold every letter of HOUEE"
        in error(client.post(path, json={"action": "1:HOUEE+Z=ZZZZZZ"}), 400)["message"]
    )


@pytest.mark.parametrize("lang", LANGS)
def test_a_body_not_read_is_refused_in_the_askers_language(client: Client, lang: str) -> None:
    made = result(client.post("/api/games", json={"players": ["person", "greedy"], "seed": 3}), 201)
    for path in ("/api/games", f"/api/games/{made['id']}/actions", "/api/anagram"):
        for content, status, kind in [
            (b'{"tray": "RAT BUT / ZW"', 400, "MalformedJSON"),
            (b'{"action": "draw", "action": "pass"}', 400, "UsageError"),
            (b"[" * 60_000, 400, "MalformedJSON"),
            (b'{"a": "' + b"x" * 3_000_000 + b'"}', 413, "RequestTooLarge"),
        ]:
            typed = {"Content-Type": "application/json"}
            asked = client.post(path, content=content, headers={**typed, "Accept-Language": lang})
            said = error(asked, status, kind)
            english = error(client.post(path, content=content, headers=typed), status, kind)["message"]
            assert (said["message"] == english) == (lang == "en"), (path, said)


@pytest.mark.parametrize("lang", LANGS)
def test_a_route_that_does_not_exist_is_said_in_the_askers_language(client: Client, lang: str) -> None:
    for method, path in [("GET", "/api/nosuch"), ("PUT", "/api/nosuch"), ("POST", "/api/games/x/y/z")]:
        typed = {"Content-Type": "application/json"}
        asked = client.request(method, path, json={}, headers={**typed, "Accept-Language": lang})
        said = error(asked, 404, "NotFound")
        english = error(client.request(method, path, json={}, headers=typed), 404, "NotFound")["message"]
        assert "GET /api/openapi.json" in english and english.startswith(f"{method} /api/")
        assert (said["message"] == english) == (lang == "en"), (path, said)


@pytest.mark.parametrize("lang", LANGS)
def test_an_action_after_the_end_or_with_tiles_drawn_by_the_bag_is_said_in_the_askers_language(
    client: Client, lang: str
) -> None:
    made = result(client.post("/api/games", json={"players": ["person", "greedy"], "seed": 3}), 201)
    path = f"/api/games/{made['id']}/actions"
    drew = error(client.post(f"{path}?lang={lang}", json={"action": "draw", "drew": "ABCDEF"}), 400)
    english = error(client.post(path, json={"action": "draw", "drew": "ABCDEF"}), 400)["message"]
    assert drew["field"] == "drew" and english.startswith("drew: only a game over the board"), english
    assert (drew["message"] == english) == (lang == "en"), drew
    result(client.post(f"/api/games/{made['id']}/resign", json={}))
    over = error(client.post(f"{path}?lang={lang}", json={"action": "draw"}), 409, "IllegalActionError")
    english = error(client.post(path, json={"action": "draw"}), 409)["message"]
    assert english == "the game is over (A resigned)" and over["field"] is None
    assert (over["message"] == english) == (lang == "en"), over


@pytest.mark.parametrize("lang", LANGS)
def test_a_bodys_lang_says_the_routes_own_refusals(client: Client, lang: str) -> None:
    made = result(client.post("/api/games", json={"players": ["person", "greedy"], "seed": 3}), 201)
    path = f"/api/games/{made['id']}/actions"
    said = error(client.post(path, json={"action": "+RAT", "lang": lang}), 409, "IllegalActionError")
    english = error(client.post(path, json={"action": "+RAT"}), 409)["message"]
    assert said["field"] == "action" and (said["message"] == english) == (lang == "en"), said
    asked = {"lang": lang}
    unknown = error(client.post("/api/games/nope/resign", json=asked, headers={"Accept-Language": "en"}), 404)
    assert (unknown["message"] == error(client.post("/api/games/nope/resign", json={}), 404)["message"]) == (
        lang == "en"
    ), unknown


@pytest.mark.parametrize("lang", LANGS)
def test_a_method_a_path_does_not_take_is_said_in_the_askers_language(client: Client, lang: str) -> None:
    for method, path, english in [
        ("PUT", "/api/games/x", "PUT /api/games/x: use GET or DELETE"),
        ("DELETE", "/api/words", "DELETE /api/words: use POST"),
    ]:
        said = error(client.request(method, path, headers={"Accept-Language": lang}), 405, "MethodNotAllowed")
        assert error(client.request(method, path), 405)["message"] == english
        assert (said["message"] == english) == (lang == "en"), said
        assert said["message"].startswith(f"{method} {path}")
