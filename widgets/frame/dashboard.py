"""The frame every game dashboard shares: header, modes, settings, theme, the page address.

A game's dashboard is a short subclass of :class:`Dashboard` naming its game, its modes
and its presenter (see ``docs/dashboards.md``). The frame gives every dashboard the same
behaviour:

* the header: the game's title, the seed (for the teacher to write on the board), the
  modes, and ⚙ Settings;
* the URL contract (:mod:`widgets.frame.query`): ``?seed``, ``?mode``, ``?bots``,
  ``?players``, ``?theme``, ``?game``, ``?length``; a bad value shows a one-line
  message and the default is used; the page's address follows the dashboard, so a
  reload brings back the same deal, mode, theme and lesson length, and a game in
  progress;
* the settings panel, generated from the engine's options (plain words from the
  engine), the lesson length, display settings, the theme, and one *Apply* for all;
* the lesson length (10, 20 or 40 minutes, or the full game): the engine's
  :func:`cardmath.lesson_length.lesson_length` turns it into rounds, laps or deals for
  every game dealt in Play and Class vs computer;
* the *Play* mode (:class:`~widgets.frame.playview.PlayView`) for every game, and
  *Class vs computer* for games that have it.

Nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as w

from cardmath.errors import CardMathError
from cardmath.game import option_info
from cardmath.lesson_length import (
    FULL_GAME,
    LESSON_MINUTES,
    has_lesson_length,
    length_label,
    lesson_length,
    read_length,
)
from widgets.components.button import button
from widgets.components.shared import label, set_display, shared_layout
from widgets.components.theme import THEMES, Theme, apply_theme, default_theme, stylesheet
from widgets.components.urlstate import UrlState
from widgets.frame.playview import PlayView, Presenter
from widgets.frame.query import PageQuery, query_string, read_query
from widgets.frame.settings import OptionsPanel
from widgets.frame.store import SessionStore

__all__ = ["Dashboard", "Display"]


def _show_value(box: w.Widget, value: Any) -> None:
    """Put an option's value in its input (a text box shows ``None`` as empty)."""
    if isinstance(box, w.Text):
        box.value = "" if value is None else str(value)
    else:
        box.value = value


class Display:
    """A yes/no display setting of one dashboard: a label and a line of help."""

    def __init__(self, label: str, help: str, default: bool = False) -> None:
        self.label = label
        self.help = help
        self.default = default


