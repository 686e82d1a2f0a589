"""A student's seat in a room (``lessons/room.ipynb``): join, see your own hand, play.

The page holds nothing but this seat's view (``store.view(code, token)``) and the public
table: another seat's hidden cards never reach this kernel, so no widget can show them. A
student joins with the room code and a name; the seat's secret token goes into the page
address (``?room=CODE&seat=TOKEN``), so a reload, or a laptop waking up, puts them back
in their seat. A background thread waits on ``store.wait`` and redraws when the room
moves, and tells the store every few seconds that the page is still open (the teacher
sees who is connected).

While the teacher asks for "Eyes on the board" (the Progress view of ``teacher.ipynb``)
the page is covered with the teacher's message, as every lesson and homework page is.

Every refusal is a sentence on the page (a wrong code, a full room, a seat that is no
longer valid, a move out of turn, a double press) and changes nothing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from cardmath.errors import CardMathError
from cardmath.service import ServiceUnavailable
from widgets.components.button import button
from widgets.components.cardtable import CardTable, slot
from widgets.components.fresh import show_fresh
from widgets.components.shared import set_display
from widgets.components.theme import Theme, apply_theme, default_theme, stylesheet
from widgets.components.urlstate import UrlState
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

__all__ = ["MAX_MOVE_BUTTONS", "STYLESHEET", "RoomSeat", "read_room_query"]

STYLESHEET = Path(__file__).with_name("rooms.css")

MAX_MOVE_BUTTONS = 16
"""At most this many moves are offered as buttons; every move can also be typed."""

WAIT_SECONDS = 5.0
"""How long one ``store.wait`` lasts; between two waits the page says it is still open."""


def read_room_query(query: str) -> tuple[str, str]:
    """The room code and seat token a page address carries (``""`` when absent or not
    made of the letters a code or token can hold).

    >>> read_room_query("room=k7qm2&seat=abc-123_x&token=class1")
    ('K7QM2', 'abc-123_x')
    >>> read_room_query("room=%3Cscript%3E&seat=a%22b")
    ('', '')
    """
    values = parse_qs(query or "")
    code = (values.get("room") or [""])[0].strip().upper()
    token = (values.get("seat") or [""])[0].strip()
    if not code.isalnum() or len(code) > 12:
        code = ""
    if not all(c.isalnum() or c in "-_" for c in token) or len(token) > 200:
        token = ""
    return code, token


def bad(text: str) -> str:
    """A refusal as the page shows it: a mark and a sentence (never colour alone)."""
    return f'<div class="cm-bad">✘ {escape(said(text))}</div>'


class RoomSeat(w.VBox):
    """One student's page in a room. ``store`` is the class store; ``code`` and
    ``token`` come from the page address (a seat to go back to). ``watch=False`` draws
    only when asked (:meth:`refresh`), for tests."""

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
        self.public_fields: set[str] = set()
        self.version = -1
        self.chosen: str | None = None
        self.watch = watch
        self._slot_cards: dict[str, str] = {}
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._waiting_for_room = False
        self.url = UrlState(owned=["room", "seat"])

        heading = w.HTML("Play in a room")
        heading.add_class("cm-title")
        self.where = w.HTML()
        self.where.add_class("cm-seed")
        set_display(self.where, "none")
        header = w.HBox([heading, self.where])
        header.add_class("cm-header")
        self.message = w.HTML()
        self.message.add_class("cm-message")

        # --- joining -------------------------------------------------------------------
        self.code_box = w.Text(value=code, description="Room code", placeholder="e.g. K7QX2")
        self.code_box.add_class("cm-room-code-box")
        self.name_box = w.Text(description="Your name", placeholder="your first name")
        self.name_box.add_class("cm-room-name-box")
        for box in (self.code_box, self.name_box):
            box.style.description_width = "initial"
        by_hub = getattr(store, "dialect", "") == "service"  # the service names the seat
        if by_hub:
            set_display(self.name_box, "none")
        self.join_button = button("Join the room", "cm-room-join", self.join, style="primary")
        fields = w.HBox([self.code_box, self.name_box, self.join_button])
        fields.add_class("cm-controls")
        self.join_box = w.VBox(
            [
                w.HTML(
                    "<b>Join a game.</b> Type the room code shown on the board"
                    + (" (your seat carries your hub name)." if by_hub else " and your first name.")
                    + " Your cards are shown on this screen only: keep this tab open, or "
                    "reload it to come back to your seat."
                ),
                fields,
            ]
        )
        self.join_box.add_class("cm-panel")
        self.join_box.add_class("cm-room-join-panel")

        # --- the seat --------------------------------------------------------------------
        self.turn = w.HTML()
        self.turn.add_class("cm-prompt")
        self.turn.add_class("cm-room-turn")
        self.cards = CardTable(label="your cards and the table")
        self.cards.add_class("cm-room-cards")
        self.cards.on_click(self._clicked)
        self.moves = w.HBox()
        self.moves.add_class("cm-controls")
        self.moves.add_class("cm-moves")
        self.typed = w.Text(description="Or type a move", placeholder="the words on a move button")
        self.typed.style.description_width = "initial"
        self.typed.add_class("cm-room-typed")
        self.typed_button = button("Play it", "cm-room-play-typed", self._play_typed)
        self.typed_row = w.HBox([self.typed, self.typed_button])
        self.typed_row.add_class("cm-controls")
        self.details = w.HTML()
        self.details.add_class("cm-room-details")
        self.log_box = w.HTML()
        self.log_box.add_class("cm-room-log-box")
        self.seat_box = w.VBox(
            [self.turn, self.cards, self.moves, self.typed_row, self.details, self.log_box]
        )
        self.seat_box.add_class("cm-room-seat")
        set_display(self.seat_box, "none")

        # "Eyes on the board" covers this page too, on the class server and a hub
        from widgets.progress.student import board_cover

        self.board = board_cover() if watch else None
        super().__init__(
            [
                Theme(),
                stylesheet(STYLESHEET),
                self.url,
                *([] if self.board is None else [self.board]),
                header,
                self.message,
                self.join_box,
                self.seat_box,
            ]
        )
        apply_theme(self, theme or default_theme())
        self.add_class("cm-room-page")
        if code and token:
            self.sit(code, token)

    # --- joining and coming back -----------------------------------------------------------

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
        code = self.code_box.value.strip()
        if not code:
            self.message.value = bad("Type the room code shown on the board.")
            return
        try:
            seat = self.store.join(code, self.name_box.value)
        except CardMathError as error:
            self.message.value = bad(str(error))
            return
        self.sit(seat.code, seat.token)

    def sit(self, code: str, token: str) -> bool:
        """Show the seat ``token`` holds in room ``code``; ``False`` (and a sentence) if
        the room or the seat cannot be found."""
        try:
            view = self.store.view(code, token)
            self.store.touch(code, token)
        except CardMathError as error:
            self.message.value = bad(str(error))
            self.url.update(room=code, seat=None)
            self.code_box.value = code
            set_display(self.join_box, "flex")
            set_display(self.seat_box, "none")
            return False
        self.code, self.token = str(view.get("code", code)), token
        self.url.update(room=self.code, seat=token)
        self.message.value = ""
        set_display(self.join_box, "none")
        set_display(self.seat_box, "flex")
        self._show(view)
        if self.watch:
            self._start_watching()
        return True

    # --- keeping up with the room -----------------------------------------------------------

    def _start_watching(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._watch, name="room-seat", daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        touched = time.monotonic()
        while not self._stop.is_set():
            try:
                self.store.wait(self.code, self.version, WAIT_SECONDS)
                if self._stop.is_set():
                    return
                if time.monotonic() - touched >= WAIT_SECONDS:
                    self.store.touch(self.code, self.token)
                    touched = time.monotonic()
                self.refresh()
            except ServiceUnavailable as error:  # the class service restarts: not a lost seat
                self._unreachable(str(error))
                self._stop.wait(2.0)
            except CardMathError as error:
                self._lost(str(error))
                return
            except Exception:  # the store is unreachable for a moment: look again shortly
                self._stop.wait(2.0)

    def _unreachable(self, reason: str) -> None:
        """Say the room cannot be reached for now; the seat stays, and the page keeps
        looking (a restarting class service is back within a minute)."""
        self._waiting_for_room = True
        self.message.value = bad(
            f"{reason[:1].upper()}{reason[1:]}. Your seat is kept: this page tries again."
        )

    def _lost(self, reason: str) -> None:
        """The seat is gone (the teacher removed the student, the room expired)."""
        self._stop.set()
        self.message.value = bad(reason)
        set_display(self.where, "none")
        self.url.update(room=self.code, seat=None)
        self.code_box.value = self.code
        set_display(self.join_box, "flex")
        set_display(self.seat_box, "none")

    def stop(self) -> None:
        """Stop waiting for the room (the page is closing)."""
        self._stop.set()

    def refresh(self) -> None:
        """Read this seat's view again and redraw if the room has moved."""
        if not self.code:
            return
        try:
            view = self.store.view(self.code, self.token)
        except ServiceUnavailable as error:
            self._unreachable(str(error))
            return
        except CardMathError as error:
            self._lost(str(error))
            return
        if self._waiting_for_room:  # the room answers again
            self._waiting_for_room = False
            self.message.value = ""
        if view.get("version") != self.version:
            self._show(view)

    # --- drawing --------------------------------------------------------------------------------

    def _show(self, view: Mapping[str, Any]) -> None:
        with self._lock:
            self.view = dict(view)
            shown = f"cm-room-at-{self.version}"
            self.version = int(view.get("version", self.version + 1))
            # which move the page shows, for anything that must act on what is on screen
            if shown in self.seat_box._dom_classes:
                self.seat_box.remove_class(shown)
            self.seat_box.add_class(f"cm-room-at-{self.version}")
            try:
                self.public_fields = set(self.store.table(self.code).get("public", {}))
            except CardMathError:
                self.public_fields = set()
            self.draw()

    @property
    def fields(self) -> dict[str, Any]:
        """This seat's own observation fields (only what this seat may see)."""
        return dict(self.view.get("observation") or {})

    @property
    def private(self) -> set[str]:
        """The fields only this seat sees (its hand, its secret bid...)."""
        return set(self.fields) - self.public_fields

    @property
    def legal(self) -> list[str]:
        if not self.view.get("your_turn"):
            return []
        return [str(action) for action in self.view.get("legal_actions") or ()]

    def draw(self) -> None:
        """Redraw the seat from its view."""
        view = self.view
        names = seat_names(view)
        me = int(view.get("seat", 0))
        you = view.get("name") or (names[me] if 0 <= me < len(names) else "you")
        set_display(self.where, "")
        self.where.value = f"Room <b>{escape(self.code)}</b> · {escape(str(you))} (seat {me + 1})"
        sentence = turn_sentence(view, names)
        result = outcome_sentence(view, names)
        tone = "cm-good" if view.get("your_turn") else ""
        self.turn.value = f'<div class="{tone}">{escape(sentence)}</div>' + (
            f'<div class="cm-room-outcome">{escape(result)}</div>' if result else ""
        )
        fields = self.fields
        private = self.private
        if self.chosen is not None and not self._actions_for(self.chosen):
            self.chosen = None
        rows: dict[str, list[Any]] = {}
        self._slot_cards = {}
        for title, names_of_cards in card_rows(fields, private=private).items():
            key = "".join(c if c.isalnum() else "-" for c in title.lower())
            cards = []
            for index, name in enumerate(names_of_cards):
                self._slot_cards[f"{key}-{index}"] = name
                cards.append(
                    slot(
                        as_card(name),
                        id=f"{key}-{index}",
                        disabled=not self._actions_for(name),
                        caption="chosen" if name == self.chosen else "",
                    )
                )
            rows[title] = cards
        self.cards.selection = "none"
        self.cards.show(rows)
        set_display(self.cards, "flex" if rows else "none")
        legal = self.legal
        offered = self._actions_for(self.chosen) if self.chosen else self._offered(legal)
        show_fresh(self.moves, [self._move_button(text) for text in offered[:MAX_MOVE_BUTTONS]])
        set_display(self.moves, "flex" if offered else "none")
        set_display(self.typed_row, "flex" if legal else "none")
        self.details.value = details_html(fields, names, private=private)
        self.log_box.value = log_html(view.get("log") or ())

    def _offered(self, legal: list[str]) -> list[str]:
        """Moves shown as buttons when no card is chosen: those no card press makes."""
        cards = set(self._slot_cards.values())
        return [text for text in legal if not any(f" {c} " in f" {text} " for c in cards)]

    def _actions_for(self, card: str | None) -> list[str]:
        if card is None:
            return []
        return [text for text in self.legal if f" {card} " in f" {text} "]

    def _move_button(self, text: str) -> Any:
        def pressed() -> None:
            self.play(text)

        return button(text, "cm-room-move", pressed)

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
        """Send a move to the room, as of the version this page shows (a double press or
        a second tab is refused, not played twice); a refusal is shown in words and
        changes nothing."""
        with self._lock:
            try:
                self.store.act(self.code, self.token, text, version=self.version)
            except CardMathError as error:
                self.message.value = bad(str(error))
                return False
            self.chosen = None
            self.message.value = ""
        self.refresh()
        return True
