#!/usr/bin/env python3
"""The service under a crowd, its open-file limit at 1,024: a hint's latency while idle connections, push
streams, unfinished heads or parallel wrong join codes are held open.

    python benchmarks/bench_crowd.py [--hold 15] [--limit 1024] [--workers 2]

Starts ``jarnac-solver serve`` (``--lexicon en``, games in a temporary
folder, its log in a file there) with ``RLIMIT_NOFILE`` at ``--limit``
(soft and hard) on a free loopback port, then runs each attack for
``--hold`` seconds while a probe asks ``POST /api/hint`` (50 ms budget) on a
new connection every 0.2 s, as a client arriving then would:

* ``idle``: 2,000 TCP connections opened and held;
* ``streams``: 2,000 ``GET /api/games/ID/events`` (250 games, 8 a game, from
  64 loopback addresses) sent and held;
* ``heads``: 200 request heads sent one byte a second, never finished,
  each begun again once cut;
* ``guesses``: 300 clients each sending wrong join codes one after
  another, from 300 loopback addresses (each with a forged
  ``X-Forwarded-For``): every guess that passes an address's bound is a
  16 MiB scrypt;
* then the first two again, each connection opened (each stream asked)
  again as soon as the server cuts or refuses it: a flood of connections,
  which costs the server's event loop its time, not its descriptors.

For each: the hints answered (and how the others failed), their p50 and
p99, the server's memory (RSS of the server and its worker processes, from
``/proc``) before and at its peak, the log's size after, and the server's
own count of what it refused (``/api/health``). Loopback only; each attack
bounded in count and time.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import http.client
import json
import multiprocessing
import os
import random
import resource
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

FORK = multiprocessing.get_context("fork")
Attack = Callable[[Any], None]
"""An attack: run in a process of its own until its argument (a process event) is set."""
HINT = json.dumps({"tray": "RAT BUT / ZWUSE", "budget": 50, "top": 3}).encode()
JSON = {"Content-Type": "application/json"}
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def start(limit: int, workers: int, folder: Path) -> tuple[subprocess.Popen[str], int]:
    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    command = [sys.executable, "-m", "jarnac_solver", "serve", "--port", "0", "--lexicon", "en"]
    options = ["--workers", str(workers), "--data", str(folder), "--log-file", str(folder / "server.log")]
    server = subprocess.Popen(
        [*command, *options, "--max-games-per-address", "10000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=limited,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert server.stdout is not None
    banner = server.stdout.readline()
    if "http://127.0.0.1:" not in banner:
        raise SystemExit(f"the server did not start: {banner} {server.stderr.read() if server.stderr else ''}")
    print(banner.strip())
    return server, int(banner.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])


def ask(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    source: str = "",
) -> tuple[int, Any]:
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=30, source_address=(source, 0) if source else None
    )
    try:
        connection.request(method, path, body=body, headers={**(headers or {}), **(JSON if body else {})})
        answer = connection.getresponse()
        raw = answer.read()
        return answer.status, json.loads(raw) if raw.startswith(b"{") else raw
    finally:
        connection.close()


def rss_mb(pid: int) -> float:
    """The resident memory of ``pid`` and its children, in MB."""
    total = 0
    pids = [pid]
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as children:
                pids += [int(p) for p in children.read().split()]
    for one in pids:
        with contextlib.suppress(OSError), open(f"/proc/{one}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total / 1024


class Probe:
    """Hints asked one after another, each on a new connection, and the server's memory sampled."""

    def __init__(self, port: int, pid: int) -> None:
        self.port, self.pid = port, pid
        self.times: list[float] = []
        self.failures: collections.Counter[str] = collections.Counter()
        self.peak = 0.0
        self.stop = threading.Event()

    def hints(self) -> None:
        while not self.stop.is_set():
            began = time.perf_counter()
            try:
                status, _ = ask(self.port, "POST", "/api/hint", HINT)
                if status == 200:
                    self.times.append(time.perf_counter() - began)
                else:
                    self.failures[str(status)] += 1
            except (OSError, http.client.HTTPException) as exc:
                self.failures[type(exc).__name__] += 1
            self.stop.wait(0.2)

    def memory(self) -> None:
        while not self.stop.is_set():
            self.peak = max(self.peak, rss_mb(self.pid))
            self.stop.wait(0.05)

    def run(self, attack: Attack, hold: float) -> None:
        # The attacker is a process of its own: its threads do not hold the probe's interpreter lock.
        stop = FORK.Event()
        attacker = FORK.Process(target=attack, args=(stop,), daemon=True)
        attacker.start()
        sampler, hints = threading.Thread(target=self.memory), threading.Thread(target=self.hints)
        sampler.start()
        time.sleep(min(2.0, hold / 4))  # the crowd gathers, then the hints are timed among it
        hints.start()
        time.sleep(hold)
        stop.set()
        self.stop.set()
        for thread in (sampler, hints):
            thread.join(timeout=120)
        attacker.join(timeout=120)
        if attacker.is_alive():
            attacker.kill()
            attacker.join()


