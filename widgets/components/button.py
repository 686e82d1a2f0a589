"""A button that acts once per press, however it is pressed.

An ipywidgets ``Button`` sends one click event per DOM click, so a double click deals
two games or picks two cards. :class:`ActionButton` is a real ``<button>`` (keyboard and
screen readers work as usual) whose page side ignores the second click of a double
click and stays busy until the kernel has handled the press: one press, one action.

>>> pressed = []
>>> deal = ActionButton(description="Deal", css="cm-deal-button")
>>> deal.on_click(lambda _button: pressed.append("deal"))
>>> deal.click(); pressed
['deal']
>>> deal.disabled = True
>>> deal.click(); pressed
['deal']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from widgets.components.frontend import front_end
from widgets.components.shared import shared_layout

HERE = Path(__file__).parent

__all__ = ["ActionButton", "button"]


class ActionButton(anywidget.AnyWidget):
    """A button: ``description``, ``tooltip``, ``disabled``, ``button_style`` (``""``,
    ``"primary"``, ``"success"``, ``"warning"``, ``"danger"``), ``css`` (a class on the
    ``<button>`` for styles and tests) and ``aria_label``. ``on_click(handler)`` calls
    ``handler(button)`` once per press; :meth:`click` presses it from Python."""

    _esm = front_end(HERE / "button.js")

    description = traitlets.Unicode("").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    button_style = traitlets.Unicode("").tag(sync=True)
    css = traitlets.Unicode("").tag(sync=True)
    aria_label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        self._handlers: list[Callable[[ActionButton], object]] = []
        kwargs.setdefault("layout", shared_layout())  # styled by its CSS classes
        super().__init__(**kwargs)
        for name in self.css.split():
            self.add_class(name)
        self.on_msg(self._receive)

    def on_click(self, handler: Callable[[ActionButton], object], remove: bool = False) -> None:
        """Call ``handler(self)`` on every press (``remove=True`` stops that)."""
        if remove:
            self._handlers.remove(handler)
        else:
            self._handlers.append(handler)

    def click(self) -> None:
        """Press the button from Python: exactly what a press in the page does."""
        if self.disabled:
            return
        for handler in list(self._handlers):
            handler(self)

    def _receive(self, _widget: Any, content: Mapping[str, Any], _buffers: Any) -> None:
        if not isinstance(content, Mapping) or content.get("event") != "press":
            return
        try:
            self.click()
        finally:
            self.send({"event": "done"})


def button(
    label: str, css: str, action: Callable[[], object], *, style: str = "", tooltip: str = ""
) -> ActionButton:
    """An :class:`ActionButton` with a CSS class calling ``action()`` once per press.

    >>> calls = []
    >>> b = button("Next round", "cm-move-next", lambda: calls.append(1), style="primary")
    >>> b.click(); b.button_style, calls
    ('primary', [1])
    """
    made = ActionButton(description=label, css=css, button_style=style, tooltip=tooltip)
    made.on_click(lambda _b: action())
    return made
