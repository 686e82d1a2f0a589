"""Dotter for a lesson: how many laps, and at most how many rounds, fit in 10, 20 or 40
minutes.

A round lasts until the deck is used up (about 38 moves, whatever the number of
players). The lesson length sets *Laps to win* and a *Round limit*: the game ends when
someone completes the laps, or after the round limit, and then the leaders by laps (then
by lap points) win, as the round limit always does. Bot games took 1.35 rounds for one
lap, 2.85 for two, 4.05 for three and 7.8 for the seed's six.

>>> [for_minutes(m, players=2).options for m in (10, 20)]
[{'laps': 1, 'max_rounds': 1, 'fewer_laps': False}, {'laps': 2, 'max_rounds': 2, 'fewer_laps': False}]
"""

from __future__ import annotations

from cardmath.lesson_length import LessonLength, RoundPace, units_for

__all__ = ["MOVES_PER_ROUND", "ROUNDS_PER_LAP", "for_minutes", "pace"]

MOVES_PER_ROUND = 38
"""Moves in a round, all players together (bot games: 37.95 with two and with three)."""

ROUNDS_PER_LAP = 1.3
"""Rounds a lap takes (bot games: 1.35 for one lap, 1.3 each for six)."""


def pace(players: int) -> RoundPace:
    """One round for the class's seat: its share of the moves, half draws and half
    scorings (each scoring needs the cards' sum or quotient), the computer players'
    moves, and the round's end to read."""
    own = MOVES_PER_ROUND / players
    return RoundPace(
        {"quick": own / 2, "working": own / 2},
        computer=MOVES_PER_ROUND - own,
        pauses=1,
    )


def for_minutes(minutes: int, players: int) -> LessonLength:
    """``laps``, ``max_rounds`` (and ``fewer_laps`` off) for about ``minutes``."""
    seconds = pace(players).seconds()
    rounds = units_for(minutes, seconds, most=100)
    laps = max(1, min(20, int(rounds / ROUNDS_PER_LAP + 0.5)))
    options = {"laps": laps, "max_rounds": rounds, "fewer_laps": False}
    return LessonLength("dotter", minutes, options, rounds, "round", seconds, pace=pace(players))
