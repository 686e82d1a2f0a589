"""Random-play benchmarks: how many actions a second each engine plays.

The random-play harness (``cardmath.testing``) and the tournaments play thousands of
games, so an engine's own cost per action (listing the legal actions, applying one,
showing the mover's observation) decides how long they take. Each game is played by its
random bot (``make_bot(game, "random")``; Navigator's declares a random expression) from
fresh seeds, every action chosen from the mover's observation; one more Navigator row
chooses uniformly among the legal actions, as the harness does. The actions a second
(processor time) are set beside the tiny demo game's, measured the same way in the same
run (the ratio says what a game's rules cost over the bare protocol).

    python -m benchmarks.run random_play
"""

from __future__ import annotations

import random
import time
from typing import Any

NAVIGATOR_TARGET = "at least 20,000 actions/s"

GAMES: list[tuple[str, dict[str, Any], bool, str]] = [
    ("navigator", {"players": 3, "rounds": 1}, False, NAVIGATOR_TARGET),
    ("navigator", {"players": 3, "rounds": 1}, True, NAVIGATOR_TARGET),
    (
        "navigator",
        {"players": 3, "rounds": 1, "extrapolation": True, "variant": "select-precog"},
        False,
        NAVIGATOR_TARGET,
    ),
    ("sequences", {}, False, ""),
    ("permutations", {"players": 4}, False, ""),
    ("dotter", {"players": 3}, False, ""),
    ("sum15", {"players": 4}, False, ""),
]
"""(game, options, uniform, target) of each row: ``uniform`` chooses uniformly among the
legal actions instead of the game's random bot. Navigator plays one-round games, as the
harness does."""


def actions_per_second(
    name: str,
    options: dict[str, Any],
    seconds: float,
    first_seed: int = 0,
    *,
    uniform: bool = False,
) -> float:
    """Random-play actions a second of ``name`` under ``options``: whole games from fresh
    seeds (``first_seed`` on) for about ``seconds`` of processor time, played by the
    game's random bot (``uniform``: uniformly among the legal actions).

    >>> actions_per_second("demo", {}, 0.01) > 0
    True
    """
    from cardmath.bots import make_bot
    from cardmath.bots.base import RandomBot
    from cardmath.games import get_game

    game = get_game(name, **options)
    bot = RandomBot() if uniform else make_bot(name, "random")
    actions = 0
    seed = first_seed
    started = time.process_time()
    while True:
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            observation = state.observation(state.current_player)
            state = state.apply(bot.choose(observation, rng))
            actions += 1
        seed += 1
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return actions / elapsed


def run(quick: bool = False) -> list[dict]:
    seconds = 0.5 if quick else 3.0
    baseline = actions_per_second("demo", {"players": 2}, seconds)
    rows = []
    for name, options, uniform, target in GAMES:
        value = actions_per_second(name, options, seconds, first_seed=1000, uniform=uniform)
        shown = ", ".join(
            f"{key}={'+'.join(v) if isinstance(v, tuple) else v}" for key, v in options.items()
        )
        chooser = "uniform over legal actions" if uniform else "random bot"
        rows.append(
            {
                "name": f"random play {name}, {chooser} ({shown or 'defaults'})",
                "value": value,
                "unit": "actions/s",
                "baseline": baseline,
                "ratio": value / baseline,
                "target": target,
            }
        )
    return rows
