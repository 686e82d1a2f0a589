"""A dashboard's kernel stays flat however long the class clicks.

Each click redraws part of a Play page: buttons and card tables are made and the old
ones closed. A closed widget must leave the kernel: not only the widgets the page can
see (``ipywidgets``' ``_instances``) but every widget object still alive. Before the
widgets' front ends were given as text (:mod:`widgets.components.frontend`), anywidget
kept every closed button and card table alive: a Dotter page grew by about 350 widgets
(20 KB) every 200 clicks.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable
from pathlib import Path

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import _instances

from tests.clicks import DASHBOARDS, click_through
from widgets.components.button import ActionButton
from widgets.components.cardtable import CardTable
from widgets.components.theme import HERE as theme_folder
from widgets.components.theme import Theme, stylesheet
from widgets.components.timer import RoundTimer
from widgets.frame.store import SessionStore

WARM_UP = 60
"""Clicks before counting: every view a game shows has been drawn once."""
CLICKS = 150
SLACK = 8
"""Widgets the screen may hold more after the clicks than before (a hand with more
cards, a few more moves offered): far below one widget per click."""


def widgets_alive() -> int:
    """Widget objects alive in this process, open or closed."""
    gc.collect()
    return sum(1 for item in gc.get_objects() if isinstance(item, w.Widget))


@pytest.mark.parametrize("name", sorted(DASHBOARDS))
def test_clicks_leave_the_number_of_widgets_flat(name: str, tmp_path: Path) -> None:
    board = DASHBOARDS[name].from_query("seed=1001&mode=play", store=SessionStore(tmp_path))
    assert click_through(board, WARM_UP, seed=1) == WARM_UP
    open_before, alive_before = len(_instances), widgets_alive()
    assert click_through(board, CLICKS, seed=2) == CLICKS
    open_after, alive_after = len(_instances), widgets_alive()
    assert open_after <= open_before + SLACK, f"{name}: {open_before} -> {open_after} open"
    assert alive_after <= alive_before + SLACK, f"{name}: {alive_before} -> {alive_after} alive"
    board.close()


@pytest.mark.parametrize(
    "kind",
    [
        ActionButton,
        CardTable,
        RoundTimer,
        Theme,
        lambda: stylesheet(theme_folder / "dashboard-page.css"),
    ],
    ids=["button", "cardtable", "timer", "theme", "stylesheet"],
)
def test_a_closed_widget_is_freed(kind: Callable[[], w.Widget]) -> None:
    widget = kind()
    gone = weakref.ref(widget)
    widget.close()
    del widget
    gc.collect()
    assert gone() is None
