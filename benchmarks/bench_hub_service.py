"""Class service benchmark: what one service and one PostgreSQL hold on a school's hub.

A real JupyterHub starts the class service on a throwaway Debian PostgreSQL 15
(``tests/hubserver.py``, ``tests/pgserver.py``). Ten classes of thirty students (300 hub
users, each with their own hub token) play Sum 15 in rooms of three, each student a
thread running the page protocol through :class:`~cardmath.service.client.ServiceStore`
as a student's kernel does: ``view``; on their turn ``act`` at once (no thinking time:
the service is saturated); otherwise ``wait`` for the room's next version. When a game
ends the trio opens the next room (the teacher's call) and plays on. Then every student
records exercise attempts as fast as the service takes them.

Rows: moves per second and progress writes per second through the service, each against
a baseline measured in the same run: the same students on the same database in process
(one :class:`~cardmath.rooms.store.RoomStore`, what a single class server does, with no
HTTP, no hub identity and no per-student check). The ratio is the service's share of the
database's own throughput. Also the p95 of a move (``act`` sent to answer) and of a
recorded attempt through the service. Every thread shares one client interpreter here,
and the hub, the service, PostgreSQL and the 300 clients share this machine's cores, so
the figures are a floor; ``docs/hub-scale.md`` reads them.
"""

from __future__ import annotations

import contextlib
import secrets
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from statistics import quantiles
from typing import Any

CLASSES = 10
CLASS_SIZE = 30
GAME = "sum15"
TRIO = 3


