"""The class record's widgets, without a browser: the student's bar and recording."""

from __future__ import annotations

import json

import pytest

from cardmath.exercises import number_exercise
from cardmath.progress import open_record
from tests.waiting import eventually
from widgets.components.exercise import ExerciseWidget
from widgets.progress import student as student_module
from widgets.progress.student import NOT_SAVED, ClassSession


@pytest.fixture
def session(monkeypatch, tmp_path) -> ClassSession:
    url = f"sqlite:///{tmp_path}/class.sqlite"
    made = ClassSession(url)
    monkeypatch.setattr(student_module, "_session", made)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    return made


def exercise(title: str) -> ExerciseWidget:
    item = number_exercise("What is 2 + 3 × 4?", "2 + 3 * 4", hints=["× comes first"])
    return ExerciseWidget(item, title=title)


def open_page(box: ExerciseWidget, stored: dict | None = None) -> None:
    keeper = box.children[1].keeper
    keeper.stored = json.dumps(stored or {})
    keeper.page = "/voila/render/01-navigator.ipynb"
    keeper.loaded = True


def test_offline_an_exercise_is_unchanged(monkeypatch) -> None:
    monkeypatch.setattr(student_module, "_session", ClassSession(None))
    box = exercise("Exercise 1")
    assert len(box.children) == 5  # theme, question, controls, feedback, hints
    box.answer.value = "14"
    assert box.check().ok


def test_a_student_names_themselves_once_and_every_check_is_recorded(session) -> None:
    first, second = exercise("Exercise 1"), exercise("Exercise 2")
    assert len(first.children) == 6 and len(second.children) == 5  # one bar per page
    bar = first.children[1]
    open_page(first)
    eventually(lambda: bar.form.layout.display == "flex")
    bar.name_box.value = ""
    bar.start()
    assert "type your name" in bar.message.value
    bar.name_box.value = "<b>Ana</b>"
    bar.start()
    assert "Working as <b>&lt;b&gt;Ana&lt;/b&gt;</b>" in bar.message.value
    kept = json.loads(bar.keeper.keep)
    assert kept["name"] == "<b>Ana</b>" and kept["token"]
    first.answer.value = "20"
    first.check()
    first.next_hint()
    first.answer.value = "14"
    first.check()
    record = open_record(session.url)
    eventually(lambda: len(record.attempts()) == 2)
    grid = record.grid("01-navigator")
    assert grid.cell("<b>Ana</b>", ("01-navigator", "Exercise 1")).mark() == "✔ ✘1 ?1"
    # a reload (a new kernel) on the same browser carries on as Ana without asking
    record.close()


def test_the_same_browser_comes_back_and_another_cannot(session, monkeypatch, tmp_path) -> None:
    record = open_record(session.url)
    ana = record.register("Ana")
    box = exercise("Exercise 1")
    open_page(box, {"name": "Ana", "token": ana.token})
    eventually(lambda: "Working as <b>Ana</b>" in box.children[1].message.value)
    # the same browser typing the name again is let back in ("is this you?")
    again = ClassSession(session.url)
    monkeypatch.setattr(student_module, "_session", again)
    same = exercise("Exercise 1")
    same_bar = same.children[1]
    same_bar.keeper.stored = json.dumps({"name": "Ana", "token": ana.token})
    same_bar.name_box.value = "ANA"
    same_bar.start()
    assert "Working as <b>Ana</b>" in same_bar.message.value
    other = ClassSession(session.url)
    monkeypatch.setattr(student_module, "_session", other)
    stranger = exercise("Exercise 1")
    open_page(stranger, {"name": "Ana", "token": "not hers"})
    bar = stranger.children[1]
    eventually(lambda: bar.form.layout.display == "flex")
    bar.name_box.value = "ana"
    bar.start()
    assert "already taken in this class" in bar.message.value
    record.close()


def test_the_board_covers_the_page_and_lifts(session) -> None:
    box = exercise("Exercise 1")
    open_page(box)
    bar = box.children[1]
    eventually(lambda: bar.form.layout.display == "flex")
    bar.name_box.value = "Ben"
    bar.start()
    record = open_record(session.url)
    record.pause("Pens down")
    eventually(lambda: bar.keeper.cover == "Pens down", 5)
    record.resume_class()
    eventually(lambda: bar.keeper.cover == "", 5)
    record.close()


def test_an_unreachable_store_says_so_once_and_the_lesson_goes_on(monkeypatch) -> None:
    broken = ClassSession("postgresql://nobody@/nothing?host=/nonexistent-folder")
    monkeypatch.setattr(student_module, "_session", broken)
    box = exercise("Exercise 1")
    open_page(box)
    bar = box.children[1]
    eventually(lambda: NOT_SAVED in bar.message.value)
    box.answer.value = "14"
    assert box.check().ok and "✔" in box.feedback.value


