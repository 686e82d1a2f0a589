"""The Countdown batch with numpy: value lists as integer arrays, the last step vectorised.

Imported only by :func:`cardmath.solver.countdown.countdown_reachable`, and only when numpy
can be imported (the browser build has none; the pure-Python batch then does the work).
"""

from __future__ import annotations

from typing import Any

import numpy

from cardmath.solver.countdown import HandSplits

__all__ = ["NumpyCountdownBatch"]


class NumpyCountdownBatch(HandSplits):
    """Vectorised (numpy) value lists for many hands under the Countdown rules.

    Exact: every value is an integer below the dtype's limit, which is checked before
    use (a value of a hand is below the product of its numbers plus one). Value lists of
    sub-multisets are shared between hands; only the last operation of each whole hand
    is restricted to the range asked for.
    """

    def __init__(self, low: int, high: int, ops: str, dtype_name: str) -> None:
        super().__init__(low, high, ops)
        self.dtype = getattr(numpy, dtype_name)
        self.value_lists: dict[tuple[int, ...], Any] = {}
        self.hit_bits: dict[tuple[int, ...], int] = {}

    def pairs(self, hand: tuple[int, ...]) -> tuple[Any, Any]:
        """All (a, b) with a, b values of the two parts of a split of ``hand``."""
        np = numpy
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
        np = numpy
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
        np = numpy
        inside = values[(values >= self.low) & (values <= self.high)] - self.low
        row = np.zeros(self.span, dtype=bool)
        row[inside] = True
        return int.from_bytes(np.packbits(row, bitorder="little").tobytes(), "little")

    def values_of_bits(self, bits: int) -> frozenset[int]:
        """The values whose bits are set (the inverse of :meth:`bits`)."""
        np = numpy
        raw = np.frombuffer(bits.to_bytes((self.span + 7) // 8, "little"), dtype=np.uint8)
        positions = np.flatnonzero(np.unpackbits(raw, bitorder="little")) + self.low
        return frozenset(positions.tolist())

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
        np = numpy
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
