#!/usr/bin/env python3
"""The service under load: ``hint`` at a 50 ms budget on real positions, 1, 8 and 32 clients at once.

    python benchmarks/bench_service.py [--requests 240] [--workers 2] [--seconds 60] [--games-kept 200]
        [--source DIR]

Starts ``jarnac-solver serve`` (every bundled lexicon, ``--data :memory:``)
on a free loopback port and drives it from an async client (httpx): each
of C clients sends its share of ``--requests`` ``POST /api/hint`` requests
one after another, the positions those of self-play games (every start,
play and Jarnac decision of ``greedy`` against ``greedy`` on fr, fixed
seeds: my tray, the opponent's, the unseen tiles). For each C: requests a
second, latency p50 and p99, the share of 4xx/5xx. Then the same beside
two clients asking heavy requests throughout (each sent again as soon as it
is answered): a ``hint`` at a 10 s budget on a 30-letter rack, then
``lexicon diff fr en`` (no budget: seconds of work).
Then each kind of request (``--kinds``: the health route as the floor, a
one-word ``check``, a ``words`` query, the ``hint`` at 50 ms, a live game's
action answered by the computer) by one client alone and by 8 clients beside
the two ``hint 10 s`` clients: p50 and p99, and p50 as a multiple of the
health route's.
Beside it, the command line's cost of one call (``jarnac-solver hint ...
--json`` as a new process, median of 10), and the server's memory (RSS of
the server and its worker processes, from ``/proc``): once it has answered
on every lexicon, and after ``--games-kept`` live games (person against
greedy, a few turns each). ``--source DIR`` runs the server of another
checkout (its package imported from DIR, its C extension built in place):
the same load on the code before a change and after. Load stays on the
loopback, bounded in count (``--requests``) and time (``--seconds`` a run).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx

from jarnac_solver import Game, Lexicon, make_player, unseen_tiles

HEAVY_RACK = "ABCDEEEIILNNORRSSTTUUAEIOLMPST"  # 30 letters


def positions(games: int, seed: int = 1) -> list[dict[str, Any]]:
    """The ``hint`` bodies of every start, play and Jarnac decision of greedy-vs-greedy games on fr."""
    lex = Lexicon.load("fr")
    bodies: list[dict[str, Any]] = []
    for g in range(games):
        game = Game(lex, seed=seed + g)
        players = [make_player("greedy", 2 * g), make_player("greedy", 2 * g + 1)]
        while not game.is_over():
            s = game.state
            if s.phase in ("start", "play", "jarnac"):
                me, other = s.trays[s.to_act], s.trays[1 - s.to_act]
                body: dict[str, Any] = {
                    "tray": str(me),
                    "opponent": str(other),
                    "phase": s.phase,
                    "unseen": "".join(unseen_tiles(game.bag, s.trays)) or None,
                    "budget": 50,
                }
                bodies.append({k: v for k, v in body.items() if v is not None})
            game.push(players[s.to_act].choose(game.view()))
    return bodies


def start_server(workers: int, source: Path | None = None) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--data", ":memory:"]
    env = {**os.environ, **({"PYTHONPATH": str(source)} if source is not None else {})}
    server = subprocess.Popen(
        [*command, "--workers", str(workers)], stdout=subprocess.PIPE, text=True, cwd=source, env=env
    )
    assert server.stdout is not None
    banner = server.stdout.readline()
    if "http://" not in banner:
        server.kill()
        raise SystemExit(f"the server did not start: {banner!r}")
    return server, "http://" + banner.split("http://", 1)[1].split("/api/", 1)[0] + "/api"


def rss_mb(pid: int) -> float:
    """Resident memory of ``pid`` and its descendants, MB."""
    total = 0
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except (OSError, StopIteration):
            continue
        stack += [int(c) for c in children]
    return total / 1024


HEAVY = {
    "hint 10 s": ("/hint", {"tray": f"RAT BUT / {HEAVY_RACK}", "budget": 10_000}),
    "lexicon diff": ("/lexicon/diff", {"first": "fr", "second": "en"}),
}
"""The heavy requests two clients send throughout a run, by name."""


KINDS = ("health", "check", "words", "hint", "action")
"""The kinds of request timed one by one (the health route the floor)."""

WORDS = ("ARBRE", "MAISON", "ZYTHUM", "QUOI", "JARNAC", "TRAVAIL", "ORE", "TORRE")
RACKS = ("ABUZRTT", "EAUTRS", "LNIESRT", "QOIZEAE")


class Asker:
    """One client's requests of one kind: ``ask(i)`` sends its ``i``-th and says whether it failed. A game's
    action plays a person's turn against greedy (a draw, a pass, a decline, or the first word offered), the
    computer's reply included; a game over is replaced by a new one (not timed)."""

    def __init__(self, http: httpx.AsyncClient, kind: str, bodies: list[dict[str, Any]], seed: int) -> None:
        self.http, self.kind, self.bodies, self.seed = http, kind, bodies, seed
        self.game: dict[str, Any] | None = None

    async def prepare(self) -> None:
        if self.kind == "action" and (
            self.game is None or self.game["game"]["over"] or not self.game["game"]["accepts"]
        ):
            self.seed += 1000
            body = {"players": ["person", "greedy"], "seed": self.seed, "think_ms": 50}
            self.game = (await self.http.post("/games", json=body)).json()["result"]

    async def ask(self, i: int) -> bool:
        if self.kind == "health":
            answer = await self.http.get("/health")
        elif self.kind == "check":
            answer = await self.http.post("/check", json={"words": [WORDS[i % len(WORDS)]]})
        elif self.kind == "words":
            answer = await self.http.post("/words", json={"rack": RACKS[i % len(RACKS)]})
        elif self.kind == "hint":
            answer = await self.http.post("/hint", json=self.bodies[i % len(self.bodies)])
        else:
            assert self.game is not None
            accepts = self.game["game"]["accepts"]
            action = next((a for a in ("draw", "decline", "accept", "pass") if a in accepts), accepts[0])
            answer = await self.http.post(f"/games/{self.game['id']}/actions", json={"action": action})
            if answer.status_code < 400:
                self.game = answer.json()["result"]
        return answer.status_code >= 400


