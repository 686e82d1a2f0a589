"""Sequences for a lesson: how many rounds (a turn for each player) fit in 10, 20 or 40
minutes.

The lesson length sets *Rounds*: the game stops when each player has had that many
turns, and every sequence, sealed or open, is scored as it stands (as at the seed's end).
A whole game took 18 to 26 rounds with the bots (21.75 on average): when the rounds
chosen are more than that, the cards run out first and the whole game is played.

>>> [for_minutes(m, players=2).options["rounds"] for m in (10, 20, 40)]
[12, 25, 50]
"""

from __future__ import annotations

from cardmath.games.sequences.state import MAX_ROUNDS
from cardmath.lesson_length import LessonLength, RoundPace, units_for

__all__ = ["WHOLE_GAME_ROUNDS", "for_minutes", "pace"]

WHOLE_GAME_ROUNDS = 22
"""Rounds a whole game takes (bot games: 21.75 on average)."""


def pace(players: int = 2) -> RoundPace:
    """One round: the class's turn (two cards, each sequence's value worked out from
    left to right) and the computer's turn to read."""
    return RoundPace({"working": 1}, computer=1)


def for_minutes(minutes: int, players: int = 2) -> LessonLength:
    """The ``rounds`` option for about ``minutes``."""
    seconds = pace(players).seconds()
    rounds = units_for(minutes, seconds, most=MAX_ROUNDS)
    note = ""
    if rounds > WHOLE_GAME_ROUNDS:
        whole = round(WHOLE_GAME_ROUNDS * seconds / 60)
        note = f"a whole game is shorter (about {whole} minutes): the cards run out first"
    return LessonLength(
        "sequences", minutes, {"rounds": rounds}, rounds, "round", seconds, note, pace(players)
    )
