"""Play a whole game at one screen: people and computer players around one table.

:class:`PlayView` is the same for every game. It holds a :class:`cardmath.session.Session`
and draws it through the game's :class:`Presenter`, which turns an observation into a
:class:`Picture` (big figures, rows of cards, buttons, a panel) and a click into an
action. The view does the rest, the same way for all five games:

* the setup: how many people at this screen, how many computer players, how strong;
* the pass-the-screen cover when several people share the screen (hot seat): a hand is
  drawn only after its owner says who they are, and hidden again before the next name;
* moves: a person's action goes to the engine (an ``IllegalMove`` is shown in words and
  nothing changes); then the computer players move until a person must act, pausing on
  anything the table must see first (a showdown, a round's result);
* undo back to the last decision of a person, a readable log, the end of the game;
* saving: after every move the game is saved, so a reload resumes it (``?game=...``),
  with the showdown or round's result that was on screen.

No rule lives here: whether a move is legal, what a hand scores and who won are the
engine's; the presenter only reads observations. Nor is the flow decided here: whose
turn it is, the computer players, pauses, undo, the end and saving are a
:class:`cardmath.flow.GameFlow`'s; the view draws it and passes clicks on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from cardmath.errors import CardMathError
from widgets.components.button import ActionButton, button
from widgets.components.cardtable import CardTable
from widgets.components.explanation import ExplanationView
from widgets.components.fresh import show_fresh
from widgets.components.scoreboard import figure_widget, scoreboard_html
from widgets.components.shared import set_display
from widgets.frame.presenter import Announcement, Move, Picture, Presenter, Seating

if TYPE_CHECKING:
    from cardmath.flow import GameFlow
    from cardmath.session import Session

__all__ = ["STRENGTHS", "Announcement", "Move", "Picture", "PlayView", "Presenter", "Seating"]

STRENGTHS: dict[str, str] = {
    "random": "Random (a beginner: any legal move)",
    "greedy": "Greedy (takes what looks best now)",
    "strong": "Strong (plans ahead)",
}
"""How the setup names each strength of computer player."""

COUNT_BOXES_ABOVE = 8
"""Games for more players than this ask how many people and computer players sit at the
table with number boxes instead of radio buttons."""


class PlayView(w.VBox):
    """A whole game at one screen: setup, table, cover, moves, undo, log, the end.

    ``dashboard`` gives the seed, options, card size and saving; ``presenter`` is the
    game's :class:`Presenter` class. ``audience="class"`` is *Class vs computer*: the
    class is one player (named "The class") against computer players, drawn large.
    """

    def __init__(
        self, dashboard: Any, presenter: type[Presenter], *, audience: str = "students"
    ) -> None:
        from cardmath.bots import bot_names
        from cardmath.flow import GameFlow
        from cardmath.games import game_class

        self.dashboard = dashboard
        self.audience = audience
        self.presenter = presenter(self)
        self.game_class = game_class(self.presenter.game)
        self.strength_names = bot_names(self.presenter.game)
        low, high = self.game_class.min_players, self.game_class.max_players
        self.flow: GameFlow[Announcement] = GameFlow(
            self.presenter.game, pause=self.presenter.pause, final=lambda note: note.final
        )
        self.revealed_for: int | None = None
        self.ending: Announcement | None = None
        """The end of the game as drawn (from :meth:`Presenter.finished`)."""

        # --- setup -----------------------------------------------------------------
        class_mode = audience == "class"
        people_options = [("1 (against the computer)", 1)] + [
            (f"{n} (taking turns at this screen)", n) for n in range(2, high + 1)
        ]
        self.people = w.RadioButtons(options=people_options, value=1)
        self.people.add_class("cm-people")
        self.computers = w.RadioButtons(
            options=[(str(n), n) for n in range(0, high)], value=max(1, low - 1)
        )
        self.computers.add_class("cm-opponents")
        default = "greedy" if "greedy" in self.strength_names else self.strength_names[-1]
        self.strength = w.RadioButtons(
            options=[(STRENGTHS.get(n, n.capitalize()), n) for n in self.strength_names],
            value=default,
        )
        self.strength.add_class("cm-strength")
        self.start_button = button("Start game", "cm-start-game", self.start, style="primary")
        self.setup_message = w.HTML()
        self.setup_message.add_class("cm-message")
        self.custom_bots: tuple[str, ...] | None = None
        if high > COUNT_BOXES_ABOVE:
            self._use_number_boxes(high)
        columns = []
        if not class_mode:
            columns.append(self._choice("People at this screen", self.people))
        title = self.presenter.bot_title
        computers = "Computer players" if title == "Computer" else f"Computer {title.lower()}s"
        columns.append(self._choice(computers, self.computers))
        columns.append(self._labelled("How well the computer plays", self.strength))
        who = "The class plays as one player" if class_mode else "Play against the computer"
        intro = (
            f"<b>New game.</b> {who}; options and variants are in ⚙ Settings."
            if class_mode
            else f"<b>New game.</b> {who}, or share the screen: with two or more people, "
            "each hand stays hidden until its owner says who they are."
        )
        grid = w.HBox(columns)
        grid.add_class("cm-setup-grid")
        self.setup = w.VBox([w.HTML(intro), grid, w.HBox([self.start_button, self.setup_message])])
        self.setup.add_class("cm-panel")
        self.setup.add_class("cm-play-setup")

        # --- the table ---------------------------------------------------------------
        self.figures = w.HBox()
        self.figures.add_class("cm-deal")
        self.scoreboard = w.HTML()
        self.scoreboard.add_class("cm-scoreboard")
        self.message = w.HTML()
        self.message.add_class("cm-message")
        self.prompt = w.HTML()
        self.prompt.add_class("cm-prompt")
        self.cover = w.VBox()
        self.cover.add_class("cm-cover")
        self.table = CardTable(label="the table")
        self.table.add_class("cm-play-table")
        if self.presenter.table_scrolls:
            self.table.add_class("cm-scroll-region")
        self.table.on_click(self._clicked)
        self.tool = w.Box()
        self.tool.add_class("cm-tool")
        self.moves = w.HBox()
        self.moves.add_class("cm-controls")
        self.moves.add_class("cm-moves")
        self.panel = w.HTMLMath()
        self.panel.add_class("cm-panel-html")
        self.explanation = ExplanationView()
        self.undo_button = button("↶ Undo my last move", "cm-undo", self.undo)
        self.new_button = button("New game", "cm-new-game", self.new_game)
        self.log_box = w.HTML()
        self.log_box.add_class("cm-log")
        footer = w.HBox([self.undo_button, self.new_button])
        footer.add_class("cm-controls")
        self.game_box = w.VBox(
            [
                self.figures,
                self.scoreboard,
                self.message,
                self.cover,
                self.prompt,
                self.table,
                self.tool,
                self.moves,
                self.panel,
                self.explanation,
                footer,
                self.log_box,
            ]
        )
        set_display(self.game_box, "none")
        super().__init__([self.setup, self.game_box])
        self.add_class("cm-play")
        if class_mode:
            self.add_class("cm-class-play")

    def _use_number_boxes(self, high: int) -> None:
        """Number boxes instead of radio buttons for the number of people and of computer
        players, for games a whole class plays at once (a list of 40 choices is unusable)."""
        people = w.BoundedIntText(value=1, min=1, max=high)
        people.add_class("cm-people")
        computers = w.BoundedIntText(value=self.computers.value, min=0, max=high - 1)
        computers.add_class("cm-opponents")
        for box in (people, computers):
            box.add_class("cm-count-box")
            box.style.description_width = "initial"
        self.people, self.computers = people, computers

    @classmethod
    def _choice(cls, text: str, widget: w.Widget) -> w.VBox:
        """A setup column: a number box carries ``text`` as its own label (one label, above
        the box, tied to it for screen readers); other choices get it as a title."""
        if isinstance(widget, w.BoundedIntText):
            widget.description = text
            box = w.VBox([widget])
            box.add_class("cm-setup-choice")
            return box
        return cls._labelled(text, widget)

    @staticmethod
    def _labelled(text: str, widget: w.Widget) -> w.VBox:
        box = w.VBox([w.HTML(f'<span class="cm-option-label">{escape(text)}</span>'), widget])
        box.add_class("cm-setup-choice")
        return box

    # --- the flow ------------------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        """The game being played (``None``: the setup is showing)."""
        return self.flow.session

    @property
    def saved_name(self) -> str | None:
        return self.flow.saved_name

    @property
    def announcement(self) -> Announcement | None:
        """What the table is looking at before play goes on (a pause, or the end)."""
        if self.flow.note is not None:
            return self.flow.note
        return self.ending if self.flow.is_over else None

    # --- names ---------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """How the table calls a seat: "The class", "You", "Player 2", "Computer 3 (strong)"."""
        session = self.session
        if session is None:
            return f"Player {seat + 1}"
        kind = session.seats[seat]
        if kind != "human":
            return f"{self.presenter.bot_title} {seat + 1} ({kind})"
        if self.audience == "class":
            return "The class"
        if len(session.humans) == 1:
            return "You"
        return f"Player {seat + 1}"

    @property
    def names(self) -> list[str]:
        if self.session is None:
            return []
        return [self.name(seat) for seat in range(len(self.session.seats))]

    def winners_text(self, winners: Sequence[int]) -> str:
        """ "You win", "Players 1 and 3 share the win", "Nobody wins"."""
        names = [self.name(p) for p in winners]
        if not names:
            return "nobody wins"
        if len(names) == 1:
            verb = "win" if names[0] in ("You", "The class") else "wins"
            return f"{names[0]} {verb}" if names[0] != "The class" else "the class wins"
        return f"{', '.join(names[:-1])} and {names[-1]} share the win"

    # --- setup ---------------------------------------------------------------------------

    def seating(self) -> Seating:
        """The seats the setup panel asks for."""
        if self.custom_bots is not None:
            people = 1 if self.audience == "class" else self.people.value
            return Seating(people, self.custom_bots)
        people = 1 if self.audience == "class" else self.people.value
        return Seating(people, (self.strength.value,) * self.computers.value)

    def choose(self, *, bots: Sequence[str] | None = None, players: int | None = None) -> None:
        """Preset the setup (from the page address): computer players and table size."""
        high = self.game_class.max_players
        if bots is not None:
            self.custom_bots = tuple(bots)
            if bots and len(set(bots)) == 1 and bots[0] in self.strength_names:
                self.strength.value = bots[0]
            self.computers.value = min(len(bots), high - 1)
            people = (players - len(bots)) if players else 1
            if self.audience != "class" and 1 <= people <= high:
                self.people.value = people
        elif players is not None:
            self.computers.value = players - 1

    def start(self) -> None:
        """Deal a game from the dashboard's seed with the chosen seats."""

        seating = self.seating()
        low, high = self.game_class.min_players, self.game_class.max_players
        if not low <= seating.players <= high:
            self.setup_message.value = (
                f'<div class="cm-bad">✘ {escape(self.game_class.title)} is for {low} to {high} '
                f"players: you chose {seating.people} at the screen and "
                f"{len(seating.bots)} computer players.</div>"
            )
            return
        options = self.dashboard.play_options(seating.players)
        self.presenter.reset()
        try:
            self.flow.deal(seating.seats, self.dashboard.seed, options)
        except CardMathError as error:
            self.setup_message.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return
        self.custom_bots = None
        self.setup_message.value = ""
        self._begun()

    def resume(self, text: str, name: str) -> bool:
        """Carry on a saved game (its JSON), with the pause that was on screen when it was
        saved (a showdown, a round's result); ``False`` if it cannot be read."""
        self.presenter.reset()
        store = self.dashboard.store if self.dashboard.saves_games else None
        if not self.flow.resume(text, name, store):
            return False
        self._begun()
        return True

    def _begun(self) -> None:
        """Show the game the flow has just dealt or resumed."""
        assert self.session is not None
        self.revealed_for = None
        self.ending = None
        self.message.value = ""
        self.dashboard.show_seed(self.session.seed)
        set_display(self.setup, "none")
        set_display(self.game_box, "flex")
        self._moved()

    def new_game(self) -> None:
        """Back to the setup, with the next seed (the game just played stays saved)."""
        seed = self.flow.end()
        if seed is not None:
            self.dashboard.show_seed(seed)
        self.ending = None
        self.presenter.reset()
        self.dashboard.remember(game=None)
        set_display(self.setup, "flex")
        set_display(self.game_box, "none")

    # --- moves ---------------------------------------------------------------------------

    def act(self, action: Any) -> str | None:
        """The person at the screen plays ``action``; returns the refusal, if any, in words."""
        if self.person is None:
            return "It is not your turn."
        try:
            self.flow.act(action)
        except CardMathError as error:
            self._show_message(str(error), bad=True)
            return str(error)
        self.message.value = ""
        self.presenter.reset()
        self._moved()
        return None

    def _moved(self) -> None:
        """After the flow has moved on: say if a computer player could not move, save, draw."""
        if self.flow.trouble is not None:
            self._show_message(f"A computer player could not move: {self.flow.trouble}", bad=True)
        self._save()
        self.draw()

    def go_on(self) -> None:
        """The table has seen the announcement: play goes on (or a new game starts)."""
        if self.session is None:
            return
        if not self.flow.go_on():
            self.new_game()
            return
        self._moved()

    def undo(self) -> None:
        """Back to the last decision of a person (computer moves after it go too)."""
        if not self.flow.undo():
            return
        self.ending = None
        self.presenter.reset()
        self.message.value = ""
        self._save()
        self.draw()

    def reveal(self) -> None:
        """The person at the screen says who they are: show their cards."""
        self.revealed_for = self.person
        self.draw()

    @property
    def person(self) -> int | None:
        """The person who must act now (``None``: an announcement, computer players, the end)."""
        return self.flow.person

    def _clicked(self, card_id: str) -> None:
        session, player = self.session, self.person
        if session is None or player is None or self._covered():
            return
        self._try(lambda: self.presenter.click(session, player, card_id))

    def _pressed(self, key: str) -> None:
        session, player = self.session, self.person
        if session is None or player is None or self._covered():
            return
        self._try(lambda: self.presenter.move(session, player, key))

    def _try(self, make: Callable[[], Any]) -> None:
        try:
            action = make()
        except CardMathError as error:
            self._show_message(str(error), bad=True)
            return
        if action is None:
            self.draw()  # the presenter changed a selection: show it
        else:
            self.act(action)

    def _show_message(self, text: str, *, bad: bool = False) -> None:
        tone, mark = ("cm-bad", "✘ ") if bad else ("cm-good", "")
        self.message.value = f'<div class="{tone}">{mark}{escape(text)}</div>'

    def _covered(self) -> bool:
        return (
            self.flow.shared_screen and self.person is not None and self.revealed_for != self.person
        )

    def _save(self) -> None:
        if not self.dashboard.saves_games:
            return
        name = self.flow.save(self.dashboard.store)
        if name is not None:
            self.dashboard.remember(game=name)

    # --- drawing ---------------------------------------------------------------------------

    @property
    def card_width(self) -> int:
        width = self.dashboard.card_width
        return int(width * 1.35) if self.audience == "class" else width

    def draw(self) -> None:
        """Redraw everything from the session, for the person at the screen."""
        session = self.session
        if session is None:
            return
        self.table.card_width = self.card_width
        self.table.four_colour = self.dashboard.four_colour
        current = session.state.current_player
        showing = self.announcement is not None or session.is_over
        board = self.presenter.scoreboard(session)
        self.scoreboard.value = (
            board
            if board is not None
            else scoreboard_html(
                self.names,
                list(self.presenter.scores(session)),
                unit=self.presenter.unit,
                current=None if showing else current,
                notes=list(self.presenter.score_notes(session)),
                winners=session.outcome().winners if session.is_over else (),
                drawn=self.presenter.drawn_scores,
            )
        )
        self.undo_button.disabled = not session.can_undo
        self.log_box.value = self._log_html(session.log)
        note = self.flow.note
        if note is None and session.is_over:
            if self.ending is None:
                self.ending = self.presenter.finished(session)
            note = self.ending
        if note is not None:
            self._draw_announcement(session, note)
            return
        self.panel.value = ""
        self.explanation.show(None)
        player = self.person
        if player is None:
            picture = self.presenter.waiting(session)
            self._draw_picture(picture, hand=False)
            return
        if self._covered():
            public = self.presenter.covered(session)
            if public is None:
                self._hide_table()
            else:
                self._draw_picture(public, hand=False)
            name = self.name(player)
            self.prompt.value = (
                f'<div class="cm-pass">Pass the screen to <b>{escape(name)}</b>. '
                "Everyone else, look away.</div>"
            )
            show_fresh(
                self.cover,
                [
                    button(
                        f"I am {name}: show my cards", "cm-show-hand", self.reveal, style="warning"
                    )
                ],
            )
            return
        show_fresh(self.cover, ())
        self._draw_picture(self.presenter.picture(session, player), hand=True)

    def _draw_picture(self, picture: Picture, *, hand: bool) -> None:
        show_fresh(self.cover, ())
        show_fresh(self.figures, [figure_widget(f) for f in picture.figures])
        self.prompt.value = f"<div>{escape(picture.prompt)}</div>" if picture.prompt else ""
        self.table.selection = picture.selection
        self.table.show(dict(picture.rows))
        set_display(self.table, "flex" if picture.rows else "none")
        self.tool.children = (picture.tool,) if (hand and picture.tool is not None) else ()
        set_display(self.tool, "flex" if self.tool.children else "none")
        show_fresh(self.moves, [self._move_button(move) for move in picture.moves])
        self.panel.value = picture.panel

    def _move_button(self, move: Move) -> ActionButton:
        made = button(move.label, f"cm-move-{move.key}", lambda: self._pressed(move.key))
        made.button_style = move.style
        made.disabled = move.disabled
        return made

    def _draw_announcement(self, session: Session, note: Announcement) -> None:
        """A pause, or the end: its button goes on, or starts a new game when the flow
        says nothing more is to be seen."""
        self._hide_table()
        show_fresh(self.figures, [figure_widget(f) for f in note.figures])
        tone = "cm-good" if note.good_news else "cm-announce"
        self.prompt.value = f'<div class="{tone}">{escape(note.title)}</div>'
        self.panel.value = note.html
        self.explanation.show_many(list(note.explain), target=note.target, title=note.explain_title)
        last = session.is_over and (note.final or note is self.ending)
        key = "new" if last else "next"
        go = button(note.continue_label, f"cm-move-{key}", self.go_on, style="primary")
        show_fresh(self.moves, [go])

    def _hide_table(self) -> None:
        show_fresh(self.cover, ())
        self.table.show({})
        set_display(self.table, "none")
        self.tool.children = ()
        set_display(self.tool, "none")
        show_fresh(self.moves, ())

    @staticmethod
    def _log_html(lines: Sequence[str], shown: int = 12) -> str:
        recent = lines[-shown:]
        if not recent:
            return ""
        items = "".join(f"<li>{escape(line)}</li>" for line in recent)
        return f'<details class="cm-log-box"><summary>Game log</summary><ol>{items}</ol></details>'
