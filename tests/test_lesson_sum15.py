"""Lesson 5, Sum 15: the maths is the engine's, every exercise accepts its answer and
refuses the typical wrong ones, and the notebook asks every exercise with the widget."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from cardmath.errors import CardMathError
from cardmath.games.sum15 import DECK, claims
from cardmath.lessons.sum15 import (
    bonds_to_14,
    card_for_next_fifteen,
    chance_of_a_set,
    clock_steps,
    exercises,
    read_card_value,
    set_chances,
)

LESSON = Path(__file__).resolve().parents[1] / "lessons" / "05-sum15.ipynb"


def test_bonds_to_14_are_every_pair_of_values_the_engine_takes_as_14():
    from cardmath.games.sum15 import cards

    found = {
        tuple(sorted((a.pips, b.pips)))
        for a in DECK[:13]
        for b in DECK[:13]
        if "makes 14" in claims(cards(f"2C {a}"), b).rules
    }
    assert set(bonds_to_14()) == found


@pytest.mark.parametrize("total", range(0, 200))
def test_the_card_for_the_next_fifteen_is_the_engines_fifteen(total):
    card = card_for_next_fifteen(total)
    if card is None:
        assert total % 15 in (0, 1)  # the gap is 15 or 14: no card
    else:
        assert 1 <= card <= 13 and (total + card) % 15 == 0


def test_the_clock_lands_on_top_exactly_at_multiples_of_15():
    rng = random.Random(5)
    values = [rng.randint(1, 13) for _ in range(60)]
    for step in clock_steps(values):
        assert step.on_top == (step.total % 15 == 0)
        assert step.laps * 15 + step.position == step.total
    with pytest.raises(CardMathError):
        clock_steps([14])


def test_the_chance_of_a_set_counts_the_engines_sets_exactly():
    # by brute force: every unseen card played onto the middle, judged by the engine
    from cardmath.games.sum15 import cards

    for middle, seen in (("9H", ""), ("KS 9H", ""), ("4C 5D", "6H 6S 3C"), ("QD JC", "10S")):
        shown = cards(middle) + (cards(seen) if seen else ())
        unseen = list(DECK)
        for card in shown:
            unseen.remove(card)
        makers = sum(1 for card in unseen if claims(cards(middle), card).cards)
        assert chance_of_a_set(middle, seen) == Fraction(makers, len(unseen))
    assert sum(c.unseen for c in set_chances("9H")) == 51


def test_two_decks_have_twice_the_cards():
    assert chance_of_a_set("9H", decks=2) == Fraction(7 + 8 + 8, 103)  # 9s, 5s and 6s


def test_card_values_are_read_from_numbers_letters_and_words():
    assert [read_card_value(t) for t in ("8", "J", "jack", "Q", "K", "A", "ace", "10D")] == [
        8,
        11,
        11,
        12,
        13,
        1,
        1,
        10,
    ]
    assert read_card_value("x" * 50) is None


# --- every exercise: its answer right, the typical wrong ones refused ---------------------

RIGHT_AND_WRONG = {
    "bond_9": (["5", " 5 "], ["6", "4", "23", "14", "five hundred"]),
    "bond_queen": (["2"], ["3", "Q", "12", "26"]),
    "bond_itself": (["7"], ["14", "6", "8"]),
    "fifteen_22": (["8"], ["7", "23", "15", "K"]),
    "fifteen_37": (["8"], ["7", "13", "45"]),
    "fifteen_31": (["no", "No"], ["yes", "maybe"]),
    "run_9_10": (["J", "11", "jack"], ["8", "10", "Q"]),
    "count_9": (["11"], ["8", "7", "12", "3"]),
    "chance_9": (["11/51", "22/102", " 11 / 51 "], ["11/52", "8/51", "7/51", "0.2", "11", "1/0"]),
}


def test_every_exercise_is_checked_here():
    assert set(RIGHT_AND_WRONG) == set(exercises())


@pytest.mark.parametrize("name", RIGHT_AND_WRONG)
def test_each_exercise_accepts_its_answer_and_refuses_typical_wrong_ones(name):
    exercise = exercises()[name]
    right, wrong = RIGHT_AND_WRONG[name]
    assert exercise.check(exercise.answer).ok
    for text in right:
        verdict = exercise.check(text)
        assert verdict.ok, (name, text, verdict.message)
    for text in wrong:
        verdict = exercise.check(text)
        assert not verdict.ok, (name, text)
        assert verdict.message and len(verdict.message) < 200
    for nasty in ("", "   ", None, "x" * 5000, "1/" + "9" * 500):
        assert not exercise.check(nasty).ok


def test_wrong_answers_get_a_word_of_help_that_fits():
    questions = exercises()
    assert "fifteen, not 14" in questions["bond_9"].check("6").message
    assert "not in order" in questions["run_9_10"].check("8").message
    assert "other 51" in questions["chance_9"].check("11/52").message
    assert "three 9s" in questions["chance_9"].check("8/51").message
    assert "= 11/51" in questions["chance_9"].check("22/102").message


# --- the notebook ---------------------------------------------------------------------------


def notebook() -> dict:
    return json.loads(LESSON.read_text(encoding="utf-8"))


def test_the_lesson_has_its_metadata():
    meta = notebook()["metadata"]["cardmath"]
    assert meta["kind"] == "lesson" and meta["game"] == "sum15"
    assert meta["ages"] == "8-12" and meta["minutes"] == 40 and meta["order"] == 5
    assert meta["title"] and meta["topic"]


def test_the_lesson_asks_every_exercise_with_the_widget_and_never_prints_an_answer():
    cells = notebook()["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    for name in exercises():
        assert f'ask("{name}")' in code, name
    assert "ExerciseWidget" in code
    assert ".answer" not in code  # answers come only from the widget, after a try
    markdown = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    for heading in ("Teacher's note", "clock", "chance"):
        assert heading.lower() in markdown.lower()
    assert "Sum15Dashboard" in code and 'mode="play"' in code


def test_cells_checked_by_nbval_keep_their_stored_outputs():
    # nbval compares only cells that were run when saved: a checked cell saved without its
    # output (or its execution count) would pass whatever it printed
    checked = [
        cell
        for cell in notebook()["cells"]
        if cell["cell_type"] == "code" and "# NBVAL_CHECK_OUTPUT" in "".join(cell["source"])
    ]
    assert len(checked) >= 4
    for cell in checked:
        assert cell["execution_count"] is not None and cell["outputs"], cell["id"]


def test_only_the_checked_text_is_stored():
    # the lesson is kept in git without its pictures (they are drawn again when it runs):
    # the only stored outputs are the text that nbval compares, never an error or a widget
    outputs = [o for c in notebook()["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    kinds = {kind for output in outputs for kind in output.get("data", {})}
    assert outputs and kinds <= {"text/plain", "text/latex"}
    assert not any(output["output_type"] == "error" for output in outputs)


def test_questions_are_html_so_the_widget_shows_them_in_bold():
    # the exercise widget shows a prompt as HTML: Markdown stars would be printed as stars
    for name, exercise in exercises().items():
        assert "**" not in exercise.prompt, name
    assert "<b>14</b>" in exercises()["bond_9"].prompt
