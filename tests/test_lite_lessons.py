"""The lite copies of the lessons (tools/lite_lessons.py): charts out, the rest kept.

A chart cell's drawing statements go (the chart becomes an image drawn at build time),
but what it computes for later cells stays, and nothing a later cell reads is lost.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("lite_lessons", ROOT / "tools" / "lite_lessons.py")
assert _spec is not None and _spec.loader is not None
lite_lessons = importlib.util.module_from_spec(_spec)
sys.modules["lite_lessons"] = lite_lessons
_spec.loader.exec_module(lite_lessons)

CHART = """\
middle = cards("KS 9H")
chances = set_chances(middle)
fig, ax = plt.subplots(figsize=(10, 4))
for chance in chances:
    ax.bar(chance.value, chance.unseen)
display(figure_image(fig, "Bar chart"))
chance = chance_of_a_set(middle)
display(Math(str(chance.numerator)))
"""


def test_a_chart_cell_keeps_what_does_not_draw() -> None:
    drawing: set[str] = set()
    kept, removed = lite_lessons.split_cell("import matplotlib.pyplot as plt\nx = 1", drawing)
    assert (kept, removed) == ("x = 1", True)
    kept, removed = lite_lessons.split_cell(CHART, drawing)
    assert removed
    assert kept.splitlines() == [
        'middle = cards("KS 9H")',
        "chances = set_chances(middle)",
        "chance = chance_of_a_set(middle)",  # bound again: no longer the loop's
        "display(Math(str(chance.numerator)))",
    ]
    assert {"plt", "fig", "ax"} <= drawing and "chance" not in drawing


def test_a_later_cell_that_reads_a_drawing_name_goes_but_a_loop_of_its_own_stays() -> None:
    drawing = {"ax", "row"}
    kept, _ = lite_lessons.split_cell("for row in table:\n    print(row)\nax.grid()", drawing)
    assert kept == "for row in table:\n    print(row)"
