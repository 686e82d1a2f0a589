"""The Sequences dashboard, Python side: the frame drives the presenter and the engine.

A turn is made the way a student makes it (a hand card, then its place; a ``?`` asks its
operator; cards under the pile; *Play these*), and what the screen shows is checked
against the engine: the legal turns, the values of the sequences, the scores, the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardmath.games.sequences import Turn
from cardmath.lessons.sequences import deal_warmup
from cardmath.session import Session
from cardmath.wording import number_text
from widgets.frame.store import SessionStore
from widgets.games.sequences.dashboard import SequencesDashboard
from widgets.games.sequences.presenter import OPERATOR_KEYS
from widgets.games.sequences.warmup import WarmUpView

OPERATOR_BUTTONS = {op: key for key, (op, _) in OPERATOR_KEYS.items()}


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path)


def _play_view(store: SessionStore, query: str):
    board = SequencesDashboard.from_query(query, store=store)
    return board, board.play_views[board.mode]


def _buttons(view) -> dict[str, object]:
    return {
        button.css.split()[-1].removeprefix("cm-move-"): button for button in view.moves.children
    }


def _slots(view) -> dict[str, dict]:
    return {card["id"]: card for row in view.table.rows for card in row["cards"]}


def _titles(view) -> list[str]:
    return [row["title"] for row in view.table.rows]


def _make_turn(view, turn: Turn) -> None:
    """Click ``turn`` as a student would (hand card, place, operator; buried cards; Play)."""
    session = view.session
    hand = list(session.observation(view.person).hand)
    used: set[int] = set()

    def position(card) -> int:
        found = next(i for i, c in enumerate(hand) if c == card and i not in used)
        used.add(found)
        return found

    if turn.redraw:
        _buttons(view)["redraw"].click()
        return
    if not turn.plays and not turn.buried:
        _buttons(view)["pass"].click()
        return
    for play in turn.plays:
        view.table.click(f"hand-{position(play.card)}")
        view.table.click("place-new" if play.sequence is None else f"place-{play.sequence}")
        if play.operator:
            _buttons(view)[f"op-{OPERATOR_BUTTONS[play.operator]}"].click()
        assert view.message.value == "", view.message.value
    for card in turn.buried:
        view.table.click(f"hand-{position(card)}")
    _buttons(view)["play" if turn.plays else "bury"].click()


# --- the URL contract -----------------------------------------------------------------------


def test_mode_play_deals_a_game_against_the_default_computer(store: SessionStore) -> None:
    board, view = _play_view(store, "seed=7&mode=play")
    assert board.seed == 7 and board.mode == "play" and board.page_message.value == ""
    assert view.session.seats == ("human", "greedy")
    assert view.session.seed == 7 and view.person == 0
    hand = [card for card in _slots(view).values() if card["id"].startswith("hand-")]
    assert len(hand) == 6 and all(not card["disabled"] and card["label"] for card in hand)
    assert "Sequences" in board.game_class.title
    assert any(title.startswith("Your hand (red)") for title in _titles(view))


def test_modes_read_naturally_in_the_address(store: SessionStore) -> None:
    board = SequencesDashboard.from_query("seed=3&mode=class&bots=strong", store=store)
    view = board.play_views["class"]
    assert view.audience == "class" and view.session.seats == ("human", "strong")
    assert view.name(0) == "The class"
    assert any(title.startswith("Hand of the class (red)") for title in _titles(view))
    warm = SequencesDashboard.from_query("seed=3&mode=warmup", store=store)
    assert isinstance(warm.body.children[0], WarmUpView)
    bad = SequencesDashboard.from_query("mode=chess", store=store)
    assert "?mode=chess is not a mode" in bad.page_message.value
    assert bad.mode == "class"


# --- a turn from clicks -----------------------------------------------------------------------


def test_a_whole_game_against_the_strong_computer_shows_the_engines_table(
    store: SessionStore,
) -> None:
    _, view = _play_view(store, "seed=5&mode=play&bots=strong&length=full")
    mirror = Session("sequences", ["human", "strong"], seed=5)
    mirror.run_bots()
    turns = 0
    while not mirror.is_over:
        values = mirror.state.sequence_values()
        titles = [t for t in _titles(view) if t.startswith("S")]
        assert len(titles) == len(values)
        for index, (title, value) in enumerate(zip(titles, values, strict=True)):
            assert title.startswith(f"S{index + 1} = {str(value).replace('-', '−')} ·")
        assert f"{number_text(mirror.state.scores()[0])} point" in view.scoreboard.value
        turn = mirror.legal_actions()[turns % len(mirror.legal_actions())]
        _make_turn(view, turn)
        mirror.apply(turn)
        mirror.run_bots()
        assert view.session.state == mirror.state
        turns += 1
    assert view.session.is_over and view.announcement is not None
    assert view.announcement.title.startswith("Game over")
    html = view.panel.value
    assert html.count("<tr><th scope='row'>") == len(mirror.state.sequences)
    assert mirror.state.ended in html
    assert "cm-move-new" in _buttons(view)["new"].css


def test_a_question_card_asks_its_operator(store: SessionStore) -> None:
    _, view = _play_view(store, "seed=5&mode=play&bots=strong&length=full")
    session = view.session
    while True:
        turn = next((t for t in session.legal_actions() if any(p.operator for p in t.plays)), None)
        if turn is not None:
            break
        _make_turn(view, session.legal_actions()[0])
        assert not session.is_over
    play = next(p for p in turn.plays if p.operator)
    hand = session.observation(0).hand
    view.table.click(f"hand-{hand.index(play.card)}")
    view.table.click(f"place-{play.sequence}")
    assert "which operator is your ? card" in view.prompt.value
    assert {"op-plus", "op-minus", "op-times", "op-divide"} <= set(_buttons(view))
    _buttons(view)[f"op-{OPERATOR_BUTTONS[play.operator]}"].click()
    slots = _slots(view)
    chosen = next(card for card in slots.values() if card["id"].startswith("chosen-"))
    assert chosen["caption"] == f"yours, as {'+−×÷'['+-*/'.index(play.operator)]}"


def test_an_illegal_play_is_refused_with_the_rule_and_nothing_changes(
    store: SessionStore,
) -> None:
    _, view = _play_view(store, "seed=7&mode=play")
    before = view.session.state
    hand = view.session.observation(0).hand
    number = next(i for i, card in enumerate(hand) if card.kind == "number")
    view.table.click(f"hand-{number}")
    view.table.click("place-new")
    assert "only a starter starts a new one" in view.message.value
    assert view.session.state is before and view.presenter.plays == []
    # the place of a card that fits: the rule is quiet and the play is taken
    starter = next(i for i, card in enumerate(hand) if card.kind == "starter")
    view.table.click(f"hand-{starter}")
    view.table.click("place-new")
    assert view.message.value == "" and len(view.presenter.plays) == 1


def test_the_must_play_most_rule_refuses_a_turn_of_fewer_cards(store: SessionStore) -> None:
    _, view = _play_view(store, "seed=5&mode=play&bots=strong&length=full")
    session = view.session
    while session.state.most_cards_playable != 2:
        _make_turn(view, session.legal_actions()[0])
    first = session.legal_actions()[0].plays[0]
    hand = session.observation(0).hand
    view.table.click(f"hand-{hand.index(first.card)}")
    view.table.click("place-new" if first.sequence is None else f"place-{first.sequence}")
    if first.operator:
        _buttons(view)[f"op-{OPERATOR_BUTTONS[first.operator]}"].click()
    before = session.state
    _buttons(view)["play"].click()
    assert "you must play as many cards as you can, and you can play 2" in view.message.value
    assert session.state is before
    # a second card on the sequence the first went on (or starts): separate sequences
    second = next(
        i for i, card in enumerate(hand) if i != hand.index(first.card) and card.kind != "starter"
    )
    view.table.click(f"hand-{second}")
    same = len(session.state.sequences) if first.sequence is None else first.sequence
    view.table.click(f"place-{same}")
    if hand[second].face == "?":
        _buttons(view)["op-plus"].click()
    assert "separate sequences" in view.message.value
    assert len(view.presenter.plays) == 1
    _buttons(view)["clear"].click()
    assert view.presenter.plays == [] and "clear" not in _buttons(view)


def test_burying_and_the_whole_hand_redraw_are_offered_as_the_engine_allows(
    store: SessionStore,
) -> None:
    # seed 1: the first hand has no starter, so the only move is the whole-hand redraw
    _, view = _play_view(store, "seed=1&mode=play")
    assert view.session.legal_actions() == (Turn(redraw=True),)
    assert set(_buttons(view)) == {"redraw"}
    assert "Put your whole hand under your pile" in view.prompt.value
    _buttons(view)["redraw"].click()
    assert view.session.moves[0].action == Turn(redraw=True)
    # seed 7: a starter alone, then one card under the pile
    _, view = _play_view(store, "seed=7&mode=play")
    turn = view.session.legal_actions()[0]
    assert len(turn.plays) == 1 and len(turn.buried) == 1
    _make_turn(view, turn)
    assert view.session.moves[0].action == turn


def test_the_computers_last_turn_is_said_and_its_cards_marked_new(store: SessionStore) -> None:
    _, view = _play_view(store, "seed=5&mode=play&bots=strong&length=full")
    _make_turn(view, view.session.legal_actions()[0])
    last = view.session.moves[-1]
    assert last.player == 1
    panel = view.panel.value
    assert "Computer 2 (strong) played" in panel or "put their whole hand" in panel
    for buried in last.action.buried:  # face down: not named
        assert str(buried) not in panel
    captions = [card["caption"] for card in _slots(view).values()]
    assert captions.count("new") + sum(c.endswith(", new") for c in captions) == len(
        last.action.plays
    )


def test_undo_and_saving_resume_the_same_table(store: SessionStore) -> None:
    _, view = _play_view(store, "seed=5&mode=play&bots=strong&length=full")
    _make_turn(view, view.session.legal_actions()[0])
    _make_turn(view, view.session.legal_actions()[0])
    saved = view.saved_name
    assert saved and store.load(saved) is not None
    again = SequencesDashboard.from_query(f"seed=5&mode=play&game={saved}", store=store)
    resumed = again.play_views["play"]
    assert resumed.session.state == view.session.state
    assert _titles(resumed) == _titles(view)
    view.undo_button.click()
    assert len(view.session.moves) == 2 and view.person == 0


def test_hot_seat_hides_each_hand_until_its_owner_is_there(store: SessionStore) -> None:
    board = SequencesDashboard(seed=7, mode="play", store=store)
    view = board.play_views["play"]
    view.people.value = 2
    view.computers.value = 0
    view.start()
    assert view.session.seats == ("human", "human")
    assert view.table.rows == [] and "Pass the screen to <b>Player 1</b>" in view.prompt.value
    view.cover.children[0].click()
    assert any("Hand of Player 1 (red)" in title for title in _titles(view))
    _make_turn(view, view.session.legal_actions()[0])
    assert view.table.rows == [] and "Pass the screen to <b>Player 2</b>" in view.prompt.value


def test_display_settings_hide_values_and_hints(store: SessionStore) -> None:
    board, view = _play_view(store, "seed=5&mode=play&bots=strong&length=full")
    while not view.session.state.sequences:
        _make_turn(view, view.session.legal_actions()[0])
    assert any(t.startswith("S1 = ") for t in _titles(view))
    assert any(card["caption"] == "✓ can play" for card in _slots(view).values())
    board.display = {"show_values": False, "mark_playable": False}
    board.settings_changed()
    assert not any(" = " in t for t in _titles(view) if t.startswith("S"))
    assert not any("✓" in card["caption"] for card in _slots(view).values())


def test_a_double_press_acts_once(store: SessionStore) -> None:
    _, view = _play_view(store, "seed=7&mode=play")
    hand = view.session.observation(0).hand
    starter = next(i for i, card in enumerate(hand) if card.kind == "starter")
    view.table.click(f"hand-{starter}")
    view.table.click("place-new")
    view.table.click("place-new")  # the card is placed: the place is idle now
    assert len(view.presenter.plays) == 1
    view.table.click(f"hand-{(starter + 1) % 6}")
    button = _buttons(view)["play"]
    button.click()
    button.click()  # the second press reaches a finished turn: nothing more happens
    assert len([m for m in view.session.moves if m.player == 0]) == 1


# --- the warm-up ----------------------------------------------------------------------------


def test_the_warmup_reveals_each_running_value_then_a_calculator(store: SessionStore) -> None:
    board = SequencesDashboard(seed=11, mode="warmup", store=store)
    view = board.body.children[0]
    warm = deal_warmup(11)
    assert [c["label"].split(",")[0] for c in view.table.rows[0]["cards"]] == [
        f"{card.colour} {card.kind}" if card.face != "?" else "red question card"
        for card in warm.sequence.cards
    ]
    assert "?" in view.figures.children[0].value
    for step, value in enumerate(warm.evaluation.running_values, start=1):
        view.reveal_button.click()
        shown = str(value).replace("-", "−")
        assert f'<div class="cm-big-number">{shown}</div>' in view.figures.children[0].value
        assert view.steps.value.count("<tr>") == step + 1
    assert view.reveal_button.description == "What would a calculator say?"
    view.reveal_button.click()
    assert view.compared and view.compare.layout.display == "flex"
    usual = warm.calculator()
    assert view.calculator_reading.latex.value == f"$${usual.latex}$$"
    assert "<svg" in view.calculator_reading.tree.value and "<svg" in view.game_reading.tree.value
    assert f"= {warm.left_to_right().value_text}" in view.game_reading.steps_html.value
    assert view.reveal_button.disabled
    view.deal_button.click()
    assert board.seed == 12 and view.shown == 0 and view.compare.layout.display == "none"


def test_the_warmup_follows_the_level_and_the_division_rule(store: SessionStore) -> None:
    board = SequencesDashboard(seed=4, mode="warmup", store=store)
    view = board.body.children[0]
    view.level.value = 0
    assert not any(card.kind == "modifier" for card in view.warmup.sequence.cards)
    view.level.value = 2
    assert sum(card.kind == "modifier" for card in view.warmup.sequence.cards) == 2
    board.game_options = {"division": "floor"}
    board.settings_changed()
    assert view.warmup.division == "floor"
    assert view.warmup == deal_warmup(4, "floor", modifiers=2)
