#!/usr/bin/env python3
"""Games across days in a full store: 10,000 games, a third of them days a move, on SQLite and PostgreSQL.

    python benchmarks/bench_correspondence.py [--games 10000] [--mine 50] [--due 100] [--repeats 5]
        [--database postgresql://...] [--no-postgresql]

For each store: ``--games`` games written in (a third days a move, each a real game of ten actions, its
actions' times kept), then, through the service (in this process, its work in threads):

- *My games* of one browser: ``POST /api/mine`` for ``--mine`` of its games, cold (no game of the
  process's cache) and warm (asked again): the median of ``--repeats`` (ms);
- the time-out sweep: ``--due`` games days a move past their deadline among the others, ended by one
  sweep (ms, and the store's query for them alone), then a sweep with nothing due;
- the store's size on disk (SQLite: its file and log; PostgreSQL: the tables and indexes of ``jarnac``).

The delay from an action to the other seat's notification is ``bench_people.py``'s (the same push
channel). PostgreSQL is a throwaway cluster (tests/pg.py, ``fsync`` on) unless ``--database`` names one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from starlette.testclient import TestClient

from jarnac_solver.server import live, seats
from jarnac_solver.server.app import create_app
from jarnac_solver.server.contract import Offer
from jarnac_solver.server.storage import open_store

ACTIONS = ("draw", "pass", "decline", "draw", "pass", "decline", "draw", "pass", "decline", "draw")
"""A real game's first actions (each accepted), the same for every game: its setting's seed is one."""


def sample_game(days: int | None) -> tuple[live.GameSpec, list[live.Entry]]:
    """A game between invited people (days a move or live) and its first ten actions, played by the engine."""
    values: dict[str, Any] = {"players": ("person", "person"), "seats": "invite", "seed": 11, "lexicon": "en"}
    if days is not None:
        values["days"] = days
    digests = (seats.digest("a"), seats.digest("b"))
    spec = live.new_spec({**values, "name": "Ann"}, Offer(("en",), 500), 11, digests, None)
    spec = spec.with_seat(1, digests[1], "Bo")
    entries: list[live.Entry] = []
    for action in ACTIONS:
        done = live.apply("sample", spec, entries, action, None, None)
        who, text, drew = done["entry"]
        entries.append((int(who), str(text), str(drew)))
    return spec, entries


def fill(place: str, games: int, due: int) -> list[str]:
    """``games`` games written in one transaction a thousand (setup, not measured): their ids. The first
    ``due`` games days a move were last played twelve days ago: their 3 days and bank of 3 are gone."""
    samples = {days: sample_game(days) for days in (None, 3)}
    now = time.time()
    store: Any = open_store(place, max_games=games * 2)
    ids = [f"g{n:06d}" for n in range(games)]
    postgres = place.startswith("postgresql")
    mark, prefix = ("%s", "jarnac.") if postgres else ("?", "")
    for start in range(0, games, 1000):
        rows, actions = [], []
        for n in range(start, min(games, start + 1000)):
            days = 3 if n % 3 == 0 else None
            spec, entries = samples[days]
            late = days is not None and n < 3 * due
            made = now - (12 * 86_400 if late else 3600) - len(entries) * 60
            over = n % 3 == 1 and n % 2 == 0  # a sixth finished
            deadline = made + len(entries) * 60 + 6 * 86_400 if days else None
            rows.append((ids[n], made, json.dumps(spec.to_dict(), sort_keys=True), over, made + 600, deadline))
            actions += [(ids[n], i, w, a, d, made + 60 * (i + 1)) for i, (w, a, d) in enumerate(entries)]
        insert_games = (
            f"INSERT INTO {prefix}games (id, created, spec, over, touched, deadline) VALUES ({', '.join([mark] * 6)})"
        )
        insert_actions = (
            f"INSERT INTO {prefix}actions (game, n, player, action, drew, at) VALUES ({', '.join([mark] * 6)})"
        )
        if postgres:
            with store._pool.connection() as db, db.transaction(), db.cursor() as cursor:
                cursor.executemany(insert_games, rows)
                cursor.executemany(insert_actions, actions)
        else:
            with store._lock, store._db:
                store._db.execute("BEGIN")
                store._db.executemany(insert_games, [(*r[:3], int(r[3]), *r[4:]) for r in rows])
                store._db.executemany(insert_actions, actions)
    store.close()
    return ids


def size(place: str) -> int:
    if place.startswith("postgresql"):
        store: Any = open_store(place)
        with store._pool.connection() as db:
            row = db.execute(
                "SELECT SUM(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n ON n.oid ="
                " c.relnamespace WHERE n.nspname = 'jarnac' AND c.relkind = 'r'"
            ).fetchone()
        store.close()
        return int(row[0])
    return sum(p.stat().st_size for p in Path(place).iterdir() if p.name.startswith("games.sqlite3"))


def median_ms(call: Any, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def measure(name: str, place: str, games: int, mine: int, due: int, repeats: int) -> dict[str, Any]:
    started = time.perf_counter()
    ids = fill(place, games, due)
    filled = time.perf_counter() - started
    app = create_app(["en"], data=place, max_games=games * 2)
    service: Any = app.state.service
    result: dict[str, Any] = {"store": name, "games": games, "fill_s": filled}
    with TestClient(app, base_url="http://localhost") as client:
        assert client.portal is not None
        browser = {"games": [f"{game_id}:A" for game_id in ids[:: max(1, games // mine)][:mine]]}

        def my_games() -> None:
            answer = client.post("/api/mine", json=browser)
            assert answer.status_code == 200, answer.text

        live._CACHE.clear()
        started = time.perf_counter()
        my_games()
        result["mine_cold_ms"] = (time.perf_counter() - started) * 1000
        result["mine_warm_ms"] = median_ms(my_games, repeats)
        # The sweep: --due games days a move past their deadline among the others (and nothing finished old
        # enough to be forgotten: the time-outs alone).
        started = time.perf_counter()
        query = service.store.due(time.time(), 10_000)
        result["due_query_ms"] = (time.perf_counter() - started) * 1000
        result["due_found"] = len(query)
        service.keep_days = 10**4
        started = time.perf_counter()
        ended, _ = client.portal.call(service.sweep)
        result["sweep_ms"] = (time.perf_counter() - started) * 1000
        result["sweep_ended"] = ended
        result["sweep_idle_ms"] = median_ms(lambda: client.portal.call(service.sweep), repeats)
    result["size_mb"] = size(place) / 1e6
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--mine", type=int, default=50)
    parser.add_argument("--due", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--database")
    parser.add_argument("--no-postgresql", action="store_true")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        rows.append(measure("SQLite", folder, args.games, args.mine, args.due, args.repeats))
    if not args.no_postgresql:
        cluster = None
        url = args.database
        if url is None:
            from tests.pg import Cluster, skip_reason

            reason = skip_reason()
            if reason:
                print(f"PostgreSQL skipped: {reason}")
            else:
                cluster = Cluster(fsync=True)
                url = cluster.database()
        if url is not None:
            try:
                rows.append(measure("PostgreSQL", url, args.games, args.mine, args.due, args.repeats))
            finally:
                if cluster is not None:
                    cluster.close()
    print(
        f"{args.games:,} games (a third days a move, ten actions each); My games of {args.mine};"
        f" {args.due} due; median of {args.repeats}"
    )
    header = (
        "| store | My games cold (ms) | My games warm (ms) | due query (ms) | sweep, "
        f"{args.due} due (ms) | sweep, none due (ms) | size (MB) |"
    )
    print(header)
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['store']} | {r['mine_cold_ms']:.0f} | {r['mine_warm_ms']:.0f} | {r['due_query_ms']:.1f} |"
            f" {r['sweep_ms']:.0f} ({r['sweep_ended']} ended) | {r['sweep_idle_ms']:.1f} | {r['size_mb']:.1f} |"
        )


if __name__ == "__main__":
    main()
