"""The Navigator dashboard: projector, play and puzzle modes over the Navigator engine.

Every rule comes from :mod:`cardmath.games.navigator` (deal, target, card values, legal
moves, declarations, showdowns, chips) and :mod:`cardmath.solver` (best answers, hints);
this module only draws states and turns clicks into engine actions.

>>> board = NavigatorDashboard(seed=2481, mode="puzzle")
>>> board.seed, board.mode
(2481, 'puzzle')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from cardmath.errors import CardMathError
from widgets import engine_navigator as engine
from widgets.cardtable import CardTable, slot
from widgets.dashboard import (
    Dashboard,
    OptionsPanel,
    button,
    figure_html,
    query_value,
    scoreboard_html,
    seed_from_query,
)
from widgets.exprtree import (
    ExplanationView,
    ExpressionBuilder,
    Feedback,
    sympy_latex,
    warm_sympy,
)
from widgets.timer import RoundTimer

__all__ = ["NavigatorDashboard"]

ROUND_SECONDS = 300


def _figure(caption: str, number: object, note: str = "", css: str = "") -> w.HTML:
    box = w.HTML(figure_html(caption, number, note, css))
    box.add_class("cm-figure")
    if css:
        box.add_class(css)
    return box


def _value_text(values: Sequence[int]) -> str:
    return " or ".join(str(value) for value in values)


class NavigatorDashboard(Dashboard):
    """Navigator for the classroom: ``mode`` is ``projector``, ``play`` or ``puzzle``.

    ``seed`` fixes the deal (a fresh one if ``None`` and the URL gives none); ``options``
    are the engine's game options (variants); ``bots`` the strength of the computer
    navigators; ``show_total`` the teacher's running-total option of the builder.
    """

    title = "Navigator"
    modes = {"projector": "Projector", "play": "Play", "puzzle": "Puzzle"}

    def __init__(
        self,
        *,
        seed: int | None = None,
        mode: str | None = None,
        theme: str = "light",
        options: Mapping[str, Any] | None = None,
        four_colour: bool = False,
        show_total: bool = False,
    ) -> None:
        self.game_options: dict[str, Any] = dict(options or {})
        self.four_colour = four_colour
        self.show_total = show_total
        self.projector: ProjectorView | None = None
        self.puzzle: PuzzleView | None = None
        self.play: PlayView | None = None
        super().__init__(seed=seed, mode=mode, theme=theme)
        self.show_seed(self.seed)
        self.show_mode(self.mode)

    @classmethod
    def from_query(cls, query: str | None) -> NavigatorDashboard:
        """A dashboard set up from a URL query: ``seed``, ``mode``, ``theme``."""
        theme = query_value(query, "theme") or "light"
        return cls(
            seed=seed_from_query(query),
            mode=query_value(query, "mode"),
            theme=theme if theme in ("light", "projector") else "light",
        )

    @property
    def card_width(self) -> int:
        return 120 if self.theme == "projector" else 96

    # --- modes -------------------------------------------------------------------------

    def build_mode(self, mode: str) -> w.Widget:
        if mode == "projector":
            self.projector = ProjectorView(self)
            return self.projector
        if mode == "puzzle":
            self.puzzle = PuzzleView(self)
            return self.puzzle
        self.play = PlayView(self)
        return self.play

    def settings_widgets(self) -> list[w.Widget]:
        self.options_panel = OptionsPanel(
            engine.options_class(),
            values=self.game_options,
            labels=engine.OPTION_LABELS,
            choices=engine.option_choices(),
            hidden=("players",),
        )
        apply = button("Apply to the next deal", "cm-apply-settings", self.apply_settings)
        self.four_colour_box = w.Checkbox(
            value=self.four_colour, description="Four-colour suits", indent=False
        )
        self.total_box = w.Checkbox(
            value=self.show_total,
            description="Show a running total (no-calculator rule off)",
            indent=False,
        )
        self.settings_message = w.HTML()
        return [
            w.HTML("<b>Game options and variants</b>"),
            self.options_panel,
            w.HTML("<b>Display</b>"),
            self.four_colour_box,
            self.total_box,
            w.HBox([apply, self.settings_message]),
        ]

    def apply_settings(self) -> None:
        """Take the settings panel's choices (checked by the engine) for the next deal."""
        chosen = self.options_panel.values
        try:
            engine.validate_options(chosen)
        except CardMathError as error:
            self.settings_message.value = f'<span class="cm-bad">{escape(str(error))}</span>'
            return
        self.game_options = chosen
        self.four_colour = self.four_colour_box.value
        self.show_total = self.total_box.value
        self.settings_message.value = '<span class="cm-good">Applied.</span>'
        for view in (self.projector, self.puzzle, self.play):
            if view is not None:
                view.settings_changed()

    def on_theme(self, theme: str) -> None:
        for view in (self.projector, self.puzzle, self.play):
            if view is not None:
                view.settings_changed()


