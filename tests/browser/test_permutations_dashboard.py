"""The Permutations dashboard in a real Voilà server and a real headless Chromium.

A class plays a whole round against three computer players by clicks (bid, the reveal,
the draft, the round's scores), checked against the engine playing the same clicks; three
students share one screen and nobody sees another's bid before the reveal. Screenshots
at 1280x720 and 1920x1080, light and projector, are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import re
import tempfile

from conftest import (
    TIMEOUT,
    animations_done,
    click_button,
    no_horizontal_overflow,
    open_dashboard,
    press,
    resize,
    serious_accessibility_problems,
    settle,
    shoot,
)
from widgets.frame.store import SessionStore
from widgets.games.permutations.dashboard import PermutationsDashboard

NOTEBOOK = "permutations-dashboard.ipynb"
ENABLED = ".cm-play-table .cmt-card:not(.cmt-disabled)"


def wait_for_prompt(page, words: str) -> None:
    page.wait_for_function(
        "w => (document.querySelector('.cm-play .cm-prompt') || {innerText: ''})"
        ".innerText.includes(w)",
        arg=words,
        timeout=TIMEOUT,
    )


def wait_for_caption(page, words: str) -> None:
    page.wait_for_function(
        "w => (document.querySelector('.cm-permutations-tally caption') || {innerText: ''})"
        ".innerText.includes(w)",
        arg=words,
        timeout=TIMEOUT,
    )


def in_process(query: str):
    """The same dashboard in this process: the engine playing the same clicks."""
    board = PermutationsDashboard.from_query(query, store=SessionStore(tempfile.mkdtemp()))
    return board.play_views[board.mode]


def enabled_ids(view) -> list[str]:
    return [c["id"] for row in view.table.rows for c in row["cards"] if not c["disabled"]]


def first_label(view) -> str:
    """The label of the first card a click may press (what the page's first enabled is)."""
    return next(c["label"] for row in view.table.rows for c in row["cards"] if not c["disabled"])


def test_a_round_against_the_computer_by_clicks(page, voila_url, artifacts) -> None:
    query = "seed=11&mode=class&length=full"  # a whole game: round 2 follows
    twin = in_process(query)  # plays the same clicks through the engine
    open_dashboard(page, voila_url, NOTEBOOK, query)
    for auction in range(1, 12):
        wait_for_prompt(page, "The class: agree on a secret bid")
        wait_for_caption(page, f"Round 1, auction {auction} of 11")
        cards = page.locator(ENABLED)
        cards.first.wait_for(timeout=TIMEOUT)
        assert cards.count() == 12 - auction
        label = cards.first.get_attribute("aria-label")
        assert label == first_label(twin)
        if auction == 1:
            shoot(page, artifacts, "class-bid-1280x720")
            assert no_horizontal_overflow(page) == []
            assert serious_accessibility_problems(page) == []
        if auction == 2:  # a double click bids once
            settle(page)
            cards.first.dblclick()
            settle(page)
        elif auction == 4:  # by keyboard: Tab reaches a card, Enter bids it
            settle(page)
            cards.first.focus()
            page.keyboard.press("Enter")
            settle(page)
        else:
            press(page, cards.first)
        twin.table.click(enabled_ids(twin)[0])
        # the reveal: every bid at once, highest first
        wait_for_prompt(page, f"auction {auction} of 11: the bids are revealed")
        bids = page.locator(".cm-permutations-reveal .cm-permutations-bid")
        assert bids.count() == 4
        names = page.locator(".cm-permutations-reveal .cm-permutations-who").all_inner_texts()
        state = twin.session.state
        assert names == [twin.name(p) for p in state.draft_order]
        assert page.locator(".cm-permutations-reveal svg").first.get_attribute("aria-label") == (
            f"{state.bids[state.draft_order[0]].colour} {state.bids[state.draft_order[0]].number}"
        )
        assert label in page.locator(".cm-permutations-reveal").inner_html()  # the class's bid
        if auction == 1:
            shoot(page, artifacts, "class-reveal-1280x720")
            assert no_horizontal_overflow(page) == []
        click_button(page, "cm-move-next")
        twin.moves.children[0].click()
        # the draft: the class takes a card from the pool when its turn comes
        wait_for_prompt(page, "click a card in the pool to take it")
        pool = page.locator(ENABLED)
        assert pool.count() == len(twin.session.state.pool)
        assert pool.first.get_attribute("aria-label") == first_label(twin)
        press(page, pool.first)
        twin.table.click(enabled_ids(twin)[0])
        if auction < 11:
            wait_for_prompt(page, f"auction {auction} of 11: the draft")
        else:
            wait_for_prompt(page, "Round 1 is over")
        steps = page.locator(".cm-permutations-drafts .cm-permutations-step")
        assert steps.count() == 4
        result = twin.session.state.last_auction
        took = page.locator(".cm-permutations-took svg").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"
        )
        assert took == [
            f"{result.drafts[p].colour} {result.drafts[p].number}" for p in result.order
        ]
        if auction == 1:
            animations_done(page)  # the cards slide to their players
            shoot(page, artifacts, "class-draft-1280x720")
        if auction == 3:  # a double click on the main button goes on once
            settle(page)
            page.locator("button.cm-move-next").first.dblclick()
            settle(page)
            twin.moves.children[0].click()
        elif auction < 11:
            click_button(page, "cm-move-next")
            twin.moves.children[0].click()
    # the round's scores: the engine's maxes and triangular numbers, the totals
    result = twin.session.state.rounds[0]
    panel = page.locator(".cm-play .cm-panel-html").inner_text()
    for player in range(4):
        line = f"{result.maxes[player]} × {result.maxes[player] + 1} ÷ 2"
        assert line in panel
        assert f"0 + {result.scores[player]} = {result.totals[player]}" in panel
    totals = page.locator(".cm-scoreboard .cm-permutations-total").all_inner_texts()
    assert [int(t) for t in totals] == list(result.totals)
    animations_done(page)
    shoot(page, artifacts, "class-round-over-1280x720")
    assert no_horizontal_overflow(page) == []
    # on the projector: the next round, large
    page.set_viewport_size({"width": 1920, "height": 1080})
    click_button(page, "cm-settings-button")
    page.locator(".cm-theme-choice label", has_text="Projector").click()
    click_button(page, "cm-apply-settings")
    page.wait_for_selector(".cm-theme-projector", timeout=TIMEOUT)
    click_button(page, "cm-settings-button")
    page.wait_for_timeout(300)
    shoot(page, artifacts, "class-round-over-projector-1920x1080")
    click_button(page, "cm-move-next")
    wait_for_caption(page, "Round 2, auction 1 of 11")
    hand = page.locator(ENABLED).evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    drafted = twin.session.state.hands[0]  # the drafted cards are the next hand
    assert sorted(hand) == sorted(f"{c.colour} {c.number}" for c in drafted)
    page.wait_for_timeout(300)
    shoot(page, artifacts, "class-bid-projector-1920x1080")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []
    size = page.locator(".cm-permutations-tally td").first.evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
        " * (parseFloat(getComputedStyle(e.closest('.cm-dashboard')).zoom) || 1)"
    )
    assert size >= 36  # on the screen, zoomed: the board is read from the back of the room
    assert page.javascript_errors == []


