"""Lesson 3, Permutations, as a student sees it in Voilà (a real server and Chromium).

Voilà hides the code, so every question must be on the page as text or in a widget; no
code and no answer may show before the student tries; the pictures, the exercises and
the game against the computer all render. A student answers the first exercise wrongly,
gets a word of help, then answers it right. Screenshots at 1280x720 and 1920x1080 are
kept in ``test-artifacts/``.
"""

from __future__ import annotations

import re
from html import unescape

from cardmath.lessons.permutations import exercises
from conftest import TIMEOUT, serious_accessibility_problems

LESSON = "03-permutations.ipynb"
QUESTION = ".cm-exercise .cm-exercise-question"


def plain(html: str) -> str:
    """A prompt as the page shows it: tags dropped, spaces squeezed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def open_lesson(page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/{LESSON}")
    page.wait_for_selector("text=Teacher's note", timeout=TIMEOUT)
    # the game against the computer is the last widget: once it is drawn, all are
    page.wait_for_selector(".cm-dashboard .cm-seed", timeout=TIMEOUT, state="visible")
    page.wait_for_function(
        "n => document.querySelectorAll('.cm-exercise-question').length >= n",
        arg=len(exercises()),
        timeout=TIMEOUT,
    )


def shoot_at(page, artifacts, selector: str, name: str) -> None:
    """A window's screenshot with ``selector`` scrolled to the top of the window."""
    page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / f"{name}.png"))


def test_the_lesson_asks_every_question_shows_no_answer_then_helps(page, voila_url, artifacts):
    open_lesson(page, voila_url)
    text = " ".join(page.locator("body").inner_text().split())

    # every question is on the page, visible, in the order the lesson asks them
    shown = [" ".join(q.split()) for q in page.locator(QUESTION).all_inner_texts()]
    prompts = {plain(question.prompt) for question in exercises().values()}
    assert set(shown) == prompts and len(shown) == len(prompts)
    for question in page.locator(QUESTION).all():
        assert question.is_visible()
    titles = page.locator(".cm-exercise-title").all_inner_texts()
    assert titles == [f"Exercise {n}" for n in range(1, len(prompts) + 1)]

    # no code: no input cells, none of the lesson's code in the text
    assert page.locator(".jp-CodeCell").count() == 18  # every code cell, shown as output
    assert page.locator(".jp-CodeCell:not(.jp-mod-noInput)").count() == 0
    assert page.locator(".jp-CodeCell .jp-InputArea, .jp-CodeMirrorEditor").count() == 0
    for code in ("import ", "display(ask(", "def ask", "plt.", "PermutationsDashboard("):
        assert code not in text, code

    # no answer before the student tries: empty boxes, no verdict, nothing to reveal
    boxes = page.locator("input.cm-exercise-answer")
    assert boxes.count() == len(prompts)
    assert boxes.evaluate_all("els => els.map(e => e.value)") == [""] * len(prompts)
    assert all(f.strip() == "" for f in page.locator(".cm-feedback").all_inner_texts())
    assert page.locator("button.cm-exercise-show").count() == len(prompts)
    assert page.locator("button.cm-exercise-show:not([disabled])").count() == 0
    assert "Correct!" not in text and "One answer is" not in text
    assert exercises()["even_hand"].answer not in text

    # the maths is drawn: the dot pictures, the pigeonholes and the chart; sympy's sum
    figures = page.locator("img.cm-image")  # matplotlib's pictures, each with its text
    assert figures.count() == 4
    widths = figures.evaluate_all("els => els.map(e => e.naturalWidth)")
    assert all(width > 300 for width in widths)
    alts = figures.evaluate_all("els => els.map(e => e.alt)")
    assert all(len(alt) > 20 for alt in alts), alts
    assert page.locator("mjx-container, .MathJax").count() >= 1
    hand = page.locator(".jp-RenderedHTMLCommon > svg[role=img]").first  # the hand of eleven
    assert hand.is_visible() and hand.bounding_box()["width"] > 300
    assert "22,595,200,368" in text  # the exact count of every hand, a stored output

    # the game against the computer is embedded, ready to start
    assert page.locator(".cm-dashboard").count() == 1
    assert "Seed 2026" in page.locator(".cm-dashboard .cm-seed").inner_text()

    shoot_at(page, artifacts, "h1", "lesson-top-1280x720")
    shoot_at(page, artifacts, ".cm-exercise", "lesson-exercises-1280x720")
    shoot_at(page, artifacts, ".cm-dashboard", "lesson-game-1280x720")
    page.set_viewport_size({"width": 1920, "height": 1080})
    shoot_at(page, artifacts, "h1", "lesson-top-1920x1080")
    shoot_at(page, artifacts, ".cm-exercise", "lesson-exercises-1920x1080")
    page.set_viewport_size({"width": 1280, "height": 720})

    # a student is helped, then told correct
    first = page.locator(".cm-exercise").first
    box = first.locator("input.cm-exercise-answer")
    feedback = first.locator(".cm-feedback")
    box.fill("56")
    show = first.locator("button.cm-exercise-show")
    assert show.is_disabled()  # the answer may be asked for only after a try
    first.locator("button.cm-exercise-check").click()
    feedback.get_by_text("whole rectangle").wait_for(timeout=TIMEOUT)
    assert "Correct!" not in feedback.inner_text()
    page.wait_for_function(
        "() => !document.querySelector('button.cm-exercise-show').disabled", timeout=TIMEOUT
    )
    box.fill("28")
    box.press("Enter")
    feedback.get_by_text("Correct!").wait_for(timeout=TIMEOUT)
    first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "lesson-exercise-answered-1280x720.png"))
    # the other exercises are untouched
    rest = page.locator(".cm-feedback").all_inner_texts()[1:]
    assert all(f.strip() == "" for f in rest)
    # nothing serious for axe in the whole lesson, light theme (the projector theme's
    # check is in test_projector_fixes.py)
    assert serious_accessibility_problems(page, context="body") == []
    assert page.javascript_errors == []
