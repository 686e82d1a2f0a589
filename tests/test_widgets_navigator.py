"""The Navigator dashboard, Python side: the frame drives the presenter and the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardmath.games.navigator_rules import best_vector_set
from cardmath.puzzles.navigator import NavigatorPuzzle
from widgets.frame.store import SessionStore
from widgets.games.navigator.dashboard import NavigatorDashboard


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path)


def test_seed_mode_and_theme_come_from_the_address(store: SessionStore) -> None:
    board = NavigatorDashboard.from_query("seed=2481&mode=puzzle&theme=projector", store=store)
    assert board.seed == 2481 and board.mode == "puzzle"
    assert "cm-theme-projector" in board._dom_classes
    assert "Seed 2481" in board.seed_label.value
    assert board.page_message.value == ""


# --- projector ---------------------------------------------------------------------------


def test_projector_deal_shows_the_engines_deal_and_reveal_explains(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=2481, mode="projector", store=store)
    view = board.body.children[0]
    assert view.reveal_button.disabled and view.pause_button.disabled
    view.toggle_timer()  # Pause before Deal does nothing: the clock does not start
    assert not view.timer.running
    view.deal_button.click()
    deal = NavigatorPuzzle.deal(2481)
    target_html = view.figures.children[0].value
    assert f'<div class="cm-big-number">{deal.target}</div>' in target_html
    assert view.timer.running and not view.pause_button.disabled
    labels = [card["label"] for row in view.memory.rows for card in row["cards"]]
    assert any(deal.beacon.name in label for label in labels)
    view.reveal_button.click()
    assert not view.timer.running
    best = deal.best()
    assert "simplest first" in view.explanation.title.value
    title = view.explanation.title.value
    away = "exactly on target" if best.best_distance == 0 else f"{best.best_distance} away"
    ways = f"{best.solution_count} way" + ("" if best.solution_count == 1 else "s")
    assert f"the best is {away} ({ways})" in title  # never "the best is exactly (5 ways)"
    assert view.explanation.count == min(8, best.solution_count)
    assert view.explanation.latex.value.startswith("$$")
    assert "<svg" in view.explanation.tree.value
    view.deal_button.click()  # the next deal moves to the next seed, shown on screen
    assert board.seed == 2482 and "Seed 2482" in board.seed_label.value


def test_time_up_is_said_in_words(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=3, mode="projector", store=store)
    view = board.body.children[0]
    view.deal_button.click()
    view.timer.expire()
    assert "Time's up" in view.message.value and view.pause_button.disabled
    assert not view.timer.running and view.timer.finished


# --- puzzle --------------------------------------------------------------------------------


def test_puzzle_check_and_graded_hints(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=2481, mode="puzzle", store=store)
    view = board.body.children[0]
    view.builder.text = str(view.puzzle.best().solutions[0])
    feedback = view.builder.check()
    assert feedback.ok and feedback.best and feedback.value is not None
    assert "<svg" in view.explanation.tree.value
    texts = []
    for level in range(1, 5):
        view.hint_button.click()
        assert f"Hint {level}." in view.hint_box.value
        texts.append(view.hint_box.value)
    assert len(set(texts)) == 4 and view.hint_button.disabled


def test_puzzle_tells_a_far_answer_to_keep_going_and_celebrates_the_best(
    store: SessionStore,
) -> None:
    board = NavigatorDashboard(seed=2481, mode="puzzle", store=store)
    view = board.body.children[0]
    puzzle = view.puzzle
    cards = (puzzle.beacon, puzzle.memory[0], puzzle.memory[1])
    view.builder.text = " + ".join(str(card.pips) for card in cards)
    far = view.builder.check()
    assert far.ok and not far.best, far.message
    assert "cm-progress" in view.builder.feedback.value
    assert "cm-good" not in view.builder.feedback.value
    view.builder.text = str(puzzle.best().solutions[0])
    assert view.builder.check().best and "cm-good" in view.builder.feedback.value


@pytest.mark.parametrize(
    ("seed", "options"),
    [(2, {"variant": "forced-precog"}), (13, {"extrapolation": True})],
)
def test_puzzle_follows_the_options_chosen_in_settings(
    store: SessionStore, seed: int, options: dict
) -> None:
    board = NavigatorDashboard(seed=seed, mode="puzzle", options=options, store=store)
    view = board.body.children[0]
    puzzle = view.puzzle
    engine_best = best_vector_set(puzzle.memory, puzzle.beacon, puzzle.target, rules=puzzle.rules)
    assert puzzle.best().best_distance == engine_best.effective_distance
    view.builder.text = engine_best.expression
    assert view.builder.check().ok  # Check accepts the engine's own best answer


def test_settings_apply_at_once_and_reach_every_view(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=1, mode="puzzle", store=store)
    board.settings_button.value = True
    assert board.settings_box.layout.display == "flex"
    board.display_boxes["show_total"].value = True
    board.display_boxes["four_colour"].value = True
    board.theme_choice.value = "projector"
    assert "cm-theme-projector" not in board._dom_classes  # nothing until Apply
    board.apply_settings()
    view = board.body.children[0]
    assert view.builder.show_total and view.builder.table.four_colour
    assert "cm-theme-projector" in board._dom_classes
    assert view.builder.table.card_width == 120
    # a bad option is refused in the option's own words and nothing changes
    applied = dict(board.game_options)
    board.options_panel.inputs["override_suit"].input.value = "H"
    board.apply_settings()
    assert "✘ Override suit needs the Forced or Select Command Override variant" in (
        board.settings_message.value
    )
    assert board.game_options == applied


def test_settings_speak_plain_words_and_variants_are_one_choice(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=1, mode="puzzle", store=store)
    board.settings_button.value = True
    panel = board.options_panel
    shown = " ".join(
        getattr(child, "value", "") or getattr(child, "description", "")
        for option in panel.inputs.values()
        for child in option.children
        if not isinstance(getattr(child, "value", ""), (bool, int))
    )
    for code in ("starting_chips", "override_suit", "pirate-map", "forced-override"):
        assert code not in shown  # labels and sentences, never the code names
    numbers = panel.inputs["starting_chips"].input
    assert numbers.description == "Starting chips"  # the box has its label (screen readers)
    variants = panel.inputs["variant"]
    (group,) = variants.groups.values()
    labels = [label for label, _ in group.options]
    assert labels[0] == "None" and len(labels) == 5
    assert labels[1].startswith("Forced Command Override: one suit is the Override suit")
    assert all(": " in label for label in labels[1:])  # each with its rule in a sentence
    assert list(variants.boxes) == ["pirate-map"]  # the Pirate Map combines with any of them
    group.value = "select-precog"
    variants.boxes["pirate-map"].value = True
    assert panel.values["variant"] == ("select-precog", "pirate-map")
    board.apply_settings()
    assert board.game_options["variant"] == ("select-precog", "pirate-map")
    view = board.body.children[0]
    view.new_puzzle()  # the next deal follows the variant chosen
    assert view.puzzle.rules.precog


# --- play -------------------------------------------------------------------------------------


def enabled(view) -> list[str]:
    return [c["id"] for row in view.table.rows for c in row["cards"] if not c["disabled"]]


def draft(view) -> None:
    """The person at the screen keeps the first card the engine allows, until the builder."""
    for _ in range(8):
        if view.person is None or view.session.observation(view.person).phase != "draft":
            return
        assert enabled(view) and all(card_id.startswith("pick-") for card_id in enabled(view))
        view.table.click(enabled(view)[0])


def test_play_a_round_against_a_bot(store: SessionStore) -> None:
    board = NavigatorDashboard.from_query("seed=2481&mode=play&bots=greedy", store=store)
    view = board.play_views["play"]
    session = view.session
    assert session.seats == ("human", "greedy") and view.person == 0
    assert view.setup.layout.display == "none"
    draft(view)
    seen = session.observation(0)
    assert seen.phase == "declare" and len(seen.memory) == 4
    builder = view.presenter.builder
    assert view.tool.children == (builder,)  # the builder itself: no box around it
    # a typed expression that is not a Vector Set is refused by the engine: nothing changes
    before = session.state
    builder.text = "1000 + 2000"
    assert not builder.check().ok and session.state is before
    best = best_vector_set(seen.memory, seen.beacon, seen.target, rules=seen.rules)
    builder.text = best.expression
    assert builder.check().ok
    result = session.state.last_round
    assert result is not None and view.announcement is not None
    assert "Showdown of round 1" in view.prompt.value
    assert view.panel.value.count("$") >= 4 and "cm-showdown-table" in view.panel.value
    mine = next(s for s in result.showdowns if s.player == 0)
    assert mine.declared == best.value and mine.distance == best.distance
    assert "the best possible" in view.explanation.title.value.lower()
    assert "<svg" in view.explanation.tree.value
    assert view.table.layout.display == "none" and not view.tool.children
    view.moves.children[0].click()  # Next round
    assert session.state.round == 2 and view.person == 0 and view.announcement is None


def test_play_a_whole_game_to_the_game_over_screen(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=7, mode="play", options={"starting_chips": 1}, store=store)
    view = board.play_views["play"]
    view.computers.value = 2
    view.strength.value = "random"
    view.start()
    session = view.session
    for _ in range(300):
        if session.is_over:
            break
        if view.announcement is not None:
            view.moves.children[0].click()
            continue
        phase = session.observation(view.person).phase
        if phase == "draft":
            draft(view)
        else:
            builder = view.presenter.builder
            for key in ["card-0", "+", "card-1", "+", "card-2"]:
                builder.press(key)
                if builder.choosing is not None:  # an Ace: count it as 1
                    builder.press("value-1")
            assert builder.check().ok
    assert session.is_over and "Game over" in view.prompt.value
    won = 0 in session.outcome().winners
    assert ("cm-good" in view.prompt.value) == won  # good news only for a winner
    assert ("You win" in view.prompt.value) == won
    assert view.moves.children[0].description == "New game"
    view.moves.children[0].click()
    assert view.session is None and view.setup.layout.display == "flex"


def test_a_lost_game_is_not_announced_as_good_news(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=11, mode="play", options={"rounds": 1}, store=store)
    view = board.play_views["play"]
    view.strength.value = "strong"
    view.start()
    draft(view)
    builder = view.presenter.builder
    seen = view.session.observation(0)
    worst = " - ".join(
        ["1" if c.rank == "A" else str(c.pips) for c in (seen.beacon, *seen.memory[:2])]
    )
    builder.text = worst  # a poor answer: the strong navigator wins the only round
    assert builder.check().ok
    assert view.session.is_over and view.session.outcome().winners == (1,)
    assert "Game over: Navigator 2 (strong) wins." in view.prompt.value
    assert "cm-good" not in view.prompt.value and "cm-announce" in view.prompt.value


def test_play_setup_speaks_plain_words(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=1, mode="play", store=store)
    view = board.play_views["play"]
    headings = [child.children[0].value for child in view.setup.children[1].children]
    assert [h.split(">")[1].split("<")[0] for h in headings] == [
        "People at this screen",
        "Computer navigators",
        "How well the computer plays",
    ]
    words = " ".join(getattr(c, "value", "") for c in view.setup.children if hasattr(c, "value"))
    assert "Hot seat" not in words and "(no computer)" not in words
    assert [label for label, _ in view.people.options][:2] == [
        "1 (against the computer)",
        "2 (taking turns at this screen)",
    ]


def test_hot_seat_hides_the_other_hands(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=31, mode="play", store=store)
    view = board.play_views["play"]
    view.people.value = 3
    view.computers.value = 0
    view.start()
    session = view.session
    assert session.humans == (0, 1, 2)
    seen_players = set()
    for _ in range(12):
        player = view.person
        assert player is not None
        assert view.table.rows == [] and view.table.layout.display == "none"
        assert f"Pass the screen to <b>Player {player + 1}</b>" in view.prompt.value
        view.cover.children[0].click()
        state = session.state
        own = [*state.packets[player], *state.memories[player]]
        shown = [s.card for s in view.table.slots.values() if not s.face_down and s.card]
        assert shown and sorted(shown) == sorted(own)
        seen_players.add(player)
        view.table.click(enabled(view)[0])
        if session.observation(view.person or 0).phase != "draft":
            break
    assert seen_players == {0, 1, 2}
    # the declaration is behind the cover too
    assert not view.tool.children and view.person is not None
    view.cover.children[0].click()
    builder = view.presenter.builder
    assert view.tool.children
    assert len([c for row in builder.table.rows for c in row["cards"]]) == 5


def test_declaring_a_number_yourself_can_forfeit(store: SessionStore) -> None:
    board = NavigatorDashboard(
        seed=2481, mode="play", options={"rounds": 1}, display={"own_value": True}, store=store
    )
    view = board.play_views["play"]
    view.strength.value = "random"
    view.start()
    draft(view)
    presenter = view.presenter
    seen = view.session.observation(0)
    values = [1 if c.rank == "A" else c.pips for c in (seen.beacon, *seen.memory[:2])]
    text = " + ".join(map(str, values))
    presenter.declared_value.value = sum(values) + 1
    presenter.builder.text = text
    assert presenter.builder.check().ok  # declared: the engine judges it at the showdown
    mine = next(s for s in view.session.state.last_round.showdowns if s.player == 0)
    assert not mine.correct and "calculated wrongly" in mine.reason
    assert "forfeits: calculated wrongly" in view.panel.value


def test_hotshot_lock_and_pirate_map_are_engine_moves(store: SessionStore) -> None:
    board = NavigatorDashboard(seed=5, mode="play", options={"hotshot": True}, store=store)
    view = board.play_views["play"]
    view.start()
    labels = [b.description for b in view.moves.children]
    assert "Lock my pick (Hotshot)" in labels
    view.moves.children[labels.index("Lock my pick (Hotshot)")].click()
    view.table.click(enabled(view)[1])
    assert view.session.state.hotshots[0]
    memory = [s for s in view.table.slots.values() if s.id.startswith("memory-")]
    assert memory[0].caption == "locked"
    pirate = NavigatorDashboard(seed=5, mode="play", options={"variant": "pirate-map"}, store=store)
    view = pirate.play_views["play"]
    view.start()
    keys = {b.css.split()[0] for b in view.moves.children}
    assert keys == {"cm-move-buy", "cm-move-pass"}
    view.moves.children[0].click()
    assert view.session.state.map_owner == 0 and view.session.state.chips[0] == 8


def test_a_reload_resumes_the_game_where_it_was(store: SessionStore) -> None:
    board = NavigatorDashboard.from_query("seed=40&mode=play", store=store)
    view = board.play_views["play"]
    view.table.click(enabled(view)[0])
    name = view.saved_name
    again = NavigatorDashboard.from_query(f"seed=40&mode=play&game={name}", store=store)
    resumed = again.play_views["play"]
    assert resumed.session.state == view.session.state
    assert resumed.session.observation(0).pick == view.session.observation(0).pick
