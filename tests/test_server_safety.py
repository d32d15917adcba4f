"""The service against a hostile page and a hostile network, and its store against a second server, a damaged
file and a full disk: each case through a real ``serve`` on the loopback where it needs one."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

import anyio
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from jarnac_solver.cli import main
from jarnac_solver.messages import speaking
from jarnac_solver.server import bodies, typed
from jarnac_solver.server.app import create_app
from jarnac_solver.server.contract import SERVED
from jarnac_solver.server.practice_contract import ROUTES as PRACTICE_ROUTES
from jarnac_solver.server.route_bodies import ROUTES

from .service_client import Client, serve, stop

JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    data = tmp_path_factory.mktemp("served")
    server, port = serve(data, "--allowed-host", "jarnac.club.example")
    try:
        yield port, data
    finally:
        stop(server)


def _ask(
    port: int, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], Any]:
    """One request with exactly these headers (``Host`` included: no default is added)."""
    sent = {"Host": f"127.0.0.1:{port}", **(headers or {})}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        for key, value in sent.items():
            connection.putheader(key, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        answer = connection.getresponse()
        raw = answer.read()
        kind = answer.getheader("Content-Type", "")
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, json.loads(raw) if "json" in kind else raw
    finally:
        connection.close()


GAME = json.dumps({"players": ["person", "planner"], "lexicon": "en"}).encode()


def test_a_page_of_another_site_cannot_drive_it(served: tuple[int, Path]) -> None:
    port, _ = served
    # A text/plain POST needs no preflight: it is refused before the body is read.
    status, _, document = _ask(port, "POST", "/api/games", GAME, {"Content-Type": "text/plain"})
    assert status == 415 and document["error"]["type"] == "UnsupportedMediaType"
    evil = {"Content-Type": "application/json", "Origin": "https://evil.example"}
    status, _, document = _ask(port, "POST", "/api/games", GAME, evil)
    assert status == 403 and document["error"]["type"] == "ForbiddenOrigin"
    # The page of the server itself, and a client that sends no Origin, are served.
    own = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"}
    assert _ask(port, "POST", "/api/games", GAME, own)[0] == 201
    assert _ask(port, "POST", "/api/games", GAME, JSON)[0] == 201


def test_only_its_own_names_are_answered(served: tuple[int, Path]) -> None:
    """A DNS rebinding: another site's name pointed at 127.0.0.1 is not answered, so its page reads nothing."""
    port, _ = served
    status, _, document = _ask(port, "GET", "/api/health", headers={"Host": "rebind.evil.example"})
    assert status == 421 and "--allowed-host rebind.evil.example" in document["error"]["message"]
    assert _ask(port, "GET", "/api/health", headers={"Host": ""})[0] == 400
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", "jarnac.club.example", "[::1]"):
        assert _ask(port, "GET", "/api/health", headers={"Host": host})[0] == 200, host


def test_the_page_is_served_with_a_strict_policy(served: tuple[int, Path]) -> None:
    port, _ = served
    status, headers, page = _ask(port, "GET", "/")
    assert status == 200
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
    assert headers["x-content-type-options"] == "nosniff" and headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"
    html = page.decode()
    assert "<script>" not in html and "<style" not in html and " style=" not in html and " onclick=" not in html
    assert _ask(port, "GET", "/static/app.js")[0] == 200
    assert _ask(port, "GET", "/static/app.js/")[0] == 404


def test_a_head_over_the_bound_is_a_431(served: tuple[int, Path]) -> None:
    port, _ = served
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 431 ")
    # A head over the bound read in one piece (uvicorn's parser bounds only a head still arriving).
    status, _, document = _ask(port, "GET", "/api/health", headers={"X-Big": "a" * 40_000})
    assert status == 431 and document["error"]["type"] == "RequestHeaderFieldsTooLarge"


