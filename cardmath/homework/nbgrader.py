"""A homework as an nbgrader assignment, for schools that grade with nbgrader.

:func:`assignment_notebook` writes the *source* version nbgrader expects (nbformat 4.5,
nbgrader cell metadata, schema 3): for each puzzle a locked question, a solution cell
``answer_N = "..."`` whose right answer sits between ``### BEGIN SOLUTION`` and
``### END SOLUTION`` (``nbgrader generate_assignment`` takes it out for the students), and
a locked autograded cell worth one point that runs
:func:`cardmath.homework.grading.assert_solved`: the same engine check as the homework
page. Grading needs cardmath installed where nbgrader runs the notebooks.

>>> from cardmath.homework.codes import HomeworkCode
>>> notebook = assignment_notebook(HomeworkCode("sum15", 4, 2, "easy"))
>>> [cell["metadata"]["nbgrader"]["grade_id"] for cell in notebook["cells"]][:5]
['intro', 'setup', 'puzzle-1', 'answer-1', 'check-1']
>>> sum(cell["metadata"]["nbgrader"].get("points", 0) for cell in notebook["cells"])
2
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardmath.homework.codes import HomeworkCode
from cardmath.homework.sets import HomeworkPuzzle, homework_set

__all__ = ["assignment_notebook", "write_assignment"]

_ANSWER_WORDS = {
    "expression": 'an expression in quotes, such as answer_{n} = "(11 - 7) * 8"',
    "number": "a whole number, such as answer_{n} = -12",
    "choice": 'one of the words in quotes, such as answer_{n} = "pair"',
}


def _cell(kind: str, grade_id: str, source: str, **nbgrader: Any) -> dict[str, Any]:
    meta = {
        "grade": False,
        "grade_id": grade_id,
        "locked": True,
        "schema_version": 3,
        "solution": False,
        "task": False,
        **nbgrader,
    }
    cell: dict[str, Any] = {
        "cell_type": kind,
        "id": grade_id,
        "metadata": {"nbgrader": meta},
        "source": source,
    }
    if kind == "code":
        cell["execution_count"] = None
        cell["outputs"] = []
    return cell


def _question(puzzle: HomeworkPuzzle) -> str:
    lines = [f"## Puzzle {puzzle.number}", "", puzzle.prompt]
    if puzzle.choices:
        lines += [
            "",
            "Answer one of: "
            + ", ".join(f"`{key}` ({label})" for key, label in puzzle.choices)
            + ".",
        ]
    lines += ["", "Write " + _ANSWER_WORDS[puzzle.answer_kind].format(n=puzzle.number) + "."]
    return "\n".join(lines)


def _solution(puzzle: HomeworkPuzzle) -> str:
    key = puzzle.answer_key
    value = key if puzzle.answer_kind == "number" else json.dumps(key, ensure_ascii=False)
    return f"### BEGIN SOLUTION\nanswer_{puzzle.number} = {value}\n### END SOLUTION"


def assignment_notebook(code: HomeworkCode | str) -> dict[str, Any]:
    """The assignment's source notebook as a dict (write it with :func:`json.dumps`)."""
    homework = homework_set(code)
    code_text = str(homework.code)
    cells = [
        _cell(
            "markdown",
            "intro",
            f"# Homework {code_text}\n\n{homework.code.title}. Write your answer to each puzzle "
            "in the cell below it, then run the check under it (it uses the same check as "
            "the homework page). The first code cell must be run first.",
        ),
        _cell(
            "code",
            "setup",
            f'from cardmath.homework.grading import assert_solved\n\nCODE = "{code_text}"',
        ),
    ]
    for puzzle in homework.puzzles:
        number = puzzle.number
        cells.append(_cell("markdown", f"puzzle-{number}", _question(puzzle)))
        cells.append(
            _cell("code", f"answer-{number}", _solution(puzzle), locked=False, solution=True)
        )
        cells.append(
            _cell(
                "code",
                f"check-{number}",
                f"assert_solved(CODE, {number}, answer_{number})",
                grade=True,
                points=1,
            )
        )
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "cardmath": {"kind": "homework", "title": f"Homework {code_text}", "code": code_text},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_assignment(code: HomeworkCode | str, folder: Path, name: str = "homework.ipynb") -> Path:
    """Write the source notebook into ``folder`` (nbgrader's ``source/<assignment>/``)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(
        json.dumps(assignment_notebook(code), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    return path
