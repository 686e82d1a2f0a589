"""The class record: every answer a student checks, in the class's store.

A student is registered once by name (unique in the class, whatever the case) and gets a
secret token that their browser keeps; each checked answer is an :class:`Attempt`
(student, lesson, exercise, answer text, verdict, hints used, time). The teacher reads
the record as a :class:`Grid` (students × exercises), a per-exercise
:class:`ExerciseSummary`, and sets the board every page polls: "Eyes on the board" (a
pause with a message) and the answer shown on the projector, without its name.

The record lives in the rooms' store (SQLite on the class server, PostgreSQL on a hub),
in its own tables created beside the rooms'.

>>> import tempfile
>>> record = open_record(f"sqlite:///{tempfile.mkdtemp()}/class.sqlite")
>>> ana = record.register("Ana")
>>> record.register("ana")
Traceback (most recent call last):
  ...
cardmath.rooms.errors.NameTaken: the name 'ana' is already taken in this class: type another one (add an initial), or carry on as ana on the browser you used before
>>> _ = record.record(ana, "01-navigator", "Exercise 1", "20", ok=False, hints=0)
>>> _ = record.record(ana, "01-navigator", "Exercise 1", "14", ok=True, hints=1)
>>> print(record.grid("01-navigator").to_text())
student  Exercise 1
Ana      ✔ ✘1 ?1
>>> record.close()
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import hmac
import io
import json
import re
import secrets
import time
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardmath.errors import quoted
from cardmath.homework.checking import _safe_cell as safe_cell
from cardmath.rooms.core import create_tables, read_transaction, write_transaction
from cardmath.rooms.errors import BadName, BadToken, NameTaken

__all__ = [
    "MAX_NAME",
    "Attempt",
    "Cell",
    "ClassRecord",
    "ExerciseSummary",
    "Grid",
    "Student",
    "clean_student_name",
    "open_record",
    "safe_cell",
]

MAX_NAME = 40
"""Longest name a student can give."""

MAX_ANSWER = 2000
"""Longest answer text kept (longer answers are cut, with an ellipsis)."""

PAUSE, SHOWN = "pause", "shown"


@dataclass(frozen=True)
class Student:
    """A registered student: the ``name`` the class sees and the browser's ``token``."""

    name: str
    token: str = ""

    def __repr__(self) -> str:  # the token is a secret: never printed
        return f"Student(name={self.name!r})"


@dataclass(frozen=True)
class Attempt:
    """One checked answer."""

    id: int
    name: str
    lesson: str
    exercise: str
    answer: str
    ok: bool
    hints: int
    at: float


@dataclass(frozen=True)
class Cell:
    """One student's work on one exercise: solved or not, wrong tries, hints used."""

    solved: bool = False
    wrong: int = 0
    hints: int = 0
    tries: int = 0

    @property
    def tried(self) -> bool:
        return self.tries > 0

    def mark(self) -> str:
        """Short text for the grid: ``✔`` solved, ``✘2`` two wrong tries, ``?1`` one hint,
        ``·`` not tried.

        >>> Cell(solved=True, wrong=2, hints=1, tries=3).mark(), Cell().mark()
        ('✔ ✘2 ?1', '·')
        """
        if not self.tried:
            return "·"
        parts = ["✔"] if self.solved else []
        if self.wrong:
            parts.append(f"✘{self.wrong}")
        if self.hints:
            parts.append(f"?{self.hints}")
        return " ".join(parts)


def _natural(text: str) -> list[Any]:
    """Sort key that puts "Exercise 2" before "Exercise 10"."""
    return [int(part) if part.isdigit() else part.casefold() for part in re.split(r"(\d+)", text)]


