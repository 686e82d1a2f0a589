"""What every game dashboard shares: the seed from the URL, the header, the modes, the
settings panel built from the game's options, the theme, a scoreboard of chips.

A game's dashboard subclasses :class:`Dashboard`, lists its modes, and builds one view
per mode from the engine's states (see ``docs/dashboards.md``). Nothing here knows a rule.

>>> seed_from_query("seed=2481&mode=puzzle"), seed_from_query("seed=abc"), seed_from_query(None)
(2481, None, None)
>>> query_value("mode=puzzle&theme=projector", "theme")
'projector'
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from widgets.theme import THEMES, Theme, apply_theme

__all__ = [
    "Dashboard",
    "OptionsPanel",
    "figure_html",
    "query_seed",
    "query_string",
    "query_value",
    "scoreboard_html",
    "seed_from_query",
]

MAX_SEED = 999_999


def query_value(query: str | None, name: str) -> str | None:
    """The first value of ``name`` in a URL query string (``None`` if absent)."""
    if not query:
        return None
    values = parse_qs(query.lstrip("?")).get(name)
    return values[0] if values else None


def seed_from_query(query: str | None) -> int | None:
    """The whole number given as ``seed=`` in a query string, else ``None``."""
    text = query_value(query, "seed")
    if text is None or not text.strip().isdigit():
        return None
    return int(text.strip())


def query_string() -> str:
    """The page's URL query string when running under Voilà (``""`` elsewhere).

    Without preheating, Voilà puts it in the kernel's ``QUERY_STRING``; with preheated
    kernels the notebook must wait for the request, as Voilà's documented
    ``get_query_string()`` does, without the 45 MB that importing it costs each kernel
    (see :func:`widgets.classroom.preheated_request_query`).
    """
    from widgets.classroom import preheated_request_query

    return preheated_request_query()


def query_seed(default: int | None = None) -> int:
    """The ``?seed=`` of the page, else ``default``, else a fresh random seed."""
    seed = seed_from_query(query_string())
    if seed is not None:
        return seed
    if default is not None:
        return default
    return random.SystemRandom().randint(1, 9999)


def figure_html(caption: str, number: object, note: str = "", css: str = "") -> str:
    """A big labelled number (target, beacon) for the back row.

    >>> print(figure_html("Target", 35, "3 and 5", "cm-target"))
    <div class="cm-figure-box cm-target"><div class="cm-figure-caption">Target</div><div class="cm-big-number">35</div><div class="cm-figure-note">3 and 5</div></div>
    """
    parts = [
        f'<div class="cm-figure-box {escape(css)}">',
        f'<div class="cm-figure-caption">{escape(caption)}</div>',
        f'<div class="cm-big-number">{escape(str(number))}</div>',
    ]
    if note:
        parts.append(f'<div class="cm-figure-note">{escape(note)}</div>')
    parts.append("</div>")
    return "".join(parts)


def scoreboard_html(
    names: Sequence[str],
    chips: Sequence[int],
    *,
    current: int | None = None,
    notes: Sequence[str] = (),
    max_chips_drawn: int = 20,
) -> str:
    """A table of players and their chips, drawn as chips and as a number.

    >>> html = scoreboard_html(["You", "Bot"], [10, 0], current=0)
    >>> html.count('class="cm-chip"'), "cm-out" in html, "cm-current" in html
    (10, True, True)
    """
    rows = []
    for index, (name, count) in enumerate(zip(names, chips, strict=True)):
        css = []
        if count <= 0:
            css.append("cm-out")
        if index == current:
            css.append("cm-current")
        drawn = '<span class="cm-chip"></span>' * min(max(count, 0), max_chips_drawn)
        more = "+" if count > max_chips_drawn else ""
        note = escape(notes[index]) if index < len(notes) else ""
        rows.append(
            f'<tr class="{" ".join(css)}"><th>{escape(name)}</th><td>{drawn}{more}</td>'
            f"<td>{count} chip{'s' if count != 1 else ''}</td><td>{note}</td></tr>"
        )
    return f'<table class="cm-score-table" aria-label="chips">{"".join(rows)}</table>'


def _choices(annotation: Any) -> tuple[Any, ...] | None:
    """The allowed values of a ``Literal[...]`` annotation (inside ``| None`` too)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            found = _choices(arg)
            if found:
                return found
    return None


