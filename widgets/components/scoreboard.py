"""Big labelled numbers and the scoreboard: the parts of a table the back row reads.

Both are plain HTML (styled by the dashboard stylesheet); neither knows a game. Colour is
never the only cue: the player to move is marked "to move" and in bold, a winner gets a
star and the word "wins", a player who is out is struck through and marked "out".

>>> print(figure_html("Target", 35, "3 and 5", "cm-target"))
<div class="cm-figure-box cm-target"><div class="cm-figure-caption">Target</div><div class="cm-big-number">35</div><div class="cm-figure-note">3 and 5</div></div>
>>> html = scoreboard_html(["You", "Computer 2"], [10, 0], unit="chip", current=0, drawn=True)
>>> html.count('class="cm-chip"'), "cm-out" in html, "to move" in html, "10 chips" in html
(10, True, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from cardmath.expr import show_number
from cardmath.wording import counted
from widgets.components.shared import label

__all__ = ["Figure", "figure_html", "figure_widget", "scoreboard_html"]


@dataclass(frozen=True)
class Figure:
    """A big number with a caption above and a note below ("Target", 35, "3 and 5")."""

    caption: str
    value: object
    note: str = ""
    css: str = ""


def _text(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return show_number(value)
    return str(value)


def figure_html(caption: str, number: object, note: str = "", css: str = "") -> str:
    """A big labelled number (target, beacon, total) for the back row."""
    parts = [
        f'<div class="cm-figure-box {escape(css)}">',
        f'<div class="cm-figure-caption">{escape(caption)}</div>',
        f'<div class="cm-big-number">{escape(_text(number))}</div>',
    ]
    if note:
        parts.append(f'<div class="cm-figure-note">{escape(note)}</div>')
    parts.append("</div>")
    return "".join(parts)


def figure_widget(figure: Figure) -> w.HTML:
    """A :class:`Figure` as a widget (classes ``cm-figure`` and the figure's own)."""
    box = label(figure_html(figure.caption, figure.value, figure.note, figure.css))
    box.add_class("cm-figure")
    for name in figure.css.split():
        box.add_class(name)
    return box


def scoreboard_html(
    names: Sequence[str],
    values: Sequence[int],
    *,
    unit: str = "point",
    current: int | None = None,
    notes: Sequence[str] = (),
    winners: Sequence[int] = (),
    out: Sequence[int] | None = None,
    drawn: bool = False,
    max_drawn: int = 20,
    label: str = "scores",
) -> str:
    """A table of players and their scores in ``unit`` ("chip", "point", "card").

    ``drawn=True`` also draws each value as chips (up to ``max_drawn``); ``out`` lists
    players who are out (default: with ``drawn``, anyone at 0 or less).
    """
    if out is None:
        out = [i for i, value in enumerate(values) if drawn and value <= 0]
    rows = []
    for index, (name, value) in enumerate(zip(names, values, strict=True)):
        css, marks = [], []
        if index in out:
            css.append("cm-out")
            marks.append("out")
        if index == current:
            css.append("cm-current")
            marks.append("to move")
        if index in winners:
            css.append("cm-winner")
            marks.append("★ wins")
        note = notes[index] if index < len(notes) else ""
        if note:
            marks.append(note)
        chips = ""
        if drawn:
            chips = '<span class="cm-chip"></span>' * min(max(value, 0), max_drawn)
            chips += "+" if value > max_drawn else ""
            chips = f"<td>{chips}</td>"
        amount = counted(value, unit)
        rows.append(
            f'<tr class="{" ".join(css)}"><th scope="row">{escape(name)}</th>{chips}'
            f'<td class="cm-score-value">{escape(amount)}</td>'
            f'<td class="cm-score-note">{escape(", ".join(marks))}</td></tr>'
        )
    return f'<table class="cm-score-table" aria-label="{escape(label)}">{"".join(rows)}</table>'
