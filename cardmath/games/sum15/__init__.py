"""Sum 15 (seed 004): mental addition for a table of four or a whole class of forty.

Everyone is dealt six cards and a starter is turned face up in the middle. In turn, left
of the dealer, each player plays one card into the middle. The player who makes a set
takes it:

* a **multiple of 15**: the total of every card in the middle (the starter included) is
  15, 30, 45, ... : the player takes the whole middle;
* otherwise the last two cards **make 14** (A 1, J 11, Q 12, K 13) or are a **pair**, or
  the last three are a **run** up or down by one (2-3-4, Q-J-10; no wrap past the Ace):
  the player takes those cards.

When the middle is empty a new starter is turned. When every dealt card has been played,
the player who took most cards wins (equal counts share the win). With many players
several decks are shuffled together: one per six players unless the teacher says
otherwise. Every ruling is on the rule page, ``docs/games/sum15.md``.

>>> from cardmath.cards import Card
>>> print(claims(cards("9S 2D"), Card.parse("4C")))
takes 9S 2D 4C: total 15 is a multiple of 15
>>> print(claims(cards("QH JD"), Card.parse("10S")))
takes QH JD 10S: Q, J, 10 is a run down
>>> game = Sum15Game(players=14, decks=2)
>>> state = game.new_state(seed=4)
>>> len(state.full_deck()), [len(hand) for hand in state.hands] == [6] * 14
(104, True)
>>> state.current_player  # the last player deals, so Player 1 plays first
0
"""

from __future__ import annotations

from cardmath.games.sum15.game import Sum15Game, deal, unseen_counts
from cardmath.games.sum15.options import DEALT, TABLE, Play, Starter, Sum15Observation, Sum15Options
from cardmath.games.sum15.rules import (
    CLAIM_RULE,
    CLAIM_WORDS,
    CLAIMS,
    DECK,
    FIFTEEN,
    FOURTEEN,
    MAX_DECKS,
    MAX_MIDDLE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PAIR,
    PLAY_RULE,
    PLAYERS_PER_DECK,
    RULES,
    RUN,
    STARTER_RULE,
    TABLE_RULE,
    Claim,
    Judgement,
    card_value,
    cards,
    claim_phrase,
    claims,
    judge,
    middle_total,
    read_claim,
)
from cardmath.games.sum15.state import Sum15State
from cardmath.games.sum15.table import Sum15TableState

__all__ = [
    "CLAIMS",
    "CLAIM_RULE",
    "CLAIM_WORDS",
    "DEALT",
    "DECK",
    "FIFTEEN",
    "FOURTEEN",
    "MAX_DECKS",
    "MAX_MIDDLE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PAIR",
    "PLAYERS_PER_DECK",
    "PLAY_RULE",
    "RULES",
    "RUN",
    "STARTER_RULE",
    "TABLE",
    "TABLE_RULE",
    "Claim",
    "Judgement",
    "Play",
    "Starter",
    "Sum15Game",
    "Sum15Observation",
    "Sum15Options",
    "Sum15State",
    "Sum15TableState",
    "card_value",
    "cards",
    "claim_phrase",
    "claims",
    "deal",
    "judge",
    "middle_total",
    "read_claim",
    "unseen_counts",
]
