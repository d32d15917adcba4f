"""The live games on disk: one SQLite file, each game its setting and its accepted actions.

Key idea: an action is accepted only once it is committed. The service
answers a person's action after the transaction that holds it returns,
in write-ahead-log mode with ``synchronous=FULL`` (the commit waits for the
log to reach the disk), so a server killed at any instant (``kill -9``,
a power cut) holds every action it ever answered, and a game is rebuilt
from its rows (``live.rebuild``). Nothing else is kept: no pickled state
that a new version of the package could not read.

One connection, used by one thread at a time (a lock): the service's
writes are a few rows a request, far below what one SQLite file takes.
This is the embedded store, one server's; :mod:`.storage` names the
interface and :mod:`.pgstore` the store several servers share. The errors,
common to both, are here; the tables and their versions in
:mod:`.store_schema`.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from ..errors import InvalidInputError, JarnacError
from .live import Entry, GameSpec
from .store_schema import MIGRATIONS, schema_steps

JOIN = "join"
"""An invitation's kind: the join code (and its link) that seats a new device in seat B once."""
TRANSFER = "transfer"
"""An invitation's kind: the link a seat's holder makes to move the seat to another device, once."""
CLAIMED = "claimed"
WITHDRAWN = "withdrawn"


class Invitation(NamedTuple):
    """What opens a seat once: the digest of its code or link (never the code), the seat (0: A, 1: B), its kind."""

    digest: str
    seat: int
    kind: str


class Claim(NamedTuple):
    """What an invitation opened: its game, seat and kind, and ``closed``: ``""`` when this claim took the
    seat, else why it opened nothing (:data:`CLAIMED` before, or :data:`WITHDRAWN`)."""

    game: str
    seat: int
    kind: str
    closed: str


def claimed_spec(text: str, seat: int, key_digest: str, name: str | None) -> str:
    """A game's stored setting (JSON) with seat ``seat`` held by the key of ``key_digest`` (and named).
    A setting naming its ``game`` (another game than Jarnac: Nain Jaune's tables, of 2 to 4 seats) keeps its
    seats' digests and names as lists, one a seat."""
    data = json.loads(text)
    if "game" in data:
        data["seat_digests"][seat] = key_digest
        if name is not None:
            data["names"][seat] = name
        return json.dumps(data, sort_keys=True)
    spec = GameSpec.from_dict(data).with_seat(seat, key_digest, name)
    return json.dumps(spec.to_dict(), sort_keys=True)


class Setting(Protocol):
    """What a store keeps of a game's setting: its JSON-ready form (a Jarnac :class:`~.live.GameSpec`, or the
    setting of another game, which names its ``game``)."""

    def to_dict(self) -> dict[str, Any]: ...


TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

DB_NAME = "games.sqlite3"
MAX_GAMES = 10_000
"""The most games a store keeps by default. A new game beyond makes room: the finished games first,
then those nobody has played for :data:`IDLE_SECONDS`, the oldest first; else it is refused."""
IDLE_SECONDS = 24 * 3600
"""A game not played for this long may make room for a new one when the store is full."""


def default_data_dir() -> Path:
    """Where the games are kept unless ``--data`` says: the user's data folder.

    ``$XDG_DATA_HOME/jarnac-solver`` (``~/.local/share/jarnac-solver``), on Windows
    ``%LOCALAPPDATA%\\jarnac-solver``, on macOS ``~/Library/Application Support/jarnac-solver``.
    """
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "jarnac-solver"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "jarnac-solver"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "jarnac-solver"


