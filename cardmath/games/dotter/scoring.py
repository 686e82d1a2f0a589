"""Dotter's hand scoring: three cards as a series, a pair, a triple or nothing, a guess
doubling or spoiling the score, the Joker's best rank and the score explained step by step.

>>> score_hand("5 7 9").points
16
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from cardmath import codec
from cardmath.cards import JOKER, Card
from cardmath.errors import CardError, IllegalMove, checked_text, quoted
from cardmath.wording import RANK_VALUES, counted, plural, rank_letter

# --- hand scoring ---------------------------------------------------------------------

JOKER_RANK = 0
"""Internal rank number of a Joker (the scorer chooses its rank when scoring)."""

RANK_COUNTS: tuple[int, ...] = (2,) + (4,) * 13
"""How many cards of each rank number (Joker 0, Ace 1 .. King 13) the 54-card deck holds."""

RANK_NUMBERS: dict[str, int] = {
    **RANK_VALUES, **{str(n): n for n in range(2, 11)}, JOKER: JOKER_RANK
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
    return rank_letter(value)


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


@lru_cache(maxsize=32768)
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
    return _scored(ranks, parse_guess(guess), own, chosen)


def _scored(
    ranks: tuple[int, ...], guess: str | None, own: bool, jokers: tuple[int, ...] | None
) -> HandScore:
    """:func:`score_hand` once the ranks, the guess and the Jokers are checked."""
    result = _score_ranks(ranks, guess, jokers)
    if own:
        return result
    halved = result.points // 2
    reason = f"{result.reason}; off another player: {result.points} / 2 = {halved}"
    if result.points % 2:
        reason += " (rounded down)"
    return replace(result, points=halved, reason=reason)


settled_score = lru_cache(maxsize=65536)(_scored)
""":func:`_scored`, remembered (the engine's path: ranks, guess and Jokers already
checked, ``own`` a bool); a game scores the same few hands again and again."""


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
    kind: type[object] = type(ranks)
    if (
        (kind is tuple or kind is list)
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
            f"{plural(count, 'rank')}, not {len(jokers)}",
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
