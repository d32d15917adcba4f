"""A throwaway PostgreSQL cluster for the tests and the benchmark: ``initdb`` in a temporary folder,
listening on a Unix socket in that folder only (no port of the machine taken), stopped and removed at the end.

Run as the user the tests run as, or, under root (PostgreSQL refuses to run as root), as the ``postgres``
user Debian's package makes (``runuser``). Without PostgreSQL's programs, or psycopg, :func:`skip_reason`
says why in one line and the tests that need it are skipped.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

PORT = 5432  # only names the socket file (.s.PGSQL.5432) in the cluster's own folder


def _bin_dir() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]).parent if versions else None


def skip_reason() -> str | None:
    """Why the PostgreSQL tests cannot run here (``None``: they can)."""
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        return "PostgreSQL tests skipped: no psycopg (pip install 'jarnac-solver[server]')"
    if _bin_dir() is None:
        return "PostgreSQL tests skipped: no initdb/pg_ctl (Debian: apt-get install postgresql)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "PostgreSQL tests skipped: running as root and no 'postgres' user to run the cluster as"
    return None


class Cluster:
    """A cluster in ``folder``; :attr:`url` the server's maintenance database, :meth:`database` a new one."""

    def __init__(self, fsync: bool = False) -> None:
        """``fsync``: commits wait for the disk (the benchmark's; the tests' cluster need not survive a crash)."""
        self.fsync = fsync
        bindir = _bin_dir()
        assert bindir is not None
        self.bin = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="jarnac-pg-"))
        self.data = self.folder / "data"
        self.user = "jarnac"
        self._as: list[str] = []
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust", "-E", "UTF8", "--no-sync")
        # max_connections: each server holds a pool and a listening connection, the tests several servers.
        with open(self.data / "postgresql.conf", "a", encoding="utf-8") as conf:
            conf.write("max_connections = 100\n")
        self.made = 0
        self.start()

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run(
            [*self._as, str(self.bin / program), *args], capture_output=True, text=True, timeout=120, check=False
        )
        assert done.returncode == 0, f"{program} failed: {done.stdout}\n{done.stderr}"

    def url(self, name: str = "postgres") -> str:
        return f"postgresql://{self.user}@/{name}?host={self.folder}&port={PORT}"

    def start(self) -> None:
        """Start the server (and wait until it answers)."""
        options = f"-c listen_addresses='' -c unix_socket_directories='{self.folder}' -p {PORT}"
        options += "" if self.fsync else " -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")

    def stop(self) -> None:
        """Stop the server at once (its sessions cut, as a database restarted under the servers)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def database(self) -> str:
        """A new empty database's address."""
        import psycopg

        self.made += 1
        name = f"games{self.made}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def execute(self, url: str, sql: str) -> None:
        """One statement on the database ``url`` (the tests' way into it, beside the store)."""
        import psycopg

        with psycopg.connect(url, autocommit=True) as db:
            db.execute(sql.encode())

    def close(self) -> None:
        with contextlib.suppress(AssertionError):
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def cluster() -> Iterator[Cluster]:
    """A running cluster for the block's time."""
    made = Cluster()
    try:
        yield made
    finally:
        made.close()
