"""One room's game in memory: a :class:`~cardmath.session.Session` replayed from the
room's event log, and what each seat may see of it.

The referee is the only judge of a move (it is the engine's own ``Session``); it also
keeps, for every seat, the card names that seat's observation has ever shown, so that a
log line is shown to a seat only when every card it names was already visible to that
seat, and to the projector only when it was visible to every seat. Which observation
fields the projector shows is decided the same way: a field is public when it is the
same in every seat's observation and has never differed between seats in this game.

>>> from cardmath.games import get_game
>>> referee = Referee(get_game("demo", players=2), seed=4)
>>> referee.current_player
0
>>> action = referee.apply(0, "pick 9S")
>>> referee.moves, referee.current_player
(1, 1)
>>> sorted(referee.public_fields())
['row', 'taken']
"""

from __future__ import annotations

import dataclasses
import enum
import json
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from cardmath import codec
from cardmath.bots import Bot, make_bot
from cardmath.cards import Card, NumberCard, SequencesCard
from cardmath.errors import CardMathError, IllegalMove, SerializationError
from cardmath.game import Game, State, chance
from cardmath.rooms.errors import NotYourTurn
from cardmath.session import HUMAN, Session

__all__ = ["FRAME_FIELDS", "LogLine", "Referee", "card_names", "plain"]

FRAME_FIELDS = ("player", "current_player", "legal_actions", "is_terminal")
"""The four fields every observation starts with (drawn apart from the game's own)."""

CARD_TYPES = (Card, NumberCard, SequencesCard)

BIG = 2**53
"""Whole numbers from here on are written as text (JavaScript reads no more exactly)."""