def idle(port: int, count: int, reopen: bool) -> Attack:
    def attack(stop: Any) -> None:
        held: dict[socket.socket, None] = {}
        chooser = selectors.DefaultSelector()
        opened = 0
        while not stop.is_set():
            while len(held) < count and not stop.is_set() and (reopen or opened < count):
                opened += 1
                try:
                    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                except OSError:
                    break
                sock.setblocking(False)
                held[sock] = None
                chooser.register(sock, selectors.EVENT_READ)
            for key, _ in chooser.select(timeout=0.2):  # readable: closed by the server (or an answer)
                ready = key.fileobj
                assert isinstance(ready, socket.socket)
                sock = ready
                try:
                    gone = not sock.recv(65536)
                except OSError:
                    gone = True
                if gone:
                    chooser.unregister(sock)
                    sock.close()
                    del held[sock]
        for sock in held:
            sock.close()
        chooser.close()

    return attack


def streams(port: int, count: int, games: list[str], reopen: bool) -> Attack:
    def attack(stop: Any) -> None:
        held: dict[socket.socket, None] = {}
        chooser = selectors.DefaultSelector()
        n = 0
        while not stop.is_set():
            while len(held) < count and not stop.is_set() and (reopen or n < count):
                source = f"127.0.2.{n % 64 + 1}"
                game = games[n % len(games)]
                n += 1
                try:
                    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
                    sock.sendall(f"GET /api/games/{game}/events HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
                except OSError:
                    break
                sock.setblocking(False)
                held[sock] = None
                chooser.register(sock, selectors.EVENT_READ)
            for key, _ in chooser.select(timeout=0.2):
                ready = key.fileobj
                assert isinstance(ready, socket.socket)
                sock = ready
                try:
                    data = sock.recv(65536)
                except OSError:
                    data = b""
                # A refusal (429, 503) or a close: asked again; a stream's events are read and dropped.
                if not data or data.startswith((b"HTTP/1.1 429", b"HTTP/1.1 503")):
                    chooser.unregister(sock)
                    sock.close()
                    del held[sock]
        for sock in held:
            sock.close()
        chooser.close()

    return attack


def heads(port: int, count: int) -> Attack:
    head = b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 10_000

    def attack(stop: Any) -> None:
        held: dict[socket.socket, int] = {}
        while not stop.is_set():
            while len(held) < count:
                try:
                    held[socket.create_connection(("127.0.0.1", port), timeout=5)] = 0
                except OSError:
                    break
            for sock, sent in list(held.items()):
                try:
                    sock.sendall(head[sent : sent + 1])
                    held[sock] = sent + 1
                except OSError:
                    sock.close()
                    del held[sock]
            stop.wait(1.0)
        for sock in held:
            sock.close()

    return attack


def guesses(port: int, count: int) -> tuple[Attack, Any]:
    """The attack and the queue it puts its statuses' counts in when it ends."""
    statuses: collections.Counter[str] = collections.Counter()
    lock = threading.Lock()
    told = FORK.Queue()

    def one(n: int, stop: Any) -> None:
        source = f"127.0.{3 + n // 250}.{n % 250 + 1}"
        while not stop.is_set():
            code = "".join(random.choice(CODE_ALPHABET) for _ in range(12))
            forged = {"X-Forwarded-For": f"10.{n % 250}.{random.randrange(250)}.{random.randrange(250)}"}
            try:
                status, _ = ask(port, "POST", "/api/join", json.dumps({"code": code}).encode(), forged, source)
                shown = str(status)
            except (OSError, http.client.HTTPException) as exc:
                shown = type(exc).__name__
            with lock:
                statuses[shown] += 1
            if shown in ("429", "503"):
                stop.wait(0.5)

    def attack(stop: Any) -> None:
        threads = [threading.Thread(target=one, args=(n, stop)) for n in range(count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        told.put(dict(statuses))

    return attack, told


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hold", type=float, default=15.0, help="seconds each attack is held (default 15)")
    parser.add_argument("--limit", type=int, default=1024, help="the server's open-file limit (default 1024)")
    parser.add_argument("--workers", type=int, default=2, help="the server's worker processes (default 2)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # this client holds thousands of sockets
    with tempfile.TemporaryDirectory() as folder:
        server, port = start(args.limit, args.workers, Path(folder))
        log = Path(folder) / "server.log"
        try:
            for _ in range(3):  # the workers loaded, the lexicon read
                ask(port, "POST", "/api/hint", HINT)
            games = [ask(port, "POST", "/api/games", b'{"players": ["person", "person"]}')[1] for _ in range(250)]
            game_ids = [g["result"]["id"] for g in games]
            guess_attack, guess_statuses = guesses(port, 300)
            attacks = [
                ("none", lambda stop: stop.wait()),
                ("2,000 idle connections", idle(port, 2000, reopen=False)),
                ("2,000 stream requests", streams(port, 2000, game_ids, reopen=False)),
                ("200 unfinished heads", heads(port, 200)),
                ("300 parallel wrong codes", guess_attack),
                ("idle, reopened when cut", idle(port, 2000, reopen=True)),
                ("streams, asked again", streams(port, 2000, game_ids, reopen=True)),
            ]
            rows = []
            for name, attack in attacks:
                before = rss_mb(server.pid)
                probe = Probe(port, server.pid)
                probe.run(attack, args.hold)
                time.sleep(1.0)
                _, health = ask(port, "GET", "/api/health")
                size = sum(p.stat().st_size for p in Path(folder).glob("server.log*"))
                rows.append((name, probe, before, size, health["load"]))
            print()
            print(
                f"open-file limit {args.limit}; each attack held {args.hold:g} s; a hint on a new connection each 0.2 s"
            )
            print(
                f"{'attack':<26} {'hints':>7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'failed':<18}"
                f" {'RSS MB before':>13} {'peak':>6} {'growth':>6} {'log KB':>7}"
            )
            for name, probe, before, size, _ in rows:
                times = [t * 1000 for t in probe.times]
                failed = ",".join(f"{k}:{v}" for k, v in probe.failures.items()) or "-"
                print(
                    f"{name:<26} {len(times):>7} {statistics.median(times) if times else float('nan'):>7.0f}"
                    f" {percentile(times, 0.99):>7.0f} {max(times, default=float('nan')):>7.0f} {failed:<18}"
                    f" {before:>13.0f} {probe.peak:>6.0f} {probe.peak - before:>6.0f} {size / 1024:>7.1f}"
                )
            print()
            print("the server's counts after each (cumulative):")
            for name, _, _, _, load in rows:
                held = load["connections"]
                print(
                    f"  {name:<26} refused {held['refused']}, cut for a new one {held['evicted']},"
                    f" slow heads {held['slow_heads']}, stalled {held['stalled']}; streams {load['streams']['open']}"
                    f" of {load['streams']['max']}"
                )
            print(f"  wrong join codes: {dict(sorted(guess_statuses.get(timeout=60).items()))}")
            written = log.read_text(encoding="utf-8") if log.exists() else ""
            print(f"log: {len(written.splitlines())} lines, {'a' if 'Traceback' in written else 'no'} traceback")
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


if __name__ == "__main__":
    main()
