"""Navigator's two views besides Play: the projector (the whole class on paper) and the
puzzle (a student alone, with graded hints).

Both draw a :class:`cardmath.puzzles.navigator.NavigatorPuzzle`: the deal, the best
answers, the hints and the check of a typed expression are all the engine's, under the
options chosen in Settings. Each keeps what a reload needs in the dashboard's saved-game
store (a small JSON record, named by ``?game=`` like a game), so the page comes back as
it was; their figures are drawn once and then only change their text.

>>> from widgets.games.navigator.dashboard import NavigatorDashboard
>>> view = NavigatorDashboard(seed=2481, mode="projector").body.children[0]
>>> view.deal_button.click(); view.reveal_button.description
'Reveal answers'
>>> view.reveal_button.click(); view.revealed, view.reveal_button.description
(True, 'Hide answers')
>>> view.reveal_button.click(); view.revealed, view.record()["seed"]
(False, 2481)
"""

from __future__ import annotations

import json
import time
from html import escape
from typing import Any

import ipywidgets as w

from cardmath.games.navigator.length import projector_progress
from cardmath.games.navigator_rules import possible_phantoms, typed_names
from cardmath.wording import counted
from widgets.components.builder import ExpressionBuilder, Feedback
from widgets.components.button import button
from widgets.components.cardtable import CardTable, slot
from widgets.components.explanation import ExplanationView, warm_sympy
from widgets.components.scoreboard import Figure, figure_html
from widgets.components.shared import label, set_display
from widgets.components.timer import RoundTimer
from widgets.games.navigator.presenter import values_text

__all__ = ["HIDE", "REVEAL", "ROUND_SECONDS", "ProjectorView", "PuzzleView"]

ROUND_SECONDS = 300
"""A round of the card game lasts five minutes."""

REVEAL = "Reveal answers"
HIDE = "Hide answers"
"""What the projector's Reveal button says: the press it makes next."""


def _deal(seed: int, options: dict[str, Any]) -> Any:
    from cardmath.puzzles.navigator import NavigatorPuzzle

    return NavigatorPuzzle.deal(seed, options)


def _figures(puzzle: Any) -> tuple[Figure, Figure]:
    return (
        Figure("Target", puzzle.target, puzzle.target_note, "cm-target"),
        Figure(
            "Signpost Beacon", values_text(puzzle.beacon_values), puzzle.beacon.name, "cm-beacon"
        ),
    )


