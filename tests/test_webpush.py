"""Web Push to a seat's closed tab, against a fake push service on 127.0.0.1 (never a real one): the seat's
holder subscribes with its key, the message arrives signed (VAPID) and encrypted (aes128gcm) and decrypts,
with the browser's keys made here, to the game's id and what happened; a subscription its push service
says is gone is forgotten; spectators and bad endpoints are refused."""

from __future__ import annotations

import base64
import http.server
import json
import os
import queue
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytest.importorskip("pywebpush")

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from jarnac_solver.server import webpush
from jarnac_solver.server.app import create_app

from .service_client import Client
from .test_server_games import refused, result

INVITE = {"players": ["person", "person"], "seats": "invite", "seed": 5, "lexicon": "en"}


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class FakePushService:
    """A push service on 127.0.0.1: every POST kept (path, headers, body), answered ``status``."""

    def __init__(self) -> None:
        self.received: queue.Queue[tuple[str, dict[str, str], bytes]] = queue.Queue()
        self.status = 201
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                outer.received.put((self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(outer.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def push_service() -> Iterator[FakePushService]:
    fake = FakePushService()
    yield fake
    fake.close()


class Browser:
    """A browser's push keys (p256dh: a P-256 key pair; auth: 16 bytes), as PushManager makes them."""

    def __init__(self, endpoint: str) -> None:
        self.private = ec.generate_private_key(ec.SECP256R1())
        public = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.auth = os.urandom(16)
        self.subscription = {"endpoint": endpoint, "keys": {"p256dh": _b64(public), "auth": _b64(self.auth)}}

    def read(self, body: bytes) -> Any:
        return json.loads(http_ece.decrypt(body, private_key=self.private, auth_secret=self.auth, version="aes128gcm"))


def _game(client: Client) -> tuple[str, dict[str, str]]:
    made = result(client.post("/api/games", json=INVITE), 201)
    keys = {"A": made["seats"]["A"]["key"]}
    keys["B"] = result(client.post("/api/join", json={"code": made["invitation"]["code"]}))["seats"]["B"]["key"]
    return made["id"], keys


def _until(check: Any) -> None:
    """Wait (bounded) for the background sends to do what ``check`` looks for."""
    for _ in range(300):
        if check():
            return
        time.sleep(0.05)
    raise AssertionError("the push was not done")


def test_a_seat_is_pushed_its_turn_and_a_gone_subscription_is_forgotten(
    tmp_path: Path, push_service: FakePushService
) -> None:
    key_file = tmp_path / "vapid.pem"
    public_key = webpush.make_keys(key_file)
    app = create_app(
        ["en"],
        data=tmp_path,
        max_budget_ms=2000,
        vapid_private_key=key_file,
        vapid_subject="mailto:club@example.org",
        push_loopback_http=True,
    )
    browser = Browser(push_service.url + "/push/b")
    with Client(app, raise_server_exceptions=False) as client:
        assert result_health(client)["push_key"] == public_key
        game_id, keys = _game(client)
        path = f"/api/games/{game_id}/push"
        refused(client.post(path, json=browser.subscription), 403, "WrongSeat")  # a spectator
        kept = result(client.post(path, json=browser.subscription, headers={"X-Seat-Key": keys["B"]}))
        assert kept == {"id": game_id, "seat": "B", "push": True}

        def act(seat: str, action: str) -> dict[str, Any]:
            answer = client.post(
                f"/api/games/{game_id}/actions", json={"action": action}, headers={"X-Seat-Key": keys[seat]}
            )
            game: dict[str, Any] = result(answer)["game"]
            return game

        act("A", "draw")
        state = act("A", "pass")
        assert state["to_act"] == "B"
        where, headers, body = push_service.received.get(timeout=30)
        assert where == "/push/b"
        assert headers["content-encoding"] == "aes128gcm"
        assert headers["authorization"].startswith("vapid t=") and f"k={public_key}" in headers["authorization"]
        assert int(headers["ttl"]) == webpush.TTL_S
        assert browser.read(body) == {"game": game_id, "event": "turn"}
        assert keys["A"] not in body.decode("latin-1") and keys["B"] not in body.decode("latin-1")

        # The push service says the subscription is gone: it is forgotten, the game goes on.
        push_service.status = 410
        assert result(client.post(f"/api/games/{game_id}/resign", json={}, headers={"X-Seat-Key": keys["A"]}))
        _, _, body = push_service.received.get(timeout=30)
        assert browser.read(body) == {"game": game_id, "event": "over"}
        store = app.state.service.store
        # Forgotten by the store in a thread, then counted in the event loop: both waited for.
        _until(lambda: store.pushes(game_id, 1) == [] and app.state.service.pusher.dropped == 1)

    # A subscription is kept through a restart (the store's table).
    again = create_app(["en"], data=tmp_path, max_budget_ms=2000)
    with Client(again, raise_server_exceptions=False) as client:
        game_id, keys = _game(client)
        refused(
            client.post(f"/api/games/{game_id}/push", json=browser.subscription, headers={"X-Seat-Key": keys["A"]}),
            404,
            "NoPush",
        )
        assert result_health(client)["push_key"] is None


def result_health(client: Client) -> dict[str, Any]:
    answer = client.get("/api/health")
    assert answer.status_code == 200
    found: dict[str, Any] = answer.json()
    return found


def test_subscriptions_are_kept_through_a_restart_and_bounded_per_seat(tmp_path: Path) -> None:
    key_file = tmp_path / "vapid.pem"
    webpush.make_keys(key_file)
    options: dict[str, Any] = {"vapid_private_key": key_file, "vapid_subject": "mailto:club@example.org"}
    with Client(create_app(["en"], data=tmp_path, max_budget_ms=2000, **options)) as client:
        game_id, keys = _game(client)
        for n in range(webpush.MAX_PER_SEAT + 2):
            browser = Browser(f"https://push.example.org/send/{n}")
            post = client.post(
                f"/api/games/{game_id}/push", json=browser.subscription, headers={"X-Seat-Key": keys["A"]}
            )
            result(post)
    restarted = create_app(["en"], data=tmp_path, max_budget_ms=2000, **options)
    with Client(restarted):
        held = restarted.state.service.store.pushes(game_id, 0)
    assert [endpoint.rsplit("/", 1)[1] for endpoint, _ in held] == ["5", "4", "3", "2"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"endpoint": "http://push.example.org/x"}, "endpoint"),  # not https
        ({"endpoint": "https://127.0.0.1/x"}, "endpoint"),  # this server's own network
        ({"endpoint": "https://10.1.2.3/x"}, "endpoint"),
        ({"endpoint": "https://localhost/x"}, "endpoint"),
        ({"endpoint": "https://push.example.org/" + "x" * 2000}, "endpoint"),
        ({"endpoint": 5}, "endpoint"),
        ({"keys": {"p256dh": "short", "auth": _b64(b"0" * 16)}}, "keys.p256dh"),
        ({"keys": {"p256dh": _b64(b"\x04" + b"0" * 64), "auth": "!!"}}, "keys.auth"),
        ({"keys": None}, "keys"),
    ],
)
def test_bad_subscriptions_are_refused_naming_the_field(tmp_path: Path, change: dict[str, Any], field: str) -> None:
    key_file = tmp_path / "vapid.pem"
    webpush.make_keys(key_file)
    app = create_app(["en"], max_budget_ms=2000, vapid_private_key=key_file, vapid_subject="mailto:c@example.org")
    good = Browser("https://push.example.org/send/1").subscription
    with Client(app, raise_server_exceptions=False) as client:
        game_id, keys = _game(client)
        answer = client.post(f"/api/games/{game_id}/push", json={**good, **change}, headers={"X-Seat-Key": keys["A"]})
        refused(answer, 400, "UsageError")
        assert answer.json()["error"]["field"] == field
        assert app.state.service.store.pushes(game_id, 0) == []


def test_the_subscription_check_takes_loopback_http_only_when_told() -> None:
    good = Browser("http://127.0.0.1:9/x").subscription
    with pytest.raises(webpush.BadSubscription):
        webpush.check_subscription(good)
    assert webpush.check_subscription(good, loopback_http=True)[0] == "http://127.0.0.1:9/x"
