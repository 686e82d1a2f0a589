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


def test_puzzle_tells_a_far_answer_to_keep_going_and_celebrates_the_best() -> None:
    board = NavigatorDashboard(seed=2481, mode="puzzle")
    view = board.puzzle
    best = engine.best(view.deal)
    beacon, first, second = view.deal.beacon, view.deal.memory[0], view.deal.memory[1]
    # a legal sum of three cards, nowhere near the best for this deal (90: 13 × 6 + 7)
    view.builder.text = " + ".join(str(card.pips) for card in (beacon, first, second))
    far = view.builder.check()
    assert far.ok and not far.best, far.message
    assert "keep going" in far.message and "cm-progress" in view.builder.feedback.value
    assert "cm-good" not in view.builder.feedback.value
    view.builder.text = str(best.solutions[0])
    assert view.builder.check().best
    assert "cm-good" in view.builder.feedback.value


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


# --- play mode ---------------------------------------------------------------------------


def _draft_first_cards(view) -> None:
    """The person at the screen keeps the first card the engine lets them pick, until the
    builder appears (bots pick in between)."""
    for _ in range(8):
        model = view.match.view()
        if model.phase != "draft" or view.human is None:
            return
        enabled = [c["id"] for row in view.table.rows for c in row["cards"] if not c["disabled"]]
        assert enabled and all(card_id.startswith("pick-") for card_id in enabled)
        view.table.click(enabled[0])


def test_play_a_round_against_a_bot_through_the_controller() -> None:
    board = NavigatorDashboard(seed=2481, mode="play")
    view = board.play
    view.strength.value = "greedy"
    view.start()
    match = view.match
    assert match is not None and match.humans == (0,) and view.human == 0
    assert view.setup.layout.display == "none"
    _draft_first_cards(view)
    observation = match.state.observation(0)
    assert observation.phase == "declare" and len(observation.memory) == 4
    assert view.builder.layout.display == "flex"
    # a typed expression that is not a Vector Set is refused by the engine: nothing changes
    before = match.state
    view.builder.text = "1000 + 2000"
    assert not view.builder.check().ok
    assert match.state is before
    # the best declaration, typed, is declared with the value it makes
    best = engine.best_vector_set(
        observation.memory, observation.beacon, observation.target, rules=observation.rules
    )
    view.builder.text = best.expression
    feedback = view.builder.check()
    assert feedback.ok, feedback.message
    result = match.state.last_round
    assert result is not None and view.match.result is result
    model = match.view()
    assert model.phase == "showdown" and next(row.name for row in model.showdown) in (
        "You",
        "Navigator 2 (greedy)",
    )
    mine = next(row for row in model.showdown if row.name == "You")
    assert mine.declared == best.value and mine.distance == best.distance
    # chips: every non-winner pays every winner one chip
    distances = {row.name: row.distance for row in model.showdown}
    closest = min(distances.values())
    winners = {name for name, d in distances.items() if d == closest}
    for row in model.showdown:
        if len(winners) == 2:
            assert row.chips_after == row.chips_before == 10
        elif row.name in winners:
            assert row.chips_after == 11 and row.winner
        else:
            assert row.chips_after == 9 and not row.winner
    assert list(match.state.chips) == [
        row.chips_after for row in sorted(model.showdown, key=lambda r: r.name != "You")
    ]
    # the showdown screen: each expression typeset, the best answer explained
    assert view.showdown.value.count("$") >= 4 and "cm-showdown-table" in view.showdown.value
    assert "Best possible for You" in view.explanation.title.value
    assert "<svg" in view.explanation.tree.value
    assert view.explanation.latex.value.startswith("$$")
    assert view.table.layout.display == "none" and view.builder.layout.display == "none"
    # next round
    view.move("next")
    assert match.result is None and match.state.round == 2
    assert view.human == 0 and match.view().phase == "draft"


def test_play_a_whole_game_to_the_game_over_screen() -> None:
    board = NavigatorDashboard(seed=7, mode="play", options={"starting_chips": 1})
    view = board.play
    view.opponents.value = 2
    view.strength.value = "random"
    view.start()
    match = view.match
    for _ in range(200):
        if match.finished and match.result is not None:
            break
        model = match.view()
        if model.showdown:
            view.move("next")
        elif model.phase == "draft":
            _draft_first_cards(view)
        elif model.phase == "declare":
            view.builder.press("card-0")
            view.builder.press("+")
            view.builder.press("card-1")
            view.builder.press("+")
            view.builder.press("card-2")
            assert view.builder.check().ok
    assert match.finished
    model = match.view()
    assert model.finished and model.summary.startswith("Game over")
    assert ("new", "New game") in model.moves
    assert "Game over" in view.message.value
    view.move("new")
    assert view.match is None and view.setup.layout.display == "flex"


