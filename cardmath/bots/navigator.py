"""Navigator's computer navigators: random, greedy and strong.

All three declare their best exact expression at the showdown (the engine lists the
solver's best declaration among the legal ones) and never buy the Pirate Map, except the
random bot, which buys or passes at random. They differ in the draft:

* ``random`` keeps a random card (and may lock a random Hotshot card);
* ``greedy`` keeps the card that most improves its best reachable distance now;
* ``strong`` estimates each pick by sampling the cards it has not seen into the packets
  still to come and solving the completed Nav Memories (value sets are cached, so a
  decision takes a few hundredths of a second).

Every decision keeps to :func:`cardmath.budget.decision_budget`: ``greedy`` compares the picks it measured before the budget ran out, and
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
from typing import Any

from cardmath.budget import DECISION_WORK, Budget, SearchStopped, decision_budget
from cardmath.cards import Card
from cardmath.games.navigator import (
    PHASE_BUY,
    PHASE_DECLARE,
    Declare,
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
    is_slingshot,
)

__all__ = ["BOTS", "GreedyBot", "NavigatorRandomBot", "StrongBot", "best_declaration"]


def declaration_distance(action: Declare, observation: NavigatorObservation) -> int:
    """The effective distance a (correct) listed declaration reaches."""
    assert observation.target is not None
    cards = action.choice.cards(observation.beacon)
    distance = abs(action.value - observation.target)
    if observation.rules.slingshot and is_slingshot(cards):
        distance -= SLINGSHOT_BONUS
    return distance


def best_declaration(observation: NavigatorObservation) -> Declare:
    """The listed declaration closest to the target (the solver's best for the best set).

    The engine lists correct declarations only, so this is the best exact expression.
    """
    declarations = [a for a in observation.legal_actions if isinstance(a, Declare)]
    return min(declarations, key=lambda action: declaration_distance(action, observation))


def _no_map(observation: NavigatorObservation) -> PassMap:
    return next(a for a in observation.legal_actions if isinstance(a, PassMap))


class NavigatorRandomBot:
    """Drafts at random (locks and map purchases included) but declares its best."""

    name = "random"

    def choose(self, observation: NavigatorObservation, rng: random.Random) -> Any:
        if observation.phase == PHASE_DECLARE:
            return best_declaration(observation)
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
    """Keeps the card that most improves its best reachable distance now."""

    name = "greedy"

    def choose(self, observation: NavigatorObservation, rng: random.Random) -> Any:
        if observation.phase == PHASE_BUY:
            return _no_map(observation)
        if observation.phase == PHASE_DECLARE:
            return best_declaration(observation)
        picks = [a for a in observation.legal_actions if isinstance(a, Pick) and not a.lock]
        return _closest_pick(observation, picks, decision_budget())


def _utility(distance: int) -> float:
    """How good a final distance is: being exact matters most, far away hardly differs."""
    return 1.0 / (1.0 + max(distance, -2) + 2)


class StrongBot:
    """Estimates each pick by sampling the packets still to come and solving completions.

    For every card it could keep, it deals the unseen cards (and the cards it passed on
    that may come back round the table) into the packets it will receive, lets itself
    pick the best completion of its Nav Memory, and averages how good the result is.
    """

    name = "strong"

    def __init__(self, samples: int = 24) -> None:
        self.samples = samples

    def choose(self, observation: NavigatorObservation, rng: random.Random) -> Any:
        if observation.phase == PHASE_BUY:
            return _no_map(observation)
        if observation.phase == PHASE_DECLARE:
            return best_declaration(observation)
        picks = [a for a in observation.legal_actions if isinstance(a, Pick) and not a.lock]
        if len(picks) == 1:
            return picks[0]
        budget = decision_budget()
        # every candidate meets the same sampled futures (common random numbers)
        seed = rng.random()
        if observation.pick + 1 >= 4:  # the last pick: nothing is left to sample
            return _closest_pick(observation, picks, budget)
        totals = dict.fromkeys(picks, 0.0)
        unseen = _unseen(observation)
        done = 0
        try:
            for number in range(self.samples):
                sampled = {
                    pick: self._sample(observation, pick.card, unseen, seed, number, budget)
                    for pick in picks
                }
                for pick, value in sampled.items():
                    totals[pick] += value
                done += 1
        except SearchStopped:
            if done == 0:  # not one sample finished: the closest pick now
                return _closest_pick(observation, picks, budget.grace(DECISION_WORK // 4))
        return max(picks, key=lambda pick: totals[pick] / done)

    def _sample(
        self,
        observation: NavigatorObservation,
        card: Card,
        unseen: list[Card],
        seed: float,
        number: int,
        budget: Budget,
    ) -> float:
        """How good keeping ``card`` is in sampled future number ``number``."""
        assert observation.target is not None
        memory = (*observation.memory, card)
        pick = observation.pick
        rules = observation.rules  # includes the locked Hotshot card, if any
        future = range(pick + 1, 4)
        players = sum(1 for chips in observation.chips if chips > 0)
        draw = random.Random(f"{seed}/{number}")
        pool = list(unseen)
        draw.shuffle(pool)
        packets = []
        for later in future:
            size = 4 - later
            earlier = later - players
            if earlier >= 0:
                # a packet I held before comes back, less the cards others kept
                source = _held_packet(observation, card, earlier)
                packets.append(draw.sample(source, min(size, len(source))) or pool[:size])
            else:
                packets.append(pool[:size])
                del pool[:size]
        best = None
        for completion in itertools.product(*packets):
            distance = best_distance(
                (*memory, *completion), observation.beacon, observation.target, rules, budget
            )
            if distance is not None and (best is None or distance < best):
                best = distance
                if best <= -SLINGSHOT_BONUS:
                    break
        return _utility(best if best is not None else 999)


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
