"""A Permutations game in progress: what each player sees, bids, drafts and scoring."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from cardmath import codec
from cardmath.cards import (
    NumberCard,
    permutations_deck,
)
from cardmath.errors import (
    ActionSyntaxError,
    IllegalMove,
    OptionError,
    checked_text,
    quoted,
)
from cardmath.game import (
    TERMINAL,
    Observation,
    Outcome,
    State,
    player_names,
    winners_by_score,
)
from cardmath.games.permutations.actions import (
    AuctionResult,
    Bid,
    Draft,
    PermutationsOptions,
    RoundResult,
    drafting_order,
)
from cardmath.games.permutations.arithmetic import (
    AUCTIONS_PER_ROUND,
    COLOURINGS,
    colours_in_play,
    largest_colour_count,
    triangular,
)

# --- the state --------------------------------------------------------------------------


@codec.serializable("permutations.PermutationsObservation")
@dataclass(frozen=True)
class PermutationsObservation(Observation):
    """What one player may see.

    Everyone sees the face-up pool, who has already chosen a bid (not which card), the
    revealed bids and the drafts of the current auction once bidding is over, the last
    finished auction, hand and pile sizes, and the scores. Only ``player`` sees their own
    hand, pending bid and drafted pile; ``piles`` holds the other players' drafted cards
    only when the ``face_up_drafts`` option is on (otherwise ``()`` for them).
    """

    players: int
    round_number: int
    auction: int
    phase: str
    hand: tuple[NumberCard, ...]
    my_bid: NumberCard | None
    has_bid: tuple[bool, ...]
    revealed_bids: tuple[NumberCard | None, ...]
    draft_order: tuple[int, ...]
    drafts: tuple[NumberCard | None, ...]
    pool: tuple[NumberCard, ...]
    piles: tuple[tuple[NumberCard, ...], ...]
    pile_sizes: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    last_auction: AuctionResult | None
    rounds: tuple[RoundResult, ...]
    options: PermutationsOptions

    @property
    def deck(self) -> tuple[NumberCard, ...]:
        """The cards in play in this game."""
        return deck_in_play(self.options.colouring, self.players)


@codec.serializable("permutations.PermutationsState")
@dataclass(frozen=True)
class PermutationsState(State):
    """One moment of a game of Permutations.

    ``hands`` are the cards each player can still bid this round; ``bids`` the cards bid
    in the current auction (``None`` before a player has bid); ``draft_order`` the players
    still to draft, highest bid first (empty while bids are being made); ``drafts`` the
    card each player has drafted in this auction; ``piles`` the cards each player has
    drafted this round (next round's hand); ``pool`` the face-up cards on offer.
    """

    options: PermutationsOptions
    seed: int
    hands: tuple[tuple[NumberCard, ...], ...]
    pool: tuple[NumberCard, ...]
    bids: tuple[NumberCard | None, ...]
    draft_order: tuple[int, ...]
    drafts: tuple[NumberCard | None, ...]
    piles: tuple[tuple[NumberCard, ...], ...]
    totals: tuple[int, ...]
    round_number: int = 1
    auction: int = 1
    rounds: tuple[RoundResult, ...] = ()
    last_auction: AuctionResult | None = None
    finished: bool = False

    # -- whose turn ------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"bid"`` while secret bids are being chosen, ``"draft"`` after the reveal,
        ``"over"`` when the game has ended."""
        if self.finished:
            return "over"
        return "draft" if self.draft_order else "bid"

    @property
    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.draft_order:
            return self.draft_order[0]
        return next(player for player, bid in enumerate(self.bids) if bid is None)

    def legal_actions(self) -> tuple[Bid | Draft, ...]:
        if self.finished:
            return ()
        if self.draft_order:
            return tuple(Draft(card) for card in self.pool)
        return tuple(Bid(card) for card in self.hands[self.current_player])

    # -- moves -----------------------------------------------------------------------

    def parse_action(self, text: str) -> Bid | Draft:
        """Read ``"bid 19G"`` or ``"draft 19G"`` (the colour letter may be left out,
        since every number is on one card only). Syntax only (refused with
        :class:`~cardmath.errors.ActionSyntaxError`): whether the card may be bid or
        drafted now is for :meth:`apply` to say.

        >>> from cardmath.games.permutations import PermutationsGame
        >>> state = PermutationsGame(players=4).new_state(seed=1)
        >>> card = state.hands[0][0]
        >>> state.parse_action(f"bid {card.number}") == Bid(card)
        True
        """
        checked_text(text, "a move", "bid 19G", error=ActionSyntaxError, rule="move format")
        match = re.match(r"^\s*(bid|draft|take)\s+(\d{1,2})\s*([RYGB])?\s*$", text, re.I)
        if not match:
            raise ActionSyntaxError(
                f"{quoted(text.strip())} is not a Permutations move: write 'bid 19G' to bid a card from "
                "your hand, or 'draft 19G' to take a card from the pool",
                rule="move format",
            )
        verb, number, letter = match.group(1).lower(), int(match.group(2)), match.group(3)
        card = next((c for c in self.full_deck() if c.number == number), None)
        if card is None:
            raise ActionSyntaxError(
                f"there is no card {number} in this game's deck", rule="cards in play"
            )
        if letter and letter.upper() != card.colour[0].upper():
            raise ActionSyntaxError(
                f"card {number} is {card.colour} ({card}) in this game, not {number}{letter}",
                rule="card colours",
            )
        return Bid(card) if verb == "bid" else Draft(card)

    def apply(self, action: Bid | Draft) -> PermutationsState:
        self.require_not_terminal()
        if isinstance(action, Bid | Draft) and not isinstance(action.card, NumberCard):
            verb = type(action).__name__.lower()
            raise IllegalMove(
                f"{quoted(action.card)} is not a card: a move holds a NumberCard, such as "
                f"{type(action).__name__}(NumberCard.parse('19G')); to read text, use "
                f"state.parse_action('{verb} 19G')",
                rule="move format",
            )
        if isinstance(action, Bid):
            return self._apply_bid(action.card)
        if isinstance(action, Draft):
            return self._apply_draft(action.card)
        raise IllegalMove(
            f"{quoted(action)} is not a Permutations move: bid a card or draft a card",
            rule="move format",
        )

    def _apply_bid(self, card: NumberCard) -> PermutationsState:
        if self.draft_order:
            raise IllegalMove(
                f"the bids are revealed: {player_names([self.current_player])} now drafts a "
                "card from the pool, highest bid first",
                rule="draft in decreasing bid order",
            )
        player = self.current_player
        hand = self.hands[player]
        if card not in hand:
            raise IllegalMove(
                f"{card} is not in {player_names([player])}'s hand: a bid is one card from "
                f"your own hand ({' '.join(map(str, hand))})",
                rule="bid a card from your hand",
            )
        hands = _replace_at(self.hands, player, tuple(c for c in hand if c != card))
        bids = _replace_at(self.bids, player, card)
        if any(bid is None for bid in bids):
            return replace(self, hands=hands, bids=bids)
        # Everyone has bid: reveal, and draft in decreasing order of bid value.
        order = drafting_order(bids)
        return replace(self, hands=hands, bids=bids, draft_order=order)

    def _apply_draft(self, card: NumberCard) -> PermutationsState:
        if not self.draft_order:
            raise IllegalMove(
                "nobody drafts until every player has chosen a secret bid",
                rule="secret bids first",
            )
        player = self.current_player
        if card not in self.pool:
            raise IllegalMove(
                f"{card} is not in the pool: {player_names([player])} drafts one of "
                f"{' '.join(map(str, self.pool))}",
                rule="draft a card from the pool",
            )
        pool = tuple(c for c in self.pool if c != card)
        piles = _replace_at(self.piles, player, self.piles[player] + (card,))
        drafts = _replace_at(self.drafts, player, card)
        order = self.draft_order[1:]
        if order:
            return replace(self, pool=pool, piles=piles, drafts=drafts, draft_order=order)
        return self._finish_auction(piles, drafts)

    def _finish_auction(
        self, piles: tuple[tuple[NumberCard, ...], ...], drafts: tuple[NumberCard | None, ...]
    ) -> PermutationsState:
        """Every player has drafted: the bids become the next pool."""
        players = self.num_players
        bids: tuple[NumberCard, ...] = tuple(bid for bid in self.bids if bid is not None)
        result = AuctionResult(
            self.round_number,
            self.auction,
            tuple(sorted(d for d in drafts if d is not None)),
            bids,
            drafting_order(bids),
            tuple(d for d in drafts if d is not None),
        )
        state = replace(
            self,
            pool=tuple(sorted(bids)),
            bids=(None,) * players,
            drafts=(None,) * players,
            draft_order=(),
            piles=piles,
            last_auction=result,
        )
        if self.auction < AUCTIONS_PER_ROUND:
            return replace(state, auction=self.auction + 1)
        return state._score_round()

    def _score_round(self) -> PermutationsState:
        """Eleven auctions are over: score the piles, then end or start the next round."""
        colouring = self.options.colouring
        maxes = tuple(largest_colour_count(pile, colouring) for pile in self.piles)
        scores = tuple(triangular(m) for m in maxes)
        totals = tuple(total + score for total, score in zip(self.totals, scores, strict=True))
        result = RoundResult(self.round_number, maxes, scores, totals)
        rounds = (*self.rounds, result)
        cap = self.options.max_rounds
        if max(totals) >= self.options.target or (cap is not None and self.round_number >= cap):
            return replace(self, totals=totals, rounds=rounds, finished=True)
        return replace(
            self,
            totals=totals,
            rounds=rounds,
            hands=tuple(tuple(sorted(pile)) for pile in self.piles),
            piles=((),) * self.num_players,
            round_number=self.round_number + 1,
            auction=1,
        )

    # -- what players see ------------------------------------------------------------

    def observation(self, player: int) -> PermutationsObservation:
        frame = self.observation_frame(player)
        players = self.num_players
        revealed = bool(self.draft_order)
        open_piles = self.options.face_up_drafts
        return PermutationsObservation(
            **frame,
            players=players,
            round_number=self.round_number,
            auction=self.auction,
            phase=self.phase,
            hand=self.hands[player],
            my_bid=self.bids[player],
            has_bid=tuple(bid is not None for bid in self.bids),
            revealed_bids=self.bids if revealed else (None,) * players,
            draft_order=self.draft_order,
            drafts=self.drafts,
            pool=self.pool,
            piles=tuple(
                pile if open_piles or index == player else ()
                for index, pile in enumerate(self.piles)
            ),
            pile_sizes=tuple(len(pile) for pile in self.piles),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            totals=self.totals,
            last_auction=self.last_auction,
            rounds=self.rounds,
            options=self.options,
        )

    def outcome(self) -> Outcome:
        self.require_terminal()
        winners = winners_by_score(self.totals)
        verb = "wins" if len(winners) == 1 else "share the win"
        rounds = len(self.rounds)
        target = self.options.target
        if max(self.totals) >= target:
            reason = f"the game ends after the round in which a total reaches {target}"
        else:
            reason = f"the round limit of {rounds} round{'s' * (rounds != 1)} is reached"
        return Outcome(
            winners,
            self.totals,
            f"{player_names(winners)} {verb} with {self.totals[winners[0]]} points "
            f"after {self.round_number} round{'s' if self.round_number != 1 else ''}",
            reason=reason,
        )

    def card_zones(self) -> Mapping[str, Sequence[NumberCard]]:
        zones: dict[str, Sequence[NumberCard]] = {"pool": self.pool}
        for player in range(self.num_players):
            bid = self.bids[player]
            zones[f"hand {player + 1}"] = self.hands[player]
            zones[f"bid {player + 1}"] = () if bid is None else (bid,)
            zones[f"drafted {player + 1}"] = self.piles[player]
        return zones

    def full_deck(self) -> Sequence[NumberCard]:
        return deck_in_play(self.options.colouring, self.num_players)

    def set_aside(self) -> tuple[NumberCard, ...]:
        """The cards not used in this game (the blue cards with three players)."""
        used = set(self.full_deck())
        return tuple(c for c in permutations_deck(self.options.colouring) if c not in used)  # type: ignore[arg-type]


def deck_in_play(colouring: str, players: int) -> tuple[NumberCard, ...]:
    """The cards used with ``players`` players (36 for three players, 48 for four).

    >>> len(deck_in_play("interleaved", 3)), deck_in_play("blocks", 4)[-1]
    (36, NumberCard('48B'))
    """
    if not isinstance(colouring, str) or colouring not in COLOURINGS:
        raise OptionError(f"Colouring is 'interleaved' or 'blocks', not {quoted(colouring)}")
    colours_in_play(players)  # refuses other player counts
    return _deck_in_play(colouring, players)


@cache
def _deck_in_play(colouring: str, players: int) -> tuple[NumberCard, ...]:
    return permutations_deck(colouring, players)  # type: ignore[arg-type]


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]
