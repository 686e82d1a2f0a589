"""Keeps a JSON value in the browser's own storage, so work survives a reload.

:class:`BrowserStore` is an invisible anywidget that works the same in Voilà and in
JupyterLite (no server needed): whenever ``key`` is set and the page draws it, the
browser reads ``localStorage[key]`` and reports it back as ``stored`` (``{"key": ...,
"value": ...}``, ``value`` ``None`` when nothing was kept); whenever Python sets
``value``, the browser writes it under ``key`` (``None`` removes it). A browser that
refuses storage (a private window with storage off) simply keeps nothing.

>>> store = BrowserStore(key="cardmath:homework:SEQ-2481-4E-2")
>>> store.save({"number": 2})
>>> store.value
{'number': 2}
>>> store.loaded() is None  # the browser has not answered yet
True
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from widgets.components.shared import set_display

__all__ = ["BrowserStore"]

_ESM = """
function storage() {
  try { return window.localStorage; } catch (error) { return null; }
}
function render({ model, el }) {
  el.classList.add("cm-browser-store");
  let ready = null;
  function load() {
    const key = model.get("key");
    const store = storage();
    let value = null;
    if (key && store) {
      try {
        const text = store.getItem(key);
        value = text === null ? null : JSON.parse(text);
      } catch (error) { value = null; }
    }
    ready = key;
    model.set("stored", { key: key, value: value });
    model.save_changes();
  }
  function save() {
    const key = model.get("key");
    const store = storage();
    if (!key || !store || ready !== key) return;
    const value = model.get("value");
    try {
      if (value === null) store.removeItem(key);
      else store.setItem(key, JSON.stringify(value));
    } catch (error) { /* storage full or refused: nothing kept */ }
  }
  model.on("change:key", load);
  model.on("change:value", save);
  load();
  return () => { model.off("change:key", load); model.off("change:value", save); };
}
export default { render };
"""


class BrowserStore(anywidget.AnyWidget):
    """A JSON ``value`` kept in the browser under ``key``; ``stored`` is what the
    browser found there when it opened the key."""

    _esm = _ESM
    key = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Any(None, allow_none=True).tag(sync=True)
    stored = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        set_display(self, "none")

    def save(self, value: Any) -> None:
        """Keep ``value`` (JSON: dicts, lists, text, numbers) under the current key."""
        self.value = value

    def loaded(self) -> Any:
        """What the browser found under the current key (``None``: nothing, or not
        asked yet)."""
        stored = self.stored
        if not stored or stored.get("key") != self.key:
            return None
        return stored.get("value")
