"""The flow of one game at a table, with no screen: what every play view decides.

A :class:`GameFlow` holds the :class:`~cardmath.session.Session` being played, and the
decisions around it that any screen would otherwise write again: deal a game with a seed,
resume a saved one, whose turn it is, a person's action, the computer players' moves
until a person must act or the table must see something first (a *pause*), going on
after a pause, undo, the end of the game and why, a new game with the next seed, and
saving under one name. A screen draws what the flow holds and turns clicks into calls;
it decides nothing.

A pause on screen is part of what is saved: beside the game (``NAME``) the flow keeps
``NAME-pause``, the number of moves the game had when its pause was shown (``null``: no
pause is on screen), so :meth:`GameFlow.resume` from the same store brings the showdown
or the round's result back, with the computer players still waiting behind it.

``pause(session, before, action, after)`` (optional) says what the table must see after
a move before play goes on (``None``: go on); ``final(note)`` says whether a pause shown
at the end of the game is its last word (its button then starts a new game); ``accepts``
says whether a saved game may be resumed here.

>>> flow = GameFlow("demo")
>>> session = flow.deal(["human", "random"], seed=4)
>>> flow.person, flow.is_over
(0, False)
>>> move = flow.act("pick 9S")
>>> flow.person, len(session.moves)
(0, 2)
>>> flow.undo(), len(session.moves)
(True, 0)
>>> flow.act("pick 2C")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
  ...
cardmath.errors.IllegalMove: 2C is not in the row
>>> again = GameFlow("demo")
>>> again.resume(session.to_json(), "saved-1"), again.saved_name
(True, 'saved-1')
>>> flow.end(), flow.session
(5, None)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from cardmath.errors import CardMathError, IllegalMove
from cardmath.game import Game, Outcome, State
from cardmath.session import Move, Session

__all__ = ["PAUSE_SUFFIX", "GameFlow", "Store"]

Note = TypeVar("Note")

PAUSE_SUFFIX = "-pause"
"""A saved game ``NAME`` keeps whether a pause is on screen under ``NAME-pause``."""

UNKNOWN = -1
"""The pause marker in the store is not known (a resumed game): the next save writes it."""


class Store(Protocol):
    """Where games are saved: a fresh name, text saved under a name (``False``: not
    saved) and the text saved under a name (``None``: none)."""

    def new_name(self) -> str: ...

    def save(self, name: str, text: str) -> bool: ...

    def load(self, name: str) -> str | None: ...


class GameFlow(Generic[Note]):
    """One table's game from the deal to the end, for any screen (see the module)."""

    def __init__(
        self,
        game: str,
        *,
        pause: Callable[[Session, State, Any, State], Note | None] | None = None,
        final: Callable[[Note], bool] | None = None,
        accepts: Callable[[Game[Any]], bool] | None = None,
    ) -> None:
        self.game = game
        self.session: Session | None = None
        self.saved_name: str | None = None
        self.note: Note | None = None
        """The pause the table is looking at (``None``: none)."""
        self.trouble: str | None = None
        """Why a computer player could not move, after :meth:`run_bots` (``None``: it could)."""
        self._pause = pause
        self._final = final
        self._accepts = accepts
        self._paused_at: int | None = None
        """The pause marker last saved beside the game (moves at the pause, or ``None``)."""

    # --- a game begins ---------------------------------------------------------------------

    def deal(
        self,
        seats: Sequence[str],
        seed: int | None,
        options: Mapping[str, Any] | None = None,
    ) -> Session:
        """A new game with these seats from ``seed`` (refused with a
        :class:`~cardmath.errors.CardMathError`; the game before is then kept); the
        computer players then move until a person must act."""
        session = Session(self.game, list(seats), seed, options=dict(options or {}))
        self._begin(session, None)
        return session

    def resume(self, text: str, name: str, store: Store | None = None) -> bool:
        """Carry on a saved game (its JSON), saved under ``name``; ``False`` (and nothing
        changes) when it cannot be read, is another game or is not accepted here.

        With the ``store`` it was saved in, a pause that was on screen when it was saved
        (a showdown, a round's result) is on screen again and the computer players wait
        behind it, as they did; otherwise they move on until a person must act."""
        try:
            session = Session.from_json(text)
        except CardMathError:
            return False
        if session.game.name != self.game:
            return False
        if self._accepts is not None and not self._accepts(session.game):
            return False
        self._begin(session, name, store)
        # what the store holds beside it is not known until the next save writes it
        self._paused_at = len(session.moves) if self.note is not None else UNKNOWN
        return True

    def _pause_on_screen(self, session: Session, name: str, store: Store) -> Note | None:
        """The pause saved as on screen beside ``name`` in ``store``, drawn again from the
        game's last move (``None``: none was, or the game has moved on since). The session
        is already the flow's, so the pause names the seats as the table does."""
        if self._pause is None or not session.moves:
            return None
        marker = store.load(name + PAUSE_SUFFIX)
        try:
            at = json.loads(marker)["moves"] if marker is not None else None
        except (ValueError, TypeError, KeyError, RecursionError):
            return None
        if isinstance(at, bool) or at != len(session.moves):
            return None
        last = session.moves[-1]
        return self._pause(session, last.before, last.action, last.after)

    def _begin(self, session: Session, name: str | None, store: Store | None = None) -> None:
        """Play ``session``: the pause saved as on screen in ``store`` comes back, else the
        computer players move until a person must act."""
        self.session = session
        self.saved_name = name
        self.note = None
        self._paused_at = None
        if store is not None and name is not None:
            self.note = self._pause_on_screen(session, name, store)
        if self.note is None:
            self.run_bots()

    def end(self) -> int | None:
        """Leave the game (it stays saved); returns the seed of the next deal (``None``:
        no game was on)."""
        seed = None if self.session is None else self.session.seed + 1
        self.session = None
        self.saved_name = None
        self.note = None
        self.trouble = None
        return seed

    # --- whose turn ------------------------------------------------------------------------

    @property
    def person(self) -> int | None:
        """The person who must act now (``None``: a pause, computer players, the end)."""
        if self.session is None or self.note is not None:
            return None
        return self.session.human_to_move()

    @property
    def is_over(self) -> bool:
        return self.session is not None and self.session.is_over

    @property
    def shared_screen(self) -> bool:
        """Whether several people take turns at one screen (a hand is then hidden until
        its owner comes to the screen)."""
        return self.session is not None and len(self.session.humans) > 1

    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it goes on)."""
        return self.session.outcome() if self.is_over and self.session is not None else None

    @property
    def reason(self) -> str:
        """Why the game ended, in a sentence (empty while it goes on)."""
        outcome = self.outcome()
        return "" if outcome is None else outcome.reason

    # --- moves -----------------------------------------------------------------------------

    def act(self, action: Any) -> Move:
        """The person to move plays ``action`` (an action or its text); then, unless the
        table must see a pause, the computer players move. Refused with
        :class:`~cardmath.errors.CardMathError` (nothing changes) when no person may act
        now, the text is not an action or the rules do not allow it."""
        session = self.session
        if session is None:
            raise IllegalMove("no game is being played", rule="no game")
        if self.note is not None:
            raise IllegalMove("the table is looking at what just happened", rule="pause")
        session.apply(action)
        move = session.moves[-1]
        if self._pause is not None:
            self.note = self._pause(session, move.before, move.action, move.after)
        if self.note is None:
            self.run_bots()
        return move

    def run_bots(self) -> list[str]:
        """Computer players move until a person must act, the game ends or a pause must be
        seen. Returns the new log lines; a bot that cannot move leaves :attr:`trouble`."""
        session = self.session
        self.trouble = None
        if session is None or self.note is not None:
            return []
        found: list[Note] = []

        def stop(before: State, action: Any, after: State) -> bool:
            if self._pause is None:
                return False
            note = self._pause(session, before, action, after)
            if note is not None:
                found.append(note)
            return note is not None

        try:
            lines = session.run_bots(stop=stop)
        except CardMathError as error:  # a bot that cannot move: say so, keep the game
            self.trouble = str(error)
            lines = []
        if found:
            self.note = found[-1]
        return lines

    def go_on(self) -> bool:
        """The table has seen the pause: play goes on. ``False`` when the game is over and
        nothing more is to be seen (the next step is a new game)."""
        if self.session is None:
            return False
        note = self.note
        if note is not None:
            if self.is_over and self._final is not None and self._final(note):
                return False
            self.note = None
            self.run_bots()
            return True
        return not self.is_over

    @property
    def can_undo(self) -> bool:
        return self.session is not None and self.session.can_undo

    def undo(self) -> bool:
        """Back to just before the last person's decision (the computer moves after it
        go too); ``False`` when there is none."""
        if self.session is None or not self.session.undo():
            return False
        self.note = None
        self.trouble = None
        return True

    # --- saving ----------------------------------------------------------------------------

    def save(self, store: Store) -> str | None:
        """Save the game in ``store`` under its name (a new name the first time), and
        whether a pause is on screen; returns the name, or ``None`` when nothing was
        saved."""
        if self.session is None:
            return None
        if self.saved_name is None:
            self.saved_name = store.new_name()
        name = self.saved_name
        at = len(self.session.moves) if self.note is not None else None
        if self._pause is not None and at != self._paused_at:  # written when it changes
            if not store.save(name + PAUSE_SUFFIX, json.dumps({"moves": at})):
                return None
            self._paused_at = at
        return name if store.save(name, self.session.to_json()) else None
