"""A school's hub: rooms and the teacher's progress view across students' own servers,
through the class service, on a real PostgreSQL; in the browser, then through the
service's own API.

JupyterHub runs ``deploy/jupyterhub_config.py`` (``tests/hubserver.py``: local processes
and 127.0.0.1 ports stand in for the school's machines; the proxy is the real
``configurable-http-proxy``) and starts the class service itself, on a database of a
Debian PostgreSQL started as a non-root user. The teacher (the hub group ``teachers``) and
three students sign up through the hub's own pages; the students are refused until the
teacher approves them. One hub and its four servers serve every test here (starting them
is the longest part of each).

In the browser, each person logs in in a browser of their own; every page is served by
Voilà from that person's own server, through the hub. The teacher opens ``teacher.ipynb``
without typing any code (on a hub the group is the credential) and opens a room; a
student who opens the same page is told it is not theirs. The students open
``room.ipynb`` on their own servers, join with the room's code and play a whole round by
clicks. After every move the test, which alone opens the database directly, checks that
no student's page, and no widget message sent to it, holds a card another seat hides (the
helpers of ``test_rooms_browser.py``). Then a student answers an exercise of lesson 01 in
Voilà and the answer appears in the teacher's Progress grid, live.

Through the service: each student plays with the hub token and the service address the
hub gave their server (read from the running server's environment, exactly what its
kernels get), never a database address; the teacher reads the class's progress (on a
lesson of its own, ``SERVICE_LESSON``, so each test's grid is its own). Midway through the
game the service is killed; the hub starts it again and the game goes on where it was.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from test_rooms_browser import (
    SEAT_READY,
    Student,
    Table,
    _word,
    bad_sentence,
    spoken,
    wait_for_seat_or_refusal,
)
from test_rooms_browser import teacher_opens as open_room_from_the_console
from test_teacher_progress import answer, grid_rows

from cardmath.progress.record import ClassRecord
from cardmath.rooms import NotYourTurn
from cardmath.service import NotPermitted
from cardmath.service.client import ServiceRecord, ServiceStore
from conftest import new_context, settle
from tests.hubserver import ROOT, ClassHub, HubVisitor, require_chp
from widgets.rooms.render import card_names_in

TEACHER = "teacher"
STUDENTS = ("ada", "brahmagupta", "noether")
"""What each student types in the room's name box: the seat takes their hub name."""
PASSWORD = "class-7b-password"
TIMEOUT = 180_000
SEED = 7
SERVICE_LESSON = "02-sequences"
"""The lesson the service tests record progress on (the browser test answers lesson 01)."""
SERVER_ENVIRONMENTS: dict[str, dict[str, str]] = {}
"""Each student's server's environment, as the hub gave it (what its kernels inherit)."""

KERNEL_CODE = """
import json, os, sys
from cardmath.progress import configured_url, open_record
from cardmath.rooms import open_store

code, token, lesson = sys.argv[1:]
store = open_store()  # chosen by the server's configuration: CARDMATH_ROOMS=service
view = store.view(code, token)
record = open_record(configured_url())
me = record.claim(os.environ["JUPYTERHUB_USER"])  # as a lesson page does on a hub
record.record(me, lesson, "Exercise 3", "8", ok=True, hints=0)
print(json.dumps({"store": type(store).__name__, "seat": view["seat"], "name": me.name}))
"""


@pytest.fixture(scope="module")
def class_database(postgres_server: Any) -> Iterator[str]:
    """A new database on the run's PostgreSQL server, dropped afterwards."""
    with postgres_server.database("hubrooms") as url:
        yield url


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory, class_database: str) -> Iterator[ClassHub]:
    require_chp()
    started = ClassHub.start(tmp_path_factory.mktemp("hubrooms"), class_database)
    try:
        yield started
    finally:
        started.stop()
        kept = ROOT / "test-artifacts" / "hub_rooms"  # the hub's, servers' and service's log
        kept.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(started.work / "hub.log", kept / "hub.log")
    log = started.log()
    # nothing failed while the class played (JupyterHub's own shutdown is its business),
    # and the service never failed, even when it was killed and started again
    running = log.split("initiating shutdown")[0]
    assert "Traceback" not in running, running[-4000:]
    assert "classservice.py" not in log.split("initiating shutdown")[-1], log[-4000:]


