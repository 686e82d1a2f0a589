"""Laps of 121 on Dotter's lap board: a score moves a player's peg (one player at a time
on the last peg, the others wait one point short), and a round's end keeps only the lap
leaders' points.
"""

from __future__ import annotations

from typing import Any

from cardmath.games.dotter.actions import LAP


def peg(
    laps: tuple[int, ...], points: tuple[int, ...], player: int, gained: int, lap_length: int = LAP
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Move ``player``'s peg by ``gained`` points on the lap board.

    Reaching ``lap_length`` (121) completes a lap with no carry-over and puts the player on
    the single last peg; a player on the peg starts the next lap from 0 with their next
    score; while someone else holds the peg, a player who would reach it waits one point
    short (120). A score of 0 moves nothing.

    >>> peg((0, 0), (80, 115), 1, 20)  # seed: player 2 reaches 121, first lap
    ((0, 1), (80, 121))
    >>> peg((0, 1), (80, 121), 0, 66)  # player 1 would pass 121: waits at 120
    ((0, 1), (120, 121))
    >>> peg((0, 1), (120, 121), 1, 66)  # the holder leaves the peg: 66 into the next lap
    ((0, 1), (120, 66))
    """
    if gained <= 0:
        return laps, points
    holder = next((p for p, value in enumerate(points) if value == lap_length), -1)
    start = 0 if holder == player else points[player]
    reached = start + gained
    new_laps = laps
    if reached >= lap_length:
        if holder not in (-1, player):
            reached = lap_length - 1
        else:
            reached = lap_length
            new_laps = _with(laps, player, laps[player] + 1)
    return new_laps, _with(points, player, reached)


def retained_points(points: tuple[int, ...], lap_length: int = LAP) -> tuple[int, ...]:
    """Lap points after a round: only the leaders of the current lap keep theirs; the peg
    holder counts 0 (the 121st point belongs to the next lap).

    >>> retained_points((53, 78))  # seed retention example 1
    (0, 78)
    >>> retained_points((121, 100, 100))  # seed retention example 2
    (0, 100, 100)
    """
    lap_points = tuple(0 if value == lap_length else value for value in points)
    leading = max(lap_points)
    return tuple(value if value == leading else 0 for value in lap_points)


def _with(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]
