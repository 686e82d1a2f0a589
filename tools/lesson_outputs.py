"""Lessons are kept in git without outputs: check them, or strip them.

Only a cell marked ``# NBVAL_CHECK_OUTPUT`` keeps its stored text output and execution
count, because nbval compares what the cell prints against them (a checked cell saved
without its output would pass whatever it printed). Every other output and execution
count is left out: pictures and widget states change run to run and bloat the history.

    python tools/lesson_outputs.py --check lessons/*.ipynb   # exit 1 if any has outputs
    python tools/lesson_outputs.py --strip lessons/*.ipynb   # remove them in place

>>> cell = {"cell_type": "code", "source": ["1 + 1"], "execution_count": 3,
...         "outputs": [{"output_type": "execute_result", "data": {"text/plain": "2"}}]}
>>> problems(cell), stripped(cell)["outputs"], stripped(cell)["execution_count"]
(['stored output', 'execution count 3'], [], None)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

CHECKED = "# NBVAL_CHECK_OUTPUT"
TEXT_KINDS = {"text/plain", "text/latex"}
"""What a checked cell may store: the text nbval compares, never a picture."""


def is_checked(cell: dict[str, Any]) -> bool:
    return CHECKED in "".join(cell.get("source", []))


def problems(cell: dict[str, Any]) -> list[str]:
    """What a committed code cell should not hold."""
    if cell.get("cell_type") != "code":
        return []
    if is_checked(cell):
        kinds = {kind for output in cell.get("outputs", []) for kind in output.get("data", {})}
        return [f"a stored {kind} in a checked cell" for kind in sorted(kinds - TEXT_KINDS)]
    found = []
    if cell.get("outputs"):
        found.append("stored output")
    if cell.get("execution_count") is not None:
        found.append(f"execution count {cell['execution_count']}")
    return found


def stripped(cell: dict[str, Any]) -> dict[str, Any]:
    """The cell as it is committed (a checked cell is kept as it is)."""
    if cell.get("cell_type") != "code" or is_checked(cell):
        return cell
    return {**cell, "outputs": [], "execution_count": None}


def dumps(notebook: dict[str, Any]) -> str:
    """The notebook as Jupyter writes it (nbformat's layout)."""
    return json.dumps(notebook, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--check", action="store_true", help="fail when a lesson has outputs")
    action.add_argument("--strip", action="store_true", help="remove the outputs in place")
    parser.add_argument("notebooks", nargs="+", type=Path)
    args = parser.parse_args(argv)
    failed = 0
    for path in args.notebooks:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        if args.strip:
            cells = [stripped(cell) for cell in notebook["cells"]]
            if cells != notebook["cells"]:  # a clean file keeps its layout
                path.write_text(dumps({**notebook, "cells": cells}), encoding="utf-8")
            continue
        for number, cell in enumerate(notebook["cells"], start=1):
            for problem in problems(cell):
                print(f"{path}: cell {number}: {problem}", file=sys.stderr)
                failed = 1
    if failed:
        print("strip them with: python tools/lesson_outputs.py --strip lessons/*.ipynb")
    return failed


if __name__ == "__main__":
    sys.exit(main())
