"""The Sum 15 dashboard in a real Voilà server and a real headless Chromium.

A whole game against three computer players by clicks (a card, then the claim), with a
set the student misses and a set the student claims, checked move by move against the
engine playing the same clicks; the referee of a class playing with real cards; the
seat-by-seat game behind the cover. Double clicks act once. Screenshots at 1280x720 and
1920x1080, light and projector, are kept in ``test-artifacts/`` for a person to look at.
"""

from __future__ import annotations

from cardmath.games.sum15 import Play, judge
from cardmath.session import Session
from conftest import (
    TIMEOUT,
    click_button,
    no_horizontal_overflow,
    open_dashboard,
    press,
    resize,
    serious_accessibility_problems,
    settle,
    shoot,
)

NOTEBOOK = "sum15-dashboard.ipynb"
SEATS = ["human", "greedy", "greedy", "greedy"]


def plan(seed: int) -> tuple[list[tuple[int, str | None, str]], Session]:
    """The student's clicks, worked out on the engine: the first set that comes up is
    missed (no claim), every later one is claimed; otherwise the first card, no claim."""
    session = Session("sum15", SEATS, seed, options={"claims": True})
    turns: list[tuple[int, str | None, str]] = []
    for _ in range(100):
        session.run_bots()
        if session.is_over:
            break
        seen = session.observation(0)
        found = [(i, judge(seen.middle, c)) for i, c in enumerate(seen.hand)]
        sets = [(i, j) for i, j in found if j.offer.cards]
        if sets and not any(kind == "missed" for _, _, kind in turns):
            index, claim, kind = sets[0][0], None, "missed"
        elif sets:
            index, claim, kind = sets[0][0], sets[0][1].best_claim, "claimed"
        else:
            index, claim, kind = 0, None, "nothing"
        turns.append((index, claim, kind))
        session.apply(Play(seen.hand[index], claim))
    return turns, session


def a_seed_with_a_miss_and_a_claim() -> tuple[int, list, Session]:
    for seed in range(1, 60):
        turns, session = plan(seed)
        kinds = [kind for _, _, kind in turns]
        if "missed" in kinds and "claimed" in kinds and kinds.index("missed") >= 1:
            return seed, turns, session
    raise AssertionError("no seed with a miss and a claim")


def wait_prompt(page, text: str) -> None:
    page.wait_for_function(
        "t => (document.querySelector('.cm-play .cm-prompt') || {}).innerText?.includes(t)",
        arg=text,
        timeout=TIMEOUT,
    )


def test_a_whole_game_by_clicks_with_a_missed_set_and_a_claim(page, voila_url, artifacts):
    seed, turns, expected = a_seed_with_a_miss_and_a_claim()
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={seed}&mode=play&length=full")
    shot_claim = shot_missed = False
    for number, (index, claim, kind) in enumerate(turns):
        wait_prompt(page, "You: choose a card")
        card = page.locator(f'.cm-play-table .cmt-card[data-card-id="hand-{index}"]')
        if number == 0:
            # a double click on a card selects it once (a second click would unselect it)
            settle(page)
            card.dblclick()
            settle(page)
            page.wait_for_timeout(300)
            settle(page)
            assert card.get_attribute("aria-pressed") == "true"
            assert page.locator(".cm-play-table .cmt-selected").count() == 1
        else:
            press(page, card)
        wait_prompt(page, "What does it make?")
        if kind == "claimed" and not shot_claim:
            shoot(page, artifacts, "play-claim-1280x720")
            assert no_horizontal_overflow(page) == []
            shot_claim = True
        click_button(page, f"cm-move-claim-{claim or 'none'}")
        if kind == "missed":
            wait_prompt(page, "You missed a set")
            panel = page.locator(".cm-play .cm-panel-html").inner_text()
            assert "Missed:" in panel and "you could have taken" in panel
            assert "The claim to say was" in panel
            if not shot_missed:
                shoot(page, artifacts, "play-missed-1280x720")
                assert no_horizontal_overflow(page) == []
                resize(page, {"width": 1920, "height": 1080})
                shoot(page, artifacts, "play-missed-1920x1080")
                assert no_horizontal_overflow(page) == []
                page.set_viewport_size({"width": 1280, "height": 720})
                shot_missed = True
            click_button(page, "cm-move-next")
    wait_prompt(page, "Game over")
    final = page.locator(".cm-sum15-final").inner_text()
    outcome = expected.outcome()
    for seat, score in enumerate(outcome.scores):
        name = "You" if seat == 0 else f"Computer {seat + 1} (greedy)"
        assert f"{name}: {score} card{'s' * (score != 1)}" in final
    assert "wins" in page.locator(".cm-play .cm-scoreboard").inner_text()
    log = page.locator(".cm-log").inner_text()
    assert log  # the log is there (folded)
    shoot(page, artifacts, "play-game-over-1280x720")
    assert no_horizontal_overflow(page) == []
    assert page.javascript_errors == []


