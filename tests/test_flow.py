"""The game flow every screen shares: deal, turns, pauses, the end, undo, saving."""

from __future__ import annotations

from typing import Any

import pytest

from cardmath.errors import ActionSyntaxError, CardMathError, IllegalMove
from cardmath.flow import GameFlow
from cardmath.session import Session


class Shelf:
    """A store that keeps saved games in a dict (or refuses to save)."""

    def __init__(self, works: bool = True) -> None:
        self.saved: dict[str, str] = {}
        self.works = works

    def new_name(self) -> str:
        return f"game-{len(self.saved) + 1}"

    def save(self, name: str, text: str) -> bool:
        if self.works:
            self.saved[name] = text
        return self.works

    def load(self, name: str) -> str | None:
        return self.saved.get(name)


def every_bot_move(session: Session, before: Any, action: Any, after: Any) -> str | None:
    """A pause after each computer player's move (the table looks at what it picked)."""
    return f"the computer took {action.card}" if after.turn % 2 == 0 else None


def test_a_deal_runs_the_computer_players_until_a_person_acts() -> None:
    flow: GameFlow[str] = GameFlow("demo")
    session = flow.deal(["random", "human"], seed=3)
    assert len(session.moves) == 1 and flow.person == 1 and not flow.is_over


def test_a_refused_action_changes_nothing_and_says_why() -> None:
    flow: GameFlow[str] = GameFlow("demo")
    session = flow.deal(["human", "random"], seed=4)
    before = session.to_json()
    with pytest.raises(ActionSyntaxError):
        flow.act("jump")
    with pytest.raises(IllegalMove, match="not a card in the row"):
        flow.act("pick 2C")
    assert session.to_json() == before and flow.person == 0


def test_a_pause_stops_the_computer_players_until_the_table_goes_on() -> None:
    flow: GameFlow[str] = GameFlow("demo", pause=every_bot_move)
    session = flow.deal(["human", "random"], seed=4)
    flow.act(session.state.legal_actions()[0])
    assert flow.note is not None and flow.note.startswith("the computer took")
    assert flow.person is None  # nobody clicks through a pause
    with pytest.raises(IllegalMove, match="looking at"):
        flow.act(session.state.legal_actions()[0])
    assert flow.go_on() and flow.note is None and flow.person == 0


def test_the_end_says_why_and_the_next_step_is_a_new_game_with_the_next_seed() -> None:
    flow: GameFlow[str] = GameFlow("demo")
    session = flow.deal(["human", "random"], seed=4)
    while not flow.is_over:
        flow.act(session.state.legal_actions()[0])
    outcome = flow.outcome()
    assert outcome is not None and flow.reason == "every card in the row has been picked"
    assert flow.person is None and not flow.go_on()
    assert flow.end() == 5 and flow.session is None and flow.end() is None


def test_a_final_pause_ends_the_game_but_a_plain_one_goes_on_to_the_end() -> None:
    for final, goes_on in ((True, False), (False, True)):
        flow: GameFlow[str] = GameFlow(
            "demo",
            pause=lambda s, b, a, after: "last" if after.is_terminal else None,
            final=lambda note, final=final: final,
        )
        session = flow.deal(["human", "human"], seed=4)
        while not flow.is_over:
            flow.act(session.state.legal_actions()[0])
        assert flow.note == "last"
        assert flow.go_on() is goes_on


def test_undo_takes_back_a_person_and_the_pause_after_them() -> None:
    flow: GameFlow[str] = GameFlow("demo", pause=every_bot_move)
    session = flow.deal(["human", "random"], seed=4)
    assert not flow.can_undo and not flow.undo()
    flow.act(session.state.legal_actions()[0])
    assert flow.note is not None and flow.undo()
    assert flow.note is None and session.moves == () and flow.person == 0


def test_saving_keeps_one_name_and_resume_checks_the_game() -> None:
    shelf = Shelf()
    flow: GameFlow[str] = GameFlow("demo")
    session = flow.deal(["human", "random"], seed=4)
    assert flow.save(shelf) == "game-1"
    flow.act(session.state.legal_actions()[0])
    assert flow.save(shelf) == "game-1" and list(shelf.saved) == ["game-1"]
    assert GameFlow("demo").save(shelf) is None  # no game, nothing saved
    full = Shelf(works=False)
    assert flow.save(full) is None and full.saved == {}
    again: GameFlow[str] = GameFlow("demo")
    assert again.resume(shelf.saved["game-1"], "game-1")
    assert again.session is not None and again.session.state == session.state
    assert not GameFlow("sum15").resume(shelf.saved["game-1"], "game-1")
    assert not GameFlow("demo", accepts=lambda game: False).resume(shelf.saved["game-1"], "x")
    assert not GameFlow("demo").resume("{not json", "x")


def test_a_bad_deal_keeps_the_game_before() -> None:
    flow: GameFlow[str] = GameFlow("demo")
    first = flow.deal(["human", "random"], seed=4)
    with pytest.raises(CardMathError):
        flow.deal(["human", "nobody"], seed=5)
    assert flow.session is first


