"""Safe on a school network: every attack tried on real servers is refused.

The servers are started the way a teacher starts them: ``make serve`` and ``make serve
CLASS=2 CODE=...`` (the command ``make -n`` prints, run with this Python), the hub's
single-user configuration (``jupyter server --config deploy/singleuser_config.py``) and
the Binder route (``binder/jupyter_server_config.json`` and the ``cardmath`` template).
Chromium then opens every dashboard with every request to another host aborted, and again
with those requests left hanging (a filtering school network): each dashboard must become
interactive either way, without a single request leaving the server. The timings go to
``test-artifacts/network-timings.txt``.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shlex
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import pytest

from conftest import DASHBOARD_READY, ROOT, TIMEOUT, free_port, new_context, stop, wait_for_http

CODE = "sec-7k2m9q"
DASHBOARDS = sorted(path.name for path in (ROOT / "lessons").glob("*-dashboard.ipynb"))
INJECTION = '"><script>window.cmInjected=1;alert(1)</script>'
INJECTED_QUERIES = (
    {"theme": INJECTION},
    {"theme": "light", "template": "../../../etc"},
    {"template": "lab"},  # Voilà's lab template links a CDN
    {"seed": "7", "mode": "<img src=x onerror=alert(1)>"},
)
WRONG_CODES = 5
PLAYABLE = ".cm-dashboard .cmt-card[role=button]:not(.cmt-disabled)"
TIMINGS = ROOT / "test-artifacts" / "network-timings.txt"


def make_serve_command(*make_args: str) -> tuple[list[str], dict[str, str]]:
    """The command ``make serve`` runs (from ``make -n``), with this Python, and its env."""
    dry = subprocess.run(
        ["make", "-n", "-s", "serve", *make_args], cwd=ROOT, capture_output=True, text=True
    ).stdout.replace("\\\n", " ")
    line = next(line for line in dry.splitlines() if "-m deploy." in line)
    words = shlex.split(line)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    while "=" in words[0] and not words[0].startswith("-"):
        name, value = words.pop(0).split("=", 1)
        env[name] = value
    assert words[0].endswith("bin/python"), words
    return [sys.executable, *words[1:]], env


class Server:
    def __init__(self, url: str, process: subprocess.Popen, log: Path) -> None:
        self.url, self.process, self.log = url, process, log

    def get(self, path: str, opener=None, data: bytes | None = None, headers=None):
        """(status, body, headers) of a request, without following redirects."""

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        handlers = [NoRedirect()]
        if opener is not None:
            handlers.append(urllib.request.HTTPCookieProcessor(opener))
        request = urllib.request.Request(
            f"{self.url}/{path}",
            data=data,
            headers=headers or {},
            method="GET" if data is None else "POST",
        )
        try:
            with urllib.request.build_opener(*handlers).open(request, timeout=120) as response:
                return response.status, response.read().decode(), response.headers
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace"), error.headers


def _start(command: list[str], env: dict[str, str], log: Path, ready: str) -> Server:
    with log.open("w") as handle:
        process = subprocess.Popen(
            command, cwd=ROOT, stdout=handle, stderr=subprocess.STDOUT, env=env
        )
    base = ready.split("/", 3)
    url = "/".join(base[:3])
    wait_for_http(ready, process, log)
    return Server(url, process, log)


@pytest.fixture(scope="module")
def plain_server(tmp_path_factory) -> Iterator[Server]:
    port = free_port()
    command, env = make_serve_command(f"PORT={port}")
    log = tmp_path_factory.mktemp("plain") / "serve.log"
    server = _start(command, env, log, f"http://127.0.0.1:{port}/")
    yield server
    stop(server.process)


@pytest.fixture(scope="module")
def class_server(tmp_path_factory) -> Iterator[Server]:
    port = free_port()
    command, env = make_serve_command(
        f"PORT={port}", "CLASS=2", f"CODE={CODE}", "ADDRESS=127.0.0.1", "GAME=navigator"
    )
    command += ["--bind", "127.0.0.1", "--wrong-codes", str(WRONG_CODES)]
    log = tmp_path_factory.mktemp("class") / "serve.log"
    server = _start(command, env, log, f"http://127.0.0.1:{port}/login")
    yield server
    stop(server.process)


def _jupyter_server(tmp_path_factory, name: str, *args: str, **env: str) -> Iterator[Server]:
    port = free_port()
    command = [
        *(sys.executable, "-m", "jupyter_server", "--no-browser", "--allow-root"),
        *(f"--port={port}", "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={CODE}"),
        f"--ServerApp.root_dir={ROOT / 'lessons'}",
        *args,
    ]
    log = tmp_path_factory.mktemp(name) / "server.log"
    server = _start(
        command, {**os.environ, **env}, log, f"http://127.0.0.1:{port}/api/status?token={CODE}"
    )
    yield server
    stop(server.process)


@pytest.fixture(scope="module")
def hub_user_server(tmp_path_factory) -> Iterator[Server]:
    yield from _jupyter_server(
        tmp_path_factory, "hub", f"--config={ROOT / 'deploy' / 'singleuser_config.py'}"
    )


@pytest.fixture(scope="module")
def binder_server(tmp_path_factory) -> Iterator[Server]:
    yield from _jupyter_server(
        tmp_path_factory,
        "binder",
        f"--config={ROOT / 'binder' / 'jupyter_server_config.json'}",
        JUPYTER_PATH=str(ROOT / "binder" / "share" / "jupyter"),
    )


def _query(values: dict[str, str]) -> str:
    from urllib.parse import urlencode

    return urlencode(values)


def _signed_in(server: Server) -> http.cookiejar.CookieJar:
    jar = http.cookiejar.CookieJar()
    status, _, _ = server.get(f"voila/tree?token={CODE}", jar)
    assert status == 200
    return jar


def _xsrf(jar: http.cookiejar.CookieJar) -> str:
    return next(cookie.value for cookie in jar if cookie.name == "_xsrf")


def _kernel_in(body: str) -> str:
    return re.search(r'"kernelId": *"([0-9a-f-]+)"', body).group(1)


# -- 1. query values Voilà reflects, in every serve mode ------------------------------


@pytest.mark.parametrize("values", INJECTED_QUERIES, ids=lambda v: "&".join(v))
def test_reflected_query_values_are_refused_by_make_serve(plain_server, values):
    for path in ("voila/render/navigator-dashboard.ipynb", "voila/tree", ""):
        status, body, _ = plain_server.get(f"{path}?{_query(values)}")
        assert status == 400, (path, values)
        assert "<script>window.cmInjected" not in body and "cannot be opened" in body


def test_reflected_query_values_are_refused_by_the_class_server(class_server):
    jar = _signed_in(class_server)
    for values in INJECTED_QUERIES:
        for path in ("voila/render/navigator-dashboard.ipynb", "voila/tree", "login"):
            status, body, _ = class_server.get(f"{path}?{_query(values)}", jar)
            assert status == 400, (path, values)
            assert "<script>window.cmInjected" not in body


@pytest.mark.parametrize("mode", ["hub_user_server", "binder_server"])
def test_reflected_query_values_are_refused_by_the_hub_and_binder_servers(request, mode):
    server: Server = request.getfixturevalue(mode)
    for values in INJECTED_QUERIES:
        for path in ("voila/render/00-welcome.ipynb", "voila/tree"):
            status, body, _ = server.get(f"{path}?{_query({**values, 'token': CODE})}")
            assert status == 400, (mode, path, values)
            assert "<script>window.cmInjected" not in body
    # an ordinary dashboard address still opens
    status, body, _ = server.get(f"voila/tree?{_query({'theme': 'projector', 'token': CODE})}")
    assert status == 200 and "navigator-dashboard.ipynb" in body


def test_a_crafted_link_runs_nothing_in_the_browser(plain_server, browser):
    context = new_context(browser)
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    response = page.goto(
        f"{plain_server.url}/voila/render/navigator-dashboard.ipynb?{_query(INJECTED_QUERIES[0])}"
    )
    assert response.status == 400
    assert "must be one of" in page.locator("body").inner_text()
    assert page.evaluate("window.cmInjected") is None and dialogs == []
    context.close()


# the class's caps come before the tests that leave kernels to the culler


def test_kernels_are_capped_per_browser_and_for_the_class(class_server):
    # CLASS=2: 3 pages per browser, 2 + 2 for the whole class (besides the warm pool)
    first, second, third = (_signed_in(class_server) for _ in range(3))
    kernels: list[tuple[http.cookiejar.CookieJar, str]] = []
    try:
        for seed in range(3):
            status, body, _ = class_server.get(f"voila/render/00-welcome.ipynb?s={seed}", first)
            assert status == 200
            kernels.append((first, _kernel_in(body)))
        status, body, _ = class_server.get("voila/render/00-welcome.ipynb", first)
        assert status == 429 and "You have too many tabs open" in body
        assert "Close a tab you no longer need" in body
        status, body, _ = class_server.get("voila/render/00-welcome.ipynb", second)
        assert status == 200
        kernels.append((second, _kernel_in(body)))
        status, body, headers = class_server.get("voila/render/00-welcome.ipynb", third)
        assert status == 503 and "The class is full" in body and headers["Retry-After"]
    finally:
        for jar, kernel in kernels:
            class_server.get(
                f"voila/api/shutdown/{kernel}", jar, data=b"", headers={"X-XSRFToken": _xsrf(jar)}
            )
    # once tabs are closed there is room again
    status, body, _ = class_server.get("voila/render/00-welcome.ipynb", third)
    assert status == 200
    kernel = _kernel_in(body)
    class_server.get(
        f"voila/api/shutdown/{kernel}", third, data=b"", headers={"X-XSRFToken": _xsrf(third)}
    )


# -- 3. nothing is fetched from outside the server --------------------------------------


def _open_offline(browser, url: str, hang: bool) -> tuple[float, list[str]]:
    """Open a dashboard with every non-local request aborted (or left hanging); seconds
    until its cards can be pressed, and the non-local requests the page made."""
    context = new_context(browser, viewport={"width": 1280, "height": 720})
    outside: list[str] = []

    def route(route):
        host = urlsplit(route.request.url).hostname or ""
        if host in ("127.0.0.1", "localhost"):
            route.continue_()
            return
        outside.append(route.request.url)
        if not hang:
            route.abort()
        # hanging: never continued, never answered (a filtering network)

    context.route("**/*", route)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start = time.monotonic()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(DASHBOARD_READY, timeout=TIMEOUT, state="visible")
    # interactive as tests/browser/test_dashboards.py means it: cards a student can press
    page.wait_for_selector(PLAYABLE, timeout=TIMEOUT, state="visible")
    seconds = time.monotonic() - start
    assert errors == [], errors
    page.close(run_before_unload=True)  # frees the kernel (the class server counts them)
    time.sleep(0.5)
    context.close()
    return seconds, outside


def _record(line: str) -> None:
    TIMINGS.parent.mkdir(parents=True, exist_ok=True)
    with TIMINGS.open("a") as handle:
        handle.write(line + "\n")
    print(line)


@pytest.mark.parametrize("notebook", DASHBOARDS)
def test_every_dashboard_works_with_no_internet_from_make_serve(plain_server, browser, notebook):
    url = f"{plain_server.url}/voila/render/{notebook}?seed=7&mode=play"
    aborted, outside_aborted = _open_offline(browser, url, hang=False)
    hanging, outside_hanging = _open_offline(browser, url, hang=True)
    _record(f"make serve  {notebook:32} aborted {aborted:5.1f} s  hanging {hanging:5.1f} s")
    assert outside_aborted == [] and outside_hanging == []


def test_the_class_dashboard_works_with_no_internet(class_server, browser):
    url = f"{class_server.url}/voila/render/navigator-dashboard.ipynb?seed=7&mode=play&token={CODE}"
    aborted, outside_aborted = _open_offline(browser, url, hang=False)
    hanging, outside_hanging = _open_offline(browser, url, hang=True)
    _record(
        f"class       {'navigator-dashboard.ipynb':32} aborted {aborted:5.1f} s"
        f"  hanging {hanging:5.1f} s"
    )
    assert outside_aborted == [] and outside_hanging == []


# -- 4. make serve frees a closed tab's kernel, XSRF still checked -----------------------


def test_make_serve_frees_a_closed_tabs_kernel(plain_server, browser):
    context = new_context(browser)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.goto(f"{plain_server.url}/voila/render/navigator-dashboard.ipynb?seed=3")
    page.wait_for_selector(DASHBOARD_READY, timeout=TIMEOUT, state="visible")
    kernel = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
    assert plain_server.get(f"api/kernels/{kernel}")[0] == 200
    # the protection stays: a shutdown without the _xsrf proof is refused
    assert plain_server.get(f"voila/api/shutdown/{kernel}", data=b"x")[0] == 403
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 30
    while plain_server.get(f"api/kernels/{kernel}")[0] == 200:
        assert time.monotonic() < deadline, "the closed tab's kernel is still running"
        time.sleep(0.5)
    assert not [line for line in console if "403" in line], console
    context.close()


def test_sign_out_works_in_both_servers(plain_server, class_server):
    assert plain_server.get("logout")[0] == 200
    jar = _signed_in(class_server)
    status, body, _ = class_server.get("logout", jar)
    assert status == 200 and "signed out" in body
    status, _, headers = class_server.get("voila/tree", jar)
    assert status == 302 and "/login" in headers["Location"]


# -- 2. the class server: codes, sessions, caps ------------------------------------------


def test_a_code_shorter_than_six_characters_is_refused():
    command, env = make_serve_command(f"PORT={free_port()}", "CLASS=2", "CODE=abcd")
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "a class code is 6 to 40 letters, digits" in done.stderr


def test_every_kernel_route_needs_the_code_and_the_kernels_session(class_server):
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    owner = _signed_in(class_server)
    status, body, _ = class_server.get("voila/render/navigator-dashboard.ipynb?seed=5", owner)
    assert status == 200
    kernel = _kernel_in(body)
    other = _signed_in(class_server)
    ws = class_server.url.replace("http", "ws")

    def cookie_header(jar) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{c.name}={c.value}" for c in jar)}

    # without the code: nothing, not even Voilà's request socket
    for path in (f"api/kernels/{kernel}/channels", f"voila/query/{kernel}"):
        with pytest.raises(InvalidStatus) as refused, connect(f"{ws}/{path}", open_timeout=10):
            pass
        assert refused.value.response.status_code in (302, 403), path
    assert class_server.get(f"api/kernels/{kernel}")[0] == 403
    # with the code but another browser session: 403 on every route to the kernel
    assert class_server.get(f"api/kernels/{kernel}", other)[0] == 403
    channels = f"{ws}/api/kernels/{kernel}/channels"
    with (
        pytest.raises(InvalidStatus) as refused,
        connect(channels, additional_headers=cookie_header(other)),
    ):
        pass
    assert refused.value.response.status_code == 403
    status, _, _ = class_server.get(
        f"voila/api/shutdown/{kernel}",
        other,
        data=b"",
        headers={"X-XSRFToken": _xsrf(other)},
    )
    assert status == 403
    # the kernel's own session reaches it, and its page's shutdown is accepted
    assert class_server.get(f"api/kernels/{kernel}", owner)[0] == 200
    with connect(f"{ws}/api/kernels/{kernel}/channels", additional_headers=cookie_header(owner)):
        pass
    status, _, _ = class_server.get(
        f"voila/api/shutdown/{kernel}", owner, data=b"", headers={"X-XSRFToken": _xsrf(owner)}
    )
    assert status == 204


def _connections_of(server: Server) -> list[dict]:
    """The connection file of each kernel the server started (its child processes)."""
    found = []
    for child in psutil.Process(server.process.pid).children():
        try:
            words = child.cmdline()
        except psutil.NoSuchProcess:
            continue  # a process that ended meanwhile
        if "ipykernel_launcher" in words:
            found.append(json.loads(Path(words[words.index("-f") + 1]).read_text()))
    return found


CHANNELS = ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")


def test_kernels_take_no_port_the_server_chose_in_either_server(plain_server, class_server):
    """A kernel given TCP ports by its server can lose one to any connection the machine
    opens before the kernel binds it: it then dies, and its page never finishes loading.
    The kernels of ``make serve`` and of the class server talk to their server over Unix
    sockets the kernel makes itself."""
    status, _, _ = plain_server.get("voila/render/navigator-dashboard.ipynb?seed=4")
    assert status == 200
    for server in (plain_server, class_server):  # the class server's warm kernels
        connections = _connections_of(server)
        assert connections, server.log.read_text()[-2000:]
        for connection in connections:
            assert connection["transport"] == "ipc"
            for channel in CHANNELS:
                assert Path(f"{connection['ip']}-{connection[channel]}").is_socket()


def test_wrong_codes_are_rate_limited_per_address(class_server, browser):
    # last in the module: this address is then locked out for a minute
    statuses = [class_server.get(f"voila/tree?token=wrong-{n}")[0] for n in range(WRONG_CODES)]
    assert 429 not in statuses
    status, body, headers = class_server.get("voila/tree?token=wrong-again")
    assert status == 429 and "Too many wrong codes" in body
    wait = int(headers["Retry-After"])
    assert 1 <= wait <= 61 and f"Wait {wait} seconds" in body
    # while locked out, even the right code is refused (guessing cannot go on)
    assert class_server.get(f"voila/tree?token={CODE}")[0] == 429
    context = new_context(browser)
    page = context.new_page()
    page.goto(f"{class_server.url}/login")
    page.locator("#password_input").fill("still-wrong")
    page.locator("#password_input").press("Enter")
    page.wait_for_load_state()
    assert "Too many wrong codes" in page.locator("h1").inner_text()
    context.close()
