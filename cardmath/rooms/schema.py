"""The rooms' three tables (SQLAlchemy Core): rooms, seats and the event log.

``rooms.version`` rises at every change of a room (a move, a join, a teacher's change)
and is what pages wait on; ``rooms.moves`` counts the room's events. Seat keys are kept
only as SHA-256 hashes, so reading the database does not give anyone a seat.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

rooms = sa.Table(
    "cardmath_rooms",
    metadata,
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
)

seats = sa.Table(
    "cardmath_room_seats",
    metadata,
    sa.Column("code", sa.String(12), sa.ForeignKey("cardmath_rooms.code"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(12), nullable=False),
    sa.Column("bot", sa.String(40), nullable=False, default=""),
    sa.Column("name", sa.String(64)),
    sa.Column("token_hash", sa.String(64)),
    sa.Column("removed_hash", sa.String(64)),
    sa.Column("away", sa.Boolean, nullable=False, default=False),
    sa.Column("seen", sa.Float, nullable=False, default=0.0),
)

events = sa.Table(
    "cardmath_room_events",
    metadata,
    sa.Column("code", sa.String(12), sa.ForeignKey("cardmath_rooms.code"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
