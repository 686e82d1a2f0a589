"""The teacher's Progress view (``lessons/teacher.ipynb``) and the page's teacher code.

:class:`ProgressView` shows the class record live (it reads the record again within
:data:`POLL_SECONDS` of any change): the grid of students × exercises (``✔`` solved,
``✘n`` wrong tries, ``?n`` hints, ``·`` not tried), names hidden at a click for the
projector; for a chosen exercise the share solved and the most common wrong answers with
their counts; any answer put on the projector's page (``projector.ipynb``) without its
name; and "Eyes on the board", which covers every student's lesson page with a message
until *Resume*.

:func:`teacher_page` is what the notebook shows: on the class server the teacher types
the teacher's code (printed only in the teacher's terminal) before the rooms console and
the Progress view appear; the class code alone does not open them. On a JupyterHub (the
store is the class service) no code is asked: the hub group ``teachers`` is the
credential, so the page asks the service who is logged in (:class:`HubTeacherGate`)
and opens for a teacher, and tells anyone else in one sentence that it is not theirs
(the service refuses their console and progress calls anyway).
"""

from __future__ import annotations

import hmac
import os
import threading
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from cardmath.errors import CardMathError
from cardmath.progress.record import ClassRecord, Grid
from cardmath.wording import counted
from widgets.components.button import button
from widgets.components.textbox import TextBox
from widgets.components.theme import Theme, stylesheet

__all__ = [
    "POLL_SECONDS",
    "TEACHER_CODE_VARIABLE",
    "HubTeacherGate",
    "ProgressView",
    "TeacherGate",
    "teacher_page",
]

POLL_SECONDS = 0.5
"""How often the view looks for changes in the record."""

TEACHER_CODE_VARIABLE = "CARDMATH_TEACHER_CODE"
"""The teacher's code, set by the class server for its kernels (never sent to a page)."""

ALL = "(every lesson)"

STYLESHEET = Path(__file__).with_name("progress.css")


def grid_html(grid: Grid, *, anonymous: bool = False) -> str:
    """The grid as an HTML table, every name and label escaped.

    >>> from cardmath.progress.record import grid_of
    >>> html = grid_html(grid_of([], ["<i>Ana</i>"], None))
    >>> "<i>" in html, "&lt;i&gt;Ana&lt;/i&gt;" in html
    (False, True)
    """
    rows = grid.rows(anonymous)
    if len(rows) == 1:
        return '<div class="cm-progress-empty">Nobody has started yet.</div>'
    head = "".join(f'<th scope="col">{escape(text)}</th>' for text in rows[0])
    body = []
    for row in rows[1:]:
        cells = []
        for text in row[1:]:
            tone = (
                "cm-cell-solved" if text.startswith("✔")
                else "cm-cell-none" if text == "·" else "cm-cell-wrong"
            )  # fmt: skip
            cells.append(f'<td class="{tone}">{escape(text)}</td>')
        body.append(f'<tr><th scope="row">{escape(row[0])}</th>{"".join(cells)}</tr>')
    return (
        '<table class="cm-progress-grid"><thead><tr>'
        f"{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        '<div class="cm-progress-legend">✔ solved · ✘n wrong tries · ?n hints used · '
        "· not tried</div>"
    )


