"""The HTTP service: each command's answer is its --json document; every bad request a 4xx error document."""

from __future__ import annotations

import json
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from jsonschema import Draft202012Validator

from jarnac_solver.cli import main
from jarnac_solver.messages import Reason, render
from jarnac_solver.play.players import PLAYERS
from jarnac_solver.server.app import create_app
from jarnac_solver.server.contract import SERVED
from jarnac_solver.server.openapi import json_schema

from .service_client import Client, serve, stop

VALIDATOR = Draft202012Validator(json_schema())


@pytest.fixture(scope="module")
def client() -> Client:
    return Client(create_app(), raise_server_exceptions=False)


def cli_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> Any:
    capsys.readouterr()
    main([*argv, "--json"])
    return json.loads(capsys.readouterr().out)


# (path, body, the same question on the command line)
SAME = [
    ("words", {"rack": "ABUZRTT"}, ["words", "ABUZRTT"]),
    (
        "words",
        {"rack": "ouucchk", "min-len": 5, "lexicon": "en"},
        ["words", "ouucchk", "--min-len", "5", "--lexicon", "en"],
    ),
    (
        "words",
        {"rack": "IJSEL", "lexicon": "nl", "probability": True},
        ["words", "IJSEL", "--lexicon", "nl", "--probability"],
    ),
    ("anagram", {"letters": "OHCCAU", "lexicon": "en"}, ["anagram", "OHCCAU", "--lexicon", "en"]),
    ("extend", {"word": "COUCH", "rack": "A", "lexicon": "en"}, ["extend", "COUCH", "A", "--lexicon", "en"]),
    ("check", {"words": ["été", "TZRA"]}, ["check", "été", "TZRA"]),
    ("check", {"words": ["IJS"], "lexicon": "nl"}, ["check", "IJS", "--lexicon", "nl"]),
    (
        "search",
        {"pattern": "?A*E", "letters": "RATES", "lexicon": "en", "sort": "probability"},
        ["search", "?A*E", "--letters", "RATES", "--lexicon", "en", "--sort", "probability"],
    ),
    ("hooks", {"words": ["RATE", "za"], "lexicon": "en"}, ["hooks", "RATE", "za", "--lexicon", "en"]),
    ("moves", {"tray": "RAT BUT / ZW"}, ["moves", "RAT BUT / ZW"]),
    ("moves", {"tray": "- RAT / ZW"}, ["moves", "- RAT / ZW"]),
    (
        "moves",
        {"tray": "BIJT / ZI.JD", "lexicon": "nl", "rules": "multilingual"},
        ["moves", "BIJT / ZI.JD", "--lexicon", "nl", "--rules", "multilingual"],
    ),
    ("jarnac", {"tray": "CARIES SORBETS / SN"}, ["jarnac", "CARIES SORBETS / SN"]),
    (
        "jarnac",
        {"tray": "RAT BUT CAS DOS FEU LIT MER O / G", "thief": "/", "objective": "gain"},
        ["jarnac", "RAT BUT CAS DOS FEU LIT MER O / G", "--thief", "/", "--objective", "gain"],
    ),
    ("plan", {"tray": "/ ACEERT"}, ["plan", "/ ACEERT"]),
    ("hint", {"tray": "RAT BUT / ZWUSE", "top": 2}, ["hint", "RAT BUT / ZWUSE", "--top", "2"]),
    (
        "hint",
        {"tray": "/", "opponent": "RAT BUT / ZW", "phase": "jarnac"},
        ["hint", "/", "--opponent", "RAT BUT / ZW", "--phase", "jarnac"],
    ),
    ("lexicon/info", {"lexicon": "nl"}, ["lexicon", "info", "nl"]),
    ("lexicon/list", {}, ["lexicon", "list"]),
    (
        "lexicon/diff",
        {"first": "en", "second": "en-large", "limit": 2},
        ["lexicon", "diff", "en", "en-large", "--limit", "2"],
    ),
    # Errors found by the command itself: the same error document, status 400.
    ("moves", {"tray": "RAT / Z1"}, ["moves", "RAT / Z1"]),
]


