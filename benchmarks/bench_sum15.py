"""Sum 15 benchmarks: how long a computer player thinks.

A dashboard runs the computer players' moves while the class waits, so every decision of
the strong Sum 15 player must stay far under a second, also at a table of 40 (where up to
39 of them move in a row). Its decisions are timed (processor time, median and slowest)
over every position of seeded games, beside the greedy player's decisions in the same
positions: the ratio says what planning ahead costs.
"""

from __future__ import annotations

import random
import time
from statistics import median

TABLES = [(4, 1), (6, 1), (14, 3), (40, 7)]
"""(players, decks) of the tables measured."""


def _decisions(players: int, decks: int, games: int) -> list:
    from cardmath.bots.sum15 import GreedyBot
    from cardmath.games import get_game

    observations = []
    greedy = GreedyBot()
    for seed in range(games):
        state = get_game("sum15", players=players, decks=decks, claims=True).new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            observation = state.observation(state.current_player)
            observations.append(observation)
            state = state.apply(greedy.choose(observation, rng))
    return observations


def _timed(bot, observations: list) -> list[float]:
    rng = random.Random(0)
    times = []
    for observation in observations:
        started = time.process_time()
        bot.choose(observation, rng)
        times.append(time.process_time() - started)
    return times


def run(quick: bool = False) -> list[dict]:
    from cardmath.bots.sum15 import GreedyBot, StrongBot

    rows = []
    for players, decks in TABLES:
        observations = _decisions(players, decks, 2 if quick else 6)
        strong = _timed(StrongBot(), observations)
        greedy = _timed(GreedyBot(), observations)
        for label, value, base in (
            ("median", median(strong), median(greedy)),
            ("slowest", max(strong), max(greedy)),
        ):
            rows.append(
                {
                    "name": f"sum15 strong decision, {players} players, {label} "
                    f"({len(observations)} positions)",
                    "value": value * 1000,
                    "unit": "ms",
                    "baseline": base * 1000,
                    "ratio": value / base if base else None,
                    "target": "under 100 ms (a dashboard waits for 39 in a row at 40 players)",
                }
            )
    return rows
