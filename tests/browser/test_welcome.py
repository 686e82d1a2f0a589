"""The landing page, the welcome lesson and the Navigator lesson in a real Voila server
and a real Chromium: titles rather than file names, questions visible and no answers
shown while the code is hidden."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from conftest import (
    ROOT,
    SERVE_ARGS,
    TIMEOUT,
    serious_accessibility_problems,
    start_voila,
    stop,
    whole_page,
)

LESSON_TITLE = "Navigator: order of operations and expression trees"

BUTTON_COLOURS = {
    # theme: (Check's text and background, Hint's text and background)
    "light": (
        ("rgb(255, 255, 255)", "rgb(21, 101, 192)"),
        ("rgb(27, 31, 36)", "rgb(228, 231, 236)"),
    ),
    "dark": (("rgb(11, 15, 23)", "rgb(108, 180, 255)"), ("rgb(255, 255, 255)", "rgb(44, 55, 72)")),
}


@pytest.fixture(scope="module")
def dark_voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voila in its dark theme, as ``make serve THEME=dark`` shows the lessons."""
    log = tmp_path_factory.mktemp("voila-dark-lessons") / "voila.log"
    process, url = start_voila(ROOT / "lessons", log, *SERVE_ARGS, "--theme=dark")
    yield url
    stop(process)


def test_landing_page_lists_every_lesson_and_dashboard(page, voila_url, artifacts):
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    page.wait_for_selector(".cm-landing a", timeout=TIMEOUT)
    text = page.locator(".cm-landing").inner_text()
    for words in (
        "Lessons",
        "Dashboards for the classroom",
        "Welcome to cardmath",
        LESSON_TITLE,
        "Navigator dashboard",
        "10-14",
        "50 min",
        "order of operations",
    ):
        assert words in text
    assert ".ipynb" not in text  # titles, never file names
    assert "Homework results" in text  # the homework pages have their own heading
    # the teacher sets a homework from the landing page itself
    page.wait_for_selector(".cm-homework-setter button.cm-homework-make", timeout=TIMEOUT)
    whole_page(page, artifacts / "landing-1280x720.png")
    assert serious_accessibility_problems(page, context=".cm-landing") == []
    # a title opens its notebook, rendered by Voila, in a new tab (the list stays open)
    with page.context.expect_page() as opened:
        page.get_by_role("link", name=LESSON_TITLE).click()
    lesson = opened.value
    lesson.wait_for_selector(".cm-exercise", timeout=TIMEOUT)
    assert "/voila/render/01-navigator.ipynb" in lesson.url
    assert page.javascript_errors == []


def test_welcome_lesson_shows_the_cards_and_lists_lessons_by_title(page, voila_url, artifacts):
    page.goto(f"{voila_url}/voila/render/00-welcome.ipynb")
    page.wait_for_selector("text=Welcome to cardmath", timeout=90_000)
    cards = page.locator(".jp-RenderedHTMLCommon > svg[role=img]").first  # drawn inline, named
    cards.wait_for(state="visible", timeout=90_000)
    box = cards.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 100
    page.wait_for_selector("text=QC: Queen of clubs, worth 12")
    listed = page.locator(".cm-landing")
    listed.wait_for(timeout=TIMEOUT)
    assert LESSON_TITLE in listed.inner_text() and ".ipynb" not in listed.inner_text()
    body = page.locator("body").inner_text()
    assert "this cell" not in body.lower()  # nothing points at code Voila hides
    assert page.locator(".jp-InputArea-editor:visible").count() == 0
    whole_page(page, artifacts / "welcome-1280x720.png")
    assert page.javascript_errors == []


