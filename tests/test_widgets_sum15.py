"""The Sum 15 dashboard, Python side: the frame drives the presenter and the engine."""

from __future__ import annotations

from html import escape
from pathlib import Path

import pytest

from cardmath.cards import Card
from cardmath.games.sum15 import Play, judge
from widgets.frame.store import SessionStore
from widgets.games.sum15.dashboard import Sum15Dashboard
from widgets.games.sum15.presenter import with_suit_symbols
from widgets.games.sum15.referee import RefereeView


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path)


def hand_ids(view) -> list[str]:
    return [c["id"] for row in view.table.rows for c in row["cards"] if c["id"].startswith("hand")]


def enabled_hand(view) -> list[str]:
    return [
        c["id"]
        for row in view.table.rows
        for c in row["cards"]
        if c["id"].startswith("hand") and not c["disabled"]
    ]


def press(view, key: str) -> None:
    """Press the move button ``cm-move-<key>`` as a person would."""
    found = [b for b in view.moves.children if f"cm-move-{key}" in b.css.split()]
    assert found, f"no button {key} among {[b.description for b in view.moves.children]}"
    found[0].click()


def figure_text(view) -> str:
    return " ".join(child.value for child in view.figures.children)


def play_a_turn(view, claim: str | None = "best") -> tuple[object, Play]:
    """The person at the screen plays their first card; ``claim="best"`` says what it
    makes (the engine's judgement), ``None`` no claim, else that claim."""
    session = view.session
    player = view.person
    seen = session.observation(player)
    card = seen.hand[0]
    if claim == "best":
        claim = judge(seen.middle, card).best_claim
    before = session.state
    view.table.click("hand-0")
    press(view, f"claim-{claim or 'none'}")
    return before, Play(card, claim)


# --- the URL contract and settings ----------------------------------------------------


def test_play_from_the_address_deals_against_three_computers_with_claims(store) -> None:
    board = Sum15Dashboard.from_query("seed=7&mode=play", store=store)
    view = board.play_views["play"]
    session = view.session
    assert session.seats == ("human", "greedy", "greedy", "greedy")
    assert session.game.options.claims and session.game.options.cards == "dealt"
    assert session.seed == 7 and "Seed 7" in board.seed_label.value
    assert view.person == 0 and len(enabled_hand(view)) == 6
    assert "choose a card, then say what it makes" in view.prompt.value
    assert [b.description for b in view.moves.children] == [
        "No claim",
        "Claim 14",
        "Claim a pair",
        "Claim a run",
        "Claim fifteen",
    ]
    assert all(b.disabled for b in view.moves.children)  # nothing chosen yet
    seen = session.observation(0)
    assert f'<div class="cm-big-number">{seen.total}</div>' in figure_text(view)
    assert "Last three" in figure_text(view)


def test_settings_hide_the_referee_option_and_claims_can_be_turned_off(store) -> None:
    board = Sum15Dashboard(seed=3, mode="play", store=store)
    board.settings_button.value = True
    inputs = board.options_panel.inputs
    assert "cards" not in inputs and "players" not in inputs
    assert inputs["claims"].input.value is True
    inputs["claims"].input.value = False
    board.apply_settings()
    assert board.game_options["claims"] is False and "cards" not in board.game_options
    view = board.play_views["play"]
    view.start()
    assert not view.session.game.options.claims and view.moves.children == ()
    seen = view.session.observation(0)
    card = seen.hand[0]
    offer = judge(seen.middle, card, claims_on=False)
    before = view.session.state
    view.table.click("hand-0")  # with claims off a press plays at once
    first = view.session.moves[0]
    assert first.before == before and first.action == Play(card)
    assert first.after.scores()[0] == len(offer.taken)


# --- claims by clicks ---------------------------------------------------------------------


