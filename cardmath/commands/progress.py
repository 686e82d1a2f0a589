"""``python -m cardmath class progress``: the class's grid of students × exercises.

    python -m cardmath class progress                      # every lesson, the class store
    python -m cardmath class progress --lesson 01-navigator --store postgresql://...
    python -m cardmath class progress --csv progress.csv   # also written for a spreadsheet

Marks: ``✔`` solved, ``✘2`` two wrong tries, ``?1`` one hint used, ``·`` not tried.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cardmath.errors import CardMathError

LEGEND = "✔ solved  ✘n wrong tries  ?n hints used  · not tried"


def run_progress(args: argparse.Namespace) -> int:
    from cardmath.progress import configured_url, open_record

    url = args.store or configured_url()
    try:
        record = open_record(url)
    except CardMathError:
        raise
    except Exception as error:  # an unreachable database: say so in one sentence
        raise CardMathError(f"the class store cannot be opened ({type(error).__name__})") from None
    try:
        grid = record.grid(args.lesson)
    finally:
        record.close()
    if not grid.students:
        print("Nobody has started yet.")
    else:
        print(grid.to_text(anonymous=args.anonymous))
        print(LEGEND)
    if args.csv is not None:
        Path(args.csv).write_text(grid.to_csv(anonymous=args.anonymous), encoding="utf-8")
        print(f"Written to {args.csv}")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "class", help="the class's progress", description="The class record (see docs/teacher.md)."
    )
    commands = parser.add_subparsers(title="class commands", metavar="ACTION")
    shown = commands.add_parser(
        "progress", help="students × exercises: solved, wrong tries, hints, not tried"
    )
    shown.add_argument("--store", default=None, help="store address (default: the class's)")
    shown.add_argument("--lesson", default=None, help="one lesson, e.g. 01-navigator")
    shown.add_argument("--csv", type=Path, default=None, help="also write the grid as CSV")
    shown.add_argument("--anonymous", action="store_true", help="Student 1, 2... for names")
    shown.set_defaults(func=run_progress)

    def usage(_args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    parser.set_defaults(func=usage)
