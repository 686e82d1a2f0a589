"""The rooms (rooms, seats, event log) and the class record (students, attempts, board).

The schema as ``create_all`` made it before migrations: a store made then already has
these tables, and only Alembic's version is added to it.

Revision ID: 0001
Revises:
Create Date: 2026-11-25
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TABLES = (
    "cardmath_rooms",
    "cardmath_room_seats",
    "cardmath_room_events",
    "cardmath_class_students",
    "cardmath_class_attempts",
    "cardmath_class_board",
)


def _tables() -> dict[str, tuple[sa.Column[Any], ...]]:
    return {
        "cardmath_rooms": (
            sa.Column("code", sa.String(12), primary_key=True),
            sa.Column("game", sa.String(40), nullable=False),
            sa.Column("options", sa.Text, nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("players", sa.Integer, nullable=False),
            sa.Column("version", sa.Integer, nullable=False),
            sa.Column("moves", sa.Integer, nullable=False),
            sa.Column("status", sa.String(12), nullable=False),
            sa.Column("locked", sa.Boolean, nullable=False),
            sa.Column("anonymous", sa.Boolean, nullable=False),
            sa.Column("leave_policy", sa.String(12), nullable=False),
            sa.Column("leave_seconds", sa.Integer, nullable=False),
            sa.Column("leave_bot", sa.String(40), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("updated", sa.Float, nullable=False),
        ),
        "cardmath_room_seats": (
            sa.Column(
                "code", sa.String(12), sa.ForeignKey("cardmath_rooms.code"), primary_key=True
            ),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(12), nullable=False),
            sa.Column("bot", sa.String(40), nullable=False),
            sa.Column("name", sa.String(64)),
            sa.Column("token_hash", sa.String(64)),
            sa.Column("removed_hash", sa.String(64)),
            sa.Column("away", sa.Boolean, nullable=False),
            sa.Column("seen", sa.Float, nullable=False),
        ),
        "cardmath_room_events": (
            sa.Column(
                "code", sa.String(12), sa.ForeignKey("cardmath_rooms.code"), primary_key=True
            ),
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("action", sa.Text, nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        ),
        "cardmath_class_students": (
            sa.Column("name_key", sa.String(200), primary_key=True),
            sa.Column("name", sa.String(200), nullable=False),
            sa.Column("token_hash", sa.String(64), nullable=False),
            sa.Column("joined", sa.Float, nullable=False),
        ),
        "cardmath_class_attempts": (
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("name", sa.String(200), nullable=False),
            sa.Column("lesson", sa.String(120), nullable=False),
            sa.Column("exercise", sa.String(120), nullable=False),
            sa.Column("answer", sa.Text, nullable=False),
            sa.Column("ok", sa.Boolean, nullable=False),
            sa.Column("hints", sa.Integer, nullable=False),
            sa.Column("at", sa.Float, nullable=False),
        ),
        "cardmath_class_board": (
            sa.Column("key", sa.String(40), primary_key=True),
            sa.Column("value", sa.Text, nullable=False),
            sa.Column("version", sa.Integer, nullable=False),
        ),
    }


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    for name, columns in _tables().items():
        if name not in existing:
            op.create_table(name, *columns)


def downgrade() -> None:
    for name in reversed(TABLES):
        op.drop_table(name)
