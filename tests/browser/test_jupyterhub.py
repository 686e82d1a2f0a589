"""The school deployment: a real JupyterHub with ``deploy/jupyterhub_config.py``.

JupyterHub runs here as a school's server would run it, with three stand-ins for the
school's machinery: a local-process spawner (the students' servers run as this user),
a test-only authenticator (one shared password), and ports on 127.0.0.1. Its proxy is the
real ``configurable-http-proxy`` from npm (``make setup`` installs it). Three students log
in through the hub's login page in Chromium; each lands on the lesson list and opens a
dashboard with their own seed, served by their own server. The Zero to JupyterHub values
are checked to give a student's server the same settings.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, free_port, new_context, stop

CHP = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "class-7b-password"
STUDENTS = ("ada", "brahmagupta", "noether")
TIMEOUT = 120_000


def _load_config(path: Path) -> object:
    from traitlets.config import PyFileConfigLoader

    return PyFileConfigLoader(path.name, str(path.parent)).load_config()


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not CHP.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{CHP} is missing: `make setup` installs it with npm")
        pytest.skip("configurable-http-proxy is not installed (run `make setup`)")
    work = tmp_path_factory.mktemp("hub")
    port, hub_port, api_port = free_port(), free_port(), free_port()
    config = work / "jupyterhub_test_config.py"
    config.write_text(
        f"""
c = get_config()
load_subconfig({str(ROOT / "deploy" / "jupyterhub_config.py")!r})
# stand-ins for the school's machinery: a test-only authenticator, local processes
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.Spawner.cmd = [{sys.executable!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.args = c.Spawner.args + ["--ServerApp.allow_root=True"]
c.Spawner.mem_limit = None
c.Spawner.cpu_limit = None
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{str(CHP)!r}]
c.JupyterHub.db_url = "sqlite:///{work / "hub.sqlite"}"
c.JupyterHub.cookie_secret_file = {str(work / "cookie_secret")!r}
c.ConfigurableHTTPProxy.pid_file = {str(work / "proxy.pid")!r}
"""
    )
    log = work / "hub.log"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    with log.open("w") as handle:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)],
            cwd=work,
            stdout=handle,
            stderr=subprocess.STDOUT,
            env=env,
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(f"{url}/hub/login", timeout=5) as response:
                if response.status == 200:
                    break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            stop(process)
            raise RuntimeError(f"JupyterHub did not start:\n{log.read_text()[-4000:]}")
        time.sleep(0.5)
    yield url
    stop(process)
    assert "Traceback" not in log.read_text(), log.read_text()[-4000:]


def test_three_students_log_in_and_each_opens_a_dashboard_through_the_hub(hub, browser, artifacts):
    contexts = []
    pages = []
    for student in STUDENTS:  # they log in one after the other, like a class does
        context = new_context(browser, viewport={"width": 1280, "height": 720})
        page = context.new_page()
        page.goto(f"{hub}/hub/login")
        page.locator("input[name=username]").fill(student)
        page.locator("input[name=password]").fill(PASSWORD)
        page.locator("input[type=submit], button[type=submit]").first.click()
        contexts.append(context)
        pages.append(page)
    for student, page in zip(STUDENTS, pages, strict=True):
        # the hub starts their server and sends them to the lesson list, in Voilà
        page.get_by_text("navigator-dashboard.ipynb", exact=True).wait_for(timeout=TIMEOUT)
        assert f"/user/{student}/voila/tree" in page.url
        page.screenshot(path=str(artifacts / f"{student}-lessons.png"))
    for seed, (student, page) in enumerate(zip(STUDENTS, pages, strict=True), start=101):
        page.goto(
            f"{hub}/user/{student}/voila/render/navigator-dashboard.ipynb?seed={seed}&mode=play"
        )
    for seed, (student, page) in enumerate(zip(STUDENTS, pages, strict=True), start=101):
        seed_label = page.locator(".cm-dashboard .cm-seed")
        seed_label.wait_for(state="visible", timeout=TIMEOUT)
        assert str(seed) in seed_label.inner_text()
        # their own kernel answers: a click on the dashboard changes it
        page.evaluate(
            """() => { window.cmChanged = false;
                 new MutationObserver(() => { window.cmChanged = true; }).observe(
                   document.querySelector('.cm-dashboard'),
                   {subtree: true, childList: true, attributes: true, characterData: true}); }"""
        )
        page.locator(".cm-dashboard button:not([disabled])").first.click()
        page.wait_for_function("window.cmChanged", timeout=TIMEOUT)
        page.screenshot(path=str(artifacts / f"{student}-dashboard.png"))
    # a student cannot open another student's server
    pages[0].goto(f"{hub}/user/{STUDENTS[1]}/voila/tree")
    pages[0].wait_for_load_state()
    assert pages[0].locator("text=navigator-dashboard.ipynb").count() == 0
    for context in contexts:
        context.close()


def test_the_kubernetes_values_give_a_student_server_the_same_settings():
    values = yaml.safe_load((ROOT / "deploy" / "values.yaml").read_text())
    mounted = values["singleuser"]["extraFiles"]["cardmath-server-config"]["data"]
    single = _load_config(ROOT / "deploy" / "singleuser_config.py")
    assert json.loads(json.dumps(single)) == mounted
    hub = _load_config(ROOT / "deploy" / "jupyterhub_config.py")
    assert values["singleuser"]["defaultUrl"] == hub.Spawner.default_url
    assert values["cull"]["timeout"] == int(
        hub.JupyterHub.services[-1]["command"][-2].split("=")[1]
    )
    class_size = hub.JupyterHub.concurrent_spawn_limit
    assert values["hub"]["config"]["JupyterHub"]["concurrent_spawn_limit"] == class_size
    assert values["scheduling"]["userPlaceholder"]["replicas"] == class_size
