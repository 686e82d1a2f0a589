"""Whole-number roots and logarithms: which partner makes ``a ^ b`` equal a target.

>>> list(exponents(3, 81, _NoValues(), 0)), list(bases(2, 49, _NoValues(), 0))
([4], [7, -7])
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Protocol

__all__ = ["ValueSource", "bases", "exponents", "integer_root"]


class ValueSource(Protocol):
    """Where the special cases (``1 ^ e``, ``b ^ 0``...) find every candidate partner."""

    def charged_values(self, mask: int) -> frozenset[int]:
        """The values of the numbers in ``mask``, charged to the search's budget."""
        ...


class _NoValues:
    def charged_values(self, mask: int) -> frozenset[int]:
        return frozenset()


def integer_root(number: int, degree: int) -> int | None:
    """The whole number r >= 0 with r ** degree == number (number >= 0, degree >= 2), if any.

    >>> integer_root(3**500, 100), integer_root(2**64 + 1, 2), integer_root(7**300, 3) == 7**100
    (243, None, True)
    """
    if number < 2:
        return number
    bits = number.bit_length()
    if degree >= bits:  # 2 ** degree > number already
        return None
    if ((number & -number).bit_length() - 1) % degree:
        return None  # the 2s of a power come in groups of ``degree``
    if degree == 2:
        root = math.isqrt(number)
        return root if root * root == number else None
    if bits - degree > 1000:
        # a close start from the leading bits (a float), then Newton's method from above
        shift = (bits - 100) // degree * degree
        top = number >> shift
        if top.bit_length() > 1000:
            root = 1 << -(-bits // degree)
        else:
            root = (int(top ** (1.0 / degree)) + 2) << (shift // degree)
            root += (root >> 40) + 1  # make sure the start is not below the root
    elif bits <= 1000:
        root = int(number ** (1.0 / degree)) + 2
        root += (root >> 40) + 1
    else:
        root = 1 << -(-bits // degree)
    while True:
        better = ((degree - 1) * root + number // root ** (degree - 1)) // degree
        if better >= root:
            break
        root = better
    return root if root**degree == number else None


def exponents(base: int, target: int, source: ValueSource, other: int) -> Iterator[int]:
    """Exponents e with base ^ e == target (from ``other``'s values in the special cases)."""
    if base in (0, 1, -1) or target in (0, 1, -1):
        if base == 1:  # 1 ^ e = 1 for every e
            if target == 1:
                yield from source.charged_values(other)
        elif base == -1:  # -1 ^ e = 1 or -1 by the parity of e
            if target in (1, -1):
                odd = target == -1
                yield from (e for e in source.charged_values(other) if (e % 2 == 1) == odd)
        elif base == 0:  # 0 ^ e = 0 for e >= 1 (0 ^ 0 and 0 ^ -1 are not allowed)
            if target == 0:
                yield from (e for e in source.charged_values(other) if e > 0)
        elif target == 1:  # |base| >= 2: only e = 0 makes 1, and nothing makes 0 or -1
            yield 0
        return
    # |base| >= 2 and |target| >= 2: the exponent is positive and unique
    magnitude, size = abs(target), abs(base)
    if magnitude % size:
        return  # a power of the base is a multiple of it
    low, high = 1, magnitude.bit_length() // (size.bit_length() - 1) + 1
    while low <= high:
        middle = (low + high) // 2
        value = size**middle
        if value == magnitude:
            yield middle
            return
        if value < magnitude:
            low = middle + 1
        else:
            high = middle - 1


def bases(exponent: int, target: int, source: ValueSource, other: int) -> Iterator[int]:
    """Bases b with b ^ exponent == target (from ``other``'s values in the special cases)."""
    if exponent == 1:
        yield target
        return
    if exponent == 0:  # b ^ 0 = 1 for every b but 0
        if target == 1:
            yield from (base for base in source.charged_values(other) if base != 0)
        return
    if exponent < 0 or target in (0, 1, -1):
        # only 1 and -1 have whole negative powers; b ^ e (e >= 2) is 0, 1 or -1 only
        # for b = 0, 1 or -1
        even = exponent % 2 == 0
        if target == 0 and exponent > 0:
            yield 0
        elif target == 1:
            yield 1
            if even:
                yield -1
        elif target == -1 and not even:
            yield -1
        return
    if target < 0:
        if exponent % 2:
            root = integer_root(-target, exponent)
            if root is not None:
                yield -root
        return
    root = integer_root(target, exponent)
    if root is not None:
        yield root
        if exponent % 2 == 0:
            yield -root
