"""Navigator's Class vs computer on a projector, played by a teacher's clicks in a real
Voilà server and Chromium, in the projector theme at 1280x720 (and 1920x1080):

* the teacher sets a short game in ⚙ Settings and starts it; the class drafts by clicking
  the Data Packet's cards and declares its Vector Set with the expression builder, the
  computer navigator plays its turns, showdown after showdown, to the game over;
* on every screen: the control the class presses next (``cm-next``) is wholly on screen,
  no text is under 24 px, no text runs into another, axe finds nothing serious;
* a reload in the middle of a round, and at a showdown, brings back the same screen;
* the Projector: Reveal shows the answers, a second press brings the deal back, a double
  click acts once, and a reload brings back the deal and what was shown.

Screenshots of every screen at both sizes are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import re

from screen_checks import (
    next_control_problems,
    overlapping_texts,
    small_card_faces,
    small_texts,
)

from conftest import TIMEOUT, open_dashboard, resize, serious_accessibility_problems, settle

SEED = 21
ROUNDS = 2
NOTEBOOK = "navigator-dashboard.ipynb"
SIZES = ((1280, 720), (1920, 1080))
CARD_FACES = '.cmt-picture, svg[role=img][viewBox="0 0 100 140"]'
PROMPT = ".cm-class-play .cm-prompt"


def screen_problems(page) -> list[str]:
    """What the back row would notice on this screen (see ``test_projector.py``)."""
    page.wait_for_selector(".cm-dashboard .cm-next", state="visible", timeout=TIMEOUT)
    problems = next_control_problems(page)  # a redraw may be replacing the control
    problems += [f"small text {t}" for t in small_texts(page, 24, skip=CARD_FACES)]
    problems += small_card_faces(page, 24)
    problems += overlapping_texts(page)
    return problems


def cards_off_screen(page, cards: str) -> list[str]:
    """Cards the teacher must be able to click that are not wholly on screen."""
    return page.locator(cards).evaluate_all(
        """els => els.filter(e => {
          const b = e.getBoundingClientRect();
          return b.top < 0 || b.left < 0 || b.bottom > innerHeight || b.right > innerWidth;
        }).map(e => `card ${e.getAttribute('aria-label')} is off screen`)"""
    )


def check_screen(page, artifacts, name: str, cards: str = "") -> list[str]:
    """Both projector sizes: a screenshot each, and what is wrong on them (``cards``: the
    cards the class chooses from, which must be wholly on screen)."""
    problems = []
    for width, height in SIZES:
        resize(page, {"width": width, "height": height})
        page.screenshot(path=str(artifacts / f"{name}-{width}x{height}.png"))
        found = screen_problems(page) + (cards_off_screen(page, cards) if cards else [])
        problems += [f"{name} {width}x{height}: {p}" for p in found]
    resize(page, {"width": 1280, "height": 720})
    problems += [f"{name}: axe {p}" for p in serious_accessibility_problems(page)]
    return problems


def click(page, locator) -> None:
    """One press, then wait for the kernel's answer."""
    settle(page)
    locator.click()
    page.wait_for_timeout(80)
    settle(page)


def prompt(page) -> str:
    return page.locator(PROMPT).inner_text()


def wait_for_prompt(page, text: str) -> None:
    page.wait_for_function(
        "t => (document.querySelector('.cm-class-play .cm-prompt') || {}).innerText?.includes(t)",
        arg=text,
        timeout=TIMEOUT,
    )


def screen(page) -> dict[str, object]:
    """What the class sees of its game, to compare before and after a reload."""
    return page.evaluate(
        """() => {
          const text = s => [...document.querySelectorAll(s)].map(e => e.innerText.trim());
          return {
            seed: text('.cm-seed'),
            mode: text('.cm-modes .mod-active'),
            figures: text('.cm-class-play .cm-deal .cm-figure'),
            prompt: text('.cm-class-play .cm-prompt'),
            scores: text('.cm-class-play .cm-scoreboard'),
            cards: [...document.querySelectorAll('.cm-class-play .cm-play-table .cmt-card')]
              .map(c => c.getAttribute('aria-label') + (c.classList.contains('cmt-disabled') ? ' (off)' : '')),
          };
        }"""
    )


