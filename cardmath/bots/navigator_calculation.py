"""How Navigator's computer navigators calculate at the showdown.

Drafting and calculating are separate skills, so each bot has its own way of finding the
expression it declares. Every way declares what its expression makes: a computer
navigator never "calculates wrongly" (it may land far from the target, never forfeit).

* :func:`random_declaration` (``random``): a random allowed Vector Set, each Ace 1 or 100
  at random, the phantom value (Extrapolative Computation) used or not at random, the
  cards in a random order, a random bracketing, and at every step an operation chosen at
  random among those that give a whole number there. It may land very far away.
* :func:`chain_declaration` (``greedy``): a student working left to right. For every
  allowed Vector Set (every Ace as 1 and as 100, with and without the phantom), every
  order of the cards, it combines a running total with the next card by ``+ − × ÷``
  (``÷`` only when it divides exactly): ``((a ∘ b) ∘ c) ∘ …``. It never raises to a power
  and never works out a bracket on the right (``13 − 2 × 3`` written as ``13 − (2 × 3)``
  is out of its reach), so it finds good answers, but not always the best.
* :func:`best_declaration` (``strong``): the engine's best, the solver's exact search.

>>> from cardmath.games import get_game
>>> state = get_game("navigator", players=2, rounds=1).new_state(seed=3)
>>> while state.phase != "declare":
...     state = state.apply(state.legal_actions()[0])
>>> seen = state.observation(state.current_player)
>>> best, chain = best_declaration(seen), chain_declaration(seen)
>>> declared_distance(best, seen) <= declared_distance(chain, seen)
True
>>> import random
>>> state.apply(random_declaration(seen, random.Random(1))).turn
1
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from functools import lru_cache

from cardmath.budget import Budget, SearchStopped, decision_budget
from cardmath.cards import Card
from cardmath.errors import ExpressionError
from cardmath.expr import OPERATORS, BinOp, Expr, Num, apply_op, evaluate, fits, power
from cardmath.games.navigator import (
    SLINGSHOT_BONUS,
    Declare,
    NavigatorObservation,
    VectorChoice,
    card_values,
    is_slingshot,
    listed_declarations,
    phantom_values,
    plain_sum,
    vector_set_choices,
)
from cardmath.printing import to_text

__all__ = [
    "CHAIN_OPERATORS",
    "best_declaration",
    "chain_declaration",
    "declared_distance",
    "random_declaration",
]

CHAIN_OPERATORS = "+-*/"
"""The operations the left-to-right search uses (no powers)."""

_RANDOM_TRIES = 20
"""Random expressions tried before falling back to adding the cards up (a try fails only
when no operation is allowed at some step, e.g. two numbers near the size guard)."""


def declared_distance(action: Declare, observation: NavigatorObservation) -> int:
    """The effective distance (after a Slingshot) a correct declaration reaches."""
    assert observation.target is not None
    distance = abs(action.value - observation.target)
    cards = action.choice.cards(observation.beacon)
    if observation.rules.slingshot and is_slingshot(cards):
        distance -= SLINGSHOT_BONUS
    return distance


def best_declaration(observation: NavigatorObservation) -> Declare:
    """The engine's best: the closest of the engine's representative declarations.

    :func:`~cardmath.games.navigator.search.listed_declarations` holds the solver's best
    expression for the best Vector Set (and a plain sum for every set), all correct, so
    this is the best exact answer (the same declarations
    :meth:`~cardmath.games.navigator.NavigatorState.declarations_for` lists).
    """
    assert observation.target is not None
    declarations = listed_declarations(
        observation.memory, observation.beacon, observation.target, observation.rules
    )
    return min(declarations, key=lambda action: declared_distance(action, observation))


def _declare(
    observation: NavigatorObservation, choice: VectorChoice, tree: Expr, value: int | None = None
) -> Declare:
    """The declaration of ``tree`` (``value``: its value, when already worked out)."""
    value = evaluate(tree) if value is None else value
    return Declare(choice.memory, choice.beacon, to_text(tree), value, observation.target)


def _plain(observation: NavigatorObservation, choice: VectorChoice) -> Declare:
    expression, value = plain_sum(choice, observation.beacon, observation.rules)
    return Declare(choice.memory, choice.beacon, expression, value, observation.target)


def _choices(observation: NavigatorObservation) -> tuple[VectorChoice, ...]:
    return vector_set_choices(observation.memory, observation.beacon, observation.rules)


# --- random --------------------------------------------------------------------------


def _step(op: str, left: int, right: int) -> int | None:
    """``left op right`` under :func:`~cardmath.expr.apply_op`, ``None`` where it refuses
    (an inexact division or a power it refuses is answered without raising)."""
    if op == "+" or op == "-":  # as apply_op: any sum or difference that fits
        value = left + right if op == "+" else left - right
        return value if fits(value) else None
    if op == "/" and (right == 0 or left % right):
        return None
    if op == "^":
        return power(left, right)  # apply_op's power: None where apply_op refuses
    try:
        return apply_op(op, left, right)
    except ExpressionError:
        return None


@lru_cache(maxsize=256)
def _leaf(value: int) -> Num:
    """``Num(value)``, made once (trees are immutable, so they may share their leaves)."""
    return Num(value)


def _random_tree(leaves: Sequence[Num], rng: random.Random) -> tuple[Expr, int] | None:
    """A random bracketing of ``leaves`` (in this order) with a random allowed operation at
    every step, and its value; ``None`` if some step allows no operation."""
    if len(leaves) == 1:
        return leaves[0], leaves[0].value
    split = rng.randrange(1, len(leaves))
    left = _random_tree(leaves[:split], rng)
    right = _random_tree(leaves[split:], rng)
    if left is None or right is None:
        return None
    steps = [(op, _step(op, left[1], right[1])) for op in OPERATORS]
    allowed = [(op, value) for op, value in steps if value is not None]
    if not allowed:
        return None
    op, value = rng.choice(allowed)
    node = object.__new__(BinOp)  # a known operator over two trees: a valid BinOp
    object.__setattr__(node, "op", op)
    object.__setattr__(node, "left", left[0])
    object.__setattr__(node, "right", right[0])
    return node, value


def random_declaration(observation: NavigatorObservation, rng: random.Random) -> Declare:
    """A random correct declaration over a random allowed Vector Set (see the module).

    >>> from cardmath.games import get_game
    >>> state = get_game("navigator", players=2).new_state(seed=5)
    >>> while state.phase != "declare":
    ...     state = state.apply(state.legal_actions()[0])
    >>> seen = state.observation(state.current_player)
    >>> len({random_declaration(seen, random.Random(n)).value for n in range(20)}) > 5
    True
    """
    rules = observation.rules
    choice = rng.choice(_choices(observation))
    cards = choice.cards(observation.beacon)
    for _ in range(_RANDOM_TRIES):
        leaves = [_leaf(rng.choice(card_values(card, rules.precog))) for card in cards]
        phantoms = phantom_values(cards, rules.precog) if rules.extrapolation else ()
        if phantoms and rng.random() < 0.5:
            leaves.append(_leaf(rng.choice(phantoms)))
        rng.shuffle(leaves)
        found = _random_tree(leaves, rng)
        if found is not None:
            return _declare(observation, choice, *found)
    return _plain(observation, choice)


# --- greedy: left to right -----------------------------------------------------------


def _value_sets(cards: Sequence[Card], observation: NavigatorObservation) -> list[tuple[int, ...]]:
    """Every multiset of numbers a student may use for these cards: each Ace 1 or 100,
    with and without each phantom value."""
    rules = observation.rules
    choices = itertools.product(*(card_values(card, rules.precog) for card in cards))
    options = sorted({tuple(sorted(values)) for values in choices})
    numbers = list(options)
    if rules.extrapolation:
        phantoms = phantom_values(cards, rules.precog)
        numbers += [(*values, phantom) for values in options for phantom in phantoms]
    return numbers


def _chains(numbers: Sequence[int], budget: Budget) -> dict[int, Expr]:
    """Every value a left-to-right chain over all of ``numbers`` makes, each with the first
    chain found for it. Raises :class:`SearchStopped` when the budget runs out."""
    count = len(numbers)
    layer: dict[int, dict[int, Expr]] = {
        1 << index: {number: Num(number)} for index, number in enumerate(numbers)
    }
    for _ in range(count - 1):
        following: dict[int, dict[int, Expr]] = {}
        for used, totals in layer.items():
            tried: set[int] = set()
            for index, number in enumerate(numbers):
                if used >> index & 1 or number in tried:
                    continue  # a card already used, or one of the same value as another
                tried.add(number)
                found = following.setdefault(used | 1 << index, {})
                budget.charge(len(totals) * len(CHAIN_OPERATORS))
                for total, expression in totals.items():
                    for op in CHAIN_OPERATORS:
                        value = _step(op, total, number)
                        if value is not None and value not in found:
                            found[value] = BinOp(op, expression, Num(number))
        layer = following
    return layer[(1 << count) - 1]


def chain_declaration(observation: NavigatorObservation, budget: Budget | None = None) -> Declare:
    """The closest declaration a left-to-right search finds (see the module); within
    ``budget`` (default: one decision's), keeping the closest found before it ran out.

    >>> from cardmath.cards import Card
    >>> from cardmath.games.navigator import NavigatorGame
    >>> state = NavigatorGame(players=2).new_state(seed=3)
    >>> while state.phase != "declare":
    ...     state = state.apply(state.legal_actions()[0])
    >>> seen = state.observation(state.current_player)
    >>> chain_declaration(seen).expression.count("^")
    0
    """
    assert observation.target is not None
    budget = budget if budget is not None else decision_budget()
    target = observation.target
    best: tuple[int, Declare] | None = None
    try:
        for choice in _choices(observation):
            cards = choice.cards(observation.beacon)
            bonus = SLINGSHOT_BONUS if observation.rules.slingshot and is_slingshot(cards) else 0
            for numbers in _value_sets(cards, observation):
                values = _chains(numbers, budget)
                value = min(values, key=lambda v: (abs(v - target), v))
                distance = abs(value - target) - bonus
                if best is None or distance < best[0]:
                    best = (distance, _declare(observation, choice, values[value]))
    except SearchStopped:
        pass  # keep the closest found so far
    if best is None:
        return _plain(observation, _choices(observation)[0])
    return best[1]