@dataclass(frozen=True)
class Grid:
    """Students × exercises of one lesson (or of every lesson, columns ``lesson exercise``)."""

    lesson: str | None
    students: tuple[str, ...]
    columns: tuple[tuple[str, str], ...]
    cells: dict[tuple[str, tuple[str, str]], Cell] = field(repr=False)

    def cell(self, student: str, column: tuple[str, str]) -> Cell:
        return self.cells.get((student, column), Cell())

    def labels(self) -> list[str]:
        """Column headings: the exercise, with its lesson when several lessons show."""
        lessons = {lesson for lesson, _ in self.columns}
        if len(lessons) <= 1:
            return [exercise for _, exercise in self.columns]
        return [f"{lesson} {exercise}" for lesson, exercise in self.columns]

    def names(self, anonymous: bool = False) -> list[str]:
        """Row names, or ``Student 1``, ``Student 2``... when names are hidden."""
        if anonymous:
            return [f"Student {n}" for n in range(1, len(self.students) + 1)]
        return list(self.students)

    def rows(self, anonymous: bool = False) -> list[list[str]]:
        """The heading row, then one row of marks per student."""
        table = [["student", *self.labels()]]
        for name, student in zip(self.names(anonymous), self.students, strict=True):
            table.append([name, *(self.cell(student, c).mark() for c in self.columns)])
        return table

    def to_text(self, anonymous: bool = False) -> str:
        """The grid as aligned text (what ``python -m cardmath class progress`` prints)."""
        table = self.rows(anonymous)
        widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
        return "\n".join(
            "  ".join(text.ljust(width) for text, width in zip(row, widths, strict=True)).rstrip()
            for row in table
        )

    def to_csv(self, anonymous: bool = False) -> str:
        """The grid as CSV, every cell safe to open in a spreadsheet (no formulas)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        for row in self.rows(anonymous):
            writer.writerow([safe_cell(text) for text in row])
        return out.getvalue()


@dataclass(frozen=True)
class ExerciseSummary:
    """How the class did on one exercise: how many solved it of how many tried, and the
    most common wrong answers with their counts (and one attempt id of each, to show)."""

    lesson: str
    exercise: str
    solved: int
    tried: int
    wrong_answers: tuple[tuple[str, int, int], ...]

    @property
    def share_solved(self) -> str:
        """``"2 of 3 (67%)"``.

        >>> ExerciseSummary("l", "e", 2, 3, ()).share_solved
        '2 of 3 (67%)'
        """
        if not self.tried:
            return "nobody has tried yet"
        return f"{self.solved} of {self.tried} ({(200 * self.solved + self.tried) // (2 * self.tried)}%)"


def clean_student_name(name: Any) -> str:
    """A student's name as the class sees it, or :class:`BadName` saying why not.

    >>> clean_student_name("  Ana   Lopez ")
    'Ana Lopez'
    >>> clean_student_name("x" * 200)
    Traceback (most recent call last):
      ...
    cardmath.rooms.errors.BadName: a name is at most 40 characters, not 200: type a shorter one
    """
    if not isinstance(name, str):
        raise BadName(f"a name is text, like 'Ana', not {quoted(name)}")
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise BadName("type your name (or a nickname your teacher knows) to start")
    if len(text) > MAX_NAME:
        raise BadName(
            f"a name is at most {MAX_NAME} characters, not {len(text)}: type a shorter one"
        )
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise BadName("a name cannot hold control characters")
    return text


def _key(name: str) -> str:
    return name.casefold()


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _text(value: Any, limit: int, what: str) -> str:
    if not isinstance(value, str):
        raise BadName(f"{what} is text, not {quoted(value)}")
    return value if len(value) <= limit else value[: limit - 1] + "…"


class ClassRecord:
    """The class record in a rooms' store (see :func:`open_record`)."""

    def __new__(cls, store: Any, *, owned: bool = False) -> ClassRecord:
        # a store that is not a database (the class service) brings its own record
        kind = getattr(store, "record_class", None) if cls is ClassRecord else None
        return super().__new__(kind if isinstance(kind, type) else cls)

    def __init__(self, store: Any, *, owned: bool = False) -> None:
        from cardmath.progress import schema

        self.store = store
        self.engine = store.engine
        self.schema = schema
        self._owned = owned
        create_tables(self.engine, schema.metadata)

    def _write(self) -> contextlib.AbstractContextManager[Any]:
        return write_transaction(self.engine)

    def _read(self) -> contextlib.AbstractContextManager[Any]:
        return read_transaction(self.engine)

    # --- students --------------------------------------------------------------------

    def register(self, name: str) -> Student:
        """Register ``name`` and return it with a new token; :class:`NameTaken` if someone
        in the class already has it (in any case), :class:`BadName` if it cannot be shown."""
        import sqlalchemy as sa

        text = clean_student_name(name)
        students = self.schema.students
        token = secrets.token_urlsafe(18)
        taken = NameTaken(
            f"the name {quoted(text)} is already taken in this class: type another one "
            f"(add an initial), or carry on as {text} on the browser you used before"
        )
        try:
            with self._write() as connection:
                found = connection.execute(
                    sa.select(students.c.name).where(students.c.name_key == _key(text))
                ).first()
                if found is not None:
                    raise taken
                connection.execute(
                    students.insert().values(
                        name_key=_key(text), name=text, token_hash=_hash(token), joined=time.time()
                    )
                )
        except sa.exc.IntegrityError:  # registered by another page at the same moment
            raise taken from None
        return Student(text, token)

    def resume(self, name: str, token: str) -> Student:
        """The student ``name`` again, if ``token`` is the one their browser was given;
        :class:`BadToken` otherwise (a name is never resumed from another browser)."""
        import sqlalchemy as sa

        text = clean_student_name(name)
        students = self.schema.students
        with self._read() as connection:
            found = connection.execute(
                sa.select(students.c.name, students.c.token_hash).where(
                    students.c.name_key == _key(text)
                )
            ).first()
        if (
            found is None
            or not isinstance(token, str)
            or not hmac.compare_digest(found.token_hash, _hash(token))
        ):
            raise BadToken(
                f"{text} started on another browser: only that browser can carry on as "
                f"{text}; type another name here"
            )
        return Student(found.name, token)

    def claim(self, name: str) -> Student:
        """The student ``name`` with a new token, registered if new. Only for a name the
        server has already proved (a JupyterHub user name): it takes the name over from
        any earlier browser."""
        import sqlalchemy as sa

        text = clean_student_name(name)
        students = self.schema.students
        token = secrets.token_urlsafe(18)
        with self._write() as connection:
            found = connection.execute(
                sa.select(students.c.name).where(students.c.name_key == _key(text))
            ).first()
            if found is None:
                connection.execute(
                    students.insert().values(
                        name_key=_key(text), name=text, token_hash=_hash(token), joined=time.time()
                    )
                )
                return Student(text, token)
            connection.execute(
                students.update()
                .where(students.c.name_key == _key(text))
                .values(token_hash=_hash(token))
            )
            return Student(found.name, token)

    def students(self) -> list[str]:
        """Every registered name, in alphabetical order."""
        import sqlalchemy as sa

        with self._read() as connection:
            names = connection.execute(sa.select(self.schema.students.c.name)).scalars().all()
        return sorted(names, key=_natural)

    # --- attempts --------------------------------------------------------------------

    def record(
        self, student: Student, lesson: str, exercise: str, answer: str, *, ok: bool, hints: int
    ) -> int:
        """Keep one checked answer of ``student`` (whose token is checked); its id."""
        who = self.resume(student.name, student.token)
        values = {
            "name": who.name,
            "lesson": _text(lesson, 120, "a lesson"),
            "exercise": _text(exercise, 120, "an exercise"),
            "answer": _text(answer, MAX_ANSWER, "an answer"),
            "ok": bool(ok),
            "hints": max(0, int(hints)),
            "at": time.time(),
        }
        with self._write() as connection:
            result = connection.execute(self.schema.attempts.insert().values(**values))
            return int(result.inserted_primary_key[0])

    def attempts(self, lesson: str | None = None, exercise: str | None = None) -> list[Attempt]:
        """Every attempt (of ``lesson``, of ``exercise``), oldest first."""
        table = self.schema.attempts
        query = table.select().order_by(table.c.id)
        if lesson is not None:
            query = query.where(table.c.lesson == lesson)
        if exercise is not None:
            query = query.where(table.c.exercise == exercise)
        with self._read() as connection:
            return [Attempt(**row._mapping) for row in connection.execute(query)]

    def attempt(self, attempt_id: int) -> Attempt | None:
        table = self.schema.attempts
        with self._read() as connection:
            row = connection.execute(table.select().where(table.c.id == int(attempt_id))).first()
        return None if row is None else Attempt(**row._mapping)

    def lessons(self) -> list[str]:
        """The lessons anyone has an attempt in."""
        import sqlalchemy as sa

        with self._read() as connection:
            found = connection.execute(sa.select(self.schema.attempts.c.lesson).distinct())
            return sorted(found.scalars().all(), key=_natural)

    def grid(self, lesson: str | None = None) -> Grid:
        """Students × exercises (of ``lesson``, or of every lesson)."""
        return grid_of(self.attempts(lesson), self.students(), lesson)

    def summary(self, lesson: str, exercise: str, top: int = 5) -> ExerciseSummary:
        """Share solved and the ``top`` most common wrong answers of one exercise."""
        return summary_of(self.attempts(lesson, exercise), lesson, exercise, top)

    # --- the board -------------------------------------------------------------------

    def _set(self, key: str, value: Any) -> None:
        import sqlalchemy as sa

        board = self.schema.board
        text = json.dumps(value)
        with self._write() as connection:
            found = connection.execute(sa.select(board.c.version).where(board.c.key == key)).first()
            if found is None:
                connection.execute(board.insert().values(key=key, value=text, version=1))
            else:
                connection.execute(
                    board.update()
                    .where(board.c.key == key)
                    .values(value=text, version=found.version + 1)
                )

    def _get(self, key: str) -> Any:
        import sqlalchemy as sa

        board = self.schema.board
        with self._read() as connection:
            found = connection.execute(sa.select(board.c.value).where(board.c.key == key)).first()
        return None if found is None else json.loads(found.value)

    def pause(self, message: str = "Eyes on the board") -> None:
        """Cover every student's screen with ``message`` until :meth:`resume_class`."""
        self._set(PAUSE, _text(message, 200, "a message").strip() or "Eyes on the board")

    def resume_class(self) -> None:
        """Lift the cover from every student's screen."""
        self._set(PAUSE, None)

    def paused(self) -> str | None:
        """The message covering the students' screens, or ``None``."""
        value = self._get(PAUSE)
        return value if isinstance(value, str) else None

    def show(self, attempt_id: int | None) -> None:
        """Put an attempt's answer on the projector (without its name), or clear it."""
        if attempt_id is None:
            self._set(SHOWN, None)
            return
        found = self.attempt(attempt_id)
        if found is None:
            raise BadToken(f"there is no answer number {int(attempt_id)} in this class")
        self._set(
            SHOWN,
            {"lesson": found.lesson, "exercise": found.exercise, "answer": found.answer,
             "ok": found.ok},
        )  # fmt: skip

    def shown(self) -> dict[str, Any] | None:
        """What the projector shows: lesson, exercise, answer and verdict (never a name)."""
        value = self._get(SHOWN)
        return value if isinstance(value, dict) else None

    def version(self) -> tuple[int, int, int]:
        """Changes whenever an attempt, a student or the board changes (pages poll it)."""
        import sqlalchemy as sa

        s = self.schema
        query = sa.select(
            sa.select(sa.func.coalesce(sa.func.max(s.attempts.c.id), 0)).scalar_subquery(),
            sa.select(sa.func.count()).select_from(s.students).scalar_subquery(),
            sa.select(sa.func.coalesce(sa.func.sum(s.board.c.version), 0)).scalar_subquery(),
        )
        with self._read() as connection:
            row = connection.execute(query).one()
        return int(row[0]), int(row[1]), int(row[2])

    def close(self) -> None:
        if self._owned:
            self.store.close()


