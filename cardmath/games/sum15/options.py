"""Sum 15 options, actions (play a card, turn a starter) and what each player sees."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from cardmath import codec
from cardmath.cards import Card
from cardmath.errors import (
    OptionError,
)
from cardmath.game import (
    Observation,
    Options,
    option,
)
from cardmath.games.sum15.rules import DECK, MAX_DECKS, MAX_PLAYERS, PLAYERS_PER_DECK

# --- options, actions, observation ----------------------------------------------------

DEALT = "dealt"
TABLE = "table"

MAX_DEALS = 20
"""Most deals one game may have (a lesson of 40 minutes plays about eight at a table of four)."""


@codec.serializable("sum15.Sum15Options")
@dataclass(frozen=True)
class Sum15Options(Options):
    """The table: how many play, with how many decks, who deals, how many cards each,
    whether sets must be claimed, and whether the computer deals.

    ``decks=None`` means one deck per six players, rounded up; ``dealer=None`` means the
    last player deals, so Player 1 (index 0) plays first; ``dealer`` counts from 0 like
    every player index in the code.

    >>> Sum15Options(players=14).deck_count, Sum15Options(players=14, decks=2).deck_count
    (3, 2)
    >>> Sum15Options(players=5).dealer_index, Sum15Options(players=5, dealer=2).dealer_index
    (4, 2)
    """

    players: int = option(
        4, "Players", "How many play: a table of four or a whole class.", minimum=2, maximum=40
    )
    decks: int | None = option(
        None,
        "Decks",
        "How many 52-card decks are shuffled together (blank: one for every six players).",
        minimum=1,
        maximum=MAX_DECKS,
    )
    dealer: int | None = option(
        None,
        "Dealer",
        "Who deals, counted from 0 for Player 1; the player on the dealer's left starts "
        "(blank: the last player deals, so Player 1 starts).",
        minimum=0,
        maximum=MAX_PLAYERS - 1,
    )
    hand_size: int = option(
        6, "Cards in each hand", "How many cards each player is dealt.", minimum=1, maximum=13
    )
    deals: int = option(
        1,
        "Deals",
        "Deals played one after another; the cards each player takes add up over the deals "
        "(the seed plays one deal).",
        minimum=1,
        maximum=MAX_DEALS,
    )
    claims: bool = option(
        False,
        "Claim your sets",
        "A set is taken only when its player says it: 14, pair, run or fifteen. A wrong "
        "claim takes nothing and a missed set stays in the middle.",
    )
    cards: str = option(
        DEALT,
        "Cards",
        "Whether the computer deals, or the class plays with real cards and the computer referees.",
        choices={DEALT: "Dealt by the computer", TABLE: "Real cards on the table"},
        choice_help={
            DEALT: "The computer shuffles, deals every hand and turns each starter.",
            TABLE: "The class deals real decks; each card played and each starter turned is "
            "entered, and the computer checks every claim and counts every pile.",
        },
    )

    @property
    def deck_count(self) -> int:
        if self.decks is not None:
            return self.decks
        return math.ceil(self.players / PLAYERS_PER_DECK)

    @property
    def dealer_index(self) -> int:
        return self.players - 1 if self.dealer is None else self.dealer

    @property
    def plays(self) -> int:
        """How many cards are played in the whole game."""
        return self.players * self.hand_size

    def validate(self) -> None:
        super().validate()
        if self.deals > 1 and self.cards == TABLE:
            raise OptionError(
                "Deals: with real cards on the table a game is one deal (start a new game "
                "for the next deal), not " + str(self.deals)
            )
        if self.dealer is not None and self.dealer >= self.players:
            raise OptionError(
                f"Dealer is a player index from 0 to {self.players - 1} (0 is Player 1), "
                f"or blank for the last player, not {self.dealer}"
            )
        needed = self.players * self.hand_size + 1
        available = len(DECK) * self.deck_count
        if needed > available:
            enough = math.ceil(needed / len(DECK))
            if enough <= MAX_DECKS:
                advice = f"use {enough} decks or more (decks={enough})"
            else:  # more decks than the game allows: deal fewer cards instead
                most = (len(DECK) * MAX_DECKS - 1) // self.players
                advice = (
                    f"even {MAX_DECKS} decks (the most) are too few: use {MAX_DECKS} decks "
                    f"with {most} cards in each hand or fewer (decks={MAX_DECKS}, "
                    f"hand_size={most})"
                )
            raise OptionError(
                f"Decks: {self.players} players with {self.hand_size} cards each and a starter "
                f"need {needed} cards, but {self.deck_count} deck{'s' * (self.deck_count > 1)} "
                f"{'have' if self.deck_count > 1 else 'has'} only {available}; {advice}"
            )


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@codec.serializable("sum15.Play")
@dataclass(frozen=True)
class Play:
    """Play ``card`` from your hand into the middle, claiming ``claim`` (a word of
    :data:`CLAIMS`, only when claims are on; ``None``: no claim). Text form: ``play 7H``,
    ``play 7H claim 14``."""

    card: Card
    claim: str | None = None

    def __str__(self) -> str:
        if self.claim is None:
            return f"play {self.card}"
        return f"play {self.card} claim {self.claim}"


@codec.serializable("sum15.Starter")
@dataclass(frozen=True)
class Starter:
    """With real cards on the table: the dealer turns ``card`` as the new starter. Text
    form: ``starter 9C``."""

    card: Card

    def __str__(self) -> str:
        return f"starter {self.card}"


@codec.serializable("sum15.Sum15Observation")
@dataclass(frozen=True)
class Sum15Observation(Observation):
    """What one player may see: their own hand, the middle, how many cards everyone
    holds and has taken, and every card that has been face up so far (``seen``: the
    middle and all taken cards, sorted, as a player who watched the game would know).
    The deck's order and the other hands stay hidden. ``claims``: sets must be claimed;
    ``table``: real cards on the table (the computer knows no hand, ``hand`` is empty)."""

    dealer: int
    hand: tuple[Card, ...]
    middle: tuple[Card, ...]
    total: int
    hand_sizes: tuple[int, ...]
    taken_counts: tuple[int, ...]
    seen: tuple[Card, ...]
    deck_size: int
    decks: int
    claims: bool = False
    table: bool = False
    deal_number: int = 0
    """Which deal this is, counted from 0 (``taken_counts`` add up every deal so far)."""
    deals: int = 1
