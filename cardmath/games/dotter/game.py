"""The Dotter game: options in, a dealt state out, and each turn reported for a log.

>>> DotterGame(players=3).new_state(seed=1).current_player
0
"""

from __future__ import annotations

from typing import Any

from cardmath.game import (
    Game,
    State,
)
from cardmath.games.dotter.actions import DotterOptions
from cardmath.games.dotter.state import DotterState, _deal_round
from cardmath.games.dotter.story import describe_turn

# --- the game -------------------------------------------------------------------------


class DotterGame(Game[DotterOptions]):
    """Dotter for 2 to 6 players (see the module docstring and ``docs/games/dotter.md``)."""

    name = "dotter"
    title = "Dotter"
    options_class = DotterOptions
    min_players = 2
    max_players = 6

    def _new_state(self, seed: int) -> DotterState:
        players = self.options.players
        return _deal_round(
            self.options, seed, 1, laps=(0,) * players, points=(0,) * players, starter=0
        )

    def report(self, before: State, action: Any, after: State) -> list[dict[str, Any]]:
        assert isinstance(before, DotterState) and isinstance(after, DotterState)
        return describe_turn(before, action, after)
