"""Rooms across devices: a class plays each other, one private hand per laptop, the
public table on the projector.

``from cardmath.rooms import open_store``; ``store = open_store(url)``; then
``create_room``, ``join``, ``view``, ``table``, ``act`` and ``wait`` (see
:class:`~cardmath.rooms.store.RoomStore` and ``docs/rooms.md``). SQLAlchemy is imported
only when a store is opened, so ``import cardmath`` stays fast.
"""

from __future__ import annotations

from cardmath.rooms.errors import (
    BadName,
    BadToken,
    NameTaken,
    NotYourTurn,
    RoomClosed,
    RoomError,
    RoomExpired,
    RoomFull,
    RoomLocked,
    RoomNotFound,
    RoomPaused,
    SeatRemoved,
    StaleMove,
    StoreError,
)
from cardmath.rooms.store import Room, RoomStore, Seat, default_url, open_store

__all__ = [
    "BadName",
    "BadToken",
    "NameTaken",
    "NotYourTurn",
    "Room",
    "RoomClosed",
    "RoomError",
    "RoomExpired",
    "RoomFull",
    "RoomLocked",
    "RoomNotFound",
    "RoomPaused",
    "RoomStore",
    "Seat",
    "SeatRemoved",
    "StaleMove",
    "StoreError",
    "default_url",
    "open_store",
]
