"""Warm kernels where the lesson is: pools that follow the teacher, and the server's status.

Every dashboard keeps a small pool of preheated kernels (:data:`SMALL_POOL`); the
dashboard the teacher opens grows its pool to the class size (the refills are paced by
:class:`deploy.classroom.PacedKernelManager`, about 45 s for a class of 30), and the
dashboard the teacher followed before shrinks back to the small pool (its extra warm
kernels are shut down, the ones still starting are dropped before they start).

**Room pages** (``room.ipynb``, the students' seat, and ``room-table.ipynb``, the
projector's table) keep the small pool too; the room page's pool follows the rooms the
teacher opened while the server runs: every few seconds the server reads the rooms'
store (:func:`seats_waiting`) and sizes the room page's pool to the seats still waiting
for a student in rooms open to joining (at most the class), back to the small pool once
they are taken, locked or ended. Growing it for a class moves the warm kernels from the
dashboard followed before (that one shrinks back): the class is going to the rooms.

**Who the teacher is**: a page request from the server's own machine (the laptop that
drives the projector), i.e. from a loopback address; students on the classroom network
never come from there. :func:`is_teacher` decides, in one place.

**Status**: :func:`class_status` counts the kernels in use (a page is connected), waiting
(handed to a page that has not connected yet: a slow device, or a lid closed while
loading, kept for the loading grace), idle (their page went; culled soon), warm and
starting (in the pools), and their memory; the server prints it every few minutes and
serves it as JSON to the teacher (``/cardmath/status``).

    >>> is_teacher("127.0.0.1"), is_teacher("::1"), is_teacher("192.168.1.31")
    (True, True, False)
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import time
from collections.abc import Callable
from typing import Any

import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from traitlets import Int, List, Unicode, default

SMALL_POOL = 2
"""Warm kernels each dashboard keeps while the teacher is elsewhere."""
STATUS_EVERY_SECONDS = 180
"""How often the terminal gets a status line."""
MB = 2**20
ROOM_PAGE = "room.ipynb"
"""The students' room page: its pool follows the seats waiting in open rooms."""
TABLE_PAGE = "room-table.ipynb"
"""The projector's table of a room: a small pool (the teacher opens tables one by one)."""
ROOM_PAGES = (ROOM_PAGE, TABLE_PAGE)
ROOMS_EVERY_SECONDS = 5.0
"""How often the server reads the rooms' store to size the room page's pool."""
RETIRE_QUIET_SECONDS = 10.0
"""How long after a dropped pool kernel's shutdown Voilà's report of its death is hidden."""

_RETIREMENT_NOISE = ("Kernel died while waiting for execute reply", "Error at server while")


class QuietRetirement(logging.Filter):
    """Hides Voilà's "kernel died" errors caused by shutting down surplus pool kernels
    (their notebook was waiting for a page): the teacher's terminal stays readable.

    >>> class Manager:
    ...     def retiring(self): return True
    >>> record = logging.makeLogRecord({"msg": "Kernel died while waiting for execute reply."})
    >>> QuietRetirement(Manager()).filter(record)
    False
    """

    def __init__(self, manager: Any) -> None:
        super().__init__()
        self.manager = manager

    def filter(self, record: logging.LogRecord) -> bool:
        retiring = getattr(self.manager, "retiring", lambda: False)()
        return not (retiring and str(record.msg).startswith(_RETIREMENT_NOISE))


def is_teacher(remote_ip: str | None) -> bool:
    """Whether a request comes from the server's own machine (the teacher's laptop).

    >>> is_teacher("10.0.0.7"), is_teacher("not an address")
    (False, False)
    """
    try:
        return ipaddress.ip_address(remote_ip or "").is_loopback
    except ValueError:
        return False


def small_pool(size: int) -> int:
    """The pool a dashboard keeps when the teacher is not on it (never above the class).

    >>> small_pool(30), small_pool(1)
    (2, 1)
    """
    return min(SMALL_POOL, size)


def seats_waiting(
    rooms: list[dict[str, Any]], ignored: set[str] | frozenset[str] = frozenset()
) -> int:
    """Seats waiting for a student in ``rooms`` (``store.rooms()``, which leaves out ended
    and expired rooms): empty seats of the rooms not locked, except the rooms ``ignored``
    (those already open before this server started: yesterday's leftovers).

    >>> rooms = [{"code": "K7QM", "locked": False, "seats": [{"kind": "empty"}] * 4},
    ...          {"code": "P2RT", "locked": True, "seats": [{"kind": "empty"}] * 4},
    ...          {"code": "ZZ9A", "locked": False,
    ...           "seats": [{"kind": "human"}, {"kind": "computer"}, {"kind": "empty"}]}]
    >>> seats_waiting(rooms), seats_waiting(rooms, ignored={"K7QM"})
    (5, 1)
    """
    return sum(
        1
        for room in rooms
        if not room.get("locked") and room.get("code") not in ignored
        for seat in room.get("seats", [])
        if seat.get("kind") == "empty"
    )


