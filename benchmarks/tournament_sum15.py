"""Sum 15 bot tournaments and first-player advantage (results go in docs/games/sum15.md).

Run from the repository root (a few minutes of processor time)::

    .venv/bin/python benchmarks/tournament_sum15.py --games 3000 --seed 15

It prints Markdown: the strong player against greedy players at tables of 3, 4 and 6
(the sizes a class plays at), the three bots at one table, the bots two by two, and the
share of wins by seat with random bots at several table sizes and greedy bots at four
(seat 1 plays first: the dealer is the last player). Seats rotate every game, a shared
win counts 1/k to each of k winners, intervals are 95% Wilson intervals, and every game
is seeded, so the same command prints the same tables.
"""

from __future__ import annotations

import argparse
import time

from cardmath.analysis.tournament import TournamentTable, tournament, wilson_interval
from cardmath.games import get_game


def bots_table(players: int, bots: list[str], games: int, seed: int) -> TournamentTable:
    return tournament(lambda: get_game("sum15", players=players), bots, games, seed)


def against_greedy(tables: list[tuple[int, TournamentTable]]) -> str:
    """One line per table size: the strong player's share of wins against the fair one."""
    lines = [
        "| table | games | strong's win share | 95% interval | fair share | "
        "strong's mean cards | greedy's mean cards |",
        "|---|---:|---:|---|---:|---:|---:|",
    ]
    for players, table in tables:
        strong, *greedy = table.rows
        low, high = strong.interval
        greedy_mean = sum(row.mean_score for row in greedy) / len(greedy)
        lines.append(
            f"| strong + {players - 1} greedy | {table.games} | {strong.win_rate:.3f} | "
            f"{low:.3f} to {high:.3f} | {1 / players:.3f} | {strong.mean_score:.2f} | "
            f"{greedy_mean:.2f} |"
        )
    return "\n".join(lines)


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
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    started = time.process_time()
    print(f"### Strong against greedy players ({args.games} games a table, seats rotated)\n")
    tables = [
        (
            players,
            bots_table(players, ["strong"] + ["greedy"] * (players - 1), args.games, args.seed),
        )
        for players in (3, 4, 6)
    ]
    print(against_greedy(tables))
    print(f"\n### Three bots at one table ({args.games} games, 3 players, seats rotated)\n")
    print(bots_table(3, ["strong", "greedy", "random"], args.games, args.seed).markdown())
    for pair in (["strong", "greedy"], ["greedy", "random"], ["strong", "random"]):
        print(f"\n### {pair[0]} against {pair[1]} ({args.games} games, 2 players)\n")
        print(bots_table(2, pair, args.games, args.seed).markdown())
    for bot, players in (("random", 2), ("random", 4), ("random", 14), ("greedy", 4)):
        print(f"\n### Wins by seat, {bot} bots, {players} players ({args.games} games)\n")
        table = bots_table(players, [bot] * players, args.games, args.seed)
        print(seat_markdown(table, players))
    print(f"\n({time.process_time() - started:.0f} s of processor time)")


if __name__ == "__main__":
    main()
