"""A class server that fits a school laptop, and pages light enough for a cheap device.

* **Memory before the class**: ``make serve CLASS=30`` with no ``GAME=`` over the real
  lessons folder, once its pools are warm (2 kernels per dashboard; the one the teacher
  opens grows later). The baseline is what the server held before pools followed the
  teacher: 30 warm kernels per dashboard, computed from the kernels measured here.
* **Models per Play page**, per game (``tests/test_widgets_models.py`` counts the same
  way); the baseline is the bare one-button notebook's 3 models.
* **Time to interactive with the CPU throttled 4x** (Chromium's
  ``Emulation.setCPUThrottlingRate`` through Playwright's CDP session, a cheap
  Chromebook): each game's Play page (median of 3 loads, 1 with ``--quick``) against the
  bare one-button notebook, same server, same throttle, one page at a time, the pools
  warm and quiet before each load; the ratio is the Play page's over the bare page's.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_classroom import _row, _say
from benchmarks.classserver import CHROMIUM, CHROMIUM_ARGS, CODE, ROOT, class_server

BARE = Path(__file__).resolve().parent / "bare.ipynb"
THROTTLE = 4
CLASS = 30
OLD_POOL = 30
"""Warm kernels per dashboard before pools followed the teacher (the class size)."""
PAGE_TIMEOUT = 300


def memory_before_class() -> list[dict]:
    lessons = ROOT / "lessons"
    notebooks = {p.name: p for p in lessons.glob("*.ipynb")}
    dashboards = [n for n in notebooks if n.endswith("-dashboard.ipynb")]
    with class_server(notebooks, CLASS) as server:
        rooms = [n for n in ("room.ipynb", "room-table.ipynb") if n in notebooks]
        # wait_warm waits for this many quiet kernels: 2 per dashboard and room page
        server.size = 2 * (len(dashboards) + len(rooms))
        warm_s = server.wait_warm(timeout=600)
        server_mb, kernels_mb = server.memory_mb()
        count = len(server.kernels())
    per_kernel = kernels_mb / max(count, 1)
    old = per_kernel * OLD_POOL * len(dashboards)
    _say(f"{count} warm kernels, {kernels_mb:.0f} MB, warm in {warm_s:.0f} s")
    return [
        _row(f"CLASS={CLASS}, no GAME: warm kernels", count, "", OLD_POOL * len(dashboards)),
        _row(
            f"CLASS={CLASS}, no GAME: kernels' memory before class",
            kernels_mb,
            "MB",
            old,
            "<= 1536 MB",
        ),
        _row(f"CLASS={CLASS}, no GAME: server memory", server_mb, "MB"),
        _row(f"CLASS={CLASS}, no GAME: pools warm after", warm_s, "s"),
    ]


def models_per_page() -> list[dict]:
    sys.path.insert(0, str(ROOT / "tests"))
    from test_widgets_models import DASHBOARDS, play_page_models

    rows = []
    for name in sorted(DASHBOARDS):
        with tempfile.TemporaryDirectory() as tmp:
            models = play_page_models(name, Path(tmp))
        rows.append(_row(f"{name} Play page: widget models", sum(models.values()), "", 3, "<= 80"))
        rows.append(_row(f"{name} Play page: Layouts", models["Layout"], "", 1))
    return rows


GAMES = ("navigator", "sequences", "permutations", "dotter", "sum15")
PLAY_READY = ".cm-dashboard .cm-play button:not([disabled]):visible"
"""A Play page is interactive once its play view shows a button a student can press."""
BARE_READY = ".jupyter-button"


async def _throttled(pages: list[tuple[str, str, str]], runs: int, settle) -> dict[str, list]:
    """Seconds to interactive of each ``(label, url, ready selector)``, ``runs`` times,
    the pages taken in turn (so a busier moment of a shared machine falls on all of
    them), each in a fresh browser context with the CPU throttled; ``settle()`` waits
    for the server's pools before each page."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout
    from playwright.async_api import async_playwright

    times: dict[str, list[float]] = {label: [] for label, _, _ in pages}
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            for _ in range(runs):
                for label, url, ready in pages:
                    await asyncio.to_thread(settle)  # the pool's refill, off the clock
                    context = await browser.new_context(viewport={"width": 1280, "height": 720})
                    page = await context.new_page()
                    cdp = await context.new_cdp_session(page)
                    await cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
                    started = time.perf_counter()
                    try:
                        await page.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT * 1000)
                        await page.wait_for_selector(
                            ready, state="visible", timeout=PAGE_TIMEOUT * 1000
                        )
                        times[label].append(time.perf_counter() - started)
                    except PlaywrightTimeout:
                        _say(f"{label}: not interactive within {PAGE_TIMEOUT} s")
                        times[label].append(float("inf"))
                    await page.close(run_before_unload=True)
                    await asyncio.sleep(1.0)
                    await context.close()
        finally:
            await browser.close()
    return times


def throttled_time_to_interactive(runs: int) -> list[dict]:
    """Each game's Play page against the bare one-button notebook, same server, same
    throttle, one page at a time."""
    notebooks = {f"{game}-dashboard.ipynb": ROOT / "lessons" / f"{game}-dashboard.ipynb"
                 for game in GAMES}  # fmt: skip
    notebooks["bare-dashboard.ipynb"] = BARE
    with class_server(notebooks, 2) as server:
        server.size = 2 * len(notebooks)  # every pool warm and quiet
        server.wait_warm(timeout=600)
        base = f"{server.url}/voila/render"
        pages = [("bare", f"{base}/bare-dashboard.ipynb?token={CODE}", BARE_READY)]
        pages += [
            (game, f"{base}/{game}-dashboard.ipynb?seed=2481&mode=play&token={CODE}", PLAY_READY)
            for game in GAMES
        ]
        times = asyncio.run(_throttled(pages, runs, lambda: server.wait_warm(timeout=300)))
    _say(f"throttled {THROTTLE}x: {times}")
    bare = statistics.median(times["bare"])
    rows = [_row(f"bare notebook interactive, CPU {THROTTLE}x slower", bare, "s")]
    for game in GAMES:
        rows.append(
            _row(
                f"{game} Play page interactive, CPU {THROTTLE}x slower",
                statistics.median(times[game]),
                "s",
                bare,
                "<= 3 s",
            )
        )
    failed = sum(t == float("inf") for game in GAMES for t in times[game])
    rows.append(_row(f"Play pages not interactive within {PAGE_TIMEOUT} s", failed, "", None, "0"))
    worst = max(max(times[game]) for game in GAMES)
    rows.append(_row(f"Play pages' worst, CPU {THROTTLE}x slower", worst, "s", max(times["bare"])))
    return rows


def run(quick: bool = False) -> list[dict]:
    rows = models_per_page()
    if not CHROMIUM.exists():
        print(f"  (browser parts skipped: no Chromium at {CHROMIUM})")
        return rows
    rows += throttled_time_to_interactive(runs=1 if quick else 3)
    rows += memory_before_class()
    return rows
