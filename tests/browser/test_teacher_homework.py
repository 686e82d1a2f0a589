"""Homework on the class server reaches the teacher live: a student works a homework
puzzle on ``homework.ipynb`` (one name box), and the teacher's Progress view shows each
answer within 2 s, with no pasting; "Eyes on the board" covers the homework page and a
room's seat page and lifts; ``homework-results.ipynb`` (behind the teacher's code) shows
the class record's work.

Set ``CARDMATH_DOC_IMAGES=1`` to also write the grid's screenshot into ``docs/images/``.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator

import pytest

from cardmath.homework import HomeworkCode, homework_set
from cardmath.homework.record import homework_lesson
from conftest import ROOT, ClassServer, class_server, new_context

CODE = "class-4h7w"
TEACHER_CODE = "teach-3m8p"
TIMEOUT = 180_000
SHOWN_WITHIN_MS = 2_000
"""The issue's promise: the teacher's page shows each result within 2 s."""
HOMEWORK = HomeworkCode("sequences", 4, 3, "easy")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    with class_server(
        tmp_path_factory.mktemp("homework"), size=6, code=CODE, teacher_code=TEACHER_CODE
    ) as started:
        yield started


def unlock(page) -> None:
    """Type the teacher's code on a teacher's page (the class code is refused first)."""
    box = page.locator("input.cm-teacher-code")
    box.wait_for(timeout=TIMEOUT)
    box.fill(TEACHER_CODE)
    box.press("Enter")


def wait_for_mark(teacher, who: str, column: str, mark: str) -> float:
    """Seconds until the teacher's grid shows ``mark`` for ``who`` under ``column``
    (fails after 2 s)."""
    started = time.monotonic()
    teacher.wait_for_function(
        """([who, column, mark]) => {
             const t = document.querySelector('table.cm-progress-grid');
             if (!t) return false;
             const heads = Array.from(t.rows[0].cells).map(c => c.innerText.trim());
             const at = heads.indexOf(column);
             if (at < 0) return false;
             for (const r of t.rows) {
               if (r.cells[0].innerText.trim() === who) return r.cells[at].innerText === mark;
             }
             return false; }""",
        arg=[who, column, mark],
        timeout=SHOWN_WITHIN_MS,
    )
    return time.monotonic() - started


def check_answer(page, text: str, mark: str) -> None:
    """Type an answer to the puzzle on screen, press Enter, wait for the verdict."""
    field = page.locator("input.cm-homework-answer")
    field.fill(text)
    field.press("Enter")
    page.wait_for_function(
        "mark => (document.querySelector('.cm-homework-screen > .cm-feedback') || {})"
        ".innerText?.startsWith(mark)",
        arg=mark,
        timeout=TIMEOUT,
    )


def test_homework_on_the_class_server_reaches_the_teacher_live(
    server: ClassServer, browser, artifacts
) -> None:
    from playwright.sync_api import expect

    teacher_context = new_context(browser, viewport={"width": 1280, "height": 900})
    teacher = teacher_context.new_page()
    teacher.goto(server.page("teacher.ipynb"))
    unlock(teacher)
    teacher.get_by_role("tab", name="Progress").click(timeout=TIMEOUT)
    teacher.locator(".cm-progress-view").wait_for(timeout=TIMEOUT)

    # a student opens the homework on the class server: one name box, the homework's
    student_context = new_context(browser, viewport={"width": 1280, "height": 720})
    student = student_context.new_page()
    student.goto(server.page("homework.ipynb", f"code={HOMEWORK}"))
    student.locator("input.cm-homework-name").wait_for(timeout=TIMEOUT)
    assert student.locator("input.cm-class-name").is_hidden()
    student.locator("input.cm-homework-name").fill("Ada")
    student.locator("input.cm-homework-name").press("Enter")
    student.wait_for_selector("text=Puzzle 1 of 3", timeout=TIMEOUT)
    expect(student.locator(".cm-class-who")).to_contain_text("Working as Ada", timeout=TIMEOUT)

    # each answer reaches the teacher's grid within 2 s of the student's verdict
    keys = [puzzle.answer_key for puzzle in homework_set(HOMEWORK).puzzles]
    waited = []
    check_answer(student, "0" if keys[0] != "0" else "1", "✘")
    waited.append(wait_for_mark(teacher, "Ada", "Puzzle 1", "✘1"))
    check_answer(student, keys[0], "✔")
    waited.append(wait_for_mark(teacher, "Ada", "Puzzle 1", "✔ ✘1"))
    student.locator("button.cm-homework-next").click()
    student.wait_for_selector("text=Puzzle 2 of 3", timeout=TIMEOUT)
    check_answer(student, keys[1], "✔")
    waited.append(wait_for_mark(teacher, "Ada", "Puzzle 2", "✔"))
    # the homework is a lesson of its own in the view: the teacher can show it alone
    lesson = teacher.locator(".cm-progress-lesson select")
    assert homework_lesson(HOMEWORK) in lesson.inner_text().replace("\xa0", " ")
    lesson.select_option(label=homework_lesson(HOMEWORK))
    expect(teacher.locator(".cm-progress-summary")).to_contain_text("solved by 1 of 1")
    grid = teacher.locator(".cm-progress-view")
    grid.screenshot(path=str(artifacts / "teacher-homework-progress.png"))
    if os.environ.get("CARDMATH_DOC_IMAGES"):
        shutil.copy(
            artifacts / "teacher-homework-progress.png",
            ROOT / "docs" / "images" / "teacher-homework-progress.png",
        )

    # a room's seat page, on the same server
    from cardmath.rooms import open_store

    store = open_store(server.store_url)
    room = store.create_room("sum15", players=2, seed=3, options={})
    seat = store.join(room.code, "Ben")
    store.close()
    seat_context = new_context(browser, viewport={"width": 1280, "height": 720})
    seated = seat_context.new_page()
    seated.goto(server.page("room.ipynb", f"room={room.code}&seat={seat.token}"))
    seated.locator(".cm-room-seat").wait_for(state="visible", timeout=TIMEOUT)

    # eyes on the board: the homework page and the seat are covered, then lifted
    teacher.locator("input.cm-progress-message").fill("Pens down, eyes here")
    teacher.locator("button.cm-progress-pause").click()
    for page in (student, seated):
        cover = page.locator(".cm-board-cover")
        expect(cover).to_have_text("Pens down, eyes here", timeout=5_000)
        box = cover.bounding_box()
        assert box["height"] >= 700 and box["width"] >= 1200, box
    student.screenshot(path=str(artifacts / "homework-covered.png"))
    seated.screenshot(path=str(artifacts / "seat-covered.png"))
    teacher.locator("button.cm-progress-resume").click()
    for page in (student, seated):
        expect(page.locator(".cm-board-cover")).to_have_count(0, timeout=5_000)
    # the student carries on where they were
    check_answer(student, "0" if keys[1] != "0" else "1", "✘")
    waited.append(wait_for_mark(teacher, "Ada", "Puzzle 2", "✔ ✘1"))

    # the results page reads the class record (no pasting), behind the teacher's code
    results_context = new_context(browser, viewport={"width": 1280, "height": 900})
    results = results_context.new_page()
    results.goto(server.page("homework-results.ipynb", f"code={HOMEWORK}"))
    results.locator("input.cm-teacher-code").wait_for(timeout=TIMEOUT)
    assert "Ada" not in results.locator("body").inner_text()
    unlock(results)
    expect(results.locator(".cm-homework .cm-feedback").first).to_contain_text(
        "1 from the class record", timeout=TIMEOUT
    )
    table = results.locator(".cm-homework-table")
    expect(table).to_contain_text("Ada")
    assert "2/3" in table.inner_text()
    results.screenshot(path=str(artifacts / "homework-results.png"))

    for page in (teacher, student, seated, results):
        page.context.close()
    print("teacher's grid caught up after", [f"{s:.2f}s" for s in waited])
