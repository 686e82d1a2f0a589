"""The Dotter dashboard: Class vs computer (the projector) and Play.

>>> board = DotterDashboard(seed=7, mode="play")
>>> board.seed, board.mode, board.play_views["play"].session is None
(7, 'play', True)
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from widgets.frame.dashboard import Dashboard, Display
from widgets.games.dotter.presenter import DotterPresenter

__all__ = ["DotterDashboard"]

HERE = Path(__file__).parent


class DotterDashboard(Dashboard):
    """Dotter for the classroom: ``class`` (the class is one player against the
    computer, on the projector) and ``play`` (students against computer players, or two
    to four at one screen with the pass-the-screen cover)."""

    game = "dotter"
    title = "Dotter"
    modes: ClassVar = {"class": "Class vs computer", "play": "Play"}
    presenter = DotterPresenter
    default_bots = ("greedy",)
    stylesheet = HERE / "dotter.css"
    displays: ClassVar = {
        **Dashboard.displays,
        "odds": Display(
            "Show what each guess is worth",
            "When three cards are chosen: the exact chance of each guess and its expected "
            "points, from the cards you have seen.",
        ),
    }

    @property
    def card_width(self) -> int:
        """Dotter lays out many rows of three: cards a little smaller than other games'."""
        return 92 if self.theme == "projector" else 80
