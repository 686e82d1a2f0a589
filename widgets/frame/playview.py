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
* saving: after every move the game is saved, so a reload resumes it (``?game=...``).

No rule lives here: whether a move is legal, what a hand scores and who won are the
engine's; the presenter only reads observations.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from cardmath.errors import CardMathError
from cardmath.expr import Expr
from widgets.components.button import ActionButton, button
from widgets.components.cardtable import CardTable, Slot
from widgets.components.explanation import Explained, ExplanationView
from widgets.components.fresh import show_fresh
from widgets.components.scoreboard import Figure, figure_widget, scoreboard_html
from widgets.components.shared import set_display

if TYPE_CHECKING:
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


@dataclass(frozen=True)
class Move:
    """A button other than a card: ``key`` goes to :meth:`Presenter.move`."""

    key: str
    label: str
    style: str = ""
    disabled: bool = False


@dataclass(frozen=True)
class Announcement:
    """Something the table must see before play goes on (a showdown, a round's result,
    the end): a title, HTML (maths in ``$...$`` is typeset), things to explain (each an
    expression tree or an :class:`~widgets.components.explanation.Explained`), and the
    label of the button that goes on."""

    title: str
    html: str = ""
    explain: tuple[Expr | Explained, ...] = ()
    explain_title: str = ""
    target: int | None = None
    continue_label: str = "Continue"
    good_news: bool = False
    """True when the person at the screen won: only then is the title shown as good news."""
    figures: tuple[Figure, ...] = ()
    """The big figures of what is announced (the round's target, say): the table has
    moved on underneath, so these are not the current state's."""


@dataclass
class Picture:
    """What the play view draws for the person at the screen (nothing they may not see).

    ``rows``: the card table (title -> slots; slot ids come back to
    :meth:`Presenter.click`); ``moves``: other buttons; ``panel``: HTML under the table
    (maths in ``$...$`` is typeset); ``tool``: an interactive part such as an expression
    builder, drawn under the table."""

    prompt: str = ""
    figures: Sequence[Figure] = ()
    rows: Mapping[str, Sequence[Slot]] = field(default_factory=dict)
    moves: Sequence[Move] = ()
    panel: str = ""
    tool: w.Widget | None = None
    selection: str = "none"


@dataclass(frozen=True)
class Seating:
    """Who sits where: ``people`` at the screen first, then computer players."""

    people: int = 1
    bots: tuple[str, ...] = ("greedy",)

    @property
    def seats(self) -> list[str]:
        return ["human"] * self.people + list(self.bots)

    @property
    def players(self) -> int:
        return self.people + len(self.bots)


