"""Many Countdown hands at once: :func:`countdown_reachable`.

Value lists of sub-multisets are shared between hands and only the last operation of
each whole hand is restricted to the range asked for. With numpy the lists are integer
arrays and the last step is vectorised (:mod:`cardmath.solver.countdown_numpy`, imported
on first use); without numpy (the browser build) the same batch runs on Python sets, with
the same answers.

>>> [sorted(values) for values in countdown_reachable([(2, 3), (4,)], 1, 6)]
[[1, 2, 3, 5, 6], [4]]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from cardmath.errors import CardMathError
from cardmath.solver.inputs import as_leaf
from cardmath.solver.reach import reachable
from cardmath.solver.rules import MAX_NUMBERS, Rules, clean_ops

__all__ = ["HandSplits", "PythonCountdownBatch", "countdown_reachable"]

_INT32_LIMIT = 2**31 - 1
_INT64_LIMIT = 2**63 - 1
_BATCH_HANDS = 48

Split = tuple[tuple[int, ...], tuple[int, ...]]


class HandSplits:
    """The range asked for, the operators, and the splits of sorted hands into two parts."""

    def __init__(self, low: int, high: int, ops: str) -> None:
        self.low, self.high = low, high
        self.span = high - low + 1
        self.plus, self.minus = "+" in ops, "-" in ops
        self.times, self.divide = "*" in ops, "/" in ops
        self.patterns: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}

    def splits(self, hand: tuple[int, ...]) -> list[Split]:
        """Distinct unordered splits of ``hand`` into two non-empty parts (each sorted)."""
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
        seen: set[Split] = set()
        found = []
        for left_indices, right_indices in patterns:
            left = tuple([hand[i] for i in left_indices])
            right = tuple([hand[i] for i in right_indices])
            key = (left, right) if left <= right else (right, left)
            if key not in seen:
                seen.add(key)
                found.append(key)
        return found

    @staticmethod
    def one_fewer(hand: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """The distinct hands with one number of ``hand`` left out (none for one number)."""
        if len(hand) < 2:
            return
        for index in range(len(hand)):
            if index == 0 or hand[index] != hand[index - 1]:
                yield hand[:index] + hand[index + 1 :]


class CountdownBatch(Protocol):
    """What :func:`countdown_reachable` asks of a batch (numpy or pure Python)."""

    def last_step(self, hands: list[tuple[int, ...]]) -> list[int]: ...
    def hits(self, hand: tuple[int, ...]) -> int: ...
    def values_of_bits(self, bits: int) -> frozenset[int]: ...


class PythonCountdownBatch(HandSplits):
    """The batch on Python sets and int bitsets: no numpy, no limit on the numbers' size.

    >>> batch = PythonCountdownBatch(1, 10, "+-*/")
    >>> sorted(batch.values((2, 3))), sorted(batch.values_of_bits(batch.last_step([(2, 3)])[0]))
    ([1, 5, 6], [1, 5, 6])
    """

    def __init__(self, low: int, high: int, ops: str) -> None:
        super().__init__(low, high, ops)
        self.value_sets: dict[tuple[int, ...], frozenset[int]] = {}
        self.hit_bits: dict[tuple[int, ...], int] = {}

    def values(self, hand: tuple[int, ...]) -> frozenset[int]:
        """Every value of ``hand`` using all of its numbers (shared between hands)."""
        found = self.value_sets.get(hand)
        if found is not None:
            return found
        if len(hand) == 1:
            found = frozenset(hand)
        else:
            made: set[int] = set()
            add = made.add
            plus, minus, times, divide = self.plus, self.minus, self.times, self.divide
            for left, right in self.splits(hand):
                seconds = self.values(right)
                for a in self.values(left):
                    for b in seconds:
                        big, small = (b, a) if a < b else (a, b)
                        if plus:
                            add(big + small)
                        if minus and big != small:
                            add(big - small)
                        if small != 1:  # ×1 and ÷1 change nothing: not allowed
                            if times:
                                add(big * small)
                            if divide and big % small == 0:
                                add(big // small)
            found = frozenset(made)
        self.value_sets[hand] = found
        return found

    def bits(self, values: Iterable[int]) -> int:
        """The values inside the range as an int bitset (bit i: low + i)."""
        low, high = self.low, self.high
        inside = [value - low for value in values if low <= value <= high]
        if not inside:
            return 0
        row = bytearray((max(inside) >> 3) + 1)
        for position in inside:
            row[position >> 3] |= 1 << (position & 7)
        return int.from_bytes(row, "little")

    def values_of_bits(self, bits: int) -> frozenset[int]:
        """The values whose bits are set (the inverse of :meth:`bits`)."""
        found = []
        raw = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
        for index, byte in enumerate(raw):
            while byte:
                lowest = byte & -byte
                found.append(self.low + 8 * index + lowest.bit_length() - 1)
                byte ^= lowest
        return frozenset(found)

    def hits(self, hand: tuple[int, ...]) -> int:
        """Bitset of range values made by any sub-multiset of ``hand`` (itself included)."""
        found = self.hit_bits.get(hand)
        if found is None:
            found = self.bits(self.values(hand))
            for smaller in self.one_fewer(hand):
                found |= self.hits(smaller)
            self.hit_bits[hand] = found
        return found

    def last_step(self, hands: list[tuple[int, ...]]) -> list[int]:
        """For each hand, bitset of range values whose last operation joins two parts."""
        return [self._last_step(hand) for hand in hands]

    def _last_step(self, hand: tuple[int, ...]) -> int:
        if len(hand) < 2:
            return 0
        low, high = self.low, self.high
        plus, minus, times, divide = self.plus, self.minus, self.times, self.divide
        made: set[int] = set()
        add = made.add
        for left, right in self.splits(hand):
            firsts, seconds = self.values(left), self.values(right)
            if len(firsts) > len(seconds):
                firsts, seconds = seconds, firsts
            for a in firsts:
                for b in seconds:
                    big, small = (b, a) if a < b else (a, b)
                    if plus:
                        add(big + small)
                    if minus and big != small:
                        add(big - small)
                    if small != 1:
                        if times and big <= high:
                            add(big * small)
                        if divide and big >= small * low and big % small == 0:
                            add(big // small)
        return self.bits(made)


def _batch(low: int, high: int, ops: str, kind: str) -> CountdownBatch:
    """The numpy batch for ``kind`` (``int32``, ``int64``) if numpy imports, else Python's."""
    try:
        from cardmath.solver.countdown_numpy import NumpyCountdownBatch
    except ImportError:  # no numpy here (the browser build)
        return PythonCountdownBatch(low, high, ops)
    return NumpyCountdownBatch(low, high, ops, kind)


