"""A real JupyterHub with the class service on a real PostgreSQL, for tests and benchmarks.

The hub runs ``deploy/jupyterhub_config.py`` as a school's server would, with the
stand-ins of ``tests/browser/test_jupyterhub.py`` for the school's machinery (local
processes, each person's own folder, ports on 127.0.0.1) and its real proxy
(``configurable-http-proxy`` from npm, ``make setup``). The class service is started by
the hub itself, on a database of the given PostgreSQL server. An extra service,
``class-test``, holds an admin token to create users, their tokens and their servers.

    with ClassHub.start(work, store_url) as hub:
        token = hub.user_token("ada")
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path
from typing import Any

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[1]
SERVER_PORTS = 40
"""The most people whose servers one test hub starts."""


def _proxy() -> Path:
    """configurable-http-proxy, as ``make setup`` installs it (beside the venv's node)."""
    here = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
    if here.exists():
        return here
    return Path(sys.executable).parents[1] / "node" / "node_modules" / ".bin" / here.name


CHP = _proxy()


def local_hub_config(work: Path, port: int, hub_port: int, api_port: int) -> str:
    """The start of a test hub's configuration: ``deploy/jupyterhub_config.py`` with
    stand-ins for the school's machinery (local processes, each person's own folder in
    ``work``, the proxy from npm) on the given ports. Each person's server gets a port of
    the tests' own (:mod:`tests.ports`), not one from the ephemeral range that the
    kernels of the tests running beside it take theirs from."""
    server_ports = [free_port() for _ in range(SERVER_PORTS)]
    return f"""
c = get_config()
load_subconfig({str(ROOT / "deploy" / "jupyterhub_config.py")!r})
# stand-ins for the school's machinery: local processes, each person's own folder
c.JupyterHub.spawner_class = "simple"
c.Spawner.cmd = [{sys.executable!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.args = c.Spawner.args + ["--ServerApp.allow_root=True"]
c.Spawner.environment = {{
    **c.Spawner.environment,
    "CARDMATH_WORK": lambda spawner: {str(work / "home")!r} + "/" + spawner.user.name,
}}
c.Spawner.mem_limit = None
c.Spawner.cpu_limit = None
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{str(CHP)!r}]
c.JupyterHub.db_url = "sqlite:///{work / "hub.sqlite"}"
c.JupyterHub.cookie_secret_file = {str(work / "cookie_secret")!r}
c.ConfigurableHTTPProxy.pid_file = {str(work / "proxy.pid")!r}
_product_hook = c.Spawner.pre_spawn_hook
_server_ports = {server_ports!r}
_given_ports = {{}}


def _test_port(spawner):
    key = (spawner.user.name, spawner.name)
    if key not in _given_ports:
        _given_ports[key] = _server_ports[len(_given_ports)]
    spawner.port = _given_ports[key]
    return _product_hook(spawner)


c.Spawner.pre_spawn_hook = _test_port
"""


def require_chp() -> None:
    """Fail (under ``CI=true``) or skip when configurable-http-proxy is not installed."""
    import pytest

    if not CHP.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{CHP} is missing: `make setup` installs it with npm")
        pytest.skip("configurable-http-proxy is not installed (run `make setup`)")


def default_stop_signals() -> None:
    """Run in a hub's process before it starts (``preexec_fn``): Ctrl-C and Ctrl-\\ do
    what they do for a service a system starts. A command started in the background of a
    shell (``make test &``, CI's runners) has them ignored, and its children inherit
    that: the hub stops its services with SIGINT, and the idle culler, which ignored it,
    held every hub's shutdown for half a minute."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def stop_hub(process: subprocess.Popen) -> None:
    """Stop a hub started in a session of its own (``start_new_session=True``): the hub
    stops the servers and services it started and its proxy; whatever is left of its
    session, and whatever it started in a session of its own, is killed after it."""
    import psutil

    started: list[psutil.Process] = []
    with contextlib.suppress(psutil.Error):
        started = psutil.Process(process.pid).children(recursive=True)
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):  # anything left of its session
        os.killpg(process.pid, signal.SIGKILL)
    for child in started:
        with contextlib.suppress(psutil.Error):
            child.kill()


class ClassHub:
    """A running JupyterHub (``url``) whose class service (``service_url``) keeps the
    class store at ``store_url``; :meth:`stop` stops everything it started."""

    def __init__(self, work: Path, process: subprocess.Popen[bytes], url: str, admin: str) -> None:
        self.work = work
        self.process = process
        self.url = url
        self.admin_token = admin
        self.service_url = ""

    @classmethod
    def start(cls, work: Path, store_url: str, *, timeout: float = 120) -> ClassHub:
        if not CHP.exists():
            raise FileNotFoundError(f"{CHP} is missing: `make setup` installs it with npm")
        port, hub_port, api_port, service_port = (free_port() for _ in range(4))
        admin = secrets.token_hex(16)
        config = work / "jupyterhub_test_config.py"
        config.write_text(
            local_hub_config(work, port, hub_port, api_port)
            + f"""
c.JupyterHub.services.append({{"name": "class-test", "api_token": {admin!r}}})
c.JupyterHub.load_roles.append(
    {{"name": "class-test", "services": ["class-test"],
      "scopes": ["admin:users", "admin:servers", "tokens", "admin:groups", "read:services"]}}
)
"""
        )
        log = work / "hub.log"
        env = {
            **os.environ,
            "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
            "CARDMATH_CLASS_STORE": store_url,
            "CARDMATH_CLASS_SERVICE_URL": f"http://127.0.0.1:{service_port}",
            "PYTHONPATH": os.pathsep.join(
                [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
            ),
        }
        with log.open("w") as handle:
            process = subprocess.Popen(
                [sys.executable, "-m", "jupyterhub", "-f", str(config)],
                cwd=work,
                stdout=handle,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
                preexec_fn=default_stop_signals,
            )
        hub = cls(work, process, f"http://127.0.0.1:{port}", admin)
        hub.service_url = f"http://127.0.0.1:{service_port}/services/cardmath-class/"
        try:
            hub._wait_until(lambda: hub._up(f"{hub.url}/hub/login"), timeout, "JupyterHub")
            hub._wait_until(lambda: hub._up(f"{hub.service_url}health"), timeout, "the service")
        except BaseException:
            hub.stop()
            raise
        return hub

    # --- waiting and calling ---------------------------------------------------------

    def log(self) -> str:
        return (self.work / "hub.log").read_text(errors="replace")

    def story(self, limit: int = 8000) -> str:
        """The end of the hub's log without the test's own polling of the REST API (which
        would otherwise fill a failure's message): spawns, their servers' output, errors."""
        polling = re.compile(r"\] 200 GET /hub/api/users/[^ /]+ \(class-test@")
        lines = [line for line in self.log().splitlines() if not polling.search(line)]
        return "\n".join(lines)[-limit:]

    def _up(self, url: str) -> bool:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return bool(response.status == 200)
        except OSError:
            return False

    def _wait_until(self, ready: Any, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not ready():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{what} did not start:\n{self.story()}")
            time.sleep(0.25)

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        """Call the hub's REST API (``/hub/api/<path>``), as the admin service by default."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url}/hub/api/{path}",
            data=data,
            method=method,
            headers={"Authorization": f"token {token or self.admin_token}"},
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            text = response.read()
        return json.loads(text) if text else None

    # --- people ------------------------------------------------------------------------

    def add_users(self, *names: str) -> None:
        existing = {user["name"] for user in self.api("GET", "users")}
        wanted = [name for name in names if name not in existing]
        if wanted:
            self.api("POST", "users", {"usernames": wanted})

    def user_token(self, name: str, scopes: list[str] | None = None) -> str:
        """A new API token of ``name``, with the scopes a user's server token has."""
        body = {
            "note": "class service test",
            "scopes": scopes or ["access:services!service=cardmath-class"],
        }
        return str(self.api("POST", f"users/{name}/tokens", body)["token"])

    def start_server(self, name: str, timeout: float = 180) -> dict[str, str]:
        """Start ``name``'s own server; the environment the hub gave it (see
        :meth:`server_environment`)."""
        with contextlib.suppress(urllib.error.HTTPError):  # 202 Accepted while spawning
            self.api("POST", f"users/{name}/server")
        return self.server_environment(name, timeout)

    def server_environment(self, name: str, timeout: float = 180) -> dict[str, str]:
        """Once ``name``'s server is ready: the environment the hub gave it (its hub
        token, the class service's address), read from the running process."""
        import psutil

        restarted = False  # a student whose server failed to start presses Start once more

        def ready() -> bool:
            nonlocal restarted
            server = self.api("GET", f"users/{name}").get("servers", {}).get("")
            if server:
                return bool(server.get("ready"))
            # neither starting nor running: the hub gave up on it (said in its log)
            if restarted:
                raise RuntimeError(f"{name}'s server failed to start twice:\n{self.story()}")
            restarted = True
            warnings.warn(
                f"{name}'s server failed to start; starting it again:\n{self.story()}",
                stacklevel=1,
            )
            with contextlib.suppress(urllib.error.HTTPError):
                self.api("POST", f"users/{name}/server")
            return False

        self._wait_until(ready, timeout, f"{name}'s server")
        # on a loaded machine the process list can lag the hub's word that it is ready
        deadline = time.monotonic() + 30
        while True:
            for process in psutil.Process(self.process.pid).children(recursive=True):
                with contextlib.suppress(psutil.Error):
                    environ = process.environ()
                    command = " ".join(process.cmdline())
                    if (
                        environ.get("JUPYTERHUB_USER") == name
                        and "jupyterhub.singleuser" in command
                    ):
                        return dict(environ)
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name}'s server process was not found:\n{self.story()}")
            time.sleep(0.5)

    def service_process(self) -> Any:
        """The class service's process (a child of the hub)."""
        import psutil

        for process in psutil.Process(self.process.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                alive = process.status() != psutil.STATUS_ZOMBIE
                if alive and any(part.endswith("classservice.py") for part in process.cmdline()):
                    return process
        raise RuntimeError("the class service is not running")

    # --- stopping ------------------------------------------------------------------------

    def stop(self) -> None:
        """Stop the hub, its proxy and everything it started (see :func:`stop_hub`)."""
        stop_hub(self.process)

    def __enter__(self) -> ClassHub:
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()


class HubVisitor:
    """Someone using the hub's pages over HTTP, with their own cookies (no browser):
    signing up and logging in through NativeAuthenticator's forms, and calling the hub's
    API as the logged-in person."""

    def __init__(self, hub: ClassHub) -> None:
        import http.cookiejar

        self.hub = hub
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def _xsrf(self) -> str:
        return next((cookie.value or "" for cookie in self.jar if cookie.name == "_xsrf"), "")

    def form(self, path: str, fields: dict[str, str]) -> tuple[str, str]:
        """Open the hub page ``path`` and send its form; the page it ends on and its text."""
        import urllib.parse

        url = f"{self.hub.url}/hub/{path}"
        self.opener.open(url, timeout=60).read()
        data = urllib.parse.urlencode({**fields, "_xsrf": self._xsrf()}).encode()
        with self.opener.open(url, data=data, timeout=120) as response:
            return response.geturl(), response.read().decode(errors="replace")

    def sign_up(self, name: str, password: str) -> str:
        fields = {"username": name, "signup_password": password}
        return self.form("signup", {**fields, "signup_password_confirmation": password})[1]

    def log_in(self, name: str, password: str) -> tuple[str, str]:
        return self.form("login", {"username": name, "password": password})

    def get(self, path: str) -> int:
        with self.opener.open(f"{self.hub.url}/hub/{path}", timeout=60) as response:
            return int(response.status)

    def api(self, method: str, path: str, body: Any = None) -> Any:
        """The hub's REST API as this logged-in person (their cookie, the XSRF header)."""
        request = urllib.request.Request(
            f"{self.hub.url}/hub/api/{path}",
            data=None if body is None else json.dumps(body).encode(),
            method=method,
            headers={"X-XSRFToken": self._xsrf(), "Content-Type": "application/json"},
        )
        with self.opener.open(request, timeout=60) as response:
            text = response.read()
        return json.loads(text) if text else None
