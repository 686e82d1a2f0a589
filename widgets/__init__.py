"""Thin Jupyter views over :mod:`cardmath`, in three layers:

* ``widgets.components``: parts that know no game (card table, buttons that act once,
  timer, expression builder, explanation view, scoreboard, exercise);
* ``widgets.frame``: what every dashboard shares (``Dashboard`` with the URL contract
  and the settings panel, ``PlayView`` with setup, hot-seat cover, moves and undo);
* ``widgets.games.<game>``: one presenter (observation -> picture, click -> action) and
  one short dashboard class per game.

Nothing here decides a rule: the views show traits and report clicks, and the presenters
ask the engine (``cardmath``) what is legal, what a hand is worth and who won. Modules
are imported on demand, so importing this package costs nothing.
"""

from __future__ import annotations

__all__ = ["components", "frame", "games"]
