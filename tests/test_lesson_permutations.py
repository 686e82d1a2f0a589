"""The Permutations lesson's maths and exercises (``cardmath/lessons/permutations.py``).

Each exercise accepts its right answer and refuses the typical wrong ones with a word of
help; the exact distribution is checked against a count of every hand by the engine, and
the simulation against the exact distribution.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt
from pathlib import Path

import pytest

from cardmath.errors import CardMathError
from cardmath.games.permutations import deck_in_play, largest_colour_count, triangular
from cardmath.lessons.permutations import (
    MAX_SIMULATED_HANDS,
    exercises,
    expected_score,
    hands_in_total,
    max_count_distribution,
    max_count_table,
    simulate_max_counts,
)

LESSON = Path(__file__).resolve().parents[1] / "lessons" / "03-permutations.ipynb"


# --- the exact distribution ------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_the_table_counts_every_hand_once(players: int) -> None:
    table = max_count_table(players)
    assert hands_in_total(players) == comb(12 * (players if players == 3 else 4), 11)
    assert sum(row.hands for row in table) == hands_in_total(players)
    assert sum(max_count_distribution(players).values()) == 1
    least = 3 if players == 4 else 4  # the pigeonhole principle: nothing below it
    assert table[0].largest == least and table[-1].largest == 11
    assert table[-1].hands == (4 if players == 4 else 3) * comb(12, 11)  # all one colour
    assert all(row.score == triangular(row.largest) for row in table)


@pytest.mark.parametrize(("players", "cards"), [(3, 3), (3, 4), (4, 3)])
def test_the_table_agrees_with_the_engine_on_every_small_hand(players: int, cards: int) -> None:
    deck = deck_in_play("interleaved", players)
    counted: dict[int, int] = {}
    for hand in combinations(deck, cards):
        largest = largest_colour_count(hand, "interleaved")
        counted[largest] = counted.get(largest, 0) + 1
    assert {row.largest: row.hands for row in max_count_table(players, cards)} == counted


def test_the_average_score_of_luck_alone_is_exact() -> None:
    for players in (3, 4):
        total = hands_in_total(players)
        by_hand = sum(
            Fraction(row.hands * triangular(row.largest), total) for row in max_count_table(players)
        )
        assert expected_score(players) == by_hand
    assert 11 < expected_score(4) < 12 and 15 < expected_score(3) < 16


def test_the_simulation_agrees_with_the_exact_counts() -> None:
    hands = 20_000
    simulated = simulate_max_counts(4, hands=hands, seed=0)
    assert sum(simulated.values()) == hands
    assert simulated == simulate_max_counts(4, hands=hands, seed=0)  # seeded: the same hands
    for largest, probability in max_count_distribution(4).items():
        share = simulated.get(largest, 0) / hands
        error = sqrt(float(probability) * (1 - float(probability)) / hands)
        assert abs(share - float(probability)) <= 4 * error + 1e-9, largest


@pytest.mark.parametrize("hands", [0, -5, MAX_SIMULATED_HANDS + 1, 10**100, True, "100", 2.5])
def test_a_simulation_has_a_bound(hands: object) -> None:
    with pytest.raises(CardMathError, match="a simulation deals 1 to 50,000 hands"):
        simulate_max_counts(4, hands=hands)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "cards"), [(2, 11), (5, 11), (4, 49), (3, 37), (4, -1)])
def test_impossible_tables_are_refused(players: int, cards: int) -> None:
    with pytest.raises(CardMathError):
        max_count_table(players, cards)


# --- the exercises ---------------------------------------------------------------------------

RIGHT_AND_WRONG = {
    "score_of_seven": ("28", {"56": "whole rectangle", "49": "square", "7": "1 + 2"}),
    "max_for_45": ("9", {"10": "Try one less", "8": "Try one more"}),
    "pile_score": ("10", {"22": "Only the largest", "4": "triangular number", "11": "largest"}),
    "pigeonhole_four": ("3", {"2": "4 × 2 = 8", "4": "3, 3, 3, 2"}),
    "pigeonhole_three": ("4", {"3": "3 × 3 = 9", "5": "4, 4, 3"}),
    "sure_of_four": ("13", {"12": "3, 3, 3, 3", "16": "4 of each", "4": "different colours"}),
    "two_of_each": ("No", {"yes": "at most 4 × 2 = 8 cards"}),
    "likely_max": ("4", {"3": "a max of 3 happens in", "5": "look for a taller bar"}),
    "draft_order": ("22", {"40": "drafts first", "3": "lowest last", "17": "highest to lowest"}),
    "bid_goes": (
        "in the next pool",
        {"in your hand": "does not come back to you", "out of the game": "not thrown away"},
    ),
}


@pytest.mark.parametrize("name", sorted(RIGHT_AND_WRONG))
def test_each_exercise_accepts_the_answer_and_helps_with_typical_mistakes(name: str) -> None:
    question = exercises()[name]
    right, wrongs = RIGHT_AND_WRONG[name]
    verdict = question.check(right)
    assert verdict.ok and verdict.message.startswith("Correct!")
    assert question.check(question.answer).ok
    for wrong, words in wrongs.items():
        verdict = question.check(wrong)
        assert not verdict.ok and words in verdict.message, (wrong, verdict.message)
    for nonsense in ("", "   ", "banana", "9" * 5000, "1e9"):
        assert not question.check(nonsense).ok


def test_the_three_player_questions_follow_three_colours() -> None:
    questions = exercises(players=3)
    assert questions["likely_max"].check("5").ok  # 36 cards, three colours
    assert "36" in questions["likely_max"].prompt
    even = questions["even_hand"]
    assert even.check(even.answer).ok
    refused = even.check("1R 5R 9R 2Y 6Y 10Y 3G 7G 11G 4B 8B")
    assert not refused.ok and "blue cards are set aside" in refused.message


def test_the_even_hand_is_checked_by_the_engines_card_rules() -> None:
    even = exercises()["even_hand"]
    assert even.check(even.answer).ok
    assert even.check("4B 8B 12B 1R 5R 9R 2Y 6Y 10Y 3G 7G").ok  # another even spread
    cases = {
        "19R 19G 19B": "there is no card 19R: card 19 is green",
        "1R 1R 5R 9R 2Y 6Y 10Y 3G 7G 11G 4B": "1 appears twice",
        "1R 5R 9R 2Y 6Y 10Y 3G 7G 11G 4B": "That is 10 cards",
        "1R 5R 9R 13R 2Y 6Y 10Y 3G 7G 11G 4B": "its max is 4",
        "1R 5R 9R 2Y 6Y 10Y 3G 7G 11G 4B 8B 12B": "That is 12 cards",
        "1R 5R 9R 2Y 6Y 10Y 3G 7G 11G 4B 49B": "numbered 1 to 48",
        "hello": "is not a Permutations card",
        # blocks colouring (13 is yellow there) is not this lesson's deck
        "13Y 1R 5R 9R 2Y 6Y 3G 7G 11G 4B 8B": "is not a card of the interleaved colouring",
    }
    for text, words in cases.items():
        verdict = even.check(text)
        assert not verdict.ok and words in verdict.message, (text, verdict.message)


def test_no_answer_is_given_away_before_the_student_tries() -> None:
    from widgets.components.exercise import ExerciseWidget

    for name, question in exercises().items():
        box = ExerciseWidget(question, title=name)
        assert box.answer.value == "" and box.show_button.disabled
        assert question.answer not in box.feedback.value
        if name not in ("two_of_each", "likely_max", "bid_goes"):  # choices list their options
            assert f"<b>{question.answer}</b>" not in box.question.value


def test_the_lesson_notebook_asks_every_exercise_and_is_listed() -> None:
    notebook = json.loads(LESSON.read_text())
    meta = notebook["metadata"]["cardmath"]
    assert meta["kind"] == "lesson" and meta["game"] == "permutations"
    assert meta["order"] == 3 and meta["ages"] == "8-14" and meta["minutes"] == 45
    code = "\n".join("".join(cell["source"]) for cell in notebook["cells"])
    for name in exercises():
        assert f'"{name}"' in code, name
    text = "\n".join(
        "".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"
    )
    assert "Teacher's note" in text and "pigeonhole" in text.lower()
