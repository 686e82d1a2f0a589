"""The projector's table of one room (``lessons/room-table.ipynb?room=CODE``).

Big type for the back row: the room code, a QR code that opens the students' page with
the code filled in, whose turn it is and the public table (``store.table(code)``, which
holds no hidden card). A background thread waits on ``store.wait`` and redraws when the
room moves. When the teacher hides names, the table says "Player 2" instead.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from html import escape
from typing import Any

import ipywidgets as w

from cardmath.errors import CardMathError
from widgets.classroom import class_address
from widgets.components.cardtable import CardTable, slot
from widgets.components.shared import set_display
from widgets.components.theme import Theme, apply_theme, stylesheet
from widgets.rooms.address import PageAddress, join_link
from widgets.rooms.render import (
    as_card,
    card_rows,
    details_html,
    log_html,
    outcome_sentence,
    said,
    seat_names,
    turn_sentence,
)
from widgets.rooms.seat import STYLESHEET, WAIT_SECONDS, read_room_query

__all__ = ["RoomTable", "qr_svg"]


def qr_svg(link: str) -> str:
    """An inline SVG QR code for ``link`` (nothing fetched from anywhere)."""
    import segno

    code = segno.make(link, error="m", micro=False)
    return code.svg_inline(omitsize=True, border=4, dark="#000", light="#fff", title=link)


class RoomTable(w.VBox):
    """The public table of room ``code`` on the projector."""

    def __init__(
        self, store: Any, code: str, *, theme: str = "projector", watch: bool = True
    ) -> None:
        self.store = store
        self.code = code
        self.version = -1
        self.public: dict[str, Any] = {}
        self._stop = threading.Event()
        self.address = PageAddress()
        self.banner = w.HTML()
        self.banner.add_class("cm-room-banner-box")
        self.message = w.HTML()
        self.message.add_class("cm-message")
        self.turn = w.HTML()
        self.turn.add_class("cm-room-turn")
        self.cards = CardTable(label="the table")
        self.details = w.HTML()
        self.details.add_class("cm-room-details")
        self.log_box = w.HTML()
        self.log_box.add_class("cm-room-log-box")
        super().__init__(
            [
                Theme(),
                self.address,
                stylesheet(STYLESHEET),
                self.banner,
                self.message,
                self.turn,
                self.cards,
                self.details,
                self.log_box,
            ]
        )
        apply_theme(self, theme)
        self.add_class("cm-room-page")
        self.add_class("cm-room-table-page")
        self.address.observe(lambda _change: self._draw_banner(), "href")
        self._draw_banner()
        if not code:
            self.message.value = (
                '<div class="cm-bad">✘ This page shows one room: open it with the room code, '
                "for example room-table.ipynb?room=K7QM (the teacher's console links it).</div>"
            )
            return
        self.refresh()
        if watch and self.public:
            threading.Thread(target=self._watch, name="room-table", daemon=True).start()

    @classmethod
    def from_query(cls, store: Any, query: str | None = None, **kwargs: Any) -> RoomTable:
        if query is None:
            from widgets.frame.query import query_string

            query = query_string()
        code, _token = read_room_query(query)
        return cls(store, code, **kwargs)

    def join_url(self) -> str:
        """The link the QR code carries ("" until the page has said where it is)."""
        url = class_address()
        if url is not None:
            return join_link(url, self.code, class_url=True)
        if self.address.href:
            return join_link(self.address.href, self.code)
        return ""

    def _draw_banner(self) -> None:
        if not self.code:
            self.banner.value = ""
            return
        link = self.join_url()
        qr = f'<div class="cm-room-qr">{qr_svg(link)}</div>' if link else ""
        shown = f'<p class="cm-room-link">{escape(link)}</p>' if link else ""
        self.banner.value = (
            f'<section class="cm-room-banner" aria-label="How to join this room">{qr}'
            "<div><p>Scan the code, or open the room page and type this room code:</p>"
            f'<div class="cm-room-bigcode">{escape(self.code)}</div>{shown}</div></section>'
        )

    def _watch(self) -> None:
        while not self._stop.is_set():
            try:
                self.store.wait(self.code, self.version, WAIT_SECONDS)
                self.refresh()
            except Exception:  # the store is unreachable for a moment: try again shortly
                self._stop.wait(2.0)

    def stop(self) -> None:
        self._stop.set()

    def refresh(self) -> None:
        try:
            public = self.store.table(self.code)
        except CardMathError as error:
            self.message.value = f'<div class="cm-bad">✘ {escape(said(str(error)))}</div>'
            return
        if public.get("version") != self.version or not self.public:
            self.show(public)

    def show(self, public: Mapping[str, Any]) -> None:
        """Draw the public table ``public`` (as ``store.table`` gives it)."""
        self.public = dict(public)
        self.version = int(public.get("version", self.version + 1))
        names = seat_names(public)
        sentence = turn_sentence({**public, "seat": None}, names)
        result = outcome_sentence(public, names)
        self.turn.value = f"<div>{escape(sentence)}</div>" + (
            f'<div class="cm-room-outcome">{escape(result)}</div>' if result else ""
        )
        fields = public.get("public") or {}
        rows = {
            title: [slot(as_card(name)) for name in cards]
            for title, cards in card_rows(fields).items()
        }
        self.cards.card_width = 110
        self.cards.show(rows)
        set_display(self.cards, "flex" if rows else "none")
        self.details.value = details_html(fields, names)
        self.log_box.value = log_html(public.get("log") or ())
