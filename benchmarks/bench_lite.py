"""How fast a dashboard of the JupyterLite site opens, against an empty JupyterLite page.

The site (``make lite``, built here if ``build/lite`` is missing) is served by a plain
static server on 127.0.0.1 with the cache headers of a static host (GitHub Pages sends
``Cache-Control: max-age=600``), and opened in Chromium with every other request failing
(sent to a closed proxy port). Each round starts a browser with a new profile on disk, as a
student's browser has: a cold open is its first tab (nothing cached); a second open is
another tab after the first closed, as when a student opens the next lesson.

Two shortcuts would make every open cold, so neither is used: Playwright's request
routing turns the browser's cache off, and its ``new_context()`` is an incognito profile,
which here fetched Pyodide's 9.6 MB ``.wasm`` again on every open and kept no compiled
code; a profile on disk kept both (Chromium's WebAssembly code cache).

The baseline is JupyterLite's own console running ``1`` in the same kernel (Pyodide
started, the same packages preloaded): the ratio is what cardmath's import and its
widgets add. Each figure is the median of several rounds. Targets: cold ratio <= 1.5 and
second ratio <= 1.5; on an idle two-core machine the issue's figures are a cold open
<= 15 s and a second <= 5 s.

Wall time on a shared machine follows its load; the CPU seconds the browser's processes
spent on each open follow the work the page does, so they are reported beside it.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from benchmarks.bench_classroom import _row

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "lite"
CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 300_000
DASHBOARD_READY = ".cm-dashboard .cm-seed"
MAX_AGE = 600
"""Seconds a browser may reuse a file without asking again: GitHub Pages' value."""


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site as a static host does: the types the browser needs, and
    ``Cache-Control: max-age`` beside ``Last-Modified``, as GitHub Pages sends them."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", f"max-age={MAX_AGE}")
        super().end_headers()

    def log_message(self, *args: object) -> None:
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    """A threading static server that stays quiet when the browser drops a download (a
    tab closed while a wheel was still arriving): that is the browser's choice, not an
    error of the site."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve_static(
    folder: Path, handler: type[SiteHandler] = SiteHandler
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A static file server for ``folder`` on a free port of 127.0.0.1, and its address."""
    server = SiteServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


@contextlib.contextmanager
def offline_launch_args() -> Iterator[list[str]]:
    """Chromium arguments that send every request not for 127.0.0.1 to a closed port, so
    it fails, with the browser's HTTP cache left on. The port stays bound (never
    listening) while the browser runs, so nothing else can answer on it."""
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    try:
        port = closed.getsockname()[1]
        yield [f"--proxy-server=http://127.0.0.1:{port}", "--proxy-bypass-list=127.0.0.1"]
    finally:
        closed.close()


@contextlib.contextmanager
def student_browser(browser_type, args: list[str], executable: str = CHROMIUM) -> Iterator:
    """A headless Chromium (a Playwright context) with a new profile on disk, offline but
    for 127.0.0.1: its caches persist from one tab to the next, as in a student's browser."""
    with (
        tempfile.TemporaryDirectory(prefix="lite-profile-") as folder,
        offline_launch_args() as offline,
    ):
        context = browser_type.launch_persistent_context(
            folder,
            executable_path=executable,
            headless=True,
            args=[*args, *offline],
            viewport={"width": 1280, "height": 720},
        )
        try:
            yield context
        finally:
            context.close()


NETWORK = ("http:", "https:", "ws:", "wss:", "ftp:")
"""The address schemes that reach a server (anything else is read inside the browser)."""


def outside_listener(base: str) -> tuple[list[str], Callable[[Any], None]]:
    """A request listener that lists the requests for anything but ``base``, and its list.

    Only network addresses count: a notebook's ``attachment:`` images, ``data:`` and
    ``blob:`` addresses are read inside the page and cannot leave the machine."""
    outside: list[str] = []

    def seen(request) -> None:
        url = request.url
        if url.startswith(NETWORK) and not url.startswith(base + "/"):
            outside.append(url)

    return outside, seen


def record_outside(context, base: str) -> list[str]:
    """The requests of ``context`` (pages, workers) for anything but ``base``, listed."""
    outside, seen = outside_listener(base)
    context.on("request", seen)
    return outside


