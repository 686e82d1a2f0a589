"""The rooms' store core: the versioned write every change goes through, and the game
each room replays from its event log.

Every change is one transaction that takes the room's row first (``BEGIN IMMEDIATE`` on
SQLite, ``SELECT ... FOR UPDATE`` on PostgreSQL), checks the seat key, the turn and the
rules, appends the events and raises the room's ``version`` with
``UPDATE ... WHERE version = <the version read>``: two seats acting at once are applied
one after the other or refused, never both on the same table, and no event is lost.
The in-memory game of a room is dropped when its transaction fails, and replayed from the
log at the next call.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from cardmath import codec
from cardmath.errors import quoted
from cardmath.games import get_game
from cardmath.rooms.errors import (
    BadName,
    BadToken,
    RoomExpired,
    RoomNotFound,
    SeatRemoved,
    StaleMove,
    StoreError,
)
from cardmath.rooms.referee import Referee, decode_action, encode_action

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

__all__ = [
    "BOT_CHUNK",
    "CHANNEL",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "COMPUTER",
    "CONNECTED_SECONDS",
    "EMPTY",
    "ENDED",
    "HUMAN",
    "MAX_NAME",
    "MAX_WAIT",
    "PAUSED",
    "PLAYING",
    "ROOM_LIFETIME",
    "TAKE_OVER",
    "WAIT",
    "Change",
    "Record",
    "StoreCore",
    "clean_name",
    "hash_token",
    "normal_code",
    "now",
]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Room codes use these 32 characters: no 0/O or 1/I to confuse on a projector."""

CODE_LENGTH = 5
"""Characters in a new room code (32**5, about 33 million codes)."""

CONNECTED_SECONDS = 15.0
"""A seat counts as connected when its page touched the room this recently."""

ROOM_LIFETIME = 24 * 3600.0
"""A room nobody has changed for this long has expired (its code is refused)."""

MAX_NAME = 24
"""Longest name a student can sit down with."""

BOT_CHUNK = 40
"""Most computer moves one transaction makes: longer stretches of computer play go on in
further transactions, so the other rooms' moves (and the screens) are not held up."""

MAX_WAIT = 600.0
"""Longest single :meth:`RoomStore.wait`, in seconds."""

CHANNEL = "cardmath_rooms"
"""The PostgreSQL channel that announces every new version (payload ``CODE VERSION``)."""

HUMAN, EMPTY, COMPUTER = "human", "empty", "computer"
WAIT, TAKE_OVER = "wait", "computer"
PLAYING, PAUSED, ENDED = "playing", "paused", "ended"


class Record(SimpleNamespace):
    """A row read from the store (attributes by column name)."""

    def but(self, **values: Any) -> Record:
        """A copy with ``values`` changed."""
        return Record(**{**vars(self), **values})


Change = Callable[[Any, Any, list[Any], Referee], "dict[str, Any] | None"]
"""A teacher's change: ``change(connection, row, seats, referee)`` returns the room's
new values (see :meth:`StoreCore._teacher_change`)."""


def hash_token(token: str) -> str:
    """What the store keeps of a seat's key (never the key itself)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def now() -> float:
    """The store's clock (seconds since the epoch)."""
    return time.time()


def normal_code(code: Any) -> str:
    """A room code as typed (spaces and lower case forgiven), or :class:`RoomNotFound`.

    >>> normal_code(" ab2cd ")
    'AB2CD'
    """
    if not isinstance(code, str) or not 1 <= len(code.strip()) <= 12:
        raise RoomNotFound(
            f"a room code is 4 to 6 letters and digits, like 'K7QX2', not {quoted(code)}"
        )
    return code.strip().upper().replace(" ", "")