@pytest.mark.parametrize(("path", "body", "argv"), SAME, ids=[" ".join(argv) for _, _, argv in SAME])
def test_the_answer_is_the_json_the_command_line_prints(
    client: Client, capsys: pytest.CaptureFixture[str], path: str, body: dict[str, Any], argv: list[str]
) -> None:
    response = client.post(f"/api/{path}", json=body)
    expected = cli_json(capsys, argv)
    answer = response.json()
    if "error" in expected:  # the service also names the body's field at fault (the command line has none)
        named = {key: answer["error"].pop(key) for key in ("field", "faults")}
        assert named["field"] in body and [f["field"] for f in named["faults"]] == [named["field"]]
    assert answer == expected
    assert response.status_code == (400 if "error" in expected else 200)
    assert response.headers["content-type"].startswith("application/json")
    assert not sorted(VALIDATOR.iter_errors(response.json()), key=str)


def test_every_served_command_is_tested() -> None:
    assert {path.replace("/", " ") for path, _, _ in SAME} == set(SERVED)


JSON = {"Content-Type": "application/json"}


def error_of(response: Any, status: int, kind: str) -> str:
    assert response.status_code == status, response.text
    document = response.json()
    assert set(document) == {"schema", "command", "error"}
    assert not sorted(VALIDATOR.iter_errors(document), key=str)
    assert document["error"]["type"] == kind
    assert {"type", "message", "field", "faults"} <= set(document["error"]), document
    assert "Traceback" not in response.text
    message: str = document["error"]["message"]
    return message


BAD = [
    ("words", b'{"rack": "ABC"', 400, "MalformedJSON"),
    ("words", b"\xff\xfe", 400, "MalformedJSON"),
    ("words", b'["ABC"]', 400, "UsageError"),
    ("words", b'{"rack": "ABC", "colour": "red"}', 400, "UsageError"),
    ("words", b'{"rack": ["ABC"]}', 400, "UsageError"),
    ("words", b'{"rack": "ABC", "probability": "yes"}', 400, "UsageError"),
    ("words", b'{"rack": "ABC", "lexicon": "xx"}', 400, "UnknownLexiconError"),
    ("words", b'{"rack": "ABC", "lexicon": ["fr"]}', 400, "UsageError"),
    ("words", b'{"rack": "ABC", "lexicon": "/etc/passwd"}', 400, "UnknownLexiconError"),
    ("lexicon/info", b'{"lexicon": "lexicons/fr.txt"}', 400, "UnknownLexiconError"),
    ("lexicon/diff", b'{"first": "en", "second": "../en.jlex"}', 400, "UnknownLexiconError"),
    ("words", b'{"rack": "ABC", "bag": "/etc/passwd"}', 400, "UsageError"),
    ("words", b'{"rack": "ABC", "min_len": "x"}', 400, "UsageError"),
    ("hint", b'{"tray": "RAT / ZW", "phase": "later"}', 400, "UsageError"),
    ("search", b'{"pattern": "?A*E", "prob_rank": "100000000000000000000"}', 400, "UsageError"),
    ("search", b'{"pattern": "?A*E", "prob_rank": -1}', 400, "UsageError"),
    ("search", b'{"pattern": "?A*E", "prob_rank": "1-99999999999999999999"}', 400, "UsageError"),
    ("search", b'{"pattern": "?A*E", "length": {"a": 1}}', 400, "UsageError"),
    ("hint", b'{"tray": "RAT / ZW", "top": 51}', 400, "UsageError"),
    ("hint", b'{"tray": "RAT / ZW", "samples": 100000}', 400, "UsageError"),
    ("words", b'{"rack": {"a": 1}}', 400, "UsageError"),
    ("check", b'{"words": ["ETE", {"a": 1}]}', 400, "UsageError"),
    ("audit", b'{"text": "+RAT", "rules": {"a": 1}}', 400, "UsageError"),
    ("audit", b'{"text": "+RAT", "rules": ["sheet"]}', 400, "UsageError"),
    ("audit", b'{"text": ["+RAT"]}', 400, "UsageError"),
    ("words", b'{"rack": "' + b"A" * 300 + b'"}', 400, "UsageError"),
    ("words", b'{"rack": "ABC", "min_len": Infinity}', 400, "MalformedJSON"),  # not JSON (RFC 8259)
    ("words", b'{"rack": "ABC", "min_len": NaN}', 400, "MalformedJSON"),
    ("words", b'{"rack": "ABC", "rack": "XYZ"}', 400, "UsageError"),  # which rack is meant is not known
    ("words", b"{}", 400, "UsageError"),  # the rack is required: the parser says so
    ("words", b'{"rack": "--lexicon=/etc/passwd"}', 400, "InvalidLetterError"),  # a value, never an option
    ("plan", b'{"tray": "/ ACEERT", "exact": true}', 400, "UsageError"),
    ("check", b'{"words": []}', 400, "UsageError"),
    ("play", b"{}", 404, "UnknownCommand"),
    ("lexicon/build", b'{"input": "a", "output": "b"}', 404, "UnknownCommand"),
    ("serve", b"{}", 404, "UnknownCommand"),
]


