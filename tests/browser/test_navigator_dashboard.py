"""The Navigator dashboard in a real Voilà server and a real headless Chromium.

Opens ``navigator-dashboard.ipynb?seed=...``, checks the deal against the engine, builds
an expression by clicks, checks it, asks for a hint, reveals the solutions (MathJax output
and an SVG tree, one at a time), and plays one full round against a bot. Screenshots at
1280x720 and 1920x1080 are kept in ``test-artifacts/`` for a person to look at.
"""

from __future__ import annotations

from conftest import (
    TIMEOUT,
    click_button,
    no_horizontal_overflow,
    open_dashboard,
    press,
    settle,
    shoot,
)

from cardmath.puzzles.navigator import NavigatorPuzzle

SEED = 2481
NOTEBOOK = "navigator-dashboard.ipynb"


def test_projector_deal_matches_engine_and_reveal_renders(page, voila_url, artifacts) -> None:
    deal = NavigatorPuzzle.deal(SEED)
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=projector")
    assert f"Seed {SEED}" in page.locator(".cm-seed").inner_text()
    click_button(page, "cm-deal-button")
    target = page.locator(".cm-target .cm-big-number")
    target.wait_for(timeout=TIMEOUT)
    page.wait_for_function(
        "t => document.querySelector('.cm-target .cm-big-number').textContent === t",
        arg=str(deal.target),
        timeout=TIMEOUT,
    )
    beacon = page.locator(".cm-beacon .cm-big-number").inner_text()
    assert beacon == " or ".join(str(v) for v in deal.beacon_values)
    page.wait_for_selector(".cmt-card", timeout=TIMEOUT)
    labels = page.locator(".cmt-card").evaluate_all("els => els.map(e => e.ariaLabel)")
    assert any(deal.beacon.name in label for label in labels)
    page.wait_for_selector(".cmtimer", timeout=TIMEOUT)
    shoot(page, artifacts, "projector-deal-1280x720")
    assert no_horizontal_overflow(page) == []
    size = target.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 90

    click_button(page, "cm-reveal-button")
    page.wait_for_selector(".cm-explanation mjx-container", timeout=TIMEOUT)
    page.wait_for_selector(".cm-explanation .cm-tree-svg svg", timeout=TIMEOUT)
    assert page.locator(".cm-step-list li").count() >= 1
    best = deal.best()
    if best.solution_count > 1:  # one answer at a time: Next shows the second
        assert "Answer 1 of" in page.locator(".cm-explanation-position").inner_text()
        first = page.locator(".cm-explanation .cm-latex").inner_text()
        click_button(page, "cm-explanation-next")
        page.wait_for_function(
            "() => document.querySelector('.cm-explanation-position').innerText"
            ".includes('Answer 2 of')",
            timeout=TIMEOUT,
        )
        page.wait_for_selector(".cm-explanation mjx-container", timeout=TIMEOUT)
        assert page.locator(".cm-explanation .cm-latex").inner_text() != first
    shoot(page, artifacts, "projector-reveal-1280x720")
    assert no_horizontal_overflow(page) == []

    page.set_viewport_size({"width": 1920, "height": 1080})
    click_button(page, "cm-settings-button")
    page.locator(".cm-theme-choice label", has_text="Projector").click()
    click_button(page, "cm-apply-settings")
    page.wait_for_selector(".cm-theme-projector", timeout=TIMEOUT)
    click_button(page, "cm-settings-button")
    page.wait_for_timeout(300)  # let the restyle settle before the picture
    shoot(page, artifacts, "projector-dark-1920x1080")
    assert no_horizontal_overflow(page) == []
    size = target.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 120
    assert page.javascript_errors == []


def test_puzzle_build_check_hint(page, voila_url, artifacts) -> None:
    deal = NavigatorPuzzle.deal(SEED)
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=puzzle")
    page.wait_for_selector(".cm-builder .cmt-card", timeout=TIMEOUT)
    # build beacon + first memory card + second memory card by clicks
    cards = page.locator(".cm-builder .cmt-card")
    assert cards.count() == 1 + len(deal.memory)
    plus = page.locator("button.cm-key", has_text="+").first
    for step in [cards.nth(0), plus, cards.nth(1), plus]:
        press(page, step)
    # the third card by keyboard: focus it and press Enter
    cards.nth(2).focus()
    page.keyboard.press("Enter")
    settle(page)
    page.wait_for_function(
        "() => document.querySelector('.cm-expression-input input').value.split('+').length === 3",
        timeout=TIMEOUT,
    )
    click_button(page, "cm-check")
    # beacon + two cards is legal, but not the best for this deal: "keep going", not green
    feedback = page.locator(".cm-feedback .cm-progress")
    feedback.wait_for(timeout=TIMEOUT)
    assert "keep going" in feedback.inner_text()
    page.wait_for_selector(".cm-explanation .cm-tree-svg svg", timeout=TIMEOUT)
    click_button(page, "cm-hint-button")
    page.wait_for_selector(".cm-hint b", timeout=TIMEOUT)
    assert "Hint 1" in page.locator(".cm-hint").inner_text()
    for _ in range(3):
        click_button(page, "cm-hint-button")
    page.wait_for_function(
        "() => document.querySelector('.cm-hint').innerText.includes('Hint 4')", timeout=TIMEOUT
    )
    page.wait_for_selector(".cm-explanation mjx-container", timeout=TIMEOUT)
    shoot(page, artifacts, "puzzle-1280x720")
    assert no_horizontal_overflow(page) == []
    page.set_viewport_size({"width": 1920, "height": 1080})
    shoot(page, artifacts, "puzzle-1920x1080")
    assert no_horizontal_overflow(page) == []
    assert page.javascript_errors == []