def _optional(annotation: Any) -> bool:
    origin = typing.get_origin(annotation)
    return origin in (typing.Union, types.UnionType) and type(None) in typing.get_args(annotation)


class OptionsPanel(w.VBox):
    """One input per field of a game's options dataclass (the settings panel).

    Booleans become checkboxes, ``Literal`` choices drop-downs, numbers number boxes
    (an optional number is blank for ``None``). ``labels`` names fields for people;
    ``choices`` gives the values of fields typed as plain ``str``/``int``; ``hidden``
    fields are left out. :attr:`values` reads the panel back as keyword arguments.
    """

    def __init__(
        self,
        options_class: type,
        *,
        values: Mapping[str, Any] | None = None,
        labels: Mapping[str, str] | None = None,
        choices: Mapping[str, Sequence[Any] | Mapping[Any, str]] | None = None,
        hidden: Sequence[str] = (),
    ) -> None:
        self.inputs: dict[str, w.Widget] = {}
        self._optional: set[str] = set()
        hints = typing.get_type_hints(options_class)
        values = dict(values or {})
        labels = dict(labels or {})
        choices = dict(choices or {})
        rows = []
        for field in dataclasses.fields(options_class):
            if field.name in hidden:
                continue
            default = values.get(field.name, field.default)
            if default is dataclasses.MISSING:
                default = None
            annotation = hints.get(field.name, type(default))
            label = labels.get(field.name, field.name.replace("_", " ").capitalize())
            allowed = choices.get(field.name) or _choices(annotation)
            style = {"description_width": "initial"}
            widget: w.Widget
            if isinstance(default, tuple):
                pairs = (
                    [(str(label), v) for v, label in dict(allowed or {}).items()]
                    if isinstance(allowed, Mapping)
                    else [(str(v), v) for v in (allowed or ())]
                )
                widget = w.SelectMultiple(
                    options=pairs, value=tuple(default), description=label, style=style, rows=5
                )
            elif allowed:
                shown = [("—" if v is None else str(v), v) for v in allowed]
                if _optional(annotation) and None not in allowed:
                    shown.insert(0, ("—", None))
                widget = w.Dropdown(options=shown, value=default, description=label, style=style)
            elif annotation is bool or isinstance(default, bool):
                widget = w.Checkbox(value=bool(default), description=label, indent=False)
            elif _optional(annotation):
                self._optional.add(field.name)
                widget = w.Text(
                    value="" if default is None else str(default),
                    description=label,
                    placeholder="none",
                    style=style,
                )
            elif isinstance(default, int):
                widget = w.IntText(value=default, description=label, style=style)
            else:
                widget = w.Text(value=str(default), description=label, style=style)
            widget.add_class(f"cm-option-{field.name.replace('_', '-')}")
            self.inputs[field.name] = widget
            rows.append(widget)
        super().__init__(rows)
        self.add_class("cm-settings")

    @property
    def values(self) -> dict[str, Any]:
        """The chosen options as keyword arguments for the game."""
        chosen: dict[str, Any] = {}
        for name, widget in self.inputs.items():
            value = widget.value  # type: ignore[attr-defined]
            if isinstance(widget, w.SelectMultiple):
                value = tuple(value)
            elif name in self._optional:
                text = str(value).strip()
                value = int(text) if text.lstrip("-").isdigit() else (text or None)
            chosen[name] = value
        return chosen


