"""The Navigator dashboard: Projector, Class vs computer, Play and Puzzle.

Every mode comes back after a reload: Play and Class vs computer resume their saved game,
the Projector its deal (the timer, the answers shown or not) and the Puzzle its hints and
expression, each from ``?game=`` (the mode on screen owns it).

>>> board = NavigatorDashboard(seed=2481, mode="puzzle")
>>> board.seed, board.mode
(2481, 'puzzle')
>>> list(board.modes)
['projector', 'class', 'play', 'puzzle']
"""

from __future__ import annotations

from dataclasses import fields
from html import escape
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as w

from widgets.frame.dashboard import Dashboard, Display
from widgets.frame.query import PageQuery
from widgets.games.navigator.presenter import NavigatorPresenter
from widgets.games.navigator.views import ProjectorView, PuzzleView

__all__ = ["NavigatorDashboard"]


class NavigatorDashboard(Dashboard):
    """Navigator for the classroom: ``projector`` (the class on paper), ``class`` (the
    class as one navigator against the computer, the teacher entering its picks and its
    Vector Set), ``play`` (a whole game against computer navigators, or hot seat) and
    ``puzzle`` (alone, with hints)."""

    game = "navigator"
    title = "Navigator"
    modes: ClassVar = {
        "projector": "Projector",
        "class": "Class vs computer",
        "play": "Play",
        "puzzle": "Puzzle",
    }
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

    def show_mode(self, mode: str) -> None:
        """Show ``mode``; the address names the saved game or deal of that mode (or none),
        so a reload brings back what is on screen."""
        super().show_mode(mode)
        view = getattr(self, "_views", {}).get(mode)
        self.remember(game=getattr(view, "saved_name", None))

    def open_page(self, page: PageQuery) -> None:
        """The URL contract; ``?game=`` brings back a game (its rules become the settings
        again) with its showdown if one was on screen, and for the Projector and the Puzzle
        a saved deal."""
        super().open_page(page)
        view = self._views.get(self.mode)
        play = self.play_views.get(self.mode)
        if play is not None:
            if play.session is not None and page.game is not None:
                self.game_options = _chosen_options(play.session.game.options)
            return
        if page.game is None or not isinstance(view, (ProjectorView, PuzzleView)):
            return
        saved = self.store.load(page.game)
        if saved is None or not view.resume(saved, page.game):
            self.page_message.value += (
                f'<div class="cm-url-note">⚠ ?game={escape(page.game)} is not a saved '
                f"{escape(self.modes[self.mode])} deal on this computer: a new one is "
                "shown.</div>"
            )


def _chosen_options(options: Any) -> dict[str, Any]:
    """A resumed game's rules as the settings' values (the next game keeps them).

    >>> from cardmath.games.navigator import NavigatorOptions
    >>> _chosen_options(NavigatorOptions(players=2, rounds=3))
    {'rounds': 3}
    """
    default = type(options)()
    return {
        field.name: getattr(options, field.name)
        for field in fields(options)
        if field.name != "players" and getattr(options, field.name) != getattr(default, field.name)
    }
