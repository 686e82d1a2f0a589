"""Homework in the class record: the homework page records each puzzle attempt on the
class server (one name, asked once), and the results page, the CSV, the command line and
the nbgrader export read that record as well as pasted receipts. "Eyes on the board"
covers the homework page and a room's seat page too."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardmath.homework import HomeworkCode, PuzzleWork, Receipt, check_receipts, homework_set
from cardmath.homework.record import homework_lesson, record_receipts, recorded_codes
from cardmath.homework.reports import check_text
from cardmath.progress import ClassRecord, open_record
from tests.waiting import eventually
from widgets.progress import student as student_module
from widgets.progress.student import NOT_SAVED, ClassBar, ClassSession

ROOT = Path(__file__).resolve().parents[1]
CODE = HomeworkCode("sequences", 4, 3, "easy")
LESSON = homework_lesson(CODE)
KEYS = [puzzle.answer_key for puzzle in homework_set(CODE).puzzles]


@pytest.fixture
def record(store_url: str) -> Iterator[ClassRecord]:
    opened = open_record(store_url)
    yield opened
    opened.close()


@pytest.fixture
def session(monkeypatch, tmp_path) -> ClassSession:
    """The class server: this kernel records into a fresh SQLite class store."""
    made = ClassSession(f"sqlite:///{tmp_path}/class.sqlite")
    monkeypatch.setattr(student_module, "_session", made)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    return made


def homework_page(stored: dict | None = None):
    """The homework page of CODE as a browser opens it (what it keeps: ``stored``)."""
    from widgets.homework.page import HomeworkPage

    page = HomeworkPage(code=CODE)
    bar = next((c for c in page.children if isinstance(c, ClassBar)), None)
    if bar is not None:
        bar.keeper.stored = json.dumps(stored or {})
        bar.keeper.page = "/voila/render/homework.ipynb"
        bar.keeper.loaded = True
    return page, bar


# --- the homework page records -------------------------------------------------------


def test_offline_the_homework_page_is_unchanged(monkeypatch) -> None:
    monkeypatch.setattr(student_module, "_session", ClassSession(None))
    page, bar = homework_page()
    assert bar is None and page.class_bar is None
    page.name_box.value = "Ada"
    page.start_button.click()
    page.answer_box.value = KEYS[0]
    page.check_button.click()
    assert page.progress.work[0].solved and page.screen == "puzzle"


def test_the_name_is_asked_once_and_every_puzzle_attempt_is_recorded(session) -> None:
    page, bar = homework_page()
    eventually(lambda: session._threads_started)
    assert bar.form.layout.display == "none"  # one name box: the homework page's
    page.name_box.value = "<b>Ada</b>"
    page.start_button.click()
    assert page.screen == "puzzle"
    assert "Working as <b>&lt;b&gt;Ada&lt;/b&gt;</b>" in bar.message.value
    kept = json.loads(bar.keeper.keep)
    assert kept["name"] == "<b>Ada</b>" and kept["token"]  # the browser keeps it
    page.answer_box.value = "=1+1"
    page.check_button.click()
    page.next_hint()
    page.answer_box.value = KEYS[0]
    page.check_button.click()
    page.next()
    page.answer_box.value = KEYS[1]
    page.check_button.click()
    record = open_record(session.url)
    eventually(lambda: len(record.attempts()) == 3)
    grid = record.grid(LESSON)
    assert grid.to_text().splitlines() == [
        "student     Puzzle 1  Puzzle 2",
        "<b>Ada</b>  ✔ ✘1 ?1   ✔",
    ]
    assert [a.answer for a in record.attempts(LESSON, "Puzzle 1")] == ["=1+1", KEYS[0]]
    record.close()


def test_a_taken_name_is_refused_and_the_same_browser_carries_on(session) -> None:
    record = open_record(session.url)
    ana = record.register("Ana")
    # another browser: "ana" is taken, the homework does not start under it
    page, _bar = homework_page({})
    eventually(lambda: session._threads_started)
    page.name_box.value = "ana"
    page.start_button.click()
    assert page.screen == "start" and page.progress is None
    assert "already taken in this class" in page.start_message.value
    page.name_box.value = "x" * 45
    page.start_button.click()
    assert "at most 40 characters" in page.start_message.value
    # the browser Ana used before: her name is offered, and her answers are hers
    again = ClassSession(session.url)
    student_module._session = again
    page, bar = homework_page({"name": "Ana", "token": ana.token})
    eventually(lambda: page.name_box.value == "Ana")
    page.start_button.click()
    assert page.screen == "puzzle" and "Working as <b>Ana</b>" in bar.message.value
    page.answer_box.value = KEYS[0]
    page.check_button.click()
    eventually(lambda: len(record.attempts(LESSON)) == 1)
    assert record.attempts(LESSON)[0].name == "Ana"
    # the next student on that computer types their own name: recorded as theirs
    page.start_afresh()
    page.name_box.value = "Ben"
    page.start_button.click()
    page.answer_box.value = "0"
    page.check_button.click()
    eventually(lambda: len(record.attempts(LESSON)) == 2)
    assert [a.name for a in record.attempts(LESSON)] == ["Ana", "Ben"]
    record.close()


def test_work_kept_by_the_browser_is_recorded_under_its_name(session) -> None:
    from cardmath.homework import Progress

    kept = Progress.start(CODE, "Cleo").receipt().to_text()
    page, _bar = homework_page({})
    page.store.stored = {"key": page.store.key, "value": {"receipt": kept, "number": 1}}
    assert page.screen == "puzzle" and page.progress.name == "Cleo"
    eventually(lambda: session._threads_started)
    page.answer_box.value = KEYS[0]
    page.check_button.click()
    record = open_record(session.url)
    eventually(lambda: len(record.attempts()) == 1)
    assert record.attempts()[0].name == "Cleo"
    record.close()


def test_an_unreachable_store_says_so_once_and_the_homework_goes_on(monkeypatch) -> None:
    broken = ClassSession("postgresql://nobody@/nothing?host=/nonexistent-folder")
    monkeypatch.setattr(student_module, "_session", broken)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    page, bar = homework_page()
    eventually(lambda: NOT_SAVED in bar.message.value)
    page.name_box.value = "Ada"
    page.start_button.click()
    assert page.screen == "puzzle"
    page.answer_box.value = KEYS[0]
    page.check_button.click()
    assert page.progress.work[0].solved and "✔" in page.feedback.value
    assert bar.message.value.count(NOT_SAVED) == 1


def test_on_a_hub_the_hub_user_is_recorded(session, monkeypatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    page, bar = homework_page()
    eventually(lambda: page.name_box.value == "ana")
    assert "Working as <b>ana</b>" in bar.message.value
    page.name_box.value = "Ana L."  # the receipt's name; the record keeps the hub's
    page.start_button.click()
    page.answer_box.value = KEYS[0]
    page.check_button.click()
    record = open_record(session.url)
    eventually(lambda: len(record.attempts()) == 1)
    assert record.attempts()[0].name == "ana"
    record.close()


# --- "Eyes on the board" on every student page ----------------------------------------


def test_eyes_on_the_board_covers_the_homework_page_and_a_rooms_seat(session) -> None:
    from widgets.rooms.connection import class_store
    from widgets.rooms.seat import RoomSeat

    _page, bar = homework_page()
    store = class_store(session.url)  # the one store every page of a kernel opens
    seat = RoomSeat(store)
    assert seat.board is not None and seat.board in seat.children
    record = open_record(session.url)
    record.pause("Pens down")
    eventually(lambda: bar.keeper.cover == "Pens down" and seat.board.cover == "Pens down", 5)
    record.resume_class()
    eventually(lambda: bar.keeper.cover == "" and seat.board.cover == "", 5)
    seat.stop()
    record.close()


def test_offline_a_seat_has_no_cover(monkeypatch, tmp_path) -> None:
    from cardmath.rooms import open_store
    from widgets.rooms.seat import RoomSeat

    monkeypatch.setattr(student_module, "_session", ClassSession(None))
    store = open_store(f"sqlite:///{tmp_path}/rooms.sqlite")
    seat = RoomSeat(store)
    assert seat.board is None
    seat.stop()
    store.close()


# --- the exports read the record -----------------------------------------------------


def fill(record: ClassRecord) -> None:
    """Ada solves puzzles 1 and 2 (a wrong try, a hint); =Bob's answers are formulas."""
    ada, bob = record.register("Ada"), record.register("=Bob")
    record.record(ada, LESSON, "Puzzle 1", "0", ok=False, hints=1)
    record.record(ada, LESSON, "Puzzle 1", KEYS[0], ok=True, hints=1)
    record.record(ada, LESSON, "Puzzle 2", KEYS[1], ok=True, hints=0)
    record.record(bob, LESSON, "Puzzle 1", '=HYPERLINK("x")', ok=False, hints=0)
    record.record(bob, LESSON, "Puzzle 3", "@SUM(1)", ok=False, hints=2)
    record.record(ada, "01-navigator", "Exercise 1", "14", ok=True, hints=0)  # not homework


