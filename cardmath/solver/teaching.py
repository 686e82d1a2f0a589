"""Teaching: graded hints (:func:`hint`) and a puzzle's difficulty (:func:`difficulty`).

Both ask :func:`~cardmath.solver.choices.best_choice` and read its simplest solutions the
way a teacher would: how close, which cards, the first step, the whole working.

>>> hint([7, 8, 11], 31, 2).text
'The best possible is 1 away from 31. Use 7, 8 and 11.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Unpack

from cardmath.budget import Budget, SearchStopped
from cardmath.errors import CardMathError
from cardmath.expr import Expr, calculation_steps, evaluate, show_number
from cardmath.solver.choices import BestChoice, best_choice
from cardmath.solver.complexity import complexity
from cardmath.solver.inputs import CardLike
from cardmath.solver.rules import DEFAULT_RULES, RuleOptions, Rules, resolve_rules

__all__ = ["DIFFICULTY_LABELS", "Difficulty", "Hint", "difficulty", "hint"]


@dataclass(frozen=True)
class Hint:
    """A graded hint; show ``text``. Higher levels reveal more.

    Level 1: the best distance possible. 2: which cards (and values). 3: the first step.
    4: the whole solution, with ``expression`` set for drawing its tree. A hint whose
    search ran out of budget has ``complete`` False, says so at the end of ``text``, and
    keeps the search's sentence in ``note``.
    """

    level: int
    text: str
    best_distance: int
    cards: tuple[str, ...] = ()
    values: tuple[int, ...] = ()
    first_step: str | None = None
    expression: Expr | None = field(default=None)
    complete: bool = True
    note: str = ""


def hint(
    cards: Sequence[CardLike],
    target: int,
    level: int,
    *,
    choose: int | None = None,
    must_use: Sequence[CardLike] = (),
    rules: Rules | str = DEFAULT_RULES,
    budget: Budget | None = None,
    **options: Unpack[RuleOptions],
) -> Hint:
    """A hint of the given level (1 to 4) for a hand and a target.

    ``choose``, ``must_use`` and ``rules`` are as in :func:`best_choice` (Navigator:
    choose 2 of the Nav Memory, must use the beacon).

    >>> from cardmath.solver import Choice
    >>> hint([7, 8, Choice((11,), "J")], 31, 1).text
    'The best possible is 1 away from 31.'
    >>> hint([7, 8, Choice((11,), "J")], 31, 3).text
    'Start with 11 − 7 = 4.'
    >>> print(hint([7, 8, Choice((11,), "J")], 31, 4).text)
    (11 − 7) × 8 = 32, 1 away from 31. Working: 11 − 7 = 4; 4 × 8 = 32
    """
    if level not in (1, 2, 3, 4):
        raise CardMathError("hint levels are 1, 2, 3 and 4")
    result = best_choice(
        cards,
        target,
        choose=choose,
        must_use=must_use,
        rules=resolve_rules(rules, options),
        budget=budget,
        simplest_only=True,
    )
    found = _hint(result, target, level)
    if result.complete:
        return found
    text = found.text + " (The search stopped before it finished, so this may not be the best.)"
    return replace(found, text=text, complete=False, note=result.note)


def _hint(result: BestChoice, target: int, level: int) -> Hint:
    distance = result.best_distance
    choice = result.best
    expression = choice.solution.best
    if distance == 0:
        text = f"You can make {target} exactly."
    else:
        text = f"The best possible is {distance} away from {target}."
    if level == 1:
        return Hint(1, text, distance)
    if level == 2:
        text = f"{text} Use {choice.describe()}."
        return Hint(2, text, distance, choice.cards, choice.values)
    if expression is None:  # a stopped search that wrote no expression down
        return Hint(level, text, distance, choice.cards, choice.values)
    value = evaluate(expression)
    steps = calculation_steps(expression)
    if level == 3:
        if steps:
            first = str(steps[0])
            text = f"Start with {first}."
        else:
            first = None
            text = f"Use {choice.describe()} on its own."
        return Hint(3, text, distance, choice.cards, choice.values, first)
    working = "; ".join(str(step) for step in steps)
    away = f"exactly {target}" if distance == 0 else f"{distance} away from {target}"
    text = f"{expression} = {show_number(value)}, {away}."
    if working:
        text += f" Working: {working}"
    first = str(steps[0]) if steps else None
    return Hint(4, text, distance, choice.cards, choice.values, first, expression)


DIFFICULTY_LABELS = ("gentle", "steady", "tricky", "tough", "fiendish")
"""Labels for difficulty scores 1 to 5."""


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's difficulty: ``score`` 1..5, its ``label``, and the features behind it.

    ``points`` add up: only one distinct best solution: 1; the simplest solution's
    :func:`complexity` (under 5: 0, 5-8: 1, 9-13: 2, 14 or more: 3); target not reachable
    exactly: 1; every best solution needs ÷: 1, needs ^: 1, needs a negative step: 1; the
    simplest solution's biggest step is 100 or more: 1 (1,000 or more: 2); it needs 4
    operations: 1 (5 or more: 2). ``score = min(5, 1 + points // 2)``, so 0-1 points
    is 1 and 8 or more is 5. A rating whose search ran out of budget has ``complete``
    False (it rates the solutions found so far) and says so in ``note``.
    """

    score: int
    label: str
    points: int
    simplest_complexity: int
    best_distance: int
    solution_count: int
    operations: int
    largest_intermediate: int
    needs_division: bool
    needs_power: bool
    needs_negative: bool
    complete: bool = True
    note: str = ""


def difficulty(
    cards: Sequence[CardLike],
    target: int,
    *,
    choose: int | None = None,
    must_use: Sequence[CardLike] = (),
    rules: Rules | str = DEFAULT_RULES,
    budget: Budget | None = None,
    **options: Unpack[RuleOptions],
) -> Difficulty:
    """Rate a puzzle from features of its solutions (see :class:`Difficulty`).

    >>> rating = difficulty([7, 8, 11], 26)
    >>> rating.label, rating.solution_count
    ('gentle', 1)
    """
    result = best_choice(
        cards,
        target,
        choose=choose,
        must_use=must_use,
        rules=resolve_rules(rules, options),
        budget=budget,
    )
    solutions = result.solutions
    if not solutions:
        raise SearchStopped(result.note)
    count = len(solutions)
    step_lists = [calculation_steps(expression) for expression in solutions]
    simplest = step_lists[0]
    largest = max((abs(step.value) for step in simplest), default=0)
    needs_division = all(any(step.op == "/" for step in steps) for steps in step_lists)
    needs_power = all(any(step.op == "^" for step in steps) for steps in step_lists)
    needs_negative = all(any(step.value < 0 for step in steps) for steps in step_lists)
    effort = complexity(solutions[0])
    points = int(count == 1)
    points += 0 if effort < 5 else 1 if effort <= 8 else 2 if effort <= 13 else 3
    points += result.best_distance > 0
    points += needs_division + needs_power + needs_negative
    points += 2 if largest >= 1000 else 1 if largest >= 100 else 0
    points += 2 if len(simplest) >= 5 else 1 if len(simplest) == 4 else 0
    score = min(5, 1 + points // 2)
    return Difficulty(
        score=score,
        label=DIFFICULTY_LABELS[score - 1],
        points=points,
        simplest_complexity=effort,
        best_distance=result.best_distance,
        solution_count=count,
        operations=len(simplest),
        largest_intermediate=largest,
        needs_division=needs_division,
        needs_power=needs_power,
        needs_negative=needs_negative,
        complete=result.complete,
        note=result.note,
    )
