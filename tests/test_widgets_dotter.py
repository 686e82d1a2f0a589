"""The Dotter dashboard, Python side: clicks become engine moves, nobody sees a hidden card.

The tests drive the dashboard the way a class does (card clicks and button presses on the
real widgets) and check what the screen shows against the engine.
"""

from __future__ import annotations

import random
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from cardmath.bots.dotter import GreedyBot
from cardmath.games.dotter import (
    Draw,
    Give,
    Jokers,
    Pass,
    Peek,
    Score,
    explain_score,
    guess_odds,
    score_hand,
)
from widgets.frame.store import SessionStore
from widgets.games.dotter.dashboard import DotterDashboard


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path)


def cards_on_table(view) -> dict[str, dict[str, Any]]:
    return {card["id"]: card for row in view.table.rows for card in row["cards"]}


def shown(view) -> str:
    """The text of the panel under the table, as the page shows it."""
    return unescape(view.panel.value)


def buttons(view) -> dict[str, Any]:
    found = {}
    for made in view.moves.children:
        key = next(name for name in made.css.split() if name.startswith("cm-move-"))
        found[key.removeprefix("cm-move-")] = made
    return found


def press(view, key: str) -> None:
    buttons(view)[key].click()


def play(view, action: Any) -> None:
    """Play ``action`` by clicks, as a person at the screen would."""
    if isinstance(action, Draw):
        view.table.click("deck")
    elif isinstance(action, Peek | Score | Give):
        owner = view.person if isinstance(action, Give) else action.owner
        for place in action.places:
            view.table.click(f"p{owner}-{place}")
        if isinstance(action, Peek):
            press(view, "peek")
        elif isinstance(action, Give):
            press(view, f"give-{action.to}")
        else:
            press(view, f"guess-{action.guess or 'none'}")
            press(view, "score")
    elif isinstance(action, Jokers):
        for index, rank in enumerate(action.ranks):
            press(view, f"joker-{index}-{rank}")
        press(view, "jokers")
    elif isinstance(action, Pass):
        press(view, "pass")
    else:  # pragma: no cover - every Dotter move is above
        raise AssertionError(action)


def test_the_address_opens_a_game_against_the_computer_ready_to_play(store) -> None:
    board = DotterDashboard.from_query("seed=7&mode=play", store=store)
    view = board.play_views["play"]
    assert view.session.seats == ("human", "greedy") and view.person == 0
    deck = cards_on_table(view)["deck"]
    assert not deck["disabled"] and "press to draw three" in deck["label"]
    assert "draw three cards" in view.prompt.value
    assert "<svg" in shown(view) and "Lap board" in shown(view)
    klass = DotterDashboard.from_query("seed=7&mode=class", store=store)
    view = klass.play_views["class"]
    assert view.audience == "class" and view.names == ["The class", "Computer 2 (greedy)"]
    assert "The class: draw three cards" in view.prompt.value


