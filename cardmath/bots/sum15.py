"""Computer players for Sum 15: ``random``, ``greedy`` and ``strong``.

* ``random`` plays any of its cards at random.
* ``greedy`` plays the card that takes the most cards now (ties at random).
* ``strong`` plans for the player after it and for its own next turn: each card scores
  the cards it takes now, minus part of what the next player can expect to take straight
  after (their best reply, from the cards the bot has not seen: the other hands and the
  deck; a take that empties the middle is judged over the starters that may be turned),
  plus what the cards it keeps are worth at its next turn.

Every bot claims each set it makes when the game asks for claims (``claims`` on), and
never says a wrong claim, so the option changes nothing in a game between bots. They use
only their observation: their own hand, the middle and the cards seen so far.

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

from cardmath.budget import decision_budget
from cardmath.cards import STANDARD_RANKS, Card
from cardmath.games.sum15 import (
    CLAIM_WORDS,
    Play,
    Sum15Observation,
    card_value,
    claims,
    unseen_counts,
)

_ACTION_COST = 40
"""Work units (see :mod:`cardmath.budget`) to weigh one card."""

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
        legal = observation.legal_actions
        if not legal or not isinstance(legal[0], Play):
            return rng.choice(legal)  # real cards: a starter to enter
        if not observation.claims:  # one play per card, in hand order: the same choice
            return rng.choice(legal)
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


FIFTEEN_TAKE = 3.0
"""How many cards a multiple of 15 takes on average (about 3 in greedy games of 2 to 6
players): what the next turn's fifteen is worth to a hand that can make it."""


def keep_value(hand: Sequence[int], unseen: Counter[int], fifteen: float = FIFTEEN_TAKE) -> float:
    """What a hand of card values is worth at its owner's next turn, roughly: the
    cards it can expect to take then, from what the owner has not seen.

    At the next turn the total of the middle may stand at any of the 14 amounts that
    are not a multiple of 15 (other players play in between), so each different value
    in the hand makes fifteen with a chance of 1 in 14, taking about
    :data:`FIFTEEN_TAKE` cards. Otherwise the last card played decides: a card of value
    ``v`` takes two on a last card ``v`` (a pair) or ``14 - v`` (14), and the last card
    is drawn from the unseen cards. So different values are worth more than repeated
    ones, a 7 (its pair and its 14 are the same card) is worth least, and a 6 beside an
    8 adds no new last card.

    >>> unseen = Counter({value: 3 for value in range(1, 14)})
    >>> round(keep_value([6, 9], unseen), 3), round(keep_value([6, 8], unseen), 3)
    (0.956, 0.692)
    >>> keep_value([7, 7], unseen) < keep_value([7], unseen) + 0.01, keep_value([], unseen)
    (True, 0.0)
    """
    if not hand:
        return 0.0
    distinct = set(hand)
    lasts = distinct | {14 - value for value in distinct}
    total = sum(count for count in unseen.values() if count > 0)
    if total <= 0:
        return 0.0
    p_last = sum(max(unseen[value], 0) for value in lasts) / total
    p_fifteen = len(distinct) / 14
    return p_fifteen * fifteen + (1 - p_fifteen) * 2 * p_last


class StrongBot:
    """Plans for the player after it and for its own next turn.

    Each card is scored as the cards it takes now, minus ``caution`` times the cards
    the next player can expect to take straight after (their best reply, from the cards
    the bot has not seen), plus ``foresight`` times what the cards it keeps are worth
    at its own next turn (:func:`keep_value`). Everything comes from its observation.

    A decision keeps to :func:`~cardmath.budget.decision_budget` (its work is bounded by
    the hand, so the budget only guards).
    """

    name = "strong"

    def __init__(self, caution: float = 0.6, foresight: float = 1.0) -> None:
        self.caution = caution
        self.foresight = foresight

    def choose(self, observation: Sum15Observation, rng: random.Random) -> Play:
        budget = decision_budget()
        scores: dict[Card, float] = {}
        for card in playable(observation):
            if scores and budget.exhausted:
                break  # the budget is spent: choose among the cards weighed so far
            budget.count(_ACTION_COST)
            scores[card] = self.score(observation, Play(card))
        best = max(scores.values())
        card = rng.choice([card for card, score in scores.items() if score >= best - 1e-9])
        return play_and_claim(observation, card)

    def score(self, observation: Sum15Observation, action: Play) -> float:
        """Cards taken now, minus ``caution`` times the next player's expected take,
        plus ``foresight`` times the worth of the cards kept."""
        gain = len(claims(observation.middle, action.card).cards)
        unseen = unseen_counts(observation)
        kept = [card_value(card) for card in observation.hand]
        if action.card in observation.hand:
            kept.remove(card_value(action.card))
        return (
            gain
            - self.caution * self.risk(observation, action.card, unseen)
            + self.foresight * keep_value(kept, unseen)
        )

    def risk(
        self, observation: Sum15Observation, card: Card, unseen: Counter[int] | None = None
    ) -> float:
        """The cards the next player can expect to take straight after ``card``."""
        if unseen is None:
            unseen = unseen_counts(observation)
        gain = len(claims(observation.middle, card).cards)
        players = len(observation.hand_sizes)
        next_hand = observation.hand_sizes[(observation.player + 1) % players]
        if next_hand <= 0:  # the game ends with this card
            return 0.0
        after = (*observation.middle, card)
        left = after[: len(after) - gain]
        if left:
            return expected_best_take(left, unseen, next_hand)
        if observation.deck_size > 0:  # a new starter is turned from the deck
            return self._risk_after_starter(unseen, next_hand)
        return 0.0  # the middle stays empty: one card alone takes nothing

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
