"""The school deployment: a real JupyterHub with ``deploy/jupyterhub_config.py``.

JupyterHub runs here as a school's server would run it, with its real authenticator
(NativeAuthenticator: the teacher approves every sign-up) and two stand-ins for the
school's machinery: a local-process spawner (everyone's server runs as this user, each in
its own folder) and ports on 127.0.0.1. Its proxy is the real ``configurable-http-proxy``
from npm (``make setup`` installs it). The teacher and three students sign up through the
hub's pages in Chromium; the students are refused until the teacher approves them; each
lands on the lesson list and opens a dashboard with their own seed, served by their own
server. Then a logged-in student tries what a student's server must refuse (README,
"Security"), and the teacher opens nbgrader's grading pages. The Zero to JupyterHub
values are checked to give a student's server the same settings.
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

from conftest import ROOT, free_port, new_context
from tests.hubserver import default_stop_signals, local_hub_config, require_chp, stop_hub

PASSWORD = "class-7b-password"
TEACHER = "teacher"
STUDENTS = ("ada", "brahmagupta", "noether")
TIMEOUT = 120_000


def _load_config(path: Path) -> object:
    from traitlets.config import PyFileConfigLoader

    return PyFileConfigLoader(path.name, str(path.parent)).load_config()


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    require_chp()
    work = tmp_path_factory.mktemp("hub")
    port, hub_port, api_port, service_port = free_port(), free_port(), free_port(), free_port()
    config = work / "jupyterhub_test_config.py"
    config.write_text(
        local_hub_config(work, port, hub_port, api_port)
        + """
# JupyterHub 6 may check a service's health while it shuts down (a traceback of its own)
c.JupyterHub.service_check_interval = 3600
"""
    )
    log = work / "hub.log"
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}",
        # the class service (on a SQLite file in the hub's folder here) on a port of its own
        "CARDMATH_CLASS_SERVICE_URL": f"http://127.0.0.1:{service_port}",
    }
    with log.open("w") as handle:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)],
            cwd=work,
            stdout=handle,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,  # stop_hub ends the rest of its session
            preexec_fn=default_stop_signals,
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
            stop_hub(process)
            raise RuntimeError(f"JupyterHub did not start:\n{log.read_text()[-4000:]}")
        time.sleep(0.5)
    yield url
    stop_hub(process)
    assert "Traceback" not in log.read_text(), log.read_text()[-4000:]


def _sign_up(page, hub: str, name: str) -> str:
    """Fill in the hub's sign-up form; returns the message the hub shows."""
    page.goto(f"{hub}/hub/signup")
    page.locator("input[name=username]").fill(name)
    if page.locator("input[name=email]").count():
        page.locator("input[name=email]").fill(f"{name}@school.example")
    page.locator("input[name=signup_password]").fill(PASSWORD)
    if page.locator("input[name=signup_password_confirmation]").count():
        page.locator("input[name=signup_password_confirmation]").fill(PASSWORD)
    page.locator("input[type=submit], button[type=submit]").first.click()
    page.wait_for_load_state()
    return page.locator("body").inner_text()


def _log_in(page, hub: str, name: str) -> None:
    page.goto(f"{hub}/hub/login")
    page.locator("input[name=username]").fill(name)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[type=submit], button[type=submit]").first.click()
    page.wait_for_load_state()


@pytest.fixture(scope="module")
def people(hub, browser) -> Iterator[dict[str, object]]:
    """The teacher and the students, signed up, approved and logged in (one page each)."""
    pages: dict[str, object] = {}
    contexts = []
    for name in (TEACHER, *STUDENTS):
        context = new_context(browser, viewport={"width": 1280, "height": 720})
        contexts.append(context)
        pages[name] = context.new_page()
    _sign_up(pages[TEACHER], hub, TEACHER)
    _log_in(pages[TEACHER], hub, TEACHER)
    pages[TEACHER].wait_for_url(f"**/user/{TEACHER}/**", timeout=TIMEOUT)
    for student in STUDENTS:  # they sign up one after the other, like a class does
        _sign_up(pages[student], hub, student)
        _log_in(pages[student], hub, student)
        # not yet approved: still on the login page, told to ask the teacher
        assert "/hub/login" in pages[student].url
        assert "not been authorized" in pages[student].locator("body").inner_text()
    for student in STUDENTS:
        pages[TEACHER].goto(f"{hub}/hub/authorize/{student}")
        pages[TEACHER].wait_for_load_state()
    for student in STUDENTS:
        _log_in(pages[student], hub, student)
    for student in STUDENTS:  # each one's server has started (the hub sends them there)
        pages[student].wait_for_url(f"**/user/{student}/**", timeout=TIMEOUT)
    yield pages
    for context in contexts:
        context.close()


def test_three_students_log_in_and_each_opens_a_dashboard_through_the_hub(hub, people, artifacts):
    pages = [people[student] for student in STUDENTS]
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


def _server_call(page, method: str, url: str, body: object = None) -> int:
    """A call to a Jupyter server as the page's logged-in person (their cookie and the
    server's XSRF token, as JupyterLab sends them); returns the HTTP status."""
    cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies(url)}
    headers = {"X-XSRFToken": cookies.get("_xsrf", "")}
    data = None if body is None else json.dumps(body)
    response = page.request.fetch(
        url, method=method, headers=headers, data=data, max_redirects=0, fail_on_status_code=False
    )
    return response.status