async def kind_load(
    base: str, bodies: list[dict[str, Any]], kind: str, clients: int, total: int, seconds: float, heavy: str | None
) -> dict[str, float]:
    """Latencies of ``total`` requests of ``kind`` by ``clients`` at once, beside two ``heavy`` clients."""
    latencies: list[float] = []
    failures = 0
    stop = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=httpx.Limits(max_connections=clients + 4)) as http:
        running = True

        async def heavy_loop() -> None:
            assert heavy is not None
            path, body = HEAVY[heavy]
            while running:
                await http.post(path, json=body)

        async def client(k: int) -> None:
            nonlocal failures
            asker = Asker(http, kind, bodies, k)
            for i in range(k, total, clients):
                if time.monotonic() > stop:
                    return
                await asker.prepare()
                began = time.perf_counter()
                failures += await asker.ask(i)
                latencies.append(time.perf_counter() - began)

        heavies = [asyncio.create_task(heavy_loop()) for _ in range(2 if heavy else 0)]
        if heavy:
            await asyncio.sleep(0.5)  # the heavy requests are under way
        began = time.perf_counter()
        await asyncio.gather(*(client(k) for k in range(clients)))
        elapsed = time.perf_counter() - began
        running = False
        for task in heavies:  # not waited for: a lexicon diff may run for seconds more
            task.cancel()
        await asyncio.gather(*heavies, return_exceptions=True)
    latencies.sort()
    return {
        "n": len(latencies),
        "rps": len(latencies) / elapsed,
        "p50": statistics.median(latencies) * 1000,
        "p99": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
        "failed": failures / max(1, len(latencies)),
    }


async def load(
    base: str, bodies: list[dict[str, Any]], clients: int, total: int, seconds: float, heavy: str | None
) -> dict[str, float]:
    """``hint`` at 50 ms on the real positions by ``clients`` at once, beside two ``heavy`` clients."""
    return await kind_load(base, bodies, "hint", clients, total, seconds, heavy)


def keep_games(base: str, count: int) -> None:
    """``count`` live games of a person against greedy, each a few turns in (the computer answering)."""
    with httpx.Client(base_url=base, timeout=120) as http:
        for g in range(count):
            made = http.post("/games", json={"players": ["person", "greedy"], "seed": g, "think_ms": 50})
            game = made.json()["result"]
            for _ in range(4):
                state = game["game"]
                if state["over"]:
                    break
                accepts = state["accepts"]
                action = next((a for a in ("draw", "pass", "decline", "accept") if a in accepts), accepts[0])
                game = http.post(f"/games/{game['id']}/actions", json={"action": action}).json()["result"]


