"""Subcommands of ``python -m cardmath``: each module here has ``register(subparsers)``.

:func:`number` is the argparse type of every number typed on the command line: digits
0-9 only, within bounds, refused in a sentence that quotes a short prefix.

>>> number("a seed", 0, 999)("７")
Traceback (most recent call last):
  ...
argparse.ArgumentTypeError: a seed is a whole number from 0 to 999, written with the digits 0-9, not '７'
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from cardmath.errors import CardMathError, read_whole_number


def number(what: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (see
    :func:`cardmath.errors.read_whole_number`).

    >>> number("a count", 1, 20)("8")
    8
    """

    def read(text: str) -> int:
        try:
            return read_whole_number(text, what, low=low, high=high)
        except CardMathError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    read.__name__ = what  # argparse names the type in its messages
    return read
