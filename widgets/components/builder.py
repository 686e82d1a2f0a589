"""The expression builder and the explanation view.

:class:`ExpressionBuilder` lets a student build an expression by clicking cards, operators
and brackets, or by typing it; Backspace and Clear undo. There is no running total by
default (no calculators in these games); ``show_total=True`` is the teacher's option to
turn one on. *Check* hands the text to a checker supplied by the controller, which asks
the engine; the builder itself knows no rule.

:class:`ExplanationView` shows an expression as LaTeX (typeset by the page's MathJax),
as a tree diagram (SVG from :mod:`cardmath.printing`) and as steps.

>>> from cardmath.cards import Card
>>> builder = ExpressionBuilder()
>>> builder.set_cards([(Card.parse("JS"), (11,)), (Card.parse("7H"), (7,)), (Card.parse("8C"), (8,))])
>>> for key in ["(", "card-0", "-", "card-1", ")", "*", "card-2"]:
...     builder.press(key)
>>> builder.text
'(11 − 7) × 8'
>>> builder.press("backspace"); builder.text
'(11 − 7) ×'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w

from cardmath.cards import AnyCard
from cardmath.errors import CardMathError
from cardmath.expr import Expr, evaluate, parse
from cardmath.printing import steps, to_latex, to_svg, to_text
from widgets.cardtable import CardTable, slot

__all__ = ["ExplanationView", "ExpressionBuilder", "Feedback"]

KEYS: dict[str, str] = {"+": "+", "-": "−", "*": "×", "/": "÷", "^": "^", "(": "(", ")": ")"}
"""Operator and bracket buttons: the key pressed -> the text it adds."""


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

    ``set_cards([(card, values), ...])`` gives the cards to build with: a card with two
    values (Navigator's Ace, 1 or 100) adds the value chosen in the "Ace counts" toggle.
    ``checker(text) -> Feedback`` is called by Check; ``on_check(callback)`` hears the
    result. ``press(key)`` does what clicking that button does (``"card-<i>"``, an
    operator or bracket, ``"backspace"``, ``"clear"``, ``"check"``).
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
        self.ace_value = w.ToggleButtons(
            options=[("Ace = 1", 0), ("Ace = 100", 1)],
            value=0,
            description="",
            layout=w.Layout(display="none"),
        )
        self.ace_value.add_class("cm-ace-toggle")
        buttons = []
        for key, shown in KEYS.items():
            button = w.Button(description=shown, tooltip=f"add {shown}")
            button.add_class("cm-key")
            button.add_class(f"cm-key-{'op' if key not in '()' else 'bracket'}")
            button.on_click(lambda _b, key=key: self.press(key))
            buttons.append(button)
        self.backspace = w.Button(description="⌫", tooltip="Backspace: remove the last part")
        self.backspace.add_class("cm-key")
        self.backspace.add_class("cm-backspace")
        self.backspace.on_click(lambda _b: self.press("backspace"))
        self.clear = w.Button(description="Clear", tooltip="start again")
        self.clear.add_class("cm-clear")
        self.clear.on_click(lambda _b: self.press("clear"))
        self.check_button = w.Button(description=check_label, button_style="primary")
        self.check_button.add_class("cm-check")
        self.check_button.on_click(lambda _b: self.press("check"))
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
                self.ace_value,
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
        two_valued = any(len(values) > 1 for _, values in self._cards)
        self.ace_value.layout.display = "flex" if two_valued else "none"
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
                value = values[min(self.ace_value.value, len(values) - 1)]
                self._tokens.append((str(value), index))
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
                value=" or ".join(str(v) for v in values),
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
            self.total.value = f'<span class="cm-total-value">= {value}</span>'


class ExplanationView(w.VBox):
    """An expression as LaTeX, a tree diagram and steps (``show``), or several (``show_many``).

    >>> view = ExplanationView()
    >>> view.show(parse("(11 - 7) * 8"), target=31)
    >>> "32" in view.steps_html.value, "\\\\times" in view.latex.value
    (True, True)
    """

    def __init__(self) -> None:
        self.title = w.HTML()
        self.latex = w.HTMLMath()
        self.latex.add_class("cm-latex")
        self.tree = w.HTML()
        self.tree.add_class("cm-tree")
        self.steps_html = w.HTML()
        self.steps_html.add_class("cm-steps")
        self.more = w.VBox()
        super().__init__(
            [
                self.title,
                w.HBox([w.VBox([self.latex, self.steps_html]), self.tree]),
                self.more,
            ]
        )
        self.add_class("cm-explanation")

    def show(self, expr: Expr | None, *, target: int | None = None, title: str = "") -> None:
        """Explain one expression (``None`` clears the view)."""
        self.title.value = (
            f'<div class="cm-explanation-title">{escape(title)}</div>' if title else ""
        )
        self.more.children = ()
        if expr is None:
            self.latex.value = self.tree.value = self.steps_html.value = ""
            return
        self.latex.value, self.tree.value, self.steps_html.value = explanation_parts(expr, target)

    def show_many(
        self,
        solutions: Sequence[Expr],
        *,
        target: int | None = None,
        title: str = "",
        limit: int = 3,
    ) -> None:
        """Explain the first ``limit`` solutions (simplest first) and list the rest as text."""
        if not solutions:
            self.show(None, title=title or "No solution")
            return
        self.show(solutions[0], target=target, title=title)
        extra: list[w.Widget] = []
        for expr in solutions[1:limit]:
            latex, tree, worked = explanation_parts(expr, target)
            extra.append(
                w.HBox(
                    [w.VBox([w.HTMLMath(latex), w.HTML(worked)]), w.HTML(tree)],
                    layout=w.Layout(border_top="1px solid #8884", padding="6px 0"),
                )
            )
            extra[-1].add_class("cm-more-solution")
        if len(solutions) > limit:
            rest = ", ".join(to_text(expr) for expr in solutions[limit : limit + 12])
            more = " …" if len(solutions) > limit + 12 else ""
            extra.append(
                w.HTML(
                    f'<div class="cm-other-solutions">{len(solutions) - limit} more: '
                    f"{escape(rest)}{more}</div>"
                )
            )
        self.more.children = tuple(extra)


def explanation_parts(expr: Expr, target: int | None = None) -> tuple[str, str, str]:
    """(LaTeX for MathJax, tree diagram SVG, steps HTML) for one expression.

    >>> latex, tree, worked = explanation_parts(parse("11 - 7 * 8"), target=31)
    >>> latex, tree.startswith('<div class="cm-tree-svg"><svg'), "-45" in worked
    ('$$11 - 7 \\\\times 8$$', True, True)
    """
    latex = f"$${sympy_latex(expr)}$$"
    tree = f'<div class="cm-tree-svg">{to_svg(expr)}</div>'
    worked = "".join(f"<li>{escape(line)}</li>" for line in steps(expr, target=target).split("; "))
    return latex, tree, f'<ol class="cm-step-list">{worked}</ol>'


# --- sympy rendering ---------------------------------------------------------------------

_OPERATOR_MARKS = {"+": "+", "-": "-", "*": r"\times", "/": r"\frac", "^": "^"}


def sympy_latex(expr: Expr) -> str:
    r"""LaTeX of ``expr`` rendered by sympy, in the student's order and with ``\times``.

    The sympy tree is :func:`cardmath.printing.to_sympy` (unevaluated), printed with
    ``latex(order="none", mul_symbol="times")``. sympy has no subtraction or division
    node, and a division inside a denominator comes out as ``6 \times \frac{1}{2}``: so
    the result is accepted only if it shows the tree's numbers in the same order and each
    operator as often as the tree has it (a division as a ``\frac``). Otherwise the
    project's own printer (:func:`cardmath.printing.to_latex`) is used, which always keeps
    the tree. sympy is imported here, on first use, never when a dashboard opens.

    >>> sympy_latex(parse("(11 - 7) * 8")), sympy_latex(parse("12 / 3 + 1"))
    ('\\left(11 - 7\\right) \\times 8', '\\frac{12}{3} + 1')
    >>> sympy_latex(parse("12 / (6 / 2)"))  # sympy would show 6 × 1/2: the project's printer
    '12 \\div \\left(6 \\div 2\\right)'
    """
    try:
        from sympy import latex

        from cardmath.printing import to_sympy

        rendered = latex(to_sympy(expr), order="none", mul_symbol="times")
    except (ImportError, RecursionError, ValueError, TypeError):
        return to_latex(expr)
    return rendered if faithful_latex(rendered, expr) else to_latex(expr)


def faithful_latex(rendered: str, expr: Expr) -> bool:
    """Whether LaTeX shows ``expr``'s numbers in order and each of its operators.

    >>> faithful_latex(r"\\left(11 - 7\\right) \\times 8", parse("(11 - 7) * 8"))
    True
    >>> faithful_latex(r"8 \\left(11 - 7\\right)", parse("(11 - 7) * 8"))
    False
    """
    import re

    from cardmath.expr import BinOp, iter_nodes, leaves

    numbers = [int(text) for text in re.findall(r"\d+", rendered)]
    if numbers != [leaf.value for leaf in leaves(expr)]:
        return False
    ops = [node.op for node in iter_nodes(expr) if isinstance(node, BinOp)]
    if not all(rendered.count(mark) == ops.count(op) for op, mark in _OPERATOR_MARKS.items()):
        return False
    # no bracket the tree needs may go (sympy drops them in 12 × (6 × 3)); a fraction bar
    # groups like a pair of brackets
    needed = to_latex(expr).count(r"\left(")
    return rendered.count(r"\left(") + rendered.count(r"\frac") >= needed


_warming: list[Any] = []


def warm_sympy(delay: float = 0.0) -> None:
    """Import sympy in a background thread (once), so the first reveal does not wait."""
    if _warming:
        return
    import contextlib
    import threading

    def load() -> None:
        with contextlib.suppress(ImportError):
            import sympy  # noqa: F401

    timer = threading.Timer(delay, load)
    timer.daemon = True
    _warming.append(timer)
    timer.start()
