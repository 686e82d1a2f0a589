"""The rooms' store and the class record, through the class service over HTTP.

:class:`ServiceStore` has the calls of :class:`~cardmath.rooms.store.RoomStore` a page
makes (join, view, act, wait, the table, the teacher's console) and :class:`ServiceRecord`
those of :class:`~cardmath.progress.record.ClassRecord`; each call is one ``POST`` of its
arguments as JSON to ``<service>/api/<call>`` with the hub token in the
``Authorization`` header. A refusal comes back as the same error class with the same
sentence (:func:`cardmath.service.error_from`).

A service that is restarting is waited for (``retry_seconds``): a call refused or dropped
before any answer came is sent again, so a game goes on across a restart (a service
killed in the middle of a change rolls its transaction back; only one killed between its
commit and its answer would see a move sent twice, and a move sent twice is refused
unless it is legal again). A change that timed out is not sent again: it is refused with
:class:`~cardmath.service.ServiceUnavailable`, and the page looks at the table again.

Only the standard library is used (one keep-alive connection per thread).
"""

from __future__ import annotations

import http.client
import json
import threading
import time
import urllib.parse
from typing import Any

from cardmath.progress.record import Attempt, ClassRecord, Student
from cardmath.rooms.core import MAX_WAIT
from cardmath.rooms.seats import Room, Seat
from cardmath.service import ServiceUnavailable, error_from, service_address

__all__ = ["ServiceRecord", "ServiceStore"]

LONG_POLL = 20.0
"""Longest single wait the service is asked for (under common proxies' idle timeouts)."""

READS = frozenset(
    {"view", "table", "seat", "version", "wait", "rooms", "events", "paused", "shown",
     "attempts", "attempt", "students", "lessons", "record_version", "whoami"}
)  # fmt: skip
"""Calls that change nothing: safe to send again when an answer was lost."""

DROPPED = (ConnectionRefusedError, ConnectionResetError, BrokenPipeError,
           http.client.RemoteDisconnected)  # fmt: skip
"""A connection closed before any answer: the service stopped (a change it had begun is
rolled back with its transaction), so the call is sent again."""


class ServiceStore:
    """The class store behind the class service at ``base`` (``.../services/cardmath-class/``),
    called with the hub API ``token``. Safe to share between threads."""

    dialect = "service"

    def __init__(self, base: str, token: str, *, retry_seconds: float = 60.0) -> None:
        parsed = urllib.parse.urlsplit(base)
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ServiceUnavailable(f"the class service's address is not a URL: {base!r}")
        self.url = base
        self._scheme = parsed.scheme
        self._host = parsed.hostname
        self._port = parsed.port
        self._path = parsed.path.rstrip("/") + "/api/"
        self._token = token
        self.retry_seconds = retry_seconds
        self._local = threading.local()

    @classmethod
    def from_url(cls, url: str) -> ServiceStore:
        """The store for a service address (``service`` or ``service+http://...``)."""
        base, token = service_address(url)
        return cls(base, token)

    @property
    def record_class(self) -> type[ClassRecord]:
        """What :class:`~cardmath.progress.record.ClassRecord` over this store is."""
        return ServiceRecord

    # --- transport -----------------------------------------------------------------

    def _connection(self, fresh: bool) -> tuple[http.client.HTTPConnection, bool]:
        """This thread's connection, and whether it was used before (may be stale)."""
        connection = getattr(self._local, "connection", None)
        if connection is not None and not fresh:
            return connection, True
        if connection is not None:
            connection.close()
        kind = (
            http.client.HTTPSConnection if self._scheme == "https" else http.client.HTTPConnection
        )
        connection = kind(self._host, self._port, timeout=LONG_POLL + 30)
        self._local.connection = connection
        return connection, False

    def call(self, name: str, /, **arguments: Any) -> Any:
        """Make the service call ``name`` with ``arguments``; its result, or its refusal
        raised as the same error the store in process would raise."""
        body = json.dumps(arguments, separators=(",", ":")).encode()
        headers = {
            "Authorization": f"token {self._token}",
            "Content-Type": "application/json",
        }
        deadline = time.monotonic() + self.retry_seconds
        fresh, pause = False, 0.05
        while True:
            connection, reused = self._connection(fresh)
            sent = False
            try:
                connection.request("POST", self._path + name, body, headers)
                sent = True
                response = connection.getresponse()
                data = response.read()
                status = response.status
            except (OSError, http.client.HTTPException) as error:
                connection.close()
                self._local.connection = None
                again = reused or not sent or name in READS or isinstance(error, DROPPED)
                if not again or time.monotonic() > deadline:
                    raise ServiceUnavailable(
                        "the class service did not answer"
                        + ("" if not sent or name in READS else ": look at the table again")
                    ) from error
                if not reused:
                    time.sleep(pause)
                    pause = min(1.0, pause * 2)
                fresh = True
                continue
            if status in (502, 503, 504) and time.monotonic() < deadline:
                time.sleep(pause)  # a proxy in front of a service that is restarting
                pause = min(1.0, pause * 2)
                continue
            return self._answer(status, data)

    @staticmethod
    def _answer(status: int, data: bytes) -> Any:
        try:
            payload = json.loads(data or b"null")
        except ValueError:
            payload = None
        if status == 200 and isinstance(payload, dict) and "result" in payload:
            return payload["result"]
        if isinstance(payload, dict) and "error" in payload:
            raise error_from(payload)
        raise ServiceUnavailable(f"the class service answered {status}")

    def close(self) -> None:
        """Close this thread's connection (others close with their threads)."""
        connection = getattr(self._local, "connection", None)
        if connection is not None:
            connection.close()
            self._local.connection = None

    def __enter__(self) -> ServiceStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def whoami(self) -> dict[str, Any]:
        """The hub user the service sees: ``{"name": ..., "teacher": bool}``."""
        return dict(self.call("whoami"))

    # --- rooms: opening, joining, playing ------------------------------------------

    def create_room(
        self,
        game: str,
        players: int = 2,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        code: str | None = None,
    ) -> Room:
        found = self.call(
            "create_room", game=game, players=players, seed=seed, options=options, code=code
        )
        return Room(**found)

    def join(self, code: str, name: str) -> Seat:
        return Seat(**self.call("join", code=code, name=name))

    def seat(self, code: str, token: str) -> Seat:
        return Seat(**self.call("seat", code=code, token=token))

    def touch(self, code: str, token: str) -> None:
        self.call("touch", code=code, token=token)

    def act(self, code: str, token: str, text: str, *, version: int | None = None) -> int:
        return int(self.call("act", code=code, token=token, text=text, version=version))

    def view(self, code: str, token: str) -> dict[str, Any]:
        return dict(self.call("view", code=code, token=token))

    def table(self, code: str, *, real_names: bool = False) -> dict[str, Any]:
        return dict(self.call("table", code=code, real_names=real_names))

    def version(self, code: str) -> int:
        return int(self.call("version", code=code))

    def wait(self, code: str, version: int, timeout: float = 30.0) -> int:
        """Long polls of at most :data:`LONG_POLL` seconds until ``timeout``."""
        deadline = time.monotonic() + min(max(0.0, float(timeout)), MAX_WAIT)
        while True:
            remaining = max(0.0, deadline - time.monotonic())
            current = int(
                self.call("wait", code=code, version=version, timeout=min(remaining, LONG_POLL))
            )
            if current > version or time.monotonic() >= deadline:
                return current

    def tick(self, code: str) -> int | None:
        found = self.call("tick", code=code)
        return None if found is None else int(found)

    # --- rooms: the teacher's console ----------------------------------------------

    def rooms(self, *, include_ended: bool = False) -> list[dict[str, Any]]:
        return list(self.call("rooms", include_ended=include_ended))

    def pause(self, code: str) -> int:
        return int(self.call("pause", code=code))

    def resume(self, code: str) -> int:
        return int(self.call("resume", code=code))

    def end(self, code: str) -> int:
        return int(self.call("end", code=code))

    def lock(self, code: str, locked: bool = True) -> int:
        return int(self.call("lock", code=code, locked=locked))

    def anonymise(self, code: str, anonymous: bool = True) -> int:
        return int(self.call("anonymise", code=code, anonymous=anonymous))

    def fill_with_bots(self, code: str, strength: str = "random") -> int:
        return int(self.call("fill_with_bots", code=code, strength=strength))

    def remove(self, code: str, index: int, *, computer: str | None = None) -> int:
        return int(self.call("remove", code=code, index=index, computer=computer))

    def set_leave_policy(
        self, code: str, policy: str = "wait", *, after: float = 120.0, computer: str = "random"
    ) -> int:
        return int(
            self.call("set_leave_policy", code=code, policy=policy, after=after, computer=computer)
        )

    def purge(self, older_than: float = 24 * 3600.0) -> list[str]:
        return list(self.call("purge", older_than=older_than))

    def events(self, code: str) -> list[dict[str, Any]]:
        return list(self.call("events", code=code))


