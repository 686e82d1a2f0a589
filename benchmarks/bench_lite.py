"""How fast a dashboard of the JupyterLite site opens, against an empty JupyterLite page.

The site (``make lite``, built here if ``build/lite`` is missing) is served by a plain
static server on 127.0.0.1 and opened in Chromium with every other request aborted. A
cold open is a new browser context (empty cache); a second open is another tab of the
same context (files cached). The baseline is JupyterLite's own console running ``1`` in
the same kernel (Pyodide started, the same packages preloaded): the ratio is what
cardmath's import and its widgets add. Targets: cold ratio <= 1.5 and second ratio <= 1.5;
on an idle two-core machine the issue's figures are a cold open <= 15 s and a second <= 5 s.

Wall time on a shared machine follows its load; the CPU seconds the browser's processes
spent on each open follow the work the page does, so they are reported beside it.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

from benchmarks.bench_classroom import _row

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "lite"
CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 300_000


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site as a static host does (the browser needs these types)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def log_message(self, *args: object) -> None:
        pass


def _browser_cpu() -> float:
    """CPU seconds used so far by this process's children (the browser and its helpers)."""
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
    total, todo = 0.0, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        total += used.get(pid, 0.0)
        todo += children.get(pid, [])
    return total


def _open(
    context, url: str, frame_ready: str | None, page_ready: str | None
) -> tuple[float, float]:
    """Wall seconds until the page is ready, and the browser's CPU seconds meanwhile."""
    page = context.new_page()
    cpu = _browser_cpu()
    started = time.perf_counter()
    page.goto(url)
    if frame_ready:
        frame = page.locator("iframe#app").element_handle().content_frame()
        frame.wait_for_selector(frame_ready, timeout=TIMEOUT_MS, state="visible")
    else:
        page.wait_for_selector(page_ready, timeout=TIMEOUT_MS, state="visible")
    elapsed = time.perf_counter() - started
    cpu = _browser_cpu() - cpu
    page.close()
    return elapsed, cpu


def run(quick: bool = False) -> list[dict]:
    if not (SITE / "static/pyodide/pyodide-lock.json").is_file():
        subprocess.run(
            ["make", "lite", f"LITE_PYTHON={sys.executable}"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(SITE))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    empty = f"{base}/repl/index.html?" + urlencode({"kernel": "python", "code": "1"})
    dashboard = f"{base}/navigator.html?seed=7"
    outside: list[str] = []

    def route(request_route) -> None:
        if request_route.request.url.startswith((base + "/", "data:", "blob:")):
            request_route.continue_()
        else:
            outside.append(request_route.request.url)
            request_route.abort()

    times: dict[str, float] = {}
    cpu: dict[str, float] = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
            )
            for name, url, frame_ready, page_ready in (
                ("empty", empty, None, ".jp-OutputArea-output"),
                ("dashboard", dashboard, ".cm-dashboard .cm-seed", None),
            ):
                context = browser.new_context(viewport={"width": 1280, "height": 720})
                context.route("**/*", route)
                for visit in ("cold", "second"):
                    key = f"{name} {visit}"
                    times[key], cpu[key] = _open(context, url, frame_ready, page_ready)
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if outside:
        raise RuntimeError(f"the site asked for outside addresses: {outside[:5]}")
    return [
        _row(
            "lite: navigator cold open (empty cache)",
            times["dashboard cold"],
            "s",
            times["empty cold"],
            "ratio <= 1.5 (<= 15 s on 2 idle cores)",
        ),
        _row(
            "lite: navigator second open (cached)",
            times["dashboard second"],
            "s",
            times["empty second"],
            "ratio <= 1.5 (<= 5 s on 2 idle cores)",
        ),
        _row(
            "lite: navigator cold open, browser CPU",
            cpu["dashboard cold"],
            "cpu s",
            cpu["empty cold"],
            "ratio <= 1.5",
        ),
        _row(
            "lite: navigator second open, browser CPU",
            cpu["dashboard second"],
            "cpu s",
            cpu["empty second"],
            "ratio <= 1.5",
        ),
    ]
