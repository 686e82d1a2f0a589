"""The Dotter lesson's exercises and tables (``lessons/04-dotter.ipynb``): series by
difference and by quotient, Aces and Jokers, the exact chance of each hand, and when a
guess pays. Pure Python: every answer comes from the engine (:mod:`cardmath.games.dotter`),
and the tests prove each answer is accepted and typical wrong ones refused.

>>> [exercise.answer for exercise in series_exercises()]
['18', '4/3', '5', 'difference']
>>> hands_of_three()
24804
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardmath.exercises import (
    Exercise,
    Verdict,
    choice_exercise,
    fraction_exercise,
    number_exercise,
)
from cardmath.games.dotter import (
    CATEGORIES,
    RANK_COUNTS,
    category_probabilities,
    guess_odds,
    joker_choices,
    score_hand,
)
from cardmath.lessons.tables import LessonTable, cell
from cardmath.wording import fraction_text, rank_letter, read_rank

__all__ = [
    "CategoryChance",
    "category_chances",
    "chance_chart",
    "chance_chart_svg",
    "chance_exercises",
    "chances_table",
    "guess_exercises",
    "hands_of_three",
    "joker_choices_table",
    "joker_exercises",
    "odds_rows",
    "odds_table",
    "rank_exercise",
    "scored_hands",
    "series_exercises",
]


def rank_exercise(
    prompt: str, answer: int, *, hints: tuple[str, ...] = (), explanation: str = ""
) -> Exercise:
    """Name a card's rank: a number from 1 to 13 or a letter (A, J, Q, K).

    >>> question = rank_exercise("Which card completes 6, 9, ?", 12)
    >>> question.check("Q").ok, question.check("12").ok, question.check("13").message
    (True, True, 'Not this card: K does not complete it. Try again.')
    >>> question.answer
    'Q'
    """
    shown = rank_letter(answer)

    def checker(text: str) -> Verdict:
        given = read_rank(text)
        if given is None:
            return Verdict(
                False,
                "Name a card: a number from 1 to 13, or the letter of an Ace, Jack, Queen or King.",
            )
        if given != answer:
            name = rank_letter(given)
            return Verdict(False, f"Not this card: {name} does not complete it. Try again.")
        return Verdict(True, f"Correct! {explanation}".strip())

    return Exercise(prompt, checker, shown, hints, "a card, like 7 or Q")


# --- 1 and 2: series by difference and by quotient ------------------------------------------


def _counting_exercise(
    prompt: str, answer: int, explanation: str, *, hints: tuple[str, ...] = ()
) -> Exercise:
    """A whole-number answer with an explanation shown once it is right."""
    plain = number_exercise(prompt, str(answer), hints=hints)

    def checker(text: str) -> Verdict:
        verdict = plain.check(text)
        if verdict.ok:
            return Verdict(True, f"Correct! {explanation}")
        return verdict

    return Exercise(prompt, checker, str(answer), hints, "a number")


def series_exercises() -> list[Exercise]:
    """Series by difference and by quotient (the answers are the engine's scores)."""
    score = score_hand("11 3 7")
    assert score.category == "difference" and score.points == 18
    series = quotient_series()
    listed = "; ".join(", ".join(map(str, cards)) for cards, _ in series)
    return [
        number_exercise(
            "Three cards are turned up: <b>11, 3, 7</b>. What do they score?",
            "7 + 11",
            hints=(
                "Put them in order first: 3, 7, 11.",
                "The steps are the same (+4, +4): a series scores its two highest cards.",
            ),
        ),
        fraction_exercise(
            "The numbers <b>9, 12, 16</b> (not all of them cards) make a series by quotient. "
            "What is the quotient (the number you multiply by to go from one to the next)?",
            Fraction(12, 9),
            hints=("Divide the middle number by the smallest: 12 ÷ 9.", "Write 12/9 simpler."),
            explanation="12 ÷ 9 = 16 ÷ 12 = 4/3.",
        ),
        _counting_exercise(
            "How many series by quotient can three <i>different</i> cards make? Count the "
            "values 1 to 13, and 14 for an Ace at the top (1, 2, 4 is one of them).",
            len(series),
            f"They are {listed}.",
            hints=(
                "Try each quotient: × 2 from 1, 2, 3 ... and × 3 from 1, 2 ...",
                "Do not forget a fraction: middle × middle = low × high, like 6 × 6 = 4 × 9.",
            ),
        ),
        choice_exercise(
            "Is <b>2, 4, 6</b> a series by <i>difference</i>, by <i>quotient</i>, <i>both</i> "
            "or <i>neither</i>?",
            "difference",
            ["difference", "quotient", "both", "neither"],
            mistakes={
                "quotient": "the ratios are 4/2 = 2 but 6/4 = 3/2: they are not the same.",
                "both": "that needs the same step and the same ratio each time: check the "
                "ratios 4/2 and 6/4.",
                "neither": "look at the steps from one card to the next: 4 − 2 and 6 − 4.",
            },
            hints=("Look at the steps: +2, +2.", "And the ratios: 4/2 = 2 but 6/4 = 3/2."),
            explanation="The steps are +2, +2; the ratios 2 and 3/2 differ.",
        ),
    ]


# --- 3: Aces and Jokers -------------------------------------------------------------------


def best_joker_rank(cards: str) -> int:
    """The rank a Joker should stand for to score most (the engine's suggestion).

    >>> best_joker_rank("4 8 JK")
    12
    """
    choices = joker_choices(cards)
    best = [c for c in choices if c.score.points == choices[0].score.points]
    if len(best) != 1:
        raise ValueError(f"{cards}: several Joker choices score the most")
    return best[0].ranks[0]


def joker_exercises() -> list[Exercise]:
    """The Ace at the top of a series, and choosing a Joker."""
    ace = score_hand("8 J A")
    assert ace.points == 11 + 14
    return [
        number_exercise(
            "You turn up <b>8, J, A</b>. What do they score? (Remember the Ace at the top.)",
            "11 + 14",
            hints=(
                "8, 11 and then? The step is +3.",
                "11 + 3 = 14: the Ace counts 14 when it tops a series.",
            ),
        ),
        rank_exercise(
            "You turn up <b>4, 8</b> and a <b>Joker</b>, without a guess. What should the "
            "Joker be to score the most?",
            best_joker_rank("4 8 JK"),
            hints=(
                "Try to make a series: by difference (4, 8, ?) or by quotient (?, 4, 8).",
                "4, 8, 12 scores 8 + 12 = 20; 2, 4, 8 scores only 4 + 8 = 12.",
            ),
            explanation="4, 8, 12 is a series by difference 4: 8 + 12 = 20 points.",
        ),
    ]


# --- 4: the exact chance of each hand -------------------------------------------------------


def hands_of_three(deck: int = sum(RANK_COUNTS)) -> int:
    """How many different hands of three cards a deck of ``deck`` cards holds."""
    return math.comb(deck, 3)


@dataclass(frozen=True)
class CategoryChance:
    """One kind of hand: how many of the 24,804 hands of three are that, and the chance."""

    category: str
    hands: int
    chance: Fraction

    @property
    def label(self) -> str:
        names = {
            "difference": "series by difference",
            "quotient": "series by quotient",
            "pair": "pair",
            "triple": "triple",
            "nothing": "nothing (no guess right)",
        }
        return names[self.category]


def category_chances() -> list[CategoryChance]:
    """The exact chance that three random cards are each kind of hand (the engine's exact
    count; a triple is also both kinds of series, so the chances add up to more than 1).

    >>> [(c.category, c.hands, str(c.chance)) for c in category_chances()][3]
    ('triple', 260, '5/477')
    """
    total = hands_of_three()
    chances = category_probabilities()
    return [CategoryChance(name, int(chances[name] * total), chances[name]) for name in CATEGORIES]


def chance_chart(width: float = 8.0, height: float = 3.6) -> Any:
    """A matplotlib bar chart of :func:`category_chances`, each bar labelled with its
    fraction and percentage (matplotlib is imported here, only when drawn; no pyplot, so
    nothing global changes)."""
    from matplotlib.figure import Figure

    rows = category_chances()
    figure = Figure(figsize=(width, height))
    axes = figure.subplots()
    names = [row.label.replace(" (", "\n(") for row in rows]
    values = [float(row.chance) for row in rows]
    hatches = ["//", "\\\\", "..", "xx", ""]
    bars = axes.bar(names, values, color="#4f7cac", edgecolor="#1b1f24", hatch=None)
    for bar, hatch in zip(bars, hatches, strict=True):
        bar.set_hatch(hatch)
    for bar, row in zip(bars, rows, strict=True):
        axes.annotate(
            f"{fraction_text(row.chance)}\n({float(row.chance):.1%})",
            (bar.get_x() + bar.get_width() / 2, bar.get_height()),
            ha="center",
            va="bottom",
            fontsize=10,
        )
    axes.set_ylabel("chance for three random cards")
    axes.set_ylim(0, max(values) * 1.35)
    axes.set_title("Three cards from the 54-card deck: the chance of each kind of hand")
    axes.spines[["top", "right"]].set_visible(False)
    figure.tight_layout()
    return figure


def chance_exercises() -> list[Exercise]:
    """Counting hands without Jokers: all hands of three, and the chance of a triple."""
    no_jokers = Fraction(13 * math.comb(4, 3), math.comb(52, 3))
    return [
        number_exercise(
            "Take the two Jokers out. How many different hands of three cards can be drawn "
            "from the <b>52</b> cards that are left? (The order does not matter.)",
            "52 * 51 * 50 / 6",
            hints=(
                "In order: 52 choices, then 51, then 50.",
                "Each hand was counted 3 × 2 × 1 = 6 times, once for each order.",
            ),
        ),
        fraction_exercise(
            "Still without Jokers (52 cards, 13 ranks of 4): what is the chance that three "
            "random cards are a triple? (Give a fraction.)",
            no_jokers,
            hints=(
                "How many triples? Choose the rank (13 ways), then 3 of its 4 cards (4 ways).",
                "Divide by the number of hands you found in the exercise before.",
            ),
            explanation=f"13 × 4 = 52 triples out of {math.comb(52, 3):,} hands.",
        ),
    ]


# --- 5: when does a guess pay? --------------------------------------------------------------


def _pool_without(*ranks: int) -> tuple[int, ...]:
    counts = list(RANK_COUNTS)
    for rank in ranks:
        counts[rank] -= 1
    return tuple(counts)


def odds_rows(known: tuple[int, ...] = ()) -> list[tuple[str, Fraction, Fraction]]:
    """(choice, chance right, expected points) for three cards with ``known`` ranks seen
    and nothing else (the engine's exact :func:`guess_odds`).

    >>> [(name, str(chance)) for name, chance, _ in odds_rows((3, 3))][3]
    ('guess pair', '25/26')
    """
    rows = []
    for odds in guess_odds(known, _pool_without(*known)):
        name = f"guess {odds.guess}" if odds.guess else "no guess"
        rows.append((name, odds.chance, odds.expected))
    return rows


def guess_exercises() -> list[Exercise]:
    """The chance and the worth of a guess, with two cards seen; and blind."""
    pool = _pool_without(3, 3)
    pair = dict((o.guess, o) for o in guess_odds((3, 3), pool))["pair"]
    return [
        fraction_exercise(
            "You have peeked at two of the three cards: <b>3 and 3</b>. The third is one of "
            "the <b>52</b> cards you have not seen. What is the chance that a guess of "
            "<i>pair</i> is right?",
            pair.chance,
            hints=(
                "The guess is wrong only if the third card is a 3 too (then it is a triple).",
                "Two 3s are left among the 52 cards (a Joker can be anything but a 3).",
            ),
            explanation="50 of the 52 cards make a pair.",
        ),
        fraction_exercise(
            "Right, the guess scores 2 × (2 × 3) = <b>12</b>; wrong (a third 3), it scores only "
            "the lowest card, <b>3</b>. What does guessing <i>pair</i> score on average?",
            pair.expected,
            hints=(
                "Average = (chance right) × 12 + (chance wrong) × 3.",
                "(50 × 12 + 2 × 3) ÷ 52.",
            ),
            explanation="(50 × 12 + 2 × 3) / 52 = 606/52, about 11.7 points.",
        ),
        choice_exercise(
            "You have <b>not</b> seen any of the three cards. Should you guess <i>pair</i> or "
            "not guess? (Look at the first table of this section.)",
            "no guess",
            ["guess pair", "no guess"],
            mistakes={
                "guess pair": "compare the expected points in the table: most blind hands are "
                "not a pair, and a wrong guess scores only the lowest card."
            },
            hints=(
                "Compare the expected points of the two rows.",
                "A wrong guess scores only the lowest card, and most blind hands are no pair.",
            ),
            explanation="Blind, no guess is worth about 13.2 points, a pair guess about 10.9.",
        ),
    ]


# --- pictures and tables for the notebook (plain content; widgets draws the HTML) -----------


def scored_hands(hands: list[tuple[str, str | None]]) -> LessonTable:
    """A table of hands (cards as pictures, like ``"4H 6C 9D"``) and how each scores,
    step by step, in the engine's words.

    >>> table = scored_hands([("4H 6C 9D", None)])
    >>> table.rows[0][1].lines
    ('4, 6, 9: quotient 3/2, series: 9 + 6 = 15',)
    """
    from cardmath.games.dotter import explain_score

    rows = tuple(
        (
            cell(cards=cards),
            cell(*explain_score(cards, guess)),
            cell(score_hand(cards, guess).points, strong=True),
        )
        for cards, guess in hands
    )
    return LessonTable(("cards", "how they score", "points"), rows)


def quotient_series() -> list[tuple[tuple[int, int, int], Fraction]]:
    """Every series by quotient of three different values a hand can hold (Ace 1, or 14
    on top), smallest first, with its quotient.

    >>> [(cards, str(q)) for cards, q in quotient_series()]
    [((1, 2, 4), '2'), ((1, 3, 9), '3'), ((2, 4, 8), '2'), ((3, 6, 12), '2'), ((4, 6, 9), '3/2')]
    """
    found = []
    for low in range(1, 15):
        for middle in range(low + 1, 15):
            for high in range(middle + 1, 15):
                if middle * middle == low * high:
                    found.append(((low, middle, high), Fraction(middle, low)))
    return found


def chances_table() -> LessonTable:
    """The exact chance of each kind of hand as a table: hands, fraction, percentage.

    >>> chances_table().rows[0][2].lines
    ('427/2067',)
    """
    rows = tuple(
        (
            cell(row.label, heading=True),
            cell(f"{row.hands:,}"),
            cell(fraction_text(row.chance)),
            cell(f"{float(row.chance):.1%}"),
        )
        for row in category_chances()
    )
    caption = f"Three cards from the 54-card deck ({hands_of_three():,} hands)"
    return LessonTable(("kind of hand", "hands", "chance", ""), rows, caption)


def odds_table(known: tuple[int, ...] = (), caption: str = "") -> LessonTable:
    """What each choice is worth for three cards with ``known`` ranks seen: the chance
    that it is right and the expected points, exactly and about.

    >>> odds_table((3, 3)).rows[3][1].lines
    ('25/26',)
    """
    rows = tuple(
        (
            cell(name, heading=True),
            cell(fraction_text(chance)),
            cell(f"{float(chance):.0%}"),
            cell(fraction_text(expected)),
            cell(f"about {float(expected):.1f}"),
        )
        for name, chance, expected in odds_rows(known)
    )
    return LessonTable(("choice", "chance right", "", "expected points", ""), rows, caption)


def joker_choices_table(cards: str, shown: int = 13) -> LessonTable:
    """Every choice of a Joker among ``cards`` with its score, best first.

    >>> joker_choices_table("5 7 JK", shown=1).rows[0][2].lines
    ('16',)
    """
    rows = tuple(
        (
            cell(choice.text, heading=True),
            cell(choice.score.reason),
            cell(choice.score.points, strong=True),
        )
        for choice in joker_choices(cards)[:shown]
    )
    return LessonTable(("the Joker", "the hand", "points"), rows)


def chance_chart_svg() -> str:
    """:func:`chance_chart` as SVG text (sharp on a projector, no image files); its words
    and numbers stay text rather than outlines, so the file is smaller and searchable.

    >>> lesson_svg = chance_chart_svg()
    >>> lesson_svg.lstrip().startswith("<?xml") and "<svg" in lesson_svg
    True
    """
    import io

    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none"}):
        chance_chart().savefig(buffer, format="svg")
    return buffer.getvalue()
