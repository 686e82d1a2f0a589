"""The teacher sees the class: three students work lesson 01 on a real class server, in
their own browser contexts; the teacher's Progress view (behind the teacher's code) shows
each answer, covers and lifts the students' screens, and puts a chosen answer on the
projector's page without its name; the command line prints the same grid.

The server is started the way ``make serve CLASS=..`` starts it, with the class store in
a temporary folder (``CARDMATH_ROOMS``) and a known teacher's code.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from conftest import ROOT, ClassServer, class_server, new_context

CODE = "class-7k2m"
TEACHER_CODE = "teach-9q4x"
TIMEOUT = 180_000
LESSON = "01-navigator"
SHOWN_WITHIN_MS = 2_000
"""The issue's promise: the teacher's page shows each result within 2 s."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    with class_server(
        tmp_path_factory.mktemp("progress"), size=6, code=CODE, teacher_code=TEACHER_CODE
    ) as started:
        yield started


def grid_rows(page) -> list[list[str]]:
    """The teacher's grid as the page shows it."""
    return page.locator("table.cm-progress-grid").evaluate(
        "t => Array.from(t.rows).map(r => Array.from(r.cells).map(c => c.innerText.trim()))"
    )


def answer(page, number: int, text: str) -> None:
    """Type an answer into exercise ``number`` of the lesson and press Enter; wait for the
    verdict."""
    box = page.locator(".cm-exercise").nth(number - 1)
    box.scroll_into_view_if_needed()
    before = box.locator(".cm-feedback").inner_text()
    field = box.locator("input.cm-exercise-answer")
    field.fill(text)
    field.press("Enter")
    page.wait_for_function(
        "([el, before]) => el.innerText !== before && el.innerText.trim() !== ''",
        arg=[box.locator(".cm-feedback").element_handle(), before],
        timeout=TIMEOUT,
    )


