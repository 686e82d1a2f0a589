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
from cardmath.errors import CardError, IllegalMove, checked_text, quoted
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


@codec.serializable
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
def _score_ranks(ranks: tuple[int, ...], guess: str | None) -> HandScore:
    """Best score of three ranks (before halving), the scorer choosing Jokers and Aces."""
    best: tuple[int, str, str, tuple[int, ...]] | None = None
    lowest: tuple[int, tuple[int, ...]] | None = None
    for values in itertools.product(*(_choices(rank) for rank in ranks)):
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
    cards: str | Iterable[Card | str], guess: str | None = None, own: bool = True
) -> HandScore:
    """Score three cards exactly as Dotter does.

    ``cards`` are :class:`Card` objects or text (``"QH"``, or just ranks ``"Q K A"``);
    ``guess`` is ``None`` or one of :data:`GUESSES` (``"double"`` means pair); ``own``
    is ``False`` for cards off another player, which halves the points (rounded down,
    after doubling). Jokers and Aces take the values that score most, including the
    values that make a guess right.

    >>> score_hand("6 10 A").reason
    'series, difference 4: 10 + 14 = 24 (Ace as 14)'
    >>> score_hand("Q K A", guess="double").reason
    'guess pair, wrong: lowest card A = 1'
    >>> score_hand("J J J", guess="triple").points
    66
    >>> score_hand("2 5 JK", guess="pair").reason
    'guess pair, right: 2 x (pair of 5s: 2 x 5 = 10 (Joker as 5)) = 20'
    """
    result = _score_ranks(_ranks_of(cards), parse_guess(guess))
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
    if type(ranks) is tuple or type(ranks) is list:  # never sort an endless iterator
        try:
            points = _POINTS.get((tuple(sorted(ranks)), guess))
        except TypeError:  # not numbers, or an unhashable guess
            points = None
    if points is None:
        key = _checked_ranks(ranks)
        parse_guess(guess)  # refuses what is not a guess before it is used as a key
        points = _points_of(key, guess)
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


# --- options, positions, actions ------------------------------------------------------

LAP = 121
FULL_DECK: tuple[Card, ...] = standard_deck()
"""The 54 cards Dotter is played with (two Jokers)."""
DECK_SIZE = len(FULL_DECK)


