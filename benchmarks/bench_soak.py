"""Flat server memory: a class clicking through the games for ``SOAK_MINUTES`` (30).

``make serve CLASS=N`` with every dashboard (no ``GAME=``), reached from the classroom
network (the machine's own network address, so no visitor counts as the teacher and the
pools stay as a class finds them). ``SOAK_VISITORS`` (30) students arrive within a
minute, each on one game (the five in turn), at ``?seed=N&mode=play``, and press an
enabled card or button every few seconds (a student's pace) until the time is up. They
speak the page's own protocol (:mod:`benchmarks.widgetclient`) the way a browser's page
does (the binary websocket protocol; ``SOAK_PROTOCOL=json`` for the first, JSON one, which
the server unpacks message by message): thirty Chromium renderers would take the server's
two cores.

The server's resident memory is sampled every :data:`SAMPLE_EVERY` seconds. Once every
student has arrived and the pools have refilled, memory first grows to a working size
(caches, the first games' objects); the run counts from :func:`settle_seconds` (a third of
it, at least two minutes after the last arrival). Reported: the server's memory when it
settled and at the end (the ratio is end over settled), its growth and the growth per
click after settling (target: the end within 20 MB of the settled memory), the kernels'
memory per kernel likewise, and errors (0).

    SOAK_MINUTES=5 SOAK_VISITORS=10 python -m benchmarks.run soak
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from dataclasses import dataclass, field

from benchmarks.bench_classroom import _row, _say
from benchmarks.classserver import CODE, ROOT, ClassServer, class_server
from benchmarks.widgetclient import WidgetPage

GAMES = ("navigator", "sequences", "permutations", "dotter", "sum15")
THINK = (3.0, 8.0)
"""Seconds a student waits between two presses (uniform)."""
ARRIVAL = 60.0
SAMPLE_EVERY = 15.0
NO_CHANGE = 10.0
PAGE_TIMEOUT = 600.0
GROWTH_TARGET_MB = 20


def settle_seconds(minutes: float) -> float:
    """When the server counts as settled: a third of the run, and at least two minutes
    after the last student arrived.

    >>> settle_seconds(30), settle_seconds(5)
    (600.0, 180.0)
    """
    return max(minutes * 60 / 3, ARRIVAL + 120)


@dataclass
class Student:
    index: int
    game: str
    clicks: list[float] = field(default_factory=list)
    """When (seconds from the start) each press was answered."""
    unchanged: int = 0
    received: int = 0
    errors: list[str] = field(default_factory=list)


async def _student(url: str, student: Student, started: float, until: float) -> None:
    rng = random.Random(student.index)
    page = None
    try:
        await asyncio.sleep(ARRIVAL * student.index / max(1, _visitors()))
        query = f"seed={2000 + student.index}&mode=play&token={CODE}"
        page = WidgetPage(
            url,
            f"{url}/voila/render/{student.game}-dashboard.ipynb?{query}",
            PAGE_TIMEOUT,
            v1=os.environ.get("SOAK_PROTOCOL", "v1") == "v1",
        )
        await page.open()
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(*THINK))
            targets = page.pressable()
            if not targets:
                continue
            changed = await page.press(rng.choice(targets), NO_CHANGE)
            student.clicks.append(time.monotonic() - started)
            student.unchanged += changed is None
    except Exception as error:
        student.errors.append(f"{student.game}: {type(error).__name__}: {error}"[:300])
    finally:
        if page is not None:
            student.received = page.received
            student.errors.extend(page.errors)
            await page.leave()


async def _sampler(server: ClassServer, started: float, until: float, samples: list) -> None:
    while time.monotonic() < until:
        server_mb, kernels_mb = await asyncio.to_thread(server.memory_mb)
        count = len(await asyncio.to_thread(server.kernels))
        samples.append((time.monotonic() - started, server_mb, kernels_mb, count))
        await asyncio.sleep(SAMPLE_EVERY)


def _visitors() -> int:
    return int(os.environ.get("SOAK_VISITORS", "30"))


def _minutes(quick: bool) -> float:
    return float(os.environ.get("SOAK_MINUTES", "5" if quick else "30"))


def soak(visitors: int, minutes: float, address: str) -> dict:
    notebooks = {
        f"{game}-dashboard.ipynb": ROOT / "lessons" / f"{game}-dashboard.ipynb" for game in GAMES
    }
    with class_server(notebooks, visitors, "--bind", "0.0.0.0") as server:
        server.size = 2 * len(GAMES)  # each dashboard's small pool, warm and quiet
        server.wait_warm(timeout=600)
        url = server.url.replace("127.0.0.1", address)
        students = [Student(i, GAMES[i % len(GAMES)]) for i in range(visitors)]
        samples: list = []

        async def lesson() -> None:
            started = time.monotonic()
            until = started + minutes * 60
            await asyncio.gather(
                _sampler(server, started, until, samples),
                *(_student(url, s, started, until) for s in students),
            )

        asyncio.run(lesson())
        return {"students": students, "samples": samples, "log_errors": server.log_errors()}


def _at(samples: list, seconds: float) -> tuple:
    return min(samples, key=lambda sample: abs(sample[0] - seconds))


def rows(result: dict, minutes: float) -> list[dict]:
    students, samples = result["students"], result["samples"]
    settled_at = settle_seconds(minutes)
    settled, end = _at(samples, settled_at), samples[-1]
    clicks = [t for s in students for t in s.clicks]
    after = sum(1 for t in clicks if settled[0] <= t <= end[0])
    growth = end[1] - settled[1]
    per_kernel = [kernels / max(count, 1) for _, _, kernels, count in (settled, end)]
    errors = [e for s in students for e in s.errors] + result["log_errors"]
    received = sum(s.received for s in students)
    _say(f"soak samples (s, server MB, kernels MB, kernels): {samples}")
    for error in errors[:10]:
        _say(f"soak error: {error}")
    protocol = os.environ.get("SOAK_PROTOCOL", "v1")
    label = f"soak {len(students)} students, {minutes:g} min, {protocol}"
    return [
        _row(f"{label}: presses", len(clicks), "", None),
        _row(f"{label}: kernel messages per press", received / max(len(clicks), 1), ""),
        _row(f"{label}: server memory settled", settled[1], "MB"),
        _row(
            f"{label}: server memory at the end",
            end[1],
            "MB",
            settled[1],
            f"<= settled + {GROWTH_TARGET_MB} MB",
        ),
        _row(f"{label}: server growth after settling", growth, "MB", None, "flat"),
        _row(f"{label}: server growth per press", growth * 1024 / max(after, 1), "KB"),
        _row(f"{label}: kernel memory at the end", per_kernel[1], "MB", per_kernel[0]),
        _row(f"{label}: errors", len(errors), "", None, "0"),
    ]


def run(quick: bool = False) -> list[dict]:
    from deploy.classroom import local_classroom_address

    address = local_classroom_address()
    if address is None:
        print("  (soak skipped: no network address for the students to come from)")
        return []
    minutes = _minutes(quick)
    result = soak(_visitors(), minutes, address)
    return rows(result, minutes)