class ProgressView(w.VBox):
    """The class's live progress, for the teacher. ``record`` is the class record."""

    def __init__(self, record: ClassRecord, *, watch: bool = True) -> None:
        self.record = record
        self._stop = threading.Event()
        self._seen: Any = None
        heading = w.HTML('<span class="cm-title">Class progress</span>')
        self.lesson = w.Dropdown(options=[ALL], value=ALL, description="Lesson")
        self.lesson.add_class("cm-progress-lesson")
        self.hide_names = w.Checkbox(value=False, description="Hide names (projector)")
        self.hide_names.add_class("cm-progress-anonymous")
        self.grid = w.HTML()
        self.grid.add_class("cm-progress-grid-box")
        self.exercise = w.Dropdown(options=[], description="Exercise")
        self.exercise.add_class("cm-progress-exercise")
        self.summary = w.HTML()
        self.summary.add_class("cm-progress-summary")
        self.answer = w.Dropdown(options=[], description="Answer")
        self.answer.add_class("cm-progress-answer")
        self.show_button = button(
            "Show on the projector", "cm-progress-show", self.show_chosen, style="primary"
        )
        self.clear_button = button("Clear the projector", "cm-progress-clear", self.clear)
        self.board_message = TextBox(label="message", css="cm-progress-message")
        self.board_message.value = "Eyes on the board"
        self.pause_button = button(
            "Eyes on the board", "cm-progress-pause", self.pause, style="warning"
        )
        self.resume_button = button("Resume", "cm-progress-resume", self.resume)
        self.board_state = w.HTML()
        self.board_state.add_class("cm-progress-board")
        self.message = w.HTML()
        self.message.add_class("cm-message")
        for box in (self.lesson, self.exercise, self.answer):
            box.style.description_width = "initial"
        self.lesson.observe(lambda _c: self.refresh(force=True), "value")
        self.hide_names.observe(lambda _c: self.refresh(force=True), "value")
        self.exercise.observe(lambda _c: self._draw_exercise(), "value")
        head = w.HBox([heading, self.lesson, self.hide_names])
        head.add_class("cm-progress-head")
        board = w.HBox([self.board_message, self.pause_button, self.resume_button])
        projector = w.HBox([self.answer, self.show_button, self.clear_button])
        super().__init__(
            [
                Theme(),
                stylesheet(STYLESHEET),
                head,
                self.grid,
                board,
                self.board_state,
                self.exercise,
                self.summary,
                projector,
                self.message,
            ]
        )
        self.add_class("cm-progress-view")
        self._attempts: list[Any] = []
        self.refresh(force=True)
        if watch:
            threading.Thread(target=self._watch, name="progress-view", daemon=True).start()

    # --- reading ---------------------------------------------------------------------

    def _chosen_lesson(self) -> str | None:
        return None if self.lesson.value in (ALL, None) else str(self.lesson.value)

    def refresh(self, *, force: bool = False) -> None:
        """Read the record again (only when it changed, unless ``force``)."""
        version = self.record.version()
        if not force and version == self._seen:
            return
        self._seen = version
        lessons = [ALL, *self.record.lessons()]
        if list(self.lesson.options) != lessons:
            chosen = self.lesson.value
            self.lesson.options = lessons
            self.lesson.value = chosen if chosen in lessons else ALL
        lesson = self._chosen_lesson()
        self._attempts = self.record.attempts(lesson)
        from cardmath.progress.record import grid_of

        grid = grid_of(self._attempts, self.record.students(), lesson)
        self.grid.value = grid_html(grid, anonymous=self.hide_names.value)
        labels = grid.labels()
        options = list(zip(labels, grid.columns, strict=True))
        if list(self.exercise.options) != options:
            chosen = self.exercise.value
            self.exercise.options = options
            if chosen in grid.columns:
                self.exercise.value = chosen
            elif grid.columns:
                self.exercise.value = grid.columns[0]
        paused = self.record.paused()
        self.board_state.value = (
            f'<div class="cm-bad">Students\' screens are covered: “{escape(paused)}”</div>'
            if paused
            else '<div class="cm-good">Students\' screens are open.</div>'
        )
        self._draw_exercise()

    def _draw_exercise(self) -> None:
        from cardmath.progress.record import summary_of

        column = self.exercise.value
        if not column:
            self.summary.value = ""
            self.answer.options = []
            return
        lesson, exercise = column
        attempts = [a for a in self._attempts if (a.lesson, a.exercise) == (lesson, exercise)]
        summary = summary_of(attempts, lesson, exercise)
        wrong = "".join(
            f"<li><code>{escape(text)}</code>: {counted(count, 'try', 'tries')}</li>"
            for text, count, _ in summary.wrong_answers
        )
        self.summary.value = (
            f'<div class="cm-progress-share"><b>{escape(exercise)}</b>: solved by '
            f"{escape(summary.share_solved)}</div>"
            + (
                f'<div class="cm-progress-wrong">Most common wrong answers:<ul>{wrong}</ul></div>'
                if wrong
                else ""
            )
        )
        seen: dict[str, tuple[str, int]] = {}
        for item in attempts:
            text = " ".join(item.answer.split())
            if text not in seen:
                mark = "✔" if item.ok else "✘"
                seen[text] = (f"{mark} {text[:60]}", item.id)
        options = list(seen.values())
        if list(self.answer.options) != options:
            chosen = self.answer.value
            self.answer.options = options
            values = [value for _, value in options]
            self.answer.value = chosen if chosen in values else (values[0] if values else None)

    def _watch(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            try:
                self.refresh()
            except Exception:  # the store is busy or away for a moment: look again
                self._stop.wait(2.0)

    def stop(self) -> None:
        self._stop.set()

    # --- the teacher's actions -------------------------------------------------------

    def _do(self, action: Callable[[], None], done: str) -> None:
        try:
            action()
        except CardMathError as error:
            self.message.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return
        self.message.value = f'<div class="cm-good">✔ {escape(done)}</div>'
        self.refresh(force=True)

    def pause(self) -> None:
        """Cover every student's screen with the message."""
        self._do(lambda: self.record.pause(self.board_message.value), "Screens covered.")

    def resume(self) -> None:
        """Lift the cover."""
        self._do(self.record.resume_class, "Screens open again.")

    def show_chosen(self) -> None:
        """Put the chosen answer on the projector's page, without its name."""
        if self.answer.value is None:
            self.message.value = '<div class="cm-bad">✘ Choose an answer first.</div>'
            return
        chosen = int(self.answer.value)
        self._do(lambda: self.record.show(chosen), "On the projector (without the name).")

    def clear(self) -> None:
        self._do(lambda: self.record.show(None), "The projector's answer is cleared.")


class TeacherGate(w.VBox):
    """Asks for the teacher's code before ``make_page()`` is shown (at once when the
    server set no teacher's code: a teacher's own laptop or hub server)."""

    def __init__(self, make_page: Callable[[], w.Widget], code: str | None = None) -> None:
        self.make_page = make_page
        self.code = os.environ.get(TEACHER_CODE_VARIABLE, "") if code is None else code
        self.code_box = TextBox(placeholder="teacher's code", label="teacher's code",
                                css="cm-teacher-code")  # fmt: skip
        self.code_box.on_submit(lambda _text: self.unlock())
        self.open_button = button("Open", "cm-teacher-open", self.unlock, style="primary")
        self.message = w.HTML(
            "<div>This page is the teacher's: type the <b>teacher's code</b> shown in the "
            "terminal where the class server runs (not the class code).</div>"
        )
        self.form = w.HBox([self.code_box, self.open_button])
        super().__init__([Theme(), self.message, self.form])
        self.add_class("cm-teacher-gate")
        self.opened = False
        if not self.code:
            self._show()

    def unlock(self) -> None:
        """Open the page if the typed code is the teacher's (a sentence otherwise)."""
        typed = self.code_box.value.strip()
        if not hmac.compare_digest(typed.encode(), self.code.encode()):
            self.code_box.value = ""
            self.message.value = (
                '<div class="cm-bad">✘ That is not the teacher\'s code. It is printed in the '
                "terminal where <code>make serve CLASS=...</code> runs.</div>"
            )
            return
        self._show()

    def _show(self) -> None:
        self.opened = True
        self.children = [self.make_page()]


def not_a_teacher(name: str) -> str:
    """The sentence a hub user outside the ``teachers`` group reads on the teacher's page.

    >>> print(not_a_teacher("ada"))
    This page is for teachers. You are logged in to this hub as ada, who is not in its teachers group, so the game rooms and the class's progress do not open here. To play in a room, open room.ipynb and type your table's code.
    """
    from cardmath.service import TEACHERS_GROUP

    return (
        f"This page is for teachers. You are logged in to this hub as {name}, who is not in "
        f"its {TEACHERS_GROUP} group, so the game rooms and the class's progress do not open "
        "here. To play in a room, open room.ipynb and type your table's code."
    )


class HubTeacherGate(w.VBox):
    """The teacher's page on a JupyterHub: no code is asked, the hub group ``teachers``
    is the credential. ``store`` is the class service's store; ``whoami()`` says who this
    server's hub token belongs to. A teacher sees ``make_page()`` at once; anyone else,
    or a service that cannot be reached, gets a sentence instead."""

    def __init__(self, store: Any, make_page: Callable[[], w.Widget]) -> None:
        self.opened = False
        self.name = ""
        self.message = w.HTML()
        self.message.add_class("cm-teacher-hub")
        super().__init__([Theme(), self.message])
        self.add_class("cm-teacher-gate")
        try:
            me = store.whoami()
        except CardMathError as error:
            self._say(
                f"The class service cannot be reached right now ({error}). Reload this page "
                "in a minute."
            )
            return
        self.name = str(me.get("name", ""))
        if not me.get("teacher"):
            self._say(not_a_teacher(self.name))
            self.add_class("cm-teacher-refused")
            return
        self.message.value = f"<div>Teacher on this hub: <b>{escape(self.name)}</b>.</div>"
        self.opened = True
        self.children = [Theme(), self.message, make_page()]

    def _say(self, sentence: str) -> None:
        self.message.value = f'<div class="cm-bad" role="alert">✘ {escape(sentence)}</div>'


def teacher_page(store: Any, query: str | None = None) -> TeacherGate | HubTeacherGate:
    """``lessons/teacher.ipynb``: the rooms console and the Progress view, as tabs. On the
    class server, the server's status (:mod:`widgets.classstatus`) above them, behind the
    teacher's code; on a JupyterHub (``store`` is the class service), for the hub's
    teachers only (:class:`HubTeacherGate`)."""
    on_hub = getattr(store, "dialect", "") == "service"

    def page() -> w.Widget:
        from widgets.rooms.teacher import TeacherConsole

        tabs = w.Tab([TeacherConsole.from_query(store, query), ProgressView(ClassRecord(store))])
        tabs.set_title(0, "Game rooms")
        tabs.set_title(1, "Progress")
        tabs.add_class("cm-teacher-tabs")
        if on_hub:  # the hub's own pages say how its servers are doing
            return tabs
        from widgets.classstatus import class_status_panel

        return w.VBox([class_status_panel(), tabs])

    if on_hub:
        return HubTeacherGate(store, page)
    return TeacherGate(page)