def test_a_claim_takes_two_presses_and_the_engine_judges_it(store) -> None:
    board = Sum15Dashboard(seed=11, mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    press(view, "claim-14")  # no card chosen: nothing happens
    assert view.session.moves == ()
    for _ in range(6):
        if view.session.is_over:
            break
        if view.announcement is not None:
            press(view, "next")
            continue
        before, action = play_a_turn(view)
        mine = next(m for m in view.session.moves if m.before == before)
        assert mine.action == action
        judgement = before.judge(action)
        assert not judgement.wrong and judgement.missed == ""
        assert mine.after.scores()[0] == before.scores()[0] + len(judgement.taken)
        if not view.session.is_over and view.announcement is None:
            assert "You played" in view.panel.value and "Last plays" in view.panel.value


def test_a_missed_set_stops_the_game_to_say_what_was_missed(store) -> None:
    # seed 5: find a turn where the first card of the hand makes a set, then do not claim
    board = Sum15Dashboard(seed=5, mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    for _ in range(40):
        session = view.session
        if view.announcement is not None:
            press(view, "next")
            continue
        seen = session.observation(view.person)
        index = next(
            (i for i, c in enumerate(seen.hand) if judge(seen.middle, c).offer.cards), None
        )
        if index is None:
            view.table.click("hand-0")
            press(view, "claim-none")
            continue
        card = seen.hand[index]
        expected = judge(seen.middle, card).missed
        view.table.click(f"hand-{index}")
        press(view, "claim-none")
        assert view.announcement is not None and "missed a set" in view.prompt.value
        assert expected and escape(with_suit_symbols(expected)) in view.panel.value
        assert session.state.middle[-1] == card  # the set stays in the middle
        assert [b.description for b in view.moves.children] == ["Play on"]
        press(view, "next")
        assert view.announcement is None
        return
    pytest.fail("no set came up in 40 turns")


def test_a_wrong_claim_takes_nothing_and_says_why(store) -> None:
    board = Sum15Dashboard(seed=2, mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    seen = view.session.observation(0)
    card = seen.hand[0]
    wrong = next(w for w in ("run", "pair", "14", "fifteen") if judge(seen.middle, card, w).wrong)
    before = view.session.state
    view.table.click("hand-0")
    press(view, f"claim-{wrong}")
    assert view.session.moves[0].after.scores()[0] == 0
    assert "a wrong claim" in view.prompt.value
    why = with_suit_symbols(judge(before.middle, card, wrong).why_wrong)
    assert escape(why) in view.panel.value


def test_show_missed_off_plays_on_without_stopping(store) -> None:
    board = Sum15Dashboard(seed=2, mode="play", display={"show_missed": False}, store=store)
    view = board.play_views["play"]
    view.start()
    view.table.click("hand-0")
    press(view, "claim-run")  # whatever it makes, a run claim on one card is often wrong
    assert view.announcement is None or view.session.is_over


def test_a_whole_game_by_clicks_ends_with_the_engines_winners(store) -> None:
    board = Sum15Dashboard(seed=21, mode="play", store=store)
    view = board.play_views["play"]
    view.computers.value = 2
    view.strength.value = "strong"
    view.start()
    session = view.session
    for _ in range(200):
        if session.is_over:
            break
        if view.announcement is not None:
            press(view, "next")
            continue
        play_a_turn(view)
    assert session.is_over and "Game over" in view.prompt.value
    outcome = session.outcome()
    for seat, score in enumerate(outcome.scores):
        assert f"{view.name(seat)}: {score} card" in view.panel.value.replace("</li>", "")
    assert view.moves.children[0].description == "New game"
    press(view, "new")
    assert view.session is None and board.seed == 22


# --- seat by seat -----------------------------------------------------------------------


def test_seat_by_seat_covers_each_hand_but_shows_the_middle(store) -> None:
    board = Sum15Dashboard(seed=4, mode="seats", store=store)
    view = board.body.children[0]
    assert view.people.value == 6 and view.computers.value == 0
    view.people.value = 14
    view.start()
    session = view.session
    assert session.humans == tuple(range(14)) and session.game.options.deck_count == 3
    for turn in range(3):
        player = view.person
        assert player == turn
        assert f"Pass the screen to <b>Player {player + 1}</b>" in view.prompt.value
        shown = [s.card for s in view.table.slots.values() if s.card is not None]
        assert shown == list(session.state.middle)  # the middle, never a hand
        assert str(session.state.total) in figure_text(view)
        view.cover.children[0].click()  # "I am Player n: show my cards"
        assert hand_ids(view) and len(hand_ids(view)) == len(session.state.hands[player])
        play_a_turn(view)
        if view.announcement is not None:
            press(view, "next")


def test_forty_at_one_screen_with_number_boxes(store) -> None:
    board = Sum15Dashboard.from_query("seed=40&mode=seats&players=40", store=store)
    view = board.body.children[0]
    assert type(view.people).__name__ == "BoundedIntText" and view.people.max == 40
    assert view.people.value == 40 and view.computers.value == 0
    view.start()
    assert len(view.session.seats) == 40 and view.session.game.options.deck_count == 7
    assert view.scoreboard.value.count("<tr") == 40


def test_the_play_setup_of_a_big_table_uses_number_boxes_and_refuses_41(store) -> None:
    board = Sum15Dashboard(seed=1, mode="play", store=store)
    view = board.play_views["play"]
    view.people.value = 2
    view.computers.value = 39
    view.start()
    assert view.session is None and "for 2 to 40 players" in view.setup_message.value


# --- real cards: the referee ------------------------------------------------------------------


def referee(store, **kwargs) -> RefereeView:
    board = Sum15Dashboard(seed=9, mode="projector", store=store, sync_url=True, **kwargs)
    view = board.body.children[0]
    assert isinstance(view, RefereeView) and view.board is board
    return view


def pick(view: RefereeView, text: str) -> None:
    view.picker.click(f"pick-{text}")


def claim_button(view: RefereeView, word: str | None):
    css = f"cm-sum15-claim-{word or 'none'}"
    return next(b for b in view.claims_box.children if css in b.css.split())


def test_the_referee_checks_claims_counts_piles_and_undoes(store) -> None:
    view = referee(store, options={"decks": 2})
    view.players.value = 14
    view.start_button.click()
    session = view.session
    assert session.game.options.cards == "table" and session.game.options.claims
    assert "Player 14 (the dealer)" in view.turn.value
    pick(view, "9C")
    view.claims_box.children[0].click()  # Turn as the starter
    assert session.state.middle == (Card.parse("9C"),)
    pick(view, "5H")
    claim_button(view, "14").click()
    assert session.state.scores()[0] == 2 and "took 9♣ 5♥ (9 + 5 = 14)" in view.verdict.value
    pick(view, "KS")
    view.claims_box.children[0].click()  # the dealer's next starter
    pick(view, "2D")
    claim_button(view, None).click()  # Player 2 forgets: 13 + 2 = 15 missed
    assert "Missed: total 15 is a multiple of 15" in view.verdict.value
    assert session.state.scores() == (2,) + (0,) * 13
    pick(view, "3C")
    claim_button(view, "run").click()  # Player 3: K 2 3 is not a run (no wrap)
    assert "✘ Player 3 played 3♣ and claimed a run, but K, 2, 3 is not a run" in view.verdict.value
    view.undo_button.click()
    assert len(session.state.middle) == 2 and session.state.current_player == 2
    assert f'<div class="cm-big-number">{session.state.total}</div>' in figure_text(view)
    assert "P3" in figure_text(view)


def test_the_picker_disables_cards_every_copy_of_which_is_face_up(store) -> None:
    view = referee(store)
    view.players.value = 2
    view.start_button.click()
    pick(view, "QH")
    view.claims_box.children[0].click()
    disabled = {s.card for s in view.picker.slots.values() if s.disabled}
    assert disabled == {Card.parse("QH")}
    assert view.enter("play QH") is not None  # typed, it is refused by rule
    assert "already face up" in view.message.value
    view.typed.value = "qs pair"
    view.typed.submit()
    assert view.session.state.scores()[0] == 2 and view.typed.value == ""


def test_a_referee_game_resumes_after_a_reload(store) -> None:
    view = referee(store)
    view.players.value = 3
    view.start_button.click()
    view.enter("starter 6D")
    view.enter("8S claim 14")
    name = view.saved_name
    assert name is not None and store.load(name) is not None
    again = Sum15Dashboard.from_query(f"seed=9&mode=projector&game={name}", store=store)
    resumed = again.body.children[0]
    assert resumed.session is not None and resumed.session.state == view.session.state
    assert resumed.setup.layout.display == "none"
    lost = Sum15Dashboard.from_query("seed=9&mode=projector&game=nosuchgame1", store=store)
    assert "not a saved game of real cards" in lost.page_message.value


def test_the_referee_plays_a_whole_game_to_its_winners(store) -> None:
    view = referee(store, options={"claims": False, "hand_size": 2})
    view.players.value = 3
    view.start_button.click()
    session = view.session
    for _ in range(40):
        if session.is_over:
            break
        first = next(s for s in view.picker.slots.values() if not s.disabled)
        view.picker.click(first.id)
        view.claims_box.children[0].click()
    assert session.is_over and "Game over" in view.turn.value
    assert "★ wins" in view.scoreboard.value
    view.new_button.click()
    assert view.setup.layout.display == "flex"


def test_the_total_can_be_hidden_for_the_class_to_keep_count(store) -> None:
    board = Sum15Dashboard(seed=7, mode="play", display={"show_total": False}, store=store)
    view = board.play_views["play"]
    view.start()
    assert '<div class="cm-big-number">?</div>' in figure_text(view)
    assert "add it up yourselves" in figure_text(view)
