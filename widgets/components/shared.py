"""One Layout and one HTML style for every widget that needs none of its own.

Every ipywidgets widget brings a ``Layout`` model (and an HTML label an ``HTMLStyle``),
each a model the student's browser builds and the kernel keeps: on a Play page they were
more than half of the models. Widgets styled by the dashboard's CSS classes share
:func:`shared_layout` and :func:`shared_html_style` instead. Both are read-only: a
widget whose layout changes (shown, hidden, sized) is given its own, and changing a
shared one raises at once rather than changing every widget that shares it.

>>> import ipywidgets as w
>>> a, b = label("one"), label("two")
>>> a.layout is b.layout and a.style is b.style
True
>>> a.layout.display = "none"
Traceback (most recent call last):
...
AttributeError: a shared Layout is read-only: give this widget a Layout of its own

Once this module is imported, a widget made without a layout (or an HTML widget without
a style) gets the shared one; :func:`set_display` shows or hides a widget, giving it a
Layout of its own the first time it is hidden.

>>> box = w.VBox()
>>> is_shared(box.layout)
True
>>> set_display(box, "none"); is_shared(box.layout), box.layout.display
(False, 'none')
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

__all__ = ["is_shared", "label", "set_display", "shared_html_style", "shared_layout"]


class _ReadOnly:
    """Refuses to change a synced trait once made (the front end never changes these)."""

    _sealed = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._sealed and name in getattr(self, "keys", ()) and not name.startswith("_"):
            raise AttributeError(
                f"a shared {type(self).__mro__[2].__name__} is read-only:"
                " give this widget a Layout of its own"
            )
        super().__setattr__(name, value)

    def set_state(self, sync_data: dict) -> None:  # the page never sends these
        return None


class SharedLayout(_ReadOnly, w.Layout):
    pass


class SharedHTMLStyle(_ReadOnly, HTMLStyle):
    pass


_shared: dict[type, w.Widget] = {}


def _one(kind: type) -> Any:
    made = _shared.get(kind)
    if made is None or made.comm is None:  # closed (a test's close_all): make a new one
        made = kind()
        made._sealed = True
        _shared[kind] = made
    return made


def shared_layout() -> w.Layout:
    """The Layout every widget without layout settings of its own shares."""
    return _one(SharedLayout)


def shared_html_style() -> HTMLStyle:
    """The style every HTML label without style settings of its own shares."""
    return _one(SharedHTMLStyle)


def is_shared(widget: w.Widget) -> bool:
    """Whether ``widget`` is a shared part (never closed with the widgets using it)."""
    return isinstance(widget, _ReadOnly)


def label(value: str = "", **kwargs: Any) -> w.HTML:
    """An HTML widget with the shared layout and style (two models fewer than ``w.HTML``)."""
    kwargs.setdefault("layout", shared_layout())
    kwargs.setdefault("style", shared_html_style())
    return w.HTML(value, **kwargs)


def set_display(widget: w.DOMWidget, display: str) -> None:
    """Show (``"flex"``) or hide (``"none"``) ``widget``; a widget sharing the shared
    layout gets one of its own only when it first differs from it."""
    if is_shared(widget.layout):
        if display not in ("", "flex"):  # the shared layout shows it already
            widget.layout = w.Layout(display=display)
    else:
        widget.layout.display = display


# Every widget made from now on without a layout of its own shares one (and every HTML
# widget without a style its style): ipywidgets makes them through these defaults.
w.DOMWidget.class_traits()["layout"].make_dynamic_default = shared_layout  # type: ignore[attr-defined]
w.HTML.class_traits()["style"].make_dynamic_default = shared_html_style  # type: ignore[attr-defined]
