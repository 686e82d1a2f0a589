"""Every value a hand makes: :func:`reach` (within a budget) and :func:`reachable`.

>>> sorted(reachable([2, 3]))
[-1, 1, 5, 6, 8, 9]
>>> sorted(reachable([5, 1], Rules("*", use_all=False, skip_trivial=True)))
[1, 5]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Unpack

from cardmath.budget import Budget, SearchStopped, amount, budget_or_default
from cardmath.errors import CardMathError
from cardmath.expr import Num
from cardmath.solver.engine import Engine
from cardmath.solver.inputs import as_leaf
from cardmath.solver.rules import DEFAULT_RULES, MAX_NUMBERS, RuleOptions, Rules, resolve_rules

__all__ = ["Reach", "reach", "reachable"]


@dataclass(frozen=True)
class Reach:
    """The values a hand makes: all of them, or (``complete`` False) those found before
    the budget ran out, with ``note`` saying so.

    >>> sorted(reach([2, 3]).values)
    [-1, 1, 5, 6, 8, 9]
    >>> stopped = reach([2, 3, 4, 5, 6, 7], budget=Budget(work=5_000))
    >>> stopped.complete, stopped.note.endswith("values found so far, and there may be more")
    (False, True)
    """

    values: frozenset[int]
    complete: bool = True
    note: str = ""


def reach(
    numbers: Iterable[int | Num],
    rules: Rules | str = DEFAULT_RULES,
    *,
    budget: Budget | None = None,
    **options: Unpack[RuleOptions],
) -> Reach:
    """Every value the numbers make under ``rules`` (as :func:`reachable`), within a budget.

    A search that runs out of budget returns the values found so far, marked incomplete.
    """
    rules = resolve_rules(rules, options)
    leaves = [as_leaf(item) for item in numbers]
    if len(leaves) > MAX_NUMBERS:
        raise CardMathError(f"the solver takes at most {MAX_NUMBERS} numbers, not {len(leaves)}")
    budget = budget_or_default(budget)
    engine = Engine(leaves, rules, budget)
    found: set[int] = set()
    if engine.full == 0:
        return Reach(frozenset())
    try:
        if not rules.use_all:
            for mask in engine.masks():
                found |= engine.values(mask)
        elif engine.full & (engine.full - 1) == 0:
            found |= engine.values(engine.full)
        else:
            # splits into smaller groups first: their values come quickly
            splits = sorted(
                engine.splits(engine.full),
                key=lambda split: max(split[0].bit_count(), split[1].bit_count()),
            )
            for left, right in splits:
                engine.combine(engine.values(left), engine.values(right), found)
    except SearchStopped as stop:
        note = f"{stop}; {amount(len(found))} values found so far, and there may be more"
        return Reach(frozenset(found), False, note)
    return Reach(frozenset(found))


def reachable(
    numbers: Iterable[int | Num],
    rules: Rules | str = DEFAULT_RULES,
    *,
    budget: Budget | None = None,
    **options: Unpack[RuleOptions],
) -> frozenset[int]:
    """Every value the numbers make, each used exactly once (or any of them,
    ``Rules(use_all=False)``).

    ``rules`` may be a string of operators; ``Rules.countdown()`` is the TV show's (any
    subset, positive intermediates, no ×1 or ÷1). The single keywords of
    :class:`~cardmath.solver.rules.RuleOptions` (``countdown_rules=True``...) still work.
    Raises :class:`~cardmath.budget.SearchStopped` if the budget runs out (:func:`reach`
    returns the values found so far instead).

    >>> sorted(reachable([7, 8, 11], "+-"))
    [-12, -10, -4, 4, 10, 12, 26]
    >>> sorted(reachable([2, 2], "+*^"))
    [4]
    >>> reachable([3, 3], "+-*/", countdown_rules=True) == reachable([3, 3], Rules.countdown())
    True
    """
    result = reach(numbers, resolve_rules(rules, options), budget=budget)
    if not result.complete:
        raise SearchStopped(result.note)
    return result.values
