"""The search engine: value sets and normal-form expressions over sub-multisets of a hand.

Sub-multisets are bitmasks over the hand's numbers, sorted (equal numbers share one
entry, so two 5s never double-count). The values of every small sub-multiset are listed
bottom-up; a big one is asked "do you make x?" of its splits instead; then only the
expressions hitting the values wanted are rebuilt, as normal forms.

>>> from cardmath.expr import Num
>>> engine = Engine([Num(2), Num(3)], Rules("+*"))
>>> sorted(engine.values(engine.full)), str(engine.derived_tree(engine.witness(3, 6)))
([5, 6], '2 × 3')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence

from cardmath.budget import Budget
from cardmath.expr import BinOp, Expr, Num, exact_quotient, fits, power
from cardmath.solver.complexity import FORM_WEIGHT, RankKey, complexity_of
from cardmath.solver.normal import (
    LEAF,
    POWER,
    SUM,
    NormalForm,
    canonical_tree,
    combine_forms,
    leaf_form,
)
from cardmath.solver.powers import bases, exponents
from cardmath.solver.rules import Rules

__all__ = ["CanonicalMasks", "Engine"]

_LISTED_UP_TO = 4
"""Sub-multisets up to this size have all their values listed; bigger ones are asked."""

_PAIR_COST = 2
"""Work units to combine one pair of values in every way (see :mod:`cardmath.budget`)."""

_PAIR_COST_WITH_POWERS = 6
"""The same when ``^`` is allowed: powers of big numbers take longer."""

_BIG_BITS = 1024
"""A power longer than this many bits is charged one more unit per this many bits."""

_MATCH_COST = 3
"""Work units to look up the partners of one value for every operation."""

_LIMIT_BITS = (10**10_000).bit_length()
"""No product longer than this is worked out (the size guard's limit, 10,000 digits)."""


class CanonicalMasks(dict[int, int]):
    """For each mask, the mask of the same multiset using the first equal leaves.

    Leaves are sorted, so equal ones sit side by side; masks are worked out when first
    asked (a hand with phantom and Ace values may have a dozen leaves).
    """

    def __init__(self, leaves: Sequence[Num]) -> None:
        super().__init__()
        self.groups: list[tuple[int, int]] = []  # (group mask, lowest index)
        for index, leaf in enumerate(leaves):
            if index and leaves[index - 1] == leaf:
                group_mask, lowest = self.groups[-1]
                self.groups[-1] = (group_mask | 1 << index, lowest)
            else:
                self.groups.append((1 << index, index))

    def __missing__(self, mask: int) -> int:
        canonical = 0
        for group_mask, lowest in self.groups:
            taken = (mask & group_mask).bit_count()
            canonical |= ((1 << taken) - 1) << lowest
        self[mask] = canonical
        return canonical


class Engine:
    """Value sets and normal-form expressions over sub-multisets of one hand.

    Sub-multisets of up to :data:`_LISTED_UP_TO` numbers have all their values listed;
    bigger ones are asked "do you make x?" (memoised), which looks partners up in the
    listed values of their splits instead of listing thousands of values.
    """

    def __init__(self, leaves: Sequence[Num], rules: Rules, budget: Budget | None = None) -> None:
        self.leaves = sorted(leaves, key=lambda leaf: (leaf.value, leaf.label or ""))
        self.rules = rules
        self.budget = budget if budget is not None else Budget.unlimited()
        count = len(self.leaves)
        self.full = (1 << count) - 1
        self.canon = CanonicalMasks(self.leaves)
        self.value_sets: dict[int, frozenset[int]] = {}
        self.made: dict[tuple[int, int], bool] = {}
        self.split_lists: dict[int, list[tuple[int, int]]] = {}
        self.form_sets: dict[tuple[int, int], dict[NormalForm, None]] = {}
        self.light_sets: dict[tuple[int, int], tuple[int, dict[NormalForm, int], bool]] = {}
        self.refuted = 0  # distances from a target ruled out so far (see _best_distance)
        self.ranks: dict[NormalForm, tuple[RankKey, Expr]] = {}
        self.weights: dict[NormalForm, int] = {}
        self.form_values: dict[NormalForm, int] = {}
        self.derivations: dict[NormalForm, tuple[str, NormalForm, NormalForm]] = {}
        ops = rules.ops
        self.plus, self.minus, self.times = "+" in ops, "-" in ops, "*" in ops
        self.divide, self.raise_ = "/" in ops, "^" in ops
        self.pair_cost = _PAIR_COST_WITH_POWERS if self.raise_ else _PAIR_COST
        bound = 1
        for leaf in self.leaves:
            bound *= leaf.value + 1
        # without ^, |value| < product of (number + 1): then no result can break the guard
        self.guarded = self.raise_ or not fits(bound)
        self.countdown_loop = (
            rules.positive_only
            and rules.skip_trivial
            and not self.raise_
            and not self.guarded
            and rules.max_magnitude is None
        )

    def masks(self, within: int | None = None) -> list[int]:
        """Canonical masks of all distinct non-empty sub-multisets (of ``within``)."""
        within = self.full if within is None else within
        found: set[int] = set()
        part = within
        while part:
            found.add(self.canon[part])
            part = (part - 1) & within
        return sorted(found)

    def splits(self, mask: int) -> list[tuple[int, int]]:
        """Distinct unordered splits of a sub-multiset into two non-empty parts."""
        mask = self.canon[mask]
        cached = self.split_lists.get(mask)
        if cached is not None:
            return cached
        seen: set[tuple[int, int]] = set()
        found: list[tuple[int, int]] = []
        lowest = mask & -mask
        part = (mask - 1) & mask
        while part:
            if part & lowest:
                left, right = self.canon[part], self.canon[mask ^ part]
                key = (left, right) if left <= right else (right, left)
                if key not in seen:
                    seen.add(key)
                    found.append(key)
            part = (part - 1) & mask
        self.split_lists[mask] = found
        return found

    # values ----------------------------------------------------------------------------

    def listed(self, mask: int) -> bool:
        """Whether the values of ``mask`` are (or will cheaply be) listed."""
        return mask.bit_count() <= _LISTED_UP_TO or self.canon[mask] in self.value_sets

    def values(self, mask: int) -> frozenset[int]:
        """Every value this sub-multiset makes using each of its numbers exactly once."""
        mask = self.canon[mask]
        cached = self.value_sets.get(mask)
        if cached is not None:
            return cached
        if mask & (mask - 1) == 0:
            result = frozenset((self.leaves[mask.bit_length() - 1].value,))
        else:
            found: set[int] = set()
            for left, right in self.splits(mask):
                self.combine(self.values(left), self.values(right), found)
            result = frozenset(found)
        self.value_sets[mask] = result
        return result

    def contains(self, mask: int, value: int) -> bool:
        """Whether ``mask`` makes ``value``: looked up if listed, else asked (memoised)."""
        mask = self.canon[mask]
        if self.listed(mask):
            return value in self.values(mask)
        key = (mask, value)
        known = self.made.get(key)
        if known is None:
            known = next(self.matches(mask, value), None) is not None
            self.made[key] = known
        return known

    def _keep(self, value: int) -> bool:
        rules = self.rules
        if rules.positive_only and value < 1:
            return False
        if rules.max_magnitude is not None and abs(value) > rules.max_magnitude:
            return False
        return not self.guarded or fits(value)

    def combine(self, firsts: frozenset[int], seconds: frozenset[int], found: set[int]) -> None:
        if self.countdown_loop:
            self._combine_countdown(firsts, seconds, found)
            return
        if len(firsts) > len(seconds):
            firsts, seconds = seconds, firsts
        charge, cost = self.budget.charge, self.pair_cost * len(seconds)
        for a in firsts:
            charge(cost)  # pair by pair, so a stop comes soon after the limit
            for b in seconds:
                for value in self._results(a, b):
                    found.add(value)

    def _combine_countdown(
        self, firsts: frozenset[int], seconds: frozenset[int], found: set[int]
    ) -> None:
        """The hot loop for positive whole numbers without ×1 and ÷1 (the TV show's rules)."""
        add = found.add
        plus, minus, times, divide = self.plus, self.minus, self.times, self.divide
        charge, cost = self.budget.charge, self.pair_cost * len(seconds)
        for a in firsts:
            charge(cost)
            for b in seconds:
                if a < b:
                    big, small = b, a
                else:
                    big, small = a, b
                if plus:
                    add(big + small)
                if minus and big != small:
                    add(big - small)
                if small != 1:
                    if times:
                        add(big * small)
                    if divide and big % small == 0:
                        add(big // small)

    def _results(self, a: int, b: int) -> Iterator[int]:
        """Every legal value of ``a op b`` and ``b op a`` under the rules (with repeats)."""
        skip = self.rules.skip_trivial
        keep = self._keep
        if self.plus:
            value = a + b
            if keep(value):
                yield value
        if self.minus:
            value = a - b
            if keep(value):
                yield value
            if keep(-value):
                yield -value
        if (
            self.times
            and not (skip and (a == 1 or b == 1))
            and (not self.guarded or a.bit_length() + b.bit_length() - 1 <= _LIMIT_BITS)
        ):
            value = a * b
            if keep(value):
                yield value
        if self.divide:
            if not (skip and b == 1):
                quotient = exact_quotient(a, b)
                if quotient is not None and keep(quotient):
                    yield quotient
            if not (skip and a == 1):
                quotient = exact_quotient(b, a)
                if quotient is not None and keep(quotient):
                    yield quotient
        if self.raise_:
            for base, exponent in ((a, b), (b, a)):
                if skip and exponent == 1:
                    continue
                value_or_none = power(base, exponent)
                if value_or_none is not None and keep(value_or_none):
                    if value_or_none.bit_length() > _BIG_BITS:  # a long power takes a while
                        self.budget.charge(value_or_none.bit_length() // _BIG_BITS)
                    yield value_or_none

    def _legal(self, op: str, a: int, b: int) -> int | None:
        """``a op b`` under the rules of this search, or ``None``."""
        skip = self.rules.skip_trivial
        if op == "+":
            value: int | None = a + b
        elif op == "-":
            value = a - b
        elif op == "*":
            if skip and (a == 1 or b == 1):
                return None
            if self.guarded and a.bit_length() + b.bit_length() - 1 > _LIMIT_BITS:
                return None
            value = a * b
        elif op == "/":
            if skip and b == 1:
                return None
            value = exact_quotient(a, b)
        else:
            if skip and b == 1:
                return None
            value = power(a, b)
        if value is None or not self._keep(value):
            return None
        return value

    # how a sub-multiset makes one value -------------------------------------------------

    def matches(
        self, mask: int, target: int, ops: str | None = None
    ) -> Iterator[tuple[int, str, int, int, int]]:
        """Every top-level way ``left op right = target``: (left mask, op, right mask, a, b).

        Walks the values of one side of each split (a listed one, the smaller if both
        are) and asks the other side for the partner each operation needs. ``ops``
        (default: all of this search's) limits the top-level operation.
        """
        if not self._keep(target):
            return
        value_sets, contains = self.value_sets, self.contains
        legal = self._legal
        charge = self.budget.charge
        plus, minus, times, divide = self.plus, self.minus, self.times, self.divide
        raise_ = self.raise_
        if ops is not None:
            plus, minus, times = plus and "+" in ops, minus and "-" in ops, times and "*" in ops
            divide, raise_ = divide and "/" in ops, raise_ and "^" in ops
        # roots and logarithms of a long target take a while for every value tried
        cost = _MATCH_COST + (abs(target).bit_length() // _BIG_BITS if raise_ else 0)
        for first, second in self.splits(mask):
            firsts = value_sets.get(first)
            if firsts is None and first.bit_count() <= _LISTED_UP_TO:
                firsts = self.values(first)
            seconds = value_sets.get(second)
            if seconds is None and second.bit_count() <= _LISTED_UP_TO:
                seconds = self.values(second)
            if firsts is None or (seconds is not None and len(seconds) < len(firsts)):
                first, second, firsts, seconds = second, first, seconds, firsts
            if firsts is None:
                firsts = self.values(first)  # neither side listed (only for very big hands)
            charge(cost * len(firsts))
            has: Callable[[int], bool]
            if seconds is not None:
                has = seconds.__contains__
            else:
                has = functools.partial(contains, second)
            for a in firsts:
                if a != 0 and target != 0:
                    # the common case, inline: each operation needs one partner
                    if plus:
                        b = target - a
                        if has(b) and legal("+", a, b) == target:
                            yield first, "+", second, a, b
                    if minus:
                        b = a - target
                        if has(b) and legal("-", a, b) == target:
                            yield first, "-", second, a, b
                        b = target + a
                        if has(b) and legal("-", b, a) == target:
                            yield second, "-", first, b, a
                    if times and target % a == 0:
                        b = target // a
                        if has(b) and legal("*", a, b) == target:
                            yield first, "*", second, a, b
                    if divide:
                        if a % target == 0:
                            b = a // target
                            if has(b) and legal("/", a, b) == target:
                                yield first, "/", second, a, b
                        b = target * a
                        if has(b) and legal("/", b, a) == target:
                            yield second, "/", first, b, a
                    if raise_:
                        for b in exponents(a, target, self, second):
                            if has(b) and legal("^", a, b) == target:
                                yield first, "^", second, a, b
                        for b in bases(a, target, self, second):
                            if has(b) and legal("^", b, a) == target:
                                yield second, "^", first, b, a
                    continue
                partners = self._partners(a, target, second, plus, minus, times, divide, raise_)
                for op, b, a_on_left in partners:
                    if not has(b):
                        continue
                    if a_on_left:
                        if legal(op, a, b) == target:
                            yield first, op, second, a, b
                    elif legal(op, b, a) == target:
                        yield second, op, first, b, a

    def _partners(
        self,
        a: int,
        target: int,
        other: int,
        plus: bool,
        minus: bool,
        times: bool,
        divide: bool,
        raise_: bool,
    ) -> list[tuple[str, int, bool]]:
        """Candidates b with ``a op b`` or ``b op a`` equal to ``target`` (checked later).

        (op, b, True) stands for ``a op b``; (op, b, False) for ``b op a``.
        """
        found: list[tuple[str, int, bool]] = []
        if plus:
            found.append(("+", target - a, True))
        if minus:
            found.append(("-", a - target, True))
            found.append(("-", target + a, False))
        if times:
            if a:
                if target % a == 0:
                    found.append(("*", target // a, True))
            elif target == 0:
                found.extend(("*", b, True) for b in self.charged_values(other))
        if divide:
            if target:
                if a % target == 0:
                    found.append(("/", a // target, True))
            elif a == 0:
                found.extend(("/", b, True) for b in self.charged_values(other))
            if a:
                found.append(("/", target * a, False))
        if raise_:
            found.extend(("^", b, True) for b in exponents(a, target, self, other))
            found.extend(("^", b, False) for b in bases(a, target, self, other))
        return found

    def charged_values(self, mask: int) -> frozenset[int]:
        """The values of ``mask``, charged to the budget as one unit each (they are walked)."""
        values = self.values(mask)
        self.budget.charge(len(values))
        return values

    # expressions ------------------------------------------------------------------------

    def forms(self, mask: int, target: int) -> dict[NormalForm, None]:
        """Every distinct normal form of ``mask`` (all its numbers) with value ``target``."""
        mask = self.canon[mask]
        key = (mask, target)
        cached = self.form_sets.get(key)
        if cached is not None:
            return cached
        found: dict[NormalForm, None] = {}
        if mask & (mask - 1) == 0:
            leaf = self.leaves[mask.bit_length() - 1]
            if leaf.value == target:
                form = leaf_form(leaf)
                found[form] = None
                self.form_values[form] = target
        else:
            derivations, form_values = self.derivations, self.form_values
            charge = self.budget.charge
            for left_mask, op, right_mask, a, b in self.matches(mask, target):
                lefts = self.forms(left_mask, a)
                rights = self.forms(right_mask, b)
                charge(len(lefts) * len(rights))
                for left in lefts:
                    for right in rights:
                        form = combine_forms(op, left, right)
                        if form not in found:
                            found[form] = None
                            if form not in derivations:
                                derivations[form] = (op, left, right)
                                form_values[form] = target
        self.form_sets[key] = found
        return found

    def light_forms(self, mask: int, target: int, cap: int) -> tuple[dict[NormalForm, int], bool]:
        """The normal forms of ``mask`` with value ``target`` whose weight is at most ``cap``
        (form -> weight), and whether heavier forms may have been left out.

        A form's *weight* counts 1 for each ``+``/``−`` in it, 3 for each ``×``/``÷`` and
        6 for each ``^``: every tree of that form has exactly those operations, so its
        :func:`complexity` is at least its weight. Weights add up when forms are combined,
        which is what lets the search skip heavy branches (``1 ^ (anything)``) unseen.
        """
        mask = self.canon[mask]
        key = (mask, target)
        every = self.form_sets.get(key)
        if every is not None:  # already listed in full
            chosen: dict[NormalForm, int] = {}
            for form in every:
                weight = self.weight(form)
                if weight <= cap:
                    chosen[form] = weight
            return chosen, len(chosen) < len(every)
        known = self.light_sets.get(key)
        if known is not None:
            done_cap, forms, pruned = known
            if done_cap >= cap or not pruned:
                chosen = {form: weight for form, weight in forms.items() if weight <= cap}
                return chosen, pruned or len(chosen) < len(forms)
        found: dict[NormalForm, int] = {}
        pruned = False
        if mask & (mask - 1) == 0:
            leaf = self.leaves[mask.bit_length() - 1]
            if leaf.value == target:
                form = leaf_form(leaf)
                found[form] = 0
                self.form_values[form] = target
        else:
            size = mask.bit_count()
            room_for_op = cap - (size - 2)  # the other operations weigh at least 1 each
            ops = "".join(op for op in self.rules.ops if FORM_WEIGHT[op] <= room_for_op)
            pruned = len(ops) < len(self.rules.ops)
            derivations, form_values = self.derivations, self.form_values
            charge = self.budget.charge
            for left_mask, op, right_mask, a, b in self.matches(mask, target, ops) if ops else ():
                room = cap - FORM_WEIGHT[op]
                lefts, left_pruned = self.light_forms(
                    left_mask, a, room - (right_mask.bit_count() - 1)
                )
                if not lefts:
                    pruned = pruned or left_pruned
                    continue
                rights, right_pruned = self.light_forms(right_mask, b, room - min(lefts.values()))
                pruned = pruned or left_pruned or right_pruned
                charge(len(lefts) * len(rights))
                for left, left_weight in lefts.items():
                    for right, right_weight in rights.items():
                        if left_weight + right_weight > room:
                            pruned = True
                            continue
                        form = combine_forms(op, left, right)
                        if form not in found:
                            found[form] = left_weight + right_weight + FORM_WEIGHT[op]
                            if form not in derivations:
                                derivations[form] = (op, left, right)
                                form_values[form] = target
        self.light_sets[key] = (cap, found, pruned)
        return found, pruned

    def weight(self, form: NormalForm) -> int:
        """The weight of a form (see :meth:`light_forms`)."""
        known = self.weights.get(form)
        if known is not None:
            return known
        kind = form[0]
        if kind == LEAF:
            weight = 0
        elif kind == POWER:
            weight = FORM_WEIGHT["^"] + self.weight(form[1]) + self.weight(form[2])
        else:
            parts = form[1] + form[2]
            each = FORM_WEIGHT["+"] if kind == SUM else FORM_WEIGHT["*"]
            weight = each * (len(parts) - 1) + sum(self.weight(part) for part in parts)
        self.weights[form] = weight
        return weight

    def witness(self, mask: int, target: int) -> NormalForm | None:
        """One normal form of ``mask`` making ``target`` (the first the search meets)."""
        mask = self.canon[mask]
        if mask & (mask - 1) == 0:
            leaf = self.leaves[mask.bit_length() - 1]
            if leaf.value != target:
                return None
            form = leaf_form(leaf)
            self.form_values[form] = target
            return form
        for left_mask, op, right_mask, a, b in self.matches(mask, target):
            left = self.witness(left_mask, a)
            right = self.witness(right_mask, b) if left is not None else None
            if left is not None and right is not None:
                form = combine_forms(op, left, right)
                self.derivations.setdefault(form, (op, left, right))
                self.form_values.setdefault(form, target)
                return form
        return None

    def derived_tree(self, form: NormalForm) -> Expr:
        """A tree for ``form`` built the way the search found it (legal by construction)."""
        if form[0] == LEAF:
            return Num(form[1], form[2] or None)
        op, left, right = self.derivations[form]
        return BinOp(op, self.derived_tree(left), self.derived_tree(right))

    def ranked_tree(self, form: NormalForm) -> tuple[RankKey, Expr]:
        """(rank key, tree) for ``form``: the tidy tree if it obeys the rules, else as found."""
        known = self.ranks.get(form)
        if known is None:
            known = self.ranks[form] = self._ranked_tree(form)
        return known

    def _ranked_tree(self, form: NormalForm) -> tuple[RankKey, Expr]:
        tidy = canonical_tree(form, self.form_values)
        score = self.score(tidy)
        if score is None:
            tidy = self.derived_tree(form)
            score = self.score(tidy)
            assert score is not None
        return (score[0], score[1], form), tidy

    def score(self, expr: Expr) -> tuple[int, int] | None:
        """(complexity, operations) if every step of ``expr`` obeys this search's rules."""
        steps: list[tuple[str, int]] = []
        holds = [0]
        legal = self._legal

        def walk(node: Expr) -> int | None:
            if isinstance(node, Num):
                return node.value
            assert isinstance(node, BinOp)
            left = walk(node.left)
            if left is None:
                return None
            right = walk(node.right)
            if right is None:
                return None
            value = legal(node.op, left, right)
            if value is None:
                return None
            steps.append((node.op, value))
            if isinstance(node.right, BinOp):
                holds[0] += 1
            return value

        if walk(expr) is None:
            return None
        return complexity_of(steps, holds[0]), len(steps)
