"""Serving a class (``make serve CLASS=..``) in a real Voilà server and a real Chromium.

The server is started the way ``make serve CLASS=2`` starts it (``python -m
deploy.classroom``), on 127.0.0.1 with a known class code, over a copy of the lessons
beside which lie a notebook that fails, a page with the projector's banner and, one
folder up, a notebook no student may see. Kernels are culled after a few seconds here so
that culling can be watched within the test.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from conftest import ROOT, free_port, new_context, stop, wait_for_http
from tests.waiting import eventually

CODE = "test-7k2m"  # at least 6 characters, as make serve CLASS=.. CODE=.. asks
DASHBOARD = "voila/render/navigator-dashboard.ipynb"
READY = ".cm-dashboard .cm-seed"
TIMEOUT = 90_000
SECRET = "the answers are in the teacher's drawer"


def _notebook(path: Path, *sources: str) -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, path)


class ClassServer:
    def __init__(self, url: str, process: subprocess.Popen, log: Path) -> None:
        self.url = url
        self.process = process
        self.log = log

    def status(self, path: str, cookies: str = "") -> int:
        """HTTP status of a GET, without following redirects."""

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        request = urllib.request.Request(f"{self.url}/{path}", headers={"Cookie": cookies})
        try:
            with urllib.request.build_opener(NoRedirect).open(request, timeout=60) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def kernel_alive(self, kernel_id: str, cookies: str) -> bool:
        """Whether the kernel runs, asked by the browser session it was given to (any
        other session is refused, 403)."""
        return self.status(f"api/kernels/{kernel_id}", cookies) == 200


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    base = tmp_path_factory.mktemp("classroom")
    lessons = base / "lessons"
    lessons.mkdir()
    for notebook in (ROOT / "lessons").glob("*.ipynb"):
        shutil.copy(notebook, lessons / notebook.name)
    _notebook(lessons / "broken.ipynb", f"raise RuntimeError({SECRET!r})")
    _notebook(
        lessons / "projector.ipynb", "from widgets.classroom import class_banner\nclass_banner()"
    )
    _notebook(base / "private.ipynb", f"print({SECRET!r})")
    (base / "private.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (lessons / "figure.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    port = free_port()
    log = base / "class-server.log"
    command = [
        *(sys.executable, "-m", "deploy.classroom"),
        *("--size", "2", "--port", str(port), "--code", CODE, "--root", str(lessons)),
        *("--bind", "127.0.0.1", "--address", "127.0.0.1"),
        *("--cull-idle", "6", "--cull-interval", "2", "--loading-grace", "10"),
        *("--dashboards", "navigator-dashboard.ipynb"),  # as make serve GAME=navigator
    ]
    with log.open("w") as handle:
        process = subprocess.Popen(command, cwd=ROOT, stdout=handle, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    wait_for_http(f"{url}/login", process, log)
    yield ClassServer(url, process, log)
    stop(process)


def cookies_of(context) -> str:
    return "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())


def kernel_id_of(page) -> str:
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    return config["kernelId"]


def test_the_teacher_is_told_the_address_and_code(class_server):
    text = class_server.log.read_text()
    assert (
        f"Students open   http://127.0.0.1:{class_server.url.rsplit(':', 1)[1]}/?token={CODE}"
        in text
    )
    assert "navigator-dashboard.ipynb: 2 kernels each" in text


def test_a_visitor_without_the_code_is_refused(class_server, browser):
    context = new_context(browser)
    page = context.new_page()
    for path in ("", f"{DASHBOARD}?seed=7", "voila/tree", f"{DASHBOARD}?seed=7&token=wrong"):
        page.goto(f"{class_server.url}/{path}")
        assert "/login" in page.url, path
        assert page.locator(READY).count() == 0
        assert "01-navigator.ipynb" not in page.content()  # no list of lessons
    context.close()
    # nothing else answers without the code either: the contents and kernels APIs, files
    assert class_server.status("voila/api/contents") == 403
    assert class_server.status("api/kernels/00000000-0000-0000-0000-000000000000") == 403
    assert class_server.status("voila/files/figure.png") in (302, 403)
    assert class_server.status("voila/files/figure.png?token=wrong") in (302, 403)
    assert class_server.status(f"voila/files/figure.png?token={CODE}") == 200


def test_the_link_with_the_code_lets_a_student_in_and_the_browser_keeps_it(
    class_server, browser, artifacts
):
    context = new_context(browser, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{class_server.url}/?token={CODE}")
    page.get_by_text("navigator-dashboard.ipynb", exact=True).wait_for(timeout=60_000)
    page.screenshot(path=str(artifacts / "class-tree.png"))
    # the code is no longer in the address: the browser's login cookie carries it
    page.goto(f"{class_server.url}/{DASHBOARD}?seed=2481")
    page.wait_for_selector(READY, timeout=TIMEOUT, state="visible")
    assert "2481" in page.locator(READY).inner_text()
    page.screenshot(path=str(artifacts / "class-dashboard.png"))
    assert not errors
    context.close()


def test_a_student_who_typed_only_the_address_signs_in_with_the_code(class_server, browser):
    context = new_context(browser)
    page = context.new_page()
    page.goto(f"{class_server.url}/")
    page.locator("#password_input").fill("not-the-code")
    page.locator("#password_input").press("Enter")
    page.wait_for_load_state()
    assert "/login" in page.url
    page.locator("#password_input").fill(CODE)
    page.locator("#password_input").press("Enter")
    page.get_by_text("00-welcome.ipynb", exact=True).wait_for(timeout=60_000)
    context.close()


def test_students_see_lessons_and_dashboards_only(class_server, browser):
    context = new_context(browser)
    page = context.new_page()
    page.goto(f"{class_server.url}/?token={CODE}")
    page.get_by_text("00-welcome.ipynb", exact=True).wait_for(timeout=60_000)
    listed = set(re.findall(r"[\w.-]+\.ipynb", page.locator("body").inner_text()))
    assert listed == {p.name for p in (ROOT / "lessons").glob("*.ipynb")} | {
        "broken.ipynb",
        "projector.ipynb",
    }
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())
    # nothing outside the lessons folder, by any route
    for path in (
        "voila/render/../private.ipynb",
        "voila/render/%2E%2E/private.ipynb",
        "voila/tree/..",
        "voila/files/../private.png",
        "voila/files/%2E%2E/private.png",
        "voila/files/navigator-dashboard.ipynb",
    ):
        assert class_server.status(path, cookies) in (403, 404), path
    # a failing lesson shows that it failed, never the traceback or the message
    page.goto(f"{class_server.url}/voila/render/broken.ipynb")
    page.wait_for_load_state("networkidle")
    text = page.content()
    assert SECRET not in text and "Traceback" not in text and "RuntimeError" not in text
    context.close()


def test_the_projector_banner_shows_the_class_link_and_a_qr_code_that_reads_back(
    class_server, browser, artifacts
):
    context = new_context(browser, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{class_server.url}/voila/render/projector.ipynb?token={CODE}")
    banner = page.locator(".cm-class-banner")
    banner.wait_for(timeout=TIMEOUT)
    link = f"{class_server.url}/?token={CODE}"
    assert banner.locator(".cm-class-address").inner_text() == link.removeprefix("http://")
    assert CODE in banner.locator(".cm-class-code").inner_text()
    address_box = banner.locator(".cm-class-address").bounding_box()
    assert address_box["height"] >= 40  # huge type: readable from the back row
    page.screenshot(path=str(artifacts / "projector-banner.png"))
    qr = artifacts / "qr.png"
    banner.locator(".cm-class-qr svg").screenshot(path=str(qr))
    zbarimg = shutil.which("zbarimg")
    if zbarimg is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("zbarimg is missing: CI must install Debian's zbar-tools")
        pytest.skip("no zbarimg (apt-get install zbar-tools) to read the QR code back")
    decoded = subprocess.run(
        [zbarimg, "--quiet", "--raw", str(qr)], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert decoded == link
    context.close()


def open_when_there_is_room(page, url: str) -> None:
    """Open a dashboard as a student told "The class is full" would: reload until it
    opens. This class of two has room for four pages, and the pages of the tests before
    keep their kernels until the culler sees them idle (Playwright closes a page without
    its "shut my kernel down" beacon)."""
    deadline = time.monotonic() + 60
    page.goto(url)
    while "The class is full" in page.content():
        assert time.monotonic() < deadline, "the class stayed full for a minute"
        page.wait_for_timeout(1000)
        page.goto(url)
    page.wait_for_selector(READY, timeout=TIMEOUT, state="visible")


def test_a_closed_page_frees_its_kernel_and_an_open_one_keeps_it(class_server, browser):
    context = new_context(browser)
    staying = context.new_page()
    open_when_there_is_room(staying, f"{class_server.url}/{DASHBOARD}?seed=11&token={CODE}")
    staying_kernel = kernel_id_of(staying)
    staying_idle_since = time.monotonic()
    leaving = context.new_page()
    open_when_there_is_room(leaving, f"{class_server.url}/{DASHBOARD}?seed=12")
    leaving_kernel = kernel_id_of(leaving)
    cookies = cookies_of(context)
    assert class_server.kernel_alive(leaving_kernel, cookies)
    leaving.close(run_before_unload=True)
    eventually(
        lambda: not class_server.kernel_alive(leaving_kernel, cookies),
        30,
        what="the closed page's kernel went",
        every=0.5,
    )
    # a page fetched but never opened in a browser (a tab that crashed while loading) is
    # culled once idle past the grace a slow laptop gets to load the page
    jar = http.cookiejar.CookieJar()
    render = (
        urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        .open(f"{class_server.url}/{DASHBOARD}?seed=13&token={CODE}", timeout=120)
        .read()
    )
    orphan = re.search(rb'"kernelId": *"([0-9a-f-]+)"', render).group(1).decode()
    orphan_cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
    assert class_server.kernel_alive(orphan, orphan_cookies)
    eventually(
        lambda: not class_server.kernel_alive(orphan, orphan_cookies),
        60,
        what="an unconnected kernel was culled",
        every=0.5,
    )
    # the student still on the page, idle far past the cull timeout, keeps the kernel
    time.sleep(max(0.0, staying_idle_since + 6 + 2 * 2 + 1 - time.monotonic()))
    assert class_server.kernel_alive(staying_kernel, cookies)
    staying.evaluate(
        """() => { window.cmChanges = 0; new MutationObserver(() => window.cmChanges++)
             .observe(document.querySelector('.cm-dashboard'),
                      {subtree: true, childList: true, attributes: true, characterData: true}); }"""
    )
    staying.locator(".cm-dashboard button:not([disabled])").first.click()
    staying.wait_for_function("window.cmChanges > 0", timeout=TIMEOUT)  # the kernel answered
    assert class_server.kernel_alive(staying_kernel, cookies)
    # another browser session with the class code cannot reach that kernel
    other = new_context(browser)
    other.new_page().goto(f"{class_server.url}/?token={CODE}")
    assert class_server.status(f"api/kernels/{staying_kernel}", cookies_of(other)) == 403
    other.close()
    context.close()
