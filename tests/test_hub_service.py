"""A school's hub: a real JupyterHub with the class service on a real PostgreSQL.

The teacher and three students sign up and log in through the hub's own pages over HTTP
(NativeAuthenticator: the students are let in once the teacher approves them). JupyterHub
runs ``deploy/jupyterhub_config.py`` (``tests/hubserver.py``: local processes
and 127.0.0.1 ports stand in for the school's machines; the proxy is the real
``configurable-http-proxy``) and starts the class service itself, on a database of a
Debian PostgreSQL started as a non-root user. Logging in starts each student's own
server; each plays with the hub token and the service address the hub gave that server
(read from the running server's environment, exactly what its kernels get), never a
database address. The teacher (the hub group ``teachers``) opens the room and reads the
class's progress. Midway through the game the service is killed; the hub starts it again
and the game goes on where it was.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from cardmath.progress.record import ClassRecord
from cardmath.rooms import NotYourTurn
from cardmath.service import NotPermitted
from cardmath.service.client import ServiceRecord, ServiceStore
from tests.hubserver import ROOT, ClassHub, HubVisitor, require_chp

TEACHER = "teacher"
STUDENTS = ("ada", "brahmagupta", "noether")
LESSON = "01-navigator"
PASSWORD = "class-7b-password"
SERVER_ENVIRONMENTS: dict[str, dict[str, str]] = {}
"""Each student's server's environment, as the hub gave it (what its kernels inherit)."""

KERNEL_CODE = """
import json, os, sys
from cardmath.progress import configured_url, open_record
from cardmath.rooms import open_store

code, token = sys.argv[1:]
store = open_store()  # chosen by the server's configuration: CARDMATH_ROOMS=service
view = store.view(code, token)
record = open_record(configured_url())
me = record.claim(os.environ["JUPYTERHUB_USER"])  # as a lesson page does on a hub
record.record(me, "01-navigator", "Exercise 3", "8", ok=True, hints=0)
print(json.dumps({"store": type(store).__name__, "seat": view["seat"], "name": me.name}))
"""


@pytest.fixture(scope="module")
def class_database(postgres_server: Any) -> Iterator[str]:
    with postgres_server.database("hub") as url:
        yield url


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory, class_database: str) -> Iterator[ClassHub]:
    require_chp()
    started = ClassHub.start(tmp_path_factory.mktemp("classhub"), class_database)
    yield started
    started.stop()
    log = started.log()
    # nothing failed while the class played (JupyterHub's own shutdown is its business),
    # and the service never failed, even when it was stopped
    running = log.split("initiating shutdown")[0]
    assert "Traceback" not in running, running[-4000:]
    assert "classservice.py" not in log.split("initiating shutdown")[-1], log[-4000:]


@pytest.fixture(scope="module")
def people(hub: ClassHub) -> dict[str, ServiceStore]:
    """The teacher and three students sign up and log in through the hub's own pages
    (the teacher approves the students); the teacher calls the service with a token of
    their own, each student from their own server's environment."""
    teacher = HubVisitor(hub)
    teacher.sign_up(TEACHER, PASSWORD)
    assert "/hub/login" not in teacher.log_in(TEACHER, PASSWORD)[0]
    visitors = {student: HubVisitor(hub) for student in STUDENTS}
    for student, visitor in visitors.items():
        visitor.sign_up(student, PASSWORD)
        page, text = visitor.log_in(student, PASSWORD)  # refused until approved
        assert "/hub/login" in page and "not been authorized" in text
    for student in STUDENTS:
        assert teacher.get(f"authorize/{student}") == 200
    for student, visitor in visitors.items():
        page, _ = visitor.log_in(student, PASSWORD)  # let in: logging in starts their server
        assert "/hub/login" not in page
    token = teacher.api("POST", f"users/{TEACHER}/tokens", {"note": "teacher's console"})
    people = {TEACHER: ServiceStore(hub.service_url, token["token"])}
    for student in STUDENTS:
        environment = hub.server_environment(student)
        SERVER_ENVIRONMENTS[student] = environment
        assert environment["CARDMATH_ROOMS"] == "service"
        # the server knows the service, and nothing of the database
        assert not any("postgresql" in value for value in environment.values())
        people[student] = ServiceStore(
            environment["CARDMATH_CLASS_SERVICE"], environment["JUPYTERHUB_API_TOKEN"]
        )
    return people


