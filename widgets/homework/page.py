"""The student's homework page: a name, the puzzles one by one, and a hand-in receipt.

``lessons/homework.ipynb?code=NAV-2481-8M-2`` opens it. The student types a name (or
pastes a receipt to go on with earlier work), works each puzzle with the project's
builders (Navigator: the expression builder; Sequences: a number; Sum 15: a choice),
gets the engine's verdict at once and graded hints (recorded), sees the explanation once
a puzzle is done, and hands in: the receipt is a line to paste into the school's system
and a file to download. Every verdict is :mod:`cardmath.homework`'s; this page draws.

>>> from cardmath.homework import HomeworkCode, homework_set
>>> code = HomeworkCode("sequences", 4, 2, "easy")
>>> page = HomeworkPage(code=code)
>>> page.name_box.value = "Ada"; page.start_button.click()
>>> page.screen, page.number
('puzzle', 1)
>>> page.answer_box.value = homework_set(code).puzzle(1).answer_key
>>> page.check_button.click(); page.progress.work[0].solved
True
>>> page.handin_button.click(); page.screen, page.receipt_box.value.startswith("cmhw1:")
('receipt', True)
"""

from __future__ import annotations

import base64
import re
from functools import partial
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from cardmath.errors import CardMathError
from cardmath.homework.codes import HomeworkCode, read_code
from cardmath.homework.progress import Progress, clean_name
from cardmath.homework.sets import Explanation, HomeworkPuzzle, homework_set
from cardmath.svg import card_svg
from cardmath.wording import counted
from widgets.components.browserstore import BrowserStore
from widgets.components.builder import ExpressionBuilder, Feedback
from widgets.components.button import button
from widgets.components.explanation import Explained, ExplanationView, warm_sympy
from widgets.components.fresh import show_fresh
from widgets.components.shared import set_display
from widgets.components.textbox import TextBox
from widgets.components.theme import Theme, apply_theme, default_theme, stylesheet
from widgets.frame.query import query_string
from widgets.homework.query import read_homework_query
from widgets.progress.student import class_session, note_attempt

__all__ = ["HomeworkPage", "cards_html", "download_link", "show_explanation"]

STYLESHEET = Path(__file__).with_name("homework.css")


def show_explanation(view: ExplanationView, explanation: Explanation) -> None:
    """Draw a puzzle's explanation: expression trees (sympy LaTeX, tree, steps) for
    Navigator, the engine's own LaTeX and steps for the others."""
    if explanation.expressions:
        view.show_many(
            list(explanation.expressions),
            target=explanation.target,
            title=explanation.title,
            more=explanation.caption,
        )
    else:
        item = Explained(explanation.latex, "", explanation.steps, explanation.caption)
        view.show(item, title=explanation.title)


def cards_html(rows: dict[str, Any]) -> str:
    """Rows of cards to look at (not to click): SVG pictures with their names for screen
    readers, each row under its title.

    >>> from cardmath.cards import Card
    >>> 'aria-label="Queen of hearts"' in cards_html({"You play": [Card.parse("QH")]})
    True
    """
    parts = []
    for title, cards in rows.items():
        pictures = "".join(card_svg(card, width=84) for card in cards)
        parts.append(
            f'<div class="cm-homework-card-row" role="group" aria-label="{escape(title)}">'
            f'<div class="cm-homework-row-title">{escape(title)}</div>'
            f'<div class="cm-homework-card-pictures">{pictures}</div></div>'
        )
    return f'<div class="cm-homework-card-rows">{"".join(parts)}</div>'


def download_link(text: str, filename: str, label: str, css: str) -> str:
    """An HTML link that saves ``text`` as a file (a data address: no server needed).

    >>> 'download="r.txt"' in download_link("cmhw1:x:0", "r.txt", "Download", "c")
    True
    """
    data = base64.b64encode(text.encode()).decode()
    return (
        f'<a class="{escape(css)}" download="{escape(filename)}" '
        f'href="data:text/plain;charset=utf-8;base64,{data}">{escape(label)}</a>'
    )


