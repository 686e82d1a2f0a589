"""The lesson length in a real Voilà server and a real headless Chromium: a teacher
chooses 10 minutes in ⚙ Settings of the Dotter dashboard, and the page's address keeps
it, so after a reload the dashboard still plays a 10-minute game.

The screenshot of the settings panel (projector theme, 1280x720) goes to
``test-artifacts/``.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

from conftest import TIMEOUT, click_button, open_dashboard, shoot

NOTEBOOK = "dotter-dashboard.ipynb"


def query(page) -> dict[str, list[str]]:
    return parse_qs(urlparse(page.url).query)


def checked_length(page) -> str:
    """The label of the lesson length the settings panel shows as chosen."""
    return page.locator(".cm-lesson-length input:checked").evaluate(
        "e => e.closest('label').textContent.trim()"
    )


def test_ten_minutes_chosen_in_settings_is_in_the_address_after_a_reload(
    page, voila_url, artifacts
):
    open_dashboard(page, voila_url, NOTEBOOK, "seed=7&mode=class&theme=projector")
    page.wait_for_function("() => location.search.includes('length=')", timeout=TIMEOUT)
    assert query(page)["length"] == ["20"]  # the dashboards open with 20 minutes
    click_button(page, "cm-settings-button")
    choice = page.locator(".cm-lesson-length label", has_text=re.compile(r"^\s*10 minutes"))
    choice.wait_for(state="visible", timeout=TIMEOUT)
    assert "1 round" in choice.inner_text()  # what 10 minutes plays, from the engine
    choice.click()
    click_button(page, "cm-apply-settings")
    page.wait_for_selector(".cm-good", timeout=TIMEOUT)
    page.wait_for_function("() => location.search.includes('length=10')", timeout=TIMEOUT)
    page.locator(".cm-lesson-length").scroll_into_view_if_needed()
    shoot(page, artifacts, "lesson-length-settings-projector-1280x720")
    page.reload()
    page.wait_for_selector(".cm-dashboard .cm-seed", timeout=TIMEOUT, state="visible")
    assert query(page)["length"] == ["10"]
    assert page.locator(".cm-url-note").count() == 0
    click_button(page, "cm-settings-button")
    page.locator(".cm-lesson-length").wait_for(state="visible", timeout=TIMEOUT)
    assert checked_length(page).startswith("10 minutes")
    assert page.javascript_errors == []
