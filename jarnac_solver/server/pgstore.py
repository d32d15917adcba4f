"""The live games in a PostgreSQL database that several servers share (``serve --data postgresql://...``).

Key idea: the same rows as the SQLite store (a game's setting, its numbered
actions, the key ``(game, n)``), in the database's schema ``jarnac``; the
key is what serialises one game's actions across servers (the loser of a
race for action ``n`` gets :class:`~.store.ConflictError`, nothing
written). Each write is one transaction that also sends a ``NOTIFY``, which
PostgreSQL delivers only once the transaction commits, to every server
listening: a thread of each store ``LISTEN``\\s and tells the store's
listeners of the other servers' commits (its own are told on the committing
thread, as SQLite's are). A listening connection that is lost is made again,
and the games changed meanwhile are told then (their counts read afresh), so
a push channel misses nothing.

Connections come from a pool (psycopg_pool), each checked before use: a
database that restarts costs the requests made while it is down (a 503
naming it, nothing acknowledged that was not committed), and the next ones
find it back without a restart of the server.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import threading
import time
from collections import OrderedDict

import psycopg
from psycopg import errors as pg_errors
from psycopg_pool import ConnectionPool

from ..errors import InvalidInputError
from .live import Entry, GameSpec
from .store import (
    CLAIMED,
    IDLE_SECONDS,
    MAX_GAMES,
    WITHDRAWN,
    Claim,
    ConflictError,
    DamagedGameError,
    Invitation,
    Setting,
    StoreFullError,
    StoreUnavailableError,
    claimed_spec,
    conflict,
    spec_of,
)
from .store_schema import schema_steps

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

log = logging.getLogger(__name__)

CHANNEL = "jarnac_games"
"""The notification channel: a payload ``ORIGIN COUNT GAME_ID`` a commit (``ORIGIN``: the writing store)."""
POOL_SIZE = 8
"""The most connections a server holds: a request holds one for a few statements."""
WAIT_SECONDS = 5.0
"""How long a request waits for a connection (the database down: then a 503), and a connection attempt."""
STATEMENT_MS = 10_000
"""The longest statement (and lock wait) a request runs: every call bounded."""
CATCH_UP_SKEW = 60.0
"""Seconds before a lost listening connection that the catch-up reads back, for the servers' clocks (each
server stamps the games it writes with its own) may differ that much."""
KNOWN = 4 * MAX_GAMES
"""The most games whose last told count a store remembers (to tell each change once, counts never going back)."""
_LOCK_MIGRATE = 0x4A41524E  # advisory lock keys, "JARN" and "JARO": one migration, one room-maker at a time
_LOCK_ROOM = 0x4A41524F

_MIGRATIONS = {
    1: """
