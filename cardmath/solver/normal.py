"""Normal forms: when two expressions are the *same* solution.

A chain of ``+`` and ``-`` is a multiset of positive and negative terms, a chain of ``*``
and ``/`` a multiset of numerator and denominator factors, and ``^`` is a plain pair. So
``11 - 7 + 2``, ``2 + 11 - 7`` and ``11 - (7 - 2)`` are one solution.

>>> from cardmath.expr import parse
>>> normal_form(parse("2 + 11 - 7")) == normal_form(parse("11 - (7 - 2)"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardmath.expr import BinOp, Expr, Num

__all__ = [
    "LEAF",
    "POWER",
    "PRODUCT",
    "SUM",
    "NormalForm",
    "canonical_tree",
    "combine_forms",
    "display_order",
    "leaf_form",
    "normal_form",
]

# leaf: (0, value, label)   sum: (1, positive terms, negative terms)
# product: (2, numerator factors, denominator factors)   power: (3, base, exponent)
# Terms and factors are sorted tuples of normal forms, so the forms compare and hash.
NormalForm = tuple[Any, ...]
LEAF, SUM, PRODUCT, POWER = 0, 1, 2, 3

Members = tuple[NormalForm, ...]
"""The terms or factors on one side of a group, sorted."""


def leaf_form(leaf: Num) -> NormalForm:
    """The normal form of one number (its label kept, so two cards stay apart)."""
    return (LEAF, leaf.value, leaf.label or "")


def _group_parts(form: NormalForm, kind: int) -> tuple[Members, Members]:
    """A form's (upper, lower) members inside a +/− or ×/÷ group of ``kind``."""
    return (form[1], form[2]) if form[0] == kind else ((form,), ())


_GROUP_OF_OP = {
    "+": (SUM, False),
    "-": (SUM, True),
    "*": (PRODUCT, False),
    "/": (PRODUCT, True),
}
"""Each grouping operator's group, and whether it moves the right side to the other part
(subtraction makes terms negative, division makes factors denominators)."""


def combine_forms(op: str, left: NormalForm, right: NormalForm) -> NormalForm:
    """The normal form of ``left op right`` from the forms of its sides."""
    group = _GROUP_OF_OP.get(op)
    if group is not None:
        kind, inverts = group
        upper, lower = _group_parts(left, kind)
        more_upper, more_lower = _group_parts(right, kind)
        if inverts:
            more_upper, more_lower = more_lower, more_upper
        return (kind, tuple(sorted(upper + more_upper)), tuple(sorted(lower + more_lower)))
    return (POWER, left, right)


def normal_form(expr: Expr) -> NormalForm:
    """The form that decides whether two expressions are the same solution.

    ``+``/``-`` chains become a sorted multiset of positive and negative terms, ``*``/``/``
    chains a sorted multiset of numerator and denominator factors; ``^`` stays a pair.

    >>> from cardmath.expr import parse
    >>> normal_form(parse("11 - (7 - 2)")) == normal_form(parse("2 + 11 - 7"))
    True
    >>> normal_form(parse("12 / (4 / 2)")) == normal_form(parse("12 * 2 / 4"))
    True
    >>> normal_form(parse("2 ^ 3")) == normal_form(parse("3 ^ 2"))
    False
    """
    if isinstance(expr, Num):
        return leaf_form(expr)
    assert isinstance(expr, BinOp)
    return combine_forms(expr.op, normal_form(expr.left), normal_form(expr.right))


def display_order(forms: Iterable[NormalForm], values: dict[NormalForm, int]) -> list[NormalForm]:
    """Compound parts first, then larger values first: ``6 × 5 + 12``, ``(11 − 7) × 8``."""
    return sorted(forms, key=lambda form: (form[0] == LEAF, -values[form], form))


def canonical_tree(form: NormalForm, values: dict[NormalForm, int]) -> Expr:
    """A left-to-right tree for a normal form: positives (numerators) first, then the rest.

    If every part is a whole number, so is every step of this tree: a product of
    numerators stays divisible by each denominator in turn. ``values`` maps each part's
    form to its value.
    """
    kind = form[0]
    if kind == LEAF:
        return Num(form[1], form[2] or None)
    if kind == POWER:
        return BinOp("^", canonical_tree(form[1], values), canonical_tree(form[2], values))
    first_op, second_op = ("+", "-") if kind == SUM else ("*", "/")
    parts = [(first_op, part) for part in display_order(form[1], values)]
    parts += [(second_op, part) for part in display_order(form[2], values)]
    tree = canonical_tree(parts[0][1], values)
    for op, part in parts[1:]:
        tree = BinOp(op, tree, canonical_tree(part, values))
    return tree
