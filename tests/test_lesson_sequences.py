"""The Sequences lesson: its exercises accept the right answers and refuse the usual
wrong ones with a reason, the warm-up and the two readings are the engine's, and the
notebooks carry what the lesson lists need and show no answer before the student tries.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from cardmath.errors import CardMathError
from cardmath.games.sequences import (
    ExpressionNode,
    conventional_expression,
    conventional_value,
    evaluate_sequence,
)
from cardmath.lessons.sequences import (
    MAX_WARMUP_VALUE,
    calculator,
    deal_warmup,
    fraction_text,
    left_to_right,
    lesson_exercises,
    make_target_exercise,
    running_value_points,
    sequence_value_exercise,
    tree_svg,
    whole_number_exercise,
)

ROOT = Path(__file__).resolve().parents[1]
LESSON = ROOT / "lessons" / "02-sequences.ipynb"
DASHBOARD = ROOT / "lessons" / "sequences-dashboard.ipynb"

EXERCISES = lesson_exercises()
ALL = [exercise for section in EXERCISES.values() for exercise in section]


# --- the exercises ----------------------------------------------------------------------------


@pytest.mark.parametrize("exercise", ALL, ids=[e.answer for e in ALL])
def test_every_reference_answer_is_accepted(exercise) -> None:
    verdict = exercise.check(exercise.answer)
    assert verdict.ok, verdict.message
    assert verdict.message.startswith("Correct!")


@pytest.mark.parametrize(
    ("section", "index", "wrong", "words"),
    [
        ("order", 0, "14", "what a calculator says"),  # 2 + 4 × 3 the usual way
        ("order", 1, "-22", "what a calculator says"),
        ("order", 2, "19", "what a calculator says"),
        ("order", 0, "seventeen", "Type a whole number"),
        ("modifiers", 0, "27", "Not quite"),  # 4 + 5 then × 3: the cancel ignored
        ("modifiers", 1, "36", "Not quite"),  # invert ignored
        ("modifiers", 2, "30", "Not quite"),  # swap ignored
        ("modifiers", 3, "invert", "turns × 5 into ÷ 5, and 4 ÷ 5 is 0"),
        ("modifiers", 3, "swap", "Answer one of"),
        ("division", 0, "3", "rounding up"),
        ("division", 1, "-3", "rounding down"),
        ("division", 2, "-3", "Not quite"),
        ("target", 0, "[2] * 4 + 3", "not 20"),
        ("target", 0, "[2] + 3 * 5", "Use exactly these cards"),
        ("target", 0, "[2] + 3 4 *", "a number may only follow an operator"),
        ("target", 1, "[4] / 2 - 10", "not −3"),
    ],
)
def test_typical_wrong_answers_are_refused_with_a_reason(
    section: str, index: int, wrong: str, words: str
) -> None:
    verdict = EXERCISES[section][index].check(wrong)
    assert not verdict.ok
    assert words in verdict.message


def test_answers_in_other_spellings_are_accepted() -> None:
    assert EXERCISES["order"][1].check("−18").ok and EXERCISES["order"][1].check(" -18 ").ok
    assert EXERCISES["modifiers"][3].check("Cancel").ok
    assert EXERCISES["target"][0].check("[2]+3x4").ok
    assert EXERCISES["target"][1].check("[4] − 10 ÷ 2").ok


def test_no_input_crashes_a_checker() -> None:
    for exercise in ALL:
        for text in ("", "   ", "9" * 500, "[4] + ", "[99] + 2", "=", None, "[4] + 2 * 5 " * 200):
            verdict = exercise.check(text)
            assert not verdict.ok and verdict.message


def test_checkers_follow_the_division_rule() -> None:
    floor = lesson_exercises("floor")
    assert floor["division"][1].answer == "-3"  # −9 ÷ 4 rounded down
    assert "rounding toward zero" not in floor["division"][1].check("-2").message
    assert floor["division"][1].check("-2").message.startswith("Not quite")
    question = whole_number_exercise("−7 ÷ 2?", -7, "/", 2)
    assert "toward zero" in question.check("-4").message


def test_an_exercise_whose_answer_is_wrong_is_refused_when_made() -> None:
    with pytest.raises(CardMathError):
        make_target_exercise("Make 21.", ["[2]", "+", "*", "3", "4"], 21, "[2] + 3 * 4")


def test_a_sequence_exercise_names_the_calculator_mistake_only_when_it_differs() -> None:
    same = sequence_value_exercise("?", "[2] * 3 + 4")  # both readings make 10
    assert same.check("10").ok and "calculator" not in same.check("11").message


# --- the readings and the warm-up ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[4] + 2 * 5",
        "[4] + 2 cancel * 5 invert * 2 swap =",
        "[-2] - 3 * 4 / 5",
        "[2] - 8 / 4 * 3 + 5",
        "[0] + 10 / 4 - 3 * 2",
    ],
)
def test_the_two_readings_are_the_engines(text: str) -> None:
    import sympy

    game, usual = left_to_right(text), calculator(text)
    assert game.value == evaluate_sequence(text).value
    tree = conventional_expression(text)
    assert usual.value == tree.exact()
    # sympy, used as a calculator on the same text, agrees with the usual reading
    typed = str(tree).replace("×", "*").replace("÷", "/").replace("−", "-")
    assert sympy.sympify(typed, rational=True) == sympy.Rational(usual.value)
    assert game.tree_svg.startswith("<svg") and usual.tree_svg.startswith("<svg")
    assert len(usual.steps) == _operations(tree)  # one step per operation


def _operations(tree) -> int:
    if isinstance(tree, ExpressionNode):
        return 1 + _operations(tree.left) + _operations(tree.right)
    return 0


def test_sympy_renders_the_calculators_reading_in_the_students_order() -> None:
    reading = calculator("[4] / 5 * 2 + 3")
    assert reading.rendered_by == "sympy"
    assert reading.latex == r"\frac{4}{5} \times 2 + 3"
    assert reading.value == Fraction(23, 5) and reading.value_text == "23/5 = 4.6"
    # where sympy would change the order or add a number, the project's own printer
    own = calculator("[4] / 5 / 2")
    assert own.rendered_by == "cardmath" and own.latex == r"4 \div 5 \div 2"


def test_fractions_are_read_the_way_a_calculator_shows_them() -> None:
    assert fraction_text(Fraction(1, 3)) == "1/3 ≈ 0.333"
    assert fraction_text(Fraction(-5, 2)) == "−5/2 = −2.5"
    assert fraction_text(Fraction(10**40, 3)) == "a fraction with very long numbers"


def test_the_tree_shows_each_operators_value() -> None:
    svg = tree_svg(conventional_expression("[4] / 5 * 2"), division=None)
    assert ">4/5<" in svg and ">8/5<" in svg
    svg = tree_svg(conventional_expression("[4] / 5 * 2"), division="truncate")
    assert ">0<" in svg


def test_running_value_points_are_the_worked_example() -> None:
    points = running_value_points("[4] + 2 cancel * 5 invert * 2 swap =")
    assert [value for _, value in points] == [4, 6, 4, 20, 0, 0, 10, 10]
    assert [cards for cards, _ in points][-2:] == ["swap", "="]


@pytest.mark.parametrize("modifiers", [0, 1, 2])
def test_warmups_are_sealed_fair_and_worth_discussing(modifiers: int) -> None:
    for seed in range(60):
        warm = deal_warmup(seed, modifiers=modifiers)
        assert warm == deal_warmup(seed, modifiers=modifiers)
        sequence = warm.sequence
        assert sequence.is_sealed and {card.colour for card in sequence.cards} == {"red"}
        assert sum(card.kind == "modifier" for card in sequence.cards) == modifiers
        values = warm.evaluation.running_values
        assert all(abs(value) <= MAX_WARMUP_VALUE for value in values)
        # the two readings differ: the reveal always has something to show
        assert conventional_expression(sequence).exact() != warm.value
        assert warm.value == evaluate_sequence(str(sequence)).value


def test_most_warmups_have_a_whole_number_calculator_answer() -> None:
    whole = sum(deal_warmup(seed).calculator().value.denominator == 1 for seed in range(60))
    assert whole >= 50


def test_a_warmup_refuses_odd_requests_by_rule() -> None:
    for seed, modifiers in [(-1, 1), (True, 1), ("7", 1), (3, 3), (3, True)]:
        with pytest.raises(CardMathError):
            deal_warmup(seed, modifiers=modifiers)
    assert deal_warmup(4, "floor").division == "floor"
    assert conventional_value("[-2] / 4", "floor") == -1


# --- the notebooks --------------------------------------------------------------------------------


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text())


def test_the_notebooks_carry_their_lesson_list_metadata() -> None:
    lesson = _notebook(LESSON)["metadata"]["cardmath"]
    assert lesson == {
        "kind": "lesson",
        "title": lesson["title"],
        "game": "sequences",
        "topic": lesson["topic"],
        "ages": "10-14",
        "minutes": 50,
        "order": 2,
    }
    assert "left to right" in lesson["title"] and "division" in lesson["topic"]
    board = _notebook(DASHBOARD)
    assert board["metadata"]["cardmath"]["kind"] == "dashboard"
    assert board["metadata"]["cardmath"]["game"] == "sequences"
    sources = ["".join(cell["source"]) for cell in board["cells"]]
    assert sources == [
        "from widgets.games.sequences.dashboard import SequencesDashboard",
        "SequencesDashboard.from_query()",
    ]


def test_the_lesson_shows_no_answer_before_the_student_tries() -> None:
    """No exercise's sequence or answer is worked out anywhere in the notebook: each
    question lives in its exercise widget, and its answer only in the checker."""
    cells = _notebook(LESSON)["cells"]
    text = "\n".join(
        "".join(cell["source"])
        + "".join("".join(out.get("text", "")) for out in cell.get("outputs", []))
        for cell in cells
    )
    for section in ("order", "modifiers", "division"):
        for exercise in EXERCISES[section]:
            if not exercise.answer.lstrip("-").isdigit():
                continue  # a choice of words (cancel or invert), not a worked value
            shown = re.findall(r"\$(.+?)\$", exercise.prompt)
            for maths in shown:
                plain = maths.replace("\\times", "×").replace("\\div", "÷").replace("\\ ", " ")
                assert plain not in text, plain
    for exercise in EXERCISES["target"]:
        assert exercise.answer not in text
        assert exercise.answer.replace("*", "×").replace("/", "÷") not in text
    assert "exercise_set(" in text and "print(exercise" not in text and ".answer" not in text


def test_the_lesson_has_its_parts() -> None:
    cells = _notebook(LESSON)["cells"]
    markdown = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    for heading in (
        "Warm-up",
        "Left to right, or the usual order?",
        "card by card",
        "inverse operations",
        "Whole-number division",
        "Teacher's note",
    ):
        assert heading in markdown
    assert 'mode="warmup"' in code and 'mode="play"' in code
    assert "matplotlib" in code and "Math(" in code
    assert "no card left in any hand or pile could ever be" in markdown
    checked = [c for c in cells if "# NBVAL_CHECK_OUTPUT" in "".join(c["source"])]
    assert len(checked) >= 4 and all(c["outputs"] for c in checked)
