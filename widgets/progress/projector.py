"""The projector's page (``lessons/projector.ipynb``): the answer the teacher chose,
without its name, with its expression tree and steps.

The page holds no names and no other answers: it reads only the board's chosen answer
(:meth:`cardmath.progress.ClassRecord.shown`), looks again every
:data:`POLL_SECONDS`, and explains it with the lessons' explanation view when it is an
expression the project's parser reads (never ``eval``).
"""

from __future__ import annotations

import threading
from html import escape
from typing import Any

import ipywidgets as w

from cardmath.errors import CardMathError
from cardmath.progress.record import ClassRecord
from widgets.components.explanation import ExplanationView
from widgets.components.theme import Theme, stylesheet
from widgets.progress.teacher import STYLESHEET

__all__ = ["POLL_SECONDS", "ProjectorBoard"]

POLL_SECONDS = 0.5


class ProjectorBoard(w.VBox):
    """The chosen answer, big, for the class to discuss."""

    def __init__(self, record: ClassRecord, *, watch: bool = True) -> None:
        self.record = record
        self._stop = threading.Event()
        self._seen: Any = object()
        self.heading = w.HTML()
        self.heading.add_class("cm-projector-heading")
        self.answer = w.HTML()
        self.answer.add_class("cm-projector-answer")
        self.explanation = ExplanationView()
        super().__init__(
            [Theme(), stylesheet(STYLESHEET), self.heading, self.answer, self.explanation]
        )
        self.add_class("cm-projector-board")
        self.refresh()
        if watch:
            threading.Thread(target=self._watch, name="projector", daemon=True).start()

    def refresh(self) -> None:
        shown = self.record.shown()
        if shown == self._seen:
            return
        self._seen = shown
        if not shown:
            self.heading.value = '<div class="cm-title">Class answers</div>'
            self.answer.value = (
                '<div class="cm-projector-waiting">The teacher will put an answer here.</div>'
            )
            self.explanation.show(None)
            return
        self.heading.value = (
            f'<div class="cm-title">{escape(str(shown.get("exercise", "")))} '
            f'<span class="cm-projector-lesson">({escape(str(shown.get("lesson", "")))})'
            "</span></div>"
        )
        text = str(shown.get("answer", ""))
        verdict = "✔ right" if shown.get("ok") else "✘ not right"
        self.answer.value = (
            f'<div class="cm-projector-text">A student answered: <code>{escape(text)}</code>'
            f' <span class="cm-projector-verdict">{verdict}</span></div>'
        )
        try:
            from cardmath.expr import parse

            self.explanation.show(parse(text), title="How the computer reads it")
        except CardMathError:
            self.explanation.show(None)
        except Exception:  # an answer the explanation cannot draw: the text stays
            self.explanation.show(None)

    def _watch(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            try:
                self.refresh()
            except Exception:
                self._stop.wait(2.0)

    def stop(self) -> None:
        self._stop.set()

    @classmethod
    def for_class(cls) -> ProjectorBoard:
        """The board of this server's class store."""
        from widgets.rooms.connection import class_store

        return cls(ClassRecord(class_store()))
