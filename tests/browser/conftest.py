"""Real-browser test fixtures: a real Voila server and Debian's Chromium via Playwright.

* ``voila_url``: base URL of a Voila server started the way ``make serve`` starts it
  (tree view over ``lessons/``), on a free port of 127.0.0.1, shared by the session.
* ``browser``: Chromium from ``/usr/bin/chromium`` (never a downloaded build); a test
  that needs a browser of its own (a second student, no cache, no network) makes a
  context with :func:`new_context`.
* ``page``: a 1280x720 page that keeps nothing of the test before it (no cookie, no saved
  page data) but the browser's cache of Voilà's scripts, as a student's browser does.
  Screenshots go to ``artifacts``.
* ``artifacts``: a folder kept after the run (``test-artifacts/<test name>/``) for the
  screenshots a person should look at.

Without Chromium the tests are skipped on a developer's machine, and fail under
``CI=true``: in CI a missing browser is a broken setup, never a reason to pass.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from deploy.settings import Culling, serve_args
from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("CARDMATH_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


TEST_CULLING = Culling(idle=120, interval=30)
"""A closed test page's kernel goes after two minutes, not ``make serve``'s hour: one
worker opens about seventy pages, and Playwright closes them without the page's own
"shut my kernel down" beacon, so they would otherwise all stay alive to the end."""

SERVE_ARGS = tuple(serve_args(TEST_CULLING))
"""The same tree and page-extension settings as ``make serve``; culling as above (a page
that is still open is never culled, as in class)."""

DASHBOARD_READY = ".cm-dashboard .cm-seed"
TIMEOUT = 90_000
PAGE_LOAD_TIMEOUT = 150_000
"""Opening a Voilà page includes starting its kernel and running the notebook: on two
cores shared with another test worker, a hub and a class server, this has taken 90 s."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


def wait_for_http(url: str, process: subprocess.Popen, log: Path, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"Voila exited with {process.returncode}:\n{log.read_text()[-3000:]}"
            )
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(
        f"Voila did not answer at {url} within {timeout} s:\n{log.read_text()[-3000:]}"
    )


def start_voila(
    root: Path,
    log: Path,
    *extra: str,
    python: str = sys.executable,
    cwd: Path | None = None,
) -> tuple[subprocess.Popen, str]:
    """Start ``python -m deploy.serve <root>`` (what ``make serve`` runs: Voilà made safe)
    on a free loopback port; returns (process, base URL)."""
    port = free_port()
    command = [
        python,
        "-m",
        "deploy.serve",
        str(root),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True",
        *extra,
    ]
    handle = log.open("w")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        command, cwd=cwd or ROOT, stdout=handle, stderr=subprocess.STDOUT, env=env
    )
    url = f"http://127.0.0.1:{port}"
    wait_for_http(url + "/", process, log)
    return process, url


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    process, url = start_voila(ROOT / "lessons", log, *SERVE_ARGS)
    yield url
    stop(process)


@pytest.fixture(scope="session")
def profile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """Chromium with a profile on disk (a browser context), shared by a worker's tests.

    Every test's ``page`` opens in it. Unlike the browser's private contexts it keeps
    Voilà's five megabytes of scripts on disk, compiled: opening a dashboard then costs
    the machine about 1.4 s of processor time, not 2.2 (measured). What one test leaves in
    it (cookies, saved page data, pages) is cleared before the next (see ``page``)."""
    if not CHROMIUM.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"Chromium is missing at {CHROMIUM}: CI must install Debian's chromium")
        pytest.skip(f"no Chromium at {CHROMIUM} (run `apt-get install chromium`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 720},
        )
        _wait_like_a_busy_machine(context)
        yield context
        context.close()


@pytest.fixture(scope="session")
def browser(profile) -> object:
    """The Chromium of ``profile``, for tests that make contexts of their own."""
    return profile.browser


@pytest.fixture
def artifacts(request: pytest.FixtureRequest) -> Path:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    folder = ROOT / "test-artifacts" / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_context(browser, **options):
    """A browser context whose pages wait as long as a busy CI machine needs.

    Voilà sends a page's end only after its kernel has run the notebook, so the "load"
    of a page that is not preheated includes starting a kernel and importing sympy and
    matplotlib: on two shared cores that can pass Playwright's default of 30 s. Every
    wait here (navigation, clicks, popups such as a link opened in a new tab) gets the
    same limit as the tests' own waits for kernel output."""
    return _wait_like_a_busy_machine(browser.new_context(**options))


def _wait_like_a_busy_machine(context):
    context.set_default_navigation_timeout(PAGE_LOAD_TIMEOUT)
    context.set_default_timeout(TIMEOUT)
    return context


