"""Navigator's Class vs computer, the projector's Reveal toggle, and every mode coming back
after a reload (the page's address and the saved deal or game)."""

from __future__ import annotations

import gc
import json
from collections import Counter
from pathlib import Path

import pytest
from ipywidgets.widgets.widget import _instances

from cardmath.games.navigator_rules import best_vector_set
from cardmath.puzzles.navigator import NavigatorPuzzle
from widgets.frame.store import SessionStore
from widgets.games.navigator.dashboard import NavigatorDashboard
from widgets.games.navigator.views import HIDE, REVEAL, ROUND_SECONDS


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path)


def enabled(view) -> list[str]:
    return [c["id"] for row in view.table.rows for c in row["cards"] if not c["disabled"]]


def draft(view) -> None:
    """The class keeps the first card the engine allows, until it must declare."""
    for _ in range(8):
        if view.person is None or view.session.observation(view.person).phase != "draft":
            return
        view.table.click(enabled(view)[0])


def declare_best(view) -> int:
    """The teacher types the class's best Vector Set and presses Declare; its value."""
    seen = view.session.observation(view.person)
    best = best_vector_set(seen.memory, seen.beacon, seen.target, rules=seen.rules)
    view.presenter.builder.text = best.expression
    assert view.presenter.builder.check().ok
    return best.value


def address(board) -> dict[str, str]:
    return dict(part.split("=", 1) for part in board.url.query.split("&") if part)


# --- Class vs computer --------------------------------------------------------------------


def test_class_mode_is_one_of_the_modes_and_deals_from_the_address(store: SessionStore) -> None:
    board = NavigatorDashboard.from_query("seed=12&mode=class&theme=projector", store=store)
    assert [label for label, _ in board.mode_buttons.options] == [
        "Projector",
        "Class vs computer",
        "Play",
        "Puzzle",
    ]
    view = board.play_views["class"]
    assert "cm-class-play" in view._dom_classes and view.audience == "class"
    assert view.session.seats == ("human", "greedy")  # the class against the computer bot
    assert view.person == 0 and view.name(0) == "The class"
    assert view.prompt.value.startswith("<div>The class: pick 1 of 4")
    assert "The class" in view.scoreboard.value and "Navigator 2 (greedy)" in view.scoreboard.value
    assert address(board)["mode"] == "class" and "game" in address(board)


def test_the_class_plays_a_whole_game_against_the_computer(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=5, mode="class", options={"rounds": 2}, store=store)
    view = board.play_views["class"]
    view.start()
    session = view.session
    showdowns = 0
    for _ in range(40):
        if session.is_over:
            break
        if view.announcement is not None:
            assert "The class" in view.panel.value  # the class's row in the showdown
            view.moves.children[0].click()
            showdowns += 1
            continue
        if session.observation(view.person).phase == "draft":
            draft(view)
        else:
            declared = declare_best(view)
            mine = next(s for s in session.state.last_round.showdowns if s.player == 0)
            assert mine.declared == declared  # the engine judged what the teacher entered
    assert session.is_over and session.state.round == 2 and showdowns == 1
    assert "Game over" in view.prompt.value
    won = 0 in session.outcome().winners
    assert ("the class wins" in view.prompt.value) == (won and len(session.outcome().winners) == 1)
    assert view.moves.children[0].description == "New game"


def test_class_mode_resumes_after_a_reload(store: SessionStore) -> None:
    board = NavigatorDashboard.from_query("seed=40&mode=class", store=store)
    view = board.play_views["class"]
    view.table.click(enabled(view)[0])
    name = address(board)["game"]
    assert name == view.saved_name
    again = NavigatorDashboard.from_query(f"seed=40&mode=class&game={name}", store=store)
    resumed = again.play_views["class"]
    assert again.mode == "class" and resumed.session.state == view.session.state
    assert resumed.name(0) == "The class" and again.page_message.value == ""


def test_a_resumed_game_keeps_its_rules_for_the_next_game(store: SessionStore) -> None:
    board = NavigatorDashboard.from_query("seed=8&mode=class&length=full", store=store)
    board.game_options = {"rounds": 2, "hotshot": True}
    view = board.play_views["class"]
    view.new_game()
    view.start()
    again = NavigatorDashboard.from_query(board.url.query, store=store)
    assert again.game_options == {"rounds": 2, "hotshot": True}
    resumed = again.play_views["class"]
    resumed.new_game()
    resumed.start()  # the next game is dealt under the same rules
    assert resumed.session.game.options.rounds == 2 and resumed.session.game.options.hotshot


