"""A Play page is light: few widget models for the student's browser to build.

Every widget alive in the kernel is a model the page builds (and a reload sends again).
Each game's Play view is built as a student opens it (``?seed=..&mode=play``) and the
models made for it are counted, Layouts and styles included. Widgets styled by CSS
classes share one Layout and one HTML style (:mod:`widgets.components.shared`).
Before sharing, the Navigator page was 188 models (79 Layouts); the others 132-151.
Navigator's expression builder (9 models: its keys are one Keypad; 23 when each key was
a button) is made when a navigator first declares, not before: the page opens on the
draft (97 models before, 72 after).
"""

from __future__ import annotations

import gc
import threading
from collections import Counter
from pathlib import Path

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import _instances

from tests.clicks import DASHBOARDS
from widgets.components.shared import is_shared, shared_layout
from widgets.frame.store import SessionStore

TARGET = 80
CEILING = {
    "navigator": TARGET,
    "sequences": TARGET,
    "permutations": TARGET,
    "dotter": TARGET,
    "sum15": TARGET,
}


def play_page_models(name: str, store: Path) -> Counter[str]:
    """The widget models a student's Play page of ``name`` holds, by kind."""
    for widget in list(_instances.values()):
        widget.close()
    gc.collect()
    made: list[w.Widget] = []
    here = threading.get_ident()
    previous = w.Widget._widget_construction_callback
    # only what this page builds: a timer left running by another test may make widgets
    w.Widget.on_widget_constructed(
        lambda widget: threading.get_ident() == here and made.append(widget)
    )
    try:
        board = DASHBOARDS[name].from_query("seed=1001&mode=play", store=SessionStore(store))
    finally:
        w.Widget.on_widget_constructed(previous)
    gc.collect()
    assert board.comm is not None
    return Counter(type(widget).__name__ for widget in made if widget.comm is not None)


@pytest.mark.parametrize("name", sorted(DASHBOARDS))
def test_a_play_page_is_light(name: str, tmp_path: Path) -> None:
    models = play_page_models(name, tmp_path)
    total = sum(models.values())
    assert total <= CEILING[name], f"{name}: {total} models {models.most_common(6)}"
    assert models["Layout"] <= 10, f"{name}: {models['Layout']} Layouts"


def test_a_hidden_widget_gets_its_own_layout_and_the_others_stay_shown() -> None:
    from widgets.components.shared import set_display

    a, b = w.VBox(), w.VBox()
    set_display(a, "none")
    assert a.layout.display == "none" and is_shared(b.layout) and b.layout.display is None
    set_display(a, "flex")
    assert a.layout.display == "flex"
    with pytest.raises(AttributeError, match="read-only"):
        shared_layout().width = "10px"
