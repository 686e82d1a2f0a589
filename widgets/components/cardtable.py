"""The card table: one anywidget that shows rows of cards and reports clicks.

Pure traits in, events out. The controller sets ``rows`` (built with :func:`slot` and
:meth:`CardTable.show`); the browser draws each card from the SVG made by
:mod:`cardmath.svg`, makes every card a keyboard-reachable button (Tab, then Enter or
Space) with an ARIA label such as ``"Queen of hearts, 12"``, and sends a ``click`` event
naming the card's ``id``. Selection (``selection="single"`` or ``"multiple"``) is kept in
the ``selected`` trait. The table knows no rule: whether a click is a legal move is the
engine's business, and the controller disables the cards that may not be clicked.
Every press acts once: the page ignores the second click of a double click and any
press while the kernel is still handling the last one.

>>> from cardmath.cards import Card
>>> table = CardTable(selection="single")
>>> table.show({"Nav Memory": [slot(Card.parse("QH"), value="12"), slot(None)]})
>>> [card["label"] for card in table.rows[0]["cards"]]
['Queen of hearts, 12', 'face-down card']
>>> clicks = []
>>> table.on_click(clicks.append)
>>> table.click("nav-memory-0")
>>> clicks, table.selected
(['nav-memory-0'], ['nav-memory-0'])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from cardmath.cards import AnyCard, Card
from cardmath.svg import card_svg
from widgets.components.frontend import front_end

HERE = Path(__file__).parent

__all__ = ["CardTable", "Slot", "card_label", "place_svg", "slot"]


def card_label(card: AnyCard | None, value: str | None = None) -> str:
    """What a screen reader says for a card: its name, then its value in the game.

    >>> card_label(Card.parse("QH"), "12"), card_label(Card.parse("7C")), card_label(None)
    ('Queen of hearts, 12', 'Seven of clubs, 7', 'face-down card')
    >>> card_label(Card.parse("AS"), "1 or 100")
    'Ace of spades, 1 or 100'
    """
    if card is None:
        return "face-down card"
    if isinstance(card, Card):
        if value is None:
            try:
                value = str(card.pips)
            except ValueError:
                value = None
        return card.name if value is None else f"{card.name}, {value}"
    return str(card) if value is None else f"{card}, {value}"


@dataclass(frozen=True)
class Slot:
    """One place on the table: a card (``None`` = unknown), and how it is shown.

    ``id`` names the card in click events (given by :meth:`CardTable.show` when empty);
    ``value`` is the game value drawn on the card and read out; ``caption`` is a line of
    text under the card ("locked", "phantom"); ``disabled`` cards cannot be clicked.
    ``place`` makes an empty place instead of a card: a dashed outline with that text
    ("Play here"), read out as the text, clickable like a card.
    """

    card: AnyCard | None
    id: str = ""
    value: str | None = None
    face_down: bool = False
    disabled: bool = False
    caption: str = ""
    sideways: bool = False
    place: str = ""
    label: str = ""
    """What a screen reader says instead of the card's name and value (``""``: those)."""


def slot(
    card: AnyCard | None,
    *,
    id: str = "",
    value: str | int | None = None,
    face_down: bool = False,
    disabled: bool = False,
    caption: str = "",
    sideways: bool = False,
    place: str = "",
    label: str = "",
) -> Slot:
    """A :class:`Slot`; ``card=None`` is a face-down card (or an empty ``place``).

    >>> slot(Card.parse("JK"), value=0).value
    '0'
    >>> slot(None, place="Play here").place
    'Play here'
    """
    shown = None if value is None else str(value)
    hidden = (face_down or card is None) and not place
    return Slot(card, id, shown, hidden, disabled, caption, sideways, place, label)


def place_svg(text: str) -> str:
    """An empty place on the table: a dashed card outline with a word or two in it, one
    word a line, as large as the outline allows (read from the back of a room).

    >>> "Play" in place_svg("Play here") and "here" in place_svg("Play here")
    True
    """
    words = text.split()[:3] or [""]
    longest = max(len(word) for word in words)
    size = min(30, int(150 / max(longest, 1)))
    top = 70 - (len(words) - 1) * size * 0.55 + size * 0.35
    lines = "".join(
        f'<tspan x="50" y="{top + index * size * 1.1:.0f}">{escape(word)}</tspan>'
        for index, word in enumerate(words)
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" role="img">'
        '<rect x="4" y="4" width="92" height="132" rx="10" fill="none" stroke="currentColor"'
        ' stroke-width="4" stroke-dasharray="10 7"/>'
        f'<text text-anchor="middle" font-size="{size}" font-weight="700"'
        f' fill="currentColor" font-family="system-ui, sans-serif">{lines}</text></svg>'
    )


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "row"


