"""The expression builder: cards, signs and brackets, clicked or typed.

:class:`ExpressionBuilder` lets a student build an expression by clicking cards, operators
and brackets, or by typing it; Backspace and Clear undo. A card with several values (an
Ace that may count 1 or 100) asks which value to use when it is clicked: the choices come
with the cards, so the builder knows no game. There is no running total by default (no
calculators in these games); ``show_total=True`` is the teacher's option to turn one on.
*Check* hands the text to a checker supplied by the dashboard, which asks the engine; the
builder itself knows no rule.

>>> from cardmath.cards import Card
>>> builder = ExpressionBuilder()
>>> builder.set_cards([(Card.parse("JS"), (11,)), (Card.parse("7H"), (7,)), (Card.parse("8C"), (8,))])
>>> for key in ["(", "card-0", "-", "card-1", ")", "*", "card-2"]:
...     builder.press(key)
>>> builder.text
'(11 − 7) × 8'
>>> builder.press("backspace"); builder.text
'(11 − 7) ×'
>>> builder.set_cards([(Card.parse("AH"), (1, 100)), (Card.parse("2C"), (2,))])
>>> builder.press("card-0"); builder.choosing   # the Ace asks: 1 or 100?
0
>>> builder.press("value-100"); builder.text
'100'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w

from cardmath.cards import AnyCard
from cardmath.errors import CardMathError
from cardmath.expr import Expr, evaluate, parse, show_number
from widgets.components.button import ActionButton, button
from widgets.components.cardtable import CardTable, card_label, slot

__all__ = ["ExpressionBuilder", "Feedback"]

KEYS: dict[str, str] = {"+": "+", "-": "−", "*": "×", "/": "÷", "^": "^", "(": "(", ")": ")"}
"""Operator and bracket buttons: the key pressed -> the text it adds."""

KEY_NAMES: dict[str, str] = {
    "+": "plus",
    "-": "minus",
    "*": "times",
    "/": "divided by",
    "^": "to the power of",
    "(": "open bracket",
    ")": "close bracket",
}
"""What a screen reader says for each key."""


@dataclass(frozen=True)
class Feedback:
    """What a checker says about an expression: ``ok``, a sentence, and what it read.
    ``best`` is False for a correct expression that could still get closer, so the
    student is told to keep going rather than shown a success.

    >>> Feedback(True, "Exactly 31!").ok
    True
    >>> Feedback(True, "26: 5 away", best=False).tone
    'cm-progress'
    """

    ok: bool
    message: str
    expr: Expr | None = None
    value: int | None = None
    best: bool = True

    @property
    def tone(self) -> str:
        """The CSS class of the message: success, keep going, or refused."""
        if not self.ok:
            return "cm-bad"
        return "cm-good" if self.best else "cm-progress"


Checker = Callable[[str], Feedback]


def _join(tokens: Sequence[str]) -> str:
    text = ""
    for token in tokens:
        if text and not text.endswith("(") and token != ")":
            text += " "
        text += token
    return text


class ExpressionBuilder(w.VBox):
    """Cards, operator buttons, a text box, Backspace, Clear and Check.

    ``set_cards([(card, values), ...])`` gives the cards to build with; a card with
    several values (Navigator's Ace, 1 or 100) shows a choice of its values when clicked.
    ``checker(text) -> Feedback`` is called by Check; ``on_check(callback)`` hears the
    result. ``press(key)`` does what clicking that button does (``"card-<i>"``,
    ``"value-<v>"`` for a choice, an operator or bracket, ``"backspace"``, ``"clear"``,
    ``"check"``).
    """

    def __init__(
        self,
        *,
        checker: Checker | None = None,
        show_total: bool = False,
        check_label: str = "Check",
        card_width: int = 80,
        four_colour: bool = False,
    ) -> None:
        self.checker = checker
        self._tokens: list[tuple[str, int | None]] = []
        self._cards: list[tuple[AnyCard, tuple[int, ...]]] = []
        self._captions: list[str] = []
        self._listeners: list[Callable[[Feedback], None]] = []
        self._updating = False
        self.table = CardTable(card_width=card_width, four_colour=four_colour, label="your cards")
        self.table.add_class("cm-builder-cards")
        self.table.on_click(self._card_clicked)
        self.choosing: int | None = None
        """The card whose value is being chosen (``None``: no choice open)."""
        self.chooser = w.HBox()
        self.chooser.add_class("cm-value-choice")
        self.chooser.layout.display = "none"
        buttons: list[ActionButton] = []
        for key, shown in KEYS.items():
            kind = "op" if key not in "()" else "bracket"
            made = button(shown, f"cm-key cm-key-{kind}", lambda key=key: self.press(key))
            made.aria_label = KEY_NAMES[key]
            buttons.append(made)
        self.backspace = button("⌫", "cm-key cm-backspace", lambda: self.press("backspace"))
        self.backspace.aria_label = "Backspace: remove the last part"
        self.clear = button("Clear", "cm-clear", lambda: self.press("clear"))
        self.check_button = button(check_label, "cm-check", lambda: self.press("check"))
        self.check_button.button_style = "primary"
        self.input = w.Text(
            placeholder="click the cards and signs, or type: (11 - 7) * 8",
            continuous_update=True,
            layout=w.Layout(flex="1 1 auto", width="auto"),
        )
        self.input.add_class("cm-expression-input")
        self.input.observe(self._typed, "value")
        self.total = w.HTML(layout=w.Layout(display="flex" if show_total else "none"))
        self.total.add_class("cm-total")
        self.feedback = w.HTML()
        self.feedback.add_class("cm-feedback")
        self._show_total = show_total
        super().__init__(
            [
                self.table,
                self.chooser,
                w.HBox([*buttons, self.backspace, self.clear], layout=w.Layout(flex_flow="wrap")),
                w.HBox([self.input, self.total, self.check_button]),
                self.feedback,
            ]
        )
        self.add_class("cm-builder")

    # --- inputs ------------------------------------------------------------------------

    @property
    def show_total(self) -> bool:
        """The teacher's option: show the value of the expression while it is built."""
        return self._show_total

    @show_total.setter
    def show_total(self, on: bool) -> None:
        self._show_total = bool(on)
        self.total.layout.display = "flex" if on else "none"
        self._refresh_total()

    def set_cards(
        self, cards: Sequence[tuple[AnyCard, tuple[int, ...]]], captions: Sequence[str] = ()
    ) -> None:
        """The cards to build with, each with its possible values (and an optional caption
        such as "beacon" under it); clears the expression."""
        self._cards = [(card, tuple(values)) for card, values in cards]
        self._captions = list(captions)
        self._close_choice()
        self.press("clear")

    @property
    def text(self) -> str:
        """The expression as it stands."""
        return self.input.value

    @text.setter
    def text(self, value: str) -> None:
        self._tokens = [(value, None)] if value else []
        self._show()

    @property
    def used_cards(self) -> tuple[int, ...] | None:
        """Indices of the cards clicked into the expression (``None`` if any was typed)."""
        if any(card is None and text not in KEYS.values() for text, card in self._tokens):
            return None
        return tuple(card for _, card in self._tokens if card is not None)

    def on_check(self, callback: Callable[[Feedback], None]) -> None:
        """Call ``callback(feedback)`` after every Check."""
        self._listeners.append(callback)

    def press(self, key: str) -> None:
        """Do what pressing ``key`` does (``"card-0"``, ``"+"``, ``"backspace"`` ...)."""
        if key.startswith("card-"):
            index = int(key.removeprefix("card-"))
            if 0 <= index < len(self._cards) and not self._used(index):
                values = self._cards[index][1]
                if len(values) == 1:
                    self._tokens.append((show_number(values[0]), index))
                else:
                    self._open_choice(index)
                    return
        elif key.startswith("value-"):
            index = self.choosing
            if index is None:
                return
            chosen = key.removeprefix("value-")
            values = [v for v in self._cards[index][1] if str(v) == chosen]
            self._close_choice()
            if values and not self._used(index):
                self._tokens.append((str(values[0]), index))
        elif key in KEYS:
            self._tokens.append((KEYS[key], None))
        elif key == "backspace":
            if self._tokens:
                text, card = self._tokens.pop()
                if card is None and len(text) > 1:  # typed text: one character at a time
                    self._tokens.append((text[:-1].rstrip(), None))
                    if not self._tokens[-1][0]:
                        self._tokens.pop()
        elif key == "clear":
            self._tokens = []
            self.feedback.value = ""
            self._close_choice()
        elif key == "check":
            self.check()
            return
        else:
            raise ValueError(f"no key {key!r}")
        self._show()

    def check(self) -> Feedback:
        """Ask the checker about the expression; show and return its feedback."""
        if self.checker is None:
            feedback = Feedback(False, "Nothing to check against yet.")
        else:
            try:
                feedback = self.checker(self.text)
            except CardMathError as error:
                feedback = Feedback(False, str(error))
        self.feedback.value = f'<div class="{feedback.tone}">{escape(feedback.message)}</div>'
        for listener in list(self._listeners):
            listener(feedback)
        return feedback

    # --- drawing -----------------------------------------------------------------------

    def _open_choice(self, index: int) -> None:
        card, values = self._cards[index]
        self.choosing = index
        name = card_label(card, None).split(",")[0]
        question = w.HTML(f'<span class="cm-value-question">{escape(name)} counts as</span>')
        choices = [
            button(show_number(v), f"cm-value-{v}", lambda v=v: self.press(f"value-{v}"))
            for v in values
        ]
        self.chooser.children = (question, *choices)
        self.chooser.layout.display = "flex"

    def _close_choice(self) -> None:
        self.choosing = None
        self.chooser.children = ()
        self.chooser.layout.display = "none"

    def _used(self, index: int) -> bool:
        return any(card == index for _, card in self._tokens)

    def _card_clicked(self, card_id: str) -> None:
        self.press(card_id)

    def _show(self) -> None:
        self._updating = True
        try:
            self.input.value = _join([text for text, _ in self._tokens])
        finally:
            self._updating = False
        slots = [
            slot(
                card,
                id=f"card-{index}",
                value=" or ".join(show_number(v) for v in values),
                disabled=self._used(index),
                caption=self._captions[index] if index < len(self._captions) else "",
            )
            for index, (card, values) in enumerate(self._cards)
        ]
        self.table.show({"": slots})
        self._refresh_total()

    def _typed(self, change: dict[str, Any]) -> None:
        if self._updating:
            return
        text = change["new"]
        self._tokens = [(text, None)] if text else []
        self._show()

    def _refresh_total(self) -> None:
        if not self._show_total:
            self.total.value = ""
            return
        try:
            value = evaluate(parse(self.text))
        except CardMathError:
            self.total.value = '<span class="cm-total-value">= …</span>'
        else:
            self.total.value = f'<span class="cm-total-value">= {show_number(value)}</span>'