CREATE SCHEMA IF NOT EXISTS jarnac;
CREATE TABLE IF NOT EXISTS jarnac.schema_version (version INTEGER NOT NULL);
CREATE TABLE jarnac.games (
    id TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL,
    spec TEXT NOT NULL,
    over BOOLEAN NOT NULL DEFAULT FALSE,
    touched DOUBLE PRECISION NOT NULL DEFAULT 0
);
CREATE INDEX games_room ON jarnac.games (over DESC, touched);
CREATE TABLE jarnac.actions (
    game TEXT NOT NULL REFERENCES jarnac.games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    player SMALLINT NOT NULL,
    action TEXT NOT NULL,
    drew TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
""",
    2: """
CREATE TABLE jarnac.invitations (
    digest TEXT PRIMARY KEY,
    game TEXT NOT NULL REFERENCES jarnac.games(id) ON DELETE CASCADE,
    seat SMALLINT NOT NULL,
    kind TEXT NOT NULL,
    made DOUBLE PRECISION NOT NULL,
    closed DOUBLE PRECISION,
    why TEXT NOT NULL DEFAULT ''
);
CREATE INDEX invitations_game ON jarnac.invitations (game, seat, kind);
""",
    3: """
ALTER TABLE jarnac.games ADD COLUMN deadline DOUBLE PRECISION;
ALTER TABLE jarnac.actions ADD COLUMN at DOUBLE PRECISION;
CREATE INDEX games_due ON jarnac.games (deadline) WHERE NOT over AND deadline IS NOT NULL;
CREATE INDEX games_finished ON jarnac.games (touched) WHERE over;
""",
    4: """
CREATE TABLE jarnac.push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    game TEXT NOT NULL REFERENCES jarnac.games(id) ON DELETE CASCADE,
    seat SMALLINT NOT NULL,
    keys TEXT NOT NULL,
    made DOUBLE PRECISION NOT NULL
);
CREATE INDEX push_game ON jarnac.push_subscriptions (game, seat);
""",
}
"""The script that brings the tables from the version before to each version (store.py's versions)."""


def shown(conninfo: str) -> str:
    """The database as a message names it: ``postgresql://USER@HOST:PORT/NAME``, never its password."""
    try:
        parts = psycopg.conninfo.conninfo_to_dict(conninfo)
    except psycopg.ProgrammingError as exc:
        raise InvalidInputError(f"--data: not a PostgreSQL address ({_first_line(exc)})") from None
    user = f"{parts['user']}@" if parts.get("user") else ""
    host, port, name = str(parts.get("host") or ""), parts.get("port"), parts.get("dbname") or ""
    if host.startswith("/"):  # a Unix socket's folder
        return f"postgresql://{user}/{name}?host={host}" + (f"&port={port}" if port else "")
    return f"postgresql://{user}{host}" + (f":{port}" if port else "") + f"/{name}"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


class PostgresStore:
    """The games in the PostgreSQL database ``conninfo`` names, shared by every server given it.

    At the start the database is reached and its tables made or migrated (:data:`~.store_schema.SCHEMA_VERSION`),
    or the store is refused in one line: the database down, tables newer than the code."""

    def __init__(self, conninfo: str, max_games: int = MAX_GAMES, max_bytes: int | None = None) -> None:
        """``max_bytes`` is SQLite's bound on its file; a database server's size is its own to bound."""
        self.where = shown(conninfo)
        if max_bytes is not None:
            raise InvalidInputError(f"--data {self.where}: a byte bound is SQLite's; bound the database itself")
        self.max_games = max_games
        self._conninfo = conninfo
        self._origin = secrets.token_hex(6)
        self._listeners: list[Callable[[str, int], None]] = []
        self._known: OrderedDict[str, int] = OrderedDict()
        self._known_lock = threading.Lock()
        self._stopping = threading.Event()
        self.listening = threading.Event()
        """Set while the listening connection is up (tests and the benchmark wait on it)."""
        settings: dict[str, Any] = {
            "autocommit": True,
            "connect_timeout": int(WAIT_SECONDS),
            "application_name": "jarnac-solver",
        }
        try:
            with psycopg.connect(conninfo, **settings) as db:
                self._migrate(db)
        except psycopg.Error as exc:
            raise InvalidInputError(f"--data {self.where}: cannot use the database ({_first_line(exc)})") from None
        self._pool = ConnectionPool(
            conninfo,
            min_size=1,
            max_size=POOL_SIZE,
            kwargs=settings,
            configure=_configure,
            check=ConnectionPool.check_connection,
            timeout=WAIT_SECONDS,
            open=False,
            name="jarnac-solver",
        )
        try:
            self._pool.open(wait=True, timeout=WAIT_SECONDS)
        except psycopg.Error as exc:
            self._pool.close()
            raise InvalidInputError(f"--data {self.where}: cannot use the database ({_first_line(exc)})") from None
        self._listener = threading.Thread(target=self._listen, name="jarnac-listen", daemon=True)
        self._listener.start()
        # Open once it listens, so every commit after is heard (one that cannot connect yet catches up once it does).
        self.listening.wait(WAIT_SECONDS)

    def _migrate(self, db: psycopg.Connection[Any]) -> None:
        """The tables brought to the code's version, under a lock: two servers starting at once migrate once."""
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_MIGRATE,))
            row = db.execute("SELECT to_regclass('jarnac.schema_version') IS NOT NULL").fetchone()
            found = 0
            if row is not None and row[0]:
                held = db.execute("SELECT MAX(version) FROM jarnac.schema_version").fetchone()
                found = int(held[0] or 0) if held is not None else 0
            for version in schema_steps(found, self.where):
                db.execute(_MIGRATIONS[version].encode())
                db.execute("DELETE FROM jarnac.schema_version")
                db.execute("INSERT INTO jarnac.schema_version VALUES (%s)", (version,))

    # -- one request's connection ------------------------------------------------------------------

    @contextlib.contextmanager
    def _connection(self, write: bool) -> Iterator[psycopg.Connection[Any]]:
        """A connection of the pool (in a transaction when ``write``); the database's faults as the store's
        errors: unreachable (:class:`StoreUnavailableError`), full, a race lost (:class:`ConflictError`)."""
        try:
            with self._pool.connection() as db:
                if write:
                    with db.transaction():
                        yield db
                else:
                    yield db
        except (pg_errors.UniqueViolation, pg_errors.ForeignKeyViolation) as exc:
            raise ConflictError(f"the games' database refused a write that lost a race ({_first_line(exc)})") from None
        except (pg_errors.DiskFull, pg_errors.OutOfMemory) as exc:
            raise StoreFullError(
                f"the games' database cannot grow ({_first_line(exc)}): nothing was written; finish or delete"
                " games, or free its disk"
            ) from None
        except psycopg.OperationalError as exc:  # connection lost or refused, the pool's wait over, a timeout
            raise StoreUnavailableError(
                f"the games' database {self.where} cannot be reached ({_first_line(exc)}): nothing was"
                " acknowledged; ask again once it is back (an action sent with its number 'at' is never taken twice)"
            ) from None
        except psycopg.Error as exc:
            raise DamagedGameError(f"the games' database {self.where} refused a request ({_first_line(exc)})") from None

    def _notify(self, db: psycopg.Connection[Any], game_id: str, count: int) -> None:
        # Inside the writing transaction: PostgreSQL delivers it once (and only if) the transaction commits.
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self._origin} {count} {game_id}"))

    # -- the store's operations (storage.Store) ---------------------------------------------------

    def add(self, game_id: str, spec: Setting, invitation: Invitation | None = None) -> None:
        """Keep a new game and its invitation (making room when full, as :meth:`.store.GameStore.add`)."""
        gone: list[str] = []
        try:
            with self._connection(write=True) as db:
                # One room-maker at a time across servers: two adds never both see the last free place.
                db.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_ROOM,))
                now = time.time()
                count = _one(db.execute("SELECT COUNT(*) FROM jarnac.games").fetchone())
                if count >= self.max_games:
                    # Games left unfinished would fill the store for good: the idle ones make room too.
                    rows = db.execute(
                        "DELETE FROM jarnac.games WHERE id IN (SELECT id FROM jarnac.games WHERE over OR (touched < %s"
                        " AND deadline IS NULL) ORDER BY over DESC, touched LIMIT %s) RETURNING id",
                        (now - IDLE_SECONDS, count - self.max_games + 1),
                    ).fetchall()
                    gone = [str(row[0]) for row in rows]
                    if count - len(gone) >= self.max_games:
                        raise StoreFullError(
                            f"the server keeps at most {self.max_games} games, none of them over or idle for a day:"
                            " finish or delete one (DELETE /api/games/ID)"
                        )
                db.execute(
                    "INSERT INTO jarnac.games (id, created, spec, touched) VALUES (%s, %s, %s, %s)",
                    (game_id, now, json.dumps(spec.to_dict(), sort_keys=True), now),
                )
                if invitation is not None:
                    _invite(db, game_id, invitation, now)
                for made_room in gone:
                    self._notify(db, made_room, -1)
                self._notify(db, game_id, 0)
        except ConflictError:
            raise ConflictError("a game of that id is kept already: nothing was written") from None
        for made_room in gone:
            self._told(made_room, -1)
        self._told(game_id, 0)

    def load(self, game_id: str) -> tuple[GameSpec, list[Entry]] | None:
        """A game's setting and actions read in one statement (one snapshot: a game forgotten meanwhile is
        ``None``, never its setting without its actions)."""
        found = self.load_setting(game_id)
        if found is None or "game" in found[0]:  # none, or another game's (its own module reads it)
            return None
        return spec_of(game_id, *found)

    def load_setting(self, game_id: str) -> tuple[dict[str, Any], list[Entry]] | None:
        """As :meth:`.store.GameStore.load_setting`, in one statement."""
        with self._connection(write=False) as db:
            row = db.execute(
                "SELECT spec, (SELECT COALESCE(json_agg(json_build_array(player, action, drew) ORDER BY n), '[]')"
                " FROM jarnac.actions WHERE game = g.id) FROM jarnac.games g WHERE id = %s",
                (game_id,),
            ).fetchone()
        if row is None:
            return None
        try:
            data: dict[str, Any] = json.loads(row[0])
            if not isinstance(data, dict):
                raise TypeError("the setting is not a JSON object")
            return data, [(int(p), str(a), str(d)) for p, a, d in row[1]]
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise DamagedGameError(
                f"game {game_id!r}: its stored rows cannot be read ({type(exc).__name__}: {exc})"
            ) from None

    def append(self, game_id: str, first: int, entries: list[Entry], over: bool) -> None:
        """Commit ``entries`` as actions ``first``, ``first + 1``, ... in one transaction (as
        :meth:`.store.GameStore.append`): a number taken by any server is :class:`ConflictError`."""
        if not entries:
            return
        try:
            with self._connection(write=True) as db:
                now = time.time()
                with db.cursor() as cursor:
                    cursor.executemany(
                        "INSERT INTO jarnac.actions (game, n, player, action, drew, at)"
                        " VALUES (%s, %s, %s, %s, %s, %s)",
                        [(game_id, first + i, who, text, drew, now) for i, (who, text, drew) in enumerate(entries)],
                    )
                db.execute(
                    "UPDATE jarnac.games SET over = %s, touched = %s, deadline = CASE WHEN %s THEN NULL ELSE deadline"
                    " END WHERE id = %s",
                    (over, now, over, game_id),
                )
                self._notify(db, game_id, first + len(entries))
        except ConflictError:
            raise ConflictError(conflict(game_id, first)) from None
        self._told(game_id, first + len(entries))

    def delete(self, game_id: str) -> bool:
        """Forget a game (its actions with it); ``False`` when there was none of that id."""
        with self._connection(write=True) as db:
            gone = db.execute("DELETE FROM jarnac.games WHERE id = %s", (game_id,)).rowcount > 0
            if gone:
                self._notify(db, game_id, -1)
        if gone:
            self._told(game_id, -1)
        return gone

    def invite(self, game_id: str, invitation: Invitation) -> None:
        """As :meth:`.store.GameStore.invite`."""
        with self._connection(write=True) as db:
            _invite(db, game_id, invitation, time.time())

    def add_push(self, game_id: str, seat: int, endpoint: str, keys: str, most: int) -> None:
        """As :meth:`.store.GameStore.add_push`."""
        with self._connection(write=True) as db:
            db.execute("DELETE FROM jarnac.push_subscriptions WHERE endpoint = %s", (endpoint,))
            db.execute(
                "INSERT INTO jarnac.push_subscriptions (endpoint, game, seat, keys, made) VALUES (%s, %s, %s, %s, %s)",
                (endpoint, game_id, seat, keys, time.time()),
            )
            db.execute(
                "DELETE FROM jarnac.push_subscriptions WHERE game = %s AND seat = %s AND endpoint NOT IN"
                " (SELECT endpoint FROM jarnac.push_subscriptions WHERE game = %s AND seat = %s"
                " ORDER BY made DESC LIMIT %s)",
                (game_id, seat, game_id, seat, most),
            )

    def pushes(self, game_id: str, seat: int) -> list[tuple[str, str]]:
        """As :meth:`.store.GameStore.pushes`."""
        with self._connection(write=False) as db:
            rows = db.execute(
                "SELECT endpoint, keys FROM jarnac.push_subscriptions WHERE game = %s AND seat = %s ORDER BY made DESC",
                (game_id, seat),
            ).fetchall()
        return [(str(e), str(k)) for e, k in rows]

    def drop_push(self, endpoint: str) -> bool:
        """As :meth:`.store.GameStore.drop_push`."""
        with self._connection(write=True) as db:
            return db.execute("DELETE FROM jarnac.push_subscriptions WHERE endpoint = %s", (endpoint,)).rowcount > 0

    def withdraw(self, game_id: str, seat: int, kind: str) -> int:
        """As :meth:`.store.GameStore.withdraw`."""
        with self._connection(write=True) as db:
            return int(
                db.execute(
                    "UPDATE jarnac.invitations SET closed = %s, why = %s"
                    " WHERE game = %s AND seat = %s AND kind = %s AND why = ''",
                    (time.time(), WITHDRAWN, game_id, seat, kind),
                ).rowcount
            )

    def claim(self, digest: str, kind: str, key_digest: str, name: str | None = None) -> Claim | None:
        """As :meth:`.store.GameStore.claim`: the invitation's row locked, so two servers claiming one code
        at once seat one device."""
        with self._connection(write=True) as db:
            row = db.execute(
                "SELECT game, seat, kind, why FROM jarnac.invitations WHERE digest = %s AND kind = %s FOR UPDATE",
                (digest, kind),
            ).fetchone()
            if row is None:
                return None
            game_id, seat, kind, why = str(row[0]), int(row[1]), str(row[2]), str(row[3])
            if why:
                return Claim(game_id, seat, kind, why)
            held = db.execute("SELECT spec FROM jarnac.games WHERE id = %s FOR UPDATE", (game_id,)).fetchone()
            if held is None:
                return None
            now = time.time()
            db.execute(
                "UPDATE jarnac.games SET spec = %s WHERE id = %s",
                (claimed_spec(str(held[0]), seat, key_digest, name), game_id),
            )
            db.execute(
                "UPDATE jarnac.invitations SET closed = %s, why = %s WHERE game = %s AND seat = %s AND why = ''",
                (now, WITHDRAWN, game_id, seat),
            )
            db.execute(
                f"DELETE FROM jarnac.invitations WHERE game = %s AND seat = %s AND kind = %s AND why = '{CLAIMED}'",
                (game_id, seat, kind),
            )
            db.execute("UPDATE jarnac.invitations SET why = %s WHERE digest = %s", (CLAIMED, digest))
            return Claim(game_id, seat, kind, "")

    def times(self, game_id: str) -> list[float]:
        """As :meth:`.store.GameStore.times`."""
        with self._connection(write=False) as db:
            row = db.execute(
                "SELECT created, touched, (SELECT COALESCE(json_agg(at ORDER BY n), '[]') FROM jarnac.actions"
                " WHERE game = g.id) FROM jarnac.games g WHERE id = %s",
                (game_id,),
            ).fetchone()
        if row is None:
            return []
        return [float(row[0]), *(float(row[1] if at is None else at) for at in row[2])]

    def set_deadline(self, game_id: str, deadline: float | None) -> None:
        """As :meth:`.store.GameStore.set_deadline`."""
        with self._connection(write=True) as db:
            db.execute("UPDATE jarnac.games SET deadline = %s WHERE id = %s AND NOT over", (deadline, game_id))

    def due(self, now: float, limit: int) -> list[str]:
        """As :meth:`.store.GameStore.due`."""
        with self._connection(write=False) as db:
            rows = db.execute(
                "SELECT id FROM jarnac.games WHERE NOT over AND deadline IS NOT NULL AND deadline < %s"
                " ORDER BY deadline LIMIT %s",
                (now, limit),
            ).fetchall()
        return [str(row[0]) for row in rows]

    def forget_finished(self, before: float, limit: int) -> list[str]:
        """As :meth:`.store.GameStore.forget_finished`."""
        with self._connection(write=True) as db:
            rows = db.execute(
                "DELETE FROM jarnac.games WHERE id IN (SELECT id FROM jarnac.games WHERE over AND touched < %s"
                " LIMIT %s) RETURNING id",
                (before, limit),
            ).fetchall()
            gone = [str(row[0]) for row in rows]
            for game_id in gone:
                self._notify(db, game_id, -1)
        for game_id in gone:
            self._told(game_id, -1)
        return gone

    def respec(self, game_id: str, before: GameSpec, after: GameSpec) -> None:
        """As :meth:`.store.GameStore.respec`."""
        old, new = (json.dumps(spec.to_dict(), sort_keys=True) for spec in (before, after))
        with self._connection(write=True) as db:
            changed = db.execute("UPDATE jarnac.games SET spec = %s WHERE id = %s AND spec = %s", (new, game_id, old))
            if changed.rowcount == 0:
                raise ConflictError(f"game {game_id!r} changed meanwhile: nothing was written")

    def count(self) -> int:
        """How many games are kept (every server's)."""
        with self._connection(write=False) as db:
            return _one(db.execute("SELECT COUNT(*) FROM jarnac.games").fetchone())

    def subscribe(self, listener: Callable[[str, int], None]) -> None:
        """As :meth:`.store.GameStore.subscribe`, for the commits of every server on the database: this
        server's on the committing thread, the others' on the listening thread (as each is heard)."""
        self._listeners.append(listener)

    def close(self) -> None:
        """Stop listening and close the pool."""
        self._stopping.set()
        self._listener.join(timeout=2 * WAIT_SECONDS)
        self._pool.close()

    # -- telling the listeners ---------------------------------------------------------------------

    def _told(self, game_id: str, count: int) -> None:
        """Tell the listeners, once a change: a count already told (heard twice, or read by a catch-up)
        or behind one told (a later commit heard first) is not told again."""
        with self._known_lock:
            before = self._known.get(game_id)
            if before is not None and (before == count or 0 < count < before):
                return
            self._known[game_id] = count
            self._known.move_to_end(game_id)
            while len(self._known) > KNOWN:
                self._known.popitem(last=False)
        for listener in self._listeners:
            try:
                listener(game_id, count)
            except Exception:  # one listener's fault must not stop the others, nor the listening thread
                log.exception("a listener of game %s failed", game_id)

    def _heard(self, payload: str) -> None:
        origin, count, game_id = payload.split(" ", 2)
        if origin != self._origin:  # this store's own commits were told as they committed
            self._told(game_id, int(count))

    def _listen(self) -> None:
        """The listening thread: ``LISTEN``, tell what is heard; on a lost connection, connect again (every
        second) and tell what changed meanwhile."""
        lost: float | None = None
        while not self._stopping.is_set():
            try:
                with psycopg.connect(
                    self._conninfo,
                    autocommit=True,
                    connect_timeout=int(WAIT_SECONDS),
                    application_name="jarnac-solver listen",
                ) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    if lost is not None:
                        self._catch_up(db, lost - CATCH_UP_SKEW)
                        lost = None
                    self.listening.set()
                    checked = time.monotonic()
                    while not self._stopping.is_set():
                        for note in db.notifies(timeout=1.0):
                            self._heard(note.payload)
                        if time.monotonic() - checked > 10.0:  # a silent network: found out by asking
                            db.execute("SELECT 1")
                            checked = time.monotonic()
            except (psycopg.Error, OSError, ValueError) as exc:
                if lost is None:
                    lost = time.time()
                    log.warning(
                        "the games' database %s: listening lost (%s); connecting again", self.where, _first_line(exc)
                    )
            self.listening.clear()
            self._stopping.wait(1.0)

    def _catch_up(self, db: psycopg.Connection[Any], since: float) -> None:
        """Tell the games changed while nobody listened: those written since ``since``, and the known ones
        (their counts read afresh; gone: ``-1``)."""
        with self._known_lock:
            known = list(self._known)
        rows = db.execute(
            "SELECT id, (SELECT COUNT(*) FROM jarnac.actions WHERE game = g.id) FROM jarnac.games g"
            " WHERE touched >= %s OR id = ANY(%s)",
            (since, known),
        ).fetchall()
        found = {str(game): int(count) for game, count in rows}
        for game_id in known:
            if game_id not in found:
                self._told(game_id, -1)
        for game_id, count in found.items():
            self._told(game_id, count)


