"""The Sequences dashboard: Class vs computer, the warm-up, and Play.

>>> board = SequencesDashboard(seed=7, mode="warmup")
>>> board.seed, board.mode, "cm-sequences" in board._dom_classes
(7, 'warmup', True)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as w

from widgets.frame.dashboard import Dashboard, Display
from widgets.games.sequences.presenter import SequencesPresenter
from widgets.games.sequences.warmup import WarmUpView

__all__ = ["SequencesDashboard"]

HERE = Path(__file__).parent


class SequencesDashboard(Dashboard):
    """Sequences for the classroom: ``class`` (the class as one player against the
    computer, on the projector), ``warmup`` ("what does this sequence make?", revealed
    step by step and compared with a calculator) and ``play`` (a student against one
    computer player, or two students at one screen)."""

    game = "sequences"
    title = "Sequences"
    modes: ClassVar = {
        "class": "Class vs computer",
        "warmup": "What does it make?",
        "play": "Play",
    }
    presenter = SequencesPresenter
    default_bots = ("greedy",)
    stylesheet = HERE / "sequences.css"
    displays: ClassVar = {
        "show_values": Display(
            "Show each sequence's value",
            "The value so far beside every sequence (off: the class works them out).",
            default=True,
        ),
        "mark_playable": Display(
            "Mark the cards that can be played",
            "A ✓ under each hand card the rules allow this turn, and under the places it fits.",
            default=True,
        ),
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("cm-sequences")

    def build_mode(self, mode: str) -> w.Widget:
        return WarmUpView(self)
