"""Homework codes: a short text naming a game, a seed, how many puzzles and a level.

A code is all a homework is: the same code deals the same puzzles on every machine, so
a teacher writes it on the board (or sends its link) and nothing needs to be stored.
It reads ``NAV-2481-8M-2``: the game, the seed, the number of puzzles with the level's
letter (E easy, M medium, H hard), and a check letter that catches a mistyped code.
Case, spaces and missing dashes do not matter when a code is read back.

>>> code = HomeworkCode("navigator", 2481, 8, "medium")
>>> str(code)
'NAV-2481-8M-2'
>>> read_code(" nav 2481 8m 2 ") == code
True
>>> read_code("NAV-2481-8M-Q")
Traceback (most recent call last):
  ...
cardmath.homework.codes.CodeError: 'NAV-2481-8M-Q' is not a homework code: its check letter is wrong (a mistyped letter or number?)
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from cardmath.errors import CardMathError, quoted
from cardmath.game import MAX_SEED

__all__ = [
    "GAMES",
    "LEVELS",
    "MAX_COUNT",
    "MAX_SEED",
    "CodeError",
    "HomeworkCode",
    "read_code",
]

GAMES: dict[str, str] = {"navigator": "NAV", "sequences": "SEQ", "sum15": "SUM"}
"""The games a homework can be set in, and each one's three letters in a code."""

GAME_TITLES: dict[str, str] = {
    "navigator": "Navigator: make the target",
    "sequences": "Sequences: left to right",
    "sum15": "Sum 15: spot the set",
}

LEVELS: dict[str, str] = {"easy": "E", "medium": "M", "hard": "H"}
"""The levels, and each one's letter in a code."""

MAX_COUNT = 20
"""Most puzzles in one homework (a homework is done in one sitting)."""

_CHECK_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Check letters: no 0/O or 1/I, which are easily mistyped for each other."""
_CODE = re.compile(r"([A-Z0-9]{3})-?([0-9]{1,9})-?([0-9]{1,2})([A-Z])-?([A-Z0-9])", re.ASCII)
"""A code's parts; digits are 0-9 only (the one rule: :func:`cardmath.errors.is_ascii_digits`)."""


class CodeError(CardMathError):
    """A homework code that cannot be read or made, said in words."""


def _check_letter(body: str) -> str:
    digest = hashlib.sha256(f"cardmath homework code|{body}".encode()).digest()
    return _CHECK_LETTERS[digest[0] % len(_CHECK_LETTERS)]


@dataclass(frozen=True)
class HomeworkCode:
    """What a homework is: ``game`` (a key of :data:`GAMES`), ``seed``, ``count``
    puzzles, ``level`` (a key of :data:`LEVELS`).

    >>> HomeworkCode("chess", 1, 8, "easy")
    Traceback (most recent call last):
      ...
    cardmath.homework.codes.CodeError: homework can be set in navigator, sequences and sum15, not 'chess'
    >>> HomeworkCode("sum15", 7, 40, "easy")
    Traceback (most recent call last):
      ...
    cardmath.homework.codes.CodeError: a homework has 1 to 20 puzzles, not 40
    """

    game: str
    seed: int
    count: int
    level: str

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise CodeError(
                f"homework can be set in {', '.join(list(GAMES)[:-1])} and {list(GAMES)[-1]}, "
                f"not {quoted(self.game)}"
            )
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise CodeError(f"a homework's seed is a whole number, not {quoted(self.seed)}")
        if not 0 <= self.seed <= MAX_SEED:
            raise CodeError(
                f"a homework's seed is a whole number from 0 to {MAX_SEED:,}, not {quoted(self.seed)}"
            )
        if (
            isinstance(self.count, bool)
            or not isinstance(self.count, int)
            or not 1 <= self.count <= MAX_COUNT
        ):
            raise CodeError(f"a homework has 1 to {MAX_COUNT} puzzles, not {quoted(self.count)}")
        if self.level not in LEVELS:
            raise CodeError(f"the levels are {', '.join(LEVELS)}, not {quoted(self.level)}")

    @property
    def body(self) -> str:
        """The code without its check letter: ``NAV-2481-8M``."""
        return f"{GAMES[self.game]}-{self.seed}-{self.count}{LEVELS[self.level]}"

    def __str__(self) -> str:
        return f"{self.body}-{_check_letter(self.body)}"

    @property
    def title(self) -> str:
        """What the homework is, in words: ``Navigator: make the target, 8 medium puzzles``."""
        plural = "puzzle" if self.count == 1 else "puzzles"
        return f"{GAME_TITLES[self.game]}, {self.count} {self.level} {plural}"


def read_code(text: object) -> HomeworkCode:
    """The homework a code names; a code that cannot be read is a :class:`CodeError`
    saying why.

    >>> read_code("SEQ-7-5E-" + str(HomeworkCode("sequences", 7, 5, "easy"))[-1]).game
    'sequences'
    >>> read_code("hello")
    Traceback (most recent call last):
      ...
    cardmath.homework.codes.CodeError: 'hello' is not a homework code such as NAV-2481-8M-2
    """
    if not isinstance(text, str) or len(text) > 60:
        raise CodeError(f"{quoted(text)} is not a homework code such as NAV-2481-8M-2")
    cleaned = re.sub(r"[\s_.]+", "-", text.strip().upper()).strip("-")
    cleaned = re.sub(r"-+", "-", cleaned)
    match = _CODE.fullmatch(cleaned)
    if match is None:
        raise CodeError(f"{quoted(text.strip())} is not a homework code such as NAV-2481-8M-2")
    prefix, seed, count, level, check = match.groups()
    games = {letters: name for name, letters in GAMES.items()}
    levels = {letter: name for name, letter in LEVELS.items()}
    if prefix not in games:
        raise CodeError(
            f"{quoted(text.strip())} is not a homework code: it starts with "
            f"{', '.join(games)}, not {prefix}"
        )
    if level not in levels:
        raise CodeError(
            f"{quoted(text.strip())} is not a homework code: the level letter is E, M or H, "
            f"not {level}"
        )
    code = HomeworkCode(games[prefix], int(seed), int(count), levels[level])
    if str(code)[-1] != check:
        raise CodeError(
            f"{quoted(text.strip())} is not a homework code: its check letter is wrong "
            "(a mistyped letter or number?)"
        )
    return code
