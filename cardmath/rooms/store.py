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

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import threading
import time
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from cardmath import codec
from cardmath.bots import bot_names
from cardmath.errors import CardMathError, IllegalMove, OptionError, checked_text, quoted
from cardmath.games import GAMES, get_game
from cardmath.rooms.errors import (
    BadName,
    BadToken,
    NameTaken,
    NotYourTurn,
    RoomClosed,
    RoomError,
    RoomExpired,
    RoomFull,
    RoomLocked,
    RoomNotFound,
    RoomPaused,
    SeatRemoved,
    StaleMove,
    StoreError,
)
from cardmath.rooms.referee import Referee, decode_action, encode_action, plain

__all__ = [
    "CODE_ALPHABET",
    "CONNECTED_SECONDS",
    "Room",
    "RoomStore",
    "Seat",
    "default_url",
    "open_store",
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


@dataclass(frozen=True)
class Room:
    """A room just opened: its ``code`` (what students type), game, players and seed."""

    code: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]


@dataclass(frozen=True)
class Seat:
    """A seat taken: the room's ``code``, the seat's ``index`` (0 is Player 1), the name,
    and the secret ``token`` the student's page keeps to act and to come back."""

    code: str
    index: int
    name: str
    token: str = ""

    def __repr__(self) -> str:  # the token is a secret: never printed
        return f"Seat(code={self.code!r}, index={self.index}, name={self.name!r})"


def default_url() -> str:
    """``CARDMATH_ROOMS``, else a SQLite file in the class's data folder
    (``~/.cardmath/rooms.sqlite``, beside the saved games)."""
    configured = os.environ.get("CARDMATH_ROOMS")
    if configured:
        return configured
    return f"sqlite:///{Path.home() / '.cardmath' / 'rooms.sqlite'}"


def open_store(url: str | None = None, *, poll_interval: float = 0.02) -> RoomStore:
    """The rooms' store at ``url``: ``sqlite:///path/file.sqlite`` (the default, see
    :func:`default_url`) or ``postgresql://user@host/db`` (psycopg 3).

    ``poll_interval`` is how often :meth:`RoomStore.wait` looks at a SQLite room (on
    PostgreSQL, waiting pages are woken by ``LISTEN``/``NOTIFY``).
    """
    return RoomStore(default_url() if url is None else url, poll_interval=poll_interval)


class Record(SimpleNamespace):
    """A row read from the store (attributes by column name)."""

    def but(self, **values: Any) -> Record:
        """A copy with ``values`` changed."""
        return Record(**{**vars(self), **values})


def _status_change(status: str) -> Any:
    """A teacher's change that pauses or resumes a room (an ended room stays ended)."""

    def change(_connection: Any, row: Any, _seats: Any, _referee: Any) -> dict[str, Any]:
        if row.status == ENDED:
            raise RoomClosed(f"the game in room {row.code} has ended")
        return {"status": status}

    return change


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _now() -> float:
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


