"""A room's view as a screen draws it: cards by their names, one table column per seat.

The store gives each screen JSON-able data: ``store.view(code, token)`` for one seat
(``observation``: that seat's own fields) and ``store.table(code)`` for the projector
(``public``: the fields every seat sees alike), with cards written as the engine prints
them (``10Y``, ``JD``) and the seats (``seats``: name, kind, connected). These functions
draw such data for any of the five games without knowing its rules: lists of card names
become rows of cards, per-seat lists become a table with a column per seat, the rest
short labelled lines. Which moves exist is the view's ``legal_actions``.

>>> fields = {"hand": ["6H", "KD"], "middle": ["3H"], "total": 3, "hand_sizes": [2, 5]}
>>> card_rows(fields, private={"hand"})
{'Your hand': ['6H', 'KD'], 'Middle': ['3H']}
>>> view = {"seat": 0, "current_player": 1, "is_terminal": False, "status": "playing"}
>>> turn_sentence(view, ["Ada", "Bo"])
'It is Bo’s turn.'
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from html import escape
from typing import Any

from cardmath.cards import AnyCard, parse_card
from cardmath.errors import CardMathError

__all__ = [
    "as_card",
    "card_names_in",
    "card_rows",
    "details_html",
    "label",
    "log_html",
    "outcome_sentence",
    "said",
    "seat_names",
    "turn_sentence",
]

_CARD_TEXT = re.compile(r"^[^<>&\n]{2,12}$")


def said(text: str) -> str:
    """A refusal of the store as a sentence on the page: capital first, full stop last.

    >>> said("room K7QX2 is full: all 3 seats are taken")
    'Room K7QX2 is full: all 3 seats are taken.'
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


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
    """Every card name anywhere in a view (for privacy checks).

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


def card_rows(fields: Mapping[str, Any], *, private: Collection[str] = ()) -> dict[str, list[str]]:
    """The rows of cards to draw: the seat's own fields first (``"Your hand"``), then every
    other field that is a list of card names, and a single card as a row of one."""
    rows: dict[str, list[str]] = {}
    names = [n for n in fields if n in private] + [n for n in fields if n not in private]
    for name in names:
        value = fields[name]
        title = f"Your {label(name).lower()}" if name in private else label(name)
        if _is_cards(value):
            rows[title] = [str(item) for item in value]
        elif as_card(value) is not None:
            rows[title] = [str(value)]
    return rows


def seat_names(data: Mapping[str, Any]) -> list[str]:
    """The seats' names as the store gives them (``Player N`` for an empty seat).

    >>> seat_names({"players": 3, "seats": [{"name": "Ada"}, {"name": ""}]})
    ['Ada', 'Player 2', 'Player 3']
    """
    seats = data.get("seats") or []
    players = data.get("players")
    count = players if isinstance(players, int) else len(seats)
    names = []
    for index in range(count):
        entry = seats[index] if index < len(seats) else None
        name = entry.get("name") if isinstance(entry, Mapping) else None
        names.append(str(name) if name else f"Player {index + 1}")
    return names


def turn_sentence(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """Whose turn it is, in a sentence for the seat ``view["seat"]`` (``None``: the
    projector)."""
    if view.get("status") == "ended":
        return "The teacher has ended this game."
    if view.get("is_terminal"):
        return "The game is over."
    current = view.get("current_player")
    if current is None:
        return "Waiting for the table."
    name = names[current] if 0 <= current < len(names) else f"Player {current + 1}"
    if current == view.get("seat"):
        sentence = "It is your turn."
    else:
        sentence = f"It is {name}’s turn."
    if view.get("status") == "paused":
        sentence = "The teacher has paused the game. " + sentence
    return sentence


def outcome_sentence(data: Mapping[str, Any], names: Sequence[str]) -> str:
    """Who won, when the game is over (``""`` before)."""
    outcome = data.get("outcome")
    if not isinstance(outcome, Mapping):
        return ""
    winners = [names[w] for w in outcome.get("winners") or () if 0 <= w < len(names)]
    you = data.get("seat")
    if not winners:
        text = "Nobody wins."
    elif len(winners) == 1:
        text = "You win!" if you in outcome["winners"] else f"{winners[0]} wins."
    else:
        text = f"{', '.join(winners[:-1])} and {winners[-1]} share the win."
    summary = outcome.get("summary")
    return f"{text} {said(str(summary))}" if summary else text


def _cell(value: object) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return " ".join(_cell(item) for item in value) or "–"
    if isinstance(value, Mapping):
        if "text" in value:
            return str(value["text"])
        return "; ".join(f"{label(str(k))}: {_cell(v)}" for k, v in value.items()) or "–"
    return str(value)


def details_html(
    fields: Mapping[str, Any], names: Sequence[str], *, private: Collection[str] = ()
) -> str:
    """The fields not drawn as cards: one table with a column per seat for the per-seat
    lists (chips, hand sizes, points), then one labelled line per other field."""
    players = len(names)
    per_seat: list[tuple[str, list[object]]] = []
    lines: list[tuple[str, object]] = []
    for name, value in fields.items():
        if name in ("options", "rules", "players") or _is_cards(value) or as_card(value):
            continue
        if isinstance(value, list | tuple) and len(value) == players and players > 1:
            per_seat.append((label(name), list(value)))
        elif value not in (None, "", [], ()):
            title = f"Your {label(name).lower()}" if name in private else label(name)
            lines.append((title, value))
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


def log_html(lines: Sequence[str], shown: int = 8) -> str:
    """The last lines of the room's log this screen may read, newest first."""
    recent = [str(line) for line in lines[-shown:]]
    if not recent:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in reversed(recent))
    return f'<div class="cm-room-log"><b>Last moves, newest first</b><ol>{items}</ol></div>'
