"""A student's seat in a room (``lessons/room.ipynb``): join, see your own hand, play.

The page holds nothing but this seat's view (``store.view(code, token)``): another seat's
cards never reach this kernel, so no widget can show them. A student joins with the
room code and a name; the seat's token goes into the page address
(``?room=CODE&seat=TOKEN``), so a reload, or a laptop waking up, puts them back in their
seat. A background thread waits on ``store.wait`` and redraws when the room moves.

Every refusal is a sentence on the page (wrong code, full room, a seat that is no
longer valid, a move out of turn) and changes nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from html import escape
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from cardmath.errors import CardMathError
from widgets.components.button import button
from widgets.components.cardtable import CardTable, slot
from widgets.components.fresh import show_fresh
from widgets.components.theme import Theme, apply_theme, default_theme
from widgets.components.urlstate import UrlState
from widgets.rooms.render import (
    PRIVATE_FIELDS,
    as_card,
    card_rows,
    details_html,
    seat_names,
    turn_sentence,
)

__all__ = ["MAX_MOVE_BUTTONS", "RoomSeat", "read_room_query"]

MAX_MOVE_BUTTONS = 16
"""At most this many moves are offered as buttons; every move can also be typed."""

WAIT_SECONDS = 20.0
"""How long one ``store.wait`` lasts before the thread looks again."""


def read_room_query(query: str) -> tuple[str, str]:
    """The room code and seat token a page address carries (``""`` when absent).

    >>> read_room_query("room=k7qm&seat=abc-123&token=class1")
    ('K7QM', 'abc-123')
    >>> read_room_query("room=%3Cscript%3E")
    ('', '')
    """
    values = parse_qs(query or "")
    code = (values.get("room") or [""])[0].strip().upper()
    token = (values.get("seat") or [""])[0].strip()
    if not code.isalnum() or len(code) > 12:
        code = ""
    if not all(c.isalnum() or c in "-_" for c in token) or len(token) > 100:
        token = ""
    return code, token


def _sentence(text: str, *, bad: bool = True) -> str:
    tone, mark = ("cm-bad", "✘ ") if bad else ("cm-good", "")
    return f'<div class="{tone}">{mark}{escape(text)}</div>'


class RoomSeat(w.VBox):
    """One student's page in a room. ``store`` is the class store; ``code`` and
    ``token`` come from the page address (a seat to go back to)."""

    def __init__(
        self,
        store: Any,
        *,
        code: str = "",
        token: str = "",
        theme: str | None = None,
        watch: bool = True,
    ) -> None:
        self.store = store
        self.code = ""
        self.token = ""
        self.view: dict[str, Any] = {}
        self.public: dict[str, Any] = {}
        self.version = -1
        self.chosen: str | None = None
        self._slot_cards: dict[str, str] = {}
        self.watch = watch
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.url = UrlState(owned=["room", "seat"])

        heading = w.HTML('<span class="cm-title">Play in a room</span>')
        self.where = w.HTML()
        self.where.add_class("cm-seed")
        header = w.HBox([heading, self.where])
        header.add_class("cm-header")
        self.message = w.HTML()
        self.message.add_class("cm-message")

        # --- joining -----------------------------------------------------------------
        self.code_box = w.Text(value=code, description="Room code", placeholder="e.g. K7QM")
        self.code_box.add_class("cm-room-code-box")
        self.name_box = w.Text(description="Your name", placeholder="first name")
        self.name_box.add_class("cm-room-name-box")
        for box in (self.code_box, self.name_box):
            box.style.description_width = "initial"
        self.join_button = button("Join the room", "cm-room-join", self.join, style="primary")
        self.join_box = w.VBox(
            [
                w.HTML(
                    "<b>Join a game.</b> Type the room code on the board and your first "
                    "name. Your cards are shown on this screen only."
                ),
                w.HBox([self.code_box, self.name_box, self.join_button]),
            ]
        )
        self.join_box.add_class("cm-panel")
        self.join_box.add_class("cm-room-join-panel")

        # --- the seat ------------------------------------------------------------------
        self.turn = w.HTML()
        self.turn.add_class("cm-prompt")
        self.turn.add_class("cm-room-turn")
        self.cards = CardTable(label="your cards and the table")
        self.cards.on_click(self._clicked)
        self.moves = w.HBox()
        self.moves.add_class("cm-controls")
        self.moves.add_class("cm-moves")
        self.typed = w.Text(description="Or type a move", placeholder="e.g. play 7H")
        self.typed.style.description_width = "initial"
        self.typed.add_class("cm-room-typed")
        self.typed_button = button("Play it", "cm-room-play-typed", self._play_typed)
        typed_row = w.HBox([self.typed, self.typed_button])
        typed_row.add_class("cm-controls")
        self.details = w.HTML()
        self.details.add_class("cm-room-details")
        self.seat_box = w.VBox([self.turn, self.cards, self.moves, typed_row, self.details])
        self.seat_box.add_class("cm-room-seat")
        self.seat_box.layout.display = "none"

        super().__init__([Theme(), self.url, header, self.message, self.join_box, self.seat_box])
        apply_theme(self, theme or default_theme())
        self.add_class("cm-room-page")
        if code and token:
            self.sit(code, token)

    # --- joining and coming back ---------------------------------------------------------

    @classmethod
    def from_query(cls, store: Any, query: str | None = None, **kwargs: Any) -> RoomSeat:
        """The page for the address's ``?room=CODE&seat=TOKEN`` (either may be missing)."""
        if query is None:
            from widgets.frame.query import query_string

            query = query_string()
        code, token = read_room_query(query)
        return cls(store, code=code, token=token, **kwargs)

    def join(self) -> None:
        """Take a seat with the typed code and name."""
        code = self.code_box.value.strip().upper()
        name = " ".join(self.name_box.value.split())
        if not code:
            self.message.value = _sentence("Type the room code shown on the board.")
            return
        if not name:
            self.message.value = _sentence("Type your name, so the table knows who you are.")
            return
        try:
            seat = self.store.join(code, name[:40])
        except CardMathError as error:
            self.message.value = _sentence(str(error))
            return
        self.sit(code, seat.token)

    def sit(self, code: str, token: str) -> bool:
        """Show the seat ``token`` holds in room ``code``; ``False`` (and a sentence) if
        the room or the seat cannot be found."""
        try:
            view = self.store.view(code, token)
        except CardMathError as error:
            self.message.value = _sentence(
                f"{error} This page's seat could not be taken back: join the room again."
            )
            self.url.update(room=code, seat=None)
            self.code_box.value = code
            return False
        self.code, self.token = code, token
        self.url.update(room=code, seat=token)
        self.message.value = ""
        self.join_box.layout.display = "none"
        self.seat_box.layout.display = "flex"
        self._show(view)
        if self.watch:
            self._start_watching()
        return True

    # --- keeping up with the room ------------------------------------------------------------

    def _start_watching(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._thread = threading.Thread(target=self._watch, name="room-watch", daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.is_set():
            try:
                self.store.wait(self.code, self.version, WAIT_SECONDS)
                if self._stop.is_set():
                    return
                self.refresh()
            except CardMathError as error:
                self.message.value = _sentence(str(error))
                self._stop.wait(2.0)
            except Exception:  # the store is unreachable for a moment: try again shortly
                self._stop.wait(2.0)

    def stop(self) -> None:
        """Stop waiting for the room (the page is closing)."""
        self._stop.set()

    def refresh(self) -> None:
        """Read this seat's view again and redraw if the room has moved."""
        if not self.code:
            return
        try:
            view = self.store.view(self.code, self.token)
        except CardMathError as error:
            self.message.value = _sentence(str(error))
            self._stop.set()
            return
        if view.get("version", -2) != self.version:
            self._show(view)

    # --- drawing -------------------------------------------------------------------------------

    def _show(self, view: Mapping[str, Any]) -> None:
        with self._lock:
            self.view = dict(view)
            self.version = int(view.get("version", self.version + 1))
            self.draw()

    @property
    def legal(self) -> list[str]:
        return [str(action) for action in self.view.get("legal_actions") or ()]

    def names(self) -> list[str]:
        players = self.view.get("players")
        if not isinstance(players, int):
            players = len(self.view.get("names") or ()) or (self.view.get("player", 0) + 1)
        return seat_names(self.view, players)

    def draw(self) -> None:
        """Redraw the seat from its view (only this seat's cards are in it)."""
        view = self.view
        names = self.names()
        me = view.get("player", 0)
        you = names[me] if 0 <= me < len(names) else "you"
        self.where.value = f"Room <b>{escape(self.code)}</b> · {escape(you)} (seat {me + 1})"
        sentence = turn_sentence(view, names)
        if view.get("paused"):
            sentence = "The teacher has paused the game. " + sentence
        self.turn.value = f"<div>{escape(sentence)}</div>"
        legal = self.legal
        if self.chosen is not None and not self._actions_for(self.chosen):
            self.chosen = None
        rows: dict[str, list[Any]] = {}
        self._slot_cards: dict[str, str] = {}
        for title, names_of_cards in card_rows(view, private=PRIVATE_FIELDS).items():
            key = title.lower().replace(" ", "-")
            for index, name in enumerate(names_of_cards):
                self._slot_cards[f"{key}-{index}"] = name
            rows[title] = [
                slot(
                    as_card(name),
                    id=f"{key}-{index}",
                    disabled=not self._actions_for(name),
                    caption="chosen" if name == self.chosen else "",
                )
                for index, name in enumerate(names_of_cards)
            ]
        self.cards.show(rows)
        self.cards.layout.display = "flex" if rows else "none"
        offered = self._actions_for(self.chosen) if self.chosen else self._offered(legal)
        show_fresh(self.moves, [self._move_button(text) for text in offered[:MAX_MOVE_BUTTONS]])
        self.details.value = details_html(view, names, private=PRIVATE_FIELDS)

    def _offered(self, legal: list[str]) -> list[str]:
        """Moves shown as buttons when no card is chosen: those no card click makes."""
        cards = {
            name for row in card_rows(self.view, private=PRIVATE_FIELDS).values() for name in row
        }
        return [text for text in legal if not any(f" {c} " in f" {text} " for c in cards)]

    def _actions_for(self, card: str | None) -> list[str]:
        if card is None:
            return []
        return [text for text in self.legal if f" {card} " in f" {text} "]

    def _move_button(self, text: str) -> Any:
        made = button(text, "cm-room-move", lambda: self.play(text))
        return made

    # --- moves ---------------------------------------------------------------------------------

    def _clicked(self, card_id: str) -> None:
        name = self._slot_cards.get(card_id)
        actions = self._actions_for(name)
        if len(actions) == 1:
            self.play(actions[0])
        elif actions:
            self.chosen = None if self.chosen == name else name
            self.draw()

    def _play_typed(self) -> None:
        text = self.typed.value.strip()
        if text and self.play(text):
            self.typed.value = ""

    def play(self, text: str) -> bool:
        """Send a move to the room; a refusal is shown in words and changes nothing."""
        with self._lock:
            try:
                self.store.act(self.code, self.token, text)
            except CardMathError as error:
                self.message.value = _sentence(str(error))
                return False
            self.chosen = None
            self.message.value = ""
        self.refresh()
        return True
