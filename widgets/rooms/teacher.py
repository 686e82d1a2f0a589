"""The teacher's console (``lessons/teacher.ipynb``): open rooms, watch every table.

The teacher chooses a game, how many tables and how many seats at each, the game's
options (the same settings panel as the dashboards) and one seed, so every table gets
the same deal and the class can compare. Then every room is one row: its code, who sits
where and whether their page is connected, whose turn it is, and the teacher's buttons:
the projector's page, end the game, remove a student, lock joining, fill empty seats
with computer players. Pause all and hide names on the projector act on every room.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from cardmath.errors import CardMathError
from widgets.components.button import button
from widgets.components.fresh import show_fresh
from widgets.components.theme import Theme, apply_theme, default_theme
from widgets.frame.settings import OptionsPanel
from widgets.rooms.render import said, seat_names, turn_sentence

__all__ = ["GAME_CHOICES", "TeacherConsole"]

GAME_CHOICES = ("permutations", "dotter", "sum15", "navigator", "sequences")
"""The games a room can hold, in the order the console lists them."""

POLL_SECONDS = 2.0
"""How often the console reads the rooms again."""


def _games() -> list[tuple[str, str]]:
    from cardmath.games import game_class

    return [(game_class(name).title, name) for name in GAME_CHOICES]


def _said(text: str, *, bad: bool = False) -> str:
    tone, mark = ("cm-bad", "✘ ") if bad else ("cm-good", "✔ ")
    return f'<div class="{tone}">{mark}{escape(said(text))}</div>'


class TeacherConsole(w.VBox):
    """Open rooms and run them. ``store`` is the class store."""

    def __init__(self, store: Any, *, theme: str | None = None, watch: bool = True) -> None:
        from cardmath.bots import bot_names

        self.store = store
        self._stop = threading.Event()
        self._bot_names = bot_names
        self._rows: dict[str, tuple[Any, w.HTML, w.Widget]] = {}
        heading = w.HTML('<span class="cm-title">Teacher’s console: game rooms</span>')
        header = w.HBox([heading])
        header.add_class("cm-header")
        self.message = w.HTML()
        self.message.add_class("cm-message")

        # --- opening rooms ---------------------------------------------------------------
        self.game = w.Dropdown(options=_games(), value="permutations", description="Game")
        self.game.add_class("cm-room-game")
        self.tables = w.BoundedIntText(value=1, min=1, max=20, description="Tables")
        self.tables.add_class("cm-room-tables")
        self.seats = w.BoundedIntText(value=3, min=2, max=8, description="Seats at each table")
        self.seats.add_class("cm-room-seats-box")
        self.seed = w.BoundedIntText(value=1, min=0, max=999_999_999, description="Seed (deal)")
        self.seed.add_class("cm-room-seed")
        for box in (self.game, self.tables, self.seats, self.seed):
            box.style.description_width = "initial"
        self.options_box = w.VBox()
        self.options_box.add_class("cm-room-options")
        self.open_button = button(
            "Open the rooms",
            "cm-room-open",
            self._open_pressed,
            style="primary",
        )
        self.opening = w.VBox(
            [
                w.HTML(
                    "<b>Open rooms.</b> Every table gets the same deal (the seed). Students "
                    "open <b>room.ipynb</b> and type their table’s code."
                ),
                w.HBox([self.game, self.tables, self.seats, self.seed]),
                w.HTML("<b>Game options</b> (the same at every table)"),
                self.options_box,
                self.open_button,
            ]
        )
        self.opening.add_class("cm-panel")
        self.game.observe(lambda _change: self._game_changed(), "value")
        self._game_changed()

        # --- running them ----------------------------------------------------------------
        self.pause_button = button("Pause all", "cm-room-pause-all", self.pause_all)
        self.resume_button = button("Resume all", "cm-room-resume-all", self.resume_all)
        self.hide_names = w.Checkbox(value=False, description="Hide names on the projector")
        self.hide_names.add_class("cm-room-hide-names")
        self.hide_names.observe(lambda change: self.anonymise(change["new"]), "value")
        self.leave_policy = w.Dropdown(
            options=[("wait for them", "wait"), ("a computer player takes the seat", "computer")],
            value="wait",
            description="When a student leaves mid-game",
        )
        self.leave_policy.add_class("cm-room-leave-policy")
        self.leave_after = w.BoundedIntText(value=60, min=5, max=3600, description="after (s)")
        self.leave_after.add_class("cm-room-leave-after")
        for box in (self.leave_policy, self.leave_after):
            box.style.description_width = "initial"
        self.leave_button = button(
            "Apply to every room",
            "cm-room-leave-apply",
            lambda: self.leaving(self.leave_policy.value, self.leave_after.value),
        )
        controls = w.HBox([self.pause_button, self.resume_button, self.hide_names])
        controls.add_class("cm-controls")
        self.rooms_box = w.VBox()
        self.rooms_box.add_class("cm-room-list")
        super().__init__([Theme(), header, self.message, self.opening, controls, self.rooms_box])
        apply_theme(self, theme or default_theme())
        self.add_class("cm-room-page")
        self.add_class("cm-teacher")
        self.refresh()
        if watch:
            threading.Thread(target=self._watch, name="room-console", daemon=True).start()

    @classmethod
    def from_query(cls, store: Any, query: str | None = None, **kwargs: Any) -> TeacherConsole:
        return cls(store, **kwargs)

    # --- opening -------------------------------------------------------------------------

    def _game_changed(self) -> None:
        from cardmath.games import game_class

        kind = game_class(self.game.value)
        self.seats.min, self.seats.max = 1, kind.max_players
        self.seats.min = kind.min_players
        self.seats.value = min(max(self.seats.value, kind.min_players), kind.max_players)
        self.panel = OptionsPanel(kind.options_class, hidden=("players",))
        show_fresh(self.options_box, [self.panel])

    def _open_pressed(self) -> None:
        self.open_rooms()

    def open_rooms(self) -> list[str]:
        """Open the chosen number of tables; returns their codes."""
        opened: list[str] = []
        options = {k: v for k, v in self.panel.values.items() if k != "players"}
        for _table in range(self.tables.value):
            try:
                room = self.store.create_room(
                    self.game.value, players=self.seats.value, seed=self.seed.value, options=options
                )
            except CardMathError as error:
                self.message.value = _said(str(error), bad=True)
                break
            opened.append(room.code)
        if opened:
            self.message.value = _said(
                f"Opened {len(opened)} room{'s' * (len(opened) != 1)}: {', '.join(opened)}."
            )
        self.refresh()
        return opened

    # --- the teacher's buttons ------------------------------------------------------------------

    def _each(self, what: str, call: Any, codes: Sequence[str] | None = None) -> None:
        done = 0
        for code in codes if codes is not None else self.room_codes():
            try:
                call(code)
                done += 1
            except CardMathError as error:
                self.message.value = _said(f"Room {code}: {error}", bad=True)
                return
        self.message.value = _said(f"{what} ({done} room{'s' * (done != 1)}).")
        self.refresh()

    def pause_all(self) -> None:
        self._each("Paused", self.store.pause)

    def resume_all(self) -> None:
        self._each("Resumed", self.store.resume)

    def anonymise(self, hidden: bool) -> None:
        what = "Names hidden on the projector" if hidden else "Names shown on the projector"
        self._each(what, lambda code: self.store.anonymise(code, hidden))

    def end(self, code: str) -> None:
        self._each(f"Ended the game in room {code}", self.store.end, [code])

    def lock(self, code: str, locked: bool) -> None:
        what = f"Room {code} is {'locked: nobody new can join' if locked else 'open to join'}"
        self._each(what, lambda c: self.store.lock(c, locked), [code])

    def fill(self, code: str, strength: str) -> None:
        self._each(
            f"Computer players ({strength}) took the empty seats of room {code}",
            lambda c: self.store.fill_with_bots(c, strength),
            [code],
        )

    def remove(self, code: str, seat: int, computer: str | None = None) -> None:
        then = f"a computer player ({computer}) plays it" if computer else "it is free again"
        self._each(
            f"Took the student off seat {seat + 1} of room {code}: {then}",
            lambda c: self.store.remove(c, seat, computer=computer),
            [code],
        )

    def leaving(self, policy: str, seconds: int) -> None:
        """What happens when a student's page is gone mid-game, in every room."""
        what = (
            f"A computer player takes a seat left for {seconds} s, until its student comes back"
            if policy == "computer"
            else "Every room waits for a student who left"
        )
        self._each(what, lambda code: self.store.set_leave_policy(code, policy, after=seconds))

    # --- the list of rooms --------------------------------------------------------------------

    def room_codes(self) -> list[str]:
        """Every open room of the store, newest first."""
        return [str(room["code"]) for room in self.store.rooms()]

    def _watch(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            try:
                self.refresh()
            except Exception:  # the store is unreachable for a moment: try again shortly
                continue

    def stop(self) -> None:
        self._stop.set()

    def refresh(self) -> None:
        """Read every room again. A room's controls are made again only when its seats or
        its lock change, so a choice the teacher is making is not reset under them."""
        rows: list[w.Widget] = []
        kept: dict[str, tuple[Any, w.HTML, w.Widget]] = {}
        for room in self.store.rooms():
            code = str(room["code"])
            try:
                public = self.store.table(code, real_names=True)
            except CardMathError:
                continue
            shape = (tuple(seat_names(room)), bool(room.get("locked")), room.get("game"))
            html = self._about_html(room, public)
            known = self._rows.get(code)
            if known is not None and known[0] == shape:
                _shape, about, box = known
                if about.value != html:
                    about.value = html
            else:
                about = w.HTML(html)
                box = w.VBox([about, self._controls(room)])
                box.add_class("cm-panel")
                box.add_class("cm-room-row")
            kept[code] = (shape, about, box)
            rows.append(box)
        gone = [
            box
            for code, (_s, _a, box) in self._rows.items()
            if kept.get(code, (0, 0, None))[2] is not box
        ]
        if gone:  # close the widgets of rooms no longer listed (or drawn again)
            leaving = w.Box(gone)
            show_fresh(leaving, ())
            leaving.close()
        self._rows = kept
        if not rows:
            rows = [w.HTML("<p>No rooms are open: open some above.</p>")]
        self.rooms_box.children = tuple(rows)

    def _about_html(self, room: Mapping[str, Any], public: Mapping[str, Any]) -> str:
        """A room in a few lines: code, game, whose turn, flags, and who sits where."""
        code = str(room["code"])
        names = seat_names(room)
        people = []
        for seat in room.get("seats") or ():
            index = int(seat.get("index", 0))
            name = escape(names[index] if index < len(names) else "?")
            if seat.get("kind") == "empty":
                state = "empty seat"
            elif seat.get("kind") == "computer":
                state = "computer player" + (" (its student is away)" if seat.get("away") else "")
            else:
                state = "● connected" if seat.get("connected") else "○ not connected"
            people.append(f"<li>{index + 1}. {name}: {escape(state)}</li>")
        sentence = turn_sentence({**public, "seat": None}, names)
        flags = [
            w
            for w, on in (
                ("paused", room.get("status") == "paused"),
                ("locked", room.get("locked")),
                ("names hidden", room.get("anonymous")),
            )
            if on
        ]
        title = (
            f'<b class="cm-room-code">{escape(code)}</b> · {escape(str(public.get("title", "")))}'
            f" · {escape(sentence)}"
            + (f" · {escape(', '.join(flags))}" if flags else "")
            + f' · <a href="room-table.ipynb?room={escape(code)}" target="_blank">'
            "open its table for the projector</a>"
        )
        return f"<div>{title}</div><ul class='cm-room-people'>{''.join(people)}</ul>"

    def _controls(self, room: Mapping[str, Any]) -> w.Widget:
        """The teacher's buttons for one room."""
        code = str(room["code"])
        names = seat_names(room)
        seat_choice = w.Dropdown(
            options=[(f"{i + 1}. {n}", i) for i, n in enumerate(names)], description="Seat"
        )
        seat_choice.add_class("cm-room-remove-seat")
        strengths = list(self._bot_names(str(room.get("game") or self.game.value)))
        strength = w.Dropdown(options=strengths, value=strengths[0], description="Computer")
        strength.add_class("cm-room-fill-strength")
        for box in (seat_choice, strength):
            box.style.description_width = "initial"
            box.layout = w.Layout(width="auto")
        locked = bool(room.get("locked"))
        buttons = w.HBox(
            [
                button("End the game", "cm-room-end", lambda: self.end(code), style="danger"),
                button(
                    "Open joining" if locked else "Lock joining",
                    "cm-room-lock",
                    lambda: self.lock(code, not locked),
                ),
                strength,
                button("Fill empty seats", "cm-room-fill", lambda: self.fill(code, strength.value)),
                seat_choice,
                button("Remove", "cm-room-remove", lambda: self.remove(code, seat_choice.value)),
                button(
                    "Computer plays it",
                    "cm-room-replace",
                    lambda: self.remove(code, seat_choice.value, strength.value),
                ),
            ]
        )
        buttons.add_class("cm-controls")
        return buttons
