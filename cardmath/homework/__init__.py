"""Homework by a link: seeded puzzle sets, receipts, and checking by the engine.

* :mod:`~cardmath.homework.codes`: the homework code (``NAV-2481-8M-2``): game, seed,
  number of puzzles and level, with a check letter.
* :mod:`~cardmath.homework.sets`: the puzzles a code deals, chosen by difficulty rating,
  each with one check, graded hints and an explanation.
* :mod:`~cardmath.homework.progress`: a student's work in progress.
* :mod:`~cardmath.homework.receipts`: the hand-in receipt: compact, versioned, checksummed.
* :mod:`~cardmath.homework.checking`: every receipt checked again by the engine; the
  class's results and their CSV.
* :mod:`~cardmath.homework.nbgrader`: the same homework as an nbgrader assignment.

>>> from cardmath.homework import HomeworkCode, homework_set
>>> homework = homework_set(HomeworkCode("sum15", 4, 2, "easy"))
>>> len(homework.puzzles)
2
"""

from cardmath.homework.checking import ClassResults, check_receipt, check_receipts
from cardmath.homework.codes import GAMES, LEVELS, CodeError, HomeworkCode, read_code
from cardmath.homework.progress import Progress
from cardmath.homework.receipts import (
    PuzzleWork,
    Receipt,
    ReceiptError,
    find_receipts,
    read_receipt,
)
from cardmath.homework.sets import Homework, HomeworkPuzzle, homework_set

__all__ = [
    "GAMES",
    "LEVELS",
    "ClassResults",
    "CodeError",
    "Homework",
    "HomeworkCode",
    "HomeworkPuzzle",
    "Progress",
    "PuzzleWork",
    "Receipt",
    "ReceiptError",
    "check_receipt",
    "check_receipts",
    "find_receipts",
    "homework_set",
    "read_code",
    "read_receipt",
]
