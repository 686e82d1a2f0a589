"""Computer players for Sum 15: ``greedy`` and ``strong`` (``random`` is shared).

* ``greedy`` plays the card that takes the most cards now (ties at random).
* ``strong`` scores each card as the cards it takes now minus the cards the next player
  can expect to take straight after, estimated from the cards it has not seen (the
  other hands and the deck). A take that empties the middle lets a new starter be
  turned, so that risk is averaged over the possible starters.

Both use only their observation: their own hand, the middle and the cards seen so far.

>>> import random
>>> from cardmath.games.sum15 import Sum15Game
>>> state = Sum15Game(players=3).new_state(seed=8)
>>> observation = state.observation(state.current_player)
>>> [str(card) for card in observation.middle], [str(card) for card in observation.hand]
(['KS'], ['AD', '2C', '5C', '10S', 'QC', 'KC'])
>>> str(GreedyBot().choose(observation, random.Random(0)))  # K + A = 14, K + 2 = 15, K K pair
'play 2C'
>>> str(StrongBot().choose(observation, random.Random(0))) in ("play AD", "play 2C", "play KC")
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardmath.cards import STANDARD_RANKS, Card
from cardmath.games.sum15 import (
    CLAIM_WORDS,
    Play,
    Sum15Observation,
    claims,
    unseen_counts,
)

REPRESENTATIVE: dict[int, Card] = {
    value: Card(rank, "S") for value, rank in enumerate(STANDARD_RANKS, 1)
}
"""One card of each value: what a card takes depends only on its value and rank."""


def playable(observation: Sum15Observation) -> list[Card]:
    """The different cards the player may play (each once, in hand order)."""
    return list(dict.fromkeys(action.card for action in observation.legal_actions))


def play_and_claim(observation: Sum15Observation, card: Card) -> Play:
    """Play ``card``, claiming the set that takes most when claims are on: a computer
    player claims every set it makes and never says a wrong claim.

    >>> from cardmath.games.sum15 import Sum15Game
    >>> state = Sum15Game(players=3, claims=True).new_state(seed=8)  # the middle is KS
    >>> str(play_and_claim(state.observation(0), Card.parse("2C")))
    'play 2C claim fifteen'
    >>> str(play_and_claim(state.observation(0), Card.parse("5C")))
    'play 5C'
    """
    if not observation.claims:
        return Play(card)
    offer = claims(observation.middle, card)
    return Play(card, CLAIM_WORDS[offer.rules[0]] if offer.rules else None)


class RandomBot:
    """A beginner: plays any of its cards at random, but claims every set it makes (so
    the ``claims`` option never changes a game between computer players)."""

    name = "random"

    def choose(self, observation: Sum15Observation, rng: random.Random) -> Any:
        if not observation.legal_actions or not isinstance(observation.legal_actions[0], Play):
            return rng.choice(observation.legal_actions)  # real cards: a starter to enter
        return play_and_claim(observation, rng.choice(playable(observation)))


class GreedyBot:
    """Takes the most cards it can right now; among equal takes it picks at random."""

    name = "greedy"

    def choose(self, observation: Sum15Observation, rng: random.Random) -> Play:
        sizes = {
            card: len(claims(observation.middle, card).cards) for card in playable(observation)
        }
        best = max(sizes.values())
        card = rng.choice([card for card, size in sizes.items() if size == best])
        return play_and_claim(observation, card)


def chance_to_hold(unseen: int, of_value: int, hand_size: int) -> float:
    """The chance that a hand of ``hand_size`` cards drawn from ``unseen`` cards holds at
    least one of the ``of_value`` cards of some value.

    >>> round(chance_to_hold(40, 4, 6), 3)
    0.493
    >>> chance_to_hold(40, 0, 6), chance_to_hold(40, 4, 0)
    (0.0, 0.0)
    """
    if of_value <= 0 or hand_size <= 0 or unseen <= 0:
        return 0.0
    if hand_size > unseen - of_value:
        return 1.0
    return 1.0 - math.comb(unseen - of_value, hand_size) / math.comb(unseen, hand_size)


def expected_best_take(middle: Sequence[Card], unseen: Counter[int], hand_size: int) -> float:
    """How many cards a player with ``hand_size`` unknown cards can expect to take from
    ``middle`` on their turn, playing their best card (taking nothing counts 0).

    >>> from cardmath.games.sum15 import cards
    >>> expected_best_take(cards("7H"), Counter({7: 4}), 6)  # only sevens are unseen
    2.0
    """
    total_unseen = sum(unseen.values())
    takes = []
    for value, count in unseen.items():
        if count > 0:
            size = len(claims(middle, REPRESENTATIVE[value]).cards)
            if size:
                takes.append((size, chance_to_hold(total_unseen, count, hand_size)))
    takes.sort(reverse=True)
    expected, none_better = 0.0, 1.0
    for size, probability in takes:
        expected += size * probability * none_better
        none_better *= 1.0 - probability
    return expected


class StrongBot:
    """Takes cards now, but not at the price of handing the next player a bigger take.

    ``caution`` weighs the next player's expected take against the cards taken now.
    """

    name = "strong"

    def __init__(self, caution: float = 1.0) -> None:
        self.caution = caution

    def choose(self, observation: Sum15Observation, rng: random.Random) -> Play:
        scores = {card: self.score(observation, Play(card)) for card in playable(observation)}
        best = max(scores.values())
        card = rng.choice([card for card, score in scores.items() if score >= best - 1e-9])
        return play_and_claim(observation, card)

    def score(self, observation: Sum15Observation, action: Play) -> float:
        """Cards taken now minus ``caution`` times the next player's expected take."""
        claim = claims(observation.middle, action.card)
        gain = len(claim.cards)
        players = len(observation.hand_sizes)
        next_player = (observation.player + 1) % players
        next_hand = observation.hand_sizes[next_player]
        if next_hand <= 0:  # the game ends with this card
            return float(gain)
        after = (*observation.middle, action.card)
        left = after[: len(after) - gain]
        unseen = unseen_counts(observation)
        if left:
            risk = expected_best_take(left, unseen, next_hand)
        elif observation.deck_size > 0:  # a new starter is turned from the deck
            risk = self._risk_after_starter(unseen, next_hand)
        else:  # the middle stays empty: one card alone takes nothing
            risk = 0.0
        return gain - self.caution * risk

    @staticmethod
    def _risk_after_starter(unseen: Counter[int], hand_size: int) -> float:
        total = sum(unseen.values())
        risk = 0.0
        for value, count in unseen.items():
            if count > 0:
                remaining = unseen.copy()
                remaining[value] -= 1
                starter = (REPRESENTATIVE[value],)
                risk += count / total * expected_best_take(starter, remaining, hand_size)
        return risk


BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}
