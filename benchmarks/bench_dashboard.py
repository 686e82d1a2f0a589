"""Dashboard benchmarks: time to an interactive Navigator dashboard, and kernel memory.

One Voilà server (the way ``make serve`` starts it) serves both the Navigator dashboard
(``lessons/navigator-dashboard.ipynb``) and a bare one-button ipywidgets notebook
(``benchmarks/bare.ipynb``); Debian's Chromium, driven by Playwright, opens each in turn.

* *time to interactive*: from the page request to the moment the dashboard's Deal button
  and cards are drawn (for the bare notebook: its button), median over the repeats;
* *kernel memory*: resident memory of the kernel Voilà started for the page, once the
  page is interactive (median);
* the same times with preheated kernels (``--preheat_kernel=True --pool_size=1``).

Each figure is reported beside the bare notebook's in the same run (the ratio); targets:
ratio <= 1.3 for both, and <= 1 s to interactive with preheated kernels. Both notebooks
are copied into a temporary folder so that preheating does not walk the repository.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from statistics import median

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[1]
DASHBOARD = ROOT / "lessons" / "navigator-dashboard.ipynb"
BARE = Path(__file__).resolve().parent / "bare.ipynb"
CHROMIUM = Path(os.environ.get("CARDMATH_CHROMIUM", "/usr/bin/chromium"))
READY = {
    "navigator-dashboard.ipynb": ".cm-dashboard .cm-deal-button, .cm-dashboard .cmt-card",
    "bare.ipynb": ".jupyter-button",
}
SEED_QUERY = "?seed=2481"


@contextmanager
def _voila(folder: Path, *extra: str) -> Iterator[tuple[subprocess.Popen, str]]:
    port = free_port()
    log = (folder / f"voila-{port}.log").open("w")
    command = [
        sys.executable,
        "-m",
        "voila",
        str(folder),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        *extra,
    ]
    process = subprocess.Popen(command, cwd=folder, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(url + "/", timeout=5):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"Voila did not start: see {log.name}") from None
                time.sleep(0.3)
        yield process, url
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def _kernels(process: subprocess.Popen) -> dict[int, object]:
    import psutil

    found = {}
    for child in psutil.Process(process.pid).children(recursive=True):
        try:
            if any("ipykernel" in part for part in child.cmdline()):
                found[child.pid] = child
        except psutil.Error:
            continue
    return found


def _quiet(kernel: object, seconds: float = 1.0) -> bool:
    """Whether a kernel process used (almost) no CPU for ``seconds`` (done, now waiting)."""
    import psutil

    try:
        before = kernel.cpu_times()  # type: ignore[attr-defined]
        time.sleep(seconds)
        after = kernel.cpu_times()  # type: ignore[attr-defined]
    except psutil.Error:
        return False
    used = (after.user + after.system) - (before.user + before.system)
    return used < 0.05 * seconds


class _PoolRefill:
    """Between preheated measurements: wait until every kernel started since the last
    call (the pool's replacement for the kernel the last page took) has finished running
    the notebook and sits idle, waiting for a request. A fixed sleep measured a cold
    kernel whenever the machine was busy."""

    def __init__(self, process: subprocess.Popen, timeout: float = 180) -> None:
        self.process = process
        self.timeout = timeout
        self.seen: set[int] = set()

    def __call__(self) -> None:
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            kernels = _kernels(self.process)
            fresh = [kernel for pid, kernel in kernels.items() if pid not in self.seen]
            if fresh and all(_quiet(kernel, 2.0) for kernel in fresh):
                self.seen |= set(kernels)
                return
            time.sleep(0.5)
        raise RuntimeError(f"the preheated pool did not refill within {self.timeout:.0f} s")


def _open(browser, url: str, ready: str) -> float:
    """Seconds from the request to the ready selector (a fresh context each time)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        started = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.wait_for_selector(ready, state="visible", timeout=120_000)
        return time.perf_counter() - started
    finally:
        context.close()


def _measure(
    browser,
    process: subprocess.Popen,
    url: str,
    name: str,
    repeats: int,
    between: Callable[[], None] = lambda: None,
) -> tuple[float, float]:
    """(median seconds to interactive, median kernel RSS in MB) for one notebook."""
    times, memory = [], []
    query = SEED_QUERY if name.startswith("navigator") else ""
    for _ in range(repeats):
        between()
        before = set(_kernels(process))
        times.append(_open(browser, f"{url}/voila/render/{name}{query}", READY[name]))
        kernels = _kernels(process)
        new = [kernels[pid] for pid in kernels if pid not in before]
        if new:  # without preheating, the page's kernel is the one that just appeared
            memory.append(max(k.memory_info().rss for k in new) / 2**20)  # type: ignore[attr-defined]
    return median(times), median(memory) if memory else float("nan")


def _row(name: str, value: float, unit: str, baseline: float, target: str) -> dict:
    return {
        "name": name,
        "value": value,
        "unit": unit,
        "baseline": baseline,
        "ratio": value / baseline if baseline else None,
        "target": target,
    }


def run(quick: bool = False) -> list[dict]:
    if not CHROMIUM.exists():
        print(f"  (skipped: no Chromium at {CHROMIUM})")
        return []
    from playwright.sync_api import sync_playwright

    repeats = 2 if quick else 5
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="cardmath-bench-") as tmp:
        folder = Path(tmp)
        shutil.copy(DASHBOARD, folder / DASHBOARD.name)
        shutil.copy(BARE, folder / BARE.name)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM),
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            with _voila(folder) as (process, url):
                # warm the server and the OS file cache once for each notebook, unmeasured
                for name in READY:
                    _measure(browser, process, url, name, 1)
                bare_time, bare_memory = _measure(browser, process, url, "bare.ipynb", repeats)
                dash_time, dash_memory = _measure(
                    browser, process, url, "navigator-dashboard.ipynb", repeats
                )
            rows.append(
                _row(
                    "dashboard: request to interactive",
                    dash_time * 1000,
                    "ms",
                    bare_time * 1000,
                    "ratio <= 1.3",
                )
            )
            rows.append(
                _row(
                    "dashboard: kernel memory (RSS)", dash_memory, "MB", bare_memory, "ratio <= 1.3"
                )
            )
            with _voila(folder, "--preheat_kernel=True", "--pool_size=1") as (process, url):
                refill = _PoolRefill(process)  # wait until the pool is warm again
                bare_hot, _ = _measure(browser, process, url, "bare.ipynb", repeats, refill)
                dash_hot, _ = _measure(
                    browser, process, url, "navigator-dashboard.ipynb", repeats, refill
                )
            rows.append(
                _row(
                    "dashboard, preheated: request to interactive",
                    dash_hot * 1000,
                    "ms",
                    bare_hot * 1000,
                    "<= 1000 ms",
                )
            )
            browser.close()
    return rows


if __name__ == "__main__":
    for row in run(quick="--quick" in sys.argv):
        print(row)
