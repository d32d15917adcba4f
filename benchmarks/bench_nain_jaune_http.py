#!/usr/bin/env python3
"""Nain Jaune at the service: the latency of a new table, of a person's action and of a state, and the
actions a second, for a few seat mixes.

    python benchmarks/bench_nain_jaune_http.py [--games 6] [--rounds 1] [--seconds 40] [--data DIR]

Starts ``jarnac-solver serve`` (threads, ``--workers 0``, its games in a SQLite file under ``--data`` or
a temporary folder) on a free loopback port and plays, for each seat mix, ``--games`` tables of
``--rounds`` rounds one after another from one client: ``POST /api/games``, then until the game is over a
``GET /api/games/ID`` (the seat's table) and a ``POST .../actions`` with the person's first legal play (a hot
seat: the seat to act's, with its key). Each request's time is measured at the client (the loopback
included). Printed: for each mix, the median (p50) and 95th percentile (p95) of each kind of request in
milliseconds, the person's actions a second (one request each, the computers' answers and the commit
inside), and every action of the game a second (the computers' too). Beside it, the engine alone on the
same games (the same seeds and actions replayed in this process, no service; the median of 5): its
actions a second. Bounded: ``--seconds`` a mix at most (the games not begun are left out).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx

from jarnac_solver.nain_jaune import Game, GameRecord

MIXES: list[tuple[str, list[str], str]] = [
    ("person v greedy", ["person", "greedy"], "open"),
    ("person v greedy, stakes", ["person", "greedy", "stakes"], "open"),
    ("person v greedy, stakes, random", ["person", "greedy", "stakes", "random"], "open"),
    ("person v mc:16, greedy", ["person", "mc:16", "greedy"], "open"),
    ("hot seat: 2 people, greedy", ["person", "person", "greedy"], "hotseat"),
]


def serve(data: Path) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--workers", "0"]
    process = subprocess.Popen([*command, "--lexicon", "en", "--data", str(data)], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    banner = process.stdout.readline()
    assert "http://" in banner, banner
    return process, "http://" + banner.split("http://", 1)[1].split("/api/", 1)[0]


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play(client: httpx.Client, body: dict[str, Any], times: dict[str, list[float]]) -> tuple[str, int, int]:
    """One table to its end: its id, the person's actions and every action."""
    started = time.perf_counter()
    made = client.post("/api/games", json=body)
    times["new game"].append(time.perf_counter() - started)
    assert made.status_code == 201, made.text
    state = made.json()["result"]
    game_id, keys = state["id"], {seat: held["key"] for seat, held in state.get("keys", {}).items()}
    acted = 0
    while not state["over"]:
        headers = {"X-Seat-Key": keys[state["to_act"]]} if keys else {}
        started = time.perf_counter()
        shown = client.get(f"/api/games/{game_id}", headers=headers)
        times["state"].append(time.perf_counter() - started)
        state = shown.json()["result"]
        action = state["table"]["legal"][0]["action"]
        started = time.perf_counter()
        answer = client.post(f"/api/games/{game_id}/actions", json={"action": action}, headers=headers)
        times["action"].append(time.perf_counter() - started)
        assert answer.status_code == 200, answer.text
        state = answer.json()["result"]
        acted += 1
    return game_id, acted, state["actions"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--data", type=Path, default=None)
    args = parser.parse_args()
    folder = args.data or Path(tempfile.mkdtemp(prefix="bench-nj-"))
    Game(2, seed=0)  # the engine's modules loaded before it is timed
    process, base = serve(folder)
    rows: list[tuple[Any, ...]] = []
    try:
        with httpx.Client(base_url=base, timeout=120) as client:
            for name, players, seats in MIXES:
                times: dict[str, list[float]] = {"new game": [], "state": [], "action": []}
                records: list[str] = []
                person = every = 0
                began = time.perf_counter()
                for g in range(args.games):
                    if time.perf_counter() - began > args.seconds:
                        break
                    body = {"game": "nain_jaune", "players": players, "seats": seats, "seed": 1000 + g}
                    body["options"] = {"max_rounds": args.rounds}
                    game_id, acted, actions = play(client, body, times)
                    person += acted
                    every += actions
                    records.append(client.get(f"/api/games/{game_id}/record?format=text").text)
                acting = sum(times["action"])
                # the engine alone on the same games: each record's actions pushed again, checked (median of 5)
                parsed = [GameRecord.parse(text) for text in records]
                spans = []
                for _ in range(5):
                    started = time.perf_counter()
                    pushed = 0
                    for record in parsed:
                        game = Game(len(record.players), record.options, record.seed)
                        for _, seat, actions_ in record.turns:
                            for action in actions_:
                                game.push(action, seat)
                                pushed += 1
                    spans.append(time.perf_counter() - started)
                engine = statistics.median(spans)
                rows.append(
                    (
                        name,
                        len(records),
                        *(1000 * statistics.median(times[k]) for k in ("new game", "state", "action")),
                        *(1000 * quantile(times[k], 0.95) for k in ("new game", "state", "action")),
                        person / acting,
                        every / acting,
                        pushed / engine if engine else float("inf"),
                    )
                )
    finally:
        process.terminate()
        process.wait(timeout=30)
    print(f"Nain Jaune over HTTP: {args.games} games a mix, {args.rounds} round(s) each, SQLite store, one client")
    head = (
        f"{'seats':34} {'games':>5} {'new p50':>8} {'state p50':>9} {'act p50':>8} {'new p95':>8} {'state p95':>9}"
        f" {'act p95':>8} {'person act/s':>12} {'all act/s':>10} {'engine act/s':>12}"
    )
    print(head)
    print("-" * len(head))
    for name, games, n50, s50, a50, n95, s95, a95, per, every, engine in rows:
        print(
            f"{name:34} {games:>5} {n50:>8.1f} {s50:>9.1f} {a50:>8.1f} {n95:>8.1f} {s95:>9.1f} {a95:>8.1f}"
            f" {per:>12.1f} {every:>10.1f} {engine:>12.0f}"
        )
    print("latencies in ms at the client (loopback); act/s over the action requests' time (each commits to disk)")


if __name__ == "__main__":
    main()