def test_the_address_names_the_game_of_the_mode_on_screen(store: SessionStore) -> None:
    board = NavigatorDashboard.from_query("seed=3&mode=class", store=store)
    class_game = address(board)["game"]
    board.show_mode("projector")
    assert "game" not in address(board)  # nothing dealt on the projector yet
    board.body.children[0].deal_button.click()
    projector_deal = address(board)["game"]
    assert projector_deal != class_game
    board.show_mode("class")
    assert address(board)["game"] == class_game
    board.show_mode("projector")
    assert address(board)["game"] == projector_deal


# --- the projector: Reveal toggles ----------------------------------------------------------


def test_reveal_toggles_between_the_answers_and_the_deal(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=2481, mode="projector", store=store)
    view = board.body.children[0]
    assert view.reveal_button.disabled and view.reveal_button.description == REVEAL
    view.reveal_button.click()  # nothing dealt: nothing to reveal
    assert not view.revealed
    view.deal_button.click()
    view.reveal_button.click()
    assert view.revealed and view.reveal_button.description == HIDE
    assert view.stage.layout.display == "none" and view.explanation.count > 0
    assert "cm-reveal-on" in view.reveal_button._dom_classes
    assert "Answers shown" in view.message.value
    assert not view.timer.running
    view.reveal_button.click()  # a second press brings the deal back
    assert not view.revealed and view.reveal_button.description == REVEAL
    assert view.stage.layout.display == "flex" and view.explanation.count == 0
    assert "cm-reveal-on" not in view.reveal_button._dom_classes
    assert NavigatorPuzzle.deal(2481).prompt in view.message.value
    view.reveal_button.click()  # and a third shows the answers again
    assert view.revealed and view.explanation.count > 0


def test_hiding_the_answers_after_time_is_up_says_time_is_up(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=3, mode="projector", store=store)
    view = board.body.children[0]
    view.deal_button.click()
    view.timer.expire()
    view.reveal_button.click()
    assert "Time's up" not in view.message.value
    view.reveal_button.click()
    assert "Time's up" in view.message.value


# --- the projector and the puzzle come back after a reload -----------------------------------


def test_the_projector_deal_comes_back_after_a_reload(store: SessionStore) -> None:
    board = NavigatorDashboard.from_query("seed=2481&mode=projector&theme=projector", store=store)
    view = board.body.children[0]
    view.deal_button.click()
    view.deal_button.click()  # the next deal: seed 2482
    view.reveal_button.click()
    view.explanation.next_button.click()
    query = board.url.query
    assert "seed=2482" in query and "game=" in query
    again = NavigatorDashboard.from_query(query, store=store)
    back = again.body.children[0]
    assert again.seed == 2482 and back.puzzle.target == view.puzzle.target
    assert back.revealed and back.reveal_button.description == HIDE
    assert back.explanation.index == 1 and back.explanation.count == view.explanation.count
    assert back.deal_button.description == "New deal" and not back.reveal_button.disabled
    assert again.page_message.value == ""
    back.reveal_button.click()  # the deal is there under the answers
    labels = [card["label"] for row in back.memory.rows for card in row["cards"]]
    assert any(view.puzzle.beacon.name in label for label in labels)


def test_a_running_timer_keeps_running_through_a_reload(store: SessionStore) -> None:
    board = NavigatorDashboard.from_query("seed=9&mode=projector", store=store)
    view = board.body.children[0]
    view.deal_button.click()
    name = view.saved_name
    record = json.loads(store.load(name))
    started = record["timer"]["started"] / 1000
    again = NavigatorDashboard.from_query("seed=9&mode=projector", store=store)
    back = again.body.children[0]
    assert back.resume(store.load(name), name, now=started + 100)
    assert back.timer.running and back.timer.remaining == pytest.approx(ROUND_SECONDS - 100)
    assert back.pause_button.description == "Pause timer"
    late = NavigatorDashboard.from_query("seed=9&mode=projector", store=store).body.children[0]
    assert late.resume(store.load(name), name, now=started + ROUND_SECONDS + 5)
    assert late.timer.finished and not late.timer.running and "Time's up" in late.message.value


def test_a_paused_timer_and_the_rules_come_back(store: SessionStore) -> None:
    options = {"variant": ("select-precog",)}
    board = NavigatorDashboard.from_query("seed=13&mode=projector", store=store)
    board.game_options = dict(options)
    view = board.body.children[0]
    view.deal_button.click()
    view.timer.pause(now=view.timer.started / 1000 + 30)
    view.pause_button.description = "Resume timer"
    view.save()
    again = NavigatorDashboard.from_query(board.url.query, store=store)
    back = again.body.children[0]
    assert again.game_options == options and back.puzzle.rules.precog
    assert not back.timer.running and back.timer.remaining == pytest.approx(ROUND_SECONDS - 30)
    assert back.pause_button.description == "Resume timer"


