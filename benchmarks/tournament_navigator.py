"""Seeded Navigator tournament: strong > greedy > random, with 95% intervals.

Run from the repository root (about twenty minutes: the strong bot samples and solves
every draft pick)::

    .venv/bin/python benchmarks/tournament_navigator.py --games 1000 --seed 2000

Each game is a three-player lesson game of ``--rounds`` rounds (default 5) from 10 chips;
the most chips at the end win (ties share). Seats rotate every game, so no bot keeps the
initiative token. It prints the Markdown table on ``docs/games/navigator.md``, the wins by
seat, and the slowest strong decision seen. The same command prints the same table.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from cardmath.analysis.tournament import tournament
from cardmath.bots import navigator as navigator_bots
from cardmath.games import get_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    args = parser.parse_args(argv)
    entrants = ["strong", "greedy", "random", "random"][: args.players]

    slowest = [0.0]
    original = navigator_bots.StrongBot.choose

    def timed(self: Any, observation: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        try:
            return original(self, observation, rng)
        finally:
            slowest[0] = max(slowest[0], time.perf_counter() - start)

    navigator_bots.StrongBot.choose = timed  # type: ignore[method-assign]
    start = time.perf_counter()
    table = tournament(
        lambda: get_game("navigator", players=args.players, rounds=args.rounds),
        entrants,
        games=args.games,
        seed=args.seed,
    )
    elapsed = time.perf_counter() - start
    print(
        f"Navigator, {args.players} players, {args.rounds} rounds, {args.games} games, "
        f"seed {args.seed}"
    )
    print()
    print(table.markdown())
    print()
    print("wins by seat: " + ", ".join(f"{wins:.1f}" for wins in table.seat_wins))
    print(f"slowest strong decision: {slowest[0]:.3f} s; total {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
