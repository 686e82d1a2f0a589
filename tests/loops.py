"""Running a coroutine to its end from a test, whatever ran before in the same worker.

A pytest session that runs the unit tests and the browser tests together (plain
``pytest``; the make targets run them apart) may run a unit test in a worker that has
driven Chromium. Playwright's sync API keeps its event loop marked as running in that
thread for the rest of the session, and ``asyncio.run`` refuses to start another there
("cannot be called from a running event loop"). :func:`run_to_end` gives the coroutine a
thread and an event loop of its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_to_end(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` in a thread of its own; its result, or its exception.

    >>> async def answer() -> int:
    ...     return 42
    >>> run_to_end(answer())
    42

    It runs where ``asyncio.run`` would refuse, under an event loop that is running:

    >>> async def under_a_running_loop() -> int:
    ...     return run_to_end(answer())
    >>> run_to_end(under_a_running_loop())
    42
    """
    with ThreadPoolExecutor(1, thread_name_prefix="test-loop") as thread:
        return thread.submit(asyncio.run, coroutine).result()
