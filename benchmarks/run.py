"""Run every benchmark module and print one table (``make bench``).

Each ``benchmarks/bench_*.py`` has ``run(quick: bool) -> list[dict]``; a row is
``{"name", "value", "unit", "baseline", "ratio", "target"}``. Baselines are measured in
the same run on the same machine, so the ratios mean something on a shared, noisy box.

    python -m benchmarks.run            # everything
    python -m benchmarks.run --quick    # fewer repetitions
    python -m benchmarks.run solver     # only bench_solver.py
    python -m benchmarks.run lite       # the JupyterLite site (builds it if missing)
    python -m benchmarks.run --json     # machine-readable rows
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
import time
from pathlib import Path


def discover(selected: list[str]) -> list[str]:
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    if selected:
        names = [n for n in names if n.removeprefix("bench_") in selected or n in selected]
    return names


def format_row(row: dict) -> str:
    value = f"{row['value']:.4g} {row.get('unit', '')}".strip()
    baseline = row.get("baseline")
    ratio = row.get("ratio")
    extra = ""
    if baseline is not None:
        extra += f"  baseline {baseline:.4g} {row.get('unit', '')}"
    if ratio is not None:
        extra += f"  ratio {ratio:.3g}"
    target = f"  [target: {row['target']}]" if row.get("target") else ""
    return f"  {row['name']:<48} {value:>16}{extra}{target}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("only", nargs="*", help="benchmark names (without bench_)")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--json", action="store_true", help="print JSON rows")
    args = parser.parse_args(argv)
    names = discover(args.only)
    if not names:
        print("no benchmarks matched", file=sys.stderr)
        return 2
    all_rows = []
    for name in names:
        module = importlib.import_module(f"benchmarks.{name}")
        started = time.perf_counter()
        rows = module.run(quick=args.quick)
        elapsed = time.perf_counter() - started
        for row in rows:
            row.setdefault("benchmark", name)
        all_rows.extend(rows)
        if not args.json:
            print(f"{name} ({elapsed:.1f} s)")
            for row in rows:
                print(format_row(row))
    if args.json:
        print(json.dumps(all_rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
