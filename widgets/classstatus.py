"""The class server's status on the teacher's page: kernels in use, waiting, warm, memory.

The class server (``make serve CLASS=..``) serves its status as JSON at
``/cardmath/status`` to its own machine only; a kernel of the teacher's page runs on that
machine and asks with the class code it was given. :func:`class_status_panel` shows it
and refreshes it every few seconds (and on its button); the teacher's page
(``lessons/teacher.ipynb``) shows it above its tabs::

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
import time
import urllib.request
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as w

from widgets.components.button import button
from widgets.frame.query import SERVER_CODE_VARIABLE

__all__ = ["class_status_panel", "fetch_status", "status_html", "status_text"]

REFRESH_SECONDS = 5
"""How often the teacher's page asks the class server for its status."""
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


def grace_text(seconds: float) -> str:
    """How long a waiting kernel is kept, in the teacher's words.

    >>> grace_text(300), grace_text(90), grace_text(45)
    ('5 min', '2 min', '45 s')
    """
    return f"{round(seconds / 60)} min" if seconds >= 90 else f"{round(seconds)} s"


def status_text(status: Mapping[str, Any]) -> str:
    """One line for the teacher (see the module's example)."""
    waiting = f"{status['waiting']} waiting"
    if status["waiting"] and status.get("loading_grace"):
        waiting += f" (released within {grace_text(status['loading_grace'])})"
    parts = [
        f"{status['in_use']} in use",
        waiting,
        f"{status['idle']} idle",
        f"{status['warm']} warm",
        f"{status['starting']} starting",
        f"kernels {status['kernel_mb']} MB",
        f"server {status['server_mb']} MB",
    ]
    if status.get("followed"):
        parts.append(f"warm for {status['followed']}")
    return " · ".join(parts)


def status_html(status: Mapping[str, Any]) -> str:
    """The status as the teacher's page shows it: the figures large, each named.

    >>> html = status_html({"in_use": 3, "waiting": 1, "idle": 0, "warm": 2, "starting": 0,
    ...     "kernel_mb": 250, "server_mb": 110, "loading_grace": 300, "time": 0})
    >>> "<b>3</b> in use" in html, "released within 5 min" in html
    (True, True)
    """
    waiting_note = ""
    if status["waiting"] and status.get("loading_grace"):
        waiting_note = (
            ' <span class="cm-class-status-note">(a page that never connected: released'
            f" within {grace_text(status['loading_grace'])})</span>"
        )
    items = [
        ("cm-class-status-in-use", f"<b>{int(status['in_use'])}</b> in use"),
        ("cm-class-status-warm", f"<b>{int(status['warm'])}</b> warm"),
        ("cm-class-status-waiting", f"<b>{int(status['waiting'])}</b> waiting{waiting_note}"),
        ("cm-class-status-idle", f"<b>{int(status['idle'])}</b> idle"),
        ("cm-class-status-starting", f"<b>{int(status['starting'])}</b> starting"),
        (
            "cm-class-status-memory",
            f"memory: kernels <b>{int(status['kernel_mb'])} MB</b>,"
            f" server <b>{int(status['server_mb'])} MB</b>",
        ),
    ]
    if status.get("followed"):
        items.append(("cm-class-status-followed", f"warm for {escape(str(status['followed']))}"))
    when = ""
    if status.get("time"):
        when = time.strftime("%H:%M:%S", time.localtime(int(status["time"])))
        when = f' <span class="cm-class-status-time">(at {when})</span>'
    cells = " · ".join(f'<span class="{css}">{text}</span>' for css, text in items)
    return f'<div class="cm-class-status-line">Class server: {cells}{when}</div>'


def class_status_panel(
    refresh_seconds: float = REFRESH_SECONDS,
    fetch: Callable[[], Mapping[str, Any] | None] = fetch_status,
) -> w.HBox:
    """The status line with a Refresh button, refreshed every ``refresh_seconds`` (from
    ``fetch``, the class server's ``/cardmath/status`` by default) while it is shown.

    >>> panel = class_status_panel(refresh_seconds=0)  # no class server here
    >>> "No class server" in panel.children[0].value
    True
    """
    line = w.HTML()
    line.add_class("cm-class-status")

    def refresh() -> None:
        status = fetch()
        line.value = status_html(status) if status else escape(NOT_A_CLASS)

    refresh()
    panel = w.HBox([line, button("Refresh", "cm-class-status-refresh", refresh)])
    panel.add_class("cm-class-status-panel")
    if refresh_seconds > 0:
        stop = threading.Event()

        def keep_fresh() -> None:
            while not stop.wait(refresh_seconds) and line.comm is not None:
                try:
                    refresh()
                except Exception:  # a payload the page cannot read: try again next time
                    continue

        threading.Thread(target=keep_fresh, daemon=True, name="class-status").start()
    return panel
