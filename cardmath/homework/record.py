"""Homework done on the class server or a hub: the class record's work, as receipts.

On the class server the homework page records every checked answer in the class record
(:mod:`cardmath.progress`) under the lesson ``homework CODE``, exercise ``Puzzle N``.
:func:`record_receipts` rebuilds each student's work from those attempts, exactly as the
homework page keeps it (:class:`~cardmath.homework.progress.Progress`: the best answer,
or the last one tried when none was accepted; solved or not, hints, tries), so the results page, the CSV and the nbgrader export read
the record the same way as pasted receipts, and check every answer again with the engine.

>>> import tempfile
>>> from cardmath.homework.codes import HomeworkCode
>>> from cardmath.homework.sets import homework_set
>>> from cardmath.progress import open_record
>>> record = open_record(f"sqlite:///{tempfile.mkdtemp()}/class.sqlite")
>>> code = HomeworkCode("sequences", 4, 2, "easy")
>>> ada = record.register("Ada")
>>> _ = record.record(ada, homework_lesson(code), "Puzzle 1", "0", ok=False, hints=1)
>>> key = homework_set(code).puzzle(1).answer_key
>>> _ = record.record(ada, homework_lesson(code), "Puzzle 1", key, ok=True, hints=1)
>>> [(r.name, r.work[0].solved, r.work[0].hints, r.work[0].tries) for r in record_receipts(record, code)]
[('Ada', True, 1, 2)]
>>> record.close()
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cardmath.homework.codes import HomeworkCode, read_code
from cardmath.homework.progress import Progress
from cardmath.homework.receipts import MAX_ANSWER, PuzzleWork, Receipt
from cardmath.homework.sets import homework_set

__all__ = [
    "HOMEWORK_LESSON",
    "homework_lesson",
    "record_answers",
    "record_receipts",
    "recorded_codes",
]

HOMEWORK_LESSON = "homework "
"""The class record's lesson of a homework is this, then its code."""

_PUZZLE = re.compile(r"Puzzle ([0-9]{1,2})")


def homework_lesson(code: HomeworkCode | str) -> str:
    """The lesson the class record keeps homework ``code`` under.

    >>> homework_lesson("SEQ-4-2E-Z")
    'homework SEQ-4-2E-Z'
    """
    return HOMEWORK_LESSON + str(read_code(code) if isinstance(code, str) else code)


def recorded_codes(record: Any) -> list[HomeworkCode]:
    """The homework codes anyone has worked on in the class record, latest first."""
    latest: dict[HomeworkCode, int] = {}
    for attempt in record.attempts():
        if not attempt.lesson.startswith(HOMEWORK_LESSON):
            continue
        try:
            code = read_code(attempt.lesson.removeprefix(HOMEWORK_LESSON))
        except Exception:
            continue
        latest[code] = max(latest.get(code, 0), attempt.id)
    return sorted(latest, key=lambda code: -latest[code])


def _by_student(record: Any, code: HomeworkCode) -> dict[str, list[Any]]:
    work: dict[str, list[Any]] = {}
    for attempt in record.attempts(homework_lesson(code)):
        work.setdefault(attempt.name, []).append(attempt)
    return work


def _receipt(name: str, attempts: Sequence[Any], code: HomeworkCode) -> Receipt:
    """One student's work on ``code`` from their attempts, oldest first."""
    homework = homework_set(code)
    progress = Progress(homework, name, [PuzzleWork() for _ in homework.puzzles])
    count = len(progress.work)
    last: dict[int, str] = {}
    for attempt in attempts:
        found = _PUZZLE.fullmatch(attempt.exercise)
        if found is None or not 1 <= int(found.group(1)) <= count:
            continue
        number = int(found.group(1))
        progress.check(number, attempt.answer)
        work = progress.work[number - 1]
        progress.work[number - 1] = replace(work, hints=max(work.hints, min(4, attempt.hints)))
        last[number] = attempt.answer.strip()
    for number, answer in last.items():
        # no answer accepted: the teacher sees the last one tried (the engine judges it)
        work = progress.work[number - 1]
        if not work.answer and len(answer) <= MAX_ANSWER:
            progress.work[number - 1] = replace(work, answer=answer)
    latest = max((attempt.at for attempt in attempts), default=0.0)
    return progress.receipt(handed_in=int(latest // 60))


def record_receipts(record: Any, code: HomeworkCode | str) -> list[Receipt]:
    """A receipt per student who worked on homework ``code`` in the class record (their
    last answer's time as the hand-in time), in the record's order of names."""
    own = read_code(code) if isinstance(code, str) else code
    return [
        _receipt(name, attempts, own)
        for name, attempts in sorted(
            _by_student(record, own).items(), key=lambda i: i[0].casefold()
        )
    ]


def record_answers(record: Any, code: HomeworkCode | str) -> dict[str, dict[int, str]]:
    """Each student's answer to each puzzle they checked (the best so far, or the last
    one tried), for the nbgrader export."""
    return {
        receipt.name: {
            number: work.answer
            for number, work in enumerate(receipt.work, start=1)
            if work.answer.strip()
        }
        for receipt in record_receipts(record, code)
    }
