"""The class record's tables (SQLAlchemy Core), created beside the rooms' tables.

``students``: one row per name in the class (the browser keeps the token; only its
SHA-256 hash is stored). ``attempts``: every answer checked. ``board``: the teacher's
settings every page reads (the pause of "Eyes on the board", the answer on the
projector), each with a version that rises at every change.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

students = sa.Table(
    "cardmath_class_students",
    metadata,
    sa.Column("name_key", sa.String(200), primary_key=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Column("joined", sa.Float, nullable=False),
)

attempts = sa.Table(
    "cardmath_class_attempts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("lesson", sa.String(120), nullable=False),
    sa.Column("exercise", sa.String(120), nullable=False),
    sa.Column("answer", sa.Text, nullable=False),
    sa.Column("ok", sa.Boolean, nullable=False),
    sa.Column("hints", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

board = sa.Table(
    "cardmath_class_board",
    metadata,
    sa.Column("key", sa.String(40), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
)
