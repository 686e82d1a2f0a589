"""A room's view as a screen draws it: cards by their names, one table row per seat.

The store gives each screen a JSON-able dict (:meth:`view` for one seat,
:meth:`table` for the projector) with cards written as the engine prints them
(``10Y``, ``JD``). These functions draw such a dict for any of the five games without
knowing its rules: lists of card names become rows of cards, per-seat lists become a
table with one column per seat, the rest become short labelled lines. Nothing here
reads a rule; which moves exist is the view's ``legal_actions``.

>>> view = {"player": 0, "current_player": 1, "legal_actions": [], "is_terminal": False,
...         "hand": ["6H", "KD"], "middle": ["3H"], "total": 3, "hand_sizes": [2, 5]}
>>> card_rows(view, private=("hand",))
{'Your hand': ['6H', 'KD'], 'Middle': ['3H']}
>>> turn_sentence(view, ["Ada", "Bo"])
'It is Bo’s turn.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from cardmath.cards import AnyCard, parse_card
from cardmath.errors import CardMathError

__all__ = [
    "FRAME_FIELDS",
    "PRIVATE_FIELDS",
    "as_card",
    "card_names_in",
    "card_rows",
    "details_html",
    "label",
    "seat_names",
    "turn_sentence",
]

FRAME_FIELDS = frozenset(
    {"player", "current_player", "legal_actions", "is_terminal", "options", "rules", "version"}
)
"""Fields every view carries that are drawn in their own way (not as a labelled line)."""

PRIVATE_FIELDS = ("hand", "my_bid", "memory", "packet", "pending", "seen", "gift", "draft")
"""Fields of a seat's own view shown as "Your ..." first (a seat only ever gets its own)."""

_CARD_TEXT = re.compile(r"^[^<>&\n]{2,12}$")


def label(name: str) -> str:
    """A field's name in words.

    >>> label("hand_sizes"), label("deck_size")
    ('Hand sizes', 'Deck size')
    """
    return name.replace("_", " ").strip().capitalize()


def as_card(text: object) -> AnyCard | None:
    """The card ``text`` names, or ``None`` when it names none.

    >>> as_card("10Y"), as_card("JD"), as_card("bid"), as_card(3)
    (NumberCard('10Y'), Card('JD'), None, None)
    """
    if not isinstance(text, str) or not _CARD_TEXT.match(text):
        return None
    try:
        return parse_card(text)
    except CardMathError:
        return None


def _is_cards(value: object) -> bool:
    return (
        isinstance(value, list | tuple)
        and bool(value)
        and all(as_card(item) is not None for item in value)
    )


def card_names_in(value: object) -> set[str]:
    """Every card name anywhere in a view (for privacy checks and the log).

    >>> sorted(card_names_in({"hand": ["6H"], "piles": [["1R"], []], "total": 3}))
    ['1R', '6H']
    """
    found: set[str] = set()
    if isinstance(value, str):
        if as_card(value) is not None:
            found.add(value)
    elif isinstance(value, Mapping):
        for item in value.values():
            found |= card_names_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= card_names_in(item)
    return found


def card_rows(view: Mapping[str, Any], *, private: Sequence[str] = ()) -> dict[str, list[str]]:
    """The rows of cards to draw: the seat's own fields first (``"Your hand"``), then every
    other field that is a list of card names, and a single card as a row of one."""
    rows: dict[str, list[str]] = {}
    names = [n for n in private if n in view] + [n for n in view if n not in private]
    for name in names:
        if name in FRAME_FIELDS:
            continue
        value = view[name]
        title = f"Your {label(name).lower()}" if name in private else label(name)
        if _is_cards(value):
            rows[title] = [str(item) for item in value]
        elif as_card(value) is not None:
            rows[title] = [str(value)]
    return rows


def seat_names(table: Mapping[str, Any], players: int) -> list[str]:
    """The seats' names from the public table (``Player N`` where none is given).

    >>> seat_names({"names": ["Ada", None]}, 3)
    ['Ada', 'Player 2', 'Player 3']
    """
    given = table.get("names") or table.get("seats") or []
    names = []
    for index in range(players):
        entry = given[index] if index < len(given) else None
        if isinstance(entry, Mapping):
            entry = entry.get("name")
        names.append(str(entry) if entry else f"Player {index + 1}")
    return names


def turn_sentence(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """Whose turn it is, in a sentence for the seat at ``view["player"]``."""
    if view.get("is_terminal"):
        return "The game is over."
    current = view.get("current_player")
    if current is None:
        return "Waiting for the table."
    if current == view.get("player"):
        return "It is your turn."
    name = names[current] if 0 <= current < len(names) else f"Player {current + 1}"
    return f"It is {name}’s turn."


def _cell(value: object) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return " ".join(_cell(item) for item in value) or "–"
    if isinstance(value, Mapping):
        return "; ".join(f"{label(str(k))}: {_cell(v)}" for k, v in value.items()) or "–"
    return str(value)


def details_html(
    view: Mapping[str, Any],
    names: Sequence[str],
    *,
    skip: Sequence[str] = (),
    private: Sequence[str] = (),
) -> str:
    """The rest of a view as HTML: one table with a column per seat for the per-seat
    lists (chips, hand sizes, points), then one labelled line per other field."""
    players = len(names)
    per_seat: list[tuple[str, list[object]]] = []
    lines: list[tuple[str, object]] = []
    for name, value in view.items():
        if name in FRAME_FIELDS or name in skip or name.startswith("_"):
            continue
        if _is_cards(value) or as_card(value) is not None:
            continue  # drawn as cards
        if name in ("names", "seats", "code", "game", "title", "connected", "paused"):
            continue
        if isinstance(value, list | tuple) and len(value) == players and players > 1:
            per_seat.append((label(name), list(value)))
        elif value not in (None, "", [], ()):
            lines.append((f"Your {label(name).lower()}" if name in private else label(name), value))
    parts: list[str] = []
    if per_seat:
        head = "".join(f'<th scope="col">{escape(n)}</th>' for n in names)
        body = "".join(
            f'<tr><th scope="row">{escape(title)}</th>'
            + "".join(f"<td>{escape(_cell(v))}</td>" for v in values)
            + "</tr>"
            for title, values in per_seat
        )
        parts.append(
            f'<table class="cm-room-seats"><thead><tr><th></th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>"
        )
    if lines:
        items = "".join(
            f"<li><b>{escape(title)}:</b> {escape(_cell(value))}</li>" for title, value in lines
        )
        parts.append(f'<ul class="cm-room-facts">{items}</ul>')
    return "".join(parts)