@pytest.fixture(scope="module")
def store(class_database: str) -> Iterator[Any]:
    """The class store itself, opened by the test only: it knows every seat's cards."""
    from cardmath.rooms import open_store

    opened = open_store(class_database)
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def signed_up(hub: ClassHub) -> HubVisitor:
    """The teacher and the students sign up through the hub's own pages; each student is
    refused until the teacher approves them, then let in. Every server starts at once
    meanwhile (in parallel). The teacher, logged in over HTTP."""
    everyone = (TEACHER, *STUDENTS)
    hub.add_users(*everyone)

    def start(name: str) -> None:
        with contextlib.suppress(urllib.error.HTTPError):  # 400: already started
            hub.api("POST", f"users/{name}/server")

    with ThreadPoolExecutor(len(everyone)) as starting:
        started = [starting.submit(start, name) for name in everyone]
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
            page, _ = visitor.log_in(student, PASSWORD)  # let in
            assert "/hub/login" not in page
        for future in started:
            future.result()
    return teacher


def _log_in(page: Any, hub: ClassHub, name: str) -> None:
    """Send the hub's login form; the hub then sends the page on to their own server."""
    page.goto(f"{hub.url}/hub/login")
    page.locator("input[name=username]").fill(name)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[type=submit], button[type=submit]").first.click(no_wait_after=True)


@pytest.fixture
def people(hub: ClassHub, signed_up: HubVisitor, browser: Any) -> Iterator[dict[str, Any]]:
    """The teacher and the students, each logged in in a browser of their own (closed
    after the test, before the service tests kill the service under their pages)."""
    everyone = (TEACHER, *STUDENTS)
    contexts = {name: new_context(browser, viewport={"width": 1280, "height": 720})
                for name in everyone}  # fmt: skip
    pages = {name: context.new_page() for name, context in contexts.items()}
    for name in everyone:
        _log_in(pages[name], hub, name)
    for name in everyone:
        pages[name].wait_for_url(f"**/user/{name}/**", timeout=TIMEOUT)
    yield pages
    for context in contexts.values():
        context.close()


@pytest.fixture(scope="module")
def stores(hub: ClassHub, signed_up: HubVisitor) -> dict[str, ServiceStore]:
    """The class service as each person calls it: the teacher with a token of their own,
    each student from their own server's environment."""
    token = signed_up.api("POST", f"users/{TEACHER}/tokens", {"note": "teacher's console"})
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


def _voila(hub: ClassHub, name: str, notebook: str) -> str:
    """A notebook of ``name``'s own lessons, rendered by Voilà on their own server."""
    return f"{hub.url}/user/{name}/voila/render/{notebook}"


def _student(page: Any, hub_name: str) -> Student:
    """A student's page, every widget message it receives kept for the privacy check."""
    student = Student(hub_name, page.context, page)
    page.on("websocket", lambda socket: socket.on("framereceived", student.received))
    return student


def join_by_code(student: Student, code: str) -> None:
    """Join as a student on a hub does: the room code only, the hub names the seat."""
    page = student.page
    assert not page.get_by_label("Your name").is_visible()
    assert "hub name" in page.locator(".cm-room-join-panel").inner_text()
    page.get_by_label("Room code").fill(code)
    settle(page)
    page.locator("button.cm-room-join").click()
    wait_for_seat_or_refusal(page)


class HubTable(Table):
    """A room played through the hub: news of a move reaches the next student's page
    through the class service, their kernel and the proxy, later than the store has it on
    a busy machine, so a student plays only once their page says it is their turn."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.waits: list[float] = []
        """How long each student's page took to say it was their turn (seconds)."""

    def play_one(self) -> bool:
        student = self.to_move()
        if student is not None:
            from playwright.sync_api import Error as PageError

            started = time.monotonic()
            try:
                student.page.wait_for_function(
                    "() => document.querySelector('.cm-room-turn')?.innerText"
                    ".includes('It is your turn')",
                    timeout=TIMEOUT,
                )
            except PageError as error:
                shown = student.page.locator(".cm-room-page").inner_text()
                raise AssertionError(
                    f"{student.name}'s page never said it was their turn: {shown[:600]}"
                ) from error
            self.waits.append(time.monotonic() - started)
        return super().play_one()


