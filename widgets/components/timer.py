"""A round timer (5 minutes by default) that counts down in the browser.

The kernel only records when the timer started; the page does the counting, so a
projected timer keeps ticking smoothly with no traffic to the kernel.

>>> timer = RoundTimer(duration=300)
>>> timer.start(now=1000.0); timer.running, timer.started
(True, 1000000.0)
>>> timer.pause(now=1060.0); timer.running, timer.remaining
(False, 240.0)
>>> timer.reset(); timer.remaining
300.0
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from widgets.components.frontend import front_end

HERE = Path(__file__).parent

__all__ = ["RoundTimer"]


class RoundTimer(anywidget.AnyWidget):
    """Countdown of ``duration`` seconds: :meth:`start`, :meth:`pause`, :meth:`reset`.

    ``on_done(callback)`` is called once when the page sees the time run out; the page
    then shows "Time's up" until the next reset. :meth:`expire` does what the page does
    at 0:00 (for tests).
    """

    _esm = front_end(HERE / "timer.js")

    duration = traitlets.Float(300.0).tag(sync=True)
    remaining = traitlets.Float(300.0).tag(sync=True)
    running = traitlets.Bool(False).tag(sync=True)
    started = traitlets.Float(0.0).tag(sync=True)
    """Milliseconds since the epoch when the timer last started (the page's clock)."""
    finished = traitlets.Bool(False).tag(sync=True)
    """The time ran out (the page shows "Time's up" until the next reset)."""

    def __init__(self, **kwargs: Any) -> None:
        self._done: list[Callable[[], None]] = []
        super().__init__(**kwargs)
        if "remaining" not in kwargs:
            self.remaining = self.duration
        self.on_msg(self._receive)

    def start(self, now: float | None = None) -> None:
        """Start (or resume) counting down."""
        if not self.running and self.remaining > 0:
            self.finished = False
            self.started = (time.time() if now is None else now) * 1000
            self.running = True

    def pause(self, now: float | None = None) -> None:
        """Stop counting, keeping the time left."""
        if self.running:
            elapsed = (time.time() if now is None else now) - self.started / 1000
            self.remaining = max(0.0, self.remaining - elapsed)
            self.running = False

    def reset(self, duration: float | None = None) -> None:
        """Stop and set the time back to ``duration`` (or the current duration)."""
        if duration is not None:
            self.duration = duration
        self.running = False
        self.finished = False
        self.remaining = self.duration

    def on_done(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the time is up."""
        self._done.append(callback)

    def expire(self) -> None:
        """What happens when the page sees the time run out (tests call it directly)."""
        self._receive(self, {"event": "done"}, [])

    def _receive(self, _widget: Any, content: Mapping[str, Any], _buffers: Any) -> None:
        if isinstance(content, Mapping) and content.get("event") == "done":
            if not self.running:
                return  # paused or reset meanwhile: not the end of the time
            self.running = False
            self.remaining = 0.0
            self.finished = True
            for callback in list(self._done):
                callback()