class HomeworkPage(w.VBox):
    """The homework page for ``code`` (``None``: ask for a code first)."""

    def __init__(
        self,
        *,
        code: HomeworkCode | None = None,
        theme: str | None = None,
        messages: tuple[str, ...] = (),
    ) -> None:
        self.code = code
        self.progress: Progress | None = None
        self.number = 1
        self.screen = ""
        self.title = w.HTML("Homework")
        self.title.add_class("cm-title")
        self.code_label = w.HTML()
        self.code_label.add_class("cm-homework-code")
        header = w.HBox([self.title, self.code_label])
        header.add_class("cm-header")
        header.add_class("cm-homework-header")
        self.page_message = w.HTML(
            "".join(f'<div class="cm-url-note">⚠ {escape(line)}</div>' for line in messages)
        )
        self.page_message.add_class("cm-page-message")
        self.body = w.VBox()
        self.body.add_class("cm-body")
        self._build_code_screen()
        self._build_start_screen()
        self._build_puzzle_screen()
        self._build_receipt_screen()
        # the work so far, kept in the browser: a reload or a closed tab loses nothing
        self.store = BrowserStore()
        self.store.observe(lambda _change: self.restore(), names="stored")
        # on a shared computer the next student must not go on with someone else's work
        self.restored_note = self._note("")
        self.afresh_button = button("Start afresh", "cm-homework-afresh", self.start_afresh)
        self.restored_row = w.HBox([self.restored_note, self.afresh_button])
        self.restored_row.add_class("cm-controls")
        self.restored_row.add_class("cm-homework-restored")
        set_display(self.restored_row, "none")
        # on the class server or a hub, the class bar records each answer and covers the
        # page for "Eyes on the board"; the name is the one typed below (asked once)
        bar = class_session().bar(ask=False)
        self.class_bar = bar
        self._class_tried = False
        if bar is not None:
            bar.on_student(self._known_student)
        top = [Theme(), stylesheet(STYLESHEET), self.store] + ([] if bar is None else [bar])
        super().__init__([*top, header, self.page_message, self.restored_row, self.body])
        self.add_class("cm-homework")
        apply_theme(self, theme or default_theme())
        if code is None:
            self.show_code_screen()
        else:
            self.open_code(code)

    @classmethod
    def from_query(cls, query: str | None = None) -> HomeworkPage:
        """The page the address asks for: ``?code=...`` (and ``?theme=``)."""
        page = read_homework_query(query_string() if query is None else query)
        return cls(code=page.code, theme=page.theme, messages=page.messages)

    # --- screens ------------------------------------------------------------------------

    def _note(self, html: str) -> w.HTML:
        note = w.HTML(html)
        note.add_class("cm-homework-note")
        return note

    def _build_code_screen(self) -> None:
        self.code_box = TextBox(
            placeholder="e.g. NAV-2481-8M-2", label="homework code", css="cm-homework-code-box"
        )
        self.code_box.on_submit(lambda _text: self.press_open())
        self.open_button = button(
            "Open the homework", "cm-homework-open-button", self.press_open, style="primary"
        )
        self.code_message = w.HTML()
        self.code_message.add_class("cm-feedback")
        row = w.HBox([self.code_box, self.open_button])
        row.add_class("cm-controls")
        self.code_screen = w.VBox(
            [self._note("Type the homework code your teacher gave you."), row, self.code_message]
        )
        self.code_screen.add_class("cm-homework-screen")

    def _build_start_screen(self) -> None:
        self.start_title = self._note("")
        self.name_box = TextBox(placeholder="your name", label="your name", css="cm-homework-name")
        self.name_box.on_submit(lambda _text: self.press_start())
        self.start_button = button("Start", "cm-homework-start", self.press_start, style="primary")
        self.start_message = w.HTML()
        self.start_message.add_class("cm-feedback")
        self.resume_box = w.Textarea(
            placeholder="paste your receipt (cmhw1:…) here", layout=w.Layout(width="100%")
        )
        self.resume_box.add_class("cm-homework-receipt")
        self.resume_button = button(
            "Go on with this receipt", "cm-homework-resume", self.press_resume
        )
        name_row = w.HBox([self.name_box, self.start_button])
        name_row.add_class("cm-controls")
        resume = w.VBox(
            [
                self._note(
                    "<b>Started before?</b> Paste the receipt you got at hand-in to go on where you left off."
                ),
                self.resume_box,
                self.resume_button,
            ]
        )
        resume.add_class("cm-panel")
        self.start_screen = w.VBox([self.start_title, name_row, self.start_message, resume])
        self.start_screen.add_class("cm-homework-screen")

    def _build_puzzle_screen(self) -> None:
        self.position = w.HTML()
        self.position.add_class("cm-homework-position")
        self.previous_button = button("◀ Previous", "cm-homework-previous", self.previous)
        self.next_button = button("Next ▶", "cm-homework-next", self.next)
        self.handin_button = button("Hand in ✉", "cm-homework-handin", self.hand_in)
        nav = w.HBox([self.previous_button, self.position, self.next_button, self.handin_button])
        nav.add_class("cm-controls")
        nav.add_class("cm-homework-progress")
        self.prompt = w.HTMLMath()
        self.prompt.add_class("cm-homework-prompt")
        self.cards = w.HTML()
        self.cards.add_class("cm-homework-cards")
        self.builder = ExpressionBuilder(checker=self._check_expression)
        set_display(self.builder.feedback, "none")
        self.answer_box = TextBox(
            placeholder="a whole number", label="your answer", css="cm-homework-answer"
        )
        self.answer_box.on_submit(lambda _text: self.check_typed())
        self.check_button = button("Check", "cm-homework-check", self.check_typed, style="primary")
        self.number_row = w.HBox([self.answer_box, self.check_button])
        self.number_row.add_class("cm-controls")
        self.choice_row = w.HBox()
        self.choice_row.add_class("cm-homework-choices")
        self.feedback = w.HTML()
        self.feedback.add_class("cm-feedback")
        self.hint_button = button("Hint", "cm-homework-hint", self.next_hint)
        self.hints = w.HTML()
        self.hints.add_class("cm-hint")
        self.explanation = ExplanationView()
        self.puzzle_screen = w.VBox(
            [
                nav,
                self.prompt,
                self.cards,
                self.builder,
                self.number_row,
                self.choice_row,
                self.feedback,
                self.hint_button,
                self.hints,
                self.explanation,
            ]
        )
        self.puzzle_screen.add_class("cm-homework-screen")

    def _build_receipt_screen(self) -> None:
        self.receipt_summary = self._note("")
        self.receipt_box = w.Textarea(layout=w.Layout(width="100%"))
        self.receipt_box.add_class("cm-homework-receipt")
        self.download = w.HTML()
        self.back_button = button("Back to the puzzles", "cm-homework-back", self.back_to_puzzles)
        self.receipt_screen = w.VBox(
            [
                self.receipt_summary,
                self.receipt_box,
                self.download,
                self._note(
                    "Copy the whole receipt into your school's homework system (or hand in the "
                    "downloaded file). It also lets you go on later: open the homework link "
                    "again and paste it under <b>Started before?</b>"
                ),
                self.back_button,
            ]
        )
        self.receipt_screen.add_class("cm-homework-screen")

    def _show(self, screen: str) -> None:
        self.screen = screen
        self.body.children = (
            {
                "code": self.code_screen,
                "start": self.start_screen,
                "puzzle": self.puzzle_screen,
                "receipt": self.receipt_screen,
            }[screen],
        )

    # --- opening a homework -----------------------------------------------------------------

    def show_code_screen(self) -> None:
        self.code_label.value = ""
        self._show("code")

    def press_open(self) -> None:
        try:
            code = read_code(self.code_box.value)
        except CardMathError as error:
            self.code_message.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return
        self.code_message.value = ""
        self.open_code(code)

    def open_code(self, code: HomeworkCode) -> None:
        """Deal the homework of ``code`` and ask for a name."""
        self.code = code
        self.code_label.value = escape(str(code))
        self.title.value = escape(f"Homework: {code.title}")
        homework = homework_set(code)
        self.start_title.value = (
            f"<b>{escape(code.title)}</b>. {len(homework.puzzles)} puzzles: check each answer as "
            "you go, ask for hints when you are stuck (your teacher sees how many you used), "
            "and press <b>Hand in</b> at the end."
        )
        self._show("start")
        self.store.key = f"cardmath:homework:{code}"
        self.restore()
        if code.game == "navigator":
            warm_sympy(delay=2.0)

    def restore(self) -> None:
        """Go on with the work this browser kept for the homework on screen (only on a
        page where nothing has been started yet)."""
        kept = self.store.loaded()
        if self.code is None or self.progress is not None or not isinstance(kept, dict):
            return
        try:
            progress = Progress.resume(str(kept.get("receipt", "")), self.code)
        except CardMathError:
            return  # kept by another version, or damaged: start afresh
        self.progress = progress
        self.name_box.value = progress.name
        number = kept.get("number")
        self.go_to(number if isinstance(number, int) else 1)
        handed_in = kept.get("handed_in")
        if isinstance(handed_in, str) and handed_in:
            self._draw_receipt(handed_in)
        self.restored_note.value = (
            f"Welcome back, <b>{escape(progress.name)}</b>: this browser kept your work."
        )
        self.afresh_button.description = f"Not {progress.name}? Start afresh"
        set_display(self.restored_row, "flex")

    def start_afresh(self) -> None:
        """Forget the work this browser kept and ask for a name again."""
        self.store.save(None)
        self.progress = None
        self.name_box.value = ""
        set_display(self.restored_row, "none")
        self._show("start")

    def _save(self, handed_in: str | None = None) -> None:
        """Keep the work so far (and the receipt shown, if any) in the browser."""
        if self.progress is None:
            return
        self.store.save(
            {
                "receipt": self.progress.receipt().to_text(),
                "number": self.number,
                "handed_in": handed_in,
            }
        )

    # --- the class record (class server, hub) ---------------------------------------------

    def _known_student(self, student: Any) -> None:
        """The browser (or the hub) says who this is: offer that name to start with."""
        if student is not None and self.progress is None and not self.name_box.value.strip():
            self.name_box.value = student.name

    def _sign_in(self, name: str) -> str | None:
        """Record this page's answers in the class record as ``name`` (when it is on):
        the sentence saying why not (a name taken in the class, too long), else ``None``."""
        if self.class_bar is None:
            return None
        self._class_tried = True
        return class_session().sign_in(name)

    def _sign_in_kept(self) -> None:
        """Work this browser kept (a reload) is recorded under its name, once asked."""
        if self.class_bar is None or self._class_tried or self.progress is None:
            return
        if class_session().student is not None:
            return
        refused = self._sign_in(self.progress.name)
        if refused:
            self.class_bar.message.value = (
                '<div class="cm-class-not-saved">Your answers are not reaching your teacher: '
                f"{escape(refused)}</div>"
            )

    def press_start(self) -> None:
        if self.code is None:
            return
        try:
            name = clean_name(self.name_box.value)
            refused = self._sign_in(name)
            if refused:
                raise CardMathError(refused)
            self.progress = Progress.start(self.code, name)
        except CardMathError as error:
            self.start_message.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return
        self.start_message.value = ""
        self.go_to(1)
        self._save()

    def press_resume(self) -> None:
        try:
            progress = Progress.resume(self.resume_box.value, self.code)
            refused = self._sign_in(progress.name)
            if refused:
                raise CardMathError(refused)
            self.progress = progress
        except CardMathError as error:
            self.start_message.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return
        self.name_box.value = self.progress.name
        open_ones = [n for n in range(1, len(self.progress.work) + 1) if not self.progress.done(n)]
        self.go_to(open_ones[0] if open_ones else 1)
        self._save()

    # --- a puzzle -----------------------------------------------------------------------------

    @property
    def puzzle(self) -> HomeworkPuzzle:
        assert self.progress is not None
        return self.progress.homework.puzzle(self.number)

    def go_to(self, number: int) -> None:
        """Show puzzle ``number`` as the work so far left it."""
        assert self.progress is not None
        self.number = max(1, min(number, len(self.progress.work)))
        puzzle = self.puzzle
        work = self.progress.work[self.number - 1]
        self.prompt.value = f"<b>Puzzle {self.number}.</b> {escape(puzzle.prompt)}"
        self._draw_answer_area(puzzle)
        if work.solved:
            verdict = puzzle.check(work.answer)
            self._show_feedback(verdict.ok, True, verdict.message)
        elif work.answer:
            verdict = puzzle.check(work.answer)
            self._show_feedback(verdict.ok, False, f"Your best answer so far: {verdict.message}")
        else:
            self.feedback.value = ""
        self._draw_hints()
        self._draw_position()
        self._draw_explanation()
        self._show("puzzle")

    def _draw_answer_area(self, puzzle: HomeworkPuzzle) -> None:
        kind = puzzle.answer_kind
        set_display(self.builder, "flex" if kind == "expression" else "none")
        set_display(self.number_row, "flex" if kind == "number" else "none")
        set_display(self.choice_row, "flex" if kind == "choice" else "none")
        set_display(self.cards, "none" if kind == "expression" else "flex")
        game = puzzle.puzzle
        if kind == "expression":
            self.builder.table.card_width = 120 if "cm-theme-projector" in self._dom_classes else 96
            self.builder.set_cards(
                [
                    (game.beacon, game.beacon_values),
                    *zip(game.memory, game.memory_values, strict=True),
                ],
                captions=["beacon"],
            )
            self.builder.text = self.progress.work[self.number - 1].answer if self.progress else ""
        elif kind == "number":
            self.cards.value = cards_html({"The sequence, left to right": game.cards()})
            self.answer_box.value = ""
        else:
            self.cards.value = cards_html(
                {"The middle (oldest first)": game.middle, "You play": (game.card,)}
            )
            show_fresh(
                self.choice_row,
                [
                    button(
                        label,
                        f"cm-homework-choice cm-homework-choice-{key}",
                        partial(self.answer, key),
                    )
                    for key, label in puzzle.choices
                ],
            )

    def _draw_position(self) -> None:
        assert self.progress is not None
        pills = []
        for number in range(1, len(self.progress.work) + 1):
            work = self.progress.work[number - 1]
            mark = "✔" if work.solved else ("…" if work.answer or work.hints else "○")
            state = "solved" if work.solved else "open"
            current = " cm-homework-current" if number == self.number else ""
            word = (
                "solved"
                if work.solved
                else "started"
                if work.answer or work.hints
                else "not started"
            )
            pills.append(
                f'<span class="cm-homework-pill cm-homework-{state}{current}" '
                f'title="Puzzle {number}: {word}">{number} {mark}</span>'
            )
        count = len(self.progress.work)
        self.position.value = (
            f'<span class="cm-homework-where">Puzzle {self.number} of {count} · '
            f"{self.progress.solved_count} solved</span> "
            f'<span class="cm-homework-pills">{"".join(pills)}</span>'
        )
        self.previous_button.disabled = self.number <= 1
        self.next_button.disabled = self.number >= count

    def _draw_hints(self) -> None:
        assert self.progress is not None
        shown = self.progress.hints_shown(self.number)
        self.hints.value = "".join(
            f"<div><b>Hint {level}.</b> {escape(text)}</div>" for level, text in enumerate(shown, 1)
        )
        set_display(self.hints, "flex" if shown else "none")
        used = len(shown)
        self.hint_button.description = (
            "Hint" if used == 0 else "More help" if used < 4 else "All hints shown"
        )
        self.hint_button.disabled = used >= 4

    def _draw_explanation(self) -> None:
        assert self.progress is not None
        if not self.progress.done(self.number):
            self.explanation.show(None)
            set_display(self.explanation, "none")
            return
        set_display(self.explanation, "flex")
        show_explanation(
            self.explanation, self.puzzle.explanation(self.progress.work[self.number - 1].answer)
        )

    def _show_feedback(self, ok: bool, solved: bool, message: str) -> None:
        # an allowed Navigator answer that is not the best yet is progress; elsewhere a
        # wrong answer is wrong
        ok = ok and self.puzzle.answer_kind == "expression"
        tone = "cm-good" if solved else "cm-progress" if ok else "cm-bad"
        mark = "✔" if solved else "…" if ok else "✘"
        self.feedback.value = f'<div class="{tone}">{mark} {escape(message)}</div>'

    def answer(self, text: str) -> None:
        """Check an answer to the puzzle on screen (typed, built or chosen)."""
        if self.progress is None:
            return
        self._sign_in_kept()
        verdict = self.progress.check(self.number, text)
        hints = len(self.progress.hints_shown(self.number))
        lesson = f"homework {self.progress.code}"
        note_attempt(f"Puzzle {self.number}", str(text), verdict.solved, hints, lesson)
        self._show_feedback(verdict.ok, verdict.solved, verdict.message)
        self._draw_position()
        self._draw_explanation()
        self._save()

    def check_typed(self) -> None:
        self.answer(self.answer_box.value)

    def _check_expression(self, text: str) -> Feedback:
        if self.progress is None:
            return Feedback(False, "Start the homework first.")
        self.answer(text)
        verdict = self.puzzle.check(text)
        return Feedback(verdict.ok, verdict.message, best=verdict.solved)

    def next_hint(self) -> None:
        if self.progress is None:
            return
        self.progress.hint(self.number)
        self._draw_hints()
        self._draw_position()
        self._draw_explanation()
        self._save()

    def previous(self) -> None:
        self.go_to(self.number - 1)
        self._save()

    def next(self) -> None:
        self.go_to(self.number + 1)
        self._save()

    # --- handing in -----------------------------------------------------------------------------

    def hand_in(self) -> None:
        """Make the receipt of the work so far and show it, ready to copy or download."""
        if self.progress is None:
            return
        text = self.progress.receipt().to_text()
        self._draw_receipt(text)
        self._save(handed_in=text)

    def _draw_receipt(self, text: str) -> None:
        assert self.progress is not None
        count = len(self.progress.work)
        hints = sum(item.hints for item in self.progress.work)
        self.receipt_summary.value = (
            f"<b>{escape(self.progress.name)}</b>, homework <b>{escape(str(self.progress.code))}</b>: "
            f"{self.progress.solved_count} of {count} solved, {counted(hints, 'hint')} used. "
            "Your receipt:"
        )
        self.receipt_box.value = text
        safe = re.sub(r"[^A-Za-z0-9]+", "-", self.progress.name).strip("-")[:30] or "student"
        filename = f"homework-{self.progress.code}-{safe}.txt"
        content = (
            f"cardmath homework {self.progress.code} by {self.progress.name}\n"
            f"{self.progress.solved_count} of {count} solved\n\n{text}\n"
        )
        self.download.value = download_link(
            content, filename, "⬇ Download the receipt", "cm-homework-download"
        )
        self._show("receipt")

    def back_to_puzzles(self) -> None:
        self.go_to(self.number)
        self._save()
