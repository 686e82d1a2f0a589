"""The game protocol every engine follows (after OpenSpiel and python-chess).

* A :class:`Game` holds the fixed rules: a frozen, validated dataclass of options.
  ``game.new_state(seed)`` deals.
* A :class:`State` is immutable. ``apply(action)`` returns the next state and leaves the
  old one valid, so undo and replay are free. An illegal action raises
  :class:`~cardmath.errors.IllegalMove` naming the rule it breaks.
* Actions are small frozen dataclasses with a readable ``str`` and a parser
  (``state.parse_action(text)``) that reads syntax only: bad text is an
  :class:`~cardmath.errors.ActionSyntaxError`, an action the rules refuse an
  :class:`~cardmath.errors.IllegalMove` from ``apply``.
* All chance comes from the seed carried in the state (:func:`chance`), so the same
  seed deals the same game on every machine: a whole class can share one deal.
* Simultaneous choices (drafting, secret bids) are taken one player at a time; each
  player's :meth:`State.observation` hides the others' pending choices.
* Every observation is an :class:`Observation`: ``player``, ``current_player`` (``None``
  when nobody is to move), ``legal_actions`` (that player's, empty out of turn) and
  ``is_terminal``, then the game's own fields, so one view serves every game.

>>> from cardmath.games import get_game
>>> game = get_game("demo", players=2)
>>> state = game.new_state(seed=1)
>>> state.current_player, len(state.legal_actions()) > 0
(0, True)
>>> later = state.apply(state.legal_actions()[0])
>>> later.current_player, state.current_player
(1, 0)
>>> type(state).from_json(later.to_json()) == later
True
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar

from cardmath import codec
from cardmath.errors import (
    CardMathError,
    IllegalMove,
    OptionError,
    SerializationError,
    quoted,
    read_whole_number,
)
from cardmath.wording import counted as counted  # kept importable from here

TERMINAL = -1
"""``current_player`` of a finished game (its observations say ``None``)."""

MAX_SEED = 999_999_999
"""Largest seed a person gives: seeds are whole numbers from 0 to 999,999,999 on the
command line (``--seed``), in a dashboard's address (``?seed=``) and in homework codes,
so a seed dealt in one place deals the same game in every other. Read it with
:func:`read_seed`."""

ENGINE_SEED_LIMIT = 10**18 - 1
"""Largest seed :meth:`Game.new_state` accepts (either sign): seeds derived from a
person's seed (tournaments, random-play checks) may exceed :data:`MAX_SEED`."""


def read_seed(value: object, what: str = "a seed") -> int:
    """A seed a person typed (``"2481"``) or gave (``2481``): 0 to :data:`MAX_SEED`,
    digits 0-9 only, else an :class:`~cardmath.errors.OptionError` saying so.

    >>> read_seed(" 2481 ")
    2481
    >>> read_seed("1000000000")
    Traceback (most recent call last):
      ...
    cardmath.errors.OptionError: a seed is a whole number from 0 to 999,999,999, written with the digits 0-9, not '1000000000'
    """
    return read_whole_number(value, what, low=0, high=MAX_SEED, error=OptionError)


def chance(seed: int, *keys: Hashable) -> random.Random:
    """A random generator fixed by the game's seed and a path of keys.

    Every random event of a game draws from ``chance(seed, "round", 3, "deal")`` style
    generators, so the same seed gives the same event on every machine and in every
    Python version (string seeds are hashed with SHA-512 by :mod:`random`).

    >>> chance(7, "deal").randrange(100) == chance(7, "deal").randrange(100)
    True
    """
    return random.Random("/".join(str(part) for part in (seed, *keys)))


def shuffled(items: Sequence[Any], rng: random.Random) -> tuple[Any, ...]:
    """A shuffled copy of ``items`` as a tuple."""
    copy = list(items)
    rng.shuffle(copy)
    return tuple(copy)


