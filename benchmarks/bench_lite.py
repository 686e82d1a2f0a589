"""How fast a dashboard of the JupyterLite site opens, against an empty JupyterLite page.

The site (``make lite``, built here if ``build/lite`` is missing) is served by a plain
static server on 127.0.0.1 and opened in Chromium with every other request aborted. A
cold open is a new browser context (empty cache); a second open is another tab of the
same context (files cached). The baseline is JupyterLite's own console running ``1`` in
the same kernel (Pyodide started, every package of the lock loaded): the ratio is what
cardmath's import and its widgets add. Targets: cold ratio <= 1.5 and second ratio <= 1.5;
on an idle two-core machine the issue's figures are a cold open <= 15 s and a second <= 5 s.
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "lite"
CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 300_000


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def log_message(self, *args: object) -> None:
        pass


def _open(context, url: str, frame_ready: str | None, page_ready: str | None) -> float:
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url)
    if frame_ready:
        frame = page.locator("iframe#app").element_handle().content_frame()
        frame.wait_for_selector(frame_ready, timeout=TIMEOUT_MS, state="visible")
    else:
        page.wait_for_selector(page_ready, timeout=TIMEOUT_MS, state="visible")
    elapsed = time.perf_counter() - started
    page.close()
    return elapsed


def _row(name: str, value: float, baseline: float, target: str) -> dict:
    return {
        "name": name,
        "value": value,
        "unit": "s",
        "baseline": baseline,
        "ratio": value / baseline if baseline else None,
        "target": target,
    }


def run(quick: bool = False) -> list[dict]:
    if not (SITE / "static/pyodide/pyodide-lock.json").is_file():
        subprocess.run(["make", "lite"], cwd=ROOT, check=True, capture_output=True)
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Handler, directory=str(SITE))
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
                times[f"{name} cold"] = _open(context, url, frame_ready, page_ready)
                times[f"{name} second"] = _open(context, url, frame_ready, page_ready)
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
            times["empty cold"],
            "ratio <= 1.5 (<= 15 s on 2 idle cores)",
        ),
        _row(
            "lite: navigator second open (cached)",
            times["dashboard second"],
            times["empty second"],
            "ratio <= 1.5 (<= 5 s on 2 idle cores)",
        ),
    ]
