"""Choosing cards: which cards to pick, and which values to give them, for a target.

:func:`best_choice` is the one question a game layer asks (Navigator: choose 2 of the
Nav Memory, must use the beacon; an Ace counts as 1 or 100).

>>> best_choice([2, 3, 9], 12, choose=2).best.describe()
'3 and 9'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Unpack

from cardmath.budget import Budget, SearchStopped, budget_or_default
from cardmath.errors import CardMathError
from cardmath.expr import Expr, Num
from cardmath.solver.complexity import RankKey, rank_key
from cardmath.solver.inputs import CardLike, Choice, as_choice
from cardmath.solver.normal import NormalForm, normal_form
from cardmath.solver.rules import DEFAULT_RULES, RuleOptions, Rules, resolve_rules
from cardmath.solver.solutions import Hand, Solution

__all__ = ["BestChoice", "CardChoice", "best_choice"]

HandKey = tuple[tuple[int, str], ...]
"""A choice's numbers and labels, sorted: choices with equal keys share one search."""


@dataclass(frozen=True)
class CardChoice:
    """One choice of cards and values, with the solutions it gives.

    ``cards`` are the card names (must-use cards first), ``values`` what each counts as,
    ``indices`` the positions of the chosen optional cards in the candidates.
    """

    cards: tuple[str, ...]
    values: tuple[int, ...]
    indices: tuple[int, ...]
    solution: Solution

    def describe(self) -> str:
        """The cards, with their values where the name differs: ``6, 5 and Q (12)``."""
        shown = [
            card if card == str(value) else f"{card} ({value})"
            for card, value in zip(self.cards, self.values, strict=True)
        ]
        if len(shown) == 1:
            return shown[0]
        return ", ".join(shown[:-1]) + " and " + shown[-1]


@dataclass(frozen=True)
class BestChoice:
    """The best choices of cards for a target; ``choices`` simplest first.

    A search that ran out of budget has ``complete`` False, and ``note`` says what it
    found so far (the choices are then the best measured before it stopped).

    >>> result = best_choice([5, 6, Choice((11,), "J"), Choice((12,), "Q")], 44,
    ...                      choose=2, must_use=[6])
    >>> result.best_distance, result.best.describe(), str(result.best.solution.best)
    (2, '6, 5 and Q (12)', '6 × 5 + 12')
    """

    target: int
    best_distance: int
    choices: tuple[CardChoice, ...]
    complete: bool = True
    note: str = ""

    @property
    def best(self) -> CardChoice:
        """The choice whose simplest solution is simplest."""
        return self.choices[0]

    @cached_property
    def solutions(self) -> tuple[Expr, ...]:
        """Every distinct best expression over all best choices, simplest first."""
        unique: dict[tuple[NormalForm, tuple[int, ...]], Expr] = {}
        for choice in self.choices:
            for expression in choice.solution.solutions:
                unique.setdefault((normal_form(expression), choice.indices), expression)
        return tuple(sorted(unique.values(), key=rank_key))

    @property
    def solution_count(self) -> int:
        """How many distinct best expressions there are over all best choices."""
        return len(self.solutions)


def _card_name(card: Choice) -> str:
    return card.label if card.label is not None else "/".join(map(str, card.values))


