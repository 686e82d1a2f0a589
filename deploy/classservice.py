"""The class service: a JupyterHub-managed service in front of the class's PostgreSQL.

JupyterHub starts it (``deploy/jupyterhub_config.py``; ``deploy/values.yaml`` on
Kubernetes) with its own API token; it is the only process holding the database's
address. Students' servers call it over HTTP with the hub token they already have
(``JUPYTERHUB_API_TOKEN``, through :class:`cardmath.service.client.ServiceStore`); every
call is identified with the hub (:class:`jupyterhub.services.auth.HubAuth`, answers kept
for a few minutes) and answered only within what that person may see:

* every hub user: join a room (the seat carries their hub name), their own seat's view,
  their own moves (a seat key of another student's seat is refused with 403), the public
  table, waiting for a room; their own exercise attempts and the board;
* members of the hub group ``teachers``: the rooms console, the table with real names,
  the event log, the whole class's progress, pausing the class, showing an answer.

One call is ``POST <prefix>api/<call>`` with its arguments as JSON; the answer is
``{"result": ...}``, or a refusal ``{"error": class, "message": sentence, ...}`` with
status 403 (not yours), 404 (no such room) or 400. ``GET <prefix>health`` answers
``ok`` without a login (for a cluster's probes).

Settings, from the environment the hub gives it: ``CARDMATH_SERVICE_STORE`` (the
``postgresql://`` address; a ``sqlite:///`` file for a single machine's trial),
``CARDMATH_SERVICE_POOL`` (database connections kept open, 10; up to five times as many
at busy moments), ``CARDMATH_SERVICE_BIND`` (the address to listen on, when not the
host of its URL: ``0.0.0.0`` in a Kubernetes hub pod), and JupyterHub's own ``JUPYTERHUB_SERVICE_URL``,
``JUPYTERHUB_SERVICE_PREFIX``, ``JUPYTERHUB_API_URL``, ``JUPYTERHUB_API_TOKEN``.

On start it brings the database's schema to the newest revision (Alembic,
:mod:`cardmath.service.migrate`); every room and record is in the database, so the
service can be stopped, restarted or replaced at any moment (the hub restarts it when it
exits): pages wait for it and go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import logging
import os
import signal
import time
import urllib.parse
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from tornado import httpclient, web
from tornado.httpserver import HTTPServer

from cardmath.errors import CardMathError
from cardmath.progress.record import ClassRecord, Student
from cardmath.rooms import RoomStore, open_store
from cardmath.rooms.errors import BadToken, RoomError
from cardmath.service import (
    SERVICE_NAME,
    TEACHERS_GROUP,
    NotPermitted,
    error_payload,
)
from cardmath.service.client import READS

__all__ = ["CALLS", "ClassService", "main", "make_app"]

log = logging.getLogger("cardmath.classservice")

TEACHER_CACHE_SECONDS = 30.0
"""How long a hub group membership is trusted before it is asked again."""

WAIT_LOOK = 0.25
"""How often a waiting call looks at the versions this process has seen when no call
here woke it (a change announced by PostgreSQL from another process)."""

WAIT_READ = 2.0
"""How often a waiting call reads the room's version from the database (a missed
wake-up, a leaving policy due)."""

MAX_LONG_POLL = 25.0
"""Longest single wait the service holds a request for."""


@dataclasses.dataclass(frozen=True)
class Caller:
    """Who is calling: the hub user's name and whether they teach."""

    name: str
    teacher: bool