class ProjectorView(w.VBox):
    """Deal, a five-minute timer, and Reveal, for the whole class working on paper.

    *Reveal answers* shows the best answers in place of the deal; pressed again
    (*Hide answers*) it brings the deal back. The deal, the timer and what is shown are
    saved (:meth:`record`), so a reload with ``?game=`` brings the projector back as it
    was (:meth:`resume`).
    """

    kind = "navigator-projector"

    def __init__(self, board: Any) -> None:
        self.board = board
        self.puzzle: Any = None
        self.revealed = False
        self.saved_name: str | None = None
        self.targets_dealt = 0
        self.timer = RoundTimer(duration=ROUND_SECONDS)
        self.timer.on_done(self.time_up)
        # the deal's three figures are drawn once and then only change their text
        self.target_figure = label()
        self.beacon_figure = label()
        for figure, css in ((self.target_figure, "cm-target"), (self.beacon_figure, "cm-beacon")):
            figure.add_class("cm-figure")
            figure.add_class(css)
        timer_box = w.VBox([label('<div class="cm-figure-caption">Time</div>'), self.timer])
        timer_box.add_class("cm-timer-box")
        self.figures = w.HBox([self.target_figure, self.beacon_figure, timer_box])
        self.figures.add_class("cm-deal")
        self.memory = CardTable(label="the class's cards")
        self.deal_button = button("Deal", "cm-deal-button", self.press_deal, style="primary")
        self.reveal_button = button(REVEAL, "cm-reveal-button", self.toggle_reveal)
        self.reveal_button.disabled = True
        self.pause_button = button("Pause timer", "cm-pause-button", self.toggle_timer)
        self.pause_button.disabled = True
        self.explanation = ExplanationView()
        for pager in (self.explanation.next_button, self.explanation.previous_button):
            pager.on_click(lambda _button: self.save())
        self.message = label()
        self.message.add_class("cm-message")
        self.message.add_class("cm-navigator-prompt")
        controls = w.HBox([self.deal_button, self.reveal_button, self.pause_button])
        controls.add_class("cm-controls")
        self.stage = w.VBox([self.figures, self.memory])
        self.stage.add_class("cm-stage")
        super().__init__([controls, self.message, self.stage, self.explanation])
        self.add_class("cm-projector")
        self.add_class("cm-navigator-projector")
        self._say(
            "Press <b>Deal</b>: the target and the Signpost Beacon appear and the timer "
            "starts. Work on paper; no calculators."
        )
        self._draw_waiting()

    def _say(self, html: str, css: str = "cm-figure-note") -> None:
        """One line under the buttons (``html`` is trusted markup written here)."""
        self.message.remove_class("cm-navigator-time-up")
        self.message.value = f'<div class="{css}">{html}</div>'

    def _draw_figures(self, target: Figure, beacon: Figure) -> None:
        for widget, figure in ((self.target_figure, target), (self.beacon_figure, beacon)):
            widget.value = figure_html(figure.caption, figure.value, figure.note, figure.css)

    def _draw_waiting(self) -> None:
        self._draw_figures(
            Figure("Target", "?", "", "cm-target"), Figure("Signpost Beacon", "?", "", "cm-beacon")
        )
        self.memory.show({})

    def press_deal(self) -> None:
        """Deal the page's seed the first time, then the next seeds."""
        seed = self.board.seed if self.puzzle is None else self.board.seed + 1
        self.show_deal(seed)
        self.save()

    def show_deal(self, seed: int, *, start: bool = True) -> None:
        """Deal ``seed``: target, beacon, the class's cards; the timer starts (``start``)."""
        self.board.show_seed(seed)
        self.puzzle = _deal(seed, self.board.game_options)
        self._draw_figures(*_figures(self.puzzle))
        self.draw_cards()
        self.explanation.show(None)
        self._show_answers(False)
        self.targets_dealt += 1
        progress = projector_progress(getattr(self.board, "length", None), self.targets_dealt)
        self._say(escape(self.puzzle.prompt) + (f" <b>{escape(progress)}</b>" if progress else ""))
        self.deal_button.description = "New deal"
        self.reveal_button.disabled = False
        self.pause_button.disabled = False
        self.timer.reset(ROUND_SECONDS)
        if start:
            self.timer.start()
        self.pause_button.description = "Pause timer" if start else "Resume timer"
        warm_sympy()

    def draw_cards(self) -> None:
        puzzle = self.puzzle
        if puzzle is None:
            return
        self.memory.card_width = self.board.card_width
        self.memory.four_colour = self.board.four_colour
        self.memory.show(
            {
                "Target cards": [slot(card, value=None) for card in puzzle.target_cards],
                "Signpost Beacon": [slot(puzzle.beacon, value=values_text(puzzle.beacon_values))],
                "Nav Memory (choose two)": [
                    slot(card, value=values_text(values))
                    for card, values in zip(puzzle.memory, puzzle.memory_values, strict=True)
                ],
            }
        )

    def toggle_timer(self) -> None:
        """Pause or resume the round's timer (only once a deal is on the board)."""
        if self.puzzle is None:
            return
        if self.timer.running:
            self.timer.pause()
            self.pause_button.description = "Resume timer"
        elif self.timer.remaining > 0:
            self.timer.start()
            self.pause_button.description = "Pause timer"
        self.save()

    def time_up(self) -> None:
        """0:00: say so, in words and on the timer."""
        self.pause_button.disabled = True
        self.pause_button.description = "Pause timer"
        if not self.revealed:
            self._say_time_up()
        self.save()

    def _say_time_up(self) -> None:
        self._say(
            "Time's up! Pens down. Who is closest? Press <b>Reveal answers</b> for the best "
            "answers.",
            css="cm-announce",
        )
        self.message.add_class("cm-navigator-time-up")

    def toggle_reveal(self) -> None:
        """Reveal the best answers, or (pressed again) hide them and show the deal."""
        if self.revealed:
            self.hide_answers()
        else:
            self.reveal()
        self.save()

    def reveal(self) -> None:
        """The best answers, one at a time, simplest first, as maths, tree and steps; the
        deal is hidden and the timer paused."""
        if self.puzzle is None:
            return
        if self.timer.running:
            self.timer.pause()
            self.pause_button.description = "Resume timer"
        best = self.puzzle.best()
        away = "exactly on target" if best.best_distance == 0 else f"{best.best_distance} away"
        shown = best.solutions[:8]
        rest = best.solution_count - len(shown)
        self.explanation.show_many(
            list(shown),
            target=self.puzzle.target,
            title=f"Target {self.puzzle.target}: the best is {away} "
            f"({counted(best.solution_count, 'way')}), "
            "simplest first",
            more=f"and {rest} more" if rest > 0 else "",
        )
        self._show_answers(True)
        self._say("Answers shown. Did anyone find another way? Come and draw its tree.")

    def hide_answers(self) -> None:
        """Back to the deal: the answers go, the target and the cards come back."""
        if self.puzzle is None:
            return
        self.explanation.show(None)
        self._show_answers(False)
        if self.timer.finished:
            self._say_time_up()
        else:
            self._say(escape(self.puzzle.prompt))

    def _show_answers(self, shown: bool) -> None:
        """Answers or deal on screen, and Reveal saying which press comes next (in words,
        never colour alone)."""
        self.revealed = shown
        set_display(self.stage, "none" if shown else "flex")
        self.reveal_button.description = HIDE if shown else REVEAL
        self.reveal_button.aria_label = (
            "Hide the answers and show the deal again" if shown else "Reveal the best answers"
        )
        if shown:
            self.reveal_button.add_class("cm-reveal-on")
        else:
            self.reveal_button.remove_class("cm-reveal-on")

    def settings_changed(self) -> None:
        self.draw_cards()

    # --- a reload brings the projector back -----------------------------------------------

    def record(self) -> dict[str, Any]:
        """What a reload needs: the deal, its rules, the timer, the answers shown or not."""
        timer = self.timer
        return {
            "view": self.kind,
            "seed": self.board.seed,
            "options": _plain(self.board.game_options),
            "revealed": self.revealed,
            "answer": self.explanation.index if self.revealed else 0,
            "targets": self.targets_dealt,
            "timer": {
                "remaining": timer.remaining,
                "running": timer.running,
                "started": timer.started,
                "finished": timer.finished,
            },
        }

    def save(self) -> None:
        """Keep :meth:`record` in the dashboard's store; the address names it."""
        if self.puzzle is not None:
            self.saved_name = _save(self.board, self.saved_name, self.record())

    def resume(self, text: str, name: str, now: float | None = None) -> bool:
        """Bring back a saved projector (:meth:`record` as JSON); ``False`` if it is not
        one. A timer that was running has gone on running meanwhile."""
        found = _read(self.board, text, self.kind)
        if found is None:
            return False
        timer = found.get("timer")
        if not isinstance(timer, dict):
            return False
        try:
            remaining = float(timer.get("remaining", ROUND_SECONDS))
            started = float(timer.get("started", 0.0))
        except (TypeError, ValueError):
            return False
        self.board.game_options = found["options"]
        self.targets_dealt = min(max(_whole(found.get("targets")), 1), 10_000) - 1  # counts again
        self.show_deal(found["seed"], start=False)
        self.saved_name = name
        if found.get("revealed") is True:
            self.reveal()
            for _ in range(min(_whole(found.get("answer")), self.explanation.count - 1)):
                self.explanation.next()
        remaining = min(max(remaining, 0.0), float(ROUND_SECONDS))
        if timer.get("running"):
            clock = time.time() if now is None else now
            remaining -= max(0.0, clock - started / 1000)
        if timer.get("finished") is True or remaining <= 0:
            self.timer.remaining = 0.0
            self.timer.finished = True
            self.pause_button.disabled = True
            self.pause_button.description = "Pause timer"
            if not self.revealed:
                self._say_time_up()
        else:
            self.timer.remaining = remaining
            if timer.get("running") is True:
                self.timer.start(now)
                self.pause_button.description = "Pause timer"
        self.board.remember(game=name)
        return True


