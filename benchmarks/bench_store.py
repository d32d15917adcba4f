#!/usr/bin/env python3
"""Live-game actions through the stores: one server on SQLite, one on PostgreSQL, two sharing PostgreSQL.

    python benchmarks/bench_store.py [--actions 320] [--repeats 3] [--seconds 60] [--clients 8 32]
        [--notices 200] [--database postgresql://...]

For each store and each count of clients C: C clients each play their own
person-against-person game (``draw``, ``decline`` or ``pass``, whichever the
game accepts, each ``POST /api/games/ID/actions`` with its number ``at``,
every action committed before it is answered), ``--actions`` actions a run
in all; with two servers each client sends its actions to the servers in
turn (the other server reads the game back from the database). Prints
actions a second and the latency of an action (p50, p99), and the share
refused: the median of ``--repeats`` runs, with their range in brackets,
after a warm-up run a setup (the servers' lexicon loaded, their pools
grown). Then the notification latency between two servers: a store
commits an action, another store on the database is told (LISTEN/NOTIFY),
``--notices`` times one after another: p50 and p99 from the call that
commits to the listener told.

PostgreSQL is a throwaway cluster (tests/pg.py, ``fsync`` on, as SQLite's
``synchronous=FULL``) unless ``--database`` names one (its schema ``jarnac``
is used). The servers run their work in threads (``--workers 0``). Load
stays on the loopback, bounded in count (``--actions``) and time
(``--seconds`` a run).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx

from jarnac_solver.server.contract import Offer
from jarnac_solver.server.live import new_spec
from jarnac_solver.server.storage import open_store

GAME_ACTIONS = 60
"""Actions a client plays in one game before it starts another (games stay the size of real ones)."""


def start_server(data: str) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--workers", "0", "--lexicon", "en"]
    server = subprocess.Popen([*command, "--data", data], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    banner = server.stdout.readline()
    if "http://" not in banner:
        server.kill()
        raise SystemExit(f"the server did not start: {banner!r}")
    return server, "http://" + banner.split("http://", 1)[1].split("/api/", 1)[0] + "/api"


@contextlib.contextmanager
def servers(data: str, count: int) -> Iterator[list[str]]:
    started = [start_server(data) for _ in range(count)]
    try:
        yield [base for _, base in started]
    finally:
        for server, _ in started:
            server.terminate()
            server.wait(timeout=30)
            if server.stdout is not None:
                server.stdout.close()


def next_action(accepts: list[str]) -> str:
    return next((a for a in ("decline", "draw", "pass") if a in accepts), accepts[0])


async def run(bases: list[str], clients: int, total: int, seconds: float) -> dict[str, float]:
    latencies: list[float] = []
    refused = 0
    stop = time.monotonic() + seconds
    pools = [httpx.AsyncClient(base_url=b, timeout=120, limits=httpx.Limits(max_connections=clients)) for b in bases]
    shares = [total // clients + (k < total % clients) for k in range(clients)]

    async def client(k: int) -> None:
        nonlocal refused
        sent = 0
        while sent < shares[k] and time.monotonic() < stop:
            made = await pools[k % len(pools)].post("/games", json={"players": ["person", "person"], "seed": k})
            game = made.json()["result"]
            state = game["game"]
            for at in range(1, GAME_ACTIONS + 1):
                if sent >= shares[k] or state["over"] or time.monotonic() > stop:
                    break
                body = {"action": next_action(state["accepts"]), "at": at, "player": state["to_act"]}
                http = pools[(k + at) % len(pools)]
                began = time.perf_counter()
                answer = await http.post(f"/games/{game['id']}/actions", json=body)
                latencies.append(time.perf_counter() - began)
                sent += 1
                if answer.status_code >= 400:
                    refused += 1
                    break
                state = answer.json()["result"]["game"]
            await pools[0].delete(f"/games/{game['id']}")

    began = time.perf_counter()
    try:
        await asyncio.gather(*(client(k) for k in range(clients)))
    finally:
        for pool in pools:
            await pool.aclose()
    elapsed = time.perf_counter() - began
    latencies.sort()
    n = len(latencies)
    return {
        "n": n,
        "aps": n / elapsed,
        "p50": statistics.median(latencies) * 1000 if n else float("nan"),
        "p99": latencies[min(n - 1, int(n * 0.99))] * 1000 if n else float("nan"),
        "refused": refused / max(1, n),
    }


def spread(runs: list[dict[str, float]], key: str, width: int) -> str:
    """The median of ``runs``' ``key`` and their range: ``41.2 [38.0-47.9]``."""
    values = sorted(r[key] for r in runs)
    return f"{statistics.median(values):.1f} [{values[0]:.0f}-{values[-1]:.0f}]".rjust(width)


