"""How a lesson's tables look: the one place that turns the plain content of
:mod:`cardmath.lessons` into HTML with the stylesheet's classes (``cm-lesson-table``,
``cm-lesson-cards``). Every text is escaped; cards are drawn as SVG pictures.

>>> from cardmath.lessons.tables import LessonTable, cell
>>> table = LessonTable(("cards", "points"), ((cell(cards="5H 7C"), cell("<14>", strong=True)),))
>>> html = lesson_table_html(table)
>>> html.startswith('<table class="cm-lesson-table">'), "<b>&lt;14&gt;</b>" in html
(True, True)
>>> html.count("<svg"), 'class="cm-lesson-cards"' in html
(2, True)
"""

from __future__ import annotations

from html import escape
from typing import Any

from cardmath.lessons.tables import Cell, LessonTable

__all__ = ["lesson_table", "lesson_table_html"]

CARD_WIDTH = 56
"""Width of a card picture in a lesson table, in pixels."""

_ALIGNED = ' style="text-align: left; vertical-align: middle"'
"""Notebook pages right-align table cells by default; a lesson's read from the left."""


def _cell_html(item: Cell) -> str:
    if item.cards:
        from cardmath.cards import Card
        from cardmath.svg import card_svg

        body = "".join(card_svg(Card.parse(word), width=CARD_WIDTH) for word in item.cards.split())
        return f'<td class="cm-lesson-cards"{_ALIGNED}>{body}</td>'
    body = "<br>".join(escape(line) for line in item.lines)
    if item.strong:
        body = f"<b>{body}</b>"
    if item.heading:
        return f'<th scope="row"{_ALIGNED}>{body}</th>'
    return f"<td{_ALIGNED}>{body}</td>"


def lesson_table_html(table: LessonTable) -> str:
    """``table`` as an HTML table in the lessons' style."""
    caption = f"<caption>{escape(table.caption)}</caption>" if table.caption else ""
    head = "".join(f'<th scope="col"{_ALIGNED}>{escape(title)}</th>' for title in table.columns)
    rows = "".join(f"<tr>{''.join(map(_cell_html, row))}</tr>" for row in table.rows)
    return f'<table class="cm-lesson-table">{caption}<tr>{head}</tr>{rows}</table>'


def lesson_table(table: LessonTable) -> Any:
    """``table`` ready for a notebook's ``display`` (an IPython ``HTML`` object)."""
    from IPython.display import HTML

    return HTML(lesson_table_html(table))