class PuzzleView(w.VBox):
    """Target, beacon and Nav Memory; build, Check, and graded hints. The deal, the hints
    taken and the last expression checked come back after a reload (:meth:`resume`)."""

    kind = "navigator-puzzle"

    def __init__(self, board: Any) -> None:
        self.board = board
        self.saved_name: str | None = None
        self.target_figure = label()
        self.beacon_figure = label()
        for figure, css in ((self.target_figure, "cm-target"), (self.beacon_figure, "cm-beacon")):
            figure.add_class("cm-figure")
            figure.add_class(css)
        self.figures = w.HBox([self.target_figure, self.beacon_figure])
        self.figures.add_class("cm-deal")
        self.builder = ExpressionBuilder(checker=self.check)
        self.builder.on_check(lambda _feedback: self.save())
        self.hint_level = 0
        self.hint_box = label()
        self.hint_box.add_class("cm-hint")
        self.hint_button = button("Hint", "cm-hint-button", self.press_hint)
        self.new_button = button("New puzzle", "cm-new-puzzle", self.new_puzzle)
        self.explanation = ExplanationView()
        controls = w.HBox([self.hint_button, self.new_button])
        controls.add_class("cm-controls")
        self.intro = label()
        self.intro.add_class("cm-figure-note")
        super().__init__(
            [self.figures, self.intro, self.builder, controls, self.hint_box, self.explanation]
        )
        self.add_class("cm-puzzle")
        self.show_deal(board.seed)
        warm_sympy(delay=3.0)  # after the first view is drawn: Check shows sympy's LaTeX

    def show_deal(self, seed: int) -> None:
        """Deal the puzzle of ``seed`` under the chosen options."""
        self.board.show_seed(seed)
        self.puzzle = _deal(seed, self.board.game_options)
        for widget, figure in zip(
            (self.target_figure, self.beacon_figure), _figures(self.puzzle), strict=True
        ):
            widget.value = figure_html(figure.caption, figure.value, figure.note, figure.css)
        self.intro.value = escape(self.puzzle.prompt)
        self.hint_level = 0
        self.hint_box.value = ""
        self.hint_button.description = "Hint"
        self.hint_button.disabled = False
        self.explanation.show(None)
        self.settings_changed()

    def settings_changed(self) -> None:
        puzzle = self.puzzle
        self.builder.show_total = bool(self.board.display.get("show_total"))
        self.builder.table.card_width = self.board.card_width
        self.builder.table.four_colour = self.board.four_colour
        self.builder.set_cards(
            [
                (puzzle.beacon, puzzle.beacon_values),
                *zip(puzzle.memory, puzzle.memory_values, strict=True),
            ],
            captions=["beacon"],
            names=typed_names(puzzle.rules.precog),
            spare=possible_phantoms([puzzle.beacon, *puzzle.memory], puzzle.rules),
        )

    def new_puzzle(self) -> None:
        self.show_deal(self.board.seed + 1)
        self.save()

    def check(self, text: str) -> Feedback:
        """The engine's verdict on the typed expression, and its explanation."""
        verdict = self.puzzle.check(text)
        if verdict.expression is not None and verdict.ok:
            self.explanation.show(
                verdict.expression, target=self.puzzle.target, title="Your answer"
            )
        return Feedback(
            verdict.ok, verdict.message, verdict.expression, verdict.value, verdict.best
        )

    def press_hint(self) -> None:
        self.next_hint()
        self.save()

    def next_hint(self) -> None:
        """The next hint: best distance, then cards, then first step, then a full answer."""
        self.hint_level = min(4, self.hint_level + 1)
        found = self.puzzle.hint(self.hint_level)
        self.hint_box.value = f"<div><b>Hint {self.hint_level}.</b> {escape(found.text)}</div>"
        if found.expression is not None:
            self.explanation.show(
                found.expression, target=self.puzzle.target, title="A best answer"
            )
        self.hint_button.description = "More help" if self.hint_level < 4 else "Hint (all shown)"
        self.hint_button.disabled = self.hint_level >= 4

    # --- a reload brings the puzzle back ----------------------------------------------------

    def record(self) -> dict[str, Any]:
        """What a reload needs: the deal, its rules, the hints taken, the expression."""
        return {
            "view": self.kind,
            "seed": self.board.seed,
            "options": _plain(self.board.game_options),
            "hints": self.hint_level,
            "text": self.builder.text[:MAX_TEXT],
        }

    def save(self) -> None:
        """Keep :meth:`record` in the dashboard's store; the address names it."""
        self.saved_name = _save(self.board, self.saved_name, self.record())

    def resume(self, text: str, name: str) -> bool:
        """Bring back a saved puzzle (:meth:`record` as JSON); ``False`` if it is not one."""
        found = _read(self.board, text, self.kind)
        if found is None:
            return False
        typed = found.get("text", "")
        self.board.game_options = found["options"]
        self.show_deal(found["seed"])
        self.saved_name = name
        for _ in range(min(_whole(found.get("hints")), 4)):
            self.next_hint()
        if isinstance(typed, str) and typed:
            self.builder.text = typed[:MAX_TEXT]
            self.builder.check()
        self.board.remember(game=name)
        return True