def grid_of(attempts: Sequence[Attempt], students: Sequence[str], lesson: str | None) -> Grid:
    """The :class:`Grid` of these attempts (every student in ``students`` has a row)."""
    cells: dict[tuple[str, tuple[str, str]], Cell] = {}
    columns: set[tuple[str, str]] = set()
    for item in attempts:
        column = (item.lesson, item.exercise)
        columns.add(column)
        old = cells.get((item.name, column), Cell())
        cells[(item.name, column)] = Cell(
            solved=old.solved or item.ok,
            wrong=old.wrong + (not item.ok),
            hints=max(old.hints, item.hints),
            tries=old.tries + 1,
        )
    names = sorted({*students, *(item.name for item in attempts)}, key=_natural)
    ordered = sorted(columns, key=lambda c: (_natural(c[0]), _natural(c[1])))
    return Grid(lesson, tuple(names), tuple(ordered), cells)


def summary_of(
    attempts: Sequence[Attempt], lesson: str, exercise: str, top: int = 5
) -> ExerciseSummary:
    """The :class:`ExerciseSummary` of one exercise's attempts."""
    tried = {item.name for item in attempts}
    solved = {item.name for item in attempts if item.ok}
    wrong = Counter(" ".join(item.answer.split()) for item in attempts if not item.ok)
    first: dict[str, int] = {}
    for item in attempts:
        first.setdefault(" ".join(item.answer.split()), item.id)
    common = tuple((text, count, first[text]) for text, count in wrong.most_common(top))
    return ExerciseSummary(lesson, exercise, len(solved), len(tried), common)


def open_record(url: str | None = None) -> ClassRecord:
    """The class record in the store at ``url`` (default: the rooms' store, see
    :func:`cardmath.rooms.default_url`)."""
    from cardmath.rooms import open_store

    return ClassRecord(open_store(url), owned=True)
