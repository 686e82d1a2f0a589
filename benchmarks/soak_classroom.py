"""A 30-minute lesson on the class server: ``make soak`` (not part of ``make test``).

``--visitors`` (30) students open the Navigator dashboard at ``?seed=N&mode=play`` (a
game dealt against computer players) on a class server whose pool is warm, arriving
within a minute, then each clicks, every few seconds (a student's pace, :data:`THINK`),
an enabled card or an enabled button of the dashboard, for ``--minutes`` (30).
``--browsers`` (5) of them are real Chromium pages (a card is
``.cmt-card[role=button]`` without ``.cmt-disabled``); the others speak the page's own
protocol (:mod:`benchmarks.widgetclient`): the same page request, websocket, widget
state and press messages, without rendering. Thirty Chromium renderers would share the
server's two cores and measure mostly themselves. Reported:

* errors, which must be 0: page errors, failed requests to the server, kernels lost,
  pages that stopped answering, error lines in the server's log;
* the response time of a click: from the click to the first change the kernel's answer
  makes to the dashboard (p50/p95/max; in Chromium the first change to the page, in
  protocol the first widget update); clicks that change nothing within
  :data:`NO_CHANGE` seconds are counted apart;
* memory over time, sampled every :data:`SAMPLE_EVERY` seconds: the server and all its
  kernels (must stay flat: the slope over the second half is reported).

Every request goes to 127.0.0.1; the run stops by itself after ``--minutes``.

    python -m benchmarks.soak_classroom                       # 30 visitors, 30 minutes
    python -m benchmarks.soak_classroom --visitors 3 --browsers 1 --minutes 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.classserver import CHROMIUM, CHROMIUM_ARGS, CODE, ROOT, ClassServer, class_server
from benchmarks.widgetclient import WidgetPage

DASHBOARD = ROOT / "lessons" / "navigator-dashboard.ipynb"
READY = ".cm-dashboard .cm-seed"
CLICKABLE = (
    ".cm-dashboard .cmt-card[role=button]:not(.cmt-disabled):visible,"
    " .cm-dashboard button:not([disabled]):visible"
)
"""What a student can click: enabled cards and buttons on screen (Playwright's ``:visible``;
a hidden settings panel's buttons are not clicked, as the protocol visitors skip them)."""
THINK = (3.0, 8.0)
"""Seconds a student waits between two clicks (uniform)."""
NO_CHANGE = 10.0
SAMPLE_EVERY = 30.0
ARRIVAL = 60.0
"""Seconds over which the class comes in (30 students open the link within a minute)."""
PAGE_TIMEOUT_MS = 600_000
"""A page that is not interactive after this long counts as an error (the load time itself
is measured by ``make bench``; here 30 pages also load on the server's own two cores)."""

WATCH = """() => {
  const root = document.querySelector('.cm-dashboard');
  window.cmSoak = {changed: null};
  const observer = new MutationObserver(() => {
    if (window.cmSoak.changed === null) window.cmSoak.changed = performance.now();
  });
  observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  window.cmSoak.observer = observer;
  return performance.now();
}"""


@dataclass
class Student:
    index: int
    browser: bool = True
    clicks: int = 0
    response_ms: list[float] = field(default_factory=list)
    unchanged: int = 0
    reloads: int = 0
    load_s: float | None = None
    errors: list[str] = field(default_factory=list)


async def _open(page, url: str) -> None:
    await page.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT_MS)
    await page.wait_for_selector(READY, state="visible", timeout=PAGE_TIMEOUT_MS)


def _game_url(server: ClassServer, student: Student) -> str:
    return (
        f"{server.url}/voila/render/navigator-dashboard.ipynb?seed={1000 + student.index}&mode=play"
    )


async def _protocol_student(server: ClassServer, student: Student, until: float) -> None:
    rng = random.Random(student.index)
    page = None
    try:
        await asyncio.sleep(ARRIVAL * student.index / 30)
        arrived = time.monotonic()
        page = WidgetPage(  # the binary protocol, as the Chromium pages speak it
            server.url,
            f"{_game_url(server, student)}&token={CODE}",
            PAGE_TIMEOUT_MS / 1000,
            v1=True,
        )
        await page.open()
        student.load_s = time.monotonic() - arrived
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(*THINK))
            targets = page.pressable()
            if not targets:
                continue
            student.clicks += 1
            changed_ms = await page.press(rng.choice(targets), NO_CHANGE)
            if changed_ms is None:
                student.unchanged += 1
            else:
                student.response_ms.append(changed_ms)
        if page.kernel_id not in server.kernels():
            student.errors.append("the page's kernel is gone")
    except Exception as error:
        student.errors.append(f"{type(error).__name__}: {error}"[:300])
    finally:
        if page is not None:
            student.errors.extend(page.errors)
            await page.leave()