# --- saved deals ------------------------------------------------------------------------------

MAX_TEXT = 1000
"""Longest expression kept with a saved puzzle (the engine reads no longer text)."""


def _plain(options: dict[str, Any]) -> dict[str, Any]:
    """Options as JSON values (a tuple of variants becomes a list)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}


def _whole(value: Any) -> int:
    """A small count read from a saved record (anything else counts 0)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _save(board: Any, name: str | None, record: dict[str, Any]) -> str | None:
    """Save ``record`` under ``name`` (a new name the first time) when the dashboard owns
    the page; the address names it. Returns the name."""
    if not board.saves_games:
        return name
    name = name or board.store.new_name()
    if board.store.save(name, json.dumps(record)):
        board.remember(game=name)
    return name


def _read(board: Any, text: str, kind: str) -> dict[str, Any] | None:
    """A saved record of ``kind`` with its rules checked by the engine (``None``: the text
    is not such a record, or its rules or seed are refused)."""
    from cardmath.errors import CardMathError
    from cardmath.game import MAX_SEED

    try:
        found = json.loads(text)
    except ValueError:
        return None
    if not isinstance(found, dict) or found.get("view") != kind:
        return None
    seed, options = found.get("seed"), found.get("options")
    if not (isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED):
        return None
    if not isinstance(options, dict):
        return None
    try:
        board.game_class(**options)
    except (CardMathError, TypeError):
        return None
    found["options"] = {k: tuple(v) if isinstance(v, list) else v for k, v in options.items()}
    return found
