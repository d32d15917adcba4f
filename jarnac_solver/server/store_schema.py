"""The games' tables of the embedded (SQLite) store, version by version, and the one reading of a store's
version both stores share (:func:`schema_steps`).

Key idea: a store's tables are brought from the version they hold to :data:`SCHEMA_VERSION` one step at a
time, each step its own script (:data:`MIGRATIONS`); a store made by a newer version is refused, never
rewritten.
"""

from __future__ import annotations

from ..errors import InvalidInputError

SCHEMA_VERSION = 4
"""The version of the games' tables this code reads and writes (``schema_version``, in both stores). A store
made by an older version is migrated at the start; one made by a newer version is refused, never rewritten."""

# Version 1, as every file made before the version was kept held it (IF NOT EXISTS: such a file is adopted).
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    spec TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    touched REAL NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    player INTEGER NOT NULL,
    action TEXT NOT NULL,
    drew TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
"""
# Version 2: the invitations and transfer links that open a seat once (docs/people.md). A code's or a link's
# digest finds its game; ``closed`` is when it was used or withdrawn (``why``: claimed or withdrawn).
_INVITATIONS = """
CREATE TABLE invitations (
    digest TEXT PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    made REAL NOT NULL,
    closed REAL,
    why TEXT NOT NULL DEFAULT ''
);
CREATE INDEX invitations_game ON invitations (game, seat, kind);
"""
# Version 3: games days a move. ``deadline``: when the seat to act of such a game in progress runs out of
# time (the sweep's index; the game's clock is computed again from its actions' times before it is ended);
# ``at``: when each action was committed (NULL for the actions of older versions).
_DEADLINES = """
ALTER TABLE games ADD COLUMN deadline REAL;
ALTER TABLE actions ADD COLUMN at REAL;
CREATE INDEX games_due ON games (deadline) WHERE over = 0 AND deadline IS NOT NULL;
CREATE INDEX games_finished ON games (touched) WHERE over = 1;
"""
# Version 4: the Web Push subscriptions of a seat's holder (docs/people.md): the push service's endpoint and
# the browser's keys (``keys``: JSON of p256dh and auth), told when it becomes the seat's turn.
_PUSH = """
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    keys TEXT NOT NULL,
    made REAL NOT NULL
);
CREATE INDEX push_game ON push_subscriptions (game, seat);
"""
MIGRATIONS = {1: _SCHEMA, 2: _INVITATIONS, 3: _DEADLINES, 4: _PUSH}
"""The script that brings the tables from the version before to each version (run in one transaction)."""


def schema_steps(found: int, where: str) -> range:
    """The versions to migrate a store through, from its ``found`` version (0: no tables yet) to
    :data:`SCHEMA_VERSION`; a newer store is refused in one line (this code would misread it)."""
    if found > SCHEMA_VERSION:
        raise InvalidInputError(
            f"--data {where}: its games' tables are version {found}, newer than this jarnac-solver's"
            f" {SCHEMA_VERSION}: run the jarnac-solver that made them (pip install -U jarnac-solver)"
        )
    return range(found + 1, SCHEMA_VERSION + 1)
