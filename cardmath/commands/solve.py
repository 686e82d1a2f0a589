"""``python -m cardmath solve`` and ``reach``: the solver on the command line.

Cards are written ``A 2..10 J Q K JK`` (any case; JK is the joker, 0) or as whole
numbers. An Ace counts as 1 or 100, the Navigator rule, and the solver picks the better.

    python -m cardmath solve --target 31 7 8 J
    python -m cardmath solve --target 44 --must-use 6 --choose 2 5 6 J Q
    python -m cardmath solve --target 44 --must-use 6,J --choose 1 5 6 Q
    python -m cardmath solve --target 765 --countdown --all 1 3 7 10 25 50
    python -m cardmath reach 7 8 J --json     # {"cards": [...], "count": n, "values": [...]}

``--must-use`` takes one argument: a card, or several joined by commas (``6,J``); it
may be given more than once. Every search keeps to a budget (about a second); a search
that stops says so ("Stopped early: searched ... in 1.0 s; ...") and shows what it found.

>>> from cardmath.commands.solve import card_from_text
>>> card_from_text("A"), card_from_text("jk")
(Choice(values=(1, 100), label='A'), Choice(values=(0,), label='JK'))
"""

from __future__ import annotations

import argparse
import json
import sys

from cardmath.budget import DEFAULT_SECONDS, DEFAULT_WORK, Budget
from cardmath.commands import number
from cardmath.errors import CardMathError, quoted
from cardmath.expr import OPERATORS, show_number
from cardmath.printing import steps
from cardmath.solver import Choice, Rules, best_choice, reach

MAX_CARDS = 6
"""Most cards the command line solves at once."""

MAX_WORK = 50 * DEFAULT_WORK
"""Most work a search on the command line may be given (``--work``): about 25 s."""

MAX_TARGET = 10**18 - 1
"""Largest target (either sign): 18 digits."""

SHOWN_SOLUTIONS = 5
"""Solutions printed without ``--all``."""

_FACE_VALUES: dict[str, tuple[int, ...]] = {
    "A": (1, 100),
    "J": (11,),
    "Q": (12,),
    "K": (13,),
    "JK": (0,),
    "JOKER": (0,),
}


def card_from_text(text: str) -> Choice:
    """A card from its text: ``A`` (1 or 100), ``2``..``10``, ``J Q K``, ``JK``, or a number."""
    cleaned = text.strip().upper()
    if cleaned in _FACE_VALUES:
        label = "JK" if cleaned == "JOKER" else cleaned
        return Choice(_FACE_VALUES[cleaned], label)
    if cleaned.isdigit() and cleaned.isascii() and len(cleaned) <= 6:
        return Choice((int(cleaned),), str(int(cleaned)))
    raise CardMathError(
        f"{quoted(text)} is not a card: write A 2..10 J Q K JK (joker) or a whole number "
        "0 or more (digits 0-9)"
    )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    solve_parser = subparsers.add_parser(
        "solve",
        help="closest result and simplest solutions for cards and a target",
        description="Find the closest result to a target and every distinct solution. "
        "A counts as 1 or 100 (Navigator); JK is the joker (0). The search keeps to a "
        "budget of about a second and says so if it stops early.",
    )
    solve_parser.add_argument("cards", nargs="+", help="cards: A 2..10 J Q K JK or numbers")
    solve_parser.add_argument(
        "--target",
        "-t",
        type=number("the target", -MAX_TARGET, MAX_TARGET),
        required=True,
        help="the target, a whole number of at most 18 digits",
    )
    solve_parser.add_argument(
        "--ops", default=None, help="operators allowed (default: +-*/^, or +-*/ with --countdown)"
    )
    solve_parser.add_argument(
        "--must-use",
        action="append",
        default=[],
        metavar="CARD[,CARD...]",
        help="a card that must be used; several joined by commas (6,J), or repeat the flag",
    )
    solve_parser.add_argument(
        "--choose",
        type=number("--choose", 0, MAX_CARDS),
        default=None,
        help="how many of the listed cards to pick, besides the --must-use cards (default: all)",
    )
    solve_parser.add_argument(
        "--countdown",
        action="store_true",
        help="Countdown rules: any of the numbers, positive steps, no ×1 or ÷1, no ^",
    )
    solve_parser.add_argument("--all", action="store_true", help="list every distinct solution")
    _add_work(solve_parser)
    solve_parser.add_argument("--json", action="store_true", help="print JSON")
    solve_parser.set_defaults(func=run_solve)

    reach_parser = subparsers.add_parser(
        "reach",
        help="every value the cards make, each used once",
        description="Every value the cards make using each exactly once. With --json: "
        '{"cards": [...], "count": n, "values": [sorted values], "complete": true}; a value '
        'too long to print in full is a string such as "160693…301376 (a number with 61 digits)". The '
        "search keeps to a budget of about a second and says so if it stops early.",
    )
    reach_parser.add_argument("cards", nargs="+", help="cards: A 2..10 J Q K JK or numbers")
    reach_parser.add_argument("--ops", default=OPERATORS, help="operators allowed")
    _add_work(reach_parser)
    reach_parser.add_argument("--json", action="store_true", help="print JSON")
    reach_parser.set_defaults(func=run_reach)


