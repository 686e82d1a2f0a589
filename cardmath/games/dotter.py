"""Dotter (seed 003): sequences and chance with hidden cards, peeks, guesses and laps of 121.

Each turn a player draws three cards face down (nobody looks at them), peeks at two
face-down cards of one player, or scores three face-down cards of one player, perhaps
after guessing what they are. Three cards score as a *series* (same difference, like
5, 7, 9, or same exact quotient, like 4, 6, 9), a *pair*, a *triple*, or *nothing*. A
right guess doubles the score, a wrong one scores only the lowest card, and points off
another player's cards are halved. Points are pegged in laps of 121; the first player to
complete six laps wins. The rule page is ``docs/games/dotter.md``.

Scoring is available on its own for lessons:

>>> score_hand("5 7 9").reason
'series, difference 2: 7 + 9 = 16'
>>> score_hand("4 6 9").points, score_hand("J J J", guess="quotient").points
(15, 44)
>>> score_hand("3 3 8", guess="pair", own=False).reason
'guess pair, right: 2 x (pair of 3s: 2 x 3 = 6) = 12; off another player: 12 / 2 = 6'

A whole game is played one action at a time:

>>> state = DotterGame(players=2).new_state(seed=9)
>>> [str(action) for action in state.legal_actions()]
['draw']
>>> state = state.apply(state.parse_action("draw"))
>>> state.current_player, len(state.deck)
(1, 51)
"""

from __future__ import annotations

import itertools
import math
import operator
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any

from cardmath import codec
from cardmath.cards import JOKER, Card, standard_deck
from cardmath.errors import CardError, IllegalMove, OptionError, checked_text, quoted
from cardmath.game import (
    TERMINAL,
    Game,
    Observation,
    Options,
    Outcome,
    State,
    chance,
    counted,
    option,
    player_names,
    shuffled,
)

# --- hand scoring ---------------------------------------------------------------------

JOKER_RANK = 0
"""Internal rank number of a Joker (the scorer chooses its rank when scoring)."""

RANK_NUMBERS: dict[str, int] = {
    "A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13, JOKER: JOKER_RANK
}  # fmt: skip
RANK_LETTERS: dict[int, str] = {number: letter for letter, number in RANK_NUMBERS.items()}
_RANK_DIGITS: dict[str, int] = {str(number): number for number in range(1, 14)}
ACE_HIGH = 14
"""An Ace counts 14 only as the single top card of a series."""

GUESSES: tuple[str, ...] = ("difference", "quotient", "pair", "triple")
"""What a scorer may guess before turning the cards: a series by difference, a series by
quotient, a pair (exactly two equal) or a triple."""

CATEGORIES: tuple[str, ...] = (*GUESSES, "nothing")

_GUESS_ALIASES: dict[str, str] = {
    "difference": "difference", "diff": "difference", "series-difference": "difference",
    "quotient": "quotient", "ratio": "quotient", "series-quotient": "quotient",
    "pair": "pair", "double": "pair", "triple": "triple",
}  # fmt: skip


def parse_guess(text: str | None) -> str | None:
    """The guess named by ``text`` (``None`` or ``""`` for no guess).

    The seed calls a pair guess "double"; both words are accepted.

    >>> parse_guess("double"), parse_guess("Quotient"), parse_guess(None)
    ('pair', 'quotient', None)
    """
    if text is None or text == "":
        return None
    key = text.strip().lower().replace(" ", "-") if isinstance(text, str) else None
    if key not in _GUESS_ALIASES:
        raise IllegalMove(
            f"{quoted(text)} is not a guess: guess difference, quotient, pair (or double) "
            "or triple",
            rule="guesses",
        )
    return _GUESS_ALIASES[key]


def rank_number(card: Card | str) -> int:
    """A card's rank as Dotter counts it before any choice: Ace 1, 2..10, J 11, Q 12,
    K 13, Joker 0 (its rank is chosen when scoring).

    >>> rank_number(Card.parse("QH")), rank_number("A"), rank_number("1"), rank_number("JK")
    (12, 1, 1, 0)
    """
    if isinstance(card, Card):
        if card.is_joker:
            return JOKER_RANK
        if card.rank in RANK_NUMBERS:
            return RANK_NUMBERS[card.rank]
        raise CardError(f"Dotter is played with the standard deck, not with {card}")
    if not isinstance(card, str):
        raise CardError(f"a Dotter card is a Card or text like '7H' or '7', not {quoted(card)}")
    text = card.strip().upper()
    if text in ("JK", "JOKER"):
        return JOKER_RANK
    if text in RANK_NUMBERS:
        return RANK_NUMBERS[text]
    if text in _RANK_DIGITS:  # the seed writes 1 for an Ace
        return _RANK_DIGITS[text]
    return rank_number(Card.parse(text))


def _suited_card(item: Card | str) -> Card | None:
    """The card ``item`` names when it names one card of a suit (not a bare rank)."""
    if isinstance(item, Card):
        return None if item.is_joker else item
    text = item.strip().upper()
    if text in RANK_NUMBERS or text in ("JK", "JOKER") or text.isdigit():
        return None
    return Card.parse(text)


def _ranks_of(cards: str | Iterable[Card | str]) -> tuple[int, ...]:
    if isinstance(cards, str):
        checked_text(cards, "a Dotter hand", "5 7 9", limit=100, error=CardError)
        items: list[Any] = re.split(r"[\s,]+", cards.strip())
    elif isinstance(cards, Iterable):
        items = list(itertools.islice(cards, 4))  # a hand is three cards: never read more
    else:
        items = [cards]
    if not all(isinstance(item, Card | str) for item in items):
        raise CardError(
            f"a Dotter hand is three cards, like '5 7 9' or '5H 7C 9S', not {quoted(cards)}"
        )
    items = [item for item in items if item != ""]
    if len(items) != 3:
        count = "more than 3" if len(items) > 3 else str(len(items))
        raise IllegalMove(f"a Dotter hand is three cards, not {count}", rule="three cards")
    ranks = tuple(rank_number(card) for card in items)
    if ranks.count(JOKER_RANK) > RANK_COUNTS[JOKER_RANK]:
        raise CardError("the Dotter deck has only two Jokers, so a hand holds at most two")
    suited = [card for card in map(_suited_card, items) if card is not None]
    if len(set(suited)) < len(suited):
        raise CardError("the Dotter deck holds each card once, so a hand cannot repeat one")
    return ranks


@codec.serializable("dotter.HandScore")
@dataclass(frozen=True)
class HandScore:
    """How three cards score: ``points`` and the ``reason`` in words.

    ``category`` is how the hand was scored (one of :data:`CATEGORIES`, or ``"lowest"``
    after a wrong guess); ``values`` the numbers the cards counted as (Ace 1 or 14,
    Jokers as chosen); ``guess_right`` is ``None`` without a guess.
    """

    points: int
    reason: str
    category: str
    values: tuple[int, ...]
    guess: str | None
    guess_right: bool | None