def test_the_deck_draws_and_the_table_tells_what_happened(store) -> None:
    board = DotterDashboard(seed=7, mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    view.table.click("deck")
    session = view.session
    assert [move.action for move in session.moves][:1] == [Draw()]
    assert view.person == 0 and len(session.moves) == 2  # the computer drew too
    table = cards_on_table(view)
    mine = [table[f"p0-1{slot}"] for slot in "abc"]
    assert all(card["face_down"] and not card["disabled"] for card in mine)
    assert [card["caption"] for card in mine] == ["1a", "1b", "1c"]
    theirs = table["p1-1a"]
    assert theirs["caption"] == "1a · new" and "new: not yet scorable" in theirs["label"]
    assert "You drew row 1 face down (51 cards left)." in shown(view)
    assert "Computer 2 (greedy) drew row 1 face down (48 cards left)." in shown(view)


def test_choosing_cards_offers_peek_for_two_and_score_with_a_guess_for_three(store) -> None:
    board = DotterDashboard(seed=7, mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    view.table.click("deck")
    view.table.click("p0-1a")
    assert "Chosen: your 1a." in view.prompt.value and view.table.selected == ["p0-1a"]
    view.table.click("p0-1b")
    assert set(buttons(view)) >= {"draw", "peek", "clear"} and not buttons(view)["peek"].disabled
    view.table.click("p0-1c")
    keys = set(buttons(view))
    assert {"guess-none", "guess-pair", "guess-quotient", "score"} <= keys and "peek" not in keys
    assert "Chosen: your 1a, 1b and 1c." in view.prompt.value
    assert "✔ chosen" in cards_on_table(view)["p0-1b"]["caption"]
    press(view, "guess-pair")
    assert buttons(view)["guess-pair"].description == "✓ Guess pair"
    assert buttons(view)["score"].description == "Score these 3, guess pair"
    before = view.session.state
    press(view, "score")
    first = view.session.moves[2]
    assert first.action == Score(0, ("1a", "1b", "1c"), "pair")
    faces = [card.card for card in before.areas[0]]
    points = score_hand(faces, "pair").points
    assert first.after.points[0] == points
    for line in explain_score(faces, "pair"):
        assert line in shown(view)
    assert f"You scored your own 1a, 1b and 1c: {points} points." in shown(view)
    assert view.table.selected == []  # the choice is forgotten after a move


def test_a_choice_stays_with_one_player_and_three_cards(store) -> None:
    board = DotterDashboard(seed=7, mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    view.table.click("deck")
    view.table.click("p0-1a")
    view.table.click("p1-1a")  # another player's card starts the choice again
    assert view.presenter.chosen == [(1, "1a")] and "one player at a time" in view.prompt.value
    view.table.click("p1-1a")  # a second click takes it back
    assert view.presenter.chosen == []
    for place in ("1a", "1b", "1c"):
        view.table.click(f"p0-{place}")
    view.table.click("p1-1b")
    assert view.presenter.chosen == [(1, "1b")]
    press(view, "clear")
    assert view.presenter.chosen == [] and view.table.selected == []


def test_cards_that_cannot_be_scored_say_why_in_the_engines_words(store) -> None:
    board = DotterDashboard(seed=7, mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    view.table.click("deck")
    for place in ("1a", "1b", "1c"):
        view.table.click(f"p1-{place}")  # the computer's new row: peekable, not scorable
    assert buttons(view)["score"].disabled
    assert "Score: 1a of Player 2 was just drawn: new cards cannot be scored" in view.prompt.value
    moves = len(view.session.moves)
    buttons(view)["score"].click()  # a disabled button does nothing
    assert len(view.session.moves) == moves


def test_a_peek_shows_the_faces_to_the_peeker_and_to_nobody_else(store) -> None:
    board = DotterDashboard(seed=7, mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    view.table.click("deck")
    view.table.click("p1-1a")
    view.table.click("p1-1c")
    press(view, "peek")
    session = view.session
    assert session.moves[2].action == Peek(1, ("1a", "1c"))
    faces = {card.label: card.card for card in session.moves[2].before.areas[1]}
    table = cards_on_table(view)
    if "p1-1a" in table:  # unless the computer scored its row meanwhile
        assert table["p1-1a"]["face_down"] is False
        assert faces["1a"].name in table["p1-1a"]["label"]
        assert table["p1-1b"]["face_down"] is True
    assert f"You peeked at Computer 2 (greedy)'s 1a and 1c: {faces['1a'].name}" in shown(view)
    assert faces["1a"].name not in " ".join(session.log)  # the public log names places only


def seed_with_a_joker_in_the_first_row() -> int:
    from cardmath.games import get_game

    return next(
        seed
        for seed in range(1, 500)
        if any(card.is_joker for card in get_game("dotter").new_state(seed).deck[:3])
    )


def test_the_player_says_what_the_joker_stands_for_the_engine_suggests_the_best(store) -> None:
    seed = seed_with_a_joker_in_the_first_row()
    board = DotterDashboard(seed=seed, mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    view.table.click("deck")
    faces = [card.card for card in view.session.state.areas[0]]
    play(view, Score(0, ("1a", "1b", "1c")))
    seen = view.session.observation(0)
    assert seen.pending is not None and view.person == 0
    table = cards_on_table(view)
    assert all(table[f"up-{i}"]["disabled"] and not table[f"up-{i}"]["face_down"] for i in range(3))
    keys = buttons(view)
    assert {f"joker-0-{rank}" for rank in range(1, 14)} <= set(keys)
    best = score_hand(faces).points
    assert keys["jokers"].description.startswith(f"Score {best} points: Joker as ")
    assert "The most points: Joker as" in shown(view)
    press(view, "joker-0-13")  # a King, whatever it scores
    king = score_hand(faces, jokers=[13]).points
    assert buttons(view)["jokers"].description == f"Score {king} points: Joker as K"
    for line in explain_score(faces, jokers=[13]):
        assert line in shown(view)
    press(view, "jokers")
    finished = [move for move in view.session.moves if move.action == Jokers((13,))]
    assert finished and finished[0].after.points[0] == king


def test_computer_moves_are_told_with_scores_explained(store) -> None:
    board = DotterDashboard(seed=11, mode="class", store=store)
    view = board.play_views["class"]
    view.start()
    rng = random.Random(3)
    for _ in range(40):
        if view.announcement is not None:
            view.moves.children[0].click()
            continue
        seen = view.session.observation(view.person)
        play(view, GreedyBot().choose(seen, rng))
        scored = [
            m
            for m in view.session.moves[-3:]
            if m.player == 1 and m.after.discards != m.before.discards
        ]
        if scored and view.announcement is None:
            assert "Computer 2 (greedy) scored" in shown(view)
            assert "cm-dotter-hand" in shown(view)
            return
    raise AssertionError("the computer never scored")


def test_hot_seat_peeks_stay_with_the_peeker(store) -> None:
    board = DotterDashboard(seed=7, mode="play", store=store)
    view = board.play_views["play"]
    view.people.value = 2
    view.computers.value = 0
    view.start()
    assert view.session.seats == ("human", "human") and "Pass the screen" in view.prompt.value
    view.reveal()
    view.table.click("deck")  # Player 1 draws
    view.reveal()  # Player 2 says who they are
    view.table.click("deck")  # and draws
    view.reveal()  # Player 1 again
    view.table.click("p1-1a")
    view.table.click("p1-1b")
    press(view, "peek")
    # the peeker sees the faces at once, before the screen is passed
    faces = {card.label: card.card for card in view.session.state.areas[1]}
    assert view.announcement is not None and "remember these two cards" in view.prompt.value
    assert faces["1a"].name in shown(view)
    view.moves.children[0].click()  # "I have seen them: hide them"
    assert view.person == 1 and "Pass the screen to <b>Player 2</b>" in view.prompt.value
    assert view.table.rows == [] and view.panel.value == ""
    view.reveal()
    table = cards_on_table(view)
    assert table["p1-1a"]["face_down"] and table["p1-1b"]["face_down"]
    assert "Player 1 peeked at your 1a and 1b." in shown(view)
    assert faces["1a"].name not in shown(view)
    assert faces["1a"].name not in view.log_box.value


def test_a_round_ends_with_the_retention_and_the_leaders_highlighted(store) -> None:
    board = DotterDashboard(seed=5, mode="play", options={"lap_length": 200}, store=store)
    view = board.play_views["play"]
    view.start()
    rng = random.Random(1)
    for _ in range(200):
        if view.announcement is not None:
            break
        play(view, GreedyBot().choose(view.session.observation(view.person), rng))
    ended = view.session.state.last_round
    assert ended is not None and view.announcement is not None
    assert f"Round {ended.round_number} is over." in view.prompt.value
    assert "cm-dotter-retention" in shown(view) and "★ leads: keeps" in shown(view)
    assert "leads the lap" in shown(view)  # the lap board marks the leaders in words
    assert buttons(view)["next"].description == "Start round 2"
    view.moves.children[0].click()
    assert view.announcement is None and view.session.state.round_number == 2


def test_giving_three_cards_is_offered_once_the_scorings_are_used(store) -> None:
    options = {"scoring_limit": 1, "give_to_score": True, "new_cards_wait": False}
    board = DotterDashboard(seed=7, mode="play", options=options, store=store)
    view = board.play_views["play"]
    view.start()
    view.table.click("deck")
    view.table.click("deck")  # two rows of my own; the computer has drawn and scored
    play(view, Score(0, ("1a", "1b", "1c")))
    seen = view.session.observation(0)
    assert view.person == 0 and seen.scorings[0] == 1
    assert not any(isinstance(action, Score) for action in seen.legal_actions)
    assert "three of yours to give away and score once more" in view.prompt.value
    assert "Scorings left" in view.figures.children[2].value
    for place in ("2a", "2b", "2c"):
        view.table.click(f"p0-{place}")
    keys = buttons(view)
    assert keys["score"].disabled and keys["give-1"].description == (
        "Give these 3 to Computer 2 (greedy)"
    )
    press(view, "give-1")
    given = view.session.moves[-1]
    assert given.action == Give(("2a", "2b", "2c"), 1) and view.person == 0
    assert view.session.observation(0).gift is not None
    assert "now choose three cards of one player to score" in view.prompt.value
    assert "Draw three cards" not in [b.description for b in view.moves.children]


def test_the_odds_of_each_guess_come_from_the_engine(store) -> None:
    board = DotterDashboard(seed=7, mode="play", display={"odds": True}, store=store)
    view = board.play_views["play"]
    view.start()
    view.table.click("deck")
    for place in ("1a", "1b", "1c"):
        view.table.click(f"p1-{place}")
    seen = view.session.observation(0)
    for odds in guess_odds((), seen.unseen_pool(), own=False):
        fraction = f"{odds.expected.numerator}/{odds.expected.denominator}"
        assert fraction in shown(view)
    assert "0 of them seen" in shown(view) and "★ best" in shown(view)


def test_nothing_a_page_can_send_crashes_or_changes_the_game(store) -> None:
    board = DotterDashboard(seed=7, mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    view.table.click("deck")
    presenter, session = view.presenter, view.session
    state = session.state
    for card_id in ("", "p", "p9-1a", "p0-9z", "p-1-1a", "px-1a", "up-0", "deck-2", "p0-1a-b"):
        assert presenter.click(session, 0, card_id) is None
    presenter.reset()
    for key in ("score", "peek", "give-1", "give-x", "joker-0-99", "jokers", "guess-maybe", ""):
        action = presenter.move(session, 0, key)
        assert action is None or action in session.legal_actions() or isinstance(action, Draw)
    view._pressed("jokers")  # no Joker is waiting: nothing happens
    view._clicked("p0-zz")
    assert session.state is state and view.message.value == ""


def test_settings_offer_the_variant_and_the_engine_checks_it(store) -> None:
    board = DotterDashboard(seed=3, mode="class", store=store)
    board.settings_button.value = True
    variant = board.options_panel.inputs["give_to_score"]
    assert variant.input.description == "Give three to score more"
    variant.input.value = True
    board.apply_settings()  # without a scoring limit the engine refuses, in its words
    assert "✘ Give three to score more needs a limit" in board.settings_message.value
    assert "give_to_score" not in board.game_options
    board.options_panel.inputs["scoring_limit"].input.value = 6
    board.display_boxes["odds"].value = True
    board.apply_settings()
    assert board.game_options["give_to_score"] is True and board.display["odds"] is True
    view = board.play_views["class"]
    view.start()
    assert view.session.game.options.give_to_score
    assert any("Scorings left" in figure.value for figure in view.figures.children)


def test_faces_the_player_has_seen_are_read_out_and_jokers_say_any(store) -> None:
    board = DotterDashboard(seed=seed_with_a_joker_in_the_first_row(), mode="play", store=store)
    view = board.play_views["play"]
    view.start()
    view.table.click("deck")
    view.table.click("p0-1a")
    view.table.click("p0-1b")
    view.table.click("p0-1c")
    press(view, "clear")
    view.table.click("p0-1a")
    view.table.click("p0-1b")
    press(view, "peek")
    table = cards_on_table(view)
    seen = [c for c in table.values() if c["id"].startswith("p0-") and not c["face_down"]]
    assert seen and all("(you have seen it)" in card["label"] for card in seen)
    assert all("Joker, any" in card["label"] for card in seen if "Joker" in card["label"])
    hidden = [c for c in table.values() if c["id"].startswith("p0-") and c["face_down"]]
    assert all("face down" in card["label"] for card in hidden)


def test_the_class_is_told_about_in_the_third_person(store) -> None:
    board = DotterDashboard(seed=7, mode="class", store=store)
    view = board.play_views["class"]
    view.start()
    view.table.click("deck")
    assert "The class drew row 1 face down (51 cards left)." in shown(view)
    assert "Computer 2 (greedy) drew row 1 face down (48 cards left)." in shown(view)
    assert cards_on_table(view)["p0-1a"]["label"].startswith("the class's 1a")
    assert "You drew" not in shown(view) and "The class's" not in shown(view)
