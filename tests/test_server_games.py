"""Live games over HTTP: played to the end against the planner, refused when illegal, kept across a kill -9."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from jsonschema import Draft202012Validator

from jarnac_solver import GameRecord, Lexicon
from jarnac_solver.server.app import create_app
from jarnac_solver.server.openapi import json_schema

from .service_client import Client, serve

VALIDATOR = Draft202012Validator(json_schema())
JSON = {"Content-Type": "application/json"}


def valid(document: dict[str, Any]) -> dict[str, Any]:
    errors = sorted(VALIDATOR.iter_errors(document), key=str)
    assert not errors, errors[0]
    return document


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    app = create_app(["fr", "en"], data=tmp_path_factory.mktemp("games"), max_budget_ms=2000)
    with Client(app, raise_server_exceptions=False) as made:
        yield made


def result(response: Any, status: int = 200) -> dict[str, Any]:
    assert response.status_code == status, response.text
    found: dict[str, Any] = valid(response.json())["result"]
    return found


def refused(response: Any, status: int, kind: str) -> str:
    assert response.status_code == status, response.text
    document = valid(response.json())
    assert document["error"]["type"] == kind, document
    assert {"type", "message", "field", "faults"} <= set(document["error"]), document
    assert "Traceback" not in response.text
    message: str = document["error"]["message"]
    return message


def test_a_game_against_the_planner_is_played_to_the_end(client: Client) -> None:
    """The person follows the advice the service gives; the planner answers its turns; the record replays."""
    made = result(client.post("/api/games", json={"players": ["person", "planner"], "seed": 11, "think_ms": 200}), 201)
    game_id, game = made["id"], made["game"]
    assert game["phase"] == "opening" and game["to_act"] == "A" and game["seed"] is None
    played: list[dict[str, Any]] = []
    for _ in range(400):
        if game["over"]:
            break
        assert game["to_act"] == "A"  # the computer has answered every one of its turns
        advice = result(client.get(f"/api/games/{game_id}/advice?budget=20"))["advice"]
        answer = result(client.post(f"/api/games/{game_id}/actions", json={"action": advice["options"][0]["action"]}))
        assert answer["played"][0]["player"] == "A"
        played += answer["played"]
        game = answer["game"]
    assert game["over"] and game["result"] and game["seed"] == 11
    assert {p["player"] for p in played} == {"A", "B"}
    assert result(client.get(f"/api/games/{game_id}")) == {"id": game_id, "game": game, "played": []}
    record = GameRecord.parse(client.get(f"/api/games/{game_id}/record?format=text").text)
    assert record.seed == 11 and record.players == ("person", "planner")
    replayed = record.replay(Lexicon.load("fr"))
    assert list(replayed.scores()) == game["scores"] and len(replayed.actions) == game["actions"]
    assert [f"{p['player']} {p['action']}" for p in played] == [f"{'AB'[w]} {a}" for w, a, _ in record.actions]


def test_a_pass_with_a_move_left_is_stolen_and_a_jarnac_decision_shows_the_best_call(client: Client) -> None:
    game_id = result(client.post("/api/games", json={"players": ["person", "greedy"], "seed": 5}), 201)["id"]
    result(client.post(f"/api/games/{game_id}/actions", json={"action": "draw"}))
    answer = result(client.post(f"/api/games/{game_id}/actions", json={"action": "pass", "player": "A"}))
    steal = answer["played"][1]
    assert steal["player"] == "B" and steal["action"].startswith("jarnac ") and steal["gained"] > 0
    # Now B passes in its turn at some point: decline as the thief, and the answer shows what was there.
    game = answer["game"]
    assert game["to_act"] == "A" and game["phase"] == "jarnac" and game["accepts"] == ["jarnac", "decline"]
    decided = result(client.post(f"/api/games/{game_id}/actions", json={"action": "decline"}))["played"][0]
    assert decided["action"] == "decline" and "best_call" in decided and decided["lost"] == 0


def test_a_game_over_the_board_takes_the_tiles_drawn(client: Client) -> None:
    made = result(client.post("/api/games", json={"players": ["person", "person"], "over_the_board": True}), 201)
    game_id = made["id"]
    message = refused(client.post(f"/api/games/{game_id}/actions", json={"action": "draw"}), 409, "IllegalActionError")
    assert "draws 6 tiles" in message
    answer = result(client.post(f"/api/games/{game_id}/actions", json={"action": "draw", "drew": "RATEAU"}))
    assert answer["game"]["trays"][0]["rack"] == "RATEAU" and answer["game"]["to_act"] == "A"
    answer = result(client.post(f"/api/games/{game_id}/actions", json={"action": "+RAT", "drew": "S"}))
    assert answer["game"]["trays"][0]["lines"] == ["RAT"] and answer["game"]["scores"] == [9, 0]
    text = client.get(f"/api/games/{game_id}/record?format=text").text
    assert "1. A draw {RATEAU}" in text and "2. A +RAT {S}" in text


BAD_GAMES = [
    ({"lexicon": "/etc/passwd"}, "UnknownLexiconError", "never a file"),
    ({"lexicon": "es"}, "UnknownLexiconError", "offers the lexicons fr, en"),
    ({"lexicon": {"name": "fr"}}, "UsageError", "lexicon: text is due, not an object"),
    ({"players": ["greedy", "planner"]}, "UsageError", "a person's"),
    ({"players": ["person", "deep blue"]}, "UsageError", "person, random, greedy"),
    ({"players": "person"}, "UsageError", "two seats"),
    ({"players": ["person", {"a": 1}]}, "UsageError", "a seat is a name"),
    ({"over_the_board": True}, "UsageError", "two people's"),
    ({"seed": -1}, "UsageError", "seed: -1 is out of range"),
    ({"seed": 2**64}, "UsageError", "seed: 18446744073709551616 is out of range"),
    ({"seed": "x"}, "UsageError", "whole number"),
    ({"rules": "chess"}, "UsageError", "'chess' is no preset"),
    ({"rules": {"a": 1}}, "UsageError", "rules: "),
    ({"rules": ["sheet"]}, "UsageError", "rules: "),
    ({"bag": "/etc/passwd"}, "UsageError", "'/etc/passwd' is none of fr, en"),
    ({"think_ms": 0}, "UsageError", "think_ms"),
    ({"colour": "red"}, "UsageError", "no field 'colour'"),
]


@pytest.mark.parametrize(("body", "kind", "said"), BAD_GAMES, ids=[json.dumps(b) for b, _, _ in BAD_GAMES])
def test_a_bad_game_is_refused_with_the_reason(client: Client, body: dict[str, Any], kind: str, said: str) -> None:
    assert said in refused(client.post("/api/games", json=body), 400, kind)


def test_bad_actions_and_questions_are_4xx_error_documents(client: Client) -> None:
    game_id = result(client.post("/api/games", json={"players": ["planner", "person"], "seed": 3}), 201)["id"]
    game = result(client.get(f"/api/games/{game_id}"))["game"]
    assert game["to_act"] == "B" and game["actions"] >= 1  # the computer opened as A
    actions = f"/api/games/{game_id}/actions"
    assert "A is not to act" in refused(
        client.post(actions, json={"action": "draw", "player": "A"}), 409, "IllegalActionError"
    )
    refused(client.post(actions, json={"action": "+QQQ"}), 409, "IllegalActionError")
    unread = client.post(actions, json={"action": "fly away"})
    assert refused(unread, 400, "InvalidMoveError").startswith("action: cannot read the action 'fly away'")
    assert unread.json()["error"]["field"] == "action"
    refused(client.post(actions, json={"action": "draw", "drew": "E"}), 400, "InvalidInputError")
    refused(client.post(actions, json={"move": "draw"}), 400, "UsageError")
    refused(client.post(actions, json={"action": "x" * 300}), 400, "UsageError")
    refused(client.post(actions, json={"action": "draw", "at": {"n": 1}}), 400, "UsageError")
    refused(client.post(actions, content=b"{", headers=JSON), 400, "MalformedJSON")
    assert result(client.get(f"/api/games/{game_id}"))["game"] == game  # nothing refused changed the game
    refused(client.get(f"/api/games/{game_id}/advice?budget=-5"), 400, "UsageError")
    refused(client.get(f"/api/games/{game_id}/advice?top=1000"), 400, "UsageError")
    refused(client.get(f"/api/games/{game_id}/advice?depth=deep"), 400, "UsageError")
    refused(client.get(f"/api/games/{game_id}/advice?budget=fast"), 400, "UsageError")
    refused(client.get(f"/api/games/{game_id}/advice?colour=red"), 400, "UsageError")
    refused(client.get(f"/api/games/{game_id}/record?format=pdf"), 400, "UsageError")
    refused(client.get("/api/games/nope"), 404, "UnknownGame")
    refused(client.post("/api/games/nope/actions", json={"action": "draw"}), 404, "UnknownGame")
    refused(client.get("/api/games/nope/record"), 404, "UnknownGame")
    refused(client.get("/api/games"), 405, "MethodNotAllowed")
    # The record of a game going on against the computer hides the seed (it tells the bag's order).
    record = result(client.get(f"/api/games/{game_id}/record"))["record"]
    assert record["seed"] is None and record["result"] == "unfinished"


def _start_server(data: Path) -> tuple[subprocess.Popen[str], str]:
    server, port = serve(data, lexicon="fr")
    return server, f"http://127.0.0.1:{port}/api"


def _ask(url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        document: dict[str, Any] = json.load(answer)
    found: dict[str, Any] = document["result"]
    return found


def test_a_server_killed_with_kill_9_goes_on_with_every_game(tmp_path: Path) -> None:
    server, base = _start_server(tmp_path)
    try:
        game_id = _ask(f"{base}/games", {"players": ["person", "greedy"], "seed": 21})["id"]
        before: dict[str, Any] = {}
        for _ in range(6):  # a few turns: each action answered is committed
            advice = _ask(f"{base}/games/{game_id}/advice?budget=20")["advice"]
            before = _ask(f"{base}/games/{game_id}/actions", {"action": advice["options"][0]["action"]})["game"]
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        server, base = _start_server(tmp_path)
        assert _ask(f"{base}/games/{game_id}")["game"] == before
        while not before["over"]:
            advice = _ask(f"{base}/games/{game_id}/advice?budget=20")["advice"]
            before = _ask(f"{base}/games/{game_id}/actions", {"action": advice["options"][0]["action"]})["game"]
        with urllib.request.urlopen(f"{base}/games/{game_id}/record?format=text", timeout=30) as answer:
            record = GameRecord.parse(answer.read().decode())
        assert list(record.replay(Lexicon.load("fr")).scores()) == before["scores"]
    finally:
        server.kill()
        server.wait(timeout=10)
        for pipe in (server.stdout, server.stderr):
            if pipe is not None:
                pipe.close()


def test_a_port_in_use_is_one_line_and_no_banner(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", str(port), "--lexicon", "fr"]
        done = subprocess.run(
            [*command, "--data", str(tmp_path)], capture_output=True, text=True, timeout=60, env={**os.environ}
        )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in done.stderr


def test_the_openapi_document_describes_the_games(client: Client) -> None:
    document = client.get("/api/openapi.json").json()
    assert {"/api/games", "/api/games/{game_id}/actions", "/api/games/{game_id}/advice"} <= set(document["paths"])
    words = document["paths"]["/api/plan"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert "exact" not in words["properties"]  # the service runs no exact search: not offered
    assert "never a file" in words["properties"]["lexicon"]["description"]


def test_kept_in_a_file_between_apps(tmp_path: Path) -> None:
    """Two apps on one folder, one after the other (what a restart is): the game is there, as it was."""
    with Client(create_app(["fr"], data=tmp_path)) as first:
        game_id = result(first.post("/api/games", json={"players": ["person", "person"], "seed": 2}), 201)["id"]
        state = result(first.post(f"/api/games/{game_id}/actions", json={"action": "draw"}))["game"]
    assert (tmp_path / "games.sqlite3").exists()
    with Client(create_app(["fr"], data=tmp_path)) as second:
        assert result(second.get(f"/api/games/{game_id}"))["game"] == state


def test_json_nested_too_deep_is_a_400(client: Client) -> None:
    refused(client.post("/api/words", content=b"[" * 5000 + b"]" * 5000, headers=JSON), 400, "MalformedJSON")
    deep = b'{"a":' * 3000 + b"1" + b"}" * 3000
    refused(client.post("/api/games", content=deep, headers=JSON), 400, "MalformedJSON")


def test_competitive_games_play_the_competitive_list(tmp_path: Path) -> None:
    with Client(create_app(["fr", "fr-competitive"], data=tmp_path)) as both:
        made = both.post("/api/games", json={"rules": "competitive", "lexicon": "fr", "players": ["person", "person"]})
        assert result(made, 201) and made.json()["lexicon"] == "fr-competitive"
    with Client(create_app(["fr"], data=tmp_path)) as only_fr:
        answer = only_fr.post("/api/games", json={"rules": "competitive"})
        assert "fr-competitive" in refused(answer, 400, "UsageError")


def test_a_full_store_makes_room_and_a_game_can_be_deleted(tmp_path: Path) -> None:
    with Client(create_app(["fr"], data=tmp_path, max_games=2)) as small:
        ids = [result(small.post("/api/games", json={"players": ["person", "person"]}), 201)["id"] for _ in range(2)]
        refused(small.post("/api/games", json={}), 507, "StoreFull")
        gone = result(small.request("DELETE", f"/api/games/{ids[0]}"))
        assert gone["deleted"] is True
        refused(small.get(f"/api/games/{ids[0]}"), 404, "UnknownGame")
        assert small.post("/api/games", json={"players": ["person", "person"]}).status_code == 201
    # A game idle for a day makes room too (its last action a day old).
    import sqlite3

    with contextlib.closing(sqlite3.connect(tmp_path / "games.sqlite3")) as db, db:
        db.execute("UPDATE games SET touched = touched - 2 * 86400 WHERE id = ?", (ids[1],))
    with Client(create_app(["fr"], data=tmp_path, max_games=2)) as small:
        assert small.post("/api/games", json={"players": ["person", "person"]}).status_code == 201
        refused(small.get(f"/api/games/{ids[1]}"), 404, "UnknownGame")


def test_an_action_resent_after_a_lost_answer_is_not_refused(client: Client) -> None:
    game_id = result(client.post("/api/games", json={"players": ["person", "greedy"], "seed": 8}), 201)["id"]
    first = result(client.post(f"/api/games/{game_id}/actions", json={"action": "draw", "at": 1}))
    again = result(client.post(f"/api/games/{game_id}/actions", json={"action": "draw", "at": 1}))
    assert again["repeated"] is True and again["game"] == first["game"]
    assert "already A draw" in refused(
        client.post(f"/api/games/{game_id}/actions", json={"action": "pass", "at": 1}), 409, "IllegalActionError"
    )
    assert "the next is 2" in refused(
        client.post(f"/api/games/{game_id}/actions", json={"action": "pass", "at": 9}), 409, "IllegalActionError"
    )


def test_action_errors_name_their_fault(client: Client) -> None:
    game_id = result(client.post("/api/games", json={"players": ["person", "person"]}), 201)["id"]
    actions = f"/api/games/{game_id}/actions"
    assert "action: required" in refused(client.post(actions, json={}), 400, "UsageError")
    assert "action: text is due, not a number" in refused(client.post(actions, json={"action": 5}), 400, "UsageError")
    assert "JSON object" in refused(client.post(actions, json=["draw"]), 400, "UsageError")
    message = refused(client.post(actions, json={"action": "resign"}), 400, "InvalidMoveError")
    assert "the actions: draw, exchange XYZ" in message
    refused(client.post(f"/api/games/{game_id}/advice", json={}), 405, "MethodNotAllowed")
    assert len(refused(client.get("/api/games/" + "x" * 5000), 404, "UnknownGame")) < 200
    assert "top: 0 is out of range" in refused(client.get(f"/api/games/{game_id}/advice?top=0"), 400, "UsageError")


def test_a_draw_written_as_the_record_writes_it(client: Client) -> None:
    made = result(client.post("/api/games", json={"players": ["person", "person"], "over_the_board": True}), 201)
    answer = result(client.post(f"/api/games/{made['id']}/actions", json={"action": "draw {RATESE}"}))
    assert answer["game"]["trays"][0]["rack"] == "RATESE"


def test_the_bearer_scheme_in_any_case() -> None:
    guarded = Client(create_app(["fr"], token="s3cret"))
    assert (
        guarded.post("/api/check", json={"words": ["ETE"]}, headers={"Authorization": "bearer s3cret"}).status_code
        == 200
    )
    refused(
        guarded.post("/api/check", json={"words": ["ETE"]}, headers={"Authorization": "Basic s3cret"}),
        401,
        "Unauthorized",
    )


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--token", ""], "--token is empty"),
        (["--cors", "notanorigin"], "not a web origin"),
        (["--data", __file__], "is a file, not a folder"),
    ],
)
def test_serve_refuses_bad_options_in_one_line(
    options: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from jarnac_solver.cli import main

    assert main(["serve", "--lexicon", "fr", *options]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err


def test_worker_processes_end_with_a_server_killed_with_kill_9(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--lexicon", "fr", "--workers", "1"]
    server = subprocess.Popen([*command, "--data", str(tmp_path)], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    base = "http://" + server.stdout.readline().split("http://", 1)[1].split("/api/", 1)[0] + "/api"
    try:
        _ask(f"{base}/words", {"rack": "RATE"})  # the worker is started
        children = [int(c) for c in Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()]
        assert children
    finally:
        server.kill()
        server.wait(timeout=10)
        server.stdout.close()
    deadline = time.monotonic() + 15
    while any(Path(f"/proc/{pid}").exists() and "zombie" not in _status(pid) for pid in children):
        assert time.monotonic() < deadline, "a worker outlived its server by 15 s"
        time.sleep(0.2)


def _status(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().lower()
    except OSError:
        return "zombie"


def test_an_audit_of_records_sent_as_text(client: Client) -> None:
    """POST /api/audit: the audit --json document of a hand-written game; garbage is a 400, not an empty game."""
    text = "draw {RATEAU}\n+RAT {S}\npass\n"
    document = client.post("/api/audit", json={"text": text}).json()
    assert valid(document)["result"]["games"][0]["windows"][0]["left_move"] is not None
    message = refused(client.post("/api/audit", json={"text": "hello\nworld"}), 400, "InvalidInputError")
    assert "no action could be read" in message
    refused(client.post("/api/audit", json={"text": '[Lexicon "/etc/passwd"]\n1. A draw\n'}), 400, "InvalidInputError")
    refused(client.post("/api/audit", json={"records": text}), 400, "UsageError")
    assert "rules: text is due, not an object" in refused(
        client.post("/api/audit", json={"text": "+RAT", "rules": {"a": 1}}), 400, "UsageError"
    )


def test_an_audited_text_writes_no_file_on_the_server(client: Client, tmp_path: Path) -> None:
    """A hand-written game's ``save FILE`` line is the recorder's command: read by the service it is refused,
    never a file written where the server runs."""
    target = tmp_path / "written.txt"
    document = valid(client.post("/api/audit", json={"text": f"draw {{RATEAU}}\nsave {target}\n+RAT {{S}}\n"}).json())
    assert not target.exists()
    refusals = document["result"]["refused"]
    assert [r["line"] for r in refusals] == [2] and "writes no file" in refusals[0]["message"]


def test_the_games_answers_are_typed_in_the_openapi_document(client: Client) -> None:
    document = client.get("/api/openapi.json").json()
    root = {**document, "$ref": "#/components/schemas/game_result"}
    game_id = result(client.post("/api/games", json={"players": ["person", "person"]}), 201)["id"]
    answer = client.get(f"/api/games/{game_id}").json()["result"]
    assert not list(Draft202012Validator(root).iter_errors(answer))
    schema = document["paths"]["/api/games/{game_id}"]["get"]["responses"]["200"]["content"]["application/json"]
    assert schema["schema"]["allOf"][1]["properties"]["result"]["$ref"].endswith("/game_result")


def test_the_game_cache_is_bounded_by_the_actions_it_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's memory grows with its actions: the cache keeps at most CACHE_ACTIONS of them, the games
    touched last, however few games that is (the one in use always kept)."""
    from jarnac_solver.server import live
    from jarnac_solver.server.contract import Offer

    monkeypatch.setattr(live, "_CACHE", type(live._CACHE)())
    monkeypatch.setattr(live, "CACHE_ACTIONS", 3)
    spec = live.new_spec({"players": ("person", "person"), "seed": 1}, Offer(("fr",)), 0)
    entries: dict[str, list[live.Entry]] = {"a": [], "b": []}
    for game_id in ("a", "b"):
        live.start(game_id, spec)
        for action in ("draw", "pass"):
            entries[game_id].append(tuple(live.apply(game_id, spec, entries[game_id], action, None, None)["entry"]))
    assert list(live._CACHE) == ["b"]  # a's 2 actions and b's 2 are over 3: a, touched first, is gone
    assert len(live.rebuild("a", spec, entries["a"]).actions) == 2  # replayed from its entries
    assert list(live._CACHE) == ["a"]


def test_the_store_tells_its_listeners_of_every_commit(tmp_path: Path) -> None:
    from jarnac_solver.server.contract import Offer
    from jarnac_solver.server.live import new_spec
    from jarnac_solver.server.store import GameStore

    store = GameStore(tmp_path)
    told: list[tuple[str, int]] = []
    store.subscribe(lambda game, count: told.append((game, count)))
    store.add("g", new_spec({"players": ("person", "person")}, Offer(("fr",), 500), 3))
    store.append("g", 0, [(0, "draw", "E")], over=False)
    store.append("g", 1, [], over=False)  # nothing committed, nothing told
    assert store.delete("g") and not store.delete("g")
    assert told == [("g", 0), ("g", 1), ("g", -1)]
    store.close()
