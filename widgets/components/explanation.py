"""The explanation view: anything with LaTeX, a tree and steps, one at a time.

:func:`explain` turns one of the project's expression trees into an :class:`Explained`
(sympy-rendered LaTeX in the student's order, the tree diagram as SVG from
:mod:`cardmath.printing`, and the steps); any game may build an :class:`Explained` of
its own (a left-to-right reading, a scoring) and show it in the same view.
:class:`ExplanationView` shows one item, or several with *Previous* / *Next*, large
enough for the back row.

>>> from cardmath.expr import parse
>>> view = ExplanationView()
>>> view.show(parse("(11 - 7) * 8"), target=31)
>>> "32" in view.steps_html.value, "\\\\times" in view.latex.value
(True, True)
>>> view.show_many([parse("11 * 3 - 2"), parse("(8 - 7) + 30")], target=31, title="Best")
>>> view.position.value
'Answer 1 of 2'
>>> view.next_button.click(); view.position.value
'Answer 2 of 2'
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w

from cardmath.expr import BinOp, Expr, iter_nodes, leaves
from cardmath.printing import steps, to_latex, to_svg
from widgets.components.button import button
from widgets.components.shared import label, set_display, shared_layout

__all__ = [
    "Explained",
    "ExplanationView",
    "explain",
    "faithful_latex",
    "sympy_latex",
    "warm_sympy",
]


@dataclass(frozen=True)
class Explained:
    """One thing explained: ``latex`` (no ``$``), a ``tree_svg`` drawing (may be ``""``),
    the ``steps`` in words, and a ``caption`` under the title ("= 32, 1 away")."""

    latex: str
    tree_svg: str = ""
    steps: tuple[str, ...] = ()
    caption: str = ""


def explain(expr: Expr, target: int | None = None) -> Explained:
    """An expression tree as LaTeX (rendered by sympy, order kept), tree and steps.

    >>> from cardmath.expr import parse
    >>> shown = explain(parse("11 - 7 * 8"), target=31)
    >>> shown.latex, shown.tree_svg.startswith("<svg"), shown.steps[-1]
    ('11 - 7 \\\\times 8', True, '76 away from 31')
    """
    worked = tuple(steps(expr, target=target).split("; "))
    return Explained(sympy_latex(expr), to_svg(expr), worked)


def _explained(item: Expr | Explained, target: int | None) -> Explained:
    return item if isinstance(item, Explained) else explain(item, target)


def explanation_html(item: Explained) -> tuple[str, str, str]:
    """(LaTeX for MathJax, tree HTML, steps HTML) of one explained item."""
    latex = f"$${item.latex}$$" if item.latex else ""
    tree = f'<div class="cm-tree-svg">{item.tree_svg}</div>' if item.tree_svg else ""
    worked = "".join(f"<li>{escape(line)}</li>" for line in item.steps)
    caption = (
        f'<div class="cm-explained-caption">{escape(item.caption)}</div>' if item.caption else ""
    )
    return latex, tree, f'{caption}<ol class="cm-step-list">{worked}</ol>' if worked else caption


class ExplanationView(w.VBox):
    """Explains one item (``show``) or several, one at a time (``show_many``).

    An item is an expression tree (explained by :func:`explain`) or an
    :class:`Explained`. The maths is typeset by the page's MathJax (no CDN), the tree is
    inline SVG, and everything scales with the dashboard's big-numeral size.
    """

    def __init__(self) -> None:
        self.title = label()
        self.title.add_class("cm-explanation-heading")
        self.latex = w.HTMLMath()
        self.latex.add_class("cm-latex")
        self.tree = label()
        self.tree.add_class("cm-tree")
        self.steps_html = label()
        self.steps_html.add_class("cm-steps")
        self.position = label()
        self.position.add_class("cm-explanation-position")
        self.previous_button = button("◀ Previous", "cm-explanation-previous", self.previous)
        self.next_button = button("Next ▶", "cm-explanation-next", self.next)
        self.pager = w.HBox([self.previous_button, self.position, self.next_button])
        self.pager.add_class("cm-explanation-pager")
        set_display(self.pager, "none")
        self.more = label()
        self.more.add_class("cm-other-solutions")
        body = w.HBox(
            [w.VBox([self.latex, self.steps_html], layout=shared_layout()), self.tree],
            layout=shared_layout(),
        )
        body.add_class("cm-explanation-body")
        super().__init__([self.title, self.pager, body, self.more])
        self.add_class("cm-explanation")
        self._items: list[Explained] = []
        self._index = 0
        self._heading = ""

    def show(
        self, item: Expr | Explained | None, *, target: int | None = None, title: str = ""
    ) -> None:
        """Explain one item (``None`` clears the view)."""
        self.show_many([] if item is None else [item], target=target, title=title)

    def show_many(
        self,
        items: Sequence[Expr | Explained],
        *,
        target: int | None = None,
        title: str = "",
        more: str = "",
        noun: str = "Answer",
    ) -> None:
        """Explain ``items`` one at a time with Previous / Next; ``more`` is a line of
        text under them (the answers not shown, say)."""
        self._items = [_explained(item, target) for item in items]
        self._index = 0
        self._heading = title
        self._noun = noun
        self.more.value = escape(more) if more else ""
        set_display(self.pager, "flex" if len(self._items) > 1 else "none")
        self._draw()

    @property
    def count(self) -> int:
        """How many items are being explained."""
        return len(self._items)

    @property
    def index(self) -> int:
        """Which item (0-based) is on screen."""
        return self._index

    def next(self) -> None:
        """Show the next item (the last stays)."""
        if self._index + 1 < len(self._items):
            self._index += 1
            self._draw()

    def previous(self) -> None:
        """Show the previous item (the first stays)."""
        if self._index > 0:
            self._index -= 1
            self._draw()

    def _draw(self) -> None:
        heading = escape(self._heading)
        self.title.value = f'<div class="cm-explanation-title">{heading}</div>' if heading else ""
        if not self._items:
            self.latex.value = self.tree.value = self.steps_html.value = ""
            self.position.value = ""
            return
        item = self._items[self._index]
        self.latex.value, self.tree.value, self.steps_html.value = explanation_html(item)
        total = len(self._items)
        self.position.value = f"{self._noun} {self._index + 1} of {total}"
        self.previous_button.disabled = self._index == 0
        self.next_button.disabled = self._index + 1 >= total


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

    >>> from cardmath.expr import parse
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

    >>> from cardmath.expr import parse
    >>> faithful_latex(r"\\left(11 - 7\\right) \\times 8", parse("(11 - 7) * 8"))
    True
    >>> faithful_latex(r"8 \\left(11 - 7\\right)", parse("(11 - 7) * 8"))
    False
    """
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
    """Import sympy in a background thread (once), so the first reveal does not wait.

    In the browser (Pyodide, no threads) sympy is not loaded with the page: it is fetched
    in the background after ``delay`` seconds instead, and imported on first use (until
    then :func:`sympy_latex` uses the project's printer)."""
    if _warming:
        return
    if sys.platform == "emscripten":
        try:
            from js import setTimeout  # type: ignore[import-not-found]
            from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]
            from pyodide_js import loadPackage  # type: ignore[import-not-found]
        except ImportError:
            return
        fetch = create_once_callable(lambda: loadPackage("sympy"))
        _warming.append(setTimeout(fetch, int(delay * 1000)))
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