def _add_work(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--work",
        type=number("--work", 1, MAX_WORK),
        default=DEFAULT_WORK,
        metavar="UNITS",
        help=f"how much the search may do before it stops and shows what it found (work "
        f"units, default {DEFAULT_WORK:,}: about half a second; the time allowed grows "
        f"with it; at most {MAX_WORK:,})",
    )


def _budget(args: argparse.Namespace) -> Budget:
    """The search's budget from ``--work`` (the seconds allowed grow in proportion)."""
    if args.work < 1:
        raise CardMathError(f"--work must be 1 or more, not {args.work}")
    seconds = DEFAULT_SECONDS * max(1.0, args.work / DEFAULT_WORK)
    return Budget(work=args.work, seconds=seconds)


def _cards(texts: list[str], limit: int = MAX_CARDS) -> list[Choice]:
    cards = [card_from_text(text) for text in texts]
    if len(cards) > limit:
        raise CardMathError(f"at most {limit} cards at once, not {len(cards)}")
    return cards


def run_solve(args: argparse.Namespace) -> int:
    """Handler of ``solve``: returns the exit code (2 for bad input)."""
    try:
        return _solve(args)
    except CardMathError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _must_use(texts: list[str]) -> list[str]:
    """The ``--must-use`` cards: each flag gives one card or several joined by commas."""
    cards = [part.strip() for text in texts for part in text.split(",")]
    if any(not card for card in cards):
        raise CardMathError("--must-use takes cards joined by commas, such as --must-use 6,J")
    return cards


def _check_flags(args: argparse.Namespace, listed: int, forced: int) -> str:
    """The operators to use; raises CardMathError naming flags that conflict."""
    if args.countdown and args.must_use:
        raise CardMathError(
            "--must-use cannot be combined with --countdown: Countdown may leave any card unused"
        )
    if args.countdown and args.ops is not None and "^" in args.ops.replace("**", "^"):
        raise CardMathError("--countdown has no ^: leave it out of --ops")
    ops = args.ops if args.ops is not None else ("+-*/" if args.countdown else OPERATORS)
    if args.choose is not None:
        if not 0 <= args.choose <= listed:
            raise CardMathError(
                f"--choose {args.choose} is impossible: {listed} card"
                f"{'' if listed == 1 else 's'} are listed to choose from"
            )
        if args.choose == 0 and not forced:
            raise CardMathError("--choose 0 leaves no cards: add --must-use cards or choose more")
    used = forced + (listed if args.choose is None else args.choose)
    if used > MAX_CARDS:
        raise CardMathError(
            f"at most {MAX_CARDS} cards can be used at once, not {used}"
            + (" (--must-use cards count too)" if forced else "")
        )
    return ops


