"""The live-game stores behind one interface (server/storage.py): SQLite and PostgreSQL held to the same
cases (an action appended twice at one number, a game forgotten while read, the store full, tables newer than
the code), and what only a shared database has: two stores on it told of each other's commits, a race for one
action's number won once, a lost connection (a 503's error, nothing acknowledged, then back without a restart).

The PostgreSQL cases run on a throwaway cluster (tests/pg.py); without PostgreSQL they are skipped, one line.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from jarnac_solver.errors import InvalidInputError
from jarnac_solver.server.contract import Offer
from jarnac_solver.server.live import Entry, new_spec
from jarnac_solver.server.storage import (
    SCHEMA_VERSION,
    Claim,
    ConflictError,
    Invitation,
    Store,
    StoreFullError,
    StoreUnavailableError,
    open_store,
)

from .pg import Cluster

SPEC = new_spec({"players": ("person", "person")}, Offer(("fr",), 500), 3)
DRAW: Entry = (0, "draw", "E")
PASS: Entry = (1, "pass", "")


@pytest.fixture(params=["sqlite", "postgresql"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's stores are: a new folder, or a new database of the cluster."""
    if request.param == "sqlite":
        return str(tmp_path)
    made: Cluster = request.getfixturevalue("cluster")
    return made.database()


@pytest.fixture
def stores(place: str) -> Iterator[Callable[..., Store]]:
    """Open stores on the test's place (closed at its end)."""
    opened: list[Store] = []

    def make(**options: Any) -> Store:
        store = open_store(place, **options)
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close()


class Told:
    """A listener that remembers what it is told; :meth:`wait` until it has heard a change (bounded)."""

    def __init__(self, store: Store) -> None:
        self.heard: list[tuple[str, int]] = []
        self._changed = threading.Condition()
        store.subscribe(self)

    def __call__(self, game_id: str, count: int) -> None:
        with self._changed:
            self.heard.append((game_id, count))
            self._changed.notify_all()

    def wait(self, told: tuple[str, int]) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: told in self.heard, timeout=30)


def test_a_game_is_kept_appended_once_a_number_and_forgotten(stores: Callable[..., Store]) -> None:
    """Add, append, the same number again (a conflict, nothing written, nothing told), delete."""
    store = stores()
    told = Told(store)
    store.add("g", SPEC)
    with pytest.raises(ConflictError):
        store.add("g", SPEC)
    store.append("g", 0, [DRAW, PASS], over=False)
    with pytest.raises(ConflictError, match="action 2 was taken"):
        store.append("g", 1, [PASS, DRAW], over=True)  # 1 taken: 2 is not written either
    store.append("g", 2, [], over=False)  # nothing committed, nothing told
    found = store.load("g")
    assert found is not None and found[0] == SPEC and found[1] == [DRAW, PASS]
    assert store.count() == 1 and store.load("h") is None
    assert store.delete("g") and not store.delete("g")
    assert store.load("g") is None and store.count() == 0
    assert told.heard == [("g", 0), ("g", 2), ("g", -1)]


def test_a_game_forgotten_while_read_is_a_conflict_not_a_ghost(stores: Callable[..., Store]) -> None:
    store = stores()
    store.add("g", SPEC)
    found = store.load("g")
    assert found is not None
    store.delete("g")
    with pytest.raises(ConflictError):
        store.append("g", len(found[1]), [DRAW], over=False)
    assert store.load("g") is None and store.count() == 0


def test_a_full_store_makes_room_with_a_finished_game_or_refuses(stores: Callable[..., Store]) -> None:
    store = stores(max_games=2)
    told = Told(store)
    store.add("a", SPEC)
    store.add("b", SPEC)
    with pytest.raises(StoreFullError, match="at most 2 games"):
        store.add("c", SPEC)
    assert store.load("c") is None and store.count() == 2
    store.append("a", 0, [DRAW], over=True)
    store.add("c", SPEC)  # a is over: it makes room, and its listeners are told it is gone
    assert store.load("a") is None and store.load("b") is not None and store.load("c") is not None
    assert told.heard[-2:] == [("a", -1), ("c", 0)]