def test_the_record_becomes_checked_receipts(record: ClassRecord) -> None:
    fill(record)
    assert recorded_codes(record) == [CODE]
    receipts = {r.name: r for r in record_receipts(record, CODE)}
    assert set(receipts) == {"Ada", "=Bob"}
    assert receipts["Ada"].work[0] == PuzzleWork(KEYS[0], True, 1, 2)
    assert receipts["Ada"].work[2] == PuzzleWork()
    results = check_receipts([], code=CODE, record=record)
    rows = {r.name: r for r in results.counted}
    assert (rows["Ada"].solved_count, rows["Ada"].hints_used) == (2, 1)
    assert rows["=Bob"].solved_count == 0 and rows["=Bob"].source == "class record"
    assert not results.flagged
    # with no code and nothing pasted, the homework last worked on is the one shown
    assert check_receipts("", record=record).code == CODE
    assert "(2 from the class record)" in check_text(results)


def test_a_false_claim_in_the_record_is_not_believed(record: ClassRecord) -> None:
    # the record keeps what the page said; the results check every answer again
    ada = record.register("Ada")
    record.record(ada, LESSON, "Puzzle 1", "0", ok=True, hints=0)
    [checked] = check_receipts([], code=CODE, record=record).receipts
    assert checked.solved_count == 0


