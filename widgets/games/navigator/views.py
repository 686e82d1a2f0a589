"""Navigator's two views besides Play: the projector (the whole class on paper) and the
puzzle (a student alone, with graded hints).

Both draw a :class:`cardmath.puzzles.navigator.NavigatorPuzzle`: the deal, the best
answers, the hints and the check of a typed expression are all the engine's, under the
options chosen in Settings.
"""

from __future__ import annotations

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
from widgets.components.fresh import show_fresh
from widgets.components.scoreboard import Figure, figure_widget
from widgets.components.shared import set_display
from widgets.components.timer import RoundTimer
from widgets.games.navigator.presenter import values_text

__all__ = ["ROUND_SECONDS", "ProjectorView", "PuzzleView"]

ROUND_SECONDS = 300
"""A round of the card game lasts five minutes."""


def _deal(seed: int, options: dict[str, Any]) -> Any:
    from cardmath.puzzles.navigator import NavigatorPuzzle

    return NavigatorPuzzle.deal(seed, options)


def _figures(puzzle: Any) -> list[w.Widget]:
    return [
        figure_widget(Figure("Target", puzzle.target, puzzle.target_note, "cm-target")),
        figure_widget(
            Figure(
                "Signpost Beacon",
                values_text(puzzle.beacon_values),
                puzzle.beacon.name,
                "cm-beacon",
            )
        ),
    ]


class ProjectorView(w.VBox):
    """Deal, a five-minute timer, and Reveal, for the whole class working on paper."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.puzzle: Any = None
        self.targets_dealt = 0
        self.figures = w.HBox()
        self.figures.add_class("cm-deal")
        self.timer = RoundTimer(duration=ROUND_SECONDS)
        self.timer.on_done(self.time_up)
        self.memory = CardTable(label="the class's cards")
        self.deal_button = button("Deal", "cm-deal-button", self.press_deal, style="primary")
        self.reveal_button = button("Reveal", "cm-reveal-button", self.reveal)
        self.reveal_button.disabled = True
        self.pause_button = button("Pause timer", "cm-pause-button", self.toggle_timer)
        self.pause_button.disabled = True
        self.explanation = ExplanationView()
        self.message = w.HTML()
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

    def _timer_box(self) -> w.Widget:
        caption = w.HTML('<div class="cm-figure-caption">Time</div>')
        box = w.VBox([caption, self.timer])
        box.add_class("cm-timer-box")
        return box

    def _draw_waiting(self) -> None:
        show_fresh(
            self.figures,
            [
                figure_widget(Figure("Target", "?", "", "cm-target")),
                figure_widget(Figure("Signpost Beacon", "?", "", "cm-beacon")),
                self._timer_box(),
            ],
        )
        self.memory.show({})

    def press_deal(self) -> None:
        """Deal the page's seed the first time, then the next seeds."""
        seed = self.board.seed if self.puzzle is None else self.board.seed + 1
        self.show_deal(seed)

    def show_deal(self, seed: int) -> None:
        """Deal ``seed``: target, beacon, the class's cards; the timer starts."""
        self.board.show_seed(seed)
        self.puzzle = _deal(seed, self.board.game_options)
        show_fresh(self.figures, [*_figures(self.puzzle), self._timer_box()])
        self.draw_cards()
        self.explanation.show(None)
        set_display(self.stage, "flex")
        self.targets_dealt += 1
        progress = projector_progress(getattr(self.board, "length", None), self.targets_dealt)
        self._say(escape(self.puzzle.prompt) + (f" <b>{escape(progress)}</b>" if progress else ""))
        self.deal_button.description = "New deal"
        self.reveal_button.disabled = False
        self.pause_button.disabled = False
        self.timer.reset(ROUND_SECONDS)
        self.timer.start()
        self.pause_button.description = "Pause timer"
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

    def time_up(self) -> None:
        """0:00: say so, in words and on the timer."""
        self.pause_button.disabled = True
        self.pause_button.description = "Pause timer"
        self._say(
            "Time's up! Pens down. Who is closest? Press <b>Reveal</b> for the best answers.",
            css="cm-announce",
        )
        self.message.add_class("cm-navigator-time-up")

    def reveal(self) -> None:
        """The best answers, one at a time, simplest first, as maths, tree and steps."""
        if self.puzzle is None:
            return
        self.timer.pause()
        self.pause_button.description = "Resume timer"
        best = self.puzzle.best()
        away = "exactly on target" if best.best_distance == 0 else f"{best.best_distance} away"
        shown = best.solutions[:8]
        rest = best.solution_count - len(shown)
        set_display(self.stage, "none")
        self.explanation.show_many(
            list(shown),
            target=self.puzzle.target,
            title=f"Target {self.puzzle.target}: the best is {away} "
            f"({counted(best.solution_count, 'way')}), "
            "simplest first",
            more=f"and {rest} more" if rest > 0 else "",
        )
        self._say("Did anyone find another way? Come and draw its tree.")

    def settings_changed(self) -> None:
        self.draw_cards()


class PuzzleView(w.VBox):
    """Target, beacon and Nav Memory; build, Check, and graded hints."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.figures = w.HBox()
        self.figures.add_class("cm-deal")
        self.builder = ExpressionBuilder(checker=self.check)
        self.hint_level = 0
        self.hint_box = w.HTML()
        self.hint_box.add_class("cm-hint")
        self.hint_button = button("Hint", "cm-hint-button", self.next_hint)
        self.new_button = button("New puzzle", "cm-new-puzzle", self.new_puzzle)
        self.explanation = ExplanationView()
        controls = w.HBox([self.hint_button, self.new_button])
        controls.add_class("cm-controls")
        self.intro = w.HTML()
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
        show_fresh(self.figures, _figures(self.puzzle))
        self.intro.value = escape(self.puzzle.prompt)
        self.hint_level = 0
        self.hint_box.value = ""
        self.hint_button.description = "Hint"
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