class RoomStore:
    """Rooms in one database (see :func:`open_store`). Safe to share between threads;
    any number of processes may open the same database."""

    def __init__(self, url: str, *, poll_interval: float = 0.02) -> None:
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
            engine = sa.create_engine(
                f"sqlite:///{path}", connect_args={"timeout": 30, "check_same_thread": False}
            )

            @event.listens_for(engine, "connect")
            def _connect(dbapi: Any, _record: Any) -> None:
                dbapi.isolation_level = None  # transactions are begun below, explicitly
                cursor = dbapi.cursor()
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.execute("PRAGMA busy_timeout=30000")
                cursor.close()

            @event.listens_for(engine, "begin")
            def _begin(connection: Any) -> None:
                writing = connection.get_execution_options().get("cardmath_write", False)
                connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")

        elif url.startswith(("postgresql://", "postgresql+psycopg://", "postgres://")):
            self.dialect = "postgresql"
            rest = url.split("://", 1)[1]
            engine = sa.create_engine(
                f"postgresql+psycopg://{rest}", pool_size=2, max_overflow=8, pool_pre_ping=True
            )
            self._conninfo = sa.engine.make_url(f"postgresql://{rest}")
        else:
            raise StoreError(
                f"rooms are kept in 'sqlite:///path/rooms.sqlite' or 'postgresql://...', "
                f"not {quoted(url)}"
            )
        self.engine = engine
        self.schema = schema
        with contextlib.suppress(Exception):  # another process may create them at once
            schema.metadata.create_all(engine)
        schema.metadata.create_all(engine)
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

    # --- transactions --------------------------------------------------------------

    @contextlib.contextmanager
    def _write(self) -> Iterator[Any]:
        """One write transaction (SQLite: ``BEGIN IMMEDIATE``, one writer at a time)."""
        with self.engine.connect() as connection:
            connection = connection.execution_options(cardmath_write=True)
            with connection.begin():
                yield connection

    @contextlib.contextmanager
    def _read(self) -> Iterator[Any]:
        with self.engine.connect() as connection, connection.begin():
            yield connection

    def _room_row(self, connection: Any, code: str, *, lock: bool = False) -> Any:
        query = self.schema.room_for_update if lock else self.schema.room_by_code
        found = connection.execute(query, {"code": code}).first()
        if found is None:
            raise RoomNotFound(
                f"there is no room {code}: check the code on the projector and type it again"
            )
        row = Record(**found._mapping)
        if row.updated + ROOM_LIFETIME < _now():
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
        wanted = _hash(token)
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
            bound.update(b_updated=_now(), b_moves=values["moves"])
            result = connection.execute(self.schema.room_moved, bound)
        else:
            result = connection.execute(
                rooms.update()
                .where(rooms.c.code == row.code, rooms.c.version == row.version)
                .values(version=version, updated=_now(), **values)
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
                "at": _now(),
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

    # --- opening and joining -------------------------------------------------------

    def create_room(
        self,
        game: str,
        players: int = 2,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        code: str | None = None,
    ) -> Room:
        """Open a room for ``game`` with ``players`` seats, all empty: the same deal as
        ``get_game(game, players=players, **options).new_state(seed=seed)``
        (``seed=None``: a fresh one). ``code`` chooses the room's code (4 to 6 of
        :data:`CODE_ALPHABET`), else a fresh one is drawn. Refused with
        :class:`OptionError` as the game refuses its options, or when the code is taken."""
        if not isinstance(game, str) or game not in GAMES:
            raise OptionError(f"there is no game {quoted(game)}; the games are {', '.join(GAMES)}")
        chosen = dict(options or {})
        if "players" in chosen and chosen["players"] != players:
            raise OptionError(
                f"players is given twice: {quoted(players)} and {quoted(chosen['players'])}"
            )
        chosen["players"] = players
        engine_game = get_game(game, **chosen)
        referee = Referee(engine_game, engine_game.new_state(seed).seed)
        saved = {
            f.name: codec.to_data(getattr(engine_game.options, f.name))
            for f in fields(engine_game.options)
        }
        now = _now()
        if code is not None:
            code = normal_code(code)
            if not 4 <= len(code) <= 6 or set(code) - set(CODE_ALPHABET):
                raise OptionError(
                    f"a room code is 4 to 6 of {CODE_ALPHABET} (no 0, O, 1 or I), not {quoted(code)}"
                )
        from sqlalchemy.exc import IntegrityError

        for _ in range(50):
            wanted = code or "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with self._write() as connection:
                    if connection.execute(
                        self.schema.rooms.select().where(self.schema.rooms.c.code == wanted)
                    ).first():
                        if code:
                            raise OptionError(f"room {code} already exists")
                        continue
                    connection.execute(
                        self.schema.rooms.insert().values(
                            code=wanted,
                            game=game,
                            options=json.dumps(saved, separators=(",", ":")),
                            seed=referee.seed,
                            players=engine_game.options.players,
                            version=1,
                            moves=0,
                            status=PLAYING,
                            locked=False,
                            anonymous=False,
                            leave_policy=WAIT,
                            leave_seconds=120,
                            leave_bot="random",
                            created=now,
                            updated=now,
                        )
                    )
                    connection.execute(
                        self.schema.seats.insert(),
                        [
                            {"code": wanted, "seat": index, "kind": EMPTY, "bot": "", "seen": 0.0}
                            for index in range(engine_game.options.players)
                        ],
                    )
            except IntegrityError:  # another process took this code at the same moment
                if code:
                    raise OptionError(f"room {code} already exists") from None
                continue
            with self._lock:
                self._referees[wanted] = referee
            return Room(wanted, game, engine_game.options.players, referee.seed, plain(saved))
        raise StoreError("no free room code was found: try again")

    def join(self, code: str, name: str) -> Seat:
        """Sit ``name`` at the first free seat of room ``code``; the :class:`Seat` holds
        the secret token the page keeps. Refused when the code is wrong or expired, the
        game ended, joining is locked, the room is full or the name is taken."""
        code = normal_code(code)
        name = clean_name(name)
        token = secrets.token_urlsafe(18)
        with self._changing(code) as connection:
            row = self._room_row(connection, code, lock=True)
            if row.status == ENDED:
                raise RoomClosed(
                    f"the game in room {code} has ended: ask your teacher for a new code"
                )
            if row.locked:
                raise RoomLocked(f"your teacher has locked room {code}: ask them to let you in")
            seats = self._seat_rows(connection, code)
            for seat in seats:
                if seat.kind != EMPTY and (seat.name or "").casefold() == name.casefold():
                    raise NameTaken(
                        f"{seat.name} is already at this table: if that is you, reload your "
                        "first page (it keeps your seat); if not, add your initial"
                    )
            free = [seat for seat in seats if seat.kind == EMPTY]
            if not free:
                raise RoomFull(f"room {code} is full: all {row.players} seats are taken")
            index = free[0].seat
            self._set_seat(
                connection,
                code,
                index,
                kind=HUMAN,
                name=name,
                token_hash=_hash(token),
                removed_hash=None,
                seen=_now(),
                away=False,
            )
            version = self._bump(connection, row)
        self._announce(code, version)
        return Seat(code, index, name, token)

    def seat(self, code: str, token: str) -> Seat:
        """The seat a page's token holds (a reload, a second tab, a laptop waking up all
        come back to the same seat); refused with :class:`BadToken` otherwise. The
        returned seat carries the same token."""
        code = normal_code(code)
        with self._read() as connection:
            self._room_row(connection, code)
            row = self._seat_of(connection, code, token)
        return Seat(code, row.seat, row.name or "", token)

    def touch(self, code: str, token: str) -> None:
        """The page of this seat is open (call every few seconds): the seat counts as
        connected for :data:`CONNECTED_SECONDS`. A seat a computer took over because its
        student was away is given back."""
        code = normal_code(code)
        with self._changing(code) as connection:
            self._room_row(connection, code, lock=True)
            row = self._seat_of(connection, code, token)
            if row.away and row.kind == COMPUTER:
                room = self._room_row(connection, code)
                self._set_seat(connection, code, row.seat, kind=HUMAN, away=False, seen=_now())
                version = self._bump(connection, room)
            else:
                self._set_seat(connection, code, row.seat, seen=_now())
                version = None
        if version is not None:
            self._announce(code, version)

    def _set_seat(self, connection: Any, code: str, index: int, **values: Any) -> None:
        seats = self.schema.seats
        connection.execute(
            seats.update().where(seats.c.code == code, seats.c.seat == index).values(**values)
        )

    # --- playing -------------------------------------------------------------------

    def act(self, code: str, token: str, text: str, *, version: int | None = None) -> int:
        """The seat holding ``token`` makes the move ``text`` (what ``parse_action`` reads,
        like ``"bid 17R"``); computer players then move until a person must. Returns the
        room's new version.

        Refused, with nothing changed, when the key is wrong, the room is paused or ended,
        it is not this seat's turn, the rules forbid the move, or ``version`` (the version
        the page showed) is no longer the room's: a double click or a second tab.
        """
        code = normal_code(code)
        checked_text(text, "a move", "play 7H", error=IllegalMove, rule="legal moves")
        with self._changing(code) as connection:
            row = self._room_row(connection, code, lock=True)
            seats = self._seat_rows(connection, code)
            seat = self._seat_of(connection, code, token, seats)
            if version is not None and version != row.version:
                raise StaleMove(
                    "the table changed since your screen showed it (a double click or another "
                    "tab?): your move was not made twice; look at the table again"
                )
            if row.status == PAUSED:
                raise RoomPaused(f"your teacher has paused room {code}: wait for them to resume")
            if row.status == ENDED:
                raise RoomClosed(f"your teacher has ended the game in room {code}")
            referee = self._referee(connection, row)
            mover = referee.current_player
            if mover is not None and mover != seat.seat:
                who = seats[mover].name or (
                    "a computer player" if seats[mover].kind == COMPUTER else "an empty seat"
                )
                raise NotYourTurn(
                    f"it is Player {mover + 1}'s turn ({who}), not yours "
                    f"(Player {seat.seat + 1}, {seat.name})"
                )
            before = referee.state
            action = self._apply(code, referee, seat.seat, text)
            self._append(connection, code, row.moves + 1, seat.seat, before, action)
            made = 1 + self._run_bots(connection, row.but(moves=row.moves + 1), seats, referee)
            seen = {"b_code": code, "b_seat": seat.seat, "b_seen": _now()}
            connection.execute(self.schema.seat_seen, seen)
            new_version = self._bump(connection, row, moves=row.moves + made)
        self._announce(code, new_version)
        return self._drive_bots(code, new_version)

    def wait(self, code: str, version: int, timeout: float = 30.0) -> int:
        """Return the room's version as soon as it is past ``version``, or at ``timeout``
        seconds (then the version may still be ``version``). PostgreSQL wakes waiters by
        ``NOTIFY``; SQLite is looked at every ``poll_interval`` seconds."""
        code = normal_code(code)
        if isinstance(version, bool) or not isinstance(version, int):
            raise RoomError(f"a room's version is a whole number, not {quoted(version)}")
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
            raise RoomError(f"a wait is a number of seconds, not {quoted(timeout)}")
        deadline = time.monotonic() + min(max(0.0, float(timeout)), MAX_WAIT)
        current = self.version(code)
        if self.dialect == "postgresql":
            self._listen()
        while current <= version:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            with self._changed:
                known = self._versions.get(code, -1)
                if known <= version:
                    pause = self.poll_interval if self.dialect == "sqlite" else 0.5
                    self._changed.wait(min(remaining, pause))
            self._maybe_tick(code)
            current = self.version(code)
        return current

    def version(self, code: str) -> int:
        """The room's version: it goes up at every move, join and teacher's change."""
        code = normal_code(code)
        with self._read() as connection:
            found = connection.execute(self.schema.version_of_room, {"code": code}).first()
        if found is None or found.updated + ROOM_LIFETIME < _now():
            with self._read() as connection:
                self._room_row(connection, code)  # the sentence that says why
        version = int(found.version)
        with self._changed:
            if version > self._versions.get(code, -1):
                self._versions[code] = version
        return version

    # --- what each screen sees -----------------------------------------------------

    def view(self, code: str, token: str) -> dict[str, Any]:
        """What the seat holding ``token`` may see, as JSON-able data: its own observation
        (cards by name), its legal moves when it is its turn, the seats (as "Player N"
        when the teacher anonymised the room; ``name`` is the seat's own), and the log
        lines it may read. Never another seat's hidden card."""
        code = normal_code(code)
        with self._reading(code) as connection:
            row = self._room_row(connection, code)
            seats = self._seat_rows(connection, code)
            seat = self._seat_of(connection, code, token, seats)
            referee = self._referee(connection, row)
            state = referee.state
            mover = referee.current_player
            data = self._common(row, seats, referee, real_names=False)
            data.update(
                {
                    "seat": seat.seat,
                    "name": seat.name,
                    "your_turn": mover == seat.seat and row.status == PLAYING,
                    "legal_actions": [str(a) for a in state.legal_actions()]
                    if mover == seat.seat
                    else [],
                    "observation": referee.seat_fields(seat.seat),
                    "log": referee.log_for(seat.seat),
                }
            )
        return data

    def observation(self, code: str, token: str) -> Any:
        """The engine's own observation of the seat holding ``token`` (the object a
        game's presenter or bot reads), for pages that draw with the game's widgets."""
        code = normal_code(code)
        with self._reading(code) as connection:
            row = self._room_row(connection, code)
            seat = self._seat_of(connection, code, token)
            return self._referee(connection, row).state.observation(seat.seat)

    def table(self, code: str, *, real_names: bool = False) -> dict[str, Any]:
        """The public table (for the projector) as JSON-able data: the room's ``version``,
        status, seats, whose turn, the observation fields every seat sees alike, and the
        log lines every seat may read. Names are "Player N" when the teacher anonymised
        the room, unless ``real_names`` (the teacher's console)."""
        code = normal_code(code)
        with self._reading(code) as connection:
            row = self._room_row(connection, code)
            seats = self._seat_rows(connection, code)
            referee = self._referee(connection, row)
            data = self._common(row, seats, referee, real_names=real_names)
            data["public"] = referee.public_fields()
            data["log"] = referee.log_for(None)
        return data

    def _common(
        self, row: Any, seats: list[Any], referee: Referee, *, real_names: bool
    ) -> dict[str, Any]:
        state = referee.state
        now = _now()
        hidden = row.anonymous and not real_names
        data: dict[str, Any] = {
            "code": row.code,
            "game": row.game,
            "title": referee.game.title,
            "players": row.players,
            "version": row.version,
            "moves": row.moves,
            "status": row.status,
            "locked": bool(row.locked),
            "anonymous": bool(row.anonymous),
            "current_player": referee.current_player,
            "is_terminal": state.is_terminal,
            "seats": [
                {
                    "index": seat.seat,
                    "name": (f"Player {seat.seat + 1}" if hidden or not seat.name else seat.name),
                    "kind": seat.kind,
                    "away": bool(seat.away),
                    "connected": seat.kind == HUMAN and now - seat.seen <= CONNECTED_SECONDS,
                }
                for seat in seats
            ],
            "outcome": None,
        }
        if state.is_terminal:
            outcome = state.outcome()
            data["outcome"] = {
                "winners": list(outcome.winners),
                "scores": plain(outcome.scores),
                "summary": outcome.summary,
            }
        return data

    # --- the teacher's console -----------------------------------------------------

    def rooms(self, *, include_ended: bool = False) -> list[dict[str, Any]]:
        """Every open room, newest first: code, game, players, seed, status, locked,
        version, moves, and each seat's real name, kind and whether its page is connected.
        For the teacher only: the seed deals every hand."""
        with self._read() as connection:
            query = self.schema.rooms.select().order_by(self.schema.rooms.c.created.desc())
            rows = [
                r
                for r in connection.execute(query)
                if (include_ended or r.status != ENDED) and r.updated + ROOM_LIFETIME >= _now()
            ]
            seats = self.schema.seats
            all_seats: dict[str, list[Any]] = {}
            for seat in connection.execute(seats.select().order_by(seats.c.seat)):
                all_seats.setdefault(seat.code, []).append(seat)
        now = _now()
        return [
            {
                "code": r.code,
                "game": r.game,
                "players": r.players,
                "seed": r.seed,
                "status": r.status,
                "locked": bool(r.locked),
                "anonymous": bool(r.anonymous),
                "version": r.version,
                "moves": r.moves,
                "leave_policy": r.leave_policy,
                "leave_seconds": r.leave_seconds,
                "seats": [
                    {
                        "index": s.seat,
                        "name": s.name or "",
                        "kind": s.kind,
                        "away": bool(s.away),
                        "connected": s.kind == HUMAN and now - s.seen <= CONNECTED_SECONDS,
                    }
                    for s in all_seats.get(r.code, [])
                ],
            }
            for r in rows
        ]

    def _teacher_change(self, code: str, change: Any, *, drive: bool = True) -> int:
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

    def pause(self, code: str) -> int:
        """Pause the room: moves are refused with a sentence until :meth:`resume`."""
        return self._teacher_change(code, _status_change(PAUSED))

    def resume(self, code: str) -> int:
        """Let play go on in a paused room (computer players to move then move)."""
        return self._teacher_change(code, _status_change(PLAYING))

    def end(self, code: str) -> int:
        """End the room's game now: nobody may move or join; every screen still shows it."""
        return self._teacher_change(code, lambda *_: {"status": ENDED})

    def lock(self, code: str, locked: bool = True) -> int:
        """Lock (or unlock) joining: nobody new may sit down while locked."""
        return self._teacher_change(code, lambda *_: {"locked": bool(locked)})

    def anonymise(self, code: str, anonymous: bool = True) -> int:
        """Show "Player N" instead of names on the projector (:meth:`table`)."""
        return self._teacher_change(code, lambda *_: {"anonymous": bool(anonymous)})

    def _check_strength(self, game: str, strength: str) -> str:
        known = bot_names(game)
        if strength not in known:
            raise OptionError(
                f"there is no {quoted(strength)} computer player for this game; "
                f"choose from {', '.join(known)}"
            )
        return strength

    def fill_with_bots(self, code: str, strength: str = "random") -> int:
        """Give every empty seat to a computer player of ``strength`` (``random``,
        ``greedy``, ``strong``...); they play at once when it is their turn."""

        def change(
            connection: Any, row: Any, seats: list[Any], _referee: Referee
        ) -> dict[str, Any]:
            self._check_strength(row.game, strength)
            for seat in seats:
                if seat.kind == EMPTY:
                    self._set_seat(
                        connection,
                        row.code,
                        seat.seat,
                        kind=COMPUTER,
                        bot=strength,
                        name=f"Computer ({strength})",
                        away=False,
                    )
            return {}

        return self._teacher_change(code, change)

    def remove(self, code: str, index: int, *, computer: str | None = None) -> int:
        """Take the student off seat ``index`` (0 is Player 1): the seat is freed, or
        given to a computer player of strength ``computer``. Their page's key stops
        working with a sentence saying so; their moves so far stay in the game."""

        def change(
            connection: Any, row: Any, seats: list[Any], _referee: Referee
        ) -> dict[str, Any]:
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(seats):
                raise OptionError(
                    f"room {row.code} has seats 0 to {len(seats) - 1}, not {quoted(index)}"
                )
            seat = seats[index]
            if computer is not None:
                self._check_strength(row.game, computer)
                self._set_seat(
                    connection,
                    row.code,
                    index,
                    kind=COMPUTER,
                    bot=computer,
                    name=f"Computer ({computer})",
                    token_hash=None,
                    removed_hash=seat.token_hash,
                    away=False,
                )
            else:
                self._set_seat(
                    connection,
                    row.code,
                    index,
                    kind=EMPTY,
                    bot="",
                    name=None,
                    token_hash=None,
                    removed_hash=seat.token_hash,
                    away=False,
                )
            return {}

        return self._teacher_change(code, change)

    def set_leave_policy(
        self, code: str, policy: str = WAIT, *, after: float = 120.0, computer: str = "random"
    ) -> int:
        """What happens when a student's page is gone mid-game: ``"wait"`` for them, or
        ``"computer"``: after ``after`` seconds without a touch, a computer player of
        strength ``computer`` plays their seat until their page touches the room again."""
        if policy not in (WAIT, TAKE_OVER):
            raise OptionError(f"a leaving policy is 'wait' or 'computer', not {quoted(policy)}")
        if isinstance(after, bool) or not isinstance(after, (int, float)) or not 5 <= after <= 3600:
            raise OptionError(
                f"the wait before a computer takes over is 5 to 3600 seconds, not {quoted(after)}"
            )

        def change(
            connection: Any, row: Any, _seats: list[Any], _referee: Referee
        ) -> dict[str, Any]:
            self._check_strength(row.game, computer)
            return {"leave_policy": policy, "leave_seconds": int(after), "leave_bot": computer}

        return self._teacher_change(code, change)

    def tick(self, code: str) -> int | None:
        """Apply the leaving policy now: seats of students away longer than the room's
        wait go to a computer player. Returns the new version, or ``None`` when nothing
        was due. :meth:`wait` calls it every few seconds."""
        code = normal_code(code)
        now = _now()
        with self._read() as connection:
            row = self._room_row(connection, code)
            if row.leave_policy != TAKE_OVER or row.status != PLAYING:
                return None
            due = [
                s.seat
                for s in self._seat_rows(connection, code)
                if s.kind == HUMAN and now - s.seen > row.leave_seconds
            ]
        if not due:
            return None

        def change(
            connection: Any, row: Any, seats: list[Any], _referee: Referee
        ) -> dict[str, Any]:
            for seat in seats:
                if seat.seat in due and seat.kind == HUMAN and now - seat.seen > row.leave_seconds:
                    self._set_seat(
                        connection, row.code, seat.seat, kind=COMPUTER, bot=row.leave_bot, away=True
                    )
            return {}

        return self._teacher_change(code, change)

    def _maybe_tick(self, code: str) -> None:
        now = time.monotonic()
        if now - self._last_tick.get(code, 0.0) >= 2.0:
            self._last_tick[code] = now
            with contextlib.suppress(CardMathError):
                self.tick(code)
                self._drive_bots(code, 0)  # a process stopped between two stretches

    def purge(self, older_than: float = ROOM_LIFETIME) -> list[str]:
        """Delete the rooms nobody has changed for ``older_than`` seconds (their codes are
        refused as expired already); returns their codes."""
        rooms, seats, events = self.schema.rooms, self.schema.seats, self.schema.events
        limit = _now() - older_than
        with self._write() as connection:
            codes = [
                r.code for r in connection.execute(rooms.select().where(rooms.c.updated < limit))
            ]
            for table in (events, seats, rooms):
                connection.execute(table.delete().where(table.c.code.in_(codes)))
        for code in codes:
            self._forget(code)
        return codes

    def events(self, code: str) -> list[dict[str, Any]]:
        """The room's event log for the teacher: every move with its seat and time.
        It names hidden cards: never show it to a student's page or the projector."""
        code = normal_code(code)
        with self._read() as connection:
            self._room_row(connection, code)
            events = self.schema.events
            query = events.select().where(events.c.code == code).order_by(events.c.seq)
            return [
                {"seq": e.seq, "seat": e.seat, "action": e.action, "at": e.at}
                for e in connection.execute(query)
            ]

    # --- PostgreSQL's wake-up calls -----------------------------------------------

    def _listen(self) -> None:
        with self._lock:
            if self._listener is not None and self._listener.is_alive():
                return
            thread = threading.Thread(target=self._listen_loop, name="rooms-listen", daemon=True)
            self._listener = thread
            thread.start()
        self._listening.wait(5.0)  # a move made before LISTEN is seen by the re-read

    def _listen_loop(self) -> None:
        import psycopg

        url = self._conninfo
        params: dict[str, Any] = {k: v for k, v in url.query.items()}
        for key, value in (
            ("user", url.username),
            ("password", url.password),
            ("host", url.host),
            ("port", url.port),
            ("dbname", url.database),
        ):
            if value is not None:
                params[key] = value
        while not self._closing.is_set():
            try:
                with psycopg.connect(autocommit=True, **params) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    with self._changed:  # a wake-up missed while connecting is re-read
                        self._versions.clear()
                        self._changed.notify_all()
                    while not self._closing.is_set():
                        for note in connection.notifies(timeout=0.5):
                            code, _, version = note.payload.partition(" ")
                            if version.isdigit():
                                self._announce(code, int(version))
            except Exception:  # the server restarted: listen again shortly
                self._listening.clear()
                if self._closing.wait(0.5):
                    return

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
