"""The Navigator lesson: every exercise accepts its right answers and refuses the typical
wrong ones, and the notebook never shows an answer before the student tries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardmath.lessons import navigator as lesson
from widgets.components.exercise import ExerciseWidget

LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def every_exercise() -> list:
    return [
        *lesson.order_of_operations(),
        lesson.land_at_42(),
        *lesson.division_questions(),
        *lesson.power_questions(),
        lesson.make_81(),
    ]


@pytest.mark.parametrize(
    ("index", "right", "wrong"),
    [
        (0, ["14", " 14 "], ["20"]),  # 2 + 3 × 4 worked left to right gives 20
        (1, ["20"], ["14"]),
        (2, ["1"], ["7"]),  # 12 − 8 − 3 worked right to left gives 7
        (3, ["7"], ["1"]),
    ],
)
def test_order_of_operations(index: int, right: list[str], wrong: list[str]) -> None:
    exercise = lesson.order_of_operations()[index]
    for answer in right:
        assert exercise.check(answer).ok, answer
    for answer in wrong:
        verdict = exercise.check(answer)
        assert not verdict.ok and "Not quite" in verdict.message
    assert not exercise.check("fourteen").ok and exercise.hints


def test_landing_at_42_takes_any_right_expression_and_names_the_mistake() -> None:
    exercise = lesson.land_at_42()
    for answer in ["6 * 5 + 12", "5 × 6 + 12", "12 + 5 * 6", "(6 × 5) + Q".replace("Q", "12")]:
        assert exercise.check(answer).ok, answer
    assert "Use each of the cards 5, 6, 12 exactly once" in exercise.check("6 * 7").message
    assert "makes 23, not 42" in exercise.check("5 + 6 + 12").message
    assert "makes 102, not 42" in exercise.check("6 * (5 + 12)").message


def test_division_questions_are_answered_by_the_arithmetic_rule() -> None:
    answers = [exercise.answer for exercise in lesson.division_questions()]
    assert answers == ["yes", "no", "yes", "no"]
    for exercise in lesson.division_questions():
        other = "no" if exercise.answer == "yes" else "yes"
        assert exercise.check(exercise.answer.upper()).ok
        assert not exercise.check(other).ok
        assert exercise.check("maybe").message == "Answer one of: yes, no."
    said = lesson.division_questions()[3].check("no").message
    assert said == "Correct! Cannot divide by 0."


def test_powers_and_the_tower_read_from_the_top() -> None:
    two_cubed, three_squared, tower = lesson.power_questions()
    assert two_cubed.check("8").ok and not two_cubed.check("6").ok  # 2 ^ 3 is not 2 × 3
    assert three_squared.check("9").ok and not three_squared.check("6").ok
    assert tower.check("512").ok and not tower.check("64").ok  # not (2 ^ 3) ^ 2
    make_81 = lesson.make_81()
    assert make_81.check("3 ^ (2 + 2)").ok and make_81.check("(3 ^ 2) ^ 2").ok
    assert not make_81.check("3 ^ 2 + 2").ok and not make_81.check("2 ^ (3 + 2)").ok


def test_no_question_gives_its_answer_away() -> None:
    for exercise in every_exercise():
        widget = ExerciseWidget(exercise)
        assert widget.answer.value == ""  # never pre-filled
        assert widget.show_button.disabled  # the answer only after a try
        if len(exercise.answer) > 3:  # an expression answer is not in the question
            assert exercise.answer not in exercise.prompt


def test_sizes_say_digit_and_digits() -> None:
    rows = {row.text: row.digits for row in lesson.sizes()}
    assert rows["2 ^ 3"] == "1 digit" and rows["13 ^ 13"] == "15 digits"


def notebook(name: str) -> dict:
    return json.loads((LESSONS / name).read_text(encoding="utf-8"))


def test_the_lesson_notebook_shows_questions_and_stores_no_answer() -> None:
    book = notebook("01-navigator.ipynb")
    assert book["metadata"]["cardmath"]["kind"] == "lesson"
    code = "\n".join("".join(c["source"]) for c in book["cells"] if c["cell_type"] == "code")
    for name in (
        "order_of_operations",
        "land_at_42",
        "division_questions",
        "power_questions",
        "make_81",
    ):
        assert f"lesson.{name}()" in code  # every exercise is shown as a widget
    stored = json.dumps([c.get("outputs", []) for c in book["cells"] if c["cell_type"] == "code"])
    for exercise in every_exercise():
        if len(exercise.answer) > 3:
            assert exercise.answer not in stored
    assert "Correct!" not in stored and "Correct!" not in code
    markdown = "\n".join(
        "".join(c["source"]) for c in book["cells"] if c["cell_type"] == "markdown"
    )
    assert "run the cell" not in markdown and "this cell" not in markdown.lower()
    assert "Teacher's note" in markdown


def test_checked_cells_keep_their_outputs_so_nbval_compares_them() -> None:
    for name in ("00-welcome.ipynb", "01-navigator.ipynb"):
        for cell in notebook(name)["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and source.startswith("# NBVAL_CHECK_OUTPUT"):
                assert cell["outputs"], f"{name}: a checked cell without stored output"
    welcome = "\n".join("".join(c["source"]) for c in notebook("00-welcome.ipynb")["cells"])
    assert "This cell asks" not in welcome and "lesson_list()" in welcome


def test_the_solver_cell_counts_its_ways_in_words() -> None:
    # "1 different ways" was printed once: the count and its noun come from wording
    book = json.loads((LESSONS / "01-navigator.ipynb").read_text(encoding="utf-8"))
    cell = next(
        c
        for c in book["cells"]
        if c["cell_type"] == "code" and "solve([7, 8, 11], 31)" in "".join(c["source"])
    )
    assert "counted(result.solution_count, 'way')" in "".join(cell["source"])
    printed = "".join(cell["outputs"][0]["text"])
    assert printed.startswith("best: 1 away, 1 way\n") and "different ways" not in printed
