"""Permutations arithmetic a lesson can call: colour counts, round scores, the pigeonhole
bound."""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardmath.cards import (
    PERMUTATIONS_COLOURS,
    Colouring,
    NumberCard,
    permutations_colour,
)
from cardmath.errors import (
    CardError,
    CardMathError,
    OptionError,
    checked_text,
    quoted,
)
from cardmath.game import (
    counted,
)

HAND_SIZE = 11
"""Cards dealt to each player, and auctions in each round."""

AUCTIONS_PER_ROUND = HAND_SIZE
TARGET_SCORE = 100
COLOURINGS: tuple[Colouring, ...] = ("interleaved", "blocks")


# --- the arithmetic a lesson can call ------------------------------------------------


def triangular(m: int) -> int:
    """The m-th triangular number ``m(m + 1) / 2``, exactly (1 + 2 + ... + m).

    >>> [triangular(m) for m in range(3, 12)]
    [6, 10, 15, 21, 28, 36, 45, 55, 66]
    """
    if isinstance(m, bool) or not isinstance(m, int) or m < 0:
        raise CardMathError(f"a triangular number needs a whole number m >= 0, not {quoted(m)}")
    return m * (m + 1) // 2


def _checked_cards(
    cards: Iterable[NumberCard | str] | str, colouring: str | None = None
) -> tuple[NumberCard, ...]:
    """The cards as :class:`NumberCard`, refusing anything that is not a card of the
    Permutations deck: text that names no card, a number repeated (each number is on one
    card only), and cards of two different colourings. ``colouring`` (``None``: either)
    fixes which colouring the cards must follow."""
    if isinstance(cards, str):
        cards = [
            word for word in re.split(r"[\s,]+", checked_text(cards, "cards", "1R 5R 2Y")) if word
        ]
    elif isinstance(cards, NumberCard) or not isinstance(cards, Iterable):
        raise CardError(
            f"cards are a list such as ['1R', '5R', '2Y'] or text '1R 5R 2Y', not {quoted(cards)}"
        )
    if colouring is not None and colouring not in COLOURINGS:
        raise OptionError(f"Colouring is 'interleaved' or 'blocks', not {quoted(colouring)}")
    found: dict[int, NumberCard] = {}
    for item in cards:
        card = item if isinstance(item, NumberCard) else NumberCard.parse(item)
        if card.number in found:
            raise CardError(
                f"{card.number} appears twice ({found[card.number]} and {card}): each number "
                "is on one card only"
            )
        found[card.number] = card
        if len(found) > 48:  # only reachable by repeating, refused above; a guard for iterators
            break
    named = next((name for name in COLOURINGS if name == colouring), None)
    chosen = (named,) if named is not None else COLOURINGS
    fitting = [
        name
        for name in chosen
        if all(permutations_colour(card.number, name) == card.colour for card in found.values())
    ]
    if not fitting and named is not None:
        wrong = next(
            card
            for card in found.values()
            if permutations_colour(card.number, named) != card.colour
        )
        raise CardError(
            f"{wrong} is not a card of the {named} colouring: card {wrong.number} is "
            f"{permutations_colour(wrong.number, named)}"
        )
    if not fitting:
        raise CardError(
            "these cards mix the two colourings (interleaved and blocks): a game uses one"
        )
    return tuple(found.values())


def colour_counts(
    cards: Iterable[NumberCard | str] | str, colouring: str | None = None
) -> dict[str, int]:
    """How many of ``cards`` are of each colour (all four colours, in deck order).

    Cards may be given as :class:`NumberCard`, as text such as ``"19G"``, or as one text
    ``"1R 5R 2Y"``. A card that does not exist (``19R``), a number given twice, or cards
    of two colourings are refused with :class:`~cardmath.errors.CardError`;
    ``colouring`` (``"interleaved"`` or ``"blocks"``) says which colouring the cards
    follow (``None``: either, the same for all).

    >>> colour_counts(["1R", "5R", "2Y", "19G"])
    {'red': 2, 'yellow': 1, 'green': 1, 'blue': 0}
    >>> colour_counts(["1R", "1R"])
    Traceback (most recent call last):
      ...
    cardmath.errors.CardError: 1 appears twice (1R and 1R): each number is on one card only
    """
    counts = dict.fromkeys(PERMUTATIONS_COLOURS, 0)
    for card in _checked_cards(cards, colouring):
        counts[card.colour] += 1
    return counts