def clean_name(name: Any) -> str:
    """A student's name as the table shows it, or :class:`BadName` saying why not.

    >>> clean_name("  Ana  Lopez ")
    'Ana Lopez'
    """
    if not isinstance(name, str):
        raise BadName(f"a name is text, like 'Ana', not {quoted(name)}")
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise BadName("type your name (or a nickname) to sit down")
    if len(text) > MAX_NAME:
        raise BadName(f"a name is at most {MAX_NAME} characters, not {len(text)}")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise BadName("a name cannot hold control characters")
    return text


@contextlib.contextmanager
def write_transaction(engine: Any) -> Iterator[Any]:
    """One write transaction on the class store's ``engine`` (SQLite: ``BEGIN IMMEDIATE``,
    one writer at a time; PostgreSQL: an ordinary transaction). Rooms and the class
    record both write through it."""
    with engine.connect() as connection:
        connection = connection.execution_options(cardmath_write=True)
        with connection.begin():
            yield connection


SQLITE_WAIT = 30.0
"""Seconds a SQLite connection waits for another process's lock (its busy timeout)."""


def use_wal(cursor: Any, seconds: float = SQLITE_WAIT, pause: float = 0.02) -> None:
    """Put a SQLite store in write-ahead-log mode on a new connection's ``cursor``.

    The mode is kept in the file: the first connection switches it, the others find it.
    The switch needs the file to itself, and while another connection opening the same
    new file holds a lock SQLite may refuse it at once ("database is locked") instead of
    waiting its busy timeout: eight processes opening a new store together were refused
    8 times in 2,400 openings. The switch is asked again until ``seconds`` have passed.

    >>> import sqlite3, tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "rooms.sqlite"
    >>> cursor = sqlite3.connect(path).cursor()
    >>> use_wal(cursor); cursor.execute("PRAGMA journal_mode").fetchone()[0]
    'wal'
    """
    import sqlite3

    deadline = time.monotonic() + seconds
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() >= deadline:
                raise
            time.sleep(pause)


# PostgreSQL's advisory lock for making the tables (any number, the same in every process)
_TABLES_LOCK = 0x63617264  # "card"


def create_tables(engine: Any, metadata: Any) -> None:
    """Make ``metadata``'s tables in the class store if they are missing, one process at a
    time: a class server starts its warm kernels and a teacher opens their page in the
    same second, and every one of them makes the tables of a new store. Checking and
    making happen in one write transaction (SQLite: ``BEGIN IMMEDIATE``, which waits its
    turn; PostgreSQL: under an advisory lock held to the commit), so the second process
    finds the tables the first made, rather than failing on them."""
    import sqlalchemy as sa

    with write_transaction(engine) as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _TABLES_LOCK})
        metadata.create_all(connection)


@contextlib.contextmanager
def read_transaction(engine: Any) -> Iterator[Any]:
    """One read transaction on the class store's ``engine``."""
    with engine.connect() as connection, connection.begin():
        yield connection


