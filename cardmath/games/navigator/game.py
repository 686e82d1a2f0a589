"""The game of Navigator: its options and the deal of a new game (the registry's entry).

>>> game = NavigatorGame(players=3, rounds=2)
>>> state = game.new_state(seed=1)
>>> state.phase, state.chips
('draft', (10, 10, 10))
"""

from __future__ import annotations

from typing import Any

from cardmath.cards import TRUMP
from cardmath.game import Game, State, chance
from cardmath.games.navigator.options import NavigatorOptions
from cardmath.games.navigator.state import PHASE_BUY, NavigatorState
from cardmath.games.navigator.story import round_record

__all__ = ["NavigatorGame"]


class NavigatorGame(Game[NavigatorOptions]):
    """Navigator for 2 to 4 players (seed 000 with the project's rulings)."""

    name = "navigator"
    title = "Navigator"
    options_class = NavigatorOptions
    min_players = 2
    max_players = 4

    def _new_state(self, seed: int) -> NavigatorState:
        options = self.options
        if options.precog:
            suit = TRUMP
        elif options.override_mode:
            suit = options.override_suit or chance(seed, "override suit").choice("CDHS")
        else:
            suit = ""
        players = options.players
        state = NavigatorState(
            options=options,
            seed=seed,
            override_suit=suit,
            round=1,
            phase=PHASE_BUY,
            chips=(options.starting_chips,) * players,
            initiative=0,
        )
        return state._start_round(1)

    def report(self, before: State, action: Any, after: State) -> list[dict[str, Any]]:
        """One record per finished round (target, beacon, declarations, distances, chips)."""
        assert isinstance(after, NavigatorState)
        result = after.last_round
        if result is None or (isinstance(before, NavigatorState) and before.last_round == result):
            return []
        suit = after.override_suit if after.options.override_mode else ""
        return [round_record(result, suit)]
