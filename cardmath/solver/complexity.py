"""How hard a solution is: :func:`complexity`, and the order solutions are listed in.

Each operation costs its :data:`OPERATION_WEIGHT`; long or negative intermediate results
and results held in your head cost more (see ``docs/arithmetic.md``).

>>> from cardmath.expr import parse
>>> rank_key(parse("3 + 2 + 1"))[:2], rank_key(parse("3 * 2 * 1"))[:2]
((2, 2), (6, 2))
"""

from __future__ import annotations

from collections.abc import Iterable

from cardmath.expr import BinOp, Expr, calculation_steps, digit_count
from cardmath.solver.normal import NormalForm, normal_form

__all__ = ["FORM_WEIGHT", "OPERATION_WEIGHT", "RankKey", "complexity", "complexity_of", "rank_key"]

OPERATION_WEIGHT: dict[str, int] = {"+": 1, "-": 2, "*": 3, "/": 4, "^": 6}
"""How hard each operation is for a student, in the ranking (gentlest first)."""

FORM_WEIGHT: dict[str, int] = {"+": 1, "-": 1, "*": 3, "/": 3, "^": 6}
"""The least an operation of each kind adds to :func:`complexity`, whatever the tree: two
trees of one solution may differ in ``+`` against ``−`` (``a − (b + c)`` and
``a − b − c``) or ``×`` against ``÷``, never in how many operations of each kind."""

RankKey = tuple[int, int, NormalForm]
"""(complexity, operations, normal form): simplest first, then a fixed order."""


def complexity_of(steps: Iterable[tuple[str, int]], held_results: int) -> int:
    """The complexity of a calculation given as its steps (operation, result) and how
    many operations have a calculation on their right (see :func:`complexity`)."""
    score = 2 * held_results
    for op, value in steps:
        score += OPERATION_WEIGHT[op]
        if value < 0:
            score += 3
        if not -100 < value < 100:
            score += digit_count(value) - 2
    return score


def complexity(expr: Expr) -> int:
    """How hard an expression is to find and to follow; smaller is simpler.

    Each operation costs its :data:`OPERATION_WEIGHT` (+ 1, − 2, × 3, ÷ 4, ^ 6); each
    intermediate result costs 1 per digit beyond two (3 more if it is negative); and an
    operation whose right side is itself a calculation costs 2 more (a second result to
    hold in your head). Raises :class:`ExpressionError` for an illegal expression.

    >>> from cardmath.expr import parse
    >>> complexity(parse("(11 - 7) * 8")), complexity(parse("8 * (11 - 7)"))
    (5, 7)
    """
    steps = [(step.op, step.value) for step in calculation_steps(expr)]
    held = 0
    pending = [expr]
    while pending:
        node = pending.pop()
        if isinstance(node, BinOp):
            held += isinstance(node.right, BinOp)
            pending.extend((node.left, node.right))
    return complexity_of(steps, held)


def rank_key(expr: Expr) -> RankKey:
    """Simplest first: complexity, then fewer operations, then a fixed order."""
    return (complexity(expr), len(calculation_steps(expr)), normal_form(expr))
