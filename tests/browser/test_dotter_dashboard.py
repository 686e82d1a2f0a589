"""The Dotter dashboard in a real Voilà server and a real headless Chromium, by clicks.

* Class vs computer on the projector: peek at two cards, score three with a guess, read
  the explanation, and play a whole round to its end (the retention, leaders starred);
  a double click on a card and on the main button acts once.
* Two people at one screen: one player's peek is not visible to the next.

Screenshots at 1280x720 and 1920x1080, light and projector, go to ``test-artifacts/``.
"""

from __future__ import annotations

from conftest import (
    TIMEOUT,
    click_button,
    no_horizontal_overflow,
    open_dashboard,
    press,
    serious_accessibility_problems,
    settle,
    shoot,
)

NOTEBOOK = "dotter-dashboard.ipynb"


def card(page, card_id: str):
    return page.locator(f'.cmt-card[data-card-id="{card_id}"]').first


def enabled_cards(page, prefix: str) -> list[dict]:
    """Cards of one player (``p0-``) that can be pressed: id, label and caption."""
    return page.evaluate(
        """prefix => [...document.querySelectorAll('.cmt-card:not(.cmt-disabled)')]
          .filter(e => e.dataset.cardId.startsWith(prefix))
          .map(e => ({id: e.dataset.cardId, label: e.getAttribute('aria-label'),
                      caption: (e.querySelector('.cmt-caption') || {}).textContent || ''}))""",
        prefix,
    )


def button(page, key: str):
    return page.locator(f"button.cm-move-{key}").first


def has_button(page, key: str) -> bool:
    return page.locator(f"button.cm-move-{key}:not([disabled])").count() > 0


def panel_text(page) -> str:
    return page.locator(".cm-panel-html").first.inner_text()


def wait_for_story(page, words: str) -> None:
    """Wait until the game's story (the panel beside the table) says ``words``."""
    page.wait_for_function(
        "words => document.querySelector('.cm-panel-html')?.innerText.includes(words)",
        arg=words,
        timeout=TIMEOUT,
    )


def wait_for_the_table_or_an_announcement(page) -> None:
    """After the kernel answered, the page may still be drawing: an announcement's button
    is a new widget, shown a moment after its text, so wait until cards or a button show."""
    page.wait_for_function(
        "() => document.querySelector('button.cm-move-next, button.cm-move-new')"
        " || [...document.querySelectorAll('.cmt-card')].some(e => e.offsetParent !== null)",
        timeout=TIMEOUT,
    )


def take_a_turn(page, turn: int) -> None:
    """One turn of the person at the screen, chosen from what the page shows."""
    wait_for_the_table_or_an_announcement(page)
    if has_button(page, "next"):  # an announcement
        return
    if has_button(page, "jokers"):
        click_button(page, "cm-move-jokers")
        return
    if has_button(page, "pass"):
        click_button(page, "cm-move-pass")
        return
    mine = [c for c in enabled_cards(page, "p0-") if "new" not in c["caption"]]
    theirs = [c for c in enabled_cards(page, "p1-") if "new" not in c["caption"]]
    for cards in (mine, None, theirs):
        if cards is None:
            if card(page, "deck").count() and "press to draw" in (
                card(page, "deck").get_attribute("aria-label") or ""
            ):
                press(page, card(page, "deck"))
                return
            continue
        if len(cards) >= 3:
            for chosen in cards[:3]:
                press(page, card(page, chosen["id"]))
            if turn % 4 == 0:
                click_button(page, "cm-move-guess-pair")
            if has_button(page, "score"):
                click_button(page, "cm-move-score")
                return
            click_button(page, "cm-move-clear")
    peekable = enabled_cards(page, "p")
    for owner in ("p0-", "p1-"):
        cards = [c for c in peekable if c["id"].startswith(owner)]
        if len(cards) >= 2:
            press(page, card(page, cards[0]["id"]))
            press(page, card(page, cards[1]["id"]))
            if has_button(page, "peek"):
                click_button(page, "cm-move-peek")
                return
            click_button(page, "cm-move-clear")
    raise AssertionError(f"no move found on turn {turn}: {panel_text(page)[:300]}")


