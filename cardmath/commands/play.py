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

from cardmath.commands import number
from cardmath.errors import OptionError, quoted
from cardmath.game import MAX_SEED, option_info, player_names
from cardmath.games import GAMES, game_class
from cardmath.play import make_bots
from cardmath.session import Session

MAX_FLAG_TEXT = 200
"""Longest value any flag of ``play`` reads."""


def game_name(text: str) -> str:
    """``GAME`` on the command line: a registered game name (short quote when not).

    >>> game_name("sum15")
    'sum15'
    """
    if text not in GAMES:
        raise argparse.ArgumentTypeError(
            f"there is no game {quoted(text)}; the games are {', '.join(sorted(GAMES))}"
        )
    return text


def whole_number(low: int, note: str = "") -> Any:
    """An argparse type: a whole number of at most 18 digits, at least ``low`` (``note``
    is added to the refusal of a smaller number).

    >>> whole_number(1)("3")
    3
    """

    def read(text: str) -> int:
        stripped = text.strip()
        digits = stripped.removeprefix("-")
        if not digits.isdigit() or not digits.isascii() or len(digits) > 18:
            raise argparse.ArgumentTypeError(
                f"a whole number of at most 18 digits, not {quoted(text)}"
            )
        number = int(stripped)
        if number < low:
            raise argparse.ArgumentTypeError(f"{low} or more, not {number}{note}")
        return number

    return read


def bot_list(text: str) -> str:
    """``--bots``: comma-separated bot names (each short), one per seat or one for all."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names or len(text) > MAX_FLAG_TEXT or any(len(name) > 30 for name in names):
        raise argparse.ArgumentTypeError(
            f"name the bots like strong,greedy,random, not {quoted(text)}"
        )
    return text


def short_text(text: str) -> str:
    """Any other flag value: text of at most 200 characters."""
    if len(text) > MAX_FLAG_TEXT:
        raise argparse.ArgumentTypeError(
            f"at most {MAX_FLAG_TEXT} characters, not {len(text):,}: {quoted(text)}"
        )
    return text


class GiveOnce(argparse.Action):
    """Store a flag's value, refusing the same flag given twice with different values
    (argparse would silently keep the last)."""

    def __call__(self, parser: Any, namespace: Any, values: Any, option: Any = None) -> None:
        given: set[str] = getattr(namespace, "_given", set())
        previous = getattr(namespace, self.dest, None)
        if self.dest in given and previous != values:
            parser.error(
                f"{option} is given twice ({quoted(previous)} and {quoted(values)}): give it once"
            )
        given.add(self.dest)
        namespace._given = given
        setattr(namespace, self.dest, values)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a whole game between computer players",
        description="Play a whole game between bots and print every round or turn. "
        "A flag and an --option that set the same option must agree; "
        "`python -m cardmath games` lists every option with its bounds.",
    )
    parser.add_argument(
        "game", type=game_name, metavar="GAME", help=f"which game: {', '.join(sorted(GAMES))}"
    )
    parser.add_argument(
        "--players",
        type=whole_number(1),
        action=GiveOnce,
        help="number of players (default: the game's)",
    )
    parser.add_argument(
        "--bots",
        default="random",
        type=bot_list,
        action=GiveOnce,
        help="comma-separated bot per seat, e.g. strong,greedy,random (one name: every seat)",
    )
    parser.add_argument(
        "--seed",
        type=number("a seed", 0, MAX_SEED),
        action=GiveOnce,
        help=f"the deal's seed, 0 to {MAX_SEED:,} (same seed, same game, as in ?seed=)",
    )
    parser.add_argument(
        "--rounds",
        type=whole_number(1, ": it is how many rounds to play (leave it out to play a whole game)"),
        action=GiveOnce,
        help="stop after this many rounds, 1 or more (games with rounds: navigator, "
        "permutations, dotter, sequences); leave it out to play the whole game",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        type=short_text,
        metavar="NAME[=VALUE]",
        help="a game option; repeat for more (a bare name switches it on)",
    )
    parser.add_argument(
        "--variant", action="append", default=[], type=short_text, help="a game variant"
    )
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
    digits = lowered.removeprefix("-")
    if digits.isdigit() and digits.isascii() and len(digits) <= 18:
        return int(lowered)
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
    """The game's options from the flags: ``--option NAME=VALUE`` (repeatable),
    ``--variant``, ``--rounds`` and ``--players``.

    Two flags that set the same option to different values are refused, naming both
    (``--option players=4`` and ``--players 2``); so are ``--rounds`` for a game without
    rounds and ``--variant`` for a game without variants. Values out of bounds are refused
    by the game's options before any play.

    >>> args = argparse.Namespace(game="navigator", option=["variant=pirate-map"],
    ...     variant=["forced-override"], rounds=None, players=None, bots="random")
    >>> collect_options(args, {"variant": ()})
    Traceback (most recent call last):
      ...
    cardmath.errors.OptionError: --option variant=pirate-map and --variant forced-override both set Variants, to different values: give it once
    """
    info = {item.name: item for item in option_info(game_class(args.game).options_class)}
    options: dict[str, Any] = {}
    sources: dict[str, str] = {}

    def put(name: str, value: Any, flag: str) -> None:
        if name in options and not _same(options[name], value):
            label = info[name].label if name in info else name
            raise OptionError(
                f"{sources[name]} and {flag} both set {label}, to different values: give it once"
            )
        options[name] = value
        sources.setdefault(name, flag)

    for item in args.option:
        name, equals, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not name:
            raise OptionError(f"--option needs a name, like --option hotshot, not {quoted(item)}")
        put(name, parse_value(value) if equals else True, f"--option {quoted(item, 40)[1:-1]}")
    if args.variant:
        if "variant" not in fields:
            raise OptionError(f"{args.game} has no variants, so --variant does not apply")
        variant = args.variant[0] if len(args.variant) == 1 else tuple(args.variant)
        put("variant", variant, "--variant " + " --variant ".join(args.variant))
    if args.rounds is not None:
        key = next((k for k in ("rounds", "max_rounds") if k in fields), None)
        if key is None:
            raise OptionError(
                f"{args.game} is not played in rounds, so --rounds does not apply "
                "(the games with rounds are navigator, permutations, dotter and sequences; "
                "Sum 15 plays more deals with --option deals=N)"
            )
        put(key, args.rounds, f"--rounds {args.rounds}")
    if args.players is not None:
        put("players", args.players, f"--players {args.players}")
        bots = [name for name in getattr(args, "bots", "").split(",") if name.strip()]
        if len(bots) > 1 and len(bots) != args.players:
            raise OptionError(
                f"--players {args.players} and --bots {quoted(args.bots, 40)[1:-1]} disagree: "
                f"name one bot for every seat, or one bot for all"
            )
    return options


def _same(first: Any, second: Any) -> bool:
    """Whether two option values are the same value (True is not 1 here)."""
    if isinstance(first, str) and isinstance(second, tuple):
        first = tuple(first.split(","))
    if isinstance(second, str) and isinstance(first, tuple):
        second = tuple(second.split(","))
    return type(first) is type(second) and first == second


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