@pytest.mark.slow
def test_a_class_plays_a_room_and_the_teacher_sees_their_work_on_the_hub(
    hub: ClassHub, people: dict[str, Any], store: Any, artifacts: Any
) -> None:
    from playwright.sync_api import expect

    teacher = people[TEACHER]
    students = [_student(people[name], name) for name in STUDENTS]
    ada_other = people["ada"].context.new_page()
    # every page asked for at once: each kernel starts on its own person's server
    teacher.goto(_voila(hub, TEACHER, "teacher.ipynb"), wait_until="commit")
    for name, student in zip(STUDENTS, students, strict=True):
        student.page.goto(_voila(hub, name, "room.ipynb"), wait_until="commit")
    ada_other.goto(_voila(hub, "ada", "teacher.ipynb"), wait_until="commit")

    # the teacher's page opens with no code asked: the hub says they teach
    teacher.get_by_role("tab", name="Game rooms").wait_for(timeout=TIMEOUT)
    assert teacher.locator("input.cm-teacher-code").count() == 0
    # the class server's status line is the class server's: the hub has its own pages
    assert teacher.locator(".cm-class-status-panel").count() == 0
    expect(teacher.locator(".cm-teacher-hub")).to_contain_text("Teacher on this hub: teacher")
    teacher.wait_for_selector("button.cm-room-open", timeout=TIMEOUT, state="visible")

    # a student who opens the teacher's page is told it is not theirs, and sees nothing
    # of the console or the class's progress
    refusal = ada_other.locator(".cm-teacher-refused .cm-bad")
    refusal.wait_for(timeout=TIMEOUT)
    said = refusal.inner_text()
    assert "This page is for teachers" in said and "ada" in said, said
    assert "not in its teachers group" in said, said
    assert ada_other.locator("button.cm-room-open, .cm-progress-view, input").count() == 0
    ada_other.screenshot(path=str(artifacts / "student-on-teachers-page.png"))
    # her lesson, in Voilà, loads while the class plays
    ada_other.goto(_voila(hub, "ada", "01-navigator.ipynb"), wait_until="commit")

    code = open_room_from_the_console(teacher, "sum15", 3, SEED, {})
    for student in students:
        student.page.wait_for_selector(".cm-room-join-panel", timeout=TIMEOUT, state="visible")
        join_by_code(student, code)
        assert student.page.locator(SEAT_READY).is_visible(), bad_sentence(student.page)
        assert student.token
    table = HubTable(store, code, students, SEED)
    # each seat carries its student's hub name (the page asks none)
    assert [view["name"] for view in table.views()] == list(STUDENTS)
    for name, student in zip(STUDENTS, students, strict=True):
        assert name in student.page.locator(".cm-seed").inner_text()
    table.check_privacy()
    # each student's own hand is on their page and in their frames: the check can see a
    # card when one is there
    for student, view in zip(students, table.views(), strict=True):
        own = card_names_in(view) - table.public_seen
        assert own, "sum15 deals every seat cards of its own"
        assert any(_word(spoken(card)).search(student.text()) for card in own)
        assert any(card in student.wire or spoken(card) in student.wire for card in own)
    students[0].page.screenshot(path=str(artifacts / "ada-room-start.png"))

    started = time.monotonic()
    moves = table.play_to_the_end()
    assert moves == 18 and table.checks > moves
    print(
        f"{moves} moves by clicks in {time.monotonic() - started:.1f} s; the next page said "
        f"'your turn' after at most {max(table.waits):.2f} s"
    )
    for student in students:
        student.page.wait_for_function(
            "() => document.querySelector('.cm-room-turn')?.innerText.includes('over')",
            timeout=TIMEOUT,
        )
    students[1].page.screenshot(path=str(artifacts / "brahmagupta-room-end.png"))
    # the console lists the room with its seats by hub name
    expect(teacher.locator(".cm-room-list")).to_contain_text(code, timeout=30_000)
    for name in STUDENTS:
        expect(teacher.locator(".cm-room-list")).to_contain_text(name, timeout=30_000)
    teacher.screenshot(path=str(artifacts / "teacher-rooms.png"))

    # ada answers exercise 1 of lesson 01 on her own server; the teacher's grid shows it
    teacher.get_by_role("tab", name="Progress").click()
    teacher.locator(".cm-progress-view").wait_for(timeout=TIMEOUT)
    expect(ada_other.locator(".cm-class-who")).to_contain_text("ada", timeout=TIMEOUT)
    assert ada_other.locator("input.cm-class-name").is_hidden()  # the hub says who she is
    for typed, mark in (("20", "✘1"), ("14", "✔ ✘1")):
        answer(ada_other, 1, typed)
        settle(ada_other)
        teacher.wait_for_function(
            """([who, mark]) => {
                 const t = document.querySelector('table.cm-progress-grid');
                 if (!t) return false;
                 for (const r of t.rows) {
                   if (r.cells[0].innerText.trim() === who)
                     return (r.cells[1] || {}).innerText === mark;
                 }
                 return false; }""",
            arg=["ada", mark],
            timeout=30_000,
        )
    assert grid_rows(teacher) == [["student", "Exercise 1"], ["ada", "✔ ✘1"]]
    teacher.locator(".cm-progress-view").screenshot(path=str(artifacts / "teacher-progress.png"))


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
    hub: ClassHub, stores: dict[str, ServiceStore]
) -> None:
    teacher = stores[TEACHER]
    assert teacher.whoami() == {"name": TEACHER, "teacher": True}
    assert stores["ada"].whoami() == {"name": "ada", "teacher": False}

    room = teacher.create_room("sum15", players=3, seed=7)
    seats = {student: stores[student].join(room.code, f"typed {student}") for student in STUDENTS}
    # a seat carries its student's hub name, whatever the page typed
    assert [seats[s].name for s in STUDENTS] == list(STUDENTS)
    assert sorted(seat.index for seat in seats.values()) == [0, 1, 2]
    by_index = {seats[s].index: s for s in STUDENTS}

    # a kernel on ada's server opens the class store the way every page does, from the
    # configuration the hub gave the server, and reaches her seat and her record
    environment = {**SERVER_ENVIRONMENTS["ada"], "PYTHONPATH": str(ROOT)}
    ran = subprocess.run(
        [sys.executable, "-c", KERNEL_CODE, room.code, seats["ada"].token, SERVICE_LESSON],
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
        record = ClassRecord(stores[student])
        assert isinstance(record, ServiceRecord)
        me = record.claim(student)
        record.record(me, SERVICE_LESSON, "Exercise 1", "20", ok=False, hints=0)
        record.record(me, SERVICE_LESSON, "Exercise 1", "14", ok=number != 2, hints=number)

    restarted_at, old_pid, moves = 6, 0, 0
    while True:
        table = stores["ada"].table(room.code)
        if table["is_terminal"]:
            break
        mover = by_index[table["current_player"]]
        view = stores[mover].view(room.code, seats[mover].token)
        assert view["your_turn"] and view["seat"] == seats[mover].index
        # a student whose turn it is not is refused, and nothing changes
        other = by_index[(table["current_player"] + 1) % 3]
        with pytest.raises(NotYourTurn):
            stores[other].act(room.code, seats[other].token, view["legal_actions"][0])
        if moves == restarted_at:
            old_pid = _restart_service(hub)
            started = time.monotonic()
        version = stores[mover].act(room.code, seats[mover].token, view["legal_actions"][0])
        if moves == restarted_at:
            # the move waited for the restarted service and was made once
            assert hub.service_process().pid != old_pid
            assert time.monotonic() - started < 90
            assert stores["noether"].view(room.code, seats["noether"].token)["moves"] == moves + 1
        assert version > table["version"]
        moves += 1
    assert old_pid, "the game ended before the service was restarted"
    assert moves == stores["ada"].table(room.code)["moves"] == 18
    outcome = stores["brahmagupta"].view(room.code, seats["brahmagupta"].token)["outcome"]
    assert outcome is not None and outcome["summary"]

    # after the restart, work is still recorded and nothing recorded before is lost
    record = ClassRecord(stores["noether"])
    record.record(record.claim("noether"), SERVICE_LESSON, "Exercise 2", "7", ok=True, hints=0)
    grid = ClassRecord(teacher).grid(SERVICE_LESSON)
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
    hub: ClassHub, stores: dict[str, ServiceStore]
) -> None:
    teacher, ada = stores[TEACHER], stores["ada"]
    room = teacher.create_room("sum15", players=3, seed=11)
    seats = {student: stores[student].join(room.code, student) for student in STUDENTS}
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
    mine.record(mine.claim("ada"), SERVICE_LESSON, "Exercise 3", "x", ok=False, hints=0)
    assert {attempt.name for attempt in mine.attempts()} == {"ada"}
    assert mine.students() == ["ada"]
    everyone = {attempt.name for attempt in ClassRecord(teacher).attempts()}
    assert everyone >= set(STUDENTS)
    # the public table names no hidden card and answers everyone
    assert ada.table(room.code)["code"] == room.code