def test_class_peeks_scores_with_a_guess_and_finishes_a_round(page, voila_url, artifacts) -> None:
    open_dashboard(page, voila_url, NOTEBOOK, "seed=11&mode=class&theme=projector")
    page.wait_for_selector('.cmt-card[data-card-id="deck"]', timeout=TIMEOUT)
    assert "The class: draw three cards" in page.locator(".cm-prompt").inner_text()
    # a double click on the deck draws once
    settle(page)
    card(page, "deck").dblclick()
    page.wait_for_selector('.cmt-card[data-card-id="p0-1a"]', timeout=TIMEOUT)
    settle(page)
    wait_for_story(page, "The class drew row")
    told = panel_text(page)
    assert told.count("The class drew row") == 1, told
    assert card(page, "p0-2a").count() == 0
    shoot(page, artifacts, "class-first-draw-projector-1280x720")
    assert no_horizontal_overflow(page) == []

    # peek at two of our own cards: after the computer's turn their faces are shown
    press(page, card(page, "p0-1a"))
    press(page, card(page, "p0-1b"))
    assert "Chosen: the class's 1a and 1b." in page.locator(".cm-prompt").inner_text()
    click_button(page, "cm-move-peek")
    page.wait_for_function(
        "() => (document.querySelector('.cmt-card[data-card-id=\"p0-1a\"]') || {})"
        ".ariaLabel?.includes('(you have seen it)')",
        timeout=TIMEOUT,
    )
    label = card(page, "p0-1a").get_attribute("aria-label")
    assert "face down" not in label
    assert "face down" in card(page, "p0-1c").get_attribute("aria-label")
    # the card table and the story are two widgets: the story may come a moment later
    wait_for_story(page, "The class peeked at their own 1a and 1b:")

    # score the row with a guess: the explanation is on the screen
    for place in ("1a", "1b", "1c"):
        press(page, card(page, f"p0-{place}"))
    click_button(page, "cm-move-guess-pair")
    assert "✓ Guess pair" in button(page, "guess-pair").inner_text()
    shoot(page, artifacts, "class-chosen-three-projector-1280x720")
    # a double click on the main button scores once
    settle(page)
    button(page, "score").dblclick()
    page.wait_for_function(
        "() => document.querySelector('.cm-panel-html')?.innerText.includes('The class scored')"
        " || document.querySelector('button.cm-move-jokers')",
        timeout=TIMEOUT,
    )
    settle(page)
    if has_button(page, "jokers"):  # seed 11 puts a Joker in the row: say what it is
        assert "Say what the Joker stands for" in page.locator(".cm-prompt").inner_text()
        shoot(page, artifacts, "class-joker-projector-1280x720")
        button(page, "jokers").dblclick()
        wait_for_story(page, "The class scored")
        settle(page)
    told = panel_text(page)
    assert told.count("The class scored") == 1
    assert "Guess pair:" in told and ("right, so doubled" in told or "wrong: only" in told)
    page.set_viewport_size({"width": 1920, "height": 1080})
    shoot(page, artifacts, "class-scored-projector-1920x1080")
    assert no_horizontal_overflow(page) == []
    page.set_viewport_size({"width": 1280, "height": 720})

    # play on by clicks until the round ends
    for turn in range(120):
        wait_for_the_table_or_an_announcement(page)
        if has_button(page, "next"):
            break
        take_a_turn(page, turn)
        settle(page)
    else:
        raise AssertionError("the round did not end")
    prompt = page.locator(".cm-prompt").inner_text()
    assert "Round 1 is over." in prompt
    retention = page.locator(".cm-dotter-retention").inner_text()
    assert "★ leads: keeps" in retention
    assert page.locator(".cm-dotter-board svg[aria-label*='leads the lap']").count() == 1
    assert "Start round 2" in button(page, "next").inner_text()
    shoot(page, artifacts, "class-round-over-projector-1280x720")
    assert no_horizontal_overflow(page) == []
    page.set_viewport_size({"width": 1920, "height": 1080})
    shoot(page, artifacts, "class-round-over-projector-1920x1080")
    assert serious_accessibility_problems(page) == []
    click_button(page, "cm-move-next")
    page.wait_for_function(
        "() => document.querySelector('.cm-round .cm-big-number')?.textContent === '2'",
        timeout=TIMEOUT,
    )
    assert page.javascript_errors == []


