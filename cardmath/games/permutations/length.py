"""Permutations for a lesson: how many rounds of eleven auctions fit in 10, 20 or 40
minutes.

The lesson length sets the *Round limit*: the game ends after that many rounds, or
sooner when someone reaches the target score (100, the seed's), and the highest total
wins. A whole game to 100 took 2 to 3 rounds with the bots (2.9 on average).

>>> [for_minutes(m, players=4).options["max_rounds"] for m in (10, 20, 40)]
[1, 1, 3]
"""

from __future__ import annotations

from cardmath.lesson_length import LessonLength, RoundPace, units_for

__all__ = ["TYPICAL_ROUNDS", "for_minutes", "pace"]

TYPICAL_ROUNDS = 3
"""Rounds a whole game to 100 usually takes (bot games: 2 to 3, 2.9 on average)."""

AUCTIONS = 11


def pace(players: int) -> RoundPace:
    """One round for the class's seat: eleven bids and eleven drafts, the computer
    players' bids and drafts, and two results to read each auction (the bids, the draft)."""
    return RoundPace(
        {"choice": AUCTIONS, "quick": AUCTIONS},
        computer=2 * AUCTIONS * (players - 1),
        pauses=2 * AUCTIONS,
    )


def for_minutes(minutes: int, players: int) -> LessonLength:
    """The ``max_rounds`` option that ends a game of ``players`` in about ``minutes``."""
    seconds = pace(players).seconds()
    rounds = units_for(minutes, seconds)
    note = ""
    if rounds >= TYPICAL_ROUNDS:
        note = "the game often ends sooner, when someone reaches the target score"
    elif seconds > minutes * 60:
        note = "one round is the shortest game"
    return LessonLength(
        "permutations",
        minutes,
        {"max_rounds": rounds},
        rounds,
        "round",
        seconds,
        note,
        pace(players),
    )
