"""A test client of the service that holds it to its contract: every request the tests send and every
answer they get is checked against the app's own ``/api/openapi.json``.

A route answered but not described, a status not declared, an answer its schema refuses, or a request the
server accepted (2xx) that its schema refuses: each fails the test that made it (the document drifted from
what the server does).
"""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

with warnings.catch_warnings():  # starlette's TestClient on httpx: deprecated in favour of httpx2, still there
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

REFUSED_BEFORE_ROUTING = {401, 403, 404, 405, 413, 415, 421}
"""Statuses of requests refused before any route reads them (the guard, an unknown path or method)."""


def _validator(document: dict[str, Any], schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator({**schema, "components": document["components"]})


def _operation(document: dict[str, Any], method: str, path: str) -> dict[str, Any] | None:
    paths = document["paths"]
    if path in paths:
        found: dict[str, Any] | None = paths[path].get(method.lower())
        return found
    for template, item in paths.items():
        pattern = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
        if re.match(pattern, path):
            found = item.get(method.lower())
            return found
    return None


def _typed(value: str) -> Any:
    """A query parameter's value as its schema reads it: a number or true/false written as text is that
    number or flag (OpenAPI's form style serialises every value as text), any other text itself."""
    try:
        read = json.loads(value)
    except ValueError:
        return value
    return read if isinstance(read, (bool, int, float)) else value


def check_exchange(document: dict[str, Any], response: Any) -> None:
    """Fail unless ``response`` (and the request that made it) is what ``document`` describes."""
    request = response.request
    method, path, status = request.method, request.url.path, response.status_code
    operation = _operation(document, method, path)
    where = f"{method} {path} -> {status}"
    if method == "OPTIONS":  # a CORS preflight, answered by the CORS middleware before any route
        return
    if operation is None:
        assert status in REFUSED_BEFORE_ROUTING or not path.startswith("/api/"), f"{where}: not in the document"
        return
    responses = operation["responses"]
    assert str(status) in responses or status in REFUSED_BEFORE_ROUTING, f"{where}: status not declared"
    declared = responses.get(str(status))
    kind = response.headers.get("content-type", "").split(";")[0]
    if declared is not None and "content" in declared:
        assert kind in declared["content"], f"{where}: {kind} not declared"
        if kind == "application/json":
            errors = list(_validator(document, declared["content"][kind]["schema"]).iter_errors(response.json()))
            assert not errors, f"{where}: the answer does not fit its schema: {errors[0].message}"
    if 200 <= status < 300:
        body = operation.get("requestBody")
        if body is not None and request.content:
            sent = json.loads(request.content)
            schema = body["content"]["application/json"]["schema"]
            errors = list(_validator(document, schema).iter_errors(sent))
            assert not errors, f"{where}: accepted a body its schema refuses: {errors[0].message}"
        parameters = {p["name"]: p for p in operation.get("parameters", []) if p["in"] == "query"}
        for name, value in request.url.params.multi_items():
            assert name in parameters, f"{where}: accepted a query parameter {name!r} not described"
            errors = list(_validator(document, parameters[name]["schema"]).iter_errors(_typed(value)))
            assert not errors, f"{where}: accepted {name}={value!r}, refused by its schema: {errors[0].message}"


class Client(TestClient):
    """A TestClient of the app at ``http://localhost`` (a Host the service answers), checking each exchange."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        kwargs.setdefault("base_url", "http://localhost")
        super().__init__(app, **kwargs)
        self.document: dict[str, Any] = app.state.openapi

    def request(self, method: str, url: Any, **kwargs: Any) -> Any:
        response = super().request(method, url, **kwargs)
        check_exchange(self.document, response)
        return response


def serve(data: Path | str, *options: str, lexicon: str = "en") -> tuple[subprocess.Popen[str], int]:
    """``jarnac-solver serve`` on a free loopback port (threads, games under ``data``): the process and its
    port, read off the banner it prints once the socket listens (no polling)."""
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--lexicon", lexicon, "--workers", "0"]
    server = subprocess.Popen(
        [*command, "--data", str(data), *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert server.stdout is not None
    banner = server.stdout.readline()  # printed once the socket listens
    assert "http://127.0.0.1:" in banner, (banner, server.stderr.read() if server.stderr else "")
    return server, int(banner.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])


def stop(server: subprocess.Popen[str]) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:  # pragma: no cover
        server.kill()
        server.wait(timeout=10)
    for pipe in (server.stdout, server.stderr):
        if pipe is not None:
            pipe.close()


class Stream:
    """A client of ``GET /api/games/{id}/events`` reading its events as they come."""

    def __init__(self, port: int, game_id: str, since: int | None = None, last: int | None = None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        query = f"?since={since}" if since is not None else ""
        headers = {"Last-Event-ID": str(last)} if last is not None else {}
        self.connection.request("GET", f"/api/games/{game_id}/events{query}", headers=headers)
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("content-type", "").startswith("text/event-stream")

    def next_action(self) -> tuple[int, dict[str, Any]]:
        """The next ``action`` event: its id and its data (heartbeats and the retry line passed over)."""
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline().decode("utf-8")  # the chunked encoding read through
            assert line, "the stream ended"
            line = line.rstrip("\n")
            if line == "":
                if fields.get("event") == "action":
                    return int(fields["id"]), json.loads(fields["data"])
                fields = {}
            elif not line.startswith(":"):
                name, _, value = line.partition(": ")
                fields[name] = value

    def close(self) -> None:
        self.connection.close()
