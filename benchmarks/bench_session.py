"""Session benchmarks: resuming a saved whole game.

``Session.from_json`` replays every saved move (reading each back, checking it under the
rules, and writing the log again). It is measured beside the least a replay can cost:
applying the same action objects to the states one after the other. The target is about
a second for a whole game, so that a class's saved game resumes at once.
"""

from __future__ import annotations

import time
from statistics import median

GAMES = [
    ("navigator", {"players": 3}, "random"),
    ("sequences", {}, "greedy"),
    ("permutations", {"players": 4}, "greedy"),
    ("dotter", {"players": 3}, "random"),
    ("sum15", {"players": 14}, "greedy"),
]


def run(quick: bool = False) -> list[dict]:
    from cardmath.session import Session

    repeats = 3 if quick else 7
    rows = []
    for name, options, bot in GAMES:
        session = Session(name, [bot] * options.get("players", 2), seed=1, options=options)
        session.run_bots()
        text = session.to_json()
        actions = [move.action for move in session.moves]

        times = []
        for _ in range(repeats):
            started = time.perf_counter()
            Session.from_json(text)
            times.append(time.perf_counter() - started)
        replay = median(times)

        times = []
        for _ in range(repeats):
            started = time.perf_counter()
            state = session.initial
            for action in actions:
                state = state.apply(action)
            times.append(time.perf_counter() - started)
        applied = median(times)
        rows.append(
            {
                "name": f"resume {name} ({len(actions)} moves, {len(text) // 1024} KB)",
                "value": replay * 1000,
                "unit": "ms",
                "baseline": applied * 1000,
                "ratio": replay / applied,
                "target": "about 1 s at most per whole game",
            }
        )
    return rows
