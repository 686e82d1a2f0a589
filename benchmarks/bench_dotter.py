"""Dotter benchmarks: the strong player's end-of-round planning with and without numpy.

The browser build has no numpy, so the strong Dotter player also plans in pure Python
(with the same moves). Its decisions are timed (processor time, in total) over every
position of seeded two-player games, once planned in pure Python and once with numpy
(the baseline, when numpy is installed): the ratio says what the browser pays.
"""

from __future__ import annotations

import random
import time
from typing import Any


def _positions(games: int) -> list[Any]:
    from cardmath.bots.dotter import GreedyBot, StrongBot
    from cardmath.games import get_game

    observations = []
    bots = [StrongBot(), GreedyBot()]
    for seed in range(1, games + 1):
        state = get_game("dotter", players=2).new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            observation = state.observation(state.current_player)
            if state.current_player == 0:
                observations.append(observation)
            state = state.apply(bots[state.current_player].choose(observation, rng))
    return observations


def _timed(planner: Any, observations: list[Any]) -> float:
    from cardmath.bots import dotter

    chosen = dotter._end_worth
    dotter._end_worth = planner
    try:
        bot, rng = dotter.StrongBot(), random.Random(0)
        dotter._hand_distribution.cache_clear()
        started = time.process_time()
        for observation in observations:
            bot.choose(observation, rng)
        return time.process_time() - started
    finally:
        dotter._end_worth = chosen


def run(quick: bool = False) -> list[dict]:
    from cardmath.bots import dotter

    observations = _positions(1 if quick else 3)
    pure = _timed(dotter._end_worth_pure, observations)
    fast = _timed(dotter._end_worth_numpy, observations) if dotter._np is not None else None
    return [
        {
            "name": f"dotter strong decisions, pure Python ({len(observations)} positions)",
            "value": pure * 1000 / len(observations),
            "unit": "ms",
            "baseline": None if fast is None else fast * 1000 / len(observations),
            "ratio": None if not fast else pure / fast,
            "target": "under 100 ms a decision (the browser has no numpy)",
        }
    ]
