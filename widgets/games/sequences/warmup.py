"""The warm-up: "what does this sequence make?" for the whole class.

A seeded sequence is dealt (:func:`cardmath.lessons.sequences.deal_warmup`); the class
works it out on paper; *Reveal* steps through it one step at a time, each running value
shown under its card and in a big number, as in the rules' worked example; the last press
puts the game's left-to-right reading beside a calculator's (× and ÷ first, no rounding),
each as typeset maths, a tree and its steps. All the arithmetic is
:mod:`cardmath.lessons.sequences`'s.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from cardmath.errors import CardMathError
from cardmath.games.sequences import conventional_value
from cardmath.lessons.sequences import student_text as _shown
from cardmath.wording import number_text
from widgets.components.button import button
from widgets.components.cardtable import CardTable, slot
from widgets.components.explanation import Explained, ExplanationView, warm_sympy
from widgets.components.fresh import show_fresh
from widgets.components.scoreboard import Figure, figure_widget
from widgets.components.shared import set_display
from widgets.games.sequences.presenter import card_words

__all__ = ["LEVELS", "WarmUpView"]

LEVELS: dict[int, str] = {0: "No modifiers", 1: "One modifier", 2: "Two modifiers"}
"""How many modifier cards (cancel, invert, swap) a warm-up sequence holds."""


class WarmUpView(w.VBox):
    """Deal a sequence, reveal it step by step, then compare with a calculator."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.warmup: Any = None
        self.shown = 0
        """How many steps are revealed (0: none yet)."""
        self.compared = False
        self.question = w.HTML()
        self.question.add_class("cm-prompt")
        self.figures = w.HBox()
        self.figures.add_class("cm-deal")
        self.table = CardTable(label="the sequence")
        self.table.add_class("cm-sequences-warmup-table")
        self.steps = w.HTML()
        self.steps.add_class("cm-sequences-steps")
        self.level = w.ToggleButtons(
            options=[(label, count) for count, label in LEVELS.items()],
            value=1,
            style={"button_width": "auto"},
            tooltips=[
                "Only operators and numbers",
                "One cancel, invert or swap",
                "Two of cancel, invert, swap",
            ],
        )
        self.level.add_class("cm-sequences-level")
        self.level.observe(lambda _change: self.show_deal(self.board.seed), "value")
        self.deal_button = button("New sequence", "cm-warmup-deal", self.new_deal)
        self.reveal_button = button(
            "Reveal the first step", "cm-warmup-reveal", self.reveal, style="primary"
        )
        self.all_button = button("Show every step", "cm-warmup-all", self.reveal_all)
        controls = w.HBox([self.reveal_button, self.all_button, self.deal_button, self.level])
        controls.add_class("cm-controls")
        self.game_reading = ExplanationView()
        self.calculator_reading = ExplanationView()
        self.compare = w.HBox([self.game_reading, self.calculator_reading])
        self.compare.add_class("cm-sequences-compare")
        set_display(self.compare, "none")
        self.note = w.HTMLMath()
        self.note.add_class("cm-sequences-note")
        super().__init__(
            [
                self.question,
                controls,
                self.figures,
                self.table,
                self.steps,
                self.compare,
                self.note,
            ]
        )
        self.add_class("cm-sequences-warmup")
        self.show_deal(board.seed)
        warm_sympy(delay=2.0)  # the comparison renders with sympy: load it before it is asked

    # --- dealing ----------------------------------------------------------------------------

    def new_deal(self) -> None:
        """The next seed's sequence."""
        self.show_deal(self.board.seed + 1)

    def show_deal(self, seed: int) -> None:
        """Deal the warm-up of ``seed`` (under the division chosen in Settings)."""
        from cardmath.lessons.sequences import deal_warmup

        self.board.show_seed(seed)
        division = self.board.game_options.get("division", "truncate")
        self.warmup = deal_warmup(seed, division, modifiers=self.level.value)
        self.shown = 0
        self.compared = False
        self.question.value = (
            "<div>What does this sequence make? Work it out on paper, strictly from left to "
            "right, one card at a time. Then press <b>Reveal</b>.</div>"
        )
        set_display(self.compare, "none")
        self.game_reading.show(None)
        self.calculator_reading.show(None)
        self.note.value = ""
        self.reveal_button.disabled = False
        self.all_button.disabled = False
        self.draw()

    # --- revealing ----------------------------------------------------------------------------

    @property
    def step_count(self) -> int:
        return len(self.warmup.evaluation.steps) if self.warmup is not None else 0

    def reveal(self) -> None:
        """One more step; after the last, the two readings side by side."""
        if self.warmup is None or self.compared:
            return
        if self.shown < self.step_count:
            self.shown += 1
        else:
            self.show_comparison()
        self.draw()

    def reveal_all(self) -> None:
        """Every step at once (the comparison stays one press away)."""
        if self.warmup is None:
            return
        self.shown = self.step_count
        self.draw()

    def show_comparison(self) -> None:
        """The game's reading beside a calculator's: maths, tree, steps, value."""
        warm = self.warmup
        self.shown = self.step_count
        self.compared = True
        try:
            game, usual = warm.left_to_right(), warm.calculator()
        except CardMathError as error:  # never for a dealt warm-up; said in words if so
            self.note.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return
        self.game_reading.show(
            Explained(game.latex, game.tree_svg, game.steps, f"= {game.value_text}"),
            title="The game: strictly left to right",
        )
        self.calculator_reading.show(
            Explained(usual.latex, usual.tree_svg, usual.steps, f"= {usual.value_text}"),
            title="A calculator: × and ÷ first",
        )
        set_display(self.compare, "flex")
        lines = [
            f"Same cards, two readings: the game makes <b>{escape(game.value_text)}</b>, a "
            f"calculator says <b>{escape(usual.value_text)}</b>."
        ]
        if usual.value.denominator != 1:
            rounded = conventional_value(warm.sequence, warm.division)
            lines.append(
                "The calculator does not round its division; with the game's whole-number "
                f"division the usual order would give {escape(number_text(rounded))}."
            )
        lines.append("In the game's maths the brackets show the order the cards are worked out in.")
        self.note.value = "".join(f"<div>{line}</div>" for line in lines)

    # --- drawing ------------------------------------------------------------------------------

    def draw(self) -> None:
        warm = self.warmup
        if warm is None:
            return
        steps = warm.evaluation.steps[: self.shown]
        captions = {step.position: f"= {number_text(step.value)}" for step in steps}
        reached = steps[-1].position if steps else -1
        self.table.card_width = self.board.card_width
        cards = []
        for position, played in enumerate(warm.sequence.played):
            caption = captions.get(position, "")
            if played.card.face == "?":
                chosen = {"+": "+", "-": "−", "*": "×", "/": "÷"}[played.operator]
                caption = f"as {chosen}" + (f" {caption}" if caption else "")
            cards.append(
                slot(
                    played.card,
                    id=f"card-{position}",
                    disabled=position > reached,
                    caption=caption,
                    label=card_words(played.card, played.operator)
                    + (f", value so far {captions[position][2:]}" if position in captions else ""),
                )
            )
        self.table.show({"The sequence": cards})
        self.table.selected = [f"card-{reached}"] if steps else []
        if steps:
            last = steps[-1]
            note = "the end" if self.shown == self.step_count else f"after {last.cards}"
            show_fresh(
                self.figures,
                [
                    figure_widget(
                        Figure(
                            "Value so far",
                            number_text(last.value),
                            note,
                            "cm-sequences-value-figure",
                        )
                    ),
                    figure_widget(
                        Figure(
                            "Step", f"{self.shown} of {self.step_count}", "", "cm-sequences-step"
                        )
                    ),
                ],
            )
        else:
            show_fresh(
                self.figures,
                [figure_widget(Figure("Value so far", "?", "", "cm-sequences-value-figure"))],
            )
        rows = "".join(
            f"<tr><td>{escape(_shown(step.cards))}</td><td>{escape(_shown(step.expression))}"
            f"</td><td class='cm-sequences-value'>{number_text(step.value)}</td>"
            f"<td>{escape(_shown(step.note))}</td></tr>"
            for step in steps
        )
        self.steps.value = (
            '<table class="cm-showdown-table"><tr><th>Cards</th><th>Sequence so far</th>'
            f"<th>Value</th><th>Why</th></tr>{rows}</table>"
            if steps
            else ""
        )
        if self.compared:
            self.reveal_button.description = "Both readings shown"
            self.reveal_button.disabled = True
        elif self.shown >= self.step_count:
            self.reveal_button.description = "What would a calculator say?"
        elif self.shown == 0:
            self.reveal_button.description = "Reveal the first step"
        else:
            self.reveal_button.description = "Reveal the next step"
        self.all_button.disabled = self.shown >= self.step_count

    def settings_changed(self) -> None:
        """A new division rule deals again; a new theme redraws at its card size."""
        division = self.board.game_options.get("division", "truncate")
        if self.warmup is not None and self.warmup.division != division:
            self.show_deal(self.warmup.seed)
        else:
            self.draw()
