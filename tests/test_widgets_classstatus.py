"""The class server's status on the teacher's page (:mod:`widgets.classstatus`).

The panel is fed a status payload as ``/cardmath/status`` serves it
(:meth:`deploy.classpools.FollowingKernelManager.status`); the teacher reads kernels in
use, warm, waiting (with how soon a page that never connected gives its kernel back) and
memory, and sees new figures without touching the page.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import ipywidgets as w
import pytest

from tests.waiting import eventually
from widgets.classstatus import class_status_panel, fetch_status, status_html
from widgets.frame.query import SERVER_CODE_VARIABLE

PAYLOAD: dict[str, Any] = {
    "in_use": 28,
    "waiting": 1,
    "idle": 0,
    "warm": 2,
    "starting": 0,
    "kernel_mb": 1950,
    "server_mb": 140,
    "followed": "sum15-dashboard.ipynb",
    "room_seats": 0,
    "pools": {"sum15-dashboard.ipynb": 30},
    "class_size": 30,
    "loading_grace": 300,
    "time": 1_790_000_000,
}


def text_of(html: str) -> str:
    """What the teacher reads: the HTML's text, tags dropped."""
    import re

    return " ".join(re.sub(r"<[^>]+>", "", html).split())


def test_the_teacher_reads_every_figure_of_the_status() -> None:
    panel = class_status_panel(refresh_seconds=0, fetch=lambda: PAYLOAD)
    shown = text_of(panel.children[0].value)
    assert "28 in use" in shown
    assert "2 warm" in shown
    assert "1 waiting (a page that never connected: released within 5 min)" in shown
    assert "kernels 1950 MB" in shown and "server 140 MB" in shown
    assert "warm for sum15-dashboard.ipynb" in shown
    panel.close()


def test_nothing_waiting_needs_no_note_about_the_grace() -> None:
    shown = text_of(status_html({**PAYLOAD, "waiting": 0}))
    assert "0 waiting" in shown and "released" not in shown


def test_the_panel_refreshes_by_itself_and_on_its_button() -> None:
    served = [dict(PAYLOAD)]
    panel = class_status_panel(refresh_seconds=0.05, fetch=lambda: served[-1])
    line, refresh = panel.children
    served.append({**PAYLOAD, "in_use": 29, "waiting": 0})
    eventually(lambda: "29 in use" in text_of(line.value))
    assert "released" not in text_of(line.value)
    panel.close()
    line.close()  # a closed page: the panel stops asking
    refresh.close()


def test_the_button_refreshes_at_once() -> None:
    served = [dict(PAYLOAD)]
    panel = class_status_panel(refresh_seconds=0, fetch=lambda: served[-1])
    line, refresh = panel.children
    served.append({**PAYLOAD, "kernel_mb": 2010})
    assert "kernels 1950 MB" in text_of(line.value)
    refresh.click()
    assert "kernels 2010 MB" in text_of(line.value)


def test_without_a_class_server_the_panel_says_so() -> None:
    panel = class_status_panel(refresh_seconds=0, fetch=lambda: None)
    assert "No class server" in panel.children[0].value


def test_a_name_in_the_status_is_shown_as_text() -> None:
    html = status_html({**PAYLOAD, "followed": "<img src=x onerror=alert(1)>"})
    assert "<img" not in html and "&lt;img" in html


@pytest.fixture
def status_server() -> Iterator[tuple[int, list[str]]]:
    asked: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            body = json.dumps(PAYLOAD).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], asked
    finally:
        server.shutdown()
        server.server_close()


def test_the_status_is_asked_of_the_class_server_with_the_class_code(
    status_server: tuple[int, list[str]],
) -> None:
    port, asked = status_server
    environ = {SERVER_CODE_VARIABLE: "k7qm2x", "VOILA_APP_PORT": str(port)}
    assert fetch_status(environ) == PAYLOAD
    assert asked == ["/cardmath/status?token=k7qm2x"]
    # a server that does not answer: no status, no error on the teacher's page
    assert fetch_status({**environ, "VOILA_APP_PORT": "1"}) is None


def test_the_teachers_page_shows_the_status_above_its_tabs(tmp_path) -> None:
    from widgets.progress.teacher import teacher_page
    from widgets.rooms.connection import class_store

    store = class_store(f"sqlite:///{tmp_path / 'class.sqlite'}")
    gate = teacher_page(store)
    if not gate.opened:  # a teacher's code set in this environment
        gate.code_box.value = gate.code
        gate.unlock()
    [page] = gate.children
    assert isinstance(page, w.VBox)
    status, tabs = page.children
    assert "cm-class-status-panel" in status._dom_classes
    assert isinstance(tabs, w.Tab)
    tabs.children[1].stop()  # the Progress view's watch
    for widget in (*status.children, status):
        widget.close()  # the status panel stops asking once its line is closed
