"""Permutations (seed 002): secret auctions where a round scores a triangular number.

Three or four players each hold eleven numbered cards in four colours (three colours for
three players). A round is eleven auctions. In each auction every player secretly bids
one card from their hand; the bids are revealed and the players draft, highest bid
first, one card each from the face-up pool. The bids then become the next pool, so every
bid is both a claim to priority and a gift to the table. The eleven cards a player
drafted in a round score ``m(m + 1) / 2`` for their largest colour count ``m``, and they
become that player's hand for the next round. The game ends after the round in which
someone reaches 100 points; the highest total wins and equal totals share the win.

The pigeonhole principle is in the scoring: eleven cards in four colours always include
at least three of one colour, so every round scores at least 6.

>>> round_score(["1R", "5R", "9R", "13R", "17R", "21R", "2Y", "6Y", "10Y", "14Y", "4B"])
21
>>> minimum_max(players=4), minimum_max(players=3)
(3, 4)
>>> game = PermutationsGame(players=3)
>>> state = game.new_state(seed=5)
>>> len(state.pool), [len(hand) for hand in state.hands]
(3, [11, 11, 11])
>>> for player in range(3):
...     state = state.apply(Bid(state.hands[state.current_player][0]))
>>> state.phase, state.current_player == state.draft_order[0]
('draft', True)
"""

from __future__ import annotations

from cardmath.games.permutations.actions import (
    COLOURING_RULES,
    MAX_ROUNDS,
    MAX_TARGET,
    Action,
    AuctionResult,
    Bid,
    Draft,
    PermutationsOptions,
    PileSummary,
    RoundResult,
    drafted_in_round,
    drafting_order,
    pile_summary,
)
from cardmath.games.permutations.arithmetic import (
    AUCTIONS_PER_ROUND,
    COLOURINGS,
    HAND_SIZE,
    TARGET_SCORE,
    colour_counts,
    colours_in_play,
    largest_colour_count,
    minimum_max,
    minimum_round_score,
    pigeonhole_statement,
    round_score,
    triangular,
)
from cardmath.games.permutations.game import PermutationsGame
from cardmath.games.permutations.state import (
    PermutationsObservation,
    PermutationsState,
    deck_in_play,
)

__all__ = [
    "AUCTIONS_PER_ROUND",
    "COLOURINGS",
    "COLOURING_RULES",
    "HAND_SIZE",
    "MAX_ROUNDS",
    "MAX_TARGET",
    "TARGET_SCORE",
    "Action",
    "AuctionResult",
    "Bid",
    "Draft",
    "PermutationsGame",
    "PermutationsObservation",
    "PermutationsOptions",
    "PermutationsState",
    "PileSummary",
    "RoundResult",
    "colour_counts",
    "colours_in_play",
    "deck_in_play",
    "drafted_in_round",
    "drafting_order",
    "largest_colour_count",
    "minimum_max",
    "minimum_round_score",
    "pigeonhole_statement",
    "pile_summary",
    "round_score",
    "triangular",
]
