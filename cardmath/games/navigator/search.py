"""The solver's answers for Navigator: each Vector Set's best distance and expression,
the best Vector Set of a hand, and the declarations the engine lists.

Every search keeps to a :class:`~cardmath.budget.Budget`; the engine's listing keeps to a
replayable one (:func:`listing_budget`), so a seeded game lists the same moves every time.

>>> from cardmath.cards import Card
>>> memory = [Card.parse(text) for text in ("5H", "6S", "JD", "QC")]
>>> best = best_vector_set(memory, Card.parse("6D"), 44)
>>> best.distance, [str(card) for card in best.memory], best.expression
(2, ['5H', 'QC'], '6 × 5 + 12')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from cardmath import codec
from cardmath.budget import Budget, SearchStopped, budget_or_default, remembered
from cardmath.cards import Card
from cardmath.errors import CardMathError
from cardmath.expr import Expr, evaluate, parse
from cardmath.games.navigator.actions import Declare
from cardmath.games.navigator.values import (
    SLINGSHOT_BONUS,
    card_values,
    is_slingshot,
    phantom_values,
)
from cardmath.games.navigator.vector_sets import VectorChoice, VectorRules, vector_set_choices
from cardmath.printing import to_text
from cardmath.solver import Hand, complexity

__all__ = [
    "LISTING_WORK",
    "BestVectorSet",
    "best_distance",
    "best_for_choice",
    "best_vector_set",
    "choice_distance",
    "listed_declarations",
    "listing_budget",
    "measured_distances",
    "plain_declarations",
    "plain_sum",
]


def _set_values(
    cards: Sequence[Card], rules: VectorRules
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """A Vector Set as the solver sees it: the fixed values (sorted), how many Aces may be
    1 or 100, and the phantom values Extrapolative Computation allows."""
    return _set_values_of(tuple(cards), rules.precog, rules.extrapolation)


@lru_cache(maxsize=100_000)
def _set_values_of(
    cards: tuple[Card, ...], precog: bool, extrapolation: bool
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    rules = VectorRules(precog=precog, extrapolation=extrapolation)
    fixed: list[int] = []
    aces = 0
    for card in cards:
        values = card_values(card, rules.precog)
        if len(values) == 1:
            fixed.append(values[0])
        else:
            aces += 1
    phantoms = phantom_values(cards, rules.precog) if rules.extrapolation else ()
    return tuple(sorted(fixed)), aces, phantoms


# --- the solver: one search per Vector Set -------------------------------------------

LISTING_WORK = 600_000
"""Work units (see :mod:`cardmath.budget`) the engine spends listing one player's
declarations: well under a second here, and the same stop on every machine."""


_LOOKUP_COST = 8
"""Work units of looking up a Vector Set's remembered answer (the set's values, the key)."""


def listing_budget() -> Budget:
    """The replayable budget of one declaration listing (no clock: a seeded game must list
    the same moves every time it is played)."""
    return Budget(work=LISTING_WORK, seconds=None, replayable=True)


class _SetSearch:
    """One solver search for a Vector Set and every value it may stand for.

    Each Ace may count 1 or 100 and one phantom value may be added; rather than one search
    per combination, the Ace's two values and every phantom are leaves of a single
    :class:`~cardmath.solver.Hand`, and each combination is a question naming the leaves it
    uses. The groups of cards the combinations share are worked out once, so a phantom adds
    one more leaf to the search instead of multiplying it.
    """

    def __init__(
        self, fixed: tuple[int, ...], aces: int, phantoms: tuple[int, ...], budget: Budget
    ) -> None:
        numbers = [*fixed, *(1,) * aces, *(100,) * aces, *phantoms]
        self.hand = Hand(numbers, budget=budget)
        ones = range(len(fixed), len(fixed) + aces)
        hundreds = range(len(fixed) + aces, len(fixed) + 2 * aces)
        bases = [
            [*range(len(fixed)), *ones[: aces - high], *hundreds[:high]] for high in range(aces + 1)
        ]
        # no phantom first (fewer Aces as 100 first), then each phantom in turn
        self.options: list[tuple[list[int], int | None]] = [(base, None) for base in bases]
        for number, phantom in enumerate(phantoms):
            leaf = len(fixed) + 2 * aces + number
            self.options += [([*base, leaf], phantom) for base in bases]

    def distances(self, target: int) -> list[int]:
        return [self.hand.distance(target, use) for use, _ in self.options]


@remembered(maxsize=200_000, hit_cost=_LOOKUP_COST)
def _set_distance(
    fixed: tuple[int, ...], aces: int, phantoms: tuple[int, ...], target: int, budget: Budget
) -> tuple[int, bool]:
    """The best distance any value combination of a Vector Set reaches."""
    return min(_SetSearch(fixed, aces, phantoms, budget).distances(target)), True


@remembered(maxsize=50_000, hit_cost=_LOOKUP_COST)
def _set_best(
    fixed: tuple[int, ...], aces: int, phantoms: tuple[int, ...], target: int, budget: Budget
) -> tuple[tuple[int, Expr | None, int | None, bool, str], bool]:
    """(distance, simplest expression, phantom, complete, note) for a Vector Set.

    The closest combination wins, one without a phantom before one with, then the
    simplest expression (the first combination among equals). Only the combinations at the
    best distance are solved, and those with a phantom only if no other gets as close.
    """
    search = _SetSearch(fixed, aces, phantoms, budget)
    distances = search.distances(target)
    closest = min(distances)
    plain = [i for i, (_, phantom) in enumerate(search.options) if phantom is None]
    candidates = [i for i in plain if distances[i] == closest] or [
        i for i, distance in enumerate(distances) if distance == closest
    ]
    best: tuple[int, int, Expr, int | None] | None = None
    note = ""
    complete = True
    for index in candidates:
        use, phantom = search.options[index]
        solution = search.hand.solve(target, use, simplest_only=True)
        expression = solution.best
        if expression is not None:
            key = complexity(expression)
            if best is None or key < best[0]:
                best = (key, solution.best_distance, expression, phantom)
        if not solution.complete:
            complete, note = False, solution.note
            break  # the budget is spent: keep what is known
    if best is None:
        return (closest, None, None, False, note), False
    _, distance, expression, phantom = best
    return (distance, expression, phantom, complete, note), complete


def choice_distance(
    choice: VectorChoice,
    beacon: Card | None,
    target: int,
    rules: VectorRules,
    budget: Budget | None = None,
) -> int:
    """The best effective distance one Vector Set can reach (remembered per set and target).

    Raises :class:`~cardmath.budget.SearchStopped` if ``budget`` runs out first.

    >>> choice = VectorChoice((Card.parse("7H"), Card.parse("8S")), True)
    >>> choice_distance(choice, Card.parse("JD"), 31, VectorRules())
    1
    """
    cards = choice.cards(beacon)
    distance = _set_distance(*_set_values(cards, rules), target, budget_or_default(budget))
    if rules.slingshot and is_slingshot(cards):
        distance -= SLINGSHOT_BONUS
    return distance


def best_distance(
    memory: Sequence[Card],
    beacon: Card | None,
    target: int,
    rules: VectorRules | None = None,
    budget: Budget | None = None,
) -> int | None:
    """The best effective distance over every allowed Vector Set (``None`` if none).

    One ``budget`` covers every set; raises :class:`~cardmath.budget.SearchStopped` if it
    runs out.

    >>> C = Card.parse
    >>> best_distance([C("5H"), C("6S"), C("JD"), C("QC")], C("6D"), 44)
    2
    """
    rules = rules or VectorRules()
    budget = budget_or_default(budget)
    distances = [
        choice_distance(choice, beacon, target, rules, budget)
        for choice in vector_set_choices(memory, beacon, rules)
    ]
    return min(distances) if distances else None


@codec.serializable("navigator.BestVectorSet", formerly=("navigator_rules.BestVectorSet",))
@dataclass(frozen=True)
class BestVectorSet:
    """The best expression for one Vector Set (or the best Vector Set of a hand).

    ``expression`` is text the parser reads back; ``phantom`` the extrapolated value used
    (``None`` if none); ``effective_distance`` is the distance after the Slingshot bonus.
    A search that ran out of budget has ``complete`` False: the expression is the best
    found so far and ``note`` says what was searched.
    """

    memory: tuple[Card, ...]
    beacon: bool
    cards: tuple[Card, ...]
    expression: str
    value: int
    distance: int
    effective_distance: int
    slingshot: bool
    phantom: int | None
    complete: bool = True
    note: str = ""

    @property
    def choice(self) -> VectorChoice:
        return VectorChoice(self.memory, self.beacon)

    def tree(self) -> Expr:
        """The expression as a tree."""
        return parse(self.expression)


def best_for_choice(
    choice: VectorChoice,
    beacon: Card | None,
    target: int,
    rules: VectorRules,
    budget: Budget | None = None,
) -> BestVectorSet:
    """The solver's best (then simplest) expression for one Vector Set.

    If ``budget`` runs out, the answer is the best found so far (``complete`` False); if
    nothing at all was found, the plain sum of the cards' values.
    """
    cards = choice.cards(beacon)
    budget = budget_or_default(budget)
    try:
        _, expression, phantom, complete, note = _set_best(
            *_set_values(cards, rules), target, budget
        )
    except SearchStopped as stop:
        expression, phantom, complete, note = None, None, False, str(stop)
    slingshot = rules.slingshot and is_slingshot(cards)
    if expression is None:
        text, _ = plain_sum(choice, beacon, rules)
        expression = parse(text)
        note = f"{note}; closest so far: the plain sum {text}"
    value = evaluate(expression)
    return BestVectorSet(
        memory=choice.memory,
        beacon=choice.beacon,
        cards=cards,
        expression=to_text(expression),
        value=value,
        distance=abs(value - target),
        effective_distance=abs(value - target) - (SLINGSHOT_BONUS if slingshot else 0),
        slingshot=slingshot,
        phantom=phantom,
        complete=complete,
        note=note,
    )


def plain_sum(choice: VectorChoice, beacon: Card | None, rules: VectorRules) -> tuple[str, int]:
    """The simplest declaration of a Vector Set: add its values (an Ace as 1).

    >>> plain_sum(VectorChoice((Card.parse("AH"), Card.parse("QS"))), Card.parse("3C"), VectorRules())
    ('1 + 12 + 3', 16)
    """
    values = [card_values(card, rules.precog)[0] for card in choice.cards(beacon)]
    return " + ".join(map(str, values)), sum(values)


def best_vector_set(
    memory: Sequence[Card],
    beacon: Card | None,
    target: int,
    options: Any = None,
    *,
    override_suit: str | None = None,
    locked: Card | None = None,
    map_owner: bool = False,
    rules: VectorRules | None = None,
    budget: Budget | None = None,
) -> BestVectorSet:
    """The best Vector Set and expression for a Nav Memory, beacon and target.

    ``options`` is a :class:`~cardmath.games.navigator.NavigatorOptions` (``None``: the
    core game); ``override_suit``, ``locked`` (Hotshot card) and ``map_owner`` describe
    the player's round; or pass ready-made ``rules``. Ties go to the simplest expression.
    One ``budget`` covers the whole question; if it runs out, the answer is the best found
    so far (``complete`` False).

    >>> C = Card.parse
    >>> best = best_vector_set([C("7H"), C("8S"), C("2C"), C("3D")], C("JD"), 31)
    >>> best.distance, best.expression
    (0, '11 × 3 − 2')
    """
    if rules is None:
        rules = VectorRules.from_options(
            options, override_suit=override_suit, locked=locked, map_owner=map_owner
        )
    budget = budget_or_default(budget)
    choices = vector_set_choices(memory, beacon, rules)
    if not choices:
        raise CardMathError("these cards make no Vector Set the rules allow")
    distances = measured_distances(choices, beacon, target, rules, budget)
    known = [distance for distance in distances if distance is not None]
    closest = min(known) if known else None
    results = []
    for choice, distance in zip(choices, distances, strict=True):
        if distance == closest or closest is None:
            results.append(best_for_choice(choice, beacon, target, rules, budget))
            if not results[-1].complete:
                break  # the budget is spent
    best = min(
        results,
        key=lambda r: (r.effective_distance, r.phantom is not None, complexity(r.tree())),
    )
    if len(known) < len(choices) and best.complete:
        note = f"{budget.summary()}; {len(known)} of {len(choices)} Vector Sets were measured"
        best = replace(best, complete=False, note=note)
    return best


def measured_distances(
    choices: Sequence[VectorChoice],
    beacon: Card | None,
    target: int,
    rules: VectorRules,
    budget: Budget,
) -> list[int | None]:
    """Each Vector Set's best effective distance, in order, until the budget runs out
    (``None`` for the sets not measured)."""
    distances: list[int | None] = []
    for choice in choices:
        try:
            distances.append(choice_distance(choice, beacon, target, rules, budget))
        except SearchStopped:
            distances += [None] * (len(choices) - len(distances))
            break
    return distances


# --- the declarations the engine lists -------------------------------------------------


def plain_declarations(
    memory: Sequence[Card], beacon: Card | None, target: int, rules: VectorRules
) -> tuple[Declare, ...]:
    """The plain sum of every Vector Set the rules allow, as declarations (no search).

    >>> C = Card.parse
    >>> [str(d) for d in plain_declarations([C("7H"), C("8S"), C("2C")], C("JD"), 31, VectorRules())]
    ['declare 2C 7H + beacon: 2 + 7 + 11 = 20 (target 31)', 'declare 2C 8S + beacon: 2 + 8 + 11 = 21 (target 31)', 'declare 7H 8S + beacon: 7 + 8 + 11 = 26 (target 31)']
    """
    declarations = []
    precog = rules.precog
    values = {card: card_values(card, precog)[0] for card in (*memory, beacon) if card}
    texts = {card: str(value) for card, value in values.items()}
    for choice in vector_set_choices(memory, beacon, rules):  # distinct sets: no repeats
        cards = choice.cards(beacon)
        declaration = object.__new__(Declare)  # every field already of its type
        object.__setattr__(
            declaration,
            "__dict__",
            {
                "memory": choice.memory,
                "beacon": choice.beacon,
                "expression": " + ".join([texts[card] for card in cards]),  # as plain_sum
                "value": sum([values[card] for card in cards]),
                "target": target,
            },
        )
        declarations.append(declaration)
    return tuple(declarations)


def listed_declarations(
    memory: Sequence[Card], beacon: Card | None, target: int, rules: VectorRules
) -> tuple[Declare, ...]:
    """The plain sum of every Vector Set, and before the plain sum of the closest set the
    solver's best expression for it, within one replayable :func:`listing_budget` (the
    same question always gets the same answer; it is remembered).

    >>> C = Card.parse
    >>> listed = listed_declarations([C("7H"), C("8S"), C("2C")], C("JD"), 31, VectorRules())
    >>> str(min(listed, key=lambda d: abs(d.value - 31)))
    'declare 2C 8S + beacon: 11 × 2 + 8 = 30 (target 31)'
    """
    return _listed(tuple(memory), beacon, target, rules, LISTING_WORK)


@lru_cache(maxsize=4096)
def _listed(
    memory: tuple[Card, ...], beacon: Card | None, target: int, rules: VectorRules, work: int
) -> tuple[Declare, ...]:
    budget = Budget(work=work, seconds=None, replayable=True)
    choices = vector_set_choices(memory, beacon, rules)
    distances = measured_distances(choices, beacon, target, rules, budget)
    known = [distance for distance in distances if distance is not None]
    best_index = distances.index(min(known)) if known else 0
    declarations: dict[Declare, None] = {}
    for index, choice in enumerate(choices):
        if index == best_index:
            best = best_for_choice(choice, beacon, target, rules, budget)
            declarations[
                Declare(choice.memory, choice.beacon, best.expression, best.value, target)
            ] = None
        expression, value = plain_sum(choice, beacon, rules)
        declarations[Declare(choice.memory, choice.beacon, expression, value, target)] = None
    return tuple(declarations)
