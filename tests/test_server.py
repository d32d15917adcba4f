"""The HTTP service: each command's answer is its --json document; every bad request a 4xx error document."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from jsonschema import Draft202012Validator

with warnings.catch_warnings():  # starlette's TestClient on httpx: deprecated in favour of httpx2, still there
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from jarnac_solver.cli import main
from jarnac_solver.server.app import create_app
from jarnac_solver.server.openapi import json_schema
from jarnac_solver.server.requests import SERVED

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


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
    ("words", {"rack": "ABC", "min_len": "x"}, ["words", "ABC", "--min-len", "x"]),
    ("hint", {"tray": "RAT / ZW", "phase": "later"}, ["hint", "RAT / ZW", "--phase", "later"]),
]


@pytest.mark.parametrize(("path", "body", "argv"), SAME, ids=[" ".join(argv) for _, _, argv in SAME])
def test_the_answer_is_the_json_the_command_line_prints(
    client: TestClient, capsys: pytest.CaptureFixture[str], path: str, body: dict[str, Any], argv: list[str]
) -> None:
    response = client.post(f"/api/{path}", json=body)
    expected = cli_json(capsys, argv)
    assert response.json() == expected
    assert response.status_code == (400 if "error" in expected else 200)
    assert response.headers["content-type"].startswith("application/json")
    assert not sorted(VALIDATOR.iter_errors(response.json()), key=str)


def test_every_served_command_is_tested() -> None:
    assert {path.replace("/", " ") for path, _, _ in SAME} == set(SERVED)


def error_of(response: Any, status: int, kind: str) -> str:
    assert response.status_code == status, response.text
    document = response.json()
    assert set(document) == {"schema", "command", "error"}
    assert not sorted(VALIDATOR.iter_errors(document), key=str)
    assert document["error"]["type"] == kind
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
    ("words", b'{"rack": "ABC", "lexicon": "/etc/passwd"}', 400, "UnknownLexiconError"),
    ("lexicon/info", b'{"lexicon": "lexicons/fr.txt"}', 400, "UnknownLexiconError"),
    ("lexicon/diff", b'{"first": "en", "second": "../en.jlex"}', 400, "UnknownLexiconError"),
    ("words", b'{"rack": "ABC", "bag": "/etc/passwd"}', 400, "UsageError"),
    ("words", b'{"rack": "' + b"A" * 300 + b'"}', 400, "UsageError"),
    ("words", b'{"rack": "ABC", "min_len": Infinity}', 400, "UsageError"),
    ("words", b"{}", 400, "UsageError"),  # the rack is required: the parser says so
    ("words", b'{"rack": "--lexicon=/etc/passwd"}', 400, "InvalidLetterError"),  # a value, never an option
    ("plan", b'{"tray": "/ ACEERT", "exact": true}', 400, "UsageError"),
    ("check", b'{"words": []}', 400, "UsageError"),
    ("play", b"{}", 404, "UnknownCommand"),
    ("lexicon/build", b'{"input": "a", "output": "b"}', 404, "UnknownCommand"),
    ("serve", b"{}", 404, "UnknownCommand"),
]


@pytest.mark.parametrize(("path", "body", "status", "kind"), BAD, ids=[f"{p} {b[:40]!r}" for p, b, _, _ in BAD])
def test_a_bad_request_is_a_4xx_error_document(
    client: TestClient, path: str, body: bytes, status: int, kind: str
) -> None:
    error_of(client.post(f"/api/{path}", content=body), status, kind)


def test_a_body_over_the_limit_is_refused_before_it_is_read() -> None:
    small = TestClient(create_app(["en"], max_body_bytes=1000))
    body = json.dumps({"words": ["ETE"] * 400}).encode()
    error_of(small.post("/api/check", content=body), 413, "RequestTooLarge")
    chunks = iter([b'{"words": [', b'"ETE", ' * 300, b'"ETE"]}'])  # streamed, no Content-Length
    error_of(small.post("/api/check", content=chunks), 413, "RequestTooLarge")


def test_other_methods_and_paths_are_error_documents(client: TestClient) -> None:
    error_of(client.get("/api/words"), 405, "MethodNotAllowed")
    error_of(client.get("/nowhere"), 404, "NotFound")
    error_of(client.post("/api/health"), 405, "MethodNotAllowed")  # found by a newcomer: it was 404
    error_of(client.post("/api/openapi.json"), 405, "MethodNotAllowed")


def test_the_lexicon_list_is_the_servers(capsys: pytest.CaptureFixture[str]) -> None:
    """Found by a newcomer: a server started with --lexicon en listed every bundled lexicon."""
    rows = TestClient(create_app(["en", "nl"])).post("/api/lexicon/list", json={}).json()["result"]["lexicons"]
    assert [row["name"] for row in rows] == ["en", "nl"]


def test_an_answer_over_the_limit_is_refused_with_a_hint() -> None:
    """Found by a newcomer: a pattern of jokers with --probability answered 8.3 MB."""
    small = TestClient(create_app(["fr"], max_answer_bytes=10_000))
    message = error_of(small.post("/api/search", json={"pattern": "*?*"}), 413, "AnswerTooLarge")
    assert "narrow the question" in message
    assert small.post("/api/search", json={"pattern": "ZYTH*"}).status_code == 200


def test_cross_origin_pages_only_when_allowed() -> None:
    origin = {"Origin": "https://club.example"}
    closed = TestClient(create_app(["en"])).post("/api/check", json={"words": ["TZAR"]}, headers=origin)
    assert "access-control-allow-origin" not in closed.headers
    app = create_app(["en"], cors_origins=["https://club.example"], token="t")
    opened = TestClient(app)
    preflight = opened.options(
        "/api/check",
        headers={**origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization"},
    )
    assert preflight.status_code == 200 and preflight.headers["access-control-allow-origin"] == "https://club.example"
    asked = opened.post("/api/check", json={"words": ["TZAR"]}, headers={**origin, "Authorization": "Bearer t"})
    assert asked.status_code == 200 and asked.headers["access-control-allow-origin"] == "https://club.example"


def test_only_the_lexicons_the_server_offers(capsys: pytest.CaptureFixture[str]) -> None:
    only_en = TestClient(create_app(["en"]))
    message = error_of(only_en.post("/api/check", json={"words": ["ETE"], "lexicon": "fr"}), 400, "UnknownLexiconError")
    assert "offers the lexicons en" in message
    # The command line's default (fr) is not offered: the first offered lexicon is the default.
    assert only_en.post("/api/check", json={"words": ["TZAR"]}).json() == cli_json(
        capsys, ["check", "TZAR", "--lexicon", "en"]
    )
    assert only_en.get("/api/health").json()["lexicons"] == ["en"]


def test_a_budget_is_cut_to_the_servers_ceiling(capsys: pytest.CaptureFixture[str]) -> None:
    app = TestClient(create_app(["fr"], max_budget_ms=5))
    tray = "RAT BUT TAS CHOSE / ABCDEEILNORS"
    expected = cli_json(capsys, ["plan", tray, "--budget", "5"])
    assert app.post("/api/plan", json={"tray": tray, "budget": 100_000}).json() == expected
    assert app.post("/api/plan", json={"tray": tray}).json() == expected


def test_a_token_is_asked_for_when_set() -> None:
    guarded = TestClient(create_app(["en"], token="s3cret"))
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


def test_the_openapi_document_describes_every_served_command(client: TestClient) -> None:
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


def test_the_package_ships_the_schema_of_the_docs() -> None:
    assert json_schema() == SCHEMA


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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_the_serve_command_answers_over_the_network(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    port = _free_port()
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", str(port), "--lexicon", "en"]
    command += ["--data", str(tmp_path)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ})
    base = f"http://127.0.0.1:{port}/api"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"{base}/health", timeout=2) as health:
                    assert json.load(health)["lexicons"] == ["en"]
                break
            except (urllib.error.URLError, ConnectionError):
                assert server.poll() is None, server.communicate(timeout=5)
                assert time.monotonic() < deadline, "the server did not start in 20 s"
                time.sleep(0.1)
        question = urllib.request.Request(
            f"{base}/anagram",
            data=json.dumps({"letters": "OHCCAU"}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(question, timeout=10) as answer:
            assert json.load(answer) == cli_json(capsys, ["anagram", "OHCCAU", "--lexicon", "en"])
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            server.kill()
            server.wait(timeout=10)


def test_worker_processes_answer_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    with TestClient(create_app(["en"], workers=1)) as pooled:  # the lifespan shuts the pool down
        answer = pooled.post("/api/extend", json={"word": "COUCH", "rack": "A"})
        error = pooled.post("/api/moves", json={"tray": "RAT / Z1"})
    assert answer.json() == cli_json(capsys, ["extend", "COUCH", "A", "--lexicon", "en"])
    assert error.status_code == 400 and error.json() == cli_json(capsys, ["moves", "RAT / Z1", "--lexicon", "en"])


def test_a_long_search_never_holds_up_a_short_one() -> None:
    """A long search (a 30-letter rack at 1.5 s) runs in the heavy lane; a hint at 50 ms is answered
    while it still runs (before, two long searches took both workers and the hint waited for them)."""
    import threading

    heavy = {"tray": "RAT BUT / ABCDEEEIILNNORRSSTTUUAEIOLMPST", "budget": 1500}
    done: list[float] = []
    with TestClient(create_app(["fr"], workers=1, heavy_workers=1)) as pooled:
        assert pooled.post("/api/hint", json={"tray": "/ AEIRST", "budget": 50}).status_code == 200  # warm
        runners = [
            threading.Thread(target=lambda: done.append(pooled.post("/api/plan", json=heavy).status_code))
            for _ in range(1)
        ]
        for runner in runners:
            runner.start()
        time.sleep(0.3)
        light = pooled.post("/api/hint", json={"tray": "RAT / AEIRSTU", "budget": 50})
        assert light.status_code == 200 and not done  # answered while the long one still searches
        for runner in runners:
            runner.join(timeout=30)
    assert done == [200]


@pytest.mark.parametrize(
    "body",
    [
        {"pattern": "RAT*", "in": "/etc/passwd"},
        {"pattern": "RAT*", "not_in": ["en", "../x.jlex"]},
        {"rack": "RATE", "mark": "lexicons/en.txt"},
    ],
)
def test_every_field_naming_a_lexicon_takes_a_served_name_only(client: TestClient, body: dict[str, Any]) -> None:
    """Found when word study added --in, --not-in and --mark: each names a lexicon, never a path."""
    path = "words" if "rack" in body else "search"
    assert "never a file" in error_of(client.post(f"/api/{path}", json=body), 400, "UnknownLexiconError")
