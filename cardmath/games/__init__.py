"""The registry of games: a name a teacher types, and the module that holds the rules.

Modules are imported only when a game is asked for, so ``import cardmath`` stays fast.

>>> "demo" in GAMES
True
>>> get_game("demo", players=3).options.players
3
"""

from __future__ import annotations

import importlib
from typing import Any

from cardmath.errors import OptionError, quoted
from cardmath.game import Game

GAMES: dict[str, str] = {
    "navigator": "cardmath.games.navigator:NavigatorGame",
    "sequences": "cardmath.games.sequences:SequencesGame",
    "permutations": "cardmath.games.permutations:PermutationsGame",
    "dotter": "cardmath.games.dotter:DotterGame",
    "sum15": "cardmath.games.sum15:Sum15Game",
    "demo": "cardmath.games.demo:PickGame",
}
"""Game name -> ``module:Class``. Each engine adds its own line."""


def game_class(name: str) -> type[Game[Any]]:
    """The :class:`Game` subclass registered as ``name``."""
    if not isinstance(name, str) or name not in GAMES:
        raise OptionError(f"there is no game {quoted(name)}; the games are {', '.join(GAMES)}")
    module_name, class_name = GAMES[name].split(":")
    cls: type[Game[Any]] = getattr(importlib.import_module(module_name), class_name)
    return cls


def get_game(name: str, **options: Any) -> Game[Any]:
    """A game by registry name with the given options (unknown options are refused)."""
    return game_class(name)(**options)