def _value_name(value: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K", ACE_HIGH: "A"}.get(value, str(value))


def _plural(value: int) -> str:
    return f"{_value_name(value)}s"


def _choices(rank: int) -> tuple[int, ...]:
    if rank == JOKER_RANK:
        return tuple(range(1, ACE_HIGH + 1))
    if rank == 1:
        return (1, ACE_HIGH)
    return (rank,)


def _categories_of(values: tuple[int, ...]) -> list[tuple[str, int, str]]:
    """Every (category, points, explanation) the values satisfy (Ace 14 only on top of a
    series, so an assignment holding a 14 offers series categories only)."""
    low, middle, high = sorted(values)
    high_ace = ACE_HIGH in values
    if high_ace and not (high == ACE_HIGH and middle < ACE_HIGH):
        return []
    found: list[tuple[str, int, str]] = []
    if middle - low == high - middle:
        difference = high - middle
        found.append(
            ("difference", middle + high, f"series, difference {difference}: "
             f"{middle} + {high} = {middle + high}")
        )  # fmt: skip
    if middle * middle == low * high:
        quotient = Fraction(middle, low)
        found.append(
            ("quotient", middle + high, f"series, quotient {quotient}: "
             f"{middle} + {high} = {middle + high}")
        )  # fmt: skip
    if high_ace:
        return found
    if low == high:
        found.append(("triple", 3 * low, f"triple of {_plural(low)}: 3 x {low} = {3 * low}"))
    elif low == middle or middle == high:
        found.append(
            ("pair", 2 * middle, f"pair of {_plural(middle)}: 2 x {middle} = {2 * middle}")
        )
    if not found:
        found.append(("nothing", high, f"nothing: highest card {_value_name(high)} = {high}"))
    return found


def _choice_note(ranks: tuple[int, ...], values: tuple[int, ...]) -> str:
    notes = []
    for rank, value in zip(ranks, values, strict=True):
        if rank == JOKER_RANK:
            notes.append(f"Joker as {_value_name(value)}")
        elif rank == 1 and value == ACE_HIGH:
            notes.append("Ace as 14")
    return f" ({', '.join(notes)})" if notes else ""


@lru_cache(maxsize=4096)
def _score_ranks(
    ranks: tuple[int, ...], guess: str | None, jokers: tuple[int, ...] | None = None
) -> HandScore:
    """Best score of three ranks (before halving), the scorer choosing Jokers and Aces.

    ``jokers`` fixes the rank each Joker stands for (in the order of ``ranks``); an Ace
    or a Joker standing for an Ace still counts 14 at the top of a series."""
    if jokers is None:
        choices = [_choices(rank) for rank in ranks]
    else:
        chosen = iter(jokers)
        choices = [_choices(next(chosen) if rank == JOKER_RANK else rank) for rank in ranks]
    best: tuple[int, str, str, tuple[int, ...]] | None = None
    lowest: tuple[int, tuple[int, ...]] | None = None
    for values in itertools.product(*choices):
        for category, points, text in _categories_of(values):
            if guess is not None and category != guess:
                continue
            if best is None or points > best[0]:
                best = (points, category, text + _choice_note(ranks, values), values)
        if ACE_HIGH not in values and (lowest is None or min(values) > lowest[0]):
            lowest = (min(values), values)
    if guess is None:
        assert best is not None  # every assignment without a 14 has a category
        points, category, text, values = best
        return HandScore(points, text, category, values, None, None)
    if best is not None:
        points, category, text, values = best
        reason = f"guess {guess}, right: 2 x ({text}) = {2 * points}"
        return HandScore(2 * points, reason, category, values, guess, True)
    assert lowest is not None
    points, values = lowest
    note = _choice_note(ranks, values)
    reason = f"guess {guess}, wrong: lowest card {_value_name(points)} = {points}{note}"
    return HandScore(points, reason, "lowest", values, guess, False)


def score_hand(
    cards: str | Iterable[Card | str],
    guess: str | None = None,
    own: bool = True,
    jokers: Sequence[int | str] | None = None,
) -> HandScore:
    """Score three cards exactly as Dotter does.

    ``cards`` are :class:`Card` objects or text (``"QH"``, or just ranks ``"Q K A"``);
    ``guess`` is ``None`` or one of :data:`GUESSES` (``"double"`` means pair); ``own``
    is ``False`` for cards off another player, which halves the points (rounded down,
    after doubling). Jokers and Aces take the values that score most, including the
    values that make a guess right, unless ``jokers`` says what each Joker stands for
    (a rank, Ace to King, per Joker in the order of the cards; see
    :func:`joker_choices`).

    >>> score_hand("6 10 A").reason
    'series, difference 4: 10 + 14 = 24 (Ace as 14)'
    >>> score_hand("Q K A", guess="double").reason
    'guess pair, wrong: lowest card A = 1'
    >>> score_hand("J J J", guess="triple").points
    66
    >>> score_hand("2 5 JK", guess="pair").reason
    'guess pair, right: 2 x (pair of 5s: 2 x 5 = 10 (Joker as 5)) = 20'
    """
    ranks = _ranks_of(cards)
    chosen = None if jokers is None else joker_ranks(jokers, ranks.count(JOKER_RANK))
    result = _score_ranks(ranks, parse_guess(guess), chosen)
    if own:
        return result
    halved = result.points // 2
    reason = f"{result.reason}; off another player: {result.points} / 2 = {halved}"
    if result.points % 2:
        reason += " (rounded down)"
    return replace(result, points=halved, reason=reason)


def score_ranks(ranks: tuple[int, ...], guess: str | None = None, own: bool = True) -> int:
    """Points of three rank numbers (Ace 1, Joker 0) — the fast path for bots.

    Anything but three rank numbers a deck can hold (0 for a Joker, at most two of them,
    1 to 13) is refused with :class:`~cardmath.errors.CardError`.

    >>> score_ranks((1, 3, 9)), score_ranks((11, 11, 11), "quotient", own=False)
    (12, 22)
    """
    points = None
    # the fast path reads only hands checked before (never an endless iterator, a bool or
    # a hand of three Jokers that the exact tables score unchecked)
    if (
        (type(ranks) is tuple or type(ranks) is list)
        and len(ranks) == 3
        and all(type(rank) is int for rank in ranks)
    ):
        try:
            points = _CHECKED_POINTS.get((tuple(sorted(ranks)), guess))
        except TypeError:  # an unhashable guess
            points = None
    if points is None:
        key = _checked_ranks(ranks)
        parse_guess(guess)  # refuses what is not a guess before it is used as a key
        points = _points_of(key, guess)
        if guess is None or guess in GUESSES:
            _CHECKED_POINTS[(key, guess)] = points
    return points if own else points // 2


def _points_of(key: tuple[int, ...], guess: str | None) -> int:
    """Points of three sorted rank numbers (unchecked: the exact-probability tables also
    score hands no deal can make, with weight 0)."""
    points = _POINTS.get((key, guess))
    if points is None:
        points = _POINTS[(key, guess)] = _score_ranks(key, parse_guess(guess)).points
    return points


def _checked_ranks(ranks: Any) -> tuple[int, ...]:
    """Three rank numbers (sorted) that a Dotter hand can hold, or :class:`CardError`."""
    if (
        not isinstance(ranks, tuple | list)
        or len(ranks) != 3
        or not all(type(rank) is int and 0 <= rank <= 13 for rank in ranks)
    ):
        raise CardError(
            f"a hand is three rank numbers from 0 (Joker) to 13 (King), not {quoted(ranks)}"
        )
    if ranks.count(JOKER_RANK) > RANK_COUNTS[JOKER_RANK]:
        raise CardError("the Dotter deck has only two Jokers, so a hand holds at most two")
    return tuple(sorted(ranks))


_POINTS: dict[tuple[tuple[int, ...], str | None], int] = {}
"""Points of sorted ranks and a guess, also of hands no deal makes (the exact tables)."""
_CHECKED_POINTS: dict[tuple[tuple[int, ...], str | None], int] = {}
"""The same for hands :func:`score_ranks` has checked: its fast path reads only these."""


# --- the scorer's Joker choice and the explanation of a score ----------------------------

JOKER_CHOICES: tuple[int, ...] = tuple(range(1, 14))
"""What a Joker may stand for: a rank, Ace (1) to King (13); a Joker standing for an Ace
counts 14 at the top of a series, like an Ace."""


def joker_ranks(jokers: Sequence[int | str], count: int) -> tuple[int, ...]:
    """The ranks chosen for ``count`` Jokers, checked: one per Joker, each a rank from Ace
    to King, as a number (1 to 13) or a letter ("A", "K"). Two Jokers are
    interchangeable, so the ranks come back in increasing order.

    >>> joker_ranks(["K", 3], 2), joker_ranks((9,), 1)
    ((3, 13), (9,))
    >>> joker_ranks((14,), 1)
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: a Joker stands for a rank from Ace (1) to King (13), not 14
    """
    if isinstance(jokers, str) or not isinstance(jokers, Sequence):
        raise IllegalMove(
            f"the Jokers' ranks are a list with one rank per Joker, not {quoted(jokers)}",
            rule="jokers",
        )
    if len(jokers) != count:
        raise IllegalMove(
            f"these cards hold {counted(count, 'Joker')}, so name {count} "
            f"rank{'s' if count != 1 else ''}, not {len(jokers)}",
            rule="jokers",
        )
    ranks = []
    for item in jokers:
        rank = None
        if isinstance(item, int) and not isinstance(item, bool) and 1 <= item <= 13:
            rank = item
        elif isinstance(item, str) and len(item) <= 5:
            rank = RANK_NUMBERS.get(item.strip().upper())
            if rank is None and item.strip().isdigit() and 1 <= int(item.strip()) <= 13:
                rank = int(item.strip())
        if rank is None or rank == JOKER_RANK:
            raise IllegalMove(
                f"a Joker stands for a rank from Ace (1) to King (13), not {quoted(item)}",
                rule="jokers",
            )
        ranks.append(rank)
    return tuple(sorted(ranks))


@dataclass(frozen=True)
class JokerChoice:
    """One way to say what the Jokers stand for, and how the hand then scores."""

    ranks: tuple[int, ...]
    score: HandScore

    @property
    def text(self) -> str:
        """ "Joker as 9", "Jokers as 3 and K"."""
        names = [_value_name(rank) for rank in self.ranks]
        if len(names) == 1:
            return f"Joker as {names[0]}"
        return f"Jokers as {names[0]} and {names[1]}"


def joker_choices(
    cards: str | Iterable[Card | str], guess: str | None = None, own: bool = True
) -> tuple[JokerChoice, ...]:
    """Every choice of what the Jokers among ``cards`` stand for, best score first (the
    first is the engine's suggestion, the score :func:`score_hand` gives); ties in
    increasing rank. ``()`` when the cards hold no Joker.

    >>> choices = joker_choices("5 7 JK")
    >>> [(c.text, c.score.points) for c in choices[:3]]
    [('Joker as 9', 16), ('Joker as 7', 14), ('Joker as 6', 13)]
    >>> choices[-1].text, choices[-1].score.reason
    ('Joker as 4', 'nothing: highest card 7 = 7 (Joker as 4)')
    >>> len(joker_choices("JK JK 5")), joker_choices("JK JK 5")[0].text
    (91, 'Jokers as K and K')
    """
    ranks = _ranks_of(cards)
    count = ranks.count(JOKER_RANK)
    if not count:
        return ()
    guess = parse_guess(guess)
    found = []
    for chosen in itertools.combinations_with_replacement(JOKER_CHOICES, count):
        found.append(JokerChoice(chosen, score_hand(cards, guess, own, jokers=chosen)))
    found.sort(key=lambda choice: (-choice.score.points, choice.ranks))
    return tuple(found)


def _card_names(ranks: Sequence[int], values: Sequence[int]) -> str:
    names = []
    for rank, value in zip(ranks, values, strict=True):
        name = _value_name(value)
        names.append(f"Joker as {name}" if rank == JOKER_RANK else name)
    return ", ".join(names)


def explain_score(
    cards: str | Iterable[Card | str],
    guess: str | None = None,
    own: bool = True,
    jokers: Sequence[int | str] | None = None,
    whose: str = "another player's",
) -> tuple[str, ...]:
    """The score of three cards, explained step by step for the screen: which cards (and
    what the Jokers stood for), the category and its arithmetic, the guess and its
    doubling (or the lowest card after a wrong guess), and the halving off ``whose``
    cards. The points are :func:`score_hand`'s.

    >>> explain_score("4 6 9")
    ('4, 6, 9: quotient 3/2, series: 9 + 6 = 15',)
    >>> explain_score("6 10 A", guess="difference", own=False, whose="Computer 2's")
    ... # doctest: +NORMALIZE_WHITESPACE
    ('6, 10, A: difference 4, series (the Ace counts 14 at the top of a series): 14 + 10 = 24',
     'Guess difference: right, so doubled: 2 × 24 = 48',
     "Off Computer 2's cards: halved, 48 ÷ 2 = 24")
    >>> explain_score("Q K A", guess="pair")
    ('Q, K, A: guess pair, wrong: only the lowest card counts, A = 1',)
    >>> explain_score("5 7 JK", jokers=[8])
    ('5, 7, Joker as 8: nothing, so the highest card counts: 8',)
    """
    ranks = _ranks_of(cards)
    chosen = None if jokers is None else joker_ranks(jokers, ranks.count(JOKER_RANK))
    guess = parse_guess(guess)
    result = _score_ranks(ranks, guess, chosen)
    values = result.values
    shown = _card_names(ranks, values)
    low, middle, high = sorted(values)
    if result.category == "lowest":
        lines = [
            f"{shown}: guess {guess}, wrong: only the lowest card counts, "
            f"{_value_name(low)} = {low}"
        ]
    else:
        base = result.points // 2 if guess else result.points
        category = result.category
        if category in ("difference", "quotient"):
            step = high - middle if category == "difference" else Fraction(middle, low)
            ace = " (the Ace counts 14 at the top of a series)" if ACE_HIGH in values else ""
            text = f"{category} {step}, series{ace}: {high} + {middle} = {base}"
        elif category == "pair":
            text = f"pair of {_plural(middle)}: 2 × {middle} = {base}"
        elif category == "triple":
            text = f"triple of {_plural(low)}: 3 × {low} = {base}"
        else:
            text = f"nothing, so the highest card counts: {high}"
        lines = [f"{shown}: {text}"]
        if guess:
            lines.append(f"Guess {guess}: right, so doubled: 2 × {base} = {result.points}")
    if not own:
        halved = result.points // 2
        rounded = " (rounded down)" if result.points % 2 else ""
        lines.append(f"Off {whose} cards: halved, {result.points} ÷ 2 = {halved}{rounded}")
    return tuple(lines)


RANK_COUNTS: tuple[int, ...] = (2,) + (4,) * 13
"""How many cards of each rank number (Joker 0, Ace 1 .. King 13) the 54-card deck holds."""


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
    return value


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


# --- options, positions, actions ------------------------------------------------------

LAP = 121
FULL_DECK: tuple[Card, ...] = standard_deck()
"""The 54 cards Dotter is played with (two Jokers)."""
DECK_SIZE = len(FULL_DECK)


@codec.serializable("dotter.DotterOptions")
@dataclass(frozen=True)
class DotterOptions(Options):
    """Dotter's options; the defaults are the seed's rules and the rulings.

    * ``laps``: laps of ``lap_length`` points to win (seed: 6).
    * ``fewer_laps``: one lap fewer for each player beyond two (the seed's suggestion).
    * ``lap_length``: points in a lap (seed: 121, the cribbage board); the peg is the last.
    * ``new_cards_wait``: new cards are not scorable until their drawer has had a turn.
    * ``bank``: each player's first row of a round is a bank of three protected cards
      that only its owner may score while the deck lasts.
    * ``scoring_limit``: at most this many scorings per player per round (0: no limit).
    * ``max_rounds``: the game stops after this many rounds (0: play until someone wins).
    """

    players: int = option(
        2, "Players", "How many play (the seed was tested with two).", minimum=2, maximum=6
    )
    laps: int = option(
        6, "Laps to win", "Laps of the board a player must complete to win.", minimum=1, maximum=20
    )
    fewer_laps: bool = option(
        False,
        "Fewer laps with more players",
        "One lap fewer to win for each player beyond two (at least one lap).",
    )
    lap_length: int = option(
        LAP,
        "Points in a lap",
        "How many points make one lap of the board (a cribbage board has 121).",
        minimum=10,
        maximum=1000,
    )
    new_cards_wait: bool = option(
        True,
        "New cards wait",
        "Cards just drawn cannot be scored until their drawer has had another turn.",
    )
    bank: bool = option(
        False,
        "Bank of three",
        "Each player's first row of a round is protected: only its owner may score those "
        "cards while the deck lasts.",
    )
    scoring_limit: int = option(
        0,
        "Scorings per round",
        "At most this many scorings per player in a round (0: no limit; the seed suggests 5 to 7).",
        minimum=0,
        maximum=DECK_SIZE // 3,
    )
    give_to_score: bool = option(
        False,
        "Give three to score more",
        "With a scoring limit: a player who has used all their scorings may score once more "
        "by first giving three of their own face-down cards to another player.",
    )
    max_rounds: int = option(
        0,
        "Round limit",
        "Stop after this many rounds and the leaders win (0: play until someone wins).",
        minimum=0,
        maximum=100,
    )

    def validate(self) -> None:
        super().validate()
        if self.give_to_score and not self.scoring_limit:
            raise OptionError(
                "Give three to score more needs a limit to score beyond: set Scorings per "
                "round to a whole number from 1 to 18"
            )

    @property
    def laps_to_win(self) -> int:
        """Laps needed to win, after ``fewer_laps`` (never fewer than one)."""
        if self.fewer_laps:
            return max(1, self.laps - (self.players - 2))
        return self.laps


SLOT_LETTERS = "abc"


def position_label(row: int, slot: int) -> str:
    """The name of a face-down place: row number then a, b or c (``"2b"``)."""
    return f"{row}{SLOT_LETTERS[slot]}"


def parse_position(text: str) -> tuple[int, int]:
    """``"2b"`` -> (2, 1): the row (from 1) and the place in it (a, b, c).

    >>> parse_position("2b"), parse_position(" 10A ")
    ((2, 1), (10, 0))
    """
    match = (
        re.fullmatch(r"\s*(\d{1,3})([abcABC])\s*", text)
        if isinstance(text, str) and len(text) < 100
        else None
    )
    if not match:
        raise IllegalMove(
            f"{quoted(text)} is not a card place: write the row number then a, b or c, like 2b",
            rule="card places",
        )
    return int(match.group(1)), SLOT_LETTERS.index(match.group(2).lower())


@codec.serializable("dotter.FaceDown")
@dataclass(frozen=True)
class FaceDown:
    """A face-down card in a player's rows: its stable place (``row`` from 1 in the order
    the owner drew them this round, ``slot`` 0..2), whether it is ``new`` (its drawer has
    not had another turn yet) and which players have seen it."""

    row: int
    slot: int
    card: Card
    new: bool
    seen_by: frozenset[int]

    @property
    def label(self) -> str:
        return position_label(self.row, self.slot)


@codec.serializable("dotter.Draw")
@dataclass(frozen=True)
class Draw:
    """Draw three cards from the deck, face down, unseen, as a new row."""

    def __str__(self) -> str:
        return "draw"


@codec.serializable("dotter.Peek")
@dataclass(frozen=True)
class Peek:
    """Look at two face-down cards of player ``owner`` (0-based; shown 1-based)."""

    owner: int
    places: tuple[str, ...]

    def __str__(self) -> str:
        return f"peek p{self.owner + 1} {' '.join(self.places)}"


@codec.serializable("dotter.Score")
@dataclass(frozen=True)
class Score:
    """Score three face-down cards of player ``owner``, with an optional ``guess``."""

    owner: int
    places: tuple[str, ...]
    guess: str = ""

    def __str__(self) -> str:
        text = f"score p{self.owner + 1} {' '.join(self.places)}"
        return f"{text} guess {self.guess}" if self.guess else text


@codec.serializable("dotter.Pass")
@dataclass(frozen=True)
class Pass:
    """Let the turn go by: allowed only when nothing else is possible."""

    def __str__(self) -> str:
        return "pass"


@codec.serializable("dotter.Jokers")
@dataclass(frozen=True)
class Jokers:
    """Say what the Jokers just turned up stand for (a rank per Joker, Ace 1 to King
    13, in increasing order), which finishes the score."""

    ranks: tuple[int, ...]

    def __str__(self) -> str:
        names = " ".join(_value_name(rank) for rank in self.ranks)
        return f"joker {names}" if len(self.ranks) == 1 else f"jokers {names}"


@codec.serializable("dotter.Give")
@dataclass(frozen=True)
class Give:
    """Give three of your own face-down cards to player ``to`` (0-based), to score once
    more after using all your scorings of the round (the *give three* option)."""

    places: tuple[str, ...]
    to: int

    def __str__(self) -> str:
        return f"give {' '.join(self.places)} to p{self.to + 1}"


@codec.serializable("dotter.TurnedUp")
@dataclass(frozen=True)
class TurnedUp:
    """Three cards turned up by a score that waits for its scorer to say what the
    Jokers among them stand for."""

    owner: int
    places: tuple[str, ...]
    cards: tuple[Card, ...]
    guess: str


@codec.serializable("dotter.Gift")
@dataclass(frozen=True)
class Gift:
    """Three cards just given: ``giver`` must now score (not these cards), which
    ``receiver`` holds as their row ``row``."""

    giver: int
    receiver: int
    row: int


@codec.serializable("dotter.RoundEnd")
@dataclass(frozen=True)
class RoundEnd:
    """How a round ended: laps and lap points when the last card was scored (the peg
    holder's points are the lap length), the leaders of the lap (the peg counting 0),
    and the lap points each player kept."""

    round_number: int
    laps: tuple[int, ...]
    points: tuple[int, ...]
    lap_points: tuple[int, ...]
    leaders: tuple[int, ...]
    kept: tuple[int, ...]


DotterAction = Draw | Peek | Score | Jokers | Give | Pass


_MOVE_EXAMPLES = "draw, peek p2 1a 1b, score p1 1a 1b 2c guess pair, joker 9, give 1a 1b 1c to p2"


def _player_number(word: str, players: int | None) -> int | None:
    """The 0-based player a word like ``p2`` names (``None`` if it names none); a number
    past the last player is refused."""
    match = re.fullmatch(r"p(\d{1,3})", word)
    if not match:
        return None
    number = int(match.group(1))
    last = players if players is not None else 999
    if not 1 <= number <= last:
        shown = f"p1 to p{players}" if players is not None else "numbered from p1"
        raise IllegalMove(f"there is no player p{number}: the players are {shown}", rule="players")
    return number - 1


def _places(words: Sequence[str], count: int, verb: str) -> tuple[str, ...]:
    if len(words) > 3:
        raise IllegalMove(
            f"a {verb} names {count} card places, not {len(words)}", rule="card places"
        )
    return tuple(position_label(*place) for place in sorted(parse_position(word) for word in words))


def parse_dotter_action(text: str, players: int | None = None) -> DotterAction:
    """Read an action from its text form (places are put in order). Players are numbered
    from 1 in text (``p1``); with ``players`` a number past the last player is refused.

    >>> parse_dotter_action("score p2 3a 1c 1a guess double")
    Score(owner=1, places=('1a', '1c', '3a'), guess='pair')
    >>> parse_dotter_action("peek p3 1a 1b", players=2)
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: there is no player p3: the players are p1 to p2
    >>> parse_dotter_action("jokers K 3"), parse_dotter_action("give 2c 2a 2b to p1")
    (Jokers(ranks=(3, 13)), Give(places=('2a', '2b', '2c'), to=0))
    """
    checked_text(text, "a Dotter move", "draw", limit=200, error=IllegalMove, rule="moves")
    words = text.strip().lower().split()
    if words == ["draw"]:
        return Draw()
    if words == ["pass"]:
        return Pass()
    if len(words) in (2, 3) and words[0] in ("joker", "jokers"):
        return Jokers(joker_ranks(words[1:], len(words) - 1))
    if len(words) >= 3 and words[0] == "give" and words[-2] == "to":
        receiver = _player_number(words[-1], players)
        if receiver is not None:
            return Give(_places(words[1:-2], 3, "give"), receiver)
    owner = _player_number(words[1], players) if len(words) >= 2 else None
    if owner is not None and words[0] in ("peek", "score"):
        rest = words[2:]
        guess = ""
        if words[0] == "score" and len(rest) >= 2 and rest[-2] == "guess":
            guess = parse_guess(rest[-1]) or ""
            rest = rest[:-2]
        if words[0] == "peek":
            return Peek(owner, _places(rest, 2, "peek"))
        return Score(owner, _places(rest, 3, "score"), guess)
    raise IllegalMove(
        f"{quoted(text.strip())} is not a Dotter move: write {_MOVE_EXAMPLES}", rule="moves"
    )


# --- observation ----------------------------------------------------------------------


@codec.serializable("dotter.SeenCard")
@dataclass(frozen=True)
class SeenCard:
    """A face-down card as one player sees it: ``card`` is ``None`` unless they have seen
    it. Everyone sees where it lies, whether it is new or protected, and who has looked."""

    label: str
    card: Card | None
    new: bool
    protected: bool
    seen_by: frozenset[int]


@codec.serializable("dotter.DotterObservation")
@dataclass(frozen=True)
class DotterObservation(Observation):
    """What ``player`` may know: the public table, and faces only of cards they have
    peeked at or seen scored (the discards)."""

    options: DotterOptions
    round_number: int
    deck_size: int
    areas: tuple[tuple[SeenCard, ...], ...]
    discards: tuple[Card, ...]
    laps: tuple[int, ...]
    points: tuple[int, ...]
    scorings: tuple[int, ...]
    pending: TurnedUp | None = None
    """Cards turned up by a score waiting for its scorer to say what the Jokers are."""
    gift: Gift | None = None
    """Three cards just given: their giver must now score (not those cards)."""
    last_round: RoundEnd | None = None
    """How the last round ended (``None`` in the first round)."""

    def unseen_pool(self) -> tuple[int, ...]:
        """Counts by rank number (Joker first) of the cards this player has not seen:
        the deck and the face-down cards they have not looked at."""
        counts = list(RANK_COUNTS)
        visible = list(self.discards)
        visible += [seen.card for area in self.areas for seen in area if seen.card is not None]
        if self.pending is not None:
            visible += self.pending.cards
        for card in visible:
            counts[rank_number(card)] -= 1
        return tuple(counts)

    def scorable(self, owner: int) -> tuple[SeenCard, ...]:
        """``owner``'s face-down cards that this player could score on their turn: not
        new (while new cards wait), not in another player's bank, not just given."""
        wait = self.options.new_cards_wait
        gift = self.gift
        return tuple(
            seen
            for seen in self.areas[owner]
            if not (seen.new and wait)
            and not seen.protected
            and not (
                gift is not None
                and owner == gift.receiver
                and parse_position(seen.label)[0] == gift.row
            )
        )


# --- the state ------------------------------------------------------------------------


@codec.serializable("dotter.DotterState")
@dataclass(frozen=True)
class DotterState(State):
    """One moment of a Dotter game.

    ``areas[p]`` are player p's face-down cards in place order; ``points[p]`` are the
    points in the current lap (``lap_length`` means p holds the peg); ``laps[p]`` the laps
    completed; ``scorings[p]`` this round's scorings; ``winner`` is -1 until someone wins.
    """

    options: DotterOptions
    seed: int
    round_number: int
    deck: tuple[Card, ...]
    areas: tuple[tuple[FaceDown, ...], ...]
    rows_drawn: tuple[int, ...]
    discards: tuple[Card, ...]
    laps: tuple[int, ...]
    points: tuple[int, ...]
    scorings: tuple[int, ...]
    to_move: int
    round_starter: int
    winner: int = -1
    finished: bool = False
    pending: TurnedUp | None = None
    """A score's cards turned up, waiting for the scorer to say what its Jokers are."""
    gift: Gift | None = None
    """Three cards just given (the *give three* option): the giver must now score."""
    last_round: RoundEnd | None = None
    """How the last round ended."""

    # -- protocol ---------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.finished else self.to_move

    def legal_actions(self) -> tuple[DotterAction, ...]:
        if self.finished:
            return ()
        return self._legal_actions

    @cached_property
    def _legal_actions(self) -> tuple[DotterAction, ...]:
        player = self.to_move
        if self.pending is not None:
            count = sum(card.is_joker for card in self.pending.cards)
            return tuple(
                Jokers(ranks)
                for ranks in itertools.combinations_with_replacement(JOKER_CHOICES, count)
            )
        if self.gift is not None:
            return self._score_actions()
        actions: list[DotterAction] = []
        if self.deck:
            actions.append(Draw())
        for owner, area in enumerate(self.areas):
            for first, second in itertools.combinations(area, 2):
                if player not in first.seen_by or player not in second.seen_by:
                    actions.append(Peek(owner, (first.label, second.label)))
        if self._scorings_left(player):
            actions.extend(self._score_actions())
        elif self.options.give_to_score:
            actions.extend(self._give_actions())
        return tuple(actions) if actions else (Pass(),)

    def _scorable(self, owner: int) -> list[FaceDown]:
        """``owner``'s cards the player to move may score now."""
        return [card for card in self.areas[owner] if self._refusal(card, owner) is None]

    def _score_actions(self) -> tuple[Score, ...]:
        actions: list[Score] = []
        for owner in range(self.num_players):
            for trio in itertools.combinations(self._scorable(owner), 3):
                places = tuple(card.label for card in trio)
                actions.append(Score(owner, places))
                actions.extend(Score(owner, places, guess) for guess in GUESSES)
        return tuple(actions)

    def _give_actions(self) -> tuple[Give, ...]:
        """Every gift of three own cards to another player after which a score is possible."""
        player = self.to_move
        scorable = [
            {card.label for card in self._scorable(owner)} for owner in range(self.num_players)
        ]
        others_can = any(len(found) >= 3 for o, found in enumerate(scorable) if o != player)
        receivers = [o for o in range(self.num_players) if o != player]
        actions: list[Give] = []
        for trio in itertools.combinations(self.areas[player], 3):
            places = tuple(card.label for card in trio)
            if others_can or len(scorable[player] - set(places)) >= 3:
                actions.extend(Give(places, receiver) for receiver in receivers)
        return tuple(actions)

    def parse_action(self, text: str) -> DotterAction:
        """Read a move from its text (``peek p2 1a 1b``): see :func:`parse_dotter_action`."""
        return parse_dotter_action(text, self.num_players)

    def apply(self, action: DotterAction) -> DotterState:
        self.require_not_terminal()
        player = self.to_move
        if self.pending is not None:
            if not isinstance(action, Jokers):
                raise IllegalMove(
                    "the scored cards are turned up: first say what the Joker stands for",
                    rule="jokers",
                )
            return self._settle_jokers(player, action)._after_turn()
        if isinstance(action, Jokers):
            raise IllegalMove(
                "there is no Joker to choose: a Joker is chosen when the cards it is "
                "scored with are turned up",
                rule="jokers",
            )
        if self.gift is not None and not isinstance(action, Score):
            raise IllegalMove(
                "you have given three cards, so now you score three cards", rule="give three"
            )
        if isinstance(action, Give):
            return self._give(player, action)
        if isinstance(action, Draw):
            return self._draw(player)._after_turn()
        if isinstance(action, Peek):
            return self._peek(player, action)._after_turn()
        if isinstance(action, Score):
            scored = self._score(player, action)
            return scored if scored.pending is not None else scored._after_turn()
        if isinstance(action, Pass):
            if self.legal_actions() != (Pass(),):
                raise IllegalMove(
                    "you may pass only when you cannot draw, peek or score", rule="passing"
                )
            return self._after_turn()
        raise IllegalMove(
            f"{quoted(action)} is not a Dotter move: Draw(), Peek(...), Score(...), "
            "Jokers(...), Give(...) or Pass()",
            rule="moves",
        )

    def outcome(self) -> Outcome:
        self.require_terminal()
        scores = self.total_points()
        if self.winner >= 0:
            winners: tuple[int, ...] = (self.winner,)
            summary = (
                f"{player_names(winners)} won, completing {counted(self.laps[self.winner], 'lap')} "
                "first"
            )
        else:
            best = max(zip(self.laps, self.lap_points(), strict=True))
            winners = tuple(
                player
                for player, standing in enumerate(zip(self.laps, self.lap_points(), strict=True))
                if standing == best
            )
            summary = (
                f"after {counted(self.round_number, 'round')}, {player_names(winners)} "
                f"{'leads' if len(winners) == 1 else 'share the lead'} with "
                f"{counted(best[0], 'lap')} and {counted(best[1], 'point')}"
            )
        return Outcome(winners, scores, summary)

    def observation(self, player: int) -> DotterObservation:
        frame = self.observation_frame(player)
        areas = tuple(
            tuple(
                SeenCard(
                    card.label,
                    card.card if player in card.seen_by else None,
                    card.new,
                    self.is_protected(card, owner, player),
                    card.seen_by,
                )
                for card in area
            )
            for owner, area in enumerate(self.areas)
        )
        return DotterObservation(
            **frame,
            options=self.options,
            round_number=self.round_number,
            deck_size=len(self.deck),
            areas=areas,
            discards=self.discards,
            laps=self.laps,
            points=self.points,
            scorings=self.scorings,
            pending=self.pending,
            gift=self.gift,
            last_round=self.last_round,
        )

    def card_zones(self) -> Mapping[str, Sequence[Card]]:
        zones: dict[str, Sequence[Card]] = {"deck": self.deck, "discards": self.discards}
        if self.pending is not None:
            zones["turned up"] = self.pending.cards
        for owner, area in enumerate(self.areas):
            zones[f"rows of player {owner + 1}"] = tuple(card.card for card in area)
        return zones

    def full_deck(self) -> Sequence[Card]:
        return FULL_DECK

    # -- helpers for lessons and widgets ----------------------------------------------

    @property
    def lap_length(self) -> int:
        return self.options.lap_length

    @property
    def peg_holder(self) -> int:
        """The player on the last peg (121), or -1."""
        return next((p for p, points in enumerate(self.points) if points == self.lap_length), -1)

    def lap_points(self) -> tuple[int, ...]:
        """Points in the current lap, the peg holder counting 0 (the 121st point belongs
        to the next lap)."""
        return tuple(0 if points == self.lap_length else points for points in self.points)

    def total_points(self) -> tuple[int, ...]:
        """Everything pegged: completed laps times the lap length plus lap points."""
        return tuple(
            laps * self.lap_length + points
            for laps, points in zip(self.laps, self.lap_points(), strict=True)
        )

    def is_protected(self, card: FaceDown, owner: int, scorer: int) -> bool:
        """True when ``card`` in ``owner``'s bank may not be scored by ``scorer`` now."""
        return self.options.bank and bool(self.deck) and card.row == 1 and scorer != owner

    def find(self, owner: int, label: str) -> FaceDown | None:
        return next((card for card in self.areas[owner] if card.label == label), None)

    # -- the actions ------------------------------------------------------------------

    def _scorings_left(self, player: int) -> bool:
        limit = self.options.scoring_limit
        return limit == 0 or self.scorings[player] < limit

    def _refusal(self, card: FaceDown, owner: int) -> tuple[str, str] | None:
        """Why the player to move may not score ``card`` and the rule, or ``None``."""
        player = self.to_move
        who = "you" if owner == player else player_names([owner])
        gift = self.gift
        if gift is not None and owner == gift.receiver and card.row == gift.row:
            return (
                f"{card.label} of {player_names([owner])} was just given: cards you give "
                "cannot be scored on the turn you give them",
                "give three",
            )
        if card.new and self.options.new_cards_wait:
            how = "drawn or given" if self.options.give_to_score else "drawn"
            return (
                f"{card.label} of {player_names([owner])} was just {how}: new cards cannot be "
                f"scored until {who} {'have' if owner == player else 'has'} had another turn",
                "new cards",
            )
        if self.is_protected(card, owner, player):
            return (
                f"{card.label} is in {player_names([owner])}'s bank: only its owner may score "
                "it while the deck lasts",
                "protected bank",
            )
        return None

    def _draw(self, player: int) -> DotterState:
        if not self.deck:
            raise IllegalMove("the deck is empty, so you cannot draw", rule="drawing")
        row = self.rows_drawn[player] + 1
        new_cards = tuple(
            FaceDown(row, slot, card, True, frozenset()) for slot, card in enumerate(self.deck[:3])
        )
        return replace(
            self,
            deck=self.deck[3:],
            areas=_with(self.areas, player, self.areas[player] + new_cards),
            rows_drawn=_with(self.rows_drawn, player, row),
        )

    def _chosen_cards(self, owner: int, places: tuple[str, ...], count: int, verb: str):
        players = self.num_players
        if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < players:
            raise IllegalMove(
                f"there is no player {quoted(owner)}: in Python the players of this "
                f"{players}-player game are numbered 0 to {players - 1} (0 is Player 1, "
                f"written p1 in a move's text)",
                rule="players",
            )
        if not isinstance(places, tuple | list):
            raise IllegalMove(
                f"the cards to {verb} are a tuple of places like ('1a', '2b'), not "
                f"{quoted(places)}",
                rule="card places",
            )
        if len(places) != count:
            raise IllegalMove(f"you {verb} exactly {count} cards, not {len(places)}", rule=verb)
        keys = [parse_position(label) for label in places]
        if len(set(keys)) != count:
            raise IllegalMove(f"you {verb} {count} different cards", rule=verb)
        cards = []
        for label in places:
            card = self.find(owner, position_label(*parse_position(label)))
            if card is None:
                raise IllegalMove(
                    f"{player_names([owner])} has no face-down card at {label}",
                    rule="card places",
                )
            cards.append(card)
        return cards

    def _peek(self, player: int, action: Peek) -> DotterState:
        cards = self._chosen_cards(action.owner, action.places, 2, "peek at")
        if all(player in card.seen_by for card in cards):
            raise IllegalMove(
                "you have seen both of those cards already: a peek must show you something new",
                rule="peeking",
            )
        looked = {card.label for card in cards}
        area = tuple(
            replace(card, seen_by=card.seen_by | {player}) if card.label in looked else card
            for card in self.areas[action.owner]
        )
        return replace(self, areas=_with(self.areas, action.owner, area))

    def _score(self, player: int, action: Score) -> DotterState:
        if self.gift is None and not self._scorings_left(player):
            more = (
                ": give three of your cards to another player to score again"
                if self.options.give_to_score
                else ""
            )
            raise IllegalMove(
                f"you have used all {self.options.scoring_limit} scorings of this round{more}",
                rule="scoring limit",
            )
        guess = parse_guess(action.guess or None) or ""
        cards = self._chosen_cards(action.owner, action.places, 3, "score")
        for card in cards:
            refused = self._refusal(card, action.owner)
            if refused is not None:
                raise IllegalMove(refused[0], rule=refused[1])
        scored = {card.label for card in cards}
        area = tuple(card for card in self.areas[action.owner] if card.label not in scored)
        state = replace(self, areas=_with(self.areas, action.owner, area))
        faces = tuple(card.card for card in cards)
        if any(card.is_joker for card in faces):
            places = tuple(card.label for card in cards)
            return replace(state, pending=TurnedUp(action.owner, places, faces, guess))
        return state._settle(player, action.owner, faces, guess, None)

    def _settle_jokers(self, player: int, action: Jokers) -> DotterState:
        pending = self.pending
        assert pending is not None
        count = sum(card.is_joker for card in pending.cards)
        ranks = joker_ranks(action.ranks, count)
        return replace(self, pending=None)._settle(
            player, pending.owner, pending.cards, pending.guess, ranks
        )

    def _settle(
        self,
        player: int,
        owner: int,
        faces: tuple[Card, ...],
        guess: str,
        jokers: tuple[int, ...] | None,
    ) -> DotterState:
        """Score ``faces`` (already taken from ``owner``'s rows) for ``player``."""
        result = score_hand(faces, guess or None, own=owner == player, jokers=jokers)
        laps, points = self._pegged(player, result.points)
        state = replace(
            self,
            discards=self.discards + faces,
            laps=laps,
            points=points,
            scorings=_with(self.scorings, player, self.scorings[player] + 1),
            gift=None,
        )
        if laps[player] >= self.options.laps_to_win:
            return replace(state, winner=player, finished=True)
        return state

    def _give(self, player: int, action: Give) -> DotterState:
        if not self.options.give_to_score:
            raise IllegalMove(
                "giving cards is not played in this game (Give three to score more is off)",
                rule="give three",
            )
        if self._scorings_left(player):
            raise IllegalMove(
                "you still have scorings left this round: you give three cards only to score "
                "beyond the limit",
                rule="give three",
            )
        receiver = action.to
        players = self.num_players
        if (
            isinstance(receiver, bool)
            or not isinstance(receiver, int)
            or not 0 <= receiver < players
            or receiver == player
        ):
            raise IllegalMove(
                f"you give your cards to another player of this {players}-player game, "
                f"not to {quoted(receiver)} (in Python players are numbered 0 to {players - 1})",
                rule="give three",
            )
        cards = self._chosen_cards(player, action.places, 3, "give")
        places = Give(tuple(card.label for card in cards), receiver)
        if places not in self._give_actions():
            raise IllegalMove(
                "after giving those cards you could not score: nobody would have three cards "
                "you may score",
                rule="give three",
            )
        given = {card.label for card in cards}
        row = self.rows_drawn[receiver] + 1
        arrived = tuple(
            FaceDown(row, slot, card.card, True, card.seen_by) for slot, card in enumerate(cards)
        )
        areas = _with(
            self.areas,
            player,
            tuple(card for card in self.areas[player] if card.label not in given),
        )
        areas = _with(areas, receiver, areas[receiver] + arrived)
        return replace(
            self,
            areas=areas,
            rows_drawn=_with(self.rows_drawn, receiver, row),
            gift=Gift(player, receiver, row),
        )

    def _pegged(self, player: int, gained: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Laps and points after ``player`` pegs ``gained`` points (see :func:`peg`)."""
        return peg(self.laps, self.points, player, gained, self.lap_length)

    # -- turns and rounds -------------------------------------------------------------

    def _after_turn(self) -> DotterState:
        if self.finished:
            return self
        state = self
        if state._round_over():
            state = state._next_round()
            if state.finished:
                return state
            mover = state.round_starter
        else:
            mover = (state.to_move + 1) % state.num_players
        # The next mover is now having a turn, so the cards they drew are no longer new.
        area = tuple(replace(card, new=False) if card.new else card for card in state.areas[mover])
        return replace(state, to_move=mover, areas=_with(state.areas, mover, area))

    def _round_over(self) -> bool:
        """The deck is empty and no player will ever have three cards to score."""
        if self.deck:
            return False
        return not any(self._may_score_again(p) for p in range(self.num_players))

    def _may_score_again(self, player: int) -> bool:
        """Whether ``player`` could still score this round once the deck is empty (cards
        new now stop being new as the turns go round)."""
        sizes = [len(area) for area in self.areas]
        if self._scorings_left(player):
            return any(size >= 3 for size in sizes)
        if not self.options.give_to_score or sizes[player] < 3:
            return False
        return any(size - (3 if o == player else 0) >= 3 for o, size in enumerate(sizes))

    def _next_round(self) -> DotterState:
        lap_points = self.lap_points()
        leading = max(lap_points)
        points = tuple(points if points == leading else 0 for points in lap_points)
        ended = RoundEnd(
            self.round_number,
            self.laps,
            self.points,
            lap_points,
            tuple(p for p, value in enumerate(lap_points) if value == leading),
            points,
        )
        state = replace(self, points=points, last_round=ended)
        if self.options.max_rounds and self.round_number >= self.options.max_rounds:
            return replace(state, finished=True)
        return _deal_round(
            self.options,
            self.seed,
            self.round_number + 1,
            laps=self.laps,
            points=points,
            starter=(self.round_starter + 1) % self.num_players,
            last_round=ended,
        )


def peg(
    laps: tuple[int, ...], points: tuple[int, ...], player: int, gained: int, lap_length: int = LAP
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Move ``player``'s peg by ``gained`` points on the lap board.

    Reaching ``lap_length`` (121) completes a lap with no carry-over and puts the player on
    the single last peg; a player on the peg starts the next lap from 0 with their next
    score; while someone else holds the peg, a player who would reach it waits one point
    short (120). A score of 0 moves nothing.

    >>> peg((0, 0), (80, 115), 1, 20)  # seed: player 2 reaches 121, first lap
    ((0, 1), (80, 121))
    >>> peg((0, 1), (80, 121), 0, 66)  # player 1 would pass 121: waits at 120
    ((0, 1), (120, 121))
    >>> peg((0, 1), (120, 121), 1, 66)  # the holder leaves the peg: 66 into the next lap
    ((0, 1), (120, 66))
    """
    if gained <= 0:
        return laps, points
    holder = next((p for p, value in enumerate(points) if value == lap_length), -1)
    start = 0 if holder == player else points[player]
    reached = start + gained
    new_laps = laps
    if reached >= lap_length:
        if holder not in (-1, player):
            reached = lap_length - 1
        else:
            reached = lap_length
            new_laps = _with(laps, player, laps[player] + 1)
    return new_laps, _with(points, player, reached)


def retained_points(points: tuple[int, ...], lap_length: int = LAP) -> tuple[int, ...]:
    """Lap points after a round: only the leaders of the current lap keep theirs; the peg
    holder counts 0 (the 121st point belongs to the next lap).

    >>> retained_points((53, 78))  # seed retention example 1
    (0, 78)
    >>> retained_points((121, 100, 100))  # seed retention example 2
    (0, 100, 100)
    """
    lap_points = tuple(0 if value == lap_length else value for value in points)
    leading = max(lap_points)
    return tuple(value if value == leading else 0 for value in lap_points)


def _with(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _deal_round(
    options: DotterOptions,
    seed: int,
    round_number: int,
    *,
    laps: tuple[int, ...],
    points: tuple[int, ...],
    starter: int,
    last_round: RoundEnd | None = None,
) -> DotterState:
    """A new round: all 54 cards shuffled into the deck, empty rows, ``starter`` to move."""
    players = options.players
    return DotterState(
        options=options,
        seed=seed,
        round_number=round_number,
        deck=shuffled(FULL_DECK, chance(seed, "round", round_number)),
        areas=((),) * players,
        rows_drawn=(0,) * players,
        discards=(),
        laps=laps,
        points=points,
        scorings=(0,) * players,
        to_move=starter,
        round_starter=starter,
        last_round=last_round,
    )


# --- the game -------------------------------------------------------------------------


class DotterGame(Game[DotterOptions]):
    """Dotter for 2 to 6 players (see the module docstring and ``docs/games/dotter.md``)."""

    name = "dotter"
    title = "Dotter"
    options_class = DotterOptions
    min_players = 2
    max_players = 6

    def _new_state(self, seed: int) -> DotterState:
        players = self.options.players
        return _deal_round(
            self.options, seed, 1, laps=(0,) * players, points=(0,) * players, starter=0
        )

    def report(self, before: State, action: Any, after: State) -> list[dict[str, Any]]:
        assert isinstance(before, DotterState) and isinstance(after, DotterState)
        return describe_turn(before, action, after)


@dataclass(frozen=True)
class Scored:
    """Three cards scored by one move: whose they were, their faces, the guess and the
    Jokers' ranks (``None`` without Jokers), and how they scored (halved if not own)."""

    player: int
    owner: int
    places: tuple[str, ...]
    cards: tuple[Card, ...]
    guess: str
    jokers: tuple[int, ...] | None
    result: HandScore

    def explain(self, whose: str = "another player's") -> tuple[str, ...]:
        """The score step by step (see :func:`explain_score`)."""
        return explain_score(
            self.cards, self.guess or None, self.owner == self.player, self.jokers, whose
        )


def scored_by(before: DotterState, action: Any, after: DotterState) -> Scored | None:
    """The cards a move scored, or ``None`` if it scored nothing (a score whose cards
    hold a Joker is finished by the :class:`Jokers` move that follows it).

    >>> state = DotterGame(players=2, new_cards_wait=False).new_state(seed=9)
    >>> state = state.apply(Draw())  # Player 1 draws 7D 7S 5C; Player 2 scores them
    >>> after = state.apply(Score(0, ("1a", "1b", "1c")))
    >>> scored = scored_by(state, Score(0, ("1a", "1b", "1c")), after)
    >>> scored.result.points, scored.explain("Player 1's")
    (7, ('7, 7, 5: pair of 7s: 2 × 7 = 14', "Off Player 1's cards: halved, 14 ÷ 2 = 7"))
    """
    player = before.to_move
    if isinstance(action, Jokers) and before.pending is not None:
        pending = before.pending
        jokers = joker_ranks(action.ranks, sum(card.is_joker for card in pending.cards))
        owner, places, faces, guess = pending.owner, pending.places, pending.cards, pending.guess
    elif isinstance(action, Score) and after.pending is None and before.pending is None:
        cards = [before.find(action.owner, label) for label in action.places]
        faces = tuple(card.card for card in cards if card is not None)
        owner, places, guess, jokers = action.owner, action.places, action.guess, None
    else:
        return None
    result = score_hand(faces, guess or None, own=owner == player, jokers=jokers)
    return Scored(player, owner, places, faces, guess, jokers, result)


def describe_turn(before: DotterState, action: Any, after: DotterState) -> list[dict[str, Any]]:
    """Events for one turn, for the command line and the table's log (each with a
    ``"text"``). The texts are public: a peek names the places looked at, not the faces
    (those are in the event's ``"cards"``, for a record of the whole game)."""
    player = before.to_move
    name = player_names([player])
    base = {"round": before.round_number, "player": player + 1, "action": str(action)}
    events: list[dict[str, Any]] = []
    scored = scored_by(before, action, after)
    if isinstance(action, Draw):
        row = before.rows_drawn[player] + 1
        text = f"{name} draws row {row} face down; {len(before.deck) - 3} cards left in the deck"
        events.append({**base, "event": "draw", "row": row, "text": text})
    elif isinstance(action, Peek):
        cards = [before.find(action.owner, label) for label in action.places]
        shown = [str(card.card) for card in cards if card is not None]
        whose = "their own" if action.owner == player else f"{player_names([action.owner])}'s"
        text = f"{name} peeks at {whose} {' and '.join(action.places)}"
        events.append(
            {**base, "event": "peek", "owner": action.owner + 1, "cards": shown, "text": text}
        )
    elif isinstance(action, Give):
        receiver = player_names([action.to])
        row = after.rows_drawn[action.to]
        text = (
            f"{name} gives {' '.join(action.places)} to {receiver} (their row {row}) "
            "to score once more"
        )
        events.append({**base, "event": "give", "to": action.to + 1, "row": row, "text": text})
    elif isinstance(action, Score) and after.pending is not None:
        pending = after.pending
        whose = "their own cards" if pending.owner == player else (
            f"{player_names([pending.owner])}'s cards"
        )  # fmt: skip
        guessed = f" (guess {pending.guess})" if pending.guess else ""
        text = (
            f"{name} turns up {' '.join(map(str, pending.cards))} from {whose}{guessed} "
            "and says what the Joker stands for"
        )
        events.append(
            {
                **base,
                "event": "turn up",
                "owner": pending.owner + 1,
                "cards": [str(card) for card in pending.cards],
                "text": text,
            }
        )
    elif scored is not None:
        whose = "their own cards" if scored.owner == player else (
            f"{player_names([scored.owner])}'s cards"
        )  # fmt: skip
        chosen = ""
        if scored.jokers is not None:
            chosen = f" ({JokerChoice(scored.jokers, scored.result).text})"
        text = (
            f"{name} scores {' '.join(map(str, scored.cards))} from {whose}{chosen}: "
            f"{scored.result.reason}"
        )
        event = {
            **base,
            "event": "score",
            "owner": scored.owner + 1,
            "cards": [str(card) for card in scored.cards],
            "guess": scored.guess or None,
            "points": scored.result.points,
            "reason": scored.result.reason,
            "text": text,
        }
        if scored.jokers is not None:
            event["jokers"] = list(scored.jokers)
        events.append(event)
        standing = after.points if after.round_number == before.round_number else None
        if after.laps[player] > before.laps[player]:
            events.append(
                {
                    **base,
                    "event": "lap",
                    "laps": after.laps[player],
                    "text": f"{name} reaches the peg: lap {after.laps[player]} completed",
                }
            )
        elif (
            standing is not None
            and standing[player] == before.lap_length - 1
            and before.points[player] + scored.result.points >= before.lap_length
        ):
            holder = player_names([before.peg_holder])
            events.append(
                {
                    **base,
                    "event": "wait",
                    "text": f"{name} waits at {before.lap_length - 1}: {holder} holds the peg",
                }
            )
    else:
        events.append({**base, "event": "pass", "text": f"{name} cannot move and passes"})
    if after.round_number != before.round_number or (after.finished and after.winner < 0):
        kept = after.points
        text = (
            f"Round {before.round_number} over. Laps "
            + ", ".join(map(str, after.laps))
            + "; lap points kept "
            + ", ".join(map(str, kept))
        )
        events.append(
            {
                "event": "round",
                "round": before.round_number,
                "laps": list(after.laps),
                "lap_points": list(kept),
                "text": text,
            }
        )
    elif not after.finished:
        events[-1]["laps"] = list(after.laps)
        events[-1]["lap_points"] = list(after.points)
        if scored is not None:
            events[-1]["text"] += f" [laps {_standings(after)}]"
    if after.finished and after.winner >= 0:
        events.append(
            {
                "event": "win",
                "winner": after.winner + 1,
                "laps": list(after.laps),
                "text": f"{player_names([after.winner])} completes lap {after.laps[after.winner]}"
                " and wins",
            }
        )
    return events


def possessive(name: str) -> str:
    """A player's name as an owner: ``"your"`` for "You", else ``"Computer 2's"``.

    >>> possessive("You"), possessive("The class"), possessive("Player 2")
    ('your', "the class's", "Player 2's")
    """
    if name == "You":
        return "your"
    if name == "The class":
        return "the class's"
    return f"{name}'s"


def _whose(names: Sequence[str], owner: int, actor: int) -> str:
    """Whose cards, said of ``actor``'s move: "your own", "their own", "Computer 2's"."""
    if owner != actor:
        return possessive(names[owner])
    return "your own" if names[actor] == "You" else "their own"


@dataclass(frozen=True)
class TurnStory:
    """One move told to one viewer, for a screen: a sentence, the faces the viewer may
    see (cards scored, or their own peek), the score explained step by step, the
    points, and notes (a lap completed, a wait at 120, a round's end)."""

    player: int
    kind: str
    text: str
    cards: tuple[Card, ...] = ()
    lines: tuple[str, ...] = ()
    points: int | None = None
    notes: tuple[str, ...] = ()


def turn_story(
    before: DotterState, action: Any, after: DotterState, viewer: int, names: Sequence[str]
) -> TurnStory:
    """``action`` (from ``before`` to ``after``) told to ``viewer``, calling the players
    by ``names``: a peek shows its faces only to the peeker; scores are explained.

    >>> state = DotterGame(players=2, new_cards_wait=False).new_state(seed=9).apply(Draw())
    >>> score = Score(0, ("1a", "1b", "1c"), "pair")
    >>> story = turn_story(state, score, state.apply(score), 0, ["You", "Computer 2"])
    >>> story.text, story.points
    ('Computer 2 scored your 1a, 1b and 1c: 14 points.', 14)
    >>> story.lines
    ('7, 7, 5: pair of 7s: 2 × 7 = 14', 'Guess pair: right, so doubled: 2 × 14 = 28', 'Off your cards: halved, 28 ÷ 2 = 14')
    >>> peek = Peek(0, ("1a", "1b"))
    >>> turn_story(state, peek, state.apply(peek), 0, ["You", "Computer 2"]).cards
    ()
    """
    player = before.to_move
    actor = names[player]
    scored = scored_by(before, action, after)
    notes: list[str] = []
    if isinstance(action, Draw):
        row = before.rows_drawn[player] + 1
        left = len(before.deck) - 3
        story = TurnStory(
            player, "draw", f"{actor} drew row {row} face down ({counted(left, 'card')} left)."
        )
    elif isinstance(action, Peek):
        whose = _whose(names, action.owner, player)
        places = " and ".join(action.places)
        shown: tuple[Card, ...] = ()
        if viewer == player:
            found = [before.find(action.owner, label) for label in action.places]
            shown = tuple(card.card for card in found if card is not None)
        text = f"{actor} peeked at {whose} {places}"
        if shown:
            text += ": " + " and ".join(card.name for card in shown)
        story = TurnStory(player, "peek", text + ".", shown)
    elif isinstance(action, Give):
        receiver = names[action.to]
        row = after.rows_drawn[action.to]
        where = "your" if receiver == "You" else possessive(receiver)
        text = (
            f"{actor} gave {' '.join(action.places)} to {receiver} (now {where} row {row}) "
            "to score once more."
        )
        story = TurnStory(player, "give", text)
    elif isinstance(action, Score) and after.pending is not None:
        pending = after.pending
        whose = _whose(names, pending.owner, player)
        text = (
            f"{actor} turned up {whose} {', '.join(pending.places)} and chooses what the "
            "Joker stands for."
        )
        story = TurnStory(player, "turn up", text, pending.cards)
    elif scored is not None:
        whose = _whose(names, scored.owner, player)
        places = ", ".join(scored.places[:-1]) + f" and {scored.places[-1]}"
        points = scored.result.points
        text = f"{actor} scored {whose} {places}: {counted(points, 'point')}."
        owner = possessive(names[scored.owner])
        story = TurnStory(player, "score", text, scored.cards, scored.explain(owner), points)
        if after.laps[player] > before.laps[player]:
            notes.append(f"{actor} reached the peg: lap {after.laps[player]} completed.")
        elif (
            after.round_number == before.round_number
            and after.points[player] == before.lap_length - 1
            and before.peg_holder not in (-1, player)
            and points > 0
        ):
            holder = names[before.peg_holder]
            holds = "you hold" if holder == "You" else f"{holder} holds"
            waits = "wait" if actor == "You" else "waits"
            notes.append(f"{actor} {waits} at {before.lap_length - 1}: {holds} the peg.")
    else:
        story = TurnStory(player, "pass", f"{actor} could not move and passed.")
    if after.round_number != before.round_number or (after.finished and after.winner < 0):
        notes.append(f"Round {before.round_number} is over.")
    if after.finished and after.winner >= 0:
        notes.append(f"{names[after.winner]} completed lap {after.laps[after.winner]} and won.")
    return replace(story, notes=tuple(notes)) if notes else story


def _standings(state: DotterState) -> str:
    return ", ".join(
        f"{laps}+{'peg' if points == state.lap_length else points}"
        for laps, points in zip(state.laps, state.points, strict=True)
    )