def test_the_teacher_follows_three_students_live(server: ClassServer, browser, artifacts) -> None:
    from playwright.sync_api import expect

    # the teacher's page: the class code alone does not open it
    teacher_context = new_context(browser, viewport={"width": 1280, "height": 900})
    teacher = teacher_context.new_page()
    teacher.goto(server.page("teacher.ipynb"))
    code_box = teacher.locator("input.cm-teacher-code")
    code_box.wait_for(timeout=TIMEOUT)
    assert teacher.locator(".cm-progress-view, button.cm-room-open").count() == 0
    code_box.fill(CODE)
    code_box.press("Enter")
    expect(teacher.locator(".cm-teacher-gate")).to_contain_text("not the teacher's code")
    code_box.fill(TEACHER_CODE)
    code_box.press("Enter")
    teacher.get_by_role("tab", name="Progress").click(timeout=TIMEOUT)
    teacher.locator(".cm-progress-view").wait_for(timeout=TIMEOUT)

    # three students, each in their own browser, open lesson 01 and give their names
    students = {}
    for name in ("Ana", "Ben", "<b>Cleo</b>"):
        context = new_context(browser, viewport={"width": 1280, "height": 720})
        page = context.new_page()
        page.goto(server.page(f"{LESSON}.ipynb"))
        page.locator("input.cm-class-name").wait_for(timeout=TIMEOUT)
        students[name] = page
    ana, ben, cleo = students.values()
    ana.locator(".cm-class-form").screenshot(path=str(artifacts / "student-name.png"))
    for name, page in students.items():
        page.locator("input.cm-class-name").fill(name.lower() if name == "Ben" else name)
        page.locator("input.cm-class-name").press("Enter")
        page.locator(".cm-class-who").wait_for(timeout=TIMEOUT)
    # the class server's status above the tabs counts the four pages open (every few
    # seconds, without a reload) and the kernels' memory
    status = teacher.locator(".cm-class-status")
    teacher.wait_for_function(
        """() => {
             const t = (document.querySelector('.cm-class-status') || {}).innerText || '';
             const n = t.match(/(\\d+) in use/), mb = t.match(/kernels (\\d+) MB/);
             return n && +n[1] >= 4 && mb && +mb[1] > 0;
           }""",
        timeout=30_000,
    )
    shown = status.inner_text()
    for words in ("warm", "waiting", "server"):
        assert words in shown, shown
    teacher.locator(".cm-class-status-panel").screenshot(path=str(artifacts / "class-status.png"))

    # a name already taken in the class is refused with a sentence
    extra_context = new_context(browser)
    extra = extra_context.new_page()
    extra.goto(server.page(f"{LESSON}.ipynb"))
    extra.locator("input.cm-class-name").fill("ANA")
    extra.locator("input.cm-class-name").press("Enter")
    expect(extra.locator(".cm-class-message")).to_contain_text(
        "already taken in this class", timeout=TIMEOUT
    )
    extra_context.close()

    # every answer reaches the teacher's grid within 2 s of the student's verdict
    work = [
        (ana, 1, "14", ("ana", 1, "✔")),
        (ben, 1, "20", ("ben", 1, "✘1")),
        (ben, 1, "14", ("ben", 1, "✔ ✘1")),
        (cleo, 1, "20", ("<b>cleo</b>", 1, "✘1")),
        (cleo, 2, "20", ("<b>cleo</b>", 2, "✔")),
        (ana, 2, "=1+1", ("ana", 2, "✘1")),
        (cleo, 5, "6 * (5 + 12)", ("<b>cleo</b>", 3, "✘1")),
    ]
    waited = []
    for page, number, text, (who, column, mark) in work:
        answer(page, number, text)
        started = time.monotonic()
        teacher.wait_for_function(
            """([who, column, mark]) => {
                 const t = document.querySelector('table.cm-progress-grid');
                 if (!t) return false;
                 for (const r of t.rows) {
                   if (r.cells[0].innerText.trim().toLowerCase() === who)
                     return (r.cells[column] || {}).innerText === mark;
                 }
                 return false; }""",
            arg=[who, column, mark],
            timeout=SHOWN_WITHIN_MS,
        )
        waited.append(time.monotonic() - started)
    rows = grid_rows(teacher)
    assert rows == [
        ["student", "Exercise 1", "Exercise 2", "Exercise 5"],
        ["<b>Cleo</b>", "✘1", "✔", "✘1"],
        ["Ana", "✔", "✘1", "·"],
        ["ben", "✔ ✘1", "·", "·"],
    ]
    summary = teacher.locator(".cm-progress-summary")
    expect(summary).to_contain_text("solved by 2 of 3 (67%)")
    expect(summary).to_contain_text("20: 2 tries")
    teacher.locator(".cm-progress-view").screenshot(path=str(artifacts / "teacher-progress.png"))

    # names hidden for the projector
    teacher.get_by_label("Hide names (projector)").check()
    expect(teacher.locator("table.cm-progress-grid")).to_contain_text("Student 3")
    assert "Ana" not in teacher.locator("table.cm-progress-grid").inner_text()
    teacher.get_by_label("Hide names (projector)").uncheck()

    # eyes on the board: every student's screen is covered, then lifted
    teacher.locator("button.cm-progress-pause").click()
    for page in students.values():
        expect(page.locator(".cm-board-cover")).to_have_text("Eyes on the board", timeout=5_000)
        assert page.locator(".cm-board-cover").bounding_box()["height"] >= 700
    ana.screenshot(path=str(artifacts / "student-covered.png"))
    teacher.locator("button.cm-progress-resume").click()
    for page in students.values():
        expect(page.locator(".cm-board-cover")).to_have_count(0, timeout=5_000)

    # a chosen answer appears on the projector's page without its name
    projector_context = new_context(browser, viewport={"width": 1280, "height": 720})
    projector = projector_context.new_page()
    projector.goto(server.page("projector.ipynb"))
    projector.locator(".cm-projector-board").wait_for(timeout=TIMEOUT)
    teacher.locator(".cm-progress-exercise select").select_option(label="Exercise 5")
    teacher.locator(".cm-progress-answer select").select_option(label="✘ 6 * (5 + 12)")
    teacher.locator("button.cm-progress-show").click()
    shown = projector.locator(".cm-projector-text")
    expect(shown).to_contain_text("6 * (5 + 12)", timeout=5_000)
    expect(projector.locator(".cm-tree svg")).to_have_count(1, timeout=5_000)
    expect(projector.locator(".cm-steps")).to_contain_text("102")
    page_text = projector.locator("body").inner_text()
    for name in ("Ana", "ben", "Cleo"):
        assert name.lower() not in page_text.lower()
    projector.screenshot(path=str(artifacts / "projector.png"))

    # the command line prints the same grid
    done = subprocess.run(
        [sys.executable, "-m", "cardmath", "class", "progress", "--store", server.store_url,
         "--lesson", LESSON],
        capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    printed = [line.split("  ") for line in done.stdout.splitlines()[: len(rows)]]
    printed = [[cell.strip() for cell in line if cell.strip()] for line in printed]
    shown_rows = [[cell if cell else "" for cell in row] for row in rows]
    assert printed == shown_rows

    # a student's page never shows another student's name
    for name, page in students.items():
        words = set(re.findall(r"[\w<>/]+", page.locator("body").inner_text().lower()))
        others = {"ana", "ben", "<b>cleo</b>", "cleo"} - {
            name.lower(),
            "cleo" if "Cleo" in name else "",
        }
        assert not words & others, (name, words & others)
    ana.screenshot(path=str(artifacts / "student-lesson.png"))

    for page in [teacher, projector, *students.values()]:
        page.context.close()
    print("teacher's grid caught up after", [f"{s:.2f}s" for s in waited])
