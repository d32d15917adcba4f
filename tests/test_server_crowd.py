"""The service under a crowd, each attack at a small scale through a real ``serve`` with an open-file limit of 256:
idle connections, heads that never end, push streams, parallel wrong join codes with forged forwarded headers,
a malformed chunked body. During and after each, a hint is answered, and the log holds no traceback."""

from __future__ import annotations

import collections
import contextlib
import http.client
import json
import logging
import resource
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from jarnac_solver.server.crowd import Quieter, plan
from jarnac_solver.server.limits import MAX_FAILED_JOINS

LIMIT = 256
"""The server's open-file limit (soft and hard) in these tests."""
HINT = json.dumps({"tray": "RAT BUT / ZWUSE", "budget": 50, "top": 1}).encode()
JSON = {"Content-Type": "application/json"}


def _limited() -> None:  # in the server's process, before it runs
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


def _serve(data: Path | str, log: Path, *options: str) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--lexicon", "en", "--workers", "0"]
    server = subprocess.Popen(
        [*command, "--data", str(data), "--log-file", str(log), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_limited,
    )
    assert server.stdout is not None
    banner = server.stdout.readline()  # printed once the socket listens
    assert "http://127.0.0.1:" in banner, (banner, server.stderr.read() if server.stderr else "")
    assert f"open-file limit {LIMIT}:" in banner
    return server, int(banner.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])


def _stop(server: subprocess.Popen[str]) -> str:
    """Stop the server; its standard error."""
    server.terminate()
    try:
        _, err = server.communicate(timeout=30)
    except subprocess.TimeoutExpired:  # pragma: no cover
        server.kill()
        _, err = server.communicate(timeout=30)
    return err


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """A server with a short head time and 4 streams an address, 6 in all; its log checked at the end."""
    data = tmp_path_factory.mktemp("crowd")
    log = data / "server.log"
    options = ["--head-timeout", "1", "--keep-alive", "1", "--max-streams", "6", "--max-streams-per-address", "4"]
    server, port = _serve(data, log, *options, "--max-games-per-address", "1000")
    try:
        yield port, log
    finally:
        err = _stop(server)
        written = log.read_text(encoding="utf-8") if log.exists() else ""
        assert "Traceback" not in written and "Traceback" not in err, written + err
        assert len(written) < 64 * 1024


