"""The Navigator dashboard controller, Python side: events in, engine calls, views out."""

from __future__ import annotations

import pytest

from widgets import engine_navigator as engine
from widgets.dashboard import OptionsPanel, query_seed, scoreboard_html, seed_from_query
from widgets.navigator import NavigatorDashboard


def test_seed_and_mode_come_from_the_query_string() -> None:
    board = NavigatorDashboard.from_query("seed=2481&mode=puzzle&theme=projector")
    assert board.seed == 2481 and board.mode == "puzzle"
    assert "cm-theme-projector" in board._dom_classes
    assert "Seed 2481" in board.seed_label.value
    assert seed_from_query("?seed=7") == 7


def test_query_seed_reads_voilas_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=99")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert query_seed() == 99
    monkeypatch.setenv("QUERY_STRING", "")
    assert query_seed(default=5) == 5


def test_projector_deal_shows_the_engines_deal_and_reveal_explains() -> None:
    board = NavigatorDashboard(seed=2481, mode="projector")
    view = board.projector
    assert view is not None and view.reveal_button.disabled
    view.press_deal()
    deal = engine.deal(2481, {})
    target_html = view.figures.children[0].value
    assert f'<div class="cm-big-number">{deal.target}</div>' in target_html
    assert view.timer.running
    labels = [card["label"] for row in view.memory.rows for card in row["cards"]]
    assert any(deal.beacon.name in label for label in labels)
    view.reveal()
    assert not view.timer.running
    assert "simplest first" in view.explanation.title.value
    assert view.explanation.latex.value.startswith("$$")
    assert "<svg" in view.explanation.tree.value
    view.press_deal()  # the next deal moves to the next seed, shown on screen
    assert board.seed == 2482 and "Seed 2482" in board.seed_label.value


def test_puzzle_check_and_graded_hints() -> None:
    board = NavigatorDashboard(seed=2481, mode="puzzle")
    view = board.puzzle
    assert view is not None
    best = engine.best(view.deal)
    view.builder.text = str(best.solutions[0])
    feedback = view.builder.check()
    assert feedback.ok and feedback.value is not None
    assert "<svg" in view.explanation.tree.value
    texts = []
    for level in range(1, 5):
        view.next_hint()
        assert f"Hint {level}." in view.hint_box.value
        texts.append(view.hint_box.value)
    assert len(set(texts)) == 4
    view.next_hint()
    assert "Hint 4." in view.hint_box.value


def test_puzzle_refuses_cards_that_are_not_a_vector_set() -> None:
    board = NavigatorDashboard(seed=2481, mode="puzzle")
    view = board.puzzle
    view.builder.text = "1000 + 2000"
    assert not view.builder.check().ok
    view.builder.text = "(1 +"
    assert not view.builder.check().ok


def test_modes_are_built_once_when_chosen() -> None:
    board = NavigatorDashboard(seed=1, mode="projector")
    assert board.puzzle is None
    board.show_mode("puzzle")
    puzzle = board.puzzle
    board.show_mode("projector")
    board.show_mode("puzzle")
    assert board.puzzle is puzzle and board.body.children == (puzzle,)


def test_settings_panel_comes_from_the_engines_options() -> None:
    board = NavigatorDashboard(seed=1, mode="puzzle")
    board.settings_button.value = True
    assert board.settings_box.layout.display == "flex"
    assert isinstance(board.options_panel, OptionsPanel)
    board.total_box.value = True
    board.four_colour_box.value = True
    board.apply_settings()
    assert board.puzzle.builder.show_total
    assert board.puzzle.builder.table.four_colour
    board.theme_choice.value = "projector"
    assert "cm-theme-projector" in board._dom_classes
    assert board.puzzle.builder.table.card_width == 120


def test_scoreboard_draws_chips() -> None:
    html = scoreboard_html(["You", "Bot 1"], [10, 9], current=1, notes=["", "greedy"])
    assert html.count("cm-chip") == 19 and "greedy" in html


@pytest.mark.skipif(not engine.PLAY_READY, reason="play mode is not wired to the engine yet")
def test_play_runs_bots_until_a_human_must_move() -> None:
    board = NavigatorDashboard(seed=3, mode="play")
    view = board.play
    view.start()
    assert view.match is not None
    assert view.human in (0, None)
