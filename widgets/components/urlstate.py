"""Keeps the page's address in step with the dashboard, so a reload brings it back.

:class:`UrlState` is an invisible anywidget: whenever its ``query`` changes, the page
replaces the parameters it owns (``seed``, ``mode``, ``theme``, ``game`` ...) in the
address bar with ``history.replaceState`` (no reload, no new history entry), and keeps
every other parameter (a class code, say). It does so only on a Voilà page
(``/voila/render/``): a dashboard inside a notebook lesson leaves JupyterLab's address
alone.

>>> state = UrlState()
>>> state.update(seed=2481, mode="play", game=None)
>>> state.query
'seed=2481&mode=play'
"""

from __future__ import annotations

from urllib.parse import urlencode

import anywidget
import traitlets

from widgets.components.shared import set_display

__all__ = ["UrlState"]

_ESM = """
function render({ model, el }) {
  el.classList.add("cm-url-state");
  function sync() {
    if (!window.location.pathname.includes("/voila/render/")) return;
    const params = new URLSearchParams(window.location.search);
    for (const key of model.get("owned")) params.delete(key);
    const ours = new URLSearchParams(model.get("query"));
    for (const [key, value] of ours) params.set(key, value);
    const text = params.toString();
    const url = window.location.pathname + (text ? "?" + text : "") + window.location.hash;
    if (url !== window.location.pathname + window.location.search + window.location.hash) {
      window.history.replaceState(window.history.state, "", url);
    }
  }
  model.on("change:query", sync);
  sync();
  return () => model.off("change:query", sync);
}
export default { render };
"""


class UrlState(anywidget.AnyWidget):
    """The dashboard's part of the page address (``query``) and the keys it owns."""

    _esm = _ESM
    query = traitlets.Unicode("").tag(sync=True)
    owned = traitlets.List(
        traitlets.Unicode(),
        default_value=["seed", "mode", "theme", "game", "bots", "players", "length"],
    ).tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._values: dict[str, str] = {}
        set_display(self, "none")

    def update(self, **values: object) -> None:
        """Set (or, with ``None``, remove) parameters; the page address follows."""
        for key, value in values.items():
            if value is None or value == "":
                self._values.pop(key, None)
            else:
                self._values[key] = str(value)
        self.query = urlencode(self._values)
