"""Seeded tournaments between bots, with confidence intervals.

Seats are rotated so no bot keeps a first-player advantage; each game is seeded from
the tournament seed, so a tournament replays exactly.

>>> from cardmath.games import get_game
>>> table = tournament(lambda: get_game("demo", players=2), ["random", "random"], games=20, seed=1)
>>> [row.bot for row in table.rows], sum(row.wins for row in table.rows) == 20
(['random', 'random'], True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardmath.game import Game
from cardmath.play import make_bots, play_game


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class TournamentRow:
    """One entrant: its share of wins (ties split), with a 95% interval."""

    seat_label: str
    bot: str
    games: int
    wins: float
    mean_score: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


@dataclass(frozen=True)
class TournamentTable:
    rows: tuple[TournamentRow, ...]
    games: int
    seat_wins: tuple[float, ...]
    """Wins by seat position (seat 1 moves first), to measure first-player advantage."""

    def markdown(self) -> str:
        """The table as Markdown, ready for a rule page."""
        lines = [
            "| entrant | bot | games | win share | 95% interval | mean score |",
            "|---|---|---:|---:|---|---:|",
        ]
        for row in self.rows:
            low, high = row.interval
            lines.append(
                f"| {row.seat_label} | {row.bot} | {row.games} | {row.win_rate:.3f} | "
                f"{low:.3f} to {high:.3f} | {row.mean_score:.1f} |"
            )
        return "\n".join(lines)


def tournament(
    make_game: Callable[[], Game[Any]],
    bots: Sequence[str],
    games: int,
    seed: int = 0,
) -> TournamentTable:
    """Play ``games`` seeded games with the entrants ``bots`` (one per seat), rotating
    seats every game; a win shared by k players counts 1/k to each."""
    entrants = len(bots)
    wins = [Fraction(0)] * entrants
    score_sums = [0] * entrants
    seat_wins = [Fraction(0)] * entrants
    for number in range(games):
        shift = number % entrants
        seating = [(seat + shift) % entrants for seat in range(entrants)]  # seat -> entrant
        game = make_game()
        played = play_game(
            game, make_bots(game, [bots[e] for e in seating]), seed=seed * 1_000_003 + number
        )
        for seat, entrant in enumerate(seating):
            share = played.outcome.returns[seat]
            wins[entrant] += share
            seat_wins[seat] += share
            score_sums[entrant] += played.outcome.scores[seat]
    labels = [f"{chr(ord('A') + index)}" for index in range(entrants)]
    rows = tuple(
        TournamentRow(labels[e], bots[e], games, float(wins[e]), score_sums[e] / games)
        for e in range(entrants)
    )
    return TournamentTable(rows, games, tuple(float(w) for w in seat_wins))
