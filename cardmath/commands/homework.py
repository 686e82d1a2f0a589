"""``python -m cardmath homework``: set a homework, see its answers, check receipts.

    python -m cardmath homework new --game navigator --seed 2481 --count 8 --level medium
    python -m cardmath homework answers NAV-2481-8M-2          # the teacher's answer key
    python -m cardmath homework check RECEIPT ... [--file receipts.txt] [--csv results.csv]
    python -m cardmath homework check --record --code NAV-2481-8M-2 [--store URL]
    python -m cardmath homework export NAV-2481-8M-2 --nbgrader --out course/source/week1
    python -m cardmath homework export NAV-2481-8M-2 --nbgrader --out course/source/week1 --record

``--record`` (or ``--store URL``) adds the homework done on the class server or a hub,
read from the class record; ``export --record`` also writes each student's work as an
nbgrader submission (``course/submitted/<student>/week1/``) and ``course/students.csv``.

Every link comes from :mod:`cardmath.links`.

>>> print(new_text(HomeworkCode("sum15", 7, 3, "easy")).splitlines()[0])
Homework code: SUM-7-3E-7
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from cardmath.commands import number
from cardmath.errors import CardMathError, quoted
from cardmath.game import MAX_SEED
from cardmath.homework.codes import GAMES, LEVELS, MAX_COUNT, HomeworkCode, read_code
from cardmath.homework.reports import answers_text, check_text
from cardmath.links import LOCAL_BASE, binder_url, lite_url, local_url

HOMEWORK_NOTEBOOK = "homework.ipynb"
RESULTS_NOTEBOOK = "homework-results.ipynb"


def new_text(code: HomeworkCode, base: str = LOCAL_BASE) -> str:
    """What ``homework new`` prints: the code, its JupyterLite, Binder and local links."""
    return "\n".join(
        [
            f"Homework code: {code}",
            f"  {code.title}",
            f"In the browser: {lite_url('homework', {'code': str(code)})}",
            f"On Binder:      {binder_url(HOMEWORK_NOTEBOOK, {'code': str(code)})}",
            f"On make serve:  {local_url(HOMEWORK_NOTEBOOK, {'code': str(code)}, base=base)}",
            f"Check receipts: python -m cardmath homework check --code {code} RECEIPT...",
            f"  or open {local_url(RESULTS_NOTEBOOK, {'code': str(code)}, base=base)}",
        ]
    )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "homework",
        help="set a homework (a code and its Binder link), see its answers, check receipts",
        description="Homework by a link: the same code deals the same puzzles everywhere.",
    )
    commands = parser.add_subparsers(title="homework commands", metavar="ACTION")
    made = commands.add_parser("new", help="a homework code and its links")
    made.add_argument("--game", required=True, choices=list(GAMES))
    made.add_argument(
        "--seed",
        type=number("a seed", 0, MAX_SEED),
        default=None,
        help=f"the deal, 0 to {MAX_SEED:,} (default: a random one)",
    )
    made.add_argument(
        "--count",
        type=number("the number of puzzles", 1, MAX_COUNT),
        default=8,
        help=f"puzzles, 1 to {MAX_COUNT} (default 8)",
    )
    made.add_argument("--level", choices=list(LEVELS), default="medium")
    made.add_argument(
        "--base", default=LOCAL_BASE, help=f"where `make serve` listens (default {LOCAL_BASE})"
    )
    made.set_defaults(func=run_new)
    shown = commands.add_parser("answers", help="the puzzles of a code and a right answer to each")
    shown.add_argument("code")
    shown.set_defaults(func=run_answers)
    checked = commands.add_parser(
        "check", help="check receipts again with the engine; the class table"
    )
    checked.add_argument("receipts", nargs="*", help="receipts (cmhw1:...), as pasted")
    checked.add_argument(
        "--file", action="append", default=[], help="a file of receipts ('-': standard input)"
    )
    checked.add_argument(
        "--code", help="the homework being checked (default: the one most receipts are for)"
    )
    checked.add_argument("--csv", help="also write the class table to this CSV file")
    _record_arguments(checked)
    checked.set_defaults(func=run_check)
    exported = commands.add_parser("export", help="the homework as an nbgrader assignment")
    exported.add_argument("code")
    exported.add_argument(
        "--nbgrader", action="store_true", required=True, help="nbgrader's format"
    )
    exported.add_argument("--out", default=".", help="the folder to write the assignment into")
    _record_arguments(exported)
    exported.add_argument(
        "--submitted",
        default=None,
        help="with --record: where the submissions go (default: OUT/../../submitted, "
        "nbgrader's folder when OUT is course/source/ASSIGNMENT)",
    )
    exported.set_defaults(func=run_export)

    def usage(_args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    parser.set_defaults(func=usage)


def _record_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--record",
        action="store_true",
        help="also the homework done on the class server or a hub (the class record)",
    )
    parser.add_argument(
        "--store",
        default=None,
        help="the class store to read (implies --record; default: the class's)",
    )


def _open_record(args: argparse.Namespace) -> Any:
    """The class record the arguments ask for, or ``None`` (no ``--record``/``--store``)."""
    if not (args.record or args.store):
        return None
    from cardmath.progress import configured_url, open_record

    try:
        return open_record(args.store or configured_url())
    except CardMathError:
        raise
    except Exception as error:  # an unreachable database: say so in one sentence
        raise CardMathError(f"the class store cannot be opened ({type(error).__name__})") from None


def run_new(args: argparse.Namespace) -> int:
    seed = args.seed
    if seed is None:
        import random

        seed = random.SystemRandom().randint(1, 9999)
    print(new_text(HomeworkCode(args.game, seed, args.count, args.level), base=args.base))
    return 0


def run_answers(args: argparse.Namespace) -> int:
    print(answers_text(read_code(args.code)))
    return 0


MAX_RECEIPTS_TEXT = 5_000_000
"""Most characters read from one receipts file (a class's receipts are a few kilobytes)."""


def _read_receipts_file(name: str) -> str:
    """The text of a receipts file (``-``: standard input), read up to
    :data:`MAX_RECEIPTS_TEXT` characters; a longer or unreadable file is refused."""
    try:
        if name == "-":
            text = sys.stdin.read(MAX_RECEIPTS_TEXT + 1)
        else:
            with open(name, encoding="utf-8", errors="replace") as handle:
                text = handle.read(MAX_RECEIPTS_TEXT + 1)
    except OSError as error:
        raise CardMathError(f"cannot read {quoted(name)}: {error.strerror or error}") from None
    except (ValueError, UnicodeError) as error:
        raise CardMathError(f"cannot read {quoted(name)}: {error}") from None
    if len(text) > MAX_RECEIPTS_TEXT:
        raise CardMathError(
            f"{quoted(name)} is longer than {MAX_RECEIPTS_TEXT:,} characters: a class's "
            "receipts are a few thousand; give the file they were pasted into"
        )
    return text


def _write_text(path: Path, text: str, what: str) -> None:
    """Write ``text`` to ``path``, or refuse in a sentence saying why it cannot be."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise CardMathError(
            f"cannot write {what} to {quoted(str(path))}: {error.strerror or error}"
        ) from None


def run_check(args: argparse.Namespace) -> int:
    from cardmath.homework.checking import check_receipts

    texts = list(args.receipts)
    for name in args.file:
        texts.append(_read_receipts_file(name))
    record = _open_record(args)
    if not texts and record is None:
        raise CardMathError(
            "give receipts to check, or --file with receipts in it, or --record for the "
            "homework done on the class server"
        )
    try:
        results = check_receipts(texts, code=args.code, record=record)
    finally:
        if record is not None:
            record.close()
    if args.csv:  # written before the table is shown, so a bad path is said at once
        _write_text(Path(args.csv), results.to_csv(), "the class table")
    print(check_text(results))
    if args.csv:
        print(f"class table written to {args.csv}")
    return 1 if results.flagged else 0


def run_export(args: argparse.Namespace) -> int:
    from cardmath.homework.nbgrader import write_assignment

    code = read_code(args.code)
    if args.submitted and not (args.record or args.store):
        raise CardMathError("--submitted writes the class record's work: add --record")
    try:
        path = write_assignment(code, Path(args.out))
    except OSError as error:
        raise CardMathError(
            f"cannot write the assignment into {quoted(args.out)}: {error.strerror or error}"
        ) from None
    print(f"nbgrader assignment written to {path}")
    record = _open_record(args)
    if record is None:
        return 0
    from cardmath.homework.nbgrader import write_submissions
    from cardmath.homework.record import record_answers

    try:
        answers = record_answers(record, code)
    finally:
        record.close()
    out = Path(args.out).resolve()
    submitted = Path(args.submitted) if args.submitted else out.parent.parent / "submitted"
    try:
        written = write_submissions(code, answers, submitted, assignment=out.name)
    except OSError as error:
        raise CardMathError(
            f"cannot write the submissions into {quoted(str(submitted))}: {error.strerror or error}"
        ) from None
    print(
        f"{len(written) - 1} submissions from the class record written to {submitted} "
        f"(students: {written[-1]}); grade them with: nbgrader autograde {out.name} --create"
    )
    return 0
