"""A homework as an nbgrader assignment, for schools that grade with nbgrader.

:func:`assignment_notebook` writes the *source* version nbgrader expects (nbformat 4.5,
nbgrader cell metadata, schema 3): for each puzzle a locked question, a solution cell
``answer_N = "..."`` whose right answer sits between ``### BEGIN SOLUTION`` and
``### END SOLUTION`` (``nbgrader generate_assignment`` takes it out for the students), and
a locked autograded cell worth one point that runs
:func:`cardmath.homework.grading.assert_solved`: the same engine check as the homework
page. Grading needs cardmath installed where nbgrader runs the notebooks.

Homework done on the class server is in the class record: :func:`write_submissions`
writes each student's answers as an nbgrader *submission*
(``submitted/<student id>/<assignment>/homework.ipynb``), so ``nbgrader autograde``
grades them with the same checks, and ``students.csv`` for ``nbgrader db student
import``. An answer is written as a Python string literal (``repr``), never as code.

>>> from cardmath.homework.codes import HomeworkCode
>>> notebook = assignment_notebook(HomeworkCode("sum15", 4, 2, "easy"))
>>> [cell["metadata"]["nbgrader"]["grade_id"] for cell in notebook["cells"]][:5]
['intro', 'setup', 'puzzle-1', 'answer-1', 'check-1']
>>> sum(cell["metadata"]["nbgrader"].get("points", 0) for cell in notebook["cells"])
2
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from cardmath.homework.codes import HomeworkCode
from cardmath.homework.sets import HomeworkPuzzle, homework_set

__all__ = [
    "assignment_notebook",
    "student_ids",
    "submission_notebook",
    "write_assignment",
    "write_submissions",
]

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


UNANSWERED = "# YOUR CODE HERE\nraise NotImplementedError()"
"""What nbgrader leaves in an answer cell the student did not fill."""


def _answer_source(puzzle: HomeworkPuzzle, answer: str) -> str:
    """A student's answer as the line of an answer cell: a literal, never code.

    >>> from cardmath.homework.codes import HomeworkCode
    >>> from cardmath.homework.sets import homework_set
    >>> puzzle = homework_set(HomeworkCode("sequences", 4, 2, "easy")).puzzle(1)
    >>> print(_answer_source(puzzle, "-12"))
    answer_1 = -12
    >>> print(_answer_source(puzzle, "__import__('os')"))
    answer_1 = "__import__('os')"
    """
    if not answer.strip():
        return UNANSWERED
    if puzzle.answer_kind == "number" and re.fullmatch(r"-?[0-9]{1,40}", answer.strip()):
        return f"answer_{puzzle.number} = {answer.strip()}"
    return f"answer_{puzzle.number} = {answer!r}"


def submission_notebook(code: HomeworkCode | str, answers: Mapping[int, str]) -> dict[str, Any]:
    """The assignment as a student submits it, each answer cell holding ``answers[n]``
    (an unanswered puzzle as nbgrader leaves it)."""
    homework = homework_set(code)
    notebook = assignment_notebook(homework.code)
    for cell in notebook["cells"]:
        grade_id = cell["metadata"]["nbgrader"]["grade_id"]
        if grade_id.startswith("answer-"):
            number = int(grade_id.removeprefix("answer-"))
            cell["source"] = _answer_source(homework.puzzle(number), answers.get(number, ""))
    return notebook


def student_ids(names: Iterable[str]) -> dict[str, str]:
    """A folder-safe nbgrader student id for each name (letters, digits, ``-``), unique.

    >>> student_ids(["Ana Lopez", "ana lópez", "=cmd|x", "張"])
    {'Ana Lopez': 'ana-lopez', 'ana lópez': 'ana-lopez-2', '=cmd|x': 'cmd-x', '張': 'student'}
    """
    ids: dict[str, str] = {}
    taken: set[str] = set()
    for name in names:
        ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
        base = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:30] or "student"
        found, number = base, 1
        while found in taken:
            number += 1
            found = f"{base}-{number}"
        taken.add(found)
        ids[name] = found
    return ids


def write_submissions(
    code: HomeworkCode | str,
    answers: Mapping[str, Mapping[int, str]],
    submitted: Path,
    assignment: str,
    name: str = "homework.ipynb",
) -> list[Path]:
    """Write a submission per student (``answers``: name -> puzzle -> answer) into
    ``submitted/<id>/<assignment>/``, and ``students.csv`` (id, first name, as
    ``nbgrader db student import`` reads it) beside ``submitted``; the paths written."""
    from cardmath.homework.checking import _safe_cell

    ids = student_ids(answers)
    written = []
    for student, student_id in ids.items():
        folder = submitted / student_id / assignment
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / name
        notebook = submission_notebook(code, answers[student])
        path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["id", "first_name", "last_name", "email"])
    for student, student_id in ids.items():
        writer.writerow([student_id, _safe_cell(student), "", ""])
    table = submitted.parent / "students.csv"
    table.write_text(out.getvalue(), encoding="utf-8")
    written.append(table)
    return written
