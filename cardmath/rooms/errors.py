"""What can go wrong in a room, each with a sentence a student or teacher can act on.

Every refusal is a :class:`RoomError` (a :class:`~cardmath.errors.CardMathError`), and a
refused call changes nothing in the store.

>>> try:
...     raise RoomFull("room ABCD is full: all 4 seats are taken")
... except CardMathError as error:
...     print(type(error).__name__, "|", error)
RoomFull | room ABCD is full: all 4 seats are taken
"""

from __future__ import annotations

from cardmath.errors import CardMathError, IllegalMove

__all__ = [
    "BadName",
    "BadToken",
    "NameTaken",
    "NotYourTurn",
    "RoomClosed",
    "RoomError",
    "RoomExpired",
    "RoomFull",
    "RoomLocked",
    "RoomNotFound",
    "RoomPaused",
    "SeatRemoved",
    "StaleMove",
    "StoreError",
]


class RoomError(CardMathError):
    """Base class of the rooms' refusals."""


class StoreError(RoomError):
    """The store's address is not one this project can open."""


class RoomNotFound(RoomError):
    """A room code that names no room (mistyped, or never opened)."""


class RoomExpired(RoomNotFound):
    """A room code of a room that was closed long ago."""


class RoomClosed(RoomError):
    """The teacher has ended this room's game: nobody may join or move."""


class RoomPaused(RoomError):
    """The teacher has paused this room: moves wait until it is resumed."""


class RoomLocked(RoomError):
    """The teacher has locked joining: nobody new may take a seat."""


class RoomFull(RoomError):
    """Every seat of the room is taken (by people or computer players)."""


class BadName(RoomError):
    """A name that cannot be shown at the table (empty, too long, control characters)."""


class NameTaken(RoomError):
    """Someone at this table already has this name."""


class BadToken(RoomError):
    """A seat key that this room never gave out (forged, mistyped, or from another room)."""


class SeatRemoved(BadToken):
    """A seat key the teacher has taken back (the student was removed)."""


class NotYourTurn(IllegalMove, RoomError):
    """A move from a seat whose turn it is not."""

    def __init__(self, message: str) -> None:
        super().__init__(message, rule="turn")


class StaleMove(IllegalMove, RoomError):
    """A move sent for a table that has changed since the screen showed it (a double
    click, a second tab): it is not applied."""

    def __init__(self, message: str) -> None:
        super().__init__(message, rule="one move per turn")
