"""The solver: reachable values, the closest result, every distinct solution, hints, difficulty.

Numbers are combined with ``+ - * / ^`` under the project's arithmetic rule
(:func:`cardmath.expr.apply_op`), each number used exactly once by default, any bracketing.

Two solutions are the *same* when they differ only by commutativity and associativity: a
chain of ``+`` and ``-`` is a multiset of positive and negative terms, a chain of ``*`` and
``/`` a multiset of numerator and denominator factors, and ``^`` is a plain pair. So
``11 - 7 + 2``, ``2 + 11 - 7`` and ``11 - (7 - 2)`` are one solution. Solutions are ranked
simplest first by :func:`complexity` (see ``docs/arithmetic.md``).

How it works, value first: the set of values of every sub-multiset is built bottom-up
(sub-multisets are bitmasks; equal numbers share one entry, so two 5s never double-count);
whether the whole hand makes a value is asked of its splits without listing all its
values; then only the expressions hitting the best values are rebuilt, as normal forms.

>>> result = solve([7, 8, 11], 31)
>>> result.best_distance, result.best_values, str(result.solutions[0])
(1, (32,), '(11 − 7) × 8')
>>> sorted(reachable([2, 3]))
[-1, 1, 5, 6, 8, 9]
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from cardmath.budget import Budget, SearchStopped, amount, budget_or_default
from cardmath.errors import CardMathError
from cardmath.expr import (
    OPERATORS,
    BinOp,
    Expr,
    Num,
    calculation_steps,
    digit_count,
    evaluate,
    exact_quotient,
    fits,
    power,
    show_number,
)

__all__ = [
    "DIFFICULTY_LABELS",
    "MAX_NUMBERS",
    "OPERATION_WEIGHT",
    "BestChoice",
    "CardChoice",
    "Choice",
    "Difficulty",
    "Hand",
    "Hint",
    "Reach",
    "Solution",
    "best_choice",
    "complexity",
    "countdown_reachable",
    "difficulty",
    "hint",
    "normal_form",
    "reach",
    "reachable",
    "solve",
]

OPERATION_WEIGHT: dict[str, int] = {"+": 1, "-": 2, "*": 3, "/": 4, "^": 6}
"""How hard each operation is for a student, in the ranking (gentlest first)."""

_WEIGHT: dict[str, int] = {"+": 1, "-": 1, "*": 3, "/": 3, "^": 6}
"""The least an operation of each kind adds to :func:`complexity`, whatever the tree: two
trees of one solution may differ in ``+`` against ``−`` (``a − (b + c)`` and
``a − b − c``) or ``×`` against ``÷``, never in how many operations of each kind."""

MAX_NUMBERS = 6
"""Most numbers one search takes (every card game here uses at most six)."""

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

_NEAR_SEARCH = 12
"""How far from the target single values are tried before listing all values."""


# --- inputs ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """A card that may count as one of several values (Navigator's Ace: 1 or 100).

    >>> Choice((1, 100), "A").values
    (1, 100)
    """

    values: tuple[int, ...]
    label: str | None = None

    def __post_init__(self) -> None:
        values = tuple(self.values)
        if not values:
            raise CardMathError("a card needs at least one value")
        for value in values:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise CardMathError(f"card values are whole numbers 0 or more, not {value!r}")
        object.__setattr__(self, "values", tuple(dict.fromkeys(values)))

    def __str__(self) -> str:
        if self.label is not None:
            return self.label
        return "/".join(str(value) for value in self.values)


CardLike = int | Num | Choice | tuple[int, ...]
"""Anything the solver accepts as a card: a number, a labelled :class:`Num`, a
:class:`Choice`, or a tuple of possible values."""


def _as_leaf(item: int | Num) -> Num:
    if isinstance(item, Num):
        return item
    if isinstance(item, bool) or not isinstance(item, int):
        raise CardMathError(f"expected a whole number, not {item!r}")
    if item < 0:
        raise CardMathError(f"numbers must be 0 or more, not {item}")
    return Num(item)


def _as_choice(item: CardLike) -> Choice:
    if isinstance(item, Choice):
        return item
    if isinstance(item, Num):
        return Choice((item.value,), item.label)
    if isinstance(item, tuple):
        return Choice(item)
    return Choice((_as_leaf(item).value,))


# --- search rules ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Rules:
    ops: str
    use_all: bool
    positive_only: bool
    skip_trivial: bool
    max_magnitude: int | None


_OPERATOR_ALIASES = {"x": "*", "×": "*", "÷": "/", "−": "-", "**": "^"}


def _clean_ops(ops: str) -> str:
    """The operators named in ``ops`` (``"+-*/"``, ``"+ - × ÷"``...) in the standard order."""
    text = ops
    for alias, op in _OPERATOR_ALIASES.items():
        text = text.replace(alias, op)
    unknown = sorted(set(text) - set(OPERATORS) - {" ", ","})
    if unknown or not any(op in text for op in OPERATORS):
        raise CardMathError(f"operators must be some of + - * / ^, not {ops!r}")
    return "".join(op for op in OPERATORS if op in text)


def _make_rules(
    ops: str,
    use_all: bool,
    positive_only: bool,
    skip_trivial: bool,
    max_magnitude: int | None,
    countdown_rules: bool,
) -> _Rules:
    if countdown_rules:
        use_all, positive_only, skip_trivial = False, True, True
    if max_magnitude is not None and max_magnitude < 1:
        raise CardMathError("max_magnitude must be at least 1")
    return _Rules(_clean_ops(ops), use_all, positive_only, skip_trivial, max_magnitude)


# --- normal forms ----------------------------------------------------------------------
# leaf: (0, value, label)   sum: (1, positive terms, negative terms)
# product: (2, numerator factors, denominator factors)   power: (3, base, exponent)
# Terms and factors are sorted tuples of normal forms, so the forms compare and hash.

NormalForm = tuple
_LEAF, _SUM, _PRODUCT, _POWER = 0, 1, 2, 3


def _leaf_form(leaf: Num) -> NormalForm:
    return (_LEAF, leaf.value, leaf.label or "")


def _group_parts(form: NormalForm, kind: object) -> tuple[tuple, tuple]:
    """A form's (upper, lower) members inside a +/− or ×/÷ group of ``kind``."""
    return (form[1], form[2]) if form[0] == kind else ((form,), ())


_GROUP_OF_OP = {
    "+": (_SUM, False),
    "-": (_SUM, True),
    "*": (_PRODUCT, False),
    "/": (_PRODUCT, True),
}
"""Each grouping operator's group, and whether it moves the right side to the other part
(subtraction makes terms negative, division makes factors denominators)."""


def _combine_forms(op: str, left: NormalForm, right: NormalForm) -> NormalForm:
    group = _GROUP_OF_OP.get(op)
    if group is not None:
        kind, inverts = group
        upper, lower = _group_parts(left, kind)
        more_upper, more_lower = _group_parts(right, kind)
        if inverts:
            more_upper, more_lower = more_lower, more_upper
        return (kind, tuple(sorted(upper + more_upper)), tuple(sorted(lower + more_lower)))
    return (_POWER, left, right)


def normal_form(expr: Expr) -> NormalForm:
    """The form that decides whether two expressions are the same solution.

    ``+``/``-`` chains become a sorted multiset of positive and negative terms, ``*``/``/``
    chains a sorted multiset of numerator and denominator factors; ``^`` stays a pair.

    >>> from cardmath.expr import parse
    >>> normal_form(parse("11 - (7 - 2)")) == normal_form(parse("2 + 11 - 7"))
    True
    >>> normal_form(parse("12 / (4 / 2)")) == normal_form(parse("12 * 2 / 4"))
    True
    >>> normal_form(parse("2 ^ 3")) == normal_form(parse("3 ^ 2"))
    False
    """
    if isinstance(expr, Num):
        return _leaf_form(expr)
    assert isinstance(expr, BinOp)
    return _combine_forms(expr.op, normal_form(expr.left), normal_form(expr.right))


def _display_order(forms: Iterable[NormalForm], values: dict[NormalForm, int]) -> list[NormalForm]:
    """Compound parts first, then larger values first: ``6 × 5 + 12``, ``(11 − 7) × 8``."""
    return sorted(forms, key=lambda form: (form[0] == _LEAF, -values[form], form))


def _canonical_tree(form: NormalForm, values: dict[NormalForm, int]) -> Expr:
    """A left-to-right tree for a normal form: positives (numerators) first, then the rest.

    If every part is a whole number, so is every step of this tree: a product of
    numerators stays divisible by each denominator in turn. ``values`` maps each part's
    form to its value.
    """
    kind = form[0]
    if kind == _LEAF:
        return Num(form[1], form[2] or None)
    if kind == _POWER:
        return BinOp("^", _canonical_tree(form[1], values), _canonical_tree(form[2], values))
    first_op, second_op = ("+", "-") if kind == _SUM else ("*", "/")
    parts = [(first_op, part) for part in _display_order(form[1], values)]
    parts += [(second_op, part) for part in _display_order(form[2], values)]
    tree = _canonical_tree(parts[0][1], values)
    for op, part in parts[1:]:
        tree = BinOp(op, tree, _canonical_tree(part, values))
    return tree


# --- the engine ------------------------------------------------------------------------


class _CanonicalMasks(dict[int, int]):
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


class _Engine:
    """Value sets and normal-form expressions over sub-multisets of one hand.

    Sub-multisets of up to :data:`_LISTED_UP_TO` numbers have all their values listed;
    bigger ones are asked "do you make x?" (memoised), which looks partners up in the
    listed values of their splits instead of listing thousands of values.
    """

    def __init__(self, leaves: Sequence[Num], rules: _Rules, budget: Budget | None = None) -> None:
        self.leaves = sorted(leaves, key=lambda leaf: (leaf.value, leaf.label or ""))
        self.rules = rules
        self.budget = budget if budget is not None else Budget.unlimited()
        count = len(self.leaves)
        self.full = (1 << count) - 1
        self.canon = _CanonicalMasks(self.leaves)
        self.value_sets: dict[int, frozenset[int]] = {}
        self.made: dict[tuple[int, int], bool] = {}
        self.split_lists: dict[int, list[tuple[int, int]]] = {}
        self.form_sets: dict[tuple[int, int], dict[NormalForm, None]] = {}
        self.light_sets: dict[tuple[int, int], tuple[int, dict[NormalForm, int], bool]] = {}
        self.refuted = 0  # distances from a target ruled out so far (see _best_distance)
        self.ranks: dict[NormalForm, tuple[tuple[int, int, NormalForm], Expr]] = {}
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
        found = set()
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
                self._combine(self.values(left), self.values(right), found)
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

    def _combine(self, firsts: frozenset[int], seconds: frozenset[int], found: set[int]) -> None:
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
                        for b in _exponents(a, target, self, second):
                            if has(b) and legal("^", a, b) == target:
                                yield first, "^", second, a, b
                        for b in _bases(a, target, self, second):
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
                found.extend(("*", b, True) for b in self._charged_values(other))
        if divide:
            if target:
                if a % target == 0:
                    found.append(("/", a // target, True))
            elif a == 0:
                found.extend(("/", b, True) for b in self._charged_values(other))
            if a:
                found.append(("/", target * a, False))
        if raise_:
            found.extend(("^", b, True) for b in _exponents(a, target, self, other))
            found.extend(("^", b, False) for b in _bases(a, target, self, other))
        return found

    def _charged_values(self, mask: int) -> frozenset[int]:
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
                form = _leaf_form(leaf)
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
                        form = _combine_forms(op, left, right)
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
            chosen = {}
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
                form = _leaf_form(leaf)
                found[form] = 0
                self.form_values[form] = target
        else:
            size = mask.bit_count()
            room_for_op = cap - (size - 2)  # the other operations weigh at least 1 each
            ops = "".join(op for op in self.rules.ops if _WEIGHT[op] <= room_for_op)
            pruned = len(ops) < len(self.rules.ops)
            derivations, form_values = self.derivations, self.form_values
            charge = self.budget.charge
            for left_mask, op, right_mask, a, b in self.matches(mask, target, ops) if ops else ():
                room = cap - _WEIGHT[op]
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
                        form = _combine_forms(op, left, right)
                        if form not in found:
                            found[form] = left_weight + right_weight + _WEIGHT[op]
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
        if kind == _LEAF:
            weight = 0
        elif kind == _POWER:
            weight = _WEIGHT["^"] + self.weight(form[1]) + self.weight(form[2])
        else:
            parts = form[1] + form[2]
            each = _WEIGHT["+"] if kind == _SUM else _WEIGHT["*"]
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
            form = _leaf_form(leaf)
            self.form_values[form] = target
            return form
        for left_mask, op, right_mask, a, b in self.matches(mask, target):
            left = self.witness(left_mask, a)
            right = self.witness(right_mask, b) if left is not None else None
            if left is not None and right is not None:
                form = _combine_forms(op, left, right)
                self.derivations.setdefault(form, (op, left, right))
                self.form_values.setdefault(form, target)
                return form
        return None

    def derived_tree(self, form: NormalForm) -> Expr:
        """A tree for ``form`` built the way the search found it (legal by construction)."""
        if form[0] == _LEAF:
            return Num(form[1], form[2] or None)
        op, left, right = self.derivations[form]
        return BinOp(op, self.derived_tree(left), self.derived_tree(right))

    def ranked_tree(self, form: NormalForm) -> tuple[tuple[int, int, NormalForm], Expr]:
        """(rank key, tree) for ``form``: the tidy tree if it obeys the rules, else as found."""
        known = self.ranks.get(form)
        if known is None:
            known = self.ranks[form] = self._ranked_tree(form)
        return known

    def _ranked_tree(self, form: NormalForm) -> tuple[tuple[int, int, NormalForm], Expr]:
        tidy = _canonical_tree(form, self.form_values)
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
        return _complexity_of(steps, holds[0]), len(steps)


_LIMIT_BITS = (10**10_000).bit_length()


def _integer_root(number: int, degree: int) -> int | None:
    """The whole number r >= 0 with r ** degree == number (number >= 0, degree >= 2), if any.

    >>> _integer_root(3**500, 100), _integer_root(2**64 + 1, 2), _integer_root(7**300, 3) == 7**100
    (243, None, True)
    """
    if number < 2:
        return number
    bits = number.bit_length()
    if degree >= bits:  # 2 ** degree > number already
        return None
    if ((number & -number).bit_length() - 1) % degree:
        return None  # the 2s of a power come in groups of ``degree``
    if degree == 2:
        root = math.isqrt(number)
        return root if root * root == number else None
    if bits - degree > 1000:
        # a close start from the leading bits (a float), then Newton's method from above
        shift = (bits - 100) // degree * degree
        top = number >> shift
        if top.bit_length() > 1000:
            root = 1 << -(-bits // degree)
        else:
            root = (int(top ** (1.0 / degree)) + 2) << (shift // degree)
            root += (root >> 40) + 1  # make sure the start is not below the root
    elif bits <= 1000:
        root = int(number ** (1.0 / degree)) + 2
        root += (root >> 40) + 1
    else:
        root = 1 << -(-bits // degree)
    while True:
        better = ((degree - 1) * root + number // root ** (degree - 1)) // degree
        if better >= root:
            break
        root = better
    return root if root**degree == number else None


def _exponents(base: int, target: int, engine: _Engine, other: int) -> Iterator[int]:
    """Exponents e with base ^ e == target (from ``other``'s values in the special cases)."""
    if base in (0, 1, -1) or target in (0, 1, -1):
        if base == 1:  # 1 ^ e = 1 for every e
            if target == 1:
                yield from engine._charged_values(other)
        elif base == -1:  # -1 ^ e = 1 or -1 by the parity of e
            if target in (1, -1):
                odd = target == -1
                yield from (e for e in engine._charged_values(other) if (e % 2 == 1) == odd)
        elif base == 0:  # 0 ^ e = 0 for e >= 1 (0 ^ 0 and 0 ^ -1 are not allowed)
            if target == 0:
                yield from (e for e in engine._charged_values(other) if e > 0)
        elif target == 1:  # |base| >= 2: only e = 0 makes 1, and nothing makes 0 or -1
            yield 0
        return
    # |base| >= 2 and |target| >= 2: the exponent is positive and unique
    magnitude, size = abs(target), abs(base)
    if magnitude % size:
        return  # a power of the base is a multiple of it
    low, high = 1, magnitude.bit_length() // (size.bit_length() - 1) + 1
    while low <= high:
        middle = (low + high) // 2
        value = size**middle
        if value == magnitude:
            yield middle
            return
        if value < magnitude:
            low = middle + 1
        else:
            high = middle - 1


def _bases(exponent: int, target: int, engine: _Engine, other: int) -> Iterator[int]:
    """Bases b with b ^ exponent == target (from ``other``'s values in the special cases)."""
    if exponent == 1:
        yield target
        return
    if exponent == 0:  # b ^ 0 = 1 for every b but 0
        if target == 1:
            yield from (base for base in engine._charged_values(other) if base != 0)
        return
    if exponent < 0 or target in (0, 1, -1):
        # only 1 and -1 have whole negative powers; b ^ e (e >= 2) is 0, 1 or -1 only
        # for b = 0, 1 or -1
        even = exponent % 2 == 0
        if target == 0 and exponent > 0:
            yield 0
        elif target == 1:
            yield 1
            if even:
                yield -1
        elif target == -1 and not even:
            yield -1
        return
    if target < 0:
        if exponent % 2:
            root = _integer_root(-target, exponent)
            if root is not None:
                yield -root
        return
    root = _integer_root(target, exponent)
    if root is not None:
        yield root
        if exponent % 2 == 0:
            yield -root


# --- public queries --------------------------------------------------------------------

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
    ops: str = OPERATORS,
    *,
    use_all: bool = True,
    positive_only: bool = False,
    skip_trivial: bool = False,
    max_magnitude: int | None = None,
    countdown_rules: bool = False,
    budget: Budget | None = None,
) -> Reach:
    """Every value the numbers make (as :func:`reachable`), within a budget.

    A search that runs out of budget returns the values found so far, marked incomplete.
    """
    rules = _make_rules(ops, use_all, positive_only, skip_trivial, max_magnitude, countdown_rules)
    leaves = [_as_leaf(item) for item in numbers]
    if len(leaves) > MAX_NUMBERS:
        raise CardMathError(f"the solver takes at most {MAX_NUMBERS} numbers, not {len(leaves)}")
    budget = budget_or_default(budget)
    engine = _Engine(leaves, rules, budget)
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
                engine._combine(engine.values(left), engine.values(right), found)
    except SearchStopped as stop:
        note = f"{stop}; {amount(len(found))} values found so far, and there may be more"
        return Reach(frozenset(found), False, note)
    return Reach(frozenset(found))


def reachable(
    numbers: Iterable[int | Num],
    ops: str = OPERATORS,
    *,
    use_all: bool = True,
    positive_only: bool = False,
    skip_trivial: bool = False,
    max_magnitude: int | None = None,
    countdown_rules: bool = False,
    budget: Budget | None = None,
) -> frozenset[int]:
    """Every value the numbers make, each used exactly once (or any of them, ``use_all=False``).

    ``countdown_rules`` is the TV show's: any subset, positive intermediates, no ×1 or ÷1.
    Raises :class:`~cardmath.budget.SearchStopped` if the budget runs out (:func:`reach`
    returns the values found so far instead).

    >>> sorted(reachable([7, 8, 11], "+-"))
    [-12, -10, -4, 4, 10, 12, 26]
    >>> sorted(reachable([2, 2], "+*^"))
    [4]
    """
    result = reach(
        numbers,
        ops,
        use_all=use_all,
        positive_only=positive_only,
        skip_trivial=skip_trivial,
        max_magnitude=max_magnitude,
        countdown_rules=countdown_rules,
        budget=budget,
    )
    if not result.complete:
        raise SearchStopped(result.note)
    return result.values


def _complexity_of(steps: Iterable[tuple[str, int]], held_results: int) -> int:
    score = 2 * held_results
    for op, value in steps:
        score += OPERATION_WEIGHT[op]
        if value < 0:
            score += 3
        if not -100 < value < 100:
            score += digit_count(value) - 2
    return score


def complexity(expr: Expr) -> int:
    """How hard an expression is to find and to follow; smaller is simpler.

    Each operation costs its :data:`OPERATION_WEIGHT` (+ 1, − 2, × 3, ÷ 4, ^ 6); each
    intermediate result costs 1 per digit beyond two (3 more if it is negative); and an
    operation whose right side is itself a calculation costs 2 more (a second result to
    hold in your head). Raises :class:`ExpressionError` for an illegal expression.

    >>> from cardmath.expr import parse
    >>> complexity(parse("(11 - 7) * 8")), complexity(parse("8 * (11 - 7)"))
    (5, 7)
    """
    steps = [(step.op, step.value) for step in calculation_steps(expr)]
    held = 0
    pending = [expr]
    while pending:
        node = pending.pop()
        if isinstance(node, BinOp):
            held += isinstance(node.right, BinOp)
            pending.extend((node.left, node.right))
    return _complexity_of(steps, held)


def _rank_key(expr: Expr) -> tuple[int, int, NormalForm]:
    """Simplest first: complexity, then fewer operations, then a fixed order."""
    return (complexity(expr), len(calculation_steps(expr)), normal_form(expr))


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


def _best_distance(engine: _Engine, target: int, mask: int) -> tuple[int, list[int]]:
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
    best = min(abs(value - target) for part in masks for value in engine.values(part))
    return best, masks


def _ranked(engine: _Engine, forms: Iterable[NormalForm]) -> list[tuple[tuple, Expr]]:
    forms = list(forms)
    engine.budget.charge(_RANK_COST * len(forms))
    return sorted((engine.ranked_tree(form) for form in forms), key=lambda pair: pair[0])


def _lightest_ranked(engine: _Engine, forms: dict[NormalForm, int]) -> list[tuple[tuple, Expr]]:
    """The forms of least complexity, ranked: forms are tried lightest first, and none
    heavier than the least complexity found can beat it (complexity >= weight)."""
    ranked: list[tuple[tuple, Expr]] = []
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
    all). The budget is shared by every question unless replaced (``hand.budget = ...``).

    >>> hand = Hand([7, 8, 11, 4])
    >>> hand.distance(31, use=[0, 1, 2]), hand.distance(31)
    (1, 0)
    >>> str(hand.solve(31, use=[0, 1, 2]).best)
    '(11 − 7) × 8'
    """

    def __init__(
        self,
        numbers: Iterable[int | Num],
        ops: str = OPERATORS,
        *,
        use_all: bool = True,
        positive_only: bool = False,
        skip_trivial: bool = False,
        max_magnitude: int | None = None,
        countdown_rules: bool = False,
        budget: Budget | None = None,
    ) -> None:
        rules = _make_rules(
            ops, use_all, positive_only, skip_trivial, max_magnitude, countdown_rules
        )
        leaves = [_as_leaf(item) for item in numbers]
        self.leaves = tuple(leaves)
        order = sorted(range(len(leaves)), key=lambda i: (leaves[i].value, leaves[i].label or ""))
        self._bits = [0] * len(leaves)
        for position, index in enumerate(order):
            self._bits[index] = 1 << position
        self.engine = _Engine(leaves, rules, budget_or_default(budget))

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
        """Solutions listed by weight level (see :meth:`_Engine.light_forms`): each level
        lists every solution of complexity up to its weight, so the simplest come first
        and a stopped search still shows the simplest ones exactly."""
        engine = self.engine
        cap = min(part.bit_count() for _, part in reached) - 1 + _FIRST_SLACK
        last: tuple[int, list[tuple[tuple, Expr]]] | None = None
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
        last: tuple[int, list[tuple[tuple, Expr]]] | None,
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
    ops: str = OPERATORS,
    *,
    use_all: bool = True,
    positive_only: bool = False,
    skip_trivial: bool = False,
    max_magnitude: int | None = None,
    countdown_rules: bool = False,
    budget: Budget | None = None,
    simplest_only: bool = False,
) -> Solution:
    """The closest value to ``target`` and every distinct expression reaching it.

    Each number is used exactly once (``use_all=False``: any non-empty selection).
    ``positive_only`` keeps every intermediate result 1 or more; ``skip_trivial`` leaves
    out ×1 and ÷1 (and ^1); ``countdown_rules`` sets all three as on the TV show.
    ``max_magnitude`` optionally drops intermediates larger than it (faster, may miss
    solutions; off by default, and the 10,000-digit guard always applies).
    ``simplest_only`` lists only the simplest solutions. The search keeps to ``budget``
    (default: about a second's work); a stopped search is marked incomplete and its
    ``note`` says what it found (:class:`Solution`).

    >>> result = solve([1, 3, 7, 10, 25, 50], 765, "+-*/", countdown_rules=True)
    >>> result.best_distance, str(result.solutions[0])
    (0, '(50 + 1) × (25 − 10)')
    >>> busy = solve([2, 3, 4, 5, 6, 7], 1, budget=Budget(work=20_000))
    >>> busy.complete, busy.best_distance, busy.note.startswith("searched 20,")
    (False, 0, True)
    """
    if isinstance(target, bool) or not isinstance(target, int):
        raise CardMathError(f"the target must be a whole number, not {target!r}")
    leaves = [_as_leaf(item) for item in numbers]
    if len(leaves) > MAX_NUMBERS:
        raise CardMathError(f"the solver takes at most {MAX_NUMBERS} numbers, not {len(leaves)}")
    hand = Hand(
        leaves,
        ops,
        use_all=use_all,
        positive_only=positive_only,
        skip_trivial=skip_trivial,
        max_magnitude=max_magnitude,
        countdown_rules=countdown_rules,
        budget=budget,
    )
    return hand.solve(target, simplest_only=simplest_only)


# --- many Countdown hands at once ------------------------------------------------------

_INT32_LIMIT = 2**31 - 1
_INT64_LIMIT = 2**63 - 1
_BATCH_HANDS = 48


class _CountdownBatch:
    """Vectorised (numpy) value lists for many hands under the Countdown rules.

    Exact: every value is an integer below the dtype's limit, which is checked before
    use (a value of a hand is below the product of its numbers plus one). Value lists of
    sub-multisets are shared between hands; only the last operation of each whole hand
    is restricted to the range asked for.
    """

    def __init__(self, low: int, high: int, ops: str, dtype: Any) -> None:
        import numpy

        self.np = numpy
        self.low, self.high = low, high
        self.span = high - low + 1
        self.plus, self.minus = "+" in ops, "-" in ops
        self.times, self.divide = "*" in ops, "/" in ops
        self.dtype = dtype
        self.value_lists: dict[tuple[int, ...], Any] = {}
        self.hit_bits: dict[tuple[int, ...], int] = {}
        self.patterns: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}

    def splits(self, hand: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        size = len(hand)
        patterns = self.patterns.get(size)
        if patterns is None:
            patterns = []
            rest = range(1, size)
            for count in range(size - 1):
                for chosen in itertools.combinations(rest, count):
                    left = (0, *chosen)
                    patterns.append((left, tuple(i for i in rest if i not in chosen)))
            self.patterns[size] = patterns
        if len(set(hand)) == len(hand):  # all different: every pattern is its own split
            return [
                (tuple([hand[i] for i in left]), tuple([hand[i] for i in right]))
                for left, right in patterns
            ]
        seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        found = []
        for left_indices, right_indices in patterns:
            left = tuple([hand[i] for i in left_indices])
            right = tuple([hand[i] for i in right_indices])
            key = (left, right) if left <= right else (right, left)
            if key not in seen:
                seen.add(key)
                found.append(key)
        return found

    def pairs(self, hand: tuple[int, ...]) -> tuple[Any, Any]:
        """All (a, b) with a, b values of the two parts of a split of ``hand``."""
        np = self.np
        value_lists = self.value_lists
        firsts, seconds = [], []
        for left, right in self.splits(hand):
            a = value_lists.get(left)
            if a is None:
                a = self.values(left)
            b = value_lists.get(right)
            if b is None:
                b = self.values(right)
            if len(a) > len(b):
                a, b = b, a
            firsts.append(a.repeat(len(b)))
            seconds.append(b if len(a) == 1 else np.tile(b, len(a)))
        return np.concatenate(firsts), np.concatenate(seconds)

    def values(self, hand: tuple[int, ...]) -> Any:
        """Sorted distinct values of ``hand`` using all of its numbers."""
        found = self.value_lists.get(hand)
        if found is not None:
            return found
        np = self.np
        if len(hand) == 1:
            found = np.array(hand, dtype=self.dtype)
        else:
            a, b = self.pairs(hand)
            big, small = np.maximum(a, b), np.minimum(a, b)
            parts = []
            if self.plus:
                parts.append(big + small)
            if self.minus:
                parts.append((big - small)[big != small])
            if self.times or self.divide:
                useful = small != 1  # ×1 and ÷1 change nothing: not allowed
                big, small = big[useful], small[useful]
                if self.times:
                    parts.append(big * small)
                if self.divide:
                    quotient, remainder = np.divmod(big, small)
                    parts.append(quotient[remainder == 0])
            found = np.unique(np.concatenate(parts)) if parts else np.array([], self.dtype)
        self.value_lists[hand] = found
        return found

    def bits(self, values: Any) -> int:
        """The values inside the range as a Python int bitset (bit i: low + i)."""
        np = self.np
        inside = values[(values >= self.low) & (values <= self.high)] - self.low
        row = np.zeros(self.span, dtype=bool)
        row[inside] = True
        return int.from_bytes(np.packbits(row, bitorder="little").tobytes(), "little")

    def values_of_bits(self, bits: int) -> frozenset[int]:
        """The values whose bits are set (the inverse of :meth:`bits`)."""
        np = self.np
        raw = np.frombuffer(bits.to_bytes((self.span + 7) // 8, "little"), dtype=np.uint8)
        positions = np.flatnonzero(np.unpackbits(raw, bitorder="little")) + self.low
        return frozenset(positions.tolist())

    def hits(self, hand: tuple[int, ...]) -> int:
        """Bitset of range values made by any sub-multiset of ``hand`` (itself included)."""
        found = self.hit_bits.get(hand)
        if found is None:
            found = self.bits(self.values(hand))
            for index in range(len(hand)):
                if len(hand) > 1 and (index == 0 or hand[index] != hand[index - 1]):
                    found |= self.hits(hand[:index] + hand[index + 1 :])
            self.hit_bits[hand] = found
        return found

    def last_step(self, hands: list[tuple[int, ...]]) -> list[int]:
        """For each hand, bitset of range values whose last operation joins two parts."""
        np = self.np
        firsts, seconds, owners = [], [], []
        for number, hand in enumerate(hands):
            if len(hand) < 2:
                continue
            a, b = self.pairs(hand)
            firsts.append(a)
            seconds.append(b)
            owners.append(np.full(len(a), number * self.span - self.low, dtype=np.int64))
        flat = np.zeros(len(hands) * self.span, dtype=bool)
        if firsts:
            a, b, base = np.concatenate(firsts), np.concatenate(seconds), np.concatenate(owners)
            low, high = self.low, self.high
            small = np.minimum(a, b)
            total = a + b
            big = total - small
            if self.plus:
                keep = (total >= low) & (total <= high)
                flat[(base + total)[keep]] = True
            if self.minus:
                difference = big - small
                keep = (difference >= low) & (difference <= high)
                flat[(base + difference)[keep]] = True
            if self.times:
                keep = (small > 1) & (big <= high)
                product = big[keep] * small[keep]
                owner = base[keep]
                inside = (product >= low) & (product <= high)
                flat[(owner + product)[inside]] = True
            if self.divide:
                keep = (small > 1) & (big >= small * max(low, 1))
                quotient, remainder = np.divmod(big[keep], small[keep])
                inside = (remainder == 0) & (quotient >= low) & (quotient <= high)
                flat[(base[keep] + quotient)[inside]] = True
        packed = np.packbits(flat.reshape(len(hands), self.span), axis=1, bitorder="little")
        return [int.from_bytes(row.tobytes(), "little") for row in packed]


def countdown_reachable(
    hands: Iterable[Sequence[int]], low: int = 100, high: int = 999, ops: str = "+-*/"
) -> list[frozenset[int]]:
    """For each hand, the values in ``low..high`` it makes under the Countdown rules.

    The same answer as ``reachable(hand, ops, countdown_rules=True)`` restricted to the
    range, for many hands at once: value lists of shared sub-multisets are computed once
    and the last step is vectorised with numpy (imported here, on first use). Hands must
    hold numbers 1 or more; ``^`` is not a Countdown operation.

    >>> [sorted(values) for values in countdown_reachable([(2, 3), (4,)], 1, 6)]
    [[1, 2, 3, 5, 6], [4]]
    """
    cleaned = _clean_ops(ops)
    if "^" in cleaned:
        raise CardMathError("Countdown has no ^: use some of + - * /")
    if low > high:
        raise CardMathError(f"the range {low}..{high} is empty")
    ordered = [tuple(sorted(_as_leaf(item).value for item in hand)) for hand in hands]
    for hand in ordered:
        if not 1 <= len(hand) <= MAX_NUMBERS:
            raise CardMathError(f"a hand holds 1 to {MAX_NUMBERS} numbers, not {len(hand)}")
        if hand[0] < 1:
            raise CardMathError("Countdown numbers are 1 or more")
    results: list[frozenset[int] | None] = [None] * len(ordered)
    batches: dict[str, tuple[_CountdownBatch | None, list[int]]] = {}
    scale = max(abs(low), abs(high), 1)
    for position, hand in enumerate(ordered):
        bound = 1
        for number in hand:
            bound *= number + 1  # every value (and sum of two parts) is below this
        if bound * scale <= _INT32_LIMIT or (bound <= _INT32_LIMIT and high**2 <= _INT32_LIMIT):
            kind = "int32"
        elif bound * scale * 2 <= _INT64_LIMIT:
            kind = "int64"
        else:
            kind = "python"
        batches.setdefault(kind, (None, []))[1].append(position)
    for kind, (_, positions) in batches.items():
        if kind == "python":
            for position in positions:
                values = reachable(ordered[position], cleaned, countdown_rules=True)
                results[position] = frozenset(v for v in values if low <= v <= high)
            continue
        import numpy

        batch = _CountdownBatch(low, high, cleaned, getattr(numpy, kind))
        for start in range(0, len(positions), _BATCH_HANDS):
            chunk = positions[start : start + _BATCH_HANDS]
            chunk_hands = [ordered[position] for position in chunk]
            last = batch.last_step(chunk_hands)
            for position, hand, bits in zip(chunk, chunk_hands, last, strict=True):
                for index in range(len(hand)):
                    if len(hand) > 1 and (index == 0 or hand[index] != hand[index - 1]):
                        bits |= batch.hits(hand[:index] + hand[index + 1 :])
                if len(hand) == 1:
                    bits |= batch.hits(hand)
                results[position] = batch.values_of_bits(bits)
    return [found if found is not None else frozenset() for found in results]


# --- choosing cards ----------------------------------------------------------------------


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
        return tuple(sorted(unique.values(), key=_rank_key))

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
    ops: str = OPERATORS,
    use_all: bool = True,
    positive_only: bool = False,
    skip_trivial: bool = False,
    max_magnitude: int | None = None,
    countdown_rules: bool = False,
    budget: Budget | None = None,
    simplest_only: bool = False,
) -> BestChoice:
    """Best cards to pick and values to give them: one question for a game layer.

    Picks ``choose`` of the ``candidates`` (all of them if ``None``), always adds the
    ``must_use`` cards, tries every value of every :class:`Choice` (an Ace as 1 or 100),
    and keeps every choice reaching the best distance. Leaves carry the card names.
    ``simplest_only`` lists only each choice's simplest solutions (enough for hints).
    One ``budget`` covers the whole question (see :class:`BestChoice`).

    >>> ace = Choice((1, 100), "A")
    >>> result = best_choice([ace, 2, 3, 9], 102, choose=2, must_use=[Choice((5,), "5")])
    >>> result.best_distance, result.best.describe(), str(result.best.solution.best)
    (0, '5, A (100) and 3', '100 + 5 − 3')
    """
    cards = [_as_choice(card) for card in candidates]
    forced = [_as_choice(card) for card in must_use]
    size = len(cards) if choose is None else choose
    if not 0 <= size <= len(cards):
        raise CardMathError(f"cannot choose {size} of {len(cards)} cards")
    if not forced and size == 0:
        raise CardMathError("choose at least one card")
    search = {
        "ops": ops,
        "use_all": use_all,
        "positive_only": positive_only,
        "skip_trivial": skip_trivial,
        "max_magnitude": max_magnitude,
        "countdown_rules": countdown_rules,
    }
    budget = budget_or_default(budget)
    entries: list[tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple, list[Num]]] = []
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
    hands: dict[tuple, Hand] = {}
    distances: dict[tuple, int] = {}
    stopped: SearchStopped | None = None
    for _, _, _, cache_key, leaves in entries:
        if cache_key in hands:
            continue
        hands[cache_key] = hand = Hand(leaves, budget=budget, **search)  # type: ignore[arg-type]
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
    solved: dict[tuple, Solution] = {}
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


def _choice_rank(solution: Solution) -> tuple:
    """How a choice of cards ranks: by its simplest solution (none last)."""
    if not solution.solutions:
        return (1_000_000, 0, ())
    return _rank_key(solution.solutions[0])


# --- hints -------------------------------------------------------------------------------


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
    ops: str = OPERATORS,
    use_all: bool = True,
    countdown_rules: bool = False,
    budget: Budget | None = None,
) -> Hint:
    """A hint of the given level (1 to 4) for a hand and a target.

    ``choose`` and ``must_use`` are as in :func:`best_choice` (Navigator: choose 2 of the
    Nav Memory, must use the beacon).

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
        ops=ops,
        use_all=use_all,
        countdown_rules=countdown_rules,
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


# --- difficulty ----------------------------------------------------------------------------

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
    ops: str = OPERATORS,
    use_all: bool = True,
    countdown_rules: bool = False,
    budget: Budget | None = None,
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
        ops=ops,
        use_all=use_all,
        countdown_rules=countdown_rules,
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
