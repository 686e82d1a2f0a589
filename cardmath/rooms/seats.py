"""Opening rooms and sitting down: a room's deal and code, a seat's secret key, a page
coming back to its seat, and the move a seat makes."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, fields
from typing import Any

from cardmath import codec
from cardmath.errors import ActionSyntaxError, OptionError, checked_text, quoted
from cardmath.games import GAMES, get_game
from cardmath.rooms import core
from cardmath.rooms.core import (
    CODE_ALPHABET,
    CODE_LENGTH,
    COMPUTER,
    EMPTY,
    ENDED,
    HUMAN,
    PAUSED,
    PLAYING,
    WAIT,
    StoreCore,
    clean_name,
    hash_token,
    normal_code,
)
from cardmath.rooms.errors import (
    NameTaken,
    NotYourTurn,
    RoomClosed,
    RoomFull,
    RoomLocked,
    RoomPaused,
    StaleMove,
    StoreError,
)
from cardmath.rooms.referee import Referee, plain

__all__ = ["Room", "Seat", "SeatsMixin"]


@dataclass(frozen=True)
class Room:
    """A room just opened: its ``code`` (what students type), game, players and seed."""

    code: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]


@dataclass(frozen=True)
class Seat:
    """A seat taken: the room's ``code``, the seat's ``index`` (0 is Player 1), the name,
    and the secret ``token`` the student's page keeps to act and to come back."""

    code: str
    index: int
    name: str
    token: str = ""

    def __repr__(self) -> str:  # the token is a secret: never printed
        return f"Seat(code={self.code!r}, index={self.index}, name={self.name!r})"


