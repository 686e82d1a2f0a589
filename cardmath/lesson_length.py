"""Lesson length: the rounds, laps or deals that make a game end in about 10, 20 or 40
minutes of a lesson.

A lesson length only chooses what a game's options already let a table choose (rounds,
laps, deals, a round limit); the winner is decided as each game decides a shortened game
(most chips, most laps, highest total). The full game of the seed stays one setting away
(:data:`FULL_GAME`). Each game's rule for turning minutes into its own length lives beside
its options, in ``cardmath/games/<game>/length.py`` (a ``for_minutes(minutes, players)``
function); :func:`lesson_length` finds it by the game's name.

The times come from a model of a class at the projector (:class:`ClassPace`: seconds a
class takes for each kind of decision, an assumption stated once, here) and from how
many decisions of each kind one seat makes in a round, counted in bot games
(``benchmarks/lesson_pace.py`` counts them again and prints every number of the rule
pages).

>>> length = lesson_length("navigator", 20, players=3)
>>> length.options, length.summary
({'rounds': 5}, '5 rounds of about 4 minutes: about 20 minutes')
>>> length.choice
'5 rounds of about 4 minutes each'
>>> read_length("20"), read_length("full")
(20, None)
>>> read_length("25")
Traceback (most recent call last):
  ...
cardmath.errors.OptionError: Lesson length is 10, 20 or 40 minutes, or full for the whole game, not '25'
"""

from __future__ import annotations

import importlib
import importlib.util
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardmath.errors import OptionError, quoted
from cardmath.wording import counted

__all__ = [
    "CLASS_PACE",
    "FULL_GAME",
    "LESSON_MINUTES",
    "ClassPace",
    "LessonLength",
    "RoundPace",
    "has_lesson_length",
    "length_label",
    "lesson_length",
    "read_length",
    "units_for",
]

LESSON_MINUTES: tuple[int, ...] = (10, 20, 40)
"""The lesson lengths a teacher chooses from, in minutes."""

FULL_GAME = "full"
"""How a page address asks for the whole game of the seed (``?length=full``)."""


@dataclass(frozen=True)
class ClassPace:
    """Seconds a class at the projector takes for each kind of decision.

    The assumption: the class is one player, discusses or votes, and the teacher clicks.
    ``quick``: an obvious click (draw, take a card from a small pool); ``choice``: a real
    choice among a few cards (draft, bid); ``working``: a choice that needs a sum worked
    out (score three cards, play two cards into sequences, play a card and spot a set);
    ``expression``: building an expression from three cards (Navigator's declaration; the
    seed allows 5 minutes for a whole round); ``computer``: reading one computer player's
    move on the screen; ``pause``: reading a result the table stops for (a showdown, an
    auction, a round's end) and pressing on.
    """

    quick: int = 10
    choice: int = 20
    working: int = 45
    expression: int = 120
    computer: int = 3
    pause: int = 10

    def seconds(self, kind: str) -> int:
        """Seconds for one decision of ``kind`` (a field name).

        >>> ClassPace().seconds("choice")
        20
        """
        value = getattr(self, kind, None)
        if not isinstance(value, int) or kind.startswith("_"):
            raise OptionError(f"{quoted(kind)} is not a kind of decision of a class's pace")
        return value


CLASS_PACE = ClassPace()
"""The pace every lesson length is worked out with."""


@dataclass(frozen=True)
class RoundPace:
    """What one seat does in one round (or deal) of a game, counted in bot games:
    ``decisions`` of each kind of :class:`ClassPace` for the class's seat, ``computer``
    moves of the other seats the class watches, and ``pauses`` the table stops for.

    >>> pace = RoundPace({"choice": 4, "expression": 1}, computer=10, pauses=1)
    >>> pace.seconds()
    240
    """

    decisions: Mapping[str, float]
    computer: float = 0
    pauses: float = 0

    def seconds(self, pace: ClassPace = CLASS_PACE) -> int:
        """Seconds one round takes a class at ``pace`` (rounded up)."""
        total = sum(count * pace.seconds(kind) for kind, count in self.decisions.items())
        total += self.computer * pace.computer + self.pauses * pace.pause
        return math.ceil(total)


