"""Where the page is: the browser tells the kernel its own address, once.

The projector's QR code must carry a whole link (``http://host:port/...``) to the
students' page; a kernel does not know the address its page was opened at, so
:class:`PageAddress` (an invisible anywidget) sends ``window.location.href`` back.
:func:`join_link` then builds the students' link from it.

>>> join_link("http://10.0.0.5:8866/voila/render/room-table.ipynb?room=K7QM", "K7QM")
'http://10.0.0.5:8866/voila/render/room.ipynb?room=K7QM'
>>> join_link("http://10.0.0.5:8866/?token=abc123", "K7QM", class_url=True)
'http://10.0.0.5:8866/voila/render/room.ipynb?room=K7QM&token=abc123'
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

import anywidget
import traitlets

from widgets.components.shared import set_display

__all__ = ["PageAddress", "join_link"]

_ESM = """
function render({ model, el }) {
  el.classList.add("cm-page-address");
  if (model.get("href") !== window.location.href) {
    model.set("href", window.location.href);
    model.save_changes();
  }
}
export default { render };
"""


class PageAddress(anywidget.AnyWidget):
    """The page's address (``href``), filled in by the browser when the page draws it."""

    _esm = _ESM
    href = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        set_display(self, "none")


def join_link(href: str, code: str, *, class_url: bool = False) -> str:
    """The students' link to room ``code``: beside this page (``room.ipynb``), or, from the
    class link (``class_url=True``), on that server with the class code kept."""
    parts = urlsplit(href)
    query: dict[str, str] = {"room": code}
    if class_url:
        path = parts.path.rstrip("/") + "/voila/render/room.ipynb"
        token = parse_qs(parts.query).get("token")
        if token:
            query["token"] = token[0]
    else:
        folder = parts.path.rsplit("/", 1)[0]
        path = f"{folder}/room.ipynb"
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(query), ""))
