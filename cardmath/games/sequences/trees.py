"""Sequences as expression trees: the left-to-right reading as a tree with brackets, and
the conventional reading (multiplication first) to compare it with.

>>> print(to_expression("[4] + 2 * 5")), print(conventional_expression("[4] + 2 * 5"))
(4 + 2) × 5
4 + 2 × 5
(None, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from cardmath.expr import show_number
from cardmath.games.sequences.arithmetic import SHOWN, _check_division, apply_operator
from cardmath.games.sequences.reading import (
    CardSequence,
    _advance,
    _grammar_error,
    _Reading,
    _sequence_items,
)

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


@dataclass(frozen=True)
class ExpressionLeaf:
    """A number in a sequence expression (``label`` is the card's text)."""

    value: int
    label: str = ""

    def evaluate(self, division: str = "truncate") -> int:
        return self.value

    def exact(self) -> Fraction:
        """The value as a calculator gives it (here simply the number)."""
        return Fraction(self.value)

    def __str__(self) -> str:
        return show_number(self.value).replace("-", "−")

    def latex(self) -> str:
        return show_number(self.value)


@dataclass(frozen=True)
class ExpressionNode:
    """``left op right`` in a sequence expression.

    A left-to-right reading (:func:`to_expression`) is left-deep: ``right`` is always a
    number. The usual reading (:func:`conventional_expression`) puts products under sums,
    so there ``right`` may be a product. Both print with only the brackets the usual order
    of operations needs, so a dashboard can show the two readings side by side.

    >>> tree = conventional_expression("[4] + 2 * 5")
    >>> str(tree), tree.evaluate(), str(tree.right)
    ('4 + 2 × 5', 14, '2 × 5')
    """

    op: str
    left: ExpressionLeaf | ExpressionNode
    right: ExpressionLeaf | ExpressionNode

    def evaluate(self, division: str = "truncate") -> int:
        """The value with the game's whole-number division."""
        return apply_operator(
            self.op, self.left.evaluate(division), self.right.evaluate(division), division
        )

    def exact(self) -> Fraction:
        """The value as a calculator gives it: exact, a fraction where a division is not
        whole (no rounding).

        >>> conventional_expression("[4] / 5 * 2").exact(), conventional_value("[4] / 5 * 2")
        (Fraction(8, 5), 0)
        """
        left, right = self.left.exact(), self.right.exact()
        if self.op == "+":
            return left + right
        if self.op == "-":
            return left - right
        if self.op == "*":
            return left * right
        return left / right  # a divisor is a number card or a product of them: never 0

    def _side(self, child: ExpressionLeaf | ExpressionNode, latex: bool, right: bool) -> str:
        inner = child.latex() if latex else str(child)
        if isinstance(child, ExpressionNode):
            weaker = _PRECEDENCE[child.op] < _PRECEDENCE[self.op]
            same = _PRECEDENCE[child.op] == _PRECEDENCE[self.op]
            if weaker or (right and same and self.op in "-/"):
                return r"\left(" + inner + r"\right)" if latex else f"({inner})"
        return inner

    def __str__(self) -> str:
        left, right = self._side(self.left, False, False), self._side(self.right, False, True)
        return f"{left} {SHOWN[self.op]} {right}"

    def latex(self) -> str:
        symbol = {"+": "+", "-": "-", "*": r"\times", "/": r"\div"}[self.op]
        left, right = self._side(self.left, True, False), self._side(self.right, True, True)
        return f"{left} {symbol} {right}"


def _reading_of(sequence: str | CardSequence, any_numbers: bool) -> _Reading:
    """A sequence after all its modifiers, every card checked against the rules."""
    items = _sequence_items(sequence, any_numbers)
    reading = _Reading(items[0].number, (), "", False, "starter")
    for item in items[1:]:
        error = _grammar_error(reading, item)
        if error is not None:
            raise error
        reading = _advance(reading, item)
    return reading


def to_expression(
    sequence: str | CardSequence, *, any_numbers: bool = False
) -> ExpressionLeaf | ExpressionNode:
    """The left-deep expression tree of a sequence after its modifiers.

    The project's :mod:`cardmath.expr` trees cannot hold it (their numbers are never
    negative, while a ``[-2]`` starter is, and their ``÷`` must divide exactly, while
    Sequences rounds), so this is a small tree of its own with ``str`` and ``latex()``.

    >>> tree = to_expression("[4] + 2 cancel * 5 invert * 2 swap =")
    >>> str(tree), tree.latex(), tree.evaluate()
    ('4 × 5 ÷ 2', '4 \\\\times 5 \\\\div 2', 10)
    >>> str(to_expression("[-2] - 3 * 4"))
    '(−2 − 3) × 4'
    """
    reading = _reading_of(sequence, any_numbers)
    tree: ExpressionLeaf | ExpressionNode = ExpressionLeaf(reading.start, f"[{reading.start}]")
    for op, number in reading.pairs:
        tree = ExpressionNode(op, tree, ExpressionLeaf(number, str(number)))
    return tree


def conventional_expression(
    sequence: str | CardSequence, *, any_numbers: bool = False
) -> ExpressionLeaf | ExpressionNode:
    """The same cards (after the modifiers) read with the usual order of operations:
    × and ÷ first, left to right, then + and −, left to right. This is how a calculator
    reads them.

    >>> str(conventional_expression("[2] - 8 / 4 * 3 + 5"))
    '2 − 8 ÷ 4 × 3 + 5'
    >>> conventional_expression("[2] - 8 / 4 * 3 + 5").left.right
    ExpressionNode(op='*', left=ExpressionNode(op='/', left=ExpressionLeaf(value=8, label='8'), right=ExpressionLeaf(value=4, label='4')), right=ExpressionLeaf(value=3, label='3'))
    """
    reading = _reading_of(sequence, any_numbers)
    terms: list[tuple[str, ExpressionLeaf | ExpressionNode]] = []
    sign = "+"
    product: ExpressionLeaf | ExpressionNode = ExpressionLeaf(reading.start, f"[{reading.start}]")
    for op, number in reading.pairs:
        leaf = ExpressionLeaf(number, str(number))
        if op in "*/":
            product = ExpressionNode(op, product, leaf)
        else:
            terms.append((sign, product))
            sign, product = op, leaf
    terms.append((sign, product))
    tree = terms[0][1]
    for sign, term in terms[1:]:
        tree = ExpressionNode(sign, tree, term)
    return tree


def conventional_value(
    sequence: str | CardSequence, division: str = "truncate", *, any_numbers: bool = False
) -> int:
    """The value the same expression would have with the usual order of operations
    (× and ÷ before + and −), for comparison with the game's left-to-right value. Its
    divisions are the game's whole-number divisions; :meth:`ExpressionNode.exact` gives
    a calculator's exact answer.

    >>> conventional_value("[4] + 2 * 5"), conventional_value("[2] - 8 / 4 * 3")
    (14, -4)
    """
    _check_division(division)
    return conventional_expression(sequence, any_numbers=any_numbers).evaluate(division)
