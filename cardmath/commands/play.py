"""``python -m cardmath play GAME``: a whole game between bots, printed as it goes.

The game runs in a :class:`~cardmath.session.Session` with a bot in every seat and prints
its log. The same seed gives byte-identical output, so a teacher can replay a game a
class saw.
"""

from __future__ import annotations

import argparse
import json
import secrets
from collections.abc import Mapping
from typing import Any

from cardmath.errors import OptionError
from cardmath.game import player_names
from cardmath.games import GAMES, game_class
from cardmath.play import make_bots
from cardmath.session import Session


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a whole game between computer players",
        description="Play a whole game between bots and print every round or turn.",
    )
    parser.add_argument("game", choices=sorted(GAMES), help="which game")
    parser.add_argument("--players", type=int, help="number of players (default: the game's)")
    parser.add_argument(
        "--bots",
        default="random",
        help="comma-separated bot per seat, e.g. strong,greedy,random (one name: every seat)",
    )
    parser.add_argument("--seed", type=int, help="the deal's seed (same seed, same game)")
    parser.add_argument(
        "--rounds", type=int, help="stop after this many rounds (if the game has rounds)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="a game option; repeat for more (a bare name switches it on)",
    )
    parser.add_argument("--variant", action="append", default=[], help="a game variant")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.set_defaults(func=run)


def parse_value(text: str) -> Any:
    """Option values: whole numbers, true/false, or text.

    >>> parse_value("5"), parse_value("false"), parse_value("floor")
    (5, False, 'floor')
    """
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(lowered)
    except ValueError:
        return text.strip()


def plain(value: Any) -> Any:
    """An option value as plain JSON: tuples become lists, anything else unusual text.

    >>> plain(("pirate-map", "hotshot")), plain(None), plain(3)
    (['pirate-map', 'hotshot'], None, 3)
    """
    if isinstance(value, (tuple, list, frozenset)):
        return [plain(item) for item in value]
    if value is None or isinstance(value, (int, str, bool)):
        return value
    return str(value)


def collect_options(args: argparse.Namespace, fields: dict[str, Any]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in args.option:
        name, _, value = item.partition("=")
        name = name.strip().replace("-", "_")
        options[name] = parse_value(value) if value else True
    if args.variant:
        if "variant" not in fields:
            raise OptionError(f"{args.game} has no variants")
        options["variant"] = args.variant[0] if len(args.variant) == 1 else tuple(args.variant)
    if args.rounds is not None:
        key = next((k for k in ("rounds", "max_rounds") if k in fields), None)
        if key is None:
            raise OptionError(f"{args.game} is not played in a fixed number of rounds")
        options[key] = args.rounds
    if args.players is not None:
        options["players"] = args.players
    return options


def run(args: argparse.Namespace) -> int:
    cls = game_class(args.game)
    fields = cls.option_fields()
    options = collect_options(args, fields)
    bots_named = [name.strip() for name in args.bots.split(",") if name.strip()]
    if "players" not in options and len(bots_named) > 1:
        options["players"] = len(bots_named)
    game = cls(**options)
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    session = Session(game, make_bots(game, bots_named), seed)

    def emit(record: Mapping[str, Any]) -> None:
        if args.json:
            print(json.dumps(record, sort_keys=True), flush=True)
        else:
            print(record["text"], flush=True)

    names = list(session.seats)
    emit(
        {
            "event": "start",
            "game": args.game,
            "seed": seed,
            "bots": names,
            "options": {k: plain(v) for k, v in vars(game.options).items()},
            "text": f"{cls.title}, seed {seed}: "
            + ", ".join(f"{player_names([i])} {n}" for i, n in enumerate(names)),
        }
    )
    for event in session.start_events:
        emit(event)
    while (move := session.step_bot()) is not None:
        for event in move.events:
            emit(event)
    outcome = session.outcome()
    emit(
        {
            "event": "end",
            "winners": [w + 1 for w in outcome.winners],
            "scores": list(outcome.scores),
            "text": f"Final: {outcome.summary}; scores {', '.join(map(str, outcome.scores))}",
        }
    )
    return 0
