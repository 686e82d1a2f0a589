"""Solutions: the closest value to a target and every distinct expression reaching it.

:class:`Hand` searches a hand once for several questions; :func:`solve` asks one.
Solutions are distinct up to :func:`~cardmath.solver.normal.normal_form` and ranked
simplest first by :func:`~cardmath.solver.complexity.complexity`.

>>> result = solve([7, 8, 11], 31)
>>> result.best_distance, result.best_values, str(result.solutions[0])
(1, (32,), '(11 − 7) × 8')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Unpack

from cardmath.budget import Budget, SearchStopped, amount, budget_or_default
from cardmath.errors import CardMathError
from cardmath.expr import BinOp, Expr, Num, evaluate, show_number
from cardmath.solver.complexity import RankKey
from cardmath.solver.engine import Engine
from cardmath.solver.inputs import as_leaf
from cardmath.solver.normal import NormalForm
from cardmath.solver.rules import DEFAULT_RULES, MAX_NUMBERS, RuleOptions, Rules, resolve_rules

__all__ = ["STOPPED_GRACE", "Hand", "Solution", "solve"]

_NEAR_SEARCH = 12
"""How far from the target single values are tried before listing all values."""

_PLAIN_SHARE = 0.3
"""Share of a budget the plain listing of every solution may use before the search turns
to listing the simplest solutions level by level."""

_FIRST_SLACK = 4
"""How far above the lightest possible weight the level-by-level search starts."""

_LEVEL_STEP = 4
"""How much each level of the level-by-level search raises the weight allowed."""

_RANK_COST = 20
"""Work units to write down and rank one solution (a tree built and checked step by step)."""

STOPPED_GRACE = 150_000
"""Work units a stopped search may still spend to write down one answer it knows exists."""


@dataclass(frozen=True)
class Solution:
    """The answer for one hand and target.

    ``solutions`` holds every distinct expression at the best distance, simplest first;
    ``best_values`` the results at that distance (one or two). ``simplest_only``: only
    the simplest solutions were asked for (those of the least complexity). A search that
    ran out of budget has ``complete`` False and says in ``note`` what it found so far.

    >>> result = solve([1, 2, 3], 6, "+*")
    >>> [str(expression) for expression in result.solutions]
    ['3 + 2 + 1', '3 × 2 × 1']
    """

    numbers: tuple[int, ...]
    target: int
    best_distance: int
    best_values: tuple[int, ...]
    solutions: tuple[Expr, ...]
    complete: bool = True
    note: str = ""
    simplest_only: bool = False

    @property
    def solution_count(self) -> int:
        """How many distinct solutions reach the best distance (of those listed)."""
        return len(self.solutions)

    @property
    def exact(self) -> bool:
        """Whether the target itself can be made."""
        return self.best_distance == 0

    @property
    def best(self) -> Expr | None:
        """The simplest solution (``None`` only for an empty hand)."""
        return self.solutions[0] if self.solutions else None

    def to_json(self) -> dict[str, object]:
        """A plain dictionary (solutions as text) for JSON."""
        return {
            "target": self.target,
            "best_distance": self.best_distance,
            "best_values": list(self.best_values),
            "solutions": [str(expression) for expression in self.solutions],
            "solution_count": self.solution_count,
            "complete": self.complete,
            "note": self.note,
        }


def _best_distance(engine: Engine, target: int, mask: int) -> tuple[int, list[int]]:
    """(best distance, canonical masks that may reach a best value) for the numbers of
    ``mask``.

    Values near the target are looked up (or asked of big sub-multisets) one distance
    at a time; only when nothing is near are all values listed and scanned. Distances
    ruled out so far are kept in ``engine.refuted`` (for a search that is stopped).
    """
    whole = engine.canon[mask]
    masks = engine.masks(whole) if not engine.rules.use_all else [whole]
    engine.refuted = 0
    listed = [engine.values(part) for part in masks if engine.listed(part)]
    asked = [part for part in masks if not engine.listed(part)]
    for distance in range(_NEAR_SEARCH + 1):
        for value in {target - distance, target + distance}:
            if any(value in values for values in listed):
                return distance, masks
            if any(engine.contains(part, value) for part in asked):
                return distance, masks
        engine.refuted = distance + 1
    distances = [abs(value - target) for part in masks for value in engine.values(part)]
    if not distances:  # only 0 ^ 0 and the like: every way is against the rules
        used = ", ".join(
            str(leaf.value) for bit, leaf in enumerate(engine.leaves) if whole >> bit & 1
        )
        raise CardMathError(f"{used} make no value with the operators {engine.rules.ops}")
    return min(distances), masks


def _ranked(engine: Engine, forms: Iterable[NormalForm]) -> list[tuple[RankKey, Expr]]:
    forms = list(forms)
    engine.budget.charge(_RANK_COST * len(forms))
    return sorted((engine.ranked_tree(form) for form in forms), key=lambda pair: pair[0])


def _lightest_ranked(engine: Engine, forms: dict[NormalForm, int]) -> list[tuple[RankKey, Expr]]:
    """The forms of least complexity, ranked: forms are tried lightest first, and none
    heavier than the least complexity found can beat it (complexity >= weight)."""
    ranked: list[tuple[RankKey, Expr]] = []
    least: int | None = None
    for form, weight in sorted(forms.items(), key=lambda item: item[1]):
        if least is not None and weight > least:
            break
        engine.budget.charge(_RANK_COST)
        pair = engine.ranked_tree(form)
        ranked.append(pair)
        if least is None or pair[0][0] < least:
            least = pair[0][0]
    ranked.sort(key=lambda pair: pair[0])
    return [pair for pair in ranked if pair[0][0] == least]


class Hand:
    """Numbers searched once for several questions, each naming the numbers it uses.

    The values of every group of numbers, and how each value is made, are shared between
    the questions: asking about a hand with and without one extra number (Navigator's
    phantom, or an Ace as 1 and as 100) costs little more than asking once. Questions
    use at most :data:`MAX_NUMBERS` numbers; ``use`` lists their positions (default:
    all). ``rules`` (or a string of operators) hold for every question; the single
    keywords of :class:`~cardmath.solver.rules.RuleOptions` still work. The budget is
    shared by every question unless replaced (``hand.budget = ...``).

    >>> hand = Hand([7, 8, 11, 4])
    >>> hand.distance(31, use=[0, 1, 2]), hand.distance(31)
    (1, 0)
    >>> str(hand.solve(31, use=[0, 1, 2]).best)
    '(11 − 7) × 8'
    """

    def __init__(
        self,
        numbers: Iterable[int | Num],
        rules: Rules | str = DEFAULT_RULES,
        *,
        budget: Budget | None = None,
        **options: Unpack[RuleOptions],
    ) -> None:
        rules = resolve_rules(rules, options)
        leaves = [as_leaf(item) for item in numbers]
        self.leaves = tuple(leaves)
        order = sorted(range(len(leaves)), key=lambda i: (leaves[i].value, leaves[i].label or ""))
        self._bits = [0] * len(leaves)
        for position, index in enumerate(order):
            self._bits[index] = 1 << position
        self.engine = Engine(leaves, rules, budget_or_default(budget))

    @property
    def budget(self) -> Budget:
        return self.engine.budget

    @budget.setter
    def budget(self, budget: Budget) -> None:
        self.engine.budget = budget

    def _mask(self, use: Iterable[int] | None) -> tuple[int, tuple[int, ...]]:
        positions = range(len(self.leaves)) if use is None else list(use)
        mask = 0
        for position in positions:
            bit = self._bits[position]
            if mask & bit:
                raise CardMathError(f"number {position} is named twice")
            mask |= bit
        if mask.bit_count() > MAX_NUMBERS:
            raise CardMathError(
                f"the solver takes at most {MAX_NUMBERS} numbers, not {mask.bit_count()}"
            )
        return mask, tuple(self.leaves[position].value for position in positions)

    def distance(self, target: int, use: Iterable[int] | None = None) -> int:
        """The best distance to ``target`` (raises ``SearchStopped`` past the budget)."""
        mask, _ = self._mask(use)
        if mask == 0:
            return abs(target)
        return _best_distance(self.engine, target, mask)[0]

    def solve(
        self, target: int, use: Iterable[int] | None = None, *, simplest_only: bool = False
    ) -> Solution:
        """The closest value to ``target`` and the distinct expressions reaching it (see
        :func:`solve`); ``simplest_only`` finds only the simplest ones, much faster when
        a hand has thousands of solutions (a target of 0 or 1)."""
        if isinstance(target, bool) or not isinstance(target, int):
            raise CardMathError(f"the target must be a whole number, not {target!r}")
        mask, numbers = self._mask(use)
        if mask == 0:
            return Solution(numbers, target, abs(target), (), ())
        engine = self.engine
        try:
            distance, masks = _best_distance(engine, target, mask)
            candidates = sorted({target - distance, target + distance})
            reached = [
                (value, part)
                for value in candidates
                for part in masks
                if engine.contains(part, value)
            ]
        except SearchStopped as stop:
            return self._closest_so_far(target, mask, numbers, stop)
        values = tuple(sorted({value for value, _ in reached}))
        base = Solution(numbers, target, distance, values, (), simplest_only=simplest_only)
        if not simplest_only:
            budget = engine.budget
            engine.budget = budget.part(_PLAIN_SHARE)
            try:
                forms: dict[NormalForm, None] = {}
                for value, part in reached:
                    forms.update(engine.forms(part, value))
                ranked = _ranked(engine, forms)
                return replace(base, solutions=tuple(tree for _, tree in ranked))
            except SearchStopped:
                pass  # too many to list them all: list the simplest, level by level
            finally:
                engine.budget = budget
        return self._by_levels(base, reached)

    def _by_levels(self, base: Solution, reached: list[tuple[int, int]]) -> Solution:
        """Solutions listed by weight level (see :meth:`Engine.light_forms`): each level
        lists every solution of complexity up to its weight, so the simplest come first
        and a stopped search still shows the simplest ones exactly."""
        engine = self.engine
        cap = min(part.bit_count() for _, part in reached) - 1 + _FIRST_SLACK
        last: tuple[int, list[tuple[RankKey, Expr]]] | None = None
        try:
            while True:
                forms: dict[NormalForm, int] = {}
                pruned = False
                for value, part in reached:
                    found, cut = engine.light_forms(part, value, cap)
                    forms.update(found)
                    pruned = pruned or cut
                if base.simplest_only:
                    ranked = _lightest_ranked(engine, forms)
                else:
                    ranked = _ranked(engine, forms)
                least = ranked[0][0][0] if ranked else None
                if not pruned or (base.simplest_only and least is not None and least <= cap):
                    if base.simplest_only and least is not None:
                        ranked = [pair for pair in ranked if pair[0][0] == least]
                    return replace(base, solutions=tuple(tree for _, tree in ranked))
                last = (cap, ranked)
                raised = cap + _LEVEL_STEP
                cap = max(raised, least) if base.simplest_only and least is not None else raised
        except SearchStopped as stop:
            return self._stopped_listing(base, reached, last, stop)

    def _stopped_listing(
        self,
        base: Solution,
        reached: list[tuple[int, int]],
        last: tuple[int, list[tuple[RankKey, Expr]]] | None,
        stop: SearchStopped,
    ) -> Solution:
        """The best distance is known but the listing stopped: what can be shown."""
        engine = self.engine
        away = "on target" if base.best_distance == 0 else f"{show_number(base.best_distance)} away"
        if last is not None and last[1]:
            cap, ranked = last
            proven = [tree for key, tree in ranked if key[0] <= cap]
            if base.simplest_only:
                tree = ranked[0][1]
                note = (
                    f"{stop}; closest so far: {tree} = {show_number(evaluate(tree))}, {away} "
                    "(as close as possible), but a simpler way may exist"
                )
                return replace(base, solutions=(tree,), complete=False, note=note)
            if proven:
                note = (
                    f"{stop}; the {amount(len(proven))} simplest solutions are listed "
                    f"(every one up to complexity {cap}), and there are more"
                )
                return replace(base, solutions=tuple(proven), complete=False, note=note)
            trees = tuple(tree for _, tree in ranked)
            note = f"{stop}; {amount(len(trees))} solutions found so far, and there may be more"
            return replace(base, solutions=trees, complete=False, note=note)
        budget = engine.budget
        engine.budget = budget.grace(STOPPED_GRACE)
        try:
            value, part = reached[0]
            form = engine.witness(part, value)
            trees = () if form is None else (engine.ranked_tree(form)[1],)
        except SearchStopped:
            trees = ()
        finally:
            engine.budget = budget
        if trees:
            tree = trees[0]
            note = (
                f"{stop}; closest so far: {tree} = {show_number(evaluate(tree))}, {away} "
                "(as close as possible); simpler ways were not searched"
            )
        else:
            note = (
                f"{stop}; the best possible is {away}, "
                "but the search stopped before writing one down"
            )
        return replace(base, solutions=trees, complete=False, note=note)

    def _closest_so_far(
        self, target: int, mask: int, numbers: tuple[int, ...], stop: SearchStopped
    ) -> Solution:
        """The budget ran out before the best distance was known: the closest of a few
        plain answers (every number added, or multiplied; each number alone if any may be
        used), with what was ruled out."""
        engine = self.engine
        used = [leaf for bit, leaf in enumerate(engine.leaves) if mask >> bit & 1]
        used.sort(key=lambda leaf: -leaf.value)
        candidates: list[Expr] = []
        for op in "+*":
            if op in engine.rules.ops or len(used) == 1:
                tree: Expr = used[0]
                for leaf in used[1:]:
                    tree = BinOp(op, tree, leaf)
                candidates.append(tree)
        if not engine.rules.use_all:
            candidates.extend(used)
        scored = []
        for tree in candidates:
            score = engine.score(tree)
            if score is not None:
                scored.append((abs(evaluate(tree) - target), score, tree))
        refuted = engine.refuted
        ruled_out = (
            f"; nothing within {refuted - 1} of {show_number(target)}" if refuted > 1 else ""
        )
        if not scored:
            note = f"{stop}{ruled_out}; no answer found so far"
            return Solution(numbers, target, abs(target), (), (), complete=False, note=note)
        distance, _, tree = min(scored, key=lambda item: (item[0], item[1]))
        value = evaluate(tree)
        note = f"{stop}{ruled_out}; closest so far: {tree} = {show_number(value)}, " + (
            "on target" if distance == 0 else f"{show_number(distance)} away"
        )
        return Solution(numbers, target, distance, (value,), (tree,), complete=False, note=note)


def solve(
    numbers: Iterable[int | Num],
    target: int,
    rules: Rules | str = DEFAULT_RULES,
    *,
    budget: Budget | None = None,
    simplest_only: bool = False,
    **options: Unpack[RuleOptions],
) -> Solution:
    """The closest value to ``target`` and every distinct expression reaching it.

    ``rules`` say which operators and results are allowed (:class:`Rules`; a string is
    its operators): by default every operator, each number used exactly once.
    ``Rules.countdown()`` is the TV show's; the single keywords of
    :class:`~cardmath.solver.rules.RuleOptions` (``countdown_rules=True``...) still work.
    ``simplest_only`` lists only the simplest solutions. The search keeps to ``budget``
    (default: about a second's work); a stopped search is marked incomplete and its
    ``note`` says what it found (:class:`Solution`).

    >>> result = solve([1, 3, 7, 10, 25, 50], 765, Rules.countdown())
    >>> result.best_distance, str(result.solutions[0])
    (0, '(50 + 1) × (25 − 10)')
    >>> solve([1, 3, 7, 10, 25, 50], 765, "+-*/", countdown_rules=True) == result
    True
    >>> busy = solve([2, 3, 4, 5, 6, 7], 1, budget=Budget(work=20_000))
    >>> busy.complete, busy.best_distance, busy.note.startswith("searched 20,")
    (False, 0, True)
    """
    if isinstance(target, bool) or not isinstance(target, int):
        raise CardMathError(f"the target must be a whole number, not {target!r}")
    leaves = [as_leaf(item) for item in numbers]
    if len(leaves) > MAX_NUMBERS:
        raise CardMathError(f"the solver takes at most {MAX_NUMBERS} numbers, not {len(leaves)}")
    hand = Hand(leaves, rules, budget=budget, **options)
    return hand.solve(target, simplest_only=simplest_only)
