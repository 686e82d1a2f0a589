"""The welcome lesson in a real Voila server and a real Chromium."""

from __future__ import annotations


def test_welcome_lesson_shows_the_cards(page, voila_url, artifacts):
    page.goto(f"{voila_url}/voila/render/00-welcome.ipynb")
    page.wait_for_selector("text=Welcome to cardmath", timeout=90_000)
    cards = page.locator(".jp-RenderedSVG").first
    cards.wait_for(state="visible", timeout=90_000)
    box = cards.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 100
    page.wait_for_selector("text=QC: Queen of clubs, worth 12")
    page.screenshot(path=str(artifacts / "welcome-1280x720.png"), full_page=True)
    assert not page.javascript_errors


def test_tree_view_lists_the_lessons(page, voila_url, artifacts):
    page.goto(f"{voila_url}/")
    entry = page.get_by_text("00-welcome.ipynb", exact=True)
    entry.wait_for(timeout=60_000)
    for lesson in ("01-navigator.ipynb", "navigator-dashboard.ipynb"):
        assert page.get_by_text(lesson, exact=True).is_visible()
    page.screenshot(path=str(artifacts / "tree.png"))
    # a teacher clicks the first lesson: it opens in a new tab, rendered by Voila
    with page.context.expect_page() as opened:
        entry.click()
    lesson = opened.value
    lesson.wait_for_selector("text=Welcome to cardmath", timeout=90_000)
    assert "/voila/render/00-welcome.ipynb" in lesson.url
