"""How long each game takes a class: the numbers of the rule pages' "Lesson length"
sections (``docs/games/*.md``).

Run from the repository root (under a minute)::

    .venv/bin/python benchmarks/lesson_pace.py --games 20 --seed 1

For every game it plays seeded greedy-bot games (the seat of the class is seat 1) and
prints Markdown: the decisions of that seat per round (or deal) counted by kind, the
bots' own time per round on this machine, the rounds a whole game of the seed took,
and, for 10, 20 and 40 minutes, the options :func:`cardmath.lesson_length.lesson_length`
chooses, the class's estimated minutes (:data:`cardmath.lesson_length.CLASS_PACE`) and
the rounds the bot games really played with those options (least-most).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

from cardmath.games import get_game
from cardmath.lesson_length import (
    CLASS_PACE,
    LESSON_MINUTES,
    MEASURED_TABLES,
    lesson_length,
    rounds_reached,
)
from cardmath.session import Session

FULL_GAMES = {"navigator": {"rounds": 30}}
"""Options of the "whole game" measured (Navigator until one is left ran 98-320 rounds:
30 rounds stand for it here)."""


def measure(game: str, options: dict[str, Any], games: int, seed: int) -> dict[str, Any]:
    """Seat 1's decisions by kind, bot seconds and rounds, summed over ``games`` games."""
    players = MEASURED_TABLES[game]
    kinds: Counter[str] = Counter()
    rounds: list[int] = []
    seconds = 0.0
    moves = 0
    for number in range(games):
        session = Session(get_game(game, players=players, **options), ["greedy"] * players,
                          seed + number)  # fmt: skip
        start = time.perf_counter()
        while (move := session.step_bot()) is not None:
            moves += 1
            if move.player == 0:
                kinds[type(move.action).__name__] += 1
        seconds += time.perf_counter() - start
        rounds.append(rounds_reached(game, session.state))
    total_rounds = sum(rounds)
    return {
        "per_round": {kind: count / total_rounds for kind, count in kinds.items()},
        "moves_per_round": moves / total_rounds,
        "bot_ms_per_round": 1000 * seconds / total_rounds,
        "rounds": rounds,
    }


def report(games: int, seed: int) -> str:
    lines = [
        f"Class pace: {CLASS_PACE}",
        "",
        "| game | table | seat 1's decisions a round | moves a round | bots' time a round "
        "| whole game |",
        "|---|---:|---|---:|---:|---|",
    ]
    lengths = [
        "",
        "| game | minutes | options | estimate | rounds played by bots (least-most) |",
        "|---|---:|---|---|---|",
    ]
    for game, players in MEASURED_TABLES.items():
        whole = measure(game, FULL_GAMES.get(game, {}), games, seed)
        decisions = ", ".join(f"{kind} {count:.1f}" for kind, count in whole["per_round"].items())
        played = whole["rounds"]
        lines.append(
            f"| {game} | {players} | {decisions} | {whole['moves_per_round']:.1f} | "
            f"{whole['bot_ms_per_round']:.1f} ms | {min(played)}-{max(played)} rounds, "
            f"{sum(played) / len(played):.2f} on average |"
        )
        for minutes in LESSON_MINUTES:
            length = lesson_length(game, minutes, players)
            bots = measure(game, length.options, games, seed)["rounds"]
            lengths.append(
                f"| {game} | {minutes} | {length.options} | {length.summary} | "
                f"{min(bots)}-{max(bots)} |"
            )
    return "\n".join(lines + lengths)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    print(report(arguments.games, arguments.seed))


if __name__ == "__main__":
    main()
