"""Projector-grade details a class notices, each measured in a real page (Voilà, Chromium):

* a reload at a game's showdown shows the showdown again (Permutations' revealed bids),
  the computer players still waiting behind it (``cardmath.flow.GameFlow.resume``);
* a chosen card's ring (Dotter) and the Settings panel's chosen radio and its focus ring
  are drawn whole: not cut off by a box, not drawn over the row's title;
* Navigator's expression box: its hint (placeholder) reads at 4.5:1 or more on the dark
  projector theme (computed colours); the sign keys work from the keyboard, a double
  click is one press, and declaring builds few widget models (``comm_open`` messages
  counted on the page's websocket);
* axe-core finds nothing serious or critical on any lesson, in the light theme and in the
  projector theme (``make serve THEME=dark``); the lessons with a browser test of their
  own are checked in the light theme there, after a student has worked an exercise.

Screenshots at 1280x720 and 1920x1080 are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import (
    ROOT,
    SERVE_ARGS,
    TIMEOUT,
    open_dashboard,
    resize,
    serious_accessibility_problems,
    settle,
    start_voila,
    stop,
)

SIZES = ((1280, 720), (1920, 1080))
LESSONS = sorted(
    path.stem
    for path in (ROOT / "lessons").glob("*.ipynb")
    if json.loads(path.read_text(encoding="utf-8"))["metadata"].get("cardmath", {}).get("kind")
    == "lesson"
)
"""Every notebook whose metadata calls it a lesson."""
DECLARE_MODELS = 14
"""Widget models the page may build when the class comes to declare (26 when each key of
the expression builder was a button of its own)."""

_RINGS = """
([selector, titles]) => {
  // the painted extent of an element's outline and outer box-shadow (0: none)
  const reach = (e) => {
    const s = getComputedStyle(e);
    let out = 0;
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) {
      out = Math.max(out, parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset || '0'));
    }
    if (s.boxShadow && s.boxShadow !== 'none') {
      for (const part of s.boxShadow.split(/,(?![^(]*\\))/)) {
        if (part.includes('inset')) continue;
        const n = part.replace(/rgba?\\([^)]*\\)/, '').trim().split(/\\s+/).map(parseFloat);
        out = Math.max(out, (n[3] || 0) + (n[2] || 0) + Math.max(Math.abs(n[0] || 0), Math.abs(n[1] || 0)));
      }
    }
    return out;
  };
  const problems = [];
  for (const el of document.querySelectorAll(selector)) {
    const box = el.getBoundingClientRect();
    // on screen only: what is scrolled out of the window is not cut off
    if (!box.width || box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth) continue;
    const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
    for (const part of [el, ...el.querySelectorAll('*')]) {
      const out = reach(part);
      if (out <= 0) continue;
      const b = part.getBoundingClientRect();
      const ring = {left: b.left - out, top: b.top - out, right: b.right + out, bottom: b.bottom + out};
      for (let a = part.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        // the box's edges on screen (client sizes leave out CSS zoom)
        const {left, top, right, bottom} = a.getBoundingClientRect();
        if (ring.left < left - 0.5 || ring.top < top - 0.5 || ring.right > right + 0.5 || ring.bottom > bottom + 0.5) {
          const at = [ring.left, ring.top, ring.right, ring.bottom, left, top, right, bottom].map(Math.round);
          problems.push(`the ring of ${name} is cut off by ${a.className.toString().slice(-40)} ${at}`);
          break;
        }
      }
      const row = titles ? el.closest('.cmt-row') : null;
      const title = row && row.querySelector('.cmt-row-title');
      if (title) {
        const range = document.createRange();
        range.selectNodeContents(title);
        for (const t of range.getClientRects()) {
          const trim = (t.bottom - t.top) * 0.2;  // the letters, not the line's leading
          if (ring.top < t.bottom - trim && ring.bottom > t.top + trim && ring.left < t.right && ring.right > t.left) {
            problems.push(`the ring of ${name} is drawn over the row title ${title.textContent.trim()}`);
            break;
          }
        }
      }
    }
  }
  return problems;
}
"""


def ring_problems(page, selector: str, *, titles: bool = False) -> list[str]:
    """Rings (outlines, outer shadows) of the elements matching ``selector`` cut off by a
    box that hides overflow or, with ``titles``, drawn over their card row's title."""
    return page.evaluate(_RINGS, [selector, titles])


def both_sizes(page, artifacts: Path, name: str, check=None) -> list[str]:
    """A screenshot at each projector size, and what ``check(page)`` finds at each."""
    problems: list[str] = []
    for width, height in SIZES:
        resize(page, {"width": width, "height": height})
        page.screenshot(path=str(artifacts / f"{name}-{width}x{height}.png"))
        if check is not None:
            problems += [f"{width}x{height}: {p}" for p in check(page)]
    resize(page, {"width": 1280, "height": 720})
    return problems


def press(page, locator) -> None:
    settle(page)
    locator.click()
    page.wait_for_timeout(80)
    settle(page)