def test_pasted_receipts_and_the_record_make_one_class_table(record: ClassRecord) -> None:
    fill(record)
    homework = homework_set(CODE)
    work = tuple(PuzzleWork(key, True) for key in KEYS)
    pasted = Receipt(str(CODE), "Dee", work, homework.fingerprint, handed_in=1).to_text()
    results = check_receipts(pasted, code=CODE, record=record)
    assert sorted(r.name for r in results.counted) == ["=Bob", "Ada", "Dee"]
    table = list(csv.DictReader(io.StringIO(results.to_csv())))
    by_name = {row["name"]: row for row in table}
    assert by_name["Dee"]["source"] == "receipt"
    assert by_name["Ada"]["source"] == "class record" and by_name["Ada"]["p1 solved"] == "1"
    # names and answers typed as formulas are kept as text
    assert by_name["'=Bob"]["p1 answer"] == '\'=HYPERLINK("x")'
    for row in csv.reader(io.StringIO(results.to_csv())):
        for text in row:
            assert not text.lstrip().startswith(("=", "+", "-", "@")), text


def test_the_command_line_reads_the_record(store_url: str, tmp_path: Path) -> None:
    record = open_record(store_url)
    fill(record)
    record.close()
    out = tmp_path / "results.csv"
    command = [sys.executable, "-m", "cardmath", "homework", "check", "--store", store_url]
    done = subprocess.run(
        [*command, "--code", str(CODE), "--csv", str(out)],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "2 counted, 0 flagged, 0 replaced (2 from the class record)" in done.stdout
    assert "Ada" in done.stdout and "(class record)" in done.stdout
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert sorted(row["name"] for row in rows) == ["'=Bob", "Ada"]
    nothing = subprocess.run(
        [sys.executable, "-m", "cardmath", "homework", "check"],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert nothing.returncode != 0 and "--record" in nothing.stderr


def test_the_nbgrader_export_writes_the_records_work_as_submissions(tmp_path: Path) -> None:
    store_url = f"sqlite:///{tmp_path}/class.sqlite"
    record = open_record(store_url)
    fill(record)
    evil = record.register("Eve")
    record.record(evil, LESSON, "Puzzle 2", "__import__('os').system('touch /tmp/x')",
                  ok=False, hints=0)  # fmt: skip
    record.close()
    course = tmp_path / "course"
    done = subprocess.run(
        [sys.executable, "-m", "cardmath", "homework", "export", str(CODE), "--nbgrader",
         "--out", str(course / "source" / "hw1"), "--store", store_url],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "3 submissions from the class record" in done.stdout
    submitted = sorted(p.relative_to(course).as_posix() for p in course.rglob("*.ipynb"))
    assert submitted == [
        "source/hw1/homework.ipynb",
        "submitted/ada/hw1/homework.ipynb",
        "submitted/bob/hw1/homework.ipynb",
        "submitted/eve/hw1/homework.ipynb",
    ]
    students = list(csv.reader(io.StringIO((course / "students.csv").read_text())))
    assert students[0] == ["id", "first_name", "last_name", "email"]
    assert ["bob", "'=Bob", "", ""] in students

    def answers(student: str) -> dict[str, str]:
        notebook = json.loads(
            (course / "submitted" / student / "hw1" / "homework.ipynb").read_text()
        )
        return {
            cell["metadata"]["nbgrader"]["grade_id"]: cell["source"]
            for cell in notebook["cells"]
            if cell["metadata"]["nbgrader"].get("solution")
        }

    ada = answers("ada")
    assert ada["answer-1"] == f"answer_1 = {KEYS[0]}"
    assert ada["answer-3"].startswith("# YOUR CODE HERE")
    # a student's text is a string literal in the notebook, never code that runs
    eve = answers("eve")["answer-2"]
    assert eve == "answer_2 = \"__import__('os').system('touch /tmp/x')\""
    namespace: dict[str, object] = {}
    exec(compile(eve, "answer", "exec"), namespace)  # what nbgrader's kernel would run
    assert namespace["answer_2"] == "__import__('os').system('touch /tmp/x')"


@pytest.mark.slow
def test_nbgrader_grades_a_submission_from_the_record(tmp_path: Path) -> None:
    import os
    import shutil

    nbgrader = shutil.which("nbgrader", path=str(Path(sys.executable).parent))
    assert nbgrader, "nbgrader is pinned in requirements-dev.txt"
    store_url = f"sqlite:///{tmp_path}/class.sqlite"
    record = open_record(store_url)
    fill(record)
    record.close()
    course = tmp_path / "course"
    subprocess.run(
        [sys.executable, "-m", "cardmath", "homework", "export", str(CODE), "--nbgrader",
         "--out", str(course / "source" / "hw1"), "--store", store_url],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=True,
    )  # fmt: skip
    env = {
        **os.environ,
        "PATH": f"{Path(nbgrader).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": str(ROOT),
    }

    def validate(student: str) -> str:
        notebook = course / "submitted" / student / "hw1" / "homework.ipynb"
        return subprocess.run(
            [nbgrader, "validate", str(notebook)],
            capture_output=True, text=True, cwd=course, timeout=300, env=env,
        ).stdout  # fmt: skip

    # Ada solved puzzles 1 and 2 and left 3; Bob's formulas are wrong answers, not code
    ada = validate("ada")
    assert "VALIDATION FAILED ON 1 CELL(S)" in ada and "assert_solved(CODE, 3, answer_3)" in ada
    bob = validate("bob")
    assert "VALIDATION FAILED ON 3 CELL(S)" in bob
    assert "AssertionError: Puzzle 1: Type a whole number" in bob
    assert "AssertionError: Puzzle 3: Type a whole number" in bob


# --- the results page ----------------------------------------------------------------


def test_the_results_page_reads_the_record_behind_the_teachers_code(
    session, monkeypatch, tmp_path
) -> None:
    from widgets.homework.results import HomeworkResults, results_page
    from widgets.progress.teacher import TEACHER_CODE_VARIABLE, TeacherGate

    record = open_record(session.url)
    fill(record)
    monkeypatch.setenv("CARDMATH_ROOMS", session.url)
    monkeypatch.setenv(TEACHER_CODE_VARIABLE, "t-9x")
    gate = results_page(f"code={CODE}")
    assert isinstance(gate, TeacherGate) and not gate.opened
    assert "Ada" not in str(gate.children)
    gate.code_box.value = "t-9x"
    gate.unlock()
    page = gate.children[0]
    assert isinstance(page, HomeworkResults)
    # no pasting: the class record's work is there at once
    assert "2 counted" in page.message.value and "from the class record" in page.message.value
    assert "Ada" in page.table.value and "&#x27;=Bob" not in page.table.value
    assert "=Bob" in page.table.value
    assert "source" in page.results.to_csv().splitlines()[0]
    record.close()
    # Binder, offline: the page reads pasted receipts, as before, with no code asked
    monkeypatch.delenv("CARDMATH_ROOMS")
    monkeypatch.delenv("CARDMATH_CLASS_URL", raising=False)
    assert isinstance(results_page(f"code={CODE}"), HomeworkResults)


def test_on_a_hub_the_results_page_is_for_the_teachers_group_only(monkeypatch) -> None:
    from widgets.homework.results import HomeworkResults, results_page
    from widgets.progress.teacher import HubTeacherGate
    from widgets.rooms import connection

    class Hub:
        dialect = "service"

        def __init__(self, name: str, teacher: bool) -> None:
            self.me = {"name": name, "teacher": teacher}

        def whoami(self) -> dict[str, object]:
            return self.me

    monkeypatch.setenv("CARDMATH_ROOMS", "service")
    monkeypatch.setattr(connection, "class_store", lambda url=None: Hub("ada", False))
    refused = results_page(f"code={CODE}")
    assert isinstance(refused, HubTeacherGate) and not refused.opened
    assert "not in its teachers group" in refused.message.value
    assert not any(isinstance(child, HomeworkResults) for child in refused.children)
    monkeypatch.setattr(connection, "class_store", lambda url=None: Hub("teacher", True))
    opened = results_page(f"code={CODE}")
    assert opened.opened and isinstance(opened.children[-1], HomeworkResults)


def test_the_teachers_guide_shows_the_grid() -> None:
    guide = (ROOT / "docs" / "teacher.md").read_text()
    for image in ("teacher-progress.png", "teacher-homework-progress.png"):
        assert f"](images/{image})" in guide
        data = (ROOT / "docs" / "images" / image).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 10_000