def notices(url: str, count: int) -> tuple[float, float]:
    """Milliseconds from one store's commit call to another store's listener told: p50, p99."""
    writer, reader = open_store(url), open_store(url)
    heard: dict[int, float] = {}
    told = threading.Condition()

    def listen(game_id: str, n: int) -> None:
        if game_id == "notice":
            with told:
                heard[n] = time.perf_counter()
                told.notify_all()

    reader.subscribe(listen)
    try:
        assert reader.listening.wait(30)  # type: ignore[attr-defined]
        writer.delete("notice")
        writer.add("notice", new_spec({"players": ("person", "person")}, Offer(("en",)), 1))
        delays = []
        for n in range(count):
            began = time.perf_counter()
            writer.append("notice", n, [(n % 2, "pass", "")], over=False)
            with told:
                if not told.wait_for(lambda n=n: n + 1 in heard, timeout=10):  # type: ignore[misc]
                    raise SystemExit(f"notice {n + 1} not heard in 10 s")
            delays.append(heard[n + 1] - began)
        writer.delete("notice")
    finally:
        writer.close()
        reader.close()
    delays.sort()
    return statistics.median(delays) * 1000, delays[min(len(delays) - 1, int(len(delays) * 0.99))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=320, help="actions a run, all clients together")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each setup (the median, and their range)")
    parser.add_argument("--seconds", type=float, default=60, help="the longest a run lasts")
    parser.add_argument("--clients", type=int, nargs="+", default=[8, 32])
    parser.add_argument("--notices", type=int, default=200, help="notifications timed between two stores")
    parser.add_argument("--database", help="a PostgreSQL database to use (default: a throwaway cluster)")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.1f} (1-minute average, {os.cpu_count()} CPUs) before the runs")
    with contextlib.ExitStack() as stack:
        url = args.database
        if url is None:
            from tests.pg import Cluster, skip_reason

            reason = skip_reason()
            if reason:
                raise SystemExit(reason)
            cluster = Cluster(fsync=True)
            stack.callback(cluster.close)
            url = cluster.database()
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        setups = [("SQLite", folder, 1), ("PostgreSQL", url, 1), ("PostgreSQL", url, 2)]
        print(
            f"{'store':<11} {'servers':>7} {'clients':>7} {'actions':>7} {'actions/s [range]':>19}"
            f" {'p50 ms [range]':>17} {'p99 ms [range]':>19} {'refused':>7}"
        )
        for name, data, count in setups:
            with servers(data, count) as bases:
                asyncio.run(run(bases, max(args.clients), 2 * max(args.clients), args.seconds))  # warm-up
                for clients in args.clients:
                    runs = [asyncio.run(run(bases, clients, args.actions, args.seconds)) for _ in range(args.repeats)]
                    print(
                        f"{name:<11} {count:>7} {clients:>7} {int(sum(r['n'] for r in runs)):>7}"
                        f" {spread(runs, 'aps', 19)} {spread(runs, 'p50', 17)} {spread(runs, 'p99', 19)}"
                        f" {max(r['refused'] for r in runs):>7.1%}",
                        flush=True,
                    )
        p50, p99 = notices(url, args.notices)
        print(
            f"notification between two stores (commit call to listener told), {args.notices} in a row:"
            f" p50 {p50:.1f} ms, p99 {p99:.1f} ms"
        )


if __name__ == "__main__":
    main()
