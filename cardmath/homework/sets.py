"""Homework sets: the puzzles a code deals, each with one check, graded hints and an
explanation, whatever its game.

:func:`homework_set` deals every puzzle of a code. Each puzzle slot draws a few
candidate deals from the code's seed and keeps the one its level asks for by difficulty
rating (for Navigator the solver's :func:`cardmath.solver.difficulty`; for Sequences
and Sum 15 the puzzle's own rating on the same 1-5 scale): the easiest candidate for
``easy``, the middle one for ``medium``, the hardest for ``hard``. The same code always
deals the same set, and its ``fingerprint`` says so: a receipt carries it, so a set
dealt differently (by another version of cardmath) is noticed rather than misjudged.

>>> homework = homework_set("SUM-12-3E-" + str(HomeworkCode("sum15", 12, 3, "easy"))[-1])
>>> len(homework.puzzles), homework.puzzles[0].answer_kind
(3, 'choice')
>>> first = homework.puzzles[0]
>>> first.check(first.answer_key).solved
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from cardmath.errors import CardMathError, foreign_digit
from cardmath.expr import Expr, show_number
from cardmath.game import chance
from cardmath.homework.codes import HomeworkCode, read_code

__all__ = [
    "CANDIDATES",
    "Explanation",
    "Homework",
    "HomeworkPuzzle",
    "Verdict",
    "homework_set",
]

CANDIDATES = 5
"""Candidate deals drawn for each puzzle; the level picks one of them by rating."""

MAX_ANSWER = 200
"""Longest answer a receipt keeps and a check reads."""


@dataclass(frozen=True)
class Verdict:
    """What a check says: ``solved`` (the puzzle is done right), ``ok`` (the answer
    keeps the rules at all), one or two sentences, and ``distance`` (Navigator: how far
    from the target, as the showdown counts; a number answer: how far from the value)."""

    ok: bool
    solved: bool
    message: str
    distance: int | None = None


@dataclass(frozen=True)
class Explanation:
    """How a puzzle is solved: LaTeX (no ``$``), the steps, a caption, and for
    Navigator the expression trees to draw (``expressions``, the student's answer first
    when it is a best one) with the ``target``."""

    title: str
    latex: str
    steps: tuple[str, ...]
    caption: str = ""
    expressions: tuple[Expr, ...] = ()
    target: int | None = None


@dataclass(frozen=True)
class HomeworkPuzzle:
    """One puzzle of a homework, the same to every view whatever its game.

    ``answer_kind`` is ``"expression"`` (Navigator: built from cards), ``"number"``
    (Sequences) or ``"choice"`` (Sum 15: one of ``choices``, key -> label). ``puzzle``
    is the game's own puzzle object (for drawing its cards).
    """

    number: int
    game: str
    puzzle: Any = field(repr=False)
    answer_kind: str
    prompt: str
    rating: tuple[int, str]
    choices: tuple[tuple[str, str], ...] = ()

    def check(self, text: object) -> Verdict:
        """The engine's verdict on an answer; never raises."""
        if not isinstance(text, str) or not text.strip():
            return Verdict(False, False, "Type your answer first.")
        if len(text) > MAX_ANSWER:
            return Verdict(
                False, False, f"That answer is too long: keep it under {MAX_ANSWER} characters."
            )
        foreign = foreign_digit(text)
        if foreign is not None:
            return Verdict(
                False, False, f"Write numbers with the digits 0 to 9 (not {foreign}), as in 24."
            )
        try:
            return _CHECKS[self.game](self.puzzle, text)
        except CardMathError as error:  # the puzzles never raise; a last guard all the same
            return Verdict(False, False, f"That cannot be checked: {error}")

    def hint(self, level: int) -> str:
        """Hint ``level`` (1 to 4, each telling more; 4 gives the answer away)."""
        found = self.puzzle.hint(level)
        return found if isinstance(found, str) else found.text

    @property
    def answer_key(self) -> str:
        """A right answer, for the teacher (and the tests): never shown to a student."""
        return _ANSWER_KEYS[self.game](self.puzzle)

    def explanation(self, answer: str | None = None) -> Explanation:
        """How the puzzle is solved (with the student's ``answer`` first when it is a
        best Navigator answer)."""
        return _EXPLANATIONS[self.game](self.puzzle, answer)

    @property
    def description(self) -> str:
        """The puzzle in one line of text (what the fingerprint is made of)."""
        return _DESCRIPTIONS[self.game](self.puzzle)