@codec.serializable("game.Outcome")
@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` are player indices (ties share the win); ``scores`` are the final score
    of each player in the game's own unit (chips, points, cards taken); ``summary`` is one
    sentence for the screen; ``reason`` says why the game ended, as a clause for the screen
    ("the round limit of 3 rounds is reached"; empty only in outcomes saved before games
    gave a reason).

    >>> Outcome(winners=(0, 2), scores=(5, 1, 5), summary="Players 1 and 3 share the win").returns
    (Fraction(1, 2), Fraction(0, 1), Fraction(1, 2))
    >>> Outcome((1,), (3, 7), "Player 2 won", reason="every card has been picked").reason
    'every card has been picked'
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    summary: str
    reason: str = ""

    @property
    def returns(self) -> tuple[Fraction, ...]:
        """Each player's share of the win: winners split 1 equally, others get 0."""
        share = Fraction(1, len(self.winners)) if self.winners else Fraction(0)
        return tuple(
            share if player in self.winners else Fraction(0) for player in range(len(self.scores))
        )


def cached_hash(self: Any) -> int:
    """The hash of a frozen dataclass, worked out once and kept in the object: set as a
    game action's ``__hash__``, since legal actions are hashed again and again (in sets
    of the legal actions, by the harness and the tournaments). Equal actions hash equal:
    the class name and every field, as the dataclass's ``__eq__`` compares them.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Move:
    ...     card: str
    ...     __hash__ = cached_hash
    >>> hash(Move("7H")) == hash(Move("7H")), Move("7H").__dict__
    (True, {'card': '7H'})
    """
    value: int | None = self.__dict__.get("_hash")
    if value is None:
        value = hash((type(self).__name__, *(getattr(self, f) for f in self.__match_args__)))
        object.__setattr__(self, "_hash", value)
    return value


def winners_by_score(scores: Sequence[int], *, highest: bool = True) -> tuple[int, ...]:
    """Every player with the best score (ties share).

    >>> winners_by_score([3, 7, 7]), winners_by_score([3, 7, 2], highest=False)
    ((1, 2), (2,))
    """
    best = max(scores) if highest else min(scores)
    return tuple(player for player, score in enumerate(scores) if score == best)


def player_names(players: Sequence[int]) -> str:
    """``"Player 1"``, ``"Players 1 and 3"``, ``"Players 1, 2 and 4"`` (1-based for people)."""
    from cardmath.expr import show_number

    numbers = [show_number(player + 1) for player in players]
    if len(numbers) == 1:
        return f"Player {numbers[0]}"
    return f"Players {', '.join(numbers[:-1])} and {numbers[-1]}"


def option(
    default: Any,
    label: str,
    help: str,
    *,
    choices: Mapping[Any, str] | None = None,
    choice_help: Mapping[Any, str] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    exclusive: Mapping[str, Sequence[Any]] | None = None,
) -> Any:
    """An option field with what a teacher reads about it, kept beside the rule.

    ``label`` names the option in plain words ("Starting chips"), ``help`` says in one
    line what it does; ``choices`` maps each allowed value to its label, ``choice_help``
    each value to one sentence of its rule; ``minimum``/``maximum`` bound a whole number;
    ``exclusive`` names groups of choices of a tuple option of which at most one may be
    chosen (a settings panel shows each group as one choice with "none").
    Settings panels and ``--help`` texts are generated from these (:func:`option_info`),
    and :meth:`Options.validate` checks the bounds, choices and groups in the same words.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Demo(Options):
    ...     players: int = 2
    ...     chips: int = option(10, "Starting chips", "Chips each player starts with.",
    ...                         minimum=1, maximum=1000)
    >>> [(info.name, info.label, info.maximum) for info in option_info(Demo)][1]
    ('chips', 'Starting chips', 1000)
    >>> Demo(chips=0).validate()
    Traceback (most recent call last):
      ...
    cardmath.errors.OptionError: Starting chips is a whole number from 1 to 1,000, not 0
    >>> @dataclass(frozen=True)
    ... class Decks(Options):
    ...     players: int = 2
    ...     extras: tuple = option((), "Extras", "Extra rules.",
    ...                            choices={"red": "Red deck", "blue": "Blue deck", "fast": "Fast"},
    ...                            exclusive={"decks": ("red", "blue")})
    >>> Decks(extras=("red", "blue")).validate()
    Traceback (most recent call last):
      ...
    cardmath.errors.OptionError: Extras: choose at most one of the decks, not Red deck and Blue deck
    """
    return field(
        default=default,
        metadata={
            "label": label,
            "help": help,
            "choices": dict(choices) if choices is not None else None,
            "choice_help": dict(choice_help) if choice_help is not None else None,
            "minimum": minimum,
            "maximum": maximum,
            "exclusive": (
                {group: tuple(members) for group, members in exclusive.items()}
                if exclusive is not None
                else None
            ),
        },
    )


@dataclass(frozen=True)
class OptionInfo:
    """One option as a settings panel shows it (see :func:`option`)."""

    name: str
    label: str
    help: str
    default: Any
    choices: Mapping[Any, str] | None = None
    choice_help: Mapping[Any, str] | None = None
    minimum: int | None = None
    maximum: int | None = None
    exclusive: Mapping[str, tuple[Any, ...]] | None = None
    """Named groups of choices of which at most one may be chosen."""


def option_info(options_class: type) -> list[OptionInfo]:
    """Every field of an options dataclass with its label, help, choices and bounds.

    A field declared without :func:`option` gets its name in words as its label.
    """
    found = []
    for item in dataclasses.fields(options_class):
        meta = item.metadata
        default = item.default if item.default is not dataclasses.MISSING else None
        found.append(
            OptionInfo(
                name=item.name,
                label=meta.get("label") or item.name.replace("_", " ").capitalize(),
                help=meta.get("help") or "",
                default=default,
                choices=meta.get("choices"),
                choice_help=meta.get("choice_help"),
                minimum=meta.get("minimum"),
                maximum=meta.get("maximum"),
                exclusive=meta.get("exclusive"),
            )
        )
    return found


class Options:
    """Base of every game's options dataclass (subclass it as a frozen dataclass).

    Subclasses list their options as fields with defaults (declared with :func:`option`,
    so that each carries its label, one-line help, choices and bounds) and check values
    in ``validate``, calling ``super().validate()`` first for the declared bounds and
    choices; :meth:`Game.__init__` turns unknown names into a clear error.
    """

    players: int

    def validate(self) -> None:
        """Raise :class:`OptionError` for an option value the rules do not allow.

        The base class checks what :func:`option` declared, in the option's own words:
        on/off options are ``True`` or ``False``; whole numbers lie within their bounds;
        values are among their choices. An option whose default is ``None`` may be left
        ``None`` (unset).
        """
        for info in option_info(type(self)):
            value = getattr(self, info.name)
            if value is None and info.default is None:
                continue
            if isinstance(info.default, bool) and not isinstance(value, bool):
                raise OptionError(f"{info.label} is on or off (True or False), not {quoted(value)}")
            if info.minimum is not None or info.maximum is not None:
                low, high = info.minimum, info.maximum
                whole = isinstance(value, int) and not isinstance(value, bool)
                if (
                    not whole
                    or (low is not None and value < low)
                    or (high is not None and value > high)
                ):
                    if low is not None and high is not None:
                        span = f"from {low:,} to {high:,}"
                    elif low is not None:
                        span = f"of at least {low:,}"
                    else:
                        span = f"of at most {high:,}"
                    raise OptionError(f"{info.label} is a whole number {span}, not {quoted(value)}")
            if info.choices is not None:
                chosen = value if isinstance(value, tuple) else (value,)
                for item in chosen:
                    try:
                        allowed = item in info.choices
                    except TypeError:  # an unhashable value is never a choice
                        allowed = False
                    if not allowed:
                        names = ", ".join(
                            _choice_name(key, label) for key, label in info.choices.items()
                        )
                        raise OptionError(f"{info.label} is one of {names}, not {quoted(item)}")
            if info.exclusive and isinstance(value, tuple):
                for group, members in info.exclusive.items():
                    chosen_here = [item for item in members if item in value]
                    if len(chosen_here) > 1:
                        labels = info.choices or {}
                        named = " and ".join(str(labels.get(item, item)) for item in chosen_here)
                        raise OptionError(
                            f"{info.label}: choose at most one of the {group}, not {named}"
                        )


def _choice_name(value: Any, label: str) -> str:
    """How a message names one allowed value: its label, and the value to type when the
    label is not simply the value in other words (``'forced-override' (Forced Command
    Override)``)."""
    typed = str(value)
    if typed.replace("-", " ").lower() == label.lower() or isinstance(value, bool):
        return label
    return f"{typed!r} ({label})"


@dataclass(frozen=True)
class Observation:
    """What every game's ``observation(player)`` starts with (the classroom frame).

    ``player`` is whose view it is; ``current_player`` whose decision it is now
    (``None`` once the game is over); ``legal_actions`` that player's moves (empty when
    it is not their turn); ``is_terminal`` whether the game is over. Each game's
    observation dataclass subclasses this and adds its own public and private fields.
    Build the four fields with :meth:`State.observation_frame`.
    """

    player: int
    current_player: int | None
    legal_actions: tuple[Any, ...]
    is_terminal: bool


OptionsT = TypeVar("OptionsT", bound=Options)
StateT = TypeVar("StateT", bound="State")


class Game(ABC, Generic[OptionsT]):
    """The rules of one game with one choice of options.

    Subclasses set ``name`` (the registry name), ``title``, ``options_class`` (a frozen
    dataclass subclassing :class:`Options`) and ``min_players``/``max_players``.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    options_class: ClassVar[type]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    def __init__(self, **options: Any) -> None:
        known = {f.name for f in dataclasses.fields(self.options_class)}
        unknown = sorted(str(name) for name in set(options) - known)
        if unknown:
            raise OptionError(
                f"{self.title} has no option {', '.join(quoted(name) for name in unknown[:3])}; "
                f"its options are {', '.join(sorted(known))}"
            )
        try:
            self.options: OptionsT = self.options_class(**options)
        except TypeError as error:  # a required option without default
            raise OptionError(str(error)) from error
        players = self.options.players
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not self.min_players <= players <= self.max_players
        ):
            raise OptionError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {quoted(players)}"
            )
        self.options.validate()

    @classmethod
    def option_fields(cls) -> dict[str, Any]:
        """Every option name with its default value (for settings panels and ``--help``)."""
        return {
            f.name: f.default if f.default is not dataclasses.MISSING else None
            for f in dataclasses.fields(cls.options_class)
        }

    def new_state(self, seed: int | None = None) -> State:
        """Deal a new game. ``seed=None`` picks a fresh seed (kept in the state).

        A seed is a whole number of at most 18 digits; what a person types is limited to
        :data:`MAX_SEED` by :func:`read_seed`.
        """
        if seed is None:
            seed = secrets.randbelow(10**9)
        if (
            not isinstance(seed, int)
            or isinstance(seed, bool)
            or not -ENGINE_SEED_LIMIT <= seed <= ENGINE_SEED_LIMIT
        ):
            raise OptionError(f"a seed is a whole number of at most 18 digits, not {quoted(seed)}")
        return self._new_state(seed)

    @abstractmethod
    def _new_state(self, seed: int) -> State:
        """Deal a new game from ``seed``."""

    def start_report(self, state: State) -> list[dict[str, Any]]:
        """Events to print for a fresh deal, before the first move (e.g. the starter)."""
        return []

    def report(self, before: State, action: Any, after: State) -> list[dict[str, Any]]:
        """Events to print after ``action`` (each a dict with a ``"text"`` line).

        The command line prints them; games override this to report whole rounds.
        """
        return [
            {
                "player": before.current_player + 1,
                "action": str(action),
                "text": f"{player_names([before.current_player])}: {action}",
            }
        ]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"


class State(ABC):
    """One moment of a game. Subclasses are frozen dataclasses registered with
    :func:`cardmath.codec.serializable`, holding their options and seed.
    """

    options: Any
    seed: int

    @property
    @abstractmethod
    def current_player(self) -> int:
        """Whose decision it is (0-based), or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> tuple[Any, ...]:
        """Every action the current player may take (a representative finite set where
        the rules allow open-ended input, such as typed expressions)."""

    @abstractmethod
    def apply(self: StateT, action: Any) -> StateT:
        """The state after ``action``; raises :class:`IllegalMove` naming the rule broken."""

    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    @abstractmethod
    def outcome(self) -> Outcome:
        """How the game ended (only for a terminal state)."""

    @abstractmethod
    def observation(self, player: int) -> Observation:
        """What ``player`` may see, and nothing more: an :class:`Observation` with
        ``legal_actions`` for the player to move, so a bot needs nothing else. A player
        number that is not a player of this game is refused (:meth:`check_player`)."""

    def check_player(self, player: Any) -> int:
        """``player`` if it numbers a player of this game (0 is Player 1), else
        :class:`IllegalMove` saying how the players are numbered.

        >>> from cardmath.games import get_game
        >>> get_game("demo", players=3).new_state(seed=1).check_player(3)
        Traceback (most recent call last):
          ...
        cardmath.errors.IllegalMove: there is no player 3: the players of this 3-player game are numbered 0 to 2 (0 is Player 1)
        """
        players = self.num_players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
            raise IllegalMove(
                f"there is no player {quoted(player)}: the players of this {players}-player "
                f"game are numbered 0 to {players - 1} (0 is Player 1)",
                rule="player numbers",
            )
        return player

    def observation_frame(self, player: Any) -> dict[str, Any]:
        """The four fields every observation starts with, for ``player`` (checked):
        pass them on with ``XObservation(**self.observation_frame(player), ...)``.

        >>> from cardmath.games import get_game
        >>> frame = get_game("demo").new_state(seed=1).observation_frame(1)
        >>> frame["current_player"], frame["legal_actions"], frame["is_terminal"]
        (0, (), False)
        """
        if type(player) is not int or not 0 <= player < self.num_players:
            player = self.check_player(player)  # refused, or an int-like seat number
        mover: int | None = self.current_player  # asked once: every step makes a frame
        terminal = mover == TERMINAL
        if terminal:
            mover = None
        return {
            "player": player,
            "current_player": mover,
            "legal_actions": self.legal_actions() if player == mover else (),
            "is_terminal": terminal,
        }

    @abstractmethod
    def card_zones(self) -> Mapping[str, Sequence[Any]]:
        """Every place a card can be (deck, hands, table, discards, ...), for the
        card-conservation invariant."""

    @abstractmethod
    def full_deck(self) -> Sequence[Any]:
        """The cards this game is played with, to compare with :meth:`card_zones`."""

    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """Read an action from its text form (``str(action)``): syntax only, the same in
        every game. Text that spells no action of the game is refused with
        :class:`~cardmath.errors.ActionSyntaxError`; whether the action it spells is
        allowed now is for :meth:`apply` to say (:class:`IllegalMove`)."""

    @property
    def num_players(self) -> int:
        players: int = self.options.players
        return players

    def is_listed(self, action: Any) -> bool:
        """Whether ``action`` is one of the very objects :meth:`legal_actions` lists for
        this state (the same object, not merely an equal one): such an action is legal
        without checking it again, so :meth:`apply` may skip its checks. An equal action
        made elsewhere (parsed, built by a bot, read back from JSON) answers ``False`` and
        is checked in full. Only for games whose legal actions are remembered per state.

        >>> from cardmath.games import get_game
        >>> state = get_game("sequences").new_state(seed=0)
        >>> state.is_listed(state.legal_actions()[0])
        True
        >>> state.is_listed(state.parse_action(str(state.legal_actions()[0])))
        False
        """
        listed = self.__dict__.get("_listed")
        if listed is None:
            legal = self.legal_actions()
            listed = (legal, frozenset(map(id, legal)))  # the tuple keeps every id alive
            self.__dict__["_listed"] = listed  # a cache, not a field
        return id(action) in listed[1]

    def require_not_terminal(self) -> None:
        if self.is_terminal:
            raise IllegalMove("the game is over", rule="game over")

    def require_terminal(self) -> None:
        if not self.is_terminal:
            raise CardMathError("the game is not over yet, so it has no outcome")

    def cards_conserved(self) -> bool:
        """True when the cards in all zones are exactly the game's deck."""
        found: Counter[Any] = Counter()
        for cards in self.card_zones().values():
            found.update(cards)
        # counted from cards, neither holds a count of zero: plain dict equality (checked
        # at every step of the random-play tests) says what Counter's slower == says
        return dict.__eq__(found, Counter(self.full_deck())) is True

    def to_json(self) -> str:
        """The whole state as JSON text; :meth:`from_json` reads it back equal."""
        return codec.dumps(self)

    def saved_problem(self) -> str | None:
        """What makes this state impossible under the rules, or ``None``: read back from
        saved text it may have been edited. The cards must be exactly the game's deck;
        games add their own checks (Navigator: no negative chips)."""
        if not self.cards_conserved():
            return "its cards are not the game's deck (a card is missing or there twice)"
        return None

    @classmethod
    def from_json(cls: type[StateT], text: str) -> StateT:
        """Read back what :meth:`to_json` wrote; a state the rules could not have made
        (edited cards or counts) is refused with a :class:`SerializationError`."""
        state = codec.loads(text)
        if not isinstance(state, cls):
            raise SerializationError(
                f"this saved data is a {type(state).__name__}, not a {cls.__name__}"
            )
        try:
            problem = state.saved_problem()
        except (TypeError, ValueError, AttributeError, IndexError, KeyError) as error:
            problem = f"its fields do not fit together ({type(error).__name__})"
        if problem is not None:
            raise SerializationError(f"this saved game cannot be right: {problem}")
        return state


@dataclass(frozen=True)
class Step:
    """One decision in a played game: who acted, what they did, and the state after."""

    player: int
    action: Any
    state: State = field(repr=False)
