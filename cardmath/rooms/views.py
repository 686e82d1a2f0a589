"""What each screen may see: a seat's own view (its hand, its legal moves), the engine's
observation for a seat, and the public table for the projector."""

from __future__ import annotations

from typing import Any

from cardmath.rooms import core
from cardmath.rooms.core import CONNECTED_SECONDS, HUMAN, PLAYING, StoreCore, normal_code
from cardmath.rooms.referee import Referee, plain

__all__ = ["ViewsMixin"]


class ViewsMixin(StoreCore):
    """A seat's view, its observation, and the projector's public table."""

    def view(self, code: str, token: str) -> dict[str, Any]:
        """What the seat holding ``token`` may see, as JSON-able data: its own observation
        (cards by name), its legal moves when it is its turn, the seats (as "Player N"
        when the teacher anonymised the room; ``name`` is the seat's own), and the log
        lines it may read. Never another seat's hidden card."""
        code = normal_code(code)
        with self._reading(code) as connection:
            row = self._room_row(connection, code)
            seats = self._seat_rows(connection, code)
            seat = self._seat_of(connection, code, token, seats)
            referee = self._referee(connection, row)
            state = referee.state
            mover = referee.current_player
            data = self._common(row, seats, referee, real_names=False)
            data.update(
                {
                    "seat": seat.seat,
                    "name": seat.name,
                    "your_turn": mover == seat.seat and row.status == PLAYING,
                    "legal_actions": [str(a) for a in state.legal_actions()]
                    if mover == seat.seat
                    else [],
                    "observation": referee.seat_fields(seat.seat),
                    "log": referee.log_for(seat.seat),
                }
            )
        return data

    def observation(self, code: str, token: str) -> Any:
        """The engine's own observation of the seat holding ``token`` (the object a
        game's presenter or bot reads), for pages that draw with the game's widgets."""
        code = normal_code(code)
        with self._reading(code) as connection:
            row = self._room_row(connection, code)
            seat = self._seat_of(connection, code, token)
            return self._referee(connection, row).state.observation(seat.seat)

    def table(self, code: str, *, real_names: bool = False) -> dict[str, Any]:
        """The public table (for the projector) as JSON-able data: the room's ``version``,
        status, seats, whose turn, the observation fields every seat sees alike, and the
        log lines every seat may read. Names are "Player N" when the teacher anonymised
        the room, unless ``real_names`` (the teacher's console)."""
        code = normal_code(code)
        with self._reading(code) as connection:
            row = self._room_row(connection, code)
            seats = self._seat_rows(connection, code)
            referee = self._referee(connection, row)
            data = self._common(row, seats, referee, real_names=real_names)
            data["public"] = referee.public_fields()
            data["log"] = referee.log_for(None)
        return data

    def _common(
        self, row: Any, seats: list[Any], referee: Referee, *, real_names: bool
    ) -> dict[str, Any]:
        state = referee.state
        now = core.now()
        hidden = row.anonymous and not real_names
        data: dict[str, Any] = {
            "code": row.code,
            "game": row.game,
            "title": referee.game.title,
            "players": row.players,
            "version": row.version,
            "moves": row.moves,
            "status": row.status,
            "locked": bool(row.locked),
            "anonymous": bool(row.anonymous),
            "current_player": referee.current_player,
            "is_terminal": state.is_terminal,
            "seats": [
                {
                    "index": seat.seat,
                    "name": (f"Player {seat.seat + 1}" if hidden or not seat.name else seat.name),
                    "kind": seat.kind,
                    "away": bool(seat.away),
                    "connected": seat.kind == HUMAN and now - seat.seen <= CONNECTED_SECONDS,
                }
                for seat in seats
            ],
            "outcome": None,
        }
        if state.is_terminal:
            outcome = state.outcome()
            data["outcome"] = {
                "winners": list(outcome.winners),
                "scores": plain(outcome.scores),
                "summary": outcome.summary,
            }
        return data
