"""Seeded Dotter tournaments: strong, greedy and random, head to head, with 95% intervals.

Run from the repository root (the strong bot's pairings take several minutes each)::

    .venv/bin/python benchmarks/tournament_dotter.py --games 1000 --seed 3
    .venv/bin/python benchmarks/tournament_dotter.py --games 1000 --seed 3 --pair strong,greedy

Each game is a whole two-player game to six laps of 121 (the default rules). Seats rotate
every game. For every pairing it prints the Markdown table on ``docs/games/dotter.md``,
the wins by seat and the strong bot's mean and slowest decision times. The same command
prints the same tables.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from cardmath.analysis.tournament import tournament
from cardmath.bots import dotter as dotter_bots
from cardmath.games import get_game

PAIRINGS = (("strong", "greedy"), ("greedy", "random"), ("strong", "random"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--laps", type=int, default=6)
    parser.add_argument("--pair", help="one pairing, e.g. strong,greedy (default: all three)")
    args = parser.parse_args(argv)
    pairings = [tuple(args.pair.split(","))] if args.pair else list(PAIRINGS)

    slowest = [0.0]
    spent = [0.0, 0]
    original = dotter_bots.StrongBot.choose

    def timed(self: Any, observation: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        try:
            return original(self, observation, rng)
        finally:
            took = time.perf_counter() - start
            slowest[0] = max(slowest[0], took)
            spent[0] += took
            spent[1] += 1

    dotter_bots.StrongBot.choose = timed  # type: ignore[method-assign]
    for pairing in pairings:
        started = time.perf_counter()
        slowest[0], spent[:] = 0.0, [0.0, 0]
        table = tournament(
            lambda: get_game("dotter", laps=args.laps), list(pairing), args.games, args.seed
        )
        print(f"\n{' vs '.join(pairing)}: {args.games} games, seed {args.seed}")
        print(table.markdown())
        seats = ", ".join(f"seat {i + 1}: {wins:.1f}" for i, wins in enumerate(table.seat_wins))
        print(f"wins by seat: {seats}")
        print(f"time {time.perf_counter() - started:.0f} s")
        if spent[1]:
            mean = 1000 * spent[0] / spent[1]
            print(f"strong decisions: {spent[1]}, mean {mean:.1f} ms, slowest {slowest[0]:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
