"""The maths of the Sum 15 lesson: number bonds to 14 and 15, the running total on a clock
of 15, the exact chance that the next card makes a set, and self-checking exercises.

Every set is decided by the engine (:func:`cardmath.games.sum15.claims`); this module only
counts and asks. Nothing here imports Jupyter.

>>> bonds_to_14()[:3]
((1, 13), (2, 12), (3, 11))
>>> card_for_next_fifteen(22), card_for_next_fifteen(31)
(8, None)
>>> chance_of_a_set("9H")
Fraction(11, 51)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from cardmath.cards import STANDARD_RANKS, Card
from cardmath.errors import CardError, CardMathError, quoted
from cardmath.exercises import Exercise, Verdict, choice_exercise
from cardmath.games.sum15 import Claim, card_value, cards, claims
from cardmath.wording import RANK_LETTERS, counted, fraction_text, rank_named, read_rank

__all__ = [
    "ClockStep",
    "SetChance",
    "bonds_to_14",
    "card_for_next_fifteen",
    "chance_of_a_set",
    "clock_steps",
    "exercises",
    "read_card_value",
    "set_chances",
]

VALUES = tuple(range(1, 14))
"""The values of the cards: Ace 1 to King 13."""

NAMES = RANK_LETTERS
"""The letters of the cards whose value is not written on them."""

_REPRESENTATIVE = {value: Card(rank, "S") for value, rank in enumerate(STANDARD_RANKS, 1)}


def bonds_to_14() -> tuple[tuple[int, int], ...]:
    """Every pair of card values that makes 14, smaller first (7 + 7 is one of them).

    >>> bonds_to_14()[-1], len(bonds_to_14())
    ((7, 7), 7)
    """
    return tuple((low, 14 - low) for low in VALUES if low <= 14 - low <= 13)


def card_for_next_fifteen(total: int) -> int | None:
    """The card value that brings ``total`` to the next multiple of 15 (``None`` when
    the gap is 14 or 15: no card is worth that much).

    >>> card_for_next_fifteen(37), card_for_next_fifteen(44), card_for_next_fifteen(30)
    (8, 1, None)
    """
    if isinstance(total, bool) or not isinstance(total, int) or total < 0:
        raise CardMathError(f"a total is a whole number, 0 or more, not {quoted(total)}")
    gap = 15 - total % 15
    return gap if gap <= 13 else None


@dataclass(frozen=True)
class ClockStep:
    """One card on the clock of 15: the running ``total`` after it, where the hand
    points (``position``, 0 at the top for 15, 30, 45, ...), how many times it has gone
    round (``laps``) and whether it lands exactly on the top (a multiple of 15)."""

    value: int
    total: int
    position: int
    laps: int
    on_top: bool


def clock_steps(values: Iterable[int]) -> tuple[ClockStep, ...]:
    """The running total of card values as a hand going round a clock of 15.

    >>> [(s.total, s.position, s.on_top) for s in clock_steps([9, 4, 2, 8, 9])]
    [(9, 9, False), (13, 13, False), (15, 0, True), (23, 8, False), (32, 2, False)]
    """
    steps, total = [], 0
    for value in values:
        if isinstance(value, bool) or value not in VALUES:
            raise CardMathError(f"a card value is a whole number from 1 to 13, not {quoted(value)}")
        total += value
        steps.append(ClockStep(value, total, total % 15, total // 15, total % 15 == 0))
    return tuple(steps)


@dataclass(frozen=True)
class SetChance:
    """One value of card for the next play: how many such cards are unseen, and what
    playing one would take (the engine's :class:`~cardmath.games.sum15.Claim`)."""

    value: int
    unseen: int
    claim: Claim

    @property
    def makes_a_set(self) -> bool:
        return bool(self.claim.cards)


def _unseen(middle: Sequence[Card], seen: Sequence[Card], decks: int) -> Counter[int]:
    counts = Counter({value: 4 * decks for value in VALUES})
    for card in (*middle, *seen):
        counts[card_value(card)] -= 1
    if any(count < 0 for count in counts.values()):
        raise CardMathError(f"more cards were seen than {decks} deck(s) hold")
    return counts


def set_chances(
    middle: Sequence[Card] | str, seen: Sequence[Card] | str = (), *, decks: int = 1
) -> tuple[SetChance, ...]:
    """For each card value, how many unseen cards have it and what one would take if
    played next onto ``middle`` (every card not in the middle or ``seen`` is unseen).

    >>> [(c.value, c.unseen, c.claim.rules) for c in set_chances("KS 9H") if c.makes_a_set]
    [(5, 4, ('makes 14',)), (8, 4, ('multiple of 15',)), (9, 3, ('pair',))]
    """
    middle = cards(middle) if isinstance(middle, str) else tuple(middle)
    seen = cards(seen) if isinstance(seen, str) else tuple(seen)
    unseen = _unseen(middle, seen, decks)
    return tuple(
        SetChance(value, unseen[value], claims(middle, _REPRESENTATIVE[value])) for value in VALUES
    )


def chance_of_a_set(
    middle: Sequence[Card] | str, seen: Sequence[Card] | str = (), *, decks: int = 1
) -> Fraction:
    """The exact chance that a card drawn at random from the unseen cards makes a set
    when played next onto ``middle``.

    >>> chance_of_a_set("KS 9H"), chance_of_a_set("KS 9H", "5C 5D 5H 5S")
    (Fraction(11, 50), Fraction(7, 46))
    """
    chances = set_chances(middle, seen, decks=decks)
    total = sum(chance.unseen for chance in chances)
    if total == 0:
        raise CardMathError("every card has been seen: there is no next card")
    return Fraction(sum(c.unseen for c in chances if c.makes_a_set), total)


# --- reading answers -----------------------------------------------------------------


def read_card_value(text: str) -> int | None:
    """A card value typed as a number (``8``), a letter (``J``) or a word (``jack``);
    ``None`` for anything else.

    >>> read_card_value(" J "), read_card_value("queen"), read_card_value("7"), read_card_value("7H")
    (11, 12, 7, 7)
    >>> read_card_value("twenty"), read_card_value("99")
    (None, 99)
    """
    word = text.strip()
    named = read_rank(word)
    if named is not None:
        return named
    if word.isdigit() and len(word) <= 4:
        return int(word)
    try:
        return card_value(Card.parse(text.strip()))
    except CardError:
        return None


def _value_exercise(
    prompt: str,
    answer: int,
    wrong: Callable[[int], str],
    *,
    hints: Sequence[str] = (),
) -> Exercise:
    """Answer with a card value; ``wrong(value)`` explains a wrong one."""

    def checker(text: str) -> Verdict:
        value = read_card_value(text)
        if value is None:
            return Verdict(False, "Type a card value: a number such as 8, or A, J, Q or K.")
        if value not in VALUES:
            return Verdict(False, f"No card is worth {value}: the values go from 1 (A) to 13 (K).")
        if value != answer:
            return Verdict(False, wrong(value))
        return Verdict(True, f"Correct! {rank_named(answer)}.")

    return Exercise(prompt, checker, str(answer), tuple(hints), "a card: 8 or Q")


def _fraction_exercise(
    prompt: str, answer: Fraction, wrong: dict[Fraction, str], *, hints: Sequence[str] = ()
) -> Exercise:
    """Answer with a fraction such as ``11/51`` (equal fractions are right too)."""
    pattern = re.compile(r"^\s*(\d{1,4})\s*/\s*(\d{1,4})\s*$")
    simplest = fraction_text(answer)

    def checker(text: str) -> Verdict:
        match = pattern.match(text)
        if not match:
            return Verdict(False, "Type a fraction with a slash, such as 3/10.")
        top, bottom = int(match.group(1)), int(match.group(2))
        if bottom == 0:
            return Verdict(False, "A fraction cannot have 0 below the line.")
        given = Fraction(top, bottom)
        if given != answer:
            note = wrong.get(given, "Not quite: count the cards that make a set, then the cards.")
            return Verdict(False, note)
        same = "" if (top, bottom) == (answer.numerator, answer.denominator) else f" = {simplest}"
        return Verdict(True, f"Correct! {top}/{bottom}{same}.")

    return Exercise(prompt, checker, simplest, tuple(hints), "a fraction: 3/10")


def _count_exercise(
    prompt: str,
    answer: int,
    explanation: str,
    wrong: Callable[[int], str],
    *,
    hints: Sequence[str] = (),
) -> Exercise:
    """Answer with a count of cards (a number, never a card's letter)."""

    def checker(text: str) -> Verdict:
        cleaned = text.strip()
        if not cleaned.isdigit() or len(cleaned) > 4:
            return Verdict(False, f"Type a number of cards, such as 8 (not {quoted(cleaned)}).")
        given = int(cleaned)
        if given != answer:
            return Verdict(False, wrong(given))
        return Verdict(True, f"Correct! {explanation}")

    return Exercise(prompt, checker, str(answer), tuple(hints), "a number of cards")


def exercises() -> dict[str, Exercise]:
    """The lesson's exercises by name, in the order the lesson asks them. Every answer is
    worked out here from the rules, never typed in by hand."""
    nine = card_value(Card.parse("9H"))

    def bond(value: int) -> Callable[[int], str]:
        def wrong(given: int) -> str:
            total = value + given
            if total == 15:
                return f"{rank_named(value)} + {given} = 15: that is fifteen, not 14. One less."
            return f"{rank_named(value)} + {rank_named(given)} = {total}, not 14."

        return wrong

    def fifteen(total: int) -> Callable[[int], str]:
        def wrong(given: int) -> str:
            after = total + given
            return f"{total} + {given} = {after}, and {after} is not 15, 30, 45, 60, ..."

        return wrong

    def run_wrong(given: int) -> str:
        if given == 8:
            return "9, 10, 8 is not in order: a run goes up (or down) by one each card."
        return f"9, 10, {rank_named(given)} is not a run: each card must be one more than the last."

    chances = set_chances(cards("9H"))
    makers = sum(chance.unseen for chance in chances if chance.makes_a_set)
    kinds = [
        f"{counted(chance.unseen, 'card')} worth {chance.value}"
        for chance in chances
        if chance.makes_a_set
    ]
    fifteen_31 = card_for_next_fifteen(31)
    chance = chance_of_a_set(cards("9H"))
    return {
        "bond_9": _value_exercise(
            "The last card in the middle is a <b>9</b>. Which card value makes <b>14</b> with it?",
            14 - nine,
            bond(nine),
            hints=["Count on from 9 up to 14 on your fingers.", "9 + 5 = ?"],
        ),
        "bond_queen": _value_exercise(
            "The last card is a <b>Queen</b> (12). Which card makes <b>14</b> with it?",
            2,
            bond(12),
            hints=["A Queen is worth 12. How far is 12 from 14?"],
        ),
        "bond_itself": _value_exercise(
            "Which card makes <b>14</b> with another card of the <b>same value</b>? "
            "(It is a pair and a 14 at once.)",
            7,
            lambda given: f"{rank_named(given)} + {rank_named(given)} = {2 * given}, not 14.",
            hints=["Half of 14."],
        ),
        "fifteen_22": _value_exercise(
            "The total of the middle is <b>22</b>. Which card value makes the total a "
            "<b>multiple of 15</b>?",
            card_for_next_fifteen(22) or 0,
            fifteen(22),
            hints=["The multiples of 15 are 15, 30, 45, 60, ...", "From 22 to 30 is how many?"],
        ),
        "fifteen_37": _value_exercise(
            "The total is <b>37</b>. Which card takes the whole middle?",
            card_for_next_fifteen(37) or 0,
            fifteen(37),
            hints=["Which multiple of 15 comes after 37?", "45 − 37 = ?"],
        ),
        "fifteen_31": choice_exercise(
            "The total is <b>31</b>. Can <b>one</b> card make it a multiple of 15? Answer yes or no.",
            "yes" if fifteen_31 is not None else "no",
            ["yes", "no"],
            mistakes={
                "yes": "which card would it be? The next multiple of 15 is 45, and "
                "45 − 31 = 14: look at what the highest card is worth."
            }
            if fifteen_31 is None
            else {"no": f"a {rank_named(fifteen_31)} brings 31 to 45."},
            hints=["The next multiple of 15 after 31 is 45.", "45 − 31 = 14. Is any card 14?"],
            explanation="45 − 31 = 14, and no card is worth 14 (the King is 13).",
        ),
        "run_9_10": _value_exercise(
            "The last two cards played are <b>9</b> and then <b>10</b>. Which card value makes "
            "a <b>run</b>?",
            next(
                value
                for value in VALUES
                if "run" in claims(cards("9C 10D"), _REPRESENTATIVE[value]).rules
            ),
            run_wrong,
            hints=["9, 10, ... keep counting up by one.", "The card after 10 is the Jack."],
        ),
        "count_9": _count_exercise(
            "Only the <b>9♥</b> is on the table, and you have seen no other card. How many of "
            "the other 51 cards would make a set if played next (a pair, a 14 or fifteen)?",
            makers,
            f"{', '.join(kinds[:-1])} and {kinds[-1]}: {counted(makers, 'card')} in all.",
            lambda given: (
                "Count three kinds: the other 9s (a pair), the 5s (9 + 5 = 14) and the 6s "
                f"(9 + 6 = 15). {given} is not the number."
            ),
            hints=["There are 3 other nines.", "There are 4 fives and 4 sixes."],
        ),
        "chance_9": _fraction_exercise(
            "So what is the <b>chance</b> that the next card makes a set? Write it as a "
            "fraction: the cards that make a set over all the cards it could be.",
            chance,
            {
                Fraction(makers, 52): "The 9♥ is on the table: the next card is one of the "
                "other 51.",
                Fraction(8, 51): "Do not forget the other three 9s: a pair is a set too.",
                Fraction(7, 51): "Count the 5s, the 6s and the other three 9s.",
            },
            hints=["Over 51: the cards the next card could be.", "11 cards make a set."],
        ),
    }