class Dashboard(w.VBox):
    """The frame of a game dashboard.

    Subclasses set ``game`` (registry name), ``title``, ``modes`` (name -> label, the
    first is the default), ``presenter`` (the game's play presenter) and, for modes
    other than ``play`` and ``class``, implement :meth:`build_mode`. ``displays`` are
    the dashboard's yes/no display settings (values in :attr:`display`).
    """

    game: ClassVar[str] = ""
    title: ClassVar[str] = "cardmath"
    modes: ClassVar[Mapping[str, str]] = {"play": "Play"}
    presenter: ClassVar[type[Presenter] | None] = None
    displays: ClassVar[Mapping[str, Display]] = {
        "four_colour": Display(
            "Four-colour suits", "Green clubs and blue diamonds, for colour-blind readers."
        )
    }
    default_bots: ClassVar[tuple[str, ...] | None] = None
    """The computer players ``?mode=play`` deals against (``None``: one greedy player)."""
    stylesheet: ClassVar[Path | None] = None
    """The game's own stylesheet (a ``.css`` file beside its presenter), if it has one."""
    default_length: ClassVar[int | None] = 20
    """The lesson length in minutes a dashboard page opens with when its address names
    none (``None``: the full game)."""
    hidden_options: ClassVar[tuple[str, ...]] = ()
    """Game options the dashboard's modes decide themselves, left out of ⚙ Settings (the
    number of players always is)."""

    def __init__(
        self,
        *,
        seed: int | None = None,
        mode: str | None = None,
        theme: str | None = None,
        options: Mapping[str, Any] | None = None,
        display: Mapping[str, bool] | None = None,
        sync_url: bool = False,
        store: SessionStore | None = None,
        length: int | str | None = None,
    ) -> None:
        from cardmath.games import game_class

        self.game_class = game_class(self.game)
        self.lengths_offered = has_lesson_length(self.game)
        self.length: int | None = None if length is None else read_length(length)
        """The lesson length in minutes (``None``: the full game of the seed). Made in
        Python, a dashboard plays the full game unless given ``length``; opened from a
        page address (:meth:`from_query`) it plays :attr:`default_length`."""
        if not self.lengths_offered:
            self.length = None
        self.seed = seed if seed is not None else self._fresh_seed()
        self.game_options: dict[str, Any] = dict(options or {})
        self.display = {name: item.default for name, item in self.displays.items()}
        self.display.update(display or {})
        self.sync_url = sync_url
        self.store = store or SessionStore()
        self.url = UrlState()
        self.theme_loader = Theme()
        loaders: list[w.Widget] = [self.theme_loader]
        if self.stylesheet is not None:
            loaders.append(stylesheet(self.stylesheet))
        self.seed_label = label()
        self.seed_label.add_class("cm-seed")
        heading = label(escape(self.title))
        heading.add_class("cm-title")
        first = next(iter(self.modes))
        self.mode_buttons = w.ToggleButtons(
            options=[(label, name) for name, label in self.modes.items()],
            value=mode if mode in self.modes else first,
            style={"button_width": "auto"},
        )
        self.mode_buttons.add_class("cm-modes")
        self.settings_button = w.ToggleButton(value=False, description="⚙ Settings")
        self.settings_button.add_class("cm-settings-button")
        self.page_message = label()
        self.page_message.add_class("cm-page-message")
        self.settings_box = w.VBox()
        self.settings_box.add_class("cm-panel")
        self.settings_box.add_class("cm-settings-panel")
        set_display(self.settings_box, "none")
        self.body = w.VBox(layout=shared_layout())
        self.body.add_class("cm-body")
        header = w.HBox(
            [heading, self.seed_label, self.mode_buttons, self.settings_button],
            layout=shared_layout(),
        )
        header.add_class("cm-header")
        super().__init__(
            [*loaders, self.url, header, self.page_message, self.settings_box, self.body]
        )
        self._theme = theme or default_theme()
        apply_theme(self, self._theme)
        self.settings_button.observe(self._toggle_settings, "value")
        self.mode_buttons.observe(lambda change: self.show_mode(change["new"]), "value")
        self._views: dict[str, w.Widget] = {}
        self.play_views: dict[str, PlayView] = {}
        self.show_seed(self.seed)
        self.remember(theme=None if theme is None else self._theme)
        self.remember(length=self.length_token if self.lengths_offered else None)
        self.show_mode(self.mode)

    # --- the URL contract --------------------------------------------------------------

    @classmethod
    def from_query(cls, query: str | None = None, **kwargs: Any) -> Dashboard:
        """The dashboard a page address asks for (``query=None``: this page's address).

        Bad values are reported on the page in one line each; the defaults are used.
        """
        from cardmath.bots import bot_names
        from cardmath.games import game_class

        game = game_class(cls.game)
        page = read_query(
            query_string() if query is None else query,
            modes=tuple(cls.modes),
            bots=bot_names(cls.game),
            min_players=game.min_players,
            max_players=game.max_players,
            lengths=has_lesson_length(cls.game),
        )
        kwargs.setdefault("length", page.length if page.length is not None else cls.default_length)
        board = cls(seed=page.seed, mode=page.mode, theme=page.theme, sync_url=True, **kwargs)
        board.open_page(page)
        return board

    def open_page(self, page: PageQuery) -> None:
        """Do what the address asks: a saved game, a game dealt for Play, the messages."""
        messages = list(page.messages)
        self.remember(seed=self.seed, mode=self.mode)
        self.show_mode(self.mode)
        play = self.play_views.get(self.mode)
        if play is not None:
            if page.bots is not None or page.players is not None:
                play.choose(bots=page.bots, players=page.players)
                self.remember(
                    bots=",".join(page.bots) if page.bots is not None else None,
                    players=page.players,
                )
            elif self.default_bots is not None:
                play.choose(bots=self.default_bots)
            resumed = False
            if page.game is not None:
                text = self.store.load(page.game)
                resumed = text is not None and play.resume(text, page.game)
                if not resumed:
                    messages.append(
                        f"?game={page.game} is not a saved game on this computer: "
                        "a new game was dealt."
                    )
            if not resumed:
                play.start()
        self.page_message.value = "".join(
            f'<div class="cm-url-note">⚠ {escape(line)}</div>' for line in messages
        )

    def remember(self, **values: Any) -> None:
        """Put values in the page's address (``None`` removes one) when this dashboard
        owns the page."""
        if self.sync_url:
            self.url.update(**values)

    @property
    def saves_games(self) -> bool:
        """Whether games in progress are saved (so a reload resumes them)."""
        return self.sync_url

    # --- modes ---------------------------------------------------------------------------

    @property
    def mode(self) -> str:
        return self.mode_buttons.value

    def show_mode(self, mode: str) -> None:
        """Show the view of ``mode`` (built the first time it is shown)."""
        if mode not in self._views:
            self._views[mode] = self._build(mode)
        self.body.children = (self._views[mode],)
        if self.mode_buttons.value != mode:
            self.mode_buttons.value = mode
        self.remember(mode=mode)

    def _build(self, mode: str) -> w.Widget:
        if mode in ("play", "class") and self.presenter is not None:
            view = PlayView(
                self, self.presenter, audience="class" if mode == "class" else "students"
            )
            self.play_views[mode] = view
            return view
        return self.build_mode(mode)

    def build_mode(self, mode: str) -> w.Widget:
        """The view of a mode other than ``play``/``class`` (built once, then kept)."""
        raise NotImplementedError(f"{type(self).__name__} has no mode {mode!r}")

    def views(self) -> list[Any]:
        """Every view built so far (to tell them that settings changed)."""
        return list(self._views.values())

    # --- lesson length -------------------------------------------------------------------

    @property
    def length_token(self) -> str:
        """The lesson length as the page address writes it: ``"20"`` or ``"full"``."""
        return FULL_GAME if self.length is None else str(self.length)

    def length_options(self, players: int | None = None) -> dict[str, Any]:
        """The game options the lesson length sets for a table of ``players`` (none for
        the full game)."""
        if self.length is None or not self.lengths_offered:
            return {}
        return dict(lesson_length(self.game, self.length, players).options)

    def play_options(self, players: int) -> dict[str, Any]:
        """The options a game dealt now is played with: the settings' rules, then what
        the lesson length sets, for ``players`` at the table."""
        return {**self.game_options, **self.length_options(players), "players": players}

    def set_length(self, length: int | str | None) -> None:
        """Choose the lesson length (minutes, or ``"full"``/``None`` for the whole game),
        kept in the page address; it applies from the next game dealt."""
        self.length = None if length is None else read_length(length)
        self.remember(length=self.length_token)

    # --- seed, theme ---------------------------------------------------------------------

    @staticmethod
    def _fresh_seed() -> int:
        import random

        return random.SystemRandom().randint(1, 9999)

    def show_seed(self, seed: int) -> None:
        """Show ``seed`` in the header (the teacher writes it on the board) and the address."""
        self.seed = seed
        self.seed_label.value = (
            f'<span title="Open with ?seed={seed} for the same deal">Seed {seed}</span>'
        )
        self.remember(seed=seed)

    @property
    def theme(self) -> str:
        return self._theme

    def set_theme(self, theme: str) -> None:
        """Switch to ``light`` or ``projector`` (kept in the page address)."""
        apply_theme(self, theme)
        self._theme = theme
        self.remember(theme=theme)
        self.settings_changed()

    @property
    def card_width(self) -> int:
        """Card width in CSS pixels: larger on the projector."""
        return 120 if self._theme == "projector" else 96

    @property
    def four_colour(self) -> bool:
        return bool(self.display.get("four_colour", False))

    # --- settings ------------------------------------------------------------------------

    def settings_changed(self) -> None:
        """Tell every view that options, display or theme changed."""
        for view in self.views():
            changed = getattr(view, "settings_changed", None)
            if changed is not None:
                changed()
            elif isinstance(view, PlayView):
                view.draw()

    def _toggle_settings(self, change: Mapping[str, Any]) -> None:
        if change["new"] and not self.settings_box.children:
            self.settings_box.children = tuple(self._settings_widgets())
        set_display(self.settings_box, "flex" if change["new"] else "none")

    def _settings_widgets(self) -> list[w.Widget]:
        self.options_panel = OptionsPanel(
            self.game_class.options_class,
            values=self.game_options,
            hidden=("players", *self.hidden_options),
        )
        self.display_boxes = {
            name: w.Checkbox(value=self.display[name], description=item.label, indent=False)
            for name, item in self.displays.items()
        }
        display_rows = [
            w.VBox(
                [
                    box,
                    w.HTML(f'<span class="cm-option-help">{escape(self.displays[n].help)}</span>'),
                ]
            )
            for n, box in self.display_boxes.items()
        ]
        self.theme_choice = w.RadioButtons(
            options=[(label, name) for name, label in THEMES.items()], value=self._theme
        )
        self.theme_choice.add_class("cm-theme-choice")
        self.settings_message = label()
        apply = button("Apply", "cm-apply-settings", self.apply_settings, style="primary")
        games = w.VBox([w.HTML("<h3>Game rules</h3>"), self.options_panel])
        screen = w.VBox(
            [
                w.HTML("<h3>Screen</h3>"),
                w.HTML('<span class="cm-option-label">Theme</span>'),
                self.theme_choice,
                *display_rows,
            ]
        )
        parts: list[w.Widget] = [games]
        if self.lengths_offered:
            parts.append(self._length_widgets())
        columns = w.HBox([*parts, screen])
        columns.add_class("cm-settings-columns")
        note = w.HTML(
            '<span class="cm-option-help">Nothing changes until you press Apply: then the '
            "screen changes at once, and the rules from the next deal or game.</span>"
        )
        return [columns, note, w.HBox([apply, self.settings_message])]

    def _length_widgets(self) -> w.Widget:
        """The lesson length: one choice, each with what it plays (from the engine)."""
        players = self.game_options.get("players")
        choices: list[tuple[str, str]] = []
        for minutes in LESSON_MINUTES:
            plays = lesson_length(self.game, minutes, players).choice
            choices.append((f"{length_label(minutes)}: {plays}", str(minutes)))
        choices.append((length_label(None), FULL_GAME))
        self.length_choice = w.RadioButtons(options=choices, value=self.length_token)
        self.length_choice.add_class("cm-lesson-length")
        infos = option_info(self.game_class.options_class)
        first = lesson_length(self.game, LESSON_MINUTES[0], players).options
        sets = [info.name for info in infos if info.name in first]
        self._typed_options: dict[str, Any] = {}
        """What the Game rules showed in the options a lesson length now shows its own in."""
        self.length_choice.observe(lambda _change: self._lock_length_options(sets), "value")
        self._lock_length_options(sets)
        labels = {info.name: info.label for info in infos}
        named = ", ".join(labels.get(name, name) for name in sets)
        help_text = (
            f"A lesson length sets {named} so that the game ends in about that time "
            "(the class as one player against the computer). Choose the full game to set "
            "them yourself under Game rules."
        )
        return w.VBox(
            [
                w.HTML("<h3>Lesson length</h3>"),
                self.length_choice,
                w.HTML(f'<span class="cm-option-help">{escape(help_text)}</span>'),
            ]
        )

    def _lock_length_options(self, names: list[str]) -> None:
        """While a lesson length is chosen, the options it sets show its values and cannot
        be changed; with the full game they show what they showed before again."""
        minutes = read_length(self.length_choice.value)
        players = self.game_options.get("players")
        values = {} if minutes is None else lesson_length(self.game, minutes, players).options
        for name in names:
            row = self.options_panel.inputs.get(name)
            if row is None or not hasattr(row.input, "disabled"):
                continue
            if name in values:
                self._typed_options.setdefault(name, row.value)
                _show_value(row.input, values[name])
            elif name in self._typed_options:
                _show_value(row.input, self._typed_options.pop(name))
            row.input.disabled = name in values

    def apply_settings(self) -> None:
        """Take every setting at once: the engine checks the rules first."""
        chosen = {**self.options_panel.values, **getattr(self, "_typed_options", {})}
        length_choice = getattr(self, "length_choice", None)
        length = self.length_token if length_choice is None else length_choice.value
        try:
            minutes = read_length(length)
            extra = (
                lesson_length(self.game, minutes, chosen.get("players")).options
                if minutes is not None and self.lengths_offered
                else {}
            )
            self.game_class(**{**chosen, **extra})
        except CardMathError as error:
            self.settings_message.value = f'<span class="cm-bad">✘ {escape(str(error))}</span>'
            return
        self.game_options = chosen
        if self.lengths_offered:
            self.set_length(length)
        self.display = {name: box.value for name, box in self.display_boxes.items()}
        self.settings_message.value = '<span class="cm-good">✔ Applied.</span>'
        theme = self.theme_choice.value
        if theme != self._theme:
            self.set_theme(theme)
        else:
            self.settings_changed()
