"""The class record: students' exercise attempts, the teacher's grid and board.

``from cardmath.progress import open_record`` (see :mod:`cardmath.progress.record`).
SQLAlchemy is imported only when a record is opened.
"""

from __future__ import annotations

import os

from cardmath.progress.record import (
    MAX_NAME,
    Attempt,
    Cell,
    ClassRecord,
    ExerciseSummary,
    Grid,
    Student,
    clean_student_name,
    open_record,
    safe_cell,
)

__all__ = [
    "MAX_NAME",
    "Attempt",
    "Cell",
    "ClassRecord",
    "ExerciseSummary",
    "Grid",
    "Student",
    "clean_student_name",
    "configured_url",
    "open_record",
    "safe_cell",
]


def configured_url() -> str | None:
    """The class store lessons record into, or ``None`` (Binder, offline: nothing is
    recorded). ``CARDMATH_ROOMS`` when set (a hub's PostgreSQL, a chosen file); on the
    class server (``CARDMATH_CLASS_URL`` is set) the rooms' default SQLite file.
    """
    configured = os.environ.get("CARDMATH_ROOMS")
    if configured:
        return configured
    if os.environ.get("CARDMATH_CLASS_URL"):
        from cardmath.rooms import default_url

        return default_url()
    return None