def test_play_light_theme_with_odds_and_jokers_at_both_sizes(page, voila_url, artifacts) -> None:
    open_dashboard(page, voila_url, NOTEBOOK, "seed=6&mode=play")  # a Joker in our first row
    page.wait_for_selector('.cmt-card[data-card-id="deck"]', timeout=TIMEOUT)
    press(page, card(page, "deck"))
    page.wait_for_selector('.cmt-card[data-card-id="p0-1a"]', timeout=TIMEOUT)
    for place in ("1a", "1b", "1c"):
        press(page, card(page, f"p0-{place}"))
    click_button(page, "cm-move-score")
    page.wait_for_selector("button.cm-move-jokers", timeout=TIMEOUT)
    assert "Say what the Joker stands for" in page.locator(".cm-prompt").inner_text()
    best = button(page, "jokers").inner_text()
    assert best.startswith("Score ") and "Joker as" in best
    click_button(page, "cm-move-joker-0-13")
    assert button(page, "jokers").inner_text().endswith("Joker as K")
    assert "Joker as K" in page.locator(".cm-dotter-jokers").inner_text()
    shoot(page, artifacts, "play-joker-light-1280x720")
    assert no_horizontal_overflow(page) == []
    page.set_viewport_size({"width": 1920, "height": 1080})
    shoot(page, artifacts, "play-joker-light-1920x1080")
    click_button(page, "cm-move-jokers")
    wait_for_story(page, "Joker as K")
    assert "You scored your own 1a, 1b and 1c" in panel_text(page)
    assert page.javascript_errors == []


def test_hot_seat_a_peek_is_not_shown_to_the_next_player(page, voila_url, artifacts) -> None:
    open_dashboard(page, voila_url, NOTEBOOK, "seed=7&mode=play")
    page.wait_for_selector('.cmt-card[data-card-id="deck"]', timeout=TIMEOUT)
    click_button(page, "cm-new-game")
    page.locator(".cm-people label", has_text="2 (taking turns at this screen)").click()
    page.locator(".cm-opponents label", has_text="0").first.click()
    settle(page)
    click_button(page, "cm-start-game")
    for _ in range(2):  # each player draws a row, saying who they are first
        page.wait_for_selector("button.cm-show-hand", timeout=TIMEOUT)
        click_button(page, "cm-show-hand")
        press(page, card(page, "deck"))
    page.wait_for_selector("button.cm-show-hand", timeout=TIMEOUT)
    assert "Pass the screen to Player 1" in page.locator(".cm-prompt").inner_text()
    assert page.locator(".cmt-card").count() == 0  # the cover hides the table
    click_button(page, "cm-show-hand")
    press(page, card(page, "p1-1a"))
    press(page, card(page, "p1-1b"))
    click_button(page, "cm-move-peek")
    page.wait_for_selector("button.cm-move-next", timeout=TIMEOUT)
    seen = page.locator(".cm-panel-html .cm-dotter-said").first.inner_text()
    assert seen.startswith("You peeked at Player 2's 1a and 1b: ")
    faces = seen.split(": ", 1)[1].rstrip(".").split(" and ")
    assert len(faces) == 2
    shoot(page, artifacts, "hot-seat-peek-light-1280x720")
    click_button(page, "cm-move-next")  # "I have seen them: hide them"
    page.wait_for_selector("button.cm-show-hand", timeout=TIMEOUT)
    assert "Pass the screen to Player 2" in page.locator(".cm-prompt").inner_text()
    for face in faces:
        assert face not in page.content()
    click_button(page, "cm-show-hand")
    page.wait_for_selector('.cmt-card[data-card-id="p1-1a"]', timeout=TIMEOUT)
    assert "face down" in card(page, "p1-1a").get_attribute("aria-label")
    assert "seen by Player 1" in card(page, "p1-1a").get_attribute("aria-label")
    wait_for_story(page, "Player 1 peeked at your 1a and 1b.")
    html = page.content()
    for face in faces:
        assert face not in html
    shoot(page, artifacts, "hot-seat-next-player-light-1280x720")
    assert no_horizontal_overflow(page) == []
    assert page.javascript_errors == []
