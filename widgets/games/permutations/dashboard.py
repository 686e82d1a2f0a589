"""The Permutations dashboard: Class vs computer and Play.

>>> board = PermutationsDashboard(seed=7, mode="play")
>>> board.seed, board.mode, "cm-permutations" in board._dom_classes
(7, 'play', True)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from widgets.frame.dashboard import Dashboard, Display
from widgets.games.permutations.presenter import PermutationsPresenter

__all__ = ["PermutationsDashboard"]

HERE = Path(__file__).parent


class PermutationsDashboard(Dashboard):
    """Permutations for the classroom: ``class`` (the class is one player against two or
    three computer players, drawn large for the projector) and ``play`` (a student against
    computer players, or three or four students at one screen, each bid behind the
    pass-the-screen cover)."""

    game = "permutations"
    title = "Permutations"
    modes: ClassVar = {"class": "Class vs computer", "play": "Play"}
    presenter = PermutationsPresenter
    default_bots = ("greedy", "greedy", "greedy")
    displays: ClassVar = {
        "tally": Display(
            "Count everyone's drafts",
            "Every draft is made in the open: show each player's colour counts this round. "
            "Off: only your own, as with face-down piles and a good memory.",
            default=True,
        )
    }
    stylesheet = HERE / "permutations.css"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("cm-permutations")