class GameStore:
    """The games of one service, in ``folder/games.sqlite3`` (the folder is made when missing).

    One server a store: the file is held with SQLite's exclusive locking for the store's life, so a
    second server on the same folder refuses to start (two writers of one game's actions would race).
    At the start the file is checked (``PRAGMA quick_check``): a damaged one is refused, named."""

    def __init__(self, folder: str | Path | None, max_games: int = MAX_GAMES, max_bytes: int | None = None) -> None:
        """``folder``: where the database lives; ``None``: in memory (the games end with the process).
        ``max_bytes``: the most the file grows to (a write beyond is refused as on a full disk)."""
        self.max_games = max_games
        self._lock = threading.Lock()
        self._listeners: list[Callable[[str, int], None]] = []
        if folder is None:
            self.path: Path | None = None
            self.where = "memory"
            self._db = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
            self._migrate()
            self._limit(max_bytes)
            return
        path = Path(folder)
        if path.exists() and not path.is_dir():
            raise InvalidInputError(f"--data {str(folder)!r} is a file, not a folder: name a folder for the games")
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InvalidInputError(f"--data {str(folder)!r}: cannot make the folder ({exc.strerror})") from None
        if not path.is_dir():
            raise InvalidInputError(f"--data {str(folder)!r} is not a folder")
        self.path = path / DB_NAME
        self.where = str(self.path)
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=0.2)
        except sqlite3.Error as exc:
            raise InvalidInputError(f"--data {str(folder)!r}: cannot open {self.path} ({exc})") from None
        try:
            # Exclusive before WAL: no shared memory, and the lock taken by the first write is kept.
            self._db.execute("PRAGMA locking_mode=EXCLUSIVE")
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("BEGIN EXCLUSIVE")
            self._db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            self._db.close()
            if "locked" in str(exc):
                raise InvalidInputError(
                    f"--data {str(folder)!r}: another process holds {self.path} (a server, a sqlite3 shell: one"
                    " server a store; stop it, or give this one another --data)"
                ) from None
            raise InvalidInputError(f"--data {str(folder)!r}: cannot use {self.path} ({exc})") from None
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise self._damaged(folder, str(exc)) from None
        try:
            problems = [row[0] for row in self._db.execute("PRAGMA quick_check").fetchall()]
            if problems != ["ok"]:
                raise self._damaged(folder, "\n".join(problems))
            self._migrate()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise self._damaged(folder, str(exc)) from None
        except InvalidInputError:
            self._db.close()
            raise
        self._limit(max_bytes)

    def _damaged(self, folder: str | Path, problem: str) -> InvalidInputError:
        # quick_check lists a fault a cell, over many lines under a "*** in database main ***" heading: the
        # refusal is one line, so the first fault is told and the others counted.
        faults = [line.strip() for line in problem.splitlines() if line.strip() and not line.startswith("***")]
        if len(faults) > 1:
            problem = f"{faults[0]}; {len(faults) - 1:,} more"
        elif faults:
            problem = faults[0]
        return InvalidInputError(
            f"--data {str(folder)!r}: {self.path} is damaged ({problem}): move it aside and start again (its games"
            f" may be saved first with: sqlite3 {self.path} .recover > games.sql)"
        )

    def _migrate(self) -> None:
        """The tables brought to :data:`SCHEMA_VERSION` (made in a new file), each step one transaction."""
        held = self._db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
        found = 0
        if held.fetchone() is not None:
            row = self._db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            found = int(row[0] or 0)
        for version in schema_steps(found, self.where):
            self._db.executescript(
                f"BEGIN IMMEDIATE; {MIGRATIONS[version]}"
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);"
                f" DELETE FROM schema_version; INSERT INTO schema_version VALUES ({version}); COMMIT;"
            )

    def _limit(self, max_bytes: int | None) -> None:
        if max_bytes is not None:
            (page,) = self._db.execute("PRAGMA page_size").fetchone()
            self._db.execute(f"PRAGMA max_page_count = {max(1, max_bytes // int(page))}")

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """One write transaction; a full disk (or the store's own bound) is :class:`StoreFullError`, the
        transaction rolled back and the store as it was."""
        with self._lock:
            try:
                with self._db:
                    yield
            except sqlite3.OperationalError as exc:
                if "full" in str(exc):
                    raise StoreFullError(
                        "the games' database cannot grow (the disk or its bound is full): nothing was written;"
                        " finish or delete games, or free the disk"
                    ) from None
                raise DamagedGameError(f"the games' database {self.path} cannot be written ({exc})") from None
            except sqlite3.IntegrityError:  # a game's id taken twice
                raise ConflictError("a game of that id is kept already: nothing was written") from None
            except sqlite3.DatabaseError as exc:  # a page damaged since the start's check
                raise DamagedGameError(
                    f"the games' database {self.path} is damaged ({exc}): nothing was written"
                ) from None

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def subscribe(self, listener: Callable[[str, int], None]) -> None:
        """Call ``listener(game_id, count)`` after every commit that changes a game: ``count`` its actions
        now stored (0 for a new game), ``-1`` once it is forgotten.

        The push channels wait on it. Called on the committing thread, after the commit, so a listener
        that reads the store sees what it was told of; a store shared by several servers calls it for
        every server's commits too."""
        self._listeners.append(listener)

    def _told(self, game_id: str, count: int) -> None:
        for listener in self._listeners:
            listener(game_id, count)

    def add(self, game_id: str, spec: Setting, invitation: Invitation | None = None) -> None:
        """Keep a new game (making room when the store is full: :data:`MAX_GAMES`; the games forgotten
        for it are told ``-1``), with its ``invitation`` in the same transaction; an id already kept is
        :class:`ConflictError`."""
        gone: list[str] = []
        with self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            now = time.time()
            (count,) = self._db.execute("SELECT COUNT(*) FROM games").fetchone()
            if count >= self.max_games:
                # Games left unfinished would fill the store for good: the idle ones make room too.
                gone = [
                    str(row[0])
                    for row in self._db.execute(
                        "DELETE FROM games WHERE id IN (SELECT id FROM games WHERE over = 1 OR (touched < ? AND"
                        " deadline IS NULL) ORDER BY over DESC, touched LIMIT ?) RETURNING id",
                        (now - IDLE_SECONDS, count - self.max_games + 1),
                    ).fetchall()
                ]
                (count,) = self._db.execute("SELECT COUNT(*) FROM games").fetchone()
                if count >= self.max_games:
                    raise StoreFullError(
                        f"the server keeps at most {self.max_games} games, none of them over or idle for a day:"
                        " finish or delete one (DELETE /api/games/ID)"
                    )
            self._db.execute(
                "INSERT INTO games (id, created, spec, touched) VALUES (?, ?, ?, ?)",
                (game_id, now, json.dumps(spec.to_dict(), sort_keys=True), now),
            )
            if invitation is not None:
                self._invite(game_id, invitation, now)
        for made_room in gone:
            self._told(made_room, -1)
        self._told(game_id, 0)

    def load(self, game_id: str) -> tuple[GameSpec, list[Entry]] | None:
        """A Jarnac game's setting and actions, or ``None`` for an unknown id (or another game's);
        :class:`DamagedGameError` naming the game when its rows cannot be read (a damaged page of the file, a
        setting that is not JSON)."""
        found = self.load_setting(game_id)
        if found is None or "game" in found[0]:  # none, or another game's (its own module reads it)
            return None
        return spec_of(game_id, *found)

    def load_setting(self, game_id: str) -> tuple[dict[str, Any], list[Entry]] | None:
        """A game's setting as stored (JSON) and its actions, or ``None`` for an unknown id (any game's:
        :meth:`load` reads a Jarnac game's setting)."""
        try:
            with self._lock:
                row = self._db.execute("SELECT spec FROM games WHERE id = ?", (game_id,)).fetchone()
                if row is None:
                    return None
                rows = self._db.execute(
                    "SELECT player, action, drew FROM actions WHERE game = ? ORDER BY n", (game_id,)
                ).fetchall()
            data: dict[str, Any] = json.loads(row[0])
            if not isinstance(data, dict):
                raise TypeError("the setting is not a JSON object")
            return data, [(int(p), str(a), str(d)) for p, a, d in rows]
        except (sqlite3.DatabaseError, ValueError, TypeError) as exc:
            raise DamagedGameError(
                f"game {game_id!r}: its stored rows cannot be read ({type(exc).__name__}: {exc})"
            ) from None

    def append(self, game_id: str, first: int, entries: list[Entry], over: bool) -> None:
        """Commit ``entries`` as the game's actions ``first``, ``first + 1``, ... (from 0) in one transaction.

        A number already taken (another request added actions meanwhile), or a game forgotten meanwhile,
        raises :class:`ConflictError` and commits nothing: the service reads the game again and retries."""
        if not entries:
            return
        with self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                now = time.time()
                self._db.executemany(
                    "INSERT INTO actions (game, n, player, action, drew, at) VALUES (?, ?, ?, ?, ?, ?)",
                    [(game_id, first + i, who, text, drew, now) for i, (who, text, drew) in enumerate(entries)],
                )
            except sqlite3.IntegrityError:  # the key (game, n) taken, or the game's row gone
                raise ConflictError(conflict(game_id, first)) from None
            self._db.execute(
                "UPDATE games SET over = ?, touched = ?, deadline = CASE WHEN ? THEN NULL ELSE deadline END"
                " WHERE id = ?",
                (int(over), now, int(over), game_id),
            )
        self._told(game_id, first + len(entries))

    def delete(self, game_id: str) -> bool:
        """Forget a game; ``False`` when there was none of that id."""
        with self._writing():
            self._db.execute("DELETE FROM actions WHERE game = ?", (game_id,))
            self._db.execute("DELETE FROM invitations WHERE game = ?", (game_id,))
            self._db.execute("DELETE FROM push_subscriptions WHERE game = ?", (game_id,))
            gone = self._db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount > 0
        if gone:
            self._told(game_id, -1)
        return gone

    def _invite(self, game_id: str, invitation: Invitation, now: float) -> None:
        digest, seat, kind = invitation
        # The invitations this one replaces are kept one step (a code withdrawn says so), never piling up.
        self._db.execute(
            f"DELETE FROM invitations WHERE game = ? AND seat = ? AND kind = ? AND why = '{WITHDRAWN}'",
            (game_id, seat, kind),
        )
        self._db.execute(
            "UPDATE invitations SET closed = ?, why = ? WHERE game = ? AND seat = ? AND kind = ? AND why = ''",
            (now, WITHDRAWN, game_id, seat, kind),
        )
        self._db.execute(
            "INSERT INTO invitations (digest, game, seat, kind, made) VALUES (?, ?, ?, ?, ?)",
            (digest, game_id, seat, kind, now),
        )

    def invite(self, game_id: str, invitation: Invitation) -> None:
        """Keep a new invitation of a kept game, withdrawing the open one of its seat and kind (one at a time);
        a game forgotten meanwhile is :class:`ConflictError`."""
        with self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            self._invite(game_id, invitation, time.time())

    def add_push(self, game_id: str, seat: int, endpoint: str, keys: str, most: int) -> None:
        """Keep a seat's push subscription (the same endpoint again: replaced), the seat's oldest dropped
        beyond ``most``; a game forgotten meanwhile is :class:`ConflictError`."""
        with self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("DELETE FROM push_subscriptions WHERE endpoint = ?", (endpoint,))
            self._db.execute(
                "INSERT INTO push_subscriptions (endpoint, game, seat, keys, made) VALUES (?, ?, ?, ?, ?)",
                (endpoint, game_id, seat, keys, time.time()),
            )
            self._db.execute(
                "DELETE FROM push_subscriptions WHERE game = ? AND seat = ? AND endpoint NOT IN"
                " (SELECT endpoint FROM push_subscriptions WHERE game = ? AND seat = ? ORDER BY made DESC LIMIT ?)",
                (game_id, seat, game_id, seat, most),
            )

    def pushes(self, game_id: str, seat: int) -> list[tuple[str, str]]:
        """A seat's push subscriptions: (endpoint, keys), the newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT endpoint, keys FROM push_subscriptions WHERE game = ? AND seat = ? ORDER BY made DESC",
                (game_id, seat),
            ).fetchall()
        return [(str(e), str(k)) for e, k in rows]

    def drop_push(self, endpoint: str) -> bool:
        """Forget a push subscription (its push service said it is gone); whether there was one."""
        with self._writing():
            return self._db.execute("DELETE FROM push_subscriptions WHERE endpoint = ?", (endpoint,)).rowcount > 0

    def withdraw(self, game_id: str, seat: int, kind: str) -> int:
        """Close the open invitations of a seat and kind (they open nothing now); how many were open."""
        with self._writing():
            return int(
                self._db.execute(
                    "UPDATE invitations SET closed = ?, why = ? WHERE game = ? AND seat = ? AND kind = ? AND why = ''",
                    (time.time(), WITHDRAWN, game_id, seat, kind),
                ).rowcount
            )

    def claim(self, digest: str, kind: str, key_digest: str, name: str | None = None) -> Claim | None:
        """Use the invitation of ``digest`` once: its seat now held by the key of ``key_digest`` (named
        ``name`` when given), the invitation closed and every other open one of that seat withdrawn, in one
        transaction. ``None``: no such invitation; a closed one changes nothing and says why."""
        with self._writing():
            self._db.execute("BEGIN IMMEDIATE")
            row = self._db.execute(
                "SELECT game, seat, kind, why FROM invitations WHERE digest = ? AND kind = ?", (digest, kind)
            ).fetchone()
            if row is None:
                return None
            game_id, seat, kind, why = str(row[0]), int(row[1]), str(row[2]), str(row[3])
            if why:
                return Claim(game_id, seat, kind, why)
            held = self._db.execute("SELECT spec FROM games WHERE id = ?", (game_id,)).fetchone()
            if held is None:  # a game forgotten (an in-memory store keeps no foreign keys)
                return None
            now = time.time()
            self._db.execute(
                "UPDATE games SET spec = ? WHERE id = ?", (claimed_spec(str(held[0]), seat, key_digest, name), game_id)
            )
            self._db.execute(
                "UPDATE invitations SET closed = ?, why = ? WHERE game = ? AND seat = ? AND why = ''",
                (now, WITHDRAWN, game_id, seat),
            )
            self._db.execute(
                f"DELETE FROM invitations WHERE game = ? AND seat = ? AND kind = ? AND why = '{CLAIMED}'",
                (game_id, seat, kind),
            )
            self._db.execute("UPDATE invitations SET why = ? WHERE digest = ?", (CLAIMED, digest))
            return Claim(game_id, seat, kind, "")

    def times(self, game_id: str) -> list[float]:
        """When the game was made and when each of its actions was committed (an action of an older version,
        whose time was not kept: the game's last change), in order; ``[]`` for no such game."""
        with self._lock:
            row = self._db.execute("SELECT created, touched FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return []
            ats = self._db.execute("SELECT at FROM actions WHERE game = ? ORDER BY n", (game_id,)).fetchall()
        return [float(row[0]), *(float(row[1] if at is None else at) for (at,) in ats)]

    def set_deadline(self, game_id: str, deadline: float | None) -> None:
        """When the seat to act of a game days a move runs out of time (``None``: no such time now)."""
        with self._writing():
            self._db.execute("UPDATE games SET deadline = ? WHERE id = ? AND over = 0", (deadline, game_id))

    def due(self, now: float, limit: int) -> list[str]:
        """At most ``limit`` games in progress whose deadline is past, the earliest first (the sweep's)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id FROM games WHERE over = 0 AND deadline IS NOT NULL AND deadline < ? ORDER BY deadline"
                " LIMIT ?",
                (now, limit),
            ).fetchall()
        return [str(row[0]) for row in rows]

    def forget_finished(self, before: float, limit: int) -> list[str]:
        """Forget at most ``limit`` finished games unchanged since ``before`` (told ``-1``); their ids."""
        with self._writing():
            gone = [
                str(row[0])
                for row in self._db.execute(
                    "DELETE FROM games WHERE id IN (SELECT id FROM games WHERE over = 1 AND touched < ? LIMIT ?)"
                    " RETURNING id",
                    (before, limit),
                ).fetchall()
            ]
            for game_id in gone:  # an in-memory store keeps no foreign keys
                self._db.execute("DELETE FROM actions WHERE game = ?", (game_id,))
                self._db.execute("DELETE FROM invitations WHERE game = ?", (game_id,))
                self._db.execute("DELETE FROM push_subscriptions WHERE game = ?", (game_id,))
        for game_id in gone:
            self._told(game_id, -1)
        return gone

    def respec(self, game_id: str, before: GameSpec, after: GameSpec) -> None:
        """Replace a game's setting ``before`` by ``after`` (a rematch offered or made); a setting changed
        meanwhile, or the game forgotten, is :class:`ConflictError` (nothing written)."""
        old, new = (json.dumps(spec.to_dict(), sort_keys=True) for spec in (before, after))
        with self._writing():
            changed = self._db.execute("UPDATE games SET spec = ? WHERE id = ? AND spec = ?", (new, game_id, old))
            if changed.rowcount == 0:
                raise ConflictError(f"game {game_id!r} changed meanwhile: nothing was written")

    def count(self) -> int:
        with self._lock:
            (count,) = self._db.execute("SELECT COUNT(*) FROM games").fetchone()
        return int(count)


class StoreFullError(Exception):
    """The store holds its most games, none of them over, or its file cannot grow (the service answers 507)."""


class DamagedGameError(Exception):
    """A stored game whose rows cannot be read (the service answers 500, naming the game)."""


class ConflictError(Exception):
    """A write that lost a race: the action's number was taken by another request (another server on a
    shared store), or the game forgotten meanwhile. Nothing was written; the service reads the game again
    and retries (the key ``(game, n)`` is what serialises a game's actions across servers)."""


class StoreUnavailableError(Exception):
    """The store's database cannot be reached (a database server down or restarting): nothing was
    acknowledged; the service answers 503 naming it and goes on once it is back."""


def spec_of(game_id: str, data: dict[str, Any], entries: list[Entry]) -> tuple[GameSpec, list[Entry]]:
    """A Jarnac game's setting read from its stored JSON, or :class:`DamagedGameError` naming the game (a
    setting that cannot be read)."""
    try:
        return GameSpec.from_dict(data), entries
    except (ValueError, TypeError, KeyError, IndexError, JarnacError) as exc:
        raise DamagedGameError(
            f"game {game_id!r}: its stored rows cannot be read ({type(exc).__name__}: {exc})"
        ) from None


def conflict(game_id: str, first: int) -> str:
    """The message of a :class:`ConflictError` on action ``first`` (from 0) of ``game_id``."""
    return (
        f"game {game_id!r} changed meanwhile (its action {first + 1} was taken by another request, or it was"
        " forgotten): nothing was written"
    )
