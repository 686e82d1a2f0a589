"""Playing whole games between bots (and the loop the command line and tournaments use).

>>> from cardmath.games import get_game
>>> result = play_game(get_game("demo"), ["random", "random"], seed=4)
>>> result.final.is_terminal, len(result.steps) == 9
(True, True)
>>> play_game(get_game("demo"), ["random", "random"], seed=4).final == result.final
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from cardmath.bots import Bot, make_bot
from cardmath.errors import CardMathError, OptionError
from cardmath.game import Game, Outcome, State, Step
from cardmath.session import Session

MAX_STEPS = 1_000_000


@dataclass(frozen=True)
class PlayedGame:
    """A finished game: the first state, every step, the final state, the outcome."""

    initial: State
    steps: tuple[Step, ...]
    final: State
    outcome: Outcome


def make_bots(game: Game[Any], names: Sequence[str]) -> list[Bot]:
    """One bot per player from names; a single name is used for every seat."""
    players = game.options.players
    names = list(names)
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise OptionError(f"{len(names)} bots named for {players} players")
    return [make_bot(game.name, name) for name in names]


def iterate_game(game: Game[Any], bots: Sequence[Bot | str], seed: int) -> Iterator[Step]:
    """Play from a fresh deal, yielding each step as it happens.

    The game runs in a :class:`~cardmath.session.Session` with a bot in every seat, so
    each decision draws from ``chance(seed, "bot", seat, n)`` exactly as at a table with
    people.
    """
    session = Session(game, bots, seed)
    if session.humans:
        raise OptionError("a game played to the end here has a bot in every seat")
    for _ in range(MAX_STEPS):
        move = session.step_bot()
        if move is None:
            return
        yield Step(move.player, move.action, move.after)
    raise CardMathError(f"the game did not finish within {MAX_STEPS} moves")


def play_game(
    game: Game[Any],
    bots: Sequence[Bot | str],
    seed: int,
    on_step: Callable[[State, Step], None] | None = None,
) -> PlayedGame:
    """Play one whole game; ``on_step(before, step)`` is called after every move."""
    initial = game.new_state(seed)
    before = initial
    steps: list[Step] = []
    for step in iterate_game(game, bots, seed):
        steps.append(step)
        if on_step is not None:
            on_step(before, step)
        before = step.state
    return PlayedGame(initial, tuple(steps), before, before.outcome())


def report_lines(game: Game[Any], before: State, step: Step) -> list[dict[str, Any]]:
    """The events a game reports for one step (see :meth:`Game.report`)."""
    return game.report(before, step.action, step.state)
