"""The lessons for the JupyterLite site: charts drawn when the site is built (``make lite``).

matplotlib has no Pyodide build offline, so a lesson's chart cannot be drawn in the
browser. Run with the project's own Python (matplotlib, ipykernel, cardmath), this script
executes each lesson that draws with matplotlib and writes a copy of it in which:

* each chart is a Markdown cell holding the drawn PNG as an attachment, with its text
  alternative (``figure_image``'s ``alt``; a chart shown with ``plt.show()`` is named by
  its titles and axis labels), so the lesson reads fully before anything runs;
* the chart's code is gone, but a statement of a chart cell that does not draw (it
  computes values a later cell uses, or shows a formula) stays, as a code cell;
* every ``import matplotlib`` is gone, so "Run all" runs the exercises live in Pyodide.

A statement "draws" when it imports matplotlib or uses a name a drawing statement
bound (``plt``, ``fig``, ``ax``, a function that draws...). A lesson with no
matplotlib is copied as it is.

Usage: ``python tools/lite_lessons.py OUT_DIR LESSON.ipynb...``
"""

from __future__ import annotations

import argparse
import ast
import html
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PRELUDE = r"""
import matplotlib
matplotlib.use("module://matplotlib_inline.backend_inline")
import matplotlib.pyplot as _cm_plt
from IPython.display import display as _cm_display
from widgets.components.images import figure_image as _cm_figure_image


def _cm_describe(figure):
    parts = []
    for axes in figure.get_axes():
        words = [axes.get_title(), axes.get_xlabel(), axes.get_ylabel()]
        legend = axes.get_legend()
        if legend is not None:
            words += [text.get_text() for text in legend.get_texts()]
        words = [" ".join(w.split()) for w in words if w and w.strip()]
        if words:
            parts.append(", ".join(words))
    if not parts:
        raise ValueError("a chart shown with plt.show() needs a title or axis labels")
    return "Chart: " + "; ".join(parts) + "."


def _cm_show(*args, **kwargs):
    for number in _cm_plt.get_fignums():
        figure = _cm_plt.figure(number)
        _cm_display(_cm_figure_image(figure, _cm_describe(figure)))


_cm_plt.show = _cm_show
"""
"""Run in the kernel before the lesson: ``plt.show()`` shows a PNG with a text alternative."""

IMAGE = re.compile(r'<img class="cm-image" src="data:image/png;base64,([^"]+)" alt="([^"]*)"')
NOTE = "*Chart drawn when this site was built.*"


def is_matplotlib_import(node: ast.stmt) -> bool:
    if isinstance(node, ast.Import):
        return any(alias.name.split(".")[0] == "matplotlib" for alias in node.names)
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").split(".")[0] == "matplotlib"
    return False


def bound_names(node: ast.stmt) -> set[str]:
    """The names a top-level statement binds (assignments, imports, defs, loop targets)."""
    names: set[str] = set()
    if isinstance(node, ast.Import | ast.ImportFrom):
        for alias in node.names:
            names.add(alias.asname or alias.name.split(".")[0])
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        names.add(node.name)
    for child in ast.walk(node):
        if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
            names.add(child.id)
    return names


def free_reads(node: ast.stmt) -> set[str]:
    """The names a statement reads that it has not bound itself first (a loop's target, a
    function's parameters, a comprehension's variable), as far as a simple reading goes."""
    reads, inner = set(), set()
    for child in ast.walk(node):
        if isinstance(child, ast.Name):
            (inner if isinstance(child.ctx, ast.Store) else reads).add(child.id)
        elif isinstance(child, ast.arg):
            inner.add(child.arg)
    if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):  # x = f(x) reads x
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        inner -= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return reads - inner


def split_cell(source: str, drawing: set[str]) -> tuple[str, bool]:
    """The cell's source without its drawing statements, and whether any were removed.

    ``drawing`` (the names bound by drawing statements so far) is updated in place: a name
    a kept statement binds again is no longer a drawing name."""
    tree = ast.parse(source)
    lines = source.splitlines()
    kept: list[str] = []
    removed = False
    previous_end = 0
    for node in tree.body:
        start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
        if is_matplotlib_import(node) or free_reads(node) & drawing:
            drawing |= bound_names(node)
            removed = True
        else:
            drawing -= bound_names(node)
            # the blank lines and comments above the statement, then the statement
            kept += lines[previous_end : start - 1] + lines[start - 1 : node.end_lineno]
        previous_end = node.end_lineno or start
    return "\n".join(kept).strip(), removed


def chart_cell(images: list[tuple[str, str]], index: int) -> dict[str, object]:
    """A Markdown cell showing ``images`` (base64 PNG, alt text) as attachments."""
    attachments = {}
    parts = []
    for number, (data, alt) in enumerate(images, start=1):
        name = f"chart-{index}-{number}.png"
        attachments[name] = {"image/png": data}
        parts.append(f'<img src="attachment:{name}" alt="{html.escape(alt)}">')
    return {
        "cell_type": "markdown",
        "metadata": {"cardmath": {"drawn": "at build time"}},
        "attachments": attachments,
        "source": "\n".join(parts) + "\n\n" + NOTE,
    }


def lite_lesson(notebook: dict, executed: dict) -> dict:
    """The lite copy of ``notebook``, given the same notebook ``executed``."""
    drawing: set[str] = set()
    cells: list[dict] = []
    for index, (cell, run) in enumerate(zip(notebook["cells"], executed["cells"], strict=True)):
        if cell["cell_type"] != "code":
            cells.append(cell)
            continue
        source = "".join(cell["source"])
        images = []
        for output in run.get("outputs", []):
            page = "".join(output.get("data", {}).get("text/html", ""))
            images += [(data, html.unescape(alt)) for data, alt in IMAGE.findall(page)]
            if "image/png" in output.get("data", {}):
                raise SystemExit(f"cell {index} shows a chart without a text alternative")
        rest, removed = split_cell(source, drawing)
        if images:
            cells.append(chart_cell(images, index))
        if rest:
            cells.append({**cell, "source": rest, "outputs": [], "execution_count": None})
        elif not removed:
            cells.append(cell)
    return {**notebook, "cells": cells}


def draws(notebook: dict) -> bool:
    return any(
        cell["cell_type"] == "code" and "matplotlib" in "".join(cell["source"])
        for cell in notebook["cells"]
    )


def execute(path: Path) -> dict:
    """``path`` run top to bottom by the project's Python, with this working tree first."""
    import nbformat
    from nbclient import NotebookClient

    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    os.environ["PYTHONPATH"] = os.pathsep.join(paths)
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    notebook = nbformat.read(path, as_version=4)
    notebook.cells.insert(0, nbformat.v4.new_code_cell(PRELUDE))
    NotebookClient(
        notebook, timeout=900, resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    notebook.cells.pop(0)
    return json.loads(nbformat.writes(notebook))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("lessons", type=Path, nargs="+")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for path in args.lessons:
        notebook = json.loads(path.read_text())
        if draws(notebook):
            notebook = lite_lesson(notebook, execute(path.resolve()))
            charts = sum(
                c["cell_type"] == "markdown" and "attachments" in c for c in notebook["cells"]
            )
            print(f"{path.name}: {charts} charts drawn", flush=True)
        (args.out / path.name).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