def cli_cost(body: dict[str, Any], runs: int = 10) -> float:
    argv = ["hint", body["tray"], "--opponent", body["opponent"], "--phase", body["phase"], "--budget", "50"]
    if "unseen" in body:
        argv += ["--unseen", body["unseen"]]
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-m", "jarnac_solver", *argv, "--json"], capture_output=True, check=True)
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=240, help="requests a run")
    parser.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument("--seconds", type=float, default=60, help="the longest a run lasts")
    parser.add_argument("--games", type=int, default=4, help="self-play games giving the positions")
    parser.add_argument("--games-kept", type=int, default=200, help="live games made before the memory is read")
    parser.add_argument("--source", type=Path, help="the checkout whose server runs (default: this one)")
    parser.add_argument("--no-cli", action="store_true", help="skip the command line's cost")
    parser.add_argument(
        "--kinds", default=",".join(KINDS), help=f"the kinds timed one by one, of {', '.join(KINDS)} ('' for none)"
    )
    parser.add_argument("--no-hint-table", action="store_true", help="skip the hint's table of 1, 8 and 32 clients")
    args = parser.parse_args()
    bodies = positions(args.games)
    where = f" (the server of {args.source})" if args.source else ""
    print(
        f"{len(bodies)} real positions (greedy vs greedy on fr); hint at a 50 ms budget; {args.workers} workers{where}"
    )
    print(f"load: {os.getloadavg()[0]:.1f} (1-minute average, {os.cpu_count()} CPUs) before the runs")
    server, base = start_server(args.workers, args.source)
    try:
        with httpx.Client(base_url=base, timeout=60) as http:
            for name in http.get("/health").json()["lexicons"]:  # every lexicon loaded in the workers
                for _ in range(max(1, args.workers)):
                    http.post("/words", json={"rack": "EAUTRS", "lexicon": name})
            asyncio.run(load(base, bodies, 1, 20, args.seconds, None))  # warm-up: workers started, tables built
        memory = rss_mb(server.pid)
        print()
        print("| clients | beside (2 clients) | requests | req/s | p50 ms | p99 ms | failed |")
        print("|---:|---|---:|---:|---:|---:|---:|")
        for heavy in (None, *HEAVY) if not args.no_hint_table else ():
            for clients in (8, 32) if heavy is None else (8,):
                row = asyncio.run(load(base, bodies, clients, args.requests, args.seconds, heavy))
                print(
                    f"| {clients} | {heavy or 'nothing'} | {row['n']:.0f} | {row['rps']:.1f} | {row['p50']:.1f}"
                    f" | {row['p99']:.1f} | {row['failed']:.1%} |"
                )
        kinds = [k for k in args.kinds.split(",") if k]
        if kinds:
            print()
            print("| request | 1 client p50 | p99 | of health | 8 beside 2 hint-10-s p50 | p99 | of health | failed |")
            print("|---|---:|---:|---:|---:|---:|---:|---:|")
            rows = {}
            for kind in kinds:
                alone = asyncio.run(kind_load(base, bodies, kind, 1, args.requests // 4, args.seconds, None))
                loaded = asyncio.run(kind_load(base, bodies, kind, 8, args.requests, args.seconds, "hint 10 s"))
                rows[kind] = (alone, loaded)
            floor = rows.get("health", next(iter(rows.values())))
            for kind, (alone, loaded) in rows.items():
                print(
                    f"| {kind} | {alone['p50']:.1f} | {alone['p99']:.1f} | {alone['p50'] / floor[0]['p50']:.1f}"
                    f" | {loaded['p50']:.1f} | {loaded['p99']:.1f} | {loaded['p50'] / floor[1]['p50']:.1f}"
                    f" | {max(alone['failed'], loaded['failed']):.1%} |"
                )
        memory = max(memory, rss_mb(server.pid))
        keep_games(base, args.games_kept)
        kept = rss_mb(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=300)  # a heavy request under way is finished first
    print()
    print(f"server memory (RSS, server + {args.workers} + 1 workers, every bundled lexicon loaded): {memory:.0f} MB")
    print(f"server memory after {args.games_kept} live games: {kept:.0f} MB")
    if not args.no_cli:
        cost = cli_cost(bodies[len(bodies) // 2])
        print(f"command line, one `hint --json` call as a new process: median {cost:.0f} ms (of 10)")


if __name__ == "__main__":
    main()