@codec.serializable
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
    max_rounds: int = option(
        0,
        "Round limit",
        "Stop after this many rounds and the leaders win (0: play until someone wins).",
        minimum=0,
        maximum=100,
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


@codec.serializable
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


@codec.serializable
@dataclass(frozen=True)
class Draw:
    """Draw three cards from the deck, face down, unseen, as a new row."""

    def __str__(self) -> str:
        return "draw"


@codec.serializable
@dataclass(frozen=True)
class Peek:
    """Look at two face-down cards of player ``owner`` (0-based; shown 1-based)."""

    owner: int
    places: tuple[str, ...]

    def __str__(self) -> str:
        return f"peek p{self.owner + 1} {' '.join(self.places)}"


@codec.serializable
@dataclass(frozen=True)
class Score:
    """Score three face-down cards of player ``owner``, with an optional ``guess``."""

    owner: int
    places: tuple[str, ...]
    guess: str = ""

    def __str__(self) -> str:
        text = f"score p{self.owner + 1} {' '.join(self.places)}"
        return f"{text} guess {self.guess}" if self.guess else text


@codec.serializable
@dataclass(frozen=True)
class Pass:
    """Let the turn go by: allowed only when nothing else is possible."""

    def __str__(self) -> str:
        return "pass"


DotterAction = Draw | Peek | Score | Pass


_MOVE_EXAMPLES = "draw, peek p2 1a 1b, score p1 1a 1b 2c (optionally ending guess pair), or pass"


def parse_dotter_action(text: str, players: int | None = None) -> DotterAction:
    """Read an action from its text form (places are put in order). Players are numbered
    from 1 in text (``p1``); with ``players`` a number past the last player is refused.

    >>> parse_dotter_action("score p2 3a 1c 1a guess double")
    Score(owner=1, places=('1a', '1c', '3a'), guess='pair')
    >>> parse_dotter_action("peek p3 1a 1b", players=2)
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: there is no player p3: the players are p1 to p2
    """
    checked_text(text, "a Dotter move", "draw", limit=200, error=IllegalMove, rule="moves")
    words = text.strip().lower().split()
    if words == ["draw"]:
        return Draw()
    if words == ["pass"]:
        return Pass()
    owner_match = re.fullmatch(r"p(\d{1,3})", words[1]) if len(words) >= 2 else None
    if owner_match and words[0] in ("peek", "score"):
        number = int(owner_match.group(1))
        last = players if players is not None else 999
        if not 1 <= number <= last:
            shown = f"p1 to p{players}" if players is not None else "numbered from p1"
            raise IllegalMove(
                f"there is no player p{number}: the players are {shown}", rule="players"
            )
        rest = words[2:]
        guess = ""
        if words[0] == "score" and len(rest) >= 2 and rest[-2] == "guess":
            guess = parse_guess(rest[-1]) or ""
            rest = rest[:-2]
        if len(rest) > 3:
            raise IllegalMove(
                f"a {words[0]} names {2 if words[0] == 'peek' else 3} card places, not {len(rest)}",
                rule="card places",
            )
        places = tuple(
            position_label(*place) for place in sorted(parse_position(word) for word in rest)
        )
        if words[0] == "peek":
            return Peek(number - 1, places)
        return Score(number - 1, places, guess)
    raise IllegalMove(
        f"{quoted(text.strip())} is not a Dotter move: write {_MOVE_EXAMPLES}", rule="moves"
    )


# --- observation ----------------------------------------------------------------------


@codec.serializable
@dataclass(frozen=True)
class SeenCard:
    """A face-down card as one player sees it: ``card`` is ``None`` unless they have seen
    it. Everyone sees where it lies, whether it is new or protected, and who has looked."""

    label: str
    card: Card | None
    new: bool
    protected: bool
    seen_by: frozenset[int]


@codec.serializable
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

    def unseen_pool(self) -> tuple[int, ...]:
        """Counts by rank number (Joker first) of the cards this player has not seen:
        the deck and the face-down cards they have not looked at."""
        counts = list(RANK_COUNTS)
        visible = list(self.discards)
        visible += [seen.card for area in self.areas for seen in area if seen.card is not None]
        for card in visible:
            counts[rank_number(card)] -= 1
        return tuple(counts)


# --- the state ------------------------------------------------------------------------


@codec.serializable
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
        actions: list[DotterAction] = []
        if self.deck:
            actions.append(Draw())
        for owner, area in enumerate(self.areas):
            for first, second in itertools.combinations(area, 2):
                if player not in first.seen_by or player not in second.seen_by:
                    actions.append(Peek(owner, (first.label, second.label)))
        if self._scorings_left(player):
            for owner in range(self.num_players):
                cards = [card for card in self.areas[owner] if self._refusal(card, owner) is None]
                for trio in itertools.combinations(cards, 3):
                    places = tuple(card.label for card in trio)
                    actions.append(Score(owner, places))
                    actions.extend(Score(owner, places, guess) for guess in GUESSES)
        return tuple(actions) if actions else (Pass(),)

    def parse_action(self, text: str) -> DotterAction:
        """Read a move from its text (``peek p2 1a 1b``): see :func:`parse_dotter_action`."""
        return parse_dotter_action(text, self.num_players)

    def apply(self, action: DotterAction) -> DotterState:
        self.require_not_terminal()
        player = self.to_move
        if isinstance(action, Draw):
            return self._draw(player)._after_turn()
        if isinstance(action, Peek):
            return self._peek(player, action)._after_turn()
        if isinstance(action, Score):
            return self._score(player, action)._after_turn()
        if isinstance(action, Pass):
            if self.legal_actions() != (Pass(),):
                raise IllegalMove(
                    "you may pass only when you cannot draw, peek or score", rule="passing"
                )
            return self._after_turn()
        raise IllegalMove(
            f"{quoted(action)} is not a Dotter move: Draw(), Peek(...), Score(...) or Pass()",
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
        )

    def card_zones(self) -> Mapping[str, Sequence[Card]]:
        zones: dict[str, Sequence[Card]] = {"deck": self.deck, "discards": self.discards}
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

    def _refusal(self, card: FaceDown, owner: int) -> str | None:
        """Why the player to move may not score ``card``, or ``None``."""
        player = self.to_move
        who = "you" if owner == player else player_names([owner])
        if card.new and self.options.new_cards_wait:
            return (
                f"{card.label} of {player_names([owner])} was just drawn: new cards cannot be "
                f"scored until {who} {'have' if owner == player else 'has'} had another turn"
            )
        if self.is_protected(card, owner, player):
            return (
                f"{card.label} is in {player_names([owner])}'s bank: only its owner may score "
                "it while the deck lasts"
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
        if not self._scorings_left(player):
            raise IllegalMove(
                f"you have used all {self.options.scoring_limit} scorings of this round",
                rule="scoring limit",
            )
        cards = self._chosen_cards(action.owner, action.places, 3, "score")
        for card in cards:
            reason = self._refusal(card, action.owner)
            if reason is not None:
                raise IllegalMove(reason, rule="new cards" if card.new else "protected bank")
        result = score_hand([card.card for card in cards], action.guess or None,
                            own=action.owner == player)  # fmt: skip
        scored = {card.label for card in cards}
        area = tuple(card for card in self.areas[action.owner] if card.label not in scored)
        laps, points = self._pegged(player, result.points)
        state = replace(
            self,
            areas=_with(self.areas, action.owner, area),
            discards=self.discards + tuple(card.card for card in cards),
            laps=laps,
            points=points,
            scorings=_with(self.scorings, player, self.scorings[player] + 1),
        )
        if laps[player] >= self.options.laps_to_win:
            return replace(state, winner=player, finished=True)
        return state

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
        anyone_can_score = any(self._scorings_left(p) for p in range(self.num_players))
        return not (anyone_can_score and any(len(area) >= 3 for area in self.areas))

    def _next_round(self) -> DotterState:
        lap_points = self.lap_points()
        leading = max(lap_points)
        points = tuple(points if points == leading else 0 for points in lap_points)
        state = replace(self, points=points)
        if self.options.max_rounds and self.round_number >= self.options.max_rounds:
            return replace(state, finished=True)
        return _deal_round(
            self.options,
            self.seed,
            self.round_number + 1,
            laps=self.laps,
            points=points,
            starter=(self.round_starter + 1) % self.num_players,
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


def describe_turn(before: DotterState, action: Any, after: DotterState) -> list[dict[str, Any]]:
    """Events for one turn, for the command line and widgets (each with a ``"text"``)."""
    player = before.to_move
    name = player_names([player])
    base = {"round": before.round_number, "player": player + 1, "action": str(action)}
    events: list[dict[str, Any]] = []
    if isinstance(action, Draw):
        row = before.rows_drawn[player] + 1
        text = f"{name} draws row {row} face down; {len(before.deck) - 3} cards left in the deck"
        events.append({**base, "event": "draw", "row": row, "text": text})
    elif isinstance(action, Peek):
        cards = [before.find(action.owner, label) for label in action.places]
        shown = [str(card.card) for card in cards if card is not None]
        whose = "their own" if action.owner == player else f"{player_names([action.owner])}'s"
        text = f"{name} peeks at {whose} {' and '.join(action.places)} ({', '.join(shown)})"
        events.append(
            {**base, "event": "peek", "owner": action.owner + 1, "cards": shown, "text": text}
        )
    elif isinstance(action, Score):
        cards = [before.find(action.owner, label) for label in action.places]
        faces = [card.card for card in cards if card is not None]
        result = score_hand(faces, action.guess or None, own=action.owner == player)
        whose = "their own cards" if action.owner == player else (
            f"{player_names([action.owner])}'s cards"
        )  # fmt: skip
        standing = after.points if after.round_number == before.round_number else None
        text = f"{name} scores {' '.join(map(str, faces))} from {whose}: {result.reason}"
        event = {
            **base,
            "event": "score",
            "owner": action.owner + 1,
            "cards": [str(card) for card in faces],
            "guess": action.guess or None,
            "points": result.points,
            "reason": result.reason,
            "text": text,
        }
        events.append(event)
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
            and before.points[player] + result.points >= before.lap_length
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
        if isinstance(action, Score):
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


def _standings(state: DotterState) -> str:
    return ", ".join(
        f"{laps}+{'peg' if points == state.lap_length else points}"
        for laps, points in zip(state.laps, state.points, strict=True)
    )
