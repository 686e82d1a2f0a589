"""Showing expression trees: plain text, LaTeX, sympy, an SVG tree diagram, and steps.

Every printer keeps the student's order and the tree's structure: the plain text uses
the fewest brackets that still read back as the same tree (``-``, ``/`` group from the
left and ``^`` from the right), so ``parse(to_text(e)) == e`` for unlabelled trees.
sympy and matplotlib are never needed here; :func:`to_sympy` imports sympy when called.

>>> from cardmath.expr import parse
>>> expression = parse("(11 - 7) * 8")
>>> to_text(expression), to_latex(expression)
('(11 − 7) × 8', '\\\\left(11 - 7\\\\right) \\\\times 8')
>>> steps(expression, target=31)
'11 − 7 = 4; 4 × 8 = 32; 1 away from 31'
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from cardmath.errors import ExpressionError
from cardmath.expr import SYMBOLS, BinOp, Expr, Num, Step, apply_op, digit_count, show_number

if TYPE_CHECKING:
    from sympy import Expr as SympyExpr

__all__ = ["steps", "to_latex", "to_svg", "to_sympy", "to_text"]

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 3}
_ASCII = {"+": "+", "-": "-", "*": "*", "/": "/", "^": "^"}
_LATEX = {"+": "+", "-": "-", "*": r"\times", "/": r"\div"}


def _needs_brackets(parent: str, child: Expr, side: str) -> bool:
    """Whether ``child`` must be bracketed to read back as the same tree."""
    if not isinstance(child, BinOp):
        return False
    mine, theirs = _PRECEDENCE[parent], _PRECEDENCE[child.op]
    if theirs != mine:
        return theirs < mine
    if parent == "^":  # right-associative: a ^ b ^ c is a ^ (b ^ c)
        return side == "left"
    return side == "right"  # left-associative: a - b - c is (a - b) - c


def _leaf_text(leaf: Num, labels: bool) -> str:
    return leaf.label if labels and leaf.label else show_number(leaf.value)


def to_text(expr: Expr, *, labels: bool = False, ascii: bool = False) -> str:
    """Plain text with minimal brackets; ``labels`` shows card names, ``ascii`` uses ``* /``.

    >>> from cardmath.expr import parse
    >>> e = parse("J - (7 - 2) ^ 2", cards={"J": 11})
    >>> to_text(e), to_text(e, labels=True, ascii=True)
    ('11 − (7 − 2) ^ 2', 'J - (7 - 2) ^ 2')
    """
    symbols = _ASCII if ascii else SYMBOLS

    def show(node: Expr) -> str:
        if isinstance(node, Num):
            return _leaf_text(node, labels)
        assert isinstance(node, BinOp)
        left, right = show(node.left), show(node.right)
        if _needs_brackets(node.op, node.left, "left"):
            left = f"({left})"
        if _needs_brackets(node.op, node.right, "right"):
            right = f"({right})"
        return f"{left} {symbols[node.op]} {right}"

    return show(expr)


def to_latex(expr: Expr, *, labels: bool = False) -> str:
    r"""LaTeX in the student's order: ``\times``, ``\div`` and ``^{...}``.

    >>> from cardmath.expr import parse
    >>> to_latex(parse("2 ^ (1 + 2) / 4"))
    '2^{1 + 2} \\div 4'
    >>> to_latex(parse("(2 ^ 3) ^ 2"))
    '\\left(2^{3}\\right)^{2}'
    """

    def show(node: Expr) -> str:
        if isinstance(node, Num):
            text = _leaf_text(node, labels)
            return rf"\mathrm{{{text}}}" if text.isalpha() else text
        assert isinstance(node, BinOp)
        left = show(node.left)
        if node.op == "^":
            if isinstance(node.left, BinOp):
                left = rf"\left({left}\right)"
            return f"{left}^{{{show(node.right)}}}"
        right = show(node.right)
        if _needs_brackets(node.op, node.left, "left"):
            left = rf"\left({left}\right)"
        if _needs_brackets(node.op, node.right, "right"):
            right = rf"\left({right}\right)"
        return f"{left} {_LATEX[node.op]} {right}"

    return show(expr)


def to_sympy(expr: Expr) -> SympyExpr:
    r"""An unevaluated sympy expression with the same order and structure.

    sympy has no subtraction or division node: ``a - b`` becomes ``a + (-1)·b`` and
    ``a / b`` becomes ``a · b^(-1)``, all built with ``evaluate=False``. Render it with
    ``sympy.latex(e, order="none", mul_symbol="times")`` to keep the order;
    ``e.doit()`` computes the value. sympy's LaTeX still drops brackets it thinks
    redundant (``12 × (6 × 3)`` prints as ``12 × 6 × 3``): show students
    :func:`to_latex`, which keeps every bracket the tree needs.

    >>> import sympy
    >>> from cardmath.expr import parse
    >>> e = to_sympy(parse("(11 - 7) * 8"))
    >>> sympy.latex(e, order="none", mul_symbol="times"), e.doit()
    ('\\left(11 - 7\\right) \\times 8', 32)
    """
    from sympy import Add, Integer, Mul, Pow

    def build(node: Expr) -> Any:
        if isinstance(node, Num):
            return Integer(node.value)
        assert isinstance(node, BinOp)
        left, right = build(node.left), build(node.right)
        if node.op == "+":
            return Add(left, right, evaluate=False)
        if node.op == "-":
            return Add(left, Mul(Integer(-1), right, evaluate=False), evaluate=False)
        if node.op == "*":
            return Mul(left, right, evaluate=False)
        if node.op == "/":
            return Mul(left, Pow(right, Integer(-1), evaluate=False), evaluate=False)
        return Pow(left, right, evaluate=False)

    return build(expr)


def steps(expr: Expr, target: int | None = None) -> str:
    """The working, one operation at a time, and how far the result is from ``target``.

    An operation that breaks the rules ends the working with the reason.

    >>> from cardmath.expr import parse
    >>> steps(parse("6 * 5 + 12"), target=44)
    '6 × 5 = 30; 30 + 12 = 42; 2 away from 44'
    >>> steps(parse("(2 + 15) / 5"))
    '2 + 15 = 17; 17 ÷ 5 is not a whole number'
    """
    lines: list[str] = []

    def walk(node: Expr) -> int:
        if isinstance(node, Num):
            return node.value
        assert isinstance(node, BinOp)
        left, right = walk(node.left), walk(node.right)
        value = apply_op(node.op, left, right)
        lines.append(str(Step(left, node.op, right, value)))
        return value

    try:
        value = walk(expr)
    except ExpressionError as error:
        lines.append(str(error))
        return "; ".join(lines)
    if not lines:
        lines.append(show_number(value))
    if target is not None:
        distance = abs(value - target)
        away = f"{show_number(distance)} away from {show_number(target)}"
        lines.append(f"exactly {show_number(target)}" if distance == 0 else away)
    return "; ".join(lines)


# --- the tree diagram ------------------------------------------------------------------

_RADIUS = 20
_COLUMN = 48
_ROW = 70
_MARGIN = 12
_OPERATOR_FILL = "#fdf1d6"
_NUMBER_FILL = "#dbeafe"


def to_svg(expr: Expr, *, show_values: bool = True, labels: bool = True) -> str:
    """A tree diagram as an SVG string: operators and numbers in circles.

    Leaves sit in reading order along the bottom; with ``show_values`` each operator
    shows its value underneath (or a red ``?`` where the rules refuse the step).

    >>> from cardmath.expr import parse
    >>> svg = to_svg(parse("(J - 7) * 8", cards={"J": 11}))
    >>> svg.startswith("<svg") and ">×<" in svg and ">J<" in svg and ">32<" in svg
    True
    """
    shapes: list[str] = []
    lines: list[str] = []
    next_column = [0]
    deepest = [0]

    def place(node: Expr, depth: int) -> tuple[tuple[float, float], int | None]:
        deepest[0] = max(deepest[0], depth)
        y = _MARGIN + _RADIUS + depth * _ROW
        if isinstance(node, Num):
            x: float = _MARGIN + _RADIUS + next_column[0] * _COLUMN
            next_column[0] += 1
            text = _leaf_text(node, labels)
            shown = show_number(node.value)
            title = f"{node.label} = {shown}" if node.label else shown
            shapes.append(_circle(x, y, text, _NUMBER_FILL, title))
            return (x, y), node.value
        assert isinstance(node, BinOp)
        (lx, ly), left = place(node.left, depth + 1)
        (rx, ry), right = place(node.right, depth + 1)
        x = (lx + rx) / 2
        lines.append(_line(x, y, lx, ly))
        lines.append(_line(x, y, rx, ry))
        value: int | None = None
        caption = ""
        if left is not None and right is not None:
            try:
                value = apply_op(node.op, left, right)
                caption = show_number(value)
            except ExpressionError as error:
                caption = "?"
                title_extra = str(error)
            else:
                title_extra = f"= {caption}"
        else:
            caption = "?"
            title_extra = "cannot be worked out"
        title = f"{SYMBOLS[node.op]} {title_extra}"
        shapes.append(_circle(x, y, SYMBOLS[node.op], _OPERATOR_FILL, title))
        if show_values:
            if value is not None and digit_count(value) > 10:
                caption = f"{digit_count(value):,} digits"
            colour = "#b91c1c" if value is None else "#374151"
            shapes.append(
                f'<text x="{x:g}" y="{y + _RADIUS + 14:g}" text-anchor="middle" '
                f'font-size="12" fill="{colour}">{escape(caption)}</text>'
            )
        return (x, y), value

    place(expr, 0)
    width = 2 * _MARGIN + 2 * _RADIUS + (next_column[0] - 1) * _COLUMN
    height = 2 * _MARGIN + 2 * _RADIUS + deepest[0] * _ROW + (18 if show_values else 0)
    body = "".join(lines) + "".join(shapes)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">'
        f"<title>{escape(to_text(expr))}</title>{body}</svg>"
    )


def _circle(x: float, y: float, text: str, fill: str, title: str) -> str:
    size = 16 if len(text) <= 3 else 11
    return (
        f'<g><title>{escape(title)}</title><circle cx="{x:g}" cy="{y:g}" r="{_RADIUS}" '
        f'fill="{fill}" stroke="#1f2937" stroke-width="1.5"/>'
        f'<text x="{x:g}" y="{y + size / 3:g}" text-anchor="middle" font-size="{size}">'
        f"{escape(text)}</text></g>"
    )


def _line(x1: float, y1: float, x2: float, y2: float) -> str:
    return f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#6b7280"/>'
