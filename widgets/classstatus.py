"""The class server's status on the teacher's page: kernels in use, waiting, warm, memory.

The class server (``make serve CLASS=..``) serves its status as JSON at
``/cardmath/status`` to its own machine only; a kernel of the teacher's page runs on that
machine and asks with the class code it was given. :func:`class_status_panel` shows it
and refreshes it every minute (and on its button)::

    from widgets.classstatus import class_status_panel
    class_status_panel()

>>> print(status_text({"in_use": 28, "waiting": 1, "idle": 0, "warm": 2, "starting": 0,
...     "kernel_mb": 1950, "server_mb": 140, "followed": "sum15-dashboard.ipynb"}))
28 in use · 1 waiting · 0 idle · 2 warm · 0 starting · kernels 1950 MB · server 140 MB · warm for sum15-dashboard.ipynb
"""

from __future__ import annotations

import json
import os
import threading
import urllib.request
from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as w

from widgets.components.button import button
from widgets.frame.query import SERVER_CODE_VARIABLE

__all__ = ["class_status_panel", "fetch_status", "status_text"]

REFRESH_SECONDS = 60
NOT_A_CLASS = (
    "No class server: the status shows when the lessons are served with make serve CLASS=.."
)


def status_url(environ: Mapping[str, str]) -> str | None:
    """Where this kernel's class server serves its status (``None``: not a class server).

    >>> status_url({"CARDMATH_SERVER_CODE": "k7qm2x", "VOILA_APP_PORT": "8866"})
    'http://127.0.0.1:8866/cardmath/status?token=k7qm2x'
    >>> status_url({}) is None
    True
    """
    code = environ.get(SERVER_CODE_VARIABLE)
    if not code:
        return None
    base = environ.get("VOILA_SERVER_URL") or environ.get("VOILA_BASE_URL") or "/"
    host = environ.get("VOILA_APP_IP", "127.0.0.1")
    port = environ.get("VOILA_APP_PORT", "8866")
    return f"http://{host}:{port}{base}cardmath/status?token={code}"


def fetch_status(environ: Mapping[str, str] | None = None) -> dict[str, Any] | None:
    """The class server's status, or ``None`` when there is none to ask."""
    url = status_url(os.environ if environ is None else environ)
    if url is None:
        return None
    try:
        with urllib.request.urlopen(url, timeout=3) as response:
            return json.loads(response.read().decode())
    except (OSError, ValueError):
        return None


def status_text(status: Mapping[str, Any]) -> str:
    """One line for the teacher (see the module's example)."""
    parts = [
        f"{status['in_use']} in use",
        f"{status['waiting']} waiting",
        f"{status['idle']} idle",
        f"{status['warm']} warm",
        f"{status['starting']} starting",
        f"kernels {status['kernel_mb']} MB",
        f"server {status['server_mb']} MB",
    ]
    if status.get("followed"):
        parts.append(f"warm for {status['followed']}")
    return " · ".join(parts)


def class_status_panel(refresh_seconds: float = REFRESH_SECONDS) -> w.HBox:
    """The status line with a Refresh button, refreshed every ``refresh_seconds``.

    >>> panel = class_status_panel(refresh_seconds=0)  # no class server here
    >>> "No class server" in panel.children[0].value
    True
    """
    line = w.HTML()
    line.add_class("cm-class-status")

    def refresh() -> None:
        status = fetch_status()
        line.value = escape(status_text(status) if status else NOT_A_CLASS)

    refresh()
    panel = w.HBox([line, button("Refresh", "cm-class-status-refresh", refresh)])
    if refresh_seconds > 0:
        stop = threading.Event()

        def keep_fresh() -> None:
            while not stop.wait(refresh_seconds) and line.comm is not None:
                refresh()

        threading.Thread(target=keep_fresh, daemon=True, name="class-status").start()
    return panel