@pytest.mark.parametrize(("path", "body", "status", "kind"), BAD, ids=[f"{p} {b[:40]!r}" for p, b, _, _ in BAD])
def test_a_bad_request_is_a_4xx_error_document(client: Client, path: str, body: bytes, status: int, kind: str) -> None:
    message = error_of(client.post(f"/api/{path}", content=body, headers=JSON), status, kind)
    assert "jarnac-solver" not in message and "--help" not in message  # the service's words, not the command line's


def test_a_fault_the_command_finds_is_said_in_the_services_words(client: Client) -> None:
    """A value the body's table lets through and the command refuses: its field named, no program name."""
    error = client.post("/api/hint", json={"tray": "RAT / ZW", "formed": "x"}).json()["error"]
    assert error["field"] == "formed" and error["message"].startswith("formed: 'x' is not a list of line numbers")
    error = client.post("/api/search", json={"pattern": "*", "points": "7"}).json()["error"]
    assert error["field"] == "points" and "jarnac-solver" not in error["message"]


def test_the_options_a_commands_fault_names_are_said_by_their_fields(client: Client) -> None:
    """A fault naming other options (``--phase``, ``--free-lines``) says the body's fields, not the command line's."""
    error = client.post("/api/hint", json={"tray": "RAT / ZW", "disputed": "RAT"}).json()["error"]
    assert error["message"] == "disputed: is for phase dispute"
    error = client.post("/api/jarnac", json={"tray": "RAT / S", "thief": "BUT /", "free_lines": 2}).json()["error"]
    assert error["message"].startswith("give thief or free_lines, not both")
    error = client.post("/api/words", json={"rack": "-1"}).json()["error"]  # the library's fault names its value
    assert error["field"] == "rack" and error["faults"][0]["message"].startswith("'-1' holds '-'")
    error = client.post("/api/search", json={"pattern": "*", "letters": " "}).json()["error"]
    assert "--" not in error["message"] and "letters" in error["message"]


def _tray_notation_values() -> dict[str, Any]:
    return {"what": Reason("what.tray"), "text": "'RAT BUT ZW'"}


@pytest.mark.parametrize("lang", ["en", "fr", "es", "nl"])
def test_a_bad_letter_is_named_by_its_field_in_every_language(client: Client, lang: str) -> None:
    """The field at fault comes from the error's facts, not from its English words: a French answer names
    ``rack`` (or ``tray``) as the English one does."""
    error = client.post("/api/words", json={"rack": "AB1", "lang": lang}).json()["error"]
    assert (error["field"], [f["field"] for f in error["faults"]]) == ("rack", ["rack"])
    for command in ("check", "hooks"):  # a bad word in a list: the list's field
        error = client.post(f"/api/{command}", json={"words": ["QI", "ET1"], "lang": lang}).json()["error"]
        assert (error["field"], [f["field"] for f in error["faults"]]) == ("words", ["words"])
    # A tray not written as one: said in the language asked for, the field named all the same.
    error = client.post("/api/hint", json={"tray": "RAT BUT ZW", "lang": lang}).json()["error"]
    assert error["field"] == "tray" and error["reason"]["code"] == "error_tray_notation"
    assert error["message"] == render("error_tray_notation", _tray_notation_values(), lang)
    for tray in ("ORE / A1B", "O1E / AB"):
        error = client.post("/api/moves", json={"tray": tray, "lang": lang}).json()["error"]
        assert (error["field"], [f["field"] for f in error["faults"]]) == ("tray", ["tray"])
        assert "'1'" in error["faults"][0]["message"]


def test_a_games_players_are_refused_by_what_is_wrong(client: Client) -> None:
    """Too many seats, a seat that is no name, an unknown player: each said as it is."""
    for players, said in (
        (["person", "sim", "planner"], "; not 3"),
        (["person", 42], "a seat is a name, one of"),
        (["person", "bogus"], "no player 'bogus': a seat is one of"),
    ):
        error = client.post("/api/games", json={"players": players}).json()["error"]
        assert error["field"] == "players" and said in error["message"], error


