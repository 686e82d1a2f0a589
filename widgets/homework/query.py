"""The homework pages' own part of the address: ``?code=NAV-2481-8M-2`` (and ``?theme=``).

The shared URL contract (:mod:`widgets.frame.query`) is the games'; homework reads its
own key beside it, never raising, whatever the address says.

>>> page = read_homework_query("code=nav-2481-8m-2&theme=dark")
>>> str(page.code), page.theme, page.messages
('NAV-2481-8M-2', 'projector', ())
>>> read_homework_query("code=NAV-2481-8M-Q").messages[0]
"?code=NAV-2481-8M-Q: 'NAV-2481-8M-Q' is not a homework code: its check letter is wrong (a mistyped letter or number?)"
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs

from cardmath.errors import CardMathError, quoted
from cardmath.homework.codes import HomeworkCode, read_code
from widgets.components.theme import theme_name

__all__ = ["HomeworkQuery", "read_homework_query"]


@dataclass(frozen=True)
class HomeworkQuery:
    """The homework code and theme an address asks for, and a line per bad value."""

    code: HomeworkCode | None = None
    theme: str | None = None
    messages: tuple[str, ...] = ()


def read_homework_query(query: str | None) -> HomeworkQuery:
    """Read ``?code=`` and ``?theme=``; never raises."""
    try:
        values = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
    except (ValueError, TypeError):
        values = {}
    messages = []
    code = None
    given = values.get("code")
    text: str | None = given[0] if given else None
    if text is not None and text.strip():
        try:
            code = read_code(text)
        except CardMathError as error:
            messages.append(f"?code={quoted(text.strip()).strip(chr(39))}: {error}")
    theme = None
    given = values.get("theme")
    text = given[0] if given else None
    if text is not None:
        theme = theme_name(text)
        if theme is None:
            messages.append(
                f"?theme={quoted(text).strip(chr(39))} is not a theme: the usual theme is used."
            )
    return HomeworkQuery(code, theme, tuple(messages))
