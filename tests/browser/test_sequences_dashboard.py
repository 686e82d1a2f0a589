"""The Sequences dashboard in a real Voilà server and a real headless Chromium.

A whole game against the strong computer player is played by clicks, as a student plays
it: a hand card, then the sequence it goes on (a ``?`` card asks its operator), the cards
to put under the pile, *Play these*. The test keeps its own copy of the game in the
engine (the same seed and computer player deal and play the same game) and checks after
every turn that the page shows the engine's table: every sequence's value and the
scores. The warm-up's Reveal is stepped through card by card against the engine's
running values, then compared with a calculator's reading. Screenshots at 1280x720 and
1920x1080 (light and projector) are kept in ``test-artifacts/``.
"""

from __future__ import annotations

from cardmath.games.sequences import Turn
from cardmath.lessons.sequences import deal_warmup
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

NOTEBOOK = "sequences-dashboard.ipynb"
SEED = 7
OPERATOR_KEYS = {"+": "plus", "-": "minus", "*": "times", "/": "divide"}


def _card(page, card_id: str):
    return page.locator(f'.cm-play-table .cmt-card[data-card-id="{card_id}"]')


def _wait_for_table(page, session: Session) -> None:
    """Wait until the page shows the engine's sequences with their values (S1 = 6 ...)."""
    values = [str(v).replace("-", "−") for v in session.state.sequence_values()]
    page.wait_for_function(
        """values => {
            const titles = [...document.querySelectorAll('.cm-play-table .cmt-row-title')]
              .map(e => e.textContent).filter(t => /^S\\d+ =/.test(t));
            return titles.length === values.length && titles.every(
              (t, i) => t.startsWith(`S${i + 1} = ${values[i]} `));
        }""",
        arg=values,
        timeout=TIMEOUT,
    )


def _play_turn_by_clicks(page, session: Session, turn: Turn) -> None:
    """Click the turn the way a student makes it."""
    hand = list(session.observation(session.state.current_player).hand)
    used: set[int] = set()

    def position(card) -> int:
        found = next(i for i, c in enumerate(hand) if c == card and i not in used)
        used.add(found)
        return found

    if turn.redraw:
        click_button(page, "cm-move-redraw")
        return
    if not turn.plays and not turn.buried:
        click_button(page, "cm-move-pass")
        return
    for play in turn.plays:
        press(page, _card(page, f"hand-{position(play.card)}"))
        where = "place-new" if play.sequence is None else f"place-{play.sequence}"
        press(page, _card(page, where))
        if play.operator:
            click_button(page, f"cm-move-op-{OPERATOR_KEYS[play.operator]}")
        assert page.locator(".cm-play .cm-message .cm-bad").count() == 0
    for card in turn.buried:
        press(page, _card(page, f"hand-{position(card)}"))
    click_button(page, "cm-move-play" if turn.plays else "cm-move-bury")


def test_a_whole_game_against_the_strong_computer_by_clicks(page, voila_url, artifacts) -> None:
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=play&bots=strong&length=full")
    mirror = Session("sequences", ["human", "strong"], seed=SEED)
    mirror.run_bots()
    page.wait_for_selector(".cm-play-table .cmt-card", timeout=TIMEOUT)
    assert "Computer 2 (strong)" in page.locator(".cm-play .cm-scoreboard").inner_text()
    turns = 0
    shots = {3: "play-early", 8: "play-middle"}
    while not mirror.is_over:
        _wait_for_table(page, mirror)
        if turns in shots:
            shoot(page, artifacts, f"{shots[turns]}-1280x720")
            assert no_horizontal_overflow(page) == []
        turn = mirror.legal_actions()[0]
        _play_turn_by_clicks(page, mirror, turn)
        mirror.apply(turn)
        mirror.run_bots()
        turns += 1
        assert turns < 60
    # the end: every sequence's final value and who scores it, the winner
    page.wait_for_selector(".cm-play .cm-sequences-final", timeout=TIMEOUT)
    final = page.locator(".cm-play .cm-sequences-final")
    state = mirror.state
    values = final.locator("td.cm-sequences-value").all_inner_texts()
    assert values == [str(value).replace("-", "−") for value in state.sequence_values()]
    owners = final.locator("tr td:nth-child(5)").all_inner_texts()
    assert owners == [
        "red: You" if sequence.owner == 0 else "blue: Computer 2 (strong)"
        for sequence in state.sequences
    ]
    outcome = mirror.outcome()
    words = page.locator(".cm-play .cm-prompt").inner_text()
    assert "Game over" in words
    assert ("Computer 2 (strong) wins" in words) == (outcome.winners == (1,))
    lines = page.locator(".cm-play .cm-result-lines").inner_text()
    assert f"red: You: {str(outcome.scores[0]).replace('-', '−')} point" in lines
    assert state.ended in lines
    page.wait_for_selector(".cm-play .cm-sequences-final mjx-container", timeout=TIMEOUT)
    shoot(page, artifacts, "play-end-1280x720")
    assert no_horizontal_overflow(page) == []
    resize(page, {"width": 1920, "height": 1080})
    shoot(page, artifacts, "play-end-1920x1080")
    assert no_horizontal_overflow(page) == []
    assert page.javascript_errors == []