class ProjectorView(w.VBox):
    """Deal, a 5-minute timer, and Reveal, for the whole class on paper."""

    def __init__(self, board: NavigatorDashboard) -> None:
        self.board = board
        self.deal: engine.Deal | None = None
        self.figures = w.HBox()
        self.figures.add_class("cm-deal")
        self.timer = RoundTimer(duration=ROUND_SECONDS)
        self.memory = CardTable(label="the class's Nav Memory")
        self.deal_button = button("Deal", "cm-deal-button", self.press_deal, button_style="primary")
        self.reveal_button = button("Reveal", "cm-reveal-button", self.reveal, disabled=True)
        self.pause_button = button("Pause timer", "cm-pause-button", self.toggle_timer)
        self.explanation = ExplanationView()
        self.message = w.HTML(
            '<div class="cm-figure-note">Press <b>Deal</b>: the target and the Signpost Beacon '
            "appear and the timer starts. Work on paper; no calculators.</div>"
        )
        self.message.add_class("cm-message")
        controls = w.HBox([self.deal_button, self.reveal_button, self.pause_button])
        controls.add_class("cm-controls")
        super().__init__([controls, self.message, self.figures, self.memory, self.explanation])
        self.add_class("cm-projector")
        self._draw_waiting()

    def _draw_waiting(self) -> None:
        self.figures.children = (
            _figure("Target", "?", "", "cm-target"),
            _figure("Signpost Beacon", "?", "", "cm-beacon"),
            _figure("Time", "", "", "cm-time-caption"),
        )
        self.figures.children = (*self.figures.children[:2], self._timer_box())
        self.memory.show({})

    def _timer_box(self) -> w.Widget:
        caption = w.HTML('<div class="cm-figure-caption">Time</div>')
        box = w.VBox([caption, self.timer])
        box.add_class("cm-timer-box")
        return box

    def press_deal(self) -> None:
        """Deal from the page's seed the first time, then from the next seeds."""
        seed = self.board.seed if self.deal is None else self.board.seed + 1
        self.show_deal(seed)

    def show_deal(self, seed: int) -> None:
        self.board.show_seed(seed)
        self.deal = engine.deal(seed, self.board.game_options)
        deal = self.deal
        self.figures.children = (
            _figure("Target", deal.target, deal.target_note, "cm-target"),
            _figure(
                "Signpost Beacon", _value_text(deal.beacon_values), deal.beacon.name, "cm-beacon"
            ),
            self._timer_box(),
        )
        self.draw_cards()
        self.explanation.show(None)
        self.message.value = (
            '<div class="cm-figure-note">Use the Signpost Beacon and two cards of the Nav '
            "Memory. Every card once; + − × ÷ ^ and brackets.</div>"
        )
        self.deal_button.description = "New deal"
        self.reveal_button.disabled = False
        self.timer.reset(ROUND_SECONDS)
        self.timer.start()
        warm_sympy()
        self.pause_button.description = "Pause timer"

    def draw_cards(self) -> None:
        deal = self.deal
        if deal is None:
            return
        self.memory.card_width = self.board.card_width
        self.memory.four_colour = self.board.four_colour
        self.memory.show(
            {
                "Target cards": [slot(card, value=None) for card in deal.target_cards],
                "Signpost Beacon": [slot(deal.beacon, value=_value_text(deal.beacon_values))],
                "Nav Memory (choose two)": [
                    slot(card, value=_value_text(values))
                    for card, values in zip(deal.memory, deal.memory_values, strict=True)
                ],
            }
        )

    def toggle_timer(self) -> None:
        if self.timer.running:
            self.timer.pause()
            self.pause_button.description = "Resume timer"
        else:
            self.timer.start()
            self.pause_button.description = "Pause timer"

    def reveal(self) -> None:
        """Show the best answers, simplest first, as LaTeX, trees and steps."""
        if self.deal is None:
            return
        self.timer.pause()
        self.pause_button.description = "Resume timer"
        best = engine.best(self.deal)
        away = "exactly" if best.best_distance == 0 else f"{best.best_distance} away"
        self.explanation.show_many(
            best.solutions,
            target=self.deal.target,
            title=f"Best answers ({away}), simplest first: {best.solution_count} in all",
        )

    def settings_changed(self) -> None:
        self.draw_cards()