class Presenter:
    """A game's part of the play view: observation -> picture, click -> action.

    Subclasses set ``game`` (the registry name), ``unit`` of the score ("chip",
    "point", "card"), ``bot_title`` (what a computer player is called) and implement
    :meth:`picture`; most also implement :meth:`click`, :meth:`move`, :meth:`pause` and
    :meth:`scores`. A presenter may keep what a person has selected but not yet played
    (cleared by :meth:`reset` after every move); it never decides a rule.
    """

    game: str = ""
    unit: str = "point"
    drawn_scores: bool = False
    bot_title: str = "Computer"

    def __init__(self, view: PlayView) -> None:
        self.view = view

    # --- what to draw --------------------------------------------------------------

    def picture(self, session: Session, player: int) -> Picture:
        """What ``player`` (a person, whose turn it is) sees and may do."""
        raise NotImplementedError

    def waiting(self, session: Session) -> Picture:
        """What everyone sees when no person is to act (the computer players think)."""
        return Picture(prompt="The computer players are thinking.")

    def covered(self, session: Session) -> Picture | None:
        """What the whole table sees behind the pass-the-screen cover while the next person
        comes to the screen (only what everyone may see: the middle of the table, say).
        ``None``: nothing but the cover."""
        return None

    def scores(self, session: Session) -> Sequence[int]:
        """Each player's score in :attr:`unit` (the scoreboard)."""
        return [0] * session.game.options.players

    def score_notes(self, session: Session) -> Sequence[str]:
        """A few words beside each score ("initiative", "Pirate Map")."""
        return ()

    def scoreboard(self, session: Session) -> str | None:
        """The game's own scoreboard as HTML, drawn where the frame's table of names and
        scores goes (``None``: the frame's table from :meth:`scores`). It is on screen at
        every moment, the pass-the-screen cover included: only what everyone may see."""
        return None

    def finished(self, session: Session) -> Announcement:
        """The end of the game."""
        outcome = session.outcome()
        people = [p for p in outcome.winners if p in session.humans]
        return Announcement(
            title=f"Game over: {self.view.winners_text(outcome.winners)}.",
            continue_label="New game",
            good_news=bool(people),
        )

    def pause(self, session: Session, before: Any, action: Any, after: Any) -> Announcement | None:
        """Something to show before play goes on after ``action`` (``None``: go on)."""
        return None

    # --- what a click does ------------------------------------------------------------

    def click(self, session: Session, player: int, card_id: str) -> Any | None:
        """The action a click on ``card_id`` makes (``None``: nothing to play yet)."""
        return None

    def move(self, session: Session, player: int, key: str) -> Any | None:
        """The action a button makes (``None``: nothing to play yet)."""
        return None

    def reset(self) -> None:
        """Forget a half-made move (after every move, undo or new game)."""


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
        from cardmath.games import game_class

        self.dashboard = dashboard
        self.audience = audience
        self.presenter = presenter(self)
        self.game_class = game_class(self.presenter.game)
        self.strength_names = bot_names(self.presenter.game)
        low, high = self.game_class.min_players, self.game_class.max_players
        self.session: Session | None = None
        self.revealed_for: int | None = None
        self.announcement: Announcement | None = None
        self.saved_name: str | None = None

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
        from cardmath.session import Session

        seating = self.seating()
        low, high = self.game_class.min_players, self.game_class.max_players
        if not low <= seating.players <= high:
            self.setup_message.value = (
                f'<div class="cm-bad">✘ {escape(self.game_class.title)} is for {low} to {high} '
                f"players: you chose {seating.people} at the screen and "
                f"{len(seating.bots)} computer players.</div>"
            )
            return
        options = {**self.dashboard.game_options, "players": seating.players}
        try:
            session = Session(
                self.presenter.game, seating.seats, self.dashboard.seed, options=options
            )
        except CardMathError as error:
            self.setup_message.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return
        self.custom_bots = None
        self.setup_message.value = ""
        self._begin(session, name=None)
        self._advance()

    def resume(self, text: str, name: str) -> bool:
        """Carry on a saved game (its JSON); ``False`` if it cannot be read."""
        from cardmath.session import Session

        try:
            session = Session.from_json(text)
        except CardMathError:
            return False
        if session.game.name != self.presenter.game:
            return False
        self._begin(session, name=name)
        self._advance()
        return True

    def _begin(self, session: Session, name: str | None) -> None:
        self.session = session
        self.saved_name = name
        self.revealed_for = None
        self.announcement = None
        self.presenter.reset()
        self.message.value = ""
        self.dashboard.show_seed(session.seed)
        set_display(self.setup, "none")
        set_display(self.game_box, "flex")

    def new_game(self) -> None:
        """Back to the setup, with the next seed (the game just played stays saved)."""
        if self.session is not None:
            self.dashboard.show_seed(self.session.seed + 1)
        self.session = None
        self.saved_name = None
        self.announcement = None
        self.presenter.reset()
        self.dashboard.remember(game=None)
        set_display(self.setup, "flex")
        set_display(self.game_box, "none")

    # --- moves ---------------------------------------------------------------------------

    def act(self, action: Any) -> str | None:
        """The person at the screen plays ``action``; returns the refusal, if any, in words."""
        session = self.session
        player = self.person
        if session is None or player is None:
            return "It is not your turn."
        try:
            session.apply(action)
        except CardMathError as error:
            self._show_message(str(error), bad=True)
            return str(error)
        self.message.value = ""
        self.presenter.reset()
        last = session.moves[-1]
        self.announcement = self.presenter.pause(session, last.before, last.action, last.after)
        if self.announcement is None:
            self._advance()
        else:
            self._save()
            self.draw()
        return None

    def _advance(self) -> None:
        """Computer players move until a person must act, or something must be seen."""
        session = self.session
        if session is None:
            return
        if self.announcement is None:
            found: list[Announcement] = []

            def stop(before: Any, action: Any, after: Any) -> bool:
                note = self.presenter.pause(session, before, action, after)
                if note is not None:
                    found.append(note)
                return note is not None

            try:
                session.run_bots(stop=stop)
            except CardMathError as error:  # a bot that cannot move: say so, keep the game
                self._show_message(f"A computer player could not move: {error}", bad=True)
            if found:
                self.announcement = found[-1]
        self._save()
        self.draw()

    def go_on(self) -> None:
        """The table has seen the announcement: play goes on (or a new game starts)."""
        session = self.session
        if session is None:
            return
        if (
            session.is_over
            and self.announcement is not None
            and self.announcement.continue_label == "New game"
        ):
            self.new_game()
            return
        self.announcement = None
        self._advance()

    def undo(self) -> None:
        """Back to the last decision of a person (computer moves after it go too)."""
        session = self.session
        if session is None or not session.can_undo:
            return
        session.undo()
        self.announcement = None
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
        if self.session is None or self.announcement is not None:
            return None
        return self.session.human_to_move()

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
        session = self.session
        return (
            session is not None
            and len(session.humans) > 1
            and self.person is not None
            and self.revealed_for != self.person
        )

    def _save(self) -> None:
        if self.session is None or not self.dashboard.saves_games:
            return
        if self.saved_name is None:
            self.saved_name = self.dashboard.store.new_name()
        if self.dashboard.store.save(self.saved_name, self.session.to_json()):
            self.dashboard.remember(game=self.saved_name)

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
        note = self.announcement
        if note is None and session.is_over:
            note = self.announcement = self.presenter.finished(session)
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
        self._hide_table()
        show_fresh(self.figures, [figure_widget(f) for f in note.figures])
        tone = "cm-good" if note.good_news else "cm-announce"
        self.prompt.value = f'<div class="{tone}">{escape(note.title)}</div>'
        self.panel.value = note.html
        self.explanation.show_many(list(note.explain), target=note.target, title=note.explain_title)
        key = "new" if note.continue_label == "New game" else "next"
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
