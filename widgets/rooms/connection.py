"""The one store every room page of a server opens (once per kernel).

The store's address is the server's configuration, never the page's: ``CARDMATH_ROOMS``
(``sqlite:///path/rooms.sqlite`` or ``postgresql://...``), else a SQLite file in the
class's data folder (:func:`cardmath.rooms.default_url`). Every kernel the class server
starts inherits the same environment, so every page reads the same rooms.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

__all__ = ["class_store"]

_opened: dict[str, Any] = {}
_lock = threading.Lock()


def class_store(url: str | None = None) -> Any:
    """The rooms' store at ``url`` (default: the server's), opened once per kernel."""
    from cardmath.rooms import default_url, open_store

    url = url or default_url()
    with _lock:
        if url not in _opened:
            if url.startswith("sqlite:///"):
                Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
            _opened[url] = open_store(url)
        return _opened[url]
