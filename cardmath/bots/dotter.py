"""Dotter bots: ``greedy`` and ``strong`` (``random`` is shared by every game).

Both use only their observation: the faces of cards they have peeked at or seen scored,
and the public table (who drew, who looked at which card, the discards).

* :class:`GreedyBot` scores the best hand it knows completely (guessing, since a known
  hand makes the guess certain); otherwise it peeks at its own unseen cards, and draws
  when there is nothing left to look at.
* :class:`StrongBot` weighs every action by expected points, computed exactly from the
  cards it has not seen: a score is worth its expected points with the best guess (plus
  the points it takes away from the owner, if the cards are someone else's), a draw is
  worth the going rate of a turn, and a peek is worth what it adds to its next score
  minus the turn it costs.

>>> import random
>>> from cardmath.play import play_game
>>> from cardmath.games import get_game
>>> game = get_game("dotter", laps=1)
>>> played = play_game(game, [StrongBot(), GreedyBot()], seed=2)
>>> played.final.is_terminal
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction

from cardmath.games.dotter import (
    GUESSES,
    DotterObservation,
    Draw,
    Pass,
    Peek,
    Score,
    SeenCard,
    _multisets,
    expected_points,
    rank_number,
    score_ranks,
)

TURN_RATE = Fraction(13, 2)
"""Points a turn is worth when drawing and then scoring blind (about 13.2 points every
two turns), the yardstick every other action is measured against."""


def _cards_of(observation: DotterObservation, owner: int, places: Sequence[str]) -> list[SeenCard]:
    by_label = {seen.label: seen for seen in observation.areas[owner]}
    return [by_label[label] for label in places]


def _known_ranks(cards: Sequence[SeenCard]) -> tuple[int, ...]:
    return tuple(rank_number(seen.card) for seen in cards if seen.card is not None)


def _pool_without(pool: tuple[int, ...], ranks: Sequence[int]) -> tuple[int, ...]:
    counts = list(pool)
    for rank in ranks:
        counts[rank] -= 1
    return tuple(counts)


class GreedyBot:
    """Takes points now: the best hand it knows completely (with the guess that is then
    certain), else three of its own cards unseen and without a guess, else a draw."""

    name = "greedy"

    def choose(self, observation: DotterObservation, rng: random.Random):
        actions = observation.legal_actions
        me = observation.player
        best: tuple[int, Score] | None = None
        blind: list[Score] = []
        for action in actions:
            if not isinstance(action, Score):
                continue
            cards = _cards_of(observation, action.owner, action.places)
            if any(seen.card is None for seen in cards):
                if action.owner == me and not action.guess:
                    blind.append(action)
                continue
            points = score_ranks(_known_ranks(cards), action.guess or None, own=action.owner == me)
            if best is None or points > best[0]:
                best = (points, action)
        if best is not None:
            return best[1]
        if blind:
            return blind[0]
        if Draw() in actions:
            return Draw()
        scores = [action for action in actions if isinstance(action, Score) and not action.guess]
        return rng.choice(scores or list(actions))


class StrongBot:
    """Chooses the action with the highest expected value from what it knows."""

    name = "strong"

    def choose(self, observation: DotterObservation, rng: random.Random):
        actions = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        me = observation.player
        pool = observation.unseen_pool()
        rivals = max(1, observation.options.players - 1)
        best_value: Fraction | None = None
        best_actions: list = []

        def consider(value: Fraction, action) -> None:
            nonlocal best_value, best_actions
            if best_value is None or value > best_value:
                best_value, best_actions = value, [action]
            elif value == best_value:
                best_actions.append(action)

        lap = observation.options.lap_length
        points = observation.points
        holder = next((p for p, value in enumerate(points) if value == lap), -1)
        room = lap - 1 - points[me] if holder not in (-1, me) else None
        # Leaving the peg lets a rival close to it complete their lap: hold on while
        # drawing is possible (their points past 120 are wasted meanwhile).
        leaving_cost = Fraction(0)
        if holder == me and Draw() in actions:
            close = sum(1 for p, value in enumerate(points) if p != me and lap - value <= lap // 2)
            leaving_cost = Fraction(13 * close)
        for action in actions:
            if not isinstance(action, Score):
                continue
            cards = _cards_of(observation, action.owner, action.places)
            known = _known_ranks(cards)
            own = action.owner == me
            value = expected_points(known, pool, action.guess or None, own)
            if room is not None:
                value = min(value, Fraction(room))  # points past 120 are lost while blocked
            value -= leaving_cost
            if not own:
                # Scoring someone else's cards also takes them away from their owner.
                best_for_owner = max(
                    expected_points(known, pool, guess, True) for guess in (None, *GUESSES)
                )
                value += best_for_owner / (2 * rivals)
            consider(value, action)
        if Draw() in actions:
            consider(TURN_RATE, Draw())
        peek_values: dict[tuple, Fraction] = {}
        for action in actions:
            if isinstance(action, Peek) and action.owner == me:
                signature = self._peek_signature(observation, action)
                if signature not in peek_values:
                    peek_values[signature] = _peek_value(*signature, pool)
                consider(peek_values[signature] - TURN_RATE, action)
        if best_actions:
            return best_actions[0] if len(best_actions) == 1 else rng.choice(best_actions)
        peeks = [action for action in actions if isinstance(action, Peek)]
        if peeks:
            return rng.choice(peeks)
        return Pass() if Pass() in actions else rng.choice(actions)

    @staticmethod
    def _peek_signature(observation: DotterObservation, peek: Peek) -> tuple:
        """What a peek's value depends on: the ranks (-1 unseen) of the two cards and of
        the player's other cards."""
        me = observation.player
        peeked = _cards_of(observation, me, peek.places)
        others = [seen for seen in observation.areas[me] if seen.label not in peek.places]

        def ranks(cards: Sequence[SeenCard]) -> tuple[int, ...]:
            return tuple(
                sorted(-1 if seen.card is None else rank_number(seen.card) for seen in cards)
            )

        return ranks(peeked), tuple(sorted(set(ranks(others))))


def _peek_value(
    peeked: tuple[int, ...], others: tuple[int, ...], pool: tuple[int, ...]
) -> Fraction:
    """Expected points of the best own hand holding the peeked cards, after the peek
    (hands of both peeked cards and one other card; -1 is a card not seen)."""
    unknown = sum(rank < 0 for rank in peeked)
    known_peeked = tuple(rank for rank in peeked if rank >= 0)
    total = math.comb(sum(pool), unknown)
    if total == 0:
        return Fraction(0)
    value = Fraction(0)
    for ranks, ways in _multisets(pool, unknown):
        after_pool = _pool_without(pool, ranks)
        seen = known_peeked + ranks
        best = _best_guess(seen, after_pool) if not others else Fraction(0)
        for other in others:
            best = max(best, _best_guess(seen if other < 0 else (*seen, other), after_pool))
        value += ways * best
    return value / total


def _best_guess(known: tuple[int, ...], pool: tuple[int, ...]) -> Fraction:
    return max(expected_points(tuple(sorted(known)), pool, guess) for guess in (None, *GUESSES))


BOTS = {"greedy": GreedyBot, "strong": StrongBot}
