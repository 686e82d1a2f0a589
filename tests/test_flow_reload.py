"""A game's dashboard brings back the pause on screen after a reload (the flow's resume).

Each game with pauses (a showdown, revealed bids, a round's or a deal's result) is played
by clicks in its Play mode until play waits on a pause; the page's address then opens a
second dashboard, as a reload does: the same pause is on screen, the computer players have
not moved behind it, and once the table goes on a reload shows the game as it went on.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.clicks import DASHBOARDS, pressable
from widgets.frame.store import SessionStore

SKIPPED = ("New game", "↶ Undo my last move")
"""Presses that leave the game being played."""


def play_to_a_pause(view, seed: int = 3, clicks: int = 400) -> None:
    rng = random.Random(seed)
    for _ in range(clicks):
        if view.flow.note is not None and not view.flow.is_over:
            return
        targets = [(what, press) for what, press in pressable(view) if what not in SKIPPED]
        assert targets, "nothing to press before a pause"
        rng.choice(targets)[1]()
    pytest.fail(f"no pause after {clicks} clicks")


@pytest.mark.parametrize("game", ["permutations", "dotter", "sum15"])
def test_a_reload_at_a_pause_shows_that_pause(game: str, tmp_path: Path) -> None:
    store = SessionStore(tmp_path)
    board = DASHBOARDS[game].from_query("seed=7&mode=play", store=store)
    view = board.play_views["play"]
    play_to_a_pause(view)
    moves, prompt, panel = len(view.session.moves), view.prompt.value, view.panel.value

    again = DASHBOARDS[game].from_query(board.url.query, store=store)
    back = again.play_views["play"]
    assert back.announcement is not None and back.person is None
    assert back.prompt.value == prompt and back.panel.value == panel
    assert len(back.session.moves) == moves  # nobody moved behind the pause
    assert back.session.state == view.session.state

    back.go_on()  # the table has seen it: a reload now shows the game as it went on
    assert back.flow.note is None or len(back.session.moves) > moves
    third = DASHBOARDS[game].from_query(again.url.query, store=store).play_views["play"]
    assert third.session.state == back.session.state
    assert (third.flow.note is None) == (back.flow.note is None)