def best_choice(
    candidates: Sequence[CardLike],
    target: int,
    *,
    choose: int | None = None,
    must_use: Sequence[CardLike] = (),
    rules: Rules | str = DEFAULT_RULES,
    budget: Budget | None = None,
    simplest_only: bool = False,
    **options: Unpack[RuleOptions],
) -> BestChoice:
    """Best cards to pick and values to give them: one question for a game layer.

    Picks ``choose`` of the ``candidates`` (all of them if ``None``), always adds the
    ``must_use`` cards, tries every value of every :class:`Choice` (an Ace as 1 or 100),
    and keeps every choice reaching the best distance. Leaves carry the card names.
    ``simplest_only`` lists only each choice's simplest solutions (enough for hints).
    ``rules`` (or a string of operators, or the single keywords of
    :class:`~cardmath.solver.rules.RuleOptions`) hold for every choice. One ``budget``
    covers the whole question (see :class:`BestChoice`).

    >>> ace = Choice((1, 100), "A")
    >>> result = best_choice([ace, 2, 3, 9], 102, choose=2, must_use=[Choice((5,), "5")])
    >>> result.best_distance, result.best.describe(), str(result.best.solution.best)
    (0, '5, A (100) and 3', '100 + 5 − 3')
    """
    cards = [as_choice(card) for card in candidates]
    forced = [as_choice(card) for card in must_use]
    size = len(cards) if choose is None else choose
    if not 0 <= size <= len(cards):
        raise CardMathError(f"cannot choose {size} of {len(cards)} cards")
    if not forced and size == 0:
        raise CardMathError("choose at least one card")
    rules = resolve_rules(rules, options)
    budget = budget_or_default(budget)
    entries: list[tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], HandKey, list[Num]]] = []
    seen: set[tuple[Choice, ...]] = set()
    for indices in itertools.combinations(range(len(cards)), size):
        chosen = forced + [cards[index] for index in indices]
        key = tuple(sorted(chosen, key=lambda card: (card.values, card.label or "")))
        if key in seen:
            continue  # the same cards as an earlier choice (two 5s)
        seen.add(key)
        names = tuple(_card_name(card) for card in chosen)
        for values in itertools.product(*(card.values for card in chosen)):
            leaves = [Num(value, card.label) for card, value in zip(chosen, values, strict=True)]
            cache_key = tuple(sorted((leaf.value, leaf.label or "") for leaf in leaves))
            entries.append((names, tuple(values), indices, cache_key, leaves))
    # how close each choice gets first (quick), then solutions only for the closest
    hands: dict[HandKey, Hand] = {}
    distances: dict[HandKey, int] = {}
    stopped: SearchStopped | None = None
    for _, _, _, cache_key, leaves in entries:
        if cache_key in hands:
            continue
        hands[cache_key] = hand = Hand(leaves, rules, budget=budget)
        try:
            distances[cache_key] = hand.distance(target)
        except SearchStopped as stop:
            stopped = stop
            break
    first_answer: Solution | None = None
    if not distances:  # stopped on the first choice: its closest so far
        _, _, _, cache_key, _ = entries[0]
        first_answer = hands[cache_key].solve(target, simplest_only=simplest_only)
        distances[cache_key] = first_answer.best_distance
    best_distance = min(distances.values())
    solved: dict[HandKey, Solution] = {}
    best: list[CardChoice] = []
    for names, values, indices, cache_key, _ in entries:
        if distances.get(cache_key) != best_distance:
            continue
        solution = solved.get(cache_key)
        if solution is None and first_answer is not None:
            solution = solved[cache_key] = first_answer
        if solution is None:
            if stopped is not None and solved:
                break  # the budget is spent: keep the choices solved so far
            solution = hands[cache_key].solve(target, simplest_only=simplest_only)
            solved[cache_key] = solution
            if not solution.complete:
                stopped = stopped or SearchStopped(solution.note)
        best.append(CardChoice(names, values, indices, solution))
    best = [choice for choice in best if choice.solution.best_distance == best_distance]
    best.sort(key=lambda choice: _choice_rank(choice.solution))
    if stopped is None:
        return BestChoice(target, best_distance, tuple(best))
    measured = len(distances)
    note = first_answer.note if first_answer is not None else str(stopped)
    if measured < len(hands) or measured < len({entry[3] for entry in entries}):
        total = len({entry[3] for entry in entries})
        note += f"; {measured} of {total} choices of cards were measured"
    return BestChoice(target, best_distance, tuple(best), complete=False, note=note)


def _choice_rank(solution: Solution) -> RankKey | tuple[int, int, tuple[()]]:
    """How a choice of cards ranks: by its simplest solution (none last)."""
    if not solution.solutions:
        return (1_000_000, 0, ())
    return rank_key(solution.solutions[0])