def mentions(text: str, label: str) -> bool:
    """Whether ``text`` names the card of ``label`` ("red 17" or "17R"), not "red 170"."""
    colour, number = label.split()
    named = rf"(?<![0-9]){number}{colour[0].upper()}(?![A-Za-z0-9])"
    return re.search(rf"{label}(?![0-9])", text) is not None or re.search(named, text) is not None


def test_hot_seat_the_next_player_cannot_see_the_first_bid(page, voila_url, artifacts) -> None:
    open_dashboard(page, voila_url, NOTEBOOK, "seed=21&mode=play")
    page.locator(ENABLED).first.wait_for(timeout=TIMEOUT)
    click_button(page, "cm-new-game")
    page.locator(".cm-people label", has_text="3 (taking turns at this screen)").click()
    page.locator(".cm-opponents label", has_text="1").click()
    click_button(page, "cm-start-game")
    bids: list[str] = []
    for player in (1, 2, 3):
        wait_for_prompt(page, f"Pass the screen to Player {player}")
        assert page.locator(".cm-play-table .cmt-card").count() == 0
        for label in bids:  # behind the cover: nothing of an earlier bid
            assert not mentions(page.content(), label)
        if player == 2:
            shoot(page, artifacts, "hot-seat-cover-1280x720")
            assert no_horizontal_overflow(page) == []
        click_button(page, "cm-show-hand")
        wait_for_prompt(page, f"Player {player}: choose a secret bid")
        page.locator(ENABLED).first.wait_for(timeout=TIMEOUT)
        secret = page.locator(".cmt-row[data-row^='bids'] .cmt-card").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))"
        )
        for earlier in range(1, player):
            assert secret[earlier - 1] == f"Player {earlier}: a secret bid, face down"
        for label in bids:  # the next player sees that a bid is in, never which card
            assert not mentions(page.content(), label)
        own = page.locator(ENABLED).first.get_attribute("aria-label")
        assert mentions(page.content(), own)  # the check finds a card that is on screen
        if player == 2:
            shoot(page, artifacts, "hot-seat-second-player-1280x720")
            resize(page, {"width": 1920, "height": 1080})
            shoot(page, artifacts, "hot-seat-second-player-1920x1080")
            assert no_horizontal_overflow(page) == []
            page.set_viewport_size({"width": 1280, "height": 720})
        card = page.locator(ENABLED).first
        bids.append(card.get_attribute("aria-label"))
        if player == 1:  # a double click on a card is one bid
            settle(page)
            card.dblclick()
            settle(page)
        else:
            press(page, card)
    # the computer bids, then every bid is shown at once
    wait_for_prompt(page, "the bids are revealed")
    revealed = page.locator(".cm-permutations-reveal svg").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert len(revealed) == 4 and set(bids) <= set(revealed)
    shoot(page, artifacts, "hot-seat-reveal-1280x720")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []
    assert page.javascript_errors == []
