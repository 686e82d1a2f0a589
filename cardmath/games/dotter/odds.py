"""Dotter's odds, exactly: the points three cards are expected to score when some are
unknown, and the chance of each category for a guess.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from cardmath.errors import CardError, quoted
from cardmath.games.dotter.scoring import (
    CATEGORIES,
    GUESSES,
    JOKER_RANK,
    RANK_COUNTS,
    _points_of,
    _score_ranks,
    parse_guess,
)


@lru_cache(maxsize=8)
def _rank_multisets(
    ranks: int, size: int
) -> tuple[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], ...]:
    return tuple(
        (combo, tuple(Counter(combo).items()))
        for combo in itertools.combinations_with_replacement(range(ranks), size)
    )


_COMB = tuple(tuple(math.comb(n, k) for k in range(5)) for n in range(5))


def _multisets(pool: tuple[int, ...], size: int) -> Iterable[tuple[tuple[int, ...], int]]:
    """Every multiset of ``size`` rank numbers drawable from ``pool`` (counts by rank), with
    the number of card combinations that give it."""
    for ranks, counts in _rank_multisets(len(pool), size):
        ways = 1
        for rank, count in counts:
            ways *= _COMB[pool[rank]][count]
            if not ways:
                break
        if ways:
            yield ranks, ways


def expected_points(
    known: tuple[int, ...] = (),
    pool: tuple[int, ...] = RANK_COUNTS,
    guess: str | None = None,
    own: bool = True,
) -> Fraction:
    """Exact expected points of a hand of three: the ``known`` rank numbers plus cards
    drawn at random from ``pool`` (counts of each rank number, Joker first).

    >>> expected_points((5, 7, 9))
    Fraction(16, 1)
    >>> expected_points((3, 3), guess="pair") > expected_points((3, 3))
    True
    """
    return _expected_points(
        _rank_tuple(known, "the known ranks"),
        _rank_tuple(pool, "the pool"),
        _guess_key(guess),
        _own(own),
    )


def _rank_tuple(value: Any, what: str) -> tuple[int, ...]:
    """``value`` as a tuple of whole numbers (hashable, for the caches), or CardError."""
    if type(value) is not tuple:
        if not isinstance(value, list):
            raise CardError(f"{what} must be a tuple of whole numbers, not {quoted(value)}")
        value = tuple(value)
    if len(value) > len(RANK_COUNTS) or not all(type(item) is int for item in value):
        raise CardError(f"{what} must be a tuple of whole numbers, not {quoted(value)}")
    return tuple(value)


def _guess_key(guess: Any) -> str | None:
    return guess if guess is None or isinstance(guess, str) else parse_guess(guess)


def _own(own: Any) -> bool:
    if not isinstance(own, bool):
        raise CardError(f"own is True (your own cards) or False, not {quoted(own)}")
    return own


@lru_cache(maxsize=200_000)
def _expected_points(
    known: tuple[int, ...], pool: tuple[int, ...], guess: str | None, own: bool
) -> Fraction:
    known, missing = _check_hand_and_pool(known, pool)
    guess = parse_guess(guess)
    total = math.comb(sum(pool), missing)
    ways = _ways(pool, missing)
    table = _points_table(known, guess, own, len(pool))
    return Fraction(sum(map(operator.mul, ways, table)), total)


def _check_hand_and_pool(
    known: tuple[int, ...], pool: tuple[int, ...]
) -> tuple[tuple[int, ...], int]:
    """``known`` sorted and the number of cards still to draw, after checking that the
    known rank numbers and the pool make sense (a ``CardError`` says what is wrong)."""
    ranks = len(RANK_COUNTS)
    if len(pool) != ranks or any(
        isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= limit
        for count, limit in zip(pool, RANK_COUNTS, strict=False)
    ):
        raise CardError(
            f"a pool is {ranks} counts, Jokers first then Ace to King, each from 0 to what "
            f"the deck holds (2 Jokers, 4 of each rank), not {quoted(pool)}"
        )
    if len(known) > 3 or any(
        isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank < ranks
        for rank in known
    ):
        raise CardError(
            f"known cards are up to three rank numbers from 0 (Joker) to 13 (King), "
            f"not {quoted(known)}"
        )
    if known.count(JOKER_RANK) > RANK_COUNTS[JOKER_RANK]:
        raise CardError("the Dotter deck has only two Jokers, so a hand holds at most two")
    missing = 3 - len(known)
    if sum(pool) < missing:
        raise CardError(f"the pool has {sum(pool)} cards, too few to complete the hand")
    return tuple(sorted(known)), missing


@lru_cache(maxsize=4096)
def _ways(pool: tuple[int, ...], size: int) -> tuple[int, ...]:
    """Card combinations giving each multiset of :func:`_rank_multisets` (0 if none)."""
    result = []
    for _, counts in _rank_multisets(len(pool), size):
        ways = 1
        for rank, count in counts:
            ways *= _COMB[pool[rank]][count]
        result.append(ways)
    return tuple(result)


@lru_cache(maxsize=4096)
def _points_table(
    known: tuple[int, ...], guess: str | None, own: bool, ranks: int
) -> tuple[int, ...]:
    """Points of ``known`` completed by each multiset of :func:`_rank_multisets`."""
    points = (
        _points_of(tuple(sorted(known + combo)), guess)
        for combo, _ in _rank_multisets(ranks, 3 - len(known))
    )
    return tuple(value if own else value // 2 for value in points)


def category_probabilities(
    known: tuple[int, ...] = (), pool: tuple[int, ...] = RANK_COUNTS
) -> dict[str, Fraction]:
    """Exact chance that each guess would be right for three cards (``known`` rank numbers
    plus the rest drawn at random from ``pool``; by default three cards from a full deck).

    ``"nothing"`` is the chance that no guess can be right. A triple also counts as a
    series by difference and by quotient, so the chances add up to more than 1.

    >>> chances = category_probabilities()
    >>> chances["triple"], chances["pair"]
    (Fraction(5, 477), Fraction(124, 477))
    """
    known, missing = _check_hand_and_pool(
        _rank_tuple(known, "the known ranks"), _rank_tuple(pool, "the pool")
    )
    total = math.comb(sum(pool), missing)
    counts: Counter[str] = Counter()
    for ranks, ways in _multisets(pool, missing):
        hand = tuple(sorted(known + ranks))
        right = [guess for guess in GUESSES if _score_ranks(hand, guess).guess_right]
        counts.update({guess: ways for guess in right})
        if not right:
            counts["nothing"] += ways
    return {category: Fraction(counts[category], total) for category in CATEGORIES}


@dataclass(frozen=True)
class GuessOdds:
    """What one guess (``None``: no guess) is worth for a hand partly seen: the exact
    chance that it is right and the exact expected points."""

    guess: str | None
    chance: Fraction
    expected: Fraction


def guess_odds(
    known: Sequence[int] = (), pool: Sequence[int] = RANK_COUNTS, own: bool = True
) -> tuple[GuessOdds, ...]:
    """For three cards of which the rank numbers ``known`` are seen (the rest drawn from
    ``pool``): no guess and each guess, with the chance that it is right (1 without a
    guess) and the expected points, exactly. This is *when a guess pays*.

    >>> for odds in guess_odds():
    ...     print(odds.guess, odds.chance, odds.expected, f"{float(odds.expected):.1f}")
    None 1 81578/6201 13.2
    difference 427/2067 65176/6201 10.5
    quotient 257/6201 29642/6201 4.8
    pair 124/477 5183/477 10.9
    triple 5/477 2002/477 4.2
    >>> pool = list(RANK_COUNTS); pool[3] -= 2  # two 3s seen: the other 52 cards are unseen
    >>> best = max(guess_odds((3, 3), pool), key=lambda odds: odds.expected)
    >>> best.guess, best.chance, best.expected
    ('pair', Fraction(25, 26), Fraction(303, 26))
    """
    chances = category_probabilities(tuple(known), tuple(pool))
    found = [GuessOdds(None, Fraction(1), expected_points(tuple(known), tuple(pool), None, own))]
    for guess in GUESSES:
        found.append(
            GuessOdds(guess, chances[guess], expected_points(tuple(known), tuple(pool), guess, own))
        )
    return tuple(found)
