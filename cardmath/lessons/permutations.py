"""The Permutations lesson: triangular numbers, the pigeonhole principle, and how lucky a
random hand is.

Everything here is exact and comes from the engine's rules
(:mod:`cardmath.games.permutations`): scores are :func:`triangular` numbers of the
largest colour count, cards are checked by the engine's card helpers (a card that does
not exist, such as ``19R``, is refused), and the distribution of the largest colour
count in a random hand is counted with binomial coefficients, then checked by a seeded
simulation.

>>> table = max_count_table(players=4)
>>> [(row.largest, row.hands) for row in table][:2]
[(3, 2811072000), (4, 12117956400)]
>>> sum(row.hands for row in table) == hands_in_total(players=4)
True
>>> expected_score(players=4)
Fraction(5502887280, 470733341)
>>> sorted(exercises())[:3]
['bid_goes', 'draft_order', 'even_hand']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import comb, prod

from cardmath.errors import CardMathError, quoted
from cardmath.exercises import Exercise, Verdict, choice_exercise, whole_number_exercise
from cardmath.game import chance
from cardmath.games.permutations import (
    HAND_SIZE,
    colour_counts,
    colours_in_play,
    deck_in_play,
    drafting_order,
    largest_colour_count,
    minimum_max,
    pigeonhole_statement,
    triangular,
)

__all__ = [
    "MAX_SIMULATED_HANDS",
    "MaxCountRow",
    "exercises",
    "expected_score",
    "hands_in_total",
    "max_count_distribution",
    "max_count_table",
    "simulate_max_counts",
]

CARDS_PER_COLOUR = 12
MAX_SIMULATED_HANDS = 50_000
"""Most hands a simulation deals (about two seconds here): a bound, so no call can stall a
kernel."""


def _colours(players: int, cards: int) -> int:
    """The number of colours in play; refuses a hand size no deck allows (as the engine)."""
    minimum_max(players, cards)  # refuses other player counts and impossible hand sizes
    return len(colours_in_play(players))


def hands_in_total(players: int = 4, cards: int = HAND_SIZE) -> int:
    """How many different ``cards``-card hands the deck of a ``players`` game holds:
    "48 choose 11" with four players, "36 choose 11" with three.

    >>> hands_in_total(4), hands_in_total(3)
    (22595200368, 600805296)
    """
    return comb(CARDS_PER_COLOUR * _colours(players, cards), cards)


@dataclass(frozen=True)
class MaxCountRow:
    """One possible max: ``hands`` (how many hands have exactly this max),
    ``probability`` (that fraction of all hands, exactly) and ``score`` (its points)."""

    largest: int
    hands: int
    probability: Fraction
    score: int


def max_count_table(players: int = 4, cards: int = HAND_SIZE) -> tuple[MaxCountRow, ...]:
    """The exact distribution of the largest colour count in a random hand.

    A hand with ``r`` red, ``y`` yellow, ``g`` green and ``b`` blue cards can be chosen in
    C(12, r) x C(12, y) x C(12, g) x C(12, b) ways (each colour has 12 cards). Adding these
    products over every split of ``cards`` into colours, grouped by the largest part,
    counts the hands with each max; dividing by all hands gives the probability.

    >>> [(row.largest, row.probability) for row in max_count_table(3, cards=4)]
    [(2, Fraction(12, 17)), (3, Fraction(32, 119)), (4, Fraction(3, 119))]
    """
    colours = _colours(players, cards)
    total = hands_in_total(players, cards)
    counts: Counter[int] = Counter()
    for split in product(range(min(cards, CARDS_PER_COLOUR) + 1), repeat=colours):
        if sum(split) == cards:
            counts[max(split)] += prod(comb(CARDS_PER_COLOUR, part) for part in split)
    return tuple(
        MaxCountRow(largest, hands, Fraction(hands, total), triangular(largest))
        for largest, hands in sorted(counts.items())
    )


def max_count_distribution(players: int = 4, cards: int = HAND_SIZE) -> dict[int, Fraction]:
    """Each possible max and its exact probability in a random hand (they add up to 1).

    >>> distribution = max_count_distribution(4)
    >>> min(distribution), max(distribution), sum(distribution.values())
    (3, 11, Fraction(1, 1))
    """
    return {row.largest: row.probability for row in max_count_table(players, cards)}


def expected_score(players: int = 4, cards: int = HAND_SIZE) -> Fraction:
    """The average round score of a random hand, exactly: what luck alone scores.

    >>> round(float(expected_score(4)), 2), round(float(expected_score(3)), 2)
    (11.69, 15.49)
    """
    return sum(
        (row.probability * row.score for row in max_count_table(players, cards)), Fraction(0)
    )


def simulate_max_counts(
    players: int = 4, hands: int = 10_000, seed: int = 0, cards: int = HAND_SIZE
) -> dict[int, int]:
    """Deal ``hands`` random hands from the deck (seeded: the same seed, the same hands)
    and count how many have each max; the max of each hand is the engine's
    :func:`~cardmath.games.permutations.largest_colour_count`.

    >>> simulate_max_counts(4, hands=5, seed=1) == simulate_max_counts(4, hands=5, seed=1)
    True
    >>> sum(simulate_max_counts(3, hands=200, seed=2).values())
    200
    """
    _colours(players, cards)
    if (
        isinstance(hands, bool)
        or not isinstance(hands, int)
        or not 1 <= hands <= (MAX_SIMULATED_HANDS)
    ):
        raise CardMathError(
            f"a simulation deals 1 to {MAX_SIMULATED_HANDS:,} hands, not {quoted(hands)}"
        )
    deck = deck_in_play("interleaved", players)
    rng = chance(seed, "lesson", "random hands")
    counts: Counter[int] = Counter()
    for _ in range(hands):
        counts[largest_colour_count(rng.sample(deck, cards), "interleaved")] += 1
    return dict(sorted(counts.items()))


# --- exercises ------------------------------------------------------------------------


def _even_hand_checker(players: int) -> tuple[str, Callable[[str], Verdict]]:
    least = minimum_max(players)
    colours = len(colours_in_play(players))

    def checker(text: str) -> Verdict:
        counts = colour_counts(text, "interleaved")  # refuses cards that do not exist
        cards = sum(counts.values())
        if cards != HAND_SIZE:
            return Verdict(False, f"That is {cards} card{'s' * (cards != 1)}: write exactly 11.")
        if players == 3 and counts["blue"]:
            return Verdict(False, "With three players the blue cards are set aside.")
        largest = max(counts.values())
        shown = ", ".join(f"{n} {colour}" for colour, n in counts.items() if n)
        if largest > least:
            return Verdict(
                False,
                f"Your hand has {shown}: its max is {largest}. Spread the colours more evenly.",
            )
        return Verdict(
            True,
            f"Correct! {shown}: the max is {largest}, and no hand of 11 cards in {colours} "
            f"colours can do better. It scores {triangular(largest)}.",
        )

    example = {
        4: "1R 5R 9R 2Y 6Y 10Y 3G 7G 11G 4B 8B",
        3: "1R 5R 9R 13R 2Y 6Y 10Y 14Y 3G 7G 11G",
    }[players]
    return example, checker


def exercises(players: int = 4) -> dict[str, Exercise]:
    """The lesson's exercises by name, in lesson order. Each checks itself with the
    engine's rules; the right answers are for teachers and tests, never shown unasked.

    >>> questions = exercises()
    >>> questions["score_of_seven"].check("28").ok, questions["score_of_seven"].check("56").message
    (True, 'Not quite. 7 × 8 = 56 is the whole rectangle of dots: a triangle is half of it.')
    >>> questions["even_hand"].check("19R 19G 19B").message
    'there is no card 19R: card 19 is green (or yellow when the cards are coloured in blocks)'
    """
    colours = len(colours_in_play(players))
    least = minimum_max(players)
    example, checker = _even_hand_checker(players)
    table = max_count_table(players)
    likely = max(table, key=lambda row: row.probability)
    bids = [card for card in deck_in_play("interleaved", 4) if card.number in (17, 40, 3, 22)]
    second = bids[drafting_order(bids)[1]]
    return {
        "score_of_seven": whole_number_exercise(
            "Your largest colour group has <b>7</b> cards. How many points does the round score?",
            triangular(7),
            explanation="1 + 2 + 3 + 4 + 5 + 6 + 7 = 7 × 8 ÷ 2 = 28.",
            mistakes={
                56: "7 × 8 = 56 is the whole rectangle of dots: a triangle is half of it.",
                49: "7 × 7 is a square. The triangle is 1 + 2 + ... + 7.",
                7: "Each card in the group adds one more than the card before: 1 + 2 + ... + 7.",
            },
            hints=("Add 1 + 2 + 3 + 4 + 5 + 6 + 7.", "Or work out m × (m + 1) ÷ 2 with m = 7."),
        ),
        "max_for_45": whole_number_exercise(
            "A player scored <b>45</b> points in a round. What was their max?",
            next(m for m in range(12) if triangular(m) == 45),
            explanation="9 × 10 ÷ 2 = 45.",
            mistakes={
                10: "10 × 11 ÷ 2 = 55. Try one less.",
                8: "8 × 9 ÷ 2 = 36. Try one more.",
            },
            hints=("Which m makes m × (m + 1) = 90?", "Try m = 9: 9 × 10 = 90."),
        ),
        "pile_score": whole_number_exercise(
            "Your eleven drafted cards are <b>4 red, 3 yellow, 2 green and 2 blue</b>. "
            "How many points do they score?",
            triangular(max(4, 3, 2, 2)),
            explanation="Only the largest group counts: 4 red, and 4 × 5 ÷ 2 = 10.",
            mistakes={
                triangular(4) + triangular(3) + 2 * triangular(2): "Only the largest colour "
                "group counts, not all of them.",
                4: "4 is the max. The score is the triangular number of the max.",
                11: "Count only the largest colour group.",
            },
            hints=("Which colour has the most cards?", "Then 1 + 2 + ... + that many."),
        ),
        "pigeonhole_four": whole_number_exercise(
            "Eleven cards, <b>four</b> colours. What is the <i>smallest</i> max any such hand "
            "can have?",
            minimum_max(4),
            explanation=pigeonhole_statement(4),
            mistakes={
                2: "With at most 2 of each colour you can hold only 4 × 2 = 8 cards.",
                4: "3, 3, 3, 2 is a hand of 11 cards whose max is only 3.",
            },
            hints=(
                "Try to spread 11 cards over 4 colours as evenly as you can.",
                "Could every colour have 2 or fewer? How many cards would that be?",
            ),
        ),
        "pigeonhole_three": whole_number_exercise(
            "Eleven cards, <b>three</b> colours (a three-player game sets blue aside). What is "
            "the smallest possible max?",
            minimum_max(3),
            explanation=pigeonhole_statement(3),
            mistakes={
                3: "With at most 3 of each colour you can hold only 3 × 3 = 9 cards.",
                5: "4, 4, 3 is a hand of 11 cards whose max is only 4.",
            },
            hints=("Spread 11 cards over 3 colours.", "3 × 3 = 9 is fewer than 11."),
        ),
        "sure_of_four": whole_number_exercise(
            "With four colours, how many cards must you hold to be <i>sure</i> to have at "
            "least <b>4</b> of one colour?",
            4 * 3 + 1,
            explanation="12 cards can be 3 of each colour; the 13th must make a fourth.",
            mistakes={
                12: "12 cards can be 3, 3, 3, 3: no colour has 4 yet.",
                16: "16 cards give 4 of each colour: far more than you need for one.",
                4: "4 cards could all be different colours.",
            },
            hints=("How many cards can you hold with only 3 of each colour?",),
        ),
        "even_hand": Exercise(
            f"Write <b>11 cards</b> whose max is as small as it can be ({colours} colours; "
            "card <i>n</i> is red, yellow, green, blue in turn: 1R 2Y 3G 4B 5R ...). Type "
            "them with spaces, like <code>1R 2Y 3G</code>.",
            checker,
            example,
            (
                "Card numbers go red, yellow, green, blue, red, ...: 1R, 5R and 9R are red.",
                f"Aim for at most {least} of each colour.",
            ),
            "e.g. 1R 5R 2Y ...",
        ),
        "two_of_each": choice_exercise(
            "Can eleven cards in four colours have <i>at most 2</i> cards of every colour?",
            "no",
            ["yes", "no"],
            mistakes={
                "yes": "count them: at most 2 of each of 4 colours is at most 4 × 2 = 8 cards, "
                "and the hand holds 11."
            },
            hints=("Count: 2 of each colour, 4 colours.",),
            explanation="At most 2 of each colour is at most 4 × 2 = 8 cards, fewer than 11.",
        ),
        "likely_max": choice_exercise(
            f"Deal a random hand of 11 cards from the {12 * colours}. Which max is the most "
            "likely?",
            str(likely.largest),
            [str(row.largest) for row in table[:4]],
            mistakes={
                str(row.largest): f"a max of {row.largest} happens in "
                f"{float(row.probability):.0%} of all hands: look for a taller bar."
                for row in table[:4]
                if row.largest != likely.largest
            },
            hints=("Look at the tallest bar in the chart.",),
            explanation=f"A max of {likely.largest} happens in "
            f"{float(likely.probability):.0%} of all hands.",
        ),
        "draft_order": whole_number_exercise(
            "The bids are <b>17, 40, 3 and 22</b>. Which bid drafts <i>second</i>?",
            second.number,
            explanation="Draft in decreasing order of bids: 40 first, then 22, then 17, then 3.",
            mistakes={
                40: "40 is the highest bid: it drafts first.",
                3: "Decreasing order: the highest bid drafts first, the lowest last.",
                17: "Put the bids in order from highest to lowest first.",
            },
            hints=("Sort the bids from highest to lowest.",),
        ),
        "bid_goes": choice_exercise(
            "You collect green and bid your green 23. After the draft, where is your 23?",
            "in the next pool",
            ["in your hand", "in the next pool", "out of the game"],
            mistakes={
                "in your hand": "a bid is paid: it does not come back to you after the draft.",
                "out of the game": "bids are not thrown away: read what happens to them "
                "after an auction.",
            },
            hints=("Read the rules again: what happens to the bids after an auction?",),
            explanation="Every bid joins the next pool, so whoever drafts first next time "
            "may take your green card.",
        ),
    }


def exercise_order() -> Sequence[str]:
    """The exercises' names in the order the lesson asks them.

    >>> list(exercise_order())[:2]
    ['score_of_seven', 'max_for_45']
    """
    return tuple(exercises())
