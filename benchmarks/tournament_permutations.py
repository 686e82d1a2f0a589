"""Seeded Permutations tournaments: strong > greedy > random, with 95% intervals.

Run from the repository root (it takes a while, the strong bot thinks on every move)::

    .venv/bin/python benchmarks/tournament_permutations.py --games 1000 --seed 2002

It prints one Markdown table per line-up (seats rotate every game, so no bot keeps a
first-player advantage) and the wins by seat. The tables on ``docs/games/permutations.md``
come from exactly that command.
"""

from __future__ import annotations

import argparse
import time

from cardmath.analysis.tournament import tournament
from cardmath.games import get_game

LINE_UPS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (3, ("strong", "greedy", "random")),
    (4, ("strong", "greedy", "random", "random")),
    (4, ("strong", "greedy", "greedy", "greedy")),
)
"""(players, entrants): the three-player and four-player line-ups, and the strong bot
against a table full of greedy players."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2002)
    parser.add_argument(
        "--line-up", type=int, choices=range(len(LINE_UPS)), help="run only this line-up"
    )
    args = parser.parse_args(argv)
    chosen = LINE_UPS if args.line_up is None else (LINE_UPS[args.line_up],)
    for players, bots in chosen:
        start = time.perf_counter()
        table = tournament(
            lambda players=players: get_game("permutations", players=players),
            list(bots),
            games=args.games,
            seed=args.seed,
        )
        seconds = time.perf_counter() - start
        print(f"### {players} players: {', '.join(bots)} ({args.games} games, seed {args.seed})")
        print()
        print(table.markdown())
        print()
        seats = ", ".join(f"{wins:g}" for wins in table.seat_wins)
        print(f"Wins by seat (seat 1 bids first): {seats}. Time: {seconds:.0f} s.")
        print(flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
