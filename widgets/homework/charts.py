"""The class's results as pictures: per puzzle, how many solved it, how far the answers
were (puzzles nobody answered are left out, and the chart says so; how many answered,
where no answer has a distance), how many hints were used. matplotlib draws them to SVG
(no pyplot, no files, no CDN), imported only when a chart is drawn.

>>> from cardmath.homework.checking import PuzzleSummary
>>> rows = [PuzzleSummary(1, 3, 2, 3, 1.5, 4, 1.33), PuzzleSummary(2, 3, 0, 0, None, 6, 2.0)]
>>> svg = results_chart_svg(rows)
>>> svg.startswith("<svg") and "Solved" in svg
True
>>> "unanswered" in svg   # puzzle 2 has no distance: no bar at 0, a word instead
True
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from cardmath.homework.checking import PuzzleSummary

__all__ = ["distance_bars", "results_chart_svg"]


def distance_bars(rows: Sequence[PuzzleSummary]) -> tuple[list[tuple[int, float]], list[int]]:
    """The mean-distance chart's bars as (puzzle, mean distance), and the puzzles left
    out because no answer to them has a distance (nobody answered, or none could be
    measured): a bar at 0 would read as "everyone was exact".

    >>> from cardmath.homework.checking import PuzzleSummary
    >>> distance_bars([PuzzleSummary(1, 3, 3, 3, 0.0, 0, 0.0), PuzzleSummary(2, 3, 0, 0, None, 1, 0.3)])
    ([(1, 0.0)], [2])
    """
    bars = [(row.number, row.mean_distance) for row in rows if row.mean_distance is not None]
    return bars, [row.number for row in rows if row.mean_distance is None]


def results_chart_svg(rows: Sequence[PuzzleSummary]) -> str:
    """Three bar charts side by side (solved, mean distance, hints per puzzle) as SVG.

    A puzzle nobody answered has no distance: it gets no bar (a bar at 0 would read as
    "everyone exact") and the word "unanswered" where the bar would be, and the chart
    says so under its axis.
    """
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    numbers = [row.number for row in rows]
    figure = Figure(figsize=(11, 3.2), layout="constrained")
    axes = figure.subplots(1, 3)
    with_distance = any(row.mean_distance is not None for row in rows)
    Chart = tuple[str, list[float | None], str, str]
    middle: Chart = (
        ("Mean distance of answers", [row.mean_distance for row in rows], "#b3261e", "..")
        if with_distance
        else ("Answered (students)", [float(row.answered) for row in rows], "#6d4c00", "..")
    )
    charts: list[Chart] = [
        ("Solved (students)", [row.solved for row in rows], "#1b7a2f", "//"),
        middle,
        ("Hints used (all students)", [row.hints for row in rows], "#1565c0", "xx"),
    ]
    for ax, (title, values, colour, hatch) in zip(axes, charts, strict=True):
        drawn = [(n, v) for n, v in zip(numbers, values, strict=True) if v is not None]
        bars = ax.bar(
            [n for n, _ in drawn],
            [v for _, v in drawn],
            color=colour,
            hatch=hatch,
            edgecolor="white",
        )
        ax.bar_label(bars, labels=[f"{value:.3g}" for _, value in drawn], fontsize=9)
        left_out = [row for row, value in zip(rows, values, strict=True) if value is None]
        for row in left_out:
            word = "unanswered" if row.answered == 0 else "no distance"
            ax.text(row.number, 0, word, rotation=90, ha="center", va="bottom", fontsize=9)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(title, fontsize=12)
        ax.set_xlabel(
            "puzzle (no bar: left out, nobody answered it)" if left_out else "puzzle", fontsize=10
        )
        ax.set_xticks(numbers)
        ax.spines[["top", "right"]].set_visible(False)
    students = max((row.students for row in rows), default=0)
    axes[0].set_ylim(0, max(students, 1) * 1.15)
    out = io.StringIO()
    figure.savefig(out, format="svg")
    text = out.getvalue()
    return text[text.index("<svg") :]
