"""Dashboard styling: the dashboards' stylesheets (:data:`DASHBOARD_STYLESHEETS`) and the
themes.

The stylesheets are carried by :class:`Theme`, an invisible anywidget placed in every
dashboard, because anywidget loads a widget's ``_css`` into the page (Voilà included)
with no CDN and no extra request. Themes are CSS classes on the dashboard's root box:

* ``light``: the default, for a screen at arm's length;
* ``projector``: dark background, high contrast, everything large, for the back row.

>>> import ipywidgets as w
>>> box = w.VBox()
>>> apply_theme(box, "projector"); sorted(box._dom_classes)
['cm-dashboard', 'cm-theme-projector']
>>> apply_theme(box, "light"); sorted(box._dom_classes)
['cm-dashboard', 'cm-theme-light']
"""

from __future__ import annotations

import os
from pathlib import Path

import anywidget
import ipywidgets as w
import traitlets

from widgets.components.frontend import front_end

HERE = Path(__file__).parent

THEMES: dict[str, str] = {
    "light": "Light (screen)",
    "projector": "Projector (dark, high contrast, large)",
}
"""Theme name -> what the settings panel calls it."""

THEME_ALIASES: dict[str, str] = {"dark": "projector", "default": "light"}
"""Other names people use: ``make serve THEME=dark`` is the projector theme."""

DASHBOARD_STYLESHEETS = (
    "dashboard-page.css",
    "dashboard-parts.css",
    "dashboard-frame.css",
    "dashboard-backrow.css",
)
"""The dashboards' stylesheets beside this module, in the order the page gets them (a later
rule wins a tie): the themes' colours and the page; the parts of a game's screen; the
frame every game shares; the back row, the projector and phones."""

__all__ = [
    "DASHBOARD_STYLESHEETS",
    "THEMES",
    "Theme",
    "apply_theme",
    "default_theme",
    "stylesheet",
    "theme_name",
]


def theme_name(text: str | None) -> str | None:
    """A theme's name from what a URL or a setting says (``None`` if it names none).

    >>> theme_name("dark"), theme_name("Projector"), theme_name("sepia")
    ('projector', 'projector', None)
    """
    if not text:
        return None
    name = text.strip().lower()
    name = THEME_ALIASES.get(name, name)
    return name if name in THEMES else None


def default_theme() -> str:
    """The server's theme: ``CARDMATH_THEME`` (``make serve THEME=dark`` sets it), else light."""
    return theme_name(os.environ.get("CARDMATH_THEME")) or "light"


class Theme(anywidget.AnyWidget):
    """Loads the dashboards' stylesheets into the page and marks what the class presses
    next (the class ``cm-next``, see ``theme.js``); draws nothing."""

    _esm = front_end(HERE / "theme.js")
    _css = "".join(front_end(HERE / name) for name in DASHBOARD_STYLESHEETS)
    name = traitlets.Unicode("light").tag(sync=True)


_STYLESHEETS: dict[str, type] = {}


def stylesheet(path: str | Path) -> anywidget.AnyWidget:
    """An invisible widget that loads one more stylesheet (a game's own ``.css`` file)
    into the page, the way :class:`Theme` loads the dashboard's.

    >>> sheet = stylesheet(HERE.parent / "games" / "dotter" / "dotter.css")
    >>> type(sheet).__name__
    'Stylesheet_dotter'
    """
    path = Path(path)
    key = str(path.resolve())
    if key not in _STYLESHEETS:
        _STYLESHEETS[key] = type(
            f"Stylesheet_{path.stem.replace('-', '_')}",
            (anywidget.AnyWidget,),
            {
                "_esm": "export default { render({ el }) { el.classList.add('cm-theme-loader'); } };",
                "_css": front_end(path.resolve()),
            },
        )
    return _STYLESHEETS[key]()


def apply_theme(root: w.DOMWidget, name: str) -> None:
    """Give ``root`` the dashboard class and the theme ``name`` (``light``/``projector``)."""
    if name not in THEMES:
        raise ValueError(f"unknown theme {name!r}; choose from {', '.join(THEMES)}")
    for other in THEMES:
        root.remove_class(f"cm-theme-{other}")
    root.add_class("cm-dashboard")
    root.add_class(f"cm-theme-{name}")