def plain(value: Any) -> Any:
    """A JSON-able copy of an engine value: cards by their names (``10Y``, ``JD``),
    tuples and sets as lists, dataclasses as dicts of their fields (with ``text`` when
    the class prints itself), fractions and huge numbers as text.

    >>> from cardmath.cards import Card
    >>> plain((Card.parse("JD"), frozenset({2, 1}), Fraction(1, 2), None))
    ['JD', [1, 2], '1/2', None]
    """
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, CARD_TYPES):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, int):
        if -BIG < value < BIG:
            return int(value)
        from cardmath.expr import show_number

        return show_number(value)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    if isinstance(value, frozenset | set):
        items = [plain(item) for item in value]
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))
    if isinstance(value, dict):
        return {str(plain(key)): plain(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if type(value).__str__ is not object.__str__:
            data["text"] = str(value)
        return data
    return str(value)


def card_names(value: Any) -> set[str]:
    """The names of every card inside an engine value (an observation, an action).

    >>> from cardmath.cards import Card
    >>> sorted(card_names({"hand": (Card.parse("QH"), Card.parse("10S")), "n": 3}))
    ['10S', 'QH']
    """
    found: set[str] = set()
    _collect(codec.to_data(value), found)
    return found


def _collect(data: Any, found: set[str]) -> None:
    if isinstance(data, list):
        for item in data:
            _collect(item, found)
    elif isinstance(data, dict):
        if "card" in data and isinstance(data["card"], str):
            found.add(data["card"])
            return
        for item in data.values():
            _collect(item, found)


@dataclasses.dataclass(frozen=True)
class LogLine:
    """One line of the table's log: who acted (``None``: the dealer), the text, and the
    seats allowed to read it."""

    seat: int | None
    text: str
    readers: frozenset[int]


def encode_action(state: State, action: Any) -> str:
    """How an action is written in the event log: its text when the state reads that text
    back as the same action, else its saved data (``{"data": ...}`` JSON)."""
    text = str(action)
    try:
        if state.parse_action(text) == action:
            return text
    except CardMathError:
        pass
    return json.dumps({"data": codec.to_data(action)}, separators=(",", ":"))


def decode_action(state: State, written: str) -> Any:
    """Read back what :func:`encode_action` wrote."""
    if written.startswith("{"):
        data = json.loads(written)
        if not isinstance(data, dict) or set(data) != {"data"}:
            raise SerializationError("a logged move is text or {'data': ...}")
        return codec.from_data(data["data"])
    return state.parse_action(written)


class Referee:
    """A game in a room: the session, every seat's knowledge and the log.

    Every seat of the session is a person: computer players are the store's business
    (it asks :meth:`bot_action` and applies the answer like any move), so a log replays
    whoever made each move.
    """

    def __init__(self, game: Game, seed: int) -> None:
        players = game.options.players
        self.game = game
        self.session = Session(game, [HUMAN] * players, seed)
        self.seed = self.session.seed
        self.players = players
        self.decisions = [0] * players
        self.seen: list[set[str]] = [set() for _ in range(players)]
        self.private_fields: set[str] = set()
        self.lines: list[LogLine] = []
        names = sorted({str(card) for card in self.session.initial.full_deck()}, key=len)
        self._names = frozenset(names)
        self._pattern = re.compile(
            r"(?<![\w\[])(" + "|".join(re.escape(n) for n in reversed(names)) + r")(?![\w\]])"
            if names
            else r"(?!x)x"
        )
        self._bots: dict[str, Bot] = {}
        self._learn()
        self._add_lines(None, self.session.start_events)

    # --- the game ------------------------------------------------------------------

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def moves(self) -> int:
        return len(self.session.moves)

    @property
    def current_player(self) -> int | None:
        return None if self.state.is_terminal else self.state.current_player

    def apply(self, seat: int, action: Any) -> Any:
        """``seat`` makes ``action`` (an action or its text); returns the action applied.
        Refused (nothing changes) when it is not that seat's turn or the rules forbid it."""
        state = self.state
        if state.is_terminal:
            raise IllegalMove("the game is over", rule="game over")
        if state.current_player != seat:
            raise NotYourTurn(
                f"it is Player {state.current_player + 1}'s turn, not yours (Player {seat + 1})"
            )
        if isinstance(action, str):
            action = state.parse_action(action)
        move_count = self.moves
        self.session.apply(action)
        move = self.session.moves[move_count]
        self.decisions[seat] += 1
        self._learn()
        self._add_lines(seat, move.events)
        return move.action

    def bot_action(self, seat: int, strength: str) -> Any:
        """What a computer player of ``strength`` chooses for ``seat`` now (the same
        choice on every machine: its randomness is ``chance(seed, "bot", seat, n)``)."""
        bot = self._bots.get(strength)
        if bot is None:
            bot = self._bots[strength] = make_bot(self.game.name, strength)
        rng = chance(self.seed, "bot", seat, self.decisions[seat])
        return bot.choose(self.state.observation(seat), rng)

    # --- who may see what ----------------------------------------------------------

    def _learn(self) -> None:
        observations = [self.state.observation(p) for p in range(self.players)]
        for player, observation in enumerate(observations):
            self.seen[player] |= card_names(observation)
        first = observations[0]
        for f in dataclasses.fields(first):
            if f.name in FRAME_FIELDS or f.name in self.private_fields:
                continue
            value = getattr(first, f.name)
            if any(getattr(other, f.name) != value for other in observations[1:]):
                self.private_fields.add(f.name)

    def _add_lines(self, seat: int | None, events: Iterable[Any]) -> None:
        for event in events:
            for text in str(event["text"]).splitlines():
                named = set(self._pattern.findall(text))
                readers = frozenset(p for p in range(self.players) if named <= self.seen[p])
                self.lines.append(LogLine(seat, text, readers))

    def public_fields(self) -> dict[str, Any]:
        """The observation fields every seat sees alike (and always has), as plain data."""
        observation = self.state.observation(0)
        return {
            f.name: plain(getattr(observation, f.name))
            for f in dataclasses.fields(observation)
            if f.name not in FRAME_FIELDS and f.name not in self.private_fields
        }

    def seat_fields(self, seat: int) -> dict[str, Any]:
        """Every field of ``seat``'s own observation, as plain data."""
        observation = self.state.observation(seat)
        return {
            f.name: plain(getattr(observation, f.name))
            for f in dataclasses.fields(observation)
            if f.name not in FRAME_FIELDS
        }

    def log_for(self, seat: int | None) -> list[str]:
        """The log lines ``seat`` may read (``None``: the projector, lines all may read)."""
        everyone = frozenset(range(self.players))
        wanted = everyone if seat is None else frozenset({seat})
        return [line.text for line in self.lines if wanted <= line.readers]
