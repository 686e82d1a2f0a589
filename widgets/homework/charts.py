"""The class's results as pictures: per puzzle, how many solved it, how far the answers
were (how many answered, where an answer has no distance), how many hints were used. matplotlib draws them to SVG (no pyplot, no files, no
CDN), imported only when a chart is drawn.

>>> from cardmath.homework.checking import PuzzleSummary
>>> rows = [PuzzleSummary(1, 3, 2, 3, 1.5, 4, 1.33), PuzzleSummary(2, 3, 1, 2, None, 6, 2.0)]
>>> svg = results_chart_svg(rows)
>>> svg.startswith("<svg") and "Solved" in svg
True
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from cardmath.homework.checking import PuzzleSummary

__all__ = ["results_chart_svg"]


def results_chart_svg(rows: Sequence[PuzzleSummary]) -> str:
    """Three bar charts side by side (solved, mean distance, hints per puzzle) as SVG."""
    from matplotlib.figure import Figure

    numbers = [row.number for row in rows]
    figure = Figure(figsize=(11, 3.2), layout="constrained")
    axes = figure.subplots(1, 3)
    from matplotlib.ticker import MaxNLocator

    middle = (
        ("Mean distance of answers", [row.mean_distance or 0 for row in rows], "#b3261e", "..")
        if any(row.mean_distance for row in rows)
        else ("Answered (students)", [row.answered for row in rows], "#6d4c00", "..")
    )
    charts = [
        ("Solved (students)", [row.solved for row in rows], "#1b7a2f", "//"),
        middle,
        ("Hints used (all students)", [row.hints for row in rows], "#1565c0", "xx"),
    ]
    for ax, (title, values, colour, hatch) in zip(axes, charts, strict=True):
        bars = ax.bar(numbers, values, color=colour, hatch=hatch, edgecolor="white")
        ax.bar_label(bars, labels=[f"{value:.3g}" for value in values], fontsize=9)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(title, fontsize=12)
        ax.set_xlabel("puzzle")
        ax.set_xticks(numbers)
        ax.spines[["top", "right"]].set_visible(False)
    students = max((row.students for row in rows), default=0)
    axes[0].set_ylim(0, max(students, 1) * 1.15)
    out = io.StringIO()
    figure.savefig(out, format="svg")
    text = out.getvalue()
    return text[text.index("<svg") :]