def test_an_illegal_play_is_refused_with_the_rule_and_a_double_click_acts_once(
    page, voila_url, artifacts
) -> None:
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=play&bots=strong&length=full")
    mirror = Session("sequences", ["human", "strong"], seed=SEED)
    _wait_for_table(page, mirror)
    seen = mirror.observation(0)
    number = next(i for i, card in enumerate(seen.hand) if card.kind == "number")
    starter = next(i for i, card in enumerate(seen.hand) if card.kind == "starter")
    # a number cannot start a sequence: the engine's rule, in words, and nothing changes
    _card(page, f"hand-{number}").dblclick()
    settle(page)
    assert _card(page, f"hand-{number}").get_attribute("aria-pressed") == "true"
    press(page, _card(page, "place-new"))
    message = page.locator(".cm-play .cm-message .cm-bad")
    message.wait_for(timeout=TIMEOUT)
    assert "only a starter starts a new one" in message.inner_text()
    # the starter alone is the turn here: Play these without a card under the pile is
    # refused by the rule that two cards leave the hand
    press(page, _card(page, f"hand-{starter}"))
    press(page, _card(page, "place-new"))
    page.wait_for_function(
        "() => document.querySelector('.cm-play .cm-prompt').innerText.includes('under')",
        timeout=TIMEOUT,
    )
    assert message.count() == 0  # the last refusal goes once a play is taken
    click_button(page, "cm-move-play")
    refused = page.locator(".cm-play .cm-message .cm-bad", has_text="two cards leave your hand")
    refused.wait_for(timeout=TIMEOUT)
    shoot(page, artifacts, "refused-1280x720")
    # bury one card and play, with a double click on Play these: one turn is played
    bury = next(i for i, card in enumerate(seen.hand) if i not in (starter,))
    press(page, _card(page, f"hand-{bury}"))
    page.locator("button.cm-move-play").dblclick()
    settle(page)
    mirror.apply(next(t for t in mirror.legal_actions() if t.buried == (seen.hand[bury],)))
    mirror.run_bots()
    _wait_for_table(page, mirror)
    assert page.locator(".cm-play .cm-message .cm-bad").count() == 0
    log = page.locator(".cm-play .cm-log").text_content()
    assert log.count("Player 1 (red)") == 1  # one turn of ours, not two
    assert page.javascript_errors == []


def test_the_warmup_reveals_step_by_step_then_a_calculator(page, voila_url, artifacts) -> None:
    seed = 11
    warm = deal_warmup(seed)
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={seed}&mode=warmup")
    cards = page.locator(".cm-sequences-warmup-table .cmt-card")
    cards.first.wait_for(timeout=TIMEOUT)
    assert cards.count() == len(warm.sequence.cards)
    assert "What does this sequence make?" in page.locator(".cm-sequences-warmup").inner_text()
    big = page.locator(".cm-sequences-value-figure .cm-big-number")
    assert big.inner_text() == "?"
    shoot(page, artifacts, "warmup-dealt-1280x720")
    assert no_horizontal_overflow(page) == []
    values = warm.evaluation.running_values
    for step, value in enumerate(values, start=1):
        click_button(page, "cm-warmup-reveal")
        shown = str(value).replace("-", "−")
        page.wait_for_function(
            "v => document.querySelector('.cm-sequences-value-figure .cm-big-number')"
            ".textContent === v",
            arg=shown,
            timeout=TIMEOUT,
        )
        assert page.locator(".cm-sequences-steps tr").count() == step + 1
        if step == 3:
            shoot(page, artifacts, "warmup-step-3-1280x720")
    # every running value is under its card
    captions = page.locator(".cm-sequences-warmup-table .cmt-caption").all_inner_texts()
    shown = [caption[caption.index("= ") + 2 :] for caption in captions if "= " in caption]
    assert shown == [str(v).replace("-", "−") for v in values]
    click_button(page, "cm-warmup-reveal")
    page.wait_for_selector(".cm-sequences-compare mjx-container", timeout=TIMEOUT)
    compare = page.locator(".cm-sequences-compare")
    assert compare.locator(".cm-explanation").count() == 2
    page.wait_for_function(
        "() => document.querySelectorAll('.cm-sequences-compare mjx-container').length === 2",
        timeout=TIMEOUT,
    )
    assert compare.locator(".cm-tree-svg svg").count() == 2
    text = compare.inner_text()
    usual = warm.calculator()
    assert f"= {warm.left_to_right().value_text}" in text and f"= {usual.value_text}" in text
    assert "strictly left to right" in text and "× and ÷ first" in text
    shoot(page, artifacts, "warmup-compare-1280x720")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []
    resize(page, {"width": 1920, "height": 1080})
    shoot(page, artifacts, "warmup-compare-1920x1080")
    assert no_horizontal_overflow(page) == []
    # the next sequence: the next seed, nothing revealed
    click_button(page, "cm-warmup-deal")
    page.wait_for_function(
        "s => document.querySelector('.cm-seed').innerText.includes(s)",
        arg=f"Seed {seed + 1}",
        timeout=TIMEOUT,
    )
    assert big.inner_text() == "?"
    assert page.javascript_errors == []