class SeatsMixin(StoreCore):
    """Opening a room, joining it, coming back to a seat, and a seat's move."""

    # --- opening and joining -------------------------------------------------------

    def create_room(
        self,
        game: str,
        players: int = 2,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        code: str | None = None,
    ) -> Room:
        """Open a room for ``game`` with ``players`` seats, all empty: the same deal as
        ``get_game(game, players=players, **options).new_state(seed=seed)``
        (``seed=None``: a fresh one). ``code`` chooses the room's code (4 to 6 of
        :data:`CODE_ALPHABET`), else a fresh one is drawn. Refused with
        :class:`OptionError` as the game refuses its options, or when the code is taken."""
        if not isinstance(game, str) or game not in GAMES:
            raise OptionError(f"there is no game {quoted(game)}; the games are {', '.join(GAMES)}")
        chosen = dict(options or {})
        if "players" in chosen and chosen["players"] != players:
            raise OptionError(
                f"players is given twice: {quoted(players)} and {quoted(chosen['players'])}"
            )
        chosen["players"] = players
        engine_game = get_game(game, **chosen)
        referee = Referee(engine_game, engine_game.new_state(seed).seed)
        saved = {
            f.name: codec.to_data(getattr(engine_game.options, f.name))
            for f in fields(engine_game.options)
        }
        now = core.now()
        if code is not None:
            code = normal_code(code)
            if not 4 <= len(code) <= 6 or set(code) - set(CODE_ALPHABET):
                raise OptionError(
                    f"a room code is 4 to 6 of {CODE_ALPHABET} (no 0, O, 1 or I), not {quoted(code)}"
                )
        from sqlalchemy.exc import IntegrityError

        for _ in range(50):
            wanted = code or "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            try:
                with self._write() as connection:
                    if connection.execute(
                        self.schema.rooms.select().where(self.schema.rooms.c.code == wanted)
                    ).first():
                        if code:
                            raise OptionError(f"room {code} already exists")
                        continue
                    connection.execute(
                        self.schema.rooms.insert().values(
                            code=wanted,
                            game=game,
                            options=json.dumps(saved, separators=(",", ":")),
                            seed=referee.seed,
                            players=engine_game.options.players,
                            version=1,
                            moves=0,
                            status=PLAYING,
                            locked=False,
                            anonymous=False,
                            leave_policy=WAIT,
                            leave_seconds=120,
                            leave_bot="random",
                            created=now,
                            updated=now,
                        )
                    )
                    connection.execute(
                        self.schema.seats.insert(),
                        [
                            {"code": wanted, "seat": index, "kind": EMPTY, "bot": "", "seen": 0.0}
                            for index in range(engine_game.options.players)
                        ],
                    )
            except IntegrityError:  # another process took this code at the same moment
                if code:
                    raise OptionError(f"room {code} already exists") from None
                continue
            with self._lock:
                self._referees[wanted] = referee
            return Room(wanted, game, engine_game.options.players, referee.seed, plain(saved))
        raise StoreError("no free room code was found: try again")

    def join(self, code: str, name: str) -> Seat:
        """Sit ``name`` at the first free seat of room ``code``; the :class:`Seat` holds
        the secret token the page keeps. Refused when the code is wrong or expired, the
        game ended, joining is locked, the room is full or the name is taken."""
        code = normal_code(code)
        name = clean_name(name)
        token = secrets.token_urlsafe(18)
        with self._changing(code) as connection:
            row = self._room_row(connection, code, lock=True)
            if row.status == ENDED:
                raise RoomClosed(
                    f"the game in room {code} has ended: ask your teacher for a new code"
                )
            if row.locked:
                raise RoomLocked(f"your teacher has locked room {code}: ask them to let you in")
            seats = self._seat_rows(connection, code)
            for seat in seats:
                if seat.kind != EMPTY and (seat.name or "").casefold() == name.casefold():
                    raise NameTaken(
                        f"{seat.name} is already at this table: if that is you, reload your "
                        "first page (it keeps your seat); if not, add your initial"
                    )
            free = [seat for seat in seats if seat.kind == EMPTY]
            if not free:
                raise RoomFull(f"room {code} is full: all {row.players} seats are taken")
            index = free[0].seat
            self._set_seat(
                connection,
                code,
                index,
                kind=HUMAN,
                name=name,
                token_hash=hash_token(token),
                removed_hash=None,
                seen=core.now(),
                away=False,
            )
            version = self._bump(connection, row)
        self._announce(code, version)
        return Seat(code, index, name, token)

    def seat(self, code: str, token: str) -> Seat:
        """The seat a page's token holds (a reload, a second tab, a laptop waking up all
        come back to the same seat); refused with :class:`BadToken` otherwise. The
        returned seat carries the same token."""
        code = normal_code(code)
        with self._read() as connection:
            self._room_row(connection, code)
            row = self._seat_of(connection, code, token)
        return Seat(code, row.seat, row.name or "", token)

    def touch(self, code: str, token: str) -> None:
        """The page of this seat is open (call every few seconds): the seat counts as
        connected for :data:`CONNECTED_SECONDS`. A seat a computer took over because its
        student was away is given back."""
        code = normal_code(code)
        with self._changing(code) as connection:
            self._room_row(connection, code, lock=True)
            row = self._seat_of(connection, code, token)
            if row.away and row.kind == COMPUTER:
                room = self._room_row(connection, code)
                self._set_seat(connection, code, row.seat, kind=HUMAN, away=False, seen=core.now())
                version = self._bump(connection, room)
            else:
                self._set_seat(connection, code, row.seat, seen=core.now())
                version = None
        if version is not None:
            self._announce(code, version)

    # --- playing -------------------------------------------------------------------

    def act(self, code: str, token: str, text: str, *, version: int | None = None) -> int:
        """The seat holding ``token`` makes the move ``text`` (what ``parse_action`` reads,
        like ``"bid 17R"``); computer players then move until a person must. Returns the
        room's new version.

        Refused, with nothing changed, when the key is wrong, the room is paused or ended,
        it is not this seat's turn, the rules forbid the move, or ``version`` (the version
        the page showed) is no longer the room's: a double click or a second tab.
        """
        code = normal_code(code)
        checked_text(text, "a move", "play 7H", error=ActionSyntaxError, rule="move format")
        with self._changing(code) as connection:
            row = self._room_row(connection, code, lock=True)
            seats = self._seat_rows(connection, code)
            seat = self._seat_of(connection, code, token, seats)
            if version is not None and version != row.version:
                raise StaleMove(
                    "the table changed since your screen showed it (a double click or another "
                    "tab?): your move was not made twice; look at the table again"
                )
            if row.status == PAUSED:
                raise RoomPaused(f"your teacher has paused room {code}: wait for them to resume")
            if row.status == ENDED:
                raise RoomClosed(f"your teacher has ended the game in room {code}")
            referee = self._referee(connection, row)
            mover = referee.current_player
            if mover is not None and mover != seat.seat:
                who = seats[mover].name or (
                    "a computer player" if seats[mover].kind == COMPUTER else "an empty seat"
                )
                raise NotYourTurn(
                    f"it is Player {mover + 1}'s turn ({who}), not yours "
                    f"(Player {seat.seat + 1}, {seat.name})"
                )
            before = referee.state
            action = self._apply(code, referee, seat.seat, text)
            self._append(connection, code, row.moves + 1, seat.seat, before, action)
            made = 1 + self._run_bots(connection, row.but(moves=row.moves + 1), seats, referee)
            seen = {"b_code": code, "b_seat": seat.seat, "b_seen": core.now()}
            connection.execute(self.schema.seat_seen, seen)
            new_version = self._bump(connection, row, moves=row.moves + made)
        self._announce(code, new_version)
        return self._drive_bots(code, new_version)