def test_hot_seat_hides_the_other_hands() -> None:
    board = NavigatorDashboard(seed=31, mode="play")
    view = board.play
    view.hot_seat.value = 3
    view.start()
    match = view.match
    assert match.bots == {} and match.humans == (0, 1, 2)
    seen_players = set()
    for _ in range(12):
        player = view.human
        assert player is not None
        # the cover: no cards on the table until the player says who they are
        assert view.table.rows == [] and view.table.layout.display == "none"
        assert f"Pass the screen to <b>Player {player + 1}</b>" in view.message.value
        view.reveal_hand()
        state = match.state
        own = [*state.packets[player], *state.memories[player]]
        shown = [
            slot.card
            for slot in view.table.slots.values()
            if not slot.face_down and slot.card is not None
        ]
        assert shown and sorted(shown) == sorted(own)
        others = {
            card
            for other in range(3)
            if other != player
            for card in (*state.packets[other], *state.memories[other])
        }
        assert not (set(shown) - set(own)) and not (others & set(shown) - set(own))
        seen_players.add(player)
        first = next(c["id"] for row in view.table.rows for c in row["cards"] if not c["disabled"])
        view.table.click(first)
        if match.view().phase != "draft":
            break
    assert seen_players == {0, 1, 2}
    # the declaration is also behind the cover
    assert view.builder.layout.display == "none" and view.human is not None
    view.reveal_hand()
    assert view.builder.layout.display == "flex"
    labels = [card["label"] for row in view.builder.table.rows for card in row["cards"]]
    assert len(labels) == 5  # the beacon and this player's four Nav Memory cards


def test_declaring_a_number_yourself_can_forfeit() -> None:
    match = engine.Match(2, {1: "random"}, seed=2481, options={"rounds": 1}, own_value=True)
    while match.view().phase == "draft":
        match.click_card("pick-0")
    observation = match.state.observation(0)
    cards = match.view().builder_cards
    text = " + ".join(str(values[0]) for _, values in cards[:3])
    made = sum(values[0] for _, values in cards[:3])
    assert not match.declare(text).ok  # no number said yet
    feedback = match.declare(text, value=made + 1, cards=[0, 1, 2])
    assert feedback.ok  # declared: the engine judges it at the showdown
    row = next(row for row in match.view().showdown if row.name == "You")
    assert row.verdict.startswith("forfeits: calculated wrongly") and not row.winner
    assert observation.target is not None


def test_hotshot_lock_and_pirate_map_are_engine_moves() -> None:
    match = engine.Match(2, {1: "random"}, seed=5, options={"hotshot": True})
    assert ("lock", "Lock my pick (Hotshot Spacer)") in match.view().moves
    match.move("lock")
    assert all(
        slot.disabled is False for slot in match.view().rows["Data Packet: click a card to keep it"]
    )
    match.click_card("pick-1")
    assert match.state.hotshots[0]
    assert match.view().rows["Nav Memory"][0].caption == "locked"
    pirate = engine.Match(2, {1: "random"}, seed=5, options={"variant": ("pirate-map",)})
    model = pirate.view()
    assert model.phase == "buy" and pirate.human_to_move() == 0
    assert {key for key, _ in model.moves} == {"buy", "pass"}
    pirate.move("buy")
    assert pirate.state.map_owner == 0 and pirate.state.chips[0] == 8
    with pytest.raises(engine.IllegalMove):
        pirate.move("next")


def test_sympy_latex_keeps_the_order_and_shows_times() -> None:
    from cardmath.expr import parse
    from widgets.exprtree import sympy_latex

    assert sympy_latex(parse("(11 - 7) * 8")) == r"\left(11 - 7\right) \times 8"
    assert sympy_latex(parse("3 + 12 * 7")) == r"3 + 12 \times 7"
    # where sympy would change the operators, the project's printer keeps the tree
    assert sympy_latex(parse("12 * (6 * 3)")) == r"12 \times \left(6 \times 3\right)"
    assert sympy_latex(parse("12 / (6 / 2)")) == r"12 \div \left(6 \div 2\right)"