@pytest.mark.parametrize(
    ("game", "players", "options", "why"),
    [
        ("demo", 2, {}, "every card in the row has been picked"),
        ("navigator", 3, {"rounds": 1}, "the round limit of 1 round is reached"),
        ("permutations", 3, {"max_rounds": 1}, "the round limit of 1 round is reached"),
        ("sum15", 3, {}, "every player has played the 6 cards of their hand"),
        ("dotter", 3, {"max_rounds": 1}, "the round limit of 1 round is reached"),
        ("sequences", 2, {}, ""),
    ],
)
def test_every_game_says_why_it_ended(
    game: str, players: int, options: dict[str, Any], why: str
) -> None:
    flow: GameFlow[str] = GameFlow(game)
    flow.deal(["random"] * players, seed=5, options=options)
    assert flow.is_over and flow.person is None
    assert flow.reason and (why == "" or flow.reason == why)
    outcome = flow.outcome()
    assert outcome is not None and outcome.reason == flow.reason


def test_a_pause_on_screen_comes_back_when_the_saved_game_is_resumed() -> None:
    """A reload at a showdown shows that showdown, the computer players still waiting."""
    shelf = Shelf()
    flow: GameFlow[str] = GameFlow("demo", pause=every_bot_move)
    session = flow.deal(["human", "random"], seed=4)
    flow.act(session.state.legal_actions()[0])
    assert flow.note is not None and flow.save(shelf) == "game-1"
    again: GameFlow[str] = GameFlow("demo", pause=every_bot_move)
    assert again.resume(shelf.saved["game-1"], "game-1", shelf)
    assert again.note == flow.note and again.person is None  # the pause, not the next turn
    assert again.session is not None and again.session.state == session.state
    # the table goes on: saved again, a reload now shows the person's turn
    assert again.go_on() and again.note is None and again.save(shelf) == "game-1"
    third: GameFlow[str] = GameFlow("demo", pause=every_bot_move)
    assert third.resume(shelf.saved["game-1"], "game-1", shelf)
    assert third.note is None and third.person == 0
    assert third.session is not None and third.session.state == again.session.state


def test_a_pause_marker_left_behind_by_a_later_move_or_undo_shows_nothing() -> None:
    shelf = Shelf()
    flow: GameFlow[str] = GameFlow("demo", pause=every_bot_move)
    session = flow.deal(["human", "random"], seed=4)
    flow.act(session.state.legal_actions()[0])
    flow.save(shelf)
    assert flow.undo() and flow.save(shelf) == "game-1"
    again: GameFlow[str] = GameFlow("demo", pause=every_bot_move)
    assert again.resume(shelf.saved["game-1"], "game-1", shelf)
    assert again.note is None and again.person == 0
    # a marker for another number of moves, or unreadable, is no pause
    for marker in ('{"moves": 7}', "{bad", '{"moves": true}', "[]"):
        shelf.saved["game-1-pause"] = marker
        back: GameFlow[str] = GameFlow("demo", pause=every_bot_move)
        assert back.resume(shelf.saved["game-1"], "game-1", shelf)
        assert back.note is None and back.person == 0


def test_a_resume_without_the_store_plays_on_past_the_pause() -> None:
    shelf = Shelf()
    flow: GameFlow[str] = GameFlow("demo", pause=every_bot_move)
    session = flow.deal(["human", "random"], seed=4)
    flow.act(session.state.legal_actions()[0])
    flow.save(shelf)
    again: GameFlow[str] = GameFlow("demo", pause=every_bot_move)
    assert again.resume(shelf.saved["game-1"], "game-1") and again.note is None


@pytest.mark.parametrize("game", ["navigator", "sequences", "permutations", "dotter", "sum15"])
def test_every_game_brings_a_pause_back_on_resume(game: str) -> None:
    """Each real game, paused after a computer player's move, comes back paused there."""

    def computer_moved(session: Session, before: Any, action: Any, after: Any) -> str | None:
        mover = before.current_player
        return f"{session.seats[mover]} moved" if session.seats[mover] != "human" else None

    shelf = Shelf()
    flow: GameFlow[str] = GameFlow(game, pause=computer_moved)
    players = 3 if game == "permutations" else 2
    session = flow.deal(["human"] + ["random"] * (players - 1), seed=3)
    while flow.note is None and not flow.is_over:
        flow.act(session.state.legal_actions()[0])
    assert flow.note == "random moved" and flow.save(shelf) == "game-1"
    moves = len(session.moves)
    again: GameFlow[str] = GameFlow(game, pause=computer_moved)
    assert again.resume(shelf.saved["game-1"], "game-1", shelf)
    assert again.note == "random moved" and again.session is not None
    assert len(again.session.moves) == moves  # the computer players did not move on
    assert flow.go_on() and again.go_on() and again.note == flow.note
    assert again.session.state == session.state and again.person == flow.person
