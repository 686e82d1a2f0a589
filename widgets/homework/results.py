"""The teacher's results page: receipts in (pasted or uploaded), the class table out.

``lessons/homework-results.ipynb?code=NAV-2481-8M-2`` opens it. Every receipt is checked
again by the engine (:func:`cardmath.homework.checking.check_receipts`): the table shows
the counted ones, the flagged ones with their reasons (never counted), charts per
puzzle, and a CSV to download. The answer key is one press away.

On the class server or a hub (a class store is configured) the page also reads the
homework done there from the class record, with no pasting, and so it is the teacher's:
:func:`results_page` asks for the teacher's code first, as ``teacher.ipynb`` does.

>>> from cardmath.homework import HomeworkCode, PuzzleWork, Receipt, homework_set
>>> homework = homework_set(HomeworkCode("sum15", 5, 2, "easy"))
>>> good = Receipt(str(homework.code), "Ada", tuple(PuzzleWork(p.answer_key, True) for p in homework.puzzles), homework.fingerprint)
>>> page = HomeworkResults(code=homework.code)
>>> page.paste.value = good.to_text() + "\\ncmhw1:broken:00000000"
>>> page.check_button.click()
>>> len(page.results.counted), len(page.results.flagged), "Ada" in page.table.value
(1, 1, True)
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from cardmath.errors import CardMathError
from cardmath.homework.checking import ClassResults, check_receipts
from cardmath.homework.codes import HomeworkCode, read_code
from cardmath.wording import counted
from widgets.components.button import button
from widgets.components.textbox import TextBox
from widgets.components.theme import Theme, apply_theme, default_theme, stylesheet
from widgets.frame.query import query_string
from widgets.homework.page import download_link
from widgets.homework.query import read_homework_query

__all__ = ["HomeworkResults", "results_page", "results_table_html"]

STYLESHEET = Path(__file__).with_name("homework.css")
MAX_UPLOAD = 5_000_000


def results_table_html(results: ClassResults) -> str:
    """The class table: a row per counted receipt, a cell per puzzle (✔ solved, or the
    distance of the answer, and the hints used), then the per-puzzle totals."""
    code = results.code
    if code is None:
        return ""
    numbers = range(1, code.count + 1)
    head = "".join(f'<th scope="col">P{n}</th>' for n in numbers)
    rows = []
    for receipt in results.counted:
        cells = []
        for puzzle in receipt.puzzles:
            if puzzle.solved:
                mark = "✔ solved"
            elif puzzle.answer.strip():
                mark = "✘" if puzzle.distance is None else f"✘ {puzzle.distance} off"
            else:
                mark = "— none"
            hints = f"<br><small>{counted(puzzle.hints, 'hint')}</small>" if puzzle.hints else ""
            cells.append(f'<td title="{escape(puzzle.message)}">{mark}{hints}</td>')
        rows.append(
            f'<tr><th scope="row" class="cm-homework-name">{escape(receipt.name)}</th>'
            f"<td>{receipt.solved_count}/{code.count}</td><td>{receipt.hints_used}</td>"
            f"<td>{escape(receipt.when)}</td>{''.join(cells)}</tr>"
        )
    summary = results.summary()
    solved = "".join(f"<td>{row.solved}/{row.students}</td>" for row in summary)
    rows.append(
        f'<tr><th scope="row" class="cm-homework-name">Solved by</th><td></td><td></td><td></td>{solved}</tr>'
    )
    return (
        "<table><caption>Counted receipts (checked again by the engine)</caption><thead><tr>"
        '<th scope="col" class="cm-homework-name">Name</th><th scope="col">Solved</th>'
        f'<th scope="col">Hints</th><th scope="col">Handed in</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


class HomeworkResults(w.VBox):
    """Paste or upload receipts, check them, see the class."""

    def __init__(
        self,
        *,
        code: HomeworkCode | None = None,
        theme: str | None = None,
        messages: tuple[str, ...] = (),
        record: Any = None,
    ) -> None:
        self.results: ClassResults | None = None
        self.record = record
        """The class record (:mod:`cardmath.progress`) read with the receipts, or ``None``."""
        title = w.HTML("Homework results")
        title.add_class("cm-title")
        header = w.HBox([title])
        header.add_class("cm-header")
        notes = w.HTML(
            "".join(f'<div class="cm-url-note">⚠ {escape(line)}</div>' for line in messages)
        )
        notes.add_class("cm-page-message")
        self.code_box = TextBox(
            value=str(code) if code else "",
            placeholder="homework code (blank: the one most receipts are for)",
            label="homework code",
            css="cm-homework-code-box",
        )
        self.paste = w.Textarea(
            placeholder="paste the students' receipts here (cmhw1:…), as many as you like",
            layout=w.Layout(width="100%"),
        )
        self.paste.add_class("cm-homework-paste")
        self.upload = w.FileUpload(
            accept=".txt,text/plain", multiple=True, description="Receipt files"
        )
        self.upload.add_class("cm-homework-upload")
        self.check_button = button(
            "Check the receipts", "cm-homework-check-receipts", self.check, style="primary"
        )
        self.key_button = button("Show the answers", "cm-homework-key", self.show_key)
        self.message = w.HTML()
        self.message.add_class("cm-feedback")
        self.table = w.HTML()
        self.table.add_class("cm-homework-table")
        self.flagged = w.HTML()
        self.flagged.add_class("cm-homework-flagged")
        self.charts = w.HTML()
        self.charts.add_class("cm-homework-charts")
        self.csv_link = w.HTML()
        self.answers = w.HTML()
        self.answers.add_class("cm-homework-answers")
        intro = w.HTML(
            "Every answer in every receipt is checked again by the engine. A receipt that was "
            "edited or damaged, is for another homework, or claims an answer the engine does not "
            "accept is <b>flagged and not counted</b>."
        )
        intro.add_class("cm-homework-note")
        if record is not None:
            intro.value += (
                " Homework done on this class server is read from the class record, with no "
                "pasting (<b>Check</b> reads it again); paste only receipts from elsewhere."
            )
        controls = w.HBox([self.code_box, self.upload, self.check_button, self.key_button])
        controls.add_class("cm-controls")
        controls.add_class("cm-homework-form")
        super().__init__(
            [
                Theme(),
                stylesheet(STYLESHEET),
                header,
                notes,
                intro,
                self.paste,
                controls,
                self.message,
                self.table,
                self.flagged,
                self.charts,
                self.csv_link,
                self.answers,
            ]
        )
        self.add_class("cm-homework")
        apply_theme(self, theme or default_theme())
        if record is not None and code is not None:
            self.check()

    @classmethod
    def from_query(cls, query: str | None = None, *, record: Any = None) -> HomeworkResults:
        page = read_homework_query(query_string() if query is None else query)
        return cls(code=page.code, theme=page.theme, messages=page.messages, record=record)

    def _texts(self) -> list[str]:
        texts = [self.paste.value]
        for item in self.upload.value or ():
            content: Any = (
                item.get("content", b"")
                if isinstance(item, dict)
                else getattr(item, "content", b"")
            )
            texts.append(bytes(content[:MAX_UPLOAD]).decode("utf-8", errors="replace"))
        return texts

    def _code(self) -> HomeworkCode | None:
        text = self.code_box.value.strip()
        return read_code(text) if text else None

    def check(self) -> None:
        """Check every receipt pasted and uploaded; draw the class."""
        try:
            code = self._code()
            results = check_receipts(self._texts(), code=code, record=self.record)
        except CardMathError as error:
            self.message.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return
        except Exception:  # the class record cannot be read just now: the receipts can
            results = check_receipts(self._texts(), code=code)
        self.results = results
        if results.code is None or not results.receipts:
            where = " (and nobody has worked on it on this class server)" if self.record else ""
            self.message.value = (
                f'<div class="cm-bad">✘ No receipts found{where}: a receipt starts with '
                "cmhw1:</div>"
            )
            self.table.value = self.flagged.value = self.charts.value = self.csv_link.value = ""
            return
        if not self.code_box.value.strip():
            self.code_box.value = str(results.code)
        recorded = sum(receipt.source == "class record" for receipt in results.receipts)
        self.message.value = (
            f'<div class="cm-good">✔ Homework {escape(str(results.code))}: {len(results.counted)} '
            f"counted, {len(results.flagged)} flagged, {len(results.replaced)} replaced by a later receipt"
            + (f" ({recorded} from the class record)" if recorded else "")
            + ".</div>"
        )
        self.table.value = results_table_html(results)
        self.flagged.value = self._flagged_html(results)
        if results.counted:
            from widgets.homework.charts import results_chart_svg

            chart = results_chart_svg(results.summary())
            self.charts.value = (
                f'<figure role="img" aria-label="Per puzzle: students who solved it, mean distance '
                "of the answers (a puzzle nobody answered is left out, not drawn as 0), hints "
                f'used (the same numbers as the table)">{chart}</figure>'
            )
        else:
            self.charts.value = ""
        self.csv_link.value = download_link(
            results.to_csv(),
            f"homework-{results.code}.csv",
            "⬇ Download the class table (CSV)",
            "cm-homework-download",
        )

    @staticmethod
    def _flagged_html(results: ClassResults) -> str:
        parts = []
        if results.flagged:
            items = "".join(
                f"<li><b>{escape(receipt.name)}</b>: {escape('; '.join(receipt.flags))}</li>"
                for receipt in results.flagged
            )
            parts.append(f'<div class="cm-bad"><b>⚠ Flagged, not counted</b><ul>{items}</ul></div>')
        if results.replaced:
            items = "".join(
                f"<li>{escape(receipt.name)} ({escape(receipt.when) or 'no time'})</li>"
                for receipt in results.replaced
            )
            parts.append(
                f"<div><b>Replaced by a later receipt from the same name</b><ul>{items}</ul></div>"
            )
        noted = [receipt for receipt in results.counted if receipt.notes]
        if noted:
            items = "".join(
                f"<li><b>{escape(receipt.name)}</b>: {escape('; '.join(receipt.notes))}</li>"
                for receipt in noted
            )
            parts.append(
                '<div class="cm-bad cm-homework-to-check"><b>⚠ Counted, but check with the '
                f"student: a later receipt replaced an earlier one</b><ul>{items}</ul></div>"
            )
        return "".join(parts)

    def show_key(self) -> None:
        """The answer key of the homework (the teacher's only)."""
        from cardmath.homework.reports import answers_text

        try:
            code = self._code()
        except CardMathError as error:
            self.message.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return
        if code is None:
            self.message.value = '<div class="cm-bad">✘ Type the homework code first.</div>'
            return
        self.answers.value = escape(answers_text(code))


def results_page(query: str | None = None) -> w.Widget:
    """``lessons/homework-results.ipynb``: the results page, reading the class record too
    when a class store is configured, and then behind the teacher's code (on a JupyterHub,
    for the hub's teachers group only)."""
    from cardmath.progress import configured_url
    from cardmath.service import is_service_url

    url = configured_url()
    if url is None:  # Binder, offline, JupyterLite: receipts only
        return HomeworkResults.from_query(query)
    from widgets.progress.teacher import HubTeacherGate, TeacherGate
    from widgets.rooms.connection import class_store

    def page() -> w.Widget:
        record: Any = None
        try:
            from cardmath.progress.record import ClassRecord

            record = ClassRecord(class_store(url))
        except Exception:  # unreachable: the page still checks pasted receipts
            record = None
        return HomeworkResults.from_query(query, record=record)

    if is_service_url(url):
        return HubTeacherGate(class_store(url), page)
    return TeacherGate(page)
