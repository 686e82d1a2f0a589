"""One table of one game: people and computer players, with a log, undo and saving.

A :class:`Session` holds a game in progress and who sits in each seat: ``"human"`` or the
name of a bot of that game (``random``, ``greedy``, ``strong``). People act with
:meth:`Session.apply`; computer players act in :meth:`Session.run_bots`, until a person
must act or the game ends. :meth:`Session.undo` takes back the last person's decision
(and the bot moves after it). :meth:`Session.to_json` saves the seed and every move, and
:meth:`Session.from_json` replays them into exactly the same session.

Bots need no saved randomness: each decision draws from ``chance(seed, "bot", seat, n)``,
where ``n`` counts that seat's earlier decisions, so a replayed or resumed game goes on
exactly as it would have.

>>> session = Session("demo", ["human", "random"], seed=4)
>>> session.human_to_move()
0
>>> lines = session.apply("pick 9S")
>>> lines = session.run_bots()
>>> session.human_to_move(), len(session.moves)
(0, 2)
>>> again = Session.from_json(session.to_json())
>>> again.state == session.state and again.log == session.log
True
>>> session.undo(), len(session.moves), session.human_to_move()
(True, 0, 0)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from cardmath import codec
from cardmath.bots import Bot, bot_names, make_bot
from cardmath.errors import CardMathError, IllegalMove, OptionError, SerializationError, quoted
from cardmath.game import Game, Outcome, State, chance
from cardmath.games import game_class

__all__ = ["HUMAN", "Move", "Session"]

HUMAN = "human"
"""The seat name of a person at the table."""

FORMAT = "cardmath-session"
"""The ``format`` field of saved sessions (with ``version``)."""

VERSION = 1

MAX_MOVES = 1_000_000
"""Most moves a saved session may hold (no game here comes near it)."""


@dataclass(frozen=True)
class Move:
    """One decision at the table: who acted, what they did, and the states around it.

    ``events`` are the game's report records for the move (each a dict with a ``"text"``
    line, see :meth:`cardmath.game.Game.report`); ``lines`` their texts, as in the log.
    """

    player: int
    action: Any
    before: State = field(repr=False)
    after: State = field(repr=False)
    events: tuple[Mapping[str, Any], ...] = field(default=(), repr=False, compare=False)

    @property
    def lines(self) -> tuple[str, ...]:
        """The log lines this move added."""
        return tuple(str(event["text"]) for event in self.events)


class Session:
    """A game in progress with a person or a bot in every seat.

    ``game`` is a :class:`~cardmath.game.Game`, or a registry name with ``options`` (the
    number of players is then ``len(seats)`` unless ``options`` says it). ``seats`` holds
    ``"human"`` or a bot name of that game per player (or a ready bot object, which is
    saved by its name); ``seed`` deals (``None``: a fresh seed, kept in :attr:`seed`).

    >>> session = Session("navigator", ["human", "greedy", "strong"], seed=7,
    ...                   options={"rounds": 1})
    >>> session.seats, session.humans, session.human_to_move()
    (('human', 'greedy', 'strong'), (0,), 0)
    >>> Session("navigator", ["human"], seed=7)
    Traceback (most recent call last):
      ...
    cardmath.errors.OptionError: Navigator is for 2 to 4 players, not 1
    """

    def __init__(
        self,
        game: Game[Any] | str,
        seats: Sequence[str | Bot],
        seed: int | None = None,
        *,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        if isinstance(seats, str) or not isinstance(seats, Sequence):
            raise OptionError(
                f"seats are a list with 'human' or a bot name each, not {quoted(seats)}"
            )
        if isinstance(game, str):
            chosen = dict(options or {})
            chosen.setdefault("players", len(seats))
            game = game_class(game)(**chosen)
        elif not isinstance(game, Game):
            raise OptionError(
                f"a session is played with a game or a game's name, not {quoted(game)}"
            )
        elif options:
            raise OptionError("options go with a game's name; this game already has its options")
        players = game.options.players
        if len(seats) != players:
            raise OptionError(f"{game.title} here is for {players} players, but {len(seats)} seats")
        self.game: Game[Any] = game
        self.bots: dict[int, Bot] = {}
        names: list[str] = []
        known = bot_names(game.name)
        for seat, sitter in enumerate(seats):
            if isinstance(sitter, str):
                if sitter == HUMAN:
                    names.append(HUMAN)
                    continue
                if sitter not in known:
                    raise OptionError(
                        f"seat {seat + 1}: {quoted(sitter)} is neither 'human' nor a bot of "
                        f"{game.title} ({', '.join(known)})"
                    )
                self.bots[seat] = make_bot(game.name, sitter)
                names.append(sitter)
            elif callable(getattr(sitter, "choose", None)):
                name = str(getattr(sitter, "name", type(sitter).__name__))
                if name == HUMAN:
                    raise OptionError(f"seat {seat + 1}: a bot cannot be called {HUMAN!r}")
                self.bots[seat] = sitter
                names.append(name)
            else:
                raise OptionError(f"seat {seat + 1}: {quoted(sitter)} is not a player")
        self.seats: tuple[str, ...] = tuple(names)
        self.humans: tuple[int, ...] = tuple(s for s, name in enumerate(names) if name == HUMAN)
        self.initial: State = game.new_state(seed)
        self.seed: int = self.initial.seed
        self.state: State = self.initial
        self.start_events: tuple[Mapping[str, Any], ...] = tuple(game.start_report(self.initial))
        self.log: list[str] = [str(event["text"]) for event in self.start_events]
        self._moves: list[Move] = []
        self._decisions = [0] * players

    # --- who acts ------------------------------------------------------------------------

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move so far, first to last."""
        return tuple(self._moves)

    @property
    def is_over(self) -> bool:
        return self.state.is_terminal

    def human_to_move(self) -> int | None:
        """The seat of the person who must act now (``None``: a bot's turn, or the end)."""
        if self.state.is_terminal:
            return None
        player = self.state.current_player
        return player if player in self.humans else None

    def bot_to_move(self) -> int | None:
        """The seat of the bot that acts next (``None``: a person's turn, or the end)."""
        if self.state.is_terminal:
            return None
        player = self.state.current_player
        return player if player in self.bots else None

    def legal_actions(self) -> tuple[Any, ...]:
        """What the person to move may do (empty when no person is to move)."""
        return self.state.legal_actions() if self.human_to_move() is not None else ()

    def observation(self, player: int) -> Any:
        """What ``player`` may see now (the game's own observation)."""
        return self.state.observation(player)

    def outcome(self) -> Outcome:
        """How the game ended (a :class:`CardMathError` while it goes on)."""
        return self.state.outcome()

    # --- moves ---------------------------------------------------------------------------

    def apply(self, action: Any) -> list[str]:
        """The person to move acts; ``action`` is an action or its text. Returns the new
        log lines. Bots do not move here (see :meth:`run_bots`).

        Refused with :class:`~cardmath.errors.ActionSyntaxError` when the text spells no
        action, and with :class:`IllegalMove` when no person is to move or the rules do not
        allow the action; then nothing changes at all.
        """
        player = self.human_to_move()
        if player is None:
            if self.state.is_terminal:
                raise IllegalMove("the game is over", rule="game over")
            raise IllegalMove(
                f"it is not a person's turn: {self.seats[self.state.current_player]} "
                f"(player {self.state.current_player + 1}) is to move",
                rule="turn",
            )
        if isinstance(action, str):
            action = self.state.parse_action(action)
        return list(self._record(player, action).lines)

    def step_bot(self) -> Move | None:
        """One bot move, if a bot is to move (``None`` otherwise)."""
        player = self.bot_to_move()
        if player is None:
            return None
        rng = chance(self.seed, "bot", player, self._decisions[player])
        action = self.bots[player].choose(self.state.observation(player), rng)
        return self._record(player, action)

    def run_bots(
        self,
        *,
        stop: Callable[[State, Any, State], bool] | None = None,
        max_moves: int = 100_000,
    ) -> list[str]:
        """Bots move until a person must act, the game ends, ``stop(before, action,
        after)`` is true after a move, or ``max_moves`` moves are made. Returns the new
        log lines."""
        lines: list[str] = []
        for move in self._bot_moves(max_moves):
            lines.extend(move.lines)
            if stop is not None and stop(move.before, move.action, move.after):
                break
        return lines

    def _bot_moves(self, limit: int) -> Iterator[Move]:
        for _ in range(limit):
            move = self.step_bot()
            if move is None:
                return
            yield move

    def _record(self, player: int, action: Any) -> Move:
        """Apply ``action`` for ``player`` and write it down (nothing changes if illegal)."""
        before = self.state
        after = before.apply(action)  # IllegalMove: nothing has changed yet
        events = tuple(self.game.report(before, action, after))
        move = Move(player, action, before, after, events)
        self.state = after
        self._moves.append(move)
        self._decisions[player] += 1
        self.log.extend(move.lines)
        return move

    # --- undo ----------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether a person has made a decision that :meth:`undo` can take back."""
        return any(move.player in self.humans for move in self._moves)

    def undo(self) -> bool:
        """Go back to just before the last person's decision; the bot moves after it go
        too. False (and nothing changes) when no person has decided yet."""
        for index in range(len(self._moves) - 1, -1, -1):
            if self._moves[index].player in self.humans:
                self._truncate(index)
                return True
        return False

    def _truncate(self, count: int) -> None:
        """Keep only the first ``count`` moves."""
        removed = self._moves[count:]
        del self._moves[count:]
        for move in removed:
            self._decisions[move.player] -= 1
        dropped = sum(len(move.events) for move in removed)
        if dropped:
            del self.log[len(self.log) - dropped :]
        self.state = self._moves[-1].after if self._moves else self.initial

    # --- saving --------------------------------------------------------------------------

    def to_json(self) -> str:
        """The session as compact JSON: game name, every option, seats, seed and every move.

        A move is saved as its text when the game reads that text back as exactly the
        same action, and as the action's data otherwise.
        """
        options = {
            item.name: codec.to_data(getattr(self.game.options, item.name))
            for item in fields(self.game.options)
        }
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.name,
            "options": options,
            "seats": list(self.seats),
            "seed": self.seed,
            "moves": [_encode_move(move) for move in self._moves],
        }
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Session:
        """Read back what :meth:`to_json` wrote: the same state, log and undo points.

        Anything malformed or not replayable under the rules is refused with a
        :class:`~cardmath.errors.SerializationError`.
        """
        if not isinstance(text, (str, bytes, bytearray)):
            raise SerializationError(f"a saved session is JSON text, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise SerializationError(f"this is not a saved session: {error}") from error
        try:
            return cls._replay(data)
        except SerializationError:
            raise
        except Exception as error:  # untrusted data: every failure is a refusal
            message = str(error) if isinstance(error, CardMathError) else type(error).__name__
            raise SerializationError(
                f"this saved session cannot be replayed: {quoted(message, 200)}"
            ) from error

    @classmethod
    def _replay(cls, data: Any) -> Session:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SerializationError("this is not a saved cardmath session")
        if data.get("version") != VERSION:
            raise SerializationError(
                f"this session was saved in format version {quoted(data.get('version'))}; "
                f"this cardmath reads version {VERSION}"
            )
        expected = {"format", "version", "game", "options", "seats", "seed", "moves"}
        if set(data) != expected:
            raise SerializationError(
                f"a saved session has the fields {', '.join(sorted(expected))}, "
                f"not {quoted(sorted(data), 200)}"
            )
        name, options, seats, seed, moves = (
            data["game"],
            data["options"],
            data["seats"],
            data["seed"],
            data["moves"],
        )
        if not isinstance(name, str):
            raise SerializationError(f"the game is named by text, not {quoted(name)}")
        if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
            raise SerializationError("the options are saved as names and values")
        if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
            raise SerializationError("the seats are saved as a list of names")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SerializationError(f"the seed is a whole number, not {quoted(seed)}")
        if not isinstance(moves, list) or len(moves) > MAX_MOVES:
            raise SerializationError("the moves are saved as a list")
        values = {key: codec.from_data(value) for key, value in options.items()}
        session = cls(game_class(name)(**values), seats, seed)
        for number, encoded in enumerate(moves, start=1):
            state = session.state
            if state.is_terminal:
                raise SerializationError(f"move {number} comes after the end of the game")
            try:
                action = _decode_move(state, encoded)
                session._record(state.current_player, action)
            except CardMathError as error:
                raise SerializationError(
                    f"move {number} cannot be replayed: {quoted(str(error), 200)}"
                ) from error
        return session

    def __repr__(self) -> str:
        return (
            f"Session({self.game.name!r}, {list(self.seats)!r}, seed={self.seed}, "
            f"moves={len(self._moves)})"
        )


def _encode_move(move: Move) -> Any:
    """A move's text when the game reads it back exactly, else its data."""
    action = move.action
    text = str(action)
    try:
        if move.before.parse_action(text) == action:
            return text
    except CardMathError:
        pass
    return {"data": codec.to_data(action)}


def _decode_move(state: State, encoded: Any) -> Any:
    if isinstance(encoded, str):
        return state.parse_action(encoded)
    if isinstance(encoded, dict) and set(encoded) == {"data"}:
        return codec.from_data(encoded["data"])
    raise SerializationError(f"a move is saved as text or data, not {quoted(encoded)}")
