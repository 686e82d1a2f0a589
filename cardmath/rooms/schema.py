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

# Statements used at every call, built once (building a statement costs more than
# running it on SQLite); values are bound at execution.
room_by_code = rooms.select().where(rooms.c.code == sa.bindparam("code"))
room_for_update = room_by_code.with_for_update()
seats_of_room = seats.select().where(seats.c.code == sa.bindparam("code")).order_by(seats.c.seat)
version_of_room = sa.select(rooms.c.version, rooms.c.updated).where(
    rooms.c.code == sa.bindparam("code")
)
events_after = (
    events.select()
    .where(
        events.c.code == sa.bindparam("code"),
        events.c.seq > sa.bindparam("after"),
        events.c.seq <= sa.bindparam("upto"),
    )
    .order_by(events.c.seq)
)
add_event = events.insert()
seat_seen = (
    seats.update()
    .where(seats.c.code == sa.bindparam("b_code"), seats.c.seat == sa.bindparam("b_seat"))
    .values(seen=sa.bindparam("b_seen"))
)
room_moved = (
    rooms.update()
    .where(rooms.c.code == sa.bindparam("b_code"), rooms.c.version == sa.bindparam("b_version"))
    .values(
        version=sa.bindparam("b_next"),
        updated=sa.bindparam("b_updated"),
        moves=sa.bindparam("b_moves"),
    )
)
notify = sa.text("SELECT pg_notify(:channel, :payload)")