class ServiceRecord(ClassRecord):
    """The class record through the class service. The student is the hub user: a name
    is only ever the caller's own, and a student reads only their own attempts."""

    def __init__(self, store: Any, *, owned: bool = False) -> None:
        self.store = store
        self._owned = owned

    def _student(self, found: Any) -> Student:
        return Student(str(found["name"]), str(found["token"]))

    def register(self, name: str) -> Student:
        return self._student(self.store.call("claim", name=name))

    def resume(self, name: str, token: str) -> Student:
        return self._student(self.store.call("claim", name=name))

    def claim(self, name: str) -> Student:
        return self._student(self.store.call("claim", name=name))

    def students(self) -> list[str]:
        return list(self.store.call("students"))

    def record(
        self, student: Student, lesson: str, exercise: str, answer: str, *, ok: bool, hints: int
    ) -> int:
        found = self.store.call(
            "record",
            name=student.name,
            lesson=lesson,
            exercise=exercise,
            answer=answer,
            ok=bool(ok),
            hints=int(hints),
        )
        return int(found)

    def attempts(self, lesson: str | None = None, exercise: str | None = None) -> list[Attempt]:
        found = self.store.call("attempts", lesson=lesson, exercise=exercise)
        return [Attempt(**item) for item in found]

    def attempt(self, attempt_id: int) -> Attempt | None:
        found = self.store.call("attempt", attempt_id=int(attempt_id))
        return None if found is None else Attempt(**found)

    def lessons(self) -> list[str]:
        return list(self.store.call("lessons"))

    def pause(self, message: str = "Eyes on the board") -> None:
        self.store.call("pause_class", message=message)

    def resume_class(self) -> None:
        self.store.call("resume_class")

    def paused(self) -> str | None:
        found = self.store.call("paused")
        return None if found is None else str(found)

    def show(self, attempt_id: int | None) -> None:
        self.store.call("show", attempt_id=attempt_id)

    def shown(self) -> dict[str, Any] | None:
        found = self.store.call("shown")
        return found if isinstance(found, dict) else None

    def version(self) -> tuple[int, int, int]:
        first, second, third = self.store.call("record_version")
        return int(first), int(second), int(third)

    def close(self) -> None:
        if self._owned:
            self.store.close()