def test_the_progress_view_and_the_projector(tmp_path) -> None:
    from widgets.progress.projector import ProjectorBoard
    from widgets.progress.teacher import ProgressView

    record = open_record(f"sqlite:///{tmp_path}/class.sqlite")
    ana, ben = record.register("<i>Ana</i>"), record.register("Ben")
    view = ProgressView(record, watch=False)
    board = ProjectorBoard(record, watch=False)
    assert "Ben" in view.grid.value  # registered, nothing tried yet
    record.record(ana, "01-navigator", "Exercise 5", "11 - 7 * 8", ok=False, hints=0)
    record.record(ben, "01-navigator", "Exercise 5", "11 - 7 * 8", ok=False, hints=1)
    record.record(ben, "01-navigator", "Exercise 5", "(11 - 7) * 8", ok=True, hints=1)
    view.refresh()
    assert "&lt;i&gt;Ana&lt;/i&gt;" in view.grid.value and "<i>Ana" not in view.grid.value
    assert "✔ ✘1 ?1" in view.grid.value
    view.hide_names.value = True
    assert "Ana" not in view.grid.value and "Student 1" in view.grid.value
    assert "solved by 1 of 2 (50%)" in view.summary.value
    assert "<code>11 - 7 * 8</code>: 2 tries" in view.summary.value
    view.answer.value = next(v for label, v in view.answer.options if "✘" in label)
    view.show_chosen()
    board.refresh()
    assert "11 - 7 * 8" in board.answer.value and "Ana" not in board.answer.value
    assert board.explanation.tree.value.startswith("<svg") or "<svg" in board.explanation.tree.value
    assert "-45" in board.explanation.steps_html.value
    view.pause()
    assert record.paused() == "Eyes on the board" and "covered" in view.board_state.value
    view.resume()
    assert record.paused() is None
    record.close()


def test_the_teacher_page_needs_the_teachers_code(tmp_path) -> None:
    import ipywidgets as w

    from widgets.progress.teacher import TeacherGate

    gate = TeacherGate(lambda: w.HTML("inside"), code="t-9x")
    assert not gate.opened
    gate.code_box.value = "class-code"
    gate.unlock()
    assert not gate.opened and "not the teacher" in gate.message.value
    gate.code_box.value = "t-9x"
    gate.unlock()
    assert gate.opened and gate.children[0].value == "inside"
    assert TeacherGate(lambda: w.HTML("x"), code="").opened


def test_on_a_hub_the_teachers_group_opens_the_teachers_page_and_nobody_else() -> None:
    import ipywidgets as w

    from cardmath.service import ServiceUnavailable
    from widgets.progress.teacher import HubTeacherGate

    class Hub:
        dialect = "service"

        def __init__(self, name: str, teacher: bool) -> None:
            self.me = {"name": name, "teacher": teacher}

        def whoami(self) -> dict[str, object]:
            if not self.me["name"]:
                raise ServiceUnavailable("the class service did not answer")
            return self.me

    gate = HubTeacherGate(Hub("teacher", True), lambda: w.HTML("inside"))
    assert gate.opened and gate.children[-1].value == "inside"
    assert "teacher" in gate.message.value and "code" not in gate.message.value
    refused = HubTeacherGate(Hub("ada", False), lambda: w.HTML("inside"))
    assert not refused.opened and "inside" not in [
        getattr(c, "value", "") for c in refused.children
    ]
    assert "not in its teachers group" in refused.message.value and "ada" in refused.message.value
    away = HubTeacherGate(Hub("", False), lambda: w.HTML("inside"))
    assert not away.opened and "cannot be reached" in away.message.value


def test_homework_on_the_class_server_reaches_the_record(session) -> None:
    from cardmath.homework import HomeworkCode, homework_set
    from widgets.homework.page import HomeworkPage

    code = HomeworkCode("sequences", 4, 2, "easy")
    page = HomeworkPage(code=code)
    bar = next(child for child in page.children if isinstance(child, student_module.ClassBar))
    bar.keeper.stored, bar.keeper.page = "{}", "/voila/render/homework.ipynb"
    bar.keeper.loaded = True
    eventually(lambda: session._threads_started)
    assert bar.form.layout.display == "none"  # the homework page asks the name itself
    page.name_box.value = "Ada"
    page.start_button.click()
    assert "Working as <b>Ada</b>" in bar.message.value
    page.answer_box.value = "not a number"
    page.check_button.click()
    page.answer_box.value = homework_set(code).puzzle(1).answer_key
    page.check_button.click()
    record = open_record(session.url)
    eventually(lambda: len(record.attempts()) == 2)
    grid = record.grid(f"homework {code}")
    assert grid.cell("Ada", (f"homework {code}", "Puzzle 1")).mark() == "✔ ✘1"
    record.close()


def test_on_a_hub_the_hub_user_name_is_used_and_nothing_is_asked(session, monkeypatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    box = exercise("Exercise 1")
    open_page(box)
    bar = box.children[1]
    eventually(lambda: "Working as <b>ana</b>" in bar.message.value)
    assert bar.form.layout.display == "none"
    box.answer.value = "14"
    box.check()
    record = open_record(session.url)
    eventually(lambda: len(record.attempts()) == 1)
    assert record.attempts()[0].name == "ana"
    record.close()