def test_the_referee_of_a_class_with_real_cards(page, voila_url, artifacts):
    open_dashboard(page, voila_url, NOTEBOOK, "seed=4&mode=projector&theme=projector")
    page.wait_for_selector(".cm-sum15-players input", timeout=TIMEOUT)
    page.locator(".cm-sum15-players input").fill("14")
    page.locator(".cm-sum15-players input").press("Tab")
    click_button(page, "cm-sum15-start")
    page.wait_for_selector(".cm-sum15-picker .cmt-card", timeout=TIMEOUT)
    turn = page.locator(".cm-sum15-turn")
    assert "Player 14 (the dealer)" in turn.inner_text()
    assert "press the card turned, then Turn as the starter" in turn.inner_text()
    suits = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

    def enter(card: str, css: str, double: bool = False) -> None:
        press(page, page.locator(f'.cm-sum15-picker .cmt-card[data-card-id="pick-{card}"]'))
        # the teacher sees which card they pressed before saying the claim
        assert f"({card[:-1]}{suits[card[-1]]} chosen)" in turn.inner_text()
        button = page.locator(f"button.{css}").first
        page.wait_for_function(
            "c => !document.querySelector(`button.${c}`).disabled", arg=css, timeout=TIMEOUT
        )
        if double:
            settle(page)
            button.dblclick()
            page.wait_for_timeout(300)
            settle(page)
        else:
            click_button(page, css)

    enter("9C", "cm-sum15-turn-starter", double=True)  # a double click turns one starter
    page.wait_for_function(
        "() => document.querySelector('.cm-sum15-verdict').innerText.includes('9♣')",
        timeout=TIMEOUT,
    )
    assert page.locator(".cm-sum15 .cm-message .cm-bad").count() == 0
    assert page.locator(".cm-sum15-total .cm-big-number").inner_text() == "9"
    enter("5H", "cm-sum15-claim-14")
    page.wait_for_function(
        "() => document.querySelector('.cm-sum15-verdict').innerText.includes('took 9♣ 5♥')",
        timeout=TIMEOUT,
    )
    assert "2 cards" in page.locator(".cm-sum15-scores").inner_text()
    enter("KS", "cm-sum15-turn-starter")
    enter("2D", "cm-sum15-claim-none")
    page.wait_for_function(
        "() => document.querySelector('.cm-sum15-verdict').innerText.includes('Missed')",
        timeout=TIMEOUT,
    )
    verdict = page.locator(".cm-sum15-verdict").inner_text()
    assert "total 15 is a multiple of 15: you could have taken the whole middle, 2 cards" in (
        verdict
    )
    assert page.locator(".cm-sum15-last .cm-big-number").inner_text() == "K♠ 2♦"
    size = page.locator(".cm-sum15-total .cm-big-number").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 90
    shoot(page, artifacts, "referee-projector-1280x720")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []
    resize(page, {"width": 1920, "height": 1080})
    shoot(page, artifacts, "referee-projector-1920x1080")
    assert no_horizontal_overflow(page) == []
    # typed: Player 3 claims a run with K, 2, 3, which is no run (no wrapping past the Ace)
    page.locator(".cm-sum15-typed").fill("3c run")
    page.locator(".cm-sum15-typed").press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.cm-sum15-verdict').innerText.includes('not a run')",
        timeout=TIMEOUT,
    )
    click_button(page, "cm-undo")
    page.wait_for_function(
        "() => document.querySelector('.cm-sum15-verdict').innerText.includes('taken back')",
        timeout=TIMEOUT,
    )
    assert "Player 3" in page.locator(".cm-sum15-turn").inner_text()
    assert page.javascript_errors == []


def test_seat_by_seat_behind_the_cover(page, voila_url, artifacts):
    open_dashboard(page, voila_url, NOTEBOOK, "seed=8&mode=seats&players=8")
    page.wait_for_selector(".cm-sum15-seats .cm-people input", timeout=TIMEOUT)
    assert page.locator(".cm-sum15-seats .cm-people input").input_value() == "8"
    # each number box has one label, above it, that names it for a screen reader too
    setup = page.locator(".cm-sum15-seats .cm-play-setup")
    assert setup.inner_text().count("People") == 1, setup.inner_text()
    assert setup.inner_text().count("Computer players") == 1, setup.inner_text()
    assert setup.get_by_label("People at this screen").input_value() == "8"
    assert setup.get_by_label("Computer players").input_value() == "0"
    shoot(page, artifacts, "seats-setup-1280x720")
    assert no_horizontal_overflow(page) == []
    click_button(page, "cm-start-game")
    page.wait_for_selector(".cm-sum15-seats .cm-show-hand", timeout=TIMEOUT)
    assert "Pass the screen to Player 1" in page.locator(".cm-sum15-seats .cm-prompt").inner_text()
    # behind the cover: the middle and its total, never a hand
    ids = page.locator(".cm-sum15-seats .cmt-card").evaluate_all(
        "els => els.map(e => e.dataset.cardId)"
    )
    assert ids and all(card_id.startswith("middle-") for card_id in ids)
    assert page.locator(".cm-sum15-seats .cm-sum15-total .cm-big-number").count() == 1
    shoot(page, artifacts, "seats-cover-1280x720")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []
    click_button(page, "cm-show-hand")
    page.wait_for_selector('.cm-sum15-seats .cmt-card[data-card-id="hand-0"]', timeout=TIMEOUT)
    press(page, page.locator('.cm-sum15-seats .cmt-card[data-card-id="hand-0"]'))
    click_button(page, "cm-move-claim-none")
    page.wait_for_function(
        "() => /Pass the screen to Player 2|missed a set/.test("
        "document.querySelector('.cm-sum15-seats .cm-prompt').innerText)",
        timeout=TIMEOUT,
    )
    if "missed a set" in page.locator(".cm-sum15-seats .cm-prompt").inner_text():
        click_button(page, "cm-move-next")
        page.wait_for_selector(".cm-sum15-seats .cm-show-hand", timeout=TIMEOUT)
    assert page.locator('.cm-sum15-seats .cmt-card[data-card-id^="hand-"]').count() == 0
    resize(page, {"width": 1920, "height": 1080})
    shoot(page, artifacts, "seats-cover-1920x1080")
    assert no_horizontal_overflow(page) == []
    assert page.javascript_errors == []