def test_a_second_server_on_one_store_refuses_to_start(served: tuple[int, Path]) -> None:
    _, data = served
    done = subprocess.run(
        [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--lexicon", "en", "--data", str(data)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "another process holds" in done.stderr


def test_a_damaged_store_is_refused_at_the_start_naming_the_file(tmp_path: Path, capsys: Any) -> None:
    with contextlib.closing(sqlite3.connect(tmp_path / "games.sqlite3")) as db, db:
        db.execute("CREATE TABLE filler (x TEXT)")
        db.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,) for _ in range(200)])
    raw = bytearray((tmp_path / "games.sqlite3").read_bytes())
    raw[4096 * 2 : 4096 * 2 + 64] = b"\xff" * 64  # a page of the table's b-tree overwritten
    (tmp_path / "games.sqlite3").write_bytes(bytes(raw))
    assert main(["serve", "--lexicon", "en", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "games.sqlite3 is damaged" in err and "move it aside" in err


def test_a_store_damaged_in_many_cells_is_refused_in_one_line(tmp_path: Path, capsys: Any) -> None:
    """quick_check tells a fault a cell, over many lines: the refusal is still one line."""
    with contextlib.closing(sqlite3.connect(tmp_path / "games.sqlite3")) as db, db:
        db.execute("CREATE TABLE filler (x TEXT)")
        db.executemany("INSERT INTO filler VALUES (?)", [("x" * 50,) for _ in range(30)])
    raw = bytearray((tmp_path / "games.sqlite3").read_bytes())
    raw[4096 + 8 : 4096 + 3008] = b"\xff" * 3000  # a leaf page's cell pointers: each cell out of range
    (tmp_path / "games.sqlite3").write_bytes(bytes(raw))
    assert main(["serve", "--lexicon", "en", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    # SQLite tells such a file either as one error on reading it or as a fault a cell (then "N more"): one line.
    assert err.count("\n") == 1 and "games.sqlite3" in err and "damaged" in err and "***" not in err


def test_a_damaged_row_names_its_game(tmp_path: Path) -> None:
    with Client(create_app(["en"], data=tmp_path), raise_server_exceptions=False) as app:
        game_id = app.post("/api/games", json={"players": ["person", "person"]}).json()["result"]["id"]
    with contextlib.closing(sqlite3.connect(tmp_path / "games.sqlite3")) as db, db:
        db.execute("UPDATE games SET spec = 'not json' WHERE id = ?", (game_id,))
    with Client(create_app(["en"], data=tmp_path), raise_server_exceptions=False) as app:
        answer = app.get(f"/api/games/{game_id}")
    assert answer.status_code == 500 and answer.json()["error"]["type"] == "DamagedGameError"
    assert game_id in answer.json()["error"]["message"] and "Traceback" not in answer.text


def test_a_full_disk_is_a_507_and_the_store_stays_as_it_was(tmp_path: Path) -> None:
    """The file's bound reached is SQLite's own full-disk error (SQLITE_FULL), the path a full disk takes."""
    with Client(create_app(["en"], data=tmp_path, max_store_bytes=28 * 1024)) as app:
        made = [app.post("/api/games", json={"players": ["person", "person"]})]
        while made[-1].status_code == 201 and len(made) < 500:
            made.append(app.post("/api/games", json={"players": ["person", "person"]}))
        assert made[-1].status_code == 507 and made[-1].json()["error"]["type"] == "StoreFull"
        kept = [answer.json()["result"]["id"] for answer in made[:-1]]
        assert len(kept) > 2
        assert app.post(f"/api/games/{kept[0]}/actions", json={"action": "draw"}).status_code in (200, 507)
        for game_id in kept:
            assert app.get(f"/api/games/{game_id}").status_code == 200
        assert app.request("DELETE", f"/api/games/{kept[1]}").status_code == 200
    with contextlib.closing(sqlite3.connect(tmp_path / "games.sqlite3")) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (len(kept) - 1,)


def test_every_interface_without_a_token_is_refused_unless_insecure(capsys: Any) -> None:
    assert main(["serve", "--host", "0.0.0.0", "--lexicon", "en", "--data", ":memory:"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--token" in err and "--insecure" in err


@pytest.mark.parametrize("value", ["100000000000000000000", "1-99999999999999999999", "-1e20"])
def test_a_range_out_of_bounds_is_one_line_on_the_command_line(value: str, capsys: Any) -> None:
    assert main(["search", "?A*E", f"--prob-rank={value}"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_a_bluff_under_the_competitive_rules_is_accepted_and_said(tmp_path: Path) -> None:
    """A word is not checked when played under the competitive rules: a 200 saying it may be disputed."""
    with Client(create_app(["fr", "fr-competitive"], data=tmp_path)) as app:
        body = {"rules": "competitive", "players": ["person", "person"], "over_the_board": True}
        game_id = app.post("/api/games", json=body).json()["result"]["id"]
        app.post(f"/api/games/{game_id}/actions", json={"action": "draw {RATEAU}"})
        answer = app.post(f"/api/games/{game_id}/actions", json={"action": "+TAUR"})  # not a French word
        assert answer.status_code == 200 and answer.json()["result"]["played"][0]["disputable"] is True
        assert answer.json()["result"]["game"]["accepts"] == ["dispute", "accept"]
        # The dispute names the word and says it was taken back (not in the lexicon): a page says why.
        disputed = app.post(f"/api/games/{game_id}/actions", json={"action": "dispute"}).json()["result"]["played"][0]
        assert (disputed["action"], disputed["word"], disputed["stands"]) == ("dispute", "TAUR", False)


def test_each_command_body_is_its_options(capsys: Any) -> None:
    """The declared fields of a served command are the options of its parser (bar --json, --help and --exact,
    the budget's): a new option of the command line is served or said here."""
    import argparse

    from jarnac_solver.cli.parser import build_parser
    from jarnac_solver.commands.model import specs
    from jarnac_solver.server.models import DECLARED

    def sub(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        found = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        return dict(found.choices)

    commands = sub(build_parser())
    assert set(DECLARED) == set(SERVED)
    for name in SERVED:
        parser = sub(commands["lexicon"])[name.split()[1]] if name.startswith("lexicon ") else commands[name]
        options = {
            a.option_strings[-1]
            for a in parser._actions
            if a.option_strings and not isinstance(a, argparse._HelpAction) and a.dest != "json"
        } - {"--exact"}
        declared = specs(DECLARED[name])
        assert {s.option for s in declared if not s.positional} | {"--lang"} == options, name
        arguments = [a.dest for a in parser._actions if not a.option_strings]
        assert [s.name for s in declared if s.positional] == arguments, name


def test_the_document_is_valid_openapi_3_1() -> None:
    openapi_spec_validator = pytest.importorskip("openapi_spec_validator")
    document = create_app(["fr", "en"], token="t").state.openapi
    openapi_spec_validator.validate(document)
    assert {"/api/audit", "/api/games/{game_id}"} <= set(document["paths"])
    assert "delete" in document["paths"]["/api/games/{game_id}"]
    advice = {p["name"] for p in document["paths"]["/api/games/{game_id}/advice"]["get"]["parameters"]}
    assert advice == {"game_id", "X-Seat-Key", "budget", "top", "depth", "familiarity", "lang"}
    action = document["paths"]["/api/games/{game_id}/actions"]["post"]["requestBody"]["content"]
    assert "at" in action["application/json"]["schema"]["properties"]


ROUTE_MODELS = {f"{method} {path}": model for (method, path), model in {**ROUTES, **PRACTICE_ROUTES}.items()}
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_any_json_body_is_read_or_refused_by_name(data: st.DataObject) -> None:
    """Whatever JSON a body holds, each route's model reads it or refuses it with faults that name fields of
    the body: never another exception (a 500)."""
    from jarnac_solver.server.contract import BodyError, Offer

    offer = Offer(("fr", "en"), 2000)
    model = ROUTE_MODELS[data.draw(st.sampled_from([*ROUTE_MODELS]))]
    known = list(model.model_fields)
    keys = st.sampled_from([*known, "colour"])
    sent = data.draw(st.dictionaries(keys, JSON_VALUES, max_size=4) | JSON_VALUES)
    try:
        with speaking("en"):
            typed.read(model, sent, offer)
    except BodyError as exc:
        named = set(known) | (set(sent) if isinstance(sent, dict) else set()) | {""}
        assert exc.faults and all(f.field in named for f in exc.faults)
        return
    assert isinstance(sent, dict)


def test_a_body_that_stops_half_way_is_a_408_not_a_held_request(monkeypatch: pytest.MonkeyPatch) -> None:
    """A client sends the head and a piece of its body, then nothing: the request is answered (and its
    connection let go) after the bound, as an error document, instead of waiting as long as the client."""
    monkeypatch.setattr(bodies, "BODY_SECONDS", 0.2)
    sent: list[MutableMapping[str, Any]] = []
    pieces = [{"type": "http.request", "body": b'{"code": "K7QM', "more_body": True}]

    async def receive() -> dict[str, Any]:
        if pieces:
            return pieces.pop()
        await anyio.sleep(3600)  # the rest never comes
        raise AssertionError("the request waited for the body")

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/join",
        "raw_path": b"/api/join",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"), (b"content-length", b"40")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    app = create_app(["en"])

    async def ask() -> None:
        with anyio.fail_after(20):  # without the bound, the request waits as long as the client
            await app(scope, receive, send)

    anyio.run(ask)
    assert sent[0]["status"] == 408
    error = json.loads(b"".join(m.get("body", b"") for m in sent[1:]))["error"]
    assert error["type"] == "RequestTimeout" and "did not arrive within 0.2 s (14 bytes came)" in error["message"]