# --- the games -----------------------------------------------------------------------------


def _navigator_check(puzzle: Any, text: str) -> Verdict:
    verdict = puzzle.check(text)
    return Verdict(
        verdict.ok, verdict.ok and verdict.best, verdict.message, verdict.effective_distance
    )


def _number_check(puzzle: Any, text: str) -> Verdict:
    verdict = puzzle.check(text)
    return Verdict(verdict.ok, verdict.solved, verdict.message, verdict.distance)


def _navigator_explanation(puzzle: Any, answer: str | None) -> Explanation:
    best = puzzle.best()
    shown: list[Expr] = []
    if answer:
        verdict = puzzle.check(answer)
        if verdict.ok and verdict.best and verdict.expression is not None:
            shown.append(verdict.expression)
    shown += [expression for expression in best.solutions[:4] if expression not in shown]
    away = "exactly on target" if best.best_distance == 0 else f"{best.best_distance} away"
    count = best.solution_count
    return Explanation(
        title=f"Target {puzzle.target}: the best is {away}",
        latex="",
        steps=(),
        caption=f"{count} best answer{'s' if count != 1 else ''} in all, simplest first.",
        expressions=tuple(shown),
        target=puzzle.target,
    )


def _sequences_explanation(puzzle: Any, answer: str | None) -> Explanation:
    return Explanation(
        title=f"{puzzle.text} is {show_number(puzzle.value)}",
        latex=puzzle.latex,
        steps=puzzle.steps,
        caption=puzzle.caption,
    )


def _sum15_explanation(puzzle: Any, answer: str | None) -> Explanation:
    return Explanation(
        title=puzzle.caption, latex=puzzle.latex, steps=puzzle.steps, caption=str(puzzle.claim)
    )


_CHECKS: dict[str, Callable[[Any, str], Verdict]] = {
    "navigator": _navigator_check,
    "sequences": _number_check,
    "sum15": _number_check,
}
_EXPLANATIONS: dict[str, Callable[[Any, str | None], Explanation]] = {
    "navigator": _navigator_explanation,
    "sequences": _sequences_explanation,
    "sum15": _sum15_explanation,
}
_ANSWER_KEYS: dict[str, Callable[[Any], str]] = {
    "navigator": lambda puzzle: puzzle.best().answers[0].text,
    "sequences": lambda puzzle: show_number(puzzle.value),
    "sum15": lambda puzzle: puzzle.answers[0],
}
_DESCRIPTIONS: dict[str, Callable[[Any], str]] = {
    "navigator": lambda p: f"navigator {p.target} {p.beacon} {' '.join(map(str, p.memory))}",
    "sequences": lambda p: f"sequences {p.text} {p.division}",
    "sum15": lambda p: f"sum15 {' '.join(map(str, p.middle))} + {p.card}",
}


# --- dealing ----------------------------------------------------------------------------


def _navigator_candidate(seed: int, level: str) -> tuple[Any, tuple[int, str], int]:
    from cardmath.puzzles.navigator import NavigatorPuzzle
    from cardmath.solver import Choice, difficulty

    puzzle = NavigatorPuzzle.deal(seed)
    memory = [
        Choice(values, card.rank)
        for card, values in zip(puzzle.memory, puzzle.memory_values, strict=True)
    ]
    beacon = Choice(puzzle.beacon_values, puzzle.beacon.rank)
    rated = difficulty(memory, puzzle.target, choose=2, must_use=[beacon])
    return puzzle, (rated.score, rated.label), rated.points


