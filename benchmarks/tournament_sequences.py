"""Sequences bot tournament (the results are in docs/games/sequences.md).

Run from the repository root (about ten minutes on two cores)::

    .venv/bin/python benchmarks/tournament_sequences.py --games 1000 --seed 1

It prints Markdown: each pair of bots over ``--games`` seeded games with seats rotated
(so neither bot keeps the first move), the share of wins by seat (seat 1 moves first) for
greedy against greedy, and the slowest ``strong`` decision seen. Every game is seeded, so
the same command prints the same tables (the timing line aside).
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

from cardmath.analysis.tournament import TournamentTable, tournament, wilson_interval
from cardmath.bots.sequences import StrongBot
from cardmath.games import get_game

PAIRINGS = (("strong", "greedy"), ("greedy", "random"), ("strong", "random"), ("greedy", "greedy"))


def run_pairing(pairing: tuple[str, str], games: int, seed: int) -> tuple[str, TournamentTable]:
    return " against ".join(pairing), tournament(
        lambda: get_game("sequences"), list(pairing), games, seed
    )


def seat_markdown(table: TournamentTable) -> str:
    lines = ["| seat | win share | 95% interval |", "|---|---:|---|"]
    for seat, wins in enumerate(table.seat_wins):
        low, high = wilson_interval(wins, table.games)
        first = " (moves first)" if seat == 0 else ""
        lines.append(f"| {seat + 1}{first} | {wins / table.games:.3f} | {low:.3f} to {high:.3f} |")
    return "\n".join(lines)


def slowest_strong_decision(games: int = 20) -> float:
    """Seconds of the slowest strong decision over a few games against greedy."""
    from cardmath.bots.sequences import GreedyBot

    game, slowest = get_game("sequences"), 0.0
    for seed in range(games):
        state, bots = game.new_state(seed), (StrongBot(), GreedyBot())
        rng = random.Random(seed)
        while not state.is_terminal:
            player = state.current_player
            started = time.perf_counter()
            action = bots[player].choose(state.observation(player), rng)
            if player == 0:
                slowest = max(slowest, time.perf_counter() - started)
            state = state.apply(action)
    return slowest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(run_pairing, pair, args.games, args.seed) for pair in PAIRINGS]
        results = [future.result() for future in futures]
    for title, table in results:
        print(f"### {title} ({args.games} games, seats rotated)\n")
        print(table.markdown())
        if title == "greedy against greedy":
            print("\nWins by seat:\n")
            print(seat_markdown(table))
        print()
    print(f"Slowest strong decision: {slowest_strong_decision() * 1000:.0f} ms")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
