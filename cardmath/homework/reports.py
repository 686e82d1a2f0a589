"""The homework's texts for a teacher: the answer key and the class table as plain text.

The command line prints them (``python -m cardmath homework answers`` / ``check``) and
the results page shows the answer key; neither needs the other.

>>> from cardmath.homework.codes import HomeworkCode
>>> answers_text(HomeworkCode("sum15", 7, 1, "easy")).startswith("Homework SUM-7-1E-5: Sum 15")
True
>>> print(check_text(ClassResults(None)))
No receipts found.
"""

from __future__ import annotations

from cardmath.homework.checking import ClassResults
from cardmath.homework.codes import HomeworkCode
from cardmath.wording import counted

__all__ = ["answers_text", "check_text"]


def answers_text(code: HomeworkCode) -> str:
    """The answer key: each puzzle, its rating, and a right answer."""
    from cardmath.homework.sets import homework_set

    homework = homework_set(code)
    lines = [f"Homework {code}: {code.title} (set {homework.fingerprint})"]
    for puzzle in homework.puzzles:
        score, label = puzzle.rating
        lines.append(f"{puzzle.number}. [{label} {score}/5] {puzzle.prompt}")
        lines.append(f"   answer: {puzzle.answer_key}")
    return "\n".join(lines)


def check_text(results: ClassResults) -> str:
    """The class table as text: counted receipts, then flagged and replaced ones."""
    lines = []
    code = results.code
    if code is None:
        return "No receipts found."
    lines.append(f"Homework {code}: {code.title}")
    recorded = sum(receipt.source == "class record" for receipt in results.receipts)
    lines.append(
        f"{len(results.counted)} counted, {len(results.flagged)} flagged, {len(results.replaced)} replaced"
        + (f" ({recorded} from the class record)" if recorded else "")
    )
    marks = " ".join(f"{number:>2}" for number in range(1, code.count + 1))
    lines.append(f"{'name':<24} {'solved':>6}  {'hints':>5}  {marks}")
    for receipt in results.counted:
        cells = " ".join(" ✔" if puzzle.solved else " ·" for puzzle in receipt.puzzles)
        mark = "  (CHECK: replaced an earlier receipt)" if receipt.notes else ""
        if receipt.source == "class record":
            mark = "  (class record)" + mark
        lines.append(
            f"{receipt.name[:24]:<24} {receipt.solved_count:>3}/{code.count:<2}  {receipt.hints_used:>5}  {cells}{mark}"
        )
    for summary in results.summary():
        distance = (
            "" if summary.mean_distance is None else f", mean distance {summary.mean_distance:.1f}"
        )
        lines.append(
            f"puzzle {summary.number}: solved by {summary.solved} of {summary.students}{distance}, "
            f"{counted(summary.hints, 'hint')}"
        )
    for receipt in results.flagged:
        lines.append(f"FLAGGED {receipt.name[:40]}: {'; '.join(receipt.flags)}")
    for receipt in results.replaced:
        lines.append(f"replaced by a later receipt: {receipt.name[:40]} ({receipt.when})")
    for receipt in results.counted:
        for note in receipt.notes:
            lines.append(f"CHECK {receipt.name[:40]}: {note}")
    return "\n".join(lines)
