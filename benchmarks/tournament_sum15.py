"""Sum 15 bot tournament and first-player advantage (results go in docs/games/sum15.md).

Run from the repository root (about a minute and a half on two cores)::

    .venv/bin/python benchmarks/tournament_sum15.py --games 1200 --seed 15

It prints Markdown: the three bots at one table, the bots two by two, and the share of
wins by seat with random bots at several table sizes and greedy bots at four (seat 1
plays first: the dealer is the last player). Every game is seeded, so the same command
prints the same tables.
"""

from __future__ import annotations

import argparse
import time

from cardmath.analysis.tournament import TournamentTable, tournament, wilson_interval
from cardmath.games import get_game


def bots_table(players: int, bots: list[str], games: int, seed: int) -> TournamentTable:
    return tournament(lambda: get_game("sum15", players=players), bots, games, seed)


def seat_markdown(table: TournamentTable, players: int) -> str:
    """Wins by seat (ties split) with 95% Wilson intervals, against the fair share."""
    lines = [
        "| seat | win share | 95% interval | fair share |",
        "|---|---:|---|---:|",
    ]
    seats = range(players) if players <= 6 else (*range(3), players - 2, players - 1)
    for seat in seats:
        wins = table.seat_wins[seat]
        low, high = wilson_interval(wins, table.games)
        lines.append(
            f"| {seat + 1}{' (first)' if seat == 0 else ''}"
            f"{' (dealer, last)' if seat == players - 1 else ''} | {wins / table.games:.3f} | "
            f"{low:.3f} to {high:.3f} | {1 / players:.3f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"### Three bots at one table ({args.games} games, 3 players, seats rotated)\n")
    print(bots_table(3, ["strong", "greedy", "random"], args.games, args.seed).markdown())
    for pair in (["strong", "greedy"], ["greedy", "random"], ["strong", "random"]):
        print(f"\n### {pair[0]} against {pair[1]} ({args.games} games, 2 players)\n")
        print(bots_table(2, pair, args.games, args.seed).markdown())
    for bot, players in (("random", 2), ("random", 4), ("random", 14), ("greedy", 4)):
        print(f"\n### Wins by seat, {bot} bots, {players} players ({args.games} games)\n")
        table = bots_table(players, [bot] * players, args.games, args.seed)
        print(seat_markdown(table, players))
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
