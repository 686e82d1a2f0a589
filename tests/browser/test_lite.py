"""The JupyterLite site (``make lite``) in a real headless Chromium with no network.

The session builds the site with ``make lite`` (quick when nothing changed: the tools and
wheels are kept, the cardmath wheel is rebuilt from the working tree), serves
``build/lite/`` with a plain static server on 127.0.0.1, and opens it in one student's
browser whose every request not for 127.0.0.1 fails (sent to a closed port). Every
dashboard must open from its page with its seed and show cards a student can press; a
Dotter turn and a homework puzzle are played by clicks; and no request may have tried to
leave the machine. A lesson shows its charts (drawn when the
site was built) as images with a text alternative. The times of a cold open and of a second
open (browser cache warm) are written to ``test-artifacts/lite-open-times.json``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect
from test_dotter_dashboard import enabled_cards, panel_text, take_a_turn

from benchmarks.bench_lite import (
    SiteHandler,
    open_once,
    outside_listener,
    record_outside,
    serve_static,
    student_browser,
)
from cardmath.homework import HomeworkCode, homework_set
from conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, click_button, forget, press

SITE = ROOT / "build" / "lite"
GAMES = ["navigator", "sequences", "permutations", "dotter", "sum15"]
LITE_TIMEOUT = 240_000
"""Pyodide starts in the page: on two shared, busy cores a cold start can take minutes."""
DASHBOARD_READY = ".cm-dashboard .cm-seed"
HOMEWORK_READY = ".cm-homework .cm-title"
SUM15 = HomeworkCode("sum15", 2481, 3, "medium")


@pytest.fixture(scope="session")
def lite_site() -> Path:
    """The site, built by ``make lite`` from this working tree."""
    try:
        subprocess.run(
            ["make", "lite", f"LITE_PYTHON={sys.executable}"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            timeout=1800,
        )
    except subprocess.CalledProcessError as error:
        pytest.fail(f"make lite failed:\n{(error.stdout + error.stderr).decode()[-3000:]}")
    assert (SITE / "static/pyodide/pyodide-lock.json").is_file()
    return SITE


@pytest.fixture(scope="session")
def lite_url(lite_site: Path) -> Iterator[str]:
    server, url = serve_static(lite_site)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def student(browser, lite_url: str) -> Iterator[object]:
    """One student's browser for the offline tests: a profile on disk, whose cache keeps
    Pyodide and the wheels from one test to the next as a student's browser keeps them
    from one lesson to the next (a private context whose requests are routed has no cache:
    every test started Pyodide cold, about 5 CPU-s against 3.3 warm). Every request not for
    127.0.0.1 goes to a closed port and fails."""
    with student_browser(browser.browser_type, CHROMIUM_ARGS, str(CHROMIUM)) as context:
        context.set_default_timeout(LITE_TIMEOUT)
        context.set_default_navigation_timeout(LITE_TIMEOUT)
        yield context


@pytest.fixture
def offline(student, lite_url: str) -> Iterator[tuple[object, list[str]]]:
    """A new page of the student's browser, and the requests of any of its pages or
    workers that tried to leave the machine. What the test saved (the drive, a homework's
    progress) is forgotten afterwards; the cache is kept."""
    keep = set(student.pages)
    outside, seen = outside_listener(lite_url)
    student.on("request", seen)
    page = student.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.javascript_errors = errors  # type: ignore[attr-defined]
    yield page, outside
    student.remove_listener("request", seen)
    forget(student, {lite_url}, keep)


def open_lite(page, url: str, ready: str = DASHBOARD_READY):
    """Open a page of the site and return the frame its widgets are drawn in, once
    ``ready`` shows there."""
    page.goto(url)
    frame = page.locator("iframe#app").element_handle().content_frame()
    frame.wait_for_selector(ready, timeout=LITE_TIMEOUT, state="visible")
    return frame


@pytest.mark.parametrize("game", GAMES)
def test_a_dashboard_page_opens_offline_ready_to_play(offline, lite_url, artifacts, game):
    page, outside = offline
    frame = open_lite(page, f"{lite_url}/{game}.html?seed=7&mode=play")
    assert "Seed 7" in frame.locator(".cm-seed").inner_text()
    cards = frame.locator(".cm-dashboard .cmt-card[role=button]:not(.cmt-disabled)")
    cards.first.wait_for(timeout=LITE_TIMEOUT)
    labels = cards.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and all(labels)
    # no code shows: the console's input and prompts are hidden
    assert frame.locator(".jp-CodeConsole-promptCell").first.is_hidden()
    # the page hides its "starting Python" line once it sees the dashboard (it looks
    # five times a second)
    expect(page.locator("#status")).to_be_hidden(timeout=5_000)
    page.screenshot(path=str(artifacts / f"{game}.png"))
    assert outside == []


def test_a_navigator_puzzle_opens_and_fetches_sympy_later(offline, lite_url):
    """The puzzle view asks for sympy in the background: in the browser there is no
    thread to import it in, and the page does not wait for it."""
    page, outside = offline
    frame = open_lite(page, f"{lite_url}/navigator.html?seed=7&mode=puzzle")
    frame.locator(".cm-puzzle").first.wait_for(timeout=LITE_TIMEOUT)
    errors = (
        frame.locator(".jp-OutputArea-output")
        .filter(has_text="Traceback")
        .or_(frame.locator(".jp-OutputArea-output[data-mime-type*=stderr]"))
    )
    assert errors.count() == 0
    assert outside == []


def test_the_query_reaches_python_as_data_not_code(offline, lite_url):
    page, outside = offline
    frame = open_lite(page, f"{lite_url}/navigator.html?seed=banana')%0Aimport%20os%23&mode=chess")
    note = frame.locator(".cm-page-message")
    note.wait_for(timeout=LITE_TIMEOUT)
    assert "is not a whole number" in note.inner_text()
    assert outside == []


def test_a_dotter_turn_by_clicks(offline, lite_url, artifacts):
    page, outside = offline
    frame = open_lite(page, f"{lite_url}/dotter.html?seed=7&mode=play")
    before = panel_text(frame)
    cards_before = enabled_cards(frame, "p")
    take_a_turn(frame, 1)
    frame.wait_for_function(
        "before => document.querySelector('.cm-panel-html').innerText !== before",
        arg=before,
        timeout=LITE_TIMEOUT,
    )
    assert panel_text(frame) != before or enabled_cards(frame, "p") != cards_before
    page.screenshot(path=str(artifacts / "dotter-after-a-turn.png"))
    assert outside == []


def test_a_homework_puzzle_by_clicks(offline, lite_url, artifacts):
    page, outside = offline
    first = homework_set(SUM15).puzzle(1)
    frame = open_lite(page, f"{lite_url}/homework.html?code={SUM15}", HOMEWORK_READY)
    assert str(SUM15) in frame.locator(".cm-homework-code").inner_text()
    frame.locator(".cm-homework-name").fill("Ada Lovelace")
    click_button(frame, "cm-homework-start")
    frame.wait_for_selector("text=Puzzle 1 of 3", timeout=LITE_TIMEOUT)
    press(frame, frame.locator(f"button.cm-homework-choice-{first.puzzle.answers[0]}").first)
    frame.wait_for_function(
        "() => document.querySelector('.cm-homework-position').innerText.includes('1 solved')",
        timeout=LITE_TIMEOUT,
    )
    assert frame.locator(".cm-explanation").first.is_visible()
    page.screenshot(path=str(artifacts / "homework-solved.png"))

    # a reload starts a new Pyodide kernel: the browser's storage brings the work back
    frame = open_lite(page, f"{lite_url}/homework.html?code={SUM15}", ".cm-homework-restored")
    frame.wait_for_selector("text=Puzzle 1 of 3", timeout=LITE_TIMEOUT)
    position = frame.locator(".cm-homework-position").inner_text()
    assert "1 solved" in position and "1 ✔" in position
    assert "Welcome back, Ada Lovelace" in frame.locator(".cm-homework-restored").inner_text()
    page.screenshot(path=str(artifacts / "homework-restored.png"))
    assert outside == []


def test_a_page_starts_without_searching_the_drive_and_python_works_in_it(offline, lite_url):
    """Every look for a module in JupyterLite's drive is a request the kernel waits on.
    The kernel starts before the drive is its working folder, and a dashboard imports only
    from its wheels: opening one asked the drive 83 times before, and now asks it
    nothing. A notebook's Python still works in the drive: it finds the lessons there by
    name (and those requests are seen here)."""
    page, outside = offline
    drive: list[str] = []
    page.on(
        "request",
        lambda request: drive.append(request.url) if "/api/drive" in request.url else None,
    )
    open_lite(page, f"{lite_url}/navigator.html?seed=7")
    assert drive == [], f"{len(drive)} requests to the drive"
    code = "import os; print(os.getcwd(), os.path.isfile('05-sum15.ipynb'), open('05-sum15.ipynb').read(1))"
    page.goto(f"{lite_url}/repl/index.html?" + urlencode({"kernel": "python", "code": code}))
    output = page.locator(".jp-OutputArea-output").first
    output.wait_for(timeout=LITE_TIMEOUT)
    assert output.inner_text().strip() == "/drive True {"
    assert drive, "the notebook's look in the drive is a request this test sees"
    assert outside == []


def test_the_landing_page_links_every_dashboard(offline, lite_url):
    page, outside = offline
    page.goto(f"{lite_url}/index.html")
    hrefs = page.locator("a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    for game in GAMES:
        assert f"{game}.html" in hrefs
    lessons = [h for h in hrefs if h.startswith("notebooks/index.html?path=")]
    assert "notebooks/index.html?path=05-sum15.ipynb" in lessons and len(lessons) >= 5
    assert outside == []


def test_a_lesson_shows_its_charts_drawn_at_build_time(offline, lite_url, artifacts):
    """matplotlib does not run in the browser: the lesson's charts are images with a text
    alternative from the start, and no cell of the lite copy imports matplotlib."""
    page, outside = offline
    page.goto(f"{lite_url}/notebooks/index.html?path=05-sum15.ipynb")
    chart = page.locator(".jp-MarkdownCell img[alt]").first  # cells far below are not drawn yet
    chart.wait_for(state="visible", timeout=LITE_TIMEOUT)
    assert "every pair of card values from 1 to 13 that makes 14" in chart.get_attribute("alt")
    assert chart.evaluate("img => img.complete && img.naturalWidth > 300")
    chart.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "lesson-chart.png"))
    code = page.locator(".jp-CodeCell .jp-InputArea-editor").all_inner_texts()
    assert code and not any("matplotlib" in text or "plt." in text for text in code)
    assert outside == []


def test_cold_and_second_open_times(browser, lite_site):
    """Times a cold open and a second open in one browser profile, written to
    test-artifacts for the record (the target lives in ``make bench``, as a ratio).

    The browser has a profile on disk, as a student's has, and its cache stays on
    (Playwright's request routing would turn it off, so requests not for the site fail at
    a closed proxy port instead). The second open must take Python and its packages from
    the browser's cache, not from the server, as a student's next lesson does."""
    asked: list[str] = []

    class Counting(SiteHandler):
        def do_GET(self) -> None:
            asked.append(self.path.split("?")[0])
            super().do_GET()

    server, base = serve_static(lite_site, Counting)
    times: dict[str, dict[str, float]] = {}
    fetched: dict[str, list[str]] = {}
    try:
        with student_browser(browser.browser_type, CHROMIUM_ARGS, str(CHROMIUM)) as context:
            outside = record_outside(context, base)
            for visit in ("cold", "second"):
                before = len(asked)
                wall, cpu = open_once(context, f"{base}/navigator.html?seed=7", DASHBOARD_READY)
                fetched[visit] = asked[before:]
                times[visit] = {"wall_s": round(wall, 2), "browser_cpu_s": round(cpu, 2)}
    finally:
        server.shutdown()
        server.server_close()
    folder = ROOT / "test-artifacts"
    folder.mkdir(exist_ok=True)
    (folder / "lite-open-times.json").write_text(json.dumps(times) + "\n")
    print(f"JupyterLite navigator open: {times}", flush=True)
    python_files = [path for path in fetched["cold"] if "/static/pyodide/" in path]
    assert any(path.endswith("pyodide.asm.wasm") for path in python_files)
    assert [path for path in fetched["second"] if "/static/pyodide/" in path] == []
    assert outside == []
