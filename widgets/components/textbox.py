"""A text box that knows Enter: typing syncs ``value``; Enter sends a submit.

ipywidgets' ``Text`` has no supported Enter event, so answers and expressions use this
small anywidget: a real ``<input>`` with a label for screen readers.

>>> box = TextBox(placeholder="your answer", label="answer")
>>> sent = []
>>> box.on_submit(sent.append)
>>> box.value = "14"; box.submit(); sent
['14']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import anywidget
import traitlets

__all__ = ["TextBox"]

_ESM = """
function render({ model, el }) {
  const input = document.createElement("input");
  input.type = "text";
  input.autocomplete = "off";
  input.spellcheck = false;
  el.appendChild(input);
  function draw() {
    if (input.value !== model.get("value")) input.value = model.get("value");
    input.placeholder = model.get("placeholder");
    input.setAttribute("aria-label", model.get("label"));
    input.className = `cm-textbox ${model.get("css")}`.trim();
    input.disabled = model.get("disabled");
  }
  input.addEventListener("input", () => {
    model.set("value", input.value);
    model.save_changes();
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.repeat) {
      event.preventDefault();
      model.set("value", input.value);
      model.save_changes();
      model.send({ event: "submit", value: input.value });
    }
  });
  const names = ["value", "placeholder", "label", "css", "disabled"];
  for (const name of names) model.on(`change:${name}`, draw);
  draw();
  return () => { for (const name of names) model.off(`change:${name}`, draw); };
}
export default { render };
"""


class TextBox(anywidget.AnyWidget):
    """``value`` (synced as the student types), ``placeholder``, ``label`` (for screen
    readers), ``css``, ``disabled``; ``on_submit(handler)`` hears Enter."""

    _esm = _ESM
    value = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("answer").tag(sync=True)
    css = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        self._submitted: list[Callable[[str], object]] = []
        super().__init__(**kwargs)
        self.on_msg(self._receive)

    def on_submit(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(text)`` when the student presses Enter."""
        self._submitted.append(handler)

    def submit(self) -> None:
        """What pressing Enter does (for tests)."""
        for handler in list(self._submitted):
            handler(self.value)

    def _receive(self, _widget: Any, content: Mapping[str, Any], _buffers: Any) -> None:
        if isinstance(content, Mapping) and content.get("event") == "submit":
            value = content.get("value")
            if isinstance(value, str):
                self.value = value
            self.submit()
