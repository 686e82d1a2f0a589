"""A class of 30 opening a dashboard at once, on the class server (``make serve CLASS=30``).

Two runs on the same machine, one after the other, each with a class server whose pool is
warm: the Navigator dashboard, then a bare one-button notebook (the baseline: what Voilà
itself costs). In each, ``CLASS_SIZE`` visitors (30; 8 with ``--quick``) arrive within
:data:`SPREAD` seconds:

* a sample of them in real Chromium (:data:`SAMPLE`): time to interactive, from the
  request to the dashboard's seed being drawn (``.cm-dashboard .cm-seed``). In class each
  browser runs on a student's own device; here they share the server's two cores, so they
  run at the lowest CPU priority (:func:`benchmarks.classserver.as_students_devices`) and
  take only what the server leaves: their time to interactive is a starved browser's;
* the others speak the page's own protocol: fetch the page, open the kernel's websocket,
  ask for the widgets' state, as Voilà's page does, and keep the socket open.

Reported: the server's render time (request to the whole page) p50/p95/max, time to
interactive p50/p95/max (Chromium), failed loads, each visitor's kernel memory, the
server and all kernels in total. Then the class leaves: Chromium pages close (their page
asks for its kernel's shutdown), the protocol visitors send the page's shutdown request
too, except one in five who just vanish (a laptop lid closed: only culling frees those).
Reported: seconds until every visitor's kernel is gone, and until the kernel count is back
to the pool size. Every figure of the dashboard comes with the bare notebook's (ratio).
Requests go only to 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median

from benchmarks.classserver import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CODE,
    ROOT,
    ClassServer,
    as_students_devices,
    class_server,
)
from benchmarks.widgetclient import WidgetPage

DASHBOARD = ROOT / "lessons" / "navigator-dashboard.ipynb"
BARE = Path(__file__).resolve().parent / "bare.ipynb"
READY = {"dashboard": ".cm-dashboard .cm-seed", "bare": ".jupyter-button"}
SPREAD = 5.0
"""Seconds over which the class arrives."""
SAMPLE = 5
"""Visitors who open the page in Chromium (the rest speak the page's protocol)."""
LEAVE_TIMEOUT = 240.0
PAGE_TIMEOUT = 120.0


@dataclass
class Visitor:
    index: int
    browser: bool
    vanishes: bool
    render_s: float | None = None
    interactive_s: float | None = None
    kernel_id: str | None = None
    error: str | None = None
    leave: object = None
    extra: dict = field(default_factory=dict)


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


async def _protocol_visitor(server: ClassServer, page_url: str, visitor: Visitor) -> None:
    """Fetch the page and load the widgets' state the way Voilà's page does."""
    page = WidgetPage(server.url, f"{page_url}&token={CODE}", timeout=PAGE_TIMEOUT)
    visitor.extra["close"] = lambda: page.leave(vanish=True)
    await page.open()
    visitor.render_s, visitor.interactive_s = page.render_s, page.interactive_s
    visitor.kernel_id = page.kernel_id
    visitor.extra["widgets"] = len(page.states)
    visitor.leave = lambda: page.leave(vanish=visitor.vanishes)


async def _browser_visitor(browser, page_url: str, ready: str, visitor: Visitor) -> None:
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    visitor.extra["close"] = context.close
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    started = time.perf_counter()
    await page.goto(f"{page_url}&token={CODE}", wait_until="commit", timeout=PAGE_TIMEOUT * 1000)
    await page.wait_for_selector(ready, state="visible", timeout=PAGE_TIMEOUT * 1000)
    visitor.interactive_s = time.perf_counter() - started
    timing = await page.evaluate(
        "() => { const n = performance.getEntriesByType('navigation')[0];"
        " return [n.requestStart, n.responseEnd]; }"
    )
    visitor.render_s = (timing[1] - timing[0]) / 1000
    config = await page.locator("#jupyter-config-data").text_content()
    visitor.kernel_id = json.loads(config)["kernelId"]
    if errors:
        raise RuntimeError(f"page errors: {errors[:2]}")

    async def leave() -> None:
        await page.close(run_before_unload=True)
        await asyncio.sleep(1.0)  # let the page's shutdown request go out
        await context.close()

    visitor.leave = leave


async def _burst(server: ClassServer, notebook: str, ready: str, size: int, sample: int) -> dict:
    from playwright.async_api import async_playwright

    every = max(1, size // max(sample, 1))
    visitors = [
        Visitor(i, browser=(i % every == 0 and i // every < sample), vanishes=(i % 5 == 4))
        for i in range(size)
    ]
    page_url = f"{server.url}/voila/render/{notebook}?seed=2481&mode=play"
    before = server.kernels()
    server_mb, pool_mb = server.memory_mb()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        as_students_devices()  # the sample's pages stand for the students' own laptops

        async def arrive(visitor: Visitor) -> None:
            await asyncio.sleep(SPREAD * visitor.index / max(size - 1, 1))
            try:
                if visitor.browser:
                    await _browser_visitor(browser, page_url, ready, visitor)
                else:
                    await _protocol_visitor(server, page_url, visitor)
            except Exception as error:  # a failed load is a figure, not a crash
                visitor.error = f"{type(error).__name__}: {error}"[:200]
                if "close" in visitor.extra:
                    await visitor.extra["close"]()

        load_before = os.getloadavg()[0]
        burst_started = time.perf_counter()
        await asyncio.gather(*(arrive(v) for v in visitors))
        burst_s = time.perf_counter() - burst_started
        _say(
            f"all {size} visitors in after {burst_s:.1f} s; {sum(bool(v.error) for v in visitors)} failed"
        )
        await asyncio.sleep(2.0)
        kernels = server.kernels()
        visitor_rss = []
        for visitor in visitors:
            process = kernels.get(visitor.kernel_id or "")
            if process is not None:
                visitor_rss.append(process.memory_info().rss / 2**20)
        peak_server_mb, peak_kernels_mb = server.memory_mb()

        # the class leaves
        left = time.perf_counter()
        await asyncio.gather(*(v.leave() for v in visitors if v.leave is not None))
        await browser.close()
    mine = {v.kernel_id for v in visitors if v.kernel_id}
    gone_s = back_s = None
    deadline = left + LEAVE_TIMEOUT
    while time.perf_counter() < deadline and (gone_s is None or back_s is None):
        now = server.kernels()
        if gone_s is None and not mine & set(now):
            gone_s = time.perf_counter() - left
        if gone_s is not None and len(now) <= server.size:
            back_s = time.perf_counter() - left
        await asyncio.sleep(1.0)
    failed = [v for v in visitors if v.error]
    return {
        "visitors": visitors,
        "failed": failed,
        "burst_s": burst_s,
        "load": load_before,
        "kernels_before": len(before),
        "memory_before_mb": server_mb + pool_mb,
        "memory_peak_mb": peak_server_mb + peak_kernels_mb,
        "visitor_rss": visitor_rss,
        "gone_s": gone_s,
        "back_s": back_s,
        "log_errors": server.log_errors(),
    }


def _measure(name: str, source: Path, ready: str, size: int, sample: int) -> dict:
    served = f"{name}-dashboard.ipynb"  # the class pool covers *-dashboard.ipynb
    with class_server({served: source}, size, "--dashboards", served) as server:  # as GAME=
        _say(f"{name}: warming a pool of {size}")
        warm_s = server.wait_warm()
        _say(f"{name}: warm after {warm_s:.0f} s; {size} visitors arrive")
        result = asyncio.run(_burst(server, served, ready, size, sample))
        _say(f"{name}: class gone after {result['gone_s']} s, pool back after {result['back_s']} s")
    result["warm_s"] = warm_s
    return result


def _say(text: str) -> None:
    print(f"  [{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def _row(name, value, unit, baseline=None, target="") -> dict:
    ratio = value / baseline if baseline not in (None, 0) and value is not None else None
    return {
        "name": name,
        "value": float("nan") if value is None else value,
        "unit": unit,
        "baseline": baseline,
        "ratio": ratio,
        "target": target,
    }


def run(quick: bool = False) -> list[dict]:
    if not CHROMIUM.exists():
        print(f"  (skipped: no Chromium at {CHROMIUM})")
        return []
    size = int(os.environ.get("CLASS_SIZE", 8 if quick else 30))
    sample = min(size, int(os.environ.get("CLASS_SAMPLE", 2 if quick else SAMPLE)))
    bare = _measure("bare", BARE, READY["bare"], size, sample)
    dash = _measure("navigator", DASHBOARD, READY["dashboard"], size, sample)
    rows = []
    for label, key, fraction, target in (
        ("render p50", "render_s", 0.5, ""),
        ("render p95", "render_s", 0.95, "<= 3000 ms"),
        ("render max", "render_s", 1.0, ""),
    ):
        values = [getattr(v, key) for v in dash["visitors"] if getattr(v, key) is not None]
        base = [getattr(v, key) for v in bare["visitors"] if getattr(v, key) is not None]
        rows.append(
            _row(
                f"class of {size}: server {label}",
                _percentile(values, fraction) * 1000,
                "ms",
                _percentile(base, fraction) * 1000,
                target,
            )
        )
    for label, fraction, target in (
        ("p50", 0.5, ""),
        ("p95", 0.95, ""),  # starved browsers: an upper bound (bench_lightpage has the target)
        ("max", 1.0, ""),
    ):
        values = [v.interactive_s for v in dash["visitors"] if v.browser and v.interactive_s]
        base = [v.interactive_s for v in bare["visitors"] if v.browser and v.interactive_s]
        rows.append(
            _row(
                f"class of {size}: Chromium to interactive {label} ({len(values)} pages)",
                _percentile(values, fraction) * 1000,
                "ms",
                _percentile(base, fraction) * 1000,
                target,
            )
        )
    protocol = [v.interactive_s for v in dash["visitors"] if not v.browser and v.interactive_s]
    protocol_base = [v.interactive_s for v in bare["visitors"] if not v.browser and v.interactive_s]
    rows.append(
        _row(
            f"class of {size}: page+widget state p95 ({len(protocol)} protocol visitors)",
            _percentile(protocol, 0.95) * 1000,
            "ms",
            _percentile(protocol_base, 0.95) * 1000,
        )
    )
    rows.append(
        _row(f"class of {size}: failed loads", len(dash["failed"]), "", len(bare["failed"]), "0")
    )
    rows.append(
        _row(
            "kernel memory per visitor (median RSS)",
            median(dash["visitor_rss"]) if dash["visitor_rss"] else None,
            "MB",
            median(bare["visitor_rss"]) if bare["visitor_rss"] else None,
            "<= 80 MB",
        )
    )
    rows.append(
        _row(
            "kernel memory per visitor (max RSS)",
            max(dash["visitor_rss"], default=None),
            "MB",
            max(bare["visitor_rss"], default=None),
        )
    )
    for label, key in (("pool warm", "memory_before_mb"), ("class in", "memory_peak_mb")):
        rows.append(_row(f"total memory, {label} (server + kernels)", dash[key], "MB", bare[key]))
    rows.append(
        _row(
            f"pool of {size} warm (from server start)",
            dash["warm_s"],
            "s",
            bare["warm_s"],
        )
    )
    rows.append(
        _row("class left: all their kernels gone after", dash["gone_s"], "s", bare["gone_s"])
    )
    rows.append(
        _row(
            "class left: kernel count back to the pool size after",
            dash["back_s"],
            "s",
            bare["back_s"],
            "<= 120 s",
        )
    )
    rows.append(
        _row(
            "machine load (1-min average) as the class arrived, on 2 cores",
            dash["load"],
            "",
            bare["load"],
        )
    )
    rows.append(
        _row("server log errors", len(dash["log_errors"]), "", len(bare["log_errors"]), "0")
    )
    for name, result in (("dashboard", dash), ("bare", bare)):
        for visitor in result["failed"][:3]:
            print(f"  {name} visitor {visitor.index} failed: {visitor.error}", file=sys.stderr)
        for line in result["log_errors"][:3]:
            print(f"  {name} server log: {line[:200]}", file=sys.stderr)
    return rows


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        print(row)