def reload_and_compare(page, ready: str) -> list[str]:
    before, address = screen(page), page.url
    page.reload()
    page.wait_for_selector(ready, state="visible", timeout=TIMEOUT)
    settle(page)
    page.wait_for_timeout(300)
    after = screen(page)
    problems = [
        f"after a reload {key}: {before[key]} became {after[key]}"
        for key in before
        if before[key] != after[key]
    ]
    if page.url != address:
        problems.append(f"the address changed on reload: {address} became {page.url}")
    return problems


def set_rounds(page, rounds: int) -> None:
    """The teacher asks for a short game in ⚙ Settings (from the next game)."""
    click(page, page.locator(".cm-settings-button button, button.cm-settings-button").first)
    box = page.locator(".cm-settings-panel .widget-inline-hbox", has_text="Rounds").locator("input")
    box.fill(str(rounds))
    box.press("Tab")
    click(page, page.locator("button.cm-apply-settings"))
    page.wait_for_selector(".cm-settings-panel .cm-good", timeout=TIMEOUT)
    click(page, page.locator(".cm-settings-button button, button.cm-settings-button").first)


def declare(page) -> None:
    """The teacher clicks the beacon, +, a Nav Memory card, +, another, and Declare."""
    cards = page.locator(".cm-class-play .cm-builder .cmt-card")
    plus = page.locator(".cm-class-play button.cm-key", has_text="+").first
    for step in (cards.nth(0), plus, cards.nth(1), plus, cards.nth(2)):
        click(page, step)
        choice = page.locator(".cm-class-play .cm-value-choice button")
        if choice.count() and choice.first.is_visible():  # an Ace: 1 or 100
            click(page, choice.first)
    page.wait_for_function(
        "() => document.querySelector('.cm-class-play .cm-expression-input input')"
        ".value.split('+').length === 3",
        timeout=TIMEOUT,
    )
    click(page, page.locator(".cm-class-play button.cm-check"))


def test_the_class_plays_a_whole_game_against_the_computer(page, voila_url, artifacts):
    page.emulate_media(reduced_motion="reduce")
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=class&theme=projector&length=full")
    settle(page)
    wait_for_prompt(page, "The class: pick 1 of 4")
    assert page.locator(".cm-modes .mod-active").inner_text() == "Class vs computer"
    set_rounds(page, ROUNDS)
    click(page, page.locator("button.cm-new-game"))
    page.wait_for_selector(".cm-class-play .cm-play-setup", state="visible", timeout=TIMEOUT)
    problems = check_screen(page, artifacts, "00-setup")
    click(page, page.locator(".cm-dashboard .cm-next").first)  # Start game
    shown = 0
    for round_number in range(1, ROUNDS + 1):
        for pick in range(1, 5):
            wait_for_prompt(page, f"The class: pick {pick} of 4")
            if pick == 1 or (pick == 3 and round_number == 1):
                shown += 1
                problems += check_screen(
                    page,
                    artifacts,
                    f"{shown:02}-round{round_number}-pick{pick}",
                    cards=".cm-class-play .cm-play-table .cmt-card:not(.cmt-disabled)",
                )
            if round_number == 1 and pick == 3:
                problems += reload_and_compare(page, ".cm-class-play .cm-play-table .cmt-card")
                wait_for_prompt(page, "The class: pick 3 of 4")
            next_card = page.locator(".cm-dashboard .cmt-card.cm-next")
            next_card.wait_for(state="visible", timeout=TIMEOUT)
            click(page, next_card)
        wait_for_prompt(page, "The class: build your Jump Coordinates")
        page.wait_for_selector(".cm-class-play .cm-builder .cmt-card", timeout=TIMEOUT)
        shown += 1
        problems += check_screen(
            page,
            artifacts,
            f"{shown:02}-round{round_number}-declare",
            cards=".cm-class-play .cm-builder .cmt-card",
        )
        if round_number == 1:
            problems += reload_and_compare(page, ".cm-class-play .cm-builder .cmt-card")
        declare(page)
        page.wait_for_selector(".cm-class-play .cm-showdown-table", timeout=TIMEOUT)
        page.wait_for_selector(".cm-class-play .cm-tree-svg svg", timeout=TIMEOUT)
        table = page.locator(".cm-class-play .cm-showdown-table").inner_text()
        assert "The class" in table and "Navigator 2 (greedy)" in table
        shown += 1
        problems += check_screen(page, artifacts, f"{shown:02}-round{round_number}-showdown")
        if round_number < ROUNDS:
            assert f"Showdown of round {round_number}" in prompt(page)
            if round_number == 1:  # a reload keeps the showdown on screen
                problems += reload_and_compare(page, ".cm-class-play .cm-showdown-table")
            click(page, page.locator(".cm-dashboard .cm-next").first)  # Next round
    assert "Game over" in prompt(page)
    assert page.locator(".cm-dashboard .cm-next").first.inner_text() == "New game"
    assert problems == [], "\n".join(problems)
    assert page.javascript_errors == []


