"""The Sum 15 dashboard: real cards with the computer as referee, seat by seat, and Play.

>>> board = Sum15Dashboard(seed=4, mode="seats")
>>> board.mode, board.game_options["claims"]
('seats', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as w

from widgets.frame.dashboard import Dashboard, Display
from widgets.frame.playview import PlayView
from widgets.frame.query import PageQuery
from widgets.games.sum15.presenter import Sum15Presenter
from widgets.games.sum15.referee import RefereeView

__all__ = ["SEAT_BY_SEAT_PEOPLE", "Sum15Dashboard"]

SEAT_BY_SEAT_PEOPLE = 6
"""How many people the seat-by-seat setup offers first (a table of six; up to 40)."""


class Sum15Dashboard(Dashboard):
    """Sum 15 for the classroom: ``projector`` (real cards, the computer referees),
    ``seats`` (the computer deals; each student plays from their hand when called, behind
    the pass-the-screen cover) and ``play`` (against one to five computer players).

    Claims are on by default: a set is taken only when its player says it.
    """

    game = "sum15"
    title = "Sum 15"
    modes: ClassVar = {
        "projector": "Real cards (referee)",
        "seats": "Seat by seat",
        "play": "Play",
    }
    presenter = Sum15Presenter
    default_bots = ("greedy", "greedy", "greedy")
    stylesheet = Path(__file__).with_name("sum15.css")
    hidden_options: ClassVar = ("cards",)
    displays: ClassVar = {
        **Dashboard.displays,
        "show_total": Display(
            "Show the running total",
            "The middle's total in big numbers; turn it off and the class keeps count.",
            default=True,
        ),
        "show_missed": Display(
            "Show missed sets",
            "After a person's turn, say which set was missed or why a claim was wrong.",
            default=True,
        ),
    }

    def __init__(self, *, options: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(options={"claims": True, **(options or {})}, **kwargs)
        self.add_class("cm-sum15")

    def build_mode(self, mode: str) -> w.Widget:
        if mode == "projector":
            return RefereeView(self)
        view = PlayView(self, Sum15Presenter)
        view.add_class("cm-sum15-seats")
        view.people.value = SEAT_BY_SEAT_PEOPLE
        view.computers.value = 0
        return view

    def open_page(self, page: PageQuery) -> None:
        """The URL contract, and for the referee a saved game of real cards (``?game=``)
        and for seat by seat the number of people (``?players=``)."""
        super().open_page(page)
        view = self._views.get(self.mode)
        if isinstance(view, RefereeView):
            if page.players is not None:
                view.players.value = page.players
            if page.game is not None:
                text = self.store.load(page.game)
                if text is None or not view.resume(text, page.game):
                    self.page_message.value += (
                        f'<div class="cm-url-note">⚠ ?game={page.game} is not a saved game '
                        "of real cards on this computer.</div>"
                    )
        elif self.mode == "seats" and isinstance(view, PlayView) and page.players:
            view.people.value = page.players
            view.computers.value = 0
