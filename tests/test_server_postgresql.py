"""Two ``serve`` processes on one PostgreSQL database: one game, its players on two servers, one server
killed with ``kill -9`` mid-game and the game going on through the other; the database stopped and started
under a running server (503s naming it, then the game goes on without a restart); the database down at the
start (one line, status 2). On a throwaway cluster (tests/pg.py); without PostgreSQL, skipped in one line."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

pytest.importorskip("starlette")

from .pg import Cluster
from .service_client import Stream, serve, stop


def call(port: int, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/{path}", data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def play(port: int, game_id: str, at: int) -> dict[str, Any]:
    """The player to act plays the first action the server advises, as action number ``at``."""
    status, document = call(port, "GET", f"games/{game_id}")
    assert status == 200, document
    game = document["result"]["game"]
    assert game["actions"] == at - 1 and not game["over"], game
    status, advice = call(port, "GET", f"games/{game_id}/advice?budget=20")
    assert status == 200, advice
    action = advice["result"]["advice"]["options"][0]["action"]
    body = {"action": action, "at": at, "player": game["to_act"]}
    status, done = call(port, "POST", f"games/{game_id}/actions", body)
    assert status == 200, done
    assert done["result"]["game"]["actions"] == at and "repeated" not in done["result"]
    return {"player": game["to_act"], "action": action, "answer": done["result"]}


def test_two_servers_play_one_game_through_a_kill_and_a_database_restart(cluster: Cluster) -> None:
    url = cluster.database()
    one, first = serve(url, lexicon="en")
    two, second = serve(url, lexicon="en")
    try:
        status, made = call(first, "POST", "games", {"players": ["person", "person"], "seed": 7, "lexicon": "en"})
        assert status == 201, made
        game_id = made["result"]["id"]
        # A watcher on the second server is pushed every action, those taken by the first server too
        # (its commits told across servers by the database's notifications): each once, in order.
        watcher = Stream(second, game_id, since=0)
        played: list[dict[str, Any]] = []
        used: set[int] = set()
        # A's requests on one server, B's on the other: every action is read back by the server of the next.
        for at in range(1, 9):
            status, seen = call(first, "GET", f"games/{game_id}")
            port = first if seen["result"]["game"]["to_act"] == "A" else second
            played.append(play(port, game_id, at))
            used.add(port)
        assert used == {first, second}
        pushed = [watcher.next_action() for _ in range(8)]
        assert [(n, data["action"]) for n, data in pushed] == [(n, p["action"]) for n, p in enumerate(played, 1)]
        watcher.close()
        # An action's answer lost and sent again to the other server, with its number: taken once.
        last = played[-1]
        other = second if last["player"] == "A" else first
        body = {"action": last["action"], "at": 8, "player": last["player"]}
        status, again = call(other, "POST", f"games/{game_id}/actions", body)
        assert status == 200 and again["result"]["repeated"] is True and again["result"]["game"]["actions"] == 8
        one.kill()  # kill -9 mid-game: nothing it answered is lost, the other server goes on
        one.wait(timeout=30)
        for at in range(9, 13):
            played.append(play(second, game_id, at))
        status, record = call(second, "GET", f"games/{game_id}/record")
        assert status == 200
        actions = record["result"]["record"]["actions"]
        assert len(actions) == 12

        cluster.stop()
        try:
            status, refused = call(second, "GET", f"games/{game_id}")
            assert status == 503 and refused["error"]["type"] == "StoreUnavailable", refused
            assert "games' database postgresql://jarnac@/games" in refused["error"]["message"]
            status, refused = call(second, "POST", f"games/{game_id}/actions", {"action": "pass", "at": 13})
            assert status == 503 and refused["error"]["type"] == "StoreUnavailable", refused
        finally:
            cluster.start()
        # The same server, no restart: its pool connects again. Until it has, a request is the 503 that says
        # to ask again (a database just started may not take connections yet): asked again, a bounded number
        # of times, as the refusal tells a client to.
        for _ in range(120):
            status, back = call(second, "GET", f"games/{game_id}")
            if status != 503:
                break
            assert back["error"]["type"] == "StoreUnavailable", back
            time.sleep(0.5)
        assert status == 200, back
        played.append(play(second, game_id, 13))
        status, state = call(second, "GET", f"games/{game_id}")
        assert state["result"]["game"]["actions"] == 13
    finally:
        for server in (one, two):
            if server.poll() is None:
                stop(server)
            else:
                for pipe in (server.stdout, server.stderr):
                    if pipe is not None:
                        pipe.close()


def test_the_database_down_at_the_start_is_one_line_and_status_2(cluster: Cluster) -> None:
    down = cluster.url("games").replace(str(cluster.folder), str(cluster.folder / "nowhere"))
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--workers", "0", "--data", down]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot use the database" in lines[0] and "postgresql://jarnac@/games" in lines[0]
    assert done.stdout == ""
