"""Solver benchmarks: Countdown all-solutions speed and the Countdown solvable rate.

* (a) every distinct solution of N seeded Countdown problems (six numbers drawn from
  1..10 twice, 25, 50, 75, 100; targets 100..999; + - × ÷; positive steps), median
  milliseconds per problem, with the same problems solved in the same run by the
  pure-Python PyPI package ``countdown-numbers-solver`` (its ``solve`` prints every
  solution; the printing goes to a buffer). Targets: <= 20 ms median, >= 10x faster.
  Every solution the package finds must be among ours (compared as normal forms). We
  find a few more: the package stops as soon as the target appears, so it never lists
  e.g. ``(9 × 6 + 50) × 7 ÷ (4 + 3)``, and its pruning of repeated numbers drops some.
* (b) the solvable rate over all 13,243 Countdown hands x targets 100..999 (published:
  91.22%) with :func:`cardmath.solver.countdown_reachable`; target <= 20 s.
* (c) the Navigator question a game asks every round: best two of four Nav Memory
  cards plus the beacon (Aces as 1 or 100), median milliseconds.

``quick=True`` uses 5 Countdown problems and every 8th hand for the rate.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import random
import time
from statistics import median

from cardmath.expr import parse
from cardmath.solver import Choice, best_choice, countdown_reachable, normal_form, solve

COUNTDOWN_NUMBERS = [*range(1, 11), *range(1, 11), 25, 50, 75, 100]
PUBLISHED_RATE = 91.22
SEED = 2024


def countdown_problems(count: int, seed: int = SEED) -> list[tuple[list[int], int]]:
    """Seeded Countdown problems: six numbers from the Countdown set and a target."""
    chooser = random.Random(seed)
    return [
        (sorted(chooser.sample(COUNTDOWN_NUMBERS, 6)), chooser.randint(100, 999))
        for _ in range(count)
    ]


def countdown_hands() -> list[tuple[int, ...]]:
    """All 13,243 distinct Countdown hands (multisets of six numbers)."""
    return sorted({tuple(sorted(hand)) for hand in itertools.combinations(COUNTDOWN_NUMBERS, 6)})


def _baseline_solve(numbers: list[int], target: int) -> list[str]:
    import countdown_numbers_solver

    with contextlib.redirect_stdout(io.StringIO()):
        countdown_numbers_solver.solve(list(numbers), target)
    return list(countdown_numbers_solver.unique_solutions)


def bench_all_solutions(count: int) -> list[dict]:
    ours: list[float] = []
    theirs: list[float] = []
    found = listed = 0
    for numbers, target in countdown_problems(count):
        started = time.perf_counter()
        result = solve(numbers, target, "+-*/", countdown_rules=True)
        ours.append(time.perf_counter() - started)
        started = time.perf_counter()
        baseline = _baseline_solve(numbers, target)
        theirs.append(time.perf_counter() - started)
        forms = (
            {normal_form(expression) for expression in result.solutions} if result.exact else set()
        )
        for text in baseline:
            listed += 1
            found += normal_form(parse(text.replace("x", "*"))) in forms
    ours_ms, theirs_ms = median(ours) * 1000, median(theirs) * 1000
    return [
        {
            "name": f"countdown all solutions ({count} problems), median",
            "value": ours_ms,
            "unit": "ms",
            "baseline": theirs_ms,
            "ratio": ours_ms / theirs_ms,
            "target": "<= 20 ms; ratio <= 0.1 (baseline: countdown-numbers-solver)",
        },
        {
            "name": "countdown all solutions, speed-up",
            "value": theirs_ms / ours_ms,
            "unit": "x",
            "baseline": None,
            "ratio": None,
            "target": ">= 10",
        },
        {
            "name": f"countdown baseline solutions we also list ({listed})",
            "value": found / max(listed, 1),
            "unit": "fraction",
            "baseline": None,
            "ratio": None,
            "target": "1.0",
        },
    ]


def bench_solvable_rate(quick: bool) -> list[dict]:
    hands = countdown_hands()
    if quick:
        hands = hands[::8]
    started = time.perf_counter()
    cpu_started = time.process_time()
    reached = countdown_reachable(hands, 100, 999, "+-*/")
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    pairs = sum(len(values) for values in reached)
    rate = 100 * pairs / (len(hands) * 900)
    label = f"{len(hands):,} hands x 900 targets"
    print(f"  countdown solvable rate: {rate:.4f}% ({pairs:,} of {len(hands) * 900:,}; {label})")
    return [
        {
            "name": f"countdown solvable rate ({label})",
            "value": rate,
            "unit": "%",
            "baseline": PUBLISHED_RATE,
            "ratio": rate / PUBLISHED_RATE,
            "target": "91.22% published (all 13,243 hands)",
        },
        {
            "name": "countdown solvable rate, total time",
            "value": elapsed,
            "unit": "s",
            "baseline": None,
            "ratio": None,
            "target": "<= 20 s for all hands",
        },
        {
            "name": "countdown solvable rate, processor time",
            "value": cpu,
            "unit": "s",
            "baseline": None,
            "ratio": None,
            "target": "(wall time above includes waiting on a busy machine)",
        },
    ]


def bench_navigator(count: int) -> list[dict]:
    chooser = random.Random(SEED)
    faces = [Choice((1, 100), "A"), *range(2, 11), Choice((11,), "J"), Choice((12,), "Q")]
    faces += [Choice((13,), "K"), Choice((0,), "JK")]
    times: list[float] = []
    for _ in range(count):
        memory = [chooser.choice(faces) for _ in range(4)]
        beacon = chooser.choice(faces)
        target = chooser.randint(0, 143)
        started = time.perf_counter()
        best_choice(memory, target, choose=2, must_use=[beacon])
        times.append(time.perf_counter() - started)
    return [
        {
            "name": "navigator best 2 of 4 + beacon (all ops), median",
            "value": median(times) * 1000,
            "unit": "ms",
            "baseline": None,
            "ratio": None,
            "target": "interactive (<= 50 ms)",
        }
    ]


def run(quick: bool) -> list[dict]:
    rows = bench_all_solutions(5 if quick else 30)
    rows += bench_solvable_rate(quick)
    rows += bench_navigator(20 if quick else 100)
    return rows


if __name__ == "__main__":
    for row in run(quick=False):
        print(row)