# --- a reload at a showdown ---------------------------------------------------------------


def shown(page) -> dict[str, object]:
    """What the class sees of its game, to compare before and after a reload."""
    return page.evaluate(
        """() => {
          const text = s => [...document.querySelectorAll(s)].map(e => e.innerText.trim());
          return {
            prompt: text('.cm-class-play .cm-prompt'),
            panel: text('.cm-class-play .cm-panel-html'),
            scores: text('.cm-class-play .cm-scoreboard'),
            moves: text('.cm-class-play .cm-moves button'),
            log: document.querySelector('.cm-class-play .cm-log-box ol')?.children.length || 0,
          };
        }"""
    )


def test_a_reload_at_the_showdown_shows_the_showdown(page, voila_url, artifacts):
    page.emulate_media(reduced_motion="reduce")
    open_dashboard(
        page, voila_url, "permutations-dashboard.ipynb", "seed=7&mode=class&theme=projector"
    )
    settle(page)
    press(page, page.locator(".cm-dashboard .cm-next").first)  # the class's secret bid
    page.wait_for_selector(".cm-class-play button.cm-move-next", timeout=TIMEOUT)
    before, address = shown(page), page.url
    assert "revealed" in " ".join(before["prompt"])  # the auction's showdown: every bid
    assert re.search(r"[?&]game=[\w-]+", address)
    both_sizes(page, artifacts, "1-showdown")

    page.reload()
    page.wait_for_selector(".cm-class-play .cm-prompt", state="visible", timeout=TIMEOUT)
    settle(page)
    page.wait_for_timeout(300)
    after = shown(page)
    assert page.url == address
    assert after == before  # the same showdown, nothing played behind it
    both_sizes(page, artifacts, "2-after-reload")

    press(page, page.locator(".cm-class-play button.cm-move-next"))  # the table goes on
    page.wait_for_function(
        "() => !document.querySelector('.cm-class-play button.cm-move-next')", timeout=TIMEOUT
    )
    went_on = shown(page)
    assert went_on["prompt"] != before["prompt"]
    page.reload()  # a reload now shows the game as it went on, not the showdown again
    page.wait_for_selector(".cm-class-play .cm-prompt", state="visible", timeout=TIMEOUT)
    settle(page)
    page.wait_for_timeout(300)
    assert page.locator(".cm-class-play button.cm-move-next").count() == 0
    assert shown(page)["prompt"] == went_on["prompt"]
    assert page.javascript_errors == []


# --- rings drawn whole ----------------------------------------------------------------------


def test_a_chosen_card_and_the_chosen_setting_are_ringed_whole(page, voila_url, artifacts):
    page.emulate_media(reduced_motion="reduce")
    open_dashboard(page, voila_url, "dotter-dashboard.ipynb", "seed=7&mode=class&theme=projector")
    settle(page)
    press(page, page.locator(".cm-dashboard .cm-next").first)  # Draw three cards
    own = page.locator(".cm-play-table .cmt-card:not(.cmt-disabled):not([data-card-id=deck])")
    press(page, own.nth(0))
    press(page, own.nth(1))
    page.mouse.move(2, 2)  # the rings at rest, not under the pointer
    page.wait_for_timeout(300)
    chosen = ".cm-play-table .cmt-selected"
    assert page.locator(chosen).count() == 2
    problems = both_sizes(
        page, artifacts, "1-two-cards-chosen", lambda p: ring_problems(p, chosen, titles=True)
    )

    press(page, page.locator(".cm-settings-button button, button.cm-settings-button").first)
    first = page.locator(".cm-settings-panel input[type=radio]").first
    first.focus()
    page.keyboard.press("ArrowDown")  # the keyboard's focus ring, on the first choice
    page.keyboard.press("ArrowUp")
    page.wait_for_timeout(300)
    assert first.evaluate("e => e === document.activeElement && e.checked")
    radios = ".cm-settings-panel .widget-radio-box label:has(input:checked)"
    problems += both_sizes(page, artifacts, "2-settings", lambda p: ring_problems(p, radios))
    assert problems == [], "\n".join(problems)
    assert page.javascript_errors == []


# --- Navigator's expression box ---------------------------------------------------------------

_CONTRAST = """
(input) => {
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let back = null;
  for (let e = input; e && !back; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] > 0.99)) back = c.slice(0, 3);
  }
  back = back || [255, 255, 255];
  const hint = rgb(getComputedStyle(input, '::placeholder').color);
  const alpha = hint.length === 4 ? hint[3] * Number(getComputedStyle(input, '::placeholder').opacity || 1) : 1;
  const seen = hint.slice(0, 3).map((c, i) => c * alpha + back[i] * (1 - alpha));
  const [a, b] = [lum(seen), lum(back)].sort((x, y) => y - x);
  return {ratio: (a + 0.05) / (b + 0.05), hint: getComputedStyle(input, '::placeholder').color,
          back: `rgb(${back.join(', ')})`, placeholder: input.placeholder, value: input.value};
}
"""


