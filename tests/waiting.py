"""Waiting in tests: poll a condition until it holds, never a fixed sleep (a loaded
machine takes longer, never a different path)."""

from __future__ import annotations

import time
from collections.abc import Callable


def eventually(
    check: Callable[[], object], seconds: float = 10.0, *, what: str = "", every: float = 0.05
) -> None:
    """Return as soon as ``check()`` is true; fail after ``seconds`` saying ``what`` did
    not happen.

    >>> eventually(lambda: True)
    """
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what or 'not'} within {seconds:g} s")
        time.sleep(every)