def _solve(args: argparse.Namespace) -> int:
    candidates = _cards(args.cards)
    forced = _cards(_must_use(args.must_use))
    ops = _check_flags(args, len(candidates), len(forced))
    try:
        rules = Rules.countdown(ops) if args.countdown else Rules(ops)
        result = best_choice(
            candidates,
            args.target,
            choose=args.choose,
            must_use=forced,
            rules=rules,
            budget=_budget(args),
        )
    except CardMathError as error:
        if "operators" in str(error):
            raise CardMathError(f"--ops: {error}") from error
        raise
    solutions = result.solutions
    best_values = sorted(
        {value for choice in result.choices for value in choice.solution.best_values}
    )
    if args.json:
        print(
            json.dumps(
                {
                    "target": args.target,
                    "best_distance": result.best_distance,
                    "best_values": best_values,
                    "cards": [list(choice.cards) for choice in result.choices],
                    "values": [list(choice.values) for choice in result.choices],
                    "solutions": [str(expression) for expression in solutions],
                    "solution_count": len(solutions),
                    "complete": result.complete,
                    "note": result.note,
                },
                ensure_ascii=False,
            )
        )
        return 0
    shown = solutions if args.all else solutions[:SHOWN_SOLUTIONS]
    values = " or ".join(show_number(value) for value in best_values)
    away = "exactly" if result.best_distance == 0 else f"{result.best_distance} away"
    best = "best" if result.complete else "closest found"
    print(f"Target {show_number(args.target)}: {best} {values}, {away}")
    if not result.complete:
        print(f"Stopped early: {result.note}")
    plural = "" if len(solutions) == 1 else "s"
    kind = "distinct solution" if result.complete else "solution"
    listed = "" if result.complete else " listed"
    if len(result.choices) == 1:
        print(f"{len(solutions)} {kind}{plural}{listed}; using {result.best.describe()}")
    else:
        print(
            f"{len(solutions)} {kind}{plural}{listed} from {len(result.choices)} choices of cards"
        )
    # which cards each solution uses, when the best choices differ
    used = {
        id(expression): choice.describe()
        for choice in result.choices
        for expression in choice.solution.solutions
    }
    for expression in shown:
        cards = f"  [{used[id(expression)]}]" if len(result.choices) > 1 else ""
        print(f"  {expression}    ({steps(expression)}){cards}")
    if len(shown) < len(solutions):
        print(f"  ... and {len(solutions) - len(shown)} more (--all lists them)")
    return 0


def run_reach(args: argparse.Namespace) -> int:
    """Handler of ``reach``: returns the exit code (2 for bad input)."""
    try:
        cards = _cards(args.cards)
        values: set[int] = set()
        budget = _budget(args)
        notes = []
        for choice in _value_choices(cards):
            found = reach(choice, args.ops, budget=budget)
            values |= found.values
            if not found.complete:
                notes.append(found.note)
                break
    except CardMathError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    ordered = sorted(values)
    complete = not notes
    if args.json:
        names = [card.label for card in cards]
        shown = [_json_number(value) for value in ordered]
        print(
            json.dumps(
                {
                    "cards": names,
                    "count": len(ordered),
                    "values": shown,
                    "complete": complete,
                    "note": notes[0] if notes else "",
                },
                ensure_ascii=False,
            )
        )
    else:
        print(f"{len(ordered)} values: " + " ".join(map(show_number, ordered)))
        if notes:
            print(f"Stopped early: {notes[0]}")
    return 0


def _json_number(value: int) -> int | str:
    """A value for JSON: the number itself, or its shortened text when it is too long to
    print in full (``"160693…301376 (a number with 61 digits)"``, see :func:`show_number`)."""
    text = show_number(value)
    return text if "…" in text else value


def _value_choices(cards: list[Choice]) -> list[list[int]]:
    """Every way to give each card one of its values (an Ace: 1 or 100)."""
    choices: list[list[int]] = [[]]
    for card in cards:
        choices = [done + [value] for done in choices for value in card.values]
    return choices
