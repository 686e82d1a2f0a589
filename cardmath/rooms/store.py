"""The rooms' store: every room, seat and move of a class, in SQLite or PostgreSQL.

The store is the only state shared between the pages of a class (each Voilà page runs in
its own kernel). A room is one game: its deal (game, options, seed), its seats, and its
event log (seat, move text, time), from which the game is replayed by a
:class:`~cardmath.rooms.referee.Referee` (a ``Session``, the only referee) in any process,
after any restart.

Every change is one transaction that takes the room's row first (``BEGIN IMMEDIATE`` on
SQLite, ``SELECT ... FOR UPDATE`` on PostgreSQL), checks the seat key, the turn and the
rules, appends the events and raises the room's ``version`` with
``UPDATE ... WHERE version = <the version read>``: two seats acting at once are applied
one after the other or refused, never both on the same table, and no event is lost.

>>> import tempfile, pathlib
>>> folder = tempfile.mkdtemp()
>>> store = open_store(f"sqlite:///{folder}/rooms.sqlite")
>>> room = store.create_room("demo", players=2, seed=4)
>>> ana, ben = store.join(room.code, "Ana"), store.join(room.code, "Ben")
>>> ana.index, ben.index
(0, 1)
>>> store.view(room.code, ana.token)["legal_actions"][:2]
['pick 7S', 'pick 9S']
>>> store.act(room.code, ben.token, "pick 9S")
Traceback (most recent call last):
  ...
cardmath.rooms.errors.NotYourTurn: it is Player 1's turn (Ana), not yours (Player 2, Ben)
>>> version = store.act(room.code, ana.token, "pick 9S")
>>> store.table(room.code)["version"] == version, store.wait(room.code, 0, 1.0) == version
(True, True)
>>> store.close()
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from cardmath.errors import quoted
from cardmath.rooms.console import ConsoleMixin
from cardmath.rooms.core import (
    CODE_ALPHABET,
    CONNECTED_SECONDS,
    ROOM_LIFETIME,
    SQLITE_WAIT,
    create_tables,
    use_wal,
)
from cardmath.rooms.errors import StoreError
from cardmath.rooms.referee import Referee
from cardmath.rooms.seats import Room, Seat, SeatsMixin
from cardmath.rooms.views import ViewsMixin
from cardmath.rooms.waiting import WaitingMixin

__all__ = [
    "CODE_ALPHABET",
    "CONNECTED_SECONDS",
    "ROOM_LIFETIME",
    "Room",
    "RoomStore",
    "Seat",
    "default_url",
    "open_store",
]


def default_url() -> str:
    """``CARDMATH_ROOMS``, else a SQLite file in the class's data folder
    (``~/.cardmath/rooms.sqlite``, beside the saved games)."""
    configured = os.environ.get("CARDMATH_ROOMS")
    if configured:
        return configured
    return f"sqlite:///{Path.home() / '.cardmath' / 'rooms.sqlite'}"


def open_store(
    url: str | None = None, *, poll_interval: float = 0.02, pool_size: int = 2
) -> RoomStore:
    """The rooms' store at ``url``: ``sqlite:///path/file.sqlite`` (the default, see
    :func:`default_url`) or ``postgresql://user@host/db`` (psycopg 3); or ``service``
    (a JupyterHub's class service: :mod:`cardmath.service`), which answers the same
    calls over HTTP.

    ``poll_interval`` is how often :meth:`RoomStore.wait` looks at a SQLite room (on
    PostgreSQL, waiting pages are woken by ``LISTEN``/``NOTIFY``); ``pool_size`` is how
    many PostgreSQL connections are kept open (four times as many may be opened at
    busy moments).
    """
    url = default_url() if url is None else url
    if isinstance(url, str) and url.startswith("service"):
        from cardmath.service import is_service_url
        from cardmath.service.client import ServiceStore

        if is_service_url(url):
            return ServiceStore.from_url(url)  # type: ignore[return-value]
    return RoomStore(url, poll_interval=poll_interval, pool_size=pool_size)


class RoomStore(SeatsMixin, ViewsMixin, ConsoleMixin, WaitingMixin):
    """Rooms in one database (see :func:`open_store`). Safe to share between threads;
    any number of processes may open the same database.

    Its calls come in parts: opening, joining and moving (:mod:`~cardmath.rooms.seats`),
    what each screen sees (:mod:`~cardmath.rooms.views`), the teacher's console
    (:mod:`~cardmath.rooms.console`), waiting (:mod:`~cardmath.rooms.waiting`), all on the
    transactions of :mod:`~cardmath.rooms.core`."""

    def __init__(self, url: str, *, poll_interval: float = 0.02, pool_size: int = 2) -> None:
        import sqlalchemy as sa
        from sqlalchemy import event

        from cardmath.rooms import schema

        self.url = url
        self.poll_interval = poll_interval
        if not isinstance(url, str):
            raise StoreError(f"a store address is text, not {quoted(url)}")
        if url.startswith("sqlite:///") and len(url) > len("sqlite:///"):
            path = Path(url[len("sqlite:///") :]).expanduser()
            if str(path) == ":memory:":
                raise StoreError("rooms are shared between pages: use a SQLite file, not memory")
            path.parent.mkdir(parents=True, exist_ok=True)
            self.dialect = "sqlite"
            engine = sa.create_engine(  # timeout: SQLite's busy timeout, for every lock
                f"sqlite:///{path}",
                connect_args={"timeout": SQLITE_WAIT, "check_same_thread": False},
            )

            @event.listens_for(engine, "connect")
            def _connect(dbapi: Any, _record: Any) -> None:
                dbapi.isolation_level = None  # transactions are begun below, explicitly
                cursor = dbapi.cursor()
                use_wal(cursor)
                cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.close()

            @event.listens_for(engine, "begin")
            def _begin(connection: Any) -> None:
                writing = connection.get_execution_options().get("cardmath_write", False)
                connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")

        elif url.startswith(("postgresql://", "postgresql+psycopg://", "postgres://")):
            self.dialect = "postgresql"
            rest = url.split("://", 1)[1]
            engine = sa.create_engine(
                f"postgresql+psycopg://{rest}",
                pool_size=pool_size,
                max_overflow=4 * pool_size,
                pool_pre_ping=True,
            )
            self._conninfo = sa.engine.make_url(f"postgresql://{rest}")
        else:
            raise StoreError(
                f"rooms are kept in 'sqlite:///path/rooms.sqlite' or 'postgresql://...', "
                f"not {quoted(url)}"
            )
        self.engine = engine
        self.schema = schema
        create_tables(engine, schema.metadata)
        self._lock = threading.RLock()
        self._referees: dict[str, Referee] = {}
        self._room_locks: dict[str, threading.RLock] = {}
        self._unsaved: set[str] = set()
        self._changed = threading.Condition()
        self._versions: dict[str, int] = {}
        self._listener: threading.Thread | None = None
        self._closing = threading.Event()
        self._listening = threading.Event()
        self._last_tick: dict[str, float] = {}

    def close(self) -> None:
        """Stop listening and close the database connections."""
        self._closing.set()
        if self._listener is not None:
            self._listener.join(timeout=2)
        self.engine.dispose()

    def __enter__(self) -> RoomStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
