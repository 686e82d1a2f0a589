"""What the solver accepts as a card: a number, a labelled :class:`~cardmath.expr.Num`, a
:class:`Choice` of values (Navigator's Ace: 1 or 100), or a tuple of possible values.

>>> as_choice((1, 100)).values, as_leaf(7).value
((1, 100), 7)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardmath.errors import CardMathError
from cardmath.expr import Num

__all__ = ["CardLike", "Choice", "as_choice", "as_leaf"]


@dataclass(frozen=True, slots=True)
class Choice:
    """A card that may count as one of several values (Navigator's Ace: 1 or 100).

    >>> Choice((1, 100), "A").values
    (1, 100)
    """

    values: tuple[int, ...]
    label: str | None = None

    def __post_init__(self) -> None:
        values = tuple(self.values)
        if not values:
            raise CardMathError("a card needs at least one value")
        for value in values:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise CardMathError(f"card values are whole numbers 0 or more, not {value!r}")
        object.__setattr__(self, "values", tuple(dict.fromkeys(values)))

    def __str__(self) -> str:
        if self.label is not None:
            return self.label
        return "/".join(str(value) for value in self.values)


CardLike = int | Num | Choice | tuple[int, ...]
"""Anything the solver accepts as a card: a number, a labelled :class:`Num`, a
:class:`Choice`, or a tuple of possible values."""


def as_leaf(item: int | Num) -> Num:
    """``item`` as a leaf of an expression: a whole number 0 or more, or a :class:`Num`."""
    if isinstance(item, Num):
        return item
    if isinstance(item, bool) or not isinstance(item, int):
        raise CardMathError(f"expected a whole number, not {item!r}")
    if item < 0:
        raise CardMathError(f"numbers must be 0 or more, not {item}")
    return Num(item)


def as_choice(item: CardLike) -> Choice:
    """``item`` as a :class:`Choice` of one or more values (a number has one)."""
    if isinstance(item, Choice):
        return item
    if isinstance(item, Num):
        return Choice((item.value,), item.label)
    if isinstance(item, tuple):
        return Choice(item)
    return Choice((as_leaf(item).value,))