def _status(
    hub: ClassHub, call: str, token: str, /, **arguments: Any
) -> tuple[int, dict[str, Any]]:
    """One raw call to the service: the HTTP status and the JSON answer."""
    request = urllib.request.Request(
        f"{hub.service_url}api/{call}",
        data=json.dumps(arguments).encode(),
        method="POST",
        headers={"Authorization": f"token {token}"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _restart_service(hub: ClassHub) -> int:
    """Kill the service as a crash would; the hub starts it again. Its old process id."""
    import psutil

    process = hub.service_process()
    os.kill(process.pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # gone (or a zombie until the hub reaps it)
        try:
            if process.status() == psutil.STATUS_ZOMBIE:
                break
        except psutil.NoSuchProcess:
            break
        time.sleep(0.05)
    return int(process.pid)


@pytest.mark.slow
def test_a_class_plays_a_round_through_the_service_and_the_teacher_sees_their_work(
    hub: ClassHub, people: dict[str, ServiceStore]
) -> None:
    teacher = people[TEACHER]
    assert teacher.whoami() == {"name": TEACHER, "teacher": True}
    assert people["ada"].whoami() == {"name": "ada", "teacher": False}

    room = teacher.create_room("sum15", players=3, seed=7)
    seats = {student: people[student].join(room.code, f"typed {student}") for student in STUDENTS}
    # a seat carries its student's hub name, whatever the page typed
    assert [seats[s].name for s in STUDENTS] == list(STUDENTS)
    assert sorted(seat.index for seat in seats.values()) == [0, 1, 2]
    by_index = {seats[s].index: s for s in STUDENTS}

    # a kernel on ada's server opens the class store the way every page does, from the
    # configuration the hub gave the server, and reaches her seat and her record
    environment = {**SERVER_ENVIRONMENTS["ada"], "PYTHONPATH": str(ROOT)}
    ran = subprocess.run(
        [sys.executable, "-c", KERNEL_CODE, room.code, seats["ada"].token],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert json.loads(ran.stdout) == {"store": "ServiceStore", "seat": seats["ada"].index,
                                      "name": "ada"}  # fmt: skip

    # each student's progress goes to the teacher's record through the service
    for number, student in enumerate(STUDENTS):
        record = ClassRecord(people[student])
        assert isinstance(record, ServiceRecord)
        me = record.claim(student)
        record.record(me, LESSON, "Exercise 1", "20", ok=False, hints=0)
        record.record(me, LESSON, "Exercise 1", "14", ok=number != 2, hints=number)

    restarted_at, old_pid, moves = 6, 0, 0
    while True:
        table = people["ada"].table(room.code)
        if table["is_terminal"]:
            break
        mover = by_index[table["current_player"]]
        view = people[mover].view(room.code, seats[mover].token)
        assert view["your_turn"] and view["seat"] == seats[mover].index
        # a student whose turn it is not is refused, and nothing changes
        other = by_index[(table["current_player"] + 1) % 3]
        with pytest.raises(NotYourTurn):
            people[other].act(room.code, seats[other].token, view["legal_actions"][0])
        if moves == restarted_at:
            old_pid = _restart_service(hub)
            started = time.monotonic()
        version = people[mover].act(room.code, seats[mover].token, view["legal_actions"][0])
        if moves == restarted_at:
            # the move waited for the restarted service and was made once
            assert hub.service_process().pid != old_pid
            assert time.monotonic() - started < 90
            assert people["noether"].view(room.code, seats["noether"].token)["moves"] == moves + 1
        assert version > table["version"]
        moves += 1
    assert old_pid, "the game ended before the service was restarted"
    assert moves == people["ada"].table(room.code)["moves"] == 18
    outcome = people["brahmagupta"].view(room.code, seats["brahmagupta"].token)["outcome"]
    assert outcome is not None and outcome["summary"]

    # after the restart, work is still recorded and nothing recorded before is lost
    record = ClassRecord(people["noether"])
    record.record(record.claim("noether"), LESSON, "Exercise 2", "7", ok=True, hints=0)
    grid = ClassRecord(teacher).grid(LESSON)
    assert grid.students == STUDENTS
    marks = {row[0]: row[1:] for row in grid.rows()[1:]}
    assert marks == {
        "ada": ["✔ ✘1", "·", "✔"],
        "brahmagupta": ["✔ ✘1 ?1", "·", "·"],
        "noether": ["✘2 ?2", "✔", "·"],
    }
    # the teacher's console sees every seat by name; the event log has every move
    (listed,) = [r for r in teacher.rooms(include_ended=True) if r["code"] == room.code]
    assert [seat["name"] for seat in listed["seats"]] == [by_index[i] for i in range(3)]
    assert len(teacher.events(room.code)) == 18


@pytest.mark.slow
def test_a_student_gets_only_their_own_seat_and_work(
    hub: ClassHub, people: dict[str, ServiceStore]
) -> None:
    teacher, ada = people[TEACHER], people["ada"]
    room = teacher.create_room("sum15", players=3, seed=11)
    seats = {student: people[student].join(room.code, student) for student in STUDENTS}
    ada_token = ada._token

    # another seat's view (with that seat's own key), and a move there: 403
    status, answer = _status(hub, "view", ada_token, code=room.code, token=seats["noether"].token)
    assert status == 403 and answer["error"] == "NotPermitted"
    assert "not yours" in answer["message"]
    assert "hand" not in json.dumps(answer)
    with pytest.raises(NotPermitted):
        ada.act(room.code, seats["noether"].token, "take 5")
    # a forged key, a teacher's call, another student's name: refused the same way
    assert _status(hub, "view", ada_token, code=room.code, token="x" * 24)[0] == 403
    assert _status(hub, "rooms", ada_token)[0] == 403
    assert _status(hub, "table", ada_token, code=room.code, real_names=True)[0] == 403
    assert _status(hub, "claim", ada_token, name="noether")[0] == 403
    assert _status(hub, "record_version", ada_token)[0] == 403
    # no token, or a hub token without the service's scope: 403
    assert _status(hub, "whoami", "")[0] == 403
    narrow = hub.user_token("ada", scopes=["read:users:name!user"])
    assert _status(hub, "whoami", narrow)[0] == 403

    # a student reads only their own attempts; the teacher reads everyone's
    mine = ClassRecord(ada)
    mine.record(mine.claim("ada"), LESSON, "Exercise 3", "x", ok=False, hints=0)
    assert {attempt.name for attempt in mine.attempts()} == {"ada"}
    assert mine.students() == ["ada"]
    everyone = {attempt.name for attempt in ClassRecord(teacher).attempts()}
    assert everyone >= set(STUDENTS)
    # the public table names no hidden card and answers everyone
    assert ada.table(room.code)["code"] == room.code


def test_the_kubernetes_values_run_the_same_class_service() -> None:
    import yaml
    from traitlets.config import PyFileConfigLoader

    from tests.hubserver import ROOT

    deploy = ROOT / "deploy"
    values = yaml.safe_load((deploy / "values.yaml").read_text())
    hub = PyFileConfigLoader("jupyterhub_config.py", str(deploy)).load_config()
    (service,) = [s for s in hub.JupyterHub.services if s["name"] == "cardmath-class"]
    assert service["command"][-1].endswith("deploy/classservice.py")
    kube = values["hub"]["services"]["cardmath-class"]
    assert kube["command"][-1].endswith("deploy/classservice.py")
    # the same roles, the same teachers group, the same server token scopes
    roles = {role["name"]: role for role in hub.JupyterHub.load_roles}
    for name, role in values["hub"]["loadRoles"].items():
        assert role["scopes"] == roles[name]["scopes"]
    config = values["hub"]["config"]
    assert config["JupyterHub"]["load_groups"]["teachers"]["users"] == ["teacher"]
    assert hub.JupyterHub.load_groups["teachers"]["users"] == ["teacher"]
    assert config["KubeSpawner"]["server_token_scopes"] == hub.Spawner.server_token_scopes
    # students' servers call the service; the database address is the hub pod's alone
    env = values["singleuser"]["extraEnv"]
    assert env["CARDMATH_ROOMS"] == hub.Spawner.environment["CARDMATH_ROOMS"] == "service"
    port = kube["url"].rsplit(":", 1)[1]
    assert env["CARDMATH_CLASS_SERVICE"] == f"http://hub:{port}/services/cardmath-class/"
    assert [p["port"] for p in values["hub"]["service"]["extraPorts"]] == [int(port)]
    assert not any("postgresql" in str(value) for value in env.values())
    assert "CARDMATH_SERVICE_STORE" in values["hub"]["extraConfig"]["cardmath-class-store"]