class CardTable(anywidget.AnyWidget):
    """Rows of cards drawn as SVG, selectable by mouse and keyboard.

    Traits (synced with the browser):

    * ``rows``: ``[{"name", "title", "cards": [{"id", "svg", "label", "disabled",
      "face_down", "caption", "sideways"}]}]``, built by :meth:`show`.
    * ``selected``: ids of the selected cards (``selection`` ``"single"``/``"multiple"``).
    * ``selection``: ``"none"`` (clicks are events only), ``"single"`` or ``"multiple"``.
    * ``card_width``: width of a card in CSS pixels; ``four_colour``: green clubs and
      blue diamonds, for colour-blind readers; ``label``: an accessible name for the table.
    """

    _esm = front_end(HERE / "cardtable.js")
    _css = front_end(HERE / "cardtable.css")

    rows = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selection = traitlets.Enum(("none", "single", "multiple"), default_value="none").tag(sync=True)
    card_width = traitlets.Int(110).tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("cards").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        self._slots: list[tuple[str, str, list[Slot]]] = []
        self._click_handlers: list[Callable[[str], None]] = []
        super().__init__(**kwargs)
        self.on_msg(self._receive)

    # --- traits in -------------------------------------------------------------------

    def show(self, rows: Mapping[str, Iterable[Slot | AnyCard | None]]) -> None:
        """Lay out the table: a row title -> its cards (slots, cards, or ``None``).

        Cards without an id get ``<row-slug>-<index>``; selection of vanished cards is
        dropped.
        """
        laid: list[tuple[str, str, list[Slot]]] = []
        for title, cards in rows.items():
            name = _slug(title)
            slots = []
            for index, item in enumerate(cards):
                entry = item if isinstance(item, Slot) else slot(item)
                if not entry.id:
                    entry = replace(entry, id=f"{name}-{index}")
                slots.append(entry)
            laid.append((name, title, slots))
        self._slots = laid
        self._render()

    @property
    def slots(self) -> dict[str, Slot]:
        """Every slot on the table by id."""
        return {entry.id: entry for _, _, slots in self._slots for entry in slots}

    @traitlets.observe("four_colour")
    def _four_colour_changed(self, change: Mapping[str, Any]) -> None:
        self._render()

    def _render(self) -> None:
        rows: list[dict[str, Any]] = []
        for name, title, slots in self._slots:
            cards: list[dict[str, Any]] = []
            for entry in slots:
                hidden = (entry.face_down or entry.card is None) and not entry.place
                if entry.place:
                    svg = place_svg(entry.place)
                    label = entry.label or entry.place
                else:
                    svg = card_svg(
                        None if hidden else entry.card,
                        face_down=hidden,
                        four_colour=self.four_colour,
                        value=entry.value,
                    )
                    label = entry.label or card_label(None if hidden else entry.card, entry.value)
                cards.append(
                    {
                        "id": entry.id,
                        "svg": svg,
                        "label": label,
                        "disabled": entry.disabled,
                        "face_down": hidden,
                        "caption": entry.caption,
                        "sideways": entry.sideways,
                        "place": bool(entry.place),
                    }
                )
            rows.append({"name": name, "title": title, "cards": cards})
        ids = {card["id"] for row in rows for card in row["cards"]}
        self.rows = rows
        kept = [card_id for card_id in self.selected if card_id in ids]
        if kept != list(self.selected):
            self.selected = kept

    # --- events out ------------------------------------------------------------------

    def on_click(self, handler: Callable[[str], None], remove: bool = False) -> None:
        """Call ``handler(card_id)`` whenever an enabled card is clicked (or pressed)."""
        if remove:
            self._click_handlers.remove(handler)
        else:
            self._click_handlers.append(handler)

    def click(self, card_id: str) -> None:
        """Do what a click on ``card_id`` in the browser does (for tests and scripts)."""
        self._press(card_id)

    def _receive(self, _widget: Any, content: Mapping[str, Any], _buffers: Any) -> None:
        if not isinstance(content, Mapping) or content.get("event") != "click":
            return
        try:
            self._press(str(content.get("id", "")))
        finally:
            self.send({"event": "done"})  # the page takes presses again

    def _press(self, card_id: str) -> None:
        entry = self.slots.get(card_id)
        if entry is None or entry.disabled:
            return
        if self.selection == "single":
            self.selected = [] if self.selected == [card_id] else [card_id]
        elif self.selection == "multiple":
            chosen = list(self.selected)
            self.selected = (
                [c for c in chosen if c != card_id] if card_id in chosen else [*chosen, card_id]
            )
        for handler in list(self._click_handlers):
            handler(card_id)
