"""``python -m cardmath links``: the Binder (or local) link to a lesson, for a class.

    python -m cardmath links                                  # the lesson list on Binder
    python -m cardmath links navigator-dashboard.ipynb --seed 2481 --mode play
    python -m cardmath links 01-navigator.ipynb --local       # on `make serve`
    python -m cardmath links --badges                         # the README's badge lines

Every address comes from :data:`cardmath.links.BINDER`, the one setting a fork edits.

>>> from cardmath.commands.links import query_from_args
>>> query_from_args(seed=7, mode=None, params=["bots=strong,greedy"])
{'seed': 7, 'bots': 'strong,greedy'}
"""

from __future__ import annotations

import argparse

from cardmath.commands import number
from cardmath.errors import quoted
from cardmath.game import MAX_SEED
from cardmath.links import (
    BINDER,
    LOCAL_BASE,
    LinkError,
    binder_url,
    existing_lesson,
    local_url,
    readme_badges,
)

MODES = ("play", "projector", "puzzle")
"""The dashboard modes of the URL contract."""


def query_from_args(seed: int | None, mode: str | None, params: list[str]) -> dict[str, str | int]:
    """The query string's fields from ``--seed``, ``--mode`` and ``--param KEY=VALUE``."""
    query: dict[str, str | int] = {}
    if seed is not None:
        query["seed"] = seed
    if mode is not None:
        query["mode"] = mode
    for param in params:
        key, equals, value = param.partition("=")
        if not equals or not key:
            raise LinkError(f"--param takes KEY=VALUE, as in players=3, not {quoted(param)}")
        query[key] = value
    return query


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "links",
        help="the Binder link that opens a lesson in Voila (or its local address)",
        description="Print the link that opens lessons/NOTEBOOK in Voila on Binder "
        f"({BINDER.repository}, branch {BINDER.branch}; set in cardmath/links.py), "
        "or the lesson list when no notebook is named.",
    )
    parser.add_argument("notebook", nargs="?", help="a notebook in lessons/, e.g. 00-welcome.ipynb")
    parser.add_argument(
        "--seed",
        type=number("a seed", 0, MAX_SEED),
        help=f"the deal, 0 to {MAX_SEED:,}: the same seed gives the same game",
    )
    parser.add_argument("--mode", choices=MODES, help="the dashboard mode to open in")
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="another query field, e.g. players=3 or bots=strong,greedy (repeatable)",
    )
    place = parser.add_mutually_exclusive_group()
    place.add_argument(
        "--local", action="store_true", help="the address on `make serve` instead of Binder"
    )
    place.add_argument(
        "--badges", action="store_true", help="print the README's Binder badge lines"
    )
    parser.add_argument(
        "--base",
        default=LOCAL_BASE,
        help=f"with --local: where `make serve` listens (default {LOCAL_BASE})",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.badges:
        if args.notebook or args.seed is not None or args.mode or args.param:
            raise LinkError("--badges takes no notebook or query")
        print(readme_badges())
        return 0
    query = query_from_args(args.seed, args.mode, args.param)
    existing_lesson(args.notebook)
    if args.local:
        print(local_url(args.notebook, query, base=args.base))
    else:
        print(binder_url(args.notebook, query))
    return 0
