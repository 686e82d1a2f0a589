"""The whole class with real cards: the computer referees from the projector.

The class deals real decks and plays at their tables; the teacher enters each starter the
dealer turns and each card played, with the claim its player says. The engine
(:class:`cardmath.games.sum15.Sum15TableState`, option ``cards="table"``) knows no hand:
it refuses a card of which every copy is already face up, judges every claim, keeps every
pile count and says what was missed. The view holds a :class:`~cardmath.session.Session`
with a person in every seat, through a :class:`cardmath.flow.GameFlow` (the same flow as
every play view), so a wrong entry is undone and a reload resumes the game.

No rule lives here: the card picker disables the cards the engine's legal actions leave
out, and an entry goes to the session, which refuses it by rule.
"""

from __future__ import annotations

from functools import partial
from html import escape
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as w

from cardmath.errors import CardMathError
from cardmath.games.sum15 import DECK, MAX_PLAYERS, MIN_PLAYERS, Play, Starter, card_value
from widgets.components.button import button
from widgets.components.cardtable import CardTable, slot
from widgets.components.fresh import show_fresh
from widgets.components.scoreboard import Figure, figure_widget, scoreboard_html
from widgets.components.shared import set_display
from widgets.components.textbox import TextBox
from widgets.games.sum15.presenter import (
    CLAIM_LABELS,
    card_text,
    judgement_html,
    public_figures,
    with_suit_symbols,
)

if TYPE_CHECKING:
    from cardmath.flow import GameFlow
    from cardmath.games.sum15 import Sum15TableState
    from cardmath.session import Session

__all__ = ["DEFAULT_CLASS_SIZE", "RefereeView"]

DEFAULT_CLASS_SIZE = 14
"""The seed's own whole-class game: 14 players (two decks, as its teacher chose)."""

PICKER_CARD_WIDTH = 44
"""The card picker is the teacher's: small cards, the whole deck in four short rows."""


