"""The Navigator dashboard: Projector, Play and Puzzle.

>>> board = NavigatorDashboard(seed=2481, mode="puzzle")
>>> board.seed, board.mode
(2481, 'puzzle')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as w

from widgets.frame.dashboard import Dashboard, Display
from widgets.games.navigator.presenter import NavigatorPresenter
from widgets.games.navigator.views import ProjectorView, PuzzleView

__all__ = ["NavigatorDashboard"]


class NavigatorDashboard(Dashboard):
    """Navigator for the classroom: ``projector`` (the class on paper), ``play`` (a whole
    game against computer navigators, or hot seat) and ``puzzle`` (alone, with hints)."""

    game = "navigator"
    title = "Navigator"
    modes: ClassVar = {"projector": "Projector", "play": "Play", "puzzle": "Puzzle"}
    presenter = NavigatorPresenter
    default_bots = ("greedy",)
    stylesheet = Path(__file__).with_name("navigator.css")
    displays: ClassVar = {
        **Dashboard.displays,
        "show_total": Display(
            "Show a running total",
            "The expression's value while it is built (the card game allows no calculators).",
        ),
        "own_value": Display(
            "Students say their number",
            "In Play, each navigator types the number their expression makes; a wrong sum "
            "forfeits the round, as in the card game.",
        ),
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("cm-navigator")

    def build_mode(self, mode: str) -> w.Widget:
        if mode == "projector":
            return ProjectorView(self)
        return PuzzleView(self)
