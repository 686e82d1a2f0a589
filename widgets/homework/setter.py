"""The form that sets a homework: game, seed, number of puzzles, level -> code and links.

It is what ``python -m cardmath homework new`` prints, for a teacher who would rather
click: the code to write on the board, the Binder link that opens it in Voilà, and a
link to open it on this server. The landing page embeds it as two lines:

    from widgets.homework.setter import HomeworkSetter
    HomeworkSetter()

>>> setter = HomeworkSetter(seed=2481)
>>> setter.game.value, setter.level.value = "navigator", "medium"
>>> setter.count.value = 8
>>> setter.make_button.click()
>>> str(setter.code)
'NAV-2481-8M-2'
>>> "mybinder.org" in setter.links.value, 'href="homework.ipynb?code=NAV-2481-8M-2"' in setter.links.value
(True, True)
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from urllib.parse import urlencode

import ipywidgets as w

from cardmath.errors import CardMathError
from cardmath.homework.codes import GAME_TITLES, LEVELS, MAX_COUNT, MAX_SEED, HomeworkCode
from cardmath.links import binder_url
from widgets.components.button import button
from widgets.components.theme import Theme, apply_theme, default_theme, stylesheet

__all__ = ["HomeworkSetter"]

STYLESHEET = Path(__file__).with_name("homework.css")


class HomeworkSetter(w.VBox):
    """Choose a game, seed, number of puzzles and level; *Make the homework*."""

    def __init__(self, *, seed: int | None = None, theme: str | None = None) -> None:
        import random

        self.code: HomeworkCode | None = None
        self.game = w.Dropdown(
            options=[(title, name) for name, title in GAME_TITLES.items()], description="Game"
        )
        self.seed = w.BoundedIntText(
            value=seed if seed is not None else random.SystemRandom().randint(1, 9999),
            min=0,
            max=MAX_SEED,
            description="Seed",
        )
        self.count = w.BoundedIntText(value=8, min=1, max=MAX_COUNT, description="Puzzles")
        self.level = w.Dropdown(
            options=[(name.capitalize(), name) for name in LEVELS],
            value="medium",
            description="Level",
        )
        self.make_button = button(
            "Make the homework", "cm-homework-make", self.make, style="primary"
        )
        self.big_code = w.HTML()
        self.big_code.add_class("cm-homework-big-code")
        self.links = w.HTML()
        self.links.add_class("cm-homework-links")
        form = w.HBox([self.game, self.seed, self.count, self.level, self.make_button])
        form.add_class("cm-homework-form")
        heading = w.HTML("Set a homework")
        heading.add_class("cm-title")
        note = w.HTML(
            "The same code always deals the same puzzles: give the class the link, or write the "
            "code on the board (students type it on the homework page)."
        )
        note.add_class("cm-homework-note")
        super().__init__(
            [Theme(), stylesheet(STYLESHEET), heading, note, form, self.big_code, self.links]
        )
        self.add_class("cm-homework-setter")
        apply_theme(self, theme or default_theme())

    def make(self) -> None:
        """The code and its links, or what is wrong in words."""
        try:
            code = HomeworkCode(
                self.game.value, int(self.seed.value), int(self.count.value), self.level.value
            )
        except CardMathError as error:
            self.code = None
            self.big_code.value = ""
            self.links.value = f'<div class="cm-bad">✘ {escape(str(error))}</div>'
            return
        self.code = code
        query = {"code": str(code)}
        binder = binder_url("homework.ipynb", query)
        here = "homework.ipynb?" + urlencode(query)
        results = "homework-results.ipynb?" + urlencode(query)
        self.big_code.value = escape(str(code))
        self.links.value = (
            f"<div>{escape(code.title)}</div>"
            f'<div><b>Binder link</b> (for home): <a href="{escape(binder)}" target="_blank" rel="noopener">{escape(binder)}</a></div>'
            f'<div><b>On this server</b>: <a href="{escape(here)}" target="_blank">{escape(here)}</a></div>'
            f'<div><b>Results</b>: <a href="{escape(results)}" target="_blank">{escape(results)}</a> '
            "(paste the receipts there)</div>"
        )
