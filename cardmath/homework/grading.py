"""The check an autograded cell runs: the same engine check as the homework page.

An nbgrader assignment (:mod:`cardmath.homework.nbgrader`) ends each puzzle with a cell
``assert_solved(CODE, number, answer_N)``: it passes when the engine says the answer
solves that puzzle, and fails with the engine's sentence otherwise.

>>> from cardmath.homework.codes import HomeworkCode
>>> code = str(HomeworkCode("sequences", 4, 2, "easy"))
>>> assert_solved(code, 1, "0")
Traceback (most recent call last):
  ...
AssertionError: Puzzle 1: Not 0. Go one card at a time, left to right, and try again.
"""

from __future__ import annotations

from cardmath.homework.sets import homework_set

__all__ = ["assert_solved", "puzzle_prompt"]


def assert_solved(code: str, number: int, answer: object) -> None:
    """Pass when ``answer`` solves puzzle ``number`` of homework ``code``; else an
    ``AssertionError`` with the engine's verdict."""
    text = answer if isinstance(answer, str) else str(answer)
    verdict = homework_set(code).puzzle(number).check(text)
    if not verdict.solved:
        raise AssertionError(f"Puzzle {number}: {verdict.message}")


def puzzle_prompt(code: str, number: int) -> str:
    """The question of puzzle ``number``, as the homework page asks it."""
    return homework_set(code).puzzle(number).prompt
