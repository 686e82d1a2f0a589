"""Fuzzing every text entry point: no input may crash or stall a kernel.

Runs 100,000 seeded fuzzed calls (10,000 with ``--quick``) spread over every entry point
of :func:`cardmath.fuzzing.entry_points`: each game's ``parse_action``, ``apply`` and
``observation``, options and seeds, the card parsers, the lesson helpers, the expression
parser, saved games and the command line, with random text, unicode, huge numbers,
``None``, wrong types and each entry point's own moves mutated. Reports:

* foreign exceptions (anything but a ``CardMathError`` refusal): the target is 0;
* the slowest call (which entry point, how long, a shortened input) beside the median
  call measured in the same run, so the row is a ratio;
* how many calls went over a one-second budget (target 0).

The same seed gives the same inputs, so a failure can be replayed.
"""

from __future__ import annotations

SEED = 20_261_123
BUDGET_SECONDS = 1.0


def run(quick: bool = False) -> list[dict]:
    from cardmath.fuzzing import entry_points, run_fuzz

    calls = 10_000 if quick else 100_000
    report = run_fuzz(calls=calls, seed=SEED)
    seconds, where, shown = report.slowest
    middle = report.median
    rows = [
        {
            "name": f"fuzzed calls over {len(entry_points())} entry points: foreign exceptions",
            "value": len(report.foreign),
            "unit": "calls",
            "baseline": report.calls,
            "ratio": len(report.foreign) / report.calls,
            "target": "0 (every call returns or refuses with a CardMathError)",
            "calls": report.calls,
            "refused": report.refused,
            "foreign": [list(item) for item in report.foreign[:20]],
        },
        {
            "name": f"slowest fuzzed call ({where}, input {shown[:40]})",
            "value": seconds * 1000,
            "unit": "ms",
            "baseline": middle * 1000,
            "ratio": seconds / middle if middle else 0.0,
            "target": f"under {BUDGET_SECONDS:g} s (baseline: the median call)",
            "entry_point": where,
            "input": shown,
        },
        {
            "name": f"fuzzed calls over the {BUDGET_SECONDS:g} s budget",
            "value": report.over(BUDGET_SECONDS),
            "unit": "calls",
            "baseline": report.calls,
            "ratio": report.over(BUDGET_SECONDS) / report.calls,
            "target": "0",
        },
    ]
    for item in report.foreign[:5]:
        print("  foreign exception:", " | ".join(item))
    return rows
