"""A school's hub in the browser: rooms and the teacher's progress view across students'
own servers, through the class service, on a real PostgreSQL.

JupyterHub runs ``deploy/jupyterhub_config.py`` (``tests/hubserver.py``: local processes
and 127.0.0.1 ports stand in for the school's machines; the proxy is the real
``configurable-http-proxy``) and starts the class service on a database of a Debian
PostgreSQL started as a non-root user. The teacher (the hub group ``teachers``) and three
students sign up (the teacher approves them) and log in in Chromium, each in their own
browser; every page is served by Voilà from that person's own server, through the hub.

The teacher opens ``teacher.ipynb`` without typing any code (on a hub the group is the
credential) and opens a room; a student who opens the same page is told it is not theirs.
The students open ``room.ipynb`` on their own servers, join with the room's code and play
a whole round by clicks. After every move the test, which alone opens the database
directly, checks that no student's page, and no widget message sent to it, holds a card
another seat hides (the helpers of ``test_rooms_browser.py``). Then a student answers an
exercise of lesson 01 in Voilà and the answer appears in the teacher's Progress grid,
live.
"""

from __future__ import annotations

import contextlib
import shutil
import time
import urllib.error
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

from conftest import new_context, settle
from tests.hubserver import ROOT, ClassHub, HubVisitor, require_chp
from widgets.rooms.render import card_names_in

TEACHER = "teacher"
STUDENTS = ("ada", "brahmagupta", "noether")
"""What each student types in the room's name box: the seat takes their hub name."""
PASSWORD = "class-7b-password"
TIMEOUT = 180_000
SEED = 7


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
    running = started.log().split("initiating shutdown")[0]
    assert "Traceback" not in running, running[-4000:]


@pytest.fixture(scope="module")
def store(class_database: str) -> Iterator[Any]:
    """The class store itself, opened by the test only: it knows every seat's cards."""
    from cardmath.rooms import open_store

    opened = open_store(class_database)
    yield opened
    opened.close()


def _log_in(page: Any, hub: ClassHub, name: str) -> None:
    """Send the hub's login form; the hub then sends the page on to their own server."""
    page.goto(f"{hub.url}/hub/login")
    page.locator("input[name=username]").fill(name)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[type=submit], button[type=submit]").first.click(no_wait_after=True)


@pytest.fixture(scope="module")
def people(hub: ClassHub, browser: Any) -> Iterator[dict[str, Any]]:
    """The teacher and the students, signed up and approved through the hub's pages, their
    servers started at once (in parallel), each logged in in a browser of their own."""
    everyone = (TEACHER, *STUDENTS)
    hub.add_users(*everyone)

    def start(name: str) -> None:
        with contextlib.suppress(urllib.error.HTTPError):  # 400: already started
            hub.api("POST", f"users/{name}/server")

    # every server starts at once, while the class signs up and the teacher approves
    with ThreadPoolExecutor(len(everyone)) as starting:
        started = [starting.submit(start, name) for name in everyone]
        for name in everyone:
            HubVisitor(hub).sign_up(name, PASSWORD)
        teacher = HubVisitor(hub)
        assert "/hub/login" not in teacher.log_in(TEACHER, PASSWORD)[0]
        for student in STUDENTS:
            assert teacher.get(f"authorize/{student}") == 200
        contexts = {name: new_context(browser, viewport={"width": 1280, "height": 720})
                    for name in everyone}  # fmt: skip
        pages = {name: context.new_page() for name, context in contexts.items()}
        for name in everyone:
            _log_in(pages[name], hub, name)
        for future in started:
            future.result()
    for name in everyone:
        pages[name].wait_for_url(f"**/user/{name}/**", timeout=TIMEOUT)
    yield pages
    for context in contexts.values():
        context.close()


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
