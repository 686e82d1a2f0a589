"""Waiting for a room to move on: the version, ``wait`` (PostgreSQL's ``LISTEN``/``NOTIFY``
or a short SQLite poll), and the leaving policy applied while pages wait."""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

from cardmath.errors import CardMathError, quoted
from cardmath.rooms import core
from cardmath.rooms.core import (
    CHANNEL,
    COMPUTER,
    HUMAN,
    MAX_WAIT,
    PLAYING,
    ROOM_LIFETIME,
    TAKE_OVER,
    StoreCore,
    normal_code,
)
from cardmath.rooms.errors import RoomError
from cardmath.rooms.referee import Referee

__all__ = ["WaitingMixin"]


class WaitingMixin(StoreCore):
    """A room's version, waiting for it to change, and the leaving policy's tick."""

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

    def known_version(self, code: str) -> int:
        """The newest version of room ``code`` this process has seen (made here, read, or
        announced by PostgreSQL's ``NOTIFY``), without asking the database; -1 if none.
        A server holding many waiting pages looks here between its reads."""
        if self.dialect == "postgresql":
            self._listen()
        with self._changed:
            return self._versions.get(normal_code(code), -1)

    def version(self, code: str) -> int:
        """The room's version: it goes up at every move, join and teacher's change."""
        code = normal_code(code)
        with self._read() as connection:
            found = connection.execute(self.schema.version_of_room, {"code": code}).first()
        if found is None or found.updated + ROOM_LIFETIME < core.now():
            with self._read() as connection:
                self._room_row(connection, code)  # the sentence that says why
        version = int(found.version)
        with self._changed:
            if version > self._versions.get(code, -1):
                self._versions[code] = version
        return version

    def tick(self, code: str) -> int | None:
        """Apply the leaving policy now: seats of students away longer than the room's
        wait go to a computer player. Returns the new version, or ``None`` when nothing
        was due. :meth:`wait` calls it every few seconds."""
        code = normal_code(code)
        now = core.now()
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