class RefereeView(w.VBox):
    """Real cards on the table, the computer as referee: pick the card, press the claim."""

    def __init__(self, board: Any) -> None:
        from cardmath.flow import GameFlow

        self.board = board
        self.flow: GameFlow[None] = GameFlow(
            "sum15", accepts=lambda game: getattr(game.options, "cards", None) == "table"
        )
        self.selected: str | None = None

        # --- setup ---------------------------------------------------------------------
        self.players = w.BoundedIntText(
            value=DEFAULT_CLASS_SIZE, min=MIN_PLAYERS, max=MAX_PLAYERS, description="Players"
        )
        self.players.add_class("cm-sum15-players")
        self.players.style.description_width = "initial"
        self.start_button = button("Start the game", "cm-sum15-start", self.start, style="primary")
        self.setup_message = w.HTML()
        self.setup_message.add_class("cm-message")
        intro = w.HTML(
            "<b>Real cards, the computer as referee.</b> Deal six cards to everyone from "
            "real decks (one deck for every six players, or as chosen in ⚙ Settings). "
            "Then enter each starter the dealer turns and each card played, with the claim "
            "its player says: the computer checks the claim, says what was missed and "
            "counts every pile."
        )
        row = w.HBox([self.players, self.start_button, self.setup_message])
        row.add_class("cm-controls")
        self.setup = w.VBox([intro, row])
        self.setup.add_class("cm-panel")
        self.setup.add_class("cm-sum15-setup")

        # --- the game ------------------------------------------------------------------
        self.figures = w.HBox()
        self.figures.add_class("cm-deal")
        self.turn = w.HTML()
        self.turn.add_class("cm-sum15-turn")
        self.verdict = w.HTML()
        self.verdict.add_class("cm-sum15-verdict")
        self.message = w.HTML()
        self.message.add_class("cm-message")
        self.middle = w.HTML()
        self.middle.add_class("cm-sum15-middle-line")
        self.picker = CardTable(label="the card played", selection="single")
        self.picker.add_class("cm-sum15-picker")
        self.picker.on_click(self._picked)
        self.claims_box = w.VBox()
        self.claims_box.add_class("cm-sum15-claims")
        self.typed = TextBox(
            placeholder="type: 7H pair", label="card played and claim", css="cm-sum15-typed"
        )
        self.typed.on_submit(self._typed)
        self.scoreboard = w.HTML()
        self.scoreboard.add_class("cm-scoreboard")
        self.scoreboard.add_class("cm-sum15-scores")
        entry = w.VBox([self.claims_box, self.typed])
        entry.add_class("cm-sum15-entry")
        desk = w.HBox([self.picker, entry, self.scoreboard])
        desk.add_class("cm-sum15-desk")
        self.undo_button = button("↶ Undo the last entry", "cm-undo", self.undo)
        self.new_button = button("New game", "cm-new-game", self.new_game)
        self.log_box = w.HTML()
        self.log_box.add_class("cm-log")
        footer = w.HBox([self.undo_button, self.new_button])
        footer.add_class("cm-controls")
        # at the game's end, what the class presses next, under the outcome (the footer's
        # New game is below the fold on a projector)
        again = button("New game", "cm-sum15-again", self.new_game, style="primary")
        self.again_box = w.HBox([again])
        self.again_box.add_class("cm-controls")
        set_display(self.again_box, "none")
        self.game_box = w.VBox(
            [
                self.figures,
                self.turn,
                self.again_box,
                self.verdict,
                self.message,
                self.middle,
                desk,
                footer,
                self.log_box,
            ]
        )
        set_display(self.game_box, "none")
        super().__init__([self.setup, self.game_box])
        self.add_class("cm-sum15-referee")

    # --- the flow ------------------------------------------------------------------------

    @property
    def session(self) -> Session | None:
        """The game being refereed (``None``: the setup is showing)."""
        return self.flow.session

    @property
    def saved_name(self) -> str | None:
        return self.flow.saved_name

    # --- setup ---------------------------------------------------------------------------

    def start(self) -> None:
        """A new game of real cards for the chosen number of players."""
        players = self.players.value
        options = {**self.board.game_options, "players": players, "cards": "table"}
        try:
            self.flow.deal(["human"] * players, self.board.seed, options)
        except CardMathError as error:
            self.setup_message.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return
        self.setup_message.value = ""
        self._begun()

    def resume(self, text: str, name: str) -> bool:
        """Carry on a saved game of real cards; ``False`` if it is not one."""
        if not self.flow.resume(text, name):
            return False
        self._begun()
        return True

    def _begun(self) -> None:
        """Show the game the flow has just dealt or resumed."""
        self.selected = None
        self.verdict.value = ""
        self.message.value = ""
        set_display(self.setup, "none")
        set_display(self.game_box, "flex")
        self._save()
        self.draw()

    def new_game(self) -> None:
        """Back to the setup (the game just played stays saved)."""
        self.flow.end()
        self.board.remember(game=None)
        set_display(self.setup, "flex")
        set_display(self.game_box, "none")

    # --- entries -----------------------------------------------------------------------------

    def _picked(self, card_id: str) -> None:
        self.selected = card_id if self.picker.selected == [card_id] else None
        self.draw()

    def _chosen_card(self) -> Any:
        if self.selected is None:
            return None
        entry = self.picker.slots.get(self.selected)
        return None if entry is None else entry.card

    def enter(self, action: Any) -> str | None:
        """Enter a starter or a play (an action or its text); returns the refusal, if any."""
        if self.session is None or self.flow.is_over:
            return "The game is over."
        try:
            move = self.flow.act(action)
        except CardMathError as error:
            self.message.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return str(error)
        self.message.value = ""
        self.selected = None
        self.picker.selected = []
        if isinstance(move.action, Play):
            name = f"Player {move.player + 1}"
            line = judgement_html(
                name,
                cast("Sum15TableState", move.before).judge(move.action),
                show_missed=bool(self.board.display.get("show_missed", True)),
            )
            self.verdict.value = f'<ul class="cm-sum15-plays">{line}</ul>'
        else:
            self.verdict.value = (
                f'<div class="cm-sum15-plays">Player {move.player + 1} (the dealer) turned '
                f"{escape(card_text(move.action.card))} as the new starter.</div>"
            )
        self._save()
        self.draw()
        return None

    def _claim(self, word: str | None) -> None:
        card = self._chosen_card()
        if card is None:
            self.message.value = '<div class="cm-bad">✘ First press the card played.</div>'
            return
        self.enter(Play(card, word))

    def _starter(self) -> None:
        card = self._chosen_card()
        if card is None:
            self.message.value = '<div class="cm-bad">✘ First press the card turned.</div>'
            return
        self.enter(Starter(card))

    def _typed(self, text: str) -> None:
        if self.enter(text) is None:
            self.typed.value = ""

    def undo(self) -> None:
        """Take back the last entry."""
        if not self.flow.undo():
            return
        self.verdict.value = '<div class="cm-sum15-plays">The last entry was taken back.</div>'
        self.message.value = ""
        self._save()
        self.draw()

    def _save(self) -> None:
        if not self.board.saves_games:
            return
        name = self.flow.save(self.board.store)
        if name is not None:
            self.board.remember(game=name)

    # --- drawing ----------------------------------------------------------------------------

    def settings_changed(self) -> None:
        self.draw()

    def draw(self) -> None:
        """Redraw the table from the session."""
        session = self.session
        if session is None:
            return
        state = cast("Sum15TableState", session.state)  # the referee's game is on the table
        seen = state.observation(0)
        show_total = bool(self.board.display.get("show_total", True))
        figures = public_figures(seen, show_total=show_total)
        if state.is_terminal:
            turn = Figure("Game over", "★", session.outcome().summary, "cm-sum15-turn-figure")
        elif state.needs_starter:
            turn = Figure(
                "Dealer", f"P{state.dealer + 1}", "turns a starter", "cm-sum15-turn-figure"
            )
        else:
            player = state.current_player
            turn = Figure(
                "Turn", f"P{player + 1}", f"Player {player + 1} plays", "cm-sum15-turn-figure"
            )
        show_fresh(self.figures, [figure_widget(f) for f in (turn, *figures)])
        shown_middle = " ".join(card_text(card) for card in state.middle) or "empty"
        self.middle.value = (
            f'<div><span class="cm-sum15-middle-title">The middle (oldest first):</span> '
            f"{escape(shown_middle)}</div>"
        )
        self.scoreboard.value = scoreboard_html(
            [f"Player {seat + 1}" for seat in range(state.num_players)],
            list(state.scores()),
            unit="card",
            current=None if state.is_terminal else state.current_player,
            notes=["dealer" if seat == state.dealer else "" for seat in range(state.num_players)],
            winners=session.outcome().winners if state.is_terminal else (),
            label="cards taken",
        )
        self.undo_button.disabled = not session.can_undo
        set_display(self.again_box, "flex" if state.is_terminal else "none")
        self.log_box.value = self._log_html(session.log)
        if state.is_terminal:
            self.turn.value = (
                f'<div class="cm-good">Game over: {escape(session.outcome().summary)}.</div>'
            )
            self.picker.show({})
            set_display(self.picker, "none")
            show_fresh(self.claims_box, ())
            set_display(self.typed, "none")
            return
        self._draw_picker(state)
        set_display(self.picker, "flex")
        set_display(self.typed, "flex")
        chosen = self._chosen_card()
        shown = f" ({escape(card_text(chosen))} chosen)" if chosen is not None else ""
        if state.needs_starter:
            self.turn.value = (
                f"<div><b>Player {state.dealer + 1} (the dealer)</b> turns a new starter: "
                f"press the card turned{shown}, then <b>Turn as the starter</b>.</div>"
            )
            buttons = [button("Turn as the starter", "cm-sum15-turn-starter", self._starter)]
            buttons[0].button_style = "primary"
        elif seen.claims:
            self.turn.value = (
                f"<div><b>Player {state.current_player + 1}</b> plays: press the card played"
                f"{shown}, then the claim they say.</div>"
            )
            buttons = [
                button(label, f"cm-sum15-claim-{word or 'none'}", partial(self._claim, word))
                for word, label in CLAIM_LABELS.items()
            ]
        else:
            self.turn.value = (
                f"<div><b>Player {state.current_player + 1}</b> plays: press the card played"
                f"{shown}, then <b>Played</b>.</div>"
            )
            buttons = [button("Played", "cm-sum15-claim-none", lambda: self._claim(None))]
        for made in buttons:
            made.disabled = chosen is None
            if chosen is not None:
                made.button_style = "primary"
        show_fresh(self.claims_box, buttons)

    def _draw_picker(self, state: Any) -> None:
        legal = {action.card for action in state.legal_actions()}
        self.picker.card_width = PICKER_CARD_WIDTH
        self.picker.four_colour = self.board.four_colour
        rows = {}
        names = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
        for suit, title in names.items():
            rows[title] = [
                slot(
                    card,
                    id=f"pick-{card}",
                    value=card_value(card),
                    disabled=card not in legal,
                )
                for card in DECK
                if card.suit == suit
            ]
        self.picker.show(rows)
        if self.selected is not None and self.picker.slots.get(self.selected) is None:
            self.selected = None

    @staticmethod
    def _log_html(lines: list[str], shown: int = 12) -> str:
        recent = lines[-shown:]
        if not recent:
            return ""
        items = "".join(f"<li>{escape(with_suit_symbols(line))}</li>" for line in recent)
        return f'<details class="cm-log-box"><summary>Game log</summary><ol>{items}</ol></details>'