def test_an_empty_list_is_said_to_be_empty(client: Client) -> None:
    error = client.post("/api/check", json={"words": []}).json()["error"]
    assert error["message"] == "words: a non-empty list of texts, not an empty list"


def test_a_key_given_twice_is_named(client: Client) -> None:
    error = client.post("/api/words", content=b'{"rack": "ABC", "rack": "XYZ"}', headers=JSON).json()["error"]
    assert error["field"] == "rack"
    assert error["message"] == "rack: given twice in one object: the value meant is not known"


def test_every_fault_of_a_body_is_named_by_its_field(client: Client) -> None:
    body = {"tray": "RAT / ZW", "budget": "fast", "top": 0, "colour": "red", "lexicon": "/etc/passwd"}
    document = client.post("/api/hint", json=body).json()["error"]
    faults = {fault["field"]: fault["message"] for fault in document["faults"]}
    assert set(faults) == {"budget", "top", "colour", "lexicon"}
    assert "budget: 'fast' is not a number of milliseconds" in document["message"]
    assert document["field"] in faults and "never a file" in faults["lexicon"]


def test_a_body_over_the_limit_is_refused_before_it_is_read() -> None:
    small = Client(create_app(["en"], max_body_bytes=1000))
    body = json.dumps({"words": ["ETE"] * 400}).encode()
    error_of(small.post("/api/check", content=body, headers=JSON), 413, "RequestTooLarge")
    chunks = iter([b'{"words": [', b'"ETE", ' * 300, b'"ETE"]}'])  # streamed, no Content-Length
    error_of(small.post("/api/check", content=chunks, headers=JSON), 413, "RequestTooLarge")


def test_other_methods_and_paths_are_error_documents(client: Client) -> None:
    assert "use POST" in error_of(client.get("/api/words"), 405, "MethodNotAllowed")
    assert "use POST" in error_of(client.get("/api/lexicon/diff"), 405, "MethodNotAllowed")
    assert "use POST" in error_of(client.get("/api/join"), 405, "MethodNotAllowed")
    assert client.get("/api/words").headers["allow"] == "POST"
    assert client.post("/api/health", headers=JSON).headers["allow"] == "GET, HEAD"
    # Any other method is told every method of its path, and the Allow header lists them.
    answer = client.put("/api/games/x")
    assert error_of(answer, 405, "MethodNotAllowed") == "PUT /api/games/x: use GET or DELETE"
    assert set(answer.headers["allow"].split(", ")) == {"GET", "HEAD", "DELETE"}
    assert error_of(client.delete("/api/words"), 405, "MethodNotAllowed") == "DELETE /api/words: use POST"
    assert "no such route" in error_of(client.put("/api/nosuch"), 404, "NotFound")
    for path in ("/api/nosuch", "/api/games/x/nosuch", "/api/words/more"):  # a name served by no method
        assert "no such route" in error_of(client.get(path), 404, "NotFound")
    error_of(client.get("/nowhere"), 404, "NotFound")
    error_of(client.post("/api/health", headers=JSON), 405, "MethodNotAllowed")
    error_of(client.post("/api/openapi.json", headers=JSON), 405, "MethodNotAllowed")
    assert "use GET" in error_of(client.post("/api/games/x/record", headers=JSON), 405, "MethodNotAllowed")
    for path in ("/api/games/", "/api/games/x/actions/", "/api/games/x/y"):  # no GET there either
        assert "use GET" not in error_of(client.post(path, json={}), 404, "NotFound")
    error_of(client.get("/static/app.js/"), 404, "NotFound")
    error_of(client.get("/static/../app.py"), 404, "NotFound")


def test_the_lexicon_list_is_the_servers(capsys: pytest.CaptureFixture[str]) -> None:
    """A server started with --lexicon en lists its lexicons, not every bundled one."""
    rows = Client(create_app(["en", "nl"])).post("/api/lexicon/list", json={}).json()["result"]["lexicons"]
    assert [row["name"] for row in rows] == ["en", "nl"]


def test_an_answer_over_the_limit_is_refused_with_a_hint() -> None:
    """A pattern of jokers answers megabytes: refused, with what would narrow it."""
    small = Client(create_app(["fr"], max_answer_bytes=10_000))
    message = error_of(small.post("/api/search", json={"pattern": "*?*"}), 413, "AnswerTooLarge")
    assert "narrow the question" in message
    assert small.post("/api/search", json={"pattern": "ZYTH*"}).status_code == 200


