"""Navigator's computer navigators: random, greedy and strong.

Each bot has a drafting skill and a calculating skill, kept apart:

* ``random`` drafts at random (it may lock a random Hotshot card or buy the Pirate Map)
  and declares a random correct expression over a random allowed Vector Set: it may land
  far away (:func:`~cardmath.bots.navigator_calculation.random_declaration`);
* ``greedy`` keeps the card that most improves its best reachable distance now, and
  calculates like a student working left to right with ``+ − × ÷``: good answers, not
  always the best (:func:`~cardmath.bots.navigator_calculation.chain_declaration`); it
  never locks a card or buys the map;
* ``strong`` estimates each pick by sampling the cards it has not seen into the packets
  still to come and solving the completed Nav Memories, declares the engine's best
  expression, and locks a Hotshot card or buys the Pirate Map when its reckoning says
  the bet pays (:mod:`cardmath.bots.navigator_wagers`).

No bot ever calculates wrongly: every declaration's result is what its expression makes.
Every decision keeps to :func:`cardmath.budget.decision_budget`: ``greedy`` compares the
picks it measured before the budget ran out and declares the closest chain it found;
``strong`` averages the samples it finished (every pick meets the same samples).

>>> import random
>>> from cardmath.games import get_game
>>> state = get_game("navigator", players=2, rounds=1).new_state(seed=3)
>>> bot = StrongBot()
>>> bot.choose(state.observation(state.current_player), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cardmath.bots.navigator_calculation import (
    best_declaration,
    chain_declaration,
    random_declaration,
)
from cardmath.bots.navigator_wagers import (
    MAP_HORIZON,
    hotshot_pays,
    map_pays,
    map_win_change,
    win_chance,
)
from cardmath.budget import DECISION_WORK, Budget, SearchStopped, decision_budget
from cardmath.cards import Card
from cardmath.games.navigator import (
    PACKET_SIZE,
    PHASE_BUY,
    PHASE_DECLARE,
    BuyMap,
    NavigatorObservation,
    PassMap,
    Pick,
)
from cardmath.games.navigator_rules import (
    SLINGSHOT_BONUS,
    VectorChoice,
    VectorRules,
    best_distance,
    choice_distance,
)

__all__ = ["BOTS", "GreedyBot", "NavigatorRandomBot", "StrongBot", "best_declaration"]


def _no_map(observation: NavigatorObservation) -> PassMap:
    return next(a for a in observation.legal_actions if isinstance(a, PassMap))


class NavigatorRandomBot:
    """Drafts at random (locks and map purchases included) and declares a random correct
    expression over a random allowed Vector Set."""

    name = "random"

    def choose(self, observation: NavigatorObservation, rng: random.Random) -> Any:
        if observation.phase == PHASE_DECLARE:
            return random_declaration(observation, rng)
        return rng.choice(observation.legal_actions)


def partial_distance(
    memory: Sequence[Card],
    beacon: Card | None,
    target: int,
    rules: VectorRules,
    budget: Budget | None = None,
) -> int:
    """The best distance a Nav Memory reaches now (with fewer than two cards: those cards
    and the beacon; otherwise the best allowed Vector Set). Raises ``SearchStopped`` when
    ``budget`` runs out."""
    if len(memory) < 2:
        return choice_distance(VectorChoice(tuple(memory), True), beacon, target, rules, budget)
    found = best_distance(memory, beacon, target, rules, budget)
    if found is None:  # e.g. a partial memory that cannot yet satisfy Forced Override
        last_two = VectorChoice(tuple(memory)[-2:], True)
        return choice_distance(last_two, beacon, target, rules, budget)
    return found


def _closest_pick(observation: NavigatorObservation, picks: Sequence[Pick], budget: Budget) -> Pick:
    """The pick whose card brings the Nav Memory closest now (the first such); when the
    budget runs out, the closest of the picks measured (the first pick if none was)."""
    assert observation.target is not None
    best: tuple[int, Pick] | None = None
    for pick in picks:
        try:
            distance = partial_distance(
                (*observation.memory, pick.card),
                observation.beacon,
                observation.target,
                observation.rules,
                budget,
            )
        except SearchStopped:
            break
        if best is None or distance < best[0]:
            best = (distance, pick)
    return picks[0] if best is None else best[1]


class GreedyBot:
    """Keeps the card that most improves its best reachable distance now; declares the
    closest left-to-right chain of ``+ − × ÷`` it finds; never locks or buys the map."""

    name = "greedy"

    def choose(self, observation: NavigatorObservation, rng: random.Random) -> Any:
        if observation.phase == PHASE_BUY:
            return _no_map(observation)
        if observation.phase == PHASE_DECLARE:
            return chain_declaration(observation, decision_budget())
        picks = [a for a in observation.legal_actions if isinstance(a, Pick) and not a.lock]
        return _closest_pick(observation, picks, decision_budget())


def _utility(distance: int) -> float:
    """How good a final distance is: being exact matters most, far away hardly differs."""
    return 1.0 / (1.0 + max(distance, -2) + 2)


class StrongBot:
    """Estimates each pick by sampling the packets still to come and solving completions;
    declares the engine's best; locks a Hotshot card or buys the Pirate Map when it pays.

    For every card it could keep, it deals the unseen cards (and the cards it passed on
    that may come back round the table) into the packets it will receive, lets itself
    pick the best completion of its Nav Memory, and averages how good the result is.

    With the Hotshot Spacer, at the first pick it also samples each card *locked*, and a
    rival's whole draft from the cards it has not seen (the rival, too, keeps the best
    completion), and locks the card whose chance to win makes the 2-chip stake worth more
    than no lock (:func:`~cardmath.bots.navigator_wagers.hotshot_pays`). Before a deal it
    buys the Pirate Map only if owning it raises the chance to win enough to cover the
    price and the Bounty it gives up (:func:`~cardmath.bots.navigator_wagers.map_pays`).
    """

    name = "strong"

    def __init__(self, samples: int = 24) -> None:
        self.samples = samples

    def choose(self, observation: NavigatorObservation, rng: random.Random) -> Any:
        if observation.phase == PHASE_BUY:
            return self._buy_or_pass(observation)
        if observation.phase == PHASE_DECLARE:
            return best_declaration(observation)
        picks = [a for a in observation.legal_actions if isinstance(a, Pick) and not a.lock]
        locks = [a for a in observation.legal_actions if isinstance(a, Pick) and a.lock]
        if len(picks) == 1 and not locks:
            return picks[0]
        budget = decision_budget()
        # every candidate meets the same sampled futures (common random numbers)
        seed = rng.random()
        if observation.pick + 1 >= PACKET_SIZE:  # the last pick: nothing is left to sample
            return _closest_pick(observation, picks, budget)
        others = sum(1 for chips in observation.chips if chips > 0) - 1
        chips = observation.chips[observation.player]
        if not hotshot_pays(1.0, 0.0, 0.0, others, chips):
            locks = []  # not even a sure win would make a lock worth its stake
        rules = {pick: observation.rules for pick in picks}
        rules.update({lock: replace(observation.rules, locked=lock.card) for lock in locks})
        distances: dict[Pick, list[int]] = {pick: [] for pick in rules}
        rivals: list[int] = []
        unseen = _unseen(observation)
        done = 0
        try:
            for number in range(self.samples):
                sampled = {
                    pick: self._sample(observation, pick.card, unseen, seed, number, budget, rule)
                    for pick, rule in rules.items()
                }
                if locks:
                    rivals.append(self._rival(observation, unseen, seed, number, budget))
                for pick, distance in sampled.items():
                    distances[pick].append(distance)
                done += 1
        except SearchStopped:
            if done == 0:  # not one sample finished: the closest pick now
                return _closest_pick(observation, picks, budget.grace(DECISION_WORK // 4))
        choice = max(picks, key=lambda pick: _mean_utility(distances[pick]))
        if locks:
            rivals = rivals[:done]  # a sample stopped after its rival was drafted
            chances = {lock: win_chance(distances[lock], rivals, others) for lock in locks}
            lock = max(locks, key=lambda lock: chances[lock])
            free = distances[choice]
            alone = win_chance(free, rivals, others, alone=True)
            if hotshot_pays(chances[lock], win_chance(free, rivals, others), alone, others, chips):
                return lock
        return choice

    def _buy_or_pass(self, observation: NavigatorObservation) -> BuyMap | PassMap:
        """Buy the Pirate Map only when owning it pays (see the class)."""
        buy = next((a for a in observation.legal_actions if isinstance(a, BuyMap)), None)
        if buy is None:
            return _no_map(observation)
        players = sum(1 for chips in observation.chips if chips > 0)
        ahead = MAP_HORIZON
        if observation.options.rounds:
            ahead = min(ahead, observation.options.rounds - observation.round + 1)
        if not map_pays(1.0, players, ahead, buy.price, observation.bounty):
            return _no_map(observation)  # not even a sure win each round would pay
        change = map_win_change(
            observation.options, players, observation.override_suit, decision_budget()
        )
        if change is not None and map_pays(change, players, ahead, buy.price, observation.bounty):
            return buy
        return _no_map(observation)

    def _sample(
        self,
        observation: NavigatorObservation,
        card: Card,
        unseen: list[Card],
        seed: float,
        number: int,
        budget: Budget,
        rules: VectorRules,
    ) -> int:
        """The best distance keeping ``card`` reaches in sampled future number ``number``,
        under ``rules`` (the observation's, or with ``card`` locked)."""
        assert observation.target is not None
        memory = (*observation.memory, card)
        pick = observation.pick
        future = range(pick + 1, PACKET_SIZE)
        players = sum(1 for chips in observation.chips if chips > 0)
        draw = random.Random(f"{seed}/{number}")
        pool = list(unseen)
        draw.shuffle(pool)
        packets = []
        for later in future:
            size = PACKET_SIZE - later
            earlier = later - players
            if earlier >= 0:
                # a packet I held before comes back, less the cards others kept
                source = _held_packet(observation, card, earlier)
                packets.append(draw.sample(source, min(size, len(source))) or pool[:size])
            else:
                packets.append(pool[:size])
                del pool[:size]
        return _best_completion(observation, memory, packets, rules, budget)

    def _rival(
        self,
        observation: NavigatorObservation,
        unseen: list[Card],
        seed: float,
        number: int,
        budget: Budget,
    ) -> int:
        """A rival's best distance in sampled draft number ``number``: four packets from
        the cards this player has not seen, the best card of each kept."""
        draw = random.Random(f"{seed}/rival/{number}")
        pool = list(unseen)
        draw.shuffle(pool)
        packets = []
        for size in range(PACKET_SIZE, 0, -1):
            packets.append(pool[:size])
            del pool[:size]
        rules = replace(observation.rules, locked=None, skip_beacon=False)
        return _best_completion(observation, (), packets, rules, budget)


def _best_completion(
    observation: NavigatorObservation,
    memory: Sequence[Card],
    packets: Sequence[Sequence[Card]],
    rules: VectorRules,
    budget: Budget,
) -> int:
    """The best distance ``memory`` reaches with one card of each packet added."""
    assert observation.target is not None
    best = None
    for completion in itertools.product(*packets):
        distance = best_distance(
            (*memory, *completion), observation.beacon, observation.target, rules, budget
        )
        if distance is not None and (best is None or distance < best):
            best = distance
            if best <= -SLINGSHOT_BONUS:
                break
    return best if best is not None else _FAR


_FAR = 999
"""The distance of a sample in which no allowed Vector Set could be built."""


def _mean_utility(distances: Sequence[int]) -> float:
    return sum(map(_utility, distances)) / len(distances)


def _held_packet(observation: NavigatorObservation, card: Card, earlier: int) -> list[Card]:
    """The packet this player held at pick ``earlier`` (this pick's: without ``card``),
    less the card it kept from it."""
    if earlier < len(observation.seen):
        source = list(observation.seen[earlier])
    elif earlier == len(observation.seen):
        source = list(observation.packet)
        source.remove(card)
        return source
    else:
        return []
    if earlier < observation.pick:
        source.remove(observation.memory[earlier])
    return source


def _unseen(observation: NavigatorObservation) -> list[Card]:
    """Cards this player has not seen this round (jokers are counted as two cards)."""
    seen: Counter[Card] = Counter(observation.packet)
    for packet in observation.seen:
        seen |= Counter(packet)  # a packet that comes back round is not counted twice
    seen.update(observation.target_cards)
    if observation.beacon is not None:
        seen[observation.beacon] += 1
    return list((Counter(observation.options.deck()) - seen).elements())


BOTS: dict[str, type] = {
    "random": NavigatorRandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
}
"""Navigator's bots, weakest first (``random`` here replaces the shared random bot so
that every navigator declares its best expression)."""