def test_class_versus_computer_on_the_projector(page, voila_url, artifacts) -> None:
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=class&theme=projector")
    mirror = Session("sequences", ["human", "greedy"], seed=SEED)
    page.wait_for_selector(".cm-class-play .cm-play-table .cmt-card", timeout=TIMEOUT)
    assert "The class" in page.locator(".cm-class-play .cm-scoreboard").inner_text()
    for _ in range(6):
        _wait_for_table(page, mirror)
        turn = mirror.legal_actions()[-1]
        _play_turn_by_clicks(page, mirror, turn)
        mirror.apply(turn)
        mirror.run_bots()
        if mirror.is_over:
            break
    _wait_for_table(page, mirror)
    resize(page, {"width": 1920, "height": 1080})
    shoot(page, artifacts, "class-projector-1920x1080")
    assert no_horizontal_overflow(page) == []
    hand = page.locator(".cm-class-play .cm-play-table .cmt-row").first.locator(".cmt-card")
    width = hand.first.evaluate("e => e.getBoundingClientRect().width")
    assert width >= 150  # huge cards for the back row
    assert serious_accessibility_problems(page) == []
    resize(page, {"width": 1280, "height": 720})
    shoot(page, artifacts, "class-projector-1280x720")
    assert no_horizontal_overflow(page) == []
    assert page.javascript_errors == []


def test_two_students_at_one_screen_and_a_reload_resumes(page, voila_url, artifacts) -> None:
    open_dashboard(page, voila_url, NOTEBOOK, f"seed={SEED}&mode=play&length=full")
    click_button(page, "cm-new-game")
    page.locator(".cm-people label", has_text="2 (taking turns at this screen)").click()
    page.locator(".cm-opponents label", has_text="0").click()
    click_button(page, "cm-start-game")
    page.wait_for_selector(".cm-play .cm-show-hand", timeout=TIMEOUT)
    assert "Pass the screen to Player 1" in page.locator(".cm-play .cm-prompt").inner_text()
    assert page.locator(".cm-play-table .cmt-card").count() == 0
    shoot(page, artifacts, "hot-seat-cover-1280x720")
    seed = int(page.locator(".cm-seed").inner_text().split()[-1])
    mirror = Session("sequences", ["human", "human"], seed=seed)
    click_button(page, "cm-show-hand")
    _wait_for_table(page, mirror)
    turn = mirror.legal_actions()[0]
    _play_turn_by_clicks(page, mirror, turn)
    mirror.apply(turn)
    page.wait_for_function(
        "() => document.querySelector('.cm-play .cm-prompt').innerText"
        ".includes('Pass the screen to Player 2')",
        timeout=TIMEOUT,
    )
    assert page.locator(".cm-play-table .cmt-card").count() == 0
    click_button(page, "cm-show-hand")
    _wait_for_table(page, mirror)
    assert "Hand of Player 2 (blue)" in page.locator(".cm-play-table").inner_text()
    shoot(page, artifacts, "hot-seat-player-2-1280x720")
    # a reload resumes the saved game: Player 2 is still to move, behind the cover
    page.wait_for_function("() => location.search.includes('game=')", timeout=TIMEOUT)
    page.reload()
    page.wait_for_selector(".cm-play .cm-show-hand", timeout=TIMEOUT)
    assert "Pass the screen to Player 2" in page.locator(".cm-play .cm-prompt").inner_text()
    click_button(page, "cm-show-hand")
    _wait_for_table(page, mirror)
    assert page.javascript_errors == []
