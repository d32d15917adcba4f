"""Where the live games are kept: one interface (:class:`Store`), two stores, chosen by ``--data``.

- a folder (the default): SQLite, one file (:class:`~.store.GameStore`), one server a store;
- ``postgresql://...``: a PostgreSQL database (:class:`~.pgstore.PostgresStore`) that any number of
  servers share, each told of the others' commits.

Key idea: a game is its setting and its numbered actions, and an action is
accepted once the row ``(game, n)`` is committed. That key serialises a
game's actions wherever its requests arrive: a server that loses a race for
action ``n`` gets :class:`ConflictError` (nothing written), reads the game
again and retries, as a second request on one server waits its turn. Both
stores own their tables, versioned (``schema_version``): migrated at the
start, refused when newer than the code (docs/design.md, "The games' tables").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from ..errors import MissingExtraError
from .store import (
    MAX_GAMES,
    Claim,
    ConflictError,
    DamagedGameError,
    GameStore,
    Invitation,
    Setting,
    StoreFullError,
    StoreUnavailableError,
)
from .store_schema import SCHEMA_VERSION

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from .live import Entry, GameSpec

__all__ = [
    "SCHEMA_VERSION",
    "Claim",
    "ConflictError",
    "DamagedGameError",
    "Invitation",
    "Setting",
    "Store",
    "StoreFullError",
    "StoreUnavailableError",
    "is_database_url",
    "open_store",
]

POSTGRESQL_INSTALL = "needs psycopg: pip install 'jarnac-solver[server]'"
_SCHEMES = ("postgresql://", "postgres://")


class Store(Protocol):
    """The operations the service makes on its games; every write is one transaction, told to the
    listeners once committed."""

    max_games: int

    @property
    def where(self) -> str:
        """Where the games are, as the banner and the errors name it (never a password)."""
        ...

    def add(self, game_id: str, spec: Setting, invitation: Invitation | None = None) -> None:
        """Keep a new game and its ``invitation``, making room when full (:class:`StoreFullError` when none
        can go)."""
        ...

    def invite(self, game_id: str, invitation: Invitation) -> None:
        """Keep a new invitation of a game, the open one of its seat and kind withdrawn."""
        ...

    def add_push(self, game_id: str, seat: int, endpoint: str, keys: str, most: int) -> None:
        """Keep a seat's Web Push subscription, at most ``most`` a seat (the oldest dropped)."""
        ...

    def pushes(self, game_id: str, seat: int) -> list[tuple[str, str]]:
        """A seat's Web Push subscriptions: (endpoint, keys as JSON)."""
        ...

    def drop_push(self, endpoint: str) -> bool:
        """Forget a Web Push subscription its push service says is gone."""
        ...

    def withdraw(self, game_id: str, seat: int, kind: str) -> int:
        """Close a seat's open invitations of ``kind``; how many were open."""
        ...

    def claim(self, digest: str, kind: str, key_digest: str, name: str | None = None) -> Claim | None:
        """Use the invitation of ``digest`` once (its seat held by the key of ``key_digest`` now), or say why
        it opens nothing; ``None`` for no such invitation."""
        ...

    def load(self, game_id: str) -> tuple[GameSpec, list[Entry]] | None:
        """A game's setting and actions as one snapshot, or ``None`` for an unknown (or forgotten) id."""
        ...

    def load_setting(self, game_id: str) -> tuple[dict[str, Any], list[Entry]] | None:
        """Any game's setting as stored (JSON) and its actions as one snapshot, or ``None``."""
        ...

    def append(self, game_id: str, first: int, entries: list[Entry], over: bool) -> None:
        """Commit ``entries`` as actions ``first``, ``first + 1``, ...: all or none; a number taken or the
        game forgotten meanwhile is :class:`ConflictError`."""
        ...

    def delete(self, game_id: str) -> bool:
        """Forget a game; ``False`` when there was none of that id."""
        ...

    def times(self, game_id: str) -> list[float]:
        """When the game was made and each of its actions committed, in order (``[]``: no such game)."""
        ...

    def set_deadline(self, game_id: str, deadline: float | None) -> None:
        """When the seat to act of a game days a move runs out of time (``None``: none now)."""
        ...

    def due(self, now: float, limit: int) -> list[str]:
        """Games in progress whose deadline is past, the earliest first, at most ``limit``."""
        ...

    def forget_finished(self, before: float, limit: int) -> list[str]:
        """Forget finished games unchanged since ``before`` (at most ``limit``); their ids."""
        ...

    def respec(self, game_id: str, before: GameSpec, after: GameSpec) -> None:
        """Replace a game's setting ``before`` by ``after``; changed meanwhile: :class:`ConflictError`."""
        ...

    def count(self) -> int:
        """How many games are kept."""
        ...

    def subscribe(self, listener: Callable[[str, int], None]) -> None:
        """Call ``listener(game_id, count)`` after every commit that changes a game, this server's and
        (on a shared store) every other's: ``count`` its actions now stored, 0 new, -1 forgotten."""
        ...

    def close(self) -> None:
        """Release the file or the connections (the listeners are told nothing more)."""
        ...


def is_database_url(data: str | Path | None) -> bool:
    """True when ``--data`` names a PostgreSQL database rather than a folder."""
    return isinstance(data, str) and data.lower().startswith(_SCHEMES)


def open_store(data: str | Path | None, max_games: int = MAX_GAMES, max_bytes: int | None = None) -> Store:
    """The store ``data`` names: ``postgresql://...`` a PostgreSQL database, else a folder for SQLite
    (``None``: in memory). A store that cannot be used (a database down, a folder held by another server,
    tables newer than the code) is refused here, in one line (:class:`~jarnac_solver.errors.InvalidInputError`)."""
    if is_database_url(data):
        assert isinstance(data, str)
        try:
            from .pgstore import PostgresStore
        except ImportError:
            raise MissingExtraError(f"--data {data.split(':', 1)[0]}://...: {POSTGRESQL_INSTALL}") from None
        return PostgresStore(data, max_games=max_games, max_bytes=max_bytes)
    return GameStore(data, max_games=max_games, max_bytes=max_bytes)
