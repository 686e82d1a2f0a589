"""A student's clicks on a dashboard without a browser or a kernel: for tests and benches.

:func:`pressable` finds what a student could press on screen (enabled cards of card
tables, enabled buttons; hidden parts left out) by walking the widget tree from the
dashboard; :func:`click_through` presses one of them at random, ``clicks`` times.

>>> import ipywidgets as w
>>> from widgets.components.button import button
>>> pressed = []
>>> box = w.VBox([button("Deal", "cm-deal", lambda: pressed.append(1))])
>>> click_through(box, 3, seed=1), pressed
(3, [1, 1, 1])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import ipywidgets as w

from widgets.components.button import ActionButton
from widgets.components.cardtable import CardTable
from widgets.games.dotter.dashboard import DotterDashboard
from widgets.games.navigator.dashboard import NavigatorDashboard
from widgets.games.permutations.dashboard import PermutationsDashboard
from widgets.games.sequences.dashboard import SequencesDashboard
from widgets.games.sum15.dashboard import Sum15Dashboard

__all__ = ["click_through", "pressable", "shown"]


DASHBOARDS = {
    "navigator": NavigatorDashboard,
    "sequences": SequencesDashboard,
    "permutations": PermutationsDashboard,
    "dotter": DotterDashboard,
    "sum15": Sum15Dashboard,
}
"""Every game's dashboard, by game name."""


def shown(root: w.Widget) -> Iterator[w.Widget]:
    """``root`` and every widget inside it that is on screen (hidden boxes skipped)."""
    layout = getattr(root, "layout", None)
    if layout is not None and getattr(layout, "display", None) == "none":
        return
    yield root
    if isinstance(root, w.Tab):
        index = root.selected_index
        children = [root.children[index]] if index is not None and root.children else []
    else:
        children = list(getattr(root, "children", ()) or ())
    for child in children:
        if isinstance(child, w.Widget):
            yield from shown(child)


def pressable(root: w.Widget) -> list[tuple[str, Callable[[], None]]]:
    """What a student can press on screen: ``(what, press)`` pairs."""
    found: list[tuple[str, Callable[[], None]]] = []
    for widget in shown(root):
        if isinstance(widget, ActionButton | w.Button) and not widget.disabled:
            found.append((widget.description, widget.click))
        elif isinstance(widget, CardTable):
            for card_id, entry in widget.slots.items():
                if not entry.disabled:
                    found.append((card_id, lambda t=widget, c=card_id: t.click(c)))
    return found


def click_through(root: w.Widget, clicks: int, seed: int = 0) -> int:
    """Press something ``clicks`` times (fewer if nothing is left to press); the count."""
    rng = random.Random(seed)
    done = 0
    for _ in range(clicks):
        targets = pressable(root)
        if not targets:
            break
        _what, press = rng.choice(targets)
        press()
        done += 1
    return done