NOTEBOOK = {
    "type": "notebook",
    "format": "json",
    "content": {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5},
}


def test_a_students_server_refuses_what_a_student_should_not_have(hub, people, artifacts):
    ada, other = people["ada"], STUDENTS[1]
    own = f"{hub}/user/ada"
    ada.goto(f"{own}/lab/tree/01-navigator.ipynb")  # a lesson, in JupyterLab
    ada.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=TIMEOUT)
    ada.locator("#jp-menu-panel").get_by_text("Kernel", exact=True).wait_for(timeout=TIMEOUT)
    ada.screenshot(path=str(artifacts / "ada-lesson-in-jupyterlab.png"))
    # JupyterLab's page extensions by the allow-list too: no nbgrader menus for a student
    menus = ada.locator("#jp-menu-panel").inner_text()
    assert "Nbgrader" not in menus and "Create Assignment" not in ada.locator("body").inner_text()
    # what a lesson needs: their own notebooks saved, their own kernel
    assert _server_call(ada, "PUT", f"{own}/api/contents/my-work.ipynb", NOTEBOOK) == 201
    assert _server_call(ada, "POST", f"{own}/api/kernels", {"name": "python3"}) == 201
    # no terminal, no grading pages, no extension that is not on the allow-list
    assert _server_call(ada, "POST", f"{own}/api/terminals") == 404
    assert _server_call(ada, "GET", f"{own}/terminals/1") == 404
    assert _server_call(ada, "GET", f"{own}/formgrader") == 404
    assert _server_call(ada, "GET", f"{own}/formgrader/manage_assignments") == 404
    assert _server_call(ada, "GET", f"{own}/tree") == 404  # Notebook 7's pages
    assert _server_call(ada, "GET", f"{own}/lsp/status") == 404
    # no hidden files (the server's own configuration), nothing outside their folder
    config = f"{own}/api/contents/.jupyter/jupyter_server_config.json"
    assert _server_call(
        ada, "PUT", config, {"type": "file", "format": "text", "content": "{}"}
    ) in (
        400,
        403,
        404,
    )
    assert _server_call(ada, "GET", f"{own}/api/contents/..%2F{other}") in (400, 403, 404)
    # nothing of another student's server, and none of the hub's admin pages
    theirs = f"{hub}/user/{other}"
    assert _server_call(ada, "GET", f"{theirs}/api/contents") == 403
    assert _server_call(ada, "PUT", f"{theirs}/api/contents/x.ipynb", NOTEBOOK) == 403
    assert _server_call(ada, "POST", f"{theirs}/api/kernels", {"name": "python3"}) == 403
    assert _server_call(ada, "GET", f"{hub}/hub/admin") == 403
    assert _server_call(ada, "GET", f"{hub}/hub/authorize") in (403, 302)


def test_the_teacher_grades_in_nbgrader_and_approves_sign_ups(hub, people, artifacts):
    teacher = people[TEACHER]
    grading = f"{hub}/user/{TEACHER}/formgrader/manage_assignments"
    assert _server_call(teacher, "GET", grading) == 200
    assert _server_call(teacher, "GET", f"{hub}/hub/authorize") == 200
    teacher.goto(f"{hub}/user/{TEACHER}/formgrader")
    teacher.get_by_role("link", name="Add new assignment...").wait_for(timeout=TIMEOUT)
    teacher.get_by_text("No data available in table").wait_for(timeout=TIMEOUT)
    assert "encountered an error" not in teacher.locator("body").inner_text()
    teacher.screenshot(path=str(artifacts / "teacher-formgrader.png"))
    # still no terminal on the teacher's server either
    assert _server_call(teacher, "POST", f"{hub}/user/{TEACHER}/api/terminals") == 404


def test_the_kubernetes_values_give_a_student_server_the_same_settings():
    values = yaml.safe_load((ROOT / "deploy" / "values.yaml").read_text())
    hub = _load_config(ROOT / "deploy" / "jupyterhub_config.py")
    # the same student-server file, given the same way, with user configuration off
    mounted = values["singleuser"]["extraFiles"]["cardmath-singleuser-config"]["mountPath"]
    spawner = values["hub"]["config"]["KubeSpawner"]
    assert spawner["args"] == [f"--config={mounted}"]
    assert [arg.split("=")[0] for arg in hub.Spawner.args] == ["--config"]
    assert hub.Spawner.args[0].endswith("/deploy/singleuser_config.py")
    assert spawner["disable_user_config"] is hub.Spawner.disable_user_config is True
    header = (ROOT / "deploy" / "values.yaml").read_text().split("\nhub:")[0]
    assert (
        "--set-file singleuser.extraFiles.cardmath-singleuser-config.stringData="
        "deploy/singleuser_config.py" in header
    )
    assert values["singleuser"]["defaultUrl"] == hub.Spawner.default_url
    assert values["cull"]["timeout"] == int(
        hub.JupyterHub.services[-1]["command"][-2].split("=")[1]
    )
    class_size = hub.JupyterHub.concurrent_spawn_limit
    assert values["hub"]["config"]["JupyterHub"]["concurrent_spawn_limit"] == class_size
    assert values["scheduling"]["userPlaceholder"]["replicas"] == class_size