def _same(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


class ClassService:
    """The calls, each checked against its caller, on one store and class record."""

    def __init__(self, store_url: str, *, pool_size: int = 10) -> None:
        from cardmath.service.migrate import upgrade

        revision = upgrade(store_url)
        log.info("class store at revision %s", revision)
        self.store: RoomStore = open_store(store_url, pool_size=pool_size)
        self.record = ClassRecord(self.store)
        self.calls = ThreadPoolExecutor(max_workers=pool_size * 2, thread_name_prefix="call")
        self._students: dict[str, Student] = {}
        self._changes: dict[str, asyncio.Event] = {}

    # --- waking the pages that wait (on the event loop) --------------------------------

    def changed(self, code: str) -> asyncio.Event:
        """The event set at the next change this service makes to room ``code``."""
        key = code.strip().upper()
        event = self._changes.get(key)
        if event is None:
            event = self._changes[key] = asyncio.Event()
        return event

    def wake(self, code: Any) -> None:
        """A call here may have changed room ``code``: wake the pages waiting on it."""
        if isinstance(code, str):
            event = self._changes.pop(code.strip().upper(), None)
            if event is not None:
                event.set()

    def close(self) -> None:
        self.calls.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # --- checks ----------------------------------------------------------------------

    def _own_seat(self, caller: Caller, code: str, token: str) -> Any:
        seat = self.store.seat(code, token)
        if not _same(seat.name, caller.name):
            raise NotPermitted(
                f"seat {seat.index + 1} of room {seat.code} is not yours, {caller.name}: "
                "only its own student's page may see it or move there"
            )
        return seat

    def _own_name(self, caller: Caller, name: Any) -> None:
        if name is not None and not (isinstance(name, str) and _same(name.strip(), caller.name)):
            raise NotPermitted(
                f"on this hub you are {caller.name}: your work is kept under that name only"
            )

    def _student(self, caller: Caller, *, again: bool = False) -> Student:
        student = self._students.get(caller.name)
        if student is None or again:
            student = self._students[caller.name] = self.record.claim(caller.name)
        return student

    # --- rooms -----------------------------------------------------------------------

    def whoami(self, caller: Caller) -> dict[str, Any]:
        return {"name": caller.name, "teacher": caller.teacher}

    def join(self, caller: Caller, code: str, name: str | None = None) -> dict[str, Any]:
        """Sit down in room ``code``: the seat carries the hub name, whatever was typed."""
        return dataclasses.asdict(self.store.join(code, caller.name))

    def seat(self, caller: Caller, code: str, token: str) -> dict[str, Any]:
        return dataclasses.asdict(self._own_seat(caller, code, token))

    def touch(self, caller: Caller, code: str, token: str) -> None:
        self._own_seat(caller, code, token)
        self.store.touch(code, token)

    def act(
        self, caller: Caller, code: str, token: str, text: str, version: int | None = None
    ) -> int:
        self._own_seat(caller, code, token)
        return self.store.act(code, token, text, version=version)

    def view(self, caller: Caller, code: str, token: str) -> dict[str, Any]:
        data = self.store.view(code, token)  # one read; never sent unless it is theirs
        if not _same(str(data["name"]), caller.name):
            raise NotPermitted(
                f"seat {int(data['seat']) + 1} of room {data['code']} is not yours, "
                f"{caller.name}: only its own student's page may see it or move there"
            )
        return data

    def table(self, caller: Caller, code: str, real_names: bool = False) -> dict[str, Any]:
        if real_names and not caller.teacher:
            raise NotPermitted("only a teacher sees the real names of an anonymised table")
        return self.store.table(code, real_names=bool(real_names))

    def version(self, caller: Caller, code: str) -> int:
        return self.store.version(code)

    def tick(self, caller: Caller, code: str) -> int | None:
        return self.store.tick(code)

    # --- the class record ------------------------------------------------------------

    def claim(self, caller: Caller, name: str | None = None) -> dict[str, Any]:
        self._own_name(caller, name)
        return {"name": self._student(caller).name, "token": ""}

    def record_attempt(
        self,
        caller: Caller,
        lesson: str,
        exercise: str,
        answer: str,
        ok: bool,
        hints: int,
        name: str | None = None,
    ) -> int:
        self._own_name(caller, name)
        if isinstance(hints, bool) or not isinstance(hints, int):
            raise RoomError(f"hints used is a whole number, not {hints!r}")
        try:
            student = self._student(caller)
            return self.record.record(student, lesson, exercise, answer, ok=bool(ok), hints=hints)
        except BadToken:  # claimed since by another process of the service
            student = self._student(caller, again=True)
            return self.record.record(student, lesson, exercise, answer, ok=bool(ok), hints=hints)

    def attempts(
        self, caller: Caller, lesson: str | None = None, exercise: str | None = None
    ) -> list[dict[str, Any]]:
        found = self.record.attempts(lesson, exercise)
        if not caller.teacher:
            found = [item for item in found if _same(item.name, caller.name)]
        return [dataclasses.asdict(item) for item in found]

    def students(self, caller: Caller) -> list[str]:
        if caller.teacher:
            return self.record.students()
        return [self._student(caller).name]

    def lessons(self, caller: Caller) -> list[str]:
        if caller.teacher:
            return self.record.lessons()
        return sorted({item["lesson"] for item in self.attempts(caller)})

    def paused(self, caller: Caller) -> str | None:
        return self.record.paused()

    def shown(self, caller: Caller) -> dict[str, Any] | None:
        return self.record.shown()


def _teacher_call(name: str, call: Callable[..., Any]) -> Callable[..., Any]:
    def checked(service: ClassService, caller: Caller, **arguments: Any) -> Any:
        if not caller.teacher:
            raise NotPermitted(
                f"{caller.name} is not a teacher on this hub ({name} is for the "
                f"'{TEACHERS_GROUP}' group)"
            )
        return call(service, **arguments)

    return checked


def _store(method: str) -> Callable[..., Any]:
    return lambda service, **arguments: getattr(service.store, method)(**arguments)


def _record(method: str) -> Callable[..., Any]:
    return lambda service, **arguments: getattr(service.record, method)(**arguments)


def _attempt(service: ClassService, attempt_id: int) -> dict[str, Any] | None:
    found = service.record.attempt(attempt_id)
    return None if found is None else dataclasses.asdict(found)


def _created(service: ClassService, **arguments: Any) -> dict[str, Any]:
    return dataclasses.asdict(service.store.create_room(**arguments))


def _student_call(name: str) -> Callable[..., Any]:
    return lambda service, caller, **arguments: getattr(service, name)(caller, **arguments)


CALLS: dict[str, Callable[..., Any]] = {
    **{
        name: _student_call(name)
        for name in (
            "whoami", "join", "seat", "touch", "act", "view", "table", "version", "tick",
            "claim", "attempts", "students", "lessons", "paused", "shown",
        )
    },
    "record": _student_call("record_attempt"),
    # the teacher's: the rooms console and the class's progress
    "create_room": _teacher_call("create_room", _created),
    **{
        name: _teacher_call(name, _store(name))
        for name in (
            "rooms", "pause", "resume", "end", "lock", "anonymise", "fill_with_bots", "remove",
            "set_leave_policy", "purge", "events",
        )
    },
    "attempt": _teacher_call("attempt", _attempt),
    "pause_class": _teacher_call("pause_class", _record("pause")),
    "resume_class": _teacher_call("resume_class", _record("resume_class")),
    "show": _teacher_call("show", _record("show")),
    "record_version": _teacher_call("record_version", _record("version")),
}  # fmt: skip
"""Every call the service answers, by name; ``wait`` is answered by the handler."""


class Teachers:
    """Who is in the hub's ``teachers`` group, asked of the hub with the service's own
    token (scope ``read:users:groups``) and kept :data:`TEACHER_CACHE_SECONDS`."""

    def __init__(self, api_url: str, token: str) -> None:
        self.api_url = api_url.rstrip("/")
        self.token = token
        self._known: dict[str, tuple[float, bool]] = {}

    async def __call__(self, model: dict[str, Any]) -> bool:
        name = str(model["name"])
        if model.get("kind", "user") != "user":
            return False
        known = self._known.get(name)
        if known is not None and time.monotonic() - known[0] < TEACHER_CACHE_SECONDS:
            return known[1]
        url = f"{self.api_url}/users/{urllib.parse.quote(name, safe='')}"
        request = httpclient.HTTPRequest(url, headers={"Authorization": f"token {self.token}"})
        try:
            response = await httpclient.AsyncHTTPClient().fetch(request)
            groups = json.loads(response.body).get("groups") or []
        except httpclient.HTTPClientError as error:
            log.warning("the hub did not say whether %s teaches: %s", name, error)
            groups = []
        teacher = TEACHERS_GROUP in groups
        self._known[name] = (time.monotonic(), teacher)
        return teacher


class Handler(web.RequestHandler):
    """Base: JSON answers, refusals as their class and sentence."""

    def initialize(
        self,
        service: ClassService,
        hub_auth: Any,
        teachers: Callable[[dict[str, Any]], Awaitable[bool]],
    ) -> None:
        self.service = service
        self.hub_auth = hub_auth
        self.teachers = teachers

    def check_xsrf_cookie(self) -> None:  # token-authenticated API: no cookies are used
        return

    def refuse(self, error: CardMathError) -> None:
        payload = error_payload(error)
        self.set_status(payload["status"])
        self.finish(payload)

    async def caller(self) -> Caller | None:
        token = self.hub_auth.get_token(self, in_cookie=False)
        model = await self.hub_auth.user_for_token(token, sync=False) if token else None
        if not model:
            self.refuse(NotPermitted("log in to the hub first: this call needs your hub token"))
            return None
        model.setdefault("kind", "user")
        allowed = self.hub_auth.check_scopes(self.hub_auth.access_scopes, model)
        if not allowed or model["kind"] != "user":
            name = model.get("name")
            self.refuse(NotPermitted(f"{name} may not use the class service on this hub"))
            return None
        return Caller(str(model["name"]), await self.teachers(model))


class CallHandler(Handler):
    async def post(self, name: str) -> None:
        caller = await self.caller()
        if caller is None:
            return
        try:
            arguments = json.loads(self.request.body or b"{}")
        except ValueError:
            arguments = None
        if not isinstance(arguments, dict) or not all(isinstance(k, str) for k in arguments):
            self.refuse(RoomError("a call's arguments are a JSON object"))
            return
        loop = asyncio.get_running_loop()
        try:
            if name == "wait":
                result = await self.wait(caller, **arguments)
            elif name in CALLS:
                run = functools.partial(CALLS[name], self.service, caller, **arguments)
                try:
                    result = await loop.run_in_executor(self.service.calls, run)
                finally:
                    if name not in READS:
                        self.service.wake(arguments.get("code"))
            else:
                self.set_status(404)
                self.finish({"error": "RoomError", "message": f"there is no call {name!r}"})
                return
        except CardMathError as error:
            self.refuse(error)
            return
        except TypeError as error:  # arguments the call does not take
            self.refuse(RoomError(f"{name}: {error}"))
            return
        self.finish({"result": result})

    async def wait(self, caller: Caller, code: str, version: int, timeout: float = 20.0) -> int:
        """A room's version once past ``version``, or at ``timeout``: held here without a
        thread or a database connection, woken by the versions this process sees."""
        store = self.service.store
        loop = asyncio.get_running_loop()
        if isinstance(version, bool) or not isinstance(version, int):
            raise RoomError(f"a room's version is a whole number, not {version!r}")
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
            raise RoomError(f"a wait is a number of seconds, not {timeout!r}")
        deadline = time.monotonic() + min(max(0.0, float(timeout)), MAX_LONG_POLL)
        current = await loop.run_in_executor(self.service.calls, store.version, code)
        next_read = time.monotonic() + WAIT_READ
        while current <= version and time.monotonic() < deadline:
            if self.request.connection.stream.closed():  # type: ignore[union-attr]  # page gone
                break
            woken = self.service.changed(code)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(woken.wait(), WAIT_LOOK)
            current = max(current, store.known_version(code))
            if time.monotonic() >= next_read and current <= version:
                next_read = time.monotonic() + WAIT_READ
                await loop.run_in_executor(self.service.calls, store.tick, code)
                current = await loop.run_in_executor(self.service.calls, store.version, code)
        return current


class HealthHandler(web.RequestHandler):
    def get(self) -> None:
        self.finish("ok")


def make_app(
    service: ClassService,
    hub_auth: Any,
    prefix: str,
    teachers: Callable[[dict[str, Any]], Awaitable[bool]] | None = None,
) -> web.Application:
    """The service's Tornado application under the hub's ``prefix``; ``teachers`` says
    whether a hub user model is a teacher's (default: the hub's ``teachers`` group)."""
    if teachers is None:
        teachers = Teachers(hub_auth.api_url, hub_auth.api_token)
    settings = {"service": service, "hub_auth": hub_auth, "teachers": teachers}
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    return web.Application(
        [
            (prefix + r"api/([a-z_]+)", CallHandler, settings),
            (prefix + "health", HealthHandler),
        ]
    )


def main() -> None:
    """Run the service as JupyterHub starts it (settings from the environment)."""
    from jupyterhub.services.auth import HubAuth

    logging.basicConfig(level=logging.INFO, format="[%(levelname)s %(name)s] %(message)s")
    logging.getLogger("tornado.access").setLevel(logging.WARNING)  # refusals still show
    store_url = os.environ.get("CARDMATH_SERVICE_STORE", "")
    if not store_url:
        raise SystemExit(
            "CARDMATH_SERVICE_STORE (the class store's postgresql:// address) is unset"
        )
    pool = int(os.environ.get("CARDMATH_SERVICE_POOL", "10"))
    url = urllib.parse.urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE_NAME}/")

    async def serve() -> None:
        service = ClassService(store_url, pool_size=pool)
        hub_auth = HubAuth(cache_max_age=300)
        app = make_app(service, hub_auth, prefix)
        server = HTTPServer(app, xheaders=True, max_body_size=1 << 20)  # calls are small
        server.listen(url.port or 80, os.environ.get("CARDMATH_SERVICE_BIND") or url.hostname or "")
        log.info("class service on %s (prefix %s)", url.geturl(), prefix)
        stopping = asyncio.Event()
        for signal_number in (signal.SIGINT, signal.SIGTERM):  # the hub stops it with SIGINT
            asyncio.get_running_loop().add_signal_handler(signal_number, stopping.set)
        try:
            await stopping.wait()
            log.info("class service stopping")
        finally:
            server.stop()
            service.close()

    asyncio.run(serve())


if __name__ == "__main__":
    main()