async def _student(browser, server: ClassServer, student: Student, until: float) -> None:
    rng = random.Random(student.index)
    url = _game_url(server, student)
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    page = await context.new_page()
    page.on("pageerror", lambda error: student.errors.append(f"page error: {error}"[:300]))
    page.on(
        "requestfailed",
        lambda request: (
            student.errors.append(f"request failed: {request.url} {request.failure}"[:300])
            if request.url.startswith(server.url) and "/voila/api/shutdown/" not in request.url
            else None
        ),
    )
    page.on(
        "response",
        lambda response: (
            student.errors.append(f"HTTP {response.status}: {response.url}"[:300])
            if response.status >= 500
            else None
        ),
    )
    try:
        await asyncio.sleep(ARRIVAL * student.index / 30)
        arrived = time.monotonic()
        await _open(page, f"{url}&token={CODE}")
        student.load_s = time.monotonic() - arrived
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(*THINK))
            if page.url.split("?")[0] != url.split("?")[0] or not await page.locator(READY).count():
                student.reloads += 1  # a button led elsewhere: back to the game
                await _open(page, url)
                continue
            targets = page.locator(CLICKABLE)
            count = await targets.count()
            if count == 0:
                continue
            target = targets.nth(rng.randrange(count))
            started = await page.evaluate(WATCH)
            try:
                await target.click(timeout=5_000)
            except Exception:  # the view changed under the pointer: not an error of the page
                continue
            student.clicks += 1
            try:
                await page.wait_for_function(
                    "window.cmSoak.changed !== null", timeout=NO_CHANGE * 1000
                )
                changed = await page.evaluate("window.cmSoak.changed")
                student.response_ms.append(changed - started)
            except Exception:
                student.unchanged += 1
            await page.evaluate("window.cmSoak.observer.disconnect()")
        kernel = json.loads(await page.locator("#jupyter-config-data").text_content())["kernelId"]
        if kernel not in server.kernels():
            student.errors.append("the page's kernel is gone")
    except Exception as error:
        student.errors.append(f"{type(error).__name__}: {error}"[:300])
    finally:
        await context.close()


async def _memory_sampler(server: ClassServer, until: float, samples: list) -> None:
    started = time.monotonic()
    while time.monotonic() < until:
        server_mb, kernels_mb = server.memory_mb()
        samples.append((time.monotonic() - started, server_mb, kernels_mb, len(server.kernels())))
        await asyncio.sleep(SAMPLE_EVERY)


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, MB), in MB per minute."""
    if len(points) < 2:
        return float("nan")
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    num = sum((x - mean_x) * (y - mean_y) for x, y in points)
    den = sum((x - mean_x) ** 2 for x, _ in points)
    return 60 * num / den if den else float("nan")


async def _lesson(server: ClassServer, visitors: int, browsers: int, minutes: float) -> dict:
    from playwright.async_api import async_playwright

    every = max(1, visitors // max(browsers, 1))
    students = [
        Student(i, browser=(i % every == 0 and i // every < browsers)) for i in range(visitors)
    ]
    samples: list = []
    until = time.monotonic() + minutes * 60
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        await asyncio.gather(
            _memory_sampler(server, until, samples),
            *(
                _student(browser, server, s, until)
                if s.browser
                else _protocol_student(server, s, until)
                for s in students
            ),
        )
        await browser.close()
    return {"students": students, "samples": samples, "log_errors": server.log_errors()}


def soak(visitors: int, browsers: int, minutes: float) -> dict:
    served = "navigator-dashboard.ipynb"
    with class_server({served: DASHBOARD}, visitors, "--dashboards", served) as server:
        server.wait_warm()
        return asyncio.run(_lesson(server, visitors, browsers, minutes))


def report(result: dict, visitors: int, minutes: float) -> list[str]:
    students = result["students"]
    in_chromium = sum(s.browser for s in students)
    errors = [e for s in students for e in s.errors] + result["log_errors"]
    samples = result["samples"]
    totals = [(t, server + kernels) for t, server, kernels, _ in samples]
    half = [p for p in totals if p[0] >= totals[-1][0] / 2] if totals else []
    lines = [
        f"soak: {visitors} visitors clicking the Navigator dashboard for {minutes:g} min"
        f" ({in_chromium} in Chromium, {visitors - in_chromium} speaking its protocol)",
        f"  clicks                    {sum(s.clicks for s in students)}"
        f" ({sum(s.unchanged for s in students)} changed nothing within {NO_CHANGE:g} s,"
        f" {sum(s.reloads for s in students)} returns to the game)",
    ]
    for label, group in (
        ("Chromium", [s for s in students if s.browser]),
        ("protocol", [s for s in students if not s.browser]),
    ):
        if not group:
            continue
        loads = [s.load_s for s in group if s.load_s is not None]
        responses = [ms for s in group for ms in s.response_ms]
        lines += [
            f"  {label}: pages interactive after (s) p50/max"
            f" {_percentile(loads, 0.5):.1f} / {max(loads, default=float('nan')):.1f}"
            f" ({len(loads)} of {len(group)})",
            f"  {label}: click response p50/p95/max {_percentile(responses, 0.5):.0f} /"
            f" {_percentile(responses, 0.95):.0f} /"
            f" {max(responses, default=float('nan')):.0f} ms ({len(responses)} clicks)",
        ]
    lines += [
        f"  errors                    {len(errors)}   [target: 0]",
    ]
    lines += [f"    {error}" for error in errors[:10]]
    lines.append("  memory (server + kernels), minute: MB (kernels)")
    for t, server, kernels, count in samples:
        lines.append(f"    {t / 60:5.1f}: {server + kernels:7.0f} ({count} kernels)")
    lines.append(
        f"  memory slope over the second half: {_slope(half):+.2f} MB/min   [target: flat]"
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--visitors", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=5, help="of them in Chromium (5)")
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"no Chromium at {CHROMIUM}", file=sys.stderr)
        return 2
    result = soak(args.visitors, min(args.browsers, args.visitors), args.minutes)
    print("\n".join(report(result, args.visitors, args.minutes)), flush=True)
    if args.json:
        students = result["students"]
        args.json.write_text(
            json.dumps(
                {
                    "responses_ms": [ms for s in students for ms in s.response_ms],
                    "errors": [e for s in students for e in s.errors] + result["log_errors"],
                    "memory": result["samples"],
                },
                indent=1,
            )
        )
    errors = sum(len(s.errors) for s in result["students"]) + len(result["log_errors"])
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