def test_an_invitation_seats_one_device_once_and_survives_a_restart(stores: Callable[..., Store], place: str) -> None:
    """A join code's digest claims seat B once (its key's digest and name written into the game's setting in
    the claim's transaction); then it opens nothing and says why; a withdrawn one too; a transfer link moves
    a seat once; all of it as kept after the store is closed and opened again."""
    invited = new_spec({"players": ("person", "person"), "seats": "invite"}, Offer(("fr",), 500), 3, ("a" * 64, ""))
    store = stores()
    store.add("g", invited, Invitation("code-1", 1, "join"))
    assert store.claim("code-1", "transfer", "k" * 64) is None  # a code is no transfer link
    store.invite("g", Invitation("code-2", 1, "join"))  # a new code withdraws the first
    assert store.claim("code-1", "join", "k" * 64) == Claim("g", 1, "join", "withdrawn")
    assert store.withdraw("g", 1, "join") == 1 and store.withdraw("g", 1, "join") == 0
    assert store.claim("code-2", "join", "k" * 64) == Claim("g", 1, "join", "withdrawn")
    store.invite("g", Invitation("code-3", 1, "join"))
    store.close()
    store = stores()  # a restart: the open invitation is kept
    assert store.claim("code-3", "join", "b" * 64, "Bruno") == Claim("g", 1, "join", "")
    assert store.claim("code-3", "join", "c" * 64, "Carl") == Claim("g", 1, "join", "claimed")
    found = store.load("g")
    assert found is not None and found[0].seat_digests == ("a" * 64, "b" * 64) and found[0].names == ("", "Bruno")
    store.invite("g", Invitation("move-1", 0, "transfer"))
    assert store.claim("move-1", "transfer", "d" * 64) == Claim("g", 0, "transfer", "")
    assert store.claim("move-1", "transfer", "e" * 64) == Claim("g", 0, "transfer", "claimed")
    store.close()
    store = stores()
    found = store.load("g")
    assert found is not None and found[0].seat_digests == ("d" * 64, "b" * 64)
    assert store.claim("nothing", "join", "f" * 64) is None
    assert store.delete("g") and store.claim("move-1", "transfer", "e" * 64) is None


def test_games_days_a_move_keep_their_times_their_deadlines_and_their_place(
    stores: Callable[..., Store], place: str, request: pytest.FixtureRequest
) -> None:
    """Each action's commit time kept; the deadline of a game in progress found by the sweep, cleared at its
    end; a full store never makes room with a game in progress days a move (only finished or idle live
    games); finished games forgotten once past their days."""
    store = stores(max_games=2)
    store.add("days", SPEC)
    store.append("days", 0, [DRAW], over=False)
    times = store.times("days")
    assert len(times) == 2 and times[0] <= times[1] and store.times("none") == []
    store.set_deadline("days", times[1] + 10)
    assert store.due(times[1] + 5, 10) == [] and store.due(times[1] + 11, 10) == ["days"]
    store.add("live", SPEC)
    made = request.getfixturevalue("cluster") if place.startswith("postgresql") else None
    if made is None:
        store.close()
        with contextlib.closing(sqlite3.connect(Path(place) / "games.sqlite3")) as db, db:
            db.execute("UPDATE games SET touched = 0")  # both idle for long
        store = stores(max_games=2)
    else:
        made.execute(place, "UPDATE jarnac.games SET touched = 0")
    store.add("new", SPEC)  # room made by the idle live game, never by the game days a move
    assert store.load("live") is None and store.load("days") is not None
    with pytest.raises(StoreFullError):
        store.add("more", SPEC)
    store.append("days", 1, [PASS], over=True)
    assert store.due(times[1] + 11, 10) == []  # over: no deadline
    assert store.forget_finished(0.0, 10) == [] and store.forget_finished(10**12, 10) == ["days"]
    assert store.load("days") is None and store.load("new") is not None


def _set_version(place: str, version: int, cluster: Cluster | None) -> None:
    if cluster is None:
        with contextlib.closing(sqlite3.connect(Path(place) / "games.sqlite3")) as db, db:
            db.execute("UPDATE schema_version SET version = ?", (version,))
    else:
        cluster.execute(place, f"UPDATE jarnac.schema_version SET version = {version}")