def test_cross_origin_pages_only_when_allowed() -> None:
    origin = {"Origin": "https://club.example"}
    closed = Client(create_app(["en"])).post("/api/check", json={"words": ["TZAR"]}, headers=origin)
    assert "access-control-allow-origin" not in closed.headers
    app = create_app(["en"], cors_origins=["https://club.example"], token="t")
    opened = Client(app)
    preflight = opened.options(
        "/api/check",
        headers={**origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization"},
    )
    assert preflight.status_code == 200 and preflight.headers["access-control-allow-origin"] == "https://club.example"
    asked = opened.post("/api/check", json={"words": ["TZAR"]}, headers={**origin, "Authorization": "Bearer t"})
    assert asked.status_code == 200 and asked.headers["access-control-allow-origin"] == "https://club.example"


def test_only_the_lexicons_the_server_offers(capsys: pytest.CaptureFixture[str]) -> None:
    only_en = Client(create_app(["en"]))
    message = error_of(only_en.post("/api/check", json={"words": ["ETE"], "lexicon": "fr"}), 400, "UnknownLexiconError")
    assert "offers the lexicons en" in message
    # The command line's default (fr) is not offered: the first offered lexicon is the default.
    assert only_en.post("/api/check", json={"words": ["TZAR"]}).json() == cli_json(
        capsys, ["check", "TZAR", "--lexicon", "en"]
    )
    health = only_en.get("/api/health").json()
    assert health["lexicons"] == ["en"]
    # The computer's players strongest first by the measured table (the page lists them in this order).
    rated = [p for p in health["players"] if p in health["ratings"]]
    assert [health["ratings"][p] for p in rated] == sorted(health["ratings"].values(), reverse=True)
    assert health["players"][0] == "person" and sorted(health["players"][1:]) == sorted(PLAYERS)
    assert health["players"][-2:] == ["sloppy", "careless"]  # unrated: they err on purpose
    # Each rated lexicon's own table (the page rates its opponents by the lexicon chosen), and the aliases.
    assert health["ratings_by_lexicon"]["fr"]["planner"] == 0 and set(health["ratings_by_lexicon"]) == {"fr", "en"}
    assert health["aliases"] == {"cautious": "exchanger"}


def test_a_budget_is_cut_to_the_servers_ceiling(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the library is asked to run, not what its answer says: a 5 ms search's answer depends on the
    machine's speed, the budget handed down does not."""
    from jarnac_solver.server import declared

    asked: list[float] = []
    run = declared.RUNS["plan"]

    def recorded(request: Any, offer: Any) -> Any:
        asked.append(request.budget)
        return run(request, offer)

    monkeypatch.setitem(declared.RUNS, "plan", recorded)
    app = Client(create_app(["fr"], max_budget_ms=5))  # threads: the lanes run in this process
    tray = "RAT BUT TAS CHOSE / ABCDEEILNORS"
    assert app.post("/api/plan", json={"tray": tray, "budget": 100_000}).status_code == 200
    assert app.post("/api/plan", json={"tray": tray}).status_code == 200
    assert app.post("/api/plan", json={"tray": tray, "budget": 2}).status_code == 200
    assert asked == [5.0, 5.0, 2.0]


def test_a_request_that_may_run_long_goes_to_the_heavy_lane() -> None:
    from jarnac_solver.commands.hint import HintRequest
    from jarnac_solver.commands.lexicons import LexiconDiffRequest
    from jarnac_solver.commands.listing import WordsRequest
    from jarnac_solver.commands.moves import MovesRequest
    from jarnac_solver.commands.search import SearchRequest
    from jarnac_solver.server.contract import LIGHT_BUDGET_MS
    from jarnac_solver.server.declared import heavy

    assert heavy("search", SearchRequest("?A*E", prob_rank="1-5", budget=50))  # every word's rank
    assert heavy("search", SearchRequest("*", anagrams="3-", budget=50))  # every word's anagram class
    assert not heavy("search", SearchRequest("?A*E", letters="RATES", prob_rank="1-5", budget=50))  # a rack's words
    assert not heavy("search", SearchRequest("?A*E", budget=LIGHT_BUDGET_MS))
    assert heavy("search", SearchRequest("?A*E", budget=LIGHT_BUDGET_MS + 1))
    assert heavy("hint", HintRequest("/ AEIRST", budget=10_000))  # the ceiling's budget: a body without one
    assert not heavy("hint", HintRequest("/ AEIRST", budget=50.0))
    assert not heavy("moves", MovesRequest("/ AEIRST"))  # no search: the light lane
    assert not heavy("words", WordsRequest("AEIRST"))  # declared in the commands layer: no argv
    assert heavy("words", WordsRequest("EAIRSTNLOUCDMPGBVH"))  # most of the lexicon
    assert heavy("lexicon diff", LexiconDiffRequest("fr", "en"))  # no budget, seconds


def test_a_token_is_asked_for_when_set() -> None:
    guarded = Client(create_app(["en"], token="s3cret"))
    body = {"words": ["CACHOU"], "lexicon": "en"}
    error_of(guarded.post("/api/check", json=body), 401, "Unauthorized")
    error_of(guarded.post("/api/check", json=body, headers={"Authorization": "Bearer wrong"}), 401, "Unauthorized")
    error_of(guarded.get("/api/openapi.json"), 401, "Unauthorized")
    # Before the method or the path is looked at: nothing of the service is told without the token.
    error_of(guarded.get("/api/check"), 401, "Unauthorized")
    error_of(guarded.get("/api/games/abc"), 401, "Unauthorized")
    answer = guarded.post("/api/check", json=body, headers={"Authorization": "Bearer s3cret"})
    assert answer.status_code == 200 and answer.json()["result"]["all_valid"] is True
    assert guarded.get("/api/health").status_code == 200


def test_the_openapi_document_describes_every_served_command(client: Client) -> None:
    document = client.get("/api/openapi.json").json()
    assert document["openapi"].startswith("3.1")
    assert set(document["paths"]) >= {f"/api/{name.replace(' ', '/')}" for name in SERVED}
    assert "/api/play" not in document["paths"]
    body = document["paths"]["/api/words"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["required"] == ["rack"] and "min_len" in body["properties"]
    # Its schemas are schema.json's: an answer validates against the document's own definitions.
    root = {**document, "$ref": "#/components/schemas/document"}
    Draft202012Validator.check_schema(root)
    answer = client.post("/api/moves", json={"tray": "RAT BUT / ZW"}).json()
    assert not list(Draft202012Validator(root).iter_errors(answer))
    assert list(Draft202012Validator(root).iter_errors({**answer, "result": {}}))  # and it checks


def test_serve_without_the_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn: ImportError
    assert main(["serve"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "pip install 'jarnac-solver[server]'" in err


def test_serve_offers_bundled_lexicons_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--lexicon", "lexicons/fr.txt"]) == 2
    assert "never a file" in capsys.readouterr().err


def test_the_serve_command_answers_over_the_network(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    server, port = serve(tmp_path)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=30) as health:
            assert json.load(health)["lexicons"] == ["en"]
        question = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/anagram",
            data=json.dumps({"letters": "OHCCAU"}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(question, timeout=30) as answer:
            assert json.load(answer) == cli_json(capsys, ["anagram", "OHCCAU", "--lexicon", "en"])
    finally:
        stop(server)


def test_worker_processes_answer_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    with Client(create_app(["en"], workers=1)) as pooled:  # the lifespan shuts the pool down
        answer = pooled.post("/api/extend", json={"word": "COUCH", "rack": "A"})
        error = pooled.post("/api/moves", json={"tray": "RAT / Z1"})
    assert answer.json() == cli_json(capsys, ["extend", "COUCH", "A", "--lexicon", "en"])
    said = cli_json(capsys, ["moves", "RAT / Z1", "--lexicon", "en"])
    fault = {"field": "tray", "message": said["error"]["message"].removeprefix("tray ")}  # the service names the field
    named = {**said["error"], "field": "tray", "faults": [fault]}
    assert error.status_code == 400 and error.json() == {**said, "error": named}


def test_a_light_request_is_answered_while_the_heavy_lane_is_taken() -> None:
    """The heavy lane held by a call that waits (no clock: an event), a light call still runs."""
    import threading

    import anyio

    from jarnac_solver.server.lanes import Lanes

    lanes = Lanes(0, 1, threads=4)
    release, started = threading.Event(), threading.Event()

    def held() -> str:
        started.set()
        release.wait(30)
        return "heavy"

    async def both() -> list[str]:
        done: list[str] = []
        async with anyio.create_task_group() as group:

            async def heavy() -> None:
                done.append(await lanes.run(held, heavy=True))

            async def second_heavy() -> None:
                done.append(await lanes.run(lambda: "second heavy", heavy=True))

            group.start_soon(heavy)
            await anyio.to_thread.run_sync(started.wait)
            group.start_soon(second_heavy)  # waits for the lane
            done.append(await lanes.run(lambda: "light"))
            release.set()
        return done

    assert anyio.run(both) == ["light", "heavy", "second heavy"]


@pytest.mark.parametrize(
    "body",
    [
        {"pattern": "RAT*", "in": "/etc/passwd"},
        {"pattern": "RAT*", "not_in": ["en", "../x.jlex"]},
        {"rack": "RATE", "mark": "lexicons/en.txt"},
    ],
)
def test_every_field_naming_a_lexicon_takes_a_served_name_only(client: Client, body: dict[str, Any]) -> None:
    """--in, --not-in and --mark each name a lexicon: a served name, never a path."""
    path = "words" if "rack" in body else "search"
    assert "never a file" in error_of(client.post(f"/api/{path}", json=body), 400, "UnknownLexiconError")


def _dies() -> None:
    os._exit(3)


def test_a_worker_that_dies_is_a_503_and_the_next_request_is_served() -> None:
    import anyio

    from jarnac_solver.server.lanes import Lanes, Stopping

    lanes = Lanes(1, 1, None)
    try:

        async def ask() -> tuple[str, str]:
            try:
                await lanes.run(_dies)
            except Stopping:
                refused = "refused"
            return refused, await lanes.run(str.upper, "served")

        assert anyio.run(ask) == ("refused", "SERVED")
    finally:
        lanes.close()


@pytest.mark.skipif(not hasattr(os, "nice"), reason="CPU priorities are POSIX's")
def test_the_heavy_lane_runs_at_a_lower_cpu_priority_than_the_light_one() -> None:
    """A long search yields the CPU to a short question: the heavy lane's workers are niced, the light's not."""
    import anyio

    from jarnac_solver.server.lanes import HEAVY_NICENESS, Lanes

    lanes = Lanes(1, 1, None)
    try:

        async def niceness() -> tuple[int, int]:
            return await lanes.run(os.nice, 0), await lanes.run(os.nice, 0, heavy=True)

        light, heavy = anyio.run(niceness)
        assert light == os.nice(0)
        assert heavy == min(19, light + HEAVY_NICENESS)
    finally:
        lanes.close()


@pytest.mark.parametrize("lang", ["fr", "es", "nl", "en"])
def test_a_refusal_is_said_wholly_in_the_language_asked(client: Client, lang: str) -> None:
    """A value of the wrong type names its type in the asker's language (no English word inside a French
    sentence), an unknown lexicon is refused in the body's own ``lang`` as under ``Accept-Language``, and a
    Nain Jaune table's unknown player is said in the asker's language too."""
    for body, field, code, given in (
        ({"rack": 5}, "rack", "fault_text_due", "fault_type_number"),
        ({"rack": ["A"]}, "rack", "fault_text_due", "fault_type_list"),
        ({"rack": "ABC", "min_len": "x"}, "min_len", "fault_whole_due", "fault_type_text"),
    ):
        error = client.post("/api/words", json={**body, "lang": lang}).json()["error"]
        assert error["field"] == field
        assert error["faults"][0]["message"] == render(code, {"given": render(given, {}, lang)}, lang)
    said = render("fault_lexicon_not_offered", {"name": "'xx'", "offered": "@"}, lang)
    before, _, after = said.partition("@")
    for in_body, headers in (({"lang": lang}, {}), ({}, {"Accept-Language": lang})):
        asked = {"rack": "ABC", "lexicon": "xx", **in_body}
        error = client.post("/api/words", json=asked, headers=headers).json()["error"]
        message = error["faults"][0]["message"]
        assert error["field"] == "lexicon" and message.startswith(before) and message.endswith(after), message
    table = {"game": "nain_jaune", "players": ["person", "bogus"]}
    error = client.post("/api/games", json=table, headers={"Accept-Language": lang}).json()["error"]
    opening = render("nj.http_unknown_player", {"given": "'bogus'", "offered": "@", "most": 16}, lang)
    assert error["field"] == "players" and error["message"].startswith("players: " + opening.split("@")[0])
