"""What a game writes to be played at one screen: its :class:`Presenter`, and the pictures
and announcements it hands the :class:`~widgets.frame.playview.PlayView` to draw.

A presenter turns an observation into a :class:`Picture` (big figures, rows of cards,
buttons, a panel) and a click into an action; between moves it may ask the table to see
an :class:`Announcement` first. It decides no rule and no turn: the engine and
:class:`cardmath.flow.GameFlow` do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from cardmath.expr import Expr
from widgets.components.cardtable import Slot
from widgets.components.explanation import Explained
from widgets.components.scoreboard import Figure

if TYPE_CHECKING:
    from cardmath.session import Session
    from widgets.frame.playview import PlayView

__all__ = ["Announcement", "Move", "Picture", "Presenter", "Seating"]


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
    final: bool = False
    """True for a pause that is also the end of the game (the last round's result): its
    button starts a new game instead of showing :meth:`Presenter.finished` after it."""


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
    table_scrolls: bool = False
    """The table may grow taller than a projector's screen: it then ends at the screen's
    edge and scrolls inside itself (``cm-scroll-region`` in ``dashboard-backrow.css``)."""

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
            final=True,
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