def test_tables_newer_than_the_code_are_refused_in_one_line(
    stores: Callable[..., Store], place: str, request: pytest.FixtureRequest
) -> None:
    stores().close()
    made = request.getfixturevalue("cluster") if place.startswith("postgresql") else None
    _set_version(place, SCHEMA_VERSION + 98, made)
    with pytest.raises(InvalidInputError) as refused:
        open_store(place)
    message = str(refused.value)
    assert f"version {SCHEMA_VERSION + 98}, newer than this jarnac-solver's {SCHEMA_VERSION}" in message
    assert "\n" not in message and "password" not in message
    _set_version(place, SCHEMA_VERSION, made)
    stores().close()  # its own version again: opened


def test_a_file_made_before_the_version_was_kept_is_adopted(tmp_path: Path) -> None:
    """A games.sqlite3 holding the first tables and no schema_version keeps its games, now version 1."""
    with contextlib.closing(sqlite3.connect(tmp_path / "games.sqlite3")) as db, db:
        db.executescript(
            "CREATE TABLE games (id TEXT PRIMARY KEY, created REAL NOT NULL, spec TEXT NOT NULL,"
            " over INTEGER NOT NULL DEFAULT 0, touched REAL NOT NULL DEFAULT 0);"
            "CREATE TABLE actions (game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE, n INTEGER NOT NULL,"
            " player INTEGER NOT NULL, action TEXT NOT NULL, drew TEXT NOT NULL, PRIMARY KEY (game, n));"
        )
    store = open_store(tmp_path)
    store.add("g", SPEC)
    store.append("g", 0, [DRAW], over=False)
    store.close()
    with contextlib.closing(sqlite3.connect(tmp_path / "games.sqlite3")) as db, db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]
    again = open_store(tmp_path)
    assert again.load("g") == (SPEC, [DRAW])
    again.close()


