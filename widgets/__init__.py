"""Thin Jupyter views over :mod:`cardmath`: the card table, the expression builder and one
dashboard controller per game.

Nothing here decides a rule: the views show traits and report clicks, and the controllers
ask the engine (``cardmath``) what is legal, what a hand is worth and who won.

Modules are imported on demand (``from widgets.cardtable import CardTable``), so importing
this package costs nothing.
"""

from __future__ import annotations

__all__ = ["cardtable", "exprtree", "navigator", "theme"]