def test_navigator_declaring_reads_well_works_by_keyboard_and_builds_little(
    page, voila_url, artifacts
):
    opened: list[str] = []

    def watch(socket) -> None:
        def frame(payload) -> None:
            text = payload.decode("utf-8", "ignore") if isinstance(payload, bytes) else payload
            opened.extend(re.findall(r'"msg_type":\s*"comm_open"', text))

        socket.on("framereceived", frame)

    page.on("websocket", watch)
    page.emulate_media(reduced_motion="reduce")
    open_dashboard(
        page,
        voila_url,
        "navigator-dashboard.ipynb",
        "seed=21&mode=class&theme=projector&length=full",
    )
    settle(page)
    for pick in range(1, 5):
        page.wait_for_function(
            "t => (document.querySelector('.cm-class-play .cm-prompt') || {}).innerText?.includes(t)",
            arg=f"pick {pick} of 4",
            timeout=TIMEOUT,
        )
        before = len(opened)
        press(page, page.locator(".cm-dashboard .cmt-card.cm-next").first)
    page.wait_for_selector(".cm-class-play .cm-builder .cmt-card", timeout=TIMEOUT)
    settle(page)
    page.wait_for_timeout(500)
    declaring = len(opened) - before
    print(f"declaring screen: {declaring} widget models opened")
    assert 0 < declaring <= DECLARE_MODELS, f"{declaring} widget models for the declaring screen"

    box = page.locator(".cm-class-play .cm-expression-input input")
    hint = box.evaluate(_CONTRAST)
    assert hint["value"] == "" and hint["placeholder"], hint
    assert hint["ratio"] >= 4.5, hint
    problems = both_sizes(page, artifacts, "1-declare")

    # the keys from the keyboard: Tab reaches each, Enter presses it once
    press(page, page.locator(".cm-class-play .cm-builder .cmt-card").first)
    plus = page.locator(".cm-class-play button.cm-key", has_text="+").first
    plus.focus()
    page.keyboard.press("Enter")
    settle(page)
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "minus"
    page.keyboard.press("Space")
    settle(page)
    page.wait_for_timeout(400)
    assert re.fullmatch(r"\d+ \+ −", box.input_value()), box.input_value()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # the minus again: one press, one sign
    settle(page)
    backspace = page.locator(".cm-class-play button.cm-backspace")
    press(page, backspace)
    press(page, backspace)
    assert re.fullmatch(r"\d+ \+", box.input_value()), box.input_value()
    # a double click is one press
    times = page.locator(".cm-class-play button.cm-key", has_text="×").first
    settle(page)
    times.dblclick()
    page.wait_for_timeout(600)
    settle(page)
    assert box.input_value().count("×") == 1, box.input_value()
    problems += both_sizes(page, artifacts, "2-typed")
    assert problems == [], "\n".join(problems)
    assert page.javascript_errors == []


# --- axe on every lesson, in both themes -----------------------------------------------------


@pytest.fixture(scope="module")
def projector_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà as ``make serve THEME=dark`` starts it: its dark page, dashboards in the
    projector theme."""
    log = tmp_path_factory.mktemp("voila-projector") / "voila.log"
    before = os.environ.get("CARDMATH_THEME")
    os.environ["CARDMATH_THEME"] = "projector"
    try:
        process, url = start_voila(ROOT / "lessons", log, *SERVE_ARGS, "--theme=dark")
    finally:
        if before is None:
            os.environ.pop("CARDMATH_THEME", None)
        else:
            os.environ["CARDMATH_THEME"] = before
    yield url
    stop(process)


LIGHT_CHECKED_BY_ITS_OWN_TEST = {"03-permutations", "04-dotter", "05-sum15"}
"""Lessons whose own browser test (``test_<game>_lesson.py``) opens them in the light
theme, works an exercise and runs the same axe check on the whole page: here they are
opened in the projector theme only."""


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lesson_has_no_serious_accessibility_problem(
    page, voila_url, projector_url, artifacts, lesson
):
    assert len(LESSONS) >= 6
    problems: list[str] = []
    themes = [("light", voila_url), ("projector", projector_url)]
    if lesson in LIGHT_CHECKED_BY_ITS_OWN_TEST:
        themes = themes[1:]
    for theme, url in themes:
        page.goto(f"{url}/voila/render/{lesson}.ipynb")  # "load": the notebook has run
        page.wait_for_selector(".jp-OutputArea-output", timeout=TIMEOUT)
        page.wait_for_function(
            "() => !document.querySelector('.jp-OutputArea-output .widget-loading, "
            ".jupyter-widgets-loading')",
            timeout=TIMEOUT,
        )
        page.wait_for_timeout(1500)
        page.screenshot(path=str(artifacts / f"{theme}.png"))
        problems += [f"{theme}: {p}" for p in serious_accessibility_problems(page, "body")]
    assert problems == [], "\n".join(problems)
