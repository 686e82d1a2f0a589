"""Lesson 5 (Sum 15) as students see it: in Voilà, with no code shown.

Every question is on the page as text, the pictures and the typeset maths are there, an
exercise answers a wrong and then a right answer, and the game against the computer is
embedded. Screenshots of the whole lesson at 1280 and 1920 pixels wide are kept.
"""

from __future__ import annotations

from conftest import TIMEOUT, press, resize, serious_accessibility_problems, settle

LESSON = "05-sum15.ipynb"


def test_the_lesson_reads_in_voila_and_an_exercise_checks_answers(page, voila_url, artifacts):
    page.goto(f"{voila_url}/voila/render/{LESSON}")
    page.wait_for_selector(".cm-exercise", timeout=TIMEOUT)
    page.wait_for_function(
        "() => document.querySelectorAll('.cm-exercise').length === 9", timeout=TIMEOUT
    )
    text = page.locator("body").inner_text()
    assert "Which card value makes 14 with it?" in text
    assert "Teacher's note" in text and "clock of 15" in text
    assert "from cardmath" not in text and "def ask" not in text  # no code on the page
    assert "**" not in text  # the key numbers of a question are bold, not starred
    bold = page.locator(".cm-exercise-question b").first
    assert bold.inner_text() == "9"
    assert int(bold.evaluate("b => getComputedStyle(b).fontWeight")) >= 600
    page.wait_for_selector("mjx-container", timeout=TIMEOUT)
    assert page.locator(".jp-OutputArea-output img").count() >= 3  # the three charts
    page.wait_for_selector(".cm-dashboard .cm-start-game", timeout=TIMEOUT)

    first = page.locator(".cm-exercise").first
    box = first.locator("input.cm-exercise-answer")
    box.fill("6")
    press(page, first.locator("button.cm-exercise-check"))
    page.wait_for_function(
        "() => document.querySelector('.cm-exercise .cm-feedback').innerText.includes('✘')",
        timeout=TIMEOUT,
    )
    assert "fifteen, not 14" in first.locator(".cm-feedback").inner_text()
    box.fill("5")
    box.press("Enter")
    settle(page)
    page.wait_for_function(
        "() => document.querySelector('.cm-exercise .cm-feedback').innerText.includes('✔')",
        timeout=TIMEOUT,
    )
    for width in (1280, 1920):
        whole_page(page, width, artifacts / f"lesson-{width}-full.png")
    # nothing serious for axe in the whole lesson, light theme (the projector theme's
    # check is in test_projector_fixes.py)
    assert serious_accessibility_problems(page, context="body") == []
    assert page.javascript_errors == []


def whole_page(page, width: int, path) -> None:
    """The whole lesson in one picture: Voilà scrolls inside the page, so the window is
    made as tall as the tallest scrolling part, then put back."""
    resize(page, {"width": width, "height": 900})
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": width, "height": min(int(height) + 40, 16000)})
    page.wait_for_timeout(500)
    page.screenshot(path=str(path))
