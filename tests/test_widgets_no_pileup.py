"""A lesson of clicks does not pile up widgets.

Every widget alive in the kernel is also a model in the student's page, and a reload
sends them all. A dashboard redraws its figures and buttons at every press; the old ones
must go. Each game's Play view is clicked at random (cards, moves, Undo, New game, the
pass-the-screen cover) for a few hundred presses, as the soak's students click it, and
the number of live widgets must stay where it was after the first game's set-up.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from ipywidgets.widgets.widget import _instances

from tests.clicks import DASHBOARDS
from widgets.frame.store import SessionStore
from widgets.games.sum15.dashboard import Sum15Dashboard

PRESSES = 300
SLACK = 25
"""Widgets a view may hold beyond its first count (a longer list of moves, a bigger cover)."""


def _presses(view) -> list:
    """What a student could press now: enabled cards, move and cover buttons, Undo, New game."""
    if view.session is None:
        return [view.start]
    presses = [
        lambda card_id=card_id: view.table.click(card_id)
        for card_id, place in view.table.slots.items()
        if not place.disabled
    ]
    for box in (view.moves, view.cover):
        presses += [b.click for b in box.children if hasattr(b, "click") and not b.disabled]
    presses += [b.click for b in (view.undo_button, view.new_button) if not b.disabled]
    return presses


@pytest.mark.parametrize("name", sorted(DASHBOARDS))
def test_a_lesson_of_clicks_keeps_the_widget_count(name: str, tmp_path: Path) -> None:
    board = DASHBOARDS[name].from_query("seed=1001&mode=play", store=SessionStore(tmp_path))
    view = board.play_views["play"]
    view.people.value = 2  # the pass-the-screen cover is redrawn too
    rng = random.Random(name)
    counts = []
    for press in range(PRESSES):
        rng.choice(_presses(view))()
        if view.session is not None:
            counts.append(len(_instances))
        if press == 20:
            settled = max(counts)
    assert view.session is not None or counts, "the game never started"
    assert max(counts) <= settled + SLACK, (
        f"{name}: {settled} widgets after 20 presses, {max(counts)} after {PRESSES}"
    )


def test_refereeing_a_class_with_real_cards_keeps_the_widget_count(tmp_path: Path) -> None:
    """Sum 15's referee redraws its figures and claim buttons at every entry."""
    board = Sum15Dashboard(seed=9, mode="projector", store=SessionStore(tmp_path))
    view = board.body.children[0]
    view.players.value = 6
    view.start_button.click()
    rng = random.Random(15)
    counts = []
    for entry in range(PRESSES):
        legal = [card_id for card_id, place in view.picker.slots.items() if not place.disabled]
        if view.selected is None and legal:
            view.picker.click(rng.choice(legal))
        else:
            buttons = [b for b in view.claims_box.children if not b.disabled]
            rng.choice([*buttons, view.undo_button]).click()
        counts.append(len(_instances))
        if entry == 20:
            settled = max(counts)
    assert view.session is not None and len(view.session.moves) > 20
    assert max(counts) <= settled + SLACK, f"{settled} widgets after 20 entries, {max(counts)}"