def test_the_puzzle_comes_back_with_its_hints_and_expression(store: SessionStore) -> None:
    board = NavigatorDashboard.from_query("seed=2481&mode=puzzle", store=store)
    view = board.body.children[0]
    view.hint_button.click()
    view.hint_button.click()
    cards = (view.puzzle.beacon, view.puzzle.memory[0], view.puzzle.memory[1])
    view.builder.text = " + ".join(str(card.pips) for card in cards)
    view.builder.check()
    again = NavigatorDashboard.from_query(board.url.query, store=store)
    back = again.body.children[0]
    assert back.hint_level == 2 and back.hint_box.value == view.hint_box.value
    assert back.builder.text == view.builder.text
    assert back.builder.feedback.value == view.builder.feedback.value


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        '{"view": "navigator-puzzle", "seed": 1, "options": {}}',  # a puzzle, not a deal
        '{"view": "navigator-projector", "seed": -1, "options": {}, "timer": {}}',
        '{"view": "navigator-projector", "seed": 1, "options": {"chess": 1}, "timer": {}}',
        '{"view": "navigator-projector", "seed": 1, "options": {}, "timer": {"remaining": "x"}}',
    ],
)
def test_a_saved_deal_that_is_not_one_opens_a_fresh_projector(
    store: SessionStore, text: str
) -> None:
    store.save("saved-deal-1", text)
    board = NavigatorDashboard.from_query("seed=4&mode=projector&game=saved-deal-1", store=store)
    view = board.body.children[0]
    assert view.puzzle is None and board.game_options == {}
    assert "?game=saved-deal-1 is not a saved Projector deal" in board.page_message.value


# --- a light page -------------------------------------------------------------------------------


def page_models(query: str, store: SessionStore) -> int:
    for widget in list(_instances.values()):
        widget.close()
    gc.collect()
    before = set(_instances)
    NavigatorDashboard.from_query(query, store=store)
    gc.collect()
    return sum(
        Counter(type(_instances[k]).__name__ for k in _instances if k not in before).values()
    )


@pytest.mark.parametrize("mode", ["play", "class"])
def test_the_declaration_tools_are_made_when_first_needed(store: SessionStore, mode: str) -> None:
    assert page_models(f"seed=1001&mode={mode}", store) <= 80
    board = NavigatorDashboard.from_query(f"seed=1001&mode={mode}", store=store)
    view = board.play_views[mode]
    presenter = view.presenter
    assert presenter._builder is None and presenter._declared_value is None
    draft(view)
    assert view.tool.children == (presenter.builder,)  # no number box unless asked for
    builder = presenter.builder
    declare_best(view)
    view.moves.children[0].click()  # next round
    draft(view)
    assert presenter.builder is builder and view.tool.children == (builder,)  # reused


def test_a_showdown_on_screen_comes_back_after_a_reload(store: SessionStore) -> None:
    board = NavigatorDashboard.from_query("seed=5&mode=class", store=store)
    view = board.play_views["class"]
    for round_number in (1, 2):
        draft(view)
        declare_best(view)
        title = f"Showdown of round {round_number}"
        assert view.announcement is not None and title in view.prompt.value
        moves, shown = len(view.session.moves), view.panel.value
        again = NavigatorDashboard.from_query(board.url.query, store=store)
        back = again.play_views["class"]
        # the showdown, and the game as it was: the computer has not picked meanwhile
        assert back.announcement is not None and back.panel.value == shown
        assert title in back.prompt.value and back.person is None
        assert len(back.session.moves) == moves and back.session.state == view.session.state
        back.moves.children[0].click()  # Next round; a reload now shows that round
        assert back.announcement is None and back.session.state.round == round_number + 1
        third = NavigatorDashboard.from_query(again.url.query, store=store).play_views["class"]
        assert third.announcement is None and third.session.state == back.session.state
        board, view = again, back
    # in round 3 the class has the initiative: nothing moved after Next round, and still
    # the reload does not bring the showdown back
    assert len(view.session.moves) == moves


def test_the_declaration_screen_adds_only_the_builder(store: SessionStore) -> None:
    """Declaring adds the expression builder and nothing else: the builder, its card
    table, its keypad (signs, brackets, Backspace and Clear drawn by one widget), the box,
    Check, two lines of words and two rows: 9 models (23 when each key was a button, the
    page then 95 models); no number box unless asked for."""
    for widget in list(_instances.values()):
        widget.close()
    gc.collect()
    before = set(_instances)
    board = NavigatorDashboard.from_query("seed=1001&mode=class", store=store)
    gc.collect()
    opened = len(set(_instances) - before)
    draft(board.play_views["class"])
    gc.collect()
    kinds = Counter(type(_instances[k]).__name__ for k in set(_instances) - before)
    assert opened <= 80 and sum(kinds.values()) - opened <= 10, kinds
    assert kinds["ExpressionBuilder"] == 1 and kinds["IntText"] == 0
    assert kinds["Keypad"] == 1 and kinds["ActionButton"] <= 8, kinds