def largest_colour_count(
    cards: Iterable[NumberCard | str] | str, colouring: str | None = None
) -> int:
    """Your *max*: the largest number of ``cards`` that share a colour (0 for no cards).

    >>> largest_colour_count(["1R", "5R", "2Y"])
    2
    """
    return max(colour_counts(cards, colouring).values())


def round_score(cards: Iterable[NumberCard | str] | str, colouring: str | None = None) -> int:
    """A round's score: ``m(m + 1) / 2`` where ``m`` is the largest colour count.

    >>> round_score(["1R", "5R", "9R", "2Y"])
    6
    >>> round_score([])
    0
    >>> round_score(["19R", "19G", "19B"])
    Traceback (most recent call last):
      ...
    cardmath.errors.CardError: there is no card 19R: card 19 is green (or yellow when the cards are coloured in blocks)
    """
    return triangular(largest_colour_count(cards, colouring))


def colours_in_play(players: int) -> tuple[str, ...]:
    """The colours used with ``players`` players (three players set blue aside).

    >>> colours_in_play(3), len(colours_in_play(4))
    (('red', 'yellow', 'green'), 4)
    """
    if players == 3:
        return PERMUTATIONS_COLOURS[:3]
    if players == 4:
        return PERMUTATIONS_COLOURS
    raise OptionError(f"Permutations is for 3 or 4 players, not {quoted(players)}")


def minimum_max(players: int, cards: int = HAND_SIZE) -> int:
    """The smallest possible *max* for ``cards`` cards in the colours of a ``players`` game.

    By the pigeonhole principle, ``cards`` cards in ``k`` colours always include at least
    ``ceil(cards / k)`` of one colour (if every colour had fewer, there would be at most
    ``k * (ceil(cards / k) - 1) < cards`` cards), and spreading the cards as evenly as
    possible reaches exactly that number, so it is the minimum. Each colour has 12
    cards, enough for any even spread of at most eleven cards.

    >>> minimum_max(4), minimum_max(3), minimum_max(4, cards=12), minimum_max(4, cards=0)
    (3, 4, 3, 0)
    """
    colours = len(colours_in_play(players))
    if isinstance(cards, bool) or not isinstance(cards, int) or not 0 <= cards <= 12 * colours:
        raise CardMathError(f"a hand holds 0 to {12 * colours} cards here, not {quoted(cards)}")
    return -(-cards // colours)


def minimum_round_score(players: int) -> int:
    """The fewest points anyone can score in a round: ``triangular(minimum_max(players))``.

    >>> minimum_round_score(4), minimum_round_score(3)
    (6, 10)
    """
    return triangular(minimum_max(players))


def pigeonhole_statement(players: int, cards: int = HAND_SIZE) -> str:
    """The pigeonhole argument for the smallest possible max, as one exact sentence.

    >>> print(pigeonhole_statement(4))
    Any 11 cards in 4 colours include at least 3 of one colour: with at most 2 of each colour there would be at most 4 × 2 = 8 cards, fewer than 11. An even spread such as 3, 3, 3, 2 shows that 3 can be the max, so 3 is the smallest possible max and every round scores at least 3 × 4 / 2 = 6.
    """
    colours = len(colours_in_play(players))
    least = minimum_max(players, cards)
    if cards == 0:
        return "With no cards there is no colour group, so the max is 0 and the score is 0."
    quotient, remainder = divmod(cards, colours)
    spread = [quotient + 1] * remainder + [quotient] * (colours - remainder)
    # Only a full round's eleven drafted cards are "every round"; other counts are a hand.
    scored = "every round scores" if cards == HAND_SIZE else "such a hand scores"
    return (
        f"Any {counted(cards, 'card')} in {colours} colours {'includes' if cards == 1 else 'include'} "
        f"at least {least} of one colour: "
        f"with at most {least - 1} of each colour there would be at most "
        f"{colours} × {least - 1} = {counted(colours * (least - 1), 'card')}, fewer than {cards}. "
        f"An even spread such as {', '.join(map(str, spread))} shows that {least} can be the "
        f"max, so {least} is the smallest possible max and {scored} at least "
        f"{least} × {least + 1} / 2 = {triangular(least)}."
    )
