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

SLOTTED_FIELDS: dict[str, frozenset[str]] = {"dotter": frozenset({"areas"})}
"""Observation fields whose every position names the same place for every seat (Dotter's
``areas[p][n]`` is player p's n-th face-down card, whoever looks): the projector shows
them slot by slot, each slot where every seat sees the same and ``None`` where not. Other
fields are shown whole or not at all (a seat's ``hand[0]`` is not the same card for two
seats, so two equal names there must stay hidden)."""

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


def _merged(values: list[Any]) -> Any:
    """What every seat sees alike in ``values`` (one per seat), slot by slot: equal values
    whole, tuples of one length and dataclasses of one type item by item, else ``None``.

    >>> _merged([(1, 2, (3, 4)), (1, 5, (3, 6))])
    [1, None, [3, None]]
    """
    first = values[0]
    if all(value == first for value in values[1:]):
        return plain(first)
    if any(type(value) is not type(first) for value in values):
        return None
    if isinstance(first, tuple) and all(len(value) == len(first) for value in values):
        return [_merged([value[n] for value in values]) for n in range(len(first))]
    if dataclasses.is_dataclass(first) and not isinstance(first, type):
        return {
            f.name: _merged([getattr(v, f.name) for v in values]) for f in dataclasses.fields(first)
        }
    return None


def card_names(value: Any) -> set[str]:
    """The names of every card inside an engine value (an observation, an action).

    >>> from cardmath.cards import Card
    >>> sorted(card_names({"hand": (Card.parse("QH"), Card.parse("10S")), "n": 3}))
    ['10S', 'QH']
    """
    found: set[str] = set()
    _collect(value, found)
    return found


_ATOMS = (type(None), bool, int, float, str, Fraction)
_FIELDS: dict[type, tuple[str, ...] | None] = {}
_NAMES: dict[Any, str] = {}


def _collect(value: Any, found: set[str]) -> None:
    kind = type(value)
    if kind in _ATOMS:
        return
    if kind in CARD_TYPES:
        name = _NAMES.get(value)
        if name is None:
            name = _NAMES[value] = str(value)
        found.add(name)
    elif kind is tuple or kind is frozenset or kind is list or kind is set:
        for item in value:
            _collect(item, found)
    elif kind is dict:
        for key, item in value.items():
            _collect(key, found)
            _collect(item, found)
    else:
        names = _FIELDS.get(kind, ())
        if names == ():
            names = _FIELDS[kind] = (
                tuple(f.name for f in dataclasses.fields(value))
                if dataclasses.is_dataclass(value)
                else None
            )
        if names is None:
            if isinstance(value, CARD_TYPES):
                found.add(str(value))
            elif isinstance(value, (tuple, frozenset, list, set)):
                for item in value:
                    _collect(item, found)
            return
        for name in names:
            _collect(getattr(value, name), found)


def _shown(observation: Any) -> set[str]:
    """The card names an observation shows, its legal moves and options aside (a move
    names cards shown elsewhere; leaving them out can only hide a log line more)."""
    found: set[str] = set()
    for name in _FIELDS.get(type(observation)) or _observation_fields(observation):
        if name not in ("legal_actions", "options"):
            _collect(getattr(observation, name), found)
    return found


def _observation_fields(observation: Any) -> tuple[str, ...]:
    names = _FIELDS[type(observation)] = tuple(f.name for f in dataclasses.fields(observation))
    return names


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

    def __init__(self, game: Game[Any], seed: int) -> None:
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
            self.seen[player] |= _shown(observation)
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
        """The observation fields every seat sees alike (and always has), as plain data;
        the game's :data:`SLOTTED_FIELDS` slot by slot."""
        observations = [self.state.observation(p) for p in range(self.players)]
        slotted = SLOTTED_FIELDS.get(self.game.name, frozenset())
        public: dict[str, Any] = {}
        for f in dataclasses.fields(observations[0]):
            if f.name in FRAME_FIELDS:
                continue
            if f.name in slotted:
                public[f.name] = _merged([getattr(o, f.name) for o in observations])
            elif f.name not in self.private_fields:
                public[f.name] = plain(getattr(observations[0], f.name))
        return public

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
