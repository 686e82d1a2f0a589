"""Rooms benchmark: how soon a move shows on the other screens of its room.

A class of simulated students (30 by default) sits in 8 rooms of Permutations. Each
student is a thread with its own store (as each Voilà kernel opens its own), looping as a
student's page does: ``view()``; when it is their turn, think a moment and ``act()``;
otherwise ``wait()`` for the room's next version, then ``view()`` again. The latency of a
move is from the moment its student sends it (``act`` called) to the moment another
student of the room has the new ``view()`` in hand; p50, p95 and max over every move and
every other student of its room.

The baseline is the same measurement in the same run with one room of three students (an
idle class), so the ratio says what a full class costs. The target (SQLite, the class
server): a move on the other screens of its room within 300 ms at the 95th percentile.
PostgreSQL is measured on a throwaway Debian PostgreSQL 15 cluster (``tests/pgserver.py``)
when it is installed. Threads share one interpreter here (a class's kernels do not), so
these figures are on the pessimistic side.
"""

from __future__ import annotations

import random
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from statistics import quantiles
from typing import Any

GAME = "permutations"
ROOMS = 8
STUDENTS = 30
THINK = (0.2, 0.8)
"""Seconds a simulated student takes to choose a move (a quick class)."""


def _percentiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        value = values[0] if values else float("nan")
        return value, value, value
    cuts = quantiles(values, n=100, method="inclusive")
    return cuts[49], cuts[94], max(values)


def measure(url: str, *, students: int, rooms: int, seconds: float, seed: int = 1) -> list[float]:
    """Move latencies in seconds with ``students`` in ``rooms`` for about ``seconds``."""
    from cardmath.rooms import open_store

    opener = open_store(url)
    sizes = [students // rooms + (1 if n < students % rooms else 0) for n in range(rooms)]
    codes = [
        opener.create_room(GAME, players=size, seed=seed + n).code for n, size in enumerate(sizes)
    ]
    stores = [open_store(url) for _ in range(students)]
    places = [(code, n) for code, size in zip(codes, sizes, strict=True) for n in range(size)]
    seats = [stores[i].join(code, f"Student {i + 1}") for i, (code, _n) in enumerate(places)]
    sent: dict[tuple[str, int], float] = {}
    shown: list[tuple[str, int, float]] = []
    lock = threading.Lock()
    stop = threading.Event()
    errors: list[BaseException] = []

    def student(index: int) -> None:
        store, seat = stores[index], seats[index]
        rng = random.Random(index)
        try:
            view = store.view(seat.code, seat.token)
            while not stop.is_set() and not view["is_terminal"]:
                if view["your_turn"]:
                    time.sleep(rng.uniform(*THINK))
                    move = rng.choice(view["legal_actions"])
                    key = (seat.code, view["version"] + 1)
                    with lock:
                        sent[key] = time.perf_counter()
                    store.act(seat.code, seat.token, move, version=view["version"])
                    view = store.view(seat.code, seat.token)
                    continue
                version = store.wait(seat.code, view["version"], 1.0)
                if version > view["version"]:
                    view = store.view(seat.code, seat.token)
                    with lock:
                        shown.append((seat.code, view["version"], time.perf_counter()))
        except BaseException as error:  # reported after the run
            errors.append(error)

    threads = [threading.Thread(target=student, args=(i,), daemon=True) for i in range(students)]
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
    for store in [opener, *stores]:
        store.close()
    if errors:
        raise errors[0]
    return [at - sent[(code, version)] for code, version, at in shown if (code, version) in sent]


def _with_postgres(action: Callable[[str], Any]) -> Any:
    from tests.pgserver import PostgresServer

    if not PostgresServer.available():
        return None
    with PostgresServer.start() as server:
        return action(server.url)


def run(quick: bool = False) -> list[dict]:
    seconds = 6.0 if quick else 20.0
    rows: list[dict] = []
    folder = Path(tempfile.mkdtemp(prefix="cardmath-bench-rooms-"))
    try:
        stores: list[tuple[str, Callable[[Callable[[str], Any]], Any]]] = [
            ("SQLite", lambda act: act(f"sqlite:///{folder / 'rooms.sqlite'}")),
            ("PostgreSQL", _with_postgres),
        ]
        for label, opened in stores:

            def both(url: str) -> tuple[list[float], list[float]]:
                idle = measure(url, students=3, rooms=1, seconds=seconds / 2, seed=100)
                full = measure(url, students=STUDENTS, rooms=ROOMS, seconds=seconds)
                return idle, full

            measured = opened(both)
            if measured is None:
                rows.append(
                    {
                        "name": f"rooms on {label}: not installed, not measured",
                        "value": float("nan"),
                        "unit": "ms",
                    }
                )
                continue
            idle, full = measured
            idle_p50, idle_p95, _ = _percentiles(idle)
            p50, p95, worst = _percentiles(full)
            where = f"{STUDENTS} students, {ROOMS} rooms, {label}, {len(full)} screens"
            target = "p95 under 300 ms" if label == "SQLite" else ""
            rows.append(
                {
                    "name": f"move on other screens p50 ({where})",
                    "value": p50 * 1000,
                    "unit": "ms",
                    "baseline": idle_p50 * 1000,
                    "ratio": p50 / idle_p50,
                }
            )
            rows.append(
                {
                    "name": f"move on other screens p95 ({where})",
                    "value": p95 * 1000,
                    "unit": "ms",
                    "baseline": idle_p95 * 1000,
                    "ratio": p95 / idle_p95,
                    "target": target,
                }
            )
            rows.append(
                {
                    "name": f"move on other screens max ({where})",
                    "value": worst * 1000,
                    "unit": "ms",
                }
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return rows