class PuzzleView(w.VBox):
    """Target, beacon and Nav Memory; build, Check, and graded hints."""

    def __init__(self, board: NavigatorDashboard) -> None:
        self.board = board
        self.figures = w.HBox()
        self.figures.add_class("cm-deal")
        self.builder = ExpressionBuilder(checker=self.check, show_total=board.show_total)
        self.hint_level = 0
        self.hint_box = w.HTML()
        self.hint_box.add_class("cm-hint")
        self.hint_button = button("Hint", "cm-hint-button", self.next_hint)
        self.new_button = button("New puzzle", "cm-new-puzzle", self.new_puzzle)
        self.explanation = ExplanationView()
        controls = w.HBox([self.hint_button, self.new_button])
        controls.add_class("cm-controls")
        intro = w.HTML(
            '<div class="cm-figure-note">Use the Signpost Beacon and two cards of your Nav '
            "Memory, each once, to get as close to the target as you can.</div>"
        )
        super().__init__(
            [self.figures, intro, self.builder, controls, self.hint_box, self.explanation]
        )
        self.add_class("cm-puzzle")
        self.show_deal(board.seed)
        warm_sympy(delay=3.0)  # after the first view is drawn: Check shows sympy's LaTeX

    def show_deal(self, seed: int) -> None:
        self.board.show_seed(seed)
        self.deal = engine.deal(seed, self.board.game_options)
        deal = self.deal
        self.figures.children = (
            _figure("Target", deal.target, deal.target_note, "cm-target"),
            _figure(
                "Signpost Beacon", _value_text(deal.beacon_values), deal.beacon.name, "cm-beacon"
            ),
        )
        self.hint_level = 0
        self.hint_box.value = ""
        self.hint_button.description = "Hint"
        self.explanation.show(None)
        self.settings_changed()

    def settings_changed(self) -> None:
        deal = self.deal
        self.builder.show_total = self.board.show_total
        self.builder.table.card_width = self.board.card_width
        self.builder.table.four_colour = self.board.four_colour
        self.builder.set_cards(
            [(deal.beacon, deal.beacon_values), *zip(deal.memory, deal.memory_values, strict=True)],
            captions=["beacon"],
        )

    def new_puzzle(self) -> None:
        self.show_deal(self.board.seed + 1)

    def check(self, text: str) -> Feedback:
        """Ask the engine whether ``text`` is a valid Vector Set and how close it is."""
        feedback = engine.check(self.deal, text)
        if feedback.expr is not None:
            self.explanation.show(feedback.expr, target=self.deal.target, title="Your answer")
        return feedback

    def next_hint(self) -> None:
        """The next hint level: best distance, then cards, then first step, then all."""
        self.hint_level = min(4, self.hint_level + 1)
        found = engine.hint(self.deal, self.hint_level)
        self.hint_box.value = f"<div><b>Hint {self.hint_level}.</b> {escape(found.text)}</div>"
        if found.expression is not None:
            self.explanation.show(found.expression, target=self.deal.target, title="A best answer")
        self.hint_button.description = "More help" if self.hint_level < 4 else "Hint (all shown)"