_FORGOTTEN = "cookies,local_storage,indexeddb,service_workers,cache_storage,file_systems"
"""What a test's page leaves behind that the next test's page must not find (Chromium's
storage types; its cache of scripts is kept)."""


@pytest.fixture
def page(profile, artifacts: Path) -> Iterator[object]:
    keep = set(profile.pages)  # the profile's first, blank page keeps the browser open
    origins: set[str] = set()

    def visited(request) -> None:  # any page of the test's: its own, a popup, a second tab
        if request.is_navigation_request():
            origins.add(_origin(request.url))

    profile.on("request", visited)
    page = profile.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.javascript_errors = errors  # type: ignore[attr-defined]
    missing: list[str] = []
    page.on("requestfailed", lambda request: _note_missing(missing, request))
    page.missing_files = missing  # type: ignore[attr-defined]
    yield page
    profile.remove_listener("request", visited)
    forget(profile, origins, keep)


def _note_missing(missing: list[str], request) -> None:
    if request.resource_type in ("stylesheet", "script"):
        missing.append(f"{request.resource_type} {request.url}: {request.failure}")


def page_problems(page) -> list[str]:
    """What a class would see go wrong with the page itself: a box of Voilà's saying
    something failed (it lies over the game and catches clicks), a stylesheet or script
    the page asked for and did not get, a script error."""
    problems = [
        f"Voilà's error box: {text}" for text in page.locator(".jp-Dialog").all_inner_texts()
    ]
    problems += [f"missing {what}" for what in page.missing_files]
    return problems + [f"script error: {error}" for error in page.javascript_errors]


def forget(context, origins: set[str], keep: set[object]) -> None:
    """Clear what pages of ``context`` saved for ``origins`` (its cache of scripts kept)
    and close its pages not in ``keep``."""
    cleaner = context.new_page()
    session = context.new_cdp_session(cleaner)
    for origin in origins - {""}:
        session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": _FORGOTTEN})
    context.clear_cookies()
    for opened in context.pages:
        if opened not in keep:
            opened.close()


def _origin(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else ""


def wait_for_kernel_output(page, selector: str, timeout_ms: int = 90_000) -> None:
    """Wait until the Voila page has rendered ``selector`` (widgets come after the kernel)."""
    page.wait_for_selector(selector, timeout=timeout_ms, state="visible")


def open_dashboard(page, voila_url: str, notebook: str, query: str = "") -> None:
    """Open ``lessons/<notebook>`` in Voilà and wait for the dashboard's header."""
    page.goto(f"{voila_url}/voila/render/{notebook}{'?' + query if query else ''}")
    page.wait_for_selector(DASHBOARD_READY, timeout=TIMEOUT, state="visible")


def ready_to_play_problems(page) -> list[str]:
    """What keeps a dealt game from being ready to play: the cards a student can press
    must be real buttons with a name, and the address must keep the game (so a reload
    brings it back)."""
    problems = []
    cards = page.locator(".cm-dashboard .cmt-card[role=button]:not(.cmt-disabled)")
    cards.first.wait_for(timeout=TIMEOUT)
    labels = cards.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    if not labels or not all(labels):
        problems.append(f"cards without a name {labels}")
    if "game=" not in page.url:
        problems.append(f"the address keeps no game ({page.url})")
    return problems


def whole_page(page, path: Path) -> None:
    """A picture of the whole page: Voilà scrolls inside the page, so the window is made
    as tall as its content for the picture, then put back."""
    size = page.viewport_size
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('body, body *')].map(e => e.scrollHeight))"
    )
    resize(page, {"width": size["width"], "height": min(max(height, 720), 16000)})
    page.screenshot(path=str(path))
    page.set_viewport_size(size)


def settle(page, timeout_ms: int = TIMEOUT) -> None:
    """Wait until the kernel has answered every press (no busy button or card table)."""
    page.wait_for_function(
        "() => !document.querySelector('.cm-busy, .cmt-busy')", timeout=timeout_ms
    )


def frames(page) -> None:
    """Wait for two animation frames: the page has laid itself out after a change (a
    resize, a redraw), and the dashboards' resize handler has run (it fits the projector's
    regions and marks the next control on the first)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def animations_done(page) -> None:
    """Wait until every animation of the page has finished (a slide, a fade)."""
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running')", timeout=TIMEOUT
    )


def resize(page, size: dict[str, int]) -> None:
    """Make the window ``size`` (``{"width": .., "height": ..}``) and wait until the page
    has laid itself out at it."""
    page.set_viewport_size(size)
    frames(page)


def press(page, locator) -> None:
    """Click like a person: once, then wait for the kernel's answer before going on."""
    settle(page)
    locator.click()
    page.wait_for_timeout(50)
    settle(page)


def click_button(page, css: str) -> None:
    """Press the button carrying the class ``css`` (an ActionButton or an ipywidget),
    once, and wait for the kernel's answer."""
    press(page, page.locator(f"button.{css}, .{css} button").first)


