"""Computer players. Every bot of every game follows one protocol:

``bot.choose(observation, rng) -> action``, where ``observation`` is what the bot's
player may see (including ``legal_actions``) and ``rng`` a seeded ``random.Random``.

Each game keeps its bots in ``cardmath/bots/<game>.py`` as a ``BOTS`` dict of name ->
class; ``random`` is always available.

>>> from cardmath.games import get_game
>>> bot = make_bot("demo", "random")
>>> state = get_game("demo").new_state(seed=2)
>>> import random
>>> bot.choose(state.observation(0), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from cardmath.bots.base import RandomBot
from cardmath.errors import OptionError


class Bot(Protocol):
    name: str

    def choose(self, observation: Any, rng: Any) -> Any: ...


def bot_names(game_name: str) -> tuple[str, ...]:
    """The bots available for a game, weakest first as the game lists them."""
    return tuple(_bots_of(game_name))


def make_bot(game_name: str, bot_name: str) -> Bot:
    """A fresh bot of the given kind for the given game."""
    bots = _bots_of(game_name)
    if bot_name not in bots:
        raise OptionError(
            f"there is no {bot_name!r} bot for {game_name}; choose from {', '.join(bots)}"
        )
    bot: Bot = bots[bot_name]()
    return bot


def _bots_of(game_name: str) -> dict[str, type]:
    try:
        module = importlib.import_module(f"cardmath.bots.{game_name.replace('-', '_')}")
    except ModuleNotFoundError as error:
        if error.name != f"cardmath.bots.{game_name.replace('-', '_')}":
            raise
        return {"random": RandomBot}
    return {"random": RandomBot, **module.BOTS}