class StoreCore:
    """The transactions, versions and in-memory games every part of
    :class:`~cardmath.rooms.store.RoomStore` builds on (set up by its ``__init__``)."""

    url: str
    poll_interval: float
    dialect: str
    engine: Engine
    schema: Any
    _conninfo: Any
    _lock: threading.RLock
    _referees: dict[str, Referee]
    _room_locks: dict[str, threading.RLock]
    _unsaved: set[str]
    _changed: threading.Condition
    _versions: dict[str, int]
    _listener: threading.Thread | None
    _closing: threading.Event
    _listening: threading.Event
    _last_tick: dict[str, float]

    # --- transactions --------------------------------------------------------------

    def _write(self) -> contextlib.AbstractContextManager[Any]:
        """One write transaction (SQLite: ``BEGIN IMMEDIATE``, one writer at a time)."""
        return write_transaction(self.engine)

    def _read(self) -> contextlib.AbstractContextManager[Any]:
        return read_transaction(self.engine)

    def _room_row(self, connection: Any, code: str, *, lock: bool = False) -> Any:
        query = self.schema.room_for_update if lock else self.schema.room_by_code
        found = connection.execute(query, {"code": code}).first()
        if found is None:
            raise RoomNotFound(
                f"there is no room {code}: check the code on the projector and type it again"
            )
        row = Record(**found._mapping)
        if row.updated + ROOM_LIFETIME < now():
            raise RoomExpired(f"room {code} has expired: ask your teacher for today's code")
        return row

    def _seat_rows(self, connection: Any, code: str) -> list[Any]:
        rows = connection.execute(self.schema.seats_of_room, {"code": code})
        return [Record(**found._mapping) for found in rows]

    def _seat_of(
        self, connection: Any, code: str, token: Any, seats: list[Any] | None = None
    ) -> Any:
        """The seat row whose key is ``token``, or :class:`BadToken`/:class:`SeatRemoved`."""
        if not isinstance(token, str) or not 8 <= len(token) <= 200:
            raise BadToken(
                f"this page's seat key is not one room {code} gave out: join again with your name"
            )
        wanted = hash_token(token)
        for row in self._seat_rows(connection, code) if seats is None else seats:
            if row.token_hash and hmac.compare_digest(row.token_hash, wanted):
                return row
            if row.removed_hash and hmac.compare_digest(row.removed_hash, wanted):
                raise SeatRemoved(
                    f"your teacher has taken you off seat {row.seat + 1} of room {code}: "
                    "ask them before you join again"
                )
        raise BadToken(
            f"this page's seat key is not one room {code} gave out: join again with your name"
        )

    def _bump(self, connection: Any, row: Any, **values: Any) -> int:
        """Raise the room's version (checked against the version read: a concurrent
        change makes this a refusal, never a lost update); returns the new version."""
        rooms = self.schema.rooms
        version = int(row.version) + 1
        if set(values) == {"moves"}:  # a move: the statement built once
            bound = {"b_code": row.code, "b_version": row.version, "b_next": version}
            bound.update(b_updated=now(), b_moves=values["moves"])
            result = connection.execute(self.schema.room_moved, bound)
        else:
            result = connection.execute(
                rooms.update()
                .where(rooms.c.code == row.code, rooms.c.version == row.version)
                .values(version=version, updated=now(), **values)
            )
        if result.rowcount != 1:
            raise StaleMove(
                f"room {row.code} changed while this was being done: look at the table again"
            )
        if self.dialect == "postgresql":
            connection.execute(
                self.schema.notify, {"channel": CHANNEL, "payload": f"{row.code} {version}"}
            )
        return version

    def _announce(self, code: str, version: int) -> None:
        with self._changed:
            if version > self._versions.get(code, -1):
                self._versions[code] = version
            self._changed.notify_all()

    # --- the game in memory --------------------------------------------------------

    def _referee(self, connection: Any, row: Any) -> Referee:
        """The room's game replayed up to the row's move count (kept between calls)."""
        with self._lock:
            referee = self._referees.get(row.code)
            if referee is None or referee.moves > row.moves:
                options = {k: codec.from_data(v) for k, v in json.loads(row.options).items()}
                referee = Referee(get_game(row.game, **options), row.seed)
                self._referees[row.code] = referee
            if referee.moves < row.moves:
                query = self.schema.events_after
                bounds = {"code": row.code, "after": referee.moves, "upto": row.moves}
                for event in connection.execute(query, bounds):
                    if event.seq != referee.moves + 1:
                        raise StoreError(f"room {row.code}: move {referee.moves + 1} is missing")
                    state = referee.state
                    referee.apply(event.seat, decode_action(state, event.action))
            return referee

    def _forget(self, code: str) -> None:
        with self._lock:
            self._referees.pop(code, None)

    def _run_bots(self, connection: Any, row: Any, seats: list[Any], referee: Referee) -> int:
        """Computer players move until a person must, or the game ends; their moves are
        appended to the log. Returns how many moves were made."""
        if row.status != PLAYING:
            return 0
        made = 0
        by_seat = {seat.seat: seat for seat in seats}
        while made < BOT_CHUNK:
            player = referee.current_player
            if player is None or by_seat[player].kind != COMPUTER:
                break
            before = referee.state
            action = referee.bot_action(player, by_seat[player].bot)
            self._apply(row.code, referee, player, action)
            self._append(connection, row.code, row.moves + made + 1, player, before, action)
            made += 1
        return made

    def _apply(self, code: str, referee: Referee, seat: int, action: Any) -> Any:
        """``referee.apply`` inside a change of ``code``, remembering whether the game in
        memory moved (then a rollback must drop it; a refusal leaves it as it was)."""
        moves = referee.moves
        try:
            return referee.apply(seat, action)
        finally:
            if referee.moves != moves:
                self._unsaved.add(code)

    def _append(
        self, connection: Any, code: str, seq: int, seat: int, before: Any, action: Any
    ) -> None:
        connection.execute(
            self.schema.add_event,
            {
                "code": code,
                "seq": seq,
                "seat": seat,
                "action": encode_action(before, action),
                "at": now(),
            },
        )

    @contextlib.contextmanager
    def _changing(self, code: str) -> Iterator[Any]:
        """A write transaction on ``code`` whose in-memory game is thrown away if anything
        fails (the database rolls back; the next call replays from the log)."""
        with self._room_lock(code):
            try:
                with self._write() as connection:
                    yield connection
            except BaseException:
                # a refusal before any move leaves the game in memory as it was; after
                # a move it no longer matches the log and is replayed at the next call
                if code in self._unsaved:
                    self._forget(code)
                raise
            finally:
                self._unsaved.discard(code)

    @contextlib.contextmanager
    def _reading(self, code: str) -> Iterator[Any]:
        """A read transaction on ``code``, never while this process changes that room
        (so a page never sees a move that is not yet committed)."""
        with self._room_lock(code), self._read() as connection:
            yield connection

    def _room_lock(self, code: str) -> threading.RLock:
        with self._lock:
            lock = self._room_locks.get(code)
            if lock is None:
                lock = self._room_locks[code] = threading.RLock()
            return lock

    def _set_seat(self, connection: Any, code: str, index: int, **values: Any) -> None:
        seats = self.schema.seats
        connection.execute(
            seats.update().where(seats.c.code == code, seats.c.seat == index).values(**values)
        )

    # --- changes that run computer players ----------------------------------------

    def _teacher_change(self, code: str, change: Change, *, drive: bool = True) -> int:
        """Apply ``change(connection, row, seats, referee) -> dict of room values`` in one
        transaction, run computer players if they are to move, raise the version."""
        code = normal_code(code)
        with self._changing(code) as connection:
            row = self._room_row(connection, code, lock=True)
            seats = self._seat_rows(connection, code)
            referee = self._referee(connection, row)
            values = change(connection, row, seats, referee) or {}
            row = row.but(**values)
            seats = self._seat_rows(connection, code)
            made = self._run_bots(connection, row, seats, referee)
            version = self._bump(connection, row, moves=row.moves + made, **values)
        self._announce(code, version)
        return self._drive_bots(code, version) if drive else version

    def _bots_due(self, code: str) -> bool:
        """Whether a computer player is to move in a room where play goes on."""
        with self._reading(code) as connection:
            row = self._room_row(connection, code)
            if row.status != PLAYING:
                return False
            player = self._referee(connection, row).current_player
            return player is not None and self._seat_rows(connection, code)[player].kind == COMPUTER

    def _drive_bots(self, code: str, version: int) -> int:
        """Let computer players move, :data:`BOT_CHUNK` moves a transaction, until a
        person must act or the game ends; returns the room's version after the last
        stretch (``version`` when there was none)."""
        while self._bots_due(code):
            version = self._teacher_change(code, lambda *_: {}, drive=False)
        return version
