"""The Navigator dashboard in a real Voilà server and a real headless Chromium, used the
way a teacher and a student use it.

* the projector (``make serve THEME=dark``, exactly as the Makefile starts it, and
  ``?theme=projector``): the whole page dark, readable (axe audit), Deal acting once per
  press, the timer's "Time's up", Reveal one answer at a time, large, fitting 1280x720,
  and the same picture 1.5 times larger at 1920x1080;
* the builder: typing and clicking one expression, mistakes named while building, card
  names typed, Enter checks;
* play: a double click keeps one card, a reload resumes the game, a round to its showdown;
* settings in plain words, nothing cut at 1280 px.

Screenshots at 1280x720 and 1920x1080, in both themes, are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from itertools import pairwise

import pytest

from cardmath.puzzles.navigator import NavigatorPuzzle
from conftest import (
    ROOT,
    TIMEOUT,
    click_button,
    free_port,
    new_context,
    no_horizontal_overflow,
    open_dashboard,
    press,
    resize,
    serious_accessibility_problems,
    settle,
    shoot,
    stop,
    wait_for_http,
)

SEED = 2481
NOTEBOOK = "navigator-dashboard.ipynb"
PAGE_BACKGROUND = """(point) => {
  // the colour the eye sees at a point: the first opaque background under it
  let el = document.elementFromPoint(point[0], point[1]);
  while (el) {
    const bg = getComputedStyle(el).backgroundColor;
    if (bg && bg !== 'transparent' && !bg.endsWith(', 0)')) return bg;
    el = el.parentElement;
  }
  return getComputedStyle(document.body).backgroundColor;
}"""
DARK = "rgb(11, 15, 23)"


# --- the projector server, started by the Makefile's own command ------------------------


@pytest.fixture(scope="module")
def projector_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``make serve THEME=dark``: the command the Makefile runs, on a free port."""
    port = free_port()
    shown = subprocess.run(
        ["make", "-s", "-n", "serve", "THEME=dark", f"PORT={port}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    (command,) = [line for line in shown.splitlines() if "deploy.serve lessons/" in line]
    assert "CARDMATH_THEME=projector" in command and "--theme=dark" in command
    log = tmp_path_factory.mktemp("voila-dark") / "voila.log"
    env = {key: value for key, value in os.environ.items() if key != "CARDMATH_THEME"}
    with log.open("w") as handle:
        process = subprocess.Popen(
            ["bash", "-c", f"exec env {command}"],
            cwd=ROOT,
            stdout=handle,
            stderr=subprocess.STDOUT,
            env={**env, "PYTHONUNBUFFERED": "1"},
        )
    url = f"http://127.0.0.1:{port}"
    wait_for_http(url + "/", process, log)
    yield url
    stop(process)


def background_at_the_edges(page) -> list[str]:
    size = page.viewport_size
    points = [[2, 2], [size["width"] - 3, 2], [2, size["height"] - 3], [size["width"] // 2, 2]]
    return [page.evaluate(PAGE_BACKGROUND, point) for point in points]


def deal_with_a_double_click(page) -> None:
    """A teacher's double click on Deal: one deal, the seed on the board."""
    settle(page)
    page.locator("button.cm-deal-button").dblclick()
    page.wait_for_selector(".cm-projector .cmt-card", timeout=TIMEOUT)
    settle(page)


def test_make_serve_theme_dark_is_the_projector_theme(page, projector_url, voila_url, artifacts):
    """THEME=dark and ?theme=projector give the same page: dark to every edge, no frame."""
    pictures = {}
    for name, url, query in [
        ("make-serve-theme-dark", projector_url, f"seed={SEED}&mode=projector"),
        ("theme-projector", voila_url, f"seed={SEED}&mode=projector&theme=projector"),
    ]:
        open_dashboard(page, url, NOTEBOOK, query)
        assert page.locator(".cm-dashboard.cm-theme-projector").count() == 1
        deal_with_a_double_click(page)
        assert background_at_the_edges(page) == [DARK] * 4, name  # no white box or frame
        caption = page.locator(".cm-projector .cmt-caption, .cm-projector .cmt-row-title").first
        assert caption.evaluate("e => getComputedStyle(e).color") == "rgb(255, 255, 255)"
        shoot(page, artifacts, f"{name}-1280x720")
        assert serious_accessibility_problems(page) == []
        pictures[name] = page.locator(".cm-projector .cm-target .cm-big-number").evaluate(
            "e => [getComputedStyle(e).fontSize, getComputedStyle(e).color]"
        )
    assert pictures["make-serve-theme-dark"] == pictures["theme-projector"]
    # the lessons and the landing page are dark too under THEME=dark
    page.goto(f"{projector_url}/voila/render/index.ipynb")
    page.wait_for_selector(".cm-landing a", timeout=TIMEOUT)
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
    page.screenshot(path=str(artifacts / "landing-theme-dark-1280x720.png"))
    assert page.javascript_errors == []


@pytest.mark.parametrize("theme", ["light", "projector"])
def test_projector_deal_and_reveal_for_the_back_row(page, voila_url, artifacts, theme):
    deal = NavigatorPuzzle.deal(SEED)
    best = deal.best()
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=projector&theme={theme}")
    assert page.locator("button.cm-pause-button").is_disabled()  # no clock before a deal
    assert page.locator("button.cm-reveal-button").is_disabled()
    deal_with_a_double_click(page)
    # a double click dealt once: the seed on the board is the deal on the screen
    assert page.locator(".cm-seed").inner_text() == f"Seed {SEED}"
    assert page.locator(".cm-target .cm-big-number").inner_text() == str(deal.target)
    assert "seed=2481" in page.url and "mode=projector" in page.url and f"theme={theme}" in page.url
    assert not page.locator("button.cm-pause-button").is_disabled()
    sizes = page.evaluate(
        """() => ({
          target: parseFloat(getComputedStyle(document.querySelector('.cm-target .cm-big-number')).fontSize),
          card: document.querySelector('.cm-projector .cmt-card').getBoundingClientRect().width,
          bottom: Math.max(...[...document.querySelectorAll('.cm-projector .cmt-card')].map(
            c => c.getBoundingClientRect().bottom)),
        })"""
    )
    assert sizes["target"] >= 90 and sizes["card"] >= 85
    assert sizes["bottom"] <= 720  # the whole deal on one screen
    shoot(page, artifacts, f"projector-deal-{theme}-1280x720")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []

    click_button(page, "cm-reveal-button")
    page.wait_for_selector(".cm-projector .cm-latex mjx-container", timeout=TIMEOUT)
    page.wait_for_selector(".cm-projector .cm-tree-svg svg", timeout=TIMEOUT)
    position = page.locator(".cm-explanation-position")
    assert position.inner_text() == f"Answer 1 of {min(8, best.solution_count)}"
    reveal = page.evaluate(
        """() => {
          const box = s => document.querySelector(s).getBoundingClientRect();
          const font = s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize);
          const values = [...document.querySelectorAll('.cm-projector .cm-tree-svg svg > text')];
          const labels = [...document.querySelectorAll('.cm-projector .cm-tree-svg svg g text')];
          const svg = document.querySelector('.cm-projector .cm-tree-svg svg');
          return {
            paper: getComputedStyle(svg).backgroundColor,
            ink: values.length ? getComputedStyle(values[0]).fill : '',
            latex: box('.cm-projector .cm-latex mjx-container').height,
            steps: font('.cm-projector .cm-steps li'),
            value: Math.min(...values.map(t => t.getBoundingClientRect().height)),
            label: Math.min(...labels.map(t => t.getBoundingClientRect().height)),
            bottom: box('.cm-projector .cm-explanation').bottom,
            height: window.innerHeight,
          };
        }"""
    )
    # large: maths, steps and the tree's labels and worked-out values
    assert reveal["latex"] >= 45 and reveal["steps"] >= 26, reveal
    assert reveal["value"] >= 20 and reveal["label"] >= 20, reveal
    assert reveal["bottom"] <= reveal["height"], reveal  # fits 1280x720 without scrolling
    # the tree is dark ink on light paper in both themes (on the projector too)
    assert reveal["paper"] == "rgb(245, 247, 250)" and reveal["ink"] == "rgb(55, 65, 81)"
    first = page.locator(".cm-projector .cm-latex").inner_text()
    shoot(page, artifacts, f"projector-reveal-{theme}-1280x720")
    assert serious_accessibility_problems(page) == []
    if best.solution_count > 1:
        click_button(page, "cm-explanation-next")
        page.wait_for_function(
            "() => document.querySelector('.cm-explanation-position').innerText"
            ".startsWith('Answer 2 of')",
            timeout=TIMEOUT,
        )
        page.wait_for_selector(".cm-projector .cm-latex mjx-container", timeout=TIMEOUT)
        assert page.locator(".cm-projector .cm-latex").inner_text() != first

    # a 1920x1080 projector: the same picture, 1.5 times larger, across the whole width
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_function(
        "() => document.querySelector('.cm-projector .cm-tree-svg svg')"
        ".getBoundingClientRect().right > 1500",
        timeout=TIMEOUT,
    )
    wide = page.evaluate(
        """() => ({
          steps: document.querySelector('.cm-projector .cm-steps li').getBoundingClientRect().height,
          bottom: document.querySelector('.cm-projector .cm-explanation').getBoundingClientRect().bottom,
        })"""
    )
    assert wide["bottom"] <= 1080
    shoot(page, artifacts, f"projector-reveal-{theme}-1920x1080")
    assert no_horizontal_overflow(page) == []
    click_button(page, "cm-deal-button")  # the next deal is the next seed, once
    page.wait_for_function(
        "() => document.querySelector('.cm-seed').innerText === 'Seed 2482'", timeout=TIMEOUT
    )
    page.wait_for_selector(".cm-projector .cmt-card", timeout=TIMEOUT)
    settle(page)
    shoot(page, artifacts, f"projector-deal-{theme}-1920x1080")
    target = page.locator(".cm-target .cm-big-number").bounding_box()
    assert target is not None and target["height"] >= 1.4 * sizes["target"]
    assert no_horizontal_overflow(page) == []
    assert page.javascript_errors == []


def test_times_up_at_zero(browser, voila_url, artifacts) -> None:
    """Five minutes pass (the page's clock is run forward): "Time's up", in words."""
    context = new_context(browser, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.clock.install()
    try:
        open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=projector&theme=projector")
        deal_with_a_double_click(page)
        page.clock.run_for("05:01")
        page.wait_for_selector(".cm-navigator-time-up", timeout=TIMEOUT)
        assert "Time's up" in page.locator(".cm-projector .cm-message").inner_text()
        assert "Time's up" in page.locator(".cmtimer").inner_text()
        assert page.locator("button.cm-pause-button").is_disabled()
        page.screenshot(path=str(artifacts / "projector-times-up-1280x720.png"))
    finally:
        context.close()


# --- puzzle: the builder ------------------------------------------------------------------


@pytest.mark.parametrize("theme", ["light", "projector"])
def test_puzzle_builder_typing_and_clicking(page, voila_url, artifacts, theme) -> None:
    deal = NavigatorPuzzle.deal(SEED)  # target 90, beacon 7, Nav Memory 6 9 6 K
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=puzzle&theme={theme}")
    page.wait_for_selector(".cm-builder .cmt-card", timeout=TIMEOUT)
    cards = page.locator(".cm-builder .cmt-card")
    assert cards.count() == 1 + len(deal.memory)
    box = page.locator(".cm-expression-input input")
    used = ".cm-builder .cmt-card.cmt-disabled"

    # two cards and no sign: said at once, before any Check
    press(page, cards.nth(0))
    press(page, cards.nth(2))
    problem = page.locator(".cm-builder-problem")
    problem.wait_for(timeout=TIMEOUT)
    page.wait_for_function(
        "() => document.querySelector('.cm-builder-problem').innerText.includes('Put a sign')",
        timeout=TIMEOUT,
    )
    assert "between 7 and 9" in problem.inner_text()
    click_button(page, "cm-clear")

    # a click, then typing: one expression; the clicked card stays used
    press(page, cards.nth(4))  # the King, 13
    box.click()
    box.press("End")
    box.type(" x 6 + 7")
    page.wait_for_function(
        "() => document.querySelectorAll('.cm-builder .cmt-card.cmt-disabled').length === 3",
        timeout=TIMEOUT,
    )
    assert page.locator(used).count() == 3 and box.input_value() == "13 x 6 + 7"
    assert page.locator(".cm-builder-problem").inner_text() == ""
    box.press("Enter")  # Enter checks
    page.wait_for_selector(".cm-feedback .cm-good", timeout=TIMEOUT)
    assert "best possible" in page.locator(".cm-feedback").first.inner_text()

    # the King typed by name, and a card used twice is named
    box.fill("K x 6 + 6 + 6")
    page.wait_for_function(
        "() => document.querySelector('.cm-builder-problem').innerText.includes('used 6 three')",
        timeout=TIMEOUT,
    )
    assert "only two of your cards are worth 6" in page.locator(".cm-builder-problem").inner_text()
    box.fill("K × 7 − 6")
    page.wait_for_function(
        "() => document.querySelector('.cm-builder-problem').innerText === ''", timeout=TIMEOUT
    )
    click_button(page, "cm-check")
    page.wait_for_selector(".cm-feedback .cm-good", timeout=TIMEOUT)
    shoot(page, artifacts, f"puzzle-{theme}-1280x720")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []
    resize(page, {"width": 1920, "height": 1080})
    shoot(page, artifacts, f"puzzle-{theme}-1920x1080")
    assert no_horizontal_overflow(page) == []
    assert page.javascript_errors == []


def test_puzzle_hints_one_at_a_time(page, voila_url, artifacts) -> None:
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=puzzle")
    page.wait_for_selector(".cm-builder .cmt-card", timeout=TIMEOUT)
    for level in range(1, 5):
        click_button(page, "cm-hint-button")
        page.wait_for_function(
            "n => document.querySelector('.cm-hint').innerText.includes(`Hint ${n}.`)",
            arg=level,
            timeout=TIMEOUT,
        )
    page.wait_for_selector(".cm-puzzle .cm-explanation mjx-container", timeout=TIMEOUT)
    assert page.locator("button.cm-hint-button").is_disabled()
    assert page.javascript_errors == []


# --- play ------------------------------------------------------------------------------------


PACKET = ".cm-play-table .cmt-card:not(.cmt-disabled)"


def wait_for_pick(page, pick: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('.cm-play .cm-prompt').innerText.includes(`pick ${n} of 4`)",
        arg=pick,
        timeout=TIMEOUT,
    )
    page.wait_for_selector(PACKET, timeout=TIMEOUT)


def test_play_double_click_keeps_one_card_and_a_reload_resumes(page, voila_url, artifacts):
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=play&bots=greedy")
    wait_for_pick(page, 1)
    settle(page)
    page.locator(PACKET).first.dblclick()  # a double click keeps one card, not two
    wait_for_pick(page, 2)
    settle(page)
    memory = '.cm-play-table .cmt-row[data-row="nav-memory"] .cmt-card'
    assert page.locator(memory).count() == 1
    assert "pick 2 of 4" in page.locator(".cm-play .cm-prompt").inner_text()
    address = page.url
    assert "seed=2481" in address and "mode=play" in address and re.search(r"game=[\w-]+", address)
    kept = page.locator(memory).first.get_attribute("aria-label")
    page.reload()  # a reload brings back the game in progress, where it was
    page.wait_for_selector(".cm-dashboard .cm-seed", timeout=TIMEOUT)
    wait_for_pick(page, 2)
    assert page.locator(memory).first.get_attribute("aria-label") == kept
    assert page.locator(".cm-modes .mod-active").inner_text() == "Play"
    assert page.javascript_errors == []


def test_play_one_round_against_a_bot(page, voila_url, artifacts) -> None:
    """Draft by clicks, build and declare by clicks, see the showdown typeset, go on."""
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=play&bots=greedy")
    page.wait_for_selector(".cm-play .cm-target .cm-big-number", timeout=TIMEOUT)
    builder = ".cm-play .cm-builder .cmt-card"
    for pick in range(1, 5):
        wait_for_pick(page, pick)
        if pick == 2:
            shoot(page, artifacts, "play-draft-1280x720")
            assert no_horizontal_overflow(page) == []
            assert page.locator(".cm-play-table .cmt-row").count() == 2  # packet, Nav Memory
        press(page, page.locator(PACKET).first)
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
    page.wait_for_selector(".cm-play .cm-showdown-table mjx-container", timeout=TIMEOUT)
    page.wait_for_selector(".cm-play .cm-explanation .cm-tree-svg svg", timeout=TIMEOUT)
    assert "the best possible" in page.locator(".cm-play .cm-explanation").inner_text()
    table = page.locator(".cm-showdown-table").inner_text()
    assert "You" in table and "Navigator 2" in table and "away" in table
    shoot(page, artifacts, "play-showdown-1280x720")
    assert no_horizontal_overflow(page) == []
    resize(page, {"width": 1920, "height": 1080})
    shoot(page, artifacts, "play-showdown-1920x1080")
    assert no_horizontal_overflow(page) == []
    click_button(page, "cm-move-next")
    wait_for_pick(page, 1)
    assert page.javascript_errors == []


def test_play_hot_seat_covers_the_hand(page, voila_url, artifacts) -> None:
    """Two students at one screen: each hand is behind a "pass the screen" cover."""
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=play")
    click_button(page, "cm-new-game")
    page.locator(".cm-people label", has_text="2 (taking turns").click()
    page.locator(".cm-opponents label", has_text="0").click()
    shoot(page, artifacts, "play-setup-1280x720")
    # each choice under its own heading, the columns apart (never "Computer navigatorsHow")
    columns = page.locator(".cm-play-setup .cm-setup-choice").evaluate_all(
        """els => els.map(e => {
          const box = e.getBoundingClientRect();
          return [e.querySelector('.cm-option-label').innerText, box.left, box.right];
        })"""
    )
    assert [heading for heading, _, _ in columns] == [
        "People at this screen",
        "Computer navigators",
        "How well the computer plays",
    ]
    for (_, _, right), (_, left, _) in pairwise(columns):
        assert left - right >= 16  # a clear gap between columns
    click_button(page, "cm-start-game")
    page.wait_for_selector(".cm-play .cm-show-hand", timeout=TIMEOUT)
    assert "Pass the screen to Player 1" in page.locator(".cm-play .cm-prompt").inner_text()
    assert page.locator(".cm-play-table .cmt-card").count() == 0
    click_button(page, "cm-show-hand")
    page.wait_for_selector(PACKET, timeout=TIMEOUT)
    press(page, page.locator(PACKET).first)
    page.wait_for_function(
        "() => document.querySelector('.cm-play .cm-prompt').innerText"
        ".includes('Pass the screen to Player 2')",
        timeout=TIMEOUT,
    )
    assert page.locator(".cm-play-table .cmt-card").count() == 0
    assert page.javascript_errors == []


# --- settings -------------------------------------------------------------------------------


@pytest.mark.parametrize("theme", ["light", "projector"])
def test_settings_in_plain_words_nothing_cut(page, voila_url, artifacts, theme) -> None:
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=puzzle&theme={theme}")
    click_button(page, "cm-settings-button")
    page.wait_for_selector(".cm-settings .cm-option-group", timeout=TIMEOUT)
    text = page.locator(".cm-settings-panel").inner_text()
    for code in ("starting_chips", "override_suit", "forced-override", "pirate-map"):
        assert code not in text
    assert "Command Override and Precog variants (one or none)" in text
    assert "Forced Precog: play with the tarot deck" in text
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.cm-settings-panel label, .cm-settings-panel .widget-html-content')]
          .filter(e => e.offsetParent && (e.scrollWidth > e.clientWidth + 1))
          .map(e => e.innerText.slice(0, 40))"""
    )
    assert cut == []  # no label cut at 1280 px
    page.locator(".cm-option-group label", has_text="Select Precog").click()
    page.locator(".cm-option-pirate-map input, .cm-option-choice input").first.check()
    click_button(page, "cm-apply-settings")
    page.wait_for_selector(".cm-settings-panel .cm-good", timeout=TIMEOUT)
    shoot(page, artifacts, f"settings-{theme}-1280x720")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []
    click_button(page, "cm-new-puzzle")  # the next deal is a tarot deal
    page.wait_for_function(
        "() => document.querySelector('.cm-puzzle').innerText.includes('Tarot values')",
        timeout=TIMEOUT,
    )
    assert page.javascript_errors == []