def _browser_cpu() -> dict[int, float]:
    """CPU seconds used so far by each of this process's descendants (the browser)."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    used: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        used[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    found: dict[int, float] = {}
    todo = list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        found[pid] = used.get(pid, 0.0)
        todo += children.get(pid, [])
    return found


def _cpu_since(before: dict[int, float]) -> float:
    """CPU seconds the browser's live processes used since ``before`` (a process that
    ended meanwhile, such as a closed tab's renderer, is left out rather than counted
    as negative)."""
    return sum(now - before.get(pid, 0.0) for pid, now in _browser_cpu().items())


def open_once(context, url: str, ready: str, in_frame: bool = True) -> tuple[float, float]:
    """Open ``url`` in a new tab of ``context``: wall seconds until ``ready`` shows (in
    the page's ``iframe#app`` when ``in_frame``), and the browser's CPU seconds."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    before = _browser_cpu()
    started = time.perf_counter()
    page.goto(url, timeout=TIMEOUT_MS)
    if in_frame:
        frame = page.locator("iframe#app").element_handle().content_frame()
        frame.wait_for_selector(ready, timeout=TIMEOUT_MS, state="visible")
    else:
        page.wait_for_selector(ready, timeout=TIMEOUT_MS, state="visible")
    elapsed = time.perf_counter() - started
    cpu = _cpu_since(before)
    page.close()
    return elapsed, cpu


def cold_and_second(
    browser_type, base: str, url: str, ready: str, in_frame: bool = True
) -> tuple[dict[str, tuple[float, float]], list[str]]:
    """A cold open of ``url`` in a new browser profile, then a second open in another tab
    of it: ``{"cold": (wall s, cpu s), "second": ...}`` and the outside requests seen."""
    with student_browser(browser_type, ["--no-sandbox", "--disable-gpu"]) as context:
        outside = record_outside(context, base)
        times = {visit: open_once(context, url, ready, in_frame) for visit in ("cold", "second")}
    return times, outside


def run(quick: bool = False) -> list[dict]:
    if not (SITE / "static/pyodide/pyodide-lock.json").is_file():
        subprocess.run(
            ["make", "lite", f"LITE_PYTHON={sys.executable}"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
    from playwright.sync_api import sync_playwright

    rounds = 1 if quick else int(os.environ.get("LITE_ROUNDS", 3))
    server, base = serve_static(SITE)
    empty = f"{base}/repl/index.html?" + urlencode({"kernel": "python", "code": "1"})
    pages = {
        "empty": (empty, ".jp-OutputArea-output", False),
        "dashboard": (f"{base}/navigator.html?seed=7", DASHBOARD_READY, True),
    }
    samples: dict[str, list[tuple[float, float]]] = {}
    outside: list[str] = []
    try:
        with sync_playwright() as playwright:
            for _ in range(rounds):
                for name, (url, ready, in_frame) in pages.items():
                    times, seen = cold_and_second(playwright.chromium, base, url, ready, in_frame)
                    outside += seen
                    for visit, sample in times.items():
                        samples.setdefault(f"{name} {visit}", []).append(sample)
    finally:
        server.shutdown()
        server.server_close()
    if outside:
        raise RuntimeError(f"the site asked for outside addresses: {outside[:5]}")
    wall = {key: statistics.median(s[0] for s in values) for key, values in samples.items()}
    cpu = {key: statistics.median(s[1] for s in values) for key, values in samples.items()}
    median = f"median of {rounds}"
    rows = [
        (
            f"lite: navigator cold open (empty cache, {median})",
            wall["dashboard cold"],
            "s",
            wall["empty cold"],
            "<= 15 s on 2 idle cores",
        ),
        (
            f"lite: navigator second open (cached, {median})",
            wall["dashboard second"],
            "s",
            wall["empty second"],
            "<= 5 s on 2 idle cores",
        ),
        (
            "lite: navigator cold open, browser CPU",
            cpu["dashboard cold"],
            "cpu s",
            cpu["empty cold"],
            "",
        ),
        (
            "lite: navigator second open, browser CPU",
            cpu["dashboard second"],
            "cpu s",
            cpu["empty second"],
            "",
        ),
    ]
    return [_judged(*row) for row in rows]


RATIO_LIMIT = 1.5
"""Every row's target: at most this ratio to the empty JupyterLite page's same figure."""


def _judged(name: str, value: float, unit: str, baseline: float, absolute: str) -> dict:
    """A row judged by its ratio to the empty page (the issue's idle-machine figure, if
    any, shown beside it)."""
    row = _row(name, value, unit, baseline)
    met = "met" if row["ratio"] is not None and row["ratio"] <= RATIO_LIMIT else "NOT met"
    beside = f"; {absolute}" if absolute else ""
    row["target"] = f"ratio <= {RATIO_LIMIT}{beside} ({met})"
    return row