def test_navigator_lesson_asks_and_never_answers_before_a_try(page, voila_url, artifacts):
    page.goto(f"{voila_url}/voila/render/01-navigator.ipynb")
    page.wait_for_selector(".cm-exercise", timeout=TIMEOUT)
    page.wait_for_selector(".cm-exercise mjx-container", timeout=TIMEOUT)
    exercises = page.locator(".cm-exercise")
    assert exercises.count() == 13
    questions = page.locator(".cm-exercise-question").all_inner_texts()
    assert any("Make 81 from the cards 3, 2 and 2" in q for q in questions)
    assert any("lands 2 away, at 42" in q for q in questions)
    boxes = page.locator(".cm-exercise input")
    assert boxes.count() == 13
    assert all(value == "" for value in boxes.evaluate_all("els => els.map(e => e.value)"))
    body = page.locator("body").inner_text()
    assert "Correct!" not in body and "6 * 5 + 12" not in body and "(1 digits)" not in body
    assert "(1 digit)" in body and "(15 digits)" in body
    assert page.locator(".jp-InputArea-editor:visible").count() == 0  # no code shown
    whole_page(page, artifacts / "lesson-01-1280x720.png")

    first = exercises.nth(0)
    answer = first.locator("input")
    answer.fill("20")  # working left to right
    answer.press("Enter")
    first.locator(".cm-bad").wait_for(timeout=TIMEOUT)
    assert "Not quite" in first.locator(".cm-feedback").inner_text()
    assert not first.locator("button.cm-exercise-show").is_disabled()  # after a try
    answer.fill("14")
    first.locator("button.cm-exercise-check").click()
    first.locator(".cm-good").wait_for(timeout=TIMEOUT)
    assert "Correct!" in first.locator(".cm-feedback").inner_text()
    fifth = exercises.nth(4)
    fifth.locator("button.cm-exercise-hint").click()
    fifth.locator(".cm-hint b").wait_for(timeout=TIMEOUT)
    assert "Hint 1." in fifth.locator(".cm-hint").inner_text()
    assert serious_accessibility_problems(page, context=".cm-exercise") == []
    assert page.javascript_errors == []


def test_tree_view_lists_the_lessons(page, voila_url, artifacts):
    page.goto(f"{voila_url}/")
    entry = page.get_by_text("00-welcome.ipynb", exact=True)
    entry.wait_for(timeout=60_000)
    for lesson in ("01-navigator.ipynb", "navigator-dashboard.ipynb", "index.ipynb"):
        assert page.get_by_text(lesson, exact=True).is_visible()
    page.screenshot(path=str(artifacts / "tree.png"))
    # a teacher clicks the first lesson: it opens in a new tab, rendered by Voila
    with page.context.expect_page() as opened:
        entry.click()
    lesson = opened.value
    lesson.wait_for_selector("text=Welcome to cardmath", timeout=90_000)
    assert "/voila/render/00-welcome.ipynb" in lesson.url


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_exercise_buttons_wear_the_theme(page, voila_url, dark_voila_url, artifacts, theme):
    """Check and Hint are readable in Voila's light and dark themes (never dark text on a
    dark button), and axe finds no contrast problem in the exercises."""
    url = voila_url if theme == "light" else dark_voila_url
    page.goto(f"{url}/voila/render/01-navigator.ipynb")
    page.wait_for_selector(".cm-exercise button.cm-exercise-check", timeout=TIMEOUT)
    light = page.evaluate("() => document.body.dataset.jpThemeLight")
    assert light == ("true" if theme == "light" else "false")
    first = page.locator(".cm-exercise").first
    colours = tuple(
        first.locator(f"button.{name}").evaluate(
            "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"
        )
        for name in ("cm-exercise-check", "cm-exercise-hint")
    )
    assert colours == tuple(list(pair) for pair in BUTTON_COLOURS[theme])
    # the answer box is whole: its border is inside its place, never cut off at the right
    overhang = first.locator("input").evaluate(
        "e => e.getBoundingClientRect().right - e.parentElement.getBoundingClientRect().right"
    )
    assert overhang <= 0.5
    first.scroll_into_view_if_needed()
    first.screenshot(path=str(artifacts / f"exercise-{theme}.png"))
    assert serious_accessibility_problems(page, context=".cm-exercise") == []
    assert page.javascript_errors == []
