"""Projector-grade screens: every dashboard in the projector theme, walked press by press
at 1280x720 and at 1920x1080, and the student pages on a 390x844 phone.

On every screen of a dashboard:

* the control the class presses next carries ``cm-next`` and is wholly on screen, with no
  scrolling (``widgets/components/theme.js`` marks it: the first enabled primary button,
  else the first card that may be pressed, else a move, else an empty answer box);
* no visible text is drawn under 24 px on screen (CSS zoom included), except text marked
  ``cm-footnote`` and the indices printed on the card faces (see ``CARD_FACES``);
* no text runs into another text or is cut off by its box;
* axe-core finds nothing serious or critical.

The walk presses ``cm-next`` a few times in the mode the class sees on the projector (a
class-versus-computer mode, the referee, the projector deal) and opens every other mode
once. On a phone (390x844) the student pages scroll only up and down. Screenshots of
every screen are kept in ``test-artifacts/`` to be looked at.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from screen_checks import (
    next_control,
    overlapping_texts,
    sideways_overflow,
    small_card_faces,
    small_targets,
    small_texts,
)

from conftest import TIMEOUT, new_context, open_dashboard, serious_accessibility_problems, settle

SIZES = ((1280, 720), (1920, 1080))
PRESSES = 4
"""Presses of ``cm-next`` per dashboard: each opens a new screen of the class's game."""

CARD_FACES = '.cmt-picture, svg[role=img][viewBox="0 0 100 140"]'
"""The card faces are SVG drawings whose text scales with the card: each face is measured
by its largest text, the index a class reads (``CARD_INDEX``); the small corner copies of
that index are left out."""
CARD_INDEX = 24

DASHBOARDS = {
    # notebook: (the class's mode, the other modes)
    "navigator": ("projector", ("class", "play", "puzzle")),
    "sequences": ("class", ("warmup", "play")),
    "permutations": ("class", ("play",)),
    "dotter": ("class", ("play",)),
    "sum15": ("projector", ("seats", "play")),
}

STUDENT_PAGES = ("01-navigator.ipynb", "05-sum15.ipynb", "homework.ipynb")


def _screen_problems(page, minimum: float = 24) -> list[str]:
    problems: list[str] = []
    # theme.js marks the control at the next frame after a redraw; none is reported below
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_selector(".cm-dashboard .cm-next", state="visible", timeout=10_000)
    found = next_control(page)
    if found is None:
        problems.append("nothing is marked cm-next")
    elif not found["inView"]:
        problems.append(
            f"cm-next {found['text']!r} is off screen ({found['top']:.0f}-{found['bottom']:.0f})"
        )
    problems += [f"small text {t}" for t in small_texts(page, minimum, skip=CARD_FACES)]
    problems += small_card_faces(page, CARD_INDEX)
    problems += overlapping_texts(page)
    return problems


def _check_both_sizes(page, artifacts: Path, name: str) -> list[str]:
    problems = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        page.screenshot(path=str(artifacts / f"{name}-{width}x{height}.png"))
        problems += [f"{name} {width}x{height}: {p}" for p in _screen_problems(page)]
    page.set_viewport_size({"width": 1280, "height": 720})
    return problems


@pytest.mark.parametrize("game", sorted(DASHBOARDS))
def test_every_screen_of_a_dashboard_reads_from_the_back_row(page, voila_url, artifacts, game):
    main, others = DASHBOARDS[game]
    page.emulate_media(reduced_motion="reduce")  # measure the settled screen, not a slide
    open_dashboard(
        page, voila_url, f"{game}-dashboard.ipynb", f"seed=7&mode={main}&theme=projector"
    )
    settle(page)
    page.wait_for_timeout(500)
    problems = _check_both_sizes(page, artifacts, f"{main}-0")
    assert serious_accessibility_problems(page) == []
    for press in range(1, PRESSES + 1):
        target = page.locator(".cm-dashboard .cm-next").first
        if not target.count():
            break
        target.click()
        page.wait_for_timeout(100)
        settle(page)
        page.wait_for_timeout(400)
        problems += _check_both_sizes(page, artifacts, f"{main}-{press}")
    assert serious_accessibility_problems(page) == []
    for mode in others:
        label = page.locator(".cm-modes button").filter(has_text=_mode_label(page, mode))
        label.first.click()
        page.wait_for_timeout(300)
        settle(page)
        page.wait_for_timeout(500)
        problems += _check_both_sizes(page, artifacts, mode)
        assert serious_accessibility_problems(page) == [], mode
    assert problems == [], "\n".join(problems)
    assert page.javascript_errors == []


def _mode_label(page, mode: str) -> str:
    """The label of ``mode``'s button, read from the dashboard's own address change."""
    labels = {
        "play": "Play",
        "puzzle": "Puzzle",
        "warmup": "What does it make?",
        "seats": "Seat by seat",
        "class": "Class vs computer",
        "projector": "Projector",
    }
    return labels[mode]


@pytest.mark.parametrize("notebook", STUDENT_PAGES)
def test_a_student_page_fits_a_phone(browser, voila_url, artifacts, notebook):
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    try:
        page.goto(f"{voila_url}/voila/render/{notebook}")
        # the first button may be one the page keeps hidden until it is needed
        page.locator(".jp-Cell button:visible").first.wait_for(timeout=TIMEOUT)
        page.wait_for_timeout(800)
        page.screenshot(path=str(artifacts / "phone.png"))
        assert sideways_overflow(page) <= 1
        assert small_targets(page, 44, root=".jp-Notebook") == []
        problems = serious_accessibility_problems(page, context="body")
        assert problems == [], "\n".join(problems)
    finally:
        context.close()
