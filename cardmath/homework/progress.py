"""A student's work in progress on a homework: what the homework page keeps.

:class:`Progress` records, for each puzzle, the answer checked (the best one so far in
Navigator), whether it solved the puzzle, the hints opened and the tries, and makes the
hand-in receipt from them. A receipt pasted into a new session resumes the work.

>>> from cardmath.homework.codes import HomeworkCode
>>> progress = Progress.start(HomeworkCode("sequences", 4, 2, "easy"), "Ada")
>>> first = progress.homework.puzzles[0]
>>> progress.check(1, "0").solved
False
>>> progress.hint(1)
'Work strictly left to right: do each operation as you meet it, even + before ×.'
>>> progress.check(1, first.answer_key).solved, progress.work[0].hints, progress.work[0].tries
(True, 1, 2)
>>> again = Progress.resume(progress.receipt(handed_in=0).to_text())
>>> again.name, again.work == progress.work
('Ada', True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardmath.errors import CardMathError, quoted
from cardmath.homework.codes import HomeworkCode, read_code
from cardmath.homework.receipts import MAX_NAME, PuzzleWork, Receipt, ReceiptError, read_receipt
from cardmath.homework.sets import Homework, Verdict, homework_set

__all__ = ["Progress", "clean_name"]


def clean_name(text: object) -> str:
    """A student's name as typed, tidied (spaces), or a :class:`CardMathError`.

    >>> clean_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> clean_name("")
    Traceback (most recent call last):
      ...
    cardmath.errors.CardMathError: type your name first, so your teacher knows whose work this is
    """
    if not isinstance(text, str):
        raise CardMathError(f"a name is text, not {quoted(text)}")
    name = " ".join(text.split())
    if not name:
        raise CardMathError("type your name first, so your teacher knows whose work this is")
    if len(name) > MAX_NAME:
        raise CardMathError(f"a name is at most {MAX_NAME} characters")
    return name


@dataclass
class Progress:
    """The work on one homework by one student (``work[i]`` is puzzle ``i + 1``)."""

    homework: Homework
    name: str
    work: list[PuzzleWork]

    @classmethod
    def start(cls, code: HomeworkCode | str, name: str) -> Progress:
        """A fresh start on the homework ``code`` under ``name``."""
        homework = homework_set(code)
        return cls(homework, clean_name(name), [PuzzleWork() for _ in homework.puzzles])

    @classmethod
    def resume(cls, text: str, code: HomeworkCode | str | None = None) -> Progress:
        """The work a receipt holds, to go on with (for homework ``code`` when given).

        A receipt whose puzzles were dealt differently cannot be resumed: its answers
        would be for other puzzles.
        """
        receipt = read_receipt(text)
        own = read_code(receipt.code)
        expected = read_code(code) if isinstance(code, str) else code
        if expected is not None and own != expected:
            raise ReceiptError(f"this receipt is for homework {own}, not {expected}")
        homework = homework_set(own)
        if receipt.fingerprint != homework.fingerprint or len(receipt.work) != len(
            homework.puzzles
        ):
            raise ReceiptError(
                "this receipt's puzzles were dealt by another version of cardmath, so it cannot be resumed here"
            )
        return cls(homework, clean_name(receipt.name), list(receipt.work))

    @property
    def code(self) -> HomeworkCode:
        return self.homework.code

    def check(self, number: int, answer: str) -> Verdict:
        """Check ``answer`` to puzzle ``number`` and record it (a worse Navigator answer
        never replaces a better one already checked)."""
        puzzle = self.homework.puzzle(number)
        verdict = puzzle.check(answer)
        before = self.work[number - 1]
        keep = before.answer
        if verdict.ok and len(answer) <= 200:
            better = True
            if before.solved and not verdict.solved:
                better = False
            elif before.answer and not verdict.solved:
                previous = puzzle.check(before.answer)
                if previous.ok and previous.distance is not None and verdict.distance is not None:
                    better = verdict.distance < previous.distance
            if better:
                keep = answer.strip()
        self.work[number - 1] = replace(
            before,
            answer=keep,
            solved=before.solved or verdict.solved,
            tries=min(before.tries + 1, 100_000),
        )
        return verdict

    def hint(self, number: int) -> str:
        """The next hint of puzzle ``number`` (recorded), or the last one again."""
        before = self.work[number - 1]
        level = min(4, before.hints + 1)
        self.work[number - 1] = replace(before, hints=level)
        return self.homework.puzzle(number).hint(level)

    def hints_shown(self, number: int) -> list[str]:
        """Every hint opened so far on puzzle ``number``, easiest first."""
        puzzle = self.homework.puzzle(number)
        return [puzzle.hint(level) for level in range(1, self.work[number - 1].hints + 1)]

    def done(self, number: int) -> bool:
        """Whether puzzle ``number`` is over: solved, or every hint opened."""
        work = self.work[number - 1]
        return work.solved or work.hints >= 4

    @property
    def solved_count(self) -> int:
        return sum(item.solved for item in self.work)

    def receipt(self, handed_in: int | None = None) -> Receipt:
        """The hand-in receipt of the work so far (``handed_in``: minutes since 1970;
        ``None``: now)."""
        if handed_in is None:
            import time

            handed_in = int(time.time() // 60)
        return Receipt(
            str(self.code), self.name, tuple(self.work), self.homework.fingerprint, handed_in
        )