def following_pool_manager(voila_manager: type) -> type:
    """Voilà's pooling kernel manager whose pools follow the teacher (:meth:`follow`)."""

    class FollowingKernelManager(voila_manager):
        class_size = Int(0, config=True, help="Warm kernels for the dashboard followed (0: none).")
        room_class_size = Int(
            0, config=True, help="Most warm kernels of the room page (0: room pages unmanaged)."
        )
        room_pages = List(
            Unicode(), list(ROOM_PAGES), config=True, help="Room pages with a small pool."
        )
        kernel_pools_config: dict[str, dict[str, Any]]  # Voilà's trait (annotation only)

        @default("kernel_pools_config")
        def _room_pools_config(self) -> dict[str, dict[str, Any]]:
            # Voilà's default (one size for every pool) plus the room pages' small pools
            make: Callable[[], dict[str, dict[str, Any]]] = getattr(
                super(), "_kernel_pools_config", lambda: {"default": {}}
            )
            config = dict(make())
            if self.room_class_size > 0:
                small = small_pool(self.room_class_size)
                for page in self.room_pages:
                    config[page] = {**config.get("default", {}), "pool_size": small}
            return config

        def __init__(self, **kwargs: Any) -> None:
            self._retiring_until = 0.0
            self._shutdowns: set[asyncio.Future] = set()
            self.followed: str | None = None
            self.room_seats = 0
            self._rooms_before: set[str] | None = None
            self._retired: set[asyncio.Task] = set()
            super().__init__(**kwargs)

        def _pool_size(self, notebook: str) -> int:
            default = self.kernel_pools_config.get("default", {})
            return int(self.kernel_pools_config.get(notebook, default).get("pool_size", 1))

        def _set_pool_size(self, notebook: str, size: int) -> None:
            config = dict(self.kernel_pools_config)
            config[notebook] = {**config.get("default", {}), "pool_size": size}
            self.kernel_pools_config = config

        def follow(self, notebook: str) -> None:
            """The teacher opened ``notebook``: its pool grows to the class, the one
            followed before shrinks back to the small pool. Notebooks without a pool
            (lessons) change nothing."""
            if self.class_size <= 0 or notebook == self.followed:
                return
            if notebook not in self._pools or notebook in self.room_pages:  # a lesson, a room
                return
            previous, self.followed = self.followed, notebook
            self.log.info("cardmath: the teacher opened %s: warming it for the class", notebook)
            self._set_pool_size(notebook, self.class_size)
            self.fill_if_needed(delay=0, notebook_name=notebook)
            if previous is not None:
                self.shrink(previous, small_pool(self.class_size))

        def follow_rooms(self, rooms: list[dict[str, Any]]) -> None:
            """The rooms' store read again (``store.rooms()``): the room page's pool
            becomes the seats waiting for a student (:func:`seats_waiting`), between the
            small pool and :attr:`room_class_size`. Rooms already open at the first
            reading (before this server) are left out."""
            if self.room_class_size <= 0 or ROOM_PAGE not in self.room_pages:
                return
            if ROOM_PAGE not in self._pools:
                return
            if self._rooms_before is None:
                self._rooms_before = {room["code"] for room in rooms}
            waiting = seats_waiting(rooms, self._rooms_before)
            small = small_pool(self.room_class_size)
            size = max(small, min(waiting, self.room_class_size))
            current = self._pool_size(ROOM_PAGE)
            self.room_seats = waiting
            if size > current:
                self.log.info("cardmath: %d seats open in rooms: warming %s", waiting, ROOM_PAGE)
                self._set_pool_size(ROOM_PAGE, size)
                self.fill_if_needed(delay=0, notebook_name=ROOM_PAGE)
                if current <= small and self.followed is not None:
                    # the class goes to the rooms: the dashboard followed gives its kernels back
                    previous, self.followed = self.followed, None
                    self.shrink(previous, small_pool(self.class_size))
            elif size < current:
                self.shrink(ROOM_PAGE, size)

        def shrink(self, notebook: str, size: int) -> None:
            """Back to ``size`` warm kernels: the newest pool entries go first (those not
            started yet never start; started ones are shut down once ready)."""
            self._set_pool_size(notebook, size)
            pool = self._pools.get(notebook, [])
            while len(pool) > size:
                task = pool.pop()
                self._retired.add(task)
                task.add_done_callback(self._shut_retired)

        def _shut_retired(self, task: asyncio.Task) -> None:
            self._retired.discard(task)
            if task.cancelled() or task.exception() is not None:
                return
            result = task.result()
            kernel_id = result.get("kernel_id") if isinstance(result, dict) else None
            if kernel_id is not None and kernel_id in self:
                # its notebook waits for a page that will never come: Voilà then reports
                # the kernel dead, which :class:`QuietRetirement` keeps out of the terminal
                self._retiring_until = time.monotonic() + RETIRE_QUIET_SECONDS
                shutdown = asyncio.ensure_future(self.shutdown_kernel(kernel_id, now=True))
                self._shutdowns.add(shutdown)
                shutdown.add_done_callback(self._shutdowns.discard)

        def retiring(self) -> bool:
            """Whether kernels dropped by :meth:`shrink` are being shut down now."""
            return time.monotonic() < self._retiring_until

        def retired(self, task: asyncio.Task | None) -> bool:
            """Whether a pool entry was dropped by :meth:`shrink` (it must not start)."""
            return task is not None and task in self._retired

        def _awaited_by_visitor(self, task: asyncio.Task | None) -> bool:
            return not self.retired(task) and super()._awaited_by_visitor(task)

        def _pool_kernel_ids(self) -> tuple[set[str], int]:
            warm: set[str] = set()
            starting = 0
            for pool in self._pools.values():
                for task in pool:
                    if not task.done():
                        starting += 1
                    elif not task.cancelled() and task.exception() is None:
                        warm.add(task.result()["kernel_id"])
            return warm, starting

        def status(self) -> dict[str, Any]:
            """Kernels by state, their memory, and the pools (see :func:`class_status`)."""
            import psutil

            warm, starting = self._pool_kernel_ids()
            connected_once: set[str] = getattr(self, "_connected_once", set())
            counts = {"in_use": 0, "waiting": 0, "idle": 0, "warm": 0}
            memory = 0
            for kernel_id in self.list_kernel_ids():
                if kernel_id in warm:
                    counts["warm"] += 1
                elif self._kernel_connections.get(kernel_id, 0):
                    counts["in_use"] += 1
                elif kernel_id in connected_once:
                    counts["idle"] += 1
                else:
                    counts["waiting"] += 1
                pid = getattr(getattr(self._kernels[kernel_id], "provisioner", None), "pid", None)
                with contextlib.suppress(psutil.Error):
                    memory += psutil.Process(pid).memory_info().rss if pid else 0
            return {
                **counts,
                "starting": starting,
                "kernel_mb": round(memory / MB),
                "server_mb": round(psutil.Process().memory_info().rss / MB),
                "followed": self.followed,
                "room_seats": self.room_seats,
                "pools": {nb: self._pool_size(nb) for nb in sorted(self._pools)},
                "class_size": self.class_size,
                "loading_grace": getattr(self, "loading_grace", None),
                "time": round(time.time()),
            }

    return FollowingKernelManager


