"""A study's per-item rows on disk: one table per kind of item, as CSV or Parquet.

CSV needs nothing; Parquet needs the optional ``parquet`` extra (pyarrow).
A file holds every lexicon's rows, told apart by the ``lexicon`` column,
in the columns' documented order (``RACK_COLUMNS``, ``TRAY_COLUMNS``,
``GAME_COLUMNS``).
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import InvalidInputError, MissingExtraError
from .compare import Comparison
from .games import GAME_COLUMNS
from .positions import TRAY_COLUMNS
from .racks import RACK_COLUMNS

__all__ = ["COLUMNS", "FORMATS", "prepare_folder", "write_rows"]

COLUMNS = {"racks": RACK_COLUMNS, "trays": TRAY_COLUMNS, "games": GAME_COLUMNS}
FORMATS = ("csv", "parquet")


def _csv(path: Path, columns: Sequence[str], rows: Sequence[dict[str, Any]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(columns)
        for row in rows:
            writer.writerow(["" if row[c] is None else row[c] for c in columns])


def parquet_module() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise MissingExtraError("Parquet rows need pyarrow: pip install 'jarnac-solver[parquet]'") from None
    return pa, pq


def _parquet(path: Path, columns: Sequence[str], rows: Sequence[dict[str, Any]]) -> None:
    pa, pq = parquet_module()
    table = pa.table({c: [row[c] for row in rows] for c in columns})
    pq.write_table(table, path)


def prepare_folder(directory: str | Path, what: str) -> Path:
    """Make ``directory`` (and its parents) and check that a file can be written in it.

    Called before a study's work, so that a folder that cannot be written is
    said at once, not after hours of work.

    >>> prepare_folder("", "rows")
    Traceback (most recent call last):
    ...
    jarnac_solver.errors.InvalidInputError: the rows folder is an empty path
    """
    if not isinstance(directory, (str, Path)) or not str(directory).strip():
        raise InvalidInputError(f"the {what} folder is an empty path")
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".jarnac-solver-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise InvalidInputError(f"cannot write the {what} folder {folder}: {exc.strerror or exc}") from None
    return folder


def write_rows(comparison: Comparison, directory: str | Path, fmt: str = "csv") -> list[Path]:
    """Write ``racks``, ``trays`` and ``games`` tables (those with rows) into ``directory``; the paths written.

    >>> import tempfile
    >>> from jarnac_solver.studies.compare import compare
    >>> study = compare(["fr"], racks=5, trays=0, games=0, ladders=False)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in write_rows(study, d)]
    ['racks.csv']
    """
    if fmt not in FORMATS:
        raise InvalidInputError(f"rows are written as {' or '.join(FORMATS)}, not {fmt!r}")
    folder = prepare_folder(directory, "rows")
    written = []
    for kind, columns in COLUMNS.items():
        rows = comparison.rows.get(kind, [])
        if not rows:
            continue
        path = folder / f"{kind}.{fmt}"
        try:
            (_csv if fmt == "csv" else _parquet)(path, columns, rows)
        except OSError as exc:
            raise InvalidInputError(f"cannot write {path}: {exc.strerror}") from None
        written.append(path)
    return written
