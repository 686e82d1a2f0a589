"""The Dotter lesson: every exercise accepts its right answer and refuses typical wrong
ones, the answers agree with the engine, and the notebook never shows an answer before
the student tries (its markdown and every output are searched)."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from cardmath.exercises import Exercise, fraction_exercise, read_fraction
from cardmath.games.dotter import (
    RANK_COUNTS,
    category_probabilities,
    expected_points,
    explain_score,
    score_hand,
)
from cardmath.lessons import dotter as lesson

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "lessons" / "04-dotter.ipynb"


def all_exercises() -> list[Exercise]:
    return [
        *lesson.series_exercises(),
        *lesson.joker_exercises(),
        *lesson.chance_exercises(),
        *lesson.guess_exercises(),
    ]


# (right answers, typical wrong answers) for each exercise, in the lesson's order
ANSWERS = [
    (["18", " 18 "], ["21", "11", "16", "7 + 11", "eighteen"]),  # 3, 7, 11: not all three
    (["4/3", "12/9", "16/12"], ["3/4", "3/2", "1.33", "1,33", "3"]),  # quotient of 9, 12, 16
    (["5"], ["4", "6", "3"]),  # series by quotient among the cards
    (["difference", "Difference"], ["quotient", "both", "neither", "series"]),
    (["25"], ["24", "19", "12", "26"]),  # 8, J, A: the Ace is 14 at the top
    (["Q", "12", "queen"], ["K", "13", "16", "8", "JK"]),  # 4, 8, Joker
    (["22100", "22,100"], ["132600", "24804", "140608", "52"]),  # hands of 3 from 52
    (["1/425", "52/22100", "4/1700"], ["52/24804", "1/13", "4/52", "0.0024"]),
    (["25/26", "50/52"], ["1/26", "24/26", "0.96", "50/54", "1"]),  # pair guess with 3, 3
    (["303/26", "606/52"], ["12", "11.65", "7.5", "303", "11"]),  # its worth on average
    (["no guess", "No guess"], ["guess pair", "pair", "yes"]),
]


def test_every_exercise_is_listed() -> None:
    assert len(all_exercises()) == len(ANSWERS)


@pytest.mark.parametrize(("index", "answers"), list(enumerate(ANSWERS)))
def test_right_answers_are_accepted_and_typical_wrong_ones_refused(index, answers) -> None:
    exercise = all_exercises()[index]
    right, wrong = answers
    assert exercise.check(exercise.answer).ok
    for text in right:
        assert exercise.check(text).ok, text
    for text in wrong:
        verdict = exercise.check(text)
        assert not verdict.ok, text
        assert verdict.message and exercise.answer not in verdict.message.split()
    for nonsense in ("", "   ", "x" * 500, "1/0", None):
        assert not exercise.check(nonsense).ok
    assert exercise.hints
    assert "**" not in exercise.prompt  # HTML, not Markdown: the widget shows HTML


def test_the_answers_are_the_engines() -> None:
    assert score_hand("11 3 7").points == 18
    assert score_hand("8 J A").points == 25
    best = max(range(1, 14), key=lambda rank: score_hand("4 8 JK", jokers=[rank]).points)
    assert best == 12 and score_hand("4 8 JK").points == 20
    assert len(lesson.quotient_series()) == 5
    assert all(score_hand(" ".join(map(str, cards))).category in ("quotient",)
               for cards, _ in lesson.quotient_series() if 14 not in cards)  # fmt: skip
    assert math.comb(52, 3) == 22100
    pool = list(RANK_COUNTS)
    pool[3] -= 2
    assert category_probabilities((3, 3), tuple(pool))["pair"] == Fraction(25, 26)
    assert expected_points((3, 3), tuple(pool), "pair") == Fraction(303, 26)
    blind = {name: value for name, _, value in lesson.odds_rows()}
    assert blind["no guess"] > blind["guess pair"]


def test_the_chances_are_exact_counts_of_the_24804_hands() -> None:
    rows = lesson.category_chances()
    assert lesson.hands_of_three() == 24804
    for row in rows:
        assert Fraction(row.hands, 24804) == row.chance
    triple = next(row for row in rows if row.category == "triple")
    assert triple.hands == 13 * 4 + 2 * 13 * 6 + 52  # as the lesson counts them
    nothing = next(row for row in rows if row.category == "nothing")
    assert nothing.hands == 15296 and nothing.chance == Fraction(3824, 6201)


def test_the_chart_draws_a_labelled_bar_for_each_kind_of_hand() -> None:
    figure = lesson.chance_chart()
    axes = figure.axes[0]
    assert len(axes.patches) == 5
    labels = [text.get_text() for text in axes.texts]
    assert "5/477\n(1.0%)" in labels and "124/477\n(26.0%)" in labels
    assert {bar.get_hatch() for bar in axes.patches} >= {"//", "..", "xx"}  # not colour only
    assert "<svg" in lesson.chance_chart_svg()


def test_fractions_are_read_exactly() -> None:
    assert (
        read_fraction("3/2") == read_fraction(" 6 / 4 ") == read_fraction("1.5") == Fraction(3, 2)
    )
    assert read_fraction("−1/2") == Fraction(-1, 2) and read_fraction("7") == 7
    for text in ("1/0", "a/b", "1//2", "3/2/1", "1e5", "9" * 40, ""):
        assert read_fraction(text) is None
    exercise = fraction_exercise("?", Fraction(25, 26))
    assert "close but not exact" in exercise.check("0.96").message
    assert "Not quite" in exercise.check("0.5").message


# --- the notebook ---------------------------------------------------------------------------


def test_the_notebook_has_its_metadata_exercise_widgets_and_a_teachers_note() -> None:
    notebook = json.loads(NOTEBOOK.read_text())
    meta = notebook["metadata"]["cardmath"]
    assert meta == {
        "kind": "lesson",
        "title": "Dotter: series, chances and when a guess pays",
        "game": "dotter",
        "topic": "arithmetic and geometric series, probability, expected value",
        "ages": "11-15",
        "minutes": 50,
        "order": 4,
    }
    sources = ["".join(cell["source"]) for cell in notebook["cells"]]
    code = "\n".join(
        s for s, c in zip(sources, notebook["cells"], strict=True) if c["cell_type"] == "code"
    )
    assert code.count("exercise_set(") == 5
    assert 'DotterDashboard(seed=403, mode="play"' in code
    assert "chance_chart_svg()" in code and "sympy" in code
    assert "## Teacher's note" in sources[-1]
    for word in ("Age and time", "With the class", "What to listen for", "Extensions"):
        assert word in sources[-1]
    dashboard = json.loads((ROOT / "lessons" / "dotter-dashboard.ipynb").read_text())
    assert dashboard["metadata"]["cardmath"]["kind"] == "dashboard"
    assert ["".join(c["source"]) for c in dashboard["cells"]] == [
        "from widgets.games.dotter.dashboard import DotterDashboard",
        "DotterDashboard.from_query()",
    ]


@pytest.fixture(scope="module")
def page_text() -> str:
    """Everything the lesson page shows besides its widgets: the markdown and every output
    of the notebook run top to bottom, as nbval runs it."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(str(NOTEBOOK), as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3").execute(cwd=str(ROOT / "lessons"))
    parts = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            parts.append(cell.source)
        for output in cell.get("outputs", []):
            parts.append(output.get("text", ""))
            data = output.get("data", {})
            for kind in ("text/plain", "text/html", "text/latex", "text/markdown", "image/svg+xml"):
                parts.append(data.get(kind, ""))
    return "\n".join(parts)


def test_no_answer_is_on_the_page_before_the_student_tries(page_text: str) -> None:
    shown = page_text.replace("&#x27;", "'")
    assert explain_score("3 7 11")[0] not in shown and "11 + 7 = 18" not in shown  # ex. 1
    assert "4/3" not in shown  # ex. 2
    assert "3, 6, 12" not in shown and "1, 2, 4: quotient" not in shown  # ex. 3
    assert explain_score("8 J A")[0] not in shown and "14 + 11" not in shown  # ex. 5
    assert "4, 8, Joker as Q" not in shown and "4, 8, 12" not in shown  # ex. 6
    assert "22100" not in shown and "22,100" not in shown  # ex. 7
    assert "1/425" not in shown  # ex. 8
    assert "25/26" not in shown and "50/52" not in shown  # ex. 9
    assert "303/26" not in shown and "11.7" not in shown and "11.65" not in shown  # ex. 10
    # and the page does show what it teaches
    assert "4, 6, 9" in shown and "5/477" in shown and "81578/6201" in shown
    assert "4, 6, 9: quotient 3/2, series: 9 + 6 = 15" in shown  # the engine explains it
    assert "the chance of each kind of hand" in shown  # the chart's words are text