class PlayView(w.VBox):
    """A whole game against computer navigators, or hot seat for 2-4 students.

    Everything shown comes from :class:`widgets.engine_navigator.Match`: the person at
    the screen sees only their own Data Packet and Nav Memory; in hot seat a "pass the
    screen" cover hides them until the next player says who they are.
    """

    def __init__(self, board: NavigatorDashboard) -> None:
        self.board = board
        names = engine.bot_names()
        self.opponents = w.ToggleButtons(
            options=[("1", 1), ("2", 2), ("3", 3)], value=1, description="Computer navigators"
        )
        self.opponents.add_class("cm-opponents")
        self.strength = w.Dropdown(
            options=names,
            value="greedy" if "greedy" in names else names[-1],
            description="Strength",
        )
        self.strength.add_class("cm-strength")
        self.hot_seat = w.ToggleButtons(
            options=[("No", 1), ("2 players", 2), ("3 players", 3), ("4 players", 4)],
            value=1,
            description="Hot seat (no computer)",
        )
        self.hot_seat.add_class("cm-hot-seat")
        self.own_value = w.Checkbox(
            value=False,
            description="Students say the number themselves (a wrong sum forfeits the round)",
            indent=False,
            layout=w.Layout(width="auto"),
        )
        for control in (self.opponents, self.hot_seat):
            control.style.button_width = "auto"
            control.style.description_width = "initial"
        self.strength.style.description_width = "initial"
        self.start_button = button(
            "Start game", "cm-start-game", self.start, button_style="primary"
        )
        self.setup_message = w.HTML()
        setup = w.VBox(
            [
                w.HTML(
                    "<b>New game.</b> Play against the computer, or share the screen "
                    "(hot seat). Variants and chips are in ⚙ Settings."
                ),
                w.HBox([self.opponents, self.strength], layout=w.Layout(flex_flow="wrap")),
                self.hot_seat,
                self.own_value,
                self.start_button,
                self.setup_message,
            ]
        )
        setup.add_class("cm-panel")
        setup.add_class("cm-play-setup")
        self.setup = setup
        self.figures = w.HBox()
        self.figures.add_class("cm-deal")
        self.scoreboard = w.HTML()
        self.scoreboard.add_class("cm-scoreboard")
        self.message = w.HTML()
        self.message.add_class("cm-message")
        self.cover = w.VBox()
        self.cover.add_class("cm-cover")
        self.table = CardTable(label="your cards")
        self.table.add_class("cm-play-table")
        self.table.on_click(self.card_clicked)
        self.builder = ExpressionBuilder(
            checker=self.declare, show_total=board.show_total, check_label="Declare"
        )
        self.declared_value = w.IntText(
            value=0, description="My number", layout=w.Layout(width="14em", display="none")
        )
        self.declared_value.add_class("cm-declared-value")
        self.other_moves = w.HBox()
        self.other_moves.add_class("cm-controls")
        self.showdown = w.HTMLMath()
        self.showdown.add_class("cm-showdown")
        self.explanation = ExplanationView()
        self.game_box = w.VBox(
            [
                self.figures,
                self.scoreboard,
                self.message,
                self.cover,
                self.table,
                self.declared_value,
                self.builder,
                self.other_moves,
                self.showdown,
                self.explanation,
            ]
        )
        self.game_box.layout.display = "none"
        super().__init__([setup, self.game_box])
        self.add_class("cm-play")
        self.match: engine.Match | None = None
        self.revealed_for: int | None = None
        self._builder_for: tuple[int, int] | None = None

    # --- flow ------------------------------------------------------------------------

    def start(self) -> None:
        """Start a game: people in hot seat, or one person against the chosen bots."""
        humans = self.hot_seat.value
        if humans > 1:
            players, bots = humans, {}
        else:
            players = 1 + self.opponents.value
            bots = {seat: self.strength.value for seat in range(1, players)}
        try:
            self.match = engine.Match(
                players,
                bots,
                self.board.seed,
                self.board.game_options,
                own_value=self.own_value.value,
            )
        except CardMathError as error:
            self.setup_message.value = f'<div class="cm-bad">{escape(str(error))}</div>'
            return
        warm_sympy()
        self.setup_message.value = ""
        self.board.show_seed(self.board.seed)
        self.revealed_for = None
        self._builder_for = None
        self.setup.layout.display = "none"
        self.game_box.layout.display = "flex"
        self.draw()

    @property
    def human(self) -> int | None:
        """The person who must act now (``None`` while a showdown is shown)."""
        return None if self.match is None else self.match.human_to_move()

    def card_clicked(self, card_id: str) -> None:
        """A Data Packet card was clicked: keep it (the engine says whether it may)."""
        match = self.match
        if match is None or self.human is None:
            return
        self._try(lambda: match.click_card(card_id))

    def move(self, key: str) -> None:
        """A button: ``buy``, ``pass``, ``lock``, ``next`` (round), ``new`` (game)."""
        if key == "new":
            self.new_game()
            return
        match = self.match
        if match is not None:
            self._try(lambda: match.move(key))

    def declare(self, text: str) -> Feedback:
        """Declare the built expression as this player's Jump Coordinates."""
        match = self.match
        if match is None or self.human is None:
            return Feedback(False, "It is not your turn.")
        value = self.declared_value.value if match.own_value else None
        feedback = match.declare(text, value=value, cards=self.builder.used_cards)
        if feedback.ok:
            self.message.value = f'<div class="cm-good">{escape(feedback.message)}</div>'
            self.draw()
        return feedback

    def _try(self, move: Any) -> None:
        try:
            move()
        except CardMathError as error:
            self.message.value = f'<div class="cm-bad">{escape(str(error))}</div>'
            return
        self.draw()

    def reveal_hand(self) -> None:
        """The player at the screen says who they are: show their cards."""
        self.revealed_for = self.human
        self.draw()

    def new_game(self) -> None:
        self.setup.layout.display = "flex"
        self.game_box.layout.display = "none"
        self.match = None

    # --- drawing -----------------------------------------------------------------------

    def settings_changed(self) -> None:
        self.builder.show_total = self.board.show_total
        self._builder_for = None
        self.draw()

    def draw(self) -> None:
        """Redraw everything from the match's view of the person at the screen."""
        match = self.match
        if match is None:
            return
        view = match.view()
        figures = [
            _figure("Target", view.target, view.target_note, "cm-target"),
            _figure(
                "Signpost Beacon",
                _value_text(view.beacon_values) or "?",
                view.beacon_name,
                "cm-beacon",
            ),
            _figure("Round", view.round, "", "cm-round"),
        ]
        self.figures.children = tuple(figures)
        self.scoreboard.value = scoreboard_html(
            view.names, view.chips, current=view.to_move, notes=view.notes
        )
        width = self.board.card_width
        for table in (self.table, self.builder.table):
            table.card_width = width
            table.four_colour = self.board.four_colour
        self.other_moves.children = tuple(
            button(label, f"cm-move-{key}", lambda key=key: self.move(key))
            for key, label in view.moves
        )
        if view.showdown:
            self._draw_showdown(view)
            return
        self.showdown.value = ""
        self.explanation.show(None)
        human = self.human
        if human is None:
            self._hide_hand()
            return
        if len(match.humans) > 1 and self.revealed_for != human:
            self._hide_hand()  # first, so the last hand is gone before the next name shows
            name = view.names[human]
            self.message.value = (
                f'<div class="cm-pass">Pass the screen to <b>{escape(name)}</b>. '
                "Everyone else, look away.</div>"
            )
            self.cover.children = (
                button(
                    f"I am {name}: show my cards",
                    "cm-show-hand",
                    self.reveal_hand,
                    button_style="warning",
                ),
            )
            self.other_moves.children = ()
            self._hide_hand(keep_cover=True)
            return
        self.cover.children = ()
        self.message.value = f"<div>{escape(view.prompt)}</div>"
        self.table.show(view.rows)
        self.table.layout.display = "flex" if view.rows else "none"
        if view.declaring:
            key = (human, view.round)
            if self._builder_for != key:
                self.builder.set_cards(view.builder_cards, captions=["beacon"])
                self._builder_for = key
            self.builder.layout.display = "flex"
            self.declared_value.layout.display = "flex" if match.own_value else "none"
        else:
            self.builder.layout.display = "none"
            self.declared_value.layout.display = "none"

    def _draw_showdown(self, view: engine.PlayModel) -> None:
        self._hide_hand()
        self.revealed_for = None
        tone = "cm-good" if view.finished else ""
        self.message.value = (
            f'<div class="{tone}">{escape(view.summary or "Showdown")}'
            f" — round {view.round}, target {escape(str(view.target))}</div>"
        )
        rows = []
        for row in view.showdown:
            maths = f"${sympy_latex(row.tree)}$" if row.tree is not None else escape(row.expression)
            chips = f"{row.chips_before} → {row.chips_after}"
            css = ' class="cm-winner"' if row.winner else ""
            mark = " ★" if row.winner else ""
            rows.append(
                f"<tr{css}><th>{escape(row.name)}{mark}</th><td>{maths}</td>"
                f"<td>= {row.declared}</td><td>{escape(row.verdict)}</td><td>{chips}</td></tr>"
            )
        lines = "".join(f"<li>{escape(line)}</li>" for line in view.result_lines)
        self.showdown.value = (
            '<table class="cm-showdown-table"><tr><th>Navigator</th><th>Expression</th>'
            "<th>Declared</th><th>Distance</th><th>Chips</th></tr>"
            f'{"".join(rows)}</table><ul class="cm-result-lines">{lines}</ul>'
        )
        if view.best:
            title, tree, _text = view.best[0]
            self.explanation.show(tree, target=view.target, title=title)
            extra = [
                w.HTML(f'<div class="cm-other-solutions">{escape(t)}: {escape(x)}</div>')
                for t, _tree, x in view.best[1:]
            ]
            self.explanation.more.children = tuple(extra)
        else:
            self.explanation.show(None)

    def _hide_hand(self, keep_cover: bool = False) -> None:
        if not keep_cover:
            self.cover.children = ()
        self.table.show({})
        self.table.layout.display = "none"
        self.builder.layout.display = "none"
        self.declared_value.layout.display = "none"
