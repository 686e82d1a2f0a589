"""Boxes whose children are made afresh at every draw, without piling up widgets.

A figure, a move button or a claim button is a new widget each time a view is drawn.
Replacing a box's children does not close the old ones: each stays alive in the kernel
and in the page (with its Layout and Style, three models for a figure), so a lesson of
clicks piles up thousands of widget models, and a reload has to send them all.
:func:`show_fresh` puts the new children in and closes every widget of the old ones
that the new ones do not show again (a persistent widget inside, such as a timer moved
into a new box, is kept).

>>> import ipywidgets as w

from widgets.components.shared import is_shared
>>> from ipywidgets.widgets.widget import _instances
>>> box, timer = w.HBox(), w.HTML("0:30")
>>> show_fresh(box, [w.HTML("Target"), w.VBox([w.HTML("Time"), timer])])
>>> before = len(_instances)
>>> for _ in range(10):
...     show_fresh(box, [w.HTML("Target"), w.VBox([w.HTML("Time"), timer])])
>>> len(_instances) == before, timer.comm is not None
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import ipywidgets as w

from widgets.components.shared import is_shared

__all__ = ["show_fresh"]


def _tree(widget: w.Widget) -> Iterator[w.Widget]:
    """``widget``, its children (for boxes) and every part (Layout, Style) below it."""
    yield widget
    for child in getattr(widget, "children", ()) or ():
        if isinstance(child, w.Widget):
            yield from _tree(child)
    for part in ("layout", "style"):
        value = getattr(widget, part, None)
        if isinstance(value, w.Widget) and not is_shared(value):  # others still use it
            yield value


def show_fresh(box: w.Box, children: Iterable[w.Widget]) -> None:
    """Show ``children`` in ``box``; close the widgets of its old children not shown again."""
    new = tuple(children)
    old = box.children
    box.children = new
    kept = {id(widget) for child in new for widget in _tree(child)}
    for child in old:
        for widget in _tree(child):
            if id(widget) not in kept:
                widget.close()