def _sequences_candidate(seed: int, level: str) -> tuple[Any, tuple[int, str], int]:
    from cardmath.puzzles.sequences import SequencesPuzzle

    puzzle = SequencesPuzzle.deal(seed, level)
    return puzzle, puzzle.rating, puzzle.rating[0]


def _sum15_candidate(seed: int, level: str) -> tuple[Any, tuple[int, str], int]:
    from cardmath.puzzles.sum15 import Sum15Puzzle

    puzzle = Sum15Puzzle.deal(seed, level)
    return puzzle, puzzle.rating, puzzle.rating[0]


_CANDIDATE = {
    "navigator": _navigator_candidate,
    "sequences": _sequences_candidate,
    "sum15": _sum15_candidate,
}


def _item(game: str, number: int, puzzle: Any, rating: tuple[int, str]) -> HomeworkPuzzle:
    if game == "navigator":
        return HomeworkPuzzle(number, game, puzzle, "expression", puzzle.prompt, rating)
    if game == "sequences":
        return HomeworkPuzzle(number, game, puzzle, "number", puzzle.prompt, rating)
    from cardmath.puzzles.sum15 import ANSWERS

    return HomeworkPuzzle(
        number, game, puzzle, "choice", puzzle.prompt, rating, tuple(ANSWERS.items())
    )


@dataclass(frozen=True)
class Homework:
    """A homework: its code and its puzzles (numbered from 1)."""

    code: HomeworkCode
    puzzles: tuple[HomeworkPuzzle, ...]

    @cached_property
    def fingerprint(self) -> str:
        """Eight hex digits that change when any puzzle of the set would be dealt
        differently."""
        text = "\n".join(puzzle.description for puzzle in self.puzzles)
        return hashlib.sha256(f"{self.code}\n{text}".encode()).hexdigest()[:8]

    def puzzle(self, number: int) -> HomeworkPuzzle:
        """Puzzle ``number`` (1 is the first)."""
        if (
            isinstance(number, bool)
            or not isinstance(number, int)
            or not 1 <= number <= len(self.puzzles)
        ):
            raise CardMathError(
                f"this homework has puzzles 1 to {len(self.puzzles)}, not {number!r}"
            )
        return self.puzzles[number - 1]


def homework_set(code: HomeworkCode | str) -> Homework:
    """Every puzzle of a homework code (dealt once per code and kept).

    >>> homework = homework_set(HomeworkCode("sequences", 3, 2, "hard"))
    >>> [puzzle.number for puzzle in homework.puzzles], len(homework.fingerprint)
    ([1, 2], 8)
    """
    if isinstance(code, str):
        code = read_code(code)
    if not isinstance(code, HomeworkCode):
        raise CardMathError("a homework set is dealt from a homework code")
    return _homework_set(code)


@lru_cache(maxsize=64)
def _homework_set(code: HomeworkCode) -> Homework:
    make = _CANDIDATE[code.game]
    seen: set[str] = set()
    puzzles: list[HomeworkPuzzle] = []
    for index in range(code.count):
        candidates = []
        for attempt in range(CANDIDATES * 3):
            seed = chance(code.seed, "homework", code.game, code.level, index, attempt).randrange(
                10**9
            )
            puzzle, rating, points = make(seed, code.level)
            item = _item(code.game, index + 1, puzzle, rating)
            if item.description in seen:
                continue  # the same puzzle twice in one homework: draw another
            candidates.append((points, attempt, item))
            if len(candidates) == CANDIDATES:
                break
        candidates.sort(key=lambda found: (found[0], found[1]))
        position = {"easy": 0, "medium": len(candidates) // 2, "hard": len(candidates) - 1}
        chosen = candidates[position[code.level]][2]
        seen.add(chosen.description)
        puzzles.append(chosen)
    return Homework(code, tuple(puzzles))
