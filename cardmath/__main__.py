"""``python -m cardmath``: the command line.

Every module in :mod:`cardmath.commands` adds its own subcommands through a
``register(subparsers)`` function, so each feature keeps its command beside itself.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from typing import NoReturn

import cardmath.commands
from cardmath.errors import CardMathError


class Parser(argparse.ArgumentParser):
    """An argument parser whose error messages quote at most about 60 characters of any
    one argument (argparse repeats what was typed, however long)."""

    def error(self, message: str) -> NoReturn:
        words = [word if len(word) <= 60 else word[:59] + "…" for word in message.split(" ")]
        shortened = " ".join(words)
        super().error(shortened if len(shortened) <= 600 else shortened[:599] + "…")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="python -m cardmath",
        description="cardmath: maths card games for the classroom.",
    )
    parser.add_argument("--version", action="version", version=f"cardmath {cardmath.__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for module_info in sorted(
        pkgutil.iter_modules(cardmath.commands.__path__), key=lambda m: m.name
    ):
        module = importlib.import_module(f"cardmath.commands.{module_info.name}")
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "func"):
        parser.print_help()
        return 0
    try:
        code: int = args.func(args)
        return code
    except CardMathError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`
        return 0


if __name__ == "__main__":
    sys.exit(main())
