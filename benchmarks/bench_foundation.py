"""Foundation benchmarks: the cost of ``import cardmath`` and of the JSON round-trip.

``import cardmath`` is measured in a fresh interpreter beside a bare ``python -c pass``
(the ratio shows what the package adds); the JSON round-trip of a state is measured
beside ``json.dumps``/``json.loads`` of the same data.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from statistics import median


def _python_seconds(code: str, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - started)
    return median(times)


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 7
    bare = _python_seconds("pass", repeats)
    package = _python_seconds("import cardmath", repeats)
    rows = [
        {
            "name": "import cardmath (fresh interpreter)",
            "value": package * 1000,
            "unit": "ms",
            "baseline": bare * 1000,
            "ratio": package / bare,
            "target": "no sympy/matplotlib at import",
        }
    ]
    from cardmath import codec
    from cardmath.games import get_game

    state = get_game("demo", players=4).new_state(seed=1)
    data = codec.to_data(state)
    loops = 200 if quick else 2000
    started = time.perf_counter()
    for _ in range(loops):
        type(state).from_json(state.to_json())
    ours = (time.perf_counter() - started) / loops
    started = time.perf_counter()
    for _ in range(loops):
        json.loads(json.dumps(data))
    plain = (time.perf_counter() - started) / loops
    rows.append(
        {
            "name": "state JSON round-trip (demo game)",
            "value": ours * 1e6,
            "unit": "us",
            "baseline": plain * 1e6,
            "ratio": ours / plain,
            "target": "",
        }
    )
    return rows
