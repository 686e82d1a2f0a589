"""A throwaway PostgreSQL server for tests and benchmarks (Debian's PostgreSQL 15).

``initdb`` refuses to run as root, so the cluster is made and started as an unprivileged
user (``nobody``, through ``runuser``, when the tests run as root) in a temporary folder
that user owns; the server listens only on a Unix socket in that folder
(``listen_addresses=''``). Start-up takes about half a second.

    with PostgresServer.start() as server:
        store = open_store(server.url)
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


def _bin() -> Path:
    """Where Debian puts initdb and pg_ctl: ``CARDMATH_PG_BIN``, else PostgreSQL 15's
    folder, else the newest ``/usr/lib/postgresql/<version>/bin`` installed."""
    configured = os.environ.get("CARDMATH_PG_BIN")
    if configured:
        return Path(configured)
    preferred = Path("/usr/lib/postgresql/15/bin")
    if (preferred / "initdb").exists():
        return preferred
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    return found[-1].parent if found else preferred


BIN = _bin()


class PostgresMissing(RuntimeError):
    """PostgreSQL's programs are not installed (``apt-get install postgresql``)."""


class PostgresServer:
    """A running PostgreSQL cluster in a temporary folder; :meth:`stop` removes it."""

    def __init__(self, folder: Path, user: str | None) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.user = user
        self.db_user = user or "postgres"

    @property
    def url(self) -> str:
        """A ``postgresql://`` address for :func:`cardmath.rooms.open_store`."""
        return f"postgresql://{self.db_user}@/postgres?host={self.folder}"

    @staticmethod
    def available() -> bool:
        return (BIN / "initdb").exists() and (BIN / "pg_ctl").exists()

    @classmethod
    def start(cls) -> PostgresServer:
        if not cls.available():
            raise PostgresMissing(f"PostgreSQL is not installed ({BIN}/initdb is missing)")
        folder = Path(tempfile.mkdtemp(prefix="cardmath-pg-"))
        user = "nobody" if os.geteuid() == 0 else None
        if user is not None:
            shutil.chown(folder, user)
        folder.chmod(0o700)
        server = cls(folder, user)
        try:
            server._run(
                str(BIN / "initdb"), "-D", str(server.data), "-U", server.db_user,
                "-A", "trust", "-E", "UTF8", "--no-sync",
            )  # fmt: skip
            options = f"-k {folder} -c listen_addresses='' -c fsync=off -c max_connections=200"
            server._run(
                str(BIN / "pg_ctl"), "-D", str(server.data), "-l", str(folder / "log"),
                "-o", options, "-w", "-t", "30", "start",
            )  # fmt: skip
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        return server

    def _run(self, *command: str) -> None:
        if self.user is not None:
            command = ("runuser", "-u", self.user, "--", *command)
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            log = self.folder / "log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{' '.join(command)} failed ({result.returncode}):\n"
                f"{result.stdout[-2000:]}{result.stderr[-2000:]}{tail}"
            )

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete its folder."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run(str(BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            for _ in range(20):
                shutil.rmtree(self.folder, ignore_errors=True)
                if not self.folder.exists():
                    break
                time.sleep(0.1)

    @contextlib.contextmanager
    def database(self, prefix: str) -> Iterator[str]:
        """A new database named ``prefix_`` and a random suffix, as a ``postgresql://``
        address; dropped (its connections closed) afterwards."""
        import psycopg

        name = f"{prefix}_{secrets.token_hex(4)}"
        admin = f"host={self.folder} user={self.db_user} dbname=postgres"
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        try:
            yield f"postgresql://{self.db_user}@/{name}?host={self.folder}"
        finally:
            with psycopg.connect(admin, autocommit=True) as connection:
                connection.execute(f"DROP DATABASE {name} WITH (FORCE)")

    def __enter__(self) -> PostgresServer:
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()
