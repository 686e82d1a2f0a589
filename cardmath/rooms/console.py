"""The teacher's console: every room with its seats, pause and resume, end, lock joining,
hide names, fill empty seats with computer players, take a student off a seat, the policy
for a student whose page is gone, the event log, and purging old rooms."""

from __future__ import annotations

from typing import Any

from cardmath.bots import bot_names
from cardmath.errors import OptionError, quoted
from cardmath.rooms import core
from cardmath.rooms.core import (
    COMPUTER,
    CONNECTED_SECONDS,
    EMPTY,
    ENDED,
    HUMAN,
    PAUSED,
    PLAYING,
    ROOM_LIFETIME,
    TAKE_OVER,
    WAIT,
    Change,
    StoreCore,
    normal_code,
)
from cardmath.rooms.errors import RoomClosed
from cardmath.rooms.referee import Referee

__all__ = ["ConsoleMixin"]


def _status_change(status: str) -> Change:
    """A teacher's change that pauses or resumes a room (an ended room stays ended)."""

    def change(_connection: Any, row: Any, _seats: Any, _referee: Any) -> dict[str, Any]:
        if row.status == ENDED:
            raise RoomClosed(f"the game in room {row.code} has ended")
        return {"status": status}

    return change


class ConsoleMixin(StoreCore):
    """The teacher's calls (never a student's page: they see every seat's name and seed)."""

    def rooms(self, *, include_ended: bool = False) -> list[dict[str, Any]]:
        """Every open room, newest first: code, game, players, seed, status, locked,
        version, moves, and each seat's real name, kind and whether its page is connected.
        For the teacher only: the seed deals every hand."""
        with self._read() as connection:
            query = self.schema.rooms.select().order_by(self.schema.rooms.c.created.desc())
            rows = [
                r
                for r in connection.execute(query)
                if (include_ended or r.status != ENDED) and r.updated + ROOM_LIFETIME >= core.now()
            ]
            seats = self.schema.seats
            all_seats: dict[str, list[Any]] = {}
            for seat in connection.execute(seats.select().order_by(seats.c.seat)):
                all_seats.setdefault(seat.code, []).append(seat)
        now = core.now()
        return [
            {
                "code": r.code,
                "game": r.game,
                "players": r.players,
                "seed": r.seed,
                "status": r.status,
                "locked": bool(r.locked),
                "anonymous": bool(r.anonymous),
                "version": r.version,
                "moves": r.moves,
                "leave_policy": r.leave_policy,
                "leave_seconds": r.leave_seconds,
                "seats": [
                    {
                        "index": s.seat,
                        "name": s.name or "",
                        "kind": s.kind,
                        "away": bool(s.away),
                        "connected": s.kind == HUMAN and now - s.seen <= CONNECTED_SECONDS,
                    }
                    for s in all_seats.get(r.code, [])
                ],
            }
            for r in rows
        ]

    def pause(self, code: str) -> int:
        """Pause the room: moves are refused with a sentence until :meth:`resume`."""
        return self._teacher_change(code, _status_change(PAUSED))

    def resume(self, code: str) -> int:
        """Let play go on in a paused room (computer players to move then move)."""
        return self._teacher_change(code, _status_change(PLAYING))

    def end(self, code: str) -> int:
        """End the room's game now: nobody may move or join; every screen still shows it."""
        return self._teacher_change(code, lambda *_: {"status": ENDED})

    def lock(self, code: str, locked: bool = True) -> int:
        """Lock (or unlock) joining: nobody new may sit down while locked."""
        return self._teacher_change(code, lambda *_: {"locked": bool(locked)})

    def anonymise(self, code: str, anonymous: bool = True) -> int:
        """Show "Player N" instead of names on the projector (:meth:`table`)."""
        return self._teacher_change(code, lambda *_: {"anonymous": bool(anonymous)})

    def _check_strength(self, game: str, strength: str) -> str:
        known = bot_names(game)
        if strength not in known:
            raise OptionError(
                f"there is no {quoted(strength)} computer player for this game; "
                f"choose from {', '.join(known)}"
            )
        return strength

    def fill_with_bots(self, code: str, strength: str = "random") -> int:
        """Give every empty seat to a computer player of ``strength`` (``random``,
        ``greedy``, ``strong``...); they play at once when it is their turn."""

        def change(
            connection: Any, row: Any, seats: list[Any], _referee: Referee
        ) -> dict[str, Any]:
            self._check_strength(row.game, strength)
            for seat in seats:
                if seat.kind == EMPTY:
                    self._set_seat(
                        connection,
                        row.code,
                        seat.seat,
                        kind=COMPUTER,
                        bot=strength,
                        name=f"Computer ({strength})",
                        away=False,
                    )
            return {}

        return self._teacher_change(code, change)

    def remove(self, code: str, index: int, *, computer: str | None = None) -> int:
        """Take the student off seat ``index`` (0 is Player 1): the seat is freed, or
        given to a computer player of strength ``computer``. Their page's key stops
        working with a sentence saying so; their moves so far stay in the game."""

        def change(
            connection: Any, row: Any, seats: list[Any], _referee: Referee
        ) -> dict[str, Any]:
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(seats):
                raise OptionError(
                    f"room {row.code} has seats 0 to {len(seats) - 1}, not {quoted(index)}"
                )
            seat = seats[index]
            if computer is not None:
                self._check_strength(row.game, computer)
                self._set_seat(
                    connection,
                    row.code,
                    index,
                    kind=COMPUTER,
                    bot=computer,
                    name=f"Computer ({computer})",
                    token_hash=None,
                    removed_hash=seat.token_hash,
                    away=False,
                )
            else:
                self._set_seat(
                    connection,
                    row.code,
                    index,
                    kind=EMPTY,
                    bot="",
                    name=None,
                    token_hash=None,
                    removed_hash=seat.token_hash,
                    away=False,
                )
            return {}

        return self._teacher_change(code, change)

    def set_leave_policy(
        self, code: str, policy: str = WAIT, *, after: float = 120.0, computer: str = "random"
    ) -> int:
        """What happens when a student's page is gone mid-game: ``"wait"`` for them, or
        ``"computer"``: after ``after`` seconds without a touch, a computer player of
        strength ``computer`` plays their seat until their page touches the room again."""
        if policy not in (WAIT, TAKE_OVER):
            raise OptionError(f"a leaving policy is 'wait' or 'computer', not {quoted(policy)}")
        if isinstance(after, bool) or not isinstance(after, (int, float)) or not 5 <= after <= 3600:
            raise OptionError(
                f"the wait before a computer takes over is 5 to 3600 seconds, not {quoted(after)}"
            )

        def change(
            connection: Any, row: Any, _seats: list[Any], _referee: Referee
        ) -> dict[str, Any]:
            self._check_strength(row.game, computer)
            return {"leave_policy": policy, "leave_seconds": int(after), "leave_bot": computer}

        return self._teacher_change(code, change)

    def purge(self, older_than: float = ROOM_LIFETIME) -> list[str]:
        """Delete the rooms nobody has changed for ``older_than`` seconds (their codes are
        refused as expired already); returns their codes."""
        rooms, seats, events = self.schema.rooms, self.schema.seats, self.schema.events
        limit = core.now() - older_than
        with self._write() as connection:
            codes = [
                r.code for r in connection.execute(rooms.select().where(rooms.c.updated < limit))
            ]
            for table in (events, seats, rooms):
                connection.execute(table.delete().where(table.c.code.in_(codes)))
        for code in codes:
            self._forget(code)
        return codes

    def events(self, code: str) -> list[dict[str, Any]]:
        """The room's event log for the teacher: every move with its seat and time.
        It names hidden cards: never show it to a student's page or the projector."""
        code = normal_code(code)
        with self._read() as connection:
            self._room_row(connection, code)
            events = self.schema.events
            query = events.select().where(events.c.code == code).order_by(events.c.seq)
            return [
                {"seq": e.seq, "seat": e.seat, "action": e.action, "at": e.at}
                for e in connection.execute(query)
            ]
