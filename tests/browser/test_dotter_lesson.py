"""The Dotter lesson (``lessons/04-dotter.ipynb``) in a real Voilà server and a real headless
Chromium, as a student opens it: every question is on the page, no code and no answer is,
the chart and the tables are drawn, an exercise answers a wrong and a right try, and the
game against the computer at the end is ready to play.

Screenshots of the whole page at 1280x720 and 1920x1080 go to ``test-artifacts/``.
"""

from __future__ import annotations

from conftest import TIMEOUT, press, resize, serious_accessibility_problems, settle, whole_page

LESSON = "04-dotter.ipynb"

QUESTIONS = [  # a few words of each exercise's question, in the lesson's order
    "Three cards are turned up: 11, 3, 7. What do they score?",
    "9, 12, 16 (not all of them cards) make a series by quotient",
    "How many series by quotient can three different cards make?",
    "Is 2, 4, 6 a series by difference, by quotient, both or neither?",
    "You turn up 8, J, A. What do they score?",
    "What should the Joker be to score the most?",
    "How many different hands of three cards can be drawn from the 52 cards",
    "what is the chance that three random cards are a triple?",
    "What is the chance that a guess of pair is right?",
    "What does guessing pair score on average?",
    "Should you guess pair or not guess?",
]

ANSWERS_NOT_SHOWN = ["22100", "22,100", "1/425", "25/26", "303/26", "606/52", "4/3", "11.7"]
CODE_NOT_SHOWN = ["exercise_set(", "lesson.series", "import ", "display(", "DotterDashboard("]


def sticking_out(page) -> list[str]:
    """Elements of the lesson that stick out of the window to the right."""
    return page.evaluate(
        """() => {
          const width = document.documentElement.clientWidth;
          return [...document.querySelectorAll('#rendered_cells *')]
            .filter(e => { const b = e.getBoundingClientRect(); return b.width > 0
                                  && b.right > width + 1; })
            .map(e => `${e.tagName}.${e.className} right=${Math.round(e.getBoundingClientRect().right)}`)
            .slice(0, 10);
        }"""
    )


def test_dotter_lesson_asks_and_never_answers_before_a_try(page, voila_url, artifacts) -> None:
    page.goto(f"{voila_url}/voila/render/{LESSON}")
    page.wait_for_selector(".cm-exercise", timeout=TIMEOUT)
    page.wait_for_selector(".cm-dashboard .cm-seed", timeout=TIMEOUT)  # the game, last widget
    page.wait_for_selector("mjx-container", timeout=TIMEOUT)  # the maths is typeset

    exercises = page.locator(".cm-exercise")
    assert exercises.count() == len(QUESTIONS)
    questions = [
        " ".join(text.split()) for text in page.locator(".cm-exercise-question").all_inner_texts()
    ]
    for words, question in zip(QUESTIONS, questions, strict=True):
        assert words in question, question
    titles = page.locator(".cm-exercise-title").all_inner_texts()
    assert titles == [f"Exercise {n}" for n in range(1, len(QUESTIONS) + 1)]
    boxes = page.locator(".cm-exercise input")
    assert boxes.count() == len(QUESTIONS)
    assert all(value == "" for value in boxes.evaluate_all("els => els.map(e => e.value)"))
    assert page.locator("button.cm-exercise-show[disabled]").count() == len(QUESTIONS)

    body = page.locator("body").inner_text()
    for heading in (
        "1. Series by difference",
        "2. Series by quotient",
        "3. Aces and Jokers",
        "4. What are the chances?",
        "5. When does a guess pay?",
        "6. Play against the computer",
        "Teacher's note",
    ):
        assert heading in body
    # what the lesson teaches is shown: the engine's explanations, tables, chart
    assert "4, 6, 9: quotient 3/2, series: 9 + 6 = 15" in body  # the engine explains
    assert "5/477" in body and "nothing (no guess right)" in body
    chart = page.locator(".cm-image svg[role=img]").first  # drawn inline, named
    chart.wait_for(state="visible", timeout=TIMEOUT)
    box = chart.bounding_box()
    assert box is not None and box["width"] > 400 and box["height"] > 150
    # and nothing a student should work out first, nor any code Voilà hides
    assert "Correct!" not in body and "One answer is" not in body
    for answer in ANSWERS_NOT_SHOWN:
        assert answer not in body, answer
    for code in CODE_NOT_SHOWN:
        assert code not in body, code
    assert page.locator(".jp-InputArea-editor:visible").count() == 0
    assert "this cell" not in body.lower()
    assert sticking_out(page) == []
    whole_page(page, artifacts / "lesson-04-dotter-1280x720.png")

    # exercise 1: adding all three is wrong, the two highest is right
    first = exercises.nth(0)
    answer = first.locator("input")
    answer.fill("21")
    answer.press("Enter")
    first.locator(".cm-bad").wait_for(timeout=TIMEOUT)
    assert "Correct!" not in first.locator(".cm-feedback").inner_text()
    assert not first.locator("button.cm-exercise-show").is_disabled()  # offered after a try
    answer.fill("18")
    first.locator("button.cm-exercise-check").click()
    first.locator(".cm-good").wait_for(timeout=TIMEOUT)
    assert "Correct!" in first.locator(".cm-feedback").inner_text()

    # exercise 9: a decimal that is only close is refused, the exact fraction accepted
    ninth = exercises.nth(8)
    ninth.locator("input").fill("0.96")
    ninth.locator("button.cm-exercise-check").click()
    ninth.locator(".cm-bad").wait_for(timeout=TIMEOUT)
    assert "close but not exact" in ninth.locator(".cm-feedback").inner_text()
    ninth.locator("button.cm-exercise-hint").click()
    ninth.locator(".cm-hint b").wait_for(timeout=TIMEOUT)
    assert "Hint 1." in ninth.locator(".cm-hint").inner_text()
    ninth.locator("input").fill("50/52")
    ninth.locator("input").press("Enter")
    ninth.locator(".cm-good").wait_for(timeout=TIMEOUT)

    # the game at the end: Start game deals, and the deck can be pressed to draw
    game = page.locator(".cm-dashboard").first
    assert "seed 403" in game.locator(".cm-seed").inner_text().lower()
    game.scroll_into_view_if_needed()
    settle(page)
    if page.locator("button.cm-start-game:visible").count():
        press(page, page.locator("button.cm-start-game:visible").first)
    deck = page.locator('.cmt-card[data-card-id="deck"]').first
    deck.wait_for(timeout=TIMEOUT)
    press(page, deck)
    page.wait_for_selector('.cmt-card[data-card-id="p0-1a"]', timeout=TIMEOUT)
    assert "You drew row 1" in page.locator(".cm-panel-html").first.inner_text()

    resize(page, {"width": 1920, "height": 1080})
    assert sticking_out(page) == []
    whole_page(page, artifacts / "lesson-04-dotter-1920x1080.png")
    page.set_viewport_size({"width": 1280, "height": 720})
    # nothing serious for axe in the whole lesson, light theme (the projector theme's
    # check is in test_projector_fixes.py)
    assert serious_accessibility_problems(page, context="body") == []
    assert page.javascript_errors == []