def test_reveal_toggles_and_the_projector_comes_back_after_a_reload(page, voila_url, artifacts):
    page.emulate_media(reduced_motion="reduce")
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=projector&theme=projector")
    settle(page)
    click(page, page.locator("button.cm-deal-button"))
    page.wait_for_selector(".cm-projector .cmt-card", timeout=TIMEOUT)
    reveal = page.locator("button.cm-reveal-button")
    assert reveal.inner_text() == "Reveal answers"
    problems = check_screen(page, artifacts, "projector-1-deal")
    target = page.locator(".cm-projector .cm-target .cm-big-number").inner_text()

    click(page, reveal)
    page.wait_for_selector(".cm-projector .cm-tree-svg svg", timeout=TIMEOUT)
    assert reveal.inner_text() == "Hide answers" and reveal.get_attribute("aria-label")
    assert not page.locator(".cm-projector .cm-stage").is_visible()
    problems += check_screen(page, artifacts, "projector-2-answers")

    click(page, reveal)  # the second press brings the deal back
    page.wait_for_selector(".cm-projector .cm-stage", state="visible", timeout=TIMEOUT)
    assert reveal.inner_text() == "Reveal answers"
    assert page.locator(".cm-projector .cm-tree-svg svg").count() == 0
    assert page.locator(".cm-projector .cm-target .cm-big-number").inner_text() == target
    problems += check_screen(page, artifacts, "projector-3-deal-again")

    settle(page)
    reveal.dblclick()  # a double click is one press: the answers, not back to the deal
    page.wait_for_timeout(600)
    settle(page)
    assert reveal.inner_text() == "Hide answers"
    page.wait_for_selector(".cm-projector .cm-tree-svg svg", timeout=TIMEOUT)
    position = page.locator(".cm-explanation-position").inner_text()

    address = page.url
    assert re.search(r"game=[\w-]+", address) and "mode=projector" in address
    page.reload()
    page.wait_for_selector(".cm-projector .cm-tree-svg svg", timeout=TIMEOUT)
    settle(page)
    assert page.url == address
    assert reveal.inner_text() == "Hide answers"
    assert page.locator(".cm-explanation-position").inner_text() == position
    assert page.locator(".cm-seed").inner_text() == f"Seed {SEED}"
    problems += check_screen(page, artifacts, "projector-4-after-reload")
    click(page, reveal)
    page.wait_for_selector(".cm-projector .cm-stage", state="visible", timeout=TIMEOUT)
    assert page.locator(".cm-projector .cm-target .cm-big-number").inner_text() == target
    assert problems == [], "\n".join(problems)
    assert page.javascript_errors == []
