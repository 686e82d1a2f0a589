"""The expression builder: cards, signs and brackets, clicked or typed, in one expression.

:class:`ExpressionBuilder` shows the cards to build with, the sign and bracket keys and a
text box. Clicking and typing edit the same expression: a clicked card is written into the
box, a typed number or card name (``J Q K A JK``) uses a card just as a click does, and a
card in the expression stays used (drawn disabled) however it got there. A card with
several values (an Ace that may count 1 or 100) asks which value to use, clicked or
typed. While the student builds, :func:`cardmath.partial.read_partial` says what is wrong
so far in plain words (two cards with no sign between them, a card used twice), before
any Check. *Check*, or Enter in the box, hands the text to a checker supplied by the
dashboard, which asks the engine; the builder itself knows no rule of any game. There is
no running total by default (no calculators in these games); ``show_total=True`` is the
teacher's option to turn one on.

>>> from cardmath.cards import Card
>>> builder = ExpressionBuilder()
>>> builder.set_cards([(Card.parse("JS"), (11,)), (Card.parse("7H"), (7,)), (Card.parse("8C"), (8,))])
>>> for key in ["(", "card-0", "-", "card-1", ")", "*", "card-2"]:
...     builder.press(key)
>>> builder.text, builder.used_cards
('(11 − 7) × 8', (0, 1, 2))
>>> builder.press("backspace"); builder.text
'(11 − 7) ×'
>>> builder.text = "8 7"      # typed: the cards 8 and 7 are used, and the slip is named
>>> [card["disabled"] for card in builder.table.rows[0]["cards"]]
[False, True, True]
>>> "Put a sign (+ − × ÷ ^) between 8 and 7" in builder.problem.value
True
>>> builder.set_cards([(Card.parse("AH"), (1, 100)), (Card.parse("2C"), (2,))], names={"A": (1, 100)})
>>> builder.press("card-0"); builder.choosing   # the Ace asks: 1 or 100?
0
>>> builder.press("value-100"); builder.text
'100'
>>> builder.text = "A + 2"    # typed by name: the same question, then the number is written
>>> builder.choosing, builder.press("value-1"), builder.text
(0, None, '1 + 2')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from html import escape
from typing import Any

import ipywidgets as w

from cardmath.cards import AnyCard
from cardmath.errors import CardMathError
from cardmath.expr import Expr, show_number
from cardmath.partial import Progress, read_partial
from widgets.components.button import button
from widgets.components.cardtable import CardTable, card_label, slot
from widgets.components.fresh import show_fresh
from widgets.components.keypad import Key, Keypad
from widgets.components.shared import label, set_display
from widgets.components.textbox import TextBox

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


def _kind(key: str) -> str:
    """A sign or a bracket (the keys' CSS class).

    >>> _kind("+"), _kind("(")
    ('op', 'bracket')
    """
    return "bracket" if key in "()" else "op"


def _append(text: str, piece: str) -> str:
    """``text`` with one more piece, spaced the way the builder writes expressions."""
    text = text.rstrip()
    if text and not text.endswith(("(", "[", "{")) and piece != ")":
        text += " "
    return text + piece


class ExpressionBuilder(w.VBox):
    """Cards, sign and bracket keys, a text box, Backspace, Clear and Check.

    ``set_cards([(card, values), ...], names=..., spare=...)`` gives the cards to build
    with (each with the values it may take), the card names that may be typed with their
    values, and values one number may take without a card (a phantom). ``checker(text)
    -> Feedback`` is called by Check and by Enter; ``on_check(callback)`` hears the
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
        self._cards: list[tuple[AnyCard, tuple[int, ...]]] = []
        self._captions: list[str] = []
        self._names: dict[str, tuple[int, ...]] = {}
        self._spare: tuple[int, ...] = ()
        self._clicked: list[int] = []
        self._listeners: list[Callable[[Feedback], None]] = []
        self._typed_choice: tuple[int, int] | None = None
        self.reading = Progress()
        """What :func:`~cardmath.partial.read_partial` makes of the expression now."""
        self.table = CardTable(card_width=card_width, four_colour=four_colour, label="your cards")
        self.table.add_class("cm-builder-cards")
        self.table.on_click(self._card_clicked)
        self.choosing: int | None = None
        """The card whose value is being chosen (``None``: no choice open)."""
        self._chooser: w.HBox | None = None
        # the signs, brackets, Backspace and Clear: one widget, each key a real button
        self.keypad = Keypad(
            keys=[
                *(
                    Key(key, shown, KEY_NAMES[key], f"cm-key cm-key-{_kind(key)}")
                    for key, shown in KEYS.items()
                ),
                Key("backspace", "⌫", "Backspace: remove the last part", "cm-key cm-backspace"),
                Key("clear", "Clear", "", "cm-clear"),
            ],
            label="signs and brackets",
            css="cm-builder-keys",
        )
        self.keypad.on_press(self.press)
        self.check_button = button(check_label, "cm-check", lambda: self.press("check"))
        self.check_button.button_style = "primary"
        self.input = TextBox(
            placeholder="click the cards and signs, or type: (11 - 7) * 8",
            label="your expression",
            css="cm-expression-box",
        )
        self.input.add_class("cm-expression-input")  # as wide as the row allows (CSS)
        self.input.observe(self._typed, "value")
        self.input.on_submit(lambda _text: self.check())
        self._total: w.HTML | None = None
        self.problem = label()
        """What is wrong with the expression so far, in words (empty: nothing)."""
        self.problem.add_class("cm-builder-problem")
        self.feedback = w.HTML()
        self.feedback.add_class("cm-feedback")
        self._show_total = show_total
        self._entry = w.HBox([self.input, self.check_button])
        self._entry.add_class("cm-builder-entry")
        super().__init__([self.table, self.keypad, self._entry, self.problem, self.feedback])
        if show_total:
            self.show_total = True
        self.add_class("cm-builder")

    # --- parts made when first needed (fewer widget models for the page to build) -------

    @property
    def chooser(self) -> w.HBox:
        """The question "counts as 1 or 100?" for a card with several values (made the
        first time a card asks it)."""
        if self._chooser is None:
            self._chooser = w.HBox()
            self._chooser.add_class("cm-value-choice")
            set_display(self._chooser, "none")
            self.children = (
                self.table,
                self._chooser,
                self.keypad,
                self._entry,
                self.problem,
                self.feedback,
            )
        return self._chooser

    @property
    def total(self) -> w.HTML:
        """The running total beside the box (made when the teacher first turns it on)."""
        if self._total is None:
            self._total = w.HTML()
            self._total.add_class("cm-total")
            set_display(self._total, "flex" if self._show_total else "none")
            self._entry.children = (self.input, self._total, self.check_button)
        return self._total

    # --- inputs ------------------------------------------------------------------------

    @property
    def show_total(self) -> bool:
        """The teacher's option: show the value of the expression while it is built."""
        return self._show_total

    @show_total.setter
    def show_total(self, on: bool) -> None:
        self._show_total = bool(on)
        if on or self._total is not None:
            set_display(self.total, "flex" if on else "none")
        self._refresh_total()

    def set_cards(
        self,
        cards: Sequence[tuple[AnyCard, tuple[int, ...]]],
        captions: Sequence[str] = (),
        *,
        names: Mapping[str, Sequence[int]] | None = None,
        spare: Sequence[int] = (),
    ) -> None:
        """The cards to build with, each with its possible values (and an optional caption
        such as "beacon" under it), the card names a student may type with their values,
        and values one number may take without a card; clears the expression."""
        self._cards = [(card, tuple(values)) for card, values in cards]
        self._captions = list(captions)
        self._names = {name: tuple(values) for name, values in (names or {}).items()}
        self._spare = tuple(spare)
        self._close_choice()
        self.press("clear")

    @property
    def text(self) -> str:
        """The expression as it stands."""
        return self.input.value

    @text.setter
    def text(self, value: str) -> None:
        self.input.value = value

    @property
    def used_cards(self) -> tuple[int, ...] | None:
        """Indices of the cards the expression uses, clicked or typed, in order (``None``
        while it has a mistake, so a checker does not rely on them)."""
        if self.reading.problem:
            return None
        return tuple(card for card in self.reading.cards if card is not None)

    def on_check(self, callback: Callable[[Feedback], None]) -> None:
        """Call ``callback(feedback)`` after every Check."""
        self._listeners.append(callback)

    def press(self, key: str) -> None:
        """Do what pressing ``key`` does (``"card-0"``, ``"+"``, ``"backspace"`` ...)."""
        if key.startswith("card-"):
            index = int(key.removeprefix("card-"))
            if 0 <= index < len(self._cards) and not self._used(index):
                values = self._cards[index][1]
                if len(values) > 1:
                    self._open_choice(index)
                    return
                self._clicked.append(index)
                self.text = _append(self.text, show_number(values[0]))
        elif key.startswith("value-"):
            self._choose(key.removeprefix("value-"))
        elif key in KEYS:
            self.text = _append(self.text, KEYS[key])
        elif key == "backspace":
            self.text = self._without_last_piece()
        elif key == "clear":
            self._clicked = []
            self._close_choice()
            if self.text:
                self.text = ""
            else:
                self._refresh()
            self.feedback.value = ""
        elif key == "check":
            self.check()
        else:
            raise ValueError(f"no key {key!r}")

    def check(self) -> Feedback:
        """Ask the checker about the expression; show and return its feedback.

        An expression that is not finished, or cannot be read, gets the builder's own
        words (the engine would refuse it anyway); a whole one goes to the checker."""
        reading = self.reading
        if reading.problem and not reading.complete:
            feedback = Feedback(False, reading.problem)
        elif not reading.complete:
            feedback = Feedback(False, reading.unfinished)
        elif reading.undecided:
            feedback = Feedback(False, f"Choose what {reading.undecided[0].name} counts as.")
        elif self.checker is None:
            feedback = Feedback(False, "Nothing to check against yet.")
        else:
            try:
                feedback = self.checker(self.text)
            except CardMathError as error:
                feedback = Feedback(False, str(error))
        mark = "✘ " if not feedback.ok else ""
        if feedback.message == reading.problem:  # already said under the box
            self.feedback.value = ""
        else:
            self.feedback.value = (
                f'<div class="{feedback.tone}" role="status">{mark}{escape(feedback.message)}</div>'
            )
        for listener in list(self._listeners):
            listener(feedback)
        return feedback

    # --- the value of a card with several values ----------------------------------------

    def _open_choice(self, index: int, typed: tuple[int, int] | None = None) -> None:
        card, values = self._cards[index]
        self.choosing = index
        self._typed_choice = typed
        name = card_label(card, None).split(",")[0]
        question = label(f'<span class="cm-value-question">{escape(name)} counts as</span>')
        choices = [
            button(show_number(v), f"cm-value-{v}", partial(self.press, f"value-{v}"))
            for v in values
        ]
        show_fresh(self.chooser, [question, *choices])
        set_display(self.chooser, "flex")

    def _close_choice(self) -> None:
        self.choosing = None
        self._typed_choice = None
        if self._chooser is not None:
            show_fresh(self._chooser, ())
            set_display(self._chooser, "none")

    def _choose(self, chosen: str) -> None:
        index, typed = self.choosing, self._typed_choice
        if index is None:
            return
        values = [v for v in self._cards[index][1] if str(v) == chosen]
        self._close_choice()
        if not values:
            return
        number = show_number(values[0])
        if typed is not None:  # a card name typed in the box: write its number there
            start, end = typed
            if self.text[start:end].strip():
                self._clicked.append(index)
                self.text = self.text[:start] + number + self.text[end:]
        elif not self._used(index):
            self._clicked.append(index)
            self.text = _append(self.text, number)

    # --- reading the expression ----------------------------------------------------------

    def _used(self, index: int) -> bool:
        return index in self.reading.cards

    def _card_clicked(self, card_id: str) -> None:
        self.press(card_id)

    def _without_last_piece(self) -> str:
        """The text without its last piece (a whole number or name, a sign, a bracket)."""
        pieces = self.reading.pieces
        text = self.text.rstrip()
        if pieces and pieces[-1].end >= len(text):
            return text[: pieces[-1].start].rstrip()
        return text[:-1].rstrip()

    def _typed(self, _change: Mapping[str, Any]) -> None:
        self.feedback.value = ""
        self._refresh()

    def _refresh(self) -> None:
        """Read the expression again: which cards it uses, what is wrong, what to ask."""
        self.reading = read_partial(
            self.text,
            names=self._names,
            cards=[values for _, values in self._cards],
            spare=self._spare,
            prefer=self._clicked,
        )
        used = [card for card in self.reading.cards if card is not None]
        self._clicked = [index for index in self._clicked if index in used]
        self._draw_cards()
        problem = self.reading.problem
        self.problem.value = (
            f'<div class="cm-bad" role="status">✘ {escape(problem)}</div>' if problem else ""
        )
        undecided = self.reading.undecided
        if undecided and not problem:
            numbers = self.reading.numbers
            piece = undecided[0]
            card = self.reading.cards[numbers.index(piece)]
            if card is not None:
                self._open_choice(card, typed=(piece.start, piece.end))
        elif self._typed_choice is not None:
            self._close_choice()
        self._refresh_total()

    def _draw_cards(self) -> None:
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

    def _refresh_total(self) -> None:
        if not self._show_total:
            if self._total is not None:
                self._total.value = ""
            return
        value = self.reading.value
        shown = "…" if value is None else show_number(value)
        self.total.value = f'<span class="cm-total-value">= {shown}</span>'
