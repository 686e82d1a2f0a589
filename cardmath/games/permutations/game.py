"""The Permutations game: options, the deal and the story of each move."""

from __future__ import annotations

from typing import Any

from cardmath.game import (
    Game,
    State,
    chance,
    shuffled,
)
from cardmath.games.permutations.actions import Draft, PermutationsOptions
from cardmath.games.permutations.arithmetic import HAND_SIZE, colour_counts
from cardmath.games.permutations.state import PermutationsState, deck_in_play

# --- the game -------------------------------------------------------------------------


class PermutationsGame(Game[PermutationsOptions]):
    """Permutations for 3 or 4 players (see the module docstring for the rules).

    >>> game = PermutationsGame(players=4, colouring="blocks")
    >>> state = game.new_state(seed=2)
    >>> sorted(state.pool) == list(state.pool), len(state.pool)
    (True, 4)
    """

    name = "permutations"
    title = "Permutations"
    options_class = PermutationsOptions
    min_players = 3
    max_players = 4

    def _new_state(self, seed: int) -> PermutationsState:
        players = self.options.players
        deck = shuffled(
            deck_in_play(self.options.colouring, players),
            chance(seed, "deal"),
        )
        hands = tuple(
            tuple(sorted(deck[HAND_SIZE * p : HAND_SIZE * (p + 1)])) for p in range(players)
        )
        pool = tuple(sorted(deck[HAND_SIZE * players :]))
        return PermutationsState(
            options=self.options,
            seed=seed,
            hands=hands,
            pool=pool,
            bids=(None,) * players,
            draft_order=(),
            drafts=(None,) * players,
            piles=((),) * players,
            totals=(0,) * players,
        )

    def report(self, before: State, action: Any, after: State) -> list[dict[str, Any]]:
        """One line per finished auction, and one per scored round.

        Single bids print nothing (they are secret until everyone has bid).
        """
        assert isinstance(before, PermutationsState) and isinstance(after, PermutationsState)
        if not isinstance(action, Draft) or len(before.draft_order) != 1:
            return []
        auction = after.last_auction
        assert auction is not None
        bids = ", ".join(f"P{p + 1} {auction.bids[p]}" for p in range(before.num_players))
        drafts = ", ".join(f"P{p + 1} {auction.drafts[p]}" for p in auction.order)
        events: list[dict[str, Any]] = [
            {
                "event": "auction",
                "round": auction.round_number,
                "auction": auction.auction,
                "pool": [str(c) for c in auction.pool],
                "bids": [str(c) for c in auction.bids],
                "order": [p + 1 for p in auction.order],
                "drafts": [str(c) for c in auction.drafts],
                "text": f"Round {auction.round_number}, auction {auction.auction}: "
                f"pool {' '.join(map(str, auction.pool))} | bids {bids} | drafts {drafts}",
            }
        ]
        if len(after.rounds) > len(before.rounds):
            result = after.rounds[-1]
            piles = after.piles if after.finished else after.hands
            parts = []
            for p in range(before.num_players):
                counts = colour_counts(piles[p], before.options.colouring)
                best = [colour for colour, n in counts.items() if n == result.maxes[p]]
                parts.append(
                    f"P{p + 1} max {result.maxes[p]} ({'/'.join(best)}) -> "
                    f"{result.scores[p]}, total {result.totals[p]}"
                )
            events.append(
                {
                    "event": "round",
                    "round": result.round_number,
                    "piles": [[str(c) for c in sorted(pile)] for pile in piles],
                    "maxes": list(result.maxes),
                    "scores": list(result.scores),
                    "totals": list(result.totals),
                    "text": f"Round {result.round_number} scores: " + "; ".join(parts),
                }
            )
        return events