class Dashboard(w.VBox):
    """The frame of a game dashboard: header (title, seed, mode, settings), theme, body.

    Subclasses set ``title`` and ``modes`` (name -> label) and implement
    :meth:`build_mode` (the view of one mode) and :meth:`settings_widgets`.
    """

    title: str = "cardmath"
    modes: Mapping[str, str] = {}

    def __init__(self, *, seed: int | None = None, mode: str | None = None, theme: str = "light"):
        self.seed = query_seed() if seed is None else seed
        self.seed_label = w.HTML()
        self.seed_label.add_class("cm-seed")
        self.theme_loader = Theme()
        heading = w.HTML(escape(self.title))
        heading.add_class("cm-title")
        self.mode_buttons = w.ToggleButtons(
            options=[(label, name) for name, label in self.modes.items()],
            value=mode if mode in self.modes else next(iter(self.modes)),
            style={"button_width": "auto"},
        )
        self.mode_buttons.add_class("cm-modes")
        self.settings_button = w.ToggleButton(value=False, description="⚙ Settings")
        self.settings_button.add_class("cm-settings-button")
        self.theme_choice = w.Dropdown(
            options=[(label, name) for name, label in THEMES.items()],
            value=theme,
            description="Theme",
        )
        self.theme_choice.add_class("cm-theme-choice")
        self.settings_box = w.VBox()
        self.settings_box.add_class("cm-panel")
        self.settings_box.layout.display = "none"
        self.body = w.VBox()
        self.body.add_class("cm-body")
        header = w.HBox([heading, self.seed_label, self.mode_buttons, self.settings_button])
        header.add_class("cm-header")
        super().__init__([self.theme_loader, header, self.settings_box, self.body])
        apply_theme(self, theme)
        self.settings_button.observe(self._toggle_settings, "value")
        self.theme_choice.observe(lambda change: self.set_theme(change["new"]), "value")
        self.mode_buttons.observe(lambda change: self.show_mode(change["new"]), "value")
        self._views: dict[str, w.Widget] = {}

    # --- to be provided by each game -------------------------------------------------

    def build_mode(self, mode: str) -> w.Widget:
        """The view of ``mode`` (built once, then kept)."""
        raise NotImplementedError

    def settings_widgets(self) -> list[w.Widget]:
        """The game's settings (the theme choice is added after them)."""
        return []

    def on_theme(self, theme: str) -> None:
        """Called after the theme changes (to resize cards, say)."""

    # --- shared behaviour --------------------------------------------------------------

    @property
    def mode(self) -> str:
        return self.mode_buttons.value

    @property
    def theme(self) -> str:
        return self.theme_choice.value

    def set_theme(self, theme: str) -> None:
        """Switch to ``light`` or ``projector``."""
        apply_theme(self, theme)
        if self.theme_choice.value != theme:
            self.theme_choice.value = theme
        self.on_theme(theme)

    def show_seed(self, seed: int) -> None:
        """Show ``seed`` in the header, so the teacher can write it on the board."""
        self.seed = seed
        self.seed_label.value = (
            f'<span title="Open with ?seed={seed} for the same deal">Seed {seed}</span>'
        )

    def show_mode(self, mode: str) -> None:
        """Show the view of ``mode``."""
        if mode not in self._views:
            self._views[mode] = self.build_mode(mode)
        self.body.children = (self._views[mode],)
        if self.mode_buttons.value != mode:
            self.mode_buttons.value = mode

    def _toggle_settings(self, change: Mapping[str, Any]) -> None:
        if change["new"] and not self.settings_box.children:
            self.settings_box.children = (*self.settings_widgets(), self.theme_choice)
        self.settings_box.layout.display = "flex" if change["new"] else "none"


def button(label: str, css: str, action: Callable[[], None], **kwargs: Any) -> w.Button:
    """A button with a CSS class (for tests and styling) calling ``action()``."""
    made = w.Button(description=label, **kwargs)
    made.add_class(css)
    made.on_click(lambda _b: action())
    return made
