#!/usr/bin/env python3
"""People against people through the push channel: how long after one player's action the other hears of it.

    python benchmarks/bench_people.py [--games 1,50] [--actions 24] [--seconds 120]

Starts ``jarnac-solver serve`` (en, threads, ``--data`` in a temporary
folder: the commits reach the disk as in use) on a free loopback port. For
each count G of ``--games``: G games between invited people at once, each
played by two scripted clients, one a seat, each with its own push stream
(``GET /api/games/{id}/events``, Server-Sent Events) open throughout. The
clients take turns through ``--actions`` actions a game (draw, pass, decline:
the cheapest legal cycle, so the figure is the channel's, not the engine's
search), each acting only when its own stream has told it of the other's
last action. Measured: the time from just before a client sends its
action to the moment the other client's stream delivers that action's
event (p50, p99, over every action of every game); the server's sockets
and memory (RSS) per open game, two streams each, against the server
with no game open. Load stays on the loopback, bounded in count and in
time (``--seconds`` a run).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CYCLE = {"opening": "draw", "start": "draw", "play": "pass", "jarnac": "decline", "dispute": "accept"}
"""The action each phase is answered with: every one legal, none a search."""


def _server(data: Path) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--lexicon", "en", "--workers", "0"]
    server = subprocess.Popen(
        [*command, "--data", str(data), "--max-games-per-address", "100000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert server.stdout is not None
    banner = server.stdout.readline()
    assert "http://127.0.0.1:" in banner, banner
    return server, int(banner.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])


def _ask(port: int, method: str, path: str, body: Any = None, key: str = "") -> dict[str, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json", **({"X-Seat-Key": key} if key else {})}
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    answer = connection.getresponse()
    document: dict[str, Any] = json.loads(answer.read())
    connection.close()
    assert answer.status < 300, document
    return document.get("result", document)  # type: ignore[no-any-return]


class Seat:
    """One player of one game: its key, its push stream (read by a thread), the actions it has heard."""

    def __init__(self, port: int, game_id: str, seat: str, key: str) -> None:
        self.port, self.game_id, self.seat, self.key = port, game_id, seat, key
        self.heard: dict[int, float] = {}
        self.latest: dict[str, Any] = {}
        self.changed = threading.Condition()
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.connection.request("GET", f"/api/games/{game_id}/events?since=0")
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        fields: dict[str, str] = {}
        # Closed under its reading thread by close(): http.client then fails in its own ways.
        with contextlib.suppress(OSError, ValueError, AttributeError, http.client.HTTPException):
            for raw in iter(self.response.readline, b""):  # the chunked encoding read through
                line = raw.decode("utf-8").rstrip("\n")
                if line:
                    if not line.startswith(":"):
                        name, _, value = line.partition(": ")
                        fields[name] = value
                    continue
                if fields.get("event") == "action":
                    data = json.loads(fields["data"])
                    with self.changed:
                        self.heard[int(fields["id"])] = time.perf_counter()
                        if "game" in data:
                            self.latest = data["game"]
                        self.changed.notify_all()
                fields = {}

    def wait_for(self, number: int, deadline: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: number in self.heard, max(0.0, deadline - time.monotonic()))

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.connection.sock.shutdown(2)
        self.connection.close()


def seated(port: int) -> tuple[dict[str, Any], dict[str, str]]:
    """A new invitation and its code used by a second client: the game's answer and both seats' keys."""
    made = _ask(port, "POST", "/api/games", {"players": ["person", "person"], "seats": "invite", "lexicon": "en"})
    joined = _ask(port, "POST", "/api/join", {"code": made["invitation"]["code"]})
    return made, {"A": made["seats"]["A"]["key"], "B": joined["seats"]["B"]["key"]}


def play(port: int, actions: int, deadline: float, sent: dict[tuple[str, int], float], out: list[float]) -> None:
    """One game: two seats taking turns, each hearing the other's actions on its own stream."""
    made, keys = seated(port)
    game_id = made["id"]
    seats = {s: Seat(port, game_id, s, keys[s]) for s in "AB"}
    game = made["game"]
    try:
        for number in range(1, actions + 1):
            if game["over"] or time.monotonic() > deadline:
                break
            actor = seats[game["to_act"]]
            other = seats["B" if actor.seat == "A" else "A"]
            started = time.perf_counter()
            answer = _ask(port, "POST", f"/api/games/{game_id}/actions", {"action": CYCLE[game["phase"]]}, actor.key)
            game = answer["game"]
            if not other.wait_for(number, deadline):
                break
            out.append(other.heard[number] - started)
            sent[(game_id, number)] = started
    finally:
        for seat in seats.values():
            seat.close()


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _sockets(pid: int) -> int:
    count = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            count += os.readlink(fd).startswith("socket:")
    return count


def held(port: int, pid: int, games: int) -> tuple[float, float]:
    """Sockets and KB of RSS the server holds per open game (two streams each), against none open."""
    before_sockets, before_rss = _sockets(pid), _rss_kb(pid)
    opened: list[Seat] = []
    for _ in range(games):
        made, keys = seated(port)
        opened += [Seat(port, made["id"], s, keys[s]) for s in "AB"]
    try:
        time.sleep(1.0)  # every stream opened and waiting
        sockets, rss = _sockets(pid) - before_sockets, _rss_kb(pid) - before_rss
    finally:
        for seat in opened:
            seat.close()
    return sockets / games, rss / games


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="1,50", help="counts of games played at once (default 1,50)")
    parser.add_argument("--actions", type=int, default=24, help="actions a game (default 24)")
    parser.add_argument("--seconds", type=float, default=120.0, help="the most a run takes (default 120)")
    args = parser.parse_args()
    counts = [int(c) for c in args.games.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        server, port = _server(Path(folder))
        try:
            _ask(port, "GET", "/api/health")
            rows = []
            for games in counts:
                sent: dict[tuple[str, int], float] = {}
                latencies: list[float] = []
                deadline = time.monotonic() + args.seconds
                started = time.perf_counter()
                threads = [
                    threading.Thread(target=play, args=(port, args.actions, deadline, sent, latencies))
                    for _ in range(games)
                ]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
                took = time.perf_counter() - started
                sockets, kb = held(port, server.pid, games)
                rows.append((games, len(latencies), took, latencies, sockets, kb))
        finally:
            server.terminate()
            server.wait(timeout=20)
    print(
        f"{'games at once':>13} {'actions':>8} {'actions/s':>9} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'max ms':>7} {'sockets/game':>12} {'KB/game':>8}"
    )
    for games, n, took, latencies, sockets, kb in rows:
        p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
        p99 = _quantile(latencies, 0.99) * 1000 if latencies else float("nan")
        top = max(latencies) * 1000 if latencies else float("nan")
        print(f"{games:>13} {n:>8} {n / took:>9.1f} {p50:>7.1f} {p99:>7.1f} {top:>7.1f} {sockets:>12.1f} {kb:>8.0f}")
    print("latency: from just before one client sends its action (POST, committed to disk) to the other's stream")
    print("delivering its event; sockets and RSS: the server's, per open game with its two streams")


if __name__ == "__main__":
    main()