def no_horizontal_overflow(page) -> list[str]:
    """Elements of the dashboard that stick out of the viewport to the right."""
    return page.evaluate(
        """() => {
          const width = document.documentElement.clientWidth;
          const bad = [];
          for (const el of document.querySelectorAll('.cm-dashboard *')) {
            const box = el.getBoundingClientRect();
            if (box.width > 0 && box.right > width + 1) {
              bad.push(`${el.tagName}.${el.className} right=${Math.round(box.right)}`);
            }
          }
          return bad.slice(0, 10);
        }"""
    )


def shoot(page, artifacts: Path, name: str) -> None:
    """A screenshot of the window, and one of the whole dashboard (``<name>-full.png``)."""
    from playwright.sync_api import Error as PlaywrightError

    window = artifacts / f"{name}.png"
    page.screenshot(path=str(window), full_page=False)
    # Voila scrolls inside the page and paints only what is on screen, so for the whole
    # dashboard the window is made as tall as the dashboard, then put back; a dashboard
    # the window already holds whole is the window's picture.
    viewport = page.viewport_size
    top, height = page.locator(".cm-dashboard").first.evaluate(
        "e => { const box = e.getBoundingClientRect();"
        " return [box.top, Math.ceil(Math.max(box.height, e.scrollHeight) + box.top + 40)]; }"
    )
    if top >= 0 and height <= viewport["height"]:
        shutil.copyfile(window, artifacts / f"{name}-full.png")
        return
    resize(page, {"width": viewport["width"], "height": max(viewport["height"], height)})
    # The resize makes the page lay itself out again (the projector's scaling): for a moment
    # the dashboard may not be laid out, which Playwright's element screenshot refuses.
    dashboard = page.locator(".cm-dashboard").first
    for attempt in range(3):
        dashboard.wait_for(state="visible", timeout=TIMEOUT)
        try:
            dashboard.screenshot(path=str(artifacts / f"{name}-full.png"), timeout=TIMEOUT)
            break
        except PlaywrightError:
            if attempt == 2:
                raise
            page.wait_for_timeout(500)
    page.set_viewport_size(viewport)


def serious_accessibility_problems(page, context: str = ".cm-dashboard") -> list[str]:
    """axe-core's serious and critical violations inside ``context`` (one line each).

    axe-core (the script axe_playwright_python carries) is put into a document once, the
    first time it is checked: a walk checks one page at every screen, and sending and
    compiling the half-megabyte script each time took about half of every check."""
    from axe_playwright_python.base import AXE_SCRIPT

    if not page.evaluate("() => typeof window.axe?.run === 'function'"):
        page.evaluate(AXE_SCRIPT)
    response = page.evaluate(
        "([context, options]) => axe.run(context, options)",
        [context, {"resultTypes": ["violations"]}],
    )
    found = []
    for violation in response.get("violations", []):
        if violation.get("impact") in ("serious", "critical"):
            nodes = [", ".join(node.get("target", [])) for node in violation.get("nodes", [])]
            found.append(f"{violation['id']} ({violation['impact']}): {'; '.join(nodes[:4])}")
    return found


@dataclass
class ClassServer:
    """A class server (``python -m deploy.classroom``) on a free port with its own store."""

    url: str
    code: str
    store_url: str
    process: subprocess.Popen
    log: Path

    def page(self, notebook: str, query: str = "") -> str:
        extra = f"&{query}" if query else ""
        return f"{self.url}/voila/render/{notebook}?token={self.code}{extra}"


@contextlib.contextmanager
def class_server(base: Path, *, size: int, code: str, teacher_code: str) -> Iterator[ClassServer]:
    """Start a class server the way ``make serve CLASS=..`` does, no dashboard preheated,
    its rooms and class record in a SQLite file in ``base``; stop it afterwards."""
    store_url = f"sqlite:///{base / 'class.sqlite'}"
    port = free_port()
    log = base / "class-server.log"
    command = [
        *(sys.executable, "-m", "deploy.classroom"),
        *("--size", str(size), "--port", str(port)),
        *("--code", code, "--teacher-code", teacher_code),
        *("--bind", "127.0.0.1", "--address", "127.0.0.1"),
        *("--dashboards", "no-dashboard-preheated.ipynb"),
    ]
    env = {**os.environ, "CARDMATH_ROOMS": store_url, "PYTHONPATH": str(ROOT)}
    with log.open("w") as handle:
        process = subprocess.Popen(
            command, cwd=ROOT, stdout=handle, stderr=subprocess.STDOUT, env=env
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_http(f"{url}/login", process, log)
        yield ClassServer(url, code, store_url, process, log)
    finally:
        stop(process)
