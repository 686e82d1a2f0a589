"""Sum 15 for a lesson: how many deals fit in 10, 20 or 40 minutes.

The seed's game is one deal of six cards each; a deal at a table of four takes a class
about five and a half minutes. The lesson length sets *Deals*: the cards each player
takes add up over the deals and the most cards taken win (the seed's rule, over more
deals). Real cards on the table stay one deal a game.

>>> [for_minutes(m, players=4).options["deals"] for m in (10, 20, 40)]
[1, 3, 7]
"""

from __future__ import annotations

from cardmath.games.sum15.options import MAX_DEALS, Sum15Options
from cardmath.lesson_length import LessonLength, RoundPace, units_for

__all__ = ["for_minutes", "pace"]


def pace(players: int) -> RoundPace:
    """One deal for the class's seat: its six plays (each a running total to keep and a
    set to spot), the other players' plays, and the deal's end to read."""
    hand = Sum15Options().hand_size
    return RoundPace({"working": hand}, computer=hand * (players - 1), pauses=1)


def for_minutes(minutes: int, players: int) -> LessonLength:
    """The ``deals`` option for about ``minutes``."""
    seconds = pace(players).seconds()
    deals = units_for(minutes, seconds, most=MAX_DEALS)
    note = "one deal is the shortest game" if seconds > minutes * 60 else ""
    return LessonLength(
        "sum15", minutes, {"deals": deals}, deals, "deal", seconds, note, pace(players)
    )
