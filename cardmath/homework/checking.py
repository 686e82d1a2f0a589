"""The teacher's side: every receipt checked again by the engine, and the class's results.

Nothing a receipt says about itself is believed. Each answer in it is judged again by
the puzzle's own check; a receipt is **flagged, and never counted**, when

* it cannot be read, or its checksum does not match (damaged or edited),
* it is for another homework than the one being checked,
* its puzzles were dealt differently (another version of cardmath dealt the set),
* it claims a puzzle solved that the engine says is not.

A receipt that claims less than the engine finds (solved, but not marked so) is simply
counted by the engine's verdict. When one name hands in several receipts, the latest
counts and the others are listed as replaced; since anyone can type any name, the one
that counts then carries a **note** to check with the student that every receipt under
their name is theirs (shown in the results, the text table and the CSV's ``notes``).

>>> from cardmath.homework.codes import HomeworkCode
>>> from cardmath.homework.sets import homework_set
>>> homework = homework_set(HomeworkCode("sequences", 11, 2, "easy"))
>>> right = [PuzzleWork(p.answer_key, True, 1, 2) for p in homework.puzzles]
>>> good = Receipt(str(homework.code), "Ada", tuple(right), homework.fingerprint).to_text()
>>> lying = Receipt(str(homework.code), "Bob", (PuzzleWork("0", True), PuzzleWork()), homework.fingerprint).to_text()
>>> results = check_receipts(good + "\\n" + lying, code=homework.code)
>>> [(row.name, row.solved_count) for row in results.counted]
[('Ada', 2)]
>>> results.flagged[0].name, results.flagged[0].flags[0]
('Bob', 'puzzle 1 is claimed solved, but the engine says: Not 0. Go one card at a time, left to right, and try again.')
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from cardmath.errors import CardMathError
from cardmath.homework.codes import HomeworkCode, read_code
from cardmath.homework.receipts import (
    PuzzleWork,  # noqa: F401  (the doctests build receipts with it)
    Receipt,
    ReceiptError,
    find_receipts,
    read_receipt,
)
from cardmath.homework.sets import Homework, homework_set

__all__ = [
    "CheckedPuzzle",
    "CheckedReceipt",
    "ClassResults",
    "PuzzleSummary",
    "check_receipt",
    "check_receipts",
]


@dataclass(frozen=True)
class CheckedPuzzle:
    """One puzzle of a receipt, as the engine judges it."""

    number: int
    answer: str
    solved: bool
    claimed: bool
    distance: int | None
    hints: int
    tries: int
    message: str


@dataclass(frozen=True)
class CheckedReceipt:
    """A receipt after checking: ``flags`` say why it is not counted (none: counted)."""

    text: str
    name: str
    code: str
    puzzles: tuple[CheckedPuzzle, ...] = ()
    flags: tuple[str, ...] = ()
    handed_in: int | None = None
    replaced: bool = False
    notes: tuple[str, ...] = ()
    """Counted, but to check (another receipt under the same name was replaced by it)."""
    source: str = "receipt"
    """``"receipt"`` (pasted or uploaded) or ``"class record"`` (done on the class server;
    ``handed_in`` is then the time of the last answer)."""

    @property
    def counted(self) -> bool:
        return not self.flags and not self.replaced

    @property
    def solved_count(self) -> int:
        return sum(puzzle.solved for puzzle in self.puzzles)

    @property
    def hints_used(self) -> int:
        return sum(puzzle.hints for puzzle in self.puzzles)

    @property
    def when(self) -> str:
        """When it was handed in, ``2026-11-23 18:05 UTC`` (by the student's clock)."""
        if self.handed_in is None:
            return ""
        import datetime

        moment = datetime.datetime.fromtimestamp(self.handed_in * 60, datetime.UTC)
        return moment.strftime("%Y-%m-%d %H:%M UTC")


def check_receipt(text: str | Receipt, code: HomeworkCode | str | None = None) -> CheckedReceipt:
    """Check one receipt against the engine (and against ``code`` when given).

    >>> check_receipt("cmhw1:abc:00000000").flags
    ('this receipt was changed or damaged after it was made (its checksum does not match)',)
    """
    shown = text if isinstance(text, str) else text.to_text()
    try:
        receipt = text if isinstance(text, Receipt) else read_receipt(text)
    except ReceiptError as error:
        return CheckedReceipt(shown, "(unreadable receipt)", "", flags=(str(error),))
    expected = read_code(code) if isinstance(code, str) else code
    try:
        own = read_code(receipt.code)
    except CardMathError as error:
        return CheckedReceipt(
            shown, receipt.name, receipt.code, flags=(str(error),), handed_in=receipt.handed_in
        )
    if expected is not None and own != expected:
        return CheckedReceipt(
            shown,
            receipt.name,
            receipt.code,
            flags=(f"this receipt is for homework {own}, not {expected}",),
            handed_in=receipt.handed_in,
        )
    homework = homework_set(own)
    return _judge(shown, receipt, homework)


def _judge(text: str, receipt: Receipt, homework: Homework) -> CheckedReceipt:
    flags: list[str] = []
    if receipt.fingerprint != homework.fingerprint:
        flags.append(
            "its puzzles were dealt differently (set by another version of cardmath): "
            "check it with the version the homework was set with"
        )
    if len(receipt.work) != len(homework.puzzles):
        flags.append(
            f"it has work on {len(receipt.work)} puzzles, but homework {homework.code} has "
            f"{len(homework.puzzles)}"
        )
    checked: list[CheckedPuzzle] = []
    for puzzle, work in zip(homework.puzzles, receipt.work, strict=False):
        if work.answer.strip():
            verdict = puzzle.check(work.answer)
            solved, distance, message = verdict.solved, verdict.distance, verdict.message
        else:
            solved, distance, message = False, None, "no answer"
        if work.solved and not solved:
            flags.append(
                f"puzzle {puzzle.number} is claimed solved, but the engine says: {message}"
            )
        checked.append(
            CheckedPuzzle(
                puzzle.number,
                work.answer,
                solved,
                work.solved,
                distance,
                work.hints,
                work.tries,
                message,
            )
        )
    return CheckedReceipt(
        text, receipt.name, receipt.code, tuple(checked), tuple(flags), receipt.handed_in
    )


@dataclass(frozen=True)
class PuzzleSummary:
    """One puzzle across the counted receipts: how many solved it, the mean distance
    of the answers given (``None``: no answers with a distance) and the hints used."""

    number: int
    students: int
    solved: int
    answered: int
    mean_distance: float | None
    hints: int
    mean_hints: float


@dataclass(frozen=True)
class ClassResults:
    """Every receipt checked for one homework: ``counted`` ones (one per name, the
    latest), ``flagged`` ones with their reasons, and ``replaced`` ones."""

    code: HomeworkCode | None
    receipts: tuple[CheckedReceipt, ...] = field(default=())

    @property
    def counted(self) -> tuple[CheckedReceipt, ...]:
        return tuple(receipt for receipt in self.receipts if receipt.counted)

    @property
    def flagged(self) -> tuple[CheckedReceipt, ...]:
        return tuple(receipt for receipt in self.receipts if receipt.flags)

    @property
    def replaced(self) -> tuple[CheckedReceipt, ...]:
        return tuple(receipt for receipt in self.receipts if receipt.replaced and not receipt.flags)

    def summary(self) -> tuple[PuzzleSummary, ...]:
        """Per puzzle, over the counted receipts."""
        if self.code is None:
            return ()
        rows = []
        counted = self.counted
        for number in range(1, self.code.count + 1):
            done = [
                receipt.puzzles[number - 1] for receipt in counted if len(receipt.puzzles) >= number
            ]
            distances = [puzzle.distance for puzzle in done if puzzle.distance is not None]
            hints = sum(puzzle.hints for puzzle in done)
            rows.append(
                PuzzleSummary(
                    number=number,
                    students=len(done),
                    solved=sum(puzzle.solved for puzzle in done),
                    answered=sum(bool(puzzle.answer.strip()) for puzzle in done),
                    mean_distance=sum(distances) / len(distances) if distances else None,
                    hints=hints,
                    mean_hints=hints / len(done) if done else 0.0,
                )
            )
        return tuple(rows)

    def to_csv(self) -> str:
        """The class table as CSV: one row per receipt (counted, flagged or replaced),
        with every puzzle's solved mark, distance and hints.

        >>> print(ClassResults(None).to_csv().strip())
        name,status,solved,hints used,handed in,flags,notes,source
        """
        count = self.code.count if self.code is not None else 0
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        header = ["name", "status", "solved", "hints used", "handed in"]
        for number in range(1, count + 1):
            header += [
                f"p{number} solved",
                f"p{number} distance",
                f"p{number} hints",
                f"p{number} answer",
            ]
        writer.writerow([*header, "flags", "notes", "source"])
        for receipt in self.receipts:
            status = (
                "flagged"
                if receipt.flags
                else "replaced"
                if receipt.replaced
                else "counted, to check"
                if receipt.notes
                else "counted"
            )
            row: list[object] = [
                _safe_cell(receipt.name),
                status,
                receipt.solved_count,
                receipt.hints_used,
                receipt.when,
            ]
            for number in range(1, count + 1):
                if number <= len(receipt.puzzles):
                    puzzle = receipt.puzzles[number - 1]
                    distance = "" if puzzle.distance is None else puzzle.distance
                    row += [int(puzzle.solved), distance, puzzle.hints, _safe_cell(puzzle.answer)]
                else:
                    row += ["", "", "", ""]
            writer.writerow(
                [
                    *row,
                    _safe_cell("; ".join(receipt.flags)),
                    _safe_cell("; ".join(receipt.notes)),
                    receipt.source,
                ]
            )
        return out.getvalue()


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
"""What makes a spreadsheet read a cell as a formula, also after leading spaces or tabs."""


def _safe_cell(text: str) -> str:
    """Text for a spreadsheet cell: line breaks become spaces (a spreadsheet would start a
    new row there), and a cell that would start a formula (``=``, ``+``, ``-``, ``@``,
    also after spaces or tabs) is kept as text with a ``'``.

    >>> _safe_cell("Ada"), _safe_cell("=1+1"), _safe_cell("\\r=1+1"), _safe_cell(" \\t@x")
    ('Ada', "'=1+1", "' =1+1", "' \\t@x")
    """
    text = text.replace("\r", " ").replace("\n", " ")
    unpadded = text.lstrip(" \t\x0b\x0c")
    if text.startswith(_FORMULA_STARTS) or unpadded.startswith(_FORMULA_STARTS):
        return "'" + text
    return text


def check_receipts(
    texts: str | Iterable[str],
    code: HomeworkCode | str | None = None,
    *,
    record: Any = None,
) -> ClassResults:
    """Find and check every receipt in pasted text (or several texts, one per file), and
    with a class ``record`` (:mod:`cardmath.progress`) the work done on the class server
    too (:func:`cardmath.homework.record.record_receipts`), checked the same way.

    Without ``code`` the homework is the one most receipts are for (with none pasted,
    the one last worked on in the record); receipts for any other homework are flagged.
    """
    if isinstance(texts, str):
        texts = [texts]
    found: list[str] = []
    for text in texts:
        found += find_receipts(text)
    expected = read_code(code) if isinstance(code, str) else code
    if expected is None:
        expected = _most_common_code(found)
    if expected is None and record is not None:
        from cardmath.homework.record import recorded_codes

        expected = next(iter(recorded_codes(record)), None)
    checked = [check_receipt(text, expected) for text in found]
    if record is not None and expected is not None:
        from cardmath.homework.record import record_receipts

        checked += [
            replace(check_receipt(receipt, expected), source="class record")
            for receipt in record_receipts(record, expected)
        ]
    return ClassResults(expected, _mark_replaced(checked))


def _most_common_code(found: list[str]) -> HomeworkCode | None:
    counts: dict[HomeworkCode, int] = {}
    for text in found:
        try:
            code = read_code(read_receipt(text).code)
        except CardMathError:
            continue
        counts[code] = counts.get(code, 0) + 1
    if not counts:
        return None
    return max(counts, key=lambda code: counts[code])


def _mark_replaced(checked: list[CheckedReceipt]) -> tuple[CheckedReceipt, ...]:
    """One counted receipt per name: the latest (then the one given last). The one kept
    notes every receipt it replaced, for the teacher to check: a receipt typed under
    another student's name with a later time would otherwise replace theirs unseen."""
    latest: dict[str, int] = {}
    for index, receipt in enumerate(checked):
        if receipt.flags:
            continue
        key = _name_key(receipt.name)
        if key in latest:
            other = checked[latest[key]]
            if (receipt.handed_in or 0) < (other.handed_in or 0):
                continue
        latest[key] = index
    kept = set(latest.values())
    result = []
    for index, receipt in enumerate(checked):
        if not receipt.flags and index not in kept:
            receipt = CheckedReceipt(**{**receipt.__dict__, "replaced": True})
        result.append(receipt)
    for index in kept:
        receipt = result[index]
        earlier = [
            other
            for other in result
            if other.replaced and _name_key(other.name) == _name_key(receipt.name)
        ]
        if earlier:
            notes = tuple(
                f"replaces a receipt under the same name handed in "
                f"{other.when or 'at no given time'} ({other.solved_count} solved; this one: "
                f"{receipt.solved_count}): anyone can type any name, so check with "
                f"{receipt.name[:40]} that both are theirs"
                for other in earlier
            )
            result[index] = CheckedReceipt(**{**receipt.__dict__, "notes": notes})
    return tuple(result)


def _name_key(name: str) -> str:
    """A name as compared between receipts: case and spacing do not matter."""
    return " ".join(name.casefold().split())
