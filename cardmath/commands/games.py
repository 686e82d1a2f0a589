"""``python -m cardmath games``: list the games and their options."""

from __future__ import annotations

import argparse
import json

from cardmath.bots import bot_names
from cardmath.games import GAMES, game_class


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("games", help="list the games, their options and bots")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rows = []
    for name in GAMES:
        cls = game_class(name)
        rows.append(
            {
                "name": name,
                "title": cls.title,
                "players": [cls.min_players, cls.max_players],
                "options": cls.option_fields(),
                "bots": list(bot_names(name)),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    for row in rows:
        low, high = row["players"]
        print(f"{row['name']:<14} {row['title']} ({low}-{high} players)")
        print(f"{'':<14} bots: {', '.join(row['bots'])}")
        options = ", ".join(
            f"{key}={value}" for key, value in row["options"].items() if key != "players"
        )
        if options:
            print(f"{'':<14} options: {options}")
    return 0
