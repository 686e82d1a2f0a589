"""Seeded Navigator tournament: strong > greedy > random, with 95% intervals.

Run from the repository root (300 games took 11 minutes on a busy 2-core machine: the
strong bot samples and solves every draft pick)::

    .venv/bin/python benchmarks/tournament_navigator.py --games 300 --seed 2000
    .venv/bin/python benchmarks/tournament_navigator.py --games 150 --seed 2000 \
        --hotshot --variant pirate-map

Each game is a three-player lesson game of ``--rounds`` rounds (default 5) from 10 chips;
the most chips at the end win (ties share). Seats rotate every game, so no bot keeps the
initiative token. It prints the Markdown table on ``docs/games/navigator.md``, the wins by
seat, how often each bot locked a Hotshot card or bought the Pirate Map, and the slowest
strong decision seen. ``--hotshot`` and ``--variant pirate-map`` play the betting rules.
The same command prints the same table.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from cardmath.analysis.tournament import tournament
from cardmath.bots import navigator as navigator_bots
from cardmath.games import get_game
from cardmath.games.navigator import BuyMap, Pick


def _watched(
    choose: Callable[..., Any], name: str, bets: Counter[str], slowest: list[float]
) -> Callable[..., Any]:
    """``choose``, counting the bot's Hotshot locks and Pirate Map purchases (and, for the
    strong bot, keeping its slowest decision)."""

    def watched(self: Any, observation: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        action = choose(self, observation, rng)
        if name == "strong":
            slowest[0] = max(slowest[0], time.perf_counter() - start)
        bets["decisions"] += 1
        bets["locks"] += isinstance(action, Pick) and action.lock
        bets["maps"] += isinstance(action, BuyMap)
        return action

    return watched


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument(
        "--hotshot", action="store_true", help="play with the Hotshot Spacer (locked cards)"
    )
    parser.add_argument(
        "--variant", action="append", default=[], help="a variant in play, e.g. pirate-map"
    )
    args = parser.parse_args(argv)
    options: dict[str, Any] = {"hotshot": True} if args.hotshot else {}
    if args.variant:
        options["variant"] = tuple(args.variant)
    entrants = ["strong", "greedy", "random", "random"][: args.players]

    slowest = [0.0]
    bets: dict[str, Counter[str]] = {name: Counter() for name in navigator_bots.BOTS}
    for name, bot in navigator_bots.BOTS.items():
        bot.choose = _watched(bot.choose, name, bets[name], slowest)
    start = time.perf_counter()
    table = tournament(
        lambda: get_game("navigator", players=args.players, rounds=args.rounds, **options),
        entrants,
        games=args.games,
        seed=args.seed,
    )
    elapsed = time.perf_counter() - start
    rules = ", ".join([*(["hotshot"] if args.hotshot else []), *args.variant]) or "core"
    print(
        f"Navigator ({rules}), {args.players} players, {args.rounds} rounds, "
        f"{args.games} games, seed {args.seed}"
    )
    print()
    print(table.markdown())
    print()
    print("wins by seat: " + ", ".join(f"{wins:.1f}" for wins in table.seat_wins))
    for name, counted in bets.items():
        print(
            f"{name}: {counted['decisions']:,} decisions, locked a Hotshot card "
            f"{counted['locks']} times, bought the Pirate Map {counted['maps']} times"
        )
    print(f"slowest strong decision: {slowest[0]:.3f} s; total {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