def units_for(minutes: int, seconds_per_unit: int, most: int | None = None) -> int:
    """How many rounds of ``seconds_per_unit`` fit in ``minutes``: at least one, never
    more than fit (a game should end before the lesson does), at most ``most``.

    >>> units_for(10, 240), units_for(10, 700), units_for(40, 60, most=30)
    (2, 1, 30)
    """
    count = max(1, (minutes * 60) // max(1, seconds_per_unit))
    return count if most is None else min(count, most)


@dataclass(frozen=True)
class LessonLength:
    """A game's length for a lesson: the ``options`` that make it end in about
    ``minutes``, how many ``units`` (rounds, deals) that is, and the estimate in seconds.
    ``note`` says anything a teacher should know (e.g. the whole game is shorter)."""

    game: str
    minutes: int
    options: dict[str, Any]
    units: int
    unit: str
    seconds_per_unit: int
    note: str = ""
    pace: RoundPace | None = field(default=None, compare=False)

    @property
    def estimate_seconds(self) -> int:
        return self.units * self.seconds_per_unit

    @property
    def choice(self) -> str:
        """What a settings panel says the length plays: ``"5 rounds of about 4 minutes
        each"``."""
        each = max(1, round(self.seconds_per_unit / 60))
        about = f"{counted(self.units, self.unit)} of about {counted(each, 'minute')}"
        return about if self.units == 1 else f"{about} each"

    @property
    def summary(self) -> str:
        """One line for a teacher: ``"5 rounds of about 4 minutes: about 20 minutes"``."""
        each = max(1, round(self.seconds_per_unit / 60))
        total = max(1, round(self.estimate_seconds / 60))
        text = (
            f"{counted(self.units, self.unit)} of about {counted(each, 'minute')}: "
            f"about {counted(total, 'minute')}"
        )
        return f"{text}; {self.note}" if self.note else text


def read_length(text: Any) -> int | None:
    """A lesson length as a page address or a command gives it: ``"10"``, ``"20"``,
    ``"40"`` (minutes), or ``"full"`` (``None``: the whole game of the seed). Anything else
    is an :class:`~cardmath.errors.OptionError` naming the allowed values.

    >>> read_length(" 40 "), read_length(10)
    (40, 10)
    """
    if isinstance(text, int) and not isinstance(text, bool) and text in LESSON_MINUTES:
        return text
    if isinstance(text, str):
        cleaned = text.strip().lower()
        if cleaned == FULL_GAME:
            return None
        digits = cleaned.isascii() and cleaned.isdigit() and len(cleaned) <= 3
        if digits and int(cleaned) in LESSON_MINUTES:
            return int(cleaned)
    allowed = ", ".join(str(m) for m in LESSON_MINUTES[:-1]) + f" or {LESSON_MINUTES[-1]}"
    raise OptionError(
        f"Lesson length is {allowed} minutes, or {FULL_GAME} for the whole game, not {quoted(text)}"
    )


def length_label(minutes: int | None) -> str:
    """How the settings panel names a length.

    >>> length_label(20), length_label(None)
    ('20 minutes', 'Full game (the seed’s rules)')
    """
    return "Full game (the seed’s rules)" if minutes is None else f"{minutes} minutes"


def lesson_length(game: str, minutes: int, players: int | None = None) -> LessonLength:
    """The options that make ``game`` (a registry name) end in about ``minutes`` (one of
    :data:`LESSON_MINUTES`) with ``players`` at the table (the game's default if
    ``None``): the class or one person in one seat, computer players in the others.
    """
    from cardmath.games import game_class

    cls = game_class(game)
    minutes_read = read_length(minutes)
    if minutes_read is None:
        raise OptionError("a lesson length in minutes is needed here, not the full game")
    if players is None:
        players = cls.options_class().players
    try:
        module = importlib.import_module(f"cardmath.games.{game}.length")
    except ModuleNotFoundError:
        raise OptionError(f"{cls.title} has no lesson length: play the whole game") from None
    length: LessonLength = module.for_minutes(minutes_read, players)
    return length


def has_lesson_length(game: str) -> bool:
    """Whether ``game`` offers lesson lengths (every game of the seeds does).

    >>> has_lesson_length("dotter"), has_lesson_length("demo")
    (True, False)
    """
    from cardmath.games import GAMES

    if game not in GAMES:
        return False
    try:
        return importlib.util.find_spec(f"cardmath.games.{game}.length") is not None
    except ModuleNotFoundError:  # a game in one module, not a package
        return False


MEASURED_TABLES: dict[str, int] = {
    "navigator": 3, "sequences": 2, "permutations": 4, "dotter": 2, "sum15": 4
}  # fmt: skip
"""The table each game's pace is measured at (the class and computer players): the
rule pages' numbers and the tests that a game ends at its length use the same tables."""


def rounds_reached(game: str, state: Any) -> int:
    """Rounds (deals; Sequences: a turn each) a state of ``game`` has reached.

    >>> from cardmath.games import get_game
    >>> rounds_reached("sum15", get_game("sum15", players=4).new_state(seed=1))
    1
    """
    if game == "navigator":
        return int(state.round)
    if game == "sequences":
        return (int(state.turn_number) + 1) // 2
    if game == "sum15":
        return int(state.deal_number) + 1
    return int(state.round_number)