class Tally:
    """Counts and latencies shared by the student threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.moves: list[float] = []
        self.writes: list[float] = []
        self.errors: list[str] = []

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            (self.moves if kind == "move" else self.writes).append(seconds)

    def fail(self, error: BaseException) -> None:
        with self.lock:
            self.errors.append(f"{type(error).__name__}: {error}")


class Trio:
    """Three students sharing a run of rooms: the first to need room ``n`` opens it."""

    def __init__(self, opener: Callable[[], str]) -> None:
        self.opener = opener
        self.lock = threading.Lock()
        self.codes: list[str] = []

    def room(self, number: int) -> str:
        with self.lock:
            while len(self.codes) <= number:
                self.codes.append(self.opener())
            return self.codes[number]


def _p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return quantiles(values, n=100, method="inclusive")[94]


def _play(store: Any, name: str, trio: Trio, tally: Tally, stop: threading.Event) -> None:
    number = 0
    while not stop.is_set():
        code = trio.room(number)
        seat = store.join(code, name)
        while not stop.is_set():
            view = store.view(code, seat.token)
            if view["is_terminal"]:
                break
            if view["your_turn"]:
                started = time.perf_counter()
                store.act(code, seat.token, view["legal_actions"][0])
                tally.add("move", time.perf_counter() - started)
            else:
                store.wait(code, view["version"], 2.0)
        number += 1


def _record(record: Any, name: str, tally: Tally, stop: threading.Event) -> None:
    student = record.claim(name)
    number = 0
    while not stop.is_set():
        started = time.perf_counter()
        record.record(student, "01-navigator", f"Exercise {number % 8 + 1}", "14", ok=True, hints=0)
        tally.add("write", time.perf_counter() - started)
        number += 1


def _run_threads(target: Callable[..., None], jobs: list[tuple[Any, ...]], seconds: float) -> None:
    stop = threading.Event()
    failures: list[BaseException] = []

    def guarded(*args: Any) -> None:
        try:
            target(*args, stop)
        except BaseException as error:  # a student thread's failure is reported, not hidden
            failures.append(error)
            stop.set()

    threads = [threading.Thread(target=guarded, args=job, daemon=True) for job in jobs]
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
    if failures:
        raise RuntimeError(f"{len(failures)} student threads failed: {failures[0]!r}")


def measure(
    stores: dict[str, Any], teacher: Any, records: dict[str, Any], seconds: float
) -> dict[str, Any]:
    """Moves/s and writes/s with these students' stores (and the teacher's, to open rooms)."""
    names = sorted(stores)
    trios = [
        Trio(lambda: teacher.create_room(GAME, players=TRIO, seed=secrets.randbelow(10**6)).code)
        for _ in range(len(names) // TRIO)
    ]
    play = Tally()
    jobs = [(stores[name], name, trios[i // TRIO], play) for i, name in enumerate(names)]
    started = time.perf_counter()
    _run_threads(_play, jobs, seconds)
    play_seconds = time.perf_counter() - started
    write = Tally()
    started = time.perf_counter()
    _run_threads(_record, [(records[name], name, write) for name in names], seconds)
    write_seconds = time.perf_counter() - started
    return {
        "moves_per_s": len(play.moves) / play_seconds,
        "move_p95": _p95(play.moves),
        "writes_per_s": len(write.writes) / write_seconds,
        "write_p95": _p95(write.writes),
    }


def _students(classes: int, size: int) -> list[str]:
    return [f"c{c:02d}s{s:02d}" for c in range(classes) for s in range(size)]


def run(quick: bool = False) -> list[dict]:
    from tests.hubserver import CHP, ClassHub
    from tests.pgserver import PostgresServer

    if not PostgresServer.available() or not CHP.exists():
        print("  (hub service bench skipped: PostgreSQL or configurable-http-proxy missing)")
        return []
    import psycopg

    from cardmath.progress.record import ClassRecord
    from cardmath.rooms import open_store
    from cardmath.service.client import ServiceStore

    seconds = 8.0 if quick else 20.0
    names = _students(CLASSES, CLASS_SIZE)
    work = Path(tempfile.mkdtemp(prefix="cardmath-hubbench-"))
    server = PostgresServer.start()
    hub = None
    try:
        admin = f"host={server.folder} user={server.db_user} dbname=postgres"
        urls = {}
        for name in ("service", "direct"):
            with psycopg.connect(admin, autocommit=True) as connection:
                connection.execute(f"CREATE DATABASE bench_{name}")
            urls[name] = f"postgresql://{server.db_user}@/bench_{name}?host={server.folder}"

        # the baseline: the same class on the same database, in process
        direct = open_store(urls["direct"], pool_size=10)
        try:
            direct_record = ClassRecord(direct)
            baseline = measure(
                {name: direct for name in names},
                direct,
                {name: direct_record for name in names},
                seconds,
            )
        finally:
            direct.close()

        hub = ClassHub.start(work, urls["service"])
        hub.add_users("teacher", *names)
        teacher = ServiceStore(hub.service_url, hub.user_token("teacher"))
        stores = {name: ServiceStore(hub.service_url, hub.user_token(name)) for name in names}
        for store in stores.values():  # the hub has identified every token once
            store.whoami()
        service = measure(
            stores, teacher, {name: ClassRecord(stores[name]) for name in names}, seconds
        )
        for store in (*stores.values(), teacher):
            store.close()
    finally:
        if hub is not None:
            hub.stop()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)

    label = f"{CLASSES} classes of {CLASS_SIZE}"
    return [
        {
            "name": f"hub service moves/s ({label})",
            "value": service["moves_per_s"],
            "unit": "moves/s",
            "baseline": baseline["moves_per_s"],
            "ratio": service["moves_per_s"] / baseline["moves_per_s"],
            "target": "a class of 30 makes about 1 move/s",
        },
        {
            "name": "hub service move p95",
            "value": service["move_p95"] * 1000,
            "unit": "ms",
            "baseline": baseline["move_p95"] * 1000,
            "ratio": service["move_p95"] / baseline["move_p95"],
        },
        {
            "name": f"hub service progress writes/s ({label})",
            "value": service["writes_per_s"],
            "unit": "writes/s",
            "baseline": baseline["writes_per_s"],
            "ratio": service["writes_per_s"] / baseline["writes_per_s"],
        },
        {
            "name": "hub service progress write p95",
            "value": service["write_p95"] * 1000,
            "unit": "ms",
            "baseline": baseline["write_p95"] * 1000,
            "ratio": service["write_p95"] / baseline["write_p95"],
        },
    ]


if __name__ == "__main__":
    from benchmarks.run import format_row

    with contextlib.suppress(KeyboardInterrupt):
        for row in run(quick=True):
            print(format_row(row))
