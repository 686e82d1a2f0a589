"""A row of keys drawn by one widget, each key acting once per press.

The expression builder's signs, brackets, Backspace and Clear were nine buttons, nine
widget models (and a box) for the page to build each time a student declares.
:class:`Keypad` draws them all as one model: each key is still a real ``<button>`` (the
keyboard and screen readers work as usual) whose page side ignores the second click of a
double click and stays busy until the kernel has handled the press, as
:class:`~widgets.components.button.ActionButton` does.

>>> pressed = []
>>> pad = Keypad(keys=[Key("+", "+", "plus"), Key("clear", "Clear")], css="cm-builder-keys")
>>> pad.on_press(pressed.append)
>>> pad.press("+"); pad.press("clear"); pressed
['+', 'clear']
>>> pad.press("nothing"); pad.disabled = True; pad.press("+"); pressed
['+', 'clear']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from widgets.components.frontend import front_end
from widgets.components.shared import shared_layout

HERE = Path(__file__).parent

__all__ = ["Key", "Keypad"]


@dataclass(frozen=True)
class Key:
    """One key: what :meth:`Keypad.press` is given, its text, what a screen reader says
    (empty: its text) and CSS classes on its ``<button>``."""

    key: str
    label: str
    aria: str = ""
    css: str = "cm-key"


class Keypad(anywidget.AnyWidget):
    """Keys in a row: ``keys`` (:class:`Key` s, kept as ``buttons``), ``disabled``, ``label`` (the
    group's name for screen readers) and ``css`` (classes on the widget).
    ``on_press(handler)`` calls ``handler(key)`` once per press; :meth:`press` presses a
    key from Python."""

    _esm = front_end(HERE / "keypad.js")

    buttons = traitlets.List(traitlets.Dict()).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("keys").tag(sync=True)

    def __init__(self, *, keys: Sequence[Key] = (), css: str = "", **kwargs: Any) -> None:
        self._handlers: list[Callable[[str], object]] = []
        kwargs.setdefault("layout", shared_layout())  # styled by its CSS classes
        super().__init__(buttons=[asdict(key) for key in keys], **kwargs)
        for name in css.split():
            self.add_class(name)
        self.on_msg(self._receive)

    def on_press(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(key)`` on every press of a key."""
        self._handlers.append(handler)

    def press(self, key: str) -> None:
        """Press ``key`` from Python: exactly what a press in the page does (nothing for a
        key the pad does not have, or while it is disabled)."""
        if self.disabled or key not in {k["key"] for k in self.buttons}:
            return
        for handler in list(self._handlers):
            handler(key)

    def _receive(self, _widget: Any, content: Mapping[str, Any], _buffers: Any) -> None:
        if not isinstance(content, Mapping) or content.get("event") != "press":
            return
        key = content.get("key")
        if not isinstance(key, str):
            return
        try:
            self.press(key)
        finally:
            self.send({"event": "done", "key": key})