def status_line(status: dict[str, Any]) -> str:
    """One terminal line for the teacher.

    >>> print(status_line({"in_use": 28, "waiting": 1, "idle": 0, "warm": 2, "starting": 0,
    ...                    "kernel_mb": 1950, "server_mb": 140, "followed": "a.ipynb"}))
    class: 28 in use, 1 waiting, 0 idle, 2 warm, 0 starting; kernels 1950 MB, server 140 MB; warm for a.ipynb
    >>> print(status_line({"in_use": 0, "waiting": 0, "idle": 0, "warm": 14, "starting": 20,
    ...                    "kernel_mb": 850, "server_mb": 120, "room_seats": 30}))
    class: 0 in use, 0 waiting, 0 idle, 14 warm, 20 starting; kernels 850 MB, server 120 MB; no dashboard opened by the teacher yet; 30 seats waiting in rooms
    >>> print(status_line({"in_use": 3, "waiting": 2, "idle": 0, "warm": 2, "starting": 0,
    ...                    "kernel_mb": 300, "server_mb": 110, "loading_grace": 300}))
    class: 3 in use, 2 waiting (released within 5 min), 0 idle, 2 warm, 0 starting; kernels 300 MB, server 110 MB; no dashboard opened by the teacher yet
    """
    followed = status.get("followed")
    waiting = f"{status['waiting']} waiting"
    if status["waiting"] and (grace := status.get("loading_grace")):
        within = f"{round(grace / 60)} min" if grace >= 90 else f"{round(grace)} s"
        waiting += f" (released within {within})"
    return (
        f"class: {status['in_use']} in use, {waiting}, {status['idle']} idle,"
        f" {status['warm']} warm, {status['starting']} starting;"
        f" kernels {status['kernel_mb']} MB, server {status['server_mb']} MB"
        + (f"; warm for {followed}" if followed else "; no dashboard opened by the teacher yet")
        + (f"; {seats} seats waiting in rooms" if (seats := status.get("room_seats")) else "")
    )


class StatusHandler(JupyterHandler):
    """``/cardmath/status``: the class server's status as JSON, for the teacher only
    (the class code and the server's own machine)."""

    @tornado.web.authenticated
    def get(self) -> None:
        if not is_teacher(self.request.remote_ip):
            raise tornado.web.HTTPError(403)
        manager = self.kernel_manager
        if not hasattr(manager, "status"):
            raise tornado.web.HTTPError(404)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(manager.status()))