def test_play_one_round_against_a_bot(page, voila_url, artifacts) -> None:
    """Draft by clicks, build and declare by clicks, see the showdown typeset, go on."""
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=play&bots=greedy")
    page.wait_for_selector(".cm-play .cm-target .cm-big-number", timeout=TIMEOUT)
    packet = ".cm-play-table .cmt-card:not(.cmt-disabled)"
    builder = ".cm-play .cm-builder .cmt-card"
    # the draft: keep the first card the engine allows, four times (the bot picks at once)
    for pick in range(1, 5):
        page.wait_for_function(
            "n => document.querySelector('.cm-play .cm-prompt').innerText.includes("
            "`pick ${n} of 4`)",
            arg=pick,
            timeout=TIMEOUT,
        )
        page.wait_for_selector(packet, timeout=TIMEOUT)
        if pick == 2:
            shoot(page, artifacts, "play-draft-1280x720")
            assert no_horizontal_overflow(page) == []
            assert page.locator(".cm-play-table .cmt-row").count() == 2  # packet, Nav Memory
        press(page, page.locator(packet).first)
    # the declaration: beacon + two Nav Memory cards, by clicks
    page.wait_for_selector(builder, state="visible", timeout=TIMEOUT)
    assert page.locator(builder).count() == 5
    cards = page.locator(builder)
    plus = page.locator(".cm-play button.cm-key", has_text="+").first
    times = page.locator(".cm-play button.cm-key", has_text="×").first
    for step in [cards.nth(0), plus, cards.nth(1), times, cards.nth(2)]:
        press(page, step)
    page.wait_for_function(
        "() => document.querySelector('.cm-play .cm-expression-input input').value.includes('×')",
        timeout=TIMEOUT,
    )
    shoot(page, artifacts, "play-declare-1280x720")
    assert no_horizontal_overflow(page) == []
    click_button(page, "cm-check")
    # the showdown: each expression typeset by MathJax, the best answer as a tree
    page.wait_for_selector(".cm-play .cm-showdown-table mjx-container", timeout=TIMEOUT)
    page.wait_for_selector(".cm-play .cm-explanation .cm-tree-svg svg", timeout=TIMEOUT)
    page.wait_for_selector(".cm-play .cm-explanation .cm-latex mjx-container", timeout=TIMEOUT)
    assert "the best possible" in page.locator(".cm-play .cm-explanation").inner_text()
    table = page.locator(".cm-showdown-table").inner_text()
    assert "You" in table and "Navigator 2" in table and "away" in table
    assert "chip" in page.locator(".cm-play .cm-scoreboard").inner_text()
    shoot(page, artifacts, "play-showdown-1280x720")
    assert no_horizontal_overflow(page) == []
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_timeout(300)  # let the layout settle before the picture
    shoot(page, artifacts, "play-showdown-1920x1080")
    assert no_horizontal_overflow(page) == []
    # on to round 2: the draft starts again
    click_button(page, "cm-move-next")
    page.wait_for_function(
        "() => document.querySelector('.cm-play .cm-prompt').innerText.includes('pick 1 of 4')",
        timeout=TIMEOUT,
    )
    page.wait_for_selector(packet, timeout=TIMEOUT)
    shoot(page, artifacts, "play-draft-1920x1080")
    assert no_horizontal_overflow(page) == []
    assert page.javascript_errors == []


def test_play_hot_seat_covers_the_hand(page, voila_url, artifacts) -> None:
    """Two students at one screen: each hand is behind a "pass the screen" cover."""
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=play")
    click_button(page, "cm-new-game")
    page.locator(".cm-people label", has_text="2 (taking turns").click()
    page.locator(".cm-opponents label", has_text="0").click()
    click_button(page, "cm-start-game")
    page.wait_for_selector(".cm-play .cm-show-hand", timeout=TIMEOUT)
    assert "Pass the screen to Player 1" in page.locator(".cm-play .cm-prompt").inner_text()
    assert page.locator(".cm-play-table .cmt-card").count() == 0
    shoot(page, artifacts, "play-hot-seat-cover-1280x720")
    click_button(page, "cm-show-hand")
    page.wait_for_selector(".cm-play-table .cmt-card:not(.cmt-disabled)", timeout=TIMEOUT)
    press(page, page.locator(".cm-play-table .cmt-card:not(.cmt-disabled)").first)
    page.wait_for_function(
        "() => document.querySelector('.cm-play .cm-prompt').innerText"
        ".includes('Pass the screen to Player 2')",
        timeout=TIMEOUT,
    )
    page.wait_for_function(
        "() => document.querySelectorAll('.cm-play-table .cmt-card').length === 0",
        timeout=TIMEOUT,
    )
    page.set_viewport_size({"width": 1920, "height": 1080})
    shoot(page, artifacts, "play-hot-seat-pass-1920x1080")
    assert no_horizontal_overflow(page) == []
    assert page.javascript_errors == []