def test_two_stores_on_one_place_share_it_or_the_second_is_refused(stores: Callable[..., Store], place: str) -> None:
    """SQLite: one server a file. PostgreSQL: each store is told of the other's commits, and of two
    appends racing for one number exactly one is kept."""
    first = stores()
    if not place.startswith("postgresql"):
        with pytest.raises(InvalidInputError, match="another process holds"):
            stores()
        return
    second = stores()
    told = Told(second)
    assert second.listening.wait(30)  # type: ignore[attr-defined]
    first.add("g", SPEC)
    assert told.wait(("g", 0))
    first.append("g", 0, [DRAW], over=False)
    assert told.wait(("g", 1))
    outcomes: list[str] = []
    start = threading.Barrier(2)

    def race(store: Store, entry: Entry) -> None:
        start.wait()
        try:
            store.append("g", 1, [entry], over=False)
            outcomes.append("kept")
        except ConflictError:
            outcomes.append("conflict")

    threads = [threading.Thread(target=race, args=(s, e)) for s, e in ((first, PASS), (second, (1, "draw", "")))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(outcomes) == ["conflict", "kept"]
    found = first.load("g")
    assert found is not None and len(found[1]) == 2 and second.load("g") == found
    assert first.delete("g")
    assert told.wait(("g", -1))
    assert [count for game, count in told.heard] == [0, 1, 2, -1]  # each change once, in order


def test_a_lost_database_is_unavailable_then_back_without_a_restart(
    stores: Callable[..., Store], place: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sessions cut: the pool connects again unseen. The server stopped: StoreUnavailableError naming the
    database, nothing written; started again: the same store goes on, and a listener hears what was
    committed while its own connection was being made again (caught up, or heard)."""
    if not place.startswith("postgresql"):
        pytest.skip("SQLite: an embedded file has no connection to lose")
    made: Cluster = request.getfixturevalue("cluster")
    from jarnac_solver.server import pgstore

    monkeypatch.setattr(pgstore, "WAIT_SECONDS", 1.0)  # the requests made while it is down wait 1 s, not 5
    first, second = stores(), stores()
    told = Told(second)
    first.add("g", SPEC)
    assert told.wait(("g", 0))
    made.execute(made.url(), "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid()")
    first.append("g", 0, [DRAW], over=False)  # a connection cut: found bad by the pool's check, another made
    assert told.wait(("g", 1))
    made.stop()
    try:
        unreachable = r"games' database postgresql://jarnac@/games\d+.*cannot be reached"
        with pytest.raises(StoreUnavailableError, match=unreachable):
            first.append("g", 1, [PASS], over=False)
        with pytest.raises(StoreUnavailableError):
            first.load("g")
    finally:
        made.start()
    assert first.load("g") == (SPEC, [DRAW])  # the action refused while down was not kept
    first.append("g", 1, [PASS], over=True)
    assert told.wait(("g", 2))
    assert second.load("g") == (SPEC, [DRAW, PASS])


def test_a_request_that_loses_the_race_for_its_number_is_done_again_never_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another server commits action n between this server's read and its write: the write is a conflict,
    the request is done again on the game as it is. The same action sent with its number is then a
    repeat (taken once); another player's action is refused as not its turn (a 409, never a 500)."""
    pytest.importorskip("starlette")
    from jarnac_solver.server import live
    from jarnac_solver.server.app import create_app
    from jarnac_solver.server.store import GameStore

    from .service_client import Client

    read = GameStore.load
    sneaks: list[str] = []

    def load_then_lose_the_race(store: GameStore, game_id: str) -> Any:
        found = read(store, game_id)
        if found is not None and sneaks:  # "another server" commits the sneaked action after this read
            spec, entries = found
            entry = live.apply("elsewhere", spec, entries, sneaks.pop(), None, None)["entry"]
            store.append(game_id, len(entries), [tuple(entry)], over=False)
        return found

    with Client(create_app(["en"], data=tmp_path), raise_server_exceptions=False) as client:
        made = client.post("/api/games", json={"players": ["person", "person"], "seed": 5, "lexicon": "en"}).json()
        game_id = made["result"]["id"]
        path = f"/api/games/{game_id}"
        action = client.get(f"{path}/advice?budget=20").json()["result"]["advice"]["options"][0]["action"]
        monkeypatch.setattr(GameStore, "load", load_then_lose_the_race)
        sneaks.append(action)
        answer = client.post(f"{path}/actions", json={"action": action, "at": 1, "player": "A"})
        assert answer.status_code == 200, answer.text
        assert answer.json()["result"]["repeated"] is True and answer.json()["result"]["game"]["actions"] == 1
        state = client.get(path).json()["result"]["game"]
        nxt = client.get(f"{path}/advice?budget=20").json()["result"]["advice"]["options"][0]["action"]
        sneaks.append(nxt)
        differs = "pass" if nxt != "pass" else "draw"
        answer = client.post(f"{path}/actions", json={"action": differs, "at": 2, "player": state["to_act"]})
        assert answer.status_code == 409, answer.text  # done again: action 2 is the other server's
        assert answer.json()["error"]["field"] == "at" and "already" in answer.json()["error"]["message"]
        assert client.get(path).json()["result"]["game"]["actions"] == 2 and not sneaks


def test_push_subscriptions_are_kept_bounded_per_seat_and_forgotten_with_their_game(
    stores: Callable[..., Store],
) -> None:
    """A seat's Web Push subscriptions survive a restart, the newest ``most`` a seat; the same endpoint
    again replaces itself; one dropped, or its game deleted, is gone."""
    store = stores()
    store.add("g", SPEC)
    for n in range(5):
        store.add_push("g", 1, f"https://push.example.org/{n}", f'{{"n": {n}}}', 3)
    store.add_push("g", 0, "https://push.example.org/a", "{}", 3)
    store.add_push("g", 1, "https://push.example.org/4", '{"n": 44}', 3)
    store.close()
    store = stores()  # a restart
    assert store.pushes("g", 1) == [
        ("https://push.example.org/4", '{"n": 44}'),
        ("https://push.example.org/3", '{"n": 3}'),
        ("https://push.example.org/2", '{"n": 2}'),
    ]
    assert store.drop_push("https://push.example.org/3") and not store.drop_push("https://push.example.org/3")
    assert [e for e, _ in store.pushes("g", 1)] == ["https://push.example.org/4", "https://push.example.org/2"]
    assert store.delete("g")
    assert store.pushes("g", 0) == [] and store.pushes("g", 1) == []
