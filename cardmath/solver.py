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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

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
)

__all__ = [
    "DIFFICULTY_LABELS",
    "MAX_NUMBERS",
    "OPERATION_WEIGHT",
    "BestChoice",
    "CardChoice",
    "Choice",
    "Difficulty",
    "Hint",
    "Solution",
    "best_choice",
    "complexity",
    "countdown_reachable",
    "difficulty",
    "hint",
    "normal_form",
    "reachable",
    "solve",
]

OPERATION_WEIGHT: dict[str, int] = {"+": 1, "-": 2, "*": 3, "/": 4, "^": 6}
"""How hard each operation is for a student, in the ranking (gentlest first)."""

MAX_NUMBERS = 6
"""Most numbers one search takes (every card game here uses at most six)."""

_LISTED_UP_TO = 4
"""Sub-multisets up to this size have all their values listed; bigger ones are asked."""

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


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


class _Engine:
    """Value sets and normal-form expressions over sub-multisets of one hand.

    Sub-multisets of up to :data:`_LISTED_UP_TO` numbers have all their values listed;
    bigger ones are asked "do you make x?" (memoised), which looks partners up in the
    listed values of their splits instead of listing thousands of values.
    """

    def __init__(self, leaves: Sequence[Num], rules: _Rules) -> None:
        self.leaves = sorted(leaves, key=lambda leaf: (leaf.value, leaf.label or ""))
        self.rules = rules
        count = len(self.leaves)
        self.full = (1 << count) - 1
        self.canon = self._canonical_masks()
        self.sizes = [_popcount(mask) for mask in range(self.full + 1)]
        self.value_sets: dict[int, frozenset[int]] = {}
        self.made: dict[tuple[int, int], bool] = {}
        self.split_lists: dict[int, list[tuple[int, int]]] = {}
        self.form_sets: dict[tuple[int, int], dict[NormalForm, None]] = {}
        self.form_values: dict[NormalForm, int] = {}
        self.derivations: dict[NormalForm, tuple[str, NormalForm, NormalForm]] = {}
        ops = rules.ops
        self.plus, self.minus, self.times = "+" in ops, "-" in ops, "*" in ops
        self.divide, self.raise_ = "/" in ops, "^" in ops
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

    def _canonical_masks(self) -> list[int]:
        """For each mask, the mask of the same multiset using the first equal leaves."""
        groups: list[list[int]] = []
        for index, leaf in enumerate(self.leaves):
            if groups and self.leaves[groups[-1][0]] == leaf:
                groups[-1].append(index)
            else:
                groups.append([index])
        canon = []
        for mask in range(self.full + 1):
            canonical = 0
            for group in groups:
                taken = sum(1 for index in group if mask >> index & 1)
                for index in group[:taken]:
                    canonical |= 1 << index
            canon.append(canonical)
        return canon

    def masks(self) -> list[int]:
        """Canonical masks of all distinct non-empty sub-multisets."""
        return sorted({self.canon[mask] for mask in range(1, self.full + 1)})

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
        return self.sizes[mask] <= _LISTED_UP_TO or self.canon[mask] in self.value_sets

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
        for a in firsts:
            for b in seconds:
                for value in self._results(a, b):
                    found.add(value)

    def _combine_countdown(
        self, firsts: frozenset[int], seconds: frozenset[int], found: set[int]
    ) -> None:
        """The hot loop for positive whole numbers without ×1 and ÷1 (the TV show's rules)."""
        add = found.add
        plus, minus, times, divide = self.plus, self.minus, self.times, self.divide
        for a in firsts:
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

    def matches(self, mask: int, target: int) -> Iterator[tuple[int, str, int, int, int]]:
        """Every top-level way ``left op right = target``: (left mask, op, right mask, a, b).

        Walks the values of one side of each split (a listed one, the smaller if both
        are) and asks the other side for the partner each operation needs.
        """
        if not self._keep(target):
            return
        value_sets, sizes, contains = self.value_sets, self.sizes, self.contains
        legal = self._legal
        plus, minus, times, divide = self.plus, self.minus, self.times, self.divide
        simple = not self.raise_ and target != 0
        for first, second in self.splits(mask):
            firsts = value_sets.get(first)
            if firsts is None and sizes[first] <= _LISTED_UP_TO:
                firsts = self.values(first)
            seconds = value_sets.get(second)
            if seconds is None and sizes[second] <= _LISTED_UP_TO:
                seconds = self.values(second)
            if firsts is None or (seconds is not None and len(seconds) < len(firsts)):
                first, second, firsts, seconds = second, first, seconds, firsts
            if firsts is None:
                firsts = self.values(first)  # neither side listed (only for very big hands)
            has: Callable[[int], bool]
            if seconds is not None:
                has = seconds.__contains__
            else:
                has = functools.partial(contains, second)
            for a in firsts:
                if simple and a != 0:
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
                    continue
                for op, b, a_on_left in self._partners(a, target, second):
                    if not has(b):
                        continue
                    if a_on_left:
                        if legal(op, a, b) == target:
                            yield first, op, second, a, b
                    elif legal(op, b, a) == target:
                        yield second, op, first, b, a

    def _partners(self, a: int, target: int, other: int) -> list[tuple[str, int, bool]]:
        """Candidates b with ``a op b`` or ``b op a`` equal to ``target`` (checked later).

        (op, b, True) stands for ``a op b``; (op, b, False) for ``b op a``.
        """
        found: list[tuple[str, int, bool]] = []
        if self.plus:
            found.append(("+", target - a, True))
        if self.minus:
            found.append(("-", a - target, True))
            found.append(("-", target + a, False))
        if self.times:
            if a:
                if target % a == 0:
                    found.append(("*", target // a, True))
            elif target == 0:
                found.extend(("*", b, True) for b in self.values(other))
        if self.divide:
            if target:
                if a % target == 0:
                    found.append(("/", a // target, True))
            elif a == 0:
                found.extend(("/", b, True) for b in self.values(other))
            if a:
                found.append(("/", target * a, False))
        if self.raise_:
            found.extend(("^", b, True) for b in _exponents(a, target, self, other))
            found.extend(("^", b, False) for b in _bases(a, target, self, other))
        return found

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
            for left_mask, op, right_mask, a, b in self.matches(mask, target):
                lefts = self.forms(left_mask, a)
                rights = self.forms(right_mask, b)
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

    def derived_tree(self, form: NormalForm) -> Expr:
        """A tree for ``form`` built the way the search found it (legal by construction)."""
        if form[0] == _LEAF:
            return Num(form[1], form[2] or None)
        op, left, right = self.derivations[form]
        return BinOp(op, self.derived_tree(left), self.derived_tree(right))

    def ranked_tree(self, form: NormalForm) -> tuple[tuple[int, int, NormalForm], Expr]:
        """(rank key, tree) for ``form``: the tidy tree if it obeys the rules, else as found."""
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
    """The whole number r >= 0 with r ** degree == number (number >= 0, degree >= 2), if any."""
    if number < 2:
        return number
    if degree >= number.bit_length():  # 2 ** degree > number already
        return None
    low, high = 2, 1 << (number.bit_length() // degree + 1)
    while low <= high:
        middle = (low + high) // 2
        value = middle**degree  # at most about 2 ** (bits of number + degree): small enough
        if value == number:
            return middle
        if value < number:
            low = middle + 1
        else:
            high = middle - 1
    return None


def _exponents(base: int, target: int, engine: _Engine, other: int) -> Iterator[int]:
    """Exponents e with base ^ e == target (from ``other``'s values in the special cases)."""
    if base in (0, 1, -1) or target in (0, 1, -1):
        for exponent in engine.values(other):
            if power(base, exponent) == target:
                yield exponent
        return
    # |base| >= 2 and |target| >= 2: the exponent is positive and unique
    magnitude, size = abs(target), abs(base)
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
    if exponent <= 0 or target in (0, 1, -1):
        for base in engine.values(other):
            if power(base, exponent) == target:
                yield base
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


def reachable(
    numbers: Iterable[int | Num],
    ops: str = OPERATORS,
    *,
    use_all: bool = True,
    positive_only: bool = False,
    skip_trivial: bool = False,
    max_magnitude: int | None = None,
    countdown_rules: bool = False,
) -> frozenset[int]:
    """Every value the numbers make, each used exactly once (or any of them, ``use_all=False``).

    ``countdown_rules`` is the TV show's: any subset, positive intermediates, no ×1 or ÷1.

    >>> sorted(reachable([7, 8, 11], "+-"))
    [-12, -10, -4, 4, 10, 12, 26]
    >>> sorted(reachable([2, 2], "+*^"))
    [4]
    """
    rules = _make_rules(ops, use_all, positive_only, skip_trivial, max_magnitude, countdown_rules)
    leaves = [_as_leaf(item) for item in numbers]
    if len(leaves) > MAX_NUMBERS:
        raise CardMathError(f"the solver takes at most {MAX_NUMBERS} numbers, not {len(leaves)}")
    engine = _Engine(leaves, rules)
    if engine.full == 0:
        return frozenset()
    if rules.use_all:
        return engine.values(engine.full)
    found: set[int] = set()
    for mask in engine.masks():
        found |= engine.values(mask)
    return frozenset(found)


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
    ``best_values`` the results at that distance (one or two).

    >>> result = solve([1, 2, 3], 6, "+*")
    >>> [str(expression) for expression in result.solutions]
    ['3 + 2 + 1', '3 × 2 × 1']
    """

    numbers: tuple[int, ...]
    target: int
    best_distance: int
    best_values: tuple[int, ...]
    solutions: tuple[Expr, ...]

    @property
    def solution_count(self) -> int:
        """How many distinct solutions reach the best distance."""
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
        }


def _best_distance(engine: _Engine, target: int) -> tuple[int, list[int]]:
    """(best distance, canonical masks that may reach a best value) for a hand.

    Values near the target are looked up (or asked of big sub-multisets) one distance
    at a time; only when nothing is near are all values listed and scanned.
    """
    full_mask = engine.canon[engine.full]
    masks = engine.masks() if not engine.rules.use_all else [full_mask]
    listed = [engine.values(mask) for mask in masks if engine.listed(mask)]
    asked = [mask for mask in masks if not engine.listed(mask)]
    for distance in range(_NEAR_SEARCH + 1):
        for value in {target - distance, target + distance}:
            if any(value in values for values in listed):
                return distance, masks
            if any(engine.contains(mask, value) for mask in asked):
                return distance, masks
    best = min(abs(value - target) for mask in masks for value in engine.values(mask))
    return best, masks


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
) -> Solution:
    """The closest value to ``target`` and every distinct expression reaching it.

    Each number is used exactly once (``use_all=False``: any non-empty selection).
    ``positive_only`` keeps every intermediate result 1 or more; ``skip_trivial`` leaves
    out ×1 and ÷1 (and ^1); ``countdown_rules`` sets all three as on the TV show.
    ``max_magnitude`` optionally drops intermediates larger than it (faster, may miss
    solutions; off by default, and the 10,000-digit guard always applies).

    >>> result = solve([1, 3, 7, 10, 25, 50], 765, "+-*/", countdown_rules=True)
    >>> result.best_distance, str(result.solutions[0])
    (0, '(50 + 1) × (25 − 10)')
    """
    if isinstance(target, bool) or not isinstance(target, int):
        raise CardMathError(f"the target must be a whole number, not {target!r}")
    leaves = [_as_leaf(item) for item in numbers]
    rules = _make_rules(ops, use_all, positive_only, skip_trivial, max_magnitude, countdown_rules)
    if not leaves:
        return Solution((), target, abs(target), (), ())
    if len(leaves) > MAX_NUMBERS:
        raise CardMathError(f"the solver takes at most {MAX_NUMBERS} numbers, not {len(leaves)}")
    engine = _Engine(leaves, rules)
    best_distance, masks = _best_distance(engine, target)
    best_values = sorted({target - best_distance, target + best_distance})
    forms: dict[NormalForm, None] = {}
    reached: set[int] = set()
    for value in best_values:
        for mask in masks:
            if engine.contains(mask, value):
                reached.add(value)
                forms.update(engine.forms(mask, value))
    ranked = sorted((engine.ranked_tree(form) for form in forms), key=lambda pair: pair[0])
    return Solution(
        numbers=tuple(leaf.value for leaf in leaves),
        target=target,
        best_distance=best_distance,
        best_values=tuple(sorted(reached)),
        solutions=tuple(tree for _, tree in ranked),
    )


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

    >>> result = best_choice([5, 6, Choice((11,), "J"), Choice((12,), "Q")], 44,
    ...                      choose=2, must_use=[6])
    >>> result.best_distance, result.best.describe(), str(result.best.solution.best)
    (2, '6, 5 and Q (12)', '6 × 5 + 12')
    """

    target: int
    best_distance: int
    choices: tuple[CardChoice, ...]

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
) -> BestChoice:
    """Best cards to pick and values to give them: one question for a game layer.

    Picks ``choose`` of the ``candidates`` (all of them if ``None``), always adds the
    ``must_use`` cards, tries every value of every :class:`Choice` (an Ace as 1 or 100),
    and keeps every choice reaching the best distance. Leaves carry the card names.

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
    solved: dict[tuple[tuple[int, str], ...], Solution] = {}
    results: list[CardChoice] = []
    seen: set[tuple[Choice, ...]] = set()
    for indices in itertools.combinations(range(len(cards)), size):
        chosen = forced + [cards[index] for index in indices]
        key = tuple(sorted(chosen, key=lambda card: (card.values, card.label or "")))
        if key in seen:
            continue  # the same cards as an earlier choice (two 5s)
        seen.add(key)
        for values in itertools.product(*(card.values for card in chosen)):
            leaves = [Num(value, card.label) for card, value in zip(chosen, values, strict=True)]
            cache_key = tuple(sorted((leaf.value, leaf.label or "") for leaf in leaves))
            solution = solved.get(cache_key)
            if solution is None:
                solution = solve(leaves, target, **search)  # type: ignore[arg-type]
                solved[cache_key] = solution
            names = tuple(_card_name(card) for card in chosen)
            results.append(CardChoice(names, tuple(values), indices, solution))
    best_distance = min(result.solution.best_distance for result in results)
    best = [result for result in results if result.solution.best_distance == best_distance]
    best.sort(key=lambda result: _rank_key(result.solution.solutions[0]))
    return BestChoice(target, best_distance, tuple(best))


# --- hints -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """A graded hint; show ``text``. Higher levels reveal more.

    Level 1: the best distance possible. 2: which cards (and values). 3: the first step.
    4: the whole solution, with ``expression`` set for drawing its tree.
    """

    level: int
    text: str
    best_distance: int
    cards: tuple[str, ...] = ()
    values: tuple[int, ...] = ()
    first_step: str | None = None
    expression: Expr | None = field(default=None)


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
    )
    distance = result.best_distance
    choice = result.best
    expression = choice.solution.best
    assert expression is not None
    value = evaluate(expression)
    if distance == 0:
        text = f"You can make {target} exactly."
    else:
        text = f"The best possible is {distance} away from {target}."
    if level == 1:
        return Hint(1, text, distance)
    if level == 2:
        text = f"{text} Use {choice.describe()}."
        return Hint(2, text, distance, choice.cards, choice.values)
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
    text = f"{expression} = {value}, {away}."
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
    is 1 and 8 or more is 5.
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


def difficulty(
    cards: Sequence[CardLike],
    target: int,
    *,
    choose: int | None = None,
    must_use: Sequence[CardLike] = (),
    ops: str = OPERATORS,
    use_all: bool = True,
    countdown_rules: bool = False,
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
    )
    solutions = result.solutions
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
    )
