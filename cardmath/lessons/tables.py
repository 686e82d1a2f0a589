"""A lesson's table as plain content: columns, rows of cells, a caption. No HTML here:
the notebook shows it through :func:`widgets.components.lesson.lesson_table_html`, which
owns the markup and the stylesheet's classes.

>>> table = LessonTable(("kind", "hands"), ((cell("pair", heading=True), cell("3,744")),))
>>> table.rows[0][0].text, table.rows[0][0].heading, table.columns
('pair', True, ('kind', 'hands'))
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Cell", "LessonTable", "cell"]


@dataclass(frozen=True)
class Cell:
    """One cell: lines of plain text, or ``cards`` to draw as card pictures (``"4H 6C"``);
    ``strong`` text is a result to stand out; a ``heading`` names its row."""

    lines: tuple[str, ...] = ()
    cards: str = ""
    strong: bool = False
    heading: bool = False

    @property
    def text(self) -> str:
        """The cell as one line of plain text (its cards as typed).

        >>> Cell(("a", "b")).text, Cell(cards="5H 7C").text
        ('a; b', '5H 7C')
        """
        return self.cards or "; ".join(self.lines)


def cell(*lines: object, cards: str = "", strong: bool = False, heading: bool = False) -> Cell:
    """A cell from any values, each one line of text.

    >>> cell(12, strong=True)
    Cell(lines=('12',), cards='', strong=True, heading=False)
    """
    return Cell(tuple(str(line) for line in lines), cards, strong, heading)


@dataclass(frozen=True)
class LessonTable:
    """Column titles, rows of :class:`Cell`, and an optional caption."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    caption: str = ""

    def text(self) -> str:
        """The table as plain text, a line per row (for a terminal or a test).

        >>> print(LessonTable(("a", "b"), ((cell(1), cell(2)),), "sums").text())
        sums
        a | b
        1 | 2
        """
        lines = [self.caption] if self.caption else []
        lines.append(" | ".join(self.columns))
        lines += [" | ".join(item.text for item in row) for row in self.rows]
        return "\n".join(lines)