def _invite(db: psycopg.Connection[Any], game_id: str, invitation: Invitation, now: float) -> None:
    """A new invitation, the open one of its seat and kind withdrawn (inside the caller's transaction)."""
    digest, seat, kind = invitation
    # The invitations this one replaces are kept one step (a code withdrawn says so), never piling up.
    db.execute(
        f"DELETE FROM jarnac.invitations WHERE game = %s AND seat = %s AND kind = %s AND why = '{WITHDRAWN}'",
        (game_id, seat, kind),
    )
    db.execute(
        "UPDATE jarnac.invitations SET closed = %s, why = %s WHERE game = %s AND seat = %s AND kind = %s AND why = ''",
        (now, WITHDRAWN, game_id, seat, kind),
    )
    db.execute(
        "INSERT INTO jarnac.invitations (digest, game, seat, kind, made) VALUES (%s, %s, %s, %s, %s)",
        (digest, game_id, seat, kind, now),
    )


def _configure(db: psycopg.Connection[Any]) -> None:
    """Each connection of the pool: its statements and lock waits bounded."""
    db.execute(f"SET statement_timeout = {STATEMENT_MS}")
    db.execute(f"SET lock_timeout = {STATEMENT_MS}")


def _one(row: tuple[Any, ...] | None) -> int:
    assert row is not None
    return int(row[0])
