"""Navigator for a lesson: how many rounds fit in 10, 20 or 40 minutes.

A round is a draft of four picks and one declaration; with the rounds option the game
ends after that many rounds and the most chips win (a ruling, named in the rule page).
The seed's author gives a round 5 minutes; a class that drafts by vote and builds its
expression at the projector takes about 4 (:data:`PACE`).

>>> [for_minutes(m, players=3).options["rounds"] for m in (10, 20, 40)]
[2, 5, 10]
>>> projector_targets(20)
4
>>> projector_progress(20, 2), projector_progress(20, 4), projector_progress(None, 2)
('Target 2 of 4 in a 20-minute lesson.', 'Target 4 of 4 in a 20-minute lesson: the last one.', '')
"""

from __future__ import annotations

from cardmath.games.navigator.options import MAX_ROUNDS
from cardmath.lesson_length import LessonLength, RoundPace, units_for

__all__ = [
    "PROJECTOR_TARGET_MINUTES",
    "for_minutes",
    "pace",
    "projector_progress",
    "projector_targets",
]

PROJECTOR_TARGET_MINUTES = 5
"""Minutes the projector's timer gives each target (the seed's 5 minutes a round)."""


def pace(players: int) -> RoundPace:
    """One round for the class's seat (counted in bot games): four picks, one
    declaration, five moves of each computer player, one showdown to read."""
    return RoundPace({"choice": 4, "expression": 1}, computer=5 * (players - 1), pauses=1)


def for_minutes(minutes: int, players: int) -> LessonLength:
    """The ``rounds`` option that ends a game of ``players`` in about ``minutes``."""
    seconds = pace(players).seconds()
    rounds = units_for(minutes, seconds, most=MAX_ROUNDS)
    return LessonLength(
        "navigator", minutes, {"rounds": rounds}, rounds, "round", seconds, pace=pace(players)
    )


def projector_targets(minutes: int) -> int:
    """How many targets the projector's 5-minute timer gives in ``minutes``."""
    return max(1, minutes // PROJECTOR_TARGET_MINUTES)


def projector_progress(minutes: int | None, dealt: int) -> str:
    """Where the class is in a lesson of ``minutes`` after ``dealt`` targets on the
    projector (``""`` without a lesson length)."""
    if minutes is None or dealt < 1:
        return ""
    total = projector_targets(minutes)
    lesson = f"in a {minutes}-minute lesson"
    if dealt < total:
        return f"Target {dealt} of {total} {lesson}."
    if dealt == total:
        return f"Target {dealt} of {total} {lesson}: the last one."
    return f"Target {dealt}: the {total} targets of a {minutes}-minute lesson are done."
