"""Which store the room screens use: one address for every kernel of the class server.

``CARDMATH_STORE`` names it (``sqlite:///path/rooms.sqlite`` or ``postgresql://...``);
without it the store is a SQLite file in the class's data folder (``CARDMATH_DATA``,
else ``~/.cardmath``), so every page the class server opens reads the same rooms.

>>> store_url({"CARDMATH_STORE": "sqlite:////tmp/class.sqlite"})
'sqlite:////tmp/class.sqlite'
>>> store_url({"CARDMATH_DATA": "/srv/class"})
'sqlite:////srv/class/rooms.sqlite'
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["DATA_VARIABLE", "STORE_VARIABLE", "class_store", "store_url"]

STORE_VARIABLE = "CARDMATH_STORE"
"""The environment variable holding the store's address."""

DATA_VARIABLE = "CARDMATH_DATA"
"""The class's data folder (the default store lives there)."""

_opened: dict[str, Any] = {}
_lock = threading.Lock()


def store_url(environ: Mapping[str, str] | None = None) -> str:
    """The store's address from the environment (see the module's note)."""
    env = os.environ if environ is None else environ
    url = env.get(STORE_VARIABLE, "").strip()
    if url:
        return url
    folder = Path(env.get(DATA_VARIABLE) or Path.home() / ".cardmath")
    return f"sqlite:///{folder / 'rooms.sqlite'}"


def class_store(url: str | None = None) -> Any:
    """The store at ``url`` (default :func:`store_url`), opened once per kernel."""
    from cardmath.rooms import open_store

    url = url or store_url()
    with _lock:
        if url not in _opened:
            if url.startswith("sqlite:///"):
                Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
            _opened[url] = open_store(url)
        return _opened[url]
