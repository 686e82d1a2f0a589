"""The exercise widget: a question, an answer box, Check, feedback and hints.

It shows a :class:`cardmath.exercises.Exercise`: the question is visible at once (in
Voilà too, where code is hidden), the box starts empty, Check (or Enter) asks the
exercise's checker, *Hint* gives the next hint, and the reference answer appears only
when the student asks for it after trying. The widget decides nothing itself.

>>> from cardmath.exercises import number_exercise
>>> box = ExerciseWidget(number_exercise("What is 2 + 3 × 4?", "2 + 3 * 4"))
>>> box.answer.value, box.show_button.disabled
('', True)
>>> box.answer.value = "20"; box.check_button.click(); box.solved
False
>>> box.answer.value = "14"; box.check_button.click(); box.solved
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from cardmath.exercises import Exercise, Verdict
from widgets.components.button import button
from widgets.components.textbox import TextBox
from widgets.components.theme import Theme
from widgets.progress.student import class_session, note_attempt

__all__ = ["ExerciseWidget", "exercise_set"]


class ExerciseWidget(w.VBox):
    """One exercise: question, answer box, Check, Hint, feedback, and *Show me* after a
    try. ``title`` is a heading such as "Exercise 1"."""

    def __init__(self, exercise: Exercise, *, title: str = "") -> None:
        self.exercise = exercise
        self.tries = 0
        self.hints_shown = 0
        self.solved = False
        heading = f'<div class="cm-exercise-title">{escape(title)}</div>' if title else ""
        self.question = w.HTMLMath(
            f'{heading}<div class="cm-exercise-question">{exercise.prompt}</div>'
        )
        self.question.add_class("cm-exercise-prompt")
        self.answer = TextBox(
            placeholder=exercise.placeholder, label=title or "answer", css="cm-exercise-answer"
        )
        self.answer.on_submit(lambda _text: self.check())
        self.check_button = button("Check", "cm-exercise-check", self.check, style="primary")
        self.hint_button = button("Hint", "cm-exercise-hint", self.next_hint)
        self.hint_button.disabled = not exercise.hints
        self.show_button = button("Show me the answer", "cm-exercise-show", self.show_answer)
        self.show_button.disabled = True
        self.feedback = w.HTMLMath()
        self.feedback.add_class("cm-feedback")
        self.hints = w.HTMLMath()
        self.hints.add_class("cm-hint")
        controls = w.HBox([self.answer, self.check_button, self.hint_button, self.show_button])
        controls.add_class("cm-exercise-controls")
        self.exercise_id = title or " ".join(exercise.prompt.split())[:60]
        # the class bar (name, board cover) rides on a page's first exercise, when the
        # class record is on (class server, hub); on Binder or offline it is absent
        bar = class_session().bar()
        # the stylesheet travels with the widget: a lesson shows exercises without a dashboard
        top = [Theme()] if bar is None else [Theme(), bar]
        super().__init__([*top, self.question, controls, self.feedback, self.hints])
        self.add_class("cm-exercise")

    def check(self) -> Verdict:
        """Check what is in the box; show the verdict."""
        verdict = self.exercise.check(self.answer.value)
        self.tries += 1
        self.solved = self.solved or verdict.ok
        tone = "cm-good" if verdict.ok else "cm-bad"
        mark = "✔" if verdict.ok else "✘"
        self.feedback.value = f'<div class="{tone}">{mark} {escape(verdict.message)}</div>'
        self.show_button.disabled = verdict.ok
        note_attempt(self.exercise_id, str(self.answer.value), verdict.ok, self.hints_shown)
        return verdict

    def next_hint(self) -> None:
        """Show one more hint (easiest first)."""
        if self.hints_shown >= len(self.exercise.hints):
            return
        self.hints_shown += 1
        shown = self.exercise.hints[: self.hints_shown]
        self.hints.value = "".join(
            f"<div><b>Hint {i}.</b> {escape(text)}</div>" for i, text in enumerate(shown, 1)
        )
        self.hint_button.disabled = self.hints_shown >= len(self.exercise.hints)
        self.show_button.disabled = self.solved

    def show_answer(self) -> None:
        """Show the reference answer (only offered after a try or a hint)."""
        if self.tries == 0 and self.hints_shown == 0:
            return
        self.feedback.value = (
            f'<div class="cm-progress">One answer is <b>{escape(self.exercise.answer)}</b>. '
            "Can you see why?</div>"
        )


def exercise_set(exercises: list[Exercise], *, first: int = 1) -> w.VBox:
    """Several exercises, numbered from ``first``."""
    box = w.VBox(
        [ExerciseWidget(item, title=f"Exercise {first + i}") for i, item in enumerate(exercises)]
    )
    box.add_class("cm-exercise-set")
    return box