def countdown_reachable(
    hands: Iterable[Sequence[int]], low: int = 100, high: int = 999, ops: str = "+-*/"
) -> list[frozenset[int]]:
    """For each hand, the values in ``low..high`` it makes under the Countdown rules.

    The same answer as ``reachable(hand, Rules.countdown(ops))`` restricted to the range,
    for many hands at once: value lists of shared sub-multisets are computed once, and
    with numpy the last step is vectorised. Hands must hold numbers 1 or more; ``^`` is
    not a Countdown operation.

    >>> [sorted(values) for values in countdown_reachable([(3, 3), (4,)], -2, 6)]
    [[1, 3, 6], [4]]
    """
    cleaned = clean_ops(ops)
    if "^" in cleaned:
        raise CardMathError("Countdown has no ^: use some of + - * /")
    if low > high:
        raise CardMathError(f"the range {low}..{high} is empty")
    ordered = [tuple(sorted(as_leaf(item).value for item in hand)) for hand in hands]
    for hand in ordered:
        if not 1 <= len(hand) <= MAX_NUMBERS:
            raise CardMathError(f"a hand holds 1 to {MAX_NUMBERS} numbers, not {len(hand)}")
        if hand[0] < 1:
            raise CardMathError("Countdown numbers are 1 or more")
    low = max(low, 1)  # every value under the Countdown rules is 1 or more
    if low > high:
        return [frozenset() for _ in ordered]
    results: list[frozenset[int] | None] = [None] * len(ordered)
    kinds: dict[str, list[int]] = {}
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
        kinds.setdefault(kind, []).append(position)
    rules = Rules.countdown(cleaned)
    for kind, positions in kinds.items():
        if kind == "python":
            for position in positions:
                values = reachable(ordered[position], rules)
                results[position] = frozenset(v for v in values if low <= v <= high)
            continue
        batch = _batch(low, high, cleaned, kind)
        for start in range(0, len(positions), _BATCH_HANDS):
            chunk = positions[start : start + _BATCH_HANDS]
            chunk_hands = [ordered[position] for position in chunk]
            last = batch.last_step(chunk_hands)
            for position, hand, bits in zip(chunk, chunk_hands, last, strict=True):
                for smaller in HandSplits.one_fewer(hand):
                    bits |= batch.hits(smaller)
                if len(hand) == 1:
                    bits |= batch.hits(hand)
                results[position] = batch.values_of_bits(bits)
    return [found if found is not None else frozenset() for found in results]
