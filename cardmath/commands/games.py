"""``python -m cardmath games``: list the games, their options in plain words, and bots.

Each option is shown with its label, one line of help, its default, its bounds or named
values (with one sentence each), read from the options dataclass
(:func:`cardmath.game.option_info`), exactly as a settings panel shows them.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardmath.bots import bot_names
from cardmath.commands.play import plain
from cardmath.game import OptionInfo, option_info
from cardmath.games import GAMES, game_class


def setting(info: OptionInfo) -> dict[str, Any]:
    """One option as JSON-ready data: name, label, help, default, bounds, choices.

    >>> from cardmath.games.sequences import SequencesOptions
    >>> setting(option_info(SequencesOptions)[1])["choices"]
    [{'value': 'truncate', 'label': 'toward zero', 'help': 'A quotient that is not whole rounds toward zero: 1 ÷ 2 = 0, -7 ÷ 2 = -3, -2 ÷ 4 = 0.'}, {'value': 'floor', 'label': 'down', 'help': 'A quotient that is not whole rounds down: 1 ÷ 2 = 0, -7 ÷ 2 = -4, -2 ÷ 4 = -1.'}]
    """
    row: dict[str, Any] = {
        "name": info.name,
        "label": info.label,
        "help": info.help,
        "default": plain(info.default),
    }
    if info.minimum is not None or info.maximum is not None:
        row["minimum"], row["maximum"] = info.minimum, info.maximum
    if info.choices is not None:
        helps = info.choice_help or {}
        row["choices"] = [
            {"value": plain(value), "label": label, "help": helps.get(value, "")}
            for value, label in info.choices.items()
        ]
    return row


def describe(row: dict[str, Any]) -> str:
    """One option as one line for people: ``Starting chips (starting_chips, 1 to 30,
    default 10): Chips each navigator starts with; ...``."""
    facts = [row["name"]]
    if "minimum" in row:
        low, high = row["minimum"], row["maximum"]
        facts.append(f"{low} to {high}" if high is not None else f"{low} or more")
    default = row["default"]
    if "choices" in row:
        facts.append(" / ".join(repr(choice["value"]) for choice in row["choices"]))
        labels = {str(choice["value"]): choice["label"] for choice in row["choices"]}
        default = labels.get(str(default), default)
    if isinstance(default, bool):
        facts.append("on or off")
        default = "on" if default else "off"
    facts.append(f"default {'none' if default in (None, [], '') else default}")
    return f"{row['label']} ({', '.join(facts)}): {row['help']}"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("games", help="list the games, their options and bots")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
    for name in GAMES:
        cls = game_class(name)
        rows.append(
            {
                "name": name,
                "title": cls.title,
                "players": [cls.min_players, cls.max_players],
                "options": {k: plain(v) for k, v in cls.option_fields().items()},
                "settings": [setting(info) for info in option_info(cls.options_class)],
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
        for option in row["settings"]:
            if option["name"] != "players":
                print(f"{'':<14} {describe(option)}")
    return 0