def _ask(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    source: str = "",
) -> tuple[int, dict[str, str], Any]:
    """One request on a connection of its own (from the loopback address ``source``: 127.0.0.x)."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=60, source_address=(source, 0) if source else None
    )
    try:
        connection.request(method, path, body=body, headers={**(headers or {}), **(JSON if body is not None else {})})
        answer = connection.getresponse()
        raw = answer.read()
        kind = answer.getheader("Content-Type", "")
        shown = {k.lower(): v for k, v in answer.getheaders()}
        return answer.status, shown, json.loads(raw) if "json" in kind else raw
    finally:
        connection.close()


def _hint(port: int) -> None:
    status, _, document = _ask(port, "POST", "/api/hint", HINT)
    assert status == 200, document
    assert document["result"]["advice"]["options"]


def _load(port: int) -> dict[str, Any]:
    status, _, document = _ask(port, "GET", "/api/health")
    assert status == 200
    load: dict[str, Any] = document["load"]
    return load


def _closed_by_server(sock: socket.socket) -> bool:
    """Whether the server has closed ``sock`` (what it wrote first, read and dropped), waiting up to a minute."""
    sock.settimeout(60)
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return True


def test_the_budget_is_planned_below_the_limit() -> None:
    budget = plan(LIMIT, 0)
    assert budget.reserved + 2 * budget.accept_burst + 2 * budget.max_connections <= LIMIT
    assert budget.max_streams <= budget.max_connections // 2
    with pytest.raises(ValueError, match="open-file limit 64"):
        plan(64, 4)
    with pytest.raises(ValueError, match="--max-connections"):
        plan(LIMIT, 0, max_connections=10_000)


def test_a_limit_too_low_is_refused_in_one_line(tmp_path: Path) -> None:
    def tiny() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (80, 80))

    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--lexicon", "en"]
    done = subprocess.run(
        [*command, "--workers", "2", "--data", ":memory:"], capture_output=True, text=True, timeout=120, preexec_fn=tiny
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "ulimit -n" in done.stderr


def test_a_crowd_of_idle_connections_leaves_room_for_a_hint(served: tuple[int, Path]) -> None:
    port, _ = served
    most = _load(port)["connections"]["max_connections"]
    idle = []
    try:
        for _ in range(3 * most):  # three times what the server holds, and well over its open-file limit
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=60))
        for sock in idle[-20:]:  # and heads that never end
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n")
        _hint(port)
        load = _load(port)
        assert load["connections"]["connections"] <= most
        assert load["connections"]["evicted"] > 0
        assert _closed_by_server(idle[0])  # the oldest made room
    finally:
        for sock in idle:
            sock.close()
    _hint(port)


def test_a_head_that_never_ends_is_cut(served: tuple[int, Path]) -> None:
    port, _ = served
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        answer = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := sock.recv(65536):
                answer += chunk
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:80]
    assert b'"RequestTimeout"' in answer
    with socket.create_connection(("127.0.0.1", port), timeout=60) as silent:
        assert _closed_by_server(silent)  # a connection that says nothing is closed too
    assert _load(port)["connections"]["slow_heads"] >= 2
    _hint(port)


def test_idle_keep_alive_connections_are_closed(served: tuple[int, Path]) -> None:
    port, _ = served
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert _closed_by_server(sock)  # the answer read, then nothing: closed after --keep-alive


def _game(port: int) -> str:
    status, _, document = _ask(port, "POST", "/api/games", json.dumps({"players": ["person", "planner"]}).encode())
    assert status == 201, document
    game_id: str = document["result"]["id"]
    return game_id


class _Stream:
    def __init__(self, port: int, game_id: str, source: str = "") -> None:
        address = (source, 0) if source else None
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=address)
        self.connection.request("GET", f"/api/games/{game_id}/events")
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.headers = {k.lower(): v for k, v in self.response.getheaders()}
        if self.status == 200:
            assert self.response.readline().startswith(b"retry:")  # the stream is open, counted

    def close(self) -> None:
        self.connection.close()


def test_push_streams_are_bounded_per_address_and_in_all(served: tuple[int, Path]) -> None:
    port, _ = served
    games = [_game(port) for _ in range(4)]
    streams: list[_Stream] = []
    try:
        for n in range(4):  # an address's four
            streams.append(_Stream(port, games[n % 4]))
            assert streams[-1].status == 200
        fifth = _Stream(port, games[0])
        streams.append(fifth)
        assert fifth.status == 429 and int(fifth.headers["retry-after"]) > 0
        for _ in range(2):  # the server's six, from another address
            streams.append(_Stream(port, games[1], source="127.0.0.2"))
            assert streams[-1].status == 200
        full = _Stream(port, games[2], source="127.0.0.3")
        streams.append(full)
        assert full.status == 503 and int(full.headers["retry-after"]) > 0
        load = _load(port)
        assert load["shedding"] and load["streams"]["open"] == 6
        _hint(port)
    finally:
        for stream in streams:
            stream.close()
    _hint(port)


def _burst(port: int, bodies: list[tuple[bytes, dict[str, str]]], source: str = "") -> collections.Counter[int]:
    """The statuses of ``bodies`` sent to ``POST /api/join`` at once, each on its own connection; every 503
    carries a ``Retry-After``."""
    statuses: collections.Counter[int] = collections.Counter()
    lock = threading.Lock()
    start = threading.Barrier(len(bodies))

    def one(body: bytes, headers: dict[str, str]) -> None:
        start.wait(timeout=60)
        status, answer_headers, _ = _ask(port, "POST", "/api/join", body, headers, source)
        assert status != 503 or int(answer_headers["retry-after"]) > 0
        with lock:
            statuses[status] += 1

    threads = [threading.Thread(target=one, args=pair) for pair in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert sum(statuses.values()) == len(bodies)
    return statuses


def test_wrong_join_codes_are_bounded_under_concurrency_and_forged_forwarding(served: tuple[int, Path]) -> None:
    port, _ = served
    # Not codes at all (no key stretching: counted and refused at once), each claiming another address.
    forged = [(b'{"code": "x"}', {"X-Forwarded-For": f"10.0.0.{n}"}) for n in range(60)]
    statuses = _burst(port, forged, source="127.0.0.4")
    assert set(statuses) <= {400, 429, 503}
    assert statuses[400] <= MAX_FAILED_JOINS and statuses[429] >= 60 - MAX_FAILED_JOINS - statuses[503]
    assert _ask(port, "POST", "/api/join", b'{"code": "x"}', {"X-Forwarded-For": "10.9.9.9"}, "127.0.0.4")[0] == 429
    # Codes that are stretched (16 MiB each): a burst waits its turn or is refused, and is bounded all the same.
    codes: list[tuple[bytes, dict[str, str]]] = [
        (json.dumps({"code": f"K7QM2PXA{n:04d}"}).encode(), {}) for n in range(40)
    ]
    statuses = _burst(port, codes, source="127.0.0.5")
    assert set(statuses) <= {404, 429, 503}
    assert statuses[404] <= MAX_FAILED_JOINS and statuses[429] >= 40 - MAX_FAILED_JOINS - statuses[503]
    assert _load(port)["stretching"]["busy"] == 0
    _hint(port)


def test_a_malformed_chunked_body_is_a_400_and_one_line(served: tuple[int, Path]) -> None:
    port, _ = served
    for body in (b"zz\r\nabc\r\n", b"5\r\n{}\r\n0\r\n\r\n"):
        with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
            head = b"POST /api/words HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            sock.sendall(head + b"Transfer-Encoding: chunked\r\n\r\n" + body)
            answer = b""
            with contextlib.suppress(ConnectionResetError):
                while chunk := sock.recv(65536):
                    answer += chunk
        assert answer.startswith(b"HTTP/1.1 400 "), answer[:80]
    _hint(port)


def test_forwarded_addresses_are_read_from_a_named_proxy_only(tmp_path: Path) -> None:
    server, port = _serve(tmp_path, tmp_path / "server.log", "--trusted-proxy", "127.0.0.1")
    try:
        one = {"X-Forwarded-For": "10.1.1.1"}
        for _ in range(MAX_FAILED_JOINS):
            assert _ask(port, "POST", "/api/join", b'{"code": "x"}', one)[0] == 400
        assert _ask(port, "POST", "/api/join", b'{"code": "x"}', one)[0] == 429
        # Another client behind the proxy has its own bound; the proxy's own address too.
        assert _ask(port, "POST", "/api/join", b'{"code": "x"}', {"X-Forwarded-For": "10.2.2.2"})[0] == 400
        assert _ask(port, "POST", "/api/join", b'{"code": "x"}')[0] == 400
    finally:
        _stop(server)


def test_the_log_says_a_repeated_message_once_with_its_count() -> None:
    now = [0.0]
    quieter = Quieter(per_minute=5, repeat_s=60.0, clock=lambda: now[0])

    def record(message: str, *args: object) -> logging.LogRecord:
        return logging.LogRecord("asyncio", logging.WARNING, __file__, 1, message, args, None)

    passed = [quieter.filter(record("socket.accept() out of system resource: %s", n)) for n in range(1000)]
    assert passed.count(True) == 1
    now[0] = 61.0
    again = record("socket.accept() out of system resource: %s", 1000)
    assert quieter.filter(again) and "repeated 999 more times" in again.getMessage()
    # Many different messages: at most per_minute lines a minute, the dropped ones counted in the next.
    passed = [quieter.filter(record(f"message {n}")) for n in range(20)]
    assert passed.count(True) == 4
    now[0] = 200.0
    later = record("another")
    assert quieter.filter(later) and "16 other lines dropped" in later.getMessage()


def test_a_stream_cut_by_the_database_going_away_is_one_line(cluster: Any, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server, port = _serve(cluster.database(), log)
    try:
        game_id = _game(port)
        stream = _Stream(port, game_id)
        assert stream.status == 200
        cluster.stop()
        try:
            ended = b""
            with contextlib.suppress(OSError):  # the stream re-reads the store within seconds, finds it gone
                while line := stream.response.readline():
                    ended += line
            assert b"event: action" not in ended
        finally:
            cluster.start()
            stream.close()
        _hint(port)
    finally:
        err = _stop(server)
    written = log.read_text(encoding="utf-8")
    assert "Traceback" not in written + err, written + err
    assert "a push stream of game" in written


@pytest.mark.parametrize(
    ("option", "said"),
    [
        (["--trusted-proxy", "proxy.example"], "--trusted-proxy 'proxy.example' is not an IP address or network"),
        (["--max-connections", "9000"], "--max-connections 9000 is over the"),
        (["--max-connections", "40", "--max-streams", "30"], "--max-streams 30 is over half the 40 connections"),
    ],
)
def test_a_bad_crowd_option_is_refused_in_one_line(option: list[str], said: str) -> None:
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--lexicon", "en", "--workers", "0"]
    done = subprocess.run(
        [*command, "--data", ":memory:", *option], capture_output=True, text=True, timeout=120, preexec_fn=_limited
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and said in done.stderr, done.stderr


@contextlib.contextmanager
def _uvicorn(app: Any, gate: Any) -> Iterator[tuple[str, int]]:
    """``app`` on uvicorn in a thread of this process, its connections held by ``gate``: its address."""
    uvicorn = pytest.importorskip("uvicorn")
    from jarnac_solver.server.protocol import Protocol

    class Gated(Protocol):
        pass

    Gated.gate = gate
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen()
    server = uvicorn.Server(uvicorn.Config(app, http=Gated, lifespan="off", log_level="critical"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        for _ in range(600):  # a safety bound, not a timing: the server starts
            if server.started:
                break
            threading.Event().wait(0.1)
        yield listening.getsockname()
    finally:
        server.should_exit = True
        thread.join(timeout=60)
        listening.close()


def test_an_answer_the_client_does_not_read_is_cut() -> None:
    """A push stream (here any endless answer) whose client reads nothing: cut once its buffers stay full."""
    from jarnac_solver.server.crowd import Gate

    gate = Gate(16, write_seconds=0.5)

    async def endless(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
        for _ in range(100_000):  # bounded: sent as fast as the client reads, a no-op once it is cut
            await send({"type": "http.response.body", "body": b"x" * 65536, "more_body": True})
        await send({"type": "http.response.body", "body": b""})

    with _uvicorn(endless, gate) as address, socket.socket() as client:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        client.connect(address)
        client.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        for _ in range(600):
            if gate.counts["stalled"]:
                break
            threading.Event().wait(0.1)
        assert gate.counts["stalled"] == 1
        assert _closed_by_server(client)


def test_a_new_connection_when_every_connection_is_at_work_is_a_503() -> None:
    from jarnac_solver.server.crowd import Gate

    gate = Gate(1)
    release = threading.Event()

    async def slow(scope: Any, receive: Any, send: Any) -> None:
        import asyncio

        while not release.is_set():  # bounded by the test's release
            await asyncio.sleep(0.05)
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})

    with _uvicorn(slow, gate) as address, socket.create_connection(address, timeout=60) as busy:
        busy.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        for _ in range(600):  # the one connection at work
            if len(gate.held) == 1 and not gate.waiting:
                break
            threading.Event().wait(0.1)
        with socket.create_connection(address, timeout=60) as new_one:
            answer = b""
            with contextlib.suppress(ConnectionResetError):
                while chunk := new_one.recv(65536):
                    answer += chunk
        release.set()
        assert answer.startswith(b"HTTP/1.1 503 ") and b"retry-after: 2" in answer.lower(), answer[:200]
        assert b'"ServiceUnavailable"' in answer and gate.counts["refused"] == 1
        assert busy.recv(65536).startswith(b"HTTP/1.1 200 ")


def test_out_of_descriptors_at_an_accept_is_one_line(caplog: pytest.LogCaptureFixture) -> None:
    import asyncio
    import errno

    from jarnac_solver.server.crowd import loop_errors

    loop = asyncio.new_event_loop()
    try:
        failed = OSError(errno.EMFILE, "Too many open files")
        with caplog.at_level(logging.WARNING, logger="asyncio"):
            loop_errors(loop, {"message": "socket.accept() out of system resource", "exception": failed})
    finally:
        loop.close()
    (record,) = caplog.records
    assert record.exc_info is None and "Too many open files" in record.getMessage()
